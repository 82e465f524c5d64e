//! Empty tiles drawn as a symbol of their own (an emoji clone's white square on a dark page),
//! settled as 0s where the board shows them walled in by numbers, as only a cascade leaves them.
//!
//! The board's evidence that a look is no empty tile rests on a skin drawing its empty tile as
//! the numbers' face without a digit. Where the classifier takes a look for a 0 against that
//! evidence, or finds it nearly as likely covered, and the board holds either way, `labelling`
//! leaves it in doubt with a covered tile, and no advice rests on the numbers around it. That
//! doubt is settled as 0 where together:
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
//! The doubt may hold a flag as well (the emoji clone's white squares in forced dark are flags
//! to the model). A player's flags on the mines of a pocket walled in by numbers are a real
//! position, so such a look is settled only where, as flags, its tiles would give a number
//! more flags than it counts.

use super::colours::{apart, centre_median};
use super::families::Families;
use super::rules::{is_possible, unsure_flags_over_count};
use crate::board::{Board, Cell, Pos};
use crate::vision::{Reading, TileClass};

/// How far apart (channel differences summed) the centres of the walled-in look and of every
/// covered look read surely must be: white against blue, not grain against grain.
pub(super) const OTHER_COLOUR: i32 = 150;

/// How many tiles must show the walled-in looks together.
const MIN_TILES: usize = 2;

/// Settles as 0 each family in doubt only between a covered tile and a 0 (or a flag its
/// numbers cannot count), on a face the board's evidence finds no empty tile of the numbers'
/// face (`own_face`), that is walled in by numbers on a colour of its own (the module's rules);
/// `settled` follows. A family with a tile the labelling read as covered drawn pressed
/// (`pressed`, row by row) is left as it is.
pub(super) fn settle_walled_in_zeros(
    reading: &mut Reading,
    families: &Families,
    own_face: &[bool],
    settled: &mut [TileClass],
    pressed: &[usize],
) {
    let doubted = families.in_doubt(reading);
    // A flag may be a third meaning (the emoji clone's white squares are flags to the model),
    // where the family's tiles as flags would give a number more flags than it counts: below.
    let zero_or_covered = |classes: &[TileClass]| {
        classes.contains(&TileClass::Unrevealed)
            && classes.contains(&TileClass::Number(0))
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
            TileClass::Unrevealed | TileClass::Number(0)
        );
        walled[family] = either && own_face[family] && zero_or_covered(&doubt.classes);
    }
    for &index in pressed {
        walled[families.of[reading.look_of[index]]] = false;
    }
    // A family that may be flags stays in doubt unless as flags it is more than the numbers
    // beside it count: a player's flags on mines walled in by numbers are a real position.
    for doubt in &reading.doubt {
        let family = families.of[doubt.look];
        if walled[family] && doubt.classes.contains(&TileClass::Flag) {
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
    let covered: Vec<usize> = (0..settled.len())
        .filter(|&f| settled[f] == TileClass::Unrevealed && !doubted[f])
        .collect();
    if covered.is_empty() {
        return;
    }
    let centre = |family: usize| centre_median(&reading.pixels[families.first[family]]);
    for (family, walled) in walled.iter_mut().enumerate() {
        if *walled {
            let own = centre(family);
            *walled = covered
                .iter()
                .all(|&c| apart(own, centre(c)) >= OTHER_COLOUR);
        }
    }
    keep_walled_in(reading, families, &mut walled);
    let tiles = (reading.look_of.iter())
        .filter(|&&look| walled[families.of[look]])
        .count();
    if tiles < MIN_TILES {
        return;
    }
    // The doubt's other labelling may have held only with other families changed too.
    if !is_possible(&as_zeros(reading, families, &walled)) {
        return;
    }
    let zero = TileClass::Number(0);
    let read_covered = |f: usize| walled[f] && settled[f] != zero;
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
}

/// Drops from `walled` (a flag per family) each family one of whose tiles touches anything but
/// a sure number (one in no doubt) or a tile of a family still in `walled`, until none is
/// dropped: those left are walled in by numbers, as a cascade of 0s leaves its tiles.
fn keep_walled_in(reading: &Reading, families: &Families, walled: &mut [bool]) {
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
    use crate::skin::testing::{a_family_a_look, tile_with_ink, BLUE, GRASS, SAND, WHITE};
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
        let own_face = [false, false, false, true];
        settle_walled_in_zeros(&mut reading, &families, &own_face, &mut settled, &[]);
        (settled[3], reading.doubt_of(3).is_some())
    }

    #[test]
    fn squares_that_as_flags_would_be_more_than_the_numbers_count_are_zeros() {
        // A column of them beside 1s at the board's edge: each 1 would see three flags.
        let (class, in_doubt) = settle_white_squares(&[".1w"; 6]);
        assert_eq!((class, in_doubt), (TileClass::Number(0), false));
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
