//! A number drawn as the board's sure tiles of that number draw it. A page that lights the tile
//! under the pointer (the emoji clone puts it on a blue square), a tile held down, a number
//! dimmed once satisfied: each changes the face a digit is drawn on, not the digit. The
//! classifier, trained on digits on the faces skins use, may find such a "1" on a lit face a
//! question mark or a flag, and the board's rules then read it as the 1 it is; but a digit the
//! classifier found unlikely stays in doubt (`unsure_digits`), and one on a face no open tile
//! shows too (`foreign_face`), so the board lost its advice there whenever the pointer rested
//! on a number.
//!
//! Where the look's ink, compared as a picture (how far each sample lies from the tile's
//! background, the strongest at 1), is all but the same picture as a look the classifier read
//! surely as that number, clearly more like it than like any sure look of another number, and
//! drawn in the same ink (pointing the same way from its face, of about the same colour, or of
//! about the same colour where the two glyphs' strokes lie: a bold digit's tile has no face to
//! measure its ink from),
//! the digit is that number whatever its face. A note's letters, a
//! question mark or a flag are other pictures; where the board has no sure look of the number,
//! nothing changes.

use super::colours::{apart, colour, ring_median, within};
use super::digit_inks::{
    ink, inks_differ, other_ink_on_one_face, picture_background, INK, INK_SAMPLES,
};
use super::forced::{between_numbers, looks_of, settle};
use crate::board::Cell;
use crate::vision::tiles::{TileImage, TILE};
use crate::vision::{Doubt, Reading, TileClass};

/// The classifier's probability from which a look stands for its number's glyph.
pub(super) const SURE_GLYPH: f32 = 0.9;

/// The likeness (a correlation, at most 1) from which two ink pictures are the same glyph: the
/// emoji clone's lit digits came within 0.86–0.99 of its sure looks of the same number at 31–81
/// px, and its sure looks of other numbers within 0.84 at most.
pub(super) const SAME: f64 = 0.85;

/// The likeness from which a glyph is the number the classifier itself read it as: the same
/// picture at another phase of a fractional pitch. The pixel-art clone's "1" at 20 px (forced
/// dark, 67%) came within 0.835 of the board's sure 1s and 0.62 of any other number's, read as
/// a 1 but unsurely; SVG Minesweeper's "2"s at 23 px, three phases of one glyph, within 0.84 of
/// each other.
pub(super) const PHASES_ALIKE: f64 = 0.8;

/// How much more like the number's sure looks than any other number's a glyph must be: a "3"
/// was 0.13 nearer the board's sure 3s than its 2s, the closest pair seen.
pub(super) const MARGIN: f64 = 0.1;

/// The classifier's probability under which a look is not settled as a number by its glyph
/// alone: the glyph says which digit a look shows only among digits the model found possible.
/// The rounded clone's thin serif "2" at 35 px (1.15 × 75%), on dark rounded faces, came within
/// 0.85 of the board's 1s and was settled as a "1", which the model gave 0.0006 (a "4" 0.62, a
/// "2" 0.30); KMines' "1"s at 17 px, flags to the model at 0.93–0.96, keep the rest for a 1.
pub(super) const PLAUSIBLE: f32 = 0.005;

/// How near (summed over the channels, 0–765) the inks of two looks on faces of different
/// colours may be to be one ink: the direction of an ink from its background (`digit_inks`)
/// turns with the background, so a green "2" lit on a blue square points elsewhere than on
/// grey, while its colour stays within 83 of the sure 2s' (the emoji clone in forced dark).
pub(super) const NEAR_INK: f64 = 120.0;

/// Whether `look` of `reading`, read as `class` (a number 1 to 8), shows the glyph the board's
/// sure looks of that number show, in the same ink: a digit on a lit, pressed or dimmed face.
pub fn drawn_as_the_sure(reading: &Reading, look: usize, class: TileClass) -> bool {
    matches!(class.cell(), Cell::Number(n @ 1..) if glyph_number(reading, look, &[]) == Some(n))
}

/// The number (1 to 8) whose glyph `look` of `reading` shows, as the looks read surely as that
/// number, or the looks `named` that the board itself settled as numbers (`forced`), show it:
/// all but the same picture ([`SAME`]), clearly more like them than like any other number's
/// ([`MARGIN`], so one number at most), in the same ink.
fn glyph_number(reading: &Reading, look: usize, named: &[usize]) -> Option<u8> {
    let own = ink_picture(&reading.pixels[look])?;
    // The best likeness to the sure looks of each number, and the look that gave it.
    let mut best: [(f64, Option<usize>); 9] = [(f64::NEG_INFINITY, None); 9];
    for (other, verdict) in reading.looks.iter().enumerate() {
        let Cell::Number(n @ 1..) = verdict.class.cell() else {
            continue;
        };
        let sure = verdict.prob(verdict.class) >= SURE_GLYPH || named.contains(&other);
        if other == look || !sure {
            continue;
        }
        let Some(picture) = ink_picture(&reading.pixels[other]) else {
            continue;
        };
        let likeness = likeness(&own, &picture);
        let slot = &mut best[usize::from(n)];
        if likeness > slot.0 {
            *slot = (likeness, Some(other));
        }
    }
    let (number, &(likeness, sure_look)) =
        (best.iter().enumerate()).max_by(|a, b| a.1 .0.total_cmp(&b.1 .0))?;
    let sure_look = sure_look?;
    // A look the classifier reads as another number is told from that number only by sure
    // looks of it: where the board has none, nothing says the glyph is not that number. Small
    // digits look alike as pictures: "Modern Minesweeper" at 25 px in its dark theme drew a "3"
    // within 0.90 of the board's one sure "1", with no sure "3" to weigh it against, and the 3
    // taken for a 1 made two of its mines "safe" (and a safe tile a mine).
    if let Cell::Number(read @ 1..) = reading.looks[look].class.cell() {
        let unweighed = usize::from(read) != number && best[usize::from(read)].1.is_none();
        if unweighed {
            tracing::trace!(
                look,
                number,
                read,
                "a digit's glyph with no sure look of its own"
            );
            return None;
        }
    }
    let nearest_other = (best.iter().enumerate())
        .filter(|&(n, _)| n != number)
        .map(|(_, &(l, _))| l)
        .fold(f64::NEG_INFINITY, f64::max);
    let sure_picture = ink_picture(&reading.pixels[sure_look])?;
    let (own_tile, sure) = (&reading.pixels[look], &reading.pixels[sure_look]);
    let same_ink = same_ink(own_tile, &own, sure, &sure_picture);
    tracing::trace!(
        look,
        number,
        likeness,
        nearest_other,
        same_ink,
        "a digit's glyph against the board's sure ones"
    );
    // The classifier's own reading of the look and the picture agreeing, a phase's blur is
    // no other glyph.
    let read_so = reading.looks[look].likeliest() == TileClass::Number(number as u8);
    let alike = if read_so { PHASES_ALIKE } else { SAME };
    let drawn = likeness >= alike && likeness - nearest_other >= MARGIN && same_ink;
    drawn.then_some(number as u8)
}

/// Whether two tiles whose ink pictures are `own_picture` and `sure_picture` draw in one ink:
/// pointing the same way from their faces, of about the same colour ([`NEAR_INK`]), or of about
/// the same colour where the two glyphs' strokes lie. On one face the inks' directions are the
/// measure: winemine's white "2" on black came within `inks_differ`'s angle of its cyan 3s,
/// and was taken for a 3 beside them.
pub(super) fn same_ink(
    own: &TileImage,
    own_picture: &[f64],
    sure: &TileImage,
    sure_picture: &[f64],
) -> bool {
    let (own_ink, sure_ink) = (ink(own), ink(sure));
    let near =
        |a: [f64; 3], b: [f64; 3]| (0..3).map(|c| (a[c] - b[c]).abs()).sum::<f64>() <= NEAR_INK;
    !other_ink_on_one_face(own, sure)
        && (!inks_differ(own_ink, sure_ink)
            || (own_ink.zip(sure_ink))
                .is_some_and(|(a, b)| near(ink_colour(own, a), ink_colour(sure, b)))
            || strokes_colours(own, own_picture, sure, sure_picture)
                .is_some_and(|(a, b)| near(a, b)))
}

/// Settles each doubt ([`may_be_settled`]) whose looks all draw one of its numbers as the
/// looks read surely as that number or `named` by the board (`forced`) draw it
/// ([`glyph_number`]). Where a skin the classifier does not know leaves every digit of a kind
/// unsure (KMines' "1"s at 17 px are flags to it at 0.93-0.96), the board's rules name some of
/// them, the ones whose neighbours leave one number; the same glyph in the same ink elsewhere on
/// the board is the same digit, though its neighbours would leave it more than one. Returns the
/// looks it settled.
pub fn settle_drawn_as_named(
    reading: &mut Reading,
    named: &[usize],
    on_open_face: &dyn Fn(&Doubt) -> bool,
) -> Vec<usize> {
    let mut settled = Vec::new();
    let mut index = 0;
    while index < reading.doubt.len() {
        let doubt = &reading.doubt[index];
        let looks = looks_of(reading, doubt);
        let mut numbers = (looks.iter()).map(|&look| glyph_number(reading, look, named));
        let first = numbers.next().flatten();
        let plausible = |n: u8| {
            (looks.iter()).all(|&l| reading.looks[l].prob(TileClass::Number(n)) >= PLAUSIBLE)
        };
        let drawn = first.filter(|&n| {
            numbers.all(|other| other == Some(n))
                && plausible(n)
                && doubt.classes.contains(&TileClass::Number(n))
                && may_be_settled(doubt, on_open_face)
        });
        match drawn {
            Some(number) => {
                let doubt = reading.doubt.remove(index);
                settled.extend(settle(reading, &doubt, number, "drawn as the board's own"));
            }
            None => index += 1,
        }
    }
    settled
}

/// Whether a glyph may settle `doubt`: one between numbers (`forced::between_numbers`), or
/// between numbers and what shows no digit (a covered tile, a shown mine, a crossed-out flag):
/// a digit's glyph in the digit's ink is neither (winmine.html's red "3" in Chromium's forced
/// dark at 29 px, a crossed flag to the model at 0.03, beside the board's sure 3s in its ink).
/// Not a doubt between a digit and the player's marks off the open face (a flag, in some skins
/// drawn much as a "1" is), nor one that hides its tiles (under a note: what shows through it
/// is not read).
fn may_be_settled(doubt: &Doubt, on_open_face: &dyn Fn(&Doubt) -> bool) -> bool {
    let no_digit = |c: &TileClass| {
        matches!(
            c,
            TileClass::Number(_)
                | TileClass::Unrevealed
                | TileClass::Mine
                | TileClass::Exploded
                | TileClass::WrongFlag
        )
    };
    !doubt.hides_the_tiles()
        && (between_numbers(doubt, on_open_face) || doubt.classes.iter().all(no_digit))
}

/// Whether `look` of `reading` shows the glyph of a look read as a number (1 to 8, however
/// surely): winemine's white "2"s under Wine's palette, one read as a flag and its likes as a 3
/// or a 4, are one glyph; a flag, on whatever face, is none of the digits.
pub fn drawn_like_a_digit(reading: &Reading, look: usize) -> bool {
    let Some(own) = ink_picture(&reading.pixels[look]) else {
        return false;
    };
    (reading.looks.iter().enumerate())
        .filter(|&(other, verdict)| {
            other != look && matches!(verdict.class.cell(), Cell::Number(1..))
        })
        .filter_map(|(other, _)| ink_picture(&reading.pixels[other]))
        .any(|picture| likeness(&own, &picture) >= SAME)
}

/// Whether `look` of `reading` is drawn in another ink ([`same_ink`]) than the nearest (as an
/// ink picture) of the board's sure looks of `number` (1 to 8). False where the board has no
/// sure look of the number or the look shows no ink: nothing to compare. The board's rules
/// name a number for a look only on the premise that the look is one of the game's digits; a
/// look in another ink than the game draws that digit in may be something else over the
/// board. JSMinesweeper's tooltip "(2,3)" over an open 0 at 32 px (device scale 2, zoom 67%):
/// a "1" to the model (0.71, a "4" next), its picture 0.66 like the board's sure 1s and not in
/// their ink, it was settled as the one number the board left it, and a mine was called safe.
/// (The picture alone says too little: KMines' "3" at 17 px, named so by the board, is 0.59
/// like its sure 3s at another phase, in their ink.)
pub(super) fn drawn_unlike_the_sure(reading: &Reading, look: usize, number: u8) -> bool {
    // A reading made from a board's text has no pixels: nothing to compare.
    let Some(own) = reading.pixels.get(look).and_then(ink_picture) else {
        return false;
    };
    let nearest = (reading.looks.iter().enumerate())
        .filter(|&(other, verdict)| {
            other != look
                && verdict.class == TileClass::Number(number)
                && verdict.prob(verdict.class) >= SURE_GLYPH
        })
        .filter_map(|(other, _)| Some((other, ink_picture(&reading.pixels[other])?)))
        .map(|(other, picture)| (likeness(&own, &picture), other, picture))
        .max_by(|a, b| a.0.total_cmp(&b.0));
    let Some((alike, sure, picture)) = nearest else {
        return false;
    };
    let inked_so = same_ink(&reading.pixels[look], &own, &reading.pixels[sure], &picture);
    tracing::trace!(
        look,
        number,
        alike,
        inked_so,
        "a look the board names, against the sure ones"
    );
    !inked_so
}

/// The colour of a tile's ink: its background and the ink's `direction` from it (`ink`).
pub(super) fn ink_colour(tile: &TileImage, direction: [f64; 3]) -> [f64; 3] {
    let background = ring_median(tile);
    [0, 1, 2].map(|c| f64::from(background[c]) + direction[c])
}

/// The share of its strongest ink from which a sample of an ink picture is a stroke of the glyph.
const STROKE: f64 = 0.5;

/// The mean colours of two tiles over the samples where both their ink pictures show a stroke
/// ([`STROKE`]): the digit's own ink, where the whole tile's ink may be measured from the wrong
/// face. winmine.html's green "2" in forced dark, bold at 25-31 px, fills most of its tile's
/// middle, which `digit_inks::ink` then takes for a framed face: its "ink" is the grey round
/// the strokes. `None` where the two share fewer strokes than an ink needs.
fn strokes_colours(
    a: &TileImage,
    a_picture: &[f64],
    b: &TileImage,
    b_picture: &[f64],
) -> Option<([f64; 3], [f64; 3])> {
    let shared: Vec<usize> = (0..a_picture.len())
        .filter(|&i| a_picture[i] >= STROKE && b_picture[i] >= STROKE)
        .collect();
    if shared.len() < INK_SAMPLES {
        return None;
    }
    let mean = |tile: &TileImage| {
        [0, 1, 2].map(|c| {
            shared
                .iter()
                .map(|&i| f64::from(tile[i * 3 + c]))
                .sum::<f64>()
                / shared.len() as f64
        })
    };
    Some((mean(a), mean(b)))
}

/// A tile's ink as a picture: each sample's distance (summed over the channels) from the face
/// the digit is drawn on ([`picture_background`]), the edge ring (and a frame) 0, scaled so the
/// strongest is 1. `None` for a tile that shows no ink: nothing to compare. Measured from a
/// frame or the page round a tile, a dark face is the picture, and every number's the same
/// (the rounded clone's pale digits on dark faces in pale gaps: a "2" came within 0.95 of the
/// board's "1"s, and was settled as one).
pub(super) fn ink_picture(tile: &TileImage) -> Option<Vec<f64>> {
    let (background, depth) = picture_background(tile);
    let inside = within(depth);
    let mut picture: Vec<f64> = (tile.chunks_exact(3).enumerate())
        .map(|(i, p)| {
            if inside(i % TILE, i / TILE) {
                f64::from(apart(colour(p), background))
            } else {
                0.0
            }
        })
        .collect();
    let strongest = picture.iter().copied().fold(0.0, f64::max);
    if strongest < f64::from(INK) {
        return None;
    }
    picture.iter_mut().for_each(|v| *v /= strongest);
    Some(picture)
}

/// How alike two ink pictures are: their correlation, the best over shifts of one sample each
/// way (a fractional pitch moves a glyph by up to a sample from tile to tile).
pub(super) fn likeness(a: &[f64], b: &[f64]) -> f64 {
    let mut best = f64::NEG_INFINITY;
    for dy in -1..=1isize {
        for dx in -1..=1isize {
            let shifted = |i: usize| {
                let (x, y) = ((i % TILE) as isize + dx, (i / TILE) as isize + dy);
                let within = (0..TILE as isize).contains(&x) && (0..TILE as isize).contains(&y);
                if within {
                    b[y as usize * TILE + x as usize]
                } else {
                    0.0
                }
            };
            best = best.max(correlation(
                a,
                &(0..a.len()).map(shifted).collect::<Vec<_>>(),
            ));
        }
    }
    best
}

/// The correlation of two pictures of the same size; 0 where either is flat.
fn correlation(a: &[f64], b: &[f64]) -> f64 {
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let (ma, mb) = (mean(a), mean(b));
    let (mut ab, mut aa, mut bb) = (0.0, 0.0, 0.0);
    for (x, y) in a.iter().zip(b) {
        let (x, y) = (x - ma, y - mb);
        ab += x * y;
        aa += x * x;
        bb += y * y;
    }
    if aa == 0.0 || bb == 0.0 {
        0.0
    } else {
        ab / (aa * bb).sqrt()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;
    use crate::skin::testing::{drawn, two};
    use crate::vision::Verdict;

    const GREY: [u8; 3] = [192; 3];
    const LIT: [u8; 3] = [53, 122, 189];
    const NAVY: [u8; 3] = [0, 0, 200];
    const GREEN: [u8; 3] = [0, 128, 0];
    const RED: [u8; 3] = [220, 20, 20];

    /// A "1": a bar with a foot.
    fn one(x: usize, y: usize) -> bool {
        ((7..9).contains(&x) && (3..13).contains(&y)) || ((5..11).contains(&x) && y == 12)
    }

    /// A question mark: a hook and a dot.
    fn question(x: usize, y: usize) -> bool {
        let hook = (y == 3 && (5..11).contains(&x))
            || ((3..7).contains(&y) && (x == 10 || x == 11))
            || (y == 7 && (7..11).contains(&x))
            || ((8..10).contains(&y) && x == 7);
        hook || ((11..13).contains(&y) && (7..9).contains(&x))
    }

    /// A board of sure 1s (navy on grey) and 2s (green on grey), with `lit` as the last look,
    /// read as a question mark by the classifier and as `class` by the board.
    fn board_with(lit: TileImage, class: TileClass) -> Reading {
        let mut reading = Reading::of_board(parse_board("12\n.1\n").unwrap());
        reading.look_of = vec![0, 1, 2, 3];
        let mut asked = Verdict::from_probs(&[(TileClass::Question, 0.9), (class, 0.1)]);
        asked = asked.settled(class);
        reading.looks = vec![
            Verdict::from_probs(&[(TileClass::Number(1), 0.99)]),
            Verdict::from_probs(&[(TileClass::Number(2), 0.99)]),
            Verdict::certain(TileClass::Unrevealed),
            asked,
        ];
        reading.pixels = vec![
            drawn(GREY, NAVY, one),
            drawn(GREY, GREEN, two),
            drawn(GREY, GREY, one),
            lit,
        ];
        reading
    }

    /// The classes of [`named_and_doubted`]'s doubt.
    const FLAG_ONE_FOUR: [TileClass; 3] =
        [TileClass::Flag, TileClass::Number(1), TileClass::Number(4)];

    /// A board of two navy "1"s the classifier takes for flags and a covered tile: the first
    /// look named a 1 by the board (`forced`), the last left in doubt between [`FLAG_ONE_FOUR`]
    /// and drawn as `glyph`.
    fn named_and_doubted(glyph: fn(usize, usize) -> bool) -> Reading {
        doubted_as(glyph, &FLAG_ONE_FOUR)
    }

    /// [`named_and_doubted`]'s board, its doubt between `classes`.
    fn doubted_as(glyph: fn(usize, usize) -> bool, classes: &[TileClass]) -> Reading {
        let mut reading = Reading::of_board(parse_board("1.1\n").unwrap());
        reading.look_of = vec![0, 1, 2];
        let flag_like =
            Verdict::from_probs(&[(TileClass::Flag, 0.93), (TileClass::Number(1), 0.05)]);
        reading.looks = vec![
            flag_like.settled(TileClass::Number(1)),
            Verdict::certain(TileClass::Unrevealed),
            flag_like,
        ];
        reading.tiles = reading.look_of.iter().map(|&l| reading.looks[l]).collect();
        reading.pixels = vec![
            drawn(GREY, NAVY, one),
            drawn(GREY, GREY, one),
            drawn(GREY, NAVY, glyph),
        ];
        reading.doubt.push(Doubt {
            look: 2,
            classes: classes.to_vec(),
            cells: vec![(0, 2)],
        });
        reading
    }

    #[test]
    fn a_digit_in_doubt_drawn_as_one_the_board_named_is_that_number() {
        let mut reading = named_and_doubted(one);
        assert_eq!(settle_drawn_as_named(&mut reading, &[0], &|_| true), [2]);
        assert!(reading.doubt.is_empty());
        assert_eq!(reading.class(0, 2), TileClass::Number(1));
    }

    #[test]
    fn a_digit_in_doubt_with_a_covered_tile_or_a_lost_games_sign_drawn_as_one_named_is_that_number()
    {
        for other in [TileClass::Unrevealed, TileClass::Mine, TileClass::WrongFlag] {
            let mut reading = doubted_as(one, &[other, TileClass::Number(1)]);
            assert_eq!(settle_drawn_as_named(&mut reading, &[0], &|_| false), [2]);
            assert_eq!(reading.class(0, 2), TileClass::Number(1));
        }
        // Nothing is read of what a note hides.
        let mut reading = doubted_as(one, &TileClass::IN_PLAY);
        assert!(settle_drawn_as_named(&mut reading, &[0], &|_| true).is_empty());
    }

    #[test]
    fn a_digit_in_doubt_stays_so_unless_its_glyph_is_one_named_or_sure_on_its_face() {
        // Nothing named: the classifier is sure of no 1 to compare with.
        let mut reading = named_and_doubted(one);
        assert!(settle_drawn_as_named(&mut reading, &[], &|_| true).is_empty());
        // Another glyph.
        let mut reading = named_and_doubted(two);
        assert!(settle_drawn_as_named(&mut reading, &[0], &|_| true).is_empty());
        // A flag in doubt off the open face may be the player's mark, whatever it is drawn as.
        let mut reading = named_and_doubted(one);
        assert!(settle_drawn_as_named(&mut reading, &[0], &|_| false).is_empty());
        assert_eq!(reading.doubt.len(), 1);
        // Drawn as the named 1s, but a 1 is all but out of the classifier's odds on it.
        let mut reading = named_and_doubted(one);
        reading.looks[2] = Verdict::from_probs(&[
            (TileClass::Flag, 0.9995),
            (TileClass::Number(1), PLAUSIBLE / 10.0),
        ]);
        assert!(settle_drawn_as_named(&mut reading, &[0], &|_| true).is_empty());
    }

    /// Whether `lit`, read as `class` on [`board_with`]'s board, is drawn as its sure looks.
    fn drawn_as(lit: TileImage, class: TileClass) -> bool {
        drawn_as_the_sure(&board_with(lit, class), 3, class)
    }

    #[test]
    fn a_one_lit_on_a_face_of_its_own_is_drawn_as_the_sure_ones() {
        assert!(drawn_as(drawn(LIT, NAVY, one), TileClass::Number(1)));
        // Moved by a sample, as a fractional pitch moves it.
        let shifted = |x: usize, y: usize| x > 0 && one(x - 1, y);
        assert!(drawn_as(drawn(LIT, NAVY, shifted), TileClass::Number(1)));
    }

    #[test]
    fn a_digit_at_another_phase_is_its_number_where_the_classifier_read_it_so() {
        // A "1" sampled at another phase, a block of ink more at its top (the pixel-art
        // clone's at 20 px): within 0.84 of the sure 1s' picture, below `SAME`.
        let phase = |x: usize, y: usize| one(x, y) || ((9..12).contains(&x) && (3..6).contains(&y));
        let glyph = drawn(GREY, NAVY, phase);
        let sure = ink_picture(&drawn(GREY, NAVY, one)).unwrap();
        let alike = likeness(&ink_picture(&glyph).unwrap(), &sure);
        assert!((PHASES_ALIKE..SAME).contains(&alike), "{alike}");
        // Read by the classifier as a 1, unsurely, its runner-up a mine: a 1.
        let mut reading = board_with(glyph, TileClass::Number(1));
        reading.looks[3] =
            Verdict::from_probs(&[(TileClass::Number(1), 0.55), (TileClass::Mine, 0.45)]);
        assert!(drawn_as_the_sure(&reading, 3, TileClass::Number(1)));
        // Read by the classifier as a question mark (the board settling it as a 1): the
        // picture alone names no number below `SAME`.
        assert!(!drawn_as(glyph, TileClass::Number(1)));
    }

    #[test]
    fn a_digit_read_as_another_number_is_not_drawn_as_the_sure_ones_unweighed() {
        // The board's one sure number is a navy "1"; the last look, drawn as that glyph, is a
        // "3" to the classifier. No sure 3 to weigh its picture against: not drawn as the 1s.
        let read_as_three =
            Verdict::from_probs(&[(TileClass::Number(3), 0.8), (TileClass::Number(1), 0.2)]);
        let board = |sure_three: bool| {
            let mut reading = Reading::of_board(parse_board("1.\n.3\n").unwrap());
            reading.look_of = vec![0, 1, 1, 2];
            let third = if sure_three {
                Verdict::from_probs(&[(TileClass::Number(3), 0.99)])
            } else {
                Verdict::certain(TileClass::Unrevealed)
            };
            reading.looks = vec![
                Verdict::from_probs(&[(TileClass::Number(1), 0.99)]),
                third,
                read_as_three,
            ];
            reading.pixels = vec![
                drawn(GREY, NAVY, one),
                drawn(GREY, NAVY, two),
                drawn(GREY, NAVY, one),
            ];
            reading
        };
        assert!(!drawn_as_the_sure(&board(false), 2, TileClass::Number(1)));
        // With a sure "3" of another picture beside it, the glyph is clearly the 1s'.
        assert!(drawn_as_the_sure(&board(true), 2, TileClass::Number(1)));
    }

    #[test]
    fn a_glyph_is_only_the_number_whose_sure_looks_it_matches() {
        assert!(!drawn_as(drawn(LIT, NAVY, one), TileClass::Number(2)));
        // No sure look of a 3 to compare with.
        assert!(!drawn_as(drawn(LIT, NAVY, one), TileClass::Number(3)));
    }

    #[test]
    fn another_picture_or_another_ink_is_not_the_number() {
        assert!(!drawn_as(drawn(LIT, NAVY, question), TileClass::Number(1)));
        assert!(!drawn_as(drawn(GREY, RED, one), TileClass::Number(1)));
        // A plain tile shows no glyph.
        assert!(!drawn_as(drawn(LIT, LIT, one), TileClass::Number(1)));
    }

    #[test]
    fn on_the_sure_looks_face_an_ink_near_only_in_direction_is_another_ink() {
        // Black and navy both point darker from grey, 37° apart: on a lit face that turns an
        // ink's direction that says little, on the sure 1s' own face it is another ink
        // (winemine's white "2" beside its cyan 3s on black, 35° apart).
        assert!(!drawn_as(drawn(GREY, [0; 3], one), TileClass::Number(1)));
        assert!(drawn_as(drawn(GREY, NAVY, one), TileClass::Number(1)));
    }

    #[test]
    fn a_bold_digit_is_compared_by_the_colour_of_its_strokes() {
        // A "2" drawn bold fills most of its tile's middle: the tile's ink, measured from that
        // middle's median (`digit_inks::ink` takes it for a framed face), points at the grey
        // around the strokes (winmine.html's green 2 in forced dark at 31 px). Its strokes,
        // where the sure 2's strokes are too, are green all the same.
        let bold = |x: usize, y: usize| {
            (3..13).contains(&x) && (3..13).contains(&y) && !(x == 3 && y == 3)
        };
        let own = drawn(GREY, GREEN, bold);
        let sure = drawn(GREY, GREEN, two);
        let (own_picture, sure_picture) = (ink_picture(&own).unwrap(), ink_picture(&sure).unwrap());
        let (a, b) = strokes_colours(&own, &own_picture, &sure, &sure_picture).unwrap();
        assert_eq!(a, b);
        // Red strokes are another ink; a glyph with no stroke where the other has one says
        // nothing.
        let red = drawn(GREY, RED, bold);
        let (a, b) =
            strokes_colours(&red, &ink_picture(&red).unwrap(), &sure, &sure_picture).unwrap();
        assert!((0..3).map(|c| (a[c] - b[c]).abs()).sum::<f64>() > NEAR_INK);
        let apart = |x: usize, y: usize| x < 3 && (3..13).contains(&y);
        let other = drawn(GREY, GREEN, apart);
        assert_eq!(
            strokes_colours(&other, &ink_picture(&other).unwrap(), &sure, &sure_picture),
            None
        );
    }

    #[test]
    fn a_green_digit_lit_on_blue_is_still_green() {
        // Its direction from the blue face is not the sure 2s' from grey, its colour is theirs.
        assert!(drawn_as(drawn(LIT, GREEN, two), TileClass::Number(2)));
    }
}
