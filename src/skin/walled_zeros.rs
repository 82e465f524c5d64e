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

use super::colours::{apart, centre_median};
use super::families::Families;
use super::rules::is_possible;
use crate::board::{Cell, Pos};
use crate::vision::{Reading, TileClass};

/// How far apart (channel differences summed) the centres of the walled-in look and of every
/// covered look read surely must be: white against blue, not grain against grain.
const OTHER_COLOUR: i32 = 150;

/// How many tiles must show the walled-in looks together.
const MIN_TILES: usize = 2;

/// Settles as 0 each family in doubt only between a covered tile and a 0, on a face the board's
/// evidence finds no empty tile of the numbers' face (`own_face`), that is walled in by numbers
/// on a colour of its own (the module's rules); `settled` follows. A family with a tile the
/// labelling read as covered drawn pressed (`pressed`, row by row) is left as it is.
pub(super) fn settle_walled_in_zeros(
    reading: &mut Reading,
    families: &Families,
    own_face: &[bool],
    settled: &mut [TileClass],
    pressed: &[usize],
) {
    let doubted = families.in_doubt(reading);
    let zero_or_covered = |classes: &[TileClass]| {
        classes.len() == 2
            && classes.contains(&TileClass::Unrevealed)
            && classes.contains(&TileClass::Number(0))
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
    // A family one of whose tiles touches anything but a sure number or a candidate's tile is
    // dropped, and the others are looked at again without it.
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
    let tiles = (reading.look_of.iter())
        .filter(|&&look| walled[families.of[look]])
        .count();
    if tiles < MIN_TILES {
        return;
    }
    // The doubt's other labelling may have held only with other families changed too.
    let mut board = reading.board.clone();
    for (index, &look) in reading.look_of.iter().enumerate() {
        if walled[families.of[look]] {
            board.set_index(index, Cell::Number(0));
        }
    }
    if !is_possible(&board) {
        return;
    }
    let zero = TileClass::Number(0);
    let read_covered = |f: usize| walled[f] && settled[f] != zero;
    for look in (0..reading.looks.len()).filter(|&l| read_covered(families.of[l])) {
        // As sure as the classifier was of the 0: the board named no likelier reading.
        let family = &families.verdicts[families.of[look]];
        let confidence = zero.index().map_or(0.0, |i| family.probs[i]);
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
