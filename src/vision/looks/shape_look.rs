//! A look at the shape of a digit the model is unsure of: the digit read off the screenshot at
//! its own resolution, by the glyph matcher that reads the mine counter's text
//! (`counter::glyphs`), as a second opinion.
//!
//! Why: a cell is brought down to 16x16 samples for the model, and a small digit on a large tile
//! keeps only a few samples of its strokes (Modern Minesweeper's white digits in its dark theme
//! are a third of a 50 px tile): the model puts a "2" first at 92–98% there with a "3" as its
//! runner-up, the board-level reading leaves every such number in doubt, and the board loses
//! its advice around them. The glyph matcher measures the digit's own pixels against printed
//! digits of every size. Where it reads every cell showing the look as the digit the model put
//! first, two readings made in different ways agree, and the look is settled as that digit.
//! Where it reads none (a pixel font, an emoji, digits too large for its templates), nothing
//! changes: the look stays as unsure as the model left it. Where it reads any digit of the board
//! otherwise than the model, nothing on the board is settled, and an unsure look it reads so
//! gets its digit as a rival the board-level reading weighs ([`read_shapes`]); but a look the
//! model only leans on, whose every cell reads as the model's own runner-up, is no such
//! disagreement, and is settled as that runner-up where the rest of the board agrees.

use super::classes::{TileClass, CLASS_COUNT};
use super::classify::Verdict;
use super::second_look::maybe_number;
use super::tiles::{inner_pixels, SampledGrid};
use crate::vision::counter::glyphs::{glyphs, luma, recognise};
use crate::vision::locate::colour_distance;
use image::{GrayImage, RgbImage};

/// Looks the model is at least this sure of are left alone: the board-level reading leaves a
/// number in doubt while its runner-up has a twentieth of its odds, and settles it below that.
const SURE: f32 = 0.99;
/// Cells of a look whose digit is read, at most; every one must read as the model's digit.
const CELLS: usize = 4;
/// Cells read at most on one board (a read takes about 30 µs): where noise (a JPEG) makes every
/// digit tile a look of its own, the board is left to the model rather than read cell by cell.
const MAX_CELLS_READ: usize = 256;
/// Share of the cell cut off each side before its digit is read: a tile's border and bevel are
/// patches of ink too.
const INSET: f64 = 0.12;
/// A digit is at least this share of the cell's height tall: a speck of texture is no digit.
const MIN_HEIGHT_SHARE: f64 = 0.25;
/// How near (`glyphs::recognise`'s distance) the digit must come to a printed one. The counter's
/// text is read up to [`MAX_DISTANCE`](crate::vision::counter::glyphs::MAX_DISTANCE), in an area
/// that holds a counter; settling a tile asks for a closer match. Over 1,519 single glyphs read
/// in tiles of the sweeps (GNOME Mines at 21 px and up, KMines, Modern Minesweeper, the web
/// clones), the right digits matched at 0.014 at the median and 0.029 at the 90th percentile; the
/// two wrong ones (one "3" of GNOME Mines at 21 px, at two states, read as a "1") at 0.052.
const CLOSE: f32 = 0.045;
/// What is left of the probability of every other class once the shape agrees.
const LEFT: f32 = 0.001;

/// Settles each look among `candidates` (indices into `verdicts`) whose first class is a digit
/// from 1 to 8, whose runner-up is a number or a question mark, and that the model is less than
/// [`SURE`] of, where the glyph matcher reads each of its cells (up to [`CELLS`]; `sampled` says
/// which cells show it, and where they lie) as exactly that one digit. Where it reads any cell
/// of any look the model takes for a digit as another digit, nothing is settled on the board:
/// the two readings part there, and a look the model reads as a "2" that is a "3" looks much
/// like the "2"s, which the board-level reading takes as one family with them (Modern
/// Minesweeper's dark theme at 33 px: settling the "2"s made its "3"s sure "2"s). Each such
/// look among the unsure candidates gets the matcher's digit as a rival ([`with_rival`]), and
/// so does a look the model reads as a digit less than [`SURE`]ly with a runner-up of another
/// kind (a flag, a covered tile), which the shape never settles. A look whose every cell reads
/// as the model's runner-up while the model leans to its first digit ([`runner_up_read`])
/// parts from nothing: it is settled as that runner-up where no other look parts, and given it
/// as a rival where one does.
pub fn read_shapes(
    image: &RgbImage,
    sampled: &SampledGrid,
    verdicts: &mut [Verdict],
    candidates: impl IntoIterator<Item = usize>,
) {
    let digit_of = |verdict: &Verdict| match verdict.class {
        TileClass::Number(digit @ 1..=8) => Some(digit),
        _ => None,
    };
    // The unsure digits, and among them those the shape may settle: between two digits, or a
    // digit and a question mark. Between a digit and a flag or a covered tile the board-level
    // reading weighs the tile's face and the rules, and the shape only offers its digit as a
    // rival there: the rounded clone's "2" at 29.25 px, sampled at another phase on one row,
    // was a "4" to the model at 0.88 with a flag next; no "4" held there, and the flag made
    // the game in play a lost one.
    let unsure: Vec<usize> = (candidates.into_iter())
        .filter(|&look| {
            let verdict = &verdicts[look];
            digit_of(verdict).is_some() && verdict.confidence < SURE
        })
        .collect();
    if unsure.is_empty() {
        return;
    }
    let settles = |look: usize| unsure.contains(&look) && maybe_number(&verdicts[look]);
    let shapes = |look: usize| -> Vec<Option<u8>> {
        (sampled.cells_showing(look).take(CELLS))
            .map(|cell| digit_shown(image, cell))
            .collect()
    };
    // The unsure looks every cell of which reads as the model's digit, settled only once every
    // digit look of the board has been read without a disagreement; the unsure looks some cell
    // of which reads as another digit, with that digit.
    let mut agreeing = Vec::new();
    let mut otherwise = Vec::new();
    // The unsure looks every cell of which reads as the model's runner-up, where the model
    // only leans to its first digit ([`runner_up_read`]).
    let mut leaning = Vec::new();
    let mut parted = false;
    let mut cells_read = 0;
    for (look, verdict) in verdicts.iter().enumerate() {
        let Some(digit) = digit_of(verdict) else {
            continue;
        };
        let shown = shapes(look);
        cells_read += shown.len();
        if cells_read > MAX_CELLS_READ {
            tracing::debug!(cells_read, "too many digits to read by their shapes");
            return;
        }
        if let Some(&other) = shown.iter().flatten().find(|&&d| d != digit) {
            if settles(look) && runner_up_read(verdict, other, &shown) {
                tracing::debug!(
                    look,
                    digit,
                    other,
                    "a digit's shape reads the model's runner-up"
                );
                leaning.push((look, other));
                continue;
            }
            tracing::debug!(look, digit, other, "a digit's shape reads otherwise");
            parted = true;
            if unsure.contains(&look) {
                otherwise.push((look, other));
            }
        } else if settles(look) && shown.iter().all(Option::is_some) {
            agreeing.push(look);
        }
    }
    // Two readings made in different ways part: the shape's digit becomes a rival the
    // board-level reading weighs (in doubt, or settled by the board's rules). The rounded
    // clone's thin serif "3" at 39 px, a "4" to the model at 0.988 and a "3" to the glyph
    // matcher, was read as a sure "4", and the extra mine it asked for made 55 calls wrong.
    // Where the readings part elsewhere on the board, a look read as the model's runner-up is
    // a look read otherwise too.
    if parted {
        otherwise.append(&mut leaning);
    }
    for &(look, other) in &otherwise {
        verdicts[look] = with_rival(&verdicts[look], other);
    }
    if parted {
        return;
    }
    for look in agreeing {
        verdicts[look] = settled(&verdicts[look]);
        tracing::debug!(look, "a digit's shape agrees with the model");
    }
    // Every digit look of the board read without a disagreement but these, whose shape is the
    // digit the model put second while it leaned to its first: the model's own second choice,
    // the glyph matcher and the rest of the board agree. "Modern Minesweeper" in its dark theme at
    // 30.75 px: three looks of its small white "1"s were "3"s to the model at 0.63 with a "1"
    // next, "1"s to the glyph matcher within 0.03, like every other "1" of the board; parted,
    // the board left all 41 of its "1"s in doubt with "3"s.
    for (look, other) in leaning {
        verdicts[look] = settled(&as_first(&verdicts[look], other));
        tracing::debug!(
            look,
            digit = other,
            "a digit's shape settles the model's runner-up"
        );
    }
}

/// The model's first choice up to which a look whose shape reads as its runner-up is taken
/// for that runner-up: it leans to its first digit, no more.
const LEANS: f32 = 0.8;

/// Whether every cell `shown` of a look reads as `digit`, the runner-up of the model's
/// `verdict`, while the model is less than [`LEANS`] sure of its first digit.
fn runner_up_read(verdict: &Verdict, digit: u8, shown: &[Option<u8>]) -> bool {
    verdict.confidence < LEANS
        && verdict.runner_up() == Some(TileClass::Number(digit))
        && shown.iter().all(|&d| d == Some(digit))
}

/// `verdict` with the probabilities of its first class and of the digit `digit` swapped.
fn as_first(verdict: &Verdict, digit: u8) -> Verdict {
    let (Some(first), Some(other)) = (verdict.class.index(), TileClass::Number(digit).index())
    else {
        return *verdict;
    };
    let mut probs = verdict.probs;
    probs.swap(first, other);
    normalised(probs)
}

/// How likely, against the model's first class, the glyph matcher's digit is made where the two
/// part ([`with_rival`]): half.
pub const RIVAL_SHARE: f32 = 0.5;

/// `verdict` with the digit `rival` made at least [`RIVAL_SHARE`] as likely as its first class,
/// then normalised: a runner-up the board-level reading leaves in doubt unless the board's
/// rules decide, while the model's first choice stays first.
fn with_rival(verdict: &Verdict, rival: u8) -> Verdict {
    let (Some(first), Some(other)) = (verdict.class.index(), TileClass::Number(rival).index())
    else {
        return *verdict;
    };
    let mut probs = verdict.probs;
    probs[other] = probs[other].max(probs[first] * RIVAL_SHARE);
    normalised(probs)
}

/// The one digit from 1 to 8 the glyph matcher reads in `cell` (`(x0, y0, x1, y1)` in whole
/// pixels), by its brightness, or where that finds none, by its colour: a digit as bright as its
/// tile (the checkerboard clone's purple "4" on tan in its dark theme, luma 158 on 165) is no
/// patch of ink in luma, and is one as its distance in colour from the tile's face
/// ([`apart_from_face`]).
fn digit_shown(image: &RgbImage, cell: (f64, f64, f64, f64)) -> Option<u8> {
    let area = inner_pixels(cell, INSET);
    digit_in(&luma(image, area)?).or_else(|| digit_in(&apart_from_face(image, area)?))
}

/// The one digit from 1 to 8 the glyph matcher reads in `gray`, if it finds exactly one patch
/// of ink of a digit's height there and reads it closely.
fn digit_in(gray: &GrayImage) -> Option<u8> {
    let height = gray.height();
    let min_height = (f64::from(height) * MIN_HEIGHT_SHARE).ceil() as u32;
    let [glyph] = glyphs(gray, min_height, height).try_into().ok()?;
    let (char, distance) = recognise(&glyph)?;
    tracing::trace!(%char, distance, "a digit's shape matched");
    if distance > CLOSE {
        return None;
    }
    char.to_digit(10)
        .and_then(|d| u8::try_from(d).ok())
        .filter(|d| (1..=8).contains(d))
}

/// Colours within this many levels in each channel count as one when the face is sought.
const FACE_LEVELS: u8 = 8;

/// How far in colour each pixel of `(x0, y0, x1, y1)` of `image` lies from the commonest colour
/// there (the tile's face, colours [`FACE_LEVELS`] apart counted as one), as brightness: the face
/// white, a pixel 255 or more apart (its channels' differences summed) black. `None` where the
/// area is not inside the image. Anti-aliased edges mix the ink with the face linearly in each
/// channel, so a digit keeps its shape here as it does in luma.
fn apart_from_face(image: &RgbImage, (x0, y0, x1, y1): (u32, u32, u32, u32)) -> Option<GrayImage> {
    if x1 <= x0 || y1 <= y0 || x1 > image.width() || y1 > image.height() {
        return None;
    }
    let pixels = || (y0..y1).flat_map(move |y| (x0..x1).map(move |x| image.get_pixel(x, y).0));
    let bucket = |p: [u8; 3]| p.map(|c| c / FACE_LEVELS);
    let mut counts = std::collections::HashMap::new();
    for p in pixels() {
        *counts.entry(bucket(p)).or_insert(0u32) += 1;
    }
    // The commonest bucket, its lowest colour first among equals, so the face does not depend
    // on the map's order.
    let face_bucket = (counts.into_iter())
        .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))?
        .0;
    let (mut sum, mut n) = ([0u32; 3], 0u32);
    for p in pixels().filter(|&p| bucket(p) == face_bucket) {
        (0..3).for_each(|c| sum[c] += u32::from(p[c]));
        n += 1;
    }
    // A mean of bytes is a byte.
    let face = sum.map(|s| (s / n.max(1)) as u8);
    let apart: Vec<u8> = pixels()
        .map(|p| 255 - colour_distance(p, face).min(255) as u8)
        .collect();
    GrayImage::from_raw(x1 - x0, y1 - y0, apart)
}

/// `verdict` with every other class's probability cut to [`LEFT`] of itself, then normalised.
fn settled(verdict: &Verdict) -> Verdict {
    let first = verdict.class.index();
    let mut probs = verdict.probs;
    for (index, p) in probs.iter_mut().enumerate() {
        if Some(index) != first {
            *p *= LEFT;
        }
    }
    normalised(probs)
}

/// The verdict of `probs` scaled to sum to 1 (left as they are where all are 0).
fn normalised(mut probs: [f32; CLASS_COUNT]) -> Verdict {
    let total: f32 = probs.iter().sum();
    if total > 0.0 {
        probs.iter_mut().for_each(|p| *p /= total);
    }
    Verdict::from_distribution(probs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::lines::Lines;
    use crate::vision::Grid;
    use image::Rgb;

    /// Two 40 px tiles side by side, dark blue-grey with a grey border, with white ink where
    /// `draw(u, v, tile)` says, (u, v) within the tile.
    fn two_tiles(draw: impl Fn(u32, u32, usize) -> bool) -> RgbImage {
        tiles_in_a_row(2, draw)
    }

    /// `count` such tiles in a row.
    fn tiles_in_a_row(count: u32, draw: impl Fn(u32, u32, usize) -> bool) -> RgbImage {
        RgbImage::from_fn(40 * count, 40, |x, y| {
            let (tile, u) = ((x / 40) as usize, x % 40);
            if u < 2 || y < 2 || u >= 38 || y >= 38 {
                Rgb([120, 120, 120])
            } else if draw(u, y, tile) {
                Rgb([250, 250, 250])
            } else {
                Rgb([40, 44, 52])
            }
        })
    }

    /// A "1" as a printed one is drawn: a stem with a flag at the top and a foot.
    fn one(u: u32, v: u32) -> bool {
        let stem = (18..22).contains(&u) && (10..30).contains(&v);
        let flag = (14..18).contains(&u) && (11..14).contains(&v) && u + v >= 28;
        let foot = (14..26).contains(&u) && (27..30).contains(&v);
        stem || flag || foot
    }

    fn sampling(cells: Vec<usize>) -> SampledGrid {
        let grid = Grid {
            x: 0.0,
            y: 0.0,
            pitch_x: 40.0,
            pitch_y: 40.0,
            rows: 1,
            cols: cells.len(),
        };
        SampledGrid {
            looks: Vec::new(),
            cells,
            lines: Lines::rounded(&grid),
        }
    }

    fn unsure(first: u8, second: TileClass) -> Verdict {
        Verdict::from_probs(&[(TileClass::Number(first), 0.9), (second, 0.1)])
    }

    #[test]
    fn a_digit_read_alike_by_its_shape_is_settled() {
        let image = two_tiles(|u, v, _| one(u, v));
        let mut verdicts = vec![unsure(1, TileClass::Number(7))];
        read_shapes(&image, &sampling(vec![0, 0]), &mut verdicts, [0]);
        assert_eq!(verdicts[0].class, TileClass::Number(1));
        assert!(verdicts[0].confidence > 0.999, "{:?}", verdicts[0]);
    }

    #[test]
    fn a_shape_read_otherwise_is_a_rival_of_the_models_digit() {
        // Read as a "1", not the "7" the model put first at 0.9 (a "3" at 0.1 after it).
        let image = two_tiles(|u, v, _| one(u, v));
        let mut verdicts = vec![unsure(7, TileClass::Number(3))];
        read_shapes(&image, &sampling(vec![0, 0]), &mut verdicts, [0]);
        let after = verdicts[0];
        assert_eq!(after.class, TileClass::Number(7));
        let (first, rival) = (
            after.prob(TileClass::Number(7)),
            after.prob(TileClass::Number(1)),
        );
        assert!((rival - first / 2.0).abs() < 1e-6, "{after:?}");
        assert!(after.prob(TileClass::Number(3)) < rival);
        // A sure digit is the model's to keep: nothing changes.
        let sure = Verdict::from_probs(&[(TileClass::Number(7), 1.0)]);
        let mut verdicts = vec![sure];
        read_shapes(&image, &sampling(vec![0, 0]), &mut verdicts, [0]);
        assert_eq!(verdicts, vec![sure]);
    }

    #[test]
    fn a_shape_not_read_or_read_otherwise_elsewhere_changes_nothing() {
        // One of the look's two cells shows no digit at all.
        let image = two_tiles(|u, v, tile| tile == 0 && one(u, v));
        let mut verdicts = vec![unsure(1, TileClass::Number(7))];
        read_shapes(&image, &sampling(vec![0, 0]), &mut verdicts, [0]);
        assert_eq!(verdicts, vec![unsure(1, TileClass::Number(7))]);
        // The look is read alike, but another digit of the board is not: nothing is settled.
        let image = two_tiles(|u, v, _| one(u, v));
        let mut verdicts = vec![
            unsure(1, TileClass::Number(7)),
            Verdict::from_probs(&[(TileClass::Number(4), 1.0)]),
        ];
        let before = verdicts.clone();
        read_shapes(&image, &sampling(vec![0, 1]), &mut verdicts, [0]);
        assert_eq!(verdicts, before);
        // Every one of 300 tiles a look of its own (noise): too many to read, nothing settled.
        let image = tiles_in_a_row(300, |u, v, _| one(u, v));
        let mut verdicts = vec![Verdict::from_probs(&[(TileClass::Number(1), 1.0)]); 300];
        verdicts[0] = unsure(1, TileClass::Number(7));
        let before = verdicts.clone();
        read_shapes(&image, &sampling((0..300).collect()), &mut verdicts, [0]);
        assert_eq!(verdicts, before);
        // A look that may be no number is left to the board-level reading.
        let image = two_tiles(|u, v, _| one(u, v));
        let covered = unsure(1, TileClass::Unrevealed);
        let mut verdicts = vec![covered];
        read_shapes(&image, &sampling(vec![0, 0]), &mut verdicts, [0]);
        assert_eq!(verdicts, vec![covered]);
    }

    #[test]
    fn a_digit_with_a_runner_up_of_another_kind_gets_the_shapes_digit_as_a_rival_only() {
        // A "1" the model reads as a "4" at 0.9 with a flag next: the shape's "1" is a rival,
        // the model's "4" stays first, the flag keeps its odds.
        let image = two_tiles(|u, v, _| one(u, v));
        let flagged = unsure(4, TileClass::Flag);
        let mut verdicts = vec![flagged];
        read_shapes(&image, &sampling(vec![0, 0]), &mut verdicts, [0]);
        let after = verdicts[0];
        assert_eq!(after.class, TileClass::Number(4));
        let rival = after.prob(TileClass::Number(1));
        assert!((rival - after.confidence / 2.0).abs() < 1e-6, "{after:?}");
        assert!(after.prob(TileClass::Flag) > 0.05, "{after:?}");
        // Read alike by its shape, such a look is not settled: the flag stays a meaning.
        let flagged_one = unsure(1, TileClass::Flag);
        let mut verdicts = vec![flagged_one];
        read_shapes(&image, &sampling(vec![0, 0]), &mut verdicts, [0]);
        assert_eq!(verdicts, vec![flagged_one]);
    }

    #[test]
    fn a_shape_read_as_the_runner_up_of_a_leaning_model_settles_it() {
        // "1"s the model leans to read as "7"s (0.7, a "1" next): read as the runner-up.
        let image = two_tiles(|u, v, _| one(u, v));
        let leaning = Verdict::from_probs(&[
            (TileClass::Number(7), 0.7),
            (TileClass::Number(1), 0.25),
            (TileClass::Number(4), 0.05),
        ]);
        let mut verdicts = vec![leaning];
        read_shapes(&image, &sampling(vec![0, 0]), &mut verdicts, [0]);
        assert_eq!(verdicts[0].class, TileClass::Number(1));
        assert!(verdicts[0].confidence > 0.999, "{:?}", verdicts[0]);
        // Surer of its first digit, the model keeps it, with the shape's as a rival.
        let mut verdicts = vec![unsure(7, TileClass::Number(1))];
        read_shapes(&image, &sampling(vec![0, 0]), &mut verdicts, [0]);
        assert_eq!(verdicts[0].class, TileClass::Number(7));
        // Where another look parts, a leaning look gets its rival only.
        let image = tiles_in_a_row(3, |u, v, _| one(u, v));
        let mut verdicts = vec![leaning, unsure(4, TileClass::Number(7))];
        read_shapes(&image, &sampling(vec![0, 0, 1]), &mut verdicts, [0, 1]);
        assert_eq!(verdicts[0].class, TileClass::Number(7));
        assert!(verdicts[0].prob(TileClass::Number(1)) >= verdicts[0].confidence / 2.0 - 1e-6);
    }

    #[test]
    fn a_digit_as_bright_as_its_tile_is_read_by_its_colour() {
        // A violet "1" on tan, of the tan's brightness (luma 164 and 165): no ink in luma.
        let (tan, violet) = (Rgb([188, 160, 131]), Rgb([200, 136, 208]));
        let image = RgbImage::from_fn(80, 40, |x, y| {
            let u = x % 40;
            if u < 2 || y < 2 || u >= 38 || y >= 38 {
                Rgb([120, 120, 120])
            } else if one(u, y) {
                violet
            } else {
                tan
            }
        });
        let mut verdicts = vec![unsure(1, TileClass::Number(7))];
        read_shapes(&image, &sampling(vec![0, 0]), &mut verdicts, [0]);
        assert_eq!(verdicts[0].class, TileClass::Number(1));
        assert!(verdicts[0].confidence > 0.999, "{:?}", verdicts[0]);
        // The face is the commonest colour, the ink what lies apart from it.
        let apart = apart_from_face(&image, (5, 5, 35, 35)).unwrap();
        assert_eq!(apart.get_pixel(0, 0).0[0], 255);
        assert_eq!(apart.get_pixel(19 - 5, 20 - 5).0[0], 255 - 12 - 24 - 77);
        assert!(apart_from_face(&image, (5, 5, 90, 35)).is_none());
    }
}
