//! One glyph in one ink is one number. Where the classifier reads looks that draw the same
//! glyph in the same ink as different numbers, or one of them as a player's mark on the open
//! face (`open_marks`), it does not know that glyph, and none of its readings is surer than
//! the others: each such look is left in doubt with every number the glyph was read as.
//!
//! Winemine under Wine's palette (green covered tiles, black open ones) draws its "2" white;
//! each "2" bordered otherwise (a solid line beside a covered tile, a dotted one between open
//! ones, none along the board's frame) is a look of its own, and the model read them as flags,
//! 3s and 2s on one board. Beside two read as flags, one read as a "3" at 0.78 with nothing in
//! doubt made a covered tile below it a certain mine the game did not hold; on another board
//! three 2s read as 3s (at 0.66-0.80), one of them left in doubt with a 2 by the board, made
//! three covered tiles certain mines. A glyph the classifier reads the same wrong way on every
//! tile is no glyph read two ways: this rule cannot see it.
//! A look in doubt between numbers is open and mine-free to the advice, and counts nothing.

use super::digit_inks::ink;
use super::doubt::add_doubt;
use super::families::Families;
use super::open_marks::{drawn_as_a_mark, likeliest_digit};
use super::same_glyph::{ink_colour, ink_picture, likeness, NEAR_INK, SAME};
use crate::board::Cell;
use crate::vision::{Reading, TileClass};

/// The classifier's confidence below which a digit it read may be a glyph it does not know:
/// winemine's white "2"s under Wine read as 3s at 0.66-0.80, and winmine.html's blue "1"s at
/// 14.5 px, on a row sampled half a pixel off, as a "1" at 0.76 and as a "4" at 0.91 (0.9
/// was the bound until 2026-12-05: the "4", left as read, made three covered tiles beside it
/// certain mines the game did not hold). Digits read more surely are left as read: in skins
/// that draw every number in one ink (GNOME Mines, "Modern Minesweeper" in its dark theme) a
/// "2" and a "3" may be as alike as two tiles of one digit lit otherwise.
const UNSURE: f32 = 0.95;

/// A look that may show a digit the classifier does not know: read unsurely as one, or as a
/// mark on the open face.
struct Glyph {
    look: usize,
    /// The classifier's class for the look's family.
    read: TileClass,
    /// How the board reads it so far: its class, and the classes of its doubt (if any).
    shown: (TileClass, Vec<TileClass>),
    picture: Vec<f64>,
    ink: [f64; 3],
}

/// Leaves in doubt together the looks that draw one glyph in one ink ([`SAME`], [`NEAR_INK`])
/// where the classifier read them as different numbers, or as a number and a player's mark on
/// the open face (`open_face`, by family), or the board so far read them otherwise (one in
/// doubt, one not), each with every number the glyph was read as, in doubt with, or (read as a
/// mark) likeliest as.
pub fn doubt_a_glyph_read_two_ways(
    reading: &mut Reading,
    families: &Families,
    open_face: &dyn Fn(usize) -> bool,
) {
    let glyphs: Vec<Glyph> = (0..reading.looks.len())
        .filter_map(|look| {
            let family = families.of[look];
            let verdict = &families.verdicts[family];
            let read = verdict.class;
            let digit = matches!(read.cell(), Cell::Number(1..)) && verdict.confidence < UNSURE;
            let mark =
                read.is_mark() && open_face(family) && !drawn_as_a_mark(reading, families, family);
            // Shown by the board as a digit or a mark too: a look the board settled as a
            // covered tile (the emoji clone's dark covered squares at 34 px, a 5 or a 6 to the
            // classifier) draws no digit.
            let shown = reading.looks[look].class;
            let glyph = matches!(shown.cell(), Cell::Number(1..)) || shown.is_mark();
            if !((digit || mark) && glyph) {
                return None;
            }
            let tile = &reading.pixels[look];
            let picture = ink_picture(tile)?;
            let ink = ink_colour(tile, ink(tile)?);
            let doubted = reading.doubt_of(look).map(|d| d.classes.clone());
            Some(Glyph {
                look,
                read,
                shown: (reading.looks[look].class, doubted.unwrap_or_default()),
                picture,
                ink,
            })
        })
        .collect();
    let near = |a: &Glyph, b: &Glyph| {
        (0..3).map(|c| (a.ink[c] - b.ink[c]).abs()).sum::<f64>() <= NEAR_INK
            && likeness(&a.picture, &b.picture) >= SAME
    };
    // Read two ways: by the classifier, or by the board so far (one settled, one in doubt).
    let alike = |a: &Glyph, b: &Glyph| a.read == b.read && a.shown == b.shown;
    // Groups joined by a pair read two ways; the looks read alike join a group after (comparing
    // every pair read alike would cost a board of many digits milliseconds).
    let mut group: Vec<Option<usize>> = vec![None; glyphs.len()];
    let mut groups = 0;
    for a in 0..glyphs.len() {
        for b in a + 1..glyphs.len() {
            if alike(&glyphs[a], &glyphs[b]) || !near(&glyphs[a], &glyphs[b]) {
                continue;
            }
            match (group[a], group[b]) {
                (None, None) => {
                    group[a] = Some(groups);
                    group[b] = Some(groups);
                    groups += 1;
                }
                (Some(g), None) => group[b] = Some(g),
                (None, Some(g)) => group[a] = Some(g),
                (Some(g), Some(h)) if g != h => {
                    for slot in group.iter_mut().filter(|s| **s == Some(h)) {
                        *slot = Some(g);
                    }
                }
                _ => {}
            }
        }
    }
    if groups == 0 {
        return;
    }
    for a in 0..glyphs.len() {
        if group[a].is_some() {
            continue;
        }
        group[a] = (0..glyphs.len())
            .filter(|&b| group[b].is_some() && alike(&glyphs[a], &glyphs[b]))
            .find(|&b| near(&glyphs[a], &glyphs[b]))
            .and_then(|b| group[b]);
    }
    for g in 0..groups {
        let members: Vec<&Glyph> = (glyphs.iter().zip(&group))
            .filter(|&(_, &of)| of == Some(g))
            .map(|(glyph, _)| glyph)
            .collect();
        let numbers = numbers_read(reading, families, &members);
        for glyph in members {
            let cells = reading.cells_showing(|l| l == glyph.look);
            let Some(&(row, col)) = cells.first() else {
                continue;
            };
            let shown = reading.class(row, col);
            for &number in numbers.iter().filter(|&&n| n != shown) {
                tracing::debug!(
                    look = glyph.look,
                    ?shown,
                    ?number,
                    "one glyph in one ink read as different numbers or a mark: in doubt"
                );
                add_doubt(reading, glyph.look, cells.clone(), shown, number);
            }
        }
    }
}

/// Every number (1 to 8) `members` were read as by the classifier or the board, are in doubt
/// with, or, read as a mark, found likeliest among the digits.
fn numbers_read(reading: &Reading, families: &Families, members: &[&Glyph]) -> Vec<TileClass> {
    let mut numbers = Vec::new();
    let mut add = |class: TileClass| {
        if matches!(class.cell(), Cell::Number(1..)) && !numbers.contains(&class) {
            numbers.push(class);
        }
    };
    for glyph in members {
        add(glyph.read);
        add(reading.looks[glyph.look].class);
        for &class in reading.doubt_of(glyph.look).map_or(&[][..], |d| &d.classes) {
            add(class);
        }
        if glyph.read.is_mark() {
            add(likeliest_digit(&families.verdicts[families.of[glyph.look]]));
        }
    }
    numbers
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;
    use crate::skin::testing::{a_family_a_look, tile_with_ink as tile};
    use crate::vision::{Doubt, Verdict};

    const BLACK: [u8; 3] = [0; 3];
    const GREEN: [u8; 3] = [0, 160, 0];
    const WHITE: [u8; 3] = [250; 3];
    const CYAN: [u8; 3] = [0, 250, 250];

    /// The board "..\n02\n03\n": a covered look, a 0, a look the classifier read as `first`
    /// and one it read as `second` (each with a little of its odds on a 2), the two drawn in
    /// white and `ink` on the black open face.
    fn reading(first: (TileClass, f32), second: (TileClass, f32), ink: [u8; 3]) -> Reading {
        let mut reading = Reading::of_board(parse_board("..\n02\n03\n").unwrap());
        reading.look_of = vec![0, 0, 1, 2, 1, 3];
        let verdict = |(class, p): (TileClass, f32)| {
            Verdict::from_probs(&[(class, p), (TileClass::Number(2), (1.0 - p) / 2.0)])
        };
        reading.looks = vec![
            Verdict::certain(TileClass::Unrevealed),
            Verdict::certain(TileClass::Number(0)),
            verdict(first),
            verdict(second),
        ];
        reading.pixels = vec![
            tile(GREEN, GREEN),
            tile(BLACK, BLACK),
            tile(BLACK, WHITE),
            tile(BLACK, ink),
        ];
        reading
    }

    /// The reading's doubts after the rule, the board having settled the first look as a 2,
    /// the open face everywhere.
    fn doubts(reading: Reading) -> Vec<Doubt> {
        let (mut reading, families, _) = a_family_a_look(reading);
        reading.relabel(2, TileClass::Number(2), 0.9);
        doubt_a_glyph_read_two_ways(&mut reading, &families, &|_| true);
        reading.doubt
    }

    #[test]
    fn a_glyph_read_as_a_mark_and_as_a_number_is_in_doubt_with_each() {
        // Winemine's white "2"s: one a flag to the classifier (settled as a 2 by the board),
        // the other a "3" at 0.78.
        let found = doubts(reading(
            (TileClass::Flag, 0.92),
            (TileClass::Number(3), 0.78),
            WHITE,
        ));
        let three = found.iter().find(|d| d.cells == [(2, 1)]);
        assert_eq!(
            three.map(|d| &d.classes[..]),
            Some(&[TileClass::Number(3), TileClass::Number(2)][..])
        );
    }

    #[test]
    fn a_digit_read_nearly_surely_as_another_glyphs_number_is_in_doubt() {
        // winmine.html at 14.5 px, a row sampled half a pixel off: its "1"s read as a "1" at
        // 0.76 and as a "4" at 0.91.
        let (one, four) = (TileClass::Number(1), TileClass::Number(4));
        let (mut reading, families, _) = a_family_a_look(reading((one, 0.76), (four, 0.91), WHITE));
        doubt_a_glyph_read_two_ways(&mut reading, &families, &|_| true);
        let of = |cell| reading.doubt.iter().find(|d| d.cells == [cell]);
        for cell in [(1, 1), (2, 1)] {
            let classes = of(cell).map_or(&[][..], |d| &d.classes[..]);
            assert!(
                classes.contains(&one) && classes.contains(&four),
                "{cell:?}: {classes:?}"
            );
        }
    }

    #[test]
    fn digits_read_surely_stay_as_read_however_alike() {
        let found = doubts(reading(
            (TileClass::Number(2), 0.97),
            (TileClass::Number(3), 0.97),
            WHITE,
        ));
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn a_glyph_in_another_ink_is_another_digit() {
        let found = doubts(reading(
            (TileClass::Flag, 0.92),
            (TileClass::Number(3), 0.78),
            CYAN,
        ));
        assert!(found.is_empty(), "{found:?}");
    }
}
