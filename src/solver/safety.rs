//! How safe a board is, in the two figures a guess's look-ahead reads: whether some tile is
//! certainly safe, and the lowest mine chance otherwise. The same exact count as
//! [`super::analyze`] in global mode, read once per group instead of building every tile's
//! probability.
//!
//! [`OpenedTile`] asks it for the numbers one tile could show, one at a time as the caller needs
//! them. Those boards differ only in that number, so they share the frontier, the groups, the
//! subsystems and the count of every subsystem the new number is not part of; only the subsystem
//! holding it is counted again.

use super::analysis::{Counted, Weighing};
use super::combine::convolve_all;
use super::constraints::{build_frontier, Frontier};
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
    /// The second lowest such chance, tile by tile: the lowest again when two tiles share it
    /// (`None` when there is at most one such tile).
    pub second: Option<f64>,
}

/// [`Safety`] of `board` with `mines` in all (flags included).
///
/// Errors as [`super::analyze`]'s: an inconsistent board, or a total no layout fits.
pub fn safety(board: &Board, mines: u64) -> Result<Safety, SolveError> {
    let counted = Counted::new(board, Some(mines), false)?;
    let outside = counted.system.frontier.outside.len();
    Ok(read_safety(
        &counted.system.parts.plans,
        &counted.layers,
        &counted.weighing,
        outside,
    ))
}

/// The boards after one covered tile is opened, counted one shown number at a time, when asked:
/// a caller that can stop early (the look-ahead, once a candidate cannot beat the best) pays
/// only for the numbers it asks about. The frontier, groups, subsystems and the count of every
/// subsystem the tile's number is not part of are built once and shared.
pub struct OpenedTile<'a> {
    /// Flagged and covered neighbours of the tile: the numbers it can show lie between.
    flags: u8,
    covered: u8,
    mines: u64,
    known: u64,
    /// Mines not flagged (`None` when no number fits at all: more flags than mines, or the tile
    /// is not covered).
    left: Option<u64>,
    pos: Pos,
    /// The count all numbers share, built at the first number asked.
    shared: Shared,
    board: &'a Board,
}

/// Where [`OpenedTile`]'s shared count stands.
enum Shared {
    /// No number asked yet.
    NotYet,
    Built(Box<Counting>),
    /// Another number on the board is impossible already: so is every outcome.
    Impossible,
}

/// The parts of [`OpenedTile`] built at its first number.
struct Counting {
    frontier: Frontier,
    parts: Parts,
    layers: Vec<Vec<Layer>>,
    /// The new number's equation and its subsystem (none when it touches no covered tile: then
    /// only one number fits and nothing is counted again).
    changing: Option<(usize, usize)>,
    /// The number the changing subsystem's layers were counted for.
    counted_for: u8,
}

impl<'a> OpenedTile<'a> {
    /// Opening the covered tile at `pos` of `board`, with `mines` in all (flags included).
    pub fn new(board: &'a Board, mines: u64, pos: Pos) -> OpenedTile<'a> {
        let known = board.known_mines() as u64;
        let (mut flags, mut covered) = (0u8, 0u8);
        for n in board.neighbors(pos) {
            let cell = board.get(n);
            if cell.is_known_mine() {
                flags += 1;
            } else if cell.is_unrevealed() {
                covered += 1;
            }
        }
        let left = if board.get(pos).is_unrevealed() {
            mines.checked_sub(known)
        } else {
            None
        };
        OpenedTile {
            flags,
            covered,
            mines,
            known,
            left,
            pos,
            shared: Shared::NotYet,
            board,
        }
    }

    /// Whether the tile can show `v` at all: its own flags up to its flags and covered tiles.
    fn fits(&self, v: u8) -> bool {
        v >= self.flags && v - self.flags <= self.covered
    }

    /// [`Safety`] of the board once the tile shows `v`; `None` when no layout allows it.
    pub fn safety(&mut self, v: u8) -> Option<Safety> {
        let left = self.left?;
        if !self.fits(v) {
            return None;
        }
        if let Shared::NotYet = self.shared {
            self.shared = self
                .start(v)
                .map_or(Shared::Impossible, |c| Shared::Built(Box::new(c)));
        }
        let flags = self.flags;
        let Shared::Built(counting) = &mut self.shared else {
            return None;
        };
        if let Some((c, j)) = counting.changing {
            if v != counting.counted_for {
                let parts = &mut counting.parts;
                counting.frontier.constraints[c].need = v - flags;
                parts.plans[j] = plan_sweep(
                    &parts.subsystems[j],
                    &parts.groups,
                    &counting.frontier.constraints,
                );
                counting.layers[j] = count_forward(&parts.plans[j], true);
                counting.counted_for = v;
            }
        }
        let counts: Vec<Poly> = counting.layers.iter().map(|l| final_count(l)).collect();
        if counts.iter().any(Poly::is_zero) {
            return None;
        }
        let all = convolve_all(&counts);
        let outside_tiles = counting.frontier.outside.len() as u64;
        let weighing =
            Weighing::global(&counts, &all, outside_tiles, left, self.mines, self.known).ok()?;
        Some(read_safety(
            &counting.parts.plans,
            &counting.layers,
            &weighing,
            outside_tiles as usize,
        ))
    }

    /// Builds the shared count with the tile showing `first` (`None`: impossible).
    fn start(&self, first: u8) -> Option<Counting> {
        let mut after = self.board.clone();
        after.set(self.pos, Cell::Number(first));
        // An error: another number is already impossible.
        let frontier = build_frontier(&after).ok()?;
        let parts = Parts::new(&frontier.constraints, frontier.tiles.len());
        let layers: Vec<Vec<Layer>> = parts.plans.iter().map(|p| count_forward(p, true)).collect();
        let changing = frontier
            .constraints
            .iter()
            .position(|c| c.pos == self.pos)
            .and_then(|c| {
                let j = parts.subsystems.iter().position(|s| {
                    s.order
                        .iter()
                        .any(|&g| parts.groups[g].constraints.contains(&c))
                })?;
                Some((c, j))
            });
        Some(Counting {
            frontier,
            parts,
            layers,
            changing,
            counted_for: first,
        })
    }
}

/// Reads [`Safety`] off a finished global count: every subsystem's per-group mine counts and the
/// `outside` tiles' (when there are any), all over the same number of solutions.
fn read_safety(
    plans: &[Plan],
    layers: &[Vec<Layer>],
    weighing: &Weighing,
    outside: usize,
) -> Safety {
    let solutions = &weighing.solutions;
    let mut any_safe = false;
    // Every denominator is the number of solutions: the smallest counts are the safest tiles.
    let mut lowest: Option<BigUint> = None;
    let mut second: Option<BigUint> = None;
    // A count shared by `tiles` tiles.
    let mut consider = |count: &BigUint, tiles: usize| {
        if count.is_zero() {
            any_safe = true;
        } else if count != solutions && tiles > 0 {
            if lowest.as_ref().is_none_or(|l| count < l) {
                second = if tiles > 1 {
                    Some(count.clone())
                } else {
                    lowest.take()
                };
                lowest = Some(count.clone());
            } else if second.as_ref().is_none_or(|s| count < s) {
                second = Some(count.clone());
            }
        }
    };
    for (j, plan) in plans.iter().enumerate() {
        let counts = tile_mine_counts(plan, &layers[j], &weighing.leaves[j], true);
        for (count, step) in counts.iter().zip(&plan.steps) {
            consider(count, usize::from(step.size));
        }
    }
    if outside > 0 {
        if let Some(count) = &weighing.outside_mines {
            consider(count, outside);
        }
    }
    let chance = |c: BigUint| Ratio::new(c, solutions.clone()).to_f64();
    Safety {
        any_safe,
        lowest: lowest.map(chance),
        second: second.map(chance),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;
    use crate::solver::{analyze, SolveOptions};

    /// `OpenedTile` agrees with `safety` of each board built by hand, on boards where the new
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
            let mut opened = OpenedTile::new(&board, mines, pos);
            for v in 0..=8 {
                let mut after = board.clone();
                after.set(pos, Cell::Number(v));
                let expected = safety(&after, mines).ok();
                assert_eq!(opened.safety(v), expected, "{text} {pos:?} shows {v}");
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
                        let mut open: Vec<f64> = (a.tiles.iter())
                            .map(|t| t.mine.to_f64())
                            .filter(|&p| p > 0.0 && p < 1.0)
                            .collect();
                        open.sort_by(f64::total_cmp);
                        assert_eq!(s.second, open.get(1).copied(), "{text} {pos:?} shows {v}");
                    }
                }
            }
        }
    }
}
