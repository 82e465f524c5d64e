//! Open 0s among covered tiles on a lost board. A game in play opens every neighbour of a 0 at
//! once, so the reading takes a 0 beside a covered tile for a covered tile drawn pressed
//! (`pressed`). A lost game stops where it stood: a page that draws its cascade a few tiles at a
//! time stops it half drawn when a mine is opened in the meantime, and some pages open a tile
//! clicked after the loss without its cascade. The pixel-art clone, played quickly, left such
//! a 0 on every lost board of the sweeps (120 captures), each read as covered.
//!
//! So once the whole board is read, and it shows its mines (nothing hidden or in doubt made it
//! so: a tooltip's text read as a mine is hidden by then), the cells taken for pressed tiles
//! whose look the board reads as an empty open tile, unlike any covered look, are read as
//! that, where no neighbour is a mine the board states. A lost board gets no advice, so this
//! costs none; it reads the board as the game shows it.

use super::families::MEAN_LIMIT;
use crate::board::{Cell, Pos};
use crate::vision::tiles::mean_difference;
use crate::vision::{Reading, TileClass};

/// Reads as 0s the cells `pressed` (row-major indices taken for covered tiles drawn pressed)
/// whose look is read as a 0 and is far from every look read as covered (past
/// `families::MEAN_LIMIT` on average), on a board that shows its mines, where no neighbour
/// holds a mine the board states and no doubt names the cell. Returns how many it read so.
pub(super) fn reopen_zeros_of_a_lost_board(reading: &mut Reading, pressed: &[usize]) -> usize {
    if !reading.board.shows_mines() {
        return 0;
    }
    let cols = reading.grid.cols;
    let mut reopened = 0;
    for &index in pressed {
        let look = reading.look_of[index];
        let pos = Pos::new(index / cols, index % cols);
        let in_doubt = || (reading.doubt.iter()).any(|d| d.cells.contains(&(pos.row, pos.col)));
        let beside_a_mine =
            || (reading.board.neighbors(pos)).any(|q| reading.board.get(q).is_known_mine());
        // A look near the board's covered tiles on average is no sign either way: the
        // HTML-table clone draws its covered and open tiles nearly alike (in the browser's dark
        // mode on one face), and a covered tile at another phase of its pitch, taken into the
        // 0s' family, was read as covered only by the rule.
        let like_covered = || {
            (reading.looks.iter().enumerate()).any(|(other, verdict)| {
                verdict.class == TileClass::Unrevealed
                    && mean_difference(&reading.pixels[other], &reading.pixels[look]) <= MEAN_LIMIT
            })
        };
        if reading.looks[look].class != TileClass::Number(0)
            || in_doubt()
            || beside_a_mine()
            || like_covered()
        {
            continue;
        }
        reading.tiles[index] = reading.looks[look];
        reading.board.set(pos, Cell::Number(0));
        reopened += 1;
    }
    if reopened > 0 {
        tracing::debug!(
            reopened,
            "0s among covered tiles on a lost board: the game's own"
        );
    }
    reopened
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;
    use crate::vision::tiles::TILE_BYTES;
    use crate::vision::Verdict;

    /// The board `text` with the looks of `looks` (per cell: 0 covered, 1 the 0s, 2 a mine),
    /// cell 7 (row 1, col 2) taken for a pressed tile and covered.
    fn reading(text: &str) -> Reading {
        let mut reading = Reading::of_board(parse_board(text).unwrap());
        reading.look_of = (text.lines().flat_map(|l| l.chars()))
            .map(|c| match c {
                '.' => 0,
                '0' => 1,
                _ => 2,
            })
            .collect();
        reading.looks = vec![
            Verdict::certain(TileClass::Unrevealed),
            Verdict::certain(TileClass::Number(0)),
            Verdict::certain(TileClass::Mine),
        ];
        reading.pixels = vec![[190; TILE_BYTES], [90; TILE_BYTES], [20; TILE_BYTES]];
        reading.look_of[7] = 1;
        reading.tiles = vec![Verdict::certain(TileClass::Unrevealed); reading.look_of.len()];
        reading
    }

    #[test]
    fn a_zero_taken_for_a_pressed_tile_on_a_lost_board_is_a_zero() {
        let mut reading = reading("*....\n.....\n.....\n.0...\n");
        assert_eq!(reopen_zeros_of_a_lost_board(&mut reading, &[7]), 1);
        assert_eq!(reading.board.get(Pos::new(1, 2)), Cell::Number(0));
    }

    #[test]
    fn on_a_board_in_play_or_beside_a_mine_it_stays_covered() {
        let mut in_play = reading(".....\n.....\n.....\n.0...\n");
        assert_eq!(reopen_zeros_of_a_lost_board(&mut in_play, &[7]), 0);
        assert_eq!(in_play.board.get(Pos::new(1, 2)), Cell::Unrevealed);
        let mut beside = reading("...*.\n.....\n.....\n.0...\n");
        assert_eq!(reopen_zeros_of_a_lost_board(&mut beside, &[7]), 0);
    }

    #[test]
    fn a_zero_drawn_like_the_covered_tiles_stays_covered() {
        let mut reading = reading("*....\n.....\n.....\n.0...\n");
        reading.pixels[1] = [188; TILE_BYTES];
        assert_eq!(reopen_zeros_of_a_lost_board(&mut reading, &[7]), 0);
    }
}
