//! A look on one tile that alone would turn a family of many tiles into another class.
//!
//! A page's tooltip over the open tiles (JSMinesweeper names the tile under the pointer,
//! "(2,7)" on a see-through box) leaves its text on one tile as a look of its own, a covered
//! tile with a symbol to the classifier. Beside it, the open 0s cannot be 0s (a 0 never touches
//! a covered tile), and the likeliest labelling that holds read every 0 of the board as covered
//! (40 tiles): the one look cost as much as the family of forty. Each family is one piece of
//! evidence to the walk, however many tiles show it; the shape the forty make (a cascade's
//! region ringed by numbers) is not counted.
//!
//! So where the best labelling reads a family of [`TURNED`] tiles or more, open tiles to the
//! classifier, as covered, the looks on one tile beside it read less surely than
//! [`TRIED_BELOW`] are tried as hidden, those side by side together, joined by such looks that
//! touch them further off, as a tooltip's piece over a number does, and by flags on one tile
//! that touch them (each a flag to the walk, the one cell its rules let be anything; then
//! covered and in doubt, as under a note), at the price [`LONE_COST`], and kept where the
//! labelling then reads every family of many tiles as the classifier does. A
//! look the classifier takes for a lost game's mine is never one: a lost game's exploded mine
//! is a look on one tile too, and hidden it would leave the game in play.

use super::families::Families;
use crate::board::Board;
use crate::vision::{Reading, TileClass};

/// The fewest tiles of a family whose class a lone look may not decide alone.
pub const MANY: usize = 8;

/// The fewest tiles of a family that a lone look beside it may be tried for ([`flipped`]):
/// fewer than [`MANY`], since hiding is kept only where it beats the best labelling by
/// [`LONE_COST`], which a family read unsurely as open cannot give. The 0s a small cascade
/// opened beside JSMinesweeper's tooltip were seven.
const TURNED: usize = 4;

/// What hiding one tile costs the labelling that does it (`ln 100`): it must beat the best
/// labelling without it by that, so a family turned at a lower price (a few looks read
/// unsurely) stays as the walk found it.
pub const LONE_COST: f64 = 4.6;

/// The classifier's confidence below which a look on one tile is a stray, something over the
/// board may have drawn: a game draws each of its symbols surely (a tooltip's pieces read at
/// 0.87 and 0.89), and a number it draws on one tile, read surely, may be what shows the rest
/// misread (the table clone's lone "2" read at 0.999 beside covered tiles the model takes for
/// 0s, in Chromium's dark mode).
pub const STRAY: f32 = 0.9;

/// The confidence below which a look on one tile beside a family the best labelling turned is
/// tried as hidden here: higher than [`STRAY`], since a look is hidden only where the labelling
/// then reads every family of many tiles as the classifier does, and beats the best by
/// [`LONE_COST`]. JSMinesweeper's tooltip "(1" over a 0 at the board's edge read as a "1" at
/// 0.979, and left the 50 0s of its board covered.
const TRIED_BELOW: f32 = 0.99;

/// The most lone looks tried for one board.
const TRIED: usize = 4;

/// Below this share of the classifier's odds on a lost game's signs (a shown mine, the exploded
/// one), a lone look may be something over the board.
const LOST_SIGNS: f32 = 0.5;

/// The groups of families worth hiding, given `flipped` (the families of [`TURNED`] tiles or
/// more whose class the best labelling turned, open tiles to covered or covered ones to shown
/// mines; [`flipped`]) and `hidden` (those hidden already): families on one tile, not hidden,
/// read less surely than [`TRIED_BELOW`] or as a crossed flag, and not taken for a lost game's
/// mine, beside a tile of a flipped family; tiles of them side by side (diagonals count) are
/// one group, as a tooltip's text leaves a look of its own on each tile it crosses. Such a look
/// away from the flipped family joins a group it touches: the tooltip's middle piece may lie
/// over a number, not beside the 0s (JSMinesweeper's "(2,11)" at 25 px, seed 513: its "2,"
/// over a "1", read as a flag at 0.98, left the board's 60 0s covered). A flag on one tile
/// joins a group it touches however surely it reads, but starts none. At most [`TRIED`]
/// groups, in board order.
pub fn lone_looks(
    reading: &Reading,
    families: &Families,
    hidden: &[bool],
    flipped: &[bool],
) -> Vec<Vec<usize>> {
    if !flipped.contains(&true) {
        return Vec::new();
    }
    let tiles = families.cells(reading);
    let board = &reading.board;
    let family_at = |i: usize| families.of[reading.look_of[i]];
    let around = |index: usize| (board.neighbors(board.pos_of(index))).map(|pos| board.index(pos));
    // The verdict of the family at `index` where it is a look on one tile, not hidden and not
    // taken for a lost game's mine.
    let lone = |index: usize| {
        let family = family_at(index);
        let verdict = &families.verdicts[family];
        let lost_signs = verdict.prob(TileClass::Mine) + verdict.prob(TileClass::Exploded);
        (tiles[family] == 1 && !hidden[family] && lost_signs < LOST_SIGNS).then_some(verdict)
    };
    // A crossed flag is tried however surely it reads: alone it says the game is lost, and the
    // text of a tooltip reads as one at 1.0 (JSMinesweeper's "(6,4)" at 14 px).
    let is_stray = |index: usize| {
        lone(index).is_some_and(|verdict| {
            verdict.confidence < TRIED_BELOW || verdict.class == TileClass::WrongFlag
        })
    };
    // A flag on one tile, however surely read, joins the strays it touches: a tooltip's text
    // over a number can read as a flag at 0.9992 (JSMinesweeper's "(0,12)" at 26 px, its ")"
    // over a "1", in `live` with the pointer where it last clicked), and a flag stands beside
    // no open 0, so with it in place the 0s beside it still turn covered. A flag alone starts no
    // group: one a player placed is a look on one tile too.
    let flag_piece =
        |index: usize| lone(index).is_some_and(|verdict| verdict.class == TileClass::Flag);
    let stray: Vec<bool> = (0..reading.look_of.len()).map(is_stray).collect();
    let marked: Vec<bool> = (0..reading.look_of.len())
        .map(|index| stray[index] || flag_piece(index))
        .collect();
    // Strays side by side are one group, tried where one of them lies beside a flipped family.
    (side_by_side(board, &marked).into_iter())
        .filter(|group| group.iter().any(|&index| stray[index]))
        .filter(|group| (group.iter()).any(|&index| around(index).any(|i| flipped[family_at(i)])))
        .take(TRIED)
        .map(|group| group.into_iter().map(family_at).collect())
        .collect()
}

/// The cells (row-major indices) of `board` marked in `marked`, in groups of cells side by side
/// (diagonals count), each group in the order it was reached from its first cell, the groups
/// in board order of their first cells.
pub fn side_by_side(board: &Board, marked: &[bool]) -> Vec<Vec<usize>> {
    let around = |index: usize| (board.neighbors(board.pos_of(index))).map(|pos| board.index(pos));
    let mut seen = vec![false; marked.len()];
    let mut groups = Vec::new();
    for start in 0..marked.len() {
        if !marked[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        let mut group = vec![start];
        let mut next = 0;
        while next < group.len() {
            let index = group[next];
            next += 1;
            for i in around(index) {
                if marked[i] && !seen[i] {
                    seen[i] = true;
                    group.push(i);
                }
            }
        }
        groups.push(group);
    }
    groups
}

/// For each family, whether it shows on [`TURNED`] tiles or more, the classifier reads it as an
/// open tile (a number or an empty tile) and `settled` (its class in a labelling) as covered:
/// what a lone look beside open tiles does to them, as no 0 may touch a covered tile; or the
/// classifier reads it as covered and `settled` as shown mines: what a lone look read as a
/// crossed flag does to a fresh board, since a wrong flag shows only on a lost board
/// (JSMinesweeper's tooltip "(6,4)" at 14 px beside a tile held down: 102 covered tiles at one
/// phase of the sampling turned mines, the board taken for lost and given no first click).
pub fn flipped(reading: &Reading, families: &Families, settled: &[TileClass]) -> Vec<bool> {
    let tiles = families.cells(reading);
    (families.verdicts.iter().zip(settled).zip(tiles))
        .map(|((verdict, &class), tiles)| {
            let opened =
                matches!(verdict.class, TileClass::Number(_)) && class == TileClass::Unrevealed;
            let shown = verdict.class == TileClass::Unrevealed && class.cell().is_shown_mine();
            tiles >= TURNED && (opened || shown)
        })
        .collect()
}

/// Whether `settled` (the classes of a labelling with a group hidden) reads every family of
/// [`MANY`] tiles or more as the classifier does: hiding the group is worth its price only where
/// it gives the many tiles back their own class.
pub fn all_many_as_read(reading: &Reading, families: &Families, settled: &[TileClass]) -> bool {
    let tiles = families.cells(reading);
    (families.verdicts.iter().zip(settled).zip(tiles))
        .all(|((verdict, &class), tiles)| tiles < MANY || class == verdict.class)
}

#[cfg(test)]
mod tests {
    use super::lone_looks;
    use crate::skin::families::Families;
    use crate::skin::settle;
    use crate::skin::testing::{flat_reading, tile_with_ink, BLUE, GRASS, NOTE, SAND, WHITE};
    use crate::vision::{TileClass, Verdict};

    /// Open 0s ringed by 1s beside covered tiles, with one look of its own among the 0s (`x`)
    /// read with `lone`: a tooltip's text over an open tile.
    fn board_with_a_lone_look(lone: Verdict) -> crate::vision::Reading {
        let mut reading = flat_reading(
            &["cc1000", "cc1000", "cc10x0", "cc1000", "cc1000"],
            "c10x",
            vec![
                Verdict::from_probs(&[(TileClass::Unrevealed, 1.0)]),
                Verdict::from_probs(&[(TileClass::Number(1), 1.0)]),
                // As JSMinesweeper's 0s read at 24 px: covered to the model at 0.24.
                Verdict::from_probs(&[(TileClass::Number(0), 0.76), (TileClass::Unrevealed, 0.24)]),
                lone,
            ],
        );
        // Drawn as a checkerboard skin draws them: the 1s and 0s on one face.
        reading.pixels = vec![
            tile_with_ink(GRASS, GRASS),
            tile_with_ink(SAND, BLUE),
            tile_with_ink(SAND, SAND),
            tile_with_ink(NOTE, WHITE),
        ];
        reading
    }

    #[test]
    fn a_lone_look_among_open_0s_is_hidden_and_the_0s_stay_0s() {
        // A covered tile with a symbol to the classifier, read unsurely: no 0 may touch it.
        let mut reading = board_with_a_lone_look(Verdict::from_probs(&[
            (TileClass::Unrevealed, 0.89),
            (TileClass::Number(8), 0.11),
        ]));
        assert!(settle(&mut reading).possible);
        assert_eq!(reading.class(0, 3), TileClass::Number(0));
        assert_eq!(reading.class(2, 5), TileClass::Number(0));
        assert_eq!(reading.doubt_cells(), vec![(2, 4)]);
        assert!(reading.doubt[0].hides_the_tiles());
    }

    #[test]
    fn a_tooltips_piece_read_as_a_number_among_open_0s_is_hidden() {
        // JSMinesweeper's tooltip "(1" over a 0, read as a "1" at 0.979: no 0 beside it may
        // be a 0 while it stands, and it alone would turn the 0s covered.
        let mut reading = board_with_a_lone_look(Verdict::from_probs(&[
            (TileClass::Number(1), 0.979),
            (TileClass::Number(4), 0.021),
        ]));
        assert!(settle(&mut reading).possible);
        assert_eq!(reading.class(0, 3), TileClass::Number(0));
        assert_eq!(reading.doubt_cells(), vec![(2, 4)]);
        assert!(reading.doubt[0].hides_the_tiles());
    }

    #[test]
    fn a_tooltips_piece_away_from_the_0s_joins_the_pieces_beside_them() {
        // A tooltip two tiles tall over open 0s (`p` to `t` its edge and ends, each a look of its
        // own read unsurely) with its middle piece (`y`) over a 0 that touches only the other
        // pieces and the 1s: read as a flag at 0.978, as JSMinesweeper's "2," at 25 px. Hidden
        // without it, the flag alone would still turn the 0s covered.
        let unsure =
            Verdict::from_probs(&[(TileClass::Unrevealed, 0.89), (TileClass::Number(8), 0.11)]);
        let mut looks = vec![
            Verdict::from_probs(&[(TileClass::Unrevealed, 1.0)]),
            Verdict::from_probs(&[(TileClass::Number(1), 1.0)]),
            Verdict::from_probs(&[(TileClass::Number(0), 0.76), (TileClass::Unrevealed, 0.24)]),
        ];
        looks.extend([unsure; 5]);
        looks.push(Verdict::from_probs(&[
            (TileClass::Flag, 0.978),
            (TileClass::Number(0), 0.022),
        ]));
        let reading = flat_reading(
            &["000000", "000000", "0pqr00", "0syt00", "111111", "cccccc"],
            "c10pqrsty",
            looks,
        );
        // Each look a family of its own; the 0s (family 2) turned covered by the best labelling.
        let families = Families {
            of: (0..9).collect(),
            first: (0..9)
                .map(|look| reading.look_of.iter().position(|&l| l == look).unwrap())
                .collect(),
            verdicts: reading.looks.clone(),
        };
        let flipped: Vec<bool> = (0..9).map(|family| family == 2).collect();
        let mut groups = lone_looks(&reading, &families, &[false; 9], &flipped);
        groups.iter_mut().for_each(|group| group.sort_unstable());
        assert_eq!(groups, vec![vec![3, 4, 5, 6, 7, 8]]);
    }

    #[test]
    fn a_flag_read_surely_joins_the_pieces_it_touches_but_starts_no_group() {
        // JSMinesweeper's "(0,12)" over 1s and 0s: its ")" over a "1" (`y`) read as a flag at
        // 0.9992, beside pieces read unsurely (`p`, `q`); the 0s (family 2) turned covered.
        let unsure =
            Verdict::from_probs(&[(TileClass::Unrevealed, 0.89), (TileClass::Number(8), 0.11)]);
        let flag = Verdict::from_probs(&[(TileClass::Flag, 0.9992), (TileClass::Number(1), 8e-4)]);
        let board = |rows: &[&str], looks: &str, verdicts: Vec<Verdict>| {
            let reading = flat_reading(rows, looks, verdicts);
            let count = reading.looks.len();
            let families = Families {
                of: (0..count).collect(),
                first: (0..count)
                    .map(|look| reading.look_of.iter().position(|&l| l == look).unwrap())
                    .collect(),
                verdicts: reading.looks.clone(),
            };
            let flipped: Vec<bool> = (0..count).map(|family| family == 2).collect();
            lone_looks(&reading, &families, &vec![false; count], &flipped)
        };
        let common = || {
            vec![
                Verdict::from_probs(&[(TileClass::Unrevealed, 1.0)]),
                Verdict::from_probs(&[(TileClass::Number(1), 1.0)]),
                Verdict::from_probs(&[(TileClass::Number(0), 0.76), (TileClass::Unrevealed, 0.24)]),
            ]
        };
        let mut looks = common();
        looks.extend([unsure, unsure, flag]);
        let rows = ["cccccc", "111y11", "1pq000", "000000"];
        let mut groups = board(&rows, "c10pqy", looks);
        groups.iter_mut().for_each(|group| group.sort_unstable());
        assert_eq!(groups, vec![vec![3, 4, 5]]);
        // Alone, a flag beside the 0s is no one's piece: it may be a player's.
        let mut looks = common();
        looks.push(flag);
        assert!(board(&["cccccc", "111y11", "100000", "000000"], "c10y", looks).is_empty());
    }

    #[test]
    fn a_lone_look_read_surely_is_not_hidden() {
        // A number a game draws on one tile may be what shows the rest misread.
        let mut reading = board_with_a_lone_look(Verdict::from_probs(&[
            (TileClass::Unrevealed, 0.995),
            (TileClass::Number(8), 0.005),
        ]));
        settle(&mut reading);
        assert!(reading.doubt.iter().all(|d| !d.hides_the_tiles()));
    }

    #[test]
    fn a_lone_crossed_flag_that_turns_a_fresh_boards_covered_tiles_to_mines_is_hidden() {
        // A fresh board's covered tiles at two phases of the sampling (`c`, `d`), and a
        // tooltip's text read surely as a crossed flag (`x`), which shows only on a lost board:
        // the cheapest labelling that holds would read a family of covered tiles as mines.
        let rows = ["cdcdcd", "dcdcdc", "cdxdcd", "dcdcdc", "cdcdcd"];
        let mut reading = flat_reading(
            &rows,
            "cdx",
            vec![
                // A shown mine not quite out of the classifier's odds: the cheapest change.
                Verdict::from_probs(&[(TileClass::Unrevealed, 0.99999), (TileClass::Mine, 1e-5)]),
                Verdict::from_probs(&[(TileClass::Unrevealed, 1.0)]),
                Verdict::from_probs(&[(TileClass::WrongFlag, 1.0)]),
            ],
        );
        reading.pixels = vec![
            tile_with_ink(GRASS, GRASS),
            tile_with_ink(SAND, SAND),
            tile_with_ink(NOTE, WHITE),
        ];
        assert!(settle(&mut reading).possible);
        assert!(!reading.board.shows_mines());
        assert_eq!(reading.class(0, 1), TileClass::Unrevealed);
        assert_eq!(reading.class(0, 0), TileClass::Unrevealed);
        assert_eq!(reading.doubt_cells(), vec![(2, 2)]);
        assert!(reading.doubt[0].classes.contains(&TileClass::Unrevealed));
    }

    #[test]
    fn a_lone_look_the_classifier_takes_for_a_lost_games_mine_is_not_hidden() {
        // An exploded mine is a look on one tile too; hidden, the game would seem in play.
        let mut reading = board_with_a_lone_look(Verdict::from_probs(&[
            (TileClass::Exploded, 0.6),
            (TileClass::Unrevealed, 0.4),
        ]));
        settle(&mut reading);
        assert!(reading.doubt.iter().all(|d| !d.hides_the_tiles()));
        assert_ne!(reading.class(0, 3), TileClass::Number(0));
    }
}
