//! Whether a frame's reading is a Minesweeper board, and how much of it to trust: the first look
//! `live` takes at every window it searches and at every frame it follows. A grid of squares of
//! some other program must not be taken for a game; a game in a skin or at a scale the
//! classifier is unsure of must still be, where the board-level reading settles it.

use crate::board::{Cell, Pos};
use crate::skin::rules::zeros_beside_covered;
use crate::skin::{broken_rule, settle, Settled};
use crate::vision::{Reading, TileClass};

/// A board read must be at least this big to count as a game (a 4x4 board).
const MIN_TILES: usize = 16;
/// The share of tiles the classifier must be sure of for a reading to count.
const SURE_SHARE: f64 = 0.9;
const SURE: f32 = 0.6;
/// The share that suffices where the board-level reading settles the tiles into a possible
/// game showing numbers.
const SETTLED_SURE_SHARE: f64 = 0.5;
/// Or, whatever the share, this many number tiles the board-level reading kept as the number
/// the classifier was sure of: a skin whose covered tiles let the desktop's picture show
/// through (KMines: every covered tile a look of its own, none sure) is a game when its
/// numbers read surely and hold; another program's grid of squares shows no three sure
/// numbers that a possible game keeps.
const SURE_NUMBERS: usize = 3;
/// What the first look at a frame's reading found.
#[derive(Debug)]
pub enum BoardCheck {
    /// Not a Minesweeper board: too few tiles read surely, or no possible game.
    NotBoard,
    /// A board; with the board-level reading already done on it where that was needed to see
    /// so, which the caller reuses rather than settling the tiles twice.
    Board(Option<Settled>),
}

/// Where the tiles were read: in a window whose title names a Minesweeper game, or elsewhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// A window titled as a game ("Mines", "KMines", "Minesweeper", "WineMine", a browser tab of
    /// a Minesweeper page: [`names_a_game`]).
    InGameWindow,
    /// Another window, or the screen.
    Elsewhere,
}

/// Whether a window title names a Minesweeper game: a word of it starts with "mine" ("Mines",
/// "Minesweeper - Chromium") or is the one-word name of a game ("KMines", "WineMine",
/// "xdemineur", "xbomb").
pub fn names_a_game(title: &str) -> bool {
    (title.to_lowercase().split(|c: char| !c.is_alphanumeric())).any(|word| {
        word.starts_with("mine") || matches!(word, "kmines" | "winemine" | "xdemineur" | "xbomb")
    })
}

/// Whether a reading is a Minesweeper board: the classifier sure of most tiles, or, where it is
/// not (a skin or a scale it was not trained on), the board-level reading settling the tiles into
/// a possible game, as it does for `parse`. Where the skin shows no number yet and the
/// classifier is sure of few tiles (a fresh board of KMines, whose covered tiles let the
/// desktop's picture show through), the window's own title (`shown`) is what tells the game
/// from another program's grid of squares.
pub fn reads_as_board(reading: &mut Reading, shown: Shown) -> BoardCheck {
    if plausible(reading) {
        return BoardCheck::Board(None);
    }
    let sure_before = sure_classes(reading);
    let settled = settle(reading);
    if (settled.possible || broken_rule(&reading.board).is_none()) && plausible(reading) {
        return BoardCheck::Board(Some(settled));
    }
    // A skin the classifier is unsure of that the rules settle into a possible game with
    // numbers on it is the game `advise` reads; a grid of squares of some other program shows
    // no number the rules can keep.
    let big_enough = reading.tiles.len() >= MIN_TILES;
    let sure_enough = sure_share(reading) >= SETTLED_SURE_SHARE
        || kept_sure_numbers(&sure_before, reading) >= SURE_NUMBERS;
    let named = shown == Shown::InGameWindow;
    if settled.possible && big_enough && (named || (shows_numbers(reading) && sure_enough)) {
        BoardCheck::Board(Some(settled))
    } else {
        BoardCheck::NotBoard
    }
}

/// Whether the board read shows an open number (1 to 8).
fn shows_numbers(reading: &Reading) -> bool {
    let board = &reading.board;
    board
        .positions()
        .any(|p| matches!(board.get(p), Cell::Number(1..=8)))
}

/// How many tiles read as a number (1 to 8) that the classifier was sure of (`sure_before`,
/// per look) and the board-level reading kept.
fn kept_sure_numbers(sure_before: &[Option<TileClass>], reading: &Reading) -> usize {
    (reading.look_of.iter().zip(reading.board.positions()))
        .filter(|&(&look, pos)| {
            let cell = reading.board.get(pos);
            matches!(cell, Cell::Number(1..=8))
                && sure_before
                    .get(look)
                    .copied()
                    .flatten()
                    .map(TileClass::cell)
                    == Some(cell)
        })
        .count()
}

/// How many tiles the classifier is sure of.
pub fn sure_count(reading: &Reading) -> usize {
    (reading.tiles.iter())
        .filter(|v| v.confidence >= SURE)
        .count()
}

/// The share of tiles the classifier is sure of.
fn sure_share(reading: &Reading) -> f64 {
    sure_count(reading) as f64 / reading.tiles.len().max(1) as f64
}

/// The class of each look the classifier is sure of (`None` for the others).
pub fn sure_classes(reading: &Reading) -> Vec<Option<TileClass>> {
    (reading.looks.iter())
        .map(|v| (v.confidence >= SURE).then_some(v.class))
        .collect()
}

/// Whether the board-level reading changed the class of a look the classifier was sure of.
pub fn overrules(sure_before: &[Option<TileClass>], reading: &Reading) -> bool {
    (sure_before.iter().zip(&reading.looks))
        .any(|(before, look)| before.is_some_and(|class| class != look.class))
}

/// Whether a reading looks like a Minesweeper board rather than some other grid of squares.
fn plausible(reading: &Reading) -> bool {
    reading.tiles.len() >= MIN_TILES && sure_share(reading) >= SURE_SHARE
}

/// Turns back to covered every 0 that still touches a covered tile. A game opens all neighbours
/// of a 0 at once, so on screen such a 0 is a covered tile under the mouse pointer (games light
/// up the hovered tile, which then looks like an opened blank one) or a frame caught mid-cascade.
/// Taken as a 0 it would call its covered neighbours safe; taken as covered it costs nothing.
pub fn cover_unsettled_zeros(reading: &mut Reading) {
    let unsettled: Vec<Pos> = zeros_beside_covered(&reading.board).collect();
    for pos in unsettled {
        reading.board.set(pos, Cell::Unrevealed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_windows_are_named_by_their_titles() {
        for title in [
            "KMines",
            "Mines",
            "Minesweeper Online - Chromium",
            "WineMine",
        ] {
            assert!(names_a_game(title), "{title}");
        }
        for title in ["Determined", "Terminal", "Examine this", "Spreadsheet"] {
            assert!(!names_a_game(title), "{title}");
        }
    }

    #[test]
    fn a_fresh_board_the_classifier_is_unsure_of_counts_only_in_a_game_window() {
        // Every tile covered, read as such but unsure (a picture shows through the covered
        // tiles): one look, a flat tile.
        let board = crate::board::parse_board("....\n....\n....\n....\n").unwrap();
        let unsure = |reading: &mut Reading| {
            let mut look = crate::vision::Verdict::certain(TileClass::Unrevealed);
            look.confidence = 0.3;
            reading.looks = vec![look];
            reading.tiles = vec![look; 16];
            reading.look_of = vec![0; 16];
            reading.pixels = vec![[90; crate::vision::tiles::TILE_BYTES]];
            reading.distinct_looks = 1;
        };
        let mut elsewhere = Reading::of_board(board.clone());
        unsure(&mut elsewhere);
        assert!(matches!(
            reads_as_board(&mut elsewhere, Shown::Elsewhere),
            BoardCheck::NotBoard
        ));
        let mut named = Reading::of_board(board);
        unsure(&mut named);
        assert!(matches!(
            reads_as_board(&mut named, Shown::InGameWindow),
            BoardCheck::Board(_)
        ));
    }

    #[test]
    fn a_zero_touching_a_covered_tile_is_taken_as_covered() {
        let covered = |text: &str| {
            let mut reading = Reading::of_board(crate::board::parse_board(text).unwrap());
            cover_unsettled_zeros(&mut reading);
            reading.board.to_text()
        };
        assert_eq!(covered("...\n.0.\n...\n"), "...\n...\n...\n");
        assert_eq!(covered("0..\n00.\n...\n"), "...\n...\n...\n");
        // A 0 touching a covered tile on a diagonal alone, beside 0s that touch none, is a 0 of
        // a cascade that opens only a 0's sides (a 0 beside them would have opened a covered
        // tile there); the 0 with a covered tile on its side is still taken as covered.
        assert_eq!(covered("0..\n000\n000\n"), "...\n0..\n000\n");
    }
}
