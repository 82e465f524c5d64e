//! Flags the classifier read unsurely: in doubt with a covered tile. Advice takes a flag for a
//! mine ("the 1 already touches its mine"), so a look settled as a flag that the classifier
//! itself found less likely a flag than anything else together is no mine to rest advice on:
//! text a page draws over the board (a tooltip's "(4,6)" beside the pointer, white on the
//! covered tiles) reads as a flag as readily as a "1", and the rules, which let a covered tile
//! be a flag, settle it so.

use super::doubt::add_doubt;
use crate::vision::{Reading, TileClass};

/// The classifier's probability below which a look settled as a flag is in doubt: it found the
/// flag less likely than all else together (as `unsure_digits` takes a number). No player's
/// flag in the sweeps kept reads below it; JSMinesweeper's tooltip over a covered tile read as
/// a flag at 0.48 (a "1" at 0.45).
const SURE_FLAG: f32 = 0.5;

/// Leaves in doubt with a covered tile every look settled as a flag that the classifier gave
/// less than [`SURE_FLAG`]. Weakened, the tile is covered and may or may not hold a mine: the
/// board gets less advice there, and none that counts on a mine it may not have.
pub(super) fn doubt_unsure_flags(reading: &mut Reading) {
    for look in 0..reading.looks.len() {
        let verdict = reading.looks[look];
        if verdict.class != TileClass::Flag || verdict.prob(TileClass::Flag) >= SURE_FLAG {
            continue;
        }
        let cells = reading.cells_showing(|l| l == look);
        if cells.is_empty() {
            continue;
        }
        tracing::debug!(
            look,
            p = verdict.prob(TileClass::Flag),
            "a flag the classifier read unsurely"
        );
        add_doubt(reading, look, cells, TileClass::Flag, TileClass::Unrevealed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::skin::testing::board_of_looks;
    use crate::vision::Verdict;

    /// The board "1F..\n11..\n....", its flag read with `verdict`, the rest surely.
    fn reading_with_flag(verdict: Verdict) -> Reading {
        board_of_looks(
            "1F..\n11..\n....\n",
            vec![0, 1, 2, 2, 0, 0, 2, 2, 2, 2, 2, 2],
            vec![
                Verdict::certain(TileClass::Number(1)),
                verdict.settled(TileClass::Flag),
                Verdict::certain(TileClass::Unrevealed),
            ],
        )
    }

    #[test]
    fn a_flag_the_classifier_found_less_likely_than_all_else_is_in_doubt_with_a_covered_tile() {
        // Text over the board: a flag at 0.48, a "1" at 0.45.
        let unsure = Verdict::from_probs(&[
            (TileClass::Flag, 0.48),
            (TileClass::Number(1), 0.45),
            (TileClass::Unrevealed, 0.07),
        ]);
        let mut reading = reading_with_flag(unsure);
        doubt_unsure_flags(&mut reading);
        assert_eq!(reading.doubt_cells(), vec![(0, 1)]);
        assert_eq!(
            reading.doubt[0].classes,
            vec![TileClass::Flag, TileClass::Unrevealed]
        );
        // A player's flag, read as games draw it, stays a flag.
        let sure = Verdict::from_probs(&[(TileClass::Flag, 0.97), (TileClass::Number(1), 0.03)]);
        let mut reading = reading_with_flag(sure);
        doubt_unsure_flags(&mut reading);
        assert!(reading.doubt.is_empty());
    }
}
