//! A flag drawn as the board's sure flags draw it. At a fractional pitch one flag falls on the
//! samples at another phase than the others, and the classifier, all but certain of the
//! others, may find it a question mark nearly as likely: both are marks on a covered tile, both
//! hold under the rules anywhere, and the flag was left in doubt (SVG Minesweeper's emoji flag
//! at 44 px: 0.79 a flag, the board's other flag 0.997). A look the classifier itself reads as
//! a flag whose ink is all but the same picture as a sure flag's, in the same ink, and clearly
//! more like it than like any sure question mark of the board, is that flag. Text drawn over
//! the board (a tooltip read as a flag) is another picture, and where the board has no sure
//! flag nothing changes.

use super::open_marks::SURE_MARK;
use super::same_glyph::{ink_picture, likeness, same_ink, PHASES_ALIKE};
use crate::vision::{Reading, TileClass};

/// How much more like the sure flags than like any sure question mark the look must be (as
/// `same_glyph` asks of a digit against the other numbers).
const MARGIN: f64 = 0.1;

/// Whether `look` of `reading`, which the classifier reads likeliest as a flag, draws the
/// board's sure flags (another look read as a flag at `SURE_MARK` or more): its ink picture
/// within [`PHASES_ALIKE`] of theirs, in the same ink, and nearer them by [`MARGIN`] than any
/// sure question mark.
pub fn drawn_as_a_sure_flag(reading: &Reading, look: usize) -> bool {
    if reading.looks[look].likeliest() != TileClass::Flag {
        return false;
    }
    // A reading without the looks' pixels (built from text) has no pictures to compare.
    let Some(own) = reading.pixels.get(look).and_then(ink_picture) else {
        return false;
    };
    // The best likeness to the sure looks of each mark, and the look that gave it.
    let best_of = |mark: TileClass| {
        (reading.looks.iter().enumerate())
            .filter(|&(other, verdict)| {
                other != look && verdict.class == mark && verdict.prob(mark) >= SURE_MARK
            })
            .filter_map(|(other, _)| {
                let picture = ink_picture(reading.pixels.get(other)?)?;
                Some((likeness(&own, &picture), other, picture))
            })
            .max_by(|a, b| a.0.total_cmp(&b.0))
    };
    let Some((alike, sure, picture)) = best_of(TileClass::Flag) else {
        return false;
    };
    let question = best_of(TileClass::Question).map_or(f64::NEG_INFINITY, |q| q.0);
    let inked = same_ink(&reading.pixels[look], &own, &reading.pixels[sure], &picture);
    tracing::trace!(
        look,
        sure,
        alike,
        question,
        inked,
        "a flag against the board's sure ones"
    );
    alike >= PHASES_ALIKE && alike - question >= MARGIN && inked
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;
    use crate::vision::tiles::{TileImage, TILE, TILE_BYTES};
    use crate::vision::Verdict;

    const GREY: [u8; 3] = [200; 3];
    const RED: [u8; 3] = [220, 30, 30];
    const WHITE: [u8; 3] = [250; 3];

    /// A grey tile with a pennant (a triangle on a pole) in `ink`, moved `dx` samples right.
    fn flag(ink: [u8; 3], dx: usize) -> TileImage {
        let mut tile = [0; TILE_BYTES];
        for (i, pixel) in tile.chunks_exact_mut(3).enumerate() {
            let (x, y) = (i % TILE, i / TILE);
            let pole = x == 5 + dx && (4..13).contains(&y);
            let cloth = (4..9).contains(&y) && x > 5 + dx && x - 5 - dx <= 4 - y.abs_diff(6);
            pixel.copy_from_slice(if pole || cloth { &ink } else { &GREY });
        }
        tile
    }

    /// A grey tile with a ring in `ink`: no flag.
    fn ring(ink: [u8; 3]) -> TileImage {
        let mut tile = [0; TILE_BYTES];
        for (i, pixel) in tile.chunks_exact_mut(3).enumerate() {
            let (x, y) = ((i % TILE) as i32 - 8, (i / TILE) as i32 - 8);
            let on = (9..=16).contains(&(x * x + y * y));
            pixel.copy_from_slice(if on { &ink } else { &GREY });
        }
        tile
    }

    /// The board "FF..\n....": a sure flag (look 0), the look under test (look 1, read a flag at
    /// 0.79 and a question mark at 0.2), covered tiles (look 2).
    fn reading(second: TileImage) -> Reading {
        let mut reading = Reading::of_board(parse_board("FF..\n....\n").unwrap());
        reading.look_of = vec![0, 1, 2, 2, 2, 2, 2, 2];
        reading.looks = vec![
            Verdict::from_probs(&[(TileClass::Flag, 0.997), (TileClass::Question, 0.003)]),
            Verdict::from_probs(&[(TileClass::Flag, 0.79), (TileClass::Question, 0.2)]),
            Verdict::certain(TileClass::Unrevealed),
        ];
        reading.pixels = vec![flag(RED, 0), second, [200; TILE_BYTES]];
        reading
    }

    #[test]
    fn a_flag_at_another_phase_draws_the_sure_flag() {
        assert!(drawn_as_a_sure_flag(&reading(flag(RED, 1)), 1));
    }

    #[test]
    fn another_picture_or_another_ink_is_no_flag_of_the_board() {
        assert!(!drawn_as_a_sure_flag(&reading(ring(RED)), 1));
        assert!(!drawn_as_a_sure_flag(&reading(flag(WHITE, 1)), 1));
    }

    #[test]
    fn without_a_sure_flag_nothing_is_settled() {
        let mut reading = reading(flag(RED, 1));
        reading.looks[0] =
            Verdict::from_probs(&[(TileClass::Flag, 0.9), (TileClass::Question, 0.1)]);
        assert!(!drawn_as_a_sure_flag(&reading, 1));
    }

    #[test]
    fn a_look_read_likeliest_as_something_else_is_not_asked() {
        let mut reading = reading(flag(RED, 1));
        reading.looks[1] =
            Verdict::from_probs(&[(TileClass::Question, 0.6), (TileClass::Flag, 0.4)]);
        assert!(!drawn_as_a_sure_flag(&reading, 1));
    }
}
