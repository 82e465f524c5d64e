//! A lattice found at twice the tiles' pitch where every other grid line vanished, told by the
//! tiles' faces.
//!
//! A flat skin's 1-pixel lines between tiles, drawn at 50% zoom, land on a pixel only every
//! other tile: the page shows squares of four tiles, and the grid finder takes them for tiles
//! twice as wide (a 16×16 board read as 7×8, its numbers off-centre in the big cells, given a
//! guess). The squares fill their cells, so `subpitch` finds no room between them for the
//! tiles it looks for. The faces tell instead: a cell of four tiles on the frontier shows two
//! faces (covered tiles beside open ones) in its quarters, where a tile shows one face in all
//! four (its digit, centred, covers little of any quarter). Halved, each quarter is a tile
//! with one face. A fresh board shows one face everywhere and is left as found.

use super::colour_distance;
use super::grid::{Grid, MIN_PITCH};
use image::RgbImage;

/// Each quarter is sampled inside this share of the quarter's width from its sides, off the
/// lines and bevels.
const INSET: f64 = 0.15;
/// A quarter is sampled at most this many times along each side.
const SAMPLES: u32 = 8;
/// A quarter has a face where one colour (within [`SAME`]) covers at least this share of it.
const FACE: f64 = 0.5;
/// Channel differences summed (0-765) within which two samples are of one colour.
const SAME: u32 = 12;
/// Two faces differ where their channels differ by more than this, summed (0-765).
const APART: u32 = 36;
/// Cells showing two faces needed, at the least and as a share of the cells, before a halved
/// lattice is tried.
const LEAST_SPLIT: usize = 4;
const SPLIT_SHARE: f64 = 0.04;
/// The halved lattice must show cells of two faces at most this share of the rate the found
/// one shows them (a symbol big enough to fill a quarter shows two faces at any lattice).
const HALVED_RATE: f64 = 0.25;

/// `grid` with its pitch halved on both axes, where its cells show the faces of four tiles;
/// `None` where they do not (or half the pitch is below the smallest tile).
pub fn halved(image: &RgbImage, grid: Grid) -> Option<Grid> {
    if grid.pitch_x / 2.0 < MIN_PITCH || grid.pitch_y / 2.0 < MIN_PITCH {
        return None;
    }
    let (split, cells) = split_cells(image, &grid);
    if split < LEAST_SPLIT || (split as f64) < SPLIT_SHARE * cells as f64 {
        return None;
    }
    let half = Grid {
        pitch_x: grid.pitch_x / 2.0,
        pitch_y: grid.pitch_y / 2.0,
        rows: grid.rows * 2,
        cols: grid.cols * 2,
        ..grid
    };
    let (half_split, half_cells) = split_cells(image, &half);
    let rate = |split: usize, cells: usize| split as f64 / cells.max(1) as f64;
    let keeps = rate(half_split, half_cells) <= HALVED_RATE * rate(split, cells);
    tracing::debug!(
        split,
        cells,
        half_split,
        half_cells,
        keeps,
        "cells showing two faces, at the found pitch and at half of it"
    );
    keeps.then_some(half)
}

/// How many of `grid`'s cells inside `image` show two faces in their quarters, side by side,
/// each of them the one face of some other cell and the two meeting on the cell's middle line,
/// and how many cells were looked at. Four tiles merged show the faces the board's whole tiles
/// show (a covered face beside an open one), and they meet where the tiles do; a bevelled tile
/// shows a lit and a shaded quarter, faces no whole cell shows; a page's note over the board (a
/// dark toast on the table clone) has a face of its own over whole cells, but its edges cross
/// cells anywhere.
fn split_cells(image: &RgbImage, grid: &Grid) -> (usize, usize) {
    let (w, h) = (grid.pitch_x / 2.0, grid.pitch_y / 2.0);
    // Each cell's corner and the faces of its quarters, in reading order.
    let mut quarters: Vec<CellFaces> = Vec::new();
    for row in 0..grid.rows {
        for col in 0..grid.cols {
            let x = grid.x + grid.pitch_x * col as f64;
            let y = grid.y + grid.pitch_y * row as f64;
            let faces = std::array::from_fn(|q| {
                let (qx, qy) = ((q % 2) as f64, (q / 2) as f64);
                face(image, x + qx * w, y + qy * h, w, h)
            });
            quarters.push(((x, y), faces));
        }
    }
    // The faces of cells whose four quarters show one.
    let mut whole: Vec<[u8; 3]> = Vec::new();
    for (_, faces) in &quarters {
        let first = faces[0];
        let one = (faces.iter()).all(|f| {
            f.zip(first)
                .is_some_and(|(f, a)| colour_distance(f, a) <= SAME)
        });
        if let (true, Some(first)) = (one, first) {
            if !whole.iter().any(|w| colour_distance(*w, first) <= SAME) {
                whole.push(first);
            }
        }
    }
    let of_a_whole_cell = |f: [u8; 3]| whole.iter().any(|w| colour_distance(*w, f) <= SAME);
    let cells = (quarters.iter())
        .filter(|(_, faces)| faces.iter().any(Option::is_some))
        .count();
    // Quarters side by side: (first, second, whether the second lies below the first).
    const BESIDE: [(usize, usize, bool); 4] =
        [(0, 1, false), (2, 3, false), (0, 2, true), (1, 3, true)];
    let split = (quarters.iter())
        .filter(|((x, y), faces)| {
            BESIDE.iter().any(|&(i, j, down)| {
                let (Some(a), Some(b)) = (faces[i], faces[j]) else {
                    return false;
                };
                let apart =
                    colour_distance(a, b) > APART && of_a_whole_cell(a) && of_a_whole_cell(b);
                // Through the middle of the two quarters, from the first's centre to the
                // second's.
                let (qx, qy) = ((i % 2) as f64 * w, (i / 2) as f64 * h);
                let from = (x + qx + w / 2.0, y + qy + h / 2.0);
                apart && meet_in_the_middle(image, from, (w, h), down, (a, b))
            })
        })
        .count();
    (split, cells)
}

/// A cell's corner and the faces of its four quarters (`None`: no face), in reading order.
type CellFaces = ((f64, f64), [Option<[u8; 3]>; 4]);

/// Two faces of merged tiles meet this many pixels from the cell's middle line at most.
const MIDDLE: f64 = 2.0;

/// Whether the face `a` of the quarter centred at `from` (`w` × `h`) gives way to `b` of the
/// next quarter (right, or `down`) within [`MIDDLE`] of the line between them: the two pixels
/// just short of that band on the walk from one centre to the other are nearer to `a` than to
/// `b`, the two just past it nearer to `b`. (The walk's own first change can be a digit's ink
/// in the middle of an open tile.)
fn meet_in_the_middle(
    image: &RgbImage,
    from: (f64, f64),
    (w, h): (f64, f64),
    down: bool,
    (a, b): ([u8; 3], [u8; 3]),
) -> bool {
    let middle = if down { h } else { w } / 2.0;
    let nearer = |k: f64, to: [u8; 3], than: [u8; 3]| {
        let (px, py) = if down {
            (from.0, from.1 + k)
        } else {
            (from.0 + k, from.1)
        };
        let (px, py) = (px.round(), py.round());
        let inside = px >= 0.0
            && py >= 0.0
            && px < f64::from(image.width())
            && py < f64::from(image.height());
        inside && {
            let pixel = image.get_pixel(px as u32, py as u32).0;
            colour_distance(pixel, to) < colour_distance(pixel, than)
        }
    };
    let before = [middle - MIDDLE - 2.0, middle - MIDDLE - 1.0];
    let after = [middle + MIDDLE + 1.0, middle + MIDDLE + 2.0];
    before.iter().all(|&k| nearer(k, a, b)) && after.iter().all(|&k| nearer(k, b, a))
}

/// The colour covering at least [`FACE`] of the rectangle at (`x`, `y`), `w` × `h`, inset by
/// [`INSET`]; `None` where none does or the rectangle leaves the image.
fn face(image: &RgbImage, x: f64, y: f64, w: f64, h: f64) -> Option<[u8; 3]> {
    let x0 = (x + INSET * w).round();
    let x1 = (x + w - INSET * w).round();
    let y0 = (y + INSET * h).round();
    let y1 = (y + h - INSET * h).round();
    if x0 < 0.0 || y0 < 0.0 || x1 > f64::from(image.width()) || y1 > f64::from(image.height()) {
        return None;
    }
    // At most SAMPLES × SAMPLES samples, evenly spread: the faces are flat, and every search
    // for a board looks at every cell.
    let (x0, x1, y0, y1) = (x0 as u32, x1 as u32, y0 as u32, y1 as u32);
    let step = |from: u32, to: u32| to.saturating_sub(from).div_ceil(SAMPLES).max(1) as usize;
    let (step_x, step_y) = (step(x0, x1), step(y0, y1));
    let mut samples = [[0u8; 3]; (SAMPLES * SAMPLES) as usize];
    let mut count = 0;
    for py in (y0..y1).step_by(step_y) {
        for px in (x0..x1).step_by(step_x) {
            samples[count] = image.get_pixel(px, py).0;
            count += 1;
        }
    }
    let samples = &samples[..count];
    if samples.is_empty() {
        return None;
    }
    // The median colour, channel by channel, is the face where one covers most of the quarter.
    let channels = median_colour(samples);
    let near = (samples.iter())
        .filter(|&&s| colour_distance(s, channels) <= SAME)
        .count();
    (near as f64 >= FACE * samples.len() as f64).then_some(channels)
}

/// The median of each channel of `samples` (the upper one of an even count), which hold at
/// most [`SAMPLES`]² colours. A colour more than half the samples share exactly (a flat face,
/// most quarters) holds every channel's middle place in order, so it is the answer without
/// sorting; the majority vote finds the only colour that can be.
fn median_colour(samples: &[[u8; 3]]) -> [u8; 3] {
    let count = samples.len();
    let mut candidate = [0u8; 3];
    let mut lead = 0usize;
    for &s in samples {
        if lead == 0 {
            candidate = s;
            lead = 1;
        } else if s == candidate {
            lead += 1;
        } else {
            lead -= 1;
        }
    }
    if samples.iter().filter(|&&s| s == candidate).count() * 2 > count {
        return candidate;
    }
    let mut channels = [0u8; 3];
    let mut values = [0u8; (SAMPLES * SAMPLES) as usize];
    for (c, channel) in channels.iter_mut().enumerate() {
        let values = &mut values[..count];
        for (value, sample) in values.iter_mut().zip(samples) {
            *value = sample[c];
        }
        *channel = *values.select_nth_unstable(count / 2).1;
    }
    channels
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    const OPEN: [u8; 3] = [238; 3];
    const COVERED: [u8; 3] = [204; 3];
    const LINE: [u8; 3] = [187; 3];

    #[test]
    fn the_median_colour_is_each_channels_middle_value_with_or_without_a_majority() {
        // Each channel sorted, its value at the middle place (the upper of two).
        let sorted_median = |samples: &[[u8; 3]]| {
            std::array::from_fn(|c| {
                let mut values: Vec<u8> = samples.iter().map(|s| s[c]).collect();
                values.sort_unstable();
                values[values.len() / 2]
            })
        };
        let mut draws = crate::vision::testing::draws(11);
        let mut next = || draws() as u8;
        for count in 1..=64usize {
            // Drawn from a few colours, so some sets have a colour more than half share.
            for palette in [1usize, 2, 3, 8, 256] {
                let colours: Vec<[u8; 3]> =
                    (0..palette).map(|_| [next(), next(), next()]).collect();
                let samples: Vec<[u8; 3]> = (0..count)
                    .map(|_| colours[usize::from(next()) % palette])
                    .collect();
                assert_eq!(
                    median_colour(&samples),
                    sorted_median(&samples),
                    "{samples:?}"
                );
            }
        }
    }

    /// A flat board of `n`×`n` tiles of `tile` px at (10, 10) in a page of white, with a 1-pixel
    /// line only every other tile (a page at 50%), each tile open where `open(row, col)`.
    fn merged_board(n: u32, tile: u32, open: impl Fn(u32, u32) -> bool) -> RgbImage {
        on_a_page(n * tile, |dx, dy| {
            if dx % (2 * tile) == 0 || dy % (2 * tile) == 0 {
                return Rgb(LINE);
            }
            Rgb(if open(dy / tile, dx / tile) {
                OPEN
            } else {
                COVERED
            })
        })
    }

    /// A board `side` pixels square at (10, 10) in a page of white, each pixel `paint(dx, dy)`
    /// at (`dx`, `dy`) from the board's corner.
    fn on_a_page(side: u32, paint: impl Fn(u32, u32) -> Rgb<u8>) -> RgbImage {
        RgbImage::from_fn(20 + side, 20 + side, |x, y| {
            let inside = (10..10 + side).contains(&x) && (10..10 + side).contains(&y);
            if inside {
                paint(x - 10, y - 10)
            } else {
                Rgb([255; 3])
            }
        })
    }

    /// The grid of squares the finder takes on such a board: its merged pairs of tiles.
    fn merged_grid(n: u32, tile: u32) -> Grid {
        Grid {
            x: 10.5,
            y: 10.5,
            pitch_x: f64::from(2 * tile),
            pitch_y: f64::from(2 * tile),
            rows: (n / 2) as usize,
            cols: (n / 2) as usize,
        }
    }

    #[test]
    fn cells_of_four_tiles_on_the_frontier_halve_the_pitch() {
        // Open tiles below the board's diagonal, a step of one tile per row: the frontier
        // crosses the merged cells through their middles.
        let image = merged_board(16, 16, |row, col| col < row);
        let half = halved(&image, merged_grid(16, 16)).expect("halved");
        assert_eq!((half.pitch_x, half.pitch_y), (16.0, 16.0));
        assert_eq!((half.rows, half.cols), (16, 16));
        assert_eq!((half.x, half.y), (10.5, 10.5));
    }

    #[test]
    fn a_fresh_board_of_merged_tiles_keeps_the_pitch_found() {
        let image = merged_board(16, 16, |_, _| false);
        assert_eq!(halved(&image, merged_grid(16, 16)), None);
    }

    #[test]
    fn a_note_over_the_board_keeps_its_pitch() {
        // Tiles of 32 px, every line shown, all of one face, and a dark note over three rows
        // of them, its edges 13 px below a tile's top and 21 px right of its left: the cells
        // its edges cross show the board's face beside the note's, not meeting in their
        // middles (halved, its tiles show one face in each quarter).
        let tile = 32;
        let image = on_a_page(8 * tile, |dx, dy| {
            let note = (tile / 2 + 5..7 * tile + 5).contains(&dx)
                && (2 * tile + 13..5 * tile + 13).contains(&dy);
            if note {
                Rgb([44; 3])
            } else if dx % tile == 0 || dy % tile == 0 {
                Rgb(LINE)
            } else {
                Rgb(COVERED)
            }
        });
        assert_eq!(halved(&image, Grid::square(10.5, 10.5, 32.0, 8, 8)), None);
    }

    #[test]
    fn bevelled_tiles_keep_their_pitch() {
        // Tiles of 32 px, each lit in its upper left half and shaded in its lower right one
        // (a bevel), some open and flat: a tile shows two faces in its quarters, but no whole
        // tile shows either.
        let tile = 32;
        let image = on_a_page(8 * tile, |x, y| {
            let (row, col) = (y / tile, x / tile);
            let (dx, dy) = (x % tile, y % tile);
            if col < row {
                Rgb(OPEN)
            } else if dx + dy < tile {
                Rgb([230; 3])
            } else {
                Rgb([150; 3])
            }
        });
        assert_eq!(halved(&image, Grid::square(10.0, 10.0, 32.0, 8, 8)), None);
    }
}
