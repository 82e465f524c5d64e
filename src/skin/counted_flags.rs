//! Flags in doubt, named by the game's own count of flags. GNOME Mines shows "3/40" beside the
//! board: the flags placed. At its default window (24 px tiles) its small flag is read unsurely
//! and left in doubt with a question mark. Where the count says that every tile in such a doubt
//! holds a flag, or that none does, the doubt is settled; any other count leaves it.
//!
//! A flag counts as a mine for the advice and a question mark as a covered tile, so a question
//! mark taken for a flag could make a neighbour look safe; the count is taken only where it
//! names every doubted tile at once (all flags or none), never a share of them.

use crate::vision::{Doubt, Reading, TileClass};

/// Settles the doubts that hold a flag among classes of covered tiles and mines (a flag, a
/// question mark, a plain covered tile, a shown mine) where the counted flags
/// ([`Reading::counted_flags`]) equal the flags read surely plus all their tiles (each is a
/// flag), or the flags read surely alone (none is: the flag leaves the doubt).
pub fn settle_counted_flags(reading: &mut Reading) {
    let Some(counted) = reading.counted_flags else {
        return;
    };
    let flag_or_covered = |doubt: &Doubt| {
        doubt.classes.contains(&TileClass::Flag)
            && (doubt.classes.iter()).all(|c| {
                matches!(
                    c,
                    TileClass::Flag | TileClass::Question | TileClass::Unrevealed | TileClass::Mine
                )
            })
    };
    let doubted = reading.doubt_cells();
    let sure = (reading.tiles.iter().enumerate())
        .filter(|(_, v)| matches!(v.class, TileClass::Flag | TileClass::WrongFlag))
        .filter(|&(i, _)| {
            let cell = (i / reading.grid.cols, i % reading.grid.cols);
            doubted.binary_search(&cell).is_err()
        })
        .count() as u64;
    let maybe: u64 = (reading.doubt.iter())
        .filter(|d| flag_or_covered(d))
        .map(|d| d.cells.len() as u64)
        .sum();
    if maybe == 0 {
        return;
    }
    let all_flags = counted == sure + maybe;
    if !all_flags && counted != sure {
        return;
    }
    tracing::debug!(
        counted,
        sure,
        maybe,
        all_flags,
        "the game's count of flags names the flags in doubt"
    );
    let (named, kept): (Vec<Doubt>, Vec<Doubt>) = std::mem::take(&mut reading.doubt)
        .into_iter()
        .partition(flag_or_covered);
    reading.doubt = kept;
    for mut doubt in named {
        if all_flags {
            relabel_cells(reading, &doubt.cells, TileClass::Flag);
            continue;
        }
        doubt.classes.retain(|&c| c != TileClass::Flag);
        match doubt.classes[..] {
            [class] => relabel_cells(reading, &doubt.cells, class),
            _ => {
                relabel_cells(reading, &doubt.cells, doubt.classes[0]);
                reading.doubt.push(doubt);
            }
        }
    }
}

/// Gives the looks of `cells` the class `class`, settled by the board.
fn relabel_cells(reading: &mut Reading, cells: &[(usize, usize)], class: TileClass) {
    for &(row, col) in cells {
        let look = reading.look_of[row * reading.grid.cols + col];
        if reading.looks[look].class != class {
            reading.relabel(look, class, 1.0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{parse_board, Cell, Pos};
    use crate::vision::Verdict;

    /// A reading of `text` whose looks are its distinct characters, each read as its class; the
    /// tiles of `unsure` (an `F`'s look of its own) in doubt between a flag and a question mark.
    fn reading(text: &str, unsure: &[(usize, usize)], counted: u64) -> Reading {
        let board = parse_board(text).unwrap();
        let cols = board.cols();
        let mut reading = Reading::of_board(board);
        let chars: Vec<char> = text.lines().flat_map(|l| l.chars()).collect();
        let class = |c: char| match c {
            'F' => TileClass::Flag,
            '.' => TileClass::Unrevealed,
            d => TileClass::Number(d.to_digit(10).unwrap() as u8),
        };
        // Looks: one per character, and one more for the unsure flags.
        let mut names: Vec<char> = chars.clone();
        names.sort_unstable();
        names.dedup();
        reading.looks = names.iter().map(|&c| Verdict::certain(class(c))).collect();
        reading.looks.push(Verdict::from_probs(&[
            (TileClass::Flag, 0.85),
            (TileClass::Question, 0.15),
        ]));
        reading.look_of = (chars.iter().enumerate())
            .map(|(i, c)| match unsure.contains(&(i / cols, i % cols)) {
                true => names.len(),
                false => names.binary_search(c).unwrap(),
            })
            .collect();
        reading.tiles = reading.look_of.iter().map(|&l| reading.looks[l]).collect();
        reading.doubt.push(Doubt {
            look: names.len(),
            classes: vec![TileClass::Flag, TileClass::Question],
            cells: unsure.to_vec(),
        });
        reading.counted_flags = Some(counted);
        reading
    }

    const BOARD: &str = "F1000\n22100\n.F100\n.2100\n";

    #[test]
    fn a_count_that_names_every_doubted_tile_settles_them() {
        // One flag read surely at (0, 0), one in doubt at (2, 1): the count says 2, so it is one.
        let mut flagged = reading(BOARD, &[(2, 1)], 2);
        settle_counted_flags(&mut flagged);
        assert!(flagged.doubt.is_empty());
        assert_eq!(flagged.class(2, 1), TileClass::Flag);
        // The count says 1: the flag read surely is the only one, so (2, 1) is a question mark.
        let mut marked = reading(BOARD, &[(2, 1)], 1);
        settle_counted_flags(&mut marked);
        assert!(marked.doubt.is_empty());
        assert_eq!(marked.class(2, 1), TileClass::Question);
        assert_eq!(marked.board.get(Pos::new(2, 1)), Cell::Unrevealed);
    }

    #[test]
    fn a_count_that_names_only_a_share_or_no_count_leaves_the_doubt() {
        // Two tiles in doubt and a count that makes one of them a flag: which is not said.
        let mut share = reading(BOARD, &[(2, 1), (0, 0)], 1);
        settle_counted_flags(&mut share);
        assert_eq!(share.doubt.len(), 1);
        // A count that fits neither way (a misread counter) says nothing.
        let mut misread = reading(BOARD, &[(2, 1)], 5);
        settle_counted_flags(&mut misread);
        assert_eq!(misread.doubt.len(), 1);
        let mut uncounted = reading(BOARD, &[(2, 1)], 2);
        uncounted.counted_flags = None;
        settle_counted_flags(&mut uncounted);
        assert_eq!(uncounted.doubt.len(), 1);
    }
}
