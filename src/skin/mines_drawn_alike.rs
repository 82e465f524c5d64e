//! A lost game's mine that the classifier half took for a digit, drawn as the board's sure
//! mines are. The HTML-table clone in Chromium's forced dark draws its mines as a bomb emoji on
//! the dark open face; at 23.7 px (a screen scaled 1.35, zoom 90%) three of its sampling phases
//! read as a "2" at 0.53–0.57, a mine for the rest, and stayed in doubt between the two while
//! the board's other phases of the same bomb read as mines at 0.99. A lost game gets no advice
//! either way (the board shows mines); this reads it as the game shows it.
//!
//! A look in doubt between a digit and a mine is a mine where its ink picture is all but the
//! picture of a look the classifier read surely as a mine (`same_glyph::SAME`), and clearly more
//! like it than like any sure look of that digit (`same_glyph::MARGIN`): the bomb's phases in
//! doubt came within 0.96–0.99 of its sure ones, and 0.56–0.58 of the board's sure 2s.

use super::families::Families;
use super::same_glyph::{ink_picture, likeness, MARGIN, SAME, SURE_GLYPH};
use crate::vision::{Reading, TileClass};

/// Settles as mines, on a board that shows mines, the looks in doubt between a digit and a
/// mine that are drawn as the board's sure mines, each look on its own (the doubt left on the
/// family's other looks).
pub(super) fn settle_mines_drawn_alike(reading: &mut Reading, families: &Families) {
    if !reading.board.shows_mines() {
        return;
    }
    let mines = sure_pictures(reading, TileClass::Mine);
    if mines.is_empty() {
        return;
    }
    let best = |own: &[f64], pictures: &[Vec<f64>]| {
        (pictures.iter())
            .map(|p| likeness(own, p))
            .fold(f64::NEG_INFINITY, f64::max)
    };
    // Each look of the family on its own: a family may join a bomb's phase with a true "2"
    // beside it (the table clone's, at 23.7 px), which stays in its doubt.
    let mut doubts: Vec<(usize, TileClass)> = (reading.doubt.iter())
        .filter_map(|doubt| match doubt.classes[..] {
            [d @ TileClass::Number(1..), TileClass::Mine]
            | [TileClass::Mine, d @ TileClass::Number(1..)] => Some((families.of[doubt.look], d)),
            _ => None,
        })
        .collect();
    doubts.dedup();
    for (family, digit) in doubts {
        let digits = sure_pictures(reading, digit);
        let drawn_as_a_mine = |look: usize| {
            let Some(own) = ink_picture(&reading.pixels[look]) else {
                return false;
            };
            let (as_mine, as_digit) = (best(&own, &mines), best(&own, &digits));
            tracing::trace!(
                look,
                as_mine,
                as_digit,
                "a look in doubt between a digit and a mine, against the sure ones"
            );
            as_mine >= SAME && as_mine - as_digit >= MARGIN
        };
        let looks: Vec<usize> = (0..families.of.len())
            .filter(|&l| families.of[l] == family && drawn_as_a_mine(l))
            .collect();
        if looks.is_empty() {
            continue;
        }
        tracing::debug!(
            family,
            ?looks,
            "board-level reading: looks in doubt with a digit, drawn as the sure mines"
        );
        let cells = reading.cells_showing(|l| looks.contains(&l));
        for &look in &looks {
            reading.relabel(look, TileClass::Mine, 1.0);
        }
        for doubt in reading.doubt.iter_mut() {
            doubt.cells.retain(|cell| !cells.contains(cell));
        }
        reading.doubt.retain(|d| !d.cells.is_empty());
    }
}

/// The ink pictures of the looks of `reading` read as `class` at [`SURE_GLYPH`] or more.
fn sure_pictures(reading: &Reading, class: TileClass) -> Vec<Vec<f64>> {
    (reading.looks.iter().enumerate())
        .filter(|(_, v)| v.class == class && v.prob(class) >= SURE_GLYPH)
        .filter_map(|(look, _)| ink_picture(&reading.pixels[look]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;
    use crate::skin::testing::{a_family_a_look, drawn, two};
    use crate::vision::{Doubt, Verdict};

    const DARK: [u8; 3] = [50; 3];
    const PALE: [u8; 3] = [170; 3];
    const GREEN: [u8; 3] = [0, 170, 0];

    /// A bomb: a disc in the middle.
    fn ball(x: usize, y: usize) -> bool {
        let (dx, dy) = (x as f64 - 7.5, y as f64 - 7.5);
        dx * dx + dy * dy <= 16.0
    }

    /// A lost board: a sure mine, a sure "2", then two looks in doubt between a 2 and a mine,
    /// drawn as a bomb and as a 2; the mine read as one with `mine_odds`.
    fn settled(mine_odds: f32) -> Reading {
        let mut reading = Reading::of_board(parse_board("*222\n....\n").unwrap());
        reading.look_of = vec![0, 1, 2, 3, 4, 4, 4, 4];
        let unsure = Verdict::from_probs(&[(TileClass::Number(2), 0.55), (TileClass::Mine, 0.45)]);
        reading.looks = vec![
            Verdict::from_probs(&[(TileClass::Mine, mine_odds), (TileClass::Number(2), 0.01)]),
            Verdict::from_probs(&[(TileClass::Number(2), 0.99)]),
            unsure,
            unsure,
            Verdict::certain(TileClass::Unrevealed),
        ];
        reading.pixels = vec![
            drawn(DARK, PALE, ball),
            drawn(DARK, GREEN, two),
            drawn(DARK, PALE, ball),
            drawn(DARK, GREEN, two),
            drawn(DARK, DARK, ball),
        ];
        for (look, col) in [(2, 2), (3, 3)] {
            reading.doubt.push(Doubt {
                look,
                classes: vec![TileClass::Number(2), TileClass::Mine],
                cells: vec![(0, col)],
            });
        }
        let (mut reading, families, _) = a_family_a_look(reading);
        settle_mines_drawn_alike(&mut reading, &families);
        reading
    }

    #[test]
    fn a_look_in_doubt_with_a_digit_drawn_as_the_sure_mines_is_a_mine() {
        let reading = settled(0.99);
        assert_eq!(reading.board.to_text().lines().next(), Some("*2*2"));
        // Drawn as the sure 2s: left in its doubt.
        assert_eq!(reading.doubt_cells(), [(0, 3)]);
    }

    #[test]
    fn with_no_sure_mine_to_compare_nothing_changes() {
        let reading = settled(0.6);
        assert_eq!(reading.board.to_text().lines().next(), Some("*222"));
        assert_eq!(reading.doubt_cells(), [(0, 2), (0, 3)]);
    }
}
