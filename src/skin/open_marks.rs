//! Marks read on the open tiles' face. A flag or a question mark is what a player puts on a
//! covered tile, and most games draw it there; a covered tile's face differs from an open
//! one's in every skin (or covered and empty tiles could not be told apart). So a look the
//! classifier reads as such a mark while it sits on the open face is most often a digit it does
//! not know (Wine's palette under Xvfb draws winemine's "2" white on black, which it reads as a
//! flag at 0.97). Such a look is left in doubt between the mark and the likeliest digit the
//! classifier gave it, and the board settles which number it is where only one fits (`forced`).
//!
//! Some games do draw the player's flag on the open face (react-minesweeper, whose flagged tile
//! takes the opened tiles' face). A mark the classifier is all but certain of, drawn like no
//! look of the board read as a digit, is that game's mark ([`drawn_as_a_mark`]).

use super::doubt::add_doubt;
use super::families::Families;
use super::same_flag::drawn_as_a_sure_flag;
use super::same_glyph::drawn_like_a_digit;
use super::symbols::on_open_face;
use crate::vision::{Reading, TileClass, Verdict};

/// The classifier's confidence from which a mark on the open face may be the game's own way of
/// drawing it: react-minesweeper's flags read at 0.996 and more, winemine's white "2" as a flag
/// at 0.97.
pub(super) const SURE_MARK: f32 = 0.99;

/// Whether `family` is a player's mark however its face looks: read as a flag or a question
/// mark at [`SURE_MARK`] or more, or drawn as the board's sure flags (`same_flag`: GNOME Mines
/// lights the flag under the pointer, read at 0.87, on a face like its open tiles'), and drawn
/// like no look the classifier reads as a digit.
pub fn drawn_as_a_mark(reading: &Reading, families: &Families, family: usize) -> bool {
    let verdict = &families.verdicts[family];
    let first = families.first[family];
    verdict.class.is_mark()
        && (verdict.confidence >= SURE_MARK || drawn_as_a_sure_flag(reading, first))
        && !drawn_like_a_digit(reading, first)
}

/// Puts in doubt, with the digit the classifier found likeliest for it, every family settled as
/// a flag or a question mark (`settled`) that is in no doubt yet and sits on the open face.
pub fn doubt_marks_on_open_face(reading: &mut Reading, families: &Families, settled: &[TileClass]) {
    let mut unsure = families.in_doubt(reading);
    let marks: Vec<usize> = (0..settled.len())
        .filter(|&f| !unsure[f] && settled[f].is_mark() && !drawn_as_a_mark(reading, families, f))
        .collect();
    if marks.is_empty() {
        return;
    }
    for &f in &marks {
        unsure[f] = true;
    }
    let open = on_open_face(&reading.pixels, families, settled, &unsure);
    for family in marks.into_iter().filter(|&f| open[f]) {
        let digit = likeliest_digit(&families.verdicts[family]);
        tracing::debug!(
            family,
            ?digit,
            confidence = families.verdicts[family].confidence,
            "a player's mark read on the open face: in doubt with a digit"
        );
        let cells = reading.cells_showing(|l| families.of[l] == family);
        add_doubt(
            reading,
            families.first[family],
            cells,
            settled[family],
            digit,
        );
    }
}

/// The digit (1 to 8) `verdict` gives the most odds: what a mark read on the open face most
/// likely is.
pub fn likeliest_digit(verdict: &Verdict) -> TileClass {
    (1..=8)
        .map(TileClass::Number)
        .max_by(|&a, &b| verdict.prob(a).total_cmp(&verdict.prob(b)))
        .expect("eight digits")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{parse_board, Cell, Pos};
    use crate::skin::testing::{a_family_a_look, tile_with_ink as tile};
    use crate::vision::tiles::TileImage;

    const BLACK: [u8; 3] = [0; 3];
    const GREEN: [u8; 3] = [0, 160, 0];
    const WHITE: [u8; 3] = [250; 3];

    /// The board "..\n0F\n00" with three looks: covered (green), 0 (black) and the flag's,
    /// drawn with `flag`; the flag read surely, with a little of the classifier's odds on a 2.
    fn reading(flag: TileImage) -> (Reading, Families, Vec<TileClass>) {
        reading_sure_of_the_flag(flag, 0.9)
    }

    /// The same, the classifier giving the flag `sure` and a 2 a little of the rest.
    fn reading_sure_of_the_flag(flag: TileImage, sure: f32) -> (Reading, Families, Vec<TileClass>) {
        let mut reading = Reading::of_board(parse_board("..\n0F\n00\n").unwrap());
        reading.look_of = vec![0, 0, 1, 2, 1, 1];
        let flagged = Verdict::from_probs(&[
            (TileClass::Flag, sure),
            (TileClass::Number(2), (1.0 - sure) / 2.0),
        ]);
        reading.looks = vec![
            Verdict::certain(TileClass::Unrevealed),
            Verdict::certain(TileClass::Number(0)),
            flagged,
        ];
        reading.pixels = vec![tile(GREEN, GREEN), tile(BLACK, BLACK), flag];
        a_family_a_look(reading)
    }

    #[test]
    fn a_flag_on_the_open_face_is_in_doubt_with_its_likeliest_digit() {
        let (mut reading, families, settled) = reading(tile(BLACK, WHITE));
        doubt_marks_on_open_face(&mut reading, &families, &settled);
        assert_eq!(reading.doubt.len(), 1);
        assert_eq!(reading.doubt[0].cells, [(1, 1)]);
        assert_eq!(
            reading.doubt[0].classes,
            [TileClass::Flag, TileClass::Number(2)]
        );
        // The board still shows what was read; advice weakens the doubt.
        assert_eq!(reading.board.get(Pos::new(1, 1)), Cell::Flag);
    }

    #[test]
    fn a_flag_drawn_as_the_boards_sure_flag_is_a_mark_on_any_face() {
        // GNOME Mines lights the flag under the pointer, read unsurely, on a face like its
        // open tiles'; the board's other flag is read surely, drawn alike.
        let (reading, _, _) = reading_sure_of_the_flag(tile(BLACK, WHITE), 0.87);
        let mut reading = Reading {
            board: parse_board("F.\n0F\n00\n").unwrap(),
            ..reading
        };
        reading.look_of = vec![3, 0, 1, 2, 1, 1];
        (reading.looks).push(Verdict::from_probs(&[(TileClass::Flag, 0.999)]));
        reading.pixels.push(tile(GREEN, WHITE));
        let (mut reading, families, settled) = a_family_a_look(reading);
        assert!(drawn_as_a_mark(&reading, &families, 2));
        doubt_marks_on_open_face(&mut reading, &families, &settled);
        assert!(reading.doubt.is_empty());
    }

    #[test]
    fn a_flag_all_but_certain_and_like_no_digit_is_the_games_own_mark() {
        // react-minesweeper draws its flags on the opened tiles' face.
        let (mut reading, families, settled) = reading_sure_of_the_flag(tile(BLACK, WHITE), 0.9999);
        assert!(drawn_as_a_mark(&reading, &families, 2));
        doubt_marks_on_open_face(&mut reading, &families, &settled);
        assert!(reading.doubt.is_empty());
    }

    #[test]
    fn a_sure_flag_drawn_like_a_digit_of_the_board_stays_in_doubt() {
        // Winemine's white "2"s: one read as a flag, another as a 3.
        let (mut reading, _, _) = reading_sure_of_the_flag(tile(BLACK, WHITE), 0.9999);
        reading.board = parse_board("..\n0F\n03\n").unwrap();
        reading.look_of = vec![0, 0, 1, 2, 1, 3];
        reading
            .looks
            .push(Verdict::from_probs(&[(TileClass::Number(3), 0.5)]));
        reading.pixels.push(tile(BLACK, WHITE));
        let (mut reading, families, settled) = a_family_a_look(reading);
        assert!(!drawn_as_a_mark(&reading, &families, 2));
        doubt_marks_on_open_face(&mut reading, &families, &settled);
        assert_eq!(reading.doubt.len(), 1);
        assert_eq!(reading.doubt[0].cells, [(1, 1)]);
    }

    #[test]
    fn a_flag_on_a_covered_face_stays_a_flag() {
        let (mut reading, families, settled) = reading(tile(GREEN, WHITE));
        doubt_marks_on_open_face(&mut reading, &families, &settled);
        assert!(reading.doubt.is_empty());
    }
}
