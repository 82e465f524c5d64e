//! Whether the misreading of a board that cannot be right as read may lie outside its tiles in
//! doubt.
//!
//! Advice on a board read in doubt rests on the board with those tiles weakened
//! (`crate::skin::advice_board`): sound wherever the tiles in doubt are the only ones misread.
//! But weakening drops constraints, and a board impossible as read may hold once weakened with
//! a misread still standing elsewhere: the rounded clone at 27.5 px read a "3" as a sure "1"
//! beside a "3" in doubt with a "4"; weakened, the "3" in doubt said nothing, the board held,
//! and the "1" called two of the 3's mines safe. Two signs together say the misreading may lie
//! outside the doubt: no reading of the looks in doubt, among the classes each still has in
//! play, lets the board hold, and a look the reading is sure of, read as covered, mends it as
//! well. Either alone is no sign: winemine's white 2s under Wine are in doubt between a 3 and a
//! flag, so no reading of them among those lets their boards hold, and covering one of the sure
//! numbers beside them mends many a board, while weakened they are right (each test alone took
//! right advice from 12 and 35 of its first sweep's 180 frames; both together from 9, which
//! rested on a sure look that may as well be the misread one).

use super::misread::misread_look_among;
use crate::board::{Board, Cell, Pos};
use crate::solver::is_consistent;
use crate::vision::{Doubt, Reading};

/// Whether `reading`, whose board cannot hold as read (`conflict`: the numbers that conflict,
/// as the consistency check names them), has looks in doubt, no reading of those looks among
/// their classes lets it hold, and some look not in doubt among the conflict, read as covered,
/// lets every number hold: the misreading may lie outside the doubt. False where nothing is in
/// doubt.
pub fn misread_outside_the_doubt(reading: &Reading, conflict: &[Pos]) -> bool {
    if reading.doubt.is_empty() {
        return false;
    }
    let board = &reading.board;
    let sure = |look: usize| reading.doubt_of(look).is_none();
    let explains = !misread_look_among(board, &reading.look_of, conflict, sure).is_empty();
    explains && !holds_under_some_reading(reading)
}

/// At most this many readings of the looks in doubt are tried (each a consistency check).
const MAX_READINGS: usize = 64;

/// Whether `reading`'s numbers hold with each look in doubt read as one of the classes it has
/// in play (tiles hidden under something drawn over the board, in doubt between every class,
/// as covered tiles), or there are too many such readings to try.
fn holds_under_some_reading(reading: &Reading) -> bool {
    let mut board = reading.board.clone();
    let mut tried: Vec<&Doubt> = Vec::new();
    for doubt in &reading.doubt {
        if doubt.hides_the_tiles() {
            doubt.set_cells(&mut board, Cell::Unrevealed);
        } else {
            tried.push(doubt);
        }
    }
    let readings = (tried.iter()).try_fold(1usize, |n, d| n.checked_mul(d.classes.len()));
    readings.is_none_or(|n| n > MAX_READINGS) || holds_with(&mut board, &tried)
}

/// Whether `board` holds with each of `doubts` read as one of its classes.
fn holds_with(board: &mut Board, doubts: &[&Doubt]) -> bool {
    let Some((doubt, rest)) = doubts.split_last() else {
        return is_consistent(board);
    };
    (doubt.classes.iter()).any(|class| {
        doubt.set_cells(board, class.cell());
        holds_with(board, rest)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;
    use crate::solver::{check_consistency, SolveError};
    use crate::vision::TileClass;

    /// [`misread_outside_the_doubt`] behind the consistency check [`crate::pipeline::outcome`]
    /// makes first: false where the board holds as read.
    fn outside(reading: &Reading) -> bool {
        match check_consistency(&reading.board) {
            Err(SolveError::Inconsistent { cells, .. }) => {
                misread_outside_the_doubt(reading, &cells)
            }
            _ => false,
        }
    }

    /// `rows` read as they are, each cell its own look, the cell `doubt` in doubt between
    /// `classes`.
    fn reading(rows: &str, doubt: (usize, usize), classes: &[TileClass]) -> Reading {
        let mut reading = Reading::of_board(parse_board(rows).unwrap());
        let cols = reading.board.cols();
        reading.look_of = (0..reading.board.rows() * cols).collect();
        reading.doubt.push(Doubt {
            look: doubt.0 * cols + doubt.1,
            classes: classes.to_vec(),
            cells: vec![doubt],
        });
        reading
    }

    #[test]
    fn a_sure_look_that_explains_the_conflict_as_well_as_the_doubt_leaves_no_advice() {
        // The "3" in doubt with a "4" has three covered neighbours, mines either way; the "1"
        // beside it touches two of them. Weakened, the "3" says nothing and the "1" would call
        // tiles safe; but the "1", read as covered, mends the board as well.
        let r = reading(
            "3.1.\n....\n",
            (0, 0),
            &[TileClass::Number(3), TileClass::Number(4)],
        );
        assert!(outside(&r));
    }

    #[test]
    fn a_conflict_only_the_doubt_explains_is_left_to_the_weakening() {
        // The "4" in doubt is the one number that cannot hold: nothing else mends the board.
        let r = reading(
            "4.\n..\n",
            (0, 0),
            &[TileClass::Number(4), TileClass::Number(3)],
        );
        assert!(!outside(&r));
    }

    #[test]
    fn a_board_that_holds_as_read_or_with_nothing_in_doubt_is_left_alone() {
        let holds = reading(
            "1.\n1.\n",
            (1, 0),
            &[TileClass::Number(1), TileClass::Number(2)],
        );
        assert!(!outside(&holds));
        let mut nothing = reading("3.1.\n....\n", (0, 0), &[TileClass::Number(3)]);
        nothing.doubt.clear();
        assert!(!outside(&nothing));
    }
}
