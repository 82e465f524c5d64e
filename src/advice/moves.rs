//! The advice for one board: every certain move with its reason, and the best guess.
//!
//! Certain moves come from the deduction pass first, so a player gets the simplest reason; tiles
//! only the exact count settles follow, with "all N layouts agree".

use super::deduce::{deduce, Action, Depth, Move, Reason};
use super::guess::{best_guess, Guess, GuessPolicy};
use crate::board::{Board, Pos};
use crate::solver::Analysis;

/// What to do on a board.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    /// Certain moves: safe tiles to open and mines to flag, each with its reason.
    pub moves: Vec<Move>,
    /// The best guess when no tile is certainly safe.
    pub best_guess: Option<Guess>,
}

/// The advice on `board`, given its exact `analysis` (which says whether the mine total is known).
pub fn advise(board: &Board, analysis: &Analysis, policy: &GuessPolicy) -> Advice {
    Advice {
        moves: certain_moves(board, analysis),
        best_guess: best_guess(board, analysis, analysis.mines, policy),
    }
}

/// Every tile the analysis finds certain, as a move; the deduction pass's reason where it has
/// one, else the layout count.
pub fn certain_moves(board: &Board, analysis: &Analysis) -> Vec<Move> {
    let deduced = deduce(board, analysis.mines, Depth::Triple);
    let mut moves = Vec::new();
    // The tiles given a move already, by board index.
    let mut seen = vec![false; board.rows() * board.cols()];
    let mut first = |pos: Pos| !std::mem::replace(&mut seen[board.index(pos)], true);
    if !deduced.contradiction {
        for m in deduced.moves {
            // The exact count is the authority: a rule's move it does not confirm is dropped
            // (it cannot happen on a consistent board; this keeps a bug from reaching a player).
            let confirmed = match m.action {
                Action::Open => analysis.safe.contains(&m.pos),
                Action::Flag => analysis.certain_mines.contains(&m.pos),
            };
            if confirmed && first(m.pos) {
                moves.push(m);
            }
        }
    }
    let by_count = |pos: Pos, action: Action| Move {
        pos,
        action,
        reason: Reason::AllLayouts(analysis.solutions.clone()),
    };
    for &pos in &analysis.safe {
        if first(pos) {
            moves.push(by_count(pos, Action::Open));
        }
    }
    for &pos in &analysis.certain_mines {
        if first(pos) {
            moves.push(by_count(pos, Action::Flag));
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;
    use crate::solver::{analyze, SolveOptions};

    #[test]
    fn every_certain_tile_gets_one_move_with_a_reason() {
        let board = parse_board("...\n121\n...\n").unwrap();
        let analysis = analyze(&board, &SolveOptions::default()).unwrap();
        let advice = advise(&board, &analysis, &GuessPolicy::default());
        let certain = analysis.safe.len() + analysis.certain_mines.len();
        assert_eq!(advice.moves.len(), certain);
        assert!(advice.moves.iter().all(|m| !m.explain().is_empty()));
        assert_eq!(advice.best_guess, None);
    }

    #[test]
    fn exact_only_moves_say_how_many_layouts_agree() {
        // Positions from seeded games: every certain tile gets exactly one move, and somewhere
        // the count settles a tile no rule reaches.
        let options = SolveOptions {
            mines: Some(40),
            ..SolveOptions::default()
        };
        let mut by_count = 0;
        for board in crate::advice::testing::seeded_positions(16, 16, 40, Pos::new(0, 0), 40) {
            let analysis = analyze(&board, &options).unwrap();
            let moves = certain_moves(&board, &analysis);
            assert_eq!(
                moves.len(),
                analysis.safe.len() + analysis.certain_mines.len()
            );
            by_count += moves
                .iter()
                .filter(|m| matches!(m.reason, Reason::AllLayouts(_)))
                .count();
        }
        assert!(by_count > 0, "no move needed the exact count");
    }
}
