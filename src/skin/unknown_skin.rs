//! A skin the classifier does not know. On the skins it was trained for, and on the games and
//! web clones held out of its training, the classifier reads a board's numbers surely: the
//! median confidence of a board's number looks was 0.95 or more on every one of 236 swept
//! boards (GNOME Mines at 23–57 px, three web clones at 67–200% zoom). On a web clone that draws
//! every digit in one dark colour, in a font and on tiles it never saw, the median was 0.53–0.92,
//! and there it read a "3" as a "2" with 0.997 of its odds, which made a mine "safe". Its
//! confidence on one look says little on a skin that far from what it knows; its confidence
//! over the whole board says that the skin is that far. There only digits it is all but
//! certain of are taken as read: the others are left in doubt, and the board gives less
//! advice, never wrong advice.
//!
//! The median is taken twice, over the looks and over the tiles, and both must be low. A lost
//! GNOME Mines board at 24 px showed eight number looks, four of them rare ones beside the
//! shown mines read at 0.82–0.95, so their median was 0.92 while the tiles' was 0.9997; every
//! digit but the surest was left in doubt. On the unknown clone the tiles' median was as low
//! as the looks' (0.65–0.92 over its boards).

use super::doubt::{doubt_with_runner_up, has_room_for};
use crate::board::Cell;
use crate::vision::{Reading, TileClass};

/// The median classifier confidence of a board's number looks below which the board's skin is
/// taken for one the classifier does not know (0.95 at the least on known skins, 0.92 at the
/// most on the unknown one).
const KNOWN_SKIN: f32 = 0.935;
/// Number looks a board must show for the median to say anything of its skin: a single look
/// read unsurely is a digit the classifier finds hard, not a skin.
const LOOKS_TO_JUDGE: usize = 3;
/// On an unknown skin, the classifier's probability of the number read, among the classes its
/// tiles may show ([`odds_among_the_possible`]), from which a number look is taken as read.
const SURE_ON_UNKNOWN_SKIN: f32 = 0.999;

/// Leaves in doubt, on a board of at least [`LOOKS_TO_JUDGE`] number looks that the classifier
/// read with a median confidence under [`KNOWN_SKIN`], over the looks and over the tiles, every
/// look read as a number (1 to 8)
/// that it gave less than [`SURE_ON_UNKNOWN_SKIN`], between that number and its next likeliest
/// class; for a look on the open tiles' face (`on_open_face`, from the board's pixels, not the
/// classifier), the next likeliest that is no player's mark: flags and question marks are drawn
/// on covered tiles. (KMines at 17 px: its "1"s are flags to the model at 0.94, on the face of
/// the empty tiles beside them.)
pub fn doubt_digits_of_an_unknown_skin(
    reading: &mut Reading,
    on_open_face: &dyn Fn(usize) -> bool,
) {
    // Each look read as a number, with the classifier's probability of that number.
    let numbers: Vec<(usize, f32)> = (reading.looks.iter().enumerate())
        .filter(|(_, v)| matches!(v.class.cell(), Cell::Number(1..)))
        .map(|(look, v)| (look, v.prob(v.class)))
        .collect();
    if numbers.len() < LOOKS_TO_JUDGE {
        return;
    }
    // Both must be low: a board of a known skin may show a few rare looks read unsurely (the
    // tiles beside a lost game's mines, a digit half lit under the pointer), enough of the
    // looks to pull their median down while its common digits are read surely. The tiles are
    // counted only where the looks' median is low (seldom, on a known skin).
    let by_look = lower_median(numbers.iter().map(|&(_, p)| (p, 1)).collect());
    if by_look >= KNOWN_SKIN {
        return;
    }
    let shown = reading.cells_of_each_look();
    let by_tile = lower_median(numbers.iter().map(|&(look, p)| (p, shown[look])).collect());
    if by_tile >= KNOWN_SKIN {
        return;
    }
    tracing::debug!(
        by_look,
        by_tile,
        number_looks = numbers.len(),
        "the numbers of this board are read unsurely on the whole: a skin the classifier does \
         not know; only the surest digits are taken as read"
    );
    for (look, p) in numbers {
        if p < SURE_ON_UNKNOWN_SKIN && odds_among_the_possible(reading, look) < SURE_ON_UNKNOWN_SKIN
        {
            let open = on_open_face(look);
            doubt_with_runner_up(reading, look, |class| !(open && class.is_mark()));
        }
    }
}

/// The classifier's probability of the class `look` is read as, out of the odds of the classes
/// its tiles may show on the board as read, leaving out the signs of a lost game that no board
/// can show there: a crossed flag on a board that shows no mine (only a lost game shows one, and
/// it shows its mines) and a shown mine beside a 0 (`doubt::has_room_for`). winmine.html's red
/// "3"s in forced dark at 27–30 px, on boards the classifier reads unsurely on the whole, are a
/// "3" at 0.95 and a crossed flag at 0.05, every other class under 0.00001: the crossed flag,
/// which those boards in play cannot show, kept each in doubt. The odds between the numbers are
/// all kept, those the tiles have no room for too: a model unsure between two digits on a skin
/// it does not know is what this rule guards against, whichever digit the board allows.
fn odds_among_the_possible(reading: &Reading, look: usize) -> f32 {
    let verdict = reading.looks[look];
    let board = &reading.board;
    let cells = reading.cells_showing(|l| l == look);
    let possible = |class: TileClass| match class {
        TileClass::WrongFlag => board.shows_mines(),
        TileClass::Mine | TileClass::Exploded => has_room_for(board, &cells, class),
        _ => true,
    };
    let odds = verdict.prob_among(possible);
    if odds > 0.0 {
        verdict.prob(verdict.class) / odds
    } else {
        0.0
    }
}

/// The lower median of `odds`, each (probability, weight): the smallest probability by which
/// at least half the weight is counted (of an even count, the less sure of the middle two).
fn lower_median(mut odds: Vec<(f32, usize)>) -> f32 {
    odds.sort_by(|a, b| a.0.total_cmp(&b.0));
    let total: usize = odds.iter().map(|&(_, w)| w).sum();
    let mut counted = 0;
    for (p, weight) in odds.iter().copied() {
        counted += weight;
        if 2 * counted >= total {
            return p;
        }
    }
    odds.last().map_or(1.0, |&(p, _)| p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;
    use crate::vision::{TileClass, Verdict};

    /// A reading of `text` whose looks are its characters, in the order of `odds`: each read as
    /// its digit with the probability given, the rest of its odds on the digit one higher.
    fn reading(text: &str, odds: &[(char, f32)]) -> Reading {
        let mut reading = Reading::of_board(parse_board(text).unwrap());
        let chars: Vec<char> = text.lines().flat_map(|l| l.chars()).collect();
        reading.look_of = (chars.iter())
            .map(|c| odds.iter().position(|o| o.0 == *c).unwrap())
            .collect();
        reading.looks = (odds.iter())
            .map(|&(c, p)| match c.to_digit(10) {
                Some(d) => Verdict::from_probs(&[
                    (TileClass::Number(d as u8), p),
                    (TileClass::Number(d as u8 + 1), 1.0 - p),
                ]),
                None => Verdict::certain(TileClass::Unrevealed),
            })
            .collect();
        reading
    }

    #[test]
    fn medians_count_looks_or_tiles() {
        assert_eq!(
            lower_median(vec![(0.9, 1), (0.5, 1), (0.99, 1), (0.7, 1)]),
            0.7
        );
        assert_eq!(
            lower_median(vec![(0.9, 10), (0.5, 1), (0.99, 1), (0.7, 1)]),
            0.9
        );
    }

    #[test]
    fn on_the_open_face_a_digit_is_in_doubt_with_a_digit_not_a_mark() {
        // Unsure digits on an unknown skin, the 1 a flag to the classifier (the rules read it
        // as a 1), its next likeliest class a 4.
        let text = "123\n...\n";
        let odds = [('1', 0.9), ('2', 0.9), ('3', 0.9), ('.', 1.0)];
        let mut reading = reading(text, &odds);
        reading.looks[0] = Verdict::from_probs(&[
            (TileClass::Number(1), 0.04),
            (TileClass::Flag, 0.94),
            (TileClass::Number(4), 0.02),
        ]);
        let mut on_covered = reading.clone();
        doubt_digits_of_an_unknown_skin(&mut on_covered, &|_| false);
        assert_eq!(
            on_covered.doubt[0].classes,
            [TileClass::Number(1), TileClass::Flag]
        );
        doubt_digits_of_an_unknown_skin(&mut reading, &|look| look == 0);
        assert_eq!(
            reading.doubt[0].classes,
            [TileClass::Number(1), TileClass::Number(4)]
        );
    }

    #[test]
    fn a_crossed_flag_no_board_in_play_shows_leaves_a_digit_taken() {
        // An unknown skin (every digit at 0.9, the rest of its odds on the digit one higher),
        // but the "3" has the rest of its odds on a crossed flag: no board in play shows one.
        let text = "123.\n....\n";
        let odds = [('1', 0.9), ('2', 0.9), ('3', 0.9), ('.', 1.0)];
        let mut reading = reading(text, &odds);
        let three =
            Verdict::from_probs(&[(TileClass::Number(3), 0.95), (TileClass::WrongFlag, 0.05)]);
        reading.looks[2] = three;
        let mut in_play = reading.clone();
        doubt_digits_of_an_unknown_skin(&mut in_play, &|_| false);
        let doubted = in_play.doubt_cells();
        assert!(!doubted.contains(&(0, 2)), "{:?}", in_play.doubt);
        assert!(doubted.contains(&(0, 0)) && doubted.contains(&(0, 1)));
        // On a board that shows a mine, a crossed flag may be there: the "3" stays in doubt.
        let mut lost = reading;
        lost.board.set(crate::board::Pos::new(1, 0), Cell::Mine);
        doubt_digits_of_an_unknown_skin(&mut lost, &|_| false);
        assert!(lost.doubt_cells().contains(&(0, 2)), "{:?}", lost.doubt);
    }

    #[test]
    fn rare_unsure_looks_do_not_make_a_known_skin_unknown() {
        // Common 1s and 2s read surely; three rare looks (3, 4, 5, one tile each) unsurely.
        let text = "1112345\n1122...\n.......\n";
        let odds = [
            ('1', 0.9999),
            ('2', 0.9995),
            ('3', 0.9),
            ('4', 0.85),
            ('5', 0.8),
            ('.', 1.0),
        ];
        let mut known = reading(text, &odds);
        doubt_digits_of_an_unknown_skin(&mut known, &|_| false);
        assert!(known.doubt.is_empty(), "{:?}", known.doubt);
        // The same looks with the common ones read unsurely too: an unknown skin, whose
        // digits short of all but certain are left in doubt.
        let odds = [
            ('1', 0.9),
            ('2', 0.9995),
            ('3', 0.9),
            ('4', 0.85),
            ('5', 0.8),
            ('.', 1.0),
        ];
        let mut unknown = reading(text, &odds);
        doubt_digits_of_an_unknown_skin(&mut unknown, &|_| false);
        let doubted = unknown.doubt_cells();
        assert!(doubted.contains(&(0, 0)) && doubted.contains(&(0, 6)));
        assert!(!doubted.contains(&(0, 3)), "the sure 2 is taken as read");
    }
}
