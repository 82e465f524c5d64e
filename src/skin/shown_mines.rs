//! Mines shown after a loss, in looks the classifier may not know: symbols read as covered
//! tiles or digits that may be mines, settled as shown mines where the board and their face
//! say so, and left in doubt where they do not.

use super::doubt::add_doubt;
use super::families::{shifted_difference, similar, Families};
use super::forced::weakened_except;
use super::rules::is_possible;
use super::symbols::{
    on_open_face, overruled_symbols, own_face, plain_covered_middle, shown_mine, unnamed_symbols,
};
use crate::board::{Cell, Pos};
use crate::solver::is_consistent;
use crate::vision::{Doubt, Reading, TileClass, Verdict};

/// A digit read on a board that shows mines is in doubt when the classifier gave a shown mine at
/// least this share of the digit's probability (odds of 1 to 1000).
pub(super) const MINE_LIKE: f64 = 1e-3;
/// The exploded mine must be among the classifier's this many likeliest classes for a look.
const EXPLODED_RANK: usize = 4;
/// How much likelier than a flag the classifier must find its own first choice, a digit or a
/// sign only a lost game shows (a shown mine, the exploded one, a wrong flag), for a look the
/// rules settled as a flag to be taken for what it saw rather than a player's flag: 20 to 1,
/// the labelling's own margin of doubt.
const FLAG_ODDS: f32 = 20.0;
/// How much likelier than a flag the classifier must find the signs only a lost game shows,
/// taken together (a shown mine, the exploded one, a wrong flag), for a look the rules settled
/// as a flag to be in doubt whatever its first choice: 5 to 1. A lost game's crossed mine that
/// the classifier splits between a wrong flag and a "2" keeps neither at 20 to 1 over a flag,
/// yet no player's flag looks like a wrong flag that much.
const LOST_SIGN_ODDS: f32 = 5.0;
/// The classifier's probability of the signs only a lost game shows from which a look the rules
/// settled as a flag is in doubt with a mine even where the board does not hold with it as
/// mines: the rounded clone's lost mines (red tiles with a white cross) at 41 px, wrong flags to
/// it at 0.999, were settled as flags on a board that a mine read as a "2" left impossible
/// anyway, and advised as a game in play. A player's flag seen so surely as a lost game's sign
/// costs its board's advice, never a wrong call.
const SURE_LOST_SIGN: f32 = 0.99;

/// Settles, after the labelling (`settled`, each family's class), the looks that may be mines
/// shown after a loss:
/// - a look read as covered that shows a symbol the reading could not name (`symbols`), or read
///   as covered against the classifier's digit or mine, where the board holds with it read as a
///   shown mine: a shown mine if it sits on the open face (`on_open_face`), else in doubt
///   between a covered tile and a mine, unless its picture is, up to noise, that of symbols the
///   board cannot hold as shown mines (the same covered tile at another sampling phase);
/// - a look read as covered, showing no such symbol, that the classifier read as a lost game's
///   sign and all but ruled out as covered (`mine_read_as_covered`): in doubt between the two,
///   whether the board holds with it as shown mines or not;
/// - on a board that shows mines, a look read as a digit that the classifier found about as
///   likely a mine (`MINE_LIKE`): in doubt between the two. A lost game gets no advice either
///   way, but a mine is never read as a number for sure;
/// - a look settled as a flag that the classifier read as a digit or a sign of a lost game, a
///   flag far less likely (`FLAG_ODDS`), or whose lost-game signs together outweigh a flag
///   (`LOST_SIGN_ODDS`), where the board holds with it read as shown mines: in doubt between
///   the two (`flags_the_classifier_saw_otherwise`).
///
/// First, a doubt between a covered tile and a shown mine or a flag on a look whose middle is a
/// plain covered look's is dropped: a mine shows a symbol in the middle, and so does a flag.
///
/// The `hidden` families, under something drawn over the board (`drawn_over`), are read as
/// covered already, and no symbol of theirs is the game's.
pub fn read_symbols(
    reading: &mut Reading,
    families: &Families,
    settled: &[TileClass],
    hidden: &[bool],
) {
    // A covered tile sampled at another phase of a fractional pitch is a look of its own, and
    // the board may allow a column of them as mines too; with a plain covered look's middle,
    // it is no mine. Nor a flag: the emoji clone's fresh board at 23 px (zoom 50%), its blue
    // squares at four phases, had one phase read as covered at 0.54 with a flag next, which a
    // fresh board holds anywhere; in doubt with a flag and a mine, it got no first click.
    let plain = plain_covered_middle(
        &reading.pixels,
        families,
        settled,
        &families.in_doubt(reading),
    );
    drop_symbols_from_plain_doubts(reading, |look| plain[families.of[look]]);
    let cells = families.cells(reading);
    let mut unnamed = unnamed_symbols(&reading.pixels, families, settled, &cells);
    let overruled = overruled_symbols(&reading.pixels, families, settled);
    for family in (0..settled.len()).filter(|&f| hidden[f]) {
        unnamed[family] = false;
    }
    for family in 0..settled.len() {
        if !overruled[family] || unnamed[family] || hidden[family] {
            continue;
        }
        unnamed[family] = may_be_shown_mines(reading, |l| families.of[l] == family);
    }
    // Symbols on the open face that the board holds as shown mines are read as such.
    let open = on_open_face(&reading.pixels, families, settled, &unnamed);
    if open.iter().any(|&o| o) && holds_with(reading, |l| open[families.of[l]], Cell::Mine) {
        for family in (0..settled.len()).filter(|&f| open[f]) {
            let mine = shown_mine(&families.verdicts[family]);
            tracing::debug!(family, ?mine, "a symbol on the open face: a shown mine");
            let cells = reading.cells_showing(|l| families.of[l] == family);
            reading.doubt.retain(|d| d.cells != cells);
            families.relabel(reading, family, mine);
            unnamed[family] = false;
        }
    }
    // A symbol the board cannot hold as shown mines is no mine of a lost game: the covered
    // tiles of a skin that draws them as a shape on the panel its numbers sit on (an emoji
    // square) look like symbols on the open face, but a number beside them counts too few.
    let may_be: Vec<bool> = (0..settled.len())
        .map(|f| unnamed[f] && may_be_shown_mines(reading, |l| families.of[l] == f))
        .collect();
    for family in (0..settled.len()).filter(|&f| unnamed[f]) {
        if !may_be[family] {
            tracing::debug!(family, "a symbol the board cannot hold as a shown mine");
            continue;
        }
        // The same picture, up to noise, as symbols the board cannot hold as mines: a covered
        // tile too, sampled at another phase (the emoji clone at 46 px: every fifth column of
        // its blue squares a look of its own, which the classifier read as covered where it
        // read the rest as an "8").
        let look = families.first[family];
        let covered_alike = (0..settled.len())
            .filter(|&f| unnamed[f] && !may_be[f])
            .any(|f| similar(&reading.pixels[families.first[f]], &reading.pixels[look]).is_some());
        if covered_alike {
            tracing::debug!(family, "a symbol alike the covered symbols: no shown mine");
            continue;
        }
        // The covered tile itself a sample off: the emoji clone's Expert board at 30 px (device
        // scale 0.8, zoom 90%) showed one column of its blue squares, in the rows of one
        // phase, as a look the classifier read as an "8"; seven tiles in doubt as mines left a
        // game in play without advice. A lost game's mines, compared so with its covered tiles,
        // lay 10 or more apart on every capture swept (seeds 449 to 459).
        let covered_shifted = (0..settled.len())
            .filter(|&f| f != family && !unnamed[f] && settled[f] == TileClass::Unrevealed)
            .filter(|&f| families.verdicts[f].class == TileClass::Unrevealed)
            .any(|f| {
                let covered = &reading.pixels[families.first[f]];
                shifted_difference(covered, &reading.pixels[look], |_, _| true) <= PHASE_ALIKE
            });
        if covered_shifted {
            tracing::debug!(
                family,
                "a symbol that is a covered look a sample off: no shown mine"
            );
            continue;
        }
        // Only on a board that shows no mine otherwise: late in a lost game nearly every
        // crossing is open, and its mines could fill one; its exploded mine, read, ends that.
        let phases = !reading.board.shows_mines()
            && on_a_lattice_of_phases(reading, |l| families.of[l] == family);
        if phases {
            tracing::debug!(
                family,
                "a symbol on every crossing of its rows and columns: no shown mine"
            );
            continue;
        }
        tracing::debug!(
            family,
            look,
            "a symbol read as a covered tile: in doubt, maybe a mine"
        );
        add_family_doubt(reading, families, family, settled[family], TileClass::Mine);
    }
    // A look the classifier took for a lost game's sign and all but ruled out as a covered
    // tile, read as covered only because the board holds no other way, even as shown mines,
    // and faint beside its face (no symbol to the pixels, so none of the above): one family
    // may hold two symbols at a small pitch (the table clone's grey bombs and green "2"s in
    // the browser's dark mode at 13 px, a mine to the model at 0.40, a covered tile at under
    // 0.001). Read as covered, its lost board stood as a game in play and got a best guess.
    // In doubt with a mine, it gets none: a board in play so misread loses its advice, never
    // gets a wrong call. (A symbol the pixels show that the board cannot hold as mines is the
    // covered tiles of a skin drawing them as a shape, as above.)
    let faint_sign = |f: usize| {
        settled[f].cell() == Cell::Unrevealed
            && !unnamed[f]
            && !hidden[f]
            && mine_read_as_covered(&families.verdicts[f])
    };
    for family in (0..settled.len()).filter(|&f| faint_sign(f)) {
        tracing::debug!(
            family,
            "a lost game's sign read as covered against the classifier: in doubt, maybe a mine"
        );
        add_family_doubt(reading, families, family, settled[family], TileClass::Mine);
    }
    for family in flags_the_classifier_saw_otherwise(families, settled) {
        // A sign only a lost game shows, seen surely, is in doubt whether or not the board
        // holds with it as mines: where other tiles are misread too (a lost game's mine read
        // as a "2" beside it), it held with neither, and the flags stood, advised on.
        let sure_sign = lost_signs(&families.verdicts[family]) >= SURE_LOST_SIGN;
        if sure_sign || may_be_shown_mines(reading, |l| families.of[l] == family) {
            tracing::debug!(
                family,
                "a flag the classifier saw otherwise: in doubt, maybe a mine"
            );
            add_family_doubt(reading, families, family, TileClass::Flag, TileClass::Mine);
        }
    }
    if reading.board.shows_mines() {
        plain_exploded_crowd(reading, families);
        read_exploded(reading, families, &cells);
        settle_exploded_doubt(reading);
        settle_plain_mines_beside_the_exploded_one(reading);
        doubt_mine_like_digits(reading, families);
    }
}

/// Drops a shown mine and a flag from each doubt on a look with a plain covered middle (`plain`)
/// between covered tiles, empty open tiles, mines and flags, where the board does not show it
/// as either: a mine shows a symbol in its middle, and so does a flag. The doubt ends where one
/// class is left, the one the board shows.
///
/// The table clone in the browser's dark mode at 25.9 px (device scale 1.33), just opened: one
/// column of its covered tiles, at another phase, was an open "0" to the model and in doubt
/// between a 0, a covered tile and a mine (a board in play holds mines on covered tiles
/// anywhere); a doubt with a mine is a lost game's sign, and the board got no advice.
fn drop_symbols_from_plain_doubts(reading: &mut Reading, plain: impl Fn(usize) -> bool) {
    let plain_kind = |c: &TileClass| {
        matches!(
            c.cell(),
            Cell::Unrevealed | Cell::Mine | Cell::Flag | Cell::Number(0)
        )
    };
    let board = &reading.board;
    let symbol = |cell: Cell| matches!(cell, Cell::Mine | Cell::Flag);
    let shows_symbol =
        |d: &Doubt| (d.cells.iter()).any(|&(r, c)| symbol(board.get(Pos::new(r, c))));
    let mut kept = Vec::with_capacity(reading.doubt.len());
    for mut doubt in std::mem::take(&mut reading.doubt) {
        let applies = plain(doubt.look)
            && !doubt.hides_the_tiles()
            && doubt.classes.iter().all(plain_kind)
            && !shows_symbol(&doubt);
        if applies {
            let mut left = doubt.classes.clone();
            left.retain(|c| !symbol(c.cell()));
            let shown = |c: &TileClass| {
                (doubt.cells.iter()).all(|&(r, col)| board.get(Pos::new(r, col)) == c.cell())
            };
            match left.as_slice() {
                [only] if shown(only) => continue,
                [_, _, ..] => doubt.classes = left,
                _ => {}
            }
        }
        kept.push(doubt);
    }
    reading.doubt = kept;
}

/// The families settled as flags (`settled`) that the classifier read as a digit or as a sign
/// only a lost game shows (a shown mine, the exploded one, a wrong flag), a flag at less than
/// 1 to [`FLAG_ODDS`] against that, or whose lost-game signs taken together it found more than
/// [`LOST_SIGN_ODDS`] times likelier than a flag. The rules read no wrong flag where no mine
/// shows, and a digit with too few covered tiles round it may be anything that counts as a
/// mine: a lost game whose mines all look alike (a never-trained web clone's red tiles with a
/// white cross, a wrong flag to the classifier at 41 px, a "2" at 27 px, split between the two
/// at 39 px) settled them as the player's flags, and the board as one in play: its numbers
/// beside them gave safe calls on a game already over. A player's flag the classifier read as
/// a flag, or found nearly as likely one, stays.
fn flags_the_classifier_saw_otherwise<'a>(
    families: &'a Families,
    settled: &'a [TileClass],
) -> impl Iterator<Item = usize> + 'a {
    (0..settled.len()).filter(|&f| {
        let v = &families.verdicts[f];
        let saw_otherwise = matches!(
            v.class,
            TileClass::Number(1..) | TileClass::Mine | TileClass::Exploded | TileClass::WrongFlag
        );
        let flag = v.prob(TileClass::Flag);
        settled[f] == TileClass::Flag
            && ((saw_otherwise && flag * FLAG_ODDS < v.prob(v.class))
                || flag * LOST_SIGN_ODDS < lost_signs(v))
    })
}

/// The classifier's probability of a lost game's signs ([`lost_signs`]) from which a look it
/// all but ruled out as a covered tile ([`NO_COVERED_TILE`]) and the board reads as covered is
/// in doubt with a mine, wherever the board holds with it as mines or not; or where its look
/// reads first as such a sign.
const MINE_READ_AS_COVERED: f32 = 0.25;
/// The classifier's probability of a covered tile under which it all but ruled one out.
const NO_COVERED_TILE: f32 = 0.01;

/// Whether the classifier took a look for a lost game's sign (read it first as one, or gave the
/// signs [`MINE_READ_AS_COVERED`]) and all but ruled out a covered tile ([`NO_COVERED_TILE`]).
fn mine_read_as_covered(verdict: &Verdict) -> bool {
    let sign_first = matches!(
        verdict.class,
        TileClass::Mine | TileClass::Exploded | TileClass::WrongFlag
    );
    (sign_first || lost_signs(verdict) >= MINE_READ_AS_COVERED)
        && verdict.prob(TileClass::Unrevealed) < NO_COVERED_TILE
}

/// The classifier's probability of the signs only a lost game shows: a shown mine, the exploded
/// one, a wrong flag.
fn lost_signs(verdict: &Verdict) -> f32 {
    verdict.prob(TileClass::Mine)
        + verdict.prob(TileClass::Exploded)
        + verdict.prob(TileClass::WrongFlag)
}

/// Mean difference (0-255 per channel) up to which a look is a covered look shifted by a sample
/// at most (`families::shifted_difference`): the same tile at another phase of a fractional
/// pitch.
const PHASE_ALIKE: f64 = 6.0;

/// Whether the tiles showing a look that `pick` accepts lie on every crossing of their rows and
/// their columns (each crossing one of them or an open tile), on two rows and two columns at
/// least, or fill a whole row or column of the board. So lie covered tiles sampled at one phase
/// of a fractional pitch: the phase steps with the row and with the column, and every tile at
/// a row of one phase and a column of another shows the same look (the emoji clone's blue
/// squares at 25 px, every fifth row and column; at 37 px in forced dark, one whole row of a
/// fresh 9x9 board). A lost game's mines, strewn at random, fill no such lattice.
fn on_a_lattice_of_phases(reading: &Reading, pick: impl Fn(usize) -> bool) -> bool {
    let cells = reading.cells_showing(&pick);
    let mut rows: Vec<usize> = cells.iter().map(|&(r, _)| r).collect();
    let mut cols: Vec<usize> = cells.iter().map(|&(_, c)| c).collect();
    rows.sort_unstable();
    rows.dedup();
    cols.sort_unstable();
    cols.dedup();
    let cols_count = reading.grid.cols;
    let whole_line = (rows.len() == 1 && cols.len() == cols_count)
        || (cols.len() == 1 && rows.len() == reading.grid.rows);
    if (rows.len() < 2 || cols.len() < 2) && !whole_line {
        return false;
    }
    let board = &reading.board;
    rows.iter().all(|&r| {
        cols.iter().all(|&c| {
            pick(reading.look_of[r * cols_count + c])
                || matches!(board.get(Pos::new(r, c)), Cell::Number(_))
        })
    })
}

/// Settles as the exploded mine the one doubt between the exploded mine and a plain one that
/// sits on a single tile, where no other tile reads as the exploded mine and other tiles show
/// mines: they show them in another look (a doubt covers every tile of its look), and a lost
/// game marks the mine that ended it, and only that one. GNOME Mines' classic theme draws that
/// mine as a yellow burst on an open tile, which the classifier reads as either.
fn settle_exploded_doubt(reading: &mut Reading) {
    let exploded_or_mine = |doubt: &Doubt| {
        doubt.cells.len() == 1
            && doubt.classes.contains(&TileClass::Exploded)
            && (doubt.classes.iter()).all(|c| matches!(c, TileClass::Exploded | TileClass::Mine))
    };
    let candidates: Vec<usize> = (0..reading.doubt.len())
        .filter(|&i| exploded_or_mine(&reading.doubt[i]))
        .collect();
    let [index] = candidates[..] else {
        return;
    };
    let (row, col) = reading.doubt[index].cells[0];
    let board = &reading.board;
    let elsewhere = |cell: Cell| {
        (board.positions()).any(|p| (p.row, p.col) != (row, col) && board.get(p) == cell)
    };
    if elsewhere(Cell::Exploded) || !elsewhere(Cell::Mine) {
        return;
    }
    let doubt = reading.doubt.remove(index);
    tracing::debug!(
        look = doubt.look,
        "the one tile in doubt between a shown mine and the exploded one: the exploded one"
    );
    let look = reading.look_of[row * reading.grid.cols + col];
    reading.relabel(look, TileClass::Exploded, 1.0);
}

/// Settles as plain shown mines the doubts between a plain mine and the exploded one where a tile
/// in no doubt reads as the exploded mine: a lost game marks the mine that ended it, and only
/// that one. GNOME Mines' classic theme at 41 px left three shown mines so (the burst on its
/// own tile read surely). The board is lost either way; this names its mines.
fn settle_plain_mines_beside_the_exploded_one(reading: &mut Reading) {
    let mine_kinds = |doubt: &Doubt| {
        (doubt.classes.iter()).all(|c| matches!(c, TileClass::Exploded | TileClass::Mine))
    };
    let doubted = reading.doubt_cells();
    let board = &reading.board;
    let surely_exploded = (board.positions())
        .any(|p| board.get(p) == Cell::Exploded && doubted.binary_search(&(p.row, p.col)).is_err());
    if !surely_exploded {
        return;
    }
    let (plain, kept): (Vec<Doubt>, Vec<Doubt>) = std::mem::take(&mut reading.doubt)
        .into_iter()
        .partition(mine_kinds);
    reading.doubt = kept;
    for doubt in plain {
        tracing::debug!(
            look = doubt.look,
            "in doubt with the exploded mine beside a sure one: a plain mine"
        );
        for &(row, col) in &doubt.cells {
            let look = reading.look_of[row * reading.grid.cols + col];
            reading.relabel(look, TileClass::Mine, 1.0);
        }
    }
}

/// Reads as shown mines the looks read as the exploded mine where they cover more than one tile:
/// a lost game marks the mine that ended it, and only that one, so a look on many tiles is the
/// game's shown mine, drawn as the classifier knows the exploded one (the pixel-art clone's dark
/// and light themes put every mine on red). The board is lost either way; only which mine ended
/// it changes, and no look here can name it. Doubts on those cells lose the exploded mine too.
fn plain_exploded_crowd(reading: &mut Reading, families: &Families) {
    let board = &reading.board;
    let exploded = (board.positions()).filter(|&p| board.get(p) == Cell::Exploded);
    if exploded.count() < 2 {
        return;
    }
    let crowd: Vec<usize> = (0..families.first.len())
        .filter(|&f| reading.looks[families.first[f]].class == TileClass::Exploded)
        .collect();
    let cells = reading.cells_showing(|l| crowd.contains(&families.of[l]));
    for &family in &crowd {
        tracing::debug!(
            family,
            "one of several tiles read as the exploded mine: a shown mine"
        );
        families.relabel(reading, family, TileClass::Mine);
    }
    for doubt in (reading.doubt.iter_mut()).filter(|d| d.cells.iter().all(|c| cells.contains(c))) {
        let mut classes = Vec::with_capacity(doubt.classes.len());
        for class in doubt.classes.drain(..) {
            let class = match class {
                TileClass::Exploded => TileClass::Mine,
                other => other,
            };
            if !classes.contains(&class) {
                classes.push(class);
            }
        }
        doubt.classes = classes;
    }
    reading.doubt.retain(|d| d.classes.len() > 1);
}

/// On a board that shows mines and no exploded one, reads as the exploded mine the one look
/// that a game draws so: shown on a single tile, on a face of its own (its edge ring far from
/// every other look's: neither an open tile's nor a covered one's, as a red tile is), and read
/// either as a digit while the classifier still counts the exploded mine among its likelier
/// classes, or as a shown mine while other tiles show mines in another look (a dark theme's
/// mine on red, which the classifier knows as a mine but not as the one that exploded). A lost
/// game marks the mine that ended it, and only that one, so two such looks settle nothing.
fn read_exploded(reading: &mut Reading, families: &Families, cells: &[usize]) {
    let board = &reading.board;
    if board.shows_exploded_mine() {
        return;
    }
    let class = |family: usize| reading.looks[families.first[family]].class;
    let mine_cells: usize = (0..cells.len())
        .filter(|&f| class(f) == TileClass::Mine)
        .map(|f| cells[f])
        .sum();
    let candidates: Vec<usize> = (0..families.first.len())
        .filter(|&family| {
            let verdict = &families.verdicts[family];
            let exploded = verdict.prob(TileClass::Exploded);
            let likelier = verdict.probs.iter().filter(|&&p| p > exploded).count();
            let looks_exploded = match class(family) {
                TileClass::Number(1..) => likelier < EXPLODED_RANK,
                TileClass::Mine => mine_cells > cells[family],
                _ => false,
            };
            cells[family] == 1 && looks_exploded && own_face(&reading.pixels, families, family)
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
    // Settled: a doubt the labelling left there (a mine or that digit) goes with it.
    let cells = reading.cells_showing(|l| families.of[l] == family);
    reading.doubt.retain(|d| d.cells != cells);
    families.relabel(reading, family, TileClass::Exploded);
}

/// On a board that shows mines, leaves in doubt between their digit and a shown mine the looks
/// read as digits to which the classifier gave a shown mine at least `MINE_LIKE` of the digit's
/// probability (an exploded mine in a colour the classifier never saw, read as a "6"), unless
/// the board cannot hold with them read as mines.
fn doubt_mine_like_digits(reading: &mut Reading, families: &Families) {
    for (family, verdict) in families.verdicts.iter().enumerate() {
        let look = families.first[family];
        let TileClass::Number(1..) = reading.looks[look].class else {
            continue;
        };
        let p = |class: TileClass| f64::from(verdict.prob(class));
        let digit = p(reading.looks[look].class);
        let mine = shown_mine(verdict);
        if p(mine) < MINE_LIKE * digit {
            continue;
        }
        // Shown mines count in the numbers around them: where the board cannot hold with this
        // look's cells read as mines, the look is no mine, whatever the classifier's odds.
        if refuted_as_mine(reading, families, family) {
            tracing::debug!(
                family,
                look,
                "a digit on a lost board that the board says is no mine"
            );
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

/// Whether the cells of the looks `pick` accepts may be mines shown after a loss: the board
/// holds with them read so ([`holds_with`]), and shows no more mines than the game has, where
/// its total is known (a fresh board's covered tiles, drawn as an emoji square in two looks at
/// a fractional pitch, are each a family of a hundred tiles or more: no lost game of 40 mines
/// shows them all).
fn may_be_shown_mines(reading: &Reading, pick: impl Fn(usize) -> bool) -> bool {
    let shown = reading.board.shown_mines() + reading.cells_showing(&pick).len();
    reading.mines.is_none_or(|total| shown as u64 <= total) && holds_with(reading, pick, Cell::Mine)
}

/// Whether the board holds with `cells` showing `cell` (`None`: what the reading has there),
/// every other doubt weakened as advice weakens it and flags as covered tiles
/// (`forced::weakened_except`). Weakened, the trial rests only on the looks read surely, as
/// advice does.
fn holds_weakened(reading: &Reading, cells: &[(usize, usize)], cell: Option<Cell>) -> bool {
    let mut board = weakened_except(reading, cells);
    if let Some(cell) = cell {
        for &(row, col) in cells {
            board.set(Pos { row, col }, cell);
        }
    }
    is_consistent(&board)
}

/// Whether the board ([`holds_weakened`]) holds with `family`'s cells read as they are but not
/// with them read as shown mines.
fn refuted_as_mine(reading: &Reading, families: &Families, family: usize) -> bool {
    let cells = reading.cells_showing(|l| families.of[l] == family);
    holds_weakened(reading, &cells, None) && !holds_weakened(reading, &cells, Some(Cell::Mine))
}

/// Puts `family`'s cells in doubt between `read` and `other`, or adds `other` to the doubt they
/// are already in.
pub(super) fn add_family_doubt(
    reading: &mut Reading,
    families: &Families,
    family: usize,
    read: TileClass,
    other: TileClass,
) {
    let cells = reading.cells_showing(|l| families.of[l] == family);
    add_doubt(reading, families.first[family], cells, read, other);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;
    use crate::skin::testing::tile_with_ink as tile;
    use crate::vision::tiles::{TileImage, TILE};
    use crate::vision::Verdict;

    /// [`read_symbols`] with the families read as `classes`, none hidden under something drawn
    /// over the board.
    fn read(reading: &mut Reading, families: &Families, classes: &[TileClass]) {
        read_symbols(reading, families, classes, &vec![false; classes.len()]);
    }

    const GREY: [u8; 3] = [192; 3];
    const DARK: [u8; 3] = [128; 3];
    const RED: [u8; 3] = [220, 30, 30];
    const WHITE: [u8; 3] = [250; 3];
    const BLUE: [u8; 3] = [20, 20, 200];
    const GREEN: [u8; 3] = [20, 160, 20];

    /// A reading of `text` with one look (and family) per `(char, verdict, pixels)` given, each
    /// cell showing the look of its character; the red mine is `R` in the text, read as `*`,
    /// and `,` a second look of a covered tile, read as `.`.
    fn reading_of(text: &str, looks: &[(char, Verdict, TileImage)]) -> (Reading, Families) {
        let board = parse_board(&text.replace('R', "*").replace(',', ".")).unwrap();
        let mut reading = Reading::of_board(board);
        let chars: Vec<char> = text.lines().flat_map(|l| l.chars()).collect();
        reading.look_of = (chars.iter())
            .map(|c| looks.iter().position(|l| l.0 == *c).unwrap())
            .collect();
        reading.looks = looks.iter().map(|l| l.1).collect();
        reading.pixels = looks.iter().map(|l| l.2).collect();
        reading.tiles = reading.look_of.iter().map(|&l| reading.looks[l]).collect();
        let families = Families {
            of: (0..looks.len()).collect(),
            first: (0..looks.len()).collect(),
            verdicts: reading.looks.clone(),
        };
        (reading, families)
    }

    fn settled(reading: &Reading) -> Vec<TileClass> {
        reading.looks.iter().map(|v| v.class).collect()
    }

    /// A lost game's board: shown mines on a dark face, one of them (`R`) on red.
    const LOST: &str = "R10000\n110000\n000000\n012321\n01***1\n";

    fn lost_looks(one: Verdict) -> Vec<(char, Verdict, TileImage)> {
        vec![
            (
                '0',
                Verdict::certain(TileClass::Number(0)),
                tile(GREY, GREY),
            ),
            ('1', one, tile(GREY, BLUE)),
            (
                '2',
                Verdict::certain(TileClass::Number(2)),
                tile(GREY, GREEN),
            ),
            ('3', Verdict::certain(TileClass::Number(3)), tile(GREY, RED)),
            ('*', Verdict::certain(TileClass::Mine), tile(DARK, WHITE)),
            ('R', Verdict::certain(TileClass::Mine), tile(RED, WHITE)),
            (
                '.',
                Verdict::certain(TileClass::Unrevealed),
                tile(WHITE, WHITE),
            ),
        ]
    }

    #[test]
    fn a_lost_games_mines_read_as_flags_against_the_classifier_may_be_mines() {
        // A lost game whose every mine is one red tile with a white cross (a web clone): a
        // wrong flag to the classifier, which the rules read as a flag since no mine shows.
        let looks = |cross: Verdict| {
            vec![
                (
                    '0',
                    Verdict::certain(TileClass::Number(0)),
                    tile(GREY, GREY),
                ),
                (
                    '1',
                    Verdict::certain(TileClass::Number(1)),
                    tile(GREY, BLUE),
                ),
                ('F', cross, tile(RED, WHITE)),
                (
                    '.',
                    Verdict::certain(TileClass::Unrevealed),
                    tile(BLUE, BLUE),
                ),
            ]
        };
        let read_with = |cross: Verdict| {
            let (mut reading, families) = reading_of("F1..\n11..\n....\n", &looks(cross));
            let mut classes = settled(&reading);
            classes[2] = TileClass::Flag;
            read(&mut reading, &families, &classes);
            reading
        };
        let sure = Verdict::from_probs(&[(TileClass::WrongFlag, 0.99), (TileClass::Flag, 0.01)]);
        // At another size the same cross is a "2" to the classifier, a flag far less likely.
        let digit = Verdict::from_probs(&[
            (TileClass::Number(2), 0.89),
            (TileClass::WrongFlag, 0.09),
            (TileClass::Flag, 0.02),
        ]);
        // And split between a wrong flag and a "2" (the same cross at 39 px in a dark page):
        // neither 20 to 1 over a flag, but a lost game's signs together are 5 to 1 and more.
        let split = Verdict::from_probs(&[
            (TileClass::WrongFlag, 0.55),
            (TileClass::Number(2), 0.38),
            (TileClass::Flag, 0.07),
        ]);
        for verdict in [sure, digit, split] {
            let reading = read_with(verdict);
            assert!(crate::pipeline::may_show_mines(&reading));
            assert_eq!(reading.doubt_cells(), vec![(0, 0)]);
        }
        // A flag the classifier took for a flag, or found nearly as likely one, stays a flag.
        for verdict in [
            Verdict::certain(TileClass::Flag),
            Verdict::from_probs(&[(TileClass::WrongFlag, 0.8), (TileClass::Flag, 0.2)]),
            Verdict::from_probs(&[(TileClass::Number(2), 0.6), (TileClass::Flag, 0.4)]),
        ] {
            let reading = read_with(verdict);
            assert!(reading.doubt.is_empty());
        }
        // Nor where the board cannot hold it as a mine (a 1 beside it counts another), unless
        // the classifier saw a lost game's sign at 0.99 or more: the board may hold with
        // neither because another tile is misread (a lost game's mine read as a "2").
        let unsure = Verdict::from_probs(&[(TileClass::WrongFlag, 0.95), (TileClass::Flag, 0.05)]);
        for (verdict, doubted) in [(unsure, vec![]), (sure, vec![(0, 0), (0, 2)])] {
            let (mut reading, families) = reading_of("F1F.\n11..\n....\n", &looks(verdict));
            let mut classes = settled(&reading);
            classes[2] = TileClass::Flag;
            read(&mut reading, &families, &classes);
            assert_eq!(reading.doubt_cells(), doubted, "{verdict:?}");
        }
    }

    #[test]
    fn a_mine_the_classifier_all_but_ruled_out_as_covered_is_in_doubt_wherever_it_stands() {
        // A faint look (`,`), a mine first to the classifier, a covered tile at under 0.001
        // (the table clone's grey bombs and green 2s at 13 px in dark mode, one family), on
        // more tiles than the game has mines: no labelling holds with it as mines, so it was
        // read as covered, and a lost board as a game in play.
        let looks = |mixed: Verdict| {
            vec![
                (
                    '1',
                    Verdict::certain(TileClass::Number(1)),
                    tile(GREY, BLUE),
                ),
                (',', mixed, tile(DARK, DARK)),
                (
                    '.',
                    Verdict::certain(TileClass::Unrevealed),
                    tile(WHITE, WHITE),
                ),
            ]
        };
        let read_with = |mixed: Verdict| {
            let (mut reading, families) = reading_of("1,1.\n...,\n....\n", &looks(mixed));
            reading.mines = Some(1);
            let classes = settled(&reading);
            read(&mut reading, &families, &classes);
            reading
        };
        let mine_first = Verdict::from_probs(&[
            (TileClass::Mine, 0.40),
            (TileClass::Number(2), 0.39),
            (TileClass::Number(8), 0.2),
            (TileClass::Unrevealed, 0.0005),
        ])
        .settled(TileClass::Unrevealed);
        let reading = read_with(mine_first);
        assert!(crate::pipeline::may_show_mines(&reading));
        assert_eq!(reading.doubt_cells(), vec![(0, 1), (1, 3)]);
        // A digit to the classifier, or a look it finds may well be covered, is no such sign.
        for verdict in [
            Verdict::from_probs(&[(TileClass::Number(2), 0.9), (TileClass::Mine, 0.1)]),
            Verdict::from_probs(&[(TileClass::Mine, 0.6), (TileClass::Unrevealed, 0.4)]),
        ] {
            let reading = read_with(verdict.settled(TileClass::Unrevealed));
            assert!(reading.doubt.is_empty(), "{verdict:?} {:?}", reading.doubt);
        }
    }

    #[test]
    fn a_look_on_every_crossing_of_its_rows_and_columns_is_a_phase_of_the_covered_tiles() {
        let looks = |_: ()| {
            vec![
                (
                    '.',
                    Verdict::certain(TileClass::Unrevealed),
                    tile(BLUE, BLUE),
                ),
                (
                    ',',
                    Verdict::certain(TileClass::Unrevealed),
                    tile(GREY, BLUE),
                ),
                (
                    '1',
                    Verdict::certain(TileClass::Number(1)),
                    tile(GREY, GREEN),
                ),
            ]
        };
        let lattice = |text: &str| {
            let (reading, _) = reading_of(text, &looks(()));
            on_a_lattice_of_phases(&reading, |l| l == 1)
        };
        // Every fifth row and column at a fractional pitch, open tiles at some crossings.
        assert!(lattice(".,..,.\n......\n.,..,.\n......\n"));
        assert!(lattice(".,..,.\n......\n.,..1.\n......\n"));
        // Strewn as a lost game's mines are: a crossing shows a plain covered tile.
        assert!(!lattice(".,....\n......\n....,.\n......\n"));
        // One row is no lattice: two mines side by side fill their crossings too.
        assert!(!lattice(".,..,.\n......\n......\n......\n"));
        // Unless the look fills the whole row, or the whole column: the phase of one line.
        assert!(lattice("......\n,,,,,,\n......\n......\n"));
        assert!(lattice(".,....\n.,....\n.,....\n.,....\n"));
        assert!(!lattice("......\n,,,,,.\n......\n......\n"));
    }

    #[test]
    fn a_symbol_that_is_the_covered_look_a_sample_off_is_no_shown_mine() {
        // Covered tiles drawn as a blue square with a white bar: the bar a sample to the right
        // on one column's tiles in two rows, a look the classifier finds more a mine than not.
        // That look is the covered one shifted: no mine. A look of its own (a white face and a
        // blue middle) in the same places stays in doubt.
        let bar = |x0: usize| {
            let mut t = tile(BLUE, BLUE);
            for (i, pixel) in t.chunks_exact_mut(3).enumerate() {
                let (x, y) = (i % TILE, i / TILE);
                if (x0..x0 + 3).contains(&x) && (4..12).contains(&y) {
                    pixel.copy_from_slice(&WHITE);
                }
            }
            t
        };
        let square = Verdict::from_probs(&[(TileClass::Mine, 0.6), (TileClass::Unrevealed, 0.4)]);
        let in_doubt = |symbol: TileImage| {
            let looks = vec![
                ('.', Verdict::certain(TileClass::Unrevealed), bar(5)),
                (',', square, symbol),
            ];
            let (mut reading, families) = reading_of(".,....\n......\n.,....\n......\n", &looks);
            read(&mut reading, &families, &[TileClass::Unrevealed; 2]);
            reading.doubt_of(1).is_some()
        };
        assert!(!in_doubt(bar(6)));
        assert!(in_doubt(tile(WHITE, BLUE)));
    }

    /// A blue covered square with the page's white along its left side (and its top, with
    /// `top`): the emoji or table clone's covered tile at another sampling phase.
    fn edged(top: bool) -> TileImage {
        let mut t = tile(BLUE, BLUE);
        for (i, pixel) in t.chunks_exact_mut(3).enumerate() {
            if i % TILE < 2 || (top && i / TILE < 2) {
                pixel.copy_from_slice(&WHITE);
            }
        }
        t
    }

    /// The classes left in doubt, after `read`, on a look `symbol` shown on two tiles of a board
    /// in play and in doubt between `odds`' classes (likeliest first), beside plain covered
    /// tiles: `None` where the doubt ended.
    fn left_in_doubt(symbol: TileImage, odds: &[(TileClass, f32)]) -> Option<Vec<TileClass>> {
        let looks = vec![
            (
                '.',
                Verdict::certain(TileClass::Unrevealed),
                tile(BLUE, BLUE),
            ),
            (',', Verdict::from_probs(odds), symbol),
        ];
        let (mut reading, families) = reading_of(".,....\n......\n.,....\n......\n", &looks);
        reading.doubt.push(Doubt {
            look: 1,
            classes: odds.iter().map(|&(class, _)| class).collect(),
            cells: vec![(0, 1), (2, 1)],
        });
        read(&mut reading, &families, &[TileClass::Unrevealed; 2]);
        reading.doubt_of(1).map(|d| d.classes.clone())
    }

    #[test]
    fn a_doubt_with_a_flag_and_a_mine_on_a_plain_covered_middle_is_dropped() {
        // The emoji clone's blue squares on a white panel at another phase: the panel's white
        // along two sides, the square's plain middle. In doubt with a flag and a mine (which a
        // fresh board holds anywhere), it is a covered tile; a look with a symbol in its middle
        // keeps the doubt.
        let odds = [
            (TileClass::Unrevealed, 0.55),
            (TileClass::Flag, 0.3),
            (TileClass::Mine, 0.15),
        ];
        assert_eq!(left_in_doubt(edged(true), &odds), None);
        assert!(left_in_doubt(tile(BLUE, WHITE), &odds).is_some());
    }

    #[test]
    fn a_plain_covered_middle_in_doubt_with_a_0_keeps_the_0_and_loses_the_mine() {
        // The table clone's covered tiles at another phase, an open "0" to the model: in doubt
        // between a 0, a covered tile and a mine, it keeps the first two; with a symbol in its
        // middle it keeps all three.
        let odds = [
            (TileClass::Number(0), 0.6),
            (TileClass::Unrevealed, 0.3),
            (TileClass::Mine, 0.1),
        ];
        assert_eq!(
            left_in_doubt(edged(false), &odds),
            Some(vec![TileClass::Number(0), TileClass::Unrevealed])
        );
        assert_eq!(
            left_in_doubt(tile(BLUE, WHITE), &odds).map(|c| c.len()),
            Some(3)
        );
    }

    #[test]
    fn a_lattice_of_symbols_on_a_board_that_shows_a_mine_may_still_be_mines() {
        let square = Verdict::from_probs(&[(TileClass::Mine, 0.6), (TileClass::Unrevealed, 0.4)]);
        let looks = vec![
            (
                '.',
                Verdict::certain(TileClass::Unrevealed),
                tile(WHITE, WHITE),
            ),
            (',', square, tile(GREY, BLUE)),
            ('R', Verdict::certain(TileClass::Mine), tile(RED, WHITE)),
        ];
        let classes = [
            TileClass::Unrevealed,
            TileClass::Unrevealed,
            TileClass::Mine,
        ];
        let in_doubt = |text: &str| {
            let (mut reading, families) = reading_of(text, &looks);
            read(&mut reading, &families, &classes);
            reading.doubt_of(1).is_some()
        };
        assert!(!in_doubt(".,..,.\n......\n.,..,.\n......\n"));
        assert!(in_doubt(".,..,.\n......\n.,..,.\n.....R\n"));
    }

    #[test]
    fn a_mine_alone_on_a_face_of_its_own_beside_other_shown_mines_is_the_exploded_one() {
        let (mut reading, families) =
            reading_of(LOST, &lost_looks(Verdict::certain(TileClass::Number(1))));
        let classes = settled(&reading);
        read(&mut reading, &families, &classes);
        assert_eq!(reading.board.get(Pos::new(0, 0)), Cell::Exploded);
        assert_eq!(reading.board.get(Pos::new(4, 3)), Cell::Mine);
        assert!(reading.doubt.is_empty());
    }

    #[test]
    fn a_digit_alone_on_a_face_of_its_own_is_the_exploded_mine_and_leaves_no_doubt() {
        let (mut reading, families) =
            reading_of(LOST, &lost_looks(Verdict::certain(TileClass::Number(1))));
        // The red mine read as a 6, the exploded mine its runner-up, left in doubt with a mine.
        let red = reading.look_of[0];
        let six = Verdict::from_probs(&[(TileClass::Number(6), 0.6), (TileClass::Exploded, 0.3)]);
        reading.looks[red] = six;
        reading.tiles[0] = six;
        reading.board.set(Pos::new(0, 0), Cell::Number(6));
        reading.doubt.push(Doubt {
            look: red,
            classes: vec![TileClass::Mine, TileClass::Number(6)],
            cells: vec![(0, 0)],
        });
        let families = Families {
            verdicts: reading.looks.clone(),
            ..families
        };
        let classes = settled(&reading);
        read(&mut reading, &families, &classes);
        assert_eq!(reading.board.get(Pos::new(0, 0)), Cell::Exploded);
        assert!(reading.doubt.is_empty());
    }

    #[test]
    fn two_mines_on_faces_of_their_own_or_none_beside_them_are_no_exploded_mine() {
        // Two red mines: a game marks only the one that ended it, so neither is named.
        let (mut reading, _) = reading_of(
            "R10000\n110000\n000000\n012321\n01**R1\n",
            &lost_looks(Verdict::certain(TileClass::Number(1))),
        );
        // Each red mine its own look (and family), as the one-look helper cannot make them.
        let red = reading.look_of[0];
        reading.looks.push(reading.looks[red]);
        reading.pixels.push(reading.pixels[red]);
        reading.look_of[28] = reading.looks.len() - 1;
        let families = Families {
            of: (0..reading.looks.len()).collect(),
            first: (0..reading.looks.len()).collect(),
            verdicts: reading.looks.clone(),
        };
        let classes = settled(&reading);
        read(&mut reading, &families, &classes);
        assert_eq!(reading.board.get(Pos::new(0, 0)), Cell::Mine);
        assert_eq!(reading.board.get(Pos::new(4, 4)), Cell::Mine);
        // The red mine the only one shown: nothing tells it from any game's shown mine.
        let (mut reading, families) = reading_of(
            "R10000\n110000\n000000\n",
            &lost_looks(Verdict::certain(TileClass::Number(1))),
        );
        let classes = settled(&reading);
        read(&mut reading, &families, &classes);
        assert_eq!(reading.board.get(Pos::new(0, 0)), Cell::Mine);
    }

    #[test]
    fn a_look_read_as_the_exploded_mine_on_several_tiles_is_the_shown_mine() {
        // Every mine on red, the classifier reading each as the exploded one; one of them also
        // in doubt with a covered tile.
        let mut looks = lost_looks(Verdict::certain(TileClass::Number(1)));
        looks[5].1 = Verdict::certain(TileClass::Exploded);
        let (mut reading, families) =
            reading_of("R10000\n110000\n000000\n012321\n01RRR1\n", &looks);
        for pos in [(0, 0), (4, 2), (4, 3), (4, 4)] {
            reading.board.set(Pos::new(pos.0, pos.1), Cell::Exploded);
        }
        reading.doubt.push(Doubt {
            look: reading.look_of[0],
            classes: vec![TileClass::Exploded, TileClass::Unrevealed],
            cells: reading.cells_showing(|l| l == 5),
        });
        let classes = settled(&reading);
        read(&mut reading, &families, &classes);
        for pos in [(0, 0), (4, 2), (4, 3), (4, 4)] {
            assert_eq!(reading.board.get(Pos::new(pos.0, pos.1)), Cell::Mine);
        }
        assert_eq!(reading.doubt.len(), 1);
        assert_eq!(
            reading.doubt[0].classes,
            [TileClass::Mine, TileClass::Unrevealed]
        );
        // The exploded look on one tile alone is left as read.
        let (mut reading, families) = reading_of(LOST, &looks);
        reading.board.set(Pos::new(0, 0), Cell::Exploded);
        let classes = settled(&reading);
        read(&mut reading, &families, &classes);
        assert_eq!(reading.board.get(Pos::new(0, 0)), Cell::Exploded);
    }

    #[test]
    fn the_one_tile_in_doubt_between_a_shown_mine_and_the_exploded_one_is_the_exploded_one() {
        let one = Verdict::certain(TileClass::Number(1));
        let doubted = |reading: &mut Reading, cells: &[(usize, usize)]| {
            for &(row, col) in cells {
                reading.board.set(Pos::new(row, col), Cell::Exploded);
                reading.doubt.push(Doubt {
                    look: reading.look_of[row * reading.grid.cols + col],
                    classes: vec![TileClass::Exploded, TileClass::Mine],
                    cells: vec![(row, col)],
                });
            }
        };
        let (mut reading, families) = reading_of(LOST, &lost_looks(one));
        doubted(&mut reading, &[(0, 0)]);
        let classes = settled(&reading);
        read(&mut reading, &families, &classes);
        assert!(reading.doubt.is_empty());
        assert_eq!(reading.class(0, 0), TileClass::Exploded);
        // Two such tiles: the game marked one, but which is not the board's to say.
        let (mut reading, families) =
            reading_of("R10000\n110000\n000000\n012321\n01**R1\n", &lost_looks(one));
        doubted(&mut reading, &[(0, 0), (4, 4)]);
        let classes = settled(&reading);
        read(&mut reading, &families, &classes);
        assert_eq!(reading.doubt.len(), 2);
    }

    #[test]
    fn mines_in_doubt_with_the_exploded_one_beside_a_sure_one_are_plain_mines() {
        // The three shown mines at the bottom each in doubt with the exploded mine.
        let read = |text: &str| {
            let (mut reading, families) =
                reading_of(text, &lost_looks(Verdict::certain(TileClass::Number(1))));
            for col in 2..5 {
                reading.doubt.push(Doubt {
                    look: reading.look_of[4 * reading.grid.cols + col],
                    classes: vec![TileClass::Mine, TileClass::Exploded],
                    cells: vec![(4, col)],
                });
            }
            let classes = settled(&reading);
            read(&mut reading, &families, &classes);
            reading
        };
        let beside = read(LOST);
        assert!(beside.doubt.is_empty(), "{:?}", beside.doubt);
        assert_eq!(beside.class(4, 3), TileClass::Mine);
        assert_eq!(beside.class(0, 0), TileClass::Exploded);
        // With no tile surely the exploded mine, the doubts stay.
        let alone = read("*10000\n110000\n000000\n012321\n01***1\n");
        assert_eq!(alone.doubt.len(), 3);
    }

    #[test]
    fn a_digit_the_classifier_finds_mine_like_is_in_doubt_unless_the_board_refutes_it() {
        let one = Verdict::from_probs(&[(TileClass::Number(1), 0.9), (TileClass::Mine, 0.05)]);
        // Read as mines, the 1s would sit beside 0s: the board says they are no mines.
        let (mut reading, families) = reading_of(LOST, &lost_looks(one));
        let classes = settled(&reading);
        read(&mut reading, &families, &classes);
        assert!(reading.doubt.is_empty());
        // A lone 1 beside covered tiles may as well be a mine: in doubt.
        let (mut reading, families) = reading_of("*1.\n...\n", &lost_looks(one));
        let classes = settled(&reading);
        read(&mut reading, &families, &classes);
        assert_eq!(reading.doubt.len(), 1);
        assert_eq!(reading.doubt[0].cells, [(0, 1)]);
        assert!(reading.doubt[0].classes.contains(&TileClass::Mine));
    }

    #[test]
    fn covered_tiles_drawn_as_a_square_on_the_numbers_face_are_no_shown_mines() {
        // An emoji clone's covered tile: a blue square on the panel its numbers sit on, which
        // the classifier may take for a mine.
        let square = Verdict::from_probs(&[(TileClass::Mine, 0.6), (TileClass::Unrevealed, 0.4)]);
        let looks = |square| {
            vec![
                (
                    '1',
                    Verdict::certain(TileClass::Number(1)),
                    tile(GREY, BLUE),
                ),
                ('.', square, tile(GREY, BLUE)),
                (',', square, tile(GREY, BLUE)),
            ]
        };
        let covered = [
            TileClass::Number(1),
            TileClass::Unrevealed,
            TileClass::Unrevealed,
        ];
        // A fresh board in one look: mines on every tile are no game.
        let (mut fresh, families) = reading_of("..\n..\n", &looks(square)[..2]);
        read(&mut fresh, &families, &covered[..2]);
        assert!(fresh.doubt.is_empty(), "{:?}", fresh.doubt);
        // In two looks (two phases of a fractional pitch), each more tiles than the game has
        // mines.
        let (mut halves, families) = reading_of(".,.,\n.,.,\n", &looks(square));
        halves.mines = Some(3);
        read(&mut halves, &families, &covered);
        assert!(halves.doubt.is_empty(), "{:?}", halves.doubt);
        // Without the total, on every crossing of its rows and columns, a half is a phase of
        // the covered tiles; strewn, it may be a lost game's mines.
        halves.mines = None;
        read(&mut halves, &families, &covered);
        assert!(halves.doubt.is_empty(), "{:?}", halves.doubt);
        let (mut strewn, families) = reading_of(",..,\n.,,.\n", &looks(square));
        read(&mut strewn, &families, &covered);
        assert!(!strewn.doubt.is_empty());
        // In play: the squares on the numbers' face, read as mines, would give each 1 two.
        let plain = Verdict::certain(TileClass::Unrevealed);
        let (mut play, families) = reading_of("1..\n1..\n", &looks(plain)[..2]);
        read(&mut play, &families, &covered[..2]);
        assert!(play.doubt.is_empty(), "{:?}", play.doubt);
        // The same square at another phase, on a tile the board could hold as a shown mine, is
        // one of them: no mine.
        let (mut phase, families) = reading_of("1.,\n1..\n", &looks(square));
        read(&mut phase, &families, &covered);
        assert!(phase.doubt.is_empty(), "{:?}", phase.doubt);
        // A symbol unlike them there may be a mine.
        let mut bomb = looks(square);
        bomb[2].2 = tile(GREY, RED);
        let (mut lost, families) = reading_of("1.,\n1..\n", &bomb);
        read(&mut lost, &families, &covered);
        assert_eq!(lost.doubt.len(), 1, "{:?}", lost.doubt);
        assert_eq!(lost.doubt[0].cells, [(0, 2)]);
    }
}
