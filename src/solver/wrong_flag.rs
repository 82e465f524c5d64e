//! An impossible board's likely cause: a flag the player put on a tile that is not a mine.
//! When taking one flag away (treating its tile as covered) lets every number hold, that flag is
//! named first, so the player looks there rather than at the numbers it breaks.
//!
//! The analysis itself never looks for it: the advice analyses boards it made up (a flag put
//! on a tile to weigh a guess), where an impossible board is an answer, not a mistake. The
//! commands that report an impossible board to the player ask for it ([`name_wrong_flag`]).

use super::consistency::holds_with_covered;
use super::error::SolveError;
use crate::board::{Board, Cell, Pos};

/// At most this many flags are tried (those beside the conflicting numbers, the most involved
/// first): each try is one consistency check of the whole board.
const MAX_TRIES: usize = 64;

/// The flag beside the conflicting numbers `cells` whose removal makes `board` possible, if
/// there is one; among several, the one beside the most of those numbers (then the first in row
/// order).
pub fn wrong_flag(board: &Board, cells: &[Pos]) -> Option<Pos> {
    let mut flags: Vec<(usize, Pos)> = board
        .positions()
        .filter(|&p| board.get(p) == Cell::Flag)
        .map(|p| {
            let beside = cells.iter().filter(|c| c.touches(p)).count();
            (beside, p)
        })
        .filter(|&(beside, _)| beside > 0)
        .collect();
    flags.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    flags
        .into_iter()
        .take(MAX_TRIES)
        .find_map(|(_, flag)| holds_with_covered(board, &[flag]).then_some(flag))
}

/// `err` with the wrong flag named, where it is an impossible board that one flag explains.
pub fn name_wrong_flag(err: SolveError, board: &Board) -> SolveError {
    match err {
        SolveError::Inconsistent { cells, flag: None } => {
            let flag = wrong_flag(board, &cells);
            SolveError::Inconsistent { cells, flag }
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;
    use crate::solver::check_consistency;

    #[test]
    fn the_flag_that_breaks_the_numbers_is_named() {
        // The 1 at (1, 1) touches two flags: without either one, every number holds.
        let board = parse_board("F.F..\n.1.1.\n.....\n").unwrap();
        let err = name_wrong_flag(check_consistency(&board).unwrap_err(), &board);
        let SolveError::Inconsistent { flag, .. } = &err else {
            panic!("{err:?}")
        };
        assert!(matches!(flag, Some(p) if *p == Pos::new(0, 0) || *p == Pos::new(0, 2)));
        assert!(err.to_string().contains("flag at (row 0"), "{err}");
    }

    #[test]
    fn no_flag_is_named_where_none_explains_the_board() {
        // A 3 with one covered neighbour, and a flag elsewhere that changes nothing.
        let board = parse_board("x3x\nx.x\n...\n..F\n").unwrap();
        assert_eq!(wrong_flag(&board, &[Pos::new(0, 1)]), None);
        let err = name_wrong_flag(check_consistency(&board).unwrap_err(), &board);
        assert!(!err.to_string().contains("flag at"), "{err}");
    }
}
