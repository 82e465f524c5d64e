//! Cutting the grid into tiles: every cell is box-filtered down to a small fixed square, the
//! classifier's input, and identical tiles are found so each distinct look is classified once.
//!
//! The training scripts (`training/`) sample synthetic tiles with the same filter; keep the two in
//! step.

use super::lines::Lines;
use crate::vision::grid::Grid;
use image::RgbImage;
use std::collections::HashMap;

/// The side of a sampled tile, in samples.
pub const TILE: usize = 16;
/// Bytes in a sampled tile: RGB, row by row.
pub const TILE_BYTES: usize = TILE * TILE * 3;

/// A sampled tile.
pub type TileImage = [u8; TILE_BYTES];

/// Mean absolute difference (0-255 per channel) between two sampled tiles.
pub fn mean_difference(a: &TileImage, b: &TileImage) -> f64 {
    let sum: u32 = a
        .iter()
        .zip(b)
        .map(|(&x, &y)| u32::from(x.abs_diff(y)))
        .sum();
    f64::from(sum) / TILE_BYTES as f64
}

/// The whole pixels of `cell` (`(x0, y0, x1, y1)`, fractional) with `share` of its shorter side
/// cut off each side, as `(x0, y0, x1, y1)` and not below 0: the inside of a tile, clear of its
/// border and bevel.
pub fn inner_pixels((x0, y0, x1, y1): (f64, f64, f64, f64), share: f64) -> (u32, u32, u32, u32) {
    let inset = (x1 - x0).min(y1 - y0) * share;
    let whole = |v: f64| v.max(0.0) as u32;
    (
        whole((x0 + inset).ceil()),
        whole((y0 + inset).ceil()),
        whole((x1 - inset).floor()),
        whole((y1 - inset).floor()),
    )
}

/// Box-filters the cell `(x0, y0, x1, y1)` (fractional pixels) of `image` into a [`TILE`]-square
/// tile. Sample (u, v) averages the whole pixels whose centres fall in its share of the cell, so
/// no pixel is counted twice and thin lines are kept at any pitch. Pixels outside the image read
/// as black.
pub fn sample_cell(image: &RgbImage, cell: (f64, f64, f64, f64)) -> TileImage {
    let mut tile = [[0u8; TILE_BYTES]];
    sample_strip(image, (cell.1, cell.3), &[(cell.0, cell.2)], &mut tile);
    tile[0]
}

/// Samples side by side cells that share their top and bottom edges `ys`, cell i spanning
/// `xs[i]`, into `tiles[i]`, each exactly as [`sample_cell`] describes. The cells share their
/// bands of pixel rows, so each band is summed down the columns once for all of them (a loop over
/// contiguous bytes that the compiler vectorises), and each sample then adds up a few column sums.
fn sample_strip(image: &RgbImage, ys: (f64, f64), xs: &[(f64, f64)], tiles: &mut [TileImage]) {
    let spans_y = spans(ys.0, ys.1, image.height());
    let spans_x: Vec<_> = xs
        .iter()
        .map(|&(x0, x1)| spans(x0, x1, image.width()))
        .collect();
    let left = spans_x.iter().flatten().map(|s| s.0).min().unwrap_or(0);
    let right = spans_x.iter().flatten().map(|s| s.1).max().unwrap_or(0);
    let stride = image.width() as usize * 3;
    let raw = image.as_raw();
    let mut columns = vec![0u32; (right - left) * 3];
    for (v, &(ya, yb)) in spans_y.iter().enumerate() {
        columns.fill(0);
        for y in ya..yb {
            let start = y * stride + left * 3;
            for (sum, &p) in columns
                .iter_mut()
                .zip(&raw[start..start + (right - left) * 3])
            {
                *sum += u32::from(p);
            }
        }
        for (tile, spans) in tiles.iter_mut().zip(&spans_x) {
            for (u, &(xa, xb)) in spans.iter().enumerate() {
                let mut sum = [0u32; 3];
                for pixel in columns[(xa - left) * 3..(xb - left) * 3].chunks_exact(3) {
                    sum[0] += pixel[0];
                    sum[1] += pixel[1];
                    sum[2] += pixel[2];
                }
                // A sample may cover no whole pixel outside the image; it stays black.
                let count = ((yb - ya) * (xb - xa)) as u32;
                let at = (v * TILE + u) * 3;
                for (o, &s) in tile[at..at + 3].iter_mut().zip(&sum) {
                    if let Some(mean) = (s + count / 2).checked_div(count) {
                        *o = mean as u8;
                    }
                }
            }
        }
    }
}

/// The pixel columns (or rows) each of the [`TILE`] samples averages over `[start, end)`: pixel p
/// belongs to the sample its centre p + 0.5 falls in. A sample narrower than a pixel takes the
/// pixel under its own centre.
fn spans(start: f64, end: f64, limit: u32) -> [(usize, usize); TILE] {
    let step = (end - start) / TILE as f64;
    let clamp = |v: f64| v.clamp(0.0, f64::from(limit)) as usize;
    std::array::from_fn(|i| {
        let a = start + i as f64 * step;
        let b = a + step;
        // Pixels whose centre lies in [a, b): p from ceil(a - 0.5) to ceil(b - 0.5).
        let (mut pa, mut pb) = ((a - 0.5).ceil(), (b - 0.5).ceil());
        if pb <= pa {
            pa = (a + step / 2.0).floor();
            pb = pa + 1.0;
        }
        (clamp(pa), clamp(pb))
    })
}

/// Every cell of `grid` sampled, row by row, and the distinct tiles among them: `looks[k]` is a
/// distinct tile and `cells[i]` the index in `looks` of cell i.
pub struct SampledGrid {
    pub looks: Vec<TileImage>,
    pub cells: Vec<usize>,
    /// Where the cells were sampled.
    pub lines: Lines,
}

impl SampledGrid {
    /// The box (`(x0, y0, x1, y1)` in the image's pixels) of each cell showing `look`, row by row.
    pub fn cells_showing(&self, look: usize) -> impl Iterator<Item = (f64, f64, f64, f64)> + '_ {
        let cols = self.lines.xs.len() - 1;
        (self.cells.iter().enumerate())
            .filter(move |&(_, &shown)| shown == look)
            .map(move |(index, _)| self.lines.cell(index / cols, index % cols))
    }
}

/// Samples every cell of `grid`, its lines moved onto the tiles' edges ([`Lines::aligned`]), and
/// groups identical tiles.
pub fn sample_grid(image: &RgbImage, grid: &Grid) -> SampledGrid {
    let lines = Lines::aligned(image, grid);
    let mut looks: Vec<TileImage> = Vec::new();
    let mut seen: HashMap<TileImage, usize> = HashMap::new();
    let mut cells = Vec::with_capacity(grid.rows * grid.cols);
    for row in 0..grid.rows {
        for tile in sample_row(image, &lines, row) {
            let next = looks.len();
            let look = *seen.entry(tile).or_insert(next);
            if look == next {
                looks.push(tile);
            }
            cells.push(look);
        }
    }
    SampledGrid {
        looks,
        cells,
        lines,
    }
}

/// Every cell of one row of `lines`.
fn sample_row(image: &RgbImage, lines: &Lines, row: usize) -> Vec<TileImage> {
    let boxes: Vec<_> = (0..lines.xs.len() - 1)
        .map(|col| lines.cell(row, col))
        .collect();
    let mut tiles = vec![[0u8; TILE_BYTES]; boxes.len()];
    if let Some(&(_, y0, _, y1)) = boxes.first() {
        let xs: Vec<_> = boxes.iter().map(|b| (b.0, b.2)).collect();
        sample_strip(image, (y0, y1), &xs, &mut tiles);
    }
    tiles
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::testing::noise;
    use image::Rgb;

    #[test]
    fn the_inside_of_a_cell_is_cut_to_whole_pixels_from_zero() {
        // 12% of 40 px is 4.8: in from 10.0 to 14.8, whole pixels from 15 to 45.
        assert_eq!(
            inner_pixels((10.0, 20.0, 50.0, 60.0), 0.12),
            (15, 25, 45, 55)
        );
        // A cell over the picture's top-left corner starts at 0.
        assert_eq!(
            inner_pixels((-20.0, -30.0, 20.0, 10.0), 0.12),
            (0, 0, 15, 5)
        );
    }

    #[test]
    fn an_exact_multiple_averages_blocks() {
        // A 32x32 cell: each sample averages a 2x2 block.
        let image = RgbImage::from_fn(32, 32, |x, y| Rgb([(x / 2 * 10) as u8, (y * 2) as u8, 7]));
        let tile = sample_cell(&image, (0.0, 0.0, 32.0, 32.0));
        assert_eq!(&tile[0..3], &[0, 1, 7]);
        let last = (15 * TILE + 15) * 3;
        assert_eq!(&tile[last..last + 3], &[150, 61, 7]);
    }

    #[test]
    fn fractional_cells_use_every_pixel_once() {
        let spans = spans(10.3, 10.3 + 45.7, 100);
        assert_eq!(spans[0].0, 10);
        for pair in spans.windows(2) {
            assert_eq!(pair[0].1, pair[1].0);
        }
        assert_eq!(spans[TILE - 1].1, 56);
    }

    #[test]
    fn a_row_at_a_time_samples_each_cell_as_alone() {
        // Noise, and a fractional grid hanging over the image's right and bottom edges.
        let image = noise(200, 120, 12345);
        let grid = Grid {
            x: 3.4,
            y: 7.8,
            pitch_x: 41.37,
            pitch_y: 40.9,
            rows: 3,
            cols: 5,
        };
        let sampled = sample_grid(&image, &grid);
        for row in 0..grid.rows {
            for col in 0..grid.cols {
                let alone = sample_cell(&image, sampled.lines.cell(row, col));
                let look = sampled.cells[row * grid.cols + col];
                assert_eq!(sampled.looks[look], alone, "cell ({row}, {col})");
            }
        }
    }

    #[test]
    fn identical_cells_share_one_look() {
        let image = RgbImage::from_fn(64, 32, |x, _| {
            if x % 16 == 0 {
                Rgb([0, 0, 0])
            } else {
                Rgb([200, 200, 200])
            }
        });
        let grid = Grid {
            x: 0.0,
            y: 0.0,
            pitch_x: 16.0,
            pitch_y: 16.0,
            rows: 2,
            cols: 4,
        };
        let sampled = sample_grid(&image, &grid);
        assert_eq!(sampled.looks.len(), 1);
        assert_eq!(sampled.cells, vec![0; 8]);
    }
}
