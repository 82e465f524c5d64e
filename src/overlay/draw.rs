//! Drawing marks over the tiles of a grid: the one drawing code behind `advise --out` and the
//! live overlay.
//!
//! Safe tiles get a green wash with a green frame, certain mines a red one, the best guess a
//! yellow ring with its mine probability in percent; `--heat` tints every other tile from green
//! (no risk) to red. An impossible board gets no advice at all: an orange frame on each cell
//! involved and a warning badge at the board's top-left corner. Cells read in doubt get a thin
//! blue frame and the board a blue "?" badge: the advice drawn leaves them out.

use super::canvas::{Canvas, Rgba};
use super::font::{draw_text, text_size};
use super::marks::Marks;
use crate::board::Pos;
use crate::vision::Grid;

pub const SAFE: Rgba = Rgba([0, 200, 60, 255]);
pub const MINE: Rgba = Rgba([230, 30, 30, 255]);
pub const GUESS: Rgba = Rgba([255, 215, 0, 255]);
pub const WARNING: Rgba = Rgba([255, 140, 0, 255]);
pub const DOUBT: Rgba = Rgba([60, 140, 255, 255]);

fn with_alpha(colour: Rgba, alpha: u8) -> Rgba {
    let Rgba([r, g, b, _]) = colour;
    Rgba([r, g, b, alpha])
}

/// The integer pixel box of tile `pos`, shrunk by `inset` pixels on each side.
fn tile_box(grid: &Grid, pos: Pos, inset: f64) -> (i64, i64, i64, i64) {
    let (x0, y0, x1, y1) = grid.cell(pos.row, pos.col);
    (
        (x0 + inset).round() as i64,
        (y0 + inset).round() as i64,
        (x1 - inset).round() as i64,
        (y1 - inset).round() as i64,
    )
}

fn frame(canvas: &mut dyn Canvas, b: (i64, i64, i64, i64), thickness: i64, colour: Rgba) {
    let (x0, y0, x1, y1) = b;
    canvas.fill_rect(x0, y0, x1, y0 + thickness, colour);
    canvas.fill_rect(x0, y1 - thickness, x1, y1, colour);
    canvas.fill_rect(x0, y0 + thickness, x0 + thickness, y1 - thickness, colour);
    canvas.fill_rect(x1 - thickness, y0 + thickness, x1, y1 - thickness, colour);
}

/// A ring centred in the box, `thickness` pixels wide, drawn pixel by pixel by distance.
fn ring(canvas: &mut dyn Canvas, b: (i64, i64, i64, i64), thickness: f64, colour: Rgba) {
    let (x0, y0, x1, y1) = b;
    let (cx, cy) = ((x0 + x1) as f64 / 2.0, (y0 + y1) as f64 / 2.0);
    let outer = (x1 - x0).min(y1 - y0) as f64 / 2.0;
    let inner = outer - thickness;
    let (w, h) = (i64::from(canvas.width()), i64::from(canvas.height()));
    for y in y0.max(0)..y1.min(h) {
        for x in x0.max(0)..x1.min(w) {
            let d = ((x as f64 + 0.5 - cx).powi(2) + (y as f64 + 0.5 - cy).powi(2)).sqrt();
            if d <= outer && d >= inner {
                canvas.blend(x as u32, y as u32, colour);
            }
        }
    }
}

/// Draws `marks` for the board whose tiles lie at `grid` (in canvas pixels).
pub fn draw_marks(canvas: &mut dyn Canvas, grid: &Grid, marks: &Marks) {
    let pitch = grid.pitch_x.min(grid.pitch_y);
    let line = (pitch / 12.0).round().max(2.0) as i64;
    let inset = (pitch * 0.06).max(1.0);
    if let Some(cells) = &marks.conflict {
        for &pos in cells {
            frame(canvas, tile_box(grid, pos, inset), line, WARNING);
        }
        badge(canvas, grid, "!", WARNING);
        return;
    }
    for &(pos, p) in &marks.heat {
        // Green at 0, yellow at 0.5, red at 1.
        let p = p.clamp(0.0, 1.0);
        let (r, g) = if p < 0.5 {
            ((p * 2.0 * 255.0) as u8, 200)
        } else {
            (255, ((1.0 - p) * 2.0 * 200.0) as u8)
        };
        let b = tile_box(grid, pos, inset);
        canvas.fill_rect(b.0, b.1, b.2, b.3, Rgba([r, g, 0, 70]));
    }
    for (cells, colour) in [(&marks.safe, SAFE), (&marks.mines, MINE)] {
        for &pos in cells {
            let b = tile_box(grid, pos, inset);
            canvas.fill_rect(b.0, b.1, b.2, b.3, with_alpha(colour, 90));
            frame(canvas, b, line, colour);
        }
    }
    if !marks.doubt.is_empty() {
        for &pos in &marks.doubt {
            frame(canvas, tile_box(grid, pos, inset), (line / 2).max(1), DOUBT);
        }
        badge(canvas, grid, "?", DOUBT);
    }
    if let Some((pos, p)) = marks.guess {
        let b = tile_box(grid, pos, inset);
        ring(canvas, b, line as f64 * 1.5, GUESS);
        let text = format!("{}%", (p * 100.0).round() as i64);
        let scale = ((pitch / 4.0) / 7.0).floor().max(1.0) as u32;
        let (tw, th) = text_size(&text, scale);
        let tx = (b.0 + b.2) / 2 - i64::from(tw) / 2;
        let ty = (b.1 + b.3) / 2 - i64::from(th) / 2;
        let pad = i64::from(scale);
        canvas.fill_rect(
            tx - pad,
            ty - pad,
            tx + i64::from(tw) + pad,
            ty + i64::from(th) + pad,
            Rgba([0, 0, 0, 190]),
        );
        draw_text(canvas, tx, ty, &text, scale, GUESS);
    }
}

/// A square of `colour` with `text` in black at the board's top-left corner: "!" for an
/// impossible board, "?" for one read in doubt.
fn badge(canvas: &mut dyn Canvas, grid: &Grid, text: &str, colour: Rgba) {
    let pitch = grid.pitch_x.min(grid.pitch_y);
    let scale = ((pitch * 0.6) / 7.0).floor().max(1.0) as u32;
    let (tw, th) = text_size(text, scale);
    let size = i64::from(th) + 2 * i64::from(scale) * 2;
    let (x, y) = (grid.x.round() as i64, grid.y.round() as i64);
    canvas.fill_rect(x, y, x + size, y + size, colour);
    let tx = x + (size - i64::from(tw)) / 2;
    let ty = y + (size - i64::from(th)) / 2;
    draw_text(canvas, tx, ty, text, scale, Rgba([0, 0, 0, 255]));
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgb, RgbImage};

    fn grid() -> Grid {
        Grid {
            x: 10.0,
            y: 10.0,
            pitch_x: 20.0,
            pitch_y: 20.0,
            rows: 3,
            cols: 3,
        }
    }

    #[test]
    fn safe_and_mine_tiles_are_framed_in_their_colours_and_others_untouched() {
        let mut image = RgbImage::from_pixel(80, 80, Rgb([128, 128, 128]));
        let marks = Marks {
            safe: vec![Pos::new(0, 0)],
            mines: vec![Pos::new(2, 2)],
            guess: Some((Pos::new(1, 1), 0.25)),
            ..Marks::default()
        };
        draw_marks(&mut image, &grid(), &marks);
        // Frames start one inset (1.2 px → 1) inside the tile.
        assert_eq!(image.get_pixel(12, 20), &Rgb([0, 200, 60]));
        assert_eq!(image.get_pixel(52, 60), &Rgb([230, 30, 30]));
        // Tile (0, 2) has no mark.
        assert_eq!(image.get_pixel(60, 20), &Rgb([128, 128, 128]));
        // The guess ring passes above the probability label.
        assert_eq!(image.get_pixel(40, 32), &Rgb([255, 215, 0]));
    }

    #[test]
    fn a_conflict_draws_a_warning_and_no_advice() {
        let mut image = RgbImage::from_pixel(80, 80, Rgb([128, 128, 128]));
        let mut marks = Marks::conflict(vec![Pos::new(1, 1)]);
        marks.safe = vec![Pos::new(2, 0)];
        draw_marks(&mut image, &grid(), &marks);
        assert_eq!(image.get_pixel(32, 40), &Rgb([255, 140, 0]));
        assert_eq!(image.get_pixel(20, 60), &Rgb([128, 128, 128]));
        assert_eq!(image.get_pixel(10, 10), &Rgb([255, 140, 0]));
    }
}
