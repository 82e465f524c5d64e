//! Numbers on a face no open tile shows. A game draws its numbers on the open tiles' face (or,
//! in some skins, on a face of each number's own); a page's note over the board ("Game saved!",
//! white on dark), a dialog's edge, a tooltip, or a number the page lights under the pointer
//! covers a tile with a face of its own, and what is on it can read as a digit (a covered tile
//! under a note read as a sure "5" made four of its covered neighbours "certain mines"). Such a
//! number, its edge ring far from that of every other open look read surely (a number or an
//! empty tile, not in doubt), and seen on a tile or two only, is left in doubt with a covered
//! tile: the board gets less advice there, never advice resting on something drawn over it.
//! Where no open look is read surely (a first click that showed one number), there is nothing
//! to compare with, and nothing changes. A flag is left out unless it is far from the covered
//! tiles' face too and the board cannot hold it: many web clones draw a flagged tile on a face
//! of its own (a yellow square), like no other tile, but a number the page lights under the
//! pointer (the emoji clone draws it on a blue square) can read as a flag that a 0 beside it
//! says is no mine. A player's wrong flag on the covered face (most games draw it so) is named
//! as such; one on a face of its own is left in doubt, with no advice resting on it. A number
//! drawn as the board's sure looks of it draw it (`same_glyph`: the lit number under the
//! pointer) is that number on any face.

use super::background::nearest_face;
use super::doubt::add_doubt;
use super::families::Families;
use super::same_glyph::drawn_as_the_sure;
use crate::board::Pos;
use crate::solver::{holds_with_covered, is_consistent};
use crate::vision::{Reading, TileClass};

/// Mean difference (0-255 per channel) over the edge ring beyond which a number's face is no
/// open tile's: four times the nearness within which two looks share a face (`symbols`). A
/// number beside a lost game's shown mines, its ring partly theirs, came within 30 of the open
/// face; a dark note over a light board is 100 or more from it.
const FOREIGN: f64 = 40.0;

/// A number look showing on more tiles than this is a skin's own: what lies over a board
/// covers each tile with another part of itself (a note's letters), while a skin that draws a
/// number on a face of its own (a picture per number) shows that face on every tile of the
/// number.
const FEW: usize = 2;

/// Puts in doubt with a covered tile every family settled as a number 1 to 8 (`settled`), not
/// in doubt already and on [`FEW`] tiles at most, whose face is far ([`FOREIGN`]) from that of
/// every other family not in doubt settled as an open tile (0 to 8), where there is such a
/// family; and likewise every family settled as a flag whose face is far from the covered
/// tiles' too, where the board's numbers cannot hold it as a mine but hold with it covered.
pub fn doubt_numbers_on_a_face_of_their_own(
    reading: &mut Reading,
    families: &Families,
    settled: &[TileClass],
) {
    let unsure = families.in_doubt(reading);
    let tiles = families.cells(reading);
    let open = |f: usize| !unsure[f] && matches!(settled[f], TileClass::Number(_));
    // A flag is drawn on the covered tiles' face in most games: on a face of its own it is far
    // from theirs too.
    let open_or_covered = |f: usize| open(f) || (!unsure[f] && settled[f] == TileClass::Unrevealed);
    let board = &reading.board;
    // Whether the board's numbers hold, asked once, where a flag needs it.
    let mut consistent = None;
    let mut wrong_flag = |f: usize| {
        let cells: Vec<Pos> = (reading.cells_showing(|l| families.of[l] == f).into_iter())
            .map(|(row, col)| Pos { row, col })
            .collect();
        !*consistent.get_or_insert_with(|| is_consistent(board))
            && holds_with_covered(board, &cells)
    };
    let foreign: Vec<usize> = (0..settled.len())
        .filter(|&f| !unsure[f] && tiles[f] <= FEW)
        .filter(|&f| {
            let flag = match settled[f] {
                TileClass::Number(1..) => false,
                TileClass::Flag => true,
                _ => return false,
            };
            let nearest = if flag {
                nearest_face(&reading.pixels, families, f, &open_or_covered)
            } else {
                nearest_face(&reading.pixels, families, f, &open)
            };
            tracing::trace!(family = f, nearest, flag, "the nearest open face");
            nearest.is_finite()
                && nearest > FOREIGN
                && (!flag || wrong_flag(f))
                && !drawn_as_the_sure(reading, families.first[f], settled[f])
        })
        .collect();
    for family in foreign {
        tracing::debug!(
            family,
            "a number or a flag on a face no open tile shows: in doubt with a covered tile"
        );
        let cells = reading.cells_showing(|l| families.of[l] == family);
        add_doubt(
            reading,
            families.first[family],
            cells,
            settled[family],
            TileClass::Unrevealed,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;
    use crate::skin::testing::{
        a_family_a_look, tile_with_ink as tile, BLUE, GRASS, NOTE, SAND, WHITE,
    };
    use crate::vision::tiles::TileImage;
    use crate::vision::Verdict;

    /// The board "1.\n05\n" with one look per character: covered grass, open sand with a blue
    /// "1", and a "5" drawn as `five` (its face, its ink).
    fn board_with_five(five: TileImage) -> (Reading, Families, Vec<TileClass>) {
        let mut reading = Reading::of_board(parse_board("1.\n05\n").unwrap());
        reading.look_of = vec![0, 1, 2, 3];
        reading.looks = vec![
            Verdict::certain(TileClass::Number(1)),
            Verdict::certain(TileClass::Unrevealed),
            Verdict::certain(TileClass::Number(0)),
            Verdict::certain(TileClass::Number(5)),
        ];
        reading.pixels = vec![tile(SAND, BLUE), tile(GRASS, GRASS), tile(SAND, SAND), five];
        a_family_a_look(reading)
    }

    #[test]
    fn a_digit_on_a_dark_note_over_the_board_is_in_doubt_with_a_covered_tile() {
        let (mut reading, families, settled) = board_with_five(tile(NOTE, WHITE));
        doubt_numbers_on_a_face_of_their_own(&mut reading, &families, &settled);
        assert_eq!(reading.doubt.len(), 1);
        assert_eq!(reading.doubt[0].cells, [(1, 1)]);
        assert!(reading.doubt[0].classes.contains(&TileClass::Unrevealed));
    }

    #[test]
    fn a_digit_on_the_open_face_or_with_nothing_to_compare_keeps_its_reading() {
        let (mut reading, families, settled) = board_with_five(tile(SAND, WHITE));
        doubt_numbers_on_a_face_of_their_own(&mut reading, &families, &settled);
        assert!(reading.doubt.is_empty());
        // Every other look in doubt: no face read surely to compare with.
        let (mut alone, families, settled) = board_with_five(tile(NOTE, WHITE));
        for (look, &class) in settled.iter().enumerate().take(3) {
            alone.doubt.push(crate::vision::Doubt {
                look,
                classes: vec![class, TileClass::Unrevealed],
                cells: alone.cells_showing(|l| l == look),
            });
        }
        doubt_numbers_on_a_face_of_their_own(&mut alone, &families, &settled);
        assert_eq!(alone.doubt.len(), 3);
    }

    /// The board `text` with a look per character: a blue "1" and a 0 on the open sand face,
    /// covered grass, and a flag drawn as `flag`.
    fn board_with_flag(text: &str, flag: TileImage) -> (Reading, Families, Vec<TileClass>) {
        let board = parse_board(text).unwrap();
        let mut reading = Reading::of_board(board);
        reading.look_of = (text.chars().filter(|c| !c.is_whitespace()))
            .map(|c| "1F0.".find(c).unwrap())
            .collect();
        reading.looks = vec![
            Verdict::certain(TileClass::Number(1)),
            Verdict::certain(TileClass::Flag),
            Verdict::certain(TileClass::Number(0)),
            Verdict::certain(TileClass::Unrevealed),
        ];
        reading.pixels = vec![tile(SAND, BLUE), flag, tile(SAND, SAND), tile(GRASS, GRASS)];
        a_family_a_look(reading)
    }

    #[test]
    fn a_flag_on_a_face_of_its_own_that_the_board_cannot_hold_is_in_doubt() {
        // The 0 beside it says it is no mine: a number lit under the pointer, read as a flag.
        let (mut reading, families, settled) = board_with_flag("1.\n..\n0F\n", tile(BLUE, WHITE));
        doubt_numbers_on_a_face_of_their_own(&mut reading, &families, &settled);
        assert_eq!(reading.doubt.len(), 1);
        assert_eq!(reading.doubt[0].cells, [(2, 1)]);
        assert!(reading.doubt[0].classes.contains(&TileClass::Unrevealed));
    }

    #[test]
    fn a_flag_the_board_holds_keeps_its_reading_on_any_face() {
        // The "1" beside it counts it: a flag drawn on a square of its own, as web clones do.
        let (mut reading, families, settled) = board_with_flag("1.\n..\n1F\n", tile(BLUE, WHITE));
        doubt_numbers_on_a_face_of_their_own(&mut reading, &families, &settled);
        assert!(reading.doubt.is_empty());
    }

    #[test]
    fn a_wrong_flag_on_the_covered_face_stays_a_flag_to_be_named() {
        // Most games draw a flag on the covered tiles' face: a player's wrong flag there is
        // named as such, not hidden.
        let (mut reading, families, settled) = board_with_flag("1.\n..\n0F\n", tile(GRASS, WHITE));
        doubt_numbers_on_a_face_of_their_own(&mut reading, &families, &settled);
        assert!(reading.doubt.is_empty());
    }
}
