//! Looks that are one look up to noise. A board drawn with a gradient, a texture, or saved as
//! JPEG gives nearly every tile its own pixels; those of one kind differ by a few levels only.
//! The search labels each family once, as a game draws it once.

use super::colours::RING;
use super::digit_inks::{strongest_ink, symbol_and_plain};
use super::lone_looks::MANY;
use crate::board::{Cell, Pos};
use crate::vision::classes::CLASS_COUNT;
use crate::vision::shape_look::RIVAL_SHARE;
use crate::vision::tiles::{mean_difference, TileImage, TILE};
use crate::vision::{Reading, TileClass, Verdict};

/// Two looks whose pixels differ by at most this on average (0–255) may be one family...
pub(super) const MEAN_LIMIT: f64 = 10.0;
/// ...and only if no 2x2 block differs by more than this on average: a digit's thin stroke
/// changes few pixels, but those by much, so a "1" and a "7" stay apart.
const BLOCK_LIMIT: f64 = 48.0;

/// Families of similar looks: `of[look]` is the family of each look; `first[family]` the look
/// that stands for it, its commonest on the board; `verdicts[family]` the family's verdict, its
/// members' probabilities averaged, each weighed by the tiles that show it up to `MANY`.
pub struct Families {
    pub of: Vec<usize>,
    pub first: Vec<usize>,
    pub verdicts: Vec<Verdict>,
}

impl Families {
    /// For each family, whether the board-level reading left it in doubt (a doubt names one
    /// look of its family).
    pub fn in_doubt(&self, reading: &Reading) -> Vec<bool> {
        let mut doubted = vec![false; self.first.len()];
        for doubt in &reading.doubt {
            doubted[self.of[doubt.look]] = true;
        }
        doubted
    }

    /// How many of `reading`'s cells show each family.
    pub fn cells(&self, reading: &Reading) -> Vec<usize> {
        let mut cells = vec![0; self.first.len()];
        for &look in &reading.look_of {
            cells[self.of[look]] += 1;
        }
        cells
    }

    /// For each family, the sides of the board every one of its tiles lies along ([`Sides`]).
    pub fn sides(&self, reading: &Reading) -> Vec<Sides> {
        let board = &reading.board;
        let mut sides = vec![Sides::ALL; self.first.len()];
        for (i, &look) in reading.look_of.iter().enumerate() {
            let Pos { row, col } = board.pos_of(i);
            let on = [
                row == 0,
                row + 1 == board.rows(),
                col == 0,
                col + 1 == board.cols(),
            ];
            let family = &mut sides[self.of[look]];
            for (side, &on) in on.iter().enumerate() {
                family.0[side] &= on;
            }
        }
        sides
    }

    /// Reads every look of `family` as `class`, as surely as the board makes it.
    pub fn relabel(&self, reading: &mut Reading, family: usize, class: TileClass) {
        for look in (0..self.of.len()).filter(|&l| self.of[l] == family) {
            reading.relabel(look, class, 1.0);
        }
    }
}

/// Groups `pixels` (each look's sampled tile; `looks` their verdicts; `cells` how many cells show
/// each) greedily: each look joins the family whose first member it is nearest among those it is
/// similar to, unless
/// the classifier is sure the two are different things (at a small pitch a thin digit on a dark
/// tile differs from the empty tile by little on average; noise never turns a sure "2" into a
/// sure covered tile), or one surely shows a symbol and the other is plain
/// (`digit_inks::symbol_and_plain`). A family is then stood for by its commonest look
/// (`cells`), whose pixels the board's evidence is taken from: a covered tile lit under the
/// pointer that joins the family of the empty open tiles (it looks nearly like one) is no
/// stand-in for them, however early on the board it lies.
pub fn families(pixels: &[TileImage], looks: &[Verdict], cells: &[usize]) -> Families {
    families_apart(pixels, looks, cells, &[])
}

/// [`families`], with the looks `apart` marks (empty tiles the board's numbers show for what
/// they are, `background::exact_empty_looks`) joining only families of such looks, and the
/// others only families of looks it does not mark.
pub fn families_apart(
    pixels: &[TileImage],
    looks: &[Verdict],
    cells: &[usize],
    apart: &[bool],
) -> Families {
    let marked = |look: usize| apart.get(look).copied().unwrap_or(false);
    let mut firsts: Vec<usize> = Vec::new();
    let mut of = Vec::with_capacity(pixels.len());
    // Each look's strongest ink, found when first asked for.
    let mut strongest: Vec<Option<i32>> = vec![None; pixels.len()];
    let mut ink_of =
        |look: usize| *strongest[look].get_or_insert_with(|| strongest_ink(&pixels[look]));
    for (look, tile) in pixels.iter().enumerate() {
        // A thin digit at 38 px differs from its empty tile by little on average and in no
        // block by much, but it is a symbol, and the empty tile none. The nearest family, not
        // the first: at a fractional pitch an empty tile sampled at another phase (its grid
        // line a sample over) came within the limits of a dark skin's covered tile (a bevel
        // of one sample against a line of one) while the empty tiles were nearer, and a 0 read
        // as covered beside open 0s left every 0 of the board covered.
        let family = (firsts.iter().enumerate())
            .filter(|&(_, &f)| {
                marked(f) == marked(look)
                    && !surely_apart(&looks[f], &looks[look])
                    && !symbol_and_plain(ink_of(f), ink_of(look))
            })
            .filter_map(|(family, &f)| Some((family, similar(&pixels[f], tile)?)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(family, _)| family);
        of.push(family.unwrap_or_else(|| {
            firsts.push(look);
            firsts.len() - 1
        }));
    }
    let shown = |look: usize| cells.get(look).copied().unwrap_or(0);
    let mut sums = vec![[0f64; CLASS_COUNT]; firsts.len()];
    let mut counts = vec![0usize; firsts.len()];
    for (look, &family) in of.iter().enumerate() {
        // A look weighs as the tiles that show it, up to `MANY`: a covered tile lit under the
        // pointer that joins the empty tiles' family (GNOME Mines' light grey tile, a 0 to the
        // classifier at 0.69 and covered at 0.31) is one tile among thirty, not one look of
        // two, and as a look of two it brought the labelling with every 0 covered within the
        // doubt margin: all 34 empty tiles of the board were left in doubt. The looks a skin
        // shows on many tiles (one per phase of a fractional pitch) weigh alike, as before:
        // how many tiles fall on a phase says nothing of how the look should read.
        let weight = shown(look).clamp(1, MANY);
        counts[family] += weight;
        if shown(look) > shown(firsts[family]) {
            firsts[family] = look;
        }
        for (sum, &p) in sums[family].iter_mut().zip(&looks[look].probs) {
            *sum += f64::from(p) * weight as f64;
        }
    }
    let verdicts = (firsts.iter().zip(sums.iter().zip(&counts)))
        .map(|(&first, (sum, &count))| {
            let mut verdict = looks[first];
            for (p, &s) in verdict.probs.iter_mut().zip(sum) {
                *p = (s / count as f64) as f32;
            }
            verdict
        })
        .collect();
    Families {
        of,
        first: firsts,
        verdicts,
    }
}

/// The sides of the board a family's tiles all lie along: top, bottom, left, right. What lies
/// beyond a side (the board's frame, the page) can bleed into the outer samples of the tiles
/// along it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sides(pub [bool; 4]);

impl Sides {
    /// Every side: a family of no tiles, before any tile says otherwise.
    pub const ALL: Sides = Sides([true; 4]);
    /// No side: tiles inside the board.
    pub const NONE: Sides = Sides([false; 4]);
}

/// The classifier's confidence from which two looks it puts in different classes are never one
/// family.
const SURE: f32 = 0.5;

/// Whether the classifier is sure that `a` and `b` show different cells, or reads them as two
/// different numbers: small digits differ by few pixels (a "2" and a "1" at 24 px), and a digit
/// taken into another number's family is read as that number, however unsure the classifier
/// was of either.
fn surely_apart(a: &Verdict, b: &Verdict) -> bool {
    let numbers = |v: &Verdict| matches!(v.class.cell(), Cell::Number(1..));
    let apart = a.class.cell() != b.class.cell();
    // A digit `v` gives nearly the odds of its first, that `other` all but rules out.
    let rivalled = |v: &Verdict, other: &Verdict| {
        v.runner_up().is_some_and(|r| {
            matches!(r.cell(), Cell::Number(1..))
                && v.prob(r) >= RIVAL * v.prob(v.class)
                && other.prob(r) < RULED_OUT * v.prob(r)
        })
    };
    (apart && ((a.confidence >= SURE && b.confidence >= SURE) || (numbers(a) && numbers(b))))
        || (numbers(a) && numbers(b) && (rivalled(a, b) || rivalled(b, a)))
}

/// How likely, against a number look's first digit, a second digit makes it a look of its own
/// ([`surely_apart`]): the odds the glyph matcher gives the digit it reads where the model read
/// another ([`RIVAL_SHARE`]), less a hair for the rounding of the odds once normalised.
/// "Modern Minesweeper" in its dark theme at 25.7 px: a "5", a "3" to the model at 0.64 and a
/// "5" to the glyph matcher, joined the family of a "3" beside it; the family was labelled
/// once, as 3s, and its mines were called safe.
const RIVAL: f32 = RIVAL_SHARE - 0.001;
/// How much less likely than a look that a digit rivals ([`RIVAL`]) the other look must find
/// it: one glyph at two phases of the sampling is unsure the same way.
const RULED_OUT: f32 = 0.1;

/// ...nor where one shows colour in its middle and the other none: the spread of the channels
/// (the largest less the smallest) summed over a 2x2 block of samples (0-1020), at its largest
/// over the middle's blocks, from [`COLOURED`] in one and at most [`GREY`] in the other.
/// winmine.html in Chromium's forced dark draws its "1" pale violet on grey (dc98ff on c0c0c0,
/// a block of its stroke 412): at 16 px each block of the stroke differs from the empty tile by
/// 44 a channel on average, under [`BLOCK_LIMIT`], and the 1s joined the 0s' family, all read
/// as covered. Noise and a grid line at another phase move a tile's greys, not its colour; a
/// coloured digit at another phase is coloured in both.
const COLOURED: u32 = 240;
/// See [`COLOURED`].
const GREY: u32 = 80;

/// The largest summed spread of the channels over the 2x2 blocks of `tile`'s middle, inside
/// the edge ring (`colours::RING`: a coloured neighbour or frame may reach a sample or two in
/// at some phases; a digit is drawn in the middle) ([`COLOURED`]).
fn most_colour(tile: &TileImage) -> u32 {
    let mut most = 0;
    for by in (RING..TILE - RING).step_by(2) {
        for bx in (RING..TILE - RING).step_by(2) {
            let mut sum = 0;
            for y in by..by + 2 {
                for x in bx..bx + 2 {
                    let pixel = &tile[(y * TILE + x) * 3..][..3];
                    let (low, high) = (pixel.iter().min(), pixel.iter().max());
                    sum += u32::from(high.copied().unwrap_or(0) - low.copied().unwrap_or(0));
                }
            }
            most = most.max(sum);
        }
    }
    most
}

/// Whether one of `a` and `b` shows colour in its middle and the other none ([`COLOURED`]).
fn coloured_and_grey(a: &TileImage, b: &TileImage) -> bool {
    let (a, b) = (most_colour(a), most_colour(b));
    a.max(b) >= COLOURED && a.min(b) <= GREY
}

/// The mean difference of `a` and `b` where they are one look up to noise (within
/// [`MEAN_LIMIT`], no block past [`BLOCK_LIMIT`], not one coloured and the other grey,
/// [`COLOURED`]); `None` where they are not.
pub(super) fn similar(a: &TileImage, b: &TileImage) -> Option<f64> {
    let mean = mean_difference(a, b);
    if mean > MEAN_LIMIT || coloured_and_grey(a, b) {
        return None;
    }
    // 2x2 blocks of samples, all three channels.
    for by in (0..TILE).step_by(2) {
        for bx in (0..TILE).step_by(2) {
            let mut block = 0u32;
            for y in by..by + 2 {
                for x in bx..bx + 2 {
                    let at = (y * TILE + x) * 3;
                    for c in 0..3 {
                        block += u32::from(a[at + c].abs_diff(b[at + c]));
                    }
                }
            }
            if f64::from(block) > BLOCK_LIMIT * 12.0 {
                return None;
            }
        }
    }
    Some(mean)
}

/// The least mean difference (0-255 per channel) of `a` and `b` over the samples of `a` that
/// `keep(x, y)` picks, each compared with `b`'s sample a sample away or at the same place, in
/// the nine directions (where `b` has such a sample): one look sampled at another phase of a
/// fractional pitch is the other a sample off.
pub(super) fn shifted_difference(
    a: &TileImage,
    b: &TileImage,
    keep: impl Fn(usize, usize) -> bool,
) -> f64 {
    let mut best = f64::INFINITY;
    for (dx, dy) in (-1..=1).flat_map(|dy| (-1..=1).map(move |dx| (dx, dy))) {
        let (mut sum, mut count) = (0u64, 0u64);
        for (x, y) in (0..TILE).flat_map(|y| (0..TILE).map(move |x| (x, y))) {
            let (Some(bx), Some(by)) = (x.checked_add_signed(dx), y.checked_add_signed(dy)) else {
                continue;
            };
            if !keep(x, y) || bx >= TILE || by >= TILE {
                continue;
            }
            let (i, j) = ((y * TILE + x) * 3, (by * TILE + bx) * 3);
            for c in 0..3 {
                sum += u64::from(a[i + c].abs_diff(b[j + c]));
            }
            count += 3;
        }
        best = best.min(sum as f64 / count.max(1) as f64);
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::tiles::TILE_BYTES;
    use crate::vision::TileClass;

    fn verdict(p: f32) -> Verdict {
        let mut probs = [0f32; CLASS_COUNT];
        probs[0] = p;
        probs[3] = 1.0 - p;
        Verdict {
            class: TileClass::Unrevealed,
            confidence: p,
            probs,
        }
    }

    #[test]
    fn sides_are_those_every_tile_of_a_family_lies_along() {
        // 3x3: family 0 the last row, family 1 the left column above it, family 2 the rest.
        let mut reading = Reading::of_board(crate::board::Board::new(3, 3));
        reading.look_of = vec![1, 2, 2, 1, 2, 2, 0, 0, 0];
        let families = Families {
            of: vec![0, 1, 2],
            first: vec![6, 0, 1],
            verdicts: vec![verdict(0.9); 3],
        };
        let sides = families.sides(&reading);
        assert_eq!(sides[0], Sides([false, true, false, false]));
        assert_eq!(sides[1], Sides([false, false, true, false]));
        assert_eq!(sides[2], Sides::NONE);
    }

    #[test]
    fn noisy_copies_join_and_a_stroke_stays_apart() {
        let plain = [120u8; TILE_BYTES];
        let mut noisy = plain;
        for (i, v) in noisy.iter_mut().enumerate() {
            *v = v.wrapping_add((i % 7) as u8);
        }
        let mut stroke = plain;
        for y in 4..12 {
            for c in 0..3 {
                stroke[(y * TILE + 8) * 3 + c] = 0;
                stroke[(y * TILE + 9) * 3 + c] = 0;
            }
        }
        let found = families(
            &[plain, noisy, stroke],
            &[verdict(0.9), verdict(0.7), verdict(0.5)],
            &[1, 1, 1],
        );
        assert_eq!(found.of, vec![0, 0, 1]);
        assert!((found.verdicts[0].probs[0] - 0.8).abs() < 1e-6);
        // Stood for by its commonest look.
        let found = families(
            &[plain, noisy, stroke],
            &[verdict(0.9), verdict(0.7), verdict(0.5)],
            &[1, 3, 1],
        );
        assert_eq!(found.first, vec![1, 2]);
    }

    #[test]
    fn a_look_weighs_as_its_tiles_up_to_many() {
        let plain = [120u8; TILE_BYTES];
        let mut noisy = plain;
        noisy[0] = 125;
        // A look on thirty tiles read surely, one on a single tile read unsurely: the family
        // reads nearly as the thirty, and as two looks of many tiles, alike.
        for (cells, expected) in [([30, 1], (0.99 * 8.0 + 0.6) / 9.0), ([30, 9], 0.795)] {
            let found = families(&[plain, noisy], &[verdict(0.99), verdict(0.6)], &cells);
            assert_eq!(found.of, vec![0, 0]);
            assert!((f64::from(found.verdicts[0].probs[0]) - expected).abs() < 1e-6);
        }
    }

    #[test]
    fn a_faint_thin_stroke_is_no_noise_on_an_empty_tile() {
        // A stroke one sample wide, 40 levels off its tile: near on average and in every block,
        // yet a symbol, which the empty tile is not.
        let plain = [150u8; TILE_BYTES];
        let mut stroke = plain;
        for y in 4..12 {
            for c in 0..3 {
                stroke[(y * TILE + 8) * 3 + c] = 110;
            }
        }
        assert!(similar(&plain, &stroke).is_some());
        let found = families(&[plain, stroke], &[verdict(0.45), verdict(0.45)], &[3, 1]);
        assert_eq!(found.of, vec![0, 1]);
    }

    /// A grey tile with a stroke of `ink`, three samples wide, down its middle from column
    /// `left`.
    fn stroked(face: u8, ink: [u8; 3], left: usize) -> TileImage {
        let mut tile = [face; TILE_BYTES];
        for y in 3..12 {
            for x in left..left + 3 {
                tile[(y * TILE + x) * 3..][..3].copy_from_slice(&ink);
            }
        }
        tile
    }

    #[test]
    fn a_pale_coloured_stroke_on_grey_is_no_noise_on_an_empty_tile() {
        // winmine.html's "1" in Chromium's forced dark: pale violet on grey, within the block
        // limit of the plain tile everywhere.
        let plain = [0xc0u8; TILE_BYTES];
        // The same stroke in grey, as far from the tile, is noise to the limits.
        assert!(similar(&plain, &stroked(0xc0, [0xea; 3], 7)).is_some());
        let violet = [0xdc, 0x98, 0xff];
        assert!(similar(&plain, &stroked(0xc0, violet, 7)).is_none());
        // The violet stroke a sample over, as another phase draws it, is the same look.
        assert!(similar(&stroked(0xc0, violet, 8), &stroked(0xc0, violet, 7)).is_some());
    }

    #[test]
    fn looks_set_apart_join_only_each_other() {
        let plain = [120u8; TILE_BYTES];
        let mut near = plain;
        near[0] = 125;
        let looks = [verdict(0.9), verdict(0.9), verdict(0.9)];
        let found = families_apart(
            &[plain, near, near],
            &looks,
            &[5, 1, 1],
            &[false, true, true],
        );
        assert_eq!(found.of, vec![0, 1, 1]);
        assert_eq!(
            families(&[plain, near, near], &looks, &[5, 1, 1]).of,
            vec![0, 0, 0]
        );
    }

    #[test]
    fn two_numbers_stay_apart_however_unsure() {
        let plain = [120u8; TILE_BYTES];
        let mut near = plain;
        near[0] = 125;
        let number = |class: u8, p: f32| {
            let mut probs = [0f32; CLASS_COUNT];
            let class = TileClass::Number(class);
            probs[class.index().unwrap()] = p;
            Verdict {
                class,
                confidence: p,
                probs,
            }
        };
        let found = families(&[plain, near], &[number(1, 0.45), number(2, 0.4)], &[5, 1]);
        assert_eq!(found.of, vec![0, 1]);
        // A covered look and an unsure 0 that look alike are one family, as before.
        let found = families(&[plain, near], &[verdict(0.45), number(0, 0.4)], &[5, 1]);
        assert_eq!(found.of, vec![0, 0]);
    }

    #[test]
    fn a_number_rivalled_by_a_digit_the_other_rules_out_stays_apart() {
        let plain = [120u8; TILE_BYTES];
        let mut near = plain;
        near[0] = 125;
        let number = |odds: &[(u8, f32)]| {
            let mut probs = [0f32; CLASS_COUNT];
            for &(digit, p) in odds {
                probs[TileClass::Number(digit).index().unwrap()] = p;
            }
            Verdict {
                class: TileClass::Number(odds[0].0),
                confidence: odds[0].1,
                probs,
            }
        };
        // A "5" the model read as a "3", the glyph matcher's "5" its rival at half the odds,
        // beside a "3" that gives a 5 none: two families.
        let five = number(&[(3, 0.6), (5, 0.3), (2, 0.1)]);
        let three = number(&[(3, 0.9), (2, 0.1)]);
        assert_eq!(
            families(&[plain, near], &[three, five], &[5, 1]).of,
            vec![0, 1]
        );
        // One glyph at two phases, unsure the same way: one family.
        let other_phase = number(&[(3, 0.55), (5, 0.35), (2, 0.1)]);
        assert_eq!(
            families(&[plain, near], &[five, other_phase], &[5, 1]).of,
            vec![0, 0]
        );
    }

    #[test]
    fn a_look_joins_the_nearest_family_it_may_join() {
        // A dark skin: the covered tile's bevel and the empty tile's grid line are a sample
        // each on the same face. An empty tile at another sampling phase (its line a sample
        // over) is within the limits of both, and nearer the empty tiles.
        let face = [53u8; TILE_BYTES];
        let paint = |tile: &mut [u8; TILE_BYTES], at: &[(usize, usize)], level: u8| {
            for &(y, x) in at {
                tile[(y * TILE + x) * 3..][..3].fill(level);
            }
        };
        let edge = |i: usize| [(0, i), (i, 0)];
        let (mut covered, mut empty, mut shifted) = (face, face, face);
        for i in 0..TILE {
            paint(&mut covered, &edge(i), 100);
            paint(&mut covered, &[(TILE - 1, i), (i, TILE - 1)], 110);
            paint(&mut empty, &edge(i), 135);
            paint(&mut shifted, &edge(i), 135);
            paint(&mut shifted, &[(TILE - 1, i)], 94);
        }
        assert!(similar(&covered, &shifted).is_some());
        assert!(similar(&empty, &shifted).unwrap() < similar(&covered, &shifted).unwrap());
        let zero = |p: f32| {
            let mut probs = [0f32; CLASS_COUNT];
            probs[TileClass::Number(0).index().unwrap()] = p;
            Verdict {
                class: TileClass::Number(0),
                confidence: p,
                probs,
            }
        };
        let found = families(
            &[covered, empty, shifted],
            &[zero(0.99), zero(0.96), zero(0.97)],
            &[100, 20, 1],
        );
        assert_eq!(found.of, vec![0, 1, 1]);
    }
}
