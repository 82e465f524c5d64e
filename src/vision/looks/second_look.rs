//! A second look at the tiles the classifier is unsure of that may be numbers: the look's cell
//! sampled again, moved a few pixels each way, classified again, and the verdicts averaged.
//!
//! Why: the box filter that brings a cell down to the classifier's input lands each sample on
//! the pixels at one phase. At some pitches a thin stroke falls across two samples and comes
//! out as a pale smear, and the model, sure of the same digit a pixel to either side, splits
//! its vote (minesweeper-for-web's green "2" at 110% zoom, 44 px: 45% "2" and the rest mostly
//! "7"; moved by one pixel, 77–100% "2"). Such a number is left in doubt by the board-level
//! reading, and the board loses its advice there. Averaging over the cell and its four
//! neighbours by a pixel is what the model was trained for (cells moved by up to 6% of a tile)
//! and does not depend on one phase. The second look counts only where most moved cells agree
//! on the class and the mean is surer than the first look: on a symbol the model never learned,
//! the views scatter. Only looks whose first two classes are numbers, or a number and a
//! question mark, are looked at again: which number a tile shows decides which neighbours are
//! safe, and the extra runs of the model stay one per board at most.

use super::classes::TileClass;
use super::classify::{Classifier, Verdict};
use super::tiles::{sample_cell, SampledGrid};
use crate::vision::grid::Grid;
use crate::vision::VisionError;
use image::RgbImage;

/// A look whose first choice has less than this probability, and whose first two choices are
/// numbers or a number and a question mark ([`maybe_number`]), is looked at again. Under it,
/// the runner-up can have a twentieth of the first's odds, the margin within which the
/// board-level reading leaves a look in doubt when the board holds with either.
pub const UNSURE: f32 = 0.95;
/// Looks looked at again at most on one board, the least sure first: four samples each fill
/// one run of the model's batch of 32.
const MAX_LOOKS: usize = 8;
/// How far each sample is moved, as a share of the pitch (rounded to whole pixels, at least
/// one): the same cell a grid found a little off would give.
const SHIFT_SHARE: f64 = 0.03;
/// Of the four moved cells, how many must read as the mean's class for the second look to count.
const AGREE: usize = 3;
/// No second look where one pixel is more than this share of the pitch (tiles under 15.4 px):
/// the moved samples would cut into the neighbours more than training ever moved a cell.
const MAX_SHIFT_SHARE: f64 = 0.065;

/// Gives each look among `candidates` (indices into `verdicts`) that may be a number and is
/// unsure ([`maybe_number`], [`UNSURE`]) the mean of the model's probabilities over its cell
/// and the cell moved by a few pixels left, right, up and down, where [`AGREE`] of the moved
/// cells read as the mean's class and the mean is surer than the look's first verdict.
/// `sampled` is the sampling of `grid` that gave the looks: where each look is shown (its first
/// cell is sampled again, where the sampling's lines put it).
pub fn look_again(
    image: &RgbImage,
    grid: &Grid,
    sampled: &SampledGrid,
    verdicts: &mut [Verdict],
    candidates: impl IntoIterator<Item = usize>,
    classifier: &Classifier,
) -> Result<(), VisionError> {
    let pitch = grid.pitch_x.min(grid.pitch_y);
    let shift = (pitch * SHIFT_SHARE).round().max(1.0);
    if shift / pitch > MAX_SHIFT_SHARE {
        return Ok(());
    }
    let unsure = least_sure_numbers(verdicts, candidates, UNSURE, MAX_LOOKS);
    let moves = [(-shift, 0.0), (shift, 0.0), (0.0, -shift), (0.0, shift)];
    let moved = |look: usize| {
        let (x0, y0, x1, y1) = sampled.cells_showing(look).next()?;
        Some(
            (moves.iter())
                .map(|&(dx, dy)| sample_cell(image, (x0 + dx, y0 + dy, x1 + dx, y1 + dy)))
                .collect(),
        )
    };
    let (looked, kept) = classifier.review_looks(unsure, moved, verdicts, |_, first, moved| {
        second_verdict(first, moved)
    })?;
    if looked > 0 {
        tracing::debug!(looked, kept, shift, "a second look at unsure numbers");
    }
    Ok(())
}

/// Up to `max` of `candidates` (indices into `verdicts`) that may be numbers ([`maybe_number`])
/// and that the model is less sure of than `below`, the least sure first.
pub(super) fn least_sure_numbers(
    verdicts: &[Verdict],
    candidates: impl IntoIterator<Item = usize>,
    below: f32,
    max: usize,
) -> Vec<usize> {
    let mut unsure: Vec<usize> = (candidates.into_iter())
        .filter(|&look| verdicts[look].confidence < below && maybe_number(&verdicts[look]))
        .collect();
    unsure.sort_by(|&a, &b| verdicts[a].confidence.total_cmp(&verdicts[b].confidence));
    unsure.truncate(max);
    unsure
}

/// Whether the model's first two choices for a look are two numbers from 1 to 8, or one and a
/// question mark: which digit a tile shows (a "2" or a "7"), or whether a coloured glyph is a
/// digit at all (a green "2" in a dark theme taken for a question mark). Between a number and a
/// covered tile, an empty one or a shown mine, the board-level reading weighs the tile's
/// background and the rules, and a second look by the model alone would overrule them.
pub(super) fn maybe_number(verdict: &Verdict) -> bool {
    let (mut numbers, mut glyphs) = (0, 0);
    for class in [Some(verdict.class), verdict.runner_up()]
        .into_iter()
        .flatten()
    {
        match class {
            TileClass::Number(1..) => numbers += 1,
            TileClass::Question => glyphs += 1,
            _ => {}
        }
    }
    numbers >= 1 && numbers + glyphs == 2
}

/// The mean verdict of `first` and the `moved` views, where [`AGREE`] of these read as its
/// class and it is surer than `first`. On a symbol the model never learned (an emoji bomb, a
/// "6" here and a "4" a pixel away) the views scatter, and their vote must not make it a
/// number; a pale digit the views read less surely is left to the board-level reading.
fn second_verdict(first: &Verdict, moved: &[Verdict]) -> Option<Verdict> {
    let mean = averaged(first, moved);
    let agree = moved.iter().filter(|view| view.class == mean.class).count();
    (agree >= AGREE && mean.confidence > first.confidence).then_some(mean)
}

/// The verdict of the mean probabilities of `first` and `others`.
pub(super) fn averaged(first: &Verdict, others: &[Verdict]) -> Verdict {
    let mut probs = first.probs;
    for other in others {
        for (p, q) in probs.iter_mut().zip(&other.probs) {
            *p += q;
        }
    }
    let n = (1 + others.len()) as f32;
    probs.iter_mut().for_each(|p| *p /= n);
    Verdict::from_distribution(probs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::lines::Lines;

    fn verdict(pairs: &[(TileClass, f32)]) -> Verdict {
        Verdict::from_probs(pairs)
    }

    #[test]
    fn a_symbol_whose_runner_up_is_a_number_may_be_one() {
        let question = verdict(&[(TileClass::Question, 0.5), (TileClass::Number(2), 0.45)]);
        assert!(maybe_number(&question));
        let flag = verdict(&[(TileClass::Flag, 0.5), (TileClass::Question, 0.45)]);
        assert!(!maybe_number(&flag));
        let zero = verdict(&[(TileClass::Number(0), 0.5), (TileClass::Unrevealed, 0.45)]);
        assert!(!maybe_number(&zero));
        let digits = verdict(&[(TileClass::Number(4), 0.6), (TileClass::Number(3), 0.3)]);
        assert!(maybe_number(&digits));
        let pale = verdict(&[(TileClass::Number(5), 0.6), (TileClass::Unrevealed, 0.3)]);
        assert!(
            !maybe_number(&pale),
            "a pale digit is the board-level reading's to weigh"
        );
        let bomb = verdict(&[(TileClass::Number(6), 0.6), (TileClass::Mine, 0.3)]);
        assert!(
            !maybe_number(&bomb),
            "a symbol that may be a shown mine is not looked at again"
        );
    }

    #[test]
    fn the_average_of_the_views_picks_the_class_they_agree_on() {
        let split = verdict(&[(TileClass::Number(2), 0.45), (TileClass::Number(7), 0.40)]);
        let sure = verdict(&[(TileClass::Number(2), 0.99), (TileClass::Number(7), 0.01)]);
        let seven = verdict(&[(TileClass::Number(7), 0.6), (TileClass::Number(2), 0.4)]);
        let mean = averaged(&split, &[sure, sure, sure, seven]);
        assert_eq!(mean.class, TileClass::Number(2));
        assert!((mean.confidence - (0.45 + 3.0 * 0.99 + 0.4) / 5.0).abs() < 1e-6);
        let two = TileClass::Number(2).index().unwrap();
        assert_eq!(mean.probs[two], mean.confidence);
    }

    #[test]
    fn views_that_agree_and_make_it_surer_count_and_scattered_ones_do_not() {
        let two = TileClass::Number(2);
        let seven = TileClass::Number(7);
        // minesweeper-for-web's "2" at 44 px: unsure at one phase, sure a pixel away.
        let split = verdict(&[(two, 0.43), (seven, 0.40)]);
        let sure = verdict(&[(two, 0.98), (seven, 0.02)]);
        let leaning = verdict(&[(seven, 0.55), (two, 0.45)]);
        let kept = second_verdict(&split, &[sure, sure, leaning, sure]).expect("three agree");
        assert_eq!(kept.class, two);
        // An emoji bomb the model reads as "6" or "4" by the phase: the mean goes to "4" by a
        // hair, less sure than the first look.
        let six = TileClass::Number(6);
        let four = TileClass::Number(4);
        let bomb = verdict(&[(six, 0.55), (four, 0.45)]);
        let fours = verdict(&[(four, 0.52), (six, 0.48)]);
        let sixes = verdict(&[(six, 0.3), (four, 0.2), (TileClass::Number(5), 0.5)]);
        assert_eq!(second_verdict(&bomb, &[fours, fours, fours, sixes]), None);
        // Two views each way: no majority.
        let sure_four = verdict(&[(four, 0.9), (six, 0.1)]);
        let sure_six = verdict(&[(six, 0.9), (four, 0.1)]);
        assert_eq!(
            second_verdict(&bomb, &[sure_four, sure_four, sure_six, sure_six]),
            None
        );
    }

    #[test]
    fn sure_looks_and_tiles_too_small_to_move_are_not_looked_at_again() {
        let classifier = Classifier::embedded().unwrap();
        let image = RgbImage::new(200, 200);
        let sure = verdict(&[(TileClass::Number(3), 0.95), (TileClass::Number(8), 0.05)]);
        let unsure = verdict(&[(TileClass::Number(3), 0.5), (TileClass::Number(8), 0.5)]);
        let no_number = verdict(&[(TileClass::Unrevealed, 0.6), (TileClass::Flag, 0.4)]);
        let grid = |pitch: f64| Grid {
            x: 10.0,
            y: 10.0,
            pitch_x: pitch,
            pitch_y: pitch,
            rows: 2,
            cols: 2,
        };
        let mut verdicts = vec![sure, unsure, no_number];
        // Cells showing looks 0, 1, 2 and 1.
        let sampling = |grid: &Grid| SampledGrid {
            looks: Vec::new(),
            cells: vec![0, 1, 2, 1],
            lines: Lines::rounded(grid),
        };
        look_again(
            &image,
            &grid(12.0),
            &sampling(&grid(12.0)),
            &mut verdicts,
            [0, 1, 2],
            &classifier,
        )
        .unwrap();
        assert_eq!(
            verdicts,
            vec![sure, unsure, no_number],
            "12 px tiles are not moved"
        );
        look_again(
            &image,
            &grid(40.0),
            &sampling(&grid(40.0)),
            &mut verdicts,
            [0, 2],
            &classifier,
        )
        .unwrap();
        assert_eq!(
            verdicts,
            vec![sure, unsure, no_number],
            "only candidates, and only unsure ones that may be numbers"
        );
    }
}
