//! What a labelled board must satisfy to be a position of a real game. A labelling of the looks
//! that breaks one of these is a misreading, however likely the classifier found it.

use crate::board::{Board, Cell, Pos};
use crate::solver::is_consistent;

/// Whether `board` can be a position of a real game:
/// - it holds a mine somewhere: a covered tile, a flag or a shown mine (a board of open tiles
///   only, such as a fresh game's covered tiles read as empty 0s, is no game);
/// - and a tile that is not: a board of shown mines only (a fresh game's covered tiles read as
///   mines) is no game either, nor one that shows mines on most of its tiles;
/// - no 0 touches a covered tile: games open every neighbour of a 0 at once;
/// - a wrong flag (the only look read as an open tile without a number) shows only on a lost
///   board, which shows its mines too: a flag read as a wrong flag mid-game is a misreading;
/// - some layout of mines satisfies every number, a flag being a covered tile that may or may
///   not hold one: flags are the player's guesses, and a wrong flag (even beside a 0) is a real
///   position that the analysis will point out, not a misreading to read away; on a board
///   that shows its exploded mine a wrong flag may hold a mine too (a lost game's mines drawn
///   with spikes read as crosses, which `crossed_mines` settles once a labelling holds);
/// - but a board with nothing left covered and no mine shown is a won game, whose flags are its
///   mines: the numbers must count them (a fresh board with one flag, its covered tiles read as
///   empty 0s around it, is no game).
///
/// The cheap rules run first: most wrong labellings fail them before the solver is asked.
pub fn is_possible(board: &Board) -> bool {
    first_broken(board, true).is_none() && numbers_hold(board, &[])
}

/// [`is_possible`], but for the rule that no 0 touches a covered tile where not `cascade` (a
/// game whose cascade stops short leaves 0s beside covered tiles: `crate::skin::raised_zeros`),
/// with the numbers at `free` any number at all: digits the reading left in doubt between
/// numbers, open tiles that hold no mine and count none. The rounded clone's thin "2" and "3"
/// share one look, in doubt between a 2, a 3 and a 4; read as the look's class, the "3" among
/// them left its covered neighbours one mine short, and the board's grey 0s, tried as 0s, did
/// not hold.
pub(super) fn holds_with_free_numbers(board: &Board, free: &[Pos], cascade: bool) -> bool {
    first_broken(board, cascade).is_none() && numbers_hold(board, free)
}

/// Whether some layout of mines satisfies every number of `board` but those at `free` (any
/// number: open, no mine), flags read as the rules above say.
fn numbers_hold(board: &Board, free: &[Pos]) -> bool {
    let covered = board.positions().any(|p| board.get(p) == Cell::Unrevealed);
    if !covered && !board.shows_mines() {
        // The solver counts a flag as a mine.
        return is_consistent(&with_free_numbers(board.clone(), free));
    }
    let mut board = flags_as_covered(board.clone());
    // On a board that shows its exploded mine a cross is either a wrong flag (no mine) or one
    // of the mines the lost game shows, drawn with spikes that the classifier takes for a
    // cross (`crate::skin::crossed_mines` tells them apart by the numbers once a labelling
    // holds).
    if board.shows_exploded_mine() {
        read_as_covered(&mut board, Cell::Blank);
    }
    is_consistent(&with_free_numbers(board, free))
}

/// `board` with the tiles at `free` open tiles of no number the solver counts
/// ([`Cell::Blank`]), after the rules have read its own blanks (wrong flags).
fn with_free_numbers(mut board: Board, free: &[Pos]) -> Board {
    for &p in free {
        board.set(p, Cell::Blank);
    }
    board
}

/// `board` with every flag a covered tile that may or may not hold a mine: flags are the
/// player's guesses, and a wrong one is a real position that the analysis points out.
pub(super) fn flags_as_covered(mut board: Board) -> Board {
    read_as_covered(&mut board, Cell::Flag);
    board
}

/// Reads every tile of `board` showing `cell` as a covered tile that may or may not hold a mine.
fn read_as_covered(board: &mut Board, cell: Cell) {
    for i in 0..board.rows() * board.cols() {
        if board.get_index(i) == cell {
            board.set_index(i, Cell::Unrevealed);
        }
    }
}

/// Whether a number of `board` sees more flags than it counts while one of those flags is one
/// the reading is unsure of (`unsure`). A player's wrong flag is a real position, but a look
/// the classifier doubts is a flag, read as one on tiles where the numbers cannot hold that many
/// mines, is more likely no flag at all (an emoji clone's white square of an empty tile, taken
/// for a flag beside its 1s).
pub fn unsure_flags_over_count(board: &Board, unsure: impl Fn(Pos) -> bool) -> bool {
    board.positions().any(|p| {
        let Cell::Number(count) = board.get(p) else {
            return false;
        };
        let flags: Vec<Pos> = (board.neighbors(p))
            .filter(|&q| board.get(q) == Cell::Flag)
            .collect();
        flags.len() > usize::from(count) && flags.iter().any(|&q| unsure(q))
    })
}

/// The first of the cheap rules `board` breaks, in words for the user; `None` when it keeps
/// them (whether its numbers can all hold is the solver's to say).
pub fn broken_rule(board: &Board) -> Option<&'static str> {
    first_broken(board, true)
}

/// The first of the cheap rules `board` breaks, the cascade's among them where `cascade`.
fn first_broken(board: &Board, cascade: bool) -> Option<&'static str> {
    let may_hold_mines = board
        .positions()
        .any(|p| matches!(board.get(p), Cell::Unrevealed) || board.get(p).is_known_mine());
    if !may_hold_mines {
        return Some("every tile reads as open and none as a mine or covered");
    }
    let shown = (board.positions())
        .filter(|&p| board.get(p).is_shown_mine())
        .count();
    let tiles = board.rows() * board.cols();
    // Every game has fewer mines than tiles, so every board has a tile that is no mine: a
    // board of shown mines alone (a fresh board's covered tiles, all one look, taken for
    // mines) is none.
    if shown == tiles {
        return Some("every tile reads as a mine");
    }
    // Nor is a board whose mines outnumber its other tiles a game a player plays (Expert hides
    // mines under a fifth of its tiles), so no lost board shows that many: the table clone's
    // dark covered tiles at 26 px, read as 0s, left a labelling with all but one row of them
    // shown mines, and a fresh board kept a doubt with a mine, which ends all advice.
    if 2 * shown > tiles {
        return Some("most tiles read as mines");
    }
    if cascade && zeros_beside_covered(board).next().is_some() {
        return Some("an empty open tile reads as touching a covered one");
    }
    let wrong_flag = board.positions().any(|p| board.get(p) == Cell::Blank);
    (wrong_flag && !board.shows_mines())
        .then_some("a wrong flag reads as shown on a game that is not over")
}

/// How many 0s touching covered tiles on their diagonals alone make a board one of a game whose
/// cascade opens only a 0's four sides: one such 0 is a covered tile drawn for a moment like an
/// open one in a notch of the opened area (held down, or lit under the pointer), a few are a
/// cascade.
const SIDE_CASCADE: usize = 3;

/// The tiles read as 0 that touch a covered tile, row by row. A game opens every neighbour of a 0
/// at once, so on a settled board there are none: each is a covered tile drawn for a moment like
/// an open one (`crate::skin::pressed`), or a misreading. Some clones' cascades open only a 0's
/// four sides (react-minesweeper), leaving covered tiles on the diagonals of its 0s; where the
/// board shows such a cascade ([`side_cascade_shown`]), only a covered tile on a side counts.
pub fn zeros_beside_covered(board: &Board) -> impl Iterator<Item = Pos> + '_ {
    let sides_only = side_cascade_shown(board).is_some();
    let zero = move |p: Pos| board.get(p) == Cell::Number(0);
    board.positions().filter(move |&p| {
        zero(p) && (covered_at(board, p, true) || (!sides_only && covered_at(board, p, false)))
    })
}

/// What shows on a board a cascade that opens only a 0's four sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideCascade {
    /// 0s touching covered tiles on their diagonals alone that no pointer explains
    /// ([`spread_past_the_pointer`]).
    Spread,
    /// One such 0 beside a 0 that touches no covered tile ([`beside_a_settled_zero`]). The
    /// board-level reading takes that for a cascade only where the tiles the classifier read
    /// surely show one: in a labelling that reads some digit as covered, a 0 beside it touches
    /// a covered tile on a diagonal and a 0 that touches none on a side, in any game.
    BesideASettledZero,
}

/// What shows on `board` a cascade that opens only a 0's four sides, if anything does.
pub fn side_cascade_shown(board: &Board) -> Option<SideCascade> {
    let diagonal_only = zeros_covered_on_diagonals_alone(board);
    if spread_past_the_pointer(board, &diagonal_only) {
        Some(SideCascade::Spread)
    } else if beside_a_settled_zero(board, &diagonal_only) {
        Some(SideCascade::BesideASettledZero)
    } else {
        None
    }
}

/// Whether `p` of `board` touches a covered tile on a side (`on_side`), or on a diagonal.
fn covered_at(board: &Board, p: Pos, on_side: bool) -> bool {
    let side = |q: Pos| q.row == p.row || q.col == p.col;
    (board.neighbors(p)).any(|q| side(q) == on_side && board.get(q).is_unrevealed())
}

/// The first [`SIDE_CASCADE`] 0s of `board` that touch covered tiles on their diagonals alone.
/// Taken only as far as the bound: this runs for every labelling the reading checks.
fn zeros_covered_on_diagonals_alone(board: &Board) -> Vec<Pos> {
    (board.positions())
        .filter(|&p| {
            board.get(p) == Cell::Number(0)
                && !covered_at(board, p, true)
                && covered_at(board, p, false)
        })
        .take(SIDE_CASCADE)
        .collect()
}

/// Whether 0s touching covered tiles on their diagonals alone (`zeros` of `board`, up to
/// [`SIDE_CASCADE`] of them) show a cascade that opens only a 0's four sides. The pointer lights
/// or holds down the tiles of one 3×3 block at most (a tile, or a chord's neighbours), so
/// [`SIDE_CASCADE`] of them, or two that one press of the pointer cannot have drawn
/// ([`one_press_draws`]), are the game's own cascade.
fn spread_past_the_pointer(board: &Board, zeros: &[Pos]) -> bool {
    match zeros {
        [a, b] => !one_press_draws(board, *a, *b),
        _ => zeros.len() >= SIDE_CASCADE,
    }
}

/// Whether one press of the pointer may have drawn both `a` and `b` of `board` as open tiles.
/// Two tiles are held down together only by a chord, which holds down every covered tile of the
/// 3×3 block round the pointer: so some such block holding both shows no covered tile. Two 0s
/// side by side in a side-only cascade (the SVG clone's opening "1", two 0s between 1s, "1")
/// each still touch covered tiles on their diagonals, inside every block that holds both.
fn one_press_draws(board: &Board, a: Pos, b: Pos) -> bool {
    // The centres, along one axis, of the blocks that hold both: none where they lie farther
    // apart than one block.
    let centres =
        |x: usize, y: usize, last: usize| x.max(y).saturating_sub(1)..=(x.min(y) + 1).min(last);
    let (last_row, last_col) = (
        board.rows().saturating_sub(1),
        board.cols().saturating_sub(1),
    );
    centres(a.row, b.row, last_row).any(|row| {
        centres(a.col, b.col, last_col).any(|col| {
            let centre = Pos::new(row, col);
            !std::iter::once(centre)
                .chain(board.neighbors(centre))
                .any(|p| board.get(p).is_unrevealed())
        })
    })
}

/// Whether one of `zeros` (0s of `board` touching covered tiles on their diagonals alone) lies
/// beside a 0 that touches no covered tile. Such a 0 would have opened it in every game: it is
/// no covered tile drawn like an open one, but a 0 of a cascade that opens only a 0's sides.
fn beside_a_settled_zero(board: &Board, zeros: &[Pos]) -> bool {
    let settled = |q: Pos| {
        board.get(q) == Cell::Number(0)
            && !(board.neighbors(q)).any(|n| board.get(n).is_unrevealed())
    };
    (zeros.iter()).any(|&p| board.neighbors(p).any(settled))
}

/// How many of `p`'s neighbours may hold a mine (covered, flagged or shown) and how many show
/// one, each read through `cell`.
pub(super) fn room_and_shown(board: &Board, p: Pos, cell: impl Fn(Pos) -> Cell) -> (usize, usize) {
    let (mut room, mut shown) = (0, 0);
    for q in board.neighbors(p) {
        match cell(q) {
            Cell::Unrevealed | Cell::Flag => room += 1,
            Cell::Mine | Cell::Exploded => {
                room += 1;
                shown += 1;
            }
            _ => {}
        }
    }
    (room, shown)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;

    fn possible(text: &str) -> bool {
        is_possible(&parse_board(text).unwrap())
    }

    #[test]
    fn real_positions_are_possible() {
        assert!(possible("....\n....\n"));
        assert!(possible("001.\n001.\n0011\n"));
        assert!(possible("02*\n02!\n"));
        assert!(possible("x2*\n.2.\n"));
        // A wrong flag beside 0s: the player's mistake, not a misreading.
        assert!(possible("0F1.\n001.\n"));
        // 0s whose diagonal neighbours are left covered, as a cascade that opens only a 0's
        // four sides leaves them (react-minesweeper).
        assert!(possible(concat!(
            "..........\n..........\n..........\n....11....\n...1001...\n",
            "1..1001...\n0111001...\n00000001..\n00000001..\n00000001..\n"
        )));
        // Two such 0s farther apart than the pointer lights at once (react-minesweeper).
        assert!(possible(concat!(
            "0000001..\n0000001..\n000000011\n000000000\n",
            "110000000\n..1000000\n..1000000\n"
        )));
        // Two such 0s side by side with covered tiles in every block that holds both, which a
        // chord would have drawn sunk too (the SVG clone's smallest opening).
        let side_by_side =
            "..........\n.....1....\n....101...\n....101...\n.....1....\n..........\n";
        assert!(possible(side_by_side));
        assert_eq!(
            side_cascade_shown(&parse_board(side_by_side).unwrap()),
            Some(SideCascade::Spread)
        );
        // One such 0 beside a 0 that touches no covered tile, which would have opened it.
        let beside_a_zero = ".....\n..2..\n.101.\n.2011\n.1000\n.2000\n.1000\n";
        assert!(possible(beside_a_zero));
        assert_eq!(
            side_cascade_shown(&parse_board(beside_a_zero).unwrap()),
            Some(SideCascade::BesideASettledZero)
        );
        // A won game: nothing covered, the flags on the mines.
        assert!(possible("1F\n11\n"));
        // A lost game whose mines read as crosses: the 2 counts both.
        assert!(possible("x2x!\n"));
    }

    #[test]
    fn boards_no_game_can_show_are_not() {
        // All open and no mine: a fresh board's covered tiles read as 0s.
        assert!(!possible("000\n000\n"));
        // A 0 beside a covered tile.
        assert!(!possible("00.\n00.\n"));
        // One 0 with a covered tile on a diagonal alone: a covered tile in a notch of the
        // opened area drawn for a moment like an open one, no cascade.
        assert!(!possible("...\n..1\n.10\n"));
        // Two of them in a 3×3 block that shows no covered tile: a chord held on the 1 above
        // them draws its covered neighbours sunk, no cascade.
        let chord = "1111.\n1001.\n.11..\n";
        assert!(!possible(chord));
        assert!(one_press_draws(
            &parse_board(chord).unwrap(),
            Pos::new(1, 1),
            Pos::new(1, 2)
        ));
        // A wrong flag while no mine is shown: the game is not over.
        assert!(!possible("x1.\n11.\n"));
        // Crosses count as mines only where the board shows its exploded one.
        assert!(!possible("x2x*\n"));
        // Nothing covered and no mine shown, yet the flag is no mine: a fresh board with one
        // flag whose covered tiles read as 0s.
        assert!(!possible("0F0\n000\n"));
        // A 3 with room for two mines only.
        assert!(!possible("3.\n.1\n"));
        // Mines only: a fresh board's covered tiles, all one look, read as shown mines.
        assert!(!possible("**\n**\n"));
        // Mines on most tiles: a fresh board's covered tiles, at two phases, one of them read as
        // shown mines.
        assert!(!possible("***\n...\n***\n"));
        // A lost board's mines on half its tiles at most are a game's.
        assert!(possible("**.\n..!\n*..\n"));
    }

    #[test]
    fn unsure_flags_may_not_give_a_number_more_flags_than_it_counts() {
        let board = parse_board("1FF\n1FF\n..0\n").unwrap();
        let flag = |p: Pos| board.get(p) == Cell::Flag;
        assert!(unsure_flags_over_count(&board, flag));
        // Sure flags: a player's wrong flags, a real position.
        assert!(!unsure_flags_over_count(&board, |_| false));
        // As many flags as the number counts, unsure or not.
        let board = parse_board("1F.\n11.\n").unwrap();
        assert!(!unsure_flags_over_count(&board, |_| true));
    }
}
