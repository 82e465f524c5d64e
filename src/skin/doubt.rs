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

/// Whether `class` may be what one of `cells` shows on `board`: a number no greater than the
/// neighbours that may hold a mine (covered, flagged or shown) of one of them, a shown mine on
/// one of them that touches no open 0, anything else. A gold "3" the classifier took for an "8",
/// between open tiles, is no "8" to keep in doubt: no real board shows it there. Nor is a mine
/// beside a 0, in a game in play or over: winmine.html's pale pink "4" in forced dark at 26 px,
/// a mine to the model at 0.55, kept a doubt with a mine beside a 0, and the board in play got
/// no advice (a tile that may be a mine may be a lost game's).
pub(super) fn has_room_for(board: &Board, cells: &[(usize, usize)], class: TileClass) -> bool {
    let at = |&(row, col): &(usize, usize)| Pos::new(row, col);
    match class.cell() {
        Cell::Number(count) => cells.iter().any(|cell| {
            let (room, _) = room_and_shown(board, at(cell), |q| board.get(q));
            usize::from(count) <= room
        }),
        shown if shown.is_shown_mine() => cells
            .iter()
            .any(|cell| !(board.neighbors(at(cell))).any(|q| board.get(q) == Cell::Number(0))),
        _ => true,
    }
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
    fn a_mine_has_no_room_beside_a_zero() {
        let board = parse_board("0...\n14..\n....\n").unwrap();
        let mine = TileClass::Mine;
        // The "4" touches the 0: a mine there is no board of any game.
        assert!(!has_room_for(&board, &[(1, 1)], mine));
        assert!(!has_room_for(&board, &[(1, 1)], TileClass::Exploded));
        // One tile of the look away from every 0 leaves the look room for a mine.
        assert!(has_room_for(&board, &[(1, 1), (2, 3)], mine));
        // Covered tiles are no 0s.
        assert!(has_room_for(&board, &[(1, 3)], mine));
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
