//! A lattice found at a whole multiple of the tiles' pitch, brought down to the tiles' own.
//!
//! A flat skin's 1-pixel grid lines, drawn zoomed out to a fraction of a pixel, land on a pixel
//! in a repeating pattern: at 67% a page's 20.6 px tiles show a line, skip one, show one, so
//! the tiles merge into a single, a pair, a single, a pair. The square regions are then the
//! pairs of pairs, three tiles apart, and the grid finder takes them for tiles 62 px wide: a
//! fresh 16x16 board reads as a 5x5 one. The regions' edges tell: they lie on a lattice a
//! third of that pitch (the single tiles' edges sit between the squares'), which the squares'
//! own lattice cannot explain.
//!
//! A finer lattice is taken only where the found squares leave room for the tiles between
//! them (merged tiles leave a whole tile of their cell empty; real ones, a bevel or a gap), and
//! where its lines are real ones: both the starts and the ends of regions on more than one of
//! its classes. A tile's own inner shapes keep one offset in every tile; only a glyph a third of
//! a tile wide, centred, puts both of its edges on the thirds, and it lies inside a square that
//! fills its cell.

use super::blobs::Blob;
use super::grid::{median, Grid, MIN_PITCH};
use super::pitch::{
    best_lattice_near, lattice_score, RegionEdges, BETTER, MAX_MERGED, MIN_EDGES, NEAR,
};

/// The fractions of the found pitch tried: a missing line every other tile, or two in three.
const DIVISORS: [usize; 2] = [3, 2];
/// The finer pitch is searched within this share of the found pitch's fraction (the found one
/// comes from a handful of squares' centres).
const SEARCH: f64 = 0.03;
/// A class of the finer lattice other than the coarse one's must hold this share of the edges
/// on it, among the starts and among the ends alike.
const OTHER_CLASS: f64 = 0.2;
/// The found squares must leave at least this share of a finer tile of their cells empty: the
/// room where the tiles between merged ones lie.
const ROOM: f64 = 0.75;

/// `grid` on the finer lattice its regions' edges show, where they show one: pitch a half or a
/// third of the found one along either axis, its origin on the finer lattice's first boundary
/// inside the grid, and as many rows and columns as fit the grid's span (growing the grid
/// further is [`extend`](super::extend)'s work). `None` where both axes keep their pitch.
pub fn subdivided(grid: Grid, blobs: &[Blob]) -> Option<Grid> {
    let top = grid.y;
    let bottom = grid.y + grid.pitch_y * grid.rows as f64;
    let left = grid.x;
    let right = grid.x + grid.pitch_x * grid.cols as f64;
    let fine_x = (grid.pitch_x / 3.0).max(MIN_PITCH);
    let fine_y = (grid.pitch_y / 3.0).max(MIN_PITCH);
    // Regions the size of the finest tiles tried or more, up to a few of the found ones merged:
    // one set for the found pitch and for every finer one, so their scores compare.
    let edges = RegionEdges::level_with(&grid, blobs, |w, h| {
        (0.5 * fine_x..=MAX_MERGED * grid.pitch_x).contains(&w)
            && (0.5 * fine_y..=MAX_MERGED * grid.pitch_y).contains(&h)
    });
    // The squares the grid was found from, and how much of their cells they leave empty.
    let squares: Vec<&&Blob> = (edges.across.iter())
        .filter(|b| f64::from(b.x0) < right && f64::from(b.x1) > left)
        .filter(|b| {
            let (w, h) = (f64::from(b.width()), f64::from(b.height()));
            (0.5 * grid.pitch_x..=grid.pitch_x).contains(&w)
                && (0.5 * grid.pitch_y..=grid.pitch_y).contains(&h)
        })
        .collect();
    let gap_x =
        median(squares.iter().map(|b| f64::from(b.width())).collect()).map(|w| grid.pitch_x - w);
    let gap_y =
        median(squares.iter().map(|b| f64::from(b.height())).collect()).map(|h| grid.pitch_y - h);
    let mut out = grid;
    if let Some((pitch, phase)) = finer_pitch(grid.pitch_x, gap_x, &edges.starts_x, &edges.ends_x) {
        (out.x, out.cols) = fitted_span(left, right, pitch, phase);
        out.pitch_x = pitch;
    }
    if let Some((pitch, phase)) = finer_pitch(grid.pitch_y, gap_y, &edges.starts_y, &edges.ends_y) {
        (out.y, out.rows) = fitted_span(top, bottom, pitch, phase);
        out.pitch_y = pitch;
    }
    if out == grid || out.rows == 0 || out.cols == 0 {
        return None;
    }
    tracing::debug!(?grid, finer = ?out, "the regions' edges lie on a finer lattice");
    Some(out)
}

/// The pitch a half or a third of `pitch` whose lattice the regions' `starts` and `ends` fill
/// out, with its boundaries' phase; `None` when `pitch` explains them as well. `gap` is what
/// the found squares leave of their cells (`None`: no squares): merged tiles leave a whole tile
/// between them, where real tiles leave a bevel or a gap (and a glyph a third of a tile wide,
/// centred, puts its edges on the thirds of every tile).
fn finer_pitch(pitch: f64, gap: Option<f64>, starts: &[f64], ends: &[f64]) -> Option<(f64, f64)> {
    if starts.len() + ends.len() < MIN_EDGES {
        return None;
    }
    let own = lattice_score(pitch, starts, ends);
    DIVISORS.iter().find_map(|&divisor| {
        let centre = pitch / divisor as f64;
        if centre < MIN_PITCH || !gap.is_some_and(|gap| gap >= ROOM * centre) {
            return None;
        }
        let lattice = best_lattice_near(centre, centre * SEARCH, starts, ends)?;
        let clearly = lattice.count >= BETTER * own && lattice.count >= MIN_EDGES as f64;
        let spread =
            |edges: &[f64], phase: f64| classes_filled(edges, lattice.pitch, phase, divisor) >= 2;
        (clearly && spread(starts, lattice.start_phase) && spread(ends, lattice.end_phase))
            .then(|| lattice.fitted(starts, ends))
    })
}

/// How many of the `divisor` classes of the lattice (`q`, `phase`) (boundary `n` is in class
/// `n mod divisor`) hold at least [`OTHER_CLASS`] of the `edges` on the lattice.
fn classes_filled(edges: &[f64], q: f64, phase: f64, divisor: usize) -> usize {
    let mut counts = vec![0usize; divisor];
    for e in edges {
        let n = ((e - phase) / q).round();
        if (e - phase - n * q).abs() <= NEAR {
            counts[(n as i64).rem_euclid(divisor as i64) as usize] += 1;
        }
    }
    let on: usize = counts.iter().sum();
    (counts.iter())
        .filter(|&&c| on > 0 && c as f64 >= OTHER_CLASS * on as f64)
        .count()
}

/// The first boundary of the lattice (`pitch`, `phase`) at or after `start` (within a quarter
/// tile), and how many whole tiles from it fit before `end` (within a quarter tile).
fn fitted_span(start: f64, end: f64, pitch: f64, phase: f64) -> (f64, usize) {
    let first = phase + ((start - pitch / 4.0 - phase) / pitch).ceil() * pitch;
    let count = ((end - first) / pitch + 0.25).floor().max(0.0) as usize;
    (first, count)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::testing::{blob, merged_regions};

    /// The regions of an `n` by `n` board of `pitch` tiles from (`x`, `y`) whose grid lines
    /// show only where `shown(i)` (lines `0` and `n` always): tiles between hidden lines merge.
    fn aliased(x: f64, y: f64, pitch: f64, n: usize, shown: impl Fn(usize) -> bool) -> Vec<Blob> {
        let lines: Vec<usize> = (0..=n).filter(|&i| i == 0 || i == n || shown(i)).collect();
        merged_regions(x, y, pitch, &lines, &lines)
    }

    #[test]
    fn a_grid_found_at_three_tiles_comes_down_to_one() {
        // A line, one skipped, a line: a single tile and a pair in turn, as at 67%.
        let truth = 20.625;
        let blobs = aliased(735.0, 329.0, truth, 16, |i| i % 3 != 2);
        // The grid finder's lattice of the pairs of pairs, three tiles apart.
        let coarse = Grid {
            x: 735.0 + 1.5 * truth,
            y: 329.0 + 1.5 * truth,
            pitch_x: 61.9,
            pitch_y: 61.9,
            rows: 4,
            cols: 4,
        };
        let fine = subdivided(coarse, &blobs).expect("a finer lattice");
        // Edges on whole pixels fix a pitch over 16 tiles to a few hundredths of a pixel.
        assert!((fine.pitch_x - truth).abs() < 0.04, "{fine:?}");
        assert!((fine.pitch_y - truth).abs() < 0.04, "{fine:?}");
        // On a tile boundary of the board, inside the coarse grid's span.
        let off =
            |v: f64, origin: f64| ((v - origin) / truth - ((v - origin) / truth).round()).abs();
        assert!(
            off(fine.x, 735.0) < 0.05 && off(fine.y, 329.0) < 0.05,
            "{fine:?}"
        );
        assert!(
            fine.x >= coarse.x - truth / 4.0 && fine.cols >= 11,
            "{fine:?}"
        );
    }

    #[test]
    fn a_board_whose_lines_all_show_keeps_its_pitch() {
        let blobs = aliased(100.0, 50.0, 36.0, 12, |_| true);
        let grid = Grid {
            x: 100.0,
            y: 50.0,
            pitch_x: 36.0,
            pitch_y: 36.0,
            rows: 12,
            cols: 12,
        };
        assert_eq!(subdivided(grid, &blobs), None);
    }

    #[test]
    fn glyphs_a_third_of_a_tile_wide_do_not_make_a_finer_lattice() {
        // GNOME Mines' rounded tiles, 4 px apart, many of them showing a digit 14 px wide in
        // their middle: the digits' edges lie on the thirds of the tiles.
        let pitch = 41.25;
        let mut blobs = Vec::new();
        for r in 0..16 {
            for c in 0..16 {
                let (x, y) = (600.0 + c as f64 * pitch, 150.0 + r as f64 * pitch);
                let (x0, y0) = (x.round() as u32, y.round() as u32);
                blobs.push(blob(x0 + 2, y0 + 2, x0 + 39, y0 + 39));
                if (r + c) % 2 == 0 {
                    let left = (x + pitch / 3.0).round() as u32;
                    blobs.push(blob(left, y0 + 10, left + 14, y0 + 30));
                }
            }
        }
        let grid = Grid {
            x: 600.0,
            y: 150.0,
            pitch_x: pitch,
            pitch_y: pitch,
            rows: 16,
            cols: 16,
        };
        assert_eq!(subdivided(grid, &blobs), None);
    }

    #[test]
    fn shapes_inside_every_tile_do_not_make_a_finer_lattice() {
        // Raised tiles: each tile's face inset by a bevel, and a digit's hole in its middle,
        // both at one offset in every tile.
        let pitch = 36u32;
        let mut blobs = Vec::new();
        for r in 0..10 {
            for c in 0..10 {
                let (x, y) = (100 + c * pitch, 50 + r * pitch);
                blobs.push(blob(x + 4, y + 4, x + pitch - 4, y + pitch - 4));
                blobs.push(blob(x + 13, y + 11, x + 23, y + 25));
            }
        }
        let grid = Grid {
            x: 100.0,
            y: 50.0,
            pitch_x: 36.0,
            pitch_y: 36.0,
            rows: 10,
            cols: 10,
        };
        assert_eq!(subdivided(grid, &blobs), None);
    }
}
