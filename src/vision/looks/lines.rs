//! Where each line of a found grid lies on the image, to the pixel, for sampling its cells.
//!
//! Games lay their tiles at whole pixels, and where a board's width is no whole multiple of its
//! columns some tiles are a pixel wider than others. GNOME Mines gives the spare pixels to its
//! first columns and rows (at 1400x800, twenty 40 px columns, then ten of 39), so one pitch
//! fitted to all the tiles strays from them by up to a quarter of the spare pixels mid-board:
//! 5 px at 40 px tiles there, a fifth of a tile on a 16x16 board at 24 px. A cell sampled that far
//! off takes in a slice of its neighbour, the model sees each tile of a kind at another phase,
//! and every tile becomes a look of its own (352 looks for 480 tiles there), each classified and
//! compared by the board-level reading. Each line is moved, by less than half a tile, to where the
//! image's edges around it best match the edges around all the lines: the gaps, bevels and grid
//! lines every skin draws between its tiles. Only a drift over several lines moves them: a grid
//! whose rounding fits its tiles already (a browser spreads its spare pixels evenly) is kept.

use crate::vision::grid::Grid;
use image::RgbImage;

/// The pixel positions of a grid's lines: column `c` spans `xs[c]..xs[c + 1]` and row `r`
/// spans `ys[r]..ys[r + 1]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Lines {
    pub xs: Vec<f64>,
    pub ys: Vec<f64>,
}

impl Lines {
    /// The cell (`row`, `col`) as `(x0, y0, x1, y1)` in whole pixels.
    pub fn cell(&self, row: usize, col: usize) -> (f64, f64, f64, f64) {
        (
            self.xs[col],
            self.ys[row],
            self.xs[col + 1],
            self.ys[row + 1],
        )
    }

    /// The grid's own lines, each rounded to the nearest pixel. At a fractional pitch the
    /// tiles' widths then alternate (41, 42, 41, … px) as a game that spreads its spare pixels
    /// evenly draws them, and tiles of one width are sampled alike.
    pub fn rounded(grid: &Grid) -> Lines {
        Lines {
            xs: nominal(grid.x, grid.pitch_x, grid.cols),
            ys: nominal(grid.y, grid.pitch_y, grid.rows),
        }
    }

    /// The grid's lines, each moved to where the tile edges around it lie in `image`.
    pub fn aligned(image: &RgbImage, grid: &Grid) -> Lines {
        let (width, height) = (image.width() as usize, image.height() as usize);
        // The board's extent in whole pixels within the image, and around it as far as a line
        // may move and its window reach.
        let span = |start: f64, pitch: f64, count: usize, limit: usize| {
            let clamp = |v: f64| (v.round().max(0.0) as usize).min(limit);
            let margin = reach(pitch) as f64 + (pitch * WINDOW_SHARE).ceil();
            let board = (clamp(start), clamp(start + count as f64 * pitch));
            let around = (
                clamp(start - margin),
                clamp(start + count as f64 * pitch + margin),
            );
            (board, around)
        };
        let (across, around_x) = span(grid.x, grid.pitch_x, grid.cols, width);
        let (down, around_y) = span(grid.y, grid.pitch_y, grid.rows, height);
        // Vertical edges run down the whole board: a few rows a tile say where they are.
        let step = (grid.pitch_y / ROWS_PER_TILE).floor().max(1.0) as usize;
        let columns = column_edges(image, around_x, down, step);
        let rows = row_edges(image, across, around_y);
        Lines {
            xs: align(grid.x, grid.pitch_x, grid.cols, &columns, around_x.0),
            ys: align(grid.y, grid.pitch_y, grid.rows, &rows, around_y.0),
        }
    }
}

/// Rows of each tile row that the columns' edges are summed over.
const ROWS_PER_TILE: f64 = 8.0;
/// How far a line may move, as a share of the pitch: under half a tile, so that no line can
/// take its neighbour's edges for its own. (GNOME Mines strays by a quarter of its spare pixels,
/// up to 7.5 px on a board 30 tiles wide; at 24 px tiles that is a third of the pitch.)
const REACH_SHARE: f64 = 0.4;
/// How much of the image either side of a line is compared, as a share of the pitch: the edges
/// between two tiles (a gap, a bevel, a grid line) and none of their middles, where digits are.
const WINDOW_SHARE: f64 = 0.25;
/// The stray, in pixels, from which two lines side by side show a grid's lines to lie on tiles
/// of two widths not spread evenly, and the lines are moved.
const UNEVEN: i64 = 2;
/// How far, in pixels, a tile between two moved lines may be wider or narrower than the pitch:
/// past it, the moves are taken for noise and the lines stay as rounded. Tiles of two widths
/// spread unevenly differ from their mean by under a pixel.
const UNEVEN_MOST: f64 = 1.5;
/// The same where some line moved by more than [`NOISE_MOST`] pixels: a drift no edge's noise
/// makes. A page laid out at a zoom that rounds its tiles and their borders apart strays
/// further from its mean (winmine.html at 99%: columns 15 to 18 px wide across one board of
/// 16.25 px on average, rows likewise, its lines up to 5 px off the pitch). At 1.5 px its 18 px
/// column kept every line on the pitch, and its mid-game boards were refused as impossible.
/// Not for moves of a pixel or two: winmine.html in forced dark at 137.5% (22.6 px, its lines
/// moved by -1 to 2 px, a pair by 2) read 48 tiles fewer with its lines so moved.
const DRIFT_UNEVEN_MOST: f64 = 2.0;
/// The most a line moves by the noise of the edges (a gap has an edge at either side, a zoomed
/// page blurs each over two pixels).
const NOISE_MOST: i64 = 2;
/// How many times the lines are moved: once against the edges of the rounded lines together
/// (blurred by their strays), once more against the sharper edges of the moved ones.
const ROUNDS: usize = 2;

fn reach(pitch: f64) -> usize {
    (pitch * REACH_SHARE).floor() as usize
}

/// `count + 1` lines from `start`, `pitch` apart, each rounded to the nearest pixel.
fn nominal(start: f64, pitch: f64, count: usize) -> Vec<f64> {
    (0..=count)
        .map(|k| (start + k as f64 * pitch).round())
        .collect()
}

/// For each column x of `[from, to)`, how much the image changes from column x - 1 to x, summed
/// over every `step`-th row of `rows` and the three channels (0 for x = 0).
fn column_edges(
    image: &RgbImage,
    (from, to): (usize, usize),
    (top, bottom): (usize, usize),
    step: usize,
) -> Vec<u32> {
    let stride = image.width() as usize * 3;
    let raw = image.as_raw();
    let start = from.max(1);
    if to <= start {
        return vec![0; to.saturating_sub(from)];
    }
    // Per byte, in 16 bits (8 lanes to an SSE register, against 4 in 32 bits), carried into
    // 32 bits before 257 rows could overflow them.
    let mut sums = vec![0u32; (to - start) * 3];
    let mut lanes = vec![0u16; (to - start) * 3];
    for (n, y) in (top..bottom).step_by(step).enumerate() {
        let row = &raw[y * stride..(y + 1) * stride];
        let here = &row[start * 3..to * 3];
        let left = &row[(start - 1) * 3..(to - 1) * 3];
        for ((lane, &a), &b) in lanes.iter_mut().zip(here).zip(left) {
            *lane += u16::from(a.abs_diff(b));
        }
        if n % 256 == 255 {
            carry(&mut lanes, &mut sums);
        }
    }
    carry(&mut lanes, &mut sums);
    let mut profile = vec![0u32; start - from];
    profile.extend(sums.chunks_exact(3).map(|c| c[0] + c[1] + c[2]));
    profile.resize(to - from, 0);
    profile
}

/// For each row y of `[from, to)`, how much the image changes from row y - 1 to y, summed over
/// the columns of `[left, right)` and the three channels (0 for y = 0).
fn row_edges(
    image: &RgbImage,
    (left, right): (usize, usize),
    (from, to): (usize, usize),
) -> Vec<u32> {
    let stride = image.width() as usize * 3;
    let raw = image.as_raw();
    (from..to)
        .map(|y| {
            if y == 0 {
                return 0;
            }
            let here = &raw[y * stride + left * 3..y * stride + right * 3];
            let above = &raw[(y - 1) * stride + left * 3..(y - 1) * stride + right * 3];
            change(here, above)
        })
        .collect()
}

/// `lanes` added into `sums`, and cleared.
fn carry(lanes: &mut [u16], sums: &mut [u32]) {
    for (sum, lane) in sums.iter_mut().zip(lanes.iter_mut()) {
        *sum += u32::from(std::mem::take(lane));
    }
}

/// The sum of `|a[i] - b[i]|`, 32 bytes at a time in 16 bits (at most 32 x 255), a loop the
/// compiler turns into SIMD sums of absolute differences; a plain sum in 32 bits it did not.
fn change(a: &[u8], b: &[u8]) -> u32 {
    let mut blocks_a = a.chunks_exact(32);
    let mut blocks_b = b.chunks_exact(32);
    let mut total = 0u32;
    for (x, y) in (&mut blocks_a).zip(&mut blocks_b) {
        let block: u16 = x
            .iter()
            .zip(y)
            .map(|(&p, &q)| u16::from(p.abs_diff(q)))
            .sum();
        total += u32::from(block);
    }
    let rest = (blocks_a.remainder().iter()).zip(blocks_b.remainder());
    total + rest.map(|(&p, &q)| u32::from(p.abs_diff(q))).sum::<u32>()
}

/// The lines `start`, `start + pitch`, … ([`nominal`]), each line between two tiles moved by up
/// to [`reach`] pixels to where `profile` (the edges at `origin`, `origin + 1`, …) around it
/// best matches the profile around all of them; the two outer lines move with their
/// neighbours, as the board's frame beyond them is no tile edge. The edges fix where the lines
/// lie relative to each other, and the grid where they lie as a whole: the moved lines are
/// shifted together to stray from the grid by nothing on average, as its fit to the tiles does.
/// Lines no edge marks stay put; none moves unless two lines side by side stray by [`UNEVEN`]
/// pixels or more, or where the moved lines would make a tile more than [`UNEVEN_MOST`] pixels
/// wider or narrower than `pitch` ([`DRIFT_UNEVEN_MOST`] where a line moved by more than
/// [`NOISE_MOST`]).
fn align(start: f64, pitch: f64, tiles: usize, profile: &[u32], origin: usize) -> Vec<f64> {
    let rounded = nominal(start, pitch, tiles);
    let count = rounded.len();
    if count < 4 {
        return rounded;
    }
    let reach = reach(pitch) as i64;
    let window = (pitch * WINDOW_SHARE).ceil() as i64;
    let at = |pos: i64| -> u64 {
        usize::try_from(pos - origin as i64)
            .ok()
            .and_then(|i| profile.get(i))
            .map_or(0, |&v| u64::from(v))
    };
    let lines: Vec<i64> = rounded.iter().map(|&v| v as i64).collect();
    let mut shifts = vec![0i64; count];
    for _ in 0..ROUNDS {
        let template: Vec<u64> = (-window..=window)
            .map(|t| (1..count - 1).map(|k| at(lines[k] + shifts[k] + t)).sum())
            .collect();
        let score = |line: i64| -> u64 {
            (-window..=window)
                .zip(&template)
                .map(|(t, &w)| at(line + t) * w)
                .sum()
        };
        for k in 1..count - 1 {
            // The nearest of equal scores: a line on a featureless stretch stays where it is.
            let mut best = (score(lines[k]), 0);
            for distance in 1..=reach {
                for shift in [-distance, distance] {
                    let s = score(lines[k] + shift);
                    if s > best.0 {
                        best = (s, shift);
                    }
                }
            }
            shifts[k] = best.1;
        }
    }
    // Rounding a grid fitted to tiles spread evenly puts each line within a pixel of its
    // tile's edge; tiles of two widths not spread evenly drift from it over several lines, by a
    // pixel a tile at most. Where no two lines side by side stray further than a pixel, the grid
    // stands as rounded: the edges of a page zoomed in a browser are blurred over two pixels,
    // and moving its lines a pixel back and forth by their noise would set tiles of one look at
    // two phases.
    let drifts = shifts
        .windows(2)
        .any(|pair| pair.iter().all(|shift| shift.abs() >= UNEVEN));
    if !drifts {
        return rounded;
    }
    shifts[0] = shifts[1];
    shifts[count - 1] = shifts[count - 2];
    // The edges tell the lines' phase only up to a pixel or two (a gap has an edge at either
    // side); the grid's fit, made to all the tiles, tells it on average.
    let stray = (lines.iter().zip(&shifts).enumerate())
        .map(|(k, (&line, &shift))| (line + shift) as f64 - (start + k as f64 * pitch))
        .sum::<f64>()
        / count as f64;
    // Half a pixel either way is the rounding's own (a grid at 767.5 starts at 768).
    let back = if stray.abs() <= 0.5 {
        0.0
    } else {
        stray.round()
    };
    let moved: Vec<f64> = (lines.iter().zip(&shifts))
        .map(|(&line, &shift)| (line + shift) as f64 - back)
        .collect();
    let drift = shifts.iter().map(|shift| shift.abs()).max().unwrap_or(0);
    let most = if drift > NOISE_MOST {
        DRIFT_UNEVEN_MOST
    } else {
        UNEVEN_MOST
    };
    let even = moved
        .windows(2)
        .all(|w| (w[1] - w[0] - pitch).abs() <= most);
    if even {
        moved
    } else {
        rounded
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::testing::{fitted_across, noise};
    use image::Rgb;

    /// A board as GNOME Mines lays one out: `widths` of tiles from `start`, each a face of grey
    /// with a 3 px light gap before it, on the light window; rows of 20 px the same way.
    fn laid_out(widths: &[u32], rows: u32) -> RgbImage {
        let mut edges = vec![30u32];
        for w in widths {
            edges.push(edges.last().unwrap() + w);
        }
        let board_end = *edges.last().unwrap();
        RgbImage::from_fn(board_end + 40, rows * 20 + 40, |x, y| {
            let in_board = x >= 30 && x < board_end && y >= 20 && y < 20 + rows * 20;
            let gap_x = || edges.iter().any(|&e| x >= e && x < e + 3);
            let gap_y = || (y - 20) % 20 < 3;
            if in_board && !gap_x() && !gap_y() {
                Rgb([185, 185, 185])
            } else {
                Rgb([245, 245, 245])
            }
        })
    }

    /// Where [`laid_out`] draws the lines of tiles of `widths`: from x = 30, each after the last.
    fn lines_of(widths: &[u32]) -> Vec<f64> {
        let mut lines = vec![30.0];
        for w in widths {
            lines.push(lines.last().unwrap() + f64::from(*w));
        }
        lines
    }

    #[test]
    fn lines_follow_tiles_up_to_two_pixels_off_the_pitch() {
        // Nine tiles of 15 px, then seven of 18 (winmine.html at 99% lays its columns 15 to
        // 18 px wide): the pitch fitted to them, 16.24 px, is 1.76 px off the wider ones, and
        // its lines up to 6 px off the tiles' edges.
        let widths: Vec<u32> = (0..16).map(|i| if i < 9 { 15 } else { 18 }).collect();
        let image = laid_out(&widths, 4);
        let expected = lines_of(&widths);
        let grid = fitted_across(&expected, 4);
        let lines = Lines::aligned(&image, &grid);
        let off = |xs: &[f64]| {
            (xs.iter().zip(&expected))
                .map(|(a, b)| (a - b).abs())
                .fold(0.0, f64::max)
        };
        // The outer lines move as their neighbours do (the frame beyond them is no tile edge).
        assert_eq!(lines.xs[1..16], expected[1..16]);
        assert!(off(&lines.xs) <= 2.0, "{:?}", lines.xs);
        assert!(off(&Lines::rounded(&grid).xs) >= 6.0);
    }

    #[test]
    fn lines_follow_tiles_of_two_widths() {
        // Ten tiles of 21 px, then ten of 20: the straight line fitted to them (as the grid
        // finder fits one) strays from them by up to 2.5 px mid-board.
        let widths: Vec<u32> = (0..20).map(|i| if i < 10 { 21 } else { 20 }).collect();
        let image = laid_out(&widths, 4);
        let expected = lines_of(&widths);
        let grid = fitted_across(&expected, 4);
        let lines = Lines::aligned(&image, &grid);
        assert_eq!(lines.xs, expected);
        assert_eq!(lines.ys, vec![20.0, 40.0, 60.0, 80.0, 100.0]);
        assert_ne!(Lines::rounded(&grid).xs, expected);
    }

    #[test]
    fn lines_of_tiles_spread_evenly_stay_rounded() {
        // Tiles of 20 and 21 px spread evenly from 30.4, and a grid fitted half a pixel off:
        // each line strays by a pixel at most, as a browser's rounding gives.
        let edges: Vec<u32> = (0..=16)
            .map(|k| (30.4 + 20.5 * k as f64).round() as u32)
            .collect();
        let widths: Vec<u32> = edges.windows(2).map(|w| w[1] - w[0]).collect();
        let image = laid_out(&widths, 4);
        let grid = Grid {
            x: 29.9,
            y: 20.0,
            pitch_x: 20.5,
            pitch_y: 20.0,
            rows: 4,
            cols: 16,
        };
        assert_eq!(Lines::aligned(&image, &grid), Lines::rounded(&grid));
    }

    #[test]
    fn the_edge_profiles_sum_every_change() {
        let image = noise(90, 300, 7);
        // |p(x, y) - p(x - dx, y - dy)| over the three channels; 0 off the image.
        let change = |x: u32, y: u32, (dx, dy): (u32, u32)| -> u32 {
            if x < dx || y < dy {
                return 0;
            }
            let (a, b) = (image.get_pixel(x, y), image.get_pixel(x - dx, y - dy));
            (0..3).map(|c| u32::from(a[c].abs_diff(b[c]))).sum()
        };
        // 298 rows: the 16-bit sums are carried over once.
        let columns = column_edges(&image, (0, 90), (1, 299), 1);
        for x in 0..90 {
            let expected: u32 = (1..299).map(|y| change(x, y, (1, 0))).sum();
            assert_eq!(columns[x as usize], expected, "column {x}");
        }
        let rows = row_edges(&image, (3, 87), (0, 300));
        for y in 0..300 {
            let expected: u32 = (3..87).map(|x| change(x, y, (0, 1))).sum();
            assert_eq!(rows[y as usize], expected, "row {y}");
        }
    }

    #[test]
    fn lines_of_a_flat_image_stay_rounded() {
        let image = RgbImage::from_pixel(300, 200, Rgb([90, 90, 90]));
        let grid = Grid {
            x: 10.3,
            y: 12.6,
            pitch_x: 23.4,
            pitch_y: 23.4,
            rows: 6,
            cols: 10,
        };
        assert_eq!(Lines::aligned(&image, &grid), Lines::rounded(&grid));
    }

    #[test]
    fn a_grid_hanging_over_the_image_edge_keeps_its_lines() {
        let image = RgbImage::from_pixel(50, 50, Rgb([0, 0, 0]));
        let grid = Grid {
            x: -15.0,
            y: 30.0,
            pitch_x: 20.0,
            pitch_y: 20.0,
            rows: 3,
            cols: 5,
        };
        let lines = Lines::aligned(&image, &grid);
        assert_eq!(lines.xs.len(), 6);
        assert_eq!(lines.ys.len(), 4);
    }
}
