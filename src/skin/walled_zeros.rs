//! Empty tiles drawn as a symbol of their own (an emoji clone's white square on a dark page),
//! settled as 0s where the board shows them walled in by numbers, as only a cascade leaves them.
//!
//! The board's evidence that a look is no empty tile rests on a skin drawing its empty tile as
//! the numbers' face without a digit. Where the classifier takes a look for a 0 against that
//! evidence, or finds it nearly as likely covered, and the board holds either way, `labelling`
//! leaves it in doubt with a covered tile, and no advice rests on the numbers around it. So it
//! does where the evidence finds the look on the numbers' face but the classifier reads it badly
//! (the emoji clone's light grey squares at 45 px, an "8" to the model, a covered tile nearly as
//! likely). That doubt is settled as 0 where together:
//!
//! - every tile of the look touches only sure numbers, tiles in the same doubt and the board's
//!   edge: opened tiles all round it and no covered tile, as a cascade of 0s leaves them;
//! - at least two tiles show it: a lone covered tile between numbers, lit under the pointer, is
//!   a look of its own on one tile;
//! - the board's covered tiles, read surely, show another colour at their centre: a textured
//!   skin's covered tiles differ from look to look by their grain, not by their colour.
//!
//! Covered tiles that met all three would be a skin with two covered faces of different
//! colours, one of them only ever in pockets walled in by numbers: no game the project has seen
//! draws one.
//!
//! The same square may show two looks, sampled at two phases of a fractional pitch: one in doubt
//! and read as covered, the other read as 0s, then covered as drawn pressed (a 0 beside a
//! covered tile is a tile under the pointer to `pressed`). A look whose every tile is such, of
//! the colour of a look in doubt here, is walled in with it or not at all.
//!
//! The doubt may hold a flag as well (the emoji clone's white squares in forced dark are flags
//! to the model). A player's flags on the mines of a pocket walled in by numbers are a real
//! position, so such a look is settled only where, as flags, its tiles would give a number
//! more flags than it counts.

use super::colours::{apart, centre_median};
use super::digit_inks::{ink, inks_differ, other_ink_on_one_face};
use super::families::Families;
use super::rules::{is_possible, unsure_flags_over_count};
use crate::board::{Board, Cell, Pos};
use crate::vision::{Reading, TileClass};

/// How far apart (channel differences summed) the centres of the walled-in look and of every
/// covered look read surely must be: white against blue, not grain against grain.
pub(super) const OTHER_COLOUR: i32 = 150;

/// How many tiles must show the walled-in looks together.
const MIN_TILES: usize = 2;

/// What the board's evidence says of a family's face, as this rule weighs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ZeroFace {
    /// Nothing measured: no candidate for the rule.
    Unmeasured,
    /// A face of its own: no empty tile of the numbers' face, or the face of sure digits where
    /// the evidence says nothing.
    OfItsOwn,
    /// The numbers' face, read badly by the classifier: walled in by sure numbers alone, not by
    /// a look in doubt between a number and a covered tile (a mark of another ink over a tile
    /// beside 0s need not be the number it may be).
    TheNumbers,
}

/// Settles as 0 each family in doubt only between a covered tile and a 0 (or a flag its
/// numbers cannot count), on a face the board's evidence has measured (`faces`, a [`ZeroFace`]
/// per family), that is walled in by numbers on a colour of its own (the module's rules);
/// `settled` follows. A family with a tile the labelling read as covered drawn pressed
/// (`pressed`, row by row) is left as it is, unless it is a twin of the walled-in looks (below):
/// returns the pressed tiles read as 0s so.
pub(super) fn settle_walled_in_zeros(
    reading: &mut Reading,
    families: &Families,
    faces: &[ZeroFace],
    settled: &mut [TileClass],
    pressed: &[usize],
) -> Vec<usize> {
    let doubted = families.in_doubt(reading);
    // A flag may be a third meaning (the emoji clone's white squares are flags to the model),
    // where the family's tiles as flags would give a number more flags than it counts: below.
    let zero_or_covered = |classes: &[TileClass]| {
        classes.contains(&TileClass::Number(0))
            && (classes.iter()).any(|c| matches!(c, TileClass::Unrevealed | TileClass::Flag))
            && (classes.iter()).all(|c| {
                matches!(
                    c,
                    TileClass::Unrevealed | TileClass::Number(0) | TileClass::Flag
                )
            })
    };
    let mut walled: Vec<bool> = vec![false; settled.len()];
    for doubt in &reading.doubt {
        let family = families.of[doubt.look];
        let either = matches!(
            settled[family],
            TileClass::Unrevealed | TileClass::Number(0) | TileClass::Flag
        );
        let measured = faces[family] != ZeroFace::Unmeasured;
        walled[family] = either && measured && zero_or_covered(&doubt.classes);
    }
    let mut pressed_tiles = vec![0usize; settled.len()];
    for &index in pressed {
        let family = families.of[reading.look_of[index]];
        walled[family] = false;
        pressed_tiles[family] += 1;
    }
    let centre = |family: usize| centre_median(&reading.pixels[families.first[family]]);
    // A family that may be flags stays in doubt unless as flags it is more than the numbers
    // beside it count: a player's flags on mines walled in by numbers are a real position. Or
    // unless its colour is that of a family that may be no flag: one thing drawn, sampled at
    // another phase of a fractional pitch (the emoji clone's white squares in forced dark at
    // 25 px: one of them a flag to the model, the rest covered tiles, and the nine 0s beside
    // it stayed in doubt).
    let flag_free: Vec<usize> = (reading.doubt.iter())
        .filter(|doubt| !doubt.classes.contains(&TileClass::Flag))
        .map(|doubt| families.of[doubt.look])
        .filter(|&family| walled[family])
        .collect();
    for doubt in &reading.doubt {
        let family = families.of[doubt.look];
        if walled[family] && doubt.classes.contains(&TileClass::Flag) {
            let own = centre(family);
            if (flag_free.iter()).any(|&other| apart(own, centre(other)) < OTHER_COLOUR) {
                continue;
            }
            let mut board = reading.board.clone();
            for (index, &look) in reading.look_of.iter().enumerate() {
                if families.of[look] == family {
                    board.set_index(index, Cell::Flag);
                }
            }
            walled[family] = unsure_flags_over_count(&board, |p| {
                families.of[reading.look_of[p.row * board.cols() + p.col]] == family
            });
        }
    }
    // A family with a doubt of any other kind as well is no candidate.
    for doubt in &reading.doubt {
        if !zero_or_covered(&doubt.classes) {
            walled[families.of[doubt.look]] = false;
        }
    }
    let twins = pressed_twins(reading, families, settled, &pressed_tiles, &walled);
    for (family, &twin) in twins.iter().enumerate() {
        walled[family] |= twin;
    }
    let digit_twins = digit_twins(reading, families, settled, &doubted, &walled);
    for (family, &twin) in digit_twins.iter().enumerate() {
        walled[family] |= twin;
    }
    let covered: Vec<usize> = (0..settled.len())
        .filter(|&f| settled[f] == TileClass::Unrevealed && !doubted[f])
        .collect();
    if covered.is_empty() {
        return Vec::new();
    }
    for (family, walled) in walled.iter_mut().enumerate() {
        if *walled {
            let own = centre(family);
            *walled = covered
                .iter()
                .all(|&c| apart(own, centre(c)) >= OTHER_COLOUR);
        }
    }
    // A look in doubt only between one number and a covered tile walls the 0s in as a number
    // would: beside 0s a tile is open, so the look is that number wherever it shows. The emoji
    // clone lights the number under the pointer on a blue square (a question mark to the
    // model), and its small 1s at 25 px stayed in doubt with covered tiles at first.
    // Beside 0s on the numbers' face, only one drawn in the ink of the board's sure looks of
    // its number: a mark of another ink over the tile need not be that number.
    let numbers = numbers_or_covered(reading);
    let cols = reading.grid.cols;
    let walls = walls_of(reading, families, settled, &doubted, &numbers);
    let leans = |family: usize, wall: Wall| match faces[family] {
        ZeroFace::OfItsOwn => wall != Wall::None,
        ZeroFace::TheNumbers => wall == Wall::Inked,
        ZeroFace::Unmeasured => false,
    };
    keep_walled_in(reading, families, &walls, &leans, &mut walled);
    let tiles = (reading.look_of.iter())
        .filter(|&&look| walled[families.of[look]])
        .count();
    if tiles < MIN_TILES {
        return Vec::new();
    }
    // The looks of those beside the 0s, read as their numbers.
    let is_walled = |p: Pos| walled[families.of[reading.look_of[p.row * cols + p.col]]];
    let beside: Vec<&NumberInDoubt> = (numbers.iter())
        .filter(|number| {
            (number.cells.iter())
                .any(|&(row, col)| reading.board.neighbors(Pos::new(row, col)).any(is_walled))
        })
        .collect();
    let mut board = as_zeros(reading, families, &walled);
    for number in &beside {
        for &(row, col) in &number.cells {
            board.set(Pos::new(row, col), Cell::Number(number.number));
        }
    }
    // The doubt's other labelling may have held only with other families changed too.
    if !is_possible(&board) {
        return Vec::new();
    }
    for number in &beside {
        tracing::debug!(
            look = number.look,
            number = number.number,
            "board-level reading: a number in doubt with a covered tile beside 0s walled in, read"
        );
        reading.relabel(number.look, TileClass::Number(number.number), 1.0);
    }
    reading
        .doubt
        .retain(|doubt| !beside.iter().any(|number| number.look == doubt.look));
    let zero = TileClass::Number(0);
    let read_covered = |f: usize| walled[f] && (settled[f] != zero || twins[f] || digit_twins[f]);
    for look in (0..reading.looks.len()).filter(|&l| read_covered(families.of[l])) {
        // As sure as the classifier was of the 0: the board named no likelier reading.
        let family = &families.verdicts[families.of[look]];
        let confidence = family.prob(zero);
        reading.relabel(look, zero, confidence);
    }
    reading
        .doubt
        .retain(|doubt| !walled[families.of[doubt.look]]);
    for (family, class) in settled.iter_mut().enumerate() {
        if walled[family] {
            *class = TileClass::Number(0);
        }
    }
    tracing::debug!(
        tiles,
        "board-level reading: empty tiles on a face of their own, walled in by numbers, read as 0s"
    );
    (pressed.iter().copied())
        .filter(|&index| twins[families.of[reading.look_of[index]]])
        .collect()
}

/// For each family, whether the labelling read it as 0s and covered every tile of it as drawn
/// pressed (`pressed_tiles`, a count per family), while it is of the colour of a family still
/// `walled`: the same square sampled at another phase of a fractional pitch, its 0s pressed only
/// because they touch the squares read as covered. The emoji clone's white squares in forced
/// dark at 45 px: one look a flag to the model (read covered, in doubt with a 0), the other a 0,
/// and 22 tiles of a board in play stayed in doubt. Such a twin is walled in with them or not at
/// all.
fn pressed_twins(
    reading: &Reading,
    families: &Families,
    settled: &[TileClass],
    pressed_tiles: &[usize],
    walled: &[bool],
) -> Vec<bool> {
    let tiles = families.cells(reading);
    let centre = |family: usize| centre_median(&reading.pixels[families.first[family]]);
    (0..settled.len())
        .map(|family| {
            pressed_tiles[family] > 0
                && pressed_tiles[family] == tiles[family]
                && settled[family] == TileClass::Number(0)
                && (0..settled.len()).any(|other| {
                    walled[other] && apart(centre(family), centre(other)) < OTHER_COLOUR
                })
        })
        .collect()
}

/// For each family, whether it is in doubt only between one number and a 0 (or a covered
/// tile as well), read as that
/// number by the labelling but not by the classifier, in an ink clearly unlike the board's sure
/// looks of that number (`digit_inks`), while it is of the colour of a family still `walled`:
/// the same square sampled at another phase of a fractional pitch, its shading taken for a
/// digit. The emoji clone's white squares in Chromium's forced dark at 50 px: one look a "2" to
/// the labelling (a flag to the model, too many for the 1s beside it; a 2 nearly as likely)
/// beside the board's sure green 2s, the other in doubt between a covered tile and a 0, and the
/// board's 42 0s stayed in doubt. Each number in one ink, such a look is no number; it is
/// walled in with the squares of its colour or not at all, and the board must hold with it 0s.
fn digit_twins(
    reading: &Reading,
    families: &Families,
    settled: &[TileClass],
    doubted: &[bool],
    walled: &[bool],
) -> Vec<bool> {
    let tile = |family: usize| &reading.pixels[families.first[family]];
    let centre = |family: usize| centre_median(tile(family));
    // One number and a 0, and perhaps a covered tile: the same squares lit under the pointer.
    let number_or_zero = |classes: &[TileClass]| {
        let mut numbers = (classes.iter()).filter_map(|c| match c {
            TileClass::Number(n @ 1..=8) => Some(*n),
            _ => None,
        });
        let (Some(number), None) = (numbers.next(), numbers.next()) else {
            return None;
        };
        let rest =
            (classes.iter()).all(|c| matches!(c, TileClass::Unrevealed | TileClass::Number(_)));
        (rest && classes.contains(&TileClass::Number(0))).then_some(number)
    };
    let sure_of = |number: u8| {
        (0..settled.len()).filter(move |&f| {
            settled[f] == TileClass::Number(number)
                && !doubted[f]
                && families.verdicts[f].class == TileClass::Number(number)
        })
    };
    let mut twins = vec![false; settled.len()];
    for doubt in &reading.doubt {
        let family = families.of[doubt.look];
        let Some(number) = number_or_zero(&doubt.classes) else {
            continue;
        };
        let own_ink = ink(tile(family));
        let unlike_the_sure = sure_of(number).next().is_some()
            && sure_of(number).all(|sure| {
                inks_differ(own_ink, ink(tile(sure)))
                    || other_ink_on_one_face(tile(family), tile(sure))
            });
        twins[family] = settled[family] == TileClass::Number(number)
            && families.verdicts[family].class != TileClass::Number(number)
            && unlike_the_sure
            && (0..settled.len())
                .any(|other| walled[other] && apart(centre(family), centre(other)) < OTHER_COLOUR);
    }
    twins
}

/// Each tile's [`Wall`] (row by row): whether it shows one of `numbers`, and if so whether in
/// the ink of the board's sure looks (`settled` and not `doubted`) of its number.
fn walls_of(
    reading: &Reading,
    families: &Families,
    settled: &[TileClass],
    doubted: &[bool],
    numbers: &[NumberInDoubt],
) -> Vec<Wall> {
    let cols = reading.grid.cols;
    let sure_ink = |number: u8| {
        (0..settled.len())
            .filter(|&f| settled[f] == TileClass::Number(number) && !doubted[f])
            .find_map(|f| ink(&reading.pixels[families.first[f]]))
    };
    let mut walls = vec![Wall::None; reading.look_of.len()];
    for number in numbers {
        let own = ink(&reading.pixels[number.look]);
        let inked = own.is_some()
            && sure_ink(number.number).is_some_and(|sure| !inks_differ(own, Some(sure)));
        for &(row, col) in &number.cells {
            walls[row * cols + col] = if inked { Wall::Inked } else { Wall::Unsure };
        }
    }
    walls
}

/// What a tile beside 0s shows of a look in doubt only between one number and a covered tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wall {
    /// No such look.
    None,
    /// Such a look, drawn in the ink of the board's sure looks of its number.
    Inked,
    /// Such a look, in another ink or one not measured.
    Unsure,
}

/// A look in doubt only between one number and a covered tile.
struct NumberInDoubt {
    look: usize,
    /// Its tiles, (row, column).
    cells: Vec<(usize, usize)>,
    /// The number, 1 to 8.
    number: u8,
}

/// The looks in doubt only between one number 1 to 8 and a covered tile, a question mark or a
/// flag: marks on covered tiles, which no tile beside a 0 is (the emoji clone lights the "2"
/// under the pointer on a blue square: a question mark or a flag to the model).
fn numbers_or_covered(reading: &Reading) -> Vec<NumberInDoubt> {
    (reading.doubt.iter())
        .filter_map(|doubt| {
            let mut numbers = (doubt.classes.iter()).filter_map(|c| match c {
                TileClass::Number(n @ 1..=8) => Some(*n),
                _ => None,
            });
            let (Some(number), None) = (numbers.next(), numbers.next()) else {
                return None;
            };
            let rest_covered = (doubt.classes.iter()).all(|c| {
                matches!(
                    c,
                    TileClass::Unrevealed | TileClass::Question | TileClass::Flag
                ) || *c == TileClass::Number(number)
            });
            rest_covered.then(|| NumberInDoubt {
                look: doubt.look,
                cells: doubt.cells.clone(),
                number,
            })
        })
        .collect()
}

/// Drops from `walled` (a flag per family) each family one of whose tiles touches anything but
/// a sure number (one in no doubt), a tile of `walls` (row by row) the family `leans` on, or a
/// tile of a family still in `walled`, until none is dropped: those left are walled in by
/// numbers, as a cascade of 0s leaves them.
fn keep_walled_in(
    reading: &Reading,
    families: &Families,
    walls: &[Wall],
    leans: &dyn Fn(usize, Wall) -> bool,
    walled: &mut [bool],
) {
    let cols = reading.grid.cols;
    let mut in_doubt_cells = vec![false; reading.look_of.len()];
    for (row, col) in reading.doubt_cells() {
        in_doubt_cells[row * cols + col] = true;
    }
    let family_at = |p: Pos| families.of[reading.look_of[p.row * cols + p.col]];
    loop {
        let mut dropped = false;
        for (index, &look) in reading.look_of.iter().enumerate() {
            let family = families.of[look];
            if !walled[family] {
                continue;
            }
            let pos = Pos::new(index / cols, index % cols);
            let walled_in = reading.board.neighbors(pos).all(|q| {
                walled[family_at(q)]
                    || leans(family, walls[q.row * cols + q.col])
                    || (matches!(reading.board.get(q), Cell::Number(_))
                        && !in_doubt_cells[q.row * cols + q.col])
            });
            if !walled_in {
                walled[family] = false;
                dropped = true;
            }
        }
        if !dropped {
            break;
        }
    }
}

/// `reading`'s board with every tile of the families `zeros` (a flag per family) read as 0.
pub(super) fn as_zeros(reading: &Reading, families: &Families, zeros: &[bool]) -> Board {
    let mut board = reading.board.clone();
    for (index, &look) in reading.look_of.iter().enumerate() {
        if zeros[families.of[look]] {
            board.set_index(index, Cell::Number(0));
        }
    }
    board
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;
    use crate::skin::testing::{
        a_family_a_look, drawn, tile_with_ink, two, BLUE, GRASS, SAND, WHITE,
    };
    use crate::vision::tiles::TileImage;
    use crate::vision::{Doubt, Verdict};

    /// `rows` (`.` covered, `1`/`2` numbers, `w` a white square the classifier takes for a flag)
    /// with the white squares in doubt between a covered tile, a flag and a 0, read as covered;
    /// settled by the rule. Returns the class the white squares end with and whether they are
    /// still in doubt.
    fn settle_white_squares(rows: &[&str]) -> (TileClass, bool) {
        let text: Vec<String> = rows.iter().map(|r| r.replace('w', ".")).collect();
        let mut reading = Reading::of_board(parse_board(&(text.join("\n") + "\n")).unwrap());
        let look = |c: char| match c {
            '.' => 0,
            '1' => 1,
            '2' => 2,
            _ => 3,
        };
        reading.grid.cols = rows[0].len();
        reading.look_of = rows.iter().flat_map(|r| r.chars().map(look)).collect();
        reading.looks = vec![
            Verdict::certain(TileClass::Unrevealed),
            Verdict::certain(TileClass::Number(1)),
            Verdict::certain(TileClass::Number(2)),
            Verdict::from_probs(&[(TileClass::Flag, 0.6), (TileClass::Number(0), 0.4)])
                .settled(TileClass::Unrevealed),
        ];
        reading.pixels = vec![
            tile_with_ink(GRASS, GRASS),
            tile_with_ink(SAND, BLUE),
            tile_with_ink(SAND, BLUE),
            tile_with_ink(WHITE, WHITE),
        ];
        let (mut reading, families, mut settled) = a_family_a_look(reading);
        let cells = reading.cells_showing(|l| l == 3);
        reading.doubt = vec![Doubt {
            look: 3,
            classes: vec![TileClass::Unrevealed, TileClass::Flag, TileClass::Number(0)],
            cells,
        }];
        let faces = [
            ZeroFace::Unmeasured,
            ZeroFace::Unmeasured,
            ZeroFace::Unmeasured,
            ZeroFace::OfItsOwn,
        ];
        settle_walled_in_zeros(&mut reading, &families, &faces, &mut settled, &[]);
        (settled[3], reading.doubt_of(3).is_some())
    }

    #[test]
    fn squares_that_as_flags_would_be_more_than_the_numbers_count_are_zeros() {
        // A column of them beside 1s at the board's edge: each 1 would see three flags.
        let (class, in_doubt) = settle_white_squares(&[".1w"; 6]);
        assert_eq!((class, in_doubt), (TileClass::Number(0), false));
    }

    /// A 5x6 board read as `text`, a pocket in its middle row walled in by 1s: the looks of
    /// `middle` (`w` a white square, to the model a flag at 0.6, read as covered; any other
    /// letter a fourth look, read by the classifier as `fourth`, drawn as `fourth_tile`), each
    /// look of `doubts` in doubt between its classes; settled by the rule with the white
    /// squares and the fourth look on a face of their own, the tiles of `pressed` (row by row)
    /// read as covered drawn pressed. Returns the reading, the classes settled and the pressed
    /// tiles read as 0s.
    fn settle_pocket(
        text: &str,
        middle: &str,
        fourth: Verdict,
        fourth_tile: TileImage,
        doubts: &[(usize, Vec<TileClass>)],
        pressed: &[usize],
    ) -> (Reading, Vec<TileClass>, Vec<usize>) {
        settle_pocket_labelled(
            text,
            middle,
            (fourth, fourth.class),
            fourth_tile,
            doubts,
            pressed,
        )
    }

    /// [`settle_pocket`] with the fourth look labelled by the board (`fourth.1`) otherwise
    /// than the classifier read it (`fourth.0`).
    fn settle_pocket_labelled(
        text: &str,
        middle: &str,
        fourth: (Verdict, TileClass),
        fourth_tile: TileImage,
        doubts: &[(usize, Vec<TileClass>)],
        pressed: &[usize],
    ) -> (Reading, Vec<TileClass>, Vec<usize>) {
        let (fourth, labelled) = fourth;
        let mut reading = Reading::of_board(parse_board(text).unwrap());
        let look = |c: char| match c {
            '.' => 0,
            '1' => 1,
            'w' => 2,
            _ => 3,
        };
        let rows = ["......", ".1111.", middle, ".1111.", "......"];
        reading.look_of = rows.iter().flat_map(|r| r.chars().map(look)).collect();
        reading.looks = vec![
            Verdict::certain(TileClass::Unrevealed),
            Verdict::certain(TileClass::Number(1)),
            Verdict::from_probs(&[(TileClass::Flag, 0.6), (TileClass::Number(0), 0.4)])
                .settled(TileClass::Unrevealed),
            fourth,
        ];
        reading.pixels = vec![
            tile_with_ink(GRASS, GRASS),
            tile_with_ink(SAND, BLUE),
            tile_with_ink(WHITE, WHITE),
            fourth_tile,
        ];
        let (mut reading, families, mut settled) = a_family_a_look(reading);
        settled[3] = labelled;
        for (look, classes) in doubts {
            let cells = reading.cells_showing(|l| l == *look);
            reading.doubt.push(Doubt {
                look: *look,
                classes: classes.clone(),
                cells,
            });
        }
        let faces = [
            ZeroFace::Unmeasured,
            ZeroFace::Unmeasured,
            ZeroFace::OfItsOwn,
            ZeroFace::OfItsOwn,
        ];
        let reopened =
            settle_walled_in_zeros(&mut reading, &families, &faces, &mut settled, pressed);
        (reading, settled, reopened)
    }

    /// A pocket of two looks, `w` (in doubt between a covered tile and a 0) and `x` (a flag
    /// to the model at 0.6 as well, read as one, in doubt between a flag and a 0, its face
    /// `flag_face`). Returns the classes the two end with and whether any doubt is left.
    fn settle_two_looks_of_a_pocket(flag_face: [u8; 3]) -> ([TileClass; 2], bool) {
        let flag = Verdict::from_probs(&[(TileClass::Flag, 0.6), (TileClass::Number(0), 0.4)]);
        let (reading, settled, _) = settle_pocket(
            "......\n.1111.\n.1.F1.\n.1111.\n......\n",
            ".1wx1.",
            flag,
            tile_with_ink(flag_face, flag_face),
            &[
                (2, vec![TileClass::Unrevealed, TileClass::Number(0)]),
                (3, vec![TileClass::Flag, TileClass::Number(0)]),
            ],
            &[],
        );
        ([settled[2], settled[3]], !reading.doubt.is_empty())
    }

    #[test]
    fn a_square_read_as_a_flag_of_the_colour_of_squares_read_as_covered_is_a_0_with_them() {
        // The emoji clone's white squares in forced dark at 25 px, sampled at two phases: one
        // look a flag to the model, the other a covered tile, one pocket walled in by 1s. As
        // a flag the first would be no more than the 1s count; of the second look's colour, it
        // is the same square: both 0s.
        assert_eq!(
            settle_two_looks_of_a_pocket([240; 3]),
            ([TileClass::Number(0); 2], false)
        );
        // Of another colour (red), the flag look may be a player's flag, and the covered look
        // beside it is walled in by no number there: both stay in doubt.
        assert_eq!(
            settle_two_looks_of_a_pocket([200, 40, 40]),
            ([TileClass::Unrevealed, TileClass::Flag], true)
        );
    }

    /// A pocket of two looks, `w` (in doubt between a covered tile and a 0, read as covered)
    /// and `x` (a 0 to the model, read as one, drawn `x_face`), the `x` tile covered as drawn
    /// pressed: it touches a `w` read as covered. Returns the classes the two end with, the
    /// board's cell at `x`, whether any doubt is left and the pressed tiles read as 0s.
    fn settle_a_pressed_twin(x_face: [u8; 3]) -> ([TileClass; 2], Cell, bool, Vec<usize>) {
        let zero = Verdict::from_probs(&[(TileClass::Number(0), 0.7), (TileClass::Flag, 0.3)]);
        let (reading, settled, reopened) = settle_pocket(
            "......\n.1111.\n.1..1.\n.1111.\n......\n",
            ".1wx1.",
            zero,
            tile_with_ink(x_face, x_face),
            &[(2, vec![TileClass::Unrevealed, TileClass::Number(0)])],
            &[2 * 6 + 3],
        );
        let x = reading.board.get(Pos::new(2, 3));
        (
            [settled[2], settled[3]],
            x,
            !reading.doubt.is_empty(),
            reopened,
        )
    }

    #[test]
    fn a_pressed_0_of_the_colour_of_squares_in_doubt_is_walled_in_with_them() {
        // The emoji clone's white squares in forced dark at 45 px, sampled at two phases: one
        // look a flag to the model (read as covered, in doubt with a 0), the other a 0, covered
        // as drawn pressed because it touches the first. One square, one pocket: both 0s.
        assert_eq!(
            settle_a_pressed_twin(WHITE),
            ([TileClass::Number(0); 2], Cell::Number(0), false, vec![15])
        );
        // Of another colour, the pressed tile is no twin: it stays covered, and the square
        // beside it, walled in by no number there, stays in doubt.
        assert_eq!(
            settle_a_pressed_twin(GRASS),
            (
                [TileClass::Unrevealed, TileClass::Number(0)],
                Cell::Unrevealed,
                true,
                vec![]
            )
        );
    }

    #[test]
    fn a_number_in_doubt_with_a_covered_tile_walls_0s_in_and_is_read_beside_them() {
        // The emoji clone lights the number under the pointer on a blue square, a question
        // mark to the model (or a flag, nearly as likely): the "1" at (2, 4) in doubt between
        // a 1 and those marks. Beside the pocket of white squares it is open, so it is a 1, and
        // the pocket is 0s.
        let lit = Verdict::from_probs(&[(TileClass::Question, 0.6), (TileClass::Number(1), 0.4)]);
        for marks in [
            vec![TileClass::Question],
            vec![TileClass::Question, TileClass::Flag],
        ] {
            let (reading, settled, _) = settle_pocket(
                "......\n.1111.\n.1..?.\n.1111.\n......\n",
                ".1wwl.",
                lit,
                tile_with_ink(BLUE, WHITE),
                &[
                    (2, vec![TileClass::Unrevealed, TileClass::Number(0)]),
                    (3, [marks, vec![TileClass::Number(1)]].concat()),
                ],
                &[],
            );
            assert_eq!(settled[2], TileClass::Number(0));
            assert_eq!(reading.board.get(Pos::new(2, 4)), Cell::Number(1));
            assert!(reading.doubt.is_empty(), "{:?}", reading.doubt);
        }
    }

    /// A pocket of two looks, `w` (in doubt between a covered tile and a 0) and `x` (a flag to
    /// the model, read as a 1 by the labelling, in doubt between a 1 and a 0: a white square
    /// with `ink` drawn on it). Returns the classes the two end with and whether any doubt is
    /// left.
    fn settle_a_square_read_as_a_one(ink: [u8; 3]) -> ([TileClass; 2], bool) {
        let flag = Verdict::from_probs(&[
            (TileClass::Flag, 0.6),
            (TileClass::Number(1), 0.3),
            (TileClass::Number(0), 0.1),
        ]);
        let (reading, settled, _) = settle_pocket_labelled(
            "......\n.1111.\n.1.11.\n.1111.\n......\n",
            ".1wx1.",
            (flag, TileClass::Number(1)),
            drawn(WHITE, ink, two),
            &[
                (2, vec![TileClass::Unrevealed, TileClass::Number(0)]),
                (3, vec![TileClass::Number(1), TileClass::Number(0)]),
            ],
            &[],
        );
        ([settled[2], settled[3]], !reading.doubt.is_empty())
    }

    #[test]
    fn a_square_read_as_a_number_in_another_ink_than_its_sure_looks_is_a_0_with_its_twin() {
        // The emoji clone's white squares in forced dark at 50 px, sampled at two phases: one
        // look in doubt between a covered tile and a 0, the other read as a "2" beside the
        // board's sure green 2s, its grey shading the only "ink". Each number in one ink: no
        // number, the same square as the first, both 0s.
        assert_eq!(
            settle_a_square_read_as_a_one([150; 3]),
            ([TileClass::Number(0); 2], false)
        );
        // Drawn in the ink of the board's sure 1s, it may be a 1: both stay in doubt.
        let (classes, in_doubt) = settle_a_square_read_as_a_one(BLUE);
        assert_eq!(classes[1], TileClass::Number(1));
        assert!(in_doubt);
    }

    #[test]
    fn squares_the_numbers_could_count_as_flags_stay_in_doubt() {
        // Two of them at the board's edge beside 2s that count them exactly: a player's two
        // flags on mines as well as two 0s (the 2s' mines then the covered column).
        let rows = [".2w", ".2w"];
        let (class, in_doubt) = settle_white_squares(&rows);
        assert_eq!((class, in_doubt), (TileClass::Unrevealed, true));
    }
}
