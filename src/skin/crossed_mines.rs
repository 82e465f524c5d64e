//! A lost game's mines in a look the classifier takes for wrong flags. JSMinesweeper draws its
//! mines after a loss as a spiked ball on a raised square, whose spikes cross the tile like a
//! wrong flag's cross: in Chromium's forced dark the model reads them as wrong flags at 0.9999,
//! every one of them, and the lost board read as showing no mine but the exploded one.
//!
//! The board tells them apart. A game shows every mine once it is lost (the exploded one, each
//! mine not flagged, and each wrong flag crossed out), so each number then sees exactly its
//! count in shown mines and standing flags. A wrong flag holds no mine; a mine does. Where a
//! look read as a wrong flag on a board that shows its exploded mine leaves the numbers beside
//! it short of their count, and read as mines makes each of them exact, it is the mines (with
//! mines read right elsewhere on the board: at another sampling phase some of them are). A mine
//! with no number beside it says nothing, and stays as read. A lost board gets no advice either
//! way: this is the board read as the game shows it.

use super::families::Families;
use crate::board::{Cell, Pos};
use crate::vision::{Reading, TileClass};

/// Reads as shown mines the families settled as wrong flags (`settled`, each family's class; in
/// no doubt) on a board that shows the exploded mine, where every number beside their tiles
/// sees exactly its count once they are mines, and some of them less while they are wrong flags
/// (a player's wrong flag beside a number makes it see more than its count as a mine): all of
/// them together where they hold so, else each family that holds so on its own. Together first:
/// at 29 px on a screen scaled 1.35 JSMinesweeper's 37 lost mines came as several families
/// (phases of the sampling), every 2 between two of them, and no family alone made it exact.
/// `settled` follows.
pub(super) fn settle_crossed_mines(
    reading: &mut Reading,
    families: &Families,
    settled: &mut [TileClass],
) {
    let board = &reading.board;
    if !board.positions().any(|p| board.get(p) == Cell::Exploded) {
        return;
    }
    let in_doubt = families.in_doubt(reading);
    let mut crossed: Vec<usize> = (0..settled.len())
        .filter(|&f| settled[f] == TileClass::WrongFlag && !in_doubt[f])
        .collect();
    if !mines_by_the_numbers(reading, families, &crossed) {
        crossed.retain(|&f| mines_by_the_numbers(reading, families, &[f]));
    }
    for family in crossed {
        tracing::debug!(
            family,
            "board-level reading: wrong flags that the lost board's numbers count as mines"
        );
        // Sure as the board makes it: each number beside them counts them.
        families.relabel(reading, family, TileClass::Mine);
        settled[family] = TileClass::Mine;
    }
}

/// Whether the numbers beside the tiles of the families `crossed` (read as wrong flags) count
/// them as mines: each sees exactly its count in shown mines and flags with them as mines, and
/// one at least sees less with them as they were read.
fn mines_by_the_numbers(reading: &Reading, families: &Families, crossed: &[usize]) -> bool {
    let board = &reading.board;
    let ours = |p: Pos| crossed.contains(&families.of[reading.look_of[board.index(p)]]);
    let numbers: Vec<(Pos, u8)> = (board.positions())
        .filter_map(|p| match board.get(p) {
            Cell::Number(count) if board.neighbors(p).any(ours) => Some((p, count)),
            _ => None,
        })
        .collect();
    let mines_seen = |p: Pos, crossed_are_mines: bool| {
        (board.neighbors(p))
            .filter(|&q| {
                let cell = board.get(q);
                cell.is_shown_mine() || cell == Cell::Flag || (crossed_are_mines && ours(q))
            })
            .count()
    };
    // With no number beside them, none falls short: nothing says they are mines.
    let short = (numbers.iter()).any(|&(p, count)| mines_seen(p, false) < usize::from(count));
    let exact = (numbers.iter()).all(|&(p, count)| mines_seen(p, true) == usize::from(count));
    short && exact
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::skin::testing::{a_family_a_look, doubt_look, flat_reading};
    use crate::vision::Verdict;

    /// `rows` read with `.` covered, `x` a wrong flag, `!` the exploded mine, `F` a flag, `*` a
    /// shown mine and digits, each char a look and a family (the crosses in doubt with a "2"
    /// where `doubt_the_crossed`); returns the board as settled and the class of the crosses.
    fn settle(rows: &[&str], doubt_the_crossed: bool) -> (String, TileClass) {
        let chars = ".x!F*0123";
        let mut verdicts = vec![
            Verdict::certain(TileClass::Unrevealed),
            Verdict::certain(TileClass::WrongFlag),
            Verdict::certain(TileClass::Exploded),
            Verdict::certain(TileClass::Flag),
            Verdict::certain(TileClass::Mine),
        ];
        verdicts.extend((0..4).map(|n| Verdict::certain(TileClass::Number(n))));
        let mut reading = flat_reading(rows, chars, verdicts);
        if doubt_the_crossed {
            doubt_look(
                &mut reading,
                1,
                &[TileClass::WrongFlag, TileClass::Number(2)],
            );
        }
        let (mut reading, families, mut settled) = a_family_a_look(reading);
        settle_crossed_mines(&mut reading, &families, &mut settled);
        (reading.board.to_text(), settled[1])
    }

    #[test]
    fn crossed_tiles_the_numbers_count_are_the_mines() {
        let rows = ["x1001!", "11002.", "00001x"];
        let (board, crossed) = settle(&rows, false);
        assert_eq!(crossed, TileClass::Mine);
        assert_eq!(board.lines().next(), Some("*1001!"));
    }

    #[test]
    fn a_wrong_flag_the_numbers_do_not_count_stays() {
        // The 1 beside the crossed tile already sees the exploded mine: the cross is no mine.
        let (_, crossed) = settle(&["x1!", "111", "000"], false);
        assert_eq!(crossed, TileClass::WrongFlag);
        // A number would see more than its count with the crosses as mines.
        let (_, crossed) = settle(&["x1x", "111", "00!"], false);
        assert_eq!(crossed, TileClass::WrongFlag);
    }

    #[test]
    fn crossed_tiles_beside_mines_read_right_are_mines_too() {
        let (board, crossed) = settle(&["x1001!", "11002.", "00001*"], false);
        assert_eq!(crossed, TileClass::Mine);
        assert_eq!(board.lines().next(), Some("*1001!"));
    }

    #[test]
    fn crossed_tiles_of_two_looks_that_the_numbers_count_together_are_mines() {
        // `x` and `y`: one cross at two phases of the sampling, two looks and two families.
        // Each 2 sees one of each; neither family alone makes it exact.
        let chars = ".xy!2";
        let mut verdicts = vec![Verdict::certain(TileClass::Unrevealed)];
        verdicts.extend([TileClass::WrongFlag; 2].map(Verdict::certain));
        verdicts.push(Verdict::certain(TileClass::Exploded));
        verdicts.push(Verdict::certain(TileClass::Number(2)));
        let reading = flat_reading(&["xy..!", "22...", "....."], chars, verdicts);
        let (mut reading, families, mut settled) = a_family_a_look(reading);
        settle_crossed_mines(&mut reading, &families, &mut settled);
        assert_eq!(&settled[1..3], [TileClass::Mine; 2]);
        assert_eq!(reading.board.to_text().lines().next(), Some("**..!"));
    }

    #[test]
    fn nothing_changes_on_a_board_that_shows_no_exploded_mine_or_in_doubt() {
        // No exploded mine: no loss shown.
        let (_, crossed) = settle(&["x1.", "11.", "..."], false);
        assert_eq!(crossed, TileClass::WrongFlag);
        // In doubt: left to the doubt.
        let (_, crossed) = settle(&["x1001!", "11002.", "00001x"], true);
        assert_eq!(crossed, TileClass::WrongFlag);
    }
}
