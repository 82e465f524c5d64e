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

use super::doubt::doubt_with_runner_up;
use crate::board::Cell;
use crate::vision::Reading;

/// The median classifier confidence of a board's number looks below which the board's skin is
/// taken for one the classifier does not know (0.95 at the least on known skins, 0.92 at the
/// most on the unknown one).
const KNOWN_SKIN: f32 = 0.935;
/// Number looks a board must show for the median to say anything of its skin: a single look
/// read unsurely is a digit the classifier finds hard, not a skin.
const LOOKS_TO_JUDGE: usize = 3;
/// On an unknown skin, the classifier's probability of the number read from which a number look
/// is taken as read.
const SURE_ON_UNKNOWN_SKIN: f32 = 0.999;

/// Leaves in doubt, on a board of at least [`LOOKS_TO_JUDGE`] number looks that the classifier
/// read with a median confidence under [`KNOWN_SKIN`], every look read as a number (1 to 8)
/// that it gave less than [`SURE_ON_UNKNOWN_SKIN`], between that number and its next likeliest
/// class.
pub fn doubt_digits_of_an_unknown_skin(reading: &mut Reading) {
    // Each look read as a number, with the classifier's probability of that number.
    let numbers: Vec<(usize, f32)> = (reading.looks.iter().enumerate())
        .filter(|(_, v)| matches!(v.class.cell(), Cell::Number(1..)))
        .filter_map(|(look, v)| Some((look, v.probs[v.class.index()?])))
        .collect();
    if numbers.len() < LOOKS_TO_JUDGE {
        return;
    }
    let mut odds: Vec<f32> = numbers.iter().map(|&(_, p)| p).collect();
    odds.sort_by(f32::total_cmp);
    // The lower median: of an even count, the less sure of the middle two.
    let median = odds[(odds.len() - 1) / 2];
    if median >= KNOWN_SKIN {
        return;
    }
    tracing::debug!(
        median,
        number_looks = numbers.len(),
        "the numbers of this board are read unsurely on the whole: a skin the classifier does \
         not know; only the surest digits are taken as read"
    );
    for (look, p) in numbers {
        if p < SURE_ON_UNKNOWN_SKIN {
            doubt_with_runner_up(reading, look);
        }
    }
}
