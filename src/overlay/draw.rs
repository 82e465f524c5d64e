//! Drawing marks over the tiles of a grid: the one drawing code behind `advise --out` and the
//! live overlay.
//!
//! Marks differ in shape as well as colour, so that a player who cannot tell red from green
//! (or sees no colour at all) still reads them: a safe tile gets a tick in a bluish green frame,
//! a certain mine a cross in a vermilion one (two colours of the Okabe–Ito set, apart in
//! lightness and still apart under a red-green colour-blind simulation), the best guess a
//! yellow ring with its mine chance in percent on a dark label beside the tile. `--heat` tints
//! every other tile reddish purple, more opaque the likelier a mine: never green, never framed,
//! so never taken for a safe mark. An impossible board gets no advice at all: an orange frame on
//! each cell involved and a warning badge at the board's top-left corner. Cells read in doubt get
//! a thin blue frame and the board a blue "?" badge: the advice drawn leaves them out.
//! [`draw_legend`] explains the marks in the hint panel and under `advise --out` images.

use super::canvas::{Canvas, Rgba};
use super::font::{draw_text, text_size};
use super::marks::Marks;
use crate::board::Pos;
use crate::vision::Grid;

pub const SAFE: Rgba = Rgba([0, 158, 115, 255]);
pub const MINE: Rgba = Rgba([213, 94, 0, 255]);
pub const GUESS: Rgba = Rgba([255, 215, 0, 255]);
pub const WARNING: Rgba = Rgba([255, 140, 0, 255]);
pub const DOUBT: Rgba = Rgba([60, 140, 255, 255]);
/// The heat map's tint, drawn more opaque the likelier a mine.
pub const HEAT: Rgba = Rgba([204, 121, 167, 255]);
/// The heat tint's opacity at a mine chance of 1.
const HEAT_ALPHA: f64 = 170.0;
/// Behind text: the guess's chance and the legend.
const LABEL_BACKING: Rgba = Rgba([0, 0, 0, 190]);
const LEGEND_INK: Rgba = Rgba([235, 235, 235, 255]);

fn with_alpha(colour: Rgba, alpha: u8) -> Rgba {
    let Rgba([r, g, b, _]) = colour;
    Rgba([r, g, b, alpha])
}

/// A pixel box: left, top, right, bottom (right and bottom excluded).
type PixelBox = (i64, i64, i64, i64);

/// The integer pixel box of tile `pos`, shrunk by `inset` pixels on each side.
fn tile_box(grid: &Grid, pos: Pos, inset: f64) -> PixelBox {
    let (x0, y0, x1, y1) = grid.cell(pos.row, pos.col);
    (
        (x0 + inset).round() as i64,
        (y0 + inset).round() as i64,
        (x1 - inset).round() as i64,
        (y1 - inset).round() as i64,
    )
}

fn frame(canvas: &mut dyn Canvas, b: PixelBox, thickness: i64, colour: Rgba) {
    let (x0, y0, x1, y1) = b;
    canvas.fill_rect(x0, y0, x1, y0 + thickness, colour);
    canvas.fill_rect(x0, y1 - thickness, x1, y1, colour);
    canvas.fill_rect(x0, y0 + thickness, x0 + thickness, y1 - thickness, colour);
    canvas.fill_rect(x1 - thickness, y0 + thickness, x1, y1 - thickness, colour);
}

/// A ring centred in the box, `thickness` pixels wide, drawn pixel by pixel by distance.
fn ring(canvas: &mut dyn Canvas, b: PixelBox, thickness: f64, colour: Rgba) {
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

/// A pair of points as fractions of a box (0..1 across and down).
type Segment = ((f64, f64), (f64, f64));

/// Straight strokes of `width` pixels along `segments` within box `b`, each pixel drawn once
/// if it lies within any stroke (so crossings are not blended twice).
fn strokes(canvas: &mut dyn Canvas, b: PixelBox, segments: &[Segment], width: f64, colour: Rgba) {
    let (x0, y0, x1, y1) = b;
    let (bw, bh) = ((x1 - x0) as f64, (y1 - y0) as f64);
    let at = |(fx, fy): (f64, f64)| (x0 as f64 + fx * bw, y0 as f64 + fy * bh);
    let segments: Vec<Segment> = segments.iter().map(|&(a, b)| (at(a), at(b))).collect();
    let half = width / 2.0;
    let (w, h) = (i64::from(canvas.width()), i64::from(canvas.height()));
    for y in y0.max(0)..y1.min(h) {
        for x in x0.max(0)..x1.min(w) {
            let p = (x as f64 + 0.5, y as f64 + 0.5);
            if segments.iter().any(|&(a, b)| distance(p, a, b) <= half) {
                canvas.blend(x as u32, y as u32, colour);
            }
        }
    }
}

/// The distance from `p` to the segment `a`–`b`.
fn distance(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length = dx * dx + dy * dy;
    let t = if length == 0.0 {
        0.0
    } else {
        (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / length).clamp(0.0, 1.0)
    };
    ((p.0 - a.0 - t * dx).powi(2) + (p.1 - a.1 - t * dy).powi(2)).sqrt()
}

/// The safe mark's tick.
const TICK: [Segment; 2] = [((0.22, 0.52), (0.42, 0.74)), ((0.42, 0.74), (0.80, 0.28))];
/// The mine mark's cross.
const CROSS: [Segment; 2] = [((0.26, 0.26), (0.74, 0.74)), ((0.74, 0.26), (0.26, 0.74))];

/// A safe tile's or a mine's whole mark in box `b`: a wash, a frame, and the tick or cross.
fn certain_mark(canvas: &mut dyn Canvas, b: PixelBox, line: i64, mine: bool) {
    let colour = if mine { MINE } else { SAFE };
    canvas.fill_rect(b.0, b.1, b.2, b.3, with_alpha(colour, 90));
    frame(canvas, b, line, colour);
    let stroke = (line as f64 * 1.4).max(2.0);
    strokes(canvas, b, if mine { &CROSS } else { &TICK }, stroke, colour);
}

/// The heat tint of a mine chance `p`.
fn heat_colour(p: f64) -> Rgba {
    with_alpha(HEAT, (p.clamp(0.0, 1.0) * HEAT_ALPHA).round() as u8)
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
        if let Some(flag) = marks.wrong_flag {
            // The likely cause: a double frame and a cross over the flag.
            let b = tile_box(grid, flag, inset);
            frame(canvas, b, line * 2, WARNING);
            strokes(canvas, b, &CROSS, (line as f64 * 1.4).max(2.0), WARNING);
        }
        for &pos in &marks.misread {
            // A look likely misread: a double frame on each of its tiles.
            frame(canvas, tile_box(grid, pos, inset), line * 2, WARNING);
        }
        badge(canvas, grid, "!", WARNING);
        return;
    }
    for &(pos, p) in &marks.heat {
        let b = tile_box(grid, pos, inset);
        canvas.fill_rect(b.0, b.1, b.2, b.3, heat_colour(p));
    }
    for (cells, mine) in [(&marks.safe, false), (&marks.mines, true)] {
        for &pos in cells {
            certain_mark(canvas, tile_box(grid, pos, inset), line, mine);
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
        guess_label(canvas, grid, b, p);
    }
}

/// The guess's mine chance in type at least 14 pixels tall (scale 2 of the 5×7 font) on a dark
/// backing beside the tile: on its right, else its left, kept within the board; over the tile
/// only where the board is too narrow for either.
fn guess_label(canvas: &mut dyn Canvas, grid: &Grid, b: PixelBox, p: f64) {
    let pitch = grid.pitch_x.min(grid.pitch_y);
    let text = format!("{}%", (p * 100.0).round() as i64);
    let scale = ((pitch / 16.0).round() as u32).max(2);
    let (tw, th) = text_size(&text, scale);
    let pad = i64::from(scale);
    let (width, height) = (i64::from(tw) + 2 * pad, i64::from(th) + 2 * pad);
    let left_edge = grid.x.round() as i64;
    let right_edge = (grid.x + grid.pitch_x * grid.cols as f64).round() as i64;
    let x = if b.2 + width <= right_edge {
        b.2
    } else if b.0 - width >= left_edge {
        b.0 - width
    } else {
        (b.0 + b.2) / 2 - width / 2
    };
    let top_edge = grid.y.round() as i64;
    let bottom_edge = (grid.y + grid.pitch_y * grid.rows as f64).round() as i64;
    let y = ((b.1 + b.3) / 2 - height / 2).clamp(top_edge, (bottom_edge - height).max(top_edge));
    canvas.fill_rect(x, y, x + width, y + height, LABEL_BACKING);
    draw_text(canvas, x + pad, y + pad, &text, scale, GUESS);
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

/// One entry of the legend: a sample mark and what it means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Entry {
    Safe,
    Mine,
    Guess,
    Heat,
    Doubt,
}

impl Entry {
    fn text(self) -> &'static str {
        match self {
            Entry::Safe => "safe",
            Entry::Mine => "mine",
            Entry::Guess => "best guess, mine chance",
            Entry::Heat => "heat: darker, likelier a mine",
            Entry::Doubt => "read in doubt",
        }
    }
}

/// The legend's entries: the three kinds of move always, the heat map and doubt when drawn.
fn entries(heat: bool, doubt: bool) -> Vec<Entry> {
    let mut entries = vec![Entry::Safe, Entry::Mine, Entry::Guess];
    if heat {
        entries.push(Entry::Heat);
    }
    if doubt {
        entries.push(Entry::Doubt);
    }
    entries
}

/// The legend's entries for what `marks` draws.
fn entries_of(marks: &Marks) -> Vec<Entry> {
    entries(!marks.heat.is_empty(), !marks.doubt.is_empty())
}

/// Where each entry goes in a legend at most `width` pixels wide at `scale`: left to right,
/// wrapping to a new row when one would overflow. Returns the places and the total height.
fn legend_layout(entries: &[Entry], width: u32, scale: u32) -> (Vec<(Entry, i64, i64)>, u32) {
    let s = i64::from(scale);
    let sample = 10 * s;
    let row = sample + 3 * s;
    let (mut x, mut y) = (2 * s, 2 * s);
    let mut places = Vec::new();
    for &entry in entries {
        let (tw, _) = text_size(entry.text(), scale);
        let span = sample + 2 * s + i64::from(tw);
        if x > 2 * s && x + span > i64::from(width) {
            x = 2 * s;
            y += row;
        }
        places.push((entry, x, y));
        x += span + 5 * s;
    }
    (places, (y + row) as u32)
}

/// The height of the legend [`draw_legend`] draws for `marks` at most `width` pixels wide.
pub fn legend_height(marks: &Marks, width: u32, scale: u32) -> u32 {
    legend_layout(&entries_of(marks), width, scale).1
}

/// The height of the legend with every entry: room that fits whatever the marks are.
pub fn full_legend_height(width: u32, scale: u32) -> u32 {
    legend_layout(&entries(true, true), width, scale).1
}

/// Draws the legend for `marks` with its top-left corner at (x, y) on a dark strip `width`
/// pixels wide: each mark drawn as on the board, with what it means.
pub fn draw_legend(canvas: &mut dyn Canvas, x: i64, y: i64, width: u32, marks: &Marks, scale: u32) {
    let (places, height) = legend_layout(&entries_of(marks), width, scale);
    canvas.fill_rect(
        x,
        y,
        x + i64::from(width),
        y + i64::from(height),
        Rgba([40, 40, 44, 255]),
    );
    let s = i64::from(scale);
    let sample = 10 * s;
    let line = s.max(2);
    for (entry, ex, ey) in places {
        let b = (x + ex, y + ey, x + ex + sample, y + ey + sample);
        match entry {
            Entry::Safe => certain_mark(canvas, b, line, false),
            Entry::Mine => certain_mark(canvas, b, line, true),
            Entry::Guess => ring(canvas, b, line as f64 * 1.5, GUESS),
            Entry::Heat => {
                // Three strengths side by side: a quarter, a half, certain.
                let third = sample / 3;
                for (i, p) in [0.25, 0.5, 1.0].into_iter().enumerate() {
                    let left = b.0 + i as i64 * third;
                    canvas.fill_rect(left, b.1, left + third, b.3, heat_colour(p));
                }
            }
            Entry::Doubt => frame(canvas, b, (line / 2).max(1), DOUBT),
        }
        let (_, th) = text_size(entry.text(), scale);
        let ty = b.1 + (sample - i64::from(th)) / 2;
        draw_text(canvas, b.2 + 2 * s, ty, entry.text(), scale, LEGEND_INK);
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use image::{Rgb, RgbImage};

    /// A 3 × 3 grid of 20-pixel tiles whose top-left corner is at (10, 10).
    pub(in crate::overlay) fn grid() -> Grid {
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
        let marks = Marks {
            safe: vec![Pos::new(0, 0)],
            mines: vec![Pos::new(2, 2)],
            guess: Some((Pos::new(1, 1), 0.25)),
            ..Marks::default()
        };
        let wide = Grid { cols: 5, ..grid() };
        let mut image = RgbImage::from_pixel(120, 80, Rgb([128, 128, 128]));
        draw_marks(&mut image, &wide, &marks);
        // Frames start one inset (1.2 px → 1) inside the tile.
        assert_eq!(image.get_pixel(12, 20), &Rgb([0, 158, 115]));
        assert_eq!(image.get_pixel(52, 60), &Rgb([213, 94, 0]));
        // The tick crosses the safe tile's lower middle, not its top-left; the cross the
        // mine's centre.
        assert_eq!(image.get_pixel(18, 24), &Rgb([0, 158, 115]));
        assert_eq!(image.get_pixel(60, 60), &Rgb([213, 94, 0]));
        assert_ne!(image.get_pixel(15, 15), &Rgb([0, 158, 115]));
        // Tile (0, 2) has no mark.
        assert_eq!(image.get_pixel(60, 20), &Rgb([128, 128, 128]));
        // The guess ring, and its label beside the tile on the right: type at least 14 px
        // tall in the guess's yellow on a dark backing.
        assert_eq!(image.get_pixel(40, 32), &Rgb([255, 215, 0]));
        let label: Vec<&Rgb<u8>> = (49..87).map(|x| image.get_pixel(x, 40)).collect();
        assert!(label.contains(&&Rgb([255, 215, 0])), "{label:?}");
        assert!(
            label.iter().any(|p| p.0.iter().all(|&c| c < 40)),
            "{label:?}"
        );
        let yellow_rows = (25..56)
            .filter(|&y| (49..87).any(|x| image.get_pixel(x, y) == &Rgb([255, 215, 0])))
            .count();
        assert!(yellow_rows >= 14, "{yellow_rows}");
    }

    #[test]
    fn the_heat_tint_is_never_green_and_grows_with_the_chance() {
        let grey = Rgb([128, 128, 128]);
        let tinted = |p: f64| {
            let mut image = RgbImage::from_pixel(80, 80, grey);
            let marks = Marks {
                heat: vec![(Pos::new(0, 0), p)],
                ..Marks::default()
            };
            draw_marks(&mut image, &grid(), &marks);
            *image.get_pixel(20, 20)
        };
        let (low, high) = (tinted(0.15), tinted(0.9));
        for Rgb([r, g, b]) in [low, high] {
            assert!(g <= r && g <= b, "a green cast: {r} {g} {b}");
        }
        let off = |p: Rgb<u8>| {
            (0..3)
                .map(|i| p.0[i].abs_diff(grey.0[i]) as u32)
                .sum::<u32>()
        };
        assert!(off(high) > off(low) && off(low) > 0);
    }

    #[test]
    fn the_legend_wraps_to_its_width_and_shows_each_mark() {
        let marks = Marks {
            heat: vec![(Pos::new(0, 0), 0.5)],
            ..Marks::default()
        };
        let narrow = legend_height(&marks, 120, 1);
        let wide = legend_height(&marks, 1000, 1);
        assert!(narrow > wide, "{narrow} {wide}");
        let mut image = RgbImage::from_pixel(1000, wide, Rgb([0, 0, 0]));
        draw_legend(&mut image, 0, 0, 1000, &marks, 1);
        let has = |c: Rgba| {
            let Rgba([r, g, b, _]) = c;
            image.pixels().any(|p| p == &Rgb([r, g, b]))
        };
        assert!(has(SAFE) && has(MINE) && has(GUESS));
    }

    #[test]
    fn a_conflict_draws_a_warning_and_no_advice() {
        let mut image = RgbImage::from_pixel(80, 80, Rgb([128, 128, 128]));
        let mut flagged = RgbImage::from_pixel(80, 80, Rgb([128, 128, 128]));
        let wrong = Marks::conflict(vec![Pos::new(1, 1)], Some(Pos::new(0, 0)), Vec::new());
        draw_marks(&mut flagged, &grid(), &wrong);
        // The wrong flag's cross passes through its tile's centre.
        assert_eq!(flagged.get_pixel(20, 20), &Rgb([255, 140, 0]));
        let mut marks = Marks::conflict(vec![Pos::new(1, 1)], None, Vec::new());
        marks.safe = vec![Pos::new(2, 0)];
        draw_marks(&mut image, &grid(), &marks);
        assert_eq!(image.get_pixel(32, 40), &Rgb([255, 140, 0]));
        assert_eq!(image.get_pixel(20, 60), &Rgb([128, 128, 128]));
        assert_eq!(image.get_pixel(10, 10), &Rgb([255, 140, 0]));

        // A misread look: a double frame on each of its tiles (here (0, 1), outside the
        // conflict), nothing over the tile's middle.
        let mut misread = RgbImage::from_pixel(80, 80, Rgb([128, 128, 128]));
        let marks = Marks::conflict(vec![Pos::new(1, 1)], None, vec![Pos::new(0, 1)]);
        draw_marks(&mut misread, &grid(), &marks);
        assert_eq!(misread.get_pixel(33, 20), &Rgb([255, 140, 0]));
        assert_eq!(misread.get_pixel(40, 20), &Rgb([128, 128, 128]));
        assert_eq!(image.get_pixel(33, 20), &Rgb([128, 128, 128]));
    }
}
