//! Flags and numbers that a repair left standing against the 0s it hid.
//!
//! Where no likely labelling holds, a repair (`repair`) reads the families the rules point at as
//! covered tiles, and then the 0s beside them, family by family, until the board holds. A family
//! is a look, not a place: hiding one hides its 0s all over the board. Less is read, and each 0
//! hidden is one constraint fewer, so the repaired board is sound for every tile that the 0s
//! themselves did not vouch for. But a 0 is also evidence against its neighbours: none of them
//! holds a mine. Winemine at 16 px under Wine draws its "2" in one-pixel strokes that the
//! classifier took for a flag at 0.997; beside an open 0 that flag is a wrong flag, and the
//! analysis says so. Once a repair had hidden the 0s (a "2" elsewhere, read as a "3" with no
//! room, pointed at them), the flag stood uncontradicted, and the "1" beside it "already
//! touched its mine": two covered tiles called safe, one of them a mine.
//!
//! So a flag that touches a hidden 0, and a number that has too little room for its count once
//! the hidden 0s are open again, are in doubt with a covered tile: the board gets no advice
//! that rests on them.

use super::doubt::add_doubt;
use super::families::Families;
use super::rules::room_and_shown;
use crate::board::{Cell, Pos};
use crate::vision::{Reading, TileClass};

/// Leaves in doubt with a covered tile each family settled as a flag or a number (`settled`,
/// each family's class) that a 0 hidden by a repair contradicts: a flag beside one, or a number
/// with fewer neighbours that may hold a mine than its count once the hidden 0s are read as
/// they were. A hidden 0 is a family the classifier read as a 0 and the repair (`repaired`, the
/// families it changed) read as covered.
pub(super) fn doubt_against_hidden_zeros(
    reading: &mut Reading,
    families: &Families,
    settled: &[TileClass],
    repaired: &[bool],
) {
    let hidden: Vec<bool> = (0..settled.len())
        .map(|family| {
            repaired[family]
                && families.verdicts[family].class == TileClass::Number(0)
                && settled[family] == TileClass::Unrevealed
        })
        .collect();
    if !hidden.contains(&true) {
        return;
    }
    let board = &reading.board;
    let hidden_at = |q: Pos| hidden[families.of[reading.look_of[board.index(q)]]];
    // The board as the classifier read the hidden 0s.
    let as_read = |q: Pos| {
        if hidden_at(q) {
            Cell::Number(0)
        } else {
            board.get(q)
        }
    };
    let contradicted = |p: Pos| match board.get(p) {
        Cell::Flag => board.neighbors(p).any(hidden_at),
        Cell::Number(count @ 1..) => {
            let (room, _) = room_and_shown(board, p, as_read);
            usize::from(count) > room
        }
        _ => false,
    };
    let doubted: Vec<usize> = (0..settled.len())
        .filter(|&family| !hidden[family])
        .filter(|&family| {
            (board.positions())
                .filter(|&p| families.of[reading.look_of[board.index(p)]] == family)
                .any(contradicted)
        })
        .collect();
    for family in doubted {
        let cells = reading.cells_showing(|look| families.of[look] == family);
        tracing::debug!(
            family,
            class = ?settled[family],
            "board-level reading: a flag or number beside the 0s a repair hid"
        );
        let look = families.first[family];
        add_doubt(reading, look, cells, settled[family], TileClass::Unrevealed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::skin::testing::{a_family_a_look, board_of_looks};
    use crate::vision::Verdict;

    /// The reading of a board whose 0s (look 0, `z` below) a repair read as covered when
    /// `repaired`, with a flag (look 2) beside them and a "2" (look 4) with room for its count
    /// only while they are covered; 1s (look 1) and covered tiles (look 3) elsewhere:
    ///
    /// ```text
    /// z z F . .
    /// z z 1 . .
    /// 2 1 1 . .
    /// . 1 . . .
    /// ```
    fn reading_after(repaired: bool) -> (Reading, Families, Vec<TileClass>, Vec<bool>) {
        let reading = board_of_looks(
            "..F..\n..1..\n211..\n.1...\n",
            vec![0, 0, 2, 3, 3, 0, 0, 1, 3, 3, 4, 1, 1, 3, 3, 3, 1, 3, 3, 3],
            vec![
                Verdict::certain(TileClass::Unrevealed),
                Verdict::certain(TileClass::Number(1)),
                Verdict::certain(TileClass::Flag),
                Verdict::certain(TileClass::Unrevealed),
                Verdict::certain(TileClass::Number(2)),
            ],
        );
        let (reading, mut families, settled) = a_family_a_look(reading);
        // The classifier read look 0 as a 0.
        families.verdicts[0] = Verdict::certain(TileClass::Number(0));
        let changed = vec![repaired, false, false, false, false];
        (reading, families, settled, changed)
    }

    #[test]
    fn a_flag_beside_a_hidden_zero_and_a_number_short_of_room_without_them_are_in_doubt() {
        let (mut reading, families, settled, repaired) = reading_after(true);
        doubt_against_hidden_zeros(&mut reading, &families, &settled, &repaired);
        // The flag, and the 2 whose only room besides one covered tile was the hidden 0s; the
        // 1s have room either way.
        assert_eq!(reading.doubt_cells(), vec![(0, 2), (2, 0)]);
        let classes: Vec<Vec<TileClass>> =
            reading.doubt.iter().map(|d| d.classes.clone()).collect();
        assert_eq!(
            classes,
            vec![
                vec![TileClass::Flag, TileClass::Unrevealed],
                vec![TileClass::Number(2), TileClass::Unrevealed],
            ]
        );
    }

    #[test]
    fn zeros_read_as_covered_without_a_repair_are_not_taken_as_hidden() {
        let (mut reading, families, settled, repaired) = reading_after(false);
        doubt_against_hidden_zeros(&mut reading, &families, &settled, &repaired);
        assert!(reading.doubt.is_empty());
    }
}
