//! Where no labelling of the board holds: looks of their own side by side, the text of
//! something drawn over the board, tried as hidden.
//!
//! JSMinesweeper names the tile under the pointer in a tooltip, "(3,10)" in white on a
//! see-through box. Over open 1s and 0s at 22 px its box's top edge turned two 1s into sure
//! flags (0.996 and 0.999) and its text turned three 0s into a "1", a "7" and a "4", each a look
//! on one tile. Beside the 0s no flag can be, and the whole board was refused ("an empty open
//! tile reads as touching a covered one"), in both sweeps that took JSMinesweeper at that zoom
//! in forced dark with the pointer resting on the board (seeds 81 and 84). `lone_looks` does
//! not apply: it weighs a look against the best labelling, and none held.
//!
//! So where none holds, a run of such looks is tried as hidden, as under a note: tiles side by
//! side (diagonals count), each showing a look on that one tile, two of them at least side by
//! side in one row as text runs, no more than one cover takes (`cover_pieces`' bounds), and one
//! of them at least a number, a flag or a crossed flag drawn unlike every look of its class on
//! more than one tile, or of a class no such look shows (the cover's text, not the game's own
//! symbol: with a tile held down beside the tooltip "(4,13)", its text read as flags, a "7" and
//! a "4", and the board's own two flags, each at another phase, were looks on one tile too). A
//! run is kept where the board then holds without a repair and every family of many tiles keeps
//! its likeliest meaning, the classifier's odds with the board's evidence (hiding a few tiles
//! must not turn the rest of the board); of several, the cheapest. A look the classifier takes
//! for a lost game's mine is never in a run (a lost game's exploded mine is a look on one tile
//! too).

use super::cover_pieces::{unlike_its_class, within_one_cover, written};
use super::families::Families;
use super::lone_looks::{side_by_side, MANY};
use super::meanings::Meaning;
use crate::vision::{Reading, TileClass};

/// Below this share of the classifier's odds on a lost game's signs (a shown mine, the exploded
/// one), a look may be part of a run.
const LOST_SIGNS: f32 = 0.5;

/// The most runs tried for one board.
const TRIED: usize = 4;

/// The runs worth hiding, each as its families: see the module's doc. `hidden`: the families
/// hidden already, never in a run. At most [`TRIED`], in board order.
pub fn text_runs(reading: &Reading, families: &Families, hidden: &[bool]) -> Vec<Vec<usize>> {
    let tiles = families.cells(reading);
    let board = &reading.board;
    let family_at = |i: usize| families.of[reading.look_of[i]];
    let lone_families: Vec<bool> = tiles.iter().map(|&t| t == 1).collect();
    let in_run = |index: usize| {
        let family = family_at(index);
        let verdict = &families.verdicts[family];
        let lost_signs = verdict.prob(TileClass::Mine) + verdict.prob(TileClass::Exploded);
        lone_families[family] && !hidden[family] && lost_signs < LOST_SIGNS
    };
    // A number or a flag of a class no look on more than one tile shows: nothing on the board
    // vouches for it.
    let class_of = |f: usize| reading.looks[families.first[f]].class;
    let unvouched = |f: usize| {
        written(class_of(f))
            && !(0..tiles.len()).any(|g| !lone_families[g] && class_of(g) == class_of(f))
    };
    let candidate: Vec<bool> = (0..reading.look_of.len()).map(in_run).collect();
    let mut runs = Vec::new();
    for run in side_by_side(board, &candidate) {
        let cells: Vec<(usize, usize)> = (run.iter())
            .map(|&i| board.pos_of(i))
            .map(|pos| (pos.row, pos.col))
            .collect();
        let in_a_row = (cells.iter()).any(|&(r, c)| cells.contains(&(r, c + 1)));
        let fits = within_one_cover(&cells);
        let family_of_run: Vec<usize> = run.iter().map(|&i| family_at(i)).collect();
        let text = (family_of_run.iter()).any(|&f| {
            unlike_its_class(reading, families, &lone_families, f, &lone_families) || unvouched(f)
        });
        if in_a_row && fits && text {
            runs.push(family_of_run);
            if runs.len() == TRIED {
                break;
            }
        }
    }
    runs
}

/// Whether `settled` (the classes of a labelling with a run hidden) gives every family of
/// [`MANY`] tiles or more its likeliest meaning in `options` (the classifier's odds with the
/// board's evidence): hiding a few tiles must not turn the rest of the board.
pub fn many_at_their_likeliest(
    reading: &Reading,
    families: &Families,
    options: &[Vec<Meaning>],
    settled: &[TileClass],
) -> bool {
    let tiles = families.cells(reading);
    (options.iter().zip(settled).zip(tiles)).all(|((meanings, &class), tiles)| {
        tiles < MANY
            || meanings
                .first()
                .is_some_and(|likeliest| likeliest.class == class)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::skin::testing::{a_family_a_look, flat_reading};
    use crate::vision::Verdict;

    /// Open 0s ringed by 1s beside covered tiles and two flags of the game's, with a tooltip's
    /// text over two 0s side by side: looks `a` and `b` (families 4 and 5), each on its one
    /// tile, read with `a` and `b`. Every look is a flat tile of its own grey, so `a` is drawn
    /// unlike the game's flags.
    fn board_with_text(a: Verdict, b: Verdict) -> Reading {
        flat_reading(
            &["fc1000", "fc1000", "cc1ab0", "cc1000", "cc1000"],
            "fc10ab",
            vec![
                Verdict::from_probs(&[(TileClass::Flag, 1.0)]),
                Verdict::from_probs(&[(TileClass::Unrevealed, 1.0)]),
                Verdict::from_probs(&[(TileClass::Number(1), 1.0)]),
                Verdict::from_probs(&[(TileClass::Number(0), 1.0)]),
                a,
                b,
            ],
        )
    }

    /// The box's edge over a "1" read surely as a flag.
    fn sure_flag() -> Verdict {
        Verdict::from_probs(&[(TileClass::Flag, 0.999), (TileClass::Unrevealed, 0.001)])
    }

    #[test]
    fn looks_of_their_own_side_by_side_one_unlike_its_class_are_a_run() {
        // Its text over a 0 read as a "7", a number no other tile shows.
        let seven =
            Verdict::from_probs(&[(TileClass::Number(7), 0.98), (TileClass::Number(1), 0.02)]);
        let (reading, families, _) = a_family_a_look(board_with_text(sure_flag(), seven));
        assert_eq!(
            text_runs(&reading, &families, &[false; 6]),
            vec![vec![4, 5]]
        );
        // A family hidden already is in no run, and one look alone is none.
        let hidden = [false, false, false, false, true, false];
        assert!(text_runs(&reading, &families, &hidden).is_empty());
    }

    #[test]
    fn looks_of_their_own_of_classes_no_look_of_many_tiles_shows_are_a_run() {
        // No flag of the game's on the board, and no "7": the box's edge read as a flag and its
        // text as a "7" are vouched for by nothing.
        let reading = flat_reading(
            &["cc1000", "cc1000", "cc1ab0", "cc1000", "cc1000"],
            "c10ab",
            vec![
                Verdict::from_probs(&[(TileClass::Unrevealed, 1.0)]),
                Verdict::from_probs(&[(TileClass::Number(1), 1.0)]),
                Verdict::from_probs(&[(TileClass::Number(0), 1.0)]),
                sure_flag(),
                Verdict::from_probs(&[(TileClass::Number(7), 0.98), (TileClass::Number(1), 0.02)]),
            ],
        );
        let (reading, families, _) = a_family_a_look(reading);
        assert_eq!(
            text_runs(&reading, &families, &[false; 5]),
            vec![vec![3, 4]]
        );
    }

    #[test]
    fn a_look_the_classifier_takes_for_a_lost_games_mine_is_in_no_run() {
        // A lost game's exploded mine is a look on one tile too.
        let exploded =
            Verdict::from_probs(&[(TileClass::Exploded, 0.7), (TileClass::Number(7), 0.3)]);
        let (reading, families, _) = a_family_a_look(board_with_text(sure_flag(), exploded));
        assert!(text_runs(&reading, &families, &[false; 6]).is_empty());
    }

    #[test]
    fn looks_drawn_as_the_games_own_are_no_run() {
        // A flag and a "1" drawn as the game draws them, at another phase: no text among them.
        let one =
            Verdict::from_probs(&[(TileClass::Number(1), 0.98), (TileClass::Number(7), 0.02)]);
        let mut reading = board_with_text(sure_flag(), one);
        reading.pixels[4] = reading.pixels[0];
        reading.pixels[5] = reading.pixels[2];
        let (reading, families, _) = a_family_a_look(reading);
        assert!(text_runs(&reading, &families, &[false; 6]).is_empty());
    }
}
