//! The board advice may use when looks are in doubt, and how a doubt is added to a reading.
//! Every cell in doubt is replaced by the weakest cell all its candidate classes agree with: an
//! open tile without a number when every candidate is an open, mine-free tile, else a covered
//! tile that may or may not hold a mine.
//!
//! A cell in doubt between numbers only is open to the advice only beside an open tile read
//! surely: there the board's opening vouches for it. Alone among covered tiles, its being open
//! rests on the classifier alone, and a covered tile at another phase of the sampling can be
//! read so: the emoji clone's blue squares in forced dark at 25 px, six tiles of one row read
//! as a "5" or a "6". Taken as open, each would have been mine-free to the advice, and the mine
//! total spread over the other tiles. As a covered tile it may hold a mine either way; what
//! this costs is small, as no number beside it leans on it.
//!
//! Why this is sound: every layout of mines that fits the real board also fits the weakened one
//! (a number dropped removes a constraint; a tile that may or may not hold a mine admits the
//! real case, whichever it is), so a tile certain on the weakened board is certain on the real
//! one. The advice itself never names a cell in doubt (`crate::pipeline`).

use super::rules::room_and_shown;
use crate::board::{Board, Cell, Pos};
use crate::vision::{Doubt, Reading, TileClass};

/// Puts `cells` (showing look `look`) in doubt between `read` and `other`; where a doubt already
/// covers them all (their family's), `other` joins its classes instead, once.
pub(super) fn add_doubt(
    reading: &mut Reading,
    look: usize,
    cells: Vec<(usize, usize)>,
    read: TileClass,
    other: TileClass,
) {
    let covering = (reading.doubt.iter_mut()).find(|d| cells.iter().all(|c| d.cells.contains(c)));
    match covering {
        Some(doubt) => {
            if !doubt.classes.contains(&other) {
                doubt.classes.push(other);
            }
        }
        None => reading.doubt.push(Doubt {
            look,
            classes: vec![read, other],
            cells,
        }),
    }
}

/// Puts every cell showing look `look` in doubt between the class it was read as and the
/// classifier's next likeliest class that `may_be` allows (nothing, where the classifier gave
/// no other such class).
pub(super) fn doubt_with_runner_up(
    reading: &mut Reading,
    look: usize,
    may_be: impl Fn(TileClass) -> bool,
) {
    let verdict = reading.looks[look];
    let Some(other) = verdict.runner_up_among(may_be) else {
        return;
    };
    let cells = reading.cells_showing(|l| l == look);
    add_doubt(reading, look, cells, verdict.class, other);
}

/// Whether `class` may be what one of `cells` shows on `board`: anything but a number, or a
/// number no greater than the neighbours that may hold a mine (covered, flagged or shown) of
/// one of them. A gold "3" the classifier took for an "8", between open tiles, is no "8" to
/// keep in doubt: no real board shows it there.
pub(super) fn has_room_for(board: &Board, cells: &[(usize, usize)], class: TileClass) -> bool {
    let Cell::Number(count) = class.cell() else {
        return true;
    };
    cells.iter().any(|&(row, col)| {
        let (room, _) = room_and_shown(board, Pos::new(row, col), |q| board.get(q));
        usize::from(count) <= room
    })
}

/// The board with every cell in doubt weakened so that nothing certain on it depends on them.
pub fn advice_board(reading: &Reading) -> Board {
    let mut board = reading.board.clone();
    let doubted = reading.doubt_cells();
    let in_doubt = |q: Pos| doubted.binary_search(&(q.row, q.col)).is_ok();
    // An open tile read surely beside `pos`: a number or an empty tile, in no doubt.
    let beside_the_opening = |pos: Pos| {
        (reading.board.neighbors(pos))
            .any(|q| matches!(reading.board.get(q), Cell::Number(_)) && !in_doubt(q))
    };
    for doubt in &reading.doubt {
        let open_and_safe = doubt
            .classes
            .iter()
            .all(|c| matches!(c.cell(), Cell::Number(_) | Cell::Blank));
        for &(row, col) in &doubt.cells {
            let pos = Pos::new(row, col);
            let cell = if open_and_safe && beside_the_opening(pos) {
                Cell::Blank
            } else {
                Cell::Unrevealed
            };
            board.set(pos, cell);
        }
    }
    board
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;

    /// A reading of `text` with the cells `cells` in doubt between a 5 and a 6.
    fn with_numbers_in_doubt(text: &str, cells: &[(usize, usize)]) -> Reading {
        let mut reading = Reading::of_board(parse_board(text).unwrap());
        reading.doubt.push(Doubt {
            look: 0,
            classes: vec![TileClass::Number(5), TileClass::Number(6)],
            cells: cells.to_vec(),
        });
        reading
    }

    #[test]
    fn numbers_in_doubt_beside_the_opening_are_open_and_mine_free() {
        let reading = with_numbers_in_doubt("5...\n1...\n....\n", &[(0, 0)]);
        assert_eq!(advice_board(&reading).get(Pos::new(0, 0)), Cell::Blank);
    }

    #[test]
    fn numbers_in_doubt_alone_among_covered_tiles_may_be_covered() {
        // Two cells side by side in doubt, no sure open tile beside either: each may be a
        // covered tile at another phase of the sampling.
        let reading = with_numbers_in_doubt("....\n.55.\n....\n", &[(1, 1), (1, 2)]);
        let board = advice_board(&reading);
        assert_eq!(board.get(Pos::new(1, 1)), Cell::Unrevealed);
        assert_eq!(board.get(Pos::new(1, 2)), Cell::Unrevealed);
    }
}
