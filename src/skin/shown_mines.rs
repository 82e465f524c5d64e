//! Mines shown after a loss, in looks the classifier may not know: symbols read as covered
//! tiles or digits that may be mines, settled as shown mines where the board and their face
//! say so, and left in doubt where they do not.

use super::families::Families;
use super::rules::is_possible;
use super::symbols::{on_open_face, overruled_symbols, own_face, shown_mine, unnamed_symbols};
use crate::board::{Cell, Pos};
use crate::vision::{Doubt, Reading, TileClass};

/// A digit read on a board that shows mines is in doubt when the classifier gave a shown mine at
/// least this share of the digit's probability (odds of 1 to 1000).
const MINE_LIKE: f64 = 1e-3;
/// The exploded mine must be among the classifier's this many likeliest classes for a look.
const EXPLODED_RANK: usize = 4;

/// Settles, after the labelling (`settled`, each family's class), the looks that may be mines
/// shown after a loss:
/// - a look read as covered that shows a symbol the reading could not name (`symbols`), or read
///   as covered against the classifier's digit or mine, where the board holds with it read as a
///   shown mine: a shown mine if it sits on the open face (`on_open_face`), else in doubt
///   between a covered tile and a mine;
/// - on a board that shows mines, a look read as a digit that the classifier found about as
///   likely a mine (`MINE_LIKE`): in doubt between the two. A lost game gets no advice either
///   way, but a mine is never read as a number for sure.
pub fn read_symbols(reading: &mut Reading, families: &Families, settled: &[TileClass]) {
    let mut cells = vec![0; settled.len()];
    for &look in &reading.look_of {
        cells[families.of[look]] += 1;
    }
    let mut unnamed = unnamed_symbols(&reading.pixels, families, settled, &cells);
    let overruled = overruled_symbols(&reading.pixels, families, settled);
    for family in 0..settled.len() {
        if !overruled[family] || unnamed[family] {
            continue;
        }
        let mut board = reading.board.clone();
        for (row, col) in reading.cells_showing(|l| families.of[l] == family) {
            board.set(Pos { row, col }, Cell::Mine);
        }
        unnamed[family] = is_possible(&board);
    }
    // Symbols on the open face that the board holds as shown mines are read as such.
    let open = on_open_face(&reading.pixels, families, settled, &unnamed);
    if open.iter().any(|&o| o) {
        let mut board = reading.board.clone();
        for (row, col) in reading.cells_showing(|l| open[families.of[l]]) {
            board.set(Pos { row, col }, Cell::Mine);
        }
        if is_possible(&board) {
            for family in (0..settled.len()).filter(|&f| open[f]) {
                let mine = shown_mine(&families.verdicts[family]);
                tracing::debug!(family, ?mine, "a symbol on the open face: a shown mine");
                let cells = reading.cells_showing(|l| families.of[l] == family);
                reading.doubt.retain(|d| d.cells != cells);
                for look in (0..families.of.len()).filter(|&l| families.of[l] == family) {
                    reading.relabel(look, mine, 1.0);
                }
                unnamed[family] = false;
            }
        }
    }
    for (family, _) in unnamed.iter().enumerate().filter(|(_, &u)| u) {
        let look = families.first[family];
        tracing::debug!(
            family,
            look,
            "a symbol read as a covered tile: in doubt, maybe a mine"
        );
        let cells = reading.cells_showing(|l| families.of[l] == family);
        match reading.doubt.iter_mut().find(|d| d.cells == cells) {
            Some(doubt) => doubt.classes.push(TileClass::Mine),
            None => reading.doubt.push(Doubt {
                look,
                classes: vec![settled[family], TileClass::Mine],
                cells,
            }),
        }
    }
    if reading.board.shows_mines() {
        read_exploded(reading, families, &cells);
        doubt_mine_like_digits(reading, families);
    }
}

/// On a board that shows mines and no exploded one, reads as the exploded mine the one look
/// that a game draws so: shown on a single tile, read as a digit while the classifier still
/// counts the exploded mine among its likelier classes, on a face of its own (its edge ring far
/// from every other look's: neither an open tile's nor a covered one's, as a red tile is). A
/// lost game marks the mine that ended it, and only that one.
fn read_exploded(reading: &mut Reading, families: &Families, cells: &[usize]) {
    let board = &reading.board;
    if board.positions().any(|p| board.get(p) == Cell::Exploded) {
        return;
    }
    let candidates: Vec<usize> = (0..families.first.len())
        .filter(|&family| {
            let look = families.first[family];
            let verdict = &families.verdicts[family];
            let exploded = TileClass::Exploded
                .index()
                .map_or(0.0, |i| verdict.probs[i]);
            let likelier = verdict.probs.iter().filter(|&&p| p > exploded).count();
            cells[family] == 1
                && matches!(reading.looks[look].class, TileClass::Number(1..))
                && likelier < EXPLODED_RANK
                && own_face(&reading.pixels, families, family)
        })
        .collect();
    let [family] = candidates[..] else {
        return;
    };
    let mut board = reading.board.clone();
    for (row, col) in reading.cells_showing(|l| families.of[l] == family) {
        board.set(Pos { row, col }, Cell::Exploded);
    }
    if !is_possible(&board) {
        return;
    }
    tracing::debug!(
        family,
        "a digit on a face of its own on a lost board: the exploded mine"
    );
    for look in (0..families.of.len()).filter(|&l| families.of[l] == family) {
        reading.relabel(look, TileClass::Exploded, 1.0);
    }
}

/// On a board that shows mines, leaves in doubt between their digit and a shown mine the looks
/// read as digits to which the classifier gave a shown mine at least `MINE_LIKE` of the digit's
/// probability: an exploded mine in a colour the classifier never saw, read as a "6".
fn doubt_mine_like_digits(reading: &mut Reading, families: &Families) {
    for (family, verdict) in families.verdicts.iter().enumerate() {
        let look = families.first[family];
        let TileClass::Number(1..) = reading.looks[look].class else {
            continue;
        };
        let p = |class: TileClass| class.index().map_or(0.0, |i| f64::from(verdict.probs[i]));
        let digit = p(reading.looks[look].class);
        let mine = shown_mine(verdict);
        if p(mine) < MINE_LIKE * digit {
            continue;
        }
        tracing::debug!(
            family,
            look,
            ?mine,
            "a digit on a lost board that may be a mine"
        );
        let cells = reading.cells_showing(|l| families.of[l] == family);
        match reading.doubt.iter_mut().find(|d| d.cells == cells) {
            Some(doubt) => doubt.classes.push(mine),
            None => reading.doubt.push(Doubt {
                look,
                classes: vec![reading.looks[look].class, mine],
                cells,
            }),
        }
    }
}
