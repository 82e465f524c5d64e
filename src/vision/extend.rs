//! Growing a found grid over the rows and columns its squares missed. The grid finder sees tiles
//! as flat squares; a line of tiles with no flat face (hatched or pictured covered tiles) or with
//! no edges between them (a wide open region drawn as one flat area) gives it none, so such a
//! line at the board's edge is left out. A line beside the grid whose every cell shows a look
//! the board already has is part of the board: the window around a board never repeats its
//! tiles.

use super::grid::{Grid, Rect};
use super::tiles::{sample_cell, TILE};
use image::RgbImage;

/// Mean difference (0-255 per channel) up to which a cell shows a look the board has, compared
/// at a quarter of the tile's resolution: a fine texture (stripes, stipple) lands on each tile
/// at another phase, and only its average colour is the same.
const SAME_LOOK: f64 = 10.0;
/// The side of the blocks a tile is averaged over before comparing.
const BLOCK: usize = 4;
const COARSE: usize = TILE / BLOCK;

/// A cell averaged over a `COARSE`-square grid of blocks.
type Coarse = [f32; COARSE * COARSE * 3];
/// Lines added at most on each side: a board the finder saw less than half of is not grown.
const MAX_GROWTH: usize = 40;
/// How many of the grid's outer lines give the looks a line beside it is compared with, on a
/// board of more than `LARGE_BOARD` pixels.
const RING: usize = 2;
const LARGE_BOARD: f64 = 300_000.0;
/// Distinct looks compared at most (a board has a few dozen; noise makes more).
const MAX_LOOKS: usize = 256;

/// `grid` grown by every line beside it, inside `area`, whose cells all show looks the grid's
/// own cells show.
pub fn extend(image: &RgbImage, area: Rect, grid: Grid) -> Grid {
    let pixels = (grid.rows * grid.cols) as f64 * grid.pitch_x * grid.pitch_y;
    let large = pixels > LARGE_BOARD;
    let mut looks: Vec<Coarse> = Vec::new();
    for row in 0..grid.rows {
        for col in 0..grid.cols {
            // On a board of many pixels, the looks of the grid's outer lines only: a line
            // beside the board continues them, and reading every cell costs more there than the
            // rest of the grid search.
            let inner = |i: usize, n: usize| i >= RING && i + RING < n;
            if large && inner(row, grid.rows) && inner(col, grid.cols) {
                continue;
            }
            let tile = coarse_cell(image, grid.cell(row, col));
            if looks.len() < MAX_LOOKS && !looks.iter().any(|l| distance(l, &tile) <= SAME_LOOK) {
                looks.push(tile);
            }
        }
    }
    let mut grid = grid;
    let mut grown = [0usize; 4];
    loop {
        let mut changed = false;
        for (side, lines) in grown.iter_mut().enumerate() {
            if *lines >= MAX_GROWTH {
                continue;
            }
            let candidate = beside(grid, side);
            if inside(area, &candidate) && line_matches(image, &candidate, side, &looks) {
                grid = candidate;
                *lines += 1;
                changed = true;
            }
        }
        if !changed {
            return grid;
        }
    }
}

/// `grid` with one more line on `side` (0 top, 1 bottom, 2 left, 3 right).
fn beside(grid: Grid, side: usize) -> Grid {
    let mut out = grid;
    match side {
        0 => {
            out.y -= grid.pitch_y;
            out.rows += 1;
        }
        1 => out.rows += 1,
        2 => {
            out.x -= grid.pitch_x;
            out.cols += 1;
        }
        _ => out.cols += 1,
    }
    out
}

fn inside(area: Rect, grid: &Grid) -> bool {
    // Half a pixel of slack: a board flush with the area's edge ends on a fractional pixel.
    grid.x >= f64::from(area.x) - 0.5
        && grid.y >= f64::from(area.y) - 0.5
        && grid.x + grid.cols as f64 * grid.pitch_x <= f64::from(area.x + area.width) + 0.5
        && grid.y + grid.rows as f64 * grid.pitch_y <= f64::from(area.y + area.height) + 0.5
}

/// Whether every cell of `grid`'s line on `side` shows one of `looks`.
fn line_matches(image: &RgbImage, grid: &Grid, side: usize, looks: &[Coarse]) -> bool {
    let cells: Vec<(usize, usize)> = match side {
        0 => (0..grid.cols).map(|c| (0, c)).collect(),
        1 => (0..grid.cols).map(|c| (grid.rows - 1, c)).collect(),
        2 => (0..grid.rows).map(|r| (r, 0)).collect(),
        _ => (0..grid.rows).map(|r| (r, grid.cols - 1)).collect(),
    };
    cells.into_iter().all(|(row, col)| {
        let tile = coarse_cell(image, grid.cell(row, col));
        looks.iter().any(|l| distance(l, &tile) <= SAME_LOOK)
    })
}

/// The cell `(x0, y0, x1, y1)` of `image`, sampled as the classifier sees it (every pixel
/// counted, so one-pixel grid lines and fine textures count as they are) and averaged over
/// `COARSE`-square blocks.
fn coarse_cell(image: &RgbImage, cell: (f64, f64, f64, f64)) -> Coarse {
    let tile = sample_cell(image, cell);
    let mut out = [0f32; COARSE * COARSE * 3];
    for y in 0..TILE {
        for x in 0..TILE {
            for c in 0..3 {
                out[((y / BLOCK) * COARSE + x / BLOCK) * 3 + c] +=
                    f32::from(tile[(y * TILE + x) * 3 + c]);
            }
        }
    }
    let cells = (BLOCK * BLOCK) as f32;
    out.iter_mut().for_each(|v| *v /= cells);
    out
}

fn distance(a: &Coarse, b: &Coarse) -> f64 {
    let sum: f32 = a.iter().zip(b).map(|(x, y)| (x - y).abs()).sum();
    f64::from(sum) / a.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    /// A 6x4 board of 10-px tiles at (20, 20) on a blue window: tiles alternate two greys in a
    /// pattern that repeats, with one-pixel dark lines between them.
    fn board() -> RgbImage {
        RgbImage::from_fn(120, 100, |x, y| {
            let inside = (20..80).contains(&x) && (20..60).contains(&y);
            if !inside {
                return Rgb([20, 40, 160]);
            }
            if (x - 20) % 10 == 0 || (y - 20) % 10 == 0 {
                return Rgb([60, 60, 60]);
            }
            let grey = if ((x - 20) / 10 + (y - 20) / 10) % 2 == 0 {
                200
            } else {
                150
            };
            Rgb([grey; 3])
        })
    }

    #[test]
    fn grows_over_lines_of_known_looks_and_stops_at_the_window() {
        // The finder saw only the middle 2x2 tiles.
        let seen = Grid {
            x: 40.0,
            y: 30.0,
            pitch_x: 10.0,
            pitch_y: 10.0,
            rows: 2,
            cols: 2,
        };
        let area = Rect {
            x: 0,
            y: 0,
            width: 120,
            height: 100,
        };
        let grown = extend(&board(), area, seen);
        assert_eq!(
            (grown.x, grown.y, grown.cols, grown.rows),
            (20.0, 20.0, 6, 4)
        );
    }
}
