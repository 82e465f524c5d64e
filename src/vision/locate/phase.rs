//! The grid's lines brought onto the tiles' own edges, where the squares put them off.
//!
//! The lattice is fitted to the centres of the squares the tiles show, and a square is not
//! always its tile: a covered tile's face inside a bevel that is light on two sides and dark on
//! the others, an open tile's inside its grid line drawn on one side only. Where the board is
//! mostly one kind, the lattice sits off by that kind's bias. The SVG custom element
//! (mine-sweeper-tag) at 16.7 px (device scale 1, zoom 100%, 30×30) draws 2-pixel lines along
//! its open tiles' top and left; its lattice lay half a pixel left of them and a hair narrow, a
//! pixel short at the far side, and its opened board did not read (a "1" read as a mine).
//! winmine.html in Chromium's forced dark at 23.7 px, its tiles laid at two widths, sat 1.4 px
//! off at its left, and the board was refused. A board refused or refuted is read again on
//! the lines moved (`crate::pipeline::read_board`); the classifier learnt its tiles as the
//! squares' lattice samples them, so a board read well stays on it.
//!
//! Every skin marks the line between two tiles: the step from one tile's dark bevel to the
//! next one's light one, a grid line, the gap between rounded faces. So the lines are taken
//! where the picture changes most along them, summed over the board: the phase (and, within a
//! hair, the pitch) of the lattice that puts its lines on the strongest steps of brightness
//! across them. A digit or a symbol inside a tile lies at no fixed phase, and sums to little.

use super::grid::Grid;
use image::RgbImage;

/// How far (a share of the pitch) the lines are looked for from where the squares put them.
const REACH: f64 = 0.3;
/// The step (px) of the phases tried.
const PHASE_STEP: f64 = 0.25;
/// The pitches tried: the squares' own, and this many steps of [`PITCH_STEP`] either side.
const PITCH_STEPS: i32 = 4;
/// A step of pitch, as a share of it: over 30 tiles of 17 px, 0.4 px at the far side.
const PITCH_STEP: f64 = 0.0008;
/// How much more the lines must gather at the best phase than at the squares' own for it to
/// be taken: a skin whose lines the squares already meet gains nothing but noise.
const BETTER: f64 = 1.15;
/// The least distance (px) the best phase must lie from the squares' own to be taken: noise
/// moves a line a fraction of a pixel.
const MOVE: f64 = 0.75;

/// `grid` with its lines (across and down apart) moved to where the picture changes most along
/// them ([`REACH`] of a pitch at most), where that gathers clearly more change ([`BETTER`]) a
/// pixel or so away ([`MOVE`]).
pub fn on_the_tiles_edges(image: &RgbImage, grid: Grid) -> Grid {
    let (left, top) = (grid.x, grid.y);
    let (width, height) = (
        grid.pitch_x * grid.cols as f64,
        grid.pitch_y * grid.rows as f64,
    );
    // Across: the change from each column of pixels to the next, summed down the board; down:
    // from each row to the next, summed across it.
    let lines = |axis: Axis, span: (f64, f64), start: f64, pitch: f64, count: usize| {
        // The lines are looked for within a pitch of the board's extent (a reach of 0.3 of
        // one, and the pitch's own steps, move its far line less than that).
        let along = (start - pitch, start + pitch * (count + 1) as f64);
        let moved = best_lines(&profile(image, axis, span, along), start, pitch, count);
        if let Some((to, pitch)) = moved {
            tracing::debug!(
                ?axis,
                from = start,
                to,
                pitch,
                "the grid's lines moved onto the tiles' edges"
            );
        }
        moved.unwrap_or((start, pitch))
    };
    let (x, pitch_x) = lines(
        Axis::Across,
        (top, top + height),
        left,
        grid.pitch_x,
        grid.cols,
    );
    let (y, pitch_y) = lines(
        Axis::Down,
        (left, left + width),
        top,
        grid.pitch_y,
        grid.rows,
    );
    Grid {
        x,
        y,
        pitch_x,
        pitch_y,
        ..grid
    }
}

#[derive(Clone, Copy, Debug)]
enum Axis {
    /// Lines running down the board: change from one column of pixels to the next.
    Across,
    /// Lines running across it: change from one row to the next.
    Down,
}

/// For each boundary between pixel `i - 1` and pixel `i` along `axis` (index `i`, at position
/// `i` in the picture's coordinates) from `along.0` to `along.1` (0 elsewhere), the change in
/// brightness across it, summed over the pixels from `span.0` to `span.1` the other way.
fn profile(image: &RgbImage, axis: Axis, span: (f64, f64), along: (f64, f64)) -> Vec<f64> {
    let (w, h) = image.dimensions();
    let (length, other) = match axis {
        Axis::Across => (w, h),
        Axis::Down => (h, w),
    };
    let from = span.0.max(0.0).floor() as u32;
    let to = (span.1.min(f64::from(other))).ceil() as u32;
    let bright = |along: u32, at: u32| -> i32 {
        let p = match axis {
            Axis::Across => image.get_pixel(along, at),
            Axis::Down => image.get_pixel(at, along),
        };
        p.0.iter().map(|&c| i32::from(c)).sum()
    };
    let mut out = vec![0.0; length as usize + 1];
    let first = (along.0.floor().max(1.0) as u32).min(length);
    let last = (along.1.ceil() as u32 + 2).min(length);
    for at in from..to {
        for i in first..last {
            out[i as usize] += f64::from((bright(i, at) - bright(i - 1, at)).abs());
        }
    }
    out
}

/// The change `profile` gathers on `count + 1` lines from `start`, `pitch` apart (each read
/// between the two boundaries round it).
fn gathered(profile: &[f64], start: f64, pitch: f64, count: usize) -> Option<f64> {
    let mut sum = 0.0;
    for k in 0..=count {
        let at = start + k as f64 * pitch;
        if at < 0.0 {
            return None;
        }
        let i = at.floor() as usize;
        let t = at - i as f64;
        let (a, b) = (profile.get(i)?, profile.get(i + 1)?);
        sum += a * (1.0 - t) + b * t;
    }
    Some(sum)
}

/// The start and pitch of the `count + 1` lines near `start` and `pitch` that gather the most
/// change, where it beats the lines as found by [`BETTER`] and moves them [`MOVE`] or more.
fn best_lines(profile: &[f64], start: f64, pitch: f64, count: usize) -> Option<(f64, f64)> {
    let found = gathered(profile, start, pitch, count)?;
    let reach = REACH * pitch;
    let steps = (reach / PHASE_STEP).floor() as i32;
    let mut best = (found, start, pitch);
    for s in -PITCH_STEPS..=PITCH_STEPS {
        let p = pitch * (1.0 + f64::from(s) * PITCH_STEP);
        // Pivot on the board's middle, so a change of pitch does not move it.
        let middle = start + pitch * count as f64 / 2.0;
        for step in -steps..=steps {
            let x = middle - p * count as f64 / 2.0 + f64::from(step) * PHASE_STEP;
            if let Some(sum) = gathered(profile, x, p, count) {
                if sum > best.0 {
                    best = (sum, x, p);
                }
            }
        }
    }
    let (sum, x, p) = best;
    let end_moved = (x + p * count as f64) - (start + pitch * count as f64);
    let moved = (x - start).abs().max(end_moved.abs());
    (sum >= BETTER * found && moved >= MOVE).then_some((x, p))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board of `count` columns `pitch` px wide from `start`, each a light bevel on its left
    /// two pixels, a dark one on its right two, a grey face between.
    fn bevelled(start: u32, pitch: u32, count: u32) -> RgbImage {
        RgbImage::from_fn(start * 2 + pitch * count, pitch, |x, _| {
            if x < start || x >= start + pitch * count {
                return image::Rgb([90, 90, 90]);
            }
            let inside = (x - start) % pitch;
            let v = match inside {
                0 | 1 => 250,
                i if i + 2 >= pitch => 60,
                _ => 190,
            };
            image::Rgb([v; 3])
        })
    }

    /// One row of 8 columns 17 px wide, the first line at `x`.
    fn row_from(x: f64) -> Grid {
        Grid {
            x,
            y: 0.0,
            pitch_x: 17.0,
            pitch_y: 17.0,
            rows: 1,
            cols: 8,
        }
    }

    #[test]
    fn lines_off_by_two_pixels_move_onto_the_bevels_step() {
        // The squares' centres biased two pixels left.
        let moved = on_the_tiles_edges(&bevelled(20, 17, 8), row_from(18.0));
        assert!((moved.x - 20.0).abs() <= 0.5, "{moved:?}");
        assert!((moved.pitch_x - 17.0).abs() <= 0.05, "{moved:?}");
    }

    #[test]
    fn lines_already_on_the_edges_stay() {
        let grid = row_from(20.0);
        assert_eq!(on_the_tiles_edges(&bevelled(20, 17, 8), grid), grid);
    }
}
