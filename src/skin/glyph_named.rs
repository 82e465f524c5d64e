//! A glyph the board names as a whole. One glyph in one ink is one number (`one_glyph`,
//! `same_glyph`): where the classifier does not know a skin's digit it reads the glyph's
//! looks (one per phase of a fractional pitch) as different numbers, and each is left in doubt
//! with all of them. The board's rules name a look alone only where its own neighbours leave it
//! one number (`forced`), and a digit at the edge of the opened region seldom is. Tried together,
//! every look of the glyph showing one number, the board may leave it one: winmine.html in
//! forced dark at 23 px draws its "1"s pale pink, which the model read as 1s, 4s, 7s and 2s, six
//! looks over seven tiles; no "1" was forced alone, every one stayed in doubt, and no advice
//! rested on them.
//!
//! Why it is sound, given what `forced` and `same_glyph` rest on already (the looks not in
//! doubt read right; a glyph drawn alike in one ink is one digit): the real board holds with
//! every look of the glyph showing the glyph's real number, the other doubts weakened as advice
//! weakens them. When one number from 1 to 8 alone holds, it is the real one. A look joins a
//! glyph only where its ink picture is all but the same ([`SAME`]) as every other look's of it,
//! in the same ink, so that a "2" and a "3" alike to one "2" are not tried as one glyph; and the
//! number must be one each look is in doubt with, and given some odds by the classifier
//! ([`PLAUSIBLE`]).

use super::forced::{between_numbers, holds, looks_of, settle, weakened_except};
use super::same_glyph::{ink_picture, likeness, same_ink, PLAUSIBLE, SAME};
use crate::board::Cell;
use crate::vision::{Doubt, Reading, TileClass};

/// One look of a doubt between numbers, with its ink picture.
struct Member {
    doubt: usize,
    look: usize,
    picture: Vec<f64>,
}

/// Settles every doubt between numbers whose looks draw one glyph with the other doubts' looks
/// of that glyph, where the board holds with one number alone on all of them. Returns the looks
/// it settled.
pub fn settle_glyphs_the_board_names(
    reading: &mut Reading,
    on_open_face: &dyn Fn(&Doubt) -> bool,
) -> Vec<usize> {
    let mut settled = Vec::new();
    for group in glyphs(reading, on_open_face) {
        let Some(number) = named_number(reading, &group) else {
            continue;
        };
        let looks: Vec<usize> = group.iter().map(|m| m.look).collect();
        tracing::debug!(
            ?looks,
            number,
            "board-level reading: a glyph the board names"
        );
        // Highest index first, so that the others stay where they are.
        for &index in doubts_of(&group).iter().rev() {
            let doubt = reading.doubt.remove(index);
            settled.extend(settle(reading, &doubt, number, "the board names its glyph"));
        }
        // The indices of the groups after this one have moved: they are found again.
        settled.extend(settle_glyphs_the_board_names(reading, on_open_face));
        return settled;
    }
    settled
}

/// The groups of two or more looks, each from a doubt between numbers whose looks all belong to
/// it, that draw one glyph: every two of them alike ([`SAME`]) in one ink.
fn glyphs(reading: &Reading, on_open_face: &dyn Fn(&Doubt) -> bool) -> Vec<Vec<Member>> {
    let mut members: Vec<Member> = Vec::new();
    for (index, doubt) in reading.doubt.iter().enumerate() {
        if doubt.hides_the_tiles() || !between_numbers(doubt, on_open_face) {
            continue;
        }
        for look in looks_of(reading, doubt) {
            if let Some(picture) = ink_picture(&reading.pixels[look]) {
                members.push(Member {
                    doubt: index,
                    look,
                    picture,
                });
            }
        }
    }
    let alike = |a: &Member, b: &Member| {
        likeness(&a.picture, &b.picture) >= SAME
            && same_ink(
                &reading.pixels[a.look],
                &a.picture,
                &reading.pixels[b.look],
                &b.picture,
            )
    };
    let mut groups: Vec<Vec<Member>> = Vec::new();
    for member in members {
        match (groups.iter_mut()).find(|g| g.iter().all(|other| alike(other, &member))) {
            Some(group) => group.push(member),
            None => groups.push(vec![member]),
        }
    }
    // A doubt over several looks is tried whole: each of its looks in the one group.
    let whole = |group: &Vec<Member>| {
        group.iter().all(|m| {
            looks_of(reading, &reading.doubt[m.doubt])
                .iter()
                .all(|look| group.iter().any(|other| other.look == *look))
        })
    };
    groups.retain(|group| group.len() >= 2 && whole(group));
    groups
}

/// The indices of the doubts `group`'s looks come from, each once, in order.
fn doubts_of(group: &[Member]) -> Vec<usize> {
    let mut doubts: Vec<usize> = group.iter().map(|m| m.doubt).collect();
    doubts.sort_unstable();
    doubts.dedup();
    doubts
}

/// The one number from 1 to 8 under which the board holds with every cell of `group` showing
/// it and every other doubt weakened, where each look could show it.
fn named_number(reading: &Reading, group: &[Member]) -> Option<u8> {
    let doubts = doubts_of(group);
    let cells: Vec<(usize, usize)> = (doubts.iter())
        .flat_map(|&d| reading.doubt[d].cells.iter().copied())
        .collect();
    let mut board = weakened_except(reading, &cells);
    let mut fits = (1..=8u8).filter(|&n| {
        for &d in &doubts {
            reading.doubt[d].set_cells(&mut board, Cell::Number(n));
        }
        holds(&board, &reading.board, &cells, n)
    });
    let number = fits.next()?;
    if fits.next().is_some() {
        return None;
    }
    let class = TileClass::Number(number);
    let could_show = |m: &Member| {
        reading.doubt[m.doubt].classes.contains(&class)
            && reading.looks[m.look].prob(class) >= PLAUSIBLE
    };
    group.iter().all(could_show).then_some(number)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::skin::forced::settle_forced_numbers;
    use crate::skin::testing::{board_of_looks, doubt_look, drawn, tile_with_ink, two};
    use crate::skin::testing::{BLUE, GRASS, SAND};
    use crate::vision::Verdict;

    const RED: [u8; 3] = [200, 30, 30];

    /// A board whose two tiles at (0, 3) and (3, 4), both 1s, show one glyph at two phases (two
    /// looks), each in doubt between a 1 and a 2: each alone fits a 1 or a 2 (the other one
    /// weakened), both together only 1s. The second is drawn in `ink`.
    fn board(ink: [u8; 3]) -> Reading {
        let text = "1101.\n.212.\n...2.\n.2..1\n";
        let chars: Vec<char> = text.chars().filter(|c| *c != '\n').collect();
        let look_of = (chars.iter().enumerate())
            .map(|(i, &c)| match (i, c) {
                (3, _) => 4,
                (19, _) => 5,
                (_, '.') => 0,
                (_, '0') => 1,
                (_, '1') => 2,
                _ => 3,
            })
            .collect();
        let unsure =
            Verdict::from_probs(&[(TileClass::Number(1), 0.5), (TileClass::Number(2), 0.45)]);
        let mut reading = board_of_looks(
            text,
            look_of,
            vec![
                Verdict::certain(TileClass::Unrevealed),
                Verdict::certain(TileClass::Number(0)),
                Verdict::certain(TileClass::Number(1)),
                Verdict::certain(TileClass::Number(2)),
                unsure,
                unsure,
            ],
        );
        reading.tiles = reading.look_of.iter().map(|&l| reading.looks[l]).collect();
        reading.pixels = vec![
            tile_with_ink(GRASS, GRASS),
            tile_with_ink(SAND, SAND),
            tile_with_ink(SAND, BLUE),
            tile_with_ink(SAND, [0, 120, 0]),
            drawn(SAND, BLUE, two),
            drawn(SAND, ink, two),
        ];
        let one_or_two = [TileClass::Number(1), TileClass::Number(2)];
        doubt_look(&mut reading, 4, &one_or_two);
        doubt_look(&mut reading, 5, &one_or_two);
        reading
    }

    #[test]
    fn a_glyph_no_look_of_which_is_named_alone_is_the_one_number_the_board_holds_with() {
        let mut reading = board(BLUE);
        assert!(settle_forced_numbers(&mut reading, &|_| true).is_empty());
        let mut settled = settle_glyphs_the_board_names(&mut reading, &|_| true);
        settled.sort_unstable();
        assert_eq!(settled, vec![4, 5]);
        assert!(reading.doubt.is_empty(), "{:?}", reading.doubt);
        assert_eq!(reading.class(0, 3), TileClass::Number(1));
        assert_eq!(reading.class(3, 4), TileClass::Number(1));
    }

    #[test]
    fn looks_in_another_ink_are_not_tried_as_one_glyph() {
        let mut reading = board(RED);
        assert!(settle_glyphs_the_board_names(&mut reading, &|_| true).is_empty());
        assert_eq!(reading.doubt.len(), 2);
    }

    #[test]
    fn a_number_no_look_is_in_doubt_with_is_not_settled() {
        let mut reading = board(BLUE);
        for doubt in &mut reading.doubt {
            doubt.classes = vec![TileClass::Number(2), TileClass::Number(3)];
        }
        assert!(settle_glyphs_the_board_names(&mut reading, &|_| true).is_empty());
    }
}
