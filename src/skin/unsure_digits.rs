//! Numbers the classifier read unsurely: in doubt with the likeliest other class the tiles have
//! room for, unless the classes they have room for leave the number nearly all the odds.

use super::digit_inks::other_ink_on_one_face;
use super::doubt::{add_doubt, has_room_for};
use super::same_glyph::drawn_as_the_sure;
use super::shown_mines::MINE_LIKE;
use crate::board::{Board, Cell};
use crate::vision::{Reading, TileClass, Verdict};

/// The classifier's probability below which a look read as a number is in doubt with its
/// runner-up: it found the number less likely than all else together.
const SURE_DIGIT: f32 = 0.5;
/// Tiles narrower than this (px) are read from a few pixels, where a sampling a quarter of a
/// tile off still reads as some digit: there a number is in doubt below [`SURE_SMALL_DIGIT`].
const SMALL_PITCH: f64 = 14.0;
/// The classifier's probability below which a number on tiles under [`SMALL_PITCH`] is in
/// doubt. winmine.html at 13 px (×1.2, 67%): the lattice ended 3.3 px above the board's last
/// edge, a "1" in the last row read as a "3" at 0.57, and a mine beside it came out safe.
const SURE_SMALL_DIGIT: f32 = 0.95;

/// The classifier's probability from which a number's look stands for the ink of that number
/// ([`inked_unlike_its_number`]).
const SURE_INK: f32 = 0.9;

/// The classifier's odds on a player's mark (a flag or a question mark) from which a look read
/// as a number shows a glyph it does not know. Winemine under Wine draws its "2" in one-pixel
/// white strokes: the model read it as a "3" at 0.78 and a flag at 0.19 (a 2 at 0.0003), and
/// every such "2" of a board was one look. KMines' 3s at 17 px, read at 0.75, had their odds
/// on a 5 and a 6.
const MARK_ODDS: f32 = 0.1;

/// The classifier's odds that `verdict`'s look shows a player's mark.
fn mark_odds(verdict: &Verdict) -> f32 {
    verdict.prob(TileClass::Flag) + verdict.prob(TileClass::Question)
}

/// The share of the odds of the classes a look's tiles leave room for from which a number the
/// classifier gave less than [`SURE_DIGIT`] is sure: the rest went to numbers no tile of the
/// look can show.
const SURE_AMONG_THE_POSSIBLE: f32 = 0.9;

/// Leaves in doubt, between the number read and the classifier's next likeliest class that its
/// tiles leave room for, each look read as a number (1 to 8) that the classifier itself gave
/// less than `SURE_DIGIT`, unless it gave it `SURE_AMONG_THE_POSSIBLE` of the odds of the classes
/// its tiles leave room for; and, whatever those odds, each look it gave [`MARK_ODDS`] on a
/// player's mark, or less than [`SURE_INK`] beside a sure look of the number in another ink
/// ([`inked_unlike_its_number`]). The odds are those of the least sure look of its family
/// (`family_of`, by look) read as the same number. A family of looks is labelled as one, and a
/// small digit misread as a neighbouring number (a "2" at 24 px taken for a "1", with one family
/// of sure 1s) is settled with it; the look's own odds still say the tile is unsure, and a number
/// one too low calls a mine safe. Whether the board also holds with the next class is not asked:
/// the misread digits may hold only together. A number no tile of the look has room for (an
/// "8" beside open tiles, the classifier's first choice for KMines' gold "3" at 31 px) is no
/// real alternative: no board shows it there. Nor is a player's mark, for a look on the open
/// tiles' face (`on_open_face`, from the board's pixels): flags and question marks are drawn on
/// covered tiles (KMines' "1"s at 17 px are flags to the model at 0.94), unless the classifier
/// found the mark likeliest of all ([`likeliest_mark`]): a doubt between two digits leaves the
/// tile open and mine-free, and a flag it really shows is a mine. Nor is a doubt left on
/// a digit drawn as the board's sure looks of its number draw it (`same_glyph`): the face under
/// it is what the classifier doubted (a number lit under the pointer).
pub(super) fn doubt_unsure_digits(
    reading: &mut Reading,
    family_of: &[usize],
    on_open_face: &dyn Fn(usize) -> bool,
) {
    let grid = reading.grid;
    let sure = if grid.pitch_x.min(grid.pitch_y) < SMALL_PITCH {
        SURE_SMALL_DIGIT
    } else {
        SURE_DIGIT
    };
    for look in 0..reading.looks.len() {
        let verdict = reading.looks[look];
        if !matches!(verdict.class.cell(), Cell::Number(1..)) {
            continue;
        }
        // The looks of one family are one picture up to noise: the least sure of them, read as
        // this number, says how sure the number is. Where one look of a family alone was left
        // in doubt, the others, read as the number, left it only one number that fits
        // (`forced`), and winemine's white "2"s, one family of 3s to the classifier, came out
        // 3s.
        let (mut least_sure, mut marked) = (None::<Verdict>, 0.0f32);
        let alike = (reading.looks.iter().enumerate())
            .filter(|&(l, v)| family_of[l] == family_of[look] && v.class == verdict.class);
        for (_, other) in alike {
            let odds = other.prob(verdict.class);
            if least_sure.is_none_or(|least| odds < least.prob(verdict.class)) {
                least_sure = Some(*other);
            }
            marked = marked.max(mark_odds(other));
        }
        let least_sure = least_sure.unwrap_or(verdict);
        let odds = least_sure.prob(verdict.class);
        let other_ink = odds < SURE_INK && inked_unlike_its_number(reading, look);
        // Odds on a player's mark say the glyph is one the classifier does not know.
        let unknown_glyph = marked >= MARK_ODDS;
        if odds >= sure && !other_ink && !unknown_glyph {
            continue;
        }
        let cells = reading.cells_showing(|l| l == look);
        let open = on_open_face(look);
        let mark = likeliest_mark(&least_sure).filter(|_| open);
        let may_be = |class: TileClass| !(open && class.is_mark()) || Some(class) == mark;
        let board = &reading.board;
        let sure_anyway = !other_ink
            && !unknown_glyph
            && sure_among_the_possible(board, &cells, &least_sure, verdict.class, &may_be);
        if sure_anyway || drawn_as_the_sure(reading, look, verdict.class) {
            continue;
        }
        let next =
            least_sure.runner_up_among(|class| may_be(class) && has_room_for(board, &cells, class));
        let next =
            next.map(|other| covered_for_a_faint_mine(board, &least_sure, verdict.class, other));
        if let Some(other) = next {
            add_doubt(reading, look, cells, verdict.class, other);
        }
    }
}

/// The rival `other` of the digit `read` (the classifier's odds in `verdict`), or a covered
/// tile where `other` is a shown mine the classifier gave less than [`MINE_LIKE`] of the
/// digit's odds on a board that shows no mine. Where no other number has room round a digit,
/// the likeliest class left may be a mine at odds of 1 to 10,000, and a tile in doubt with a
/// mine is taken for a lost game's (`pipeline::may_show_mines`): the rounded clone's "1"s at
/// 35 px in its dark page (read at 0.98, one covered neighbour) cost a board in play all its
/// advice. A covered tile weakens the board as a mine does (a tile that may or may not hold
/// one, `advice_board`), so the advice stays as sound; a lost game's mines read as digits
/// with real odds on a mine are `shown_mines`' to weigh.
fn covered_for_a_faint_mine(
    board: &Board,
    verdict: &Verdict,
    read: TileClass,
    other: TileClass,
) -> TileClass {
    let faint = f64::from(verdict.prob(other)) < MINE_LIKE * f64::from(verdict.prob(read));
    if other.cell() == Cell::Mine && faint && !board.shows_mines() {
        TileClass::Unrevealed
    } else {
        other
    }
}

/// Whether another look of `reading`, read surely ([`SURE_INK`]) as the number `look` is read
/// as, draws it on the same face in another ink (`digit_inks::other_ink_on_one_face`): a skin
/// draws each number in one ink, so one of the two is misread, and the unsure one is the
/// likelier. Winemine under Wine's palette: a white "2" read as a "3" at 0.80 beside cyan 3s
/// read at 0.98 made three covered tiles certain mines and a mine safe. Faces of different
/// colours turn an ink's direction (a digit lit under the pointer): there `same_glyph` judges.
fn inked_unlike_its_number(reading: &Reading, look: usize) -> bool {
    let class = reading.looks[look].class;
    (reading.looks.iter().enumerate()).any(|(other, verdict)| {
        other != look
            && verdict.class == class
            && verdict.prob(class) >= SURE_INK
            && other_ink_on_one_face(&reading.pixels[look], &reading.pixels[other])
    })
}

/// The mark (flag or question mark) the classifier found likeliest of all classes for `look`,
/// if it found one so. react-minesweeper draws its flags on the opened tiles' face: at 20 px in
/// Chromium's dark mode the model gave one 0.935 as a flag, the board's labelling settled it as
/// a "3" (a mark on the open face is most often a digit the model does not know), and a doubt
/// between that "3" and an "8", both open and mine-free, let a neighbouring "1" call a safe
/// tile a mine. Whether the glyph is drawn like one of the board's digits does not settle it:
/// at that size the flag's ink came within 0.92 of the board's 3s and 0.91 of its 1s
/// (`same_glyph`).
fn likeliest_mark(verdict: &Verdict) -> Option<TileClass> {
    let likeliest = verdict.likeliest();
    likeliest.is_mark().then_some(likeliest)
}

/// Whether `verdict` gives `class` at least [`SURE_AMONG_THE_POSSIBLE`] of the odds of the
/// classes that one of `cells` leaves room for on `board`, of those `may_be` allows.
pub(super) fn sure_among_the_possible(
    board: &Board,
    cells: &[(usize, usize)],
    verdict: &Verdict,
    class: TileClass,
    may_be: &dyn Fn(TileClass) -> bool,
) -> bool {
    let Some(index) = class.index() else {
        return false;
    };
    let odds = verdict.prob_among(|c| may_be(c) && has_room_for(board, cells, c));
    verdict.probs[index] >= SURE_AMONG_THE_POSSIBLE * odds
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{parse_board, Pos};
    use crate::skin::doubt::advice_board;
    use crate::skin::testing::tile_with_ink;
    use crate::vision::tiles::TileImage;

    /// The board "...\n.3.\n111" (every 1 read surely), its "3" read with the odds `odds`, on
    /// the open face or not as `open` says.
    fn doubted(odds: &[(TileClass, f32)], open: bool) -> Reading {
        doubted_at(odds, open, 20.0)
    }

    /// As [`doubted`], on tiles `pitch` px wide.
    fn doubted_at(odds: &[(TileClass, f32)], open: bool, pitch: f64) -> Reading {
        let mut reading = Reading::of_board(parse_board("...\n.3.\n111\n").unwrap());
        (reading.grid.pitch_x, reading.grid.pitch_y) = (pitch, pitch);
        reading.look_of = vec![0, 0, 0, 0, 1, 0, 2, 2, 2];
        reading.looks = vec![
            Verdict::certain(TileClass::Unrevealed),
            Verdict::from_probs(odds),
            Verdict::certain(TileClass::Number(1)),
        ];
        reading.looks[1].class = TileClass::Number(3);
        let grey = [192; 3];
        reading.pixels = vec![
            tile_with_ink([90; 3], [90; 3]),
            tile_with_ink(grey, [250; 3]),
            tile_with_ink(grey, [0, 0, 255]),
        ];
        let family_of: Vec<usize> = (0..reading.looks.len()).collect();
        doubt_unsure_digits(&mut reading, &family_of, &|look| open && look == 1);
        reading
    }

    #[test]
    fn a_digit_on_tiles_under_14_px_is_in_doubt_unless_nearly_sure() {
        // winmine.html at 13 px: a "1" sampled a quarter of a tile off read as a "3" at 0.57.
        let odds = [(TileClass::Number(3), 0.57), (TileClass::Number(4), 0.43)];
        assert!(doubted_at(&odds, true, 20.0).doubt.is_empty());
        let reading = doubted_at(&odds, true, 13.0);
        assert_eq!(
            reading.doubt[0].classes,
            [TileClass::Number(3), TileClass::Number(4)]
        );
        let sure = [(TileClass::Number(3), 0.96), (TileClass::Number(4), 0.04)];
        assert!(doubted_at(&sure, true, 13.0).doubt.is_empty());
    }

    /// The board "....\n.33.\n...." on 16 px tiles, its covered tiles look 0 and its 3s looks 1
    /// and 2, read as `threes` and drawn as `pixels` (the covered tiles' first).
    fn two_threes(threes: [Verdict; 2], pixels: [TileImage; 3]) -> Reading {
        let mut reading = Reading::of_board(parse_board("....\n.33.\n....\n").unwrap());
        (reading.grid.pitch_x, reading.grid.pitch_y) = (16.0, 16.0);
        reading.look_of = vec![0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 0];
        reading.looks = vec![
            Verdict::certain(TileClass::Unrevealed),
            threes[0],
            threes[1],
        ];
        reading.pixels = pixels.to_vec();
        reading
    }

    /// [`two_threes`]: its first "3" drawn in `ink` on black and read as a 3 at 0.8 (a 2 at
    /// 0.15), its second drawn in cyan on black and read as a 3 at 0.98.
    fn beside_a_cyan_three(ink: [u8; 3]) -> Reading {
        const BLACK: [u8; 3] = [0; 3];
        let mut reading = two_threes(
            [
                Verdict::from_probs(&[(TileClass::Number(3), 0.8), (TileClass::Number(2), 0.15)]),
                Verdict::from_probs(&[(TileClass::Number(3), 0.98)]),
            ],
            [
                tile_with_ink([0, 160, 0], [0, 160, 0]),
                tile_with_ink(BLACK, ink),
                tile_with_ink(BLACK, [0, 255, 255]),
            ],
        );
        doubt_unsure_digits(&mut reading, &[0, 1, 2], &|_| true);
        reading
    }

    #[test]
    fn a_digit_read_unsurely_in_another_ink_than_the_sure_ones_of_its_number_is_in_doubt() {
        // Winemine under Wine: a white "2" read as a 3 at 0.8 beside cyan 3s.
        let reading = beside_a_cyan_three([255; 3]);
        assert_eq!(reading.doubt.len(), 1, "{:?}", reading.doubt);
        assert_eq!(
            reading.doubt[0].classes,
            [TileClass::Number(3), TileClass::Number(2)]
        );
        // In the sure 3s' ink, or dimmed, it is read as a 3.
        assert!(beside_a_cyan_three([0, 255, 255]).doubt.is_empty());
        assert!(beside_a_cyan_three([0, 128, 128]).doubt.is_empty());
    }

    #[test]
    fn a_digit_the_classifier_found_may_be_a_mark_shows_a_glyph_it_does_not_know() {
        // Winemine's white "2" under Wine: a "3" at 0.78, a flag at 0.19.
        let odds = [
            (TileClass::Number(3), 0.78),
            (TileClass::Flag, 0.19),
            (TileClass::Number(2), 0.03),
        ];
        assert_three_in_doubt_with(&odds, true, TileClass::Number(2));
        // As unsure, with its other odds on a digit (KMines' 3s at 17 px): read as a 3.
        let odds = [(TileClass::Number(3), 0.78), (TileClass::Number(5), 0.22)];
        assert!(doubted(&odds, true).doubt.is_empty());
    }

    #[test]
    fn the_looks_of_one_family_are_as_unsure_as_the_least_sure_of_them() {
        let three = |p: f32| {
            let mut verdict =
                Verdict::from_probs(&[(TileClass::Number(3), p), (TileClass::Number(2), 1.0 - p)]);
            verdict.class = TileClass::Number(3);
            verdict
        };
        let mut reading = two_threes(
            [three(0.95), three(0.45)],
            [
                tile_with_ink([90; 3], [90; 3]),
                tile_with_ink([192; 3], [0, 0, 255]),
                tile_with_ink([192; 3], [255, 0, 0]),
            ],
        );
        let mut apart = reading.clone();
        doubt_unsure_digits(&mut apart, &[0, 1, 2], &|_| true);
        assert_eq!(apart.doubt_cells(), [(1, 2)]);
        doubt_unsure_digits(&mut reading, &[0, 1, 1], &|_| true);
        assert_eq!(reading.doubt_cells(), [(1, 1), (1, 2)]);
    }

    #[test]
    fn a_look_the_classifier_found_a_flag_keeps_the_flag_in_doubt_on_the_open_face() {
        // react-minesweeper's flag on the opened face at 20 px: a flag to the model, settled as
        // a "3" by the board's labelling.
        let odds = [
            (TileClass::Flag, 0.935),
            (TileClass::Number(8), 0.04),
            (TileClass::Number(3), 0.002),
        ];
        let reading = assert_three_in_doubt_with(&odds, true, TileClass::Flag);
        // The tile may hold a mine: no 1 beside it settles its other neighbours.
        assert_eq!(advice_board(&reading).get(Pos::new(1, 1)), Cell::Unrevealed);
    }

    #[test]
    fn a_mark_the_classifier_found_less_likely_than_a_digit_is_no_alternative_on_the_open_face() {
        let odds = [
            (TileClass::Number(3), 0.45),
            (TileClass::Flag, 0.3),
            (TileClass::Number(2), 0.25),
        ];
        let reading = assert_three_in_doubt_with(&odds, true, TileClass::Number(2));
        assert_eq!(advice_board(&reading).get(Pos::new(1, 1)), Cell::Blank);
        // On a covered face the flag is the runner-up.
        assert_three_in_doubt_with(&odds, false, TileClass::Flag);
    }

    #[test]
    fn a_mine_the_classifier_found_faint_is_no_rival_on_a_board_that_shows_none() {
        // The rounded clone's "1"s at 35 px: no other number had room, the likeliest class
        // left was a mine at 1 to 10,000, and in doubt with a mine the board was taken for a
        // lost game's. A covered tile weakens it alike. (The "3" is unsure for the odds on a
        // flag, a glyph the classifier does not know; a 6 has no room among five covered
        // tiles, and a flag is no rival on the open face.)
        let (three, six, flag) = (TileClass::Number(3), TileClass::Number(6), TileClass::Flag);
        let faint = [
            (three, 0.78),
            (flag, 0.19),
            (six, 0.0299),
            (TileClass::Mine, 0.0001),
        ];
        let reading = assert_three_in_doubt_with(&faint, true, TileClass::Unrevealed);
        assert_eq!(advice_board(&reading).get(Pos::new(1, 1)), Cell::Unrevealed);
        // Odds on a mine the classifier means: the mine stays the rival.
        let real = [
            (three, 0.78),
            (flag, 0.19),
            (six, 0.02),
            (TileClass::Mine, 0.01),
        ];
        assert_three_in_doubt_with(&real, true, TileClass::Mine);
    }

    /// [`doubted`]'s board, asserting its "3" in doubt with `other` alone.
    fn assert_three_in_doubt_with(
        odds: &[(TileClass, f32)],
        open: bool,
        other: TileClass,
    ) -> Reading {
        let reading = doubted(odds, open);
        assert_eq!(reading.doubt.len(), 1, "{:?}", reading.doubt);
        assert_eq!(reading.doubt[0].classes, [TileClass::Number(3), other]);
        reading
    }
}
