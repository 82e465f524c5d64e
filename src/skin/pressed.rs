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
//!
//! A covered tile lit under the pointer among open numbers (a lone mine the player left covered,
//! or a tile beside a flag) touches no covered tile once read as a 0, but the numbers around it
//! then lack the mine they count. One such 0, with only numbers (and flags) around it and one of
//! them short of room for its mines, is that tile, and is read as covered too.

use super::rules::{room_and_shown, zeros_beside_covered};
use crate::board::{Board, Cell, Pos};

/// The most cells a pointer shows pressed at once: a chord, the held tile and its eight
/// neighbours.
pub const MOST_PRESSED: usize = 9;

/// The cells of `board` read as 0 beside a covered tile, when there are at most
/// [`MOST_PRESSED`] of them, as indices in row order, and the one lit among numbers
/// ([`lit_among_numbers`]); `None` when there are more.
pub fn pressed_cells(board: &Board) -> Option<Vec<usize>> {
    let mut cells: Vec<usize> = (zeros_beside_covered(board))
        .take(MOST_PRESSED + 1)
        .map(|p| board.index(p))
        .collect();
    if let Some(lit) = lit_among_numbers(board) {
        cells.push(board.index(lit));
        cells.sort_unstable();
    }
    (cells.len() <= MOST_PRESSED).then_some(cells)
}

/// The one cell read as 0 whose neighbours are all open numbers (or flags), one of which has
/// fewer neighbours that may hold a mine than it counts: a covered tile lit under the pointer.
/// A flag beside such a cell counts as no room: read as a 0, the cell says none of its
/// neighbours holds a mine (GNOME Mines lights the covered tile beside a flag, and the flag's
/// numbers then lack their mine). `None` where no cell, or more than one, is such (the pointer
/// lights one tile).
fn lit_among_numbers(board: &Board) -> Option<Pos> {
    let lit = |p: Pos| {
        let seen = |r: Pos| match board.get(r) {
            Cell::Flag if p.touches(r) => Cell::Number(0),
            cell => cell,
        };
        let short_of_room = |q: Pos| match board.get(q) {
            Cell::Number(digit @ 1..) => room_and_shown(board, q, seen).0 < usize::from(digit),
            _ => false,
        };
        board.get(p) == Cell::Number(0)
            && board
                .neighbors(p)
                .all(|q| matches!(board.get(q), Cell::Number(1..) | Cell::Flag))
            && board.neighbors(p).any(short_of_room)
    };
    let mut found = board.positions().filter(|&p| lit(p));
    let first = found.next()?;
    found.next().is_none().then_some(first)
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
    use crate::board::parse_board;

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

    #[test]
    fn a_covered_tile_lit_among_numbers_reads_as_covered() {
        // A lone mine left covered among 1s, lit under the pointer like an open 0.
        let mut board = parse_board("00000\n01110\n01010\n01110\n00000\n").unwrap();
        assert_eq!(release_pressed(&mut board), vec![12]);
        assert_eq!(board.get(Pos::new(2, 2)), Cell::Unrevealed);
        // A true 0 among numbers that have their mines is left alone.
        let mut board = parse_board(".....\n.111.\n.101.\n.111.\n.....\n").unwrap();
        let before = board.clone();
        assert!(release_pressed(&mut board).is_empty());
        assert_eq!(board, before);
    }

    #[test]
    fn a_covered_tile_lit_beside_a_flag_reads_as_covered() {
        // The corner tile lit under the pointer beside a flag: read as a 0, it would leave the
        // flag's 1s without their mine.
        let mut board = parse_board("0F100\n11100\n00000\n").unwrap();
        assert_eq!(release_pressed(&mut board), vec![0]);
        assert_eq!(board.get(Pos::new(0, 0)), Cell::Unrevealed);
        assert_eq!(board.get(Pos::new(0, 1)), Cell::Flag);
        // A true 0 beside a wrong flag, among other 0s, stays.
        let mut board = parse_board("0F1.\n011.\n011.\n").unwrap();
        let before = board.clone();
        assert!(release_pressed(&mut board).is_empty());
        assert_eq!(board, before);
    }
}
