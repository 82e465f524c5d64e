//! Fuzz target: board text, as `solve` reads it from a file.

use crate::advice::{advise, GuessPolicy};
use crate::board::{parse_board, parse_board_bytes, Board, Cell};
use crate::solver::{analyze, check_consistency, list_layouts, SolveOptions};

/// Parses `data` as board text; a board that parses is written back (the text must read as the
/// same board), checked, analysed locally and with a few mine totals (numbers and histogram
/// included), its layouts listed and advice given.
pub fn board_text(data: &[u8]) {
    let Ok(board) = parse_board_bytes(data) else {
        return;
    };
    let again = parse_board(&board.to_text()).expect("a board's own text parses");
    assert_eq!(again, board, "a board's text reads back as the same board");
    solve_every_way(&board);
}

/// Every analysis `solve` and `solve --stream` can ask for. Probabilities stay within [0, 1],
/// and a board is consistent exactly when its local analysis succeeds.
pub(super) fn solve_every_way(board: &Board) {
    let local = analyze(board, &SolveOptions::default());
    assert_eq!(check_consistency(board).is_ok(), local.is_ok());
    if let Ok(analysis) = &local {
        advise(board, analysis, &GuessPolicy::default());
        let _ = list_layouts(board, 3);
    }
    let hidden = (0..board.rows() * board.cols())
        .filter(|&i| matches!(board.get_index(i), Cell::Unrevealed | Cell::Flag))
        .count() as u64;
    for mines in [0, hidden / 5, hidden / 2, hidden, hidden + 1] {
        let options = SolveOptions {
            mines: Some(mines),
            numbers: true,
            histogram: true,
            ..SolveOptions::default()
        };
        if let Ok(analysis) = analyze(board, &options) {
            for tile in &analysis.tiles {
                assert!((0.0..=1.0).contains(&tile.mine.to_f64()));
            }
            advise(board, &analysis, &GuessPolicy::default());
        }
    }
}
