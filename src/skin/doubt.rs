//! The board advice may use when looks are in doubt, and how a doubt is added to a reading.
//! Every cell in doubt is replaced by the weakest cell all its candidate classes agree with: an
//! open tile without a number when every candidate is an open, mine-free tile, else a covered
//! tile that may or may not hold a mine.
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
    for doubt in &reading.doubt {
        let open_and_safe = doubt
            .classes
            .iter()
            .all(|c| matches!(c.cell(), Cell::Number(_) | Cell::Blank));
        let cell = if open_and_safe {
            Cell::Blank
        } else {
            Cell::Unrevealed
        };
        doubt.set_cells(&mut board, cell);
    }
    board
}
