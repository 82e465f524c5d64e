//! What a labelled board must satisfy to be a position of a real game. A labelling of the looks
//! that breaks one of these is a misreading, however likely the classifier found it.

use crate::board::{Board, Cell};
use crate::solver::is_consistent;

/// Whether `board` can be a position of a real game:
/// - it holds a mine somewhere: a covered tile, a flag or a shown mine (a board of open tiles
///   only, such as a fresh game's covered tiles read as empty 0s, is no game);
/// - no 0 touches a covered tile: games open every neighbour of a 0 at once;
/// - some layout of mines satisfies every number (flags count as mines).
///
/// The cheap rules run first: most wrong labellings fail them before the solver is asked.
pub fn is_possible(board: &Board) -> bool {
    broken_rule(board).is_none() && is_consistent(board)
}

/// The first of the cheap rules `board` breaks, in words for the user; `None` when it keeps
/// them (whether its numbers can all hold is the solver's to say).
pub fn broken_rule(board: &Board) -> Option<&'static str> {
    let may_hold_mines = board
        .positions()
        .any(|p| matches!(board.get(p), Cell::Unrevealed) || board.get(p).is_known_mine());
    if !may_hold_mines {
        return Some("every tile reads as open and none as a mine or covered");
    }
    let open_zero_touches_covered = board.positions().any(|p| {
        board.get(p) == Cell::Number(0) && board.neighbors(p).any(|q| board.get(q).is_unrevealed())
    });
    open_zero_touches_covered.then_some("an empty open tile reads as touching a covered one")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;

    fn possible(text: &str) -> bool {
        is_possible(&parse_board(text).unwrap())
    }

    #[test]
    fn real_positions_are_possible() {
        assert!(possible("....\n....\n"));
        assert!(possible("001.\n001.\n0011\n"));
        assert!(possible("01*\n01!\n"));
    }

    #[test]
    fn boards_no_game_can_show_are_not() {
        // All open and no mine: a fresh board's covered tiles read as 0s.
        assert!(!possible("000\n000\n"));
        // A 0 beside a covered tile.
        assert!(!possible("00.\n00.\n"));
        // A 3 with room for two mines only.
        assert!(!possible("3.\n.1\n"));
    }
}
