//! Flags and numbers left standing against the 0s a repair, or the best labelling, read as
//! covered.
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
//!
//! A repair is not the only way a 0 is read as covered. The best labelling itself may read a
//! family the classifier took surely for a 0 as covered (its cost, a few units, bought room for
//! a sure-looking number), and then the 0s beside it, which touch it, as covered tiles drawn
//! pressed (`crate::skin::pressed`). Winemine's white "2" against the frame read as a sure "3"
//! so, its room made by reading the 0 beside it as covered and that 0's neighbours as pressed:
//! a flag was called on an open 0. Those 0s vouch against their neighbours as well. A covered
//! tile lit under the pointer is read so too, rightly; the doubt then costs only the advice
//! resting on a number whose every covered neighbour, the lit one with them, is a mine.

use super::doubt::add_doubt;
use super::families::Families;
use super::rules::room_and_shown;
use crate::board::{Cell, Pos};
use crate::vision::{Reading, TileClass};

/// The classifier's confidence from which a family it read as a 0 and the best labelling read
/// as covered is a hidden 0 without a repair.
const SURE_ZERO: f32 = 0.99;
/// The most tiles one press of the pointer draws sunk: a chord's 3×3 block.
const ONE_PRESS: usize = 9;

/// Leaves in doubt with a covered tile each family settled as a flag or a number (`settled`,
/// each family's class) that a hidden 0 contradicts: a flag beside one, or a number with fewer
/// neighbours that may hold a mine than its count once the hidden 0s are read as they were. A
/// hidden 0 is a tile of a family the classifier read as a 0 and the labelling read as covered,
/// where a repair changed the family (`repaired`); or where the classifier was sure of it
/// ([`SURE_ZERO`]) and its few tiles ([`ONE_PRESS`]) lie beside tiles the labelling read as
/// covered drawn pressed (`pressed`, cell indices) in a family settled as a 0, and then those
/// pressed tiles too.
pub(super) fn doubt_against_hidden_zeros(
    reading: &mut Reading,
    families: &Families,
    settled: &[TileClass],
    repaired: &[bool],
    pressed: &[usize],
) {
    let board = &reading.board;
    let family_at = |index: usize| families.of[reading.look_of[index]];
    let mut pressed_zeros: Vec<usize> = (pressed.iter().copied())
        .filter(|&index| settled[family_at(index)] == TileClass::Number(0))
        .collect();
    // A family read surely as a 0 is a hidden 0 without a repair where it lies beside those
    // tiles, on no more tiles than one press draws: the 0s of one corner read as covered
    // together. A skin whose covered tiles the classifier takes for 0s (the table clone in
    // forced dark) has them all over the board, rightly read as covered.
    let beside_pressed_zeros = |family: usize| {
        let cells = reading.cells_showing(|look| families.of[look] == family);
        cells.len() <= ONE_PRESS
            && (cells.iter()).any(|&(row, col)| {
                (board.neighbors(Pos::new(row, col)))
                    .any(|q| pressed_zeros.contains(&board.index(q)))
            })
    };
    let read_as_covered = |family: usize| {
        families.verdicts[family].class == TileClass::Number(0)
            && settled[family] == TileClass::Unrevealed
    };
    let sure_beside_pressed: Vec<bool> = (0..settled.len())
        .map(|family| {
            read_as_covered(family)
                && families.verdicts[family].confidence >= SURE_ZERO
                && beside_pressed_zeros(family)
        })
        .collect();
    let hidden: Vec<bool> = (0..settled.len())
        .map(|family| (read_as_covered(family) && repaired[family]) || sure_beside_pressed[family])
        .collect();
    // The tiles read as pressed are hidden 0s only beside such a family: alone, a tile held
    // down under the pointer is drawn as an open 0, and rightly read as covered.
    if !sure_beside_pressed.contains(&true) {
        pressed_zeros.clear();
    }
    if !hidden.contains(&true) {
        return;
    }
    let hidden_at = |q: Pos| {
        let index = board.index(q);
        hidden[family_at(index)] || pressed_zeros.contains(&index)
    };
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
        reading_with_zeros_read(repaired, Verdict::certain(TileClass::Number(0)))
    }

    /// [`reading_after`]'s board, the classifier's verdict on look 0 `zero`.
    fn reading_with_zeros_read(
        repaired: bool,
        zero: Verdict,
    ) -> (Reading, Families, Vec<TileClass>, Vec<bool>) {
        let reading = board_of_looks(
            "..F..\n..1..\n211..\n.1...\n",
            vec![0, 0, 2, 3, 3, 0, 0, 1, 3, 3, 4, 1, 1, 3, 3, 3, 1, 3, 3, 3],
            the_looks()[..5].to_vec(),
        );
        let (reading, mut families, settled) = a_family_a_look(reading);
        families.verdicts[0] = zero;
        let changed = vec![repaired, false, false, false, false];
        (reading, families, settled, changed)
    }

    /// The flag and the 2 of [`reading_after`]'s board, in doubt with a covered tile.
    const FLAG_AND_TWO: [(usize, usize); 2] = [(0, 2), (2, 0)];

    #[test]
    fn a_flag_beside_a_hidden_zero_and_a_number_short_of_room_without_them_are_in_doubt() {
        let (mut reading, families, settled, repaired) = reading_after(true);
        doubt_against_hidden_zeros(&mut reading, &families, &settled, &repaired, &[]);
        // The flag, and the 2 whose only room besides one covered tile was the hidden 0s; the
        // 1s have room either way.
        assert_eq!(reading.doubt_cells(), FLAG_AND_TWO);
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

    /// [`reading_after`]'s board with its 0s in two looks: the one at (1, 1) (look 0), which
    /// the classifier read surely as a 0 and the labelling as covered, and the other three (look
    /// 5), settled as 0s, read there as covered tiles drawn pressed (winemine's corner).
    fn corner_read_as_covered() -> (Reading, Families, Vec<TileClass>, Vec<bool>) {
        let looks = vec![5, 5, 2, 3, 3, 5, 0, 1, 3, 3, 4, 1, 1, 3, 3, 3, 1, 3, 3, 3];
        let (reading, families, settled) =
            look_0_a_sure_zero("..F..\n..1..\n211..\n.1...\n", looks);
        (reading, families, settled, vec![false; 6])
    }

    /// The classifier's verdicts on the looks of these boards: 0 covered (as the labelling
    /// reads it), 1 a "1", 2 a flag, 3 covered, 4 a "2", 5 a 0.
    fn the_looks() -> Vec<Verdict> {
        [
            TileClass::Unrevealed,
            TileClass::Number(1),
            TileClass::Flag,
            TileClass::Unrevealed,
            TileClass::Number(2),
            TileClass::Number(0),
        ]
        .into_iter()
        .map(Verdict::certain)
        .collect()
    }

    /// A reading of `text` whose cells show `looks`: look 0 covered to the labelling but a sure
    /// 0 to the classifier, 1 a "1", 2 a flag, 3 covered, 4 a "2", 5 a 0.
    fn look_0_a_sure_zero(text: &str, looks: Vec<usize>) -> (Reading, Families, Vec<TileClass>) {
        let reading = board_of_looks(text, looks, the_looks());
        let (reading, mut families, settled) = a_family_a_look(reading);
        families.verdicts[0] = Verdict::certain(TileClass::Number(0));
        (reading, families, settled)
    }

    #[test]
    fn zeros_the_classifier_was_sure_of_are_hidden_beside_pressed_ones_without_a_repair() {
        let (mut reading, families, settled, repaired) = corner_read_as_covered();
        doubt_against_hidden_zeros(&mut reading, &families, &settled, &repaired, &[0, 1, 5]);
        assert_eq!(reading.doubt_cells(), FLAG_AND_TWO);
        // With no tile read as pressed beside it, the look is a covered tile lit under the
        // pointer as far as the board shows, and hides nothing.
        let (mut reading, families, settled, repaired) = corner_read_as_covered();
        doubt_against_hidden_zeros(&mut reading, &families, &settled, &repaired, &[]);
        assert!(reading.doubt.is_empty());
    }

    #[test]
    fn a_skins_covered_face_the_classifier_took_for_0s_is_no_hidden_zero() {
        // Sure 0s to the classifier on more tiles than one press draws, read as covered: the
        // skin's covered tiles (the table clone in forced dark).
        let looks = vec![0, 0, 0, 2, 0, 5, 5, 5, 1, 0, 1, 4, 4, 1, 1, 0, 0, 0, 0, 0];
        let (mut reading, families, settled) =
            look_0_a_sure_zero("...F.\n0001.\n12211\n.....\n", looks);
        doubt_against_hidden_zeros(&mut reading, &families, &settled, &[false; 6], &[5]);
        assert!(reading.doubt.is_empty(), "{:?}", reading.doubt_cells());
    }

    #[test]
    fn zeros_read_unsurely_as_covered_without_a_repair_are_not_taken_as_hidden() {
        let unsure =
            Verdict::from_probs(&[(TileClass::Number(0), 0.9), (TileClass::Unrevealed, 0.1)]);
        let (mut reading, families, settled, repaired) = reading_with_zeros_read(false, unsure);
        doubt_against_hidden_zeros(&mut reading, &families, &settled, &repaired, &[]);
        assert!(reading.doubt.is_empty());
    }

    #[test]
    fn tiles_read_as_pressed_alone_are_no_hidden_zeros() {
        // The 0s' look settled as a 0 where it shows elsewhere, its four tiles here read as
        // covered tiles drawn pressed, with no look beside them read surely as a 0 and then as
        // covered: tiles held down under the pointer, drawn as open 0s.
        let unsure =
            Verdict::from_probs(&[(TileClass::Number(0), 0.9), (TileClass::Unrevealed, 0.1)]);
        let (mut reading, families, mut settled, repaired) = reading_with_zeros_read(false, unsure);
        settled[0] = TileClass::Number(0);
        doubt_against_hidden_zeros(&mut reading, &families, &settled, &repaired, &[0, 1, 5, 6]);
        assert!(reading.doubt.is_empty());
    }
}
