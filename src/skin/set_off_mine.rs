//! The mine the player set off, on a lost board that shows no exploded mine. A lost game shows
//! its mines, and every game of the sweeps draws the one that was hit apart from the others (on
//! red, burst, on the open face where the others stay on covered tiles): that is how a player
//! sees what went wrong. GNOME Mines' classic theme draws it as an orange burst on the open
//! face, its other mines black on covered tiles; at 23 px (16×16 in the window it opens with)
//! the model never saw it there, read it as a mine at 0.24 (a flag and an "8" nearly as
//! likely), and the board-level reading settled it as a plain one: each lost board of the
//! sweeps at that size read with one tile wrong.
//!
//! So where a board shows mines the classifier reads surely, none of them exploded, and exactly
//! one tile shows a mine it read unsurely, on a look unlike each sure mine's (not the same bomb
//! at another phase of the sampling), that tile is the exploded mine. Both are mines to the
//! rules, and a lost board gets no advice either way: this reads it as the game shows it. So is
//! the one tile read as the exploded mine where a doubt of its own, with a flag or a question
//! mark, puts the exploded mine first (the same burst at 22 px, on a 30×16 board).

use super::families::MEAN_LIMIT;
use super::mines_drawn_alike::sure_shown_looks;
use super::same_glyph::SURE_GLYPH;
use crate::board::{Cell, Pos};
use crate::vision::tiles::mean_difference;
use crate::vision::{Reading, TileClass};

/// Reads as the exploded mine the one tile of a lost board, showing no exploded mine, whose look
/// is read as a mine less surely than [`SURE_GLYPH`] and differs from every look read surely as
/// one (past `families::MEAN_LIMIT` on average), where no doubt names it; on a board showing
/// the exploded mine already, settles its doubt where it is the likeliest class there
/// ([`settle_a_set_off_mine_in_doubt`]). Returns whether it did either.
pub(super) fn settle_the_set_off_mine(reading: &mut Reading) -> bool {
    if !reading.board.shows_mines() {
        return false;
    }
    let sure_mines = sure_shown_looks(reading, &reading.cells_of_each_look(), TileClass::Mine);
    if sure_mines.is_empty() {
        return false;
    }
    if reading.board.shows_exploded_mine() {
        return settle_a_set_off_mine_in_doubt(reading);
    }
    let as_mine = |look: usize| reading.looks[look].class == TileClass::Mine;
    let sure = |look: usize| reading.looks[look].prob(TileClass::Mine) >= SURE_GLYPH;
    let cols = reading.grid.cols;
    // The cells shown as mines on looks read unsurely as one.
    let unsure: Vec<usize> = (0..reading.look_of.len())
        .filter(|&index| {
            let look = reading.look_of[index];
            let pos = Pos::new(index / cols, index % cols);
            reading.board.get(pos) == Cell::Mine && as_mine(look) && !sure(look)
        })
        .collect();
    let [index] = unsure[..] else {
        return false;
    };
    let look = reading.look_of[index];
    let (row, col) = (index / cols, index % cols);
    let in_doubt = (reading.doubt.iter()).any(|d| d.cells.contains(&(row, col)));
    let apart = (sure_mines.iter())
        .all(|&m| mean_difference(&reading.pixels[m], &reading.pixels[look]) > MEAN_LIMIT);
    if in_doubt || !apart {
        return false;
    }
    tracing::debug!(
        look,
        row,
        col,
        odds = reading.looks[look].prob(TileClass::Mine),
        "board-level reading: the one mine drawn apart on a lost board, the one set off"
    );
    reading.relabel(look, TileClass::Exploded, 1.0);
    true
}

/// On a lost board showing sure mines, the one tile shown as the exploded mine, in a doubt of
/// its own that puts the exploded mine first (GNOME Mines' classic burst at 22 px, in doubt with
/// a flag and a question mark), is that mine: whatever it is, the board's sure mines keep the
/// game a lost one, with no advice. Returns whether it settled one.
fn settle_a_set_off_mine_in_doubt(reading: &mut Reading) -> bool {
    let exploded: Vec<(usize, usize)> = (reading.board.positions())
        .filter(|&p| reading.board.get(p) == Cell::Exploded)
        .map(|p| (p.row, p.col))
        .collect();
    let [cell] = exploded[..] else {
        return false;
    };
    let Some(index) = (reading.doubt.iter()).position(|d| d.cells == [cell]) else {
        return false;
    };
    if reading.doubt[index].classes.first() != Some(&TileClass::Exploded) {
        return false;
    }
    let doubt = reading.doubt.remove(index);
    tracing::debug!(
        ?cell,
        classes = ?doubt.classes,
        "board-level reading: the one exploded mine of a lost board, in doubt, settled"
    );
    let at = cell.0 * reading.grid.cols + cell.1;
    reading.tiles[at] = reading.tiles[at].settled(TileClass::Exploded);
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::skin::testing::{doubt_look, flat_reading};
    use crate::vision::Verdict;

    /// A lost board: `.` covered, `*` a sure mine, `m` a mine read at `odds`, digits; each char
    /// a look of its own grey.
    fn settled(rows: &[&str], odds: f32) -> (String, bool) {
        let looks = vec![
            Verdict::certain(TileClass::Unrevealed),
            Verdict::from_probs(&[(TileClass::Mine, 0.999)]),
            Verdict::from_probs(&[
                (TileClass::Mine, odds),
                (TileClass::Flag, (1.0 - odds) / 2.0),
                (TileClass::Number(8), (1.0 - odds) / 2.0),
            ]),
            Verdict::certain(TileClass::Number(1)),
        ];
        let mut reading = flat_reading(rows, ".*m1", looks);
        let changed = settle_the_set_off_mine(&mut reading);
        (reading.board.to_text(), changed)
    }

    #[test]
    fn the_one_mine_read_unsurely_apart_from_the_sure_ones_is_the_exploded_one() {
        let (board, changed) = settled(&["*1..", "11m.", "...*"], 0.24);
        assert!(changed);
        assert_eq!(board.lines().nth(1), Some("11!."));
    }

    #[test]
    fn mines_all_read_surely_two_unsure_or_no_sure_one_stay_as_read() {
        // Every mine sure: nothing drawn apart.
        assert!(!settled(&["*1..", "11*.", "...*"], 0.24).1);
        // Read surely enough as a mine, the look is one of the board's mines.
        assert!(!settled(&["*1..", "11m.", "...*"], 0.95).1);
        // Two tiles unsure: which one was hit the board cannot say.
        assert!(!settled(&["*1.m", "11m.", "...*"], 0.24).1);
        // No sure mine to set it apart from: the board may be in play, a "mine" misread.
        assert!(!settled(&["..1.", "11m.", "...."], 0.24).1);
    }

    #[test]
    fn the_one_exploded_mine_in_a_doubt_of_its_own_is_settled_on_a_lost_board() {
        let looks = vec![
            Verdict::certain(TileClass::Unrevealed),
            Verdict::from_probs(&[(TileClass::Mine, 0.999)]),
            Verdict::from_probs(&[(TileClass::Exploded, 0.5), (TileClass::Flag, 0.4)]),
        ];
        let doubted = |rows: &[&str]| {
            let mut reading = flat_reading(rows, ".*!", looks.clone());
            doubt_look(&mut reading, 2, &[TileClass::Exploded, TileClass::Flag]);
            reading
        };
        let mut lost = doubted(&["*..", ".!."]);
        assert!(settle_the_set_off_mine(&mut lost));
        assert!(lost.doubt.is_empty());
        assert_eq!(lost.board.to_text(), "*..\n.!.\n");
        // No sure mine beside it: the doubt stays.
        let mut alone = doubted(&["...", ".!."]);
        assert!(!settle_the_set_off_mine(&mut alone));
        assert_eq!(alone.doubt.len(), 1);
    }

    #[test]
    fn a_look_drawn_as_the_sure_mines_or_in_doubt_stays_a_mine() {
        let looks = vec![
            Verdict::certain(TileClass::Unrevealed),
            Verdict::from_probs(&[(TileClass::Mine, 0.999)]),
            Verdict::from_probs(&[(TileClass::Mine, 0.3), (TileClass::Flag, 0.3)]),
        ];
        let mut alike = flat_reading(&["*..", ".m."], ".*m", looks.clone());
        // The same bomb at another phase: within a few levels of the sure one.
        alike.pixels[2] = alike.pixels[1].map(|v| v.saturating_add(4));
        assert!(!settle_the_set_off_mine(&mut alike));
        let mut doubted = flat_reading(&["*..", ".m."], ".*m", looks);
        doubt_look(&mut doubted, 2, &[TileClass::Mine, TileClass::Flag]);
        assert!(!settle_the_set_off_mine(&mut doubted));
    }
}
