//! Mines shown after a loss, in looks the classifier may not know: symbols read as covered
//! tiles or digits that may be mines, settled as shown mines where the board and their face
//! say so, and left in doubt where they do not.

use super::doubt::add_doubt;
use super::families::Families;
use super::rules::is_possible;
use super::symbols::{on_open_face, overruled_symbols, own_face, shown_mine, unnamed_symbols};
use crate::board::{Cell, Pos};
use crate::vision::{Reading, TileClass};

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
        unnamed[family] = holds_with(reading, |l| families.of[l] == family, Cell::Mine);
    }
    // Symbols on the open face that the board holds as shown mines are read as such.
    let open = on_open_face(&reading.pixels, families, settled, &unnamed);
    if open.iter().any(|&o| o) && holds_with(reading, |l| open[families.of[l]], Cell::Mine) {
        for family in (0..settled.len()).filter(|&f| open[f]) {
            let mine = shown_mine(&families.verdicts[family]);
            tracing::debug!(family, ?mine, "a symbol on the open face: a shown mine");
            let cells = reading.cells_showing(|l| families.of[l] == family);
            reading.doubt.retain(|d| d.cells != cells);
            relabel_family(reading, families, family, mine);
            unnamed[family] = false;
        }
    }
    for (family, _) in unnamed.iter().enumerate().filter(|(_, &u)| u) {
        let look = families.first[family];
        tracing::debug!(
            family,
            look,
            "a symbol read as a covered tile: in doubt, maybe a mine"
        );
        add_family_doubt(reading, families, family, settled[family], TileClass::Mine);
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
    if !holds_with(reading, |l| families.of[l] == family, Cell::Exploded) {
        return;
    }
    tracing::debug!(
        family,
        "a digit on a face of its own on a lost board: the exploded mine"
    );
    relabel_family(reading, families, family, TileClass::Exploded);
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
        add_family_doubt(reading, families, family, reading.looks[look].class, mine);
    }
}

/// Whether the board holds with the cells of the looks `pick` accepts read as `cell`.
fn holds_with(reading: &Reading, pick: impl Fn(usize) -> bool, cell: Cell) -> bool {
    let mut board = reading.board.clone();
    for (row, col) in reading.cells_showing(pick) {
        board.set(Pos { row, col }, cell);
    }
    is_possible(&board)
}

/// Reads every look of `family` as `class`.
fn relabel_family(reading: &mut Reading, families: &Families, family: usize, class: TileClass) {
    for look in (0..families.of.len()).filter(|&l| families.of[l] == family) {
        reading.relabel(look, class, 1.0);
    }
}

/// Puts `family`'s cells in doubt between `read` and `other`, or adds `other` to the doubt they
/// are already in.
fn add_family_doubt(
    reading: &mut Reading,
    families: &Families,
    family: usize,
    read: TileClass,
    other: TileClass,
) {
    let cells = reading.cells_showing(|l| families.of[l] == family);
    add_doubt(reading, families.first[family], cells, read, other);
}
