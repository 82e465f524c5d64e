//! Consistency: whether any layout satisfies every number, and if not, which numbers conflict.
//!
//! The conflict reported is minimal: dropping any one of its numbers makes the rest satisfiable, so
//! a player (or vision, after a misread) looks at a handful of tiles, not the whole frontier. It is
//! found by first cutting the subsystem to the sweep prefix where counting died, then dropping each
//! number in turn and keeping it only if the rest becomes satisfiable without it.

use super::constraints::{build_frontier, Constraint};
use super::count::count_forward;
use super::system::{Parts, System};
use super::SolveError;
use crate::board::{Board, Cell, Pos};

/// Above this many numbers in the conflicting prefix, report the prefix without minimising it
/// (each minimising check is a sweep; this bounds the quadratic cost on absurd boards).
const MINIMISE_LIMIT: usize = 2000;

/// Checks that some layout satisfies every number of `board` (flags count as mines; no mine total).
///
/// Errors with [`SolveError::Inconsistent`] naming a minimal set of conflicting numbers.
pub fn check_consistency(board: &Board) -> Result<(), SolveError> {
    let system = System::new(build_frontier(board)?);
    for (j, plan) in system.parts.plans.iter().enumerate() {
        let layers = count_forward(plan, false);
        if layers.last().is_none_or(|l| l.is_empty()) {
            return Err(SolveError::Inconsistent {
                cells: minimal_conflict(&system, j),
                flag: None,
            });
        }
    }
    Ok(())
}

/// Whether some layout satisfies every number of `board` (flags count as mines; no mine total):
/// [`check_consistency`] without the search for the conflicting numbers, for callers that try
/// many boards and only need the answer (the board-level reading of a screenshot).
pub fn is_consistent(board: &Board) -> bool {
    let Ok(frontier) = build_frontier(board) else {
        return false;
    };
    let system = System::new(frontier);
    system.parts.plans.iter().all(|plan| {
        count_forward(plan, false)
            .last()
            .is_some_and(|l| !l.is_empty())
    })
}

/// Whether some layout satisfies every number of `board` once `tiles` are read as covered: how
/// the likely cause of an impossible board is told (a wrong flag, a misread look).
pub fn holds_with_covered(board: &Board, tiles: &[Pos]) -> bool {
    let mut covered = board.clone();
    for &pos in tiles {
        covered.set(pos, Cell::Unrevealed);
    }
    is_consistent(&covered)
}

/// A minimal set of numbers of subsystem `j` that cannot all hold (subsystem `j` has no layout).
pub(crate) fn minimal_conflict(system: &System, j: usize) -> Vec<Pos> {
    let constraints = &system.frontier.constraints;
    let tile_count = system.frontier.tiles.len();
    let parts = &system.parts;
    let plan = &parts.plans[j];

    // The sweep dies at some step: the constraints seen up to there already conflict.
    let layers = count_forward(plan, false);
    let dead = layers
        .iter()
        .position(|l| l.is_empty())
        .unwrap_or(layers.len() - 1);
    let mut conflict: Vec<usize> = plan.steps[..dead]
        .iter()
        .flat_map(|s| parts.groups[s.group].constraints.iter().copied())
        .collect();
    conflict.sort_unstable();
    conflict.dedup();

    if conflict.len() <= MINIMISE_LIMIT {
        let mut i = 0;
        while i < conflict.len() {
            let without: Vec<usize> = conflict
                .iter()
                .enumerate()
                .filter(|&(k, _)| k != i)
                .map(|(_, &c)| c)
                .collect();
            if satisfiable(constraints, &without, tile_count) {
                i += 1;
            } else {
                conflict = without;
            }
        }
    }
    conflict.iter().map(|&c| constraints[c].pos).collect()
}

/// Whether the constraints `chosen` (indices into `constraints`) have a common layout.
fn satisfiable(constraints: &[Constraint], chosen: &[usize], tile_count: usize) -> bool {
    let subset: Vec<Constraint> = chosen.iter().map(|&c| constraints[c].clone()).collect();
    let parts = Parts::new(&subset, tile_count);
    parts.plans.iter().all(|plan| {
        count_forward(plan, false)
            .last()
            .is_some_and(|l| !l.is_empty())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;

    #[test]
    fn names_a_minimal_conflict() {
        let board = parse_board(".....\nx1x3x\nxxxxx\n").unwrap();
        assert_eq!(
            check_consistency(&board),
            Ok(()),
            "the shared cover holds the 1's mine"
        );
        let board = parse_board("...\n131\nxxx\n").unwrap();
        let Err(SolveError::Inconsistent { cells, .. }) = check_consistency(&board) else {
            panic!("1-3-1 under three covers is impossible");
        };
        // The 3 needs all three covers; either 1 then sees two mines: {1, 3} is the minimal set.
        assert_eq!(cells.len(), 2);
        assert!(cells.contains(&Pos::new(1, 1)));
    }

    #[test]
    fn conflict_far_apart_numbers_are_not_blamed() {
        let board = parse_board("....x...\n131xx1x.\nxxxxxxxx\n").unwrap();
        let Err(SolveError::Inconsistent { cells, .. }) = check_consistency(&board) else {
            panic!("1-3-1 under three covers is impossible");
        };
        assert!(cells.iter().all(|p| p.col <= 2), "{cells:?}");
    }
}
