//! The lattice's pitch checked against the edges of every flat region, not only the centres of
//! the square ones.
//!
//! A browser zoomed out draws a flat skin's 1-pixel grid lines at a fraction of a pixel: some
//! land on a pixel and some vanish, so pairs of tiles merge into one flat region, and the few
//! tiles left square sit between lines of unequal spacing. Their centres give a pitch a few
//! percent off (21.0 px for 20.6 px tiles at 67%), enough that the grid drifts a tile off within
//! a dozen columns and stops growing there. The edges of all the regions, merged or not, still
//! lie on tile boundaries: the pitch that puts most of them on a lattice is the tiles' own.

use super::blobs::Blob;
use super::grid::Grid;

/// Candidate pitches: within this share of the lattice's own.
const SEARCH: f64 = 0.06;
/// Candidate pitches are this far apart, in pixels, first; then the best one's neighbourhood
/// is searched [`FINE_STEP`] apart.
const STEP: f64 = 0.05;
const FINE_STEP: f64 = 0.005;
/// Regions wider (or taller) than this many tiles are not tiles merged by a missing line (a
/// page's background, a panel) and are left out.
pub(super) const MAX_MERGED: f64 = 4.0;
/// An edge counts as on the lattice within this many pixels.
pub(super) const NEAR: f64 = 0.75;
/// Another pitch replaces the lattice's only when it puts this many times as many edges on a
/// lattice (ordinary boards' edges all sit on their lattice already, and keep it).
pub(super) const BETTER: f64 = 1.25;
/// And at least this many edges, so a handful of regions never moves a grid.
pub(super) const MIN_EDGES: usize = 24;

/// `grid` with each pitch replaced by the one that puts clearly more region edges on a lattice,
/// where there is one; its origin moved to the nearest tile boundary of the new lattice.
pub fn refine_pitch(grid: Grid, blobs: &[Blob]) -> Grid {
    // Regions of tile size or more.
    let edges = RegionEdges::level_with(&grid, blobs, |w, h| {
        (0.5 * grid.pitch_x..=MAX_MERGED * grid.pitch_x).contains(&w)
            && (0.5 * grid.pitch_y..=MAX_MERGED * grid.pitch_y).contains(&h)
    });
    let (starts_x, ends_x) = (&edges.starts_x, &edges.ends_x);
    let (starts_y, ends_y) = (&edges.starts_y, &edges.ends_y);
    let mut out = grid;
    if let Some((pitch, boundary)) = better_pitch(grid.pitch_x, starts_x, ends_x) {
        out.pitch_x = pitch;
        out.x = nearest_boundary(grid.x, pitch, boundary);
    }
    if let Some((pitch, boundary)) = better_pitch(grid.pitch_y, starts_y, ends_y) {
        out.pitch_y = pitch;
        out.y = nearest_boundary(grid.y, pitch, boundary);
    }
    if out != grid {
        tracing::debug!(?grid, refined = ?out, "pitch refined on the regions' edges");
    }
    out
}

/// Where the regions level with a grid start and end: along x those level with its rows, along
/// y those level with its columns (beside the grid too: the lines it has not reached yet are
/// what a pitch search is for, and they fix the pitch over the board's whole span).
pub(super) struct RegionEdges<'a> {
    pub starts_x: Vec<f64>,
    pub ends_x: Vec<f64>,
    pub starts_y: Vec<f64>,
    pub ends_y: Vec<f64>,
    /// The regions level with the grid's rows, whose x edges these are.
    pub across: Vec<&'a Blob>,
}

impl<'a> RegionEdges<'a> {
    /// The edges of the `blobs` whose width and height pass `sized`, level with `grid`.
    pub fn level_with(grid: &Grid, blobs: &'a [Blob], sized: impl Fn(f64, f64) -> bool) -> Self {
        let (left, top) = (grid.x, grid.y);
        let right = grid.x + grid.pitch_x * grid.cols as f64;
        let bottom = grid.y + grid.pitch_y * grid.rows as f64;
        let sized = |b: &&Blob| sized(f64::from(b.width()), f64::from(b.height()));
        let across: Vec<&Blob> = (blobs.iter())
            .filter(sized)
            .filter(|b| f64::from(b.y0) < bottom && f64::from(b.y1) > top)
            .collect();
        let down: Vec<&Blob> = (blobs.iter())
            .filter(sized)
            .filter(|b| f64::from(b.x0) < right && f64::from(b.x1) > left)
            .collect();
        RegionEdges {
            starts_x: across.iter().map(|b| f64::from(b.x0)).collect(),
            ends_x: across.iter().map(|b| f64::from(b.x1)).collect(),
            starts_y: down.iter().map(|b| f64::from(b.y0)).collect(),
            ends_y: down.iter().map(|b| f64::from(b.y1)).collect(),
            across,
        }
    }
}

/// The pitch near `pitch` that puts most of the regions' `starts` and `ends` on one lattice
/// each, with the phase of its tile boundaries; `None` when it is not clearly better than
/// `pitch` itself.
fn better_pitch(pitch: f64, starts: &[f64], ends: &[f64]) -> Option<(f64, f64)> {
    if starts.len() + ends.len() < MIN_EDGES {
        return None;
    }
    let own = lattice_score(pitch, starts, ends);
    let found = best_lattice_near(pitch, pitch * SEARCH, starts, ends)?;
    let clearly = found.count >= BETTER * own && found.count >= MIN_EDGES as f64;
    if !clearly || (found.pitch - pitch).abs() < 2.0 * FINE_STEP {
        return None;
    }
    Some(found.fitted(starts, ends))
}

/// A lattice the regions' edges were searched for: its pitch, how many edges it puts on it
/// (weighed as [`best_phase`] does), and the phases of the starts and of the ends.
#[derive(Clone, Copy, Debug)]
pub(super) struct Lattice {
    pub count: f64,
    pub pitch: f64,
    pub start_phase: f64,
    pub end_phase: f64,
}

impl Lattice {
    /// The pitch fitted to the edges this lattice holds, and the phase of its tile boundaries.
    pub fn fitted(&self, starts: &[f64], ends: &[f64]) -> (f64, f64) {
        // The search steps by a few thousandths of a pixel and edges sit on whole pixels: the
        // edges it put on the lattice then fix the pitch by least squares, over the whole span.
        let q = fitted_pitch(
            self.pitch,
            &[(starts, self.start_phase), (ends, self.end_phase)],
        )
        .unwrap_or(self.pitch);
        let (_, s_phase) = best_phase(starts, q);
        let (_, e_phase) = best_phase(ends, q);
        // A region starts just after a boundary and ends just before the next: the boundary
        // lies midway between the end phase and the start phase (going round the circle
        // forwards).
        let gap = (s_phase - e_phase).rem_euclid(q);
        (q, (e_phase + gap / 2.0).rem_euclid(q))
    }
}

/// How many of `starts` and `ends` lie on one lattice each of pitch `q`.
pub(super) fn lattice_score(q: f64, starts: &[f64], ends: &[f64]) -> f64 {
    best_phase(starts, q).0 + best_phase(ends, q).0
}

/// The lattice within `reach` pixels of pitch `centre` that puts most `starts` and `ends` on
/// it: searched [`STEP`] apart, then round the best [`FINE_STEP`] apart.
pub(super) fn best_lattice_near(
    centre: f64,
    reach: f64,
    starts: &[f64],
    ends: &[f64],
) -> Option<Lattice> {
    let best_of = |centre: f64, steps: i64, step: f64| {
        (-steps..=steps)
            .map(|k| centre + k as f64 * step)
            .filter(|&q| q > 0.0)
            .map(|q| {
                let (s, start_phase) = best_phase(starts, q);
                let (e, end_phase) = best_phase(ends, q);
                Lattice {
                    count: s + e,
                    pitch: q,
                    start_phase,
                    end_phase,
                }
            })
            .max_by(|a, b| {
                a.count
                    .total_cmp(&b.count)
                    .then(b.pitch.total_cmp(&a.pitch))
            })
    };
    let coarse = best_of(centre, (reach / STEP).ceil() as i64, STEP)?;
    best_of(coarse.pitch, (STEP / FINE_STEP).ceil() as i64, FINE_STEP)
}

/// The slope of the line through each group's edges against their lattice index (pitch `q`,
/// the group's phase), one slope for all groups, each group its own intercept; edges more than
/// [`NEAR`] off their lattice left out.
fn fitted_pitch(q: f64, groups: &[(&[f64], f64)]) -> Option<f64> {
    let (mut sxy, mut sxx) = (0.0, 0.0);
    for &(edges, phase) in groups {
        let inliers: Vec<(f64, f64)> = edges
            .iter()
            .map(|&e| (((e - phase) / q).round(), e))
            .filter(|&(n, e)| (e - phase - n * q).abs() <= NEAR)
            .collect();
        if inliers.len() < 2 {
            continue;
        }
        let count = inliers.len() as f64;
        let mean_n = inliers.iter().map(|p| p.0).sum::<f64>() / count;
        let mean_e = inliers.iter().map(|p| p.1).sum::<f64>() / count;
        for (n, e) in inliers {
            sxy += (n - mean_n) * (e - mean_e);
            sxx += (n - mean_n) * (n - mean_n);
        }
    }
    (sxx > 0.0).then(|| sxy / sxx)
}

/// How well `edges` fit one lattice of pitch `q`, and that lattice's phase: the edges' phases
/// counted in quarter-pixel bins round the circle, then summed over a window of [`NEAR`] either
/// side, each bin weighed down with its distance from the window's centre (an edge on the
/// lattice counts 1, one [`NEAR`] off nothing), so the pitch that fits exactly beats its
/// neighbours that fit loosely.
fn best_phase(edges: &[f64], q: f64) -> (f64, f64) {
    const BIN: f64 = 0.25;
    let bins = (q / BIN).ceil() as usize;
    if bins == 0 {
        return (0.0, 0.0);
    }
    let mut counts = vec![0usize; bins];
    for e in edges {
        let bin = ((e.rem_euclid(q) / BIN) as usize).min(bins - 1);
        counts[bin] += 1;
    }
    let half = (NEAR / BIN).round() as usize;
    let weight = |k: usize| 1.0 - k.abs_diff(half) as f64 / (half + 1) as f64;
    (0..bins)
        .map(|centre| {
            let window: f64 = (0..=2 * half)
                .map(|k| counts[(centre + bins + k - half) % bins] as f64 * weight(k))
                .sum();
            (window, (centre as f64 + 0.5) * BIN)
        })
        .max_by(|a, b| a.0.total_cmp(&b.0).then(b.1.total_cmp(&a.1)))
        .unwrap_or((0.0, 0.0))
}

/// The boundary of the lattice (`pitch`, `phase`) nearest to `x`.
fn nearest_boundary(x: f64, pitch: f64, phase: f64) -> f64 {
    phase + ((x - phase) / pitch).round() * pitch
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::testing::blob;

    /// Regions of a board whose tiles are `pitch` apart from (`x`, `y`), `n` by `n`, where only
    /// every other boundary shows a line: tiles merge in pairs along both axes.
    fn merged_pairs(x: f64, y: f64, pitch: f64, n: usize) -> Vec<Blob> {
        let line = |i: usize, origin: f64| (origin + i as f64 * pitch).round() as u32;
        let mut blobs = Vec::new();
        for row in (0..n).step_by(2) {
            for col in (0..n).step_by(2) {
                blobs.push(blob(
                    line(col, x) + 1,
                    line(row, y) + 1,
                    line(col + 2, x),
                    line(row + 2, y),
                ));
            }
        }
        blobs
    }

    #[test]
    fn merged_tiles_bring_a_drifting_pitch_back_to_the_tiles_own() {
        let truth = 20.625;
        let blobs = merged_pairs(735.0, 311.0, truth, 16);
        let off = Grid {
            x: 735.0,
            y: 311.0,
            pitch_x: 21.0,
            pitch_y: 20.5,
            rows: 16,
            cols: 10,
        };
        let refined = refine_pitch(off, &blobs);
        assert!((refined.pitch_x - truth).abs() < 0.02, "{refined:?}");
        assert!((refined.pitch_y - truth).abs() < 0.02, "{refined:?}");
        assert!((refined.x - 735.0).abs() < 1.0 && (refined.y - 311.0).abs() < 1.0);
    }

    #[test]
    fn a_lattice_its_regions_already_fit_is_kept() {
        // Every tile its own region, 1-pixel lines between them.
        let blobs: Vec<Blob> = (0..12u32)
            .flat_map(|r| (0..12u32).map(move |c| (r, c)))
            .map(|(r, c)| {
                blob(
                    100 + c * 24 + 1,
                    50 + r * 24 + 1,
                    100 + (c + 1) * 24,
                    50 + (r + 1) * 24,
                )
            })
            .collect();
        let grid = Grid {
            x: 100.0,
            y: 50.0,
            pitch_x: 24.0,
            pitch_y: 24.0,
            rows: 12,
            cols: 12,
        };
        assert_eq!(refine_pitch(grid, &blobs), grid);
    }
}
