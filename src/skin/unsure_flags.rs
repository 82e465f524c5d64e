//! Flags the classifier read unsurely: in doubt with a covered tile. Advice takes a flag for a
//! mine ("the 1 already touches its mine"), so a look settled as a flag that the classifier
//! itself found less likely a flag than anything else together is no mine to rest advice on:
//! text a page draws over the board (a tooltip's "(4,6)" beside the pointer, white on the
//! covered tiles) reads as a flag as readily as a "1", and the rules, which let a covered tile
//! be a flag, settle it so.
//!
//! So is a flag read less than surely on a tile walled in by numbers, with no covered tile
//! beside it, drawn on a face no covered tile shows: a player's flag there is a mine whose every
//! neighbour was opened, which the rules allow, but a flag is a mark on a covered tile, and a
//! face of its own amid numbers is as likely an open tile of a look the classifier does not
//! know. The emoji clone's white square (its 0) in Chromium's forced dark at 33.6 px is a flag
//! to the model at 0.61; a first click opened one 0 and the eight numbers round it, the 0 was
//! read as a flag, the 1s beside it "already touched their mine", and the tiles beside those
//! were called safe: eight wrong calls on one board (seed 501). Such a flag is in doubt with a
//! 0 and a covered tile, and no advice rests on the numbers round it.

use super::colours::apart;
use super::digit_inks::digit_background;
use super::doubt::add_doubt;
use crate::board::{Cell, Pos};
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

/// The classifier's probability from which a flag walled in by numbers stands: the labelling's
/// own measure of a flag read surely. The emoji clone's white squares are flags to the model at
/// 0.57 to 0.81.
const SURE_WALLED_FLAG: f32 = 0.99;

/// How far (summed over the channels, 0-765) the face a flag is drawn on may lie from a covered
/// look's for the flag to stand on a covered tile: GNOME Mines and KMines draw theirs on the
/// covered face itself.
const COVERED_FACE: i32 = 60;

/// Leaves in doubt with a 0 and a covered tile each cell of a look settled as a flag that the
/// classifier gave less than [`SURE_WALLED_FLAG`], drawn on a face unlike every covered look's
/// (within [`COVERED_FACE`]), where every tile beside it reads as a number (1 to 8): no covered
/// tile, flag or 0 round it. A player's flag is a mark on a covered tile, drawn on its face in
/// most games (GNOME Mines' dark flag amid numbers at 23 px, a flag to the model at 0.85, and
/// KMines' at 0.98, stand); the emoji clone's white square is a face of its own. Not on a board
/// that shows its mines: a lost game gets no advice, and its flags are read as drawn.
pub(super) fn doubt_flags_walled_in_by_numbers(reading: &mut Reading) {
    if reading.board.shows_mines() {
        return;
    }
    // The covered looks' faces, measured only once a flag amid numbers asks (on most frames
    // none does).
    let mut covered_faces: Option<Vec<[i32; 3]>> = None;
    for look in 0..reading.looks.len() {
        let verdict = reading.looks[look];
        if verdict.class != TileClass::Flag || verdict.prob(TileClass::Flag) >= SURE_WALLED_FLAG {
            continue;
        }
        let board = &reading.board;
        let walled = |&(row, col): &(usize, usize)| {
            (board.neighbors(Pos::new(row, col))).all(|q| matches!(board.get(q), Cell::Number(1..)))
        };
        let cells: Vec<(usize, usize)> = (reading.cells_showing(|l| l == look).into_iter())
            .filter(walled)
            .collect();
        if cells.is_empty() {
            continue;
        }
        let covered = covered_faces.get_or_insert_with(|| {
            (0..reading.looks.len())
                .filter(|&l| reading.looks[l].class == TileClass::Unrevealed)
                .map(|l| digit_background(&reading.pixels[l]).0)
                .collect()
        });
        let face = digit_background(&reading.pixels[look]).0;
        if (covered.iter()).any(|&c| apart(face, c) <= COVERED_FACE) {
            continue;
        }
        tracing::debug!(
            look,
            p = verdict.prob(TileClass::Flag),
            tiles = cells.len(),
            "a flag the classifier read less than surely, walled in by numbers"
        );
        add_doubt(
            reading,
            look,
            cells.clone(),
            TileClass::Flag,
            TileClass::Number(0),
        );
        add_doubt(reading, look, cells, TileClass::Flag, TileClass::Unrevealed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::skin::testing::{board_of_looks, tile_with_ink, BLUE, GRASS, SAND, WHITE};
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

    /// The board "322\n1F1\n222" amid covered tiles (grass green), its numbers blue on sand,
    /// its flag drawn on `flag_face` and read with `verdict`, the rest surely; doubted by
    /// [`doubt_flags_walled_in_by_numbers`], after `lose` changed it.
    fn flag_amid_numbers_lost(
        verdict: Verdict,
        flag_face: [u8; 3],
        lose: fn(&mut Reading),
    ) -> Reading {
        let mut reading = board_of_looks(
            ".....\n.322.\n.1F1.\n.222.\n.....\n",
            vec![
                0, 0, 0, 0, 0, 0, 3, 2, 2, 0, 0, 1, 4, 1, 0, 0, 2, 2, 2, 0, 0, 0, 0, 0, 0,
            ],
            vec![
                Verdict::certain(TileClass::Unrevealed),
                Verdict::certain(TileClass::Number(1)),
                Verdict::certain(TileClass::Number(2)),
                Verdict::certain(TileClass::Number(3)),
                verdict.settled(TileClass::Flag),
            ],
        );
        reading.pixels = vec![
            tile_with_ink(GRASS, GRASS),
            tile_with_ink(SAND, BLUE),
            tile_with_ink(SAND, BLUE),
            tile_with_ink(SAND, BLUE),
            tile_with_ink(flag_face, [60; 3]),
        ];
        lose(&mut reading);
        doubt_flags_walled_in_by_numbers(&mut reading);
        reading
    }

    fn flag_amid_numbers(verdict: Verdict, flag_face: [u8; 3]) -> Reading {
        flag_amid_numbers_lost(verdict, flag_face, |_| {})
    }

    #[test]
    fn a_flag_read_less_than_surely_amid_numbers_is_in_doubt_with_a_0() {
        // The emoji clone's white square, its 0, a flag to the model at 0.61: the 1s beside
        // it would "already touch their mine".
        let white_square = Verdict::from_probs(&[
            (TileClass::Flag, 0.61),
            (TileClass::Number(8), 0.3),
            (TileClass::Unrevealed, 0.09),
        ]);
        let reading = flag_amid_numbers(white_square, WHITE);
        assert_eq!(reading.doubt_cells(), vec![(2, 2)]);
        assert_eq!(
            reading.doubt[0].classes,
            vec![TileClass::Flag, TileClass::Number(0), TileClass::Unrevealed]
        );
        // A flag read surely stays: a player's flag on a mine whose neighbours were opened.
        let sure = Verdict::from_probs(&[(TileClass::Flag, 0.995), (TileClass::Number(8), 0.005)]);
        assert!(flag_amid_numbers(sure, WHITE).doubt.is_empty());
        // So does one drawn on the covered tiles' face, however unsurely read (GNOME Mines'
        // dark flag at 0.85).
        assert!(flag_amid_numbers(white_square, GRASS).doubt.is_empty());
        // And one on a board that shows a mine: a lost game, no advice to rest on it.
        let lost = flag_amid_numbers_lost(white_square, WHITE, |r| {
            r.board.set(Pos::new(0, 0), Cell::Mine)
        });
        assert!(lost.doubt.is_empty());
        // And an unsure one beside a covered tile (the rule above weighs those).
        let mut reading = reading_with_flag(white_square);
        reading.pixels = vec![
            tile_with_ink(SAND, BLUE),
            tile_with_ink(WHITE, [60; 3]),
            tile_with_ink(GRASS, GRASS),
        ];
        doubt_flags_walled_in_by_numbers(&mut reading);
        assert!(reading.doubt.is_empty());
    }
}
