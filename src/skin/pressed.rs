//! Covered tiles drawn for a moment like open empty ones: the tile under a held mouse button
//! (most games draw it sunk, as an open 0), the tiles around it while a chord is held, the tile
//! under the pointer where a game lights it up, a frame caught mid-cascade.
//!
//! A game opens every neighbour of a 0 at once, so a 0 beside a covered tile is no settled
//! position. When only a few cells show that, the board is not misread as a whole: those cells
//! are covered tiles in a passing look, and they are read as covered. That hides nothing a
//! player has (the tile is covered, or about to be opened) and makes no advice wrong: every
//! layout of mines that fits the board with the 0 fits it with the cell covered. Many such cells
//! are no pointer's doing; there the rules reject the labelling as before, and the search looks
//! for another.

use super::rules::zeros_beside_covered;
use crate::board::{Board, Cell};

/// The most cells a pointer shows pressed at once: a chord, the held tile and its eight
/// neighbours.
pub const MOST_PRESSED: usize = 9;

/// The cells of `board` read as 0 beside a covered tile, when there are at most
/// [`MOST_PRESSED`] of them, as indices in row order; `None` when there are more.
pub fn pressed_cells(board: &Board) -> Option<Vec<usize>> {
    let cells: Vec<usize> = (zeros_beside_covered(board))
        .take(MOST_PRESSED + 1)
        .map(|p| board.index(p))
        .collect();
    (cells.len() <= MOST_PRESSED).then_some(cells)
}

/// Covers the cells [`pressed_cells`] finds, and returns them (empty when there are none, or too
/// many to be pressed ones: the board is then left as it is).
pub fn release_pressed(board: &mut Board) -> Vec<usize> {
    let cells = pressed_cells(board).unwrap_or_default();
    for &index in &cells {
        board.set_index(index, Cell::Unrevealed);
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{parse_board, Pos};

    #[test]
    fn a_held_tile_reads_as_covered_and_true_zeros_stay() {
        // The top right tile is held down: it looks like the 0s, but it sits among covered ones.
        let mut board = parse_board("0001.0\n00011.\n000111\n").unwrap();
        let released = release_pressed(&mut board);
        assert_eq!(released, vec![5]);
        assert_eq!(board.get(Pos::new(0, 5)), Cell::Unrevealed);
        assert_eq!(board.get(Pos::new(0, 0)), Cell::Number(0));
    }

    #[test]
    fn a_chord_is_pressed_and_more_is_no_pointer() {
        // A chord held on an open 1: its eight covered neighbours drawn sunk, like 0s.
        let chord = ".......\n.000...\n.010...\n.000...\n.......\n";
        let mut board = parse_board(chord).unwrap();
        assert_eq!(release_pressed(&mut board).len(), 8);
        assert_eq!(board.get(Pos::new(1, 1)), Cell::Unrevealed);
        assert_eq!(board.get(Pos::new(2, 2)), Cell::Number(1));
        // Ten 0s among covered tiles: a covered look read as 0, for the rules to reject.
        let mut board = parse_board("........\n.00000..\n.0.0.0..\n.0.0....\n........\n").unwrap();
        assert!(pressed_cells(&board).is_none());
        assert!(release_pressed(&mut board).is_empty());
        assert_eq!(board.get(Pos::new(1, 1)), Cell::Number(0));
    }
}
