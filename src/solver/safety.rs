//! How safe a board is, in the two figures a guess's look-ahead reads: whether some tile is
//! certainly safe, and the lowest mine chance otherwise. The same exact count as
//! [`super::analyze`] in global mode, read once per group instead of building every tile's
//! probability.
//!
//! [`safety_after`] asks it for every number one tile could show. Those boards differ only in
//! that number, so they share the frontier, the groups, the subsystems and the count of every
//! subsystem the new number is not part of; only the subsystem holding it is counted again.

use super::analysis::{Counted, Weighing};
use super::combine::convolve_all;
use super::constraints::build_frontier;
use super::count::{count_forward, final_count, plan_sweep, tile_mine_counts, Layer, Plan};
use super::poly::Poly;
use super::system::Parts;
use super::{Ratio, SolveError};
use crate::board::{Board, Cell, Pos};
use num_bigint::BigUint;
use num_traits::Zero;

/// Whether a board has a certainly safe tile, and its safest guess otherwise.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Safety {
    /// Some covered tile is a mine in no layout.
    pub any_safe: bool,
    /// The lowest mine chance among covered tiles that are neither safe nor certain mines
    /// (`None` when there is no such tile).
    pub lowest: Option<f64>,
}

/// [`Safety`] of `board` with `mines` in all (flags included).
///
/// Errors as [`super::analyze`]'s: an inconsistent board, or a total no layout fits.
pub fn safety(board: &Board, mines: u64) -> Result<Safety, SolveError> {
    let counted = Counted::new(board, Some(mines), false)?;
    let outside = !counted.system.frontier.outside.is_empty();
    Ok(read_safety(
        &counted.system.parts.plans,
        &counted.layers,
        &counted.weighing,
        outside,
    ))
}

/// [`Safety`] of `board` after the covered tile at `pos` is opened and shows each of `values`
/// (`mines` in all, flags included), in the order of `values`. `None` for a number no layout
/// allows there.
pub fn safety_after(board: &Board, mines: u64, pos: Pos, values: &[u8]) -> Vec<Option<Safety>> {
    let none = || vec![None; values.len()];
    let known = board.known_mines() as u64;
    let Some(left) = mines.checked_sub(known) else {
        return none();
    };
    if !board.get(pos).is_unrevealed() {
        return none();
    }
    // Which numbers can stand at `pos` at all: its own flags up to its flags and covered tiles.
    let (mut flags, mut covered) = (0u8, 0u8);
    for n in board.neighbors(pos) {
        let cell = board.get(n);
        if cell.is_known_mine() {
            flags += 1;
        } else if cell.is_unrevealed() {
            covered += 1;
        }
    }
    let fits = |v: u8| v >= flags && v - flags <= covered;
    let Some(&first) = values.iter().find(|&&v| fits(v)) else {
        return none();
    };

    let mut after = board.clone();
    after.set(pos, Cell::Number(first));
    let Ok(mut frontier) = build_frontier(&after) else {
        // Another number is already impossible: so is every outcome.
        return none();
    };
    let mut parts = Parts::new(&frontier.constraints, frontier.tiles.len());
    let mut layers: Vec<Vec<Layer>> = parts.plans.iter().map(|p| count_forward(p, true)).collect();
    // The new number's equation and its subsystem (none when it touches no covered tile: then
    // only one number fits and nothing is counted again).
    let changing = frontier
        .constraints
        .iter()
        .position(|c| c.pos == pos)
        .and_then(|c| {
            let j = parts.subsystems.iter().position(|s| {
                s.order
                    .iter()
                    .any(|&g| parts.groups[g].constraints.contains(&c))
            })?;
            Some((c, j))
        });
    let outside_tiles = frontier.outside.len() as u64;
    let mut counted_for = first;
    values
        .iter()
        .map(|&v| {
            if !fits(v) {
                return None;
            }
            if let Some((c, j)) = changing {
                if v != counted_for {
                    frontier.constraints[c].need = v - flags;
                    parts.plans[j] =
                        plan_sweep(&parts.subsystems[j], &parts.groups, &frontier.constraints);
                    layers[j] = count_forward(&parts.plans[j], true);
                    counted_for = v;
                }
            }
            let counts: Vec<Poly> = layers.iter().map(|l| final_count(l)).collect();
            if counts.iter().any(Poly::is_zero) {
                return None;
            }
            let all = convolve_all(&counts);
            let weighing =
                Weighing::global(&counts, &all, outside_tiles, left, mines, known).ok()?;
            Some(read_safety(
                &parts.plans,
                &layers,
                &weighing,
                outside_tiles > 0,
            ))
        })
        .collect()
}

/// Reads [`Safety`] off a finished global count: every subsystem's per-group mine counts and the
/// outside tiles' (when there are any), all over the same number of solutions.
fn read_safety(
    plans: &[Plan],
    layers: &[Vec<Layer>],
    weighing: &Weighing,
    outside: bool,
) -> Safety {
    let solutions = &weighing.solutions;
    let mut any_safe = false;
    // Every denominator is the number of solutions: the smallest count is the safest tile.
    let mut lowest: Option<BigUint> = None;
    let mut consider = |count: &BigUint| {
        if count.is_zero() {
            any_safe = true;
        } else if count != solutions && lowest.as_ref().is_none_or(|l| count < l) {
            lowest = Some(count.clone());
        }
    };
    for (j, plan) in plans.iter().enumerate() {
        for count in tile_mine_counts(plan, &layers[j], &weighing.leaves[j], true) {
            consider(&count);
        }
    }
    if outside {
        if let Some(count) = &weighing.outside_mines {
            consider(count);
        }
    }
    let lowest = lowest.map(|l| Ratio::new(l, solutions.clone()).to_f64());
    Safety { any_safe, lowest }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;
    use crate::solver::{analyze, SolveOptions};

    /// `safety_after` agrees with `safety` of each board built by hand, on boards where the new
    /// number joins a subsystem, starts its own, or touches nothing covered.
    #[test]
    fn outcomes_match_each_board_counted_alone() {
        let cases = [
            ("1....\n.....\n.....\n.....\n", 6, Pos::new(0, 2)),
            ("1....\n.....\n.....\n.....\n", 6, Pos::new(3, 4)),
            ("12...\n.....\n..2..\n....x\n", 5, Pos::new(1, 1)),
            ("F1x\n11x\nxx.\n", 1, Pos::new(2, 2)),
        ];
        for (text, mines, pos) in cases {
            let board = parse_board(text).unwrap();
            let values: Vec<u8> = (0..=8).collect();
            let got = safety_after(&board, mines, pos, &values);
            for (&v, got) in values.iter().zip(&got) {
                let mut after = board.clone();
                after.set(pos, Cell::Number(v));
                let expected = safety(&after, mines).ok();
                assert_eq!(*got, expected, "{text} {pos:?} shows {v}");
                if let Some(s) = expected {
                    // And both agree with the full analysis.
                    let options = SolveOptions {
                        mines: Some(mines),
                        ..SolveOptions::default()
                    };
                    let a = analyze(&after, &options).unwrap();
                    assert_eq!(s.any_safe, !a.safe.is_empty());
                    if !s.any_safe {
                        let safest = a.safest_guess().map(|t| t.mine.to_f64());
                        assert_eq!(s.lowest, safest);
                    }
                }
            }
        }
    }
}
