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
//!
//! A look in doubt between a covered tile and a mine is settled the same way: winmine.html in
//! forced dark at 23 px (a screen scaled 0.8, zoom 175%) read one phase of its mines as a mine
//! at 0.91, a covered tile next, beside sure mines of the same picture. A covered tile has no
//! ink to be like a mine's.
//!
//! The same the other way round for a lost game's flags ([`settle_flags_drawn_alike`]): GNOME
//! Mines' default theme at 23 px (16×16 in the window it opens with) shows a lost game's flags
//! as it showed them in play, and two of four were a mine to the model at 0.77, its other mines
//! sure. A look read unsurely as a mine whose ink picture is all but a sure flag's, in the same
//! ink, and clearly more like it than like any sure mine's, is that flag, where the board shows
//! a sure mine elsewhere: the board stays a lost one, which gets no advice, so a flag read so
//! can make no tile "safe".

use super::families::Families;
use super::same_glyph::{ink_picture, likeness, same_ink, MARGIN, SAME, SURE_GLYPH};
use crate::vision::{Reading, TileClass};

/// Settles as mines, on a board that shows mines, the looks in doubt between a digit (or a
/// covered tile) and a mine that are drawn as the board's sure mines, each look on its own (the
/// doubt left on the family's other looks).
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
            [d @ (TileClass::Number(1..) | TileClass::Unrevealed), TileClass::Mine]
            | [TileClass::Mine, d @ (TileClass::Number(1..) | TileClass::Unrevealed)] => {
                Some((families.of[doubt.look], d))
            }
            _ => None,
        })
        .collect();
    doubts.dedup();
    for (family, other) in doubts {
        let others = sure_pictures(reading, other);
        let drawn_as_a_mine = |look: usize| {
            let Some(own) = ink_picture(&reading.pixels[look]) else {
                return false;
            };
            let (as_mine, as_other) = (best(&own, &mines), best(&own, &others));
            tracing::trace!(
                look,
                as_mine,
                as_other,
                "a look in doubt between a mine and a digit or a covered tile, against the sure ones"
            );
            as_mine >= SAME && as_mine - as_other >= MARGIN
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
            "board-level reading: looks in doubt with a mine, drawn as the sure mines"
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

/// Settles as flags, on a board that shows a mine read surely, the looks read as mines less
/// surely than [`SURE_GLYPH`] whose ink picture is all but the picture of a look read surely as
/// a flag ([`SAME`]), in its ink, and more like it by [`MARGIN`] than like any sure mine's, where
/// no doubt names them. Returns the looks it settled.
pub(super) fn settle_flags_drawn_alike(reading: &mut Reading) -> Vec<usize> {
    // A board in play shows no mine: nothing to compare, and no work on the frames of a game.
    if !reading.board.shows_mines() {
        return Vec::new();
    }
    let shown = reading.cells_of_each_look();
    let mines = sure_shown_looks(reading, &shown, TileClass::Mine);
    let flags = sure_shown_looks(reading, &shown, TileClass::Flag);
    if mines.is_empty() || flags.is_empty() {
        return Vec::new();
    }
    let pictures = |looks: &[usize]| -> Vec<(usize, Vec<f64>)> {
        (looks.iter())
            .filter_map(|&l| Some((l, ink_picture(&reading.pixels[l])?)))
            .collect()
    };
    let (mine_pictures, flag_pictures) = (pictures(&mines), pictures(&flags));
    let in_doubt = |look: usize| reading.doubt_of(look).is_some();
    let drawn_as_a_flag = |look: usize| {
        let Some(own) = ink_picture(&reading.pixels[look]) else {
            return false;
        };
        // The best likeness to `pictures`, and which of them gave it.
        let best = |pictures: &[(usize, Vec<f64>)]| {
            (pictures.iter().enumerate())
                .map(|(k, (_, p))| (likeness(&own, p), k))
                .max_by(|a, b| a.0.total_cmp(&b.0))
        };
        let Some((as_flag, k)) = best(&flag_pictures) else {
            return false;
        };
        let as_mine = best(&mine_pictures).map_or(f64::NEG_INFINITY, |m| m.0);
        let (flag, picture) = &flag_pictures[k];
        let inked = same_ink(&reading.pixels[look], &own, &reading.pixels[*flag], picture);
        tracing::trace!(
            look,
            as_flag,
            as_mine,
            inked,
            "a look read unsurely as a mine, against the sure flags"
        );
        as_flag >= SAME && as_flag - as_mine >= MARGIN && inked
    };
    let looks: Vec<usize> = (0..reading.looks.len())
        .filter(|&l| shown[l] > 0 && reading.looks[l].class == TileClass::Mine)
        .filter(|&l| reading.looks[l].prob(TileClass::Mine) < SURE_GLYPH && !in_doubt(l))
        .filter(|&l| drawn_as_a_flag(l))
        .collect();
    if !looks.is_empty() {
        tracing::debug!(
            ?looks,
            "board-level reading: a lost board's looks read unsurely as mines, drawn as its sure flags"
        );
    }
    for &look in &looks {
        reading.relabel(look, TileClass::Flag, 1.0);
    }
    looks
}

/// The looks of `reading` that some cell shows (`shown`: its `cells_of_each_look`), read as
/// `class` at [`SURE_GLYPH`] or more.
pub(super) fn sure_shown_looks(reading: &Reading, shown: &[usize], class: TileClass) -> Vec<usize> {
    (0..reading.looks.len())
        .filter(|&look| shown[look] > 0 && reading.looks[look].class == class)
        .filter(|&look| reading.looks[look].prob(class) >= SURE_GLYPH)
        .collect()
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

    /// A lost board: a sure mine, then two looks in doubt between a mine and a covered tile,
    /// one drawn as the sure mine, one with no ink (as a covered tile is).
    #[test]
    fn a_look_in_doubt_with_a_covered_tile_drawn_as_the_sure_mines_is_a_mine() {
        let mut reading = Reading::of_board(parse_board("*..\n...\n").unwrap());
        reading.look_of = vec![0, 1, 2, 3, 3, 3];
        let unsure = Verdict::from_probs(&[(TileClass::Mine, 0.9), (TileClass::Unrevealed, 0.1)]);
        reading.looks = vec![
            Verdict::from_probs(&[(TileClass::Mine, 0.999)]),
            unsure,
            unsure,
            Verdict::certain(TileClass::Unrevealed),
        ];
        reading.pixels = vec![
            drawn(PALE, DARK, ball),
            drawn(PALE, DARK, ball),
            drawn(PALE, PALE, ball),
            drawn(PALE, PALE, ball),
        ];
        for (look, col) in [(1, 1), (2, 2)] {
            reading.doubt.push(Doubt {
                look,
                classes: vec![TileClass::Mine, TileClass::Unrevealed],
                cells: vec![(0, col)],
            });
        }
        let (mut reading, families, _) = a_family_a_look(reading);
        settle_mines_drawn_alike(&mut reading, &families);
        assert_eq!(reading.class(0, 1), TileClass::Mine);
        assert_eq!(reading.doubt_cells(), [(0, 2)]);
    }

    /// A flag for [`drawn`]: a pole and a pennant.
    fn pennant(x: usize, y: usize) -> bool {
        let pole = x == 8 && (3..13).contains(&y);
        let cloth = (3..7).contains(&y) && (4..8).contains(&x);
        pole || cloth
    }

    /// A lost board: a sure mine, a sure flag, and a look read as a mine at 0.77 (a flag next)
    /// drawn as `glyph`; the mine shown where `with_mine`.
    fn flags_settled(glyph: fn(usize, usize) -> bool, with_mine: bool) -> Reading {
        let first = if with_mine { "*F1*" } else { ".F1*" };
        let mut reading = Reading::of_board(parse_board(&format!("{first}\n....\n")).unwrap());
        reading.look_of = vec![0, 1, 2, 3, 4, 4, 4, 4];
        reading.looks = vec![
            Verdict::from_probs(&[(TileClass::Mine, 0.999)]),
            Verdict::from_probs(&[(TileClass::Flag, 0.998)]),
            Verdict::from_probs(&[(TileClass::Number(1), 0.99)]),
            Verdict::from_probs(&[(TileClass::Mine, 0.77), (TileClass::Flag, 0.22)]),
            Verdict::certain(TileClass::Unrevealed),
        ];
        if !with_mine {
            reading.look_of[0] = 4;
        }
        reading.pixels = vec![
            drawn(PALE, DARK, ball),
            drawn(PALE, DARK, pennant),
            drawn(DARK, GREEN, two),
            drawn(PALE, DARK, glyph),
            drawn(PALE, PALE, ball),
        ];
        let (mut reading, _, _) = a_family_a_look(reading);
        settle_flags_drawn_alike(&mut reading);
        reading
    }

    #[test]
    fn a_look_read_unsurely_as_a_mine_drawn_as_the_sure_flags_is_a_flag() {
        let reading = flags_settled(pennant, true);
        assert_eq!(reading.board.to_text().lines().next(), Some("*F1F"));
        // Drawn as the sure mine: a mine.
        let reading = flags_settled(ball, true);
        assert_eq!(reading.board.to_text().lines().next(), Some("*F1*"));
        // No sure mine elsewhere: the board may be one in play, and a flag there is advice.
        let reading = flags_settled(pennant, false);
        assert_eq!(reading.board.to_text().lines().next(), Some(".F1*"));
    }

    #[test]
    fn with_no_sure_mine_to_compare_nothing_changes() {
        let reading = settled(0.6);
        assert_eq!(reading.board.to_text().lines().next(), Some("*222"));
        assert_eq!(reading.doubt_cells(), [(0, 2), (0, 3)]);
    }
}
