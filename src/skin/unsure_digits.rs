//! Numbers the classifier read unsurely: in doubt with the likeliest other class the tiles have
//! room for, unless the classes they have room for leave the number nearly all the odds.

use super::doubt::{add_doubt, has_room_for};
use super::same_glyph::drawn_as_the_sure;
use crate::board::{Board, Cell};
use crate::vision::classes::CLASS_COUNT;
use crate::vision::{Reading, TileClass, Verdict};

/// The classifier's probability below which a look read as a number is in doubt with its
/// runner-up: it found the number less likely than all else together.
const SURE_DIGIT: f32 = 0.5;

/// The share of the odds of the classes a look's tiles leave room for from which a number the
/// classifier gave less than [`SURE_DIGIT`] is sure: the rest went to numbers no tile of the
/// look can show.
const SURE_AMONG_THE_POSSIBLE: f32 = 0.9;

/// Leaves in doubt, between the number read and the classifier's next likeliest class that its
/// tiles leave room for, each look read as a number (1 to 8) that the classifier itself gave
/// less than `SURE_DIGIT`, unless it gave it `SURE_AMONG_THE_POSSIBLE` of the odds of the classes
/// its tiles leave room for. A family of looks is labelled as one, and a small
/// digit misread as a neighbouring number (a "2" at 24 px taken for a "1", with one family of
/// sure 1s) is settled with it; the look's own odds still say the tile is unsure, and a number
/// one too low calls a mine safe. Whether the board also holds with the next class is not asked:
/// the misread digits may hold only together. A number no tile of the look has room for (an
/// "8" beside open tiles, the classifier's first choice for KMines' gold "3" at 31 px) is no
/// real alternative: no board shows it there. Nor is a player's mark, for a look on the open
/// tiles' face (`on_open_face`, from the board's pixels): flags and question marks are drawn on
/// covered tiles (KMines' "1"s at 17 px are flags to the model at 0.94). Nor is a doubt left on
/// a digit drawn as the board's sure looks of its number draw it (`same_glyph`): the face under
/// it is what the classifier doubted (a number lit under the pointer).
pub(super) fn doubt_unsure_digits(reading: &mut Reading, on_open_face: &dyn Fn(usize) -> bool) {
    for look in 0..reading.looks.len() {
        let verdict = reading.looks[look];
        let Some(read) = verdict.class.index() else {
            continue;
        };
        if !matches!(verdict.class.cell(), Cell::Number(1..)) || verdict.probs[read] >= SURE_DIGIT {
            continue;
        }
        let cells = reading.cells_showing(|l| l == look);
        let open = on_open_face(look);
        let may_be = |class: TileClass| !(open && class.is_mark());
        if sure_among_the_possible(&reading.board, &cells, &verdict, verdict.class, &may_be)
            || drawn_as_the_sure(reading, look, verdict.class)
        {
            continue;
        }
        let next = verdict
            .runner_up_among(|class| may_be(class) && has_room_for(&reading.board, &cells, class));
        if let Some(other) = next {
            add_doubt(reading, look, cells, verdict.class, other);
        }
    }
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
    let odds: f32 = (0..CLASS_COUNT)
        .filter(|&i| {
            TileClass::from_index(i).is_some_and(|c| may_be(c) && has_room_for(board, cells, c))
        })
        .map(|i| verdict.probs[i])
        .sum();
    verdict.probs[index] >= SURE_AMONG_THE_POSSIBLE * odds
}
