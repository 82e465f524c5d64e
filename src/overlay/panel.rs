//! The hint panel: a small picture of the board with the same marks, for desktops where the
//! overlay cannot sit on the game (no compositing manager, so no transparency, or a capture that
//! would see the overlay), with a legend of the marks under it. It is placed beside the game
//! window, never over it.

use super::canvas::{Canvas, Rgba};
use super::draw::{draw_legend, draw_marks, full_legend_height};
use super::font::{draw_text, text_size};
use super::marks::Marks;
use crate::board::{Board, Cell};
use crate::vision::Grid;

/// Tile pitch of the panel in pixels: big enough for the guess label, small enough that an
/// Expert board (30 columns) stays under 600 pixels wide.
pub const PITCH: f64 = 19.0;
/// Margin around the tiles.
pub const MARGIN: u32 = 6;

const BACKGROUND: Rgba = Rgba([40, 40, 44, 255]);
const COVERED: Rgba = Rgba([150, 150, 158, 255]);
const OPEN: Rgba = Rgba([225, 225, 225, 255]);
const INK: Rgba = Rgba([20, 20, 20, 255]);
const FLAG: Rgba = Rgba([200, 0, 0, 255]);

/// The panel's grid for a `rows × cols` board.
pub fn panel_grid(rows: usize, cols: usize) -> Grid {
    Grid {
        x: f64::from(MARGIN),
        y: f64::from(MARGIN),
        pitch_x: PITCH,
        pitch_y: PITCH,
        rows,
        cols,
    }
}

/// Scale of the legend's type under the tiles (7-pixel letters).
const LEGEND_SCALE: u32 = 1;

/// The panel's size in pixels for a `rows × cols` board: the tiles, then the legend with room
/// for every entry, so the panel keeps its size when the heat map is switched.
pub fn panel_size(rows: usize, cols: usize) -> (u32, u32) {
    let side = |n: usize| (n as f64 * PITCH).ceil() as u32 + 2 * MARGIN;
    let width = side(cols);
    (width, side(rows) + full_legend_height(width, LEGEND_SCALE))
}

/// Draws the whole panel: the board as read, then the marks over it.
pub fn draw_panel(canvas: &mut dyn Canvas, board: &Board, marks: &Marks) {
    let grid = panel_grid(board.rows(), board.cols());
    let (w, h) = (i64::from(canvas.width()), i64::from(canvas.height()));
    canvas.fill_rect(0, 0, w, h, BACKGROUND);
    for pos in board.positions() {
        let (x0, y0, x1, y1) = grid.cell(pos.row, pos.col);
        let (x0, y0, x1, y1) = (
            x0.round() as i64 + 1,
            y0.round() as i64 + 1,
            x1.round() as i64 - 1,
            y1.round() as i64 - 1,
        );
        let cell = board.get(pos);
        let face = if cell.is_unrevealed() || cell == Cell::Flag {
            COVERED
        } else {
            OPEN
        };
        canvas.fill_rect(x0, y0, x1, y1, face);
        let label = match cell {
            Cell::Number(n) if n > 0 => Some((n.to_string(), INK)),
            Cell::Flag => Some(("!".to_string(), FLAG)),
            Cell::Mine | Cell::Exploded => Some(("!".to_string(), INK)),
            _ => None,
        };
        if let Some((text, colour)) = label {
            let (tw, th) = text_size(&text, 2);
            let tx = (x0 + x1) / 2 - i64::from(tw) / 2;
            let ty = (y0 + y1) / 2 - i64::from(th) / 2;
            draw_text(canvas, tx, ty, &text, 2, colour);
        }
    }
    draw_marks(canvas, &grid, marks);
    if marks.conflict.is_none() {
        let top = (board.rows() as f64 * PITCH).ceil() as i64 + 2 * i64::from(MARGIN);
        let width = canvas.width();
        draw_legend(canvas, 0, top, width, marks, LEGEND_SCALE);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{parse_board, Pos};
    use crate::overlay::draw::SAFE;
    use image::{Rgb, RgbImage};

    #[test]
    fn the_panel_shows_the_board_and_its_marks() {
        let board = parse_board("1.\n..\n").unwrap();
        let (w, h) = panel_size(2, 2);
        assert_eq!(w, 50);
        assert!(h > 50, "no room for the legend under the tiles");
        let mut image = RgbImage::new(w, h);
        let marks = Marks {
            safe: vec![Pos::new(1, 1)],
            ..Marks::default()
        };
        draw_panel(&mut image, &board, &marks);
        assert_eq!(image.get_pixel(1, 1), &Rgb([40, 40, 44]));
        // The covered tile (0, 1) is grey; the safe tile (1, 1) carries the safe mark's frame.
        let covered = image.get_pixel(MARGIN + 19 + 9, MARGIN + 2);
        assert_eq!(covered, &Rgb([150, 150, 158]));
        let framed = image.get_pixel(MARGIN + 19 + 2, MARGIN + 19 + 9);
        let Rgba([_, g, _, _]) = SAFE;
        assert_eq!(framed.0[1], g);
        // The number 1 is inked in the open tile.
        let inked =
            (0..19).any(|dx| image.get_pixel(MARGIN + dx, MARGIN + 9) == &Rgb([20, 20, 20]));
        assert!(inked);
    }
}
