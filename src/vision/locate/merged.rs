//! A board whose grid lines vanish in no pattern the squares can follow: tiles merged into
//! rectangles of one, two or three tiles a side, no lattice of squares to start from.
//!
//! A flat skin's 1-pixel lines drawn at a fraction of a pixel land on one only now and then.
//! At 60% (a device scale of 0.9 and a page zoom of 67%) the flat clone's 18.6 px tiles show
//! lines after two tiles, two, one, two, two, two, one: the covered tiles merge into squares of
//! four, bars of two and single tiles, and the squares of four sit two or three tiles apart, so
//! no lattice of squares holds the nine a board needs (`subpitch` and `halves` start from one).
//! The rectangles' edges still lie on the tiles' boundaries, and their sides are whole numbers
//! of tiles: the lattice that puts their edges on it, at the widest pitch that does, gives the
//! tiles; the rectangles that fill whole cells of it, joined side by side, give the board's
//! place. Growing it over the open tiles is [`extend`](super::extend)'s work, as for any grid.

use std::collections::{BTreeMap, BTreeSet};

use super::blobs::Blob;
use super::grid::{Grid, MAX_PITCH, MIN_PITCH};
use super::pitch::{best_lattice_near, Lattice, MIN_EDGES};

/// A rectangle fills at least this share of its bounding box (a digit on an open tile leaves
/// a hole).
const FILLED: f64 = 0.75;
/// Merged tiles span at most this many tiles a side.
const MOST_MERGED: usize = 3;
/// A candidate pitch is searched within this share of itself.
const SEARCH: f64 = 0.03;
/// A wider pitch stands where it puts at least this share of the most edges any pitch puts
/// on a lattice (half the tiles' pitch puts every edge on its lattice too).
const NEARLY_ALL: f64 = 0.95;
/// An edge lies on a boundary of the lattice within this many pixels (a region starts a pixel
/// after the line and ends at it).
const ON_BOUNDARY: f64 = 1.5;
/// The fewest rectangles, and the fewest of them merged from several tiles, that make a board
/// of this kind: a page's panels rarely fill a lattice, and a board whose lines all show is
/// found from its squares.
const LEAST_CELLS: usize = 12;
const LEAST_MERGED: usize = 4;
/// The fewest tiles the rectangles joined must cover.
const LEAST_TILES: usize = 16;

/// The grid of tiles whose merged rectangles among `blobs` lie on one lattice, with the number
/// of tiles they cover; `None` where no such board shows.
pub fn merged_grid(blobs: &[Blob]) -> Option<(Grid, usize)> {
    let rects: Vec<&Blob> = (blobs.iter())
        .filter(|b| {
            let (w, h) = (f64::from(b.width()), f64::from(b.height()));
            let sized =
                |side: f64| (0.8 * MIN_PITCH..=MOST_MERGED as f64 * MAX_PITCH).contains(&side);
            sized(w) && sized(h) && f64::from(b.area) >= FILLED * w * h
        })
        .collect();
    if rects.len() < LEAST_CELLS {
        return None;
    }
    let starts_x: Vec<f64> = rects.iter().map(|b| f64::from(b.x0)).collect();
    let ends_x: Vec<f64> = rects.iter().map(|b| f64::from(b.x1)).collect();
    let starts_y: Vec<f64> = rects.iter().map(|b| f64::from(b.y0)).collect();
    let ends_y: Vec<f64> = rects.iter().map(|b| f64::from(b.y1)).collect();
    let pitches = candidates((rects.iter()).flat_map(|b| [b.width(), b.height()]));
    let (pitch_x, phase_x) = widest_lattice(&pitches, &starts_x, &ends_x)?;
    let (pitch_y, phase_y) = widest_lattice(&pitches, &starts_y, &ends_y)?;
    if (pitch_x - pitch_y).abs() > SEARCH * pitch_x.max(pitch_y) {
        return None;
    }
    // Each rectangle that fills whole cells of the lattice: the tiles it covers.
    let span = |start: f64, end: f64, pitch: f64, phase: f64| {
        let first = ((start - phase) / pitch).round();
        let last = ((end - phase) / pitch).round();
        let on = |edge: f64, n: f64| (edge - phase - n * pitch).abs() <= ON_BOUNDARY;
        let tiles = last - first;
        (on(start, first) && on(end, last) && (1.0..=MOST_MERGED as f64).contains(&tiles))
            .then_some((first as i64, last as i64))
    };
    let mut owner: BTreeMap<(i64, i64), usize> = BTreeMap::new();
    let mut merged = vec![false; rects.len()];
    for (index, b) in rects.iter().enumerate() {
        let columns = span(f64::from(b.x0), f64::from(b.x1), pitch_x, phase_x);
        let rows = span(f64::from(b.y0), f64::from(b.y1), pitch_y, phase_y);
        let (Some((c0, c1)), Some((r0, r1))) = (columns, rows) else {
            continue;
        };
        merged[index] = c1 - c0 > 1 || r1 - r0 > 1;
        for row in r0..r1 {
            for col in c0..c1 {
                owner.insert((row, col), index);
            }
        }
    }
    let tiles = largest_patch(&owner);
    let cells: BTreeSet<usize> = tiles.iter().map(|t| owner[t]).collect();
    let merged_cells = cells.iter().filter(|&&i| merged[i]).count();
    if tiles.len() < LEAST_TILES || cells.len() < LEAST_CELLS || merged_cells < LEAST_MERGED {
        return None;
    }
    let (rows, cols): (Vec<i64>, Vec<i64>) = tiles.iter().copied().unzip();
    let (top, left) = (*rows.iter().min()?, *cols.iter().min()?);
    let (bottom, right) = (*rows.iter().max()?, *cols.iter().max()?);
    let grid = Grid {
        x: phase_x + left as f64 * pitch_x,
        y: phase_y + top as f64 * pitch_y,
        pitch_x,
        pitch_y,
        rows: (bottom - top + 1) as usize,
        cols: (right - left + 1) as usize,
    };
    tracing::debug!(
        ?grid,
        cells = cells.len(),
        merged_cells,
        "a lattice of merged tiles"
    );
    Some((grid, tiles.len()))
}

/// The pitches a tile may have, from the rectangles' `sides`: each side plus a line, as one,
/// two or three tiles, rounded to a quarter pixel and counted once.
fn candidates(sides: impl Iterator<Item = u32>) -> Vec<f64> {
    let mut found: Vec<f64> = sides
        .flat_map(|side| (1..=MOST_MERGED).map(move |tiles| (f64::from(side) + 1.0) / tiles as f64))
        .filter(|pitch| (MIN_PITCH..=MAX_PITCH).contains(pitch))
        .map(|pitch| (pitch * 4.0).round() / 4.0)
        .collect();
    found.sort_by(f64::total_cmp);
    found.dedup();
    found
}

/// Of the lattices near the `candidates` that put the most `starts` and `ends` on them (at
/// least [`MIN_EDGES`]), the one of the widest pitch that puts nearly as many there: its pitch
/// and the phase of its boundaries.
fn widest_lattice(candidates: &[f64], starts: &[f64], ends: &[f64]) -> Option<(f64, f64)> {
    let lattices: Vec<Lattice> = (candidates.iter())
        .filter_map(|&centre| best_lattice_near(centre, centre * SEARCH, starts, ends))
        .collect();
    let most = lattices.iter().map(|l| l.count).fold(0.0, f64::max);
    if most < MIN_EDGES as f64 {
        return None;
    }
    let widest = (lattices.iter())
        .filter(|l| l.count >= NEARLY_ALL * most)
        .max_by(|a, b| a.pitch.total_cmp(&b.pitch))?;
    Some(widest.fitted(starts, ends))
}

/// The largest set of tiles in `owner` joined side by side.
fn largest_patch(owner: &BTreeMap<(i64, i64), usize>) -> Vec<(i64, i64)> {
    let mut seen: BTreeSet<(i64, i64)> = BTreeSet::new();
    let mut best: Vec<(i64, i64)> = Vec::new();
    for &start in owner.keys() {
        if !seen.insert(start) {
            continue;
        }
        let mut patch = vec![start];
        let mut next = 0;
        while next < patch.len() {
            let (row, col) = patch[next];
            next += 1;
            for near in [
                (row - 1, col),
                (row + 1, col),
                (row, col - 1),
                (row, col + 1),
            ] {
                if owner.contains_key(&near) && seen.insert(near) {
                    patch.push(near);
                }
            }
        }
        if patch.len() > best.len() {
            best = patch;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::testing::{blob, merged_regions};

    #[test]
    fn tiles_merged_in_no_pattern_give_the_tiles_lattice() {
        let pitch = 18.5625;
        let columns = [0, 2, 4, 5, 7, 9, 11, 12, 14, 16];
        let rows = [0, 1, 3, 5, 6, 8, 10, 11, 13, 15, 16];
        let blobs = merged_regions(752.4, 279.8, pitch, &columns, &rows);
        let (grid, tiles) = merged_grid(&blobs).expect("a board of merged tiles");
        assert_eq!((grid.rows, grid.cols, tiles), (16, 16, 256));
        assert!((grid.pitch_x - pitch).abs() < 0.05, "{grid:?}");
        assert!((grid.pitch_y - pitch).abs() < 0.05, "{grid:?}");
        assert!(
            (grid.x - 752.4).abs() < 1.0 && (grid.y - 279.8).abs() < 1.0,
            "{grid:?}"
        );
    }

    #[test]
    fn a_board_whose_lines_all_show_is_left_to_its_squares() {
        let all: Vec<usize> = (0..=12).collect();
        let blobs = merged_regions(100.0, 50.0, 24.0, &all, &all);
        assert_eq!(merged_grid(&blobs), None);
    }

    #[test]
    fn a_page_of_panels_is_no_board() {
        // Panels, buttons and pictures of assorted sizes down a page.
        let mut blobs = Vec::new();
        let mut y = 10;
        for (w, h) in [
            (300, 40),
            (120, 30),
            (87, 53),
            (45, 45),
            (200, 90),
            (33, 61),
        ] {
            let mut x = 10;
            for k in 0..3 {
                blobs.push(blob(x, y, x + w + 7 * k, y + h));
                x += w + 7 * k + 13;
            }
            y += h + 9;
        }
        assert_eq!(merged_grid(&blobs), None);
    }
}
