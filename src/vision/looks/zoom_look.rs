//! A closer look at a small digit the model is unsure of: the square around the digit's ink,
//! rather than the whole cell, brought down to the model's input, so the digit fills half of it
//! or more.
//!
//! Why: a cell becomes 16x16 samples, and a digit a third of the cell tall keeps five or six
//! samples of height. GNOME Mines' default theme draws its digits 4x8 px in a 21 px tile: there
//! its "3" and its "1" differ by a dozen pixels, and sampled they differ by under one level on
//! average; the model read the "3" as a "1" (70%), the board-level reading took it into the
//! family of the "1"s, and the board read wrong. Modern Minesweeper's white digits, a third of
//! its tile, were read as "2" where they are "3" (88%). Sampled from a square one and a half
//! to two times the digit's height, the same digits read right at 97–100%. The square keeps no
//! frame or bevel of the tile, so it tells which digit the look shows, never whether it is one:
//! only looks the model already reads as a digit (or a digit against a question mark) are
//! looked at, and only a digit among the model's first two choices is taken from it (or, where
//! the model put a digit first, any digit every view reads all but certainly).

use super::classes::TileClass;
use super::classify::{Classifier, Verdict};
use super::second_look::{averaged, least_sure_numbers};
use super::tiles::{inner_pixels, sample_cell, SampledGrid, TileImage};
use crate::vision::VisionError;
use image::RgbImage;

/// Looks the model is at least this sure of are left alone.
const SURE: f32 = 0.99;
/// Looks looked at closer at most on one board, the least sure first.
const MAX_LOOKS: usize = 24;
/// A digit taller than this share of its cell is left to the model: it keeps enough samples.
const SMALL: f64 = 0.45;
/// A digit is at least this share of the cell's height tall: a speck is no digit.
const MIN_HEIGHT_SHARE: f64 = 0.2;
/// Share of the cell cut off each side before its ink is found: a tile's border and bevel are
/// patches of ink too.
const INSET: f64 = 0.12;
/// The digit's height as a share of each square's side: two views, so one phase of the
/// sampling does not decide.
const DIGIT_SHARES: [f64; 2] = [0.55, 0.65];
/// A pixel is ink where one of its channels differs from the face's by this much (0–255): a
/// coloured digit may differ little in brightness (the checkerboard clone's pink "4" on its tan
/// tile, by 14 levels of luma).
const INK_STEP: u8 = 48;
/// How sure the views must be of the digit they read, on average.
const VIEWS_SURE: f32 = 0.9;
/// How sure each view must be of a digit the model put neither first nor second, where it put
/// a digit first: the look is surely a digit, the views say which.
const VIEWS_CERTAIN: f32 = 0.999;

/// Gives each look among `candidates` that the model reads as a digit from 1 to 8, or as a
/// digit against a question mark (`second_look::maybe_number`), less than [`SURE`]ly, and whose
/// digit is small in its cell ([`SMALL`]), the mean of the model's verdicts on squares around
/// the digit's ink ([`DIGIT_SHARES`]), where every view reads the same digit, at [`VIEWS_SURE`]
/// on average or more, and that digit is the look's first or second choice (or any digit, read
/// certainly, where the look's first is a digit: [`closer_verdict`]). `sampled` says
/// where each look is shown (its first cell is looked at).
pub fn look_closer(
    image: &RgbImage,
    sampled: &SampledGrid,
    verdicts: &mut [Verdict],
    candidates: impl IntoIterator<Item = usize>,
    classifier: &Classifier,
) -> Result<(), VisionError> {
    let unsure = least_sure_numbers(verdicts, candidates, SURE, MAX_LOOKS);
    let views = |look: usize| closer_views(image, sampled.cells_showing(look).next()?);
    let decide = |look: usize, first: &Verdict, views: &[Verdict]| {
        let closer = closer_verdict(first, views);
        tracing::trace!(
            look,
            first = ?first.class,
            views = ?views.iter().map(|v| (v.class, v.confidence)).collect::<Vec<_>>(),
            taken = closer.is_some(),
            "a closer look at a small digit"
        );
        closer
    };
    let (looked, kept) = classifier.review_looks(unsure, views, verdicts, decide)?;
    if looked > 0 {
        tracing::debug!(looked, kept, "closer looks at small digits");
    }
    Ok(())
}

/// The squares around the ink in `cell` (`(x0, y0, x1, y1)` in pixels), each sampled as a cell
/// is, where the ink is a small digit's ([`small_ink`]).
fn closer_views(
    image: &RgbImage,
    (x0, y0, x1, y1): (f64, f64, f64, f64),
) -> Option<Vec<TileImage>> {
    let (ix0, iy0, ix1, iy1) = small_ink(image, (x0, y0, x1, y1))?;
    let centre = (f64::from(ix0 + ix1) / 2.0, f64::from(iy0 + iy1) / 2.0);
    let (width, height) = (f64::from(ix1 - ix0), f64::from(iy1 - iy0));
    Some(
        DIGIT_SHARES
            .iter()
            .map(|share| {
                let half = (height.max(width) / share) / 2.0;
                sample_cell(
                    image,
                    (
                        centre.0 - half,
                        centre.1 - half,
                        centre.0 + half,
                        centre.1 + half,
                    ),
                )
            })
            .collect(),
    )
}

/// The box (in the image's pixels) of the ink inside `cell`, its border cut off ([`INSET`]),
/// where it is a digit's height ([`MIN_HEIGHT_SHARE`]) and small in the cell ([`SMALL`]). Ink
/// is any pixel a channel of which differs by [`INK_STEP`] or more from the face, each
/// channel's median over the area (a small digit covers well under half of it).
fn small_ink(
    image: &RgbImage,
    (x0, y0, x1, y1): (f64, f64, f64, f64),
) -> Option<(u32, u32, u32, u32)> {
    let size = (x1 - x0).min(y1 - y0);
    let (ax0, ay0, ax1, ay1) = inner_pixels((x0, y0, x1, y1), INSET);
    let (ax1, ay1) = (ax1.min(image.width()), ay1.min(image.height()));
    if ax1 <= ax0 || ay1 <= ay0 {
        return None;
    }
    let pixels =
        || (ay0..ay1).flat_map(move |y| (ax0..ax1).map(move |x| (x, y, image.get_pixel(x, y).0)));
    let mut channels: [Vec<u8>; 3] = Default::default();
    for (_, _, rgb) in pixels() {
        for (channel, value) in channels.iter_mut().zip(rgb) {
            channel.push(value);
        }
    }
    let face = channels.map(|mut values| {
        let middle = values.len() / 2;
        *values.select_nth_unstable(middle).1
    });
    let mut ink: Option<(u32, u32, u32, u32)> = None;
    for (x, y, rgb) in pixels() {
        if rgb
            .iter()
            .zip(&face)
            .any(|(&p, &f)| p.abs_diff(f) >= INK_STEP)
        {
            let (bx0, by0, bx1, by1) = ink.unwrap_or((x, y, x + 1, y + 1));
            ink = Some((bx0.min(x), by0.min(y), bx1.max(x + 1), by1.max(y + 1)));
        }
    }
    let (bx0, by0, bx1, by1) = ink?;
    let (min, max) = (
        (size * MIN_HEIGHT_SHARE).ceil() as u32,
        (size * SMALL).floor() as u32,
    );
    let (width, height) = (bx1 - bx0, by1 - by0);
    ((min..=max).contains(&height) && width <= max).then_some((bx0, by0, bx1, by1))
}

/// The mean of the `views` where all read the same digit from 1 to 8, at [`VIEWS_SURE`] on
/// average, and that digit is `first`'s own choice or its runner-up, or, where `first` is a
/// digit from 1 to 8, any digit every view reads at [`VIEWS_CERTAIN`]. SVG Minesweeper's thin
/// "3" at 65 px was a "1" to the model (54%), a "2" its runner-up; both closer views read a
/// "3" at 0.99999, the glyph matcher a "3" too, and the look stayed in doubt among the three.
fn closer_verdict(first: &Verdict, views: &[Verdict]) -> Option<Verdict> {
    let (first_view, others) = views.split_first()?;
    let digit = first_view.class;
    let same = views.iter().all(|view| view.class == digit);
    let sure = views.iter().map(|view| view.confidence).sum::<f32>() / views.len() as f32;
    let a_digit = matches!(digit, TileClass::Number(1..=8));
    let certain = views.iter().all(|view| view.confidence >= VIEWS_CERTAIN);
    let chosen = first.class == digit
        || first.runner_up() == Some(digit)
        || (matches!(first.class, TileClass::Number(1..=8)) && certain);
    if !(same && sure >= VIEWS_SURE && a_digit && chosen) {
        return None;
    }
    Some(averaged(first_view, others))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::tiles::TILE;
    use image::Rgb;

    /// One 40 px tile, light grey, with a dark block where `ink(u, v)` says.
    fn tile(ink: impl Fn(u32, u32) -> bool) -> RgbImage {
        RgbImage::from_fn(40, 40, |u, v| {
            if ink(u, v) {
                Rgb([40, 40, 40])
            } else {
                Rgb([222, 222, 222])
            }
        })
    }

    const CELL: (f64, f64, f64, f64) = (0.0, 0.0, 40.0, 40.0);

    #[test]
    fn small_ink_is_found_where_it_lies_in_any_colour() {
        // 6x12 px of ink, up and left of the middle.
        let image = tile(|u, v| (14..20).contains(&u) && (12..24).contains(&v));
        assert_eq!(small_ink(&image, CELL), Some((14, 12, 20, 24)));
        // A pink digit on a tan face, as light as it (the checkerboard clone's "4").
        let pink = RgbImage::from_fn(40, 40, |u, v| {
            if (14..20).contains(&u) && (12..24).contains(&v) {
                Rgb([216, 112, 216])
            } else {
                Rgb([192, 160, 136])
            }
        });
        assert_eq!(small_ink(&pink, CELL), Some((14, 12, 20, 24)));
    }

    #[test]
    fn a_large_digit_ink_over_the_cell_or_none_are_left_to_the_model() {
        // 8x20 px: half the cell tall, enough samples already.
        let large = tile(|u, v| (16..24).contains(&u) && (10..30).contains(&v));
        assert!(small_ink(&large, CELL).is_none());
        // Two marks far apart: texture or a frame, no small digit.
        let two = tile(|u, v| {
            (6..9).contains(&u) && (12..24).contains(&v)
                || (31..34).contains(&u) && (12..24).contains(&v)
        });
        assert!(small_ink(&two, CELL).is_none());
        let speck = tile(|u, v| (18..20).contains(&u) && (18..20).contains(&v));
        assert!(small_ink(&speck, CELL).is_none());
        assert!(small_ink(&tile(|_, _| false), CELL).is_none());
    }

    #[test]
    fn the_closer_views_are_centred_on_the_ink_and_fill_with_it() {
        let image = tile(|u, v| (14..20).contains(&u) && (12..24).contains(&v));
        let views = closer_views(&image, CELL).expect("views");
        assert_eq!(views.len(), DIGIT_SHARES.len());
        for (view, share) in views.iter().zip(DIGIT_SHARES) {
            let dark = |x: usize, y: usize| view[(y * TILE + x) * 3] < 128;
            let rows: Vec<usize> = (0..TILE)
                .filter(|&y| (0..TILE).any(|x| dark(x, y)))
                .collect();
            let height = rows.len() as f64 / TILE as f64;
            assert!(
                (height - share).abs() <= 1.5 / TILE as f64,
                "{share}: {rows:?}"
            );
            let (top, bottom) = (rows[0], TILE - 1 - rows[rows.len() - 1]);
            assert!(top.abs_diff(bottom) <= 1, "{share}: {rows:?}");
        }
    }

    fn verdict(pairs: &[(TileClass, f32)]) -> Verdict {
        Verdict::from_probs(pairs)
    }

    #[test]
    fn views_that_agree_on_the_runner_up_digit_decide() {
        let (one, three) = (TileClass::Number(1), TileClass::Number(3));
        // GNOME Mines' "3" at 21 px: a "1" to the model at 70%.
        let first = verdict(&[(one, 0.70), (three, 0.28)]);
        let closer = [
            verdict(&[(three, 0.98), (one, 0.02)]),
            verdict(&[(three, 0.87), (one, 0.13)]),
        ];
        let kept = closer_verdict(&first, &closer).expect("both views read a 3");
        assert_eq!(kept.class, three);
        assert!((kept.confidence - 0.925).abs() < 1e-6);
    }

    #[test]
    fn views_certain_of_a_third_digit_decide_where_the_model_read_a_digit() {
        let (one, two, three) = (
            TileClass::Number(1),
            TileClass::Number(2),
            TileClass::Number(3),
        );
        // SVG Minesweeper's "3" at 65 px: a "1" to the model, a "2" its runner-up.
        let first = verdict(&[(one, 0.54), (two, 0.3), (three, 0.16)]);
        let certain = verdict(&[(three, 0.99999)]);
        let kept = closer_verdict(&first, &[certain, certain]).expect("both views certain");
        assert_eq!(kept.class, three);
        // Not where the model put a mark first: the square keeps no frame.
        let question = verdict(&[(TileClass::Question, 0.6), (one, 0.3), (two, 0.1)]);
        assert!(closer_verdict(&question, &[certain, certain]).is_none());
        // Not where one view is less than certain.
        let sure = verdict(&[(three, 0.995)]);
        assert!(closer_verdict(&first, &[certain, sure]).is_none());
    }

    #[test]
    fn views_that_part_are_unsure_or_read_another_thing_change_nothing() {
        let (one, three, five) = (
            TileClass::Number(1),
            TileClass::Number(3),
            TileClass::Number(5),
        );
        let first = verdict(&[(one, 0.70), (three, 0.28)]);
        let sure = |class| verdict(&[(class, 0.99)]);
        assert!(closer_verdict(&first, &[sure(three), sure(one)]).is_none());
        let unsure = verdict(&[(three, 0.6), (one, 0.4)]);
        assert!(closer_verdict(&first, &[unsure, unsure]).is_none());
        // A digit the model did not put first or second, read less than certainly.
        assert!(closer_verdict(&first, &[sure(five), sure(five)]).is_none());
        // The square keeps no frame: it never says a look is no digit.
        let question = verdict(&[(TileClass::Question, 0.6), (one, 0.4)]);
        assert!(closer_verdict(&question, &[sure(TileClass::Question); 2]).is_none());
        assert!(closer_verdict(&first, &[sure(TileClass::Number(0)); 2]).is_none());
    }
}
