//! Empty open tiles drawn as squares the classifier takes for covered tiles: a look read as
//! covered that is the board's 0s.
//!
//! The rounded clone draws its covered tiles as navy squares and its empty open ones as light
//! grey squares, raised like most games' covered tiles; the classifier, which has seen grey
//! squares only as covered tiles, reads them so at 0.998. Both readings of such a board hold
//! (grey squares as covered tiles leave every number room), so the labelling took the likelier,
//! and every 0 of its boards was read as a covered tile: no board of it was read whole. The
//! emoji clone's light grey squares beside its blue covered ones are an "8" to the model at
//! 0.65, and the board left them in doubt between a covered tile and a 0.
//!
//! But a game draws its covered tiles in one look (up to noise, a gradient, the tile under the
//! pointer). Two colours of looks read as covered (surely, or in doubt only with a 0), each
//! look on several tiles (one colour may show as several looks: the rounded clone's grey 0s in
//! its dark page, sampled at two phases), one colour walled in by numbers as a cascade of 0s
//! leaves its tiles, are covered tiles of two colours (no game the project has seen draws them)
//! or that one is the 0s. It is read as 0s where the board holds so and with
//! no other such look as 0s instead: a covered look taken for 0s leaves the numbers around it
//! without room for their mines (the rounded clone's navy squares, tried as 0s, break its
//! numbers on every board swept).
//!
//! The rounded clone's cascade also stops short: it clicks a 0's neighbours from inside its own
//! click handler, each click clicking back, and where the browser gives up deep in that
//! recursion some 0s are left beside covered tiles, which no finished cascade leaves; on most
//! of its boards no look held as 0s, and every 0 stayed covered. Where none holds, a look of
//! many tiles that holds as 0s but for a few of them beside covered tiles, walled in by
//! numbers in the main, is read as 0s too, on a board showing only numbers and covered tiles,
//! where the main covered look as 0s leaves some number no room for its mines. On a board that
//! also shows flags, such 0s make the flags beside them a lost game's mines: a cascade stopped
//! short is the rounded clone's own quirk, the rounded clone has no flags, and its lost boards
//! show every mine as a red tile with a white cross, which the model may read as a flag (0.72 at
//! 41 px). There the 0s are read and the flags as mines: the game is over, and gets no advice
//! (as it got until 2026-12-05 with the flags in doubt with a mine and the 0s left covered; read
//! so, 15 lost boards of the sweeps of seeds 465 and 466 read whole). Its crosses read as a
//! lost game's mines and wrong flags (`meanings::with_cross_as_mine`) stand beside such 0s the
//! same way, and a flag a doubt on them names is a mine too.

use super::background::{nearest_face, SAME_FACE};
use super::colours::{apart, centre_median};
use super::families::Families;
use super::rules::{holds_with_free_numbers, zeros_beside_covered};
use super::walled_zeros::{as_zeros, OTHER_COLOUR};
use crate::board::{Board, Cell, Pos};
use crate::vision::{Doubt, Reading, TileClass};

/// How many tiles each of the two covered looks must show: one or two tiles of a look of their
/// own are the tile under the pointer or held down.
const MIN_TILES: usize = 4;
/// A look read as 0s where the game's cascade stopped short (RaminduA's clone clicks a 0's
/// neighbours from inside its own click handler, and the browser gives up deep in the
/// recursion): at most one in this many of its tiles touch a covered tile (17% at most, 4% in
/// the median, over the 24 positions of it swept that are not lost).
const STOPPED_SHORT_SHARE: usize = 4;
/// Its tiles at least: a few tiles of a second colour walled in by numbers may be anything
/// (covered tiles lit, held down, or of a second colour), twenty that keep a cascade's rule
/// but for a few are an opening (the clone's stopped-short openings have 56 to 202 0s).
const STOPPED_SHORT_MIN_TILES: usize = 20;
/// The marks that may stand beside a cascade stopped short read as 0s: flags (then a lost
/// game's mines) and what a lost board shows.
const LOST_MARKS: [TileClass; 4] = [
    TileClass::Flag,
    TileClass::Mine,
    TileClass::Exploded,
    TileClass::WrongFlag,
];
/// How many numbers at least for each four covered tiles round its tiles: a cascade's edge is
/// numbers in the main, even where it stopped short. The 24 positions first swept gave 1.75
/// numbers for each covered tile at the fewest; just-opened boards stop shorter (41.7 px, 150%
/// on a 1.25 screen, seed 483: 21 numbers and 20 covered tiles round 94 0s; 44.9 px, seed 482:
/// 37 and 30; 38.75 px, zoom 67% on a 1.33 screen, seed 494: 20 numbers and 23 covered tiles
/// round 111 0s), and a band of covered tiles of a second shade, edged by the covered tiles
/// beside it, still has far fewer numbers than covered tiles round it.
const NUMBERS_PER_FOUR_COVERED: usize = 3;

/// Reads as 0s the families of one colour settled as covered (`settled`, each family's class),
/// in no doubt or in doubt only with a 0, whose centres lie far from every other such family's,
/// each on [`MIN_TILES`] tiles or more as they are, that make a board that holds as 0s (so
/// none of its tiles touches a covered one as no cascade leaves a 0) where no other candidate
/// does, or where none does, the one that holds as a cascade stopped short
/// ([`cascade_stopped_short`]) where the other covered look of most tiles cannot be 0s;
/// `settled` follows. Nothing changes where there is no such colour, or more than one.
pub(super) fn settle_raised_zeros(
    reading: &mut Reading,
    families: &Families,
    settled: &mut [TileClass],
) {
    // A family in doubt only between a covered tile and a 0 counts as covered here: the emoji
    // clone's light grey squares (an "8" to the model at 0.65, covered or 0 to the board),
    // beside its blue covered ones. Any other doubt leaves a family out.
    let mut doubt_of = vec![None; settled.len()];
    for doubt in &reading.doubt {
        doubt_of[families.of[doubt.look]] = Some(&doubt.classes);
    }
    let zero_or_covered = |f: usize| match doubt_of[f] {
        None => true,
        Some(classes) => {
            (classes.iter()).all(|c| matches!(c, TileClass::Unrevealed | TileClass::Number(0)))
        }
    };
    let tiles = families.cells(reading);
    let covered: Vec<usize> = (0..settled.len())
        .filter(|&f| settled[f] == TileClass::Unrevealed && zero_or_covered(f))
        .filter(|&f| tiles[f] >= MIN_TILES)
        .collect();
    if covered.len() < 2 {
        return;
    }
    let centre = |family: usize| centre_median(&reading.pixels[families.first[family]]);
    // One colour is one candidate, whatever the families it shows as: the rounded clone's 0s in
    // its dark page come as two families (two phases of the sampling), and neither was apart
    // from every other covered family, so no 0 was read on those boards.
    let mut colours: Vec<Vec<usize>> = Vec::new();
    for &family in &covered {
        let own = centre(family);
        match (colours.iter_mut()).find(|colour| apart(centre(colour[0]), own) < OTHER_COLOUR) {
            Some(colour) => colour.push(family),
            None => colours.push(vec![family]),
        }
    }
    let apart_from_the_rest: Vec<&[usize]> = (colours.iter())
        .filter(|colour| {
            colour.iter().all(|&family| {
                let own = centre(family);
                (covered.iter())
                    .filter(|other| !colour.contains(other))
                    .all(|&other| apart(own, centre(other)) >= OTHER_COLOUR)
            })
        })
        .map(Vec::as_slice)
        .collect();
    // A tile in doubt that may be a covered one, beside none of the tiles tried as 0s, is read
    // as covered there: it then asks nothing of its neighbours. The rounded clone's covered
    // tile lit under the pointer, in doubt between a "1", a 0 and a covered tile, stood as a
    // "1" its neighbours had no mine for, and kept the 104 0s of an opened board at 42 px
    // covered. (Beside them, a number in doubt walls them in as read.)
    let maybe_covered: Vec<(usize, usize)> = (reading.doubt.iter())
        .filter(|doubt| doubt.classes.contains(&TileClass::Unrevealed))
        .flat_map(|doubt| doubt.cells.iter().copied())
        .collect();
    // Digits read as marks on a covered tile because the face they sit on is this colour's
    // (`background::faces`): with the colour open, so is their face, and they are the numbers
    // the classifier took them for. Chromium's forced dark draws the pixel-art clone's open
    // tiles dark grey, its "1"s on them read as question marks on a second covered colour, and
    // the 0s they wall in stayed covered with them: 36 of an opened board's 144 tiles.
    let digits_on = |colour: &[usize]| -> Vec<(usize, TileClass)> {
        let nearest = |f: usize, keep: &dyn Fn(usize) -> bool| {
            nearest_face(&reading.pixels, families, f, keep)
        };
        (0..settled.len())
            .filter(|&f| settled[f].cell() == Cell::Unrevealed && doubt_of[f].is_none())
            .filter_map(|f| {
                let class = families.verdicts[f].class;
                let to_colour = nearest(f, &|o| colour.contains(&o));
                let to_rest = nearest(f, &|o| covered.contains(&o) && !colour.contains(&o));
                let on_colour = to_colour <= SAME_FACE && to_colour < to_rest;
                (matches!(class, TileClass::Number(1..=8)) && on_colour).then_some((f, class))
            })
            .collect()
    };
    let as_zeros_of = |colour: &[usize]| {
        let mut zeros = vec![false; settled.len()];
        for &family in colour {
            zeros[family] = true;
        }
        let mut board = as_zeros(reading, families, &zeros);
        for (family, class) in digits_on(colour) {
            for (index, &look) in reading.look_of.iter().enumerate() {
                if families.of[look] == family {
                    board.set_index(index, class.cell());
                }
            }
        }
        let is_zero = |index: usize| zeros[families.of[reading.look_of[index]]];
        for &(row, col) in &maybe_covered {
            let cell = Pos { row, col };
            if !board.square(cell, 1).any(|p| is_zero(board.index(p))) {
                board.set(cell, Cell::Unrevealed);
            }
        }
        board
    };
    // A digit in doubt between numbers alone may be any of them: a number the look's class
    // gets wrong (the rounded clone's thin "3" in one look with its "2"s) must not keep the
    // 0s of a finished cascade from holding. (A cascade stopped short is tried with the digits
    // as read: there a digit set free leaves the covered look room as 0s too, and its rule,
    // weaker than a finished cascade's, then reads neither.)
    let free: Vec<Pos> = (reading.doubt.iter())
        .filter(|doubt| (doubt.classes.iter()).all(|c| matches!(c, TileClass::Number(1..=8))))
        .flat_map(|doubt| doubt.cells.iter().map(|&(row, col)| Pos { row, col }))
        .collect();
    let holding: Vec<&[usize]> = (apart_from_the_rest.iter().copied())
        .filter(|colour| holds_with_free_numbers(&as_zeros_of(colour), &free, true))
        .collect();
    // Flags, or a lost game's mines and crosses, beside numbers and covered tiles only: a
    // stopped-short cascade read there would make the flags a lost game's mines, not the
    // player's (below). The rounded clone's lost board at 37 px, its mines read as crosses
    // and mines, kept its 0s covered: its cascade had stopped short beside two of them.
    let with_marks = settled.iter().any(|c| LOST_MARKS.contains(c))
        && only_numbers_and_covered(reading, settled, &LOST_MARKS);
    let mut lost = false;
    let colour = match holding[..] {
        [colour] => colour,
        [] if only_numbers_and_covered(reading, settled, &[]) || with_marks => {
            // None holds as a finished cascade leaves its 0s: one that holds as a cascade
            // stopped short leaves them is read so, on a board that shows nothing else, where
            // the other covered look of most tiles, as 0s, leaves some number no room for its
            // mines whatever the cascade: that one is the covered tiles for sure (the others
            // are a few tiles of it sampled apart). (A flag or a mine may be a lost game's
            // mine, a symbol the rules after this one weigh against boards that keep every
            // rule, the cascade's among them.)
            let stopped_short = |free: &[Pos]| -> Vec<&[usize]> {
                (apart_from_the_rest.iter().copied())
                    .filter(|colour| {
                        let board = as_zeros_of(colour);
                        let own =
                            |p: Pos| colour.contains(&families.of[reading.look_of[board.index(p)]]);
                        let shown = colour.iter().map(|&family| tiles[family]).sum();
                        cascade_stopped_short(&board, own, shown, free)
                    })
                    .collect()
            };
            // The digits as read first; where no colour holds so, with the digits in doubt
            // between numbers free, as a finished cascade is tried above. The rounded clone's
            // thin "3"s at 35 px, in doubt with a "4" and read as the look's "4", left a "3"
            // with three covered neighbours short of a mine, and kept the 200 0s of a board in
            // play covered. Free, they may let the other colour hold as 0s too: that one is
            // then weighed with them free as well, and where it holds, nothing is read.
            let mut free_here: &[Pos] = &[];
            let mut unfinished = stopped_short(free_here);
            if unfinished.is_empty() && !free.is_empty() {
                free_here = &free;
                unfinished = stopped_short(free_here);
            }
            let [colour] = unfinished[..] else {
                return;
            };
            let most = (covered.iter().copied())
                .filter(|other| !colour.contains(other))
                .max_by_key(|&other| tiles[other]);
            let rival_holds =
                |other: usize| holds_with_free_numbers(&as_zeros_of(&[other]), free_here, false);
            if most.is_none_or(rival_holds) {
                return;
            }
            // The 0s hold as a cascade stopped short, beside looks read as flags: a lost game's
            // mines (the rounded clone, which has no flags, shows its mines as red tiles with
            // a white cross, a flag to the model at 0.72 at 41 px, and its lost boards were
            // advised as games in play). Were it another game's flags, a board read as showing
            // mines gets no advice all the same.
            lost = with_marks;
            colour
        }
        _ => return,
    };
    let zero = TileClass::Number(0);
    for (family, class) in digits_on(colour) {
        tracing::debug!(
            family,
            ?class,
            "board-level reading: a digit on the face of a covered look read as 0s, a number"
        );
        families.relabel(reading, family, class);
        settled[family] = class;
    }
    for &family in colour {
        tracing::debug!(
            family,
            tiles = tiles[family],
            "board-level reading: a covered look of its own colour, the only one that holds as 0s"
        );
        // Sure as the board makes it: no other labelling of the two looks holds.
        families.relabel(reading, family, zero);
        settled[family] = zero;
    }
    reading
        .doubt
        .retain(|doubt| !colour.contains(&families.of[doubt.look]));
    if lost {
        for (family, class) in settled.iter_mut().enumerate() {
            if *class == TileClass::Flag {
                tracing::debug!(
                    family,
                    "flags beside 0s of a cascade stopped short: a lost game's mines"
                );
                families.relabel(reading, family, TileClass::Mine);
                *class = TileClass::Mine;
            }
        }
        // So are the flags a doubt names: the rounded clone's crosses in a dark page at 37 px,
        // in doubt between a wrong flag, a mine and a flag, were left in doubt between the
        // last two.
        for doubt in &mut reading.doubt {
            let mut classes: Vec<TileClass> = Vec::new();
            for class in &doubt.classes {
                let class = if *class == TileClass::Flag {
                    TileClass::Mine
                } else {
                    *class
                };
                if !classes.contains(&class) {
                    classes.push(class);
                }
            }
            doubt.classes = classes;
        }
        reading.doubt.retain(|doubt| doubt.classes.len() > 1);
    }
}

/// Whether every family of `reading` is settled (`settled`) as a number or a covered tile, and
/// nothing is in doubt but between covered tiles and numbers (a digit the classifier was unsure
/// of is a number all the same: the rounded clone's thin "2", in doubt with a "4", had kept
/// every 0 of its board covered, and at 39 px one tile in doubt between a covered tile, a 0 and
/// a 1 kept the 146 0s of an opened board covered). A digit read as a number 1 to 8, in
/// doubt with another such number and a flag besides, passes as well: two digits contend for
/// its glyph, and the flag, a further rival, leaves the tile in doubt between them all, so no
/// advice rests on it (the rounded clone's thin "2" at 35 px, in doubt between a "2", a "4" and
/// a flag, kept the 150 to 183 0s of its mid-game boards covered). A digit in doubt with a
/// flag alone may be a lost game's mine. Families settled as one of `also` pass too (flags,
/// or a lost game's marks, where they are weighed apart), and doubts between them and
/// numbers or covered tiles (a lost game's cross, a mine or a wrong flag to the board).
fn only_numbers_and_covered(reading: &Reading, settled: &[TileClass], also: &[TileClass]) -> bool {
    let plain = |c: &TileClass| matches!(c, TileClass::Unrevealed | TileClass::Number(_));
    let digit = |c: &TileClass| matches!(c, TileClass::Number(1..=8));
    let digits_and_a_flag = |doubt: &Doubt| {
        (doubt.classes.first()).is_some_and(digit)
            && doubt.classes.iter().filter(|c| digit(c)).count() >= 2
            && (doubt.classes.iter()).all(|c| plain(c) || *c == TileClass::Flag)
    };
    (settled.iter()).all(|c| plain(c) || also.contains(c))
        && (reading.doubt.iter())
            .all(|d| d.classes.iter().all(|c| plain(c) || also.contains(c)) || digits_and_a_flag(d))
}

/// Whether `board`, with the `own` tiles (`tiles` of them) read as 0s, is a position of a game
/// whose cascade stopped short of some of their neighbours: its numbers (but those at `free`,
/// any number) hold and keep every other rule, the 0s touching covered tiles are among the
/// `own` ones and at most one in [`STOPPED_SHORT_SHARE`] of them, and round the `own` tiles lie
/// at least [`NUMBERS_PER_FOUR_COVERED`] numbers for each four covered tiles. A cascade that
/// stopped short still leaves its 0s walled in by numbers in the main; covered tiles of a
/// second colour taken for 0s lie among covered tiles (a checkerboard's other shade, a dimmed
/// part of the board) or leave the numbers round them no room for their mines.
fn cascade_stopped_short(
    board: &Board,
    own: impl Fn(Pos) -> bool,
    tiles: usize,
    free: &[Pos],
) -> bool {
    if tiles < STOPPED_SHORT_MIN_TILES {
        return false;
    }
    let mut beside_covered = 0;
    for zero in zeros_beside_covered(board) {
        if !own(zero) {
            return false;
        }
        beside_covered += 1;
    }
    if beside_covered * STOPPED_SHORT_SHARE > tiles {
        return false;
    }
    let mut round = vec![false; board.rows() * board.cols()];
    for p in board.positions().filter(|&p| own(p)) {
        for q in board.neighbors(p).filter(|&q| !own(q)) {
            round[board.index(q)] = true;
        }
    }
    let (mut numbers, mut covered) = (0, 0);
    for p in board.positions().filter(|&p| round[board.index(p)]) {
        match board.get(p) {
            Cell::Number(n) if n > 0 => numbers += 1,
            c if c.is_unrevealed() || c == Cell::Flag => covered += 1,
            _ => {}
        }
    }
    numbers * 4 >= covered * NUMBERS_PER_FOUR_COVERED && holds_with_free_numbers(board, free, false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::skin::testing::{a_family_a_look, doubt_look, flat_reading, tile_with_ink};
    use crate::vision::{Doubt, Verdict};

    const GREY: [u8; 3] = [153, 153, 153];
    const NAVY: [u8; 3] = [44, 53, 128];
    /// The numbers' face.
    const DARK: [u8; 3] = [60; 3];

    /// `rows` read by the classifier: `g` grey squares and `n` navy ones both surely covered,
    /// `1` and `2` numbers; looks 0 (grey), 1 (navy), 2 ("1"), 3 ("2"), each a family; the grey
    /// squares in doubt between a covered tile and a 0 where `grey_in_doubt`. Returns the
    /// settled class of the grey look and of the navy one, and whether a doubt is left.
    fn settle_with(
        rows: &[&str],
        navy: [u8; 3],
        grey_in_doubt: bool,
    ) -> (TileClass, TileClass, bool) {
        let mut reading = grey_and_navy(rows, navy);
        if grey_in_doubt {
            doubt_look(
                &mut reading,
                0,
                &[TileClass::Unrevealed, TileClass::Number(0)],
            );
        }
        let (mut reading, families, mut settled) = a_family_a_look(reading);
        settle_raised_zeros(&mut reading, &families, &mut settled);
        (settled[0], settled[1], !reading.doubt.is_empty())
    }

    /// `rows` read by the classifier as [`settle_with`] says, nothing in doubt.
    fn grey_and_navy(rows: &[&str], navy: [u8; 3]) -> Reading {
        let covered = TileClass::Unrevealed;
        let (one, two) = (TileClass::Number(1), TileClass::Number(2));
        let looks = [(covered, GREY), (covered, navy), (one, DARK), (two, DARK)];
        coloured_reading(rows, "gn12", &looks)
    }

    /// The board `rows`, each character of `chars` a look read surely as its class, drawn
    /// flat in its colour.
    fn coloured_reading(rows: &[&str], chars: &str, looks: &[(TileClass, [u8; 3])]) -> Reading {
        let verdicts = looks.iter().map(|&(c, _)| Verdict::certain(c)).collect();
        let mut reading = flat_reading(rows, chars, verdicts);
        reading.pixels = (looks.iter()).map(|&(_, c)| tile_with_ink(c, c)).collect();
        reading
    }

    /// [`settle_with`] with nothing in doubt: the settled classes of the grey and navy looks.
    fn settle(rows: &[&str], navy: [u8; 3]) -> (TileClass, TileClass) {
        let (grey, navy, _) = settle_with(rows, navy, false);
        (grey, navy)
    }

    /// Grey 0s in a corner walled in by 1s, navy covered tiles beyond: as the rounded clone
    /// draws a board.
    const BOARD: [&str; 5] = ["gg1nn", "gg1nn", "112nn", "nnnnn", "nnnnn"];

    #[test]
    fn grey_squares_walled_in_by_numbers_beside_navy_covered_ones_are_0s() {
        assert_eq!(
            settle(&BOARD, NAVY),
            (TileClass::Number(0), TileClass::Unrevealed)
        );
    }

    #[test]
    fn grey_squares_in_doubt_between_covered_and_0_are_settled_as_0s() {
        // The emoji clone: the model unsure of its light grey squares, the board leaving them
        // in doubt between a covered tile and a 0. Settled, the doubt goes.
        assert_eq!(
            settle_with(&BOARD, NAVY, true),
            (TileClass::Number(0), TileClass::Unrevealed, false)
        );
    }

    #[test]
    fn two_covered_looks_of_nearly_one_colour_are_both_covered_tiles() {
        // A gradient or a lit tile: a second covered look only a little darker.
        let near = [135, 135, 135];
        assert_eq!(
            settle(&BOARD, near),
            (TileClass::Unrevealed, TileClass::Unrevealed)
        );
    }

    #[test]
    fn grey_squares_of_a_cascade_stopped_short_are_0s() {
        // The 0 at (4, 5) touches navy covered tiles, as RaminduA's clone leaves its cascades:
        // no finished cascade does, but the numbers hold with the 26 grey squares as 0s and
        // wall them in but for that corner; the navy squares as 0s leave the numbers no room.
        let mut board = vec!["ggggg1nn", "ggggg2nn", "ggggg1nn", "ggggg1nn", "ggggggnn"];
        board.extend(["111111nn", "nnnnnnnn", "nnnnnnnn"]);
        assert_eq!(
            settle(&board, NAVY),
            (TileClass::Number(0), TileClass::Unrevealed)
        );
        // A few such squares may be anything (covered tiles of a second colour): covered.
        let board = ["ggg1nn", "ggg1nn", "ggg1nn", "ggggnn", "1111nn", "nnnnnn"];
        assert_eq!(
            settle(&board, NAVY),
            (TileClass::Unrevealed, TileClass::Unrevealed)
        );
    }

    #[test]
    fn a_cascade_stopped_shorter_edged_by_about_as_many_covered_tiles_as_numbers_is_0s() {
        // A just-opened board of the rounded clone: the cascade stopped along the grey
        // squares' right side, so five covered tiles and six numbers round its 24 0s (1.2
        // numbers for each covered tile; 1.05 at 41.7 px, seed 483). The navy squares as 0s
        // leave the bottom-left "1" no mine.
        let board = [
            "gggg1n", "gggg1n", "ggggnn", "ggggnn", "ggggnn", "ggggnn", "1111nn", "nnnnnn",
        ];
        assert_eq!(
            settle(&board, NAVY),
            (TileClass::Number(0), TileClass::Unrevealed)
        );
    }

    #[test]
    fn a_cascade_edged_by_three_numbers_for_four_covered_tiles_is_0s_and_by_fewer_is_not() {
        // The rounded clone just opened at 38.75 px (seed 494): 20 numbers and 23 covered
        // tiles round its 111 0s. Here seven numbers and eight covered tiles round 48 grey
        // squares: 0s. With one number fewer (six and nine) they stay covered. (The "1" in the
        // corner, beside navy squares only, keeps them from holding as 0s.)
        let mut board = vec!["gggggggg1n"; 2];
        board.extend(["ggggggggnn"; 4]);
        board.extend(["11111nnnnn", "nnnnnnnnn1"]);
        assert_eq!(
            settle(&board, NAVY),
            (TileClass::Number(0), TileClass::Unrevealed)
        );
        board[6] = "1111nnnnnn";
        assert_eq!(
            settle(&board, NAVY),
            (TileClass::Unrevealed, TileClass::Unrevealed)
        );
    }

    #[test]
    fn one_colour_at_two_phases_of_the_sampling_is_read_as_0s_together() {
        // The rounded clone's 0s in its dark page: two looks of one grey (`g`, `h`), neither
        // apart from the other, both walled in by numbers; the "2" leaves the navy squares
        // covered.
        let rows = ["ghgh1nn", "hghg1nn", "ghgh1nn", "11112nn", "nnnnnnn"];
        let covered = TileClass::Unrevealed;
        let (one, two) = (TileClass::Number(1), TileClass::Number(2));
        let looks = [
            (covered, GREY),
            (covered, [160; 3]),
            (covered, NAVY),
            (one, DARK),
            (two, DARK),
        ];
        let reading = coloured_reading(&rows, "ghn12", &looks);
        let (mut reading, families, mut settled) = a_family_a_look(reading);
        settle_raised_zeros(&mut reading, &families, &mut settled);
        let zero = TileClass::Number(0);
        assert_eq!(settled[..3], [zero, zero, TileClass::Unrevealed]);
    }

    #[test]
    fn a_doubt_between_digits_leaves_a_cascade_stopped_short_read() {
        // The board of `grey_squares_of_a_cascade_stopped_short_are_0s`, its "2" in doubt with
        // a "4" (the rounded clone's thin 2s), or with a covered tile and a 0 (at 39 px one
        // tile of that clone was): no flag, no mine either way, so the grey squares are still
        // the 0s, as they are where a flag is a third rival to two digits (the thin "2" at
        // 35 px). A doubt between a digit and a flag alone may be a lost game's mine: it leaves
        // them covered.
        let mut rows = vec!["ggggg1nn", "ggggg2nn", "ggggg1nn", "ggggg1nn", "ggggggnn"];
        rows.extend(["111111nn", "nnnnnnnn", "nnnnnnnn"]);
        for (others, expected) in [
            (vec![TileClass::Number(4)], TileClass::Number(0)),
            (
                vec![TileClass::Unrevealed, TileClass::Number(0)],
                TileClass::Number(0),
            ),
            (
                vec![TileClass::Number(4), TileClass::Flag],
                TileClass::Number(0),
            ),
            (vec![TileClass::Flag], TileClass::Unrevealed),
            (
                vec![TileClass::Flag, TileClass::Mine],
                TileClass::Unrevealed,
            ),
        ] {
            let mut reading = grey_and_navy(&rows, NAVY);
            let mut classes = vec![TileClass::Number(2)];
            classes.extend(&others);
            reading.doubt.push(Doubt {
                look: 3,
                classes,
                cells: vec![(1, 5)],
            });
            let (mut reading, families, mut settled) = a_family_a_look(reading);
            settle_raised_zeros(&mut reading, &families, &mut settled);
            assert_eq!(settled[0], expected, "a doubt with {others:?}");
        }
    }

    #[test]
    fn a_digit_in_doubt_between_numbers_may_be_any_of_them_where_0s_are_tried() {
        // The "1" look in doubt with a "2" (the rounded clone's thin 2s and 3s, one look in
        // doubt between a 2, a 3 and a 4): the grey squares as 0s give the "2" in the corner
        // two mines the "1" at (1, 2) sees too. Read as the look's class the 0s do not hold and
        // the grey squares stay covered; with that digit free they hold, and the navy squares
        // as 0s leave the "2" at (2, 2) one covered neighbour.
        let rows = ["gg2nn", "gg1nn", "112nn", "nnnnn", "nnnnn"];
        let covered = TileClass::Unrevealed;
        assert_eq!(settle(&rows, NAVY), (covered, covered));
        let mut reading = grey_and_navy(&rows, NAVY);
        reading.doubt.push(Doubt {
            look: 2,
            classes: vec![TileClass::Number(1), TileClass::Number(2)],
            cells: vec![(1, 2), (2, 0), (2, 1)],
        });
        let (mut reading, families, mut settled) = a_family_a_look(reading);
        settle_raised_zeros(&mut reading, &families, &mut settled);
        assert_eq!(settled[..2], [TileClass::Number(0), covered]);
        assert_eq!(reading.doubt.len(), 1, "the digits stay in doubt");
    }

    #[test]
    fn a_digit_in_doubt_read_too_high_leaves_a_cascade_stopped_short_read() {
        // The board of `grey_squares_of_a_cascade_stopped_short_are_0s`, its "2" read as the
        // look's "4" in doubt with a "2" (the rounded clone's thin digits at 35 px), a "1" among
        // the navy squares far off. Read as a 4 it has three covered neighbours: no colour holds
        // as 0s with it. Free, the grey squares do, and the navy ones still leave that "1" no
        // room: the grey squares are the 0s, the digit stays in doubt. Read surely as a 4, it
        // leaves them covered.
        let mut rows = vec!["ggggg1nn", "ggggg4nn", "ggggg1nn", "ggggg1nn", "ggggggnn"];
        rows.extend(["111111nn", "nnnnnnnn", "nnnnnnn1"]);
        let covered = TileClass::Unrevealed;
        let (one, four) = (TileClass::Number(1), TileClass::Number(4));
        let looks = [(covered, GREY), (covered, NAVY), (one, DARK), (four, DARK)];
        for (in_doubt, expected) in [(false, covered), (true, TileClass::Number(0))] {
            let mut reading = coloured_reading(&rows, "gn14", &looks);
            if in_doubt {
                reading.doubt.push(Doubt {
                    look: 3,
                    classes: vec![four, TileClass::Number(2)],
                    cells: vec![(1, 5)],
                });
            }
            let (mut reading, families, mut settled) = a_family_a_look(reading);
            settle_raised_zeros(&mut reading, &families, &mut settled);
            assert_eq!(settled[..2], [expected, covered], "in doubt: {in_doubt}");
            assert_eq!(reading.doubt.len(), usize::from(in_doubt));
        }
    }

    /// The board of `grey_squares_of_a_cascade_stopped_short_are_0s` with two of its navy
    /// tiles red ones, read as `first` (look 4) and `second` (look 5, a shade apart).
    fn stopped_short_beside(first: TileClass, second: TileClass) -> Reading {
        let mut rows = vec!["ggggg1fn", "ggggg2nn", "ggggg1ns", "ggggg1nn", "ggggggnn"];
        rows.extend(["111111nn", "nnnnnnnn", "nnnnnnnn"]);
        let covered = TileClass::Unrevealed;
        let (one, two) = (TileClass::Number(1), TileClass::Number(2));
        let looks = [
            (covered, GREY),
            (covered, NAVY),
            (one, DARK),
            (two, DARK),
            (first, [200, 20, 20]),
            (second, [190, 30, 30]),
        ];
        coloured_reading(&rows, "gn12fs", &looks)
    }

    #[test]
    fn flags_beside_a_cascade_stopped_short_are_a_lost_games_mines() {
        // The board of `grey_squares_of_a_cascade_stopped_short_are_0s` with two tiles read
        // as flags (`f`) among the navy ones, as the rounded clone's lost boards read (its red
        // crossed mines a flag to the model): the grey squares hold as 0s of a cascade
        // stopped short, so the flags are a lost game's mines, and the 0s are read.
        let reading = stopped_short_beside(TileClass::Flag, TileClass::Flag);
        let (mut reading, families, mut settled) = a_family_a_look(reading);
        settle_raised_zeros(&mut reading, &families, &mut settled);
        assert_eq!(settled[0], TileClass::Number(0));
        assert_eq!(settled[1], TileClass::Unrevealed);
        assert_eq!(settled[4..], [TileClass::Mine; 2]);
        assert!(reading.doubt.is_empty());
        assert!(reading.board.shows_mines());
    }

    #[test]
    fn a_lost_games_crosses_beside_a_cascade_stopped_short_leave_its_0s_read() {
        // The same board with its two red tiles read as mines and wrong flags, one of them in
        // doubt between a wrong flag, a mine and a flag (the rounded clone's crosses at 37 px):
        // marks a lost board shows, beside which the grey squares hold as a cascade stopped
        // short; the flag the doubt names is a lost game's mine too.
        let mut reading = stopped_short_beside(TileClass::Mine, TileClass::WrongFlag);
        let cross = [TileClass::WrongFlag, TileClass::Mine, TileClass::Flag];
        doubt_look(&mut reading, 5, &cross);
        let (mut reading, families, mut settled) = a_family_a_look(reading);
        settle_raised_zeros(&mut reading, &families, &mut settled);
        assert_eq!(settled[0], TileClass::Number(0));
        assert_eq!(settled[1], TileClass::Unrevealed);
        let doubts: Vec<&[TileClass]> = reading.doubt.iter().map(|d| &d.classes[..]).collect();
        assert_eq!(doubts, [&[TileClass::WrongFlag, TileClass::Mine][..]]);
    }

    #[test]
    fn squares_of_a_second_colour_among_covered_tiles_stay_covered() {
        // A corner of covered tiles in another colour (a dimmed part of the board), the
        // numbers holding either way: among covered tiles, no cascade left it.
        let mut board = vec!["gggggnnn"; 5];
        board.extend(["nnnnnnnn", "nnn1nnnn", "nnnnnnnn"]);
        assert_eq!(
            settle(&board, NAVY),
            (TileClass::Unrevealed, TileClass::Unrevealed)
        );
    }

    /// A board of light grey covered squares (`g`), a pocket of dark ones (`d`) and "1"s on
    /// the dark face (`q`), the 1s read as question marks because of that face: settled, the
    /// classes of the three looks.
    fn settle_dark_pocket(rows: &[&str]) -> [TileClass; 3] {
        let reading = flat_reading(
            rows,
            "gdq",
            vec![
                Verdict::certain(TileClass::Unrevealed),
                Verdict::certain(TileClass::Unrevealed),
                Verdict::certain(TileClass::Number(1)),
            ],
        );
        let (mut reading, families, mut settled) = a_family_a_look(reading);
        let dark = [60; 3];
        reading.pixels = vec![
            tile_with_ink(GREY, GREY),
            tile_with_ink(dark, dark),
            tile_with_ink(dark, [150, 150, 255]),
        ];
        reading.relabel(2, TileClass::Question, 0.9);
        settled[2] = TileClass::Question;
        settle_raised_zeros(&mut reading, &families, &mut settled);
        [settled[0], settled[1], settled[2]]
    }

    #[test]
    fn digits_on_the_face_of_a_pocket_read_as_0s_are_numbers() {
        // Chromium's forced dark on the pixel-art clone: its open tiles dark grey, a "1" on
        // them a question mark to the labelling (it sits on the face of a look read as
        // covered). As 0s the pocket holds with the 1s as numbers, and only so.
        let rows = ["ddqggg", "ddqggg", "qqqggg", "gggggg"];
        let (zero, one) = (TileClass::Number(0), TileClass::Number(1));
        assert_eq!(
            settle_dark_pocket(&rows),
            [TileClass::Unrevealed, zero, one]
        );
        // A dark patch that touches covered tiles holds as no 0s: the digits on its face stay
        // marks on covered tiles.
        let rows = ["ddqgg", "ddggg", "qqggg", "ggggg"];
        assert_eq!(
            settle_dark_pocket(&rows),
            [
                TileClass::Unrevealed,
                TileClass::Unrevealed,
                TileClass::Question
            ]
        );
    }

    #[test]
    fn covered_squares_the_numbers_need_stay_covered() {
        // The grey squares are walled in, but the "1" at (2, 2) has no other room for its mine
        // (and the navy squares, as 0s, would leave the 1s beside them none): both covered.
        assert_eq!(
            settle(&["gg11nn", "gg11nn", "1111nn"], NAVY),
            (TileClass::Unrevealed, TileClass::Unrevealed)
        );
    }
}
