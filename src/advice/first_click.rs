//! The first click, on a board with nothing open yet: the tile the game's first-click rule
//! favours, instead of a mine chance that the rule makes wrong.
//!
//! Most games (GNOME Mines, Windows Minesweeper, minesweeper.online, most web clones) never put
//! a mine under the first click, so the uniform chance the solver gives every tile there is not
//! the player's risk. Which tile is best depends on the rule:
//! - `safe`: a corner, which has the fewest neighbours and so most often shows a 0 and opens a
//!   region (the benchmarks play it there);
//! - `zero`: the first click opens a region wherever it is; (3, 3), or the middle of a smaller
//!   board, where the benchmarks and D. N. Hill's solver start;
//! - `any`: no rule; the solver's own guess stands.

use super::game::FirstClick;
use super::guess::{Guess, GuessKind};
use crate::board::{Board, Cell, Pos};

/// Whether `board` has nothing open yet: no number, no open tile, no mine shown (flags may
/// have been placed).
pub fn nothing_open(board: &Board) -> bool {
    board
        .positions()
        .all(|p| matches!(board.get(p), Cell::Unrevealed | Cell::Flag))
}

/// The first click under `rule` on `board`, if nothing is open and the rule makes one tile
/// better than the rest; its mine chance is 0, which the rule guarantees.
pub fn first_click(board: &Board, rule: FirstClick) -> Option<Guess> {
    first_click_avoiding(board, rule, |_| false)
}

/// [`first_click`] on none of the tiles `avoid` names: a tile whose reading is in doubt gets no
/// advice, and the next tile the rule favours does (a fresh board whose corner the pointer
/// lights, or that reads unsurely, still gets its first click).
pub fn first_click_avoiding(
    board: &Board,
    rule: FirstClick,
    avoid: impl Fn(Pos) -> bool,
) -> Option<Guess> {
    if rule == FirstClick::Any || !nothing_open(board) {
        return None;
    }
    let (rows, cols) = (board.rows(), board.cols());
    let (last_row, last_col) = (rows - 1, cols - 1);
    let favoured: Vec<Pos> = match rule {
        FirstClick::Safe => vec![
            Pos::new(0, 0),
            Pos::new(0, last_col),
            Pos::new(last_row, 0),
            Pos::new(last_row, last_col),
        ],
        _ => vec![Pos::new(3.min(last_row / 2), 3.min(last_col / 2))],
    };
    // A flag the player put there is left alone: the next favoured tile, else the first
    // covered one in row order.
    let covered = |p: &Pos| board.get(*p) == Cell::Unrevealed && !avoid(*p);
    let pos = (favoured.into_iter().find(covered)).or_else(|| board.positions().find(covered))?;
    Some(Guess {
        pos,
        mine: 0.0,
        kind: GuessKind::FirstClick { rule },
    })
}

/// Why the first click goes there, for the player.
pub fn explain(rule: FirstClick) -> &'static str {
    match rule {
        FirstClick::Safe => {
            "the game's first click is never a mine (rule assumed: safe); a corner opens a \
             region most often"
        }
        FirstClick::Zero => "the game's first click always opens a region (rule assumed: zero)",
        FirstClick::Any => "no first-click rule assumed",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;

    #[test]
    fn a_fresh_board_gets_the_corner_or_the_zero_start_and_any_gets_nothing() {
        let board = Board::new(16, 30);
        let safe = first_click(&board, FirstClick::Safe).unwrap();
        assert_eq!((safe.pos, safe.mine), (Pos::new(0, 0), 0.0));
        let zero = first_click(&board, FirstClick::Zero).unwrap();
        assert_eq!(zero.pos, Pos::new(3, 3));
        assert_eq!(first_click(&board, FirstClick::Any), None);
        let small = first_click(&Board::new(3, 4), FirstClick::Zero).unwrap();
        assert_eq!(small.pos, Pos::new(1, 1));
    }

    #[test]
    fn a_flagged_corner_is_passed_over_and_an_opened_board_gets_nothing() {
        let flagged = parse_board("F..\n...\n...\n").unwrap();
        let guess = first_click(&flagged, FirstClick::Safe).unwrap();
        assert_eq!(guess.pos, Pos::new(0, 2));
        let opened = parse_board("1..\n...\n...\n").unwrap();
        assert_eq!(first_click(&opened, FirstClick::Safe), None);
        let all_flags = parse_board("FF\nFF\n").unwrap();
        assert_eq!(first_click(&all_flags, FirstClick::Safe), None);
    }

    #[test]
    fn a_corner_to_avoid_is_passed_over_as_a_flag_is() {
        let board = Board::new(3, 3);
        let top_left = |p: Pos| p == Pos::new(0, 0);
        let guess = first_click_avoiding(&board, FirstClick::Safe, top_left).unwrap();
        assert_eq!((guess.pos, guess.mine), (Pos::new(0, 2), 0.0));
        let centre = |p: Pos| p == Pos::new(1, 1);
        let guess = first_click_avoiding(&board, FirstClick::Zero, centre).unwrap();
        assert_eq!(guess.pos, Pos::new(0, 0));
        assert_eq!(
            first_click_avoiding(&board, FirstClick::Safe, |_| true),
            None
        );
    }
}
