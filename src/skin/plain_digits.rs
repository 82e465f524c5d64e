//! Digits read on a tile that shows no digit: a covered tile the page draws otherwise under the
//! pointer, read unsurely as a number.
//!
//! The rounded clone draws the covered tile under the pointer (and the one held down) a few
//! pixels smaller, its navy square inside a ring of the page's grey. The classifier never saw
//! that and read it as a "1" at 0.74, and the board took it as one: a covered tile read as a
//! number, with a count for its neighbours (36 captures of the sweeps of seeds 465 to 476, with
//! the pointer on the board; no wrong call happened to rest on it).
//!
//! A digit is ink in the middle of its tile. A look the board reads as a number that the
//! classifier gave the number less than [`STRAY`] of its odds, seen on a tile or two, whose
//! middle is, sample by sample, that of a look settled surely as covered, shows no digit
//! there: it is a covered tile. Sample by sample, not on average: winmine.html's pale pink "1"
//! in Chromium's forced dark at 14 px, a thin stroke on the grey the covered tiles share, came
//! within the mean nearness two faces are alike at. Read as covered, a tile asks nothing of
//! its neighbours, and a covered tile may hold a mine or not, so the advice stays sound even
//! were it an open tile.

use super::colours::{apart, colour};
use super::families::Families;
use super::lone_looks::STRAY;
use crate::vision::tiles::{TileImage, TILE};
use crate::vision::{Reading, TileClass};

/// A look on more tiles than this is no tile under the pointer: the pointer lights one tile,
/// and one more is held down.
const FEW: usize = 2;

/// The middle of a sampled tile, where a digit's strokes lie at any pitch, clear of grid
/// lines, bevels and rounded corners.
const MIDDLE: std::ops::Range<usize> = 4..TILE - 4;

/// How far (summed over the channels, 0–765) a sample may lie from the covered tile's to be
/// no ink: noise and a sample's blend of face and gap, not a stroke (the pale "1" above lies
/// 120 or more from its face).
const NO_INK: i32 = 45;

/// How many samples of the middle may lie farther: one blended at each end of a stroke is no
/// digit.
const STRAY_SAMPLES: usize = 2;

/// Whether the middle of `tile` is that of `covered` sample by sample: at most
/// [`STRAY_SAMPLES`] of its samples lie more than [`NO_INK`] from the covered tile's.
fn same_middle(tile: &TileImage, covered: &TileImage) -> bool {
    let inked = (MIDDLE.flat_map(|y| MIDDLE.map(move |x| (y * TILE + x) * 3)))
        .filter(|&i| apart(colour(&tile[i..i + 3]), colour(&covered[i..i + 3])) > NO_INK)
        .count();
    inked <= STRAY_SAMPLES
}

/// Reads as covered every family settled as a number 1 to 8 (`settled`, each family's class),
/// on [`FEW`] tiles at most, that the classifier gave that number less than [`STRAY`], whose
/// middle is that of a look settled as covered, in no doubt and read so at [`STRAY`] or more
/// ([`same_middle`]); `settled` follows, and any doubt on its tiles goes.
pub(super) fn settle_plain_digits(
    reading: &mut Reading,
    families: &Families,
    settled: &mut [TileClass],
) {
    let unsure = families.in_doubt(reading);
    let tiles = families.cells(reading);
    let first = |family: usize| &reading.pixels[families.first[family]];
    // The looks settled surely as covered, in no doubt: the covered tile as the game draws it.
    let covered: Vec<usize> = (0..settled.len())
        .filter(|&f| settled[f] == TileClass::Unrevealed && !unsure[f])
        .filter(|&f| families.verdicts[f].prob(TileClass::Unrevealed) >= STRAY)
        .collect();
    let plain: Vec<usize> = (0..settled.len())
        .filter(|&f| matches!(settled[f], TileClass::Number(1..=8)) && tiles[f] <= FEW)
        .filter(|&f| families.verdicts[f].prob(settled[f]) < STRAY)
        .filter(|&f| (covered.iter()).any(|&c| same_middle(first(f), first(c))))
        .collect();
    for family in plain {
        let class = settled[family];
        tracing::debug!(
            family,
            ?class,
            "a digit read where the tile's middle is a plain covered tile's: covered"
        );
        reading
            .doubt
            .retain(|doubt| families.of[doubt.look] != family);
        families.relabel(reading, family, TileClass::Unrevealed);
        settled[family] = TileClass::Unrevealed;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::skin::testing::{a_family_a_look, drawn, flat_reading, tile_with_ink, WHITE};
    use crate::vision::tiles::{TileImage, TILE};
    use crate::vision::Verdict;

    const NAVY: [u8; 3] = [44, 49, 130];
    const DARK: [u8; 3] = [70; 3];
    const GREY: [u8; 3] = [185; 3];

    /// The board "nnn\nn1n\nnnn\n111" read by the classifier: navy covered tiles (`n`), the
    /// middle "1" (look 1) read as `one` and drawn as `tile`, the bottom 1s (look 2) sure,
    /// white on dark grey. Returns the class the middle look is settled as, and whether a
    /// doubt is left.
    fn settle(one: Verdict, tile: TileImage) -> (TileClass, bool) {
        let rows = ["nnn", "n1n", "nnn", "222"];
        let looks = vec![
            Verdict::certain(TileClass::Unrevealed),
            one,
            Verdict::certain(TileClass::Number(1)),
        ];
        let mut reading = flat_reading(&rows, "n12", looks);
        reading.pixels = vec![tile_with_ink(NAVY, NAVY), tile, tile_with_ink(DARK, WHITE)];
        let (mut reading, families, mut settled) = a_family_a_look(reading);
        settle_plain_digits(&mut reading, &families, &mut settled);
        (settled[1], !reading.doubt.is_empty())
    }

    fn unsure_one() -> Verdict {
        Verdict::from_probs(&[(TileClass::Number(1), 0.74), (TileClass::Number(0), 0.26)])
    }

    /// The rounded clone's covered tile shrunk under the pointer: a navy square in a ring of
    /// the page's grey two samples wide.
    fn shrunk() -> TileImage {
        drawn(NAVY, GREY, |x, y| x.min(y) < 2 || x.max(y) >= TILE - 2)
    }

    #[test]
    fn an_unsure_digit_on_a_plain_covered_middle_is_a_covered_tile() {
        assert_eq!(
            settle(unsure_one(), shrunk()),
            (TileClass::Unrevealed, false)
        );
    }

    #[test]
    fn a_digit_with_ink_in_its_middle_or_read_surely_stays() {
        // White ink on dark grey: a digit, however unsure.
        let inked = tile_with_ink(DARK, WHITE);
        assert_eq!(settle(unsure_one(), inked).0, TileClass::Number(1));
        // A pale thin stroke on the covered tiles' own grey (winmine.html in forced dark): near
        // on average, but its samples are ink.
        let grey = [192; 3];
        let pale = drawn(grey, [224, 160, 255], |x, y| {
            (7..9).contains(&x) && (3..13).contains(&y)
        });
        assert!(!same_middle(&pale, &tile_with_ink(grey, grey)));
        // A plain navy middle the classifier is sure is a "1": left to the rules after this.
        let sure = Verdict::certain(TileClass::Number(1));
        assert_eq!(settle(sure, shrunk()).0, TileClass::Number(1));
    }
}
