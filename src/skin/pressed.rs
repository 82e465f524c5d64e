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
//!
//! The lit tile may fall in the family of the board's 0s (GNOME Mines' coloured-backgrounds
//! theme lights a covered tile to a grey a few levels darker than its 0s). A family is labelled
//! on its looks' odds averaged over its tiles, and where the board shows few 0s the lit tile's
//! odds of a covered tile weigh in: three 0s the classifier read at 0.996 and the lit tile beside
//! them left the family in doubt between a 0 and a covered tile, with no advice on the numbers
//! round the 0s, where the same board with the pointer away read whole. The lit tile is covered
//! whichever way the family is labelled; the 0s' own looks decide for them
//! ([`settle_zeros_beside_a_pressed_look`]).

use super::rules::{room_and_shown, zeros_beside_covered};
use crate::board::{Board, Cell, Pos};
use crate::vision::{Reading, TileClass};

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

/// Settles each doubt between an empty open tile (the labelling's choice) and a covered one
/// whose cells are tiles read as drawn pressed (`pressed`, indices row by row) and others, the
/// others in looks of their own (none shown on a pressed tile), each of which the classifier
/// reads as a 0 with odds of `margin` (natural log) or more against a covered tile. The pressed
/// tiles stay covered; the others are the 0s the labelling chose, which held with them: the
/// doubt came from the pressed tiles' looks, averaged into the family's odds. Returns how many
/// doubts it settled.
pub(super) fn settle_zeros_beside_a_pressed_look(
    reading: &mut Reading,
    pressed: &[usize],
    margin: f64,
) -> usize {
    let cols = reading.grid.cols;
    let zero = TileClass::Number(0);
    let before = reading.doubt.len();
    let looks = &reading.looks;
    let look_of = &reading.look_of;
    reading.doubt.retain(|doubt| {
        if doubt.classes != [zero, TileClass::Unrevealed] {
            return true;
        }
        let (lit, rest): (Vec<usize>, Vec<usize>) = (doubt.cells.iter())
            .map(|&(row, col)| row * cols + col)
            .partition(|index| pressed.contains(index));
        if lit.is_empty() || rest.is_empty() {
            return true;
        }
        let lit_looks: Vec<usize> = lit.iter().map(|&index| look_of[index]).collect();
        let sure_zero = |&index: &usize| {
            let look = look_of[index];
            let verdict = &looks[look];
            let odds =
                f64::from(verdict.prob(zero)) / f64::from(verdict.prob(TileClass::Unrevealed));
            !lit_looks.contains(&look) && verdict.class == zero && odds.ln() >= margin
        };
        let settled = rest.iter().all(sure_zero);
        if settled {
            tracing::debug!(
                zeros = rest.len(),
                pressed = lit.len(),
                "board-level reading: 0s in doubt only through a pressed tile's look, read as 0s"
            );
        }
        !settled
    });
    before - reading.doubt.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;
    use crate::skin::testing::flat_reading;
    use crate::vision::{Doubt, Verdict};

    /// A verdict of `class` at `p`, the rest on `other`.
    fn verdict(class: TileClass, p: f32, other: TileClass) -> Verdict {
        let mut probs = [0.0; crate::vision::classes::CLASS_COUNT];
        probs[class.index().unwrap()] = p;
        probs[other.index().unwrap()] = 1.0 - p;
        Verdict::from_distribution(probs)
    }

    /// Two 0s walled in by 1s, and a covered tile lit under the pointer (`l`) far off, read as
    /// drawn pressed; the 0s' look read as a 0 at `sure`, the lit tile's at 0.6. A doubt
    /// between a 0 and a covered tile over the 0s and the lit tile, as their family's averaged
    /// odds left it. Returns how many doubts were settled, and the cells left in doubt.
    fn settle_beside_lit(sure: f32, lit_pressed: bool) -> (usize, Vec<(usize, usize)>) {
        let (zero, covered) = (TileClass::Number(0), TileClass::Unrevealed);
        let rows = [".1z1...", ".1z1...", ".111...", ".......", "....l.."];
        let looks = vec![
            Verdict::certain(covered),
            Verdict::certain(TileClass::Number(1)),
            verdict(zero, sure, covered),
            verdict(zero, 0.6, covered),
        ];
        let mut reading = flat_reading(&rows, ".1zl", looks);
        let lit = 4 * 7 + 4;
        reading.cover(lit);
        reading.doubt.push(Doubt {
            look: 2,
            classes: vec![zero, covered],
            cells: vec![(0, 2), (1, 2), (4, 4)],
        });
        let pressed = if lit_pressed { vec![lit] } else { Vec::new() };
        let settled = settle_zeros_beside_a_pressed_look(&mut reading, &pressed, 3.0);
        (settled, reading.doubt_cells())
    }

    #[test]
    fn zeros_in_doubt_only_through_a_pressed_tiles_look_are_0s() {
        assert_eq!(settle_beside_lit(0.996, true), (1, vec![]));
    }

    #[test]
    fn zeros_read_unsurely_or_beside_no_pressed_tile_stay_in_doubt() {
        let all = vec![(0, 2), (1, 2), (4, 4)];
        // The 0s' own look at 0.9: a covered tile has odds of 1 in 9.
        assert_eq!(settle_beside_lit(0.9, true), (0, all.clone()));
        // No tile of the doubt pressed: the family's odds are the looks' own.
        assert_eq!(settle_beside_lit(0.996, false), (0, all));
    }

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
