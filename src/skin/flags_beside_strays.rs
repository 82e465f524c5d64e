//! A flag beside a stray look: in doubt with a covered tile. Advice takes a flag for a mine, so
//! a flag that is really part of something drawn over the board makes its numbers "already
//! touch their mine" and calls tiles safe that are not. JSMinesweeper names the tile under the
//! pointer ("(16,13)") on a see-through box; where the box's edge crosses a "1" the model reads
//! a flag, at 0.92 to 1.0, and the tiles beside it under the text are looks of their own that
//! it reads unsurely or that the reading leaves in doubt or hides.
//!
//! A player's flag is drawn alike on every tile that has one, and read all but surely, so a
//! flag on a look no other tile shows, read less surely, beside a tile hidden or in doubt with
//! a symbol or a look of its own read unsurely, is taken for what it may be: a covered tile
//! that may or may not hold a mine. Less advice beside it; none that counts on a mine it may
//! not have. A flag drawn as the board's sure flags (`same_flag`) is a player's flag sampled at
//! another phase of the pitch, not a piece of text, and stays a flag.

use super::doubt::add_doubt;
use super::lone_looks::STRAY;
use super::same_flag::drawn_as_a_sure_flag;
use crate::vision::{Reading, TileClass};

/// The classifier's probability from which a flag is a flag wherever it lies. Of about 680
/// players' flags on boards in play in the sweeps, 26 read below it beside a stray (forced-dark
/// winmine at fractional pitches, where covered tiles take many looks); a tooltip's pieces read
/// as flags at 0.81 to 0.99, and one at 1.0 under its box's edge, which this leaves.
const SURE_FLAG: f32 = 0.999;

/// Leaves in doubt with a covered tile every flag on a look of one tile, read less surely than
/// [`SURE_FLAG`], that has a stray beside it (diagonals count): a tile hidden under something
/// drawn over the board (`hidden`, by cell), a tile in doubt with a symbol the reading cannot
/// name (a shown mine, a question mark; not a doubt between two faces, covered or empty), or
/// one of a look on one tile read less surely than [`STRAY`].
pub(super) fn doubt_flags_beside_strays(reading: &mut Reading, hidden: &[bool]) {
    let cols = reading.grid.cols.max(1);
    let tiles_of_look = reading.cells_of_each_look();
    let board = &reading.board;
    let doubted = reading.doubt_cells();
    let mut symbols: Vec<(usize, usize)> = (reading.doubt.iter())
        .filter(|doubt| (doubt.classes.iter()).any(|&class| is_symbol(class)))
        .flat_map(|doubt| doubt.cells.iter().copied())
        .collect();
    symbols.sort_unstable();
    let stray = |index: usize| {
        let look = reading.look_of[index];
        let lone_and_unsure = tiles_of_look[look] == 1 && reading.looks[look].confidence < STRAY;
        lone_and_unsure
            || hidden[index]
            || symbols.binary_search(&(index / cols, index % cols)).is_ok()
    };
    let mut flags = Vec::new();
    for index in 0..reading.look_of.len() {
        let (row, col) = (index / cols, index % cols);
        let look = reading.look_of[index];
        let verdict = &reading.looks[look];
        if verdict.class != TileClass::Flag
            || verdict.prob(TileClass::Flag) >= SURE_FLAG
            || tiles_of_look[look] != 1
            || doubted.binary_search(&(row, col)).is_ok()
        {
            continue;
        }
        // The costly test last: a flag drawn as the board's sure flags is a player's flag at
        // another phase of the pitch (the HTML-table clone's, 0.999 where the other reads 1.0),
        // not a piece of text.
        if (board.neighbors(board.pos_of(index))).any(|pos| stray(board.index(pos)))
            && !drawn_as_a_sure_flag(reading, look)
        {
            flags.push((look, (row, col)));
        }
    }
    for (look, cell) in flags {
        tracing::debug!(look, ?cell, "a flag beside a stray look");
        add_doubt(
            reading,
            look,
            vec![cell],
            TileClass::Flag,
            TileClass::Unrevealed,
        );
    }
}

/// Whether a doubt with `class` among its classes is about a symbol the reading cannot name,
/// not about which face a tile shows.
fn is_symbol(class: TileClass) -> bool {
    matches!(
        class,
        TileClass::Mine | TileClass::Exploded | TileClass::Question | TileClass::WrongFlag
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::skin::testing::board_of_looks;
    use crate::vision::Verdict;

    /// The board "1F1.\n111.\n....", its flag a look of its own read with `flag`, the tile right
    /// of it read with `beside`, the rest surely: the 1s one look, the covered tiles another.
    fn reading_with_flag_beside(flag: Verdict, beside: Verdict) -> Reading {
        board_of_looks(
            "1F1.\n111.\n....\n",
            vec![0, 1, 3, 2, 0, 0, 0, 2, 2, 2, 2, 2],
            vec![
                Verdict::certain(TileClass::Number(1)),
                flag.settled(TileClass::Flag),
                Verdict::certain(TileClass::Unrevealed),
                beside.settled(TileClass::Number(1)),
            ],
        )
    }

    /// A tooltip's piece over a covered tile, a flag to the model at 0.92.
    fn text_read_as_a_flag() -> Verdict {
        Verdict::from_probs(&[(TileClass::Flag, 0.92), (TileClass::Unrevealed, 0.08)])
    }

    #[test]
    fn a_flag_beside_an_unsure_look_of_its_own_is_in_doubt_with_a_covered_tile() {
        // The tooltip's next piece over a "1": a look on one tile, a 1 to the model at 0.6.
        let unsure = Verdict::from_probs(&[(TileClass::Number(1), 0.6), (TileClass::Flag, 0.4)]);
        let mut reading = reading_with_flag_beside(text_read_as_a_flag(), unsure);
        doubt_flags_beside_strays(&mut reading, &[false; 12]);
        assert_eq!(reading.doubt_cells(), vec![(0, 1)]);
        assert_eq!(
            reading.doubt[0].classes,
            vec![TileClass::Flag, TileClass::Unrevealed]
        );
        // A flag read as players' flags read, beside the same, stays a flag.
        let mut reading = reading_with_flag_beside(Verdict::certain(TileClass::Flag), unsure);
        doubt_flags_beside_strays(&mut reading, &[false; 12]);
        assert!(reading.doubt.is_empty());
    }

    #[test]
    fn a_flag_beside_sure_looks_stays_a_flag_and_a_hidden_tile_is_a_stray() {
        let sure = Verdict::from_probs(&[(TileClass::Number(1), 0.99), (TileClass::Flag, 0.01)]);
        let mut reading = reading_with_flag_beside(text_read_as_a_flag(), sure);
        doubt_flags_beside_strays(&mut reading, &[false; 12]);
        assert!(reading.doubt.is_empty());
        // The same with the tile below it hidden under a note.
        let mut hidden = [false; 12];
        hidden[5] = true;
        doubt_flags_beside_strays(&mut reading, &hidden);
        assert_eq!(reading.doubt_cells(), vec![(0, 1)]);
    }
}
