//! Telling whether the cells beside a found grid are textured tiles the grid finder could not
//! see. A game whose open region is a full rectangle (xbomb after a first click that opened a
//! block of 0s) gives the finder a complete grid of open tiles only, while its covered tiles, a
//! one-pixel stipple, show no flat face at all. Such a grid looks finished; only the cells
//! around it say that the board goes on, because a fine texture is what a window's own chrome
//! (flat panels, a few words of text) almost never fills a whole tile with.

use super::grid::{Grid, Rect};
use image::RgbImage;

/// Two horizontally adjacent pixels differing by more than this (0-255, in any channel) are a
/// texture step: a 50% stipple steps by about 128 on every pixel, JPEG noise by a few levels.
const STEP: u8 = 48;
/// Share of a cell's inner pixels that must step for the cell to count as textured: a stipple
/// steps on nearly all of them, text on a panel on a fifth at most.
const TEXTURED_SHARE: f64 = 0.5;
/// Share of the cells of a line beside the grid that must be textured (a flag or a number drawn
/// on a covered tile breaks its stipple).
const LINE_SHARE: f64 = 0.5;
/// The margin of a cell left out, as a share of the pitch: grid lines and bevels are edges,
/// not texture.
const MARGIN: f64 = 0.2;

/// Whether a line of cells right beside `grid` (inside `area`) is mostly textured.
pub fn textured_beside(image: &RgbImage, area: Rect, grid: &Grid) -> bool {
    let rows = grid.rows as i64;
    let cols = grid.cols as i64;
    let lines: [Vec<(i64, i64)>; 4] = [
        (0..cols).map(|c| (-1, c)).collect(),
        (0..cols).map(|c| (rows, c)).collect(),
        (0..rows).map(|r| (r, -1)).collect(),
        (0..rows).map(|r| (r, cols)).collect(),
    ];
    lines.iter().any(|line| {
        let mut seen = 0usize;
        let mut textured = 0usize;
        for &(row, col) in line {
            let x0 = grid.x + col as f64 * grid.pitch_x;
            let y0 = grid.y + row as f64 * grid.pitch_y;
            match cell_texture(image, area, (x0, y0, grid.pitch_x, grid.pitch_y)) {
                Some(share) => {
                    seen += 1;
                    if share >= TEXTURED_SHARE {
                        textured += 1;
                    }
                }
                // A cell outside the area: this side is the edge of what can be seen.
                None => return false,
            }
        }
        seen > 0 && textured as f64 >= LINE_SHARE * seen as f64
    })
}

/// The share of the inner pixels of the cell `(x, y, width, height)` that step to their right
/// neighbour; `None` when the cell is not wholly inside `area`.
fn cell_texture(image: &RgbImage, area: Rect, cell: (f64, f64, f64, f64)) -> Option<f64> {
    let (x, y, width, height) = cell;
    let (left, top) = (f64::from(area.x), f64::from(area.y));
    let (right, bottom) = (left + f64::from(area.width), top + f64::from(area.height));
    if x < left || y < top || x + width > right || y + height > bottom {
        return None;
    }
    let x0 = (x + MARGIN * width).ceil() as u32;
    let x1 = (x + (1.0 - MARGIN) * width).floor() as u32;
    let y0 = (y + MARGIN * height).ceil() as u32;
    let y1 = (y + (1.0 - MARGIN) * height).floor() as u32;
    let (x1, y1) = (x1.min(image.width() - 1), y1.min(image.height()));
    if x1 <= x0 || y1 <= y0 {
        return None;
    }
    let mut steps = 0u64;
    let mut pairs = 0u64;
    for py in y0..y1 {
        for px in x0..x1 {
            let a = image.get_pixel(px, py).0;
            let b = image.get_pixel(px + 1, py).0;
            pairs += 1;
            if a.iter().zip(b).any(|(&p, q)| p.abs_diff(q) > STEP) {
                steps += 1;
            }
        }
    }
    Some(steps as f64 / pairs as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    /// A 6x4 board of 20-px tiles at (40, 40) on a flat window with a word of "text" on it:
    /// the top row of tiles is open (flat white), the rest are a one-pixel grey stipple.
    fn board() -> RgbImage {
        RgbImage::from_fn(240, 160, |x, y| {
            let inside = (40..160).contains(&x) && (40..120).contains(&y);
            if !inside {
                // A few dark strokes at the left, as a label would be.
                let text = (4..36).contains(&x) && (50..60).contains(&y) && x % 5 == 0;
                return if text {
                    Rgb([0, 0, 0])
                } else {
                    Rgb([235, 235, 235])
                };
            }
            if (x - 40) % 20 < 2 || (y - 40) % 20 < 2 {
                return Rgb([0, 0, 0]);
            }
            if y < 60 {
                Rgb([255, 255, 255])
            } else if (x + y) % 2 == 0 {
                Rgb([127, 127, 127])
            } else {
                Rgb([255, 255, 255])
            }
        })
    }

    #[test]
    fn a_stippled_line_beside_the_open_row_is_seen() {
        let image = board();
        let open_row = Grid {
            x: 40.0,
            y: 40.0,
            pitch_x: 20.0,
            pitch_y: 20.0,
            rows: 1,
            cols: 6,
        };
        assert!(textured_beside(
            &image,
            Rect::whole(image.width(), image.height()),
            &open_row
        ));
    }

    #[test]
    fn flat_chrome_and_text_around_a_whole_board_are_not_texture() {
        let image = board();
        let all = Grid {
            x: 40.0,
            y: 40.0,
            pitch_x: 20.0,
            pitch_y: 20.0,
            rows: 4,
            cols: 6,
        };
        assert!(!textured_beside(
            &image,
            Rect::whole(image.width(), image.height()),
            &all
        ));
    }
}
