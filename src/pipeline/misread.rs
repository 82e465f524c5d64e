//! The likely misread behind an impossible board that no wrong flag explains: one look of the
//! skin that the classifier was sure of and got wrong (a 3 read as an 8, a covered tile drawn
//! lit read as a number). Every tile shows its look the same way, so a misread look is wrong on
//! all its tiles at once; read as covered, they stop constraining anything, and if every number
//! then holds, those tiles are the ones to look at.

use crate::board::{Board, Pos};
use crate::solver::holds_with_covered;

/// At most this many looks are tried, those among the conflicting numbers the most involved
/// first: each try is one consistency check of the whole board.
const MAX_TRIES: usize = 8;

/// The tiles of the one look (`look_of`: each tile's look, row by row) among the conflicting
/// cells `conflict` that, read as covered, let every number of `board` hold; empty when no
/// single look does.
pub fn misread_look(board: &Board, look_of: &[usize], conflict: &[Pos]) -> Vec<Pos> {
    misread_look_among(board, look_of, conflict, |_| true)
}

/// [`misread_look`] among the looks `may_be` accepts.
pub(super) fn misread_look_among(
    board: &Board,
    look_of: &[usize],
    conflict: &[Pos],
    may_be: impl Fn(usize) -> bool,
) -> Vec<Pos> {
    if look_of.len() != board.rows() * board.cols() {
        return Vec::new();
    }
    let mut involved: Vec<(usize, usize)> = Vec::new();
    for &pos in conflict {
        let look = look_of[board.index(pos)];
        if !may_be(look) {
            continue;
        }
        match involved.iter_mut().find(|(l, _)| *l == look) {
            Some((_, count)) => *count += 1,
            None => involved.push((look, 1)),
        }
    }
    involved.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    for &(look, _) in involved.iter().take(MAX_TRIES) {
        let tiles = tiles_of_look(board, look_of, look);
        if holds_with_covered(board, &tiles) {
            return tiles;
        }
    }
    Vec::new()
}

/// The tiles of `board` showing `look` (`look_of`: each tile's look, row by row).
fn tiles_of_look(board: &Board, look_of: &[usize], look: usize) -> Vec<Pos> {
    (board.positions())
        .filter(|&p| look_of[board.index(p)] == look)
        .collect()
}

/// What a message about an impossible board adds about the tiles of a look likely misread:
/// nothing when there are none.
pub fn misread_note(misread: &[Pos]) -> String {
    if misread.is_empty() {
        return String::new();
    }
    format!(
        "; the tiles read alike at {} may be misread: read as covered, every number holds",
        crate::solver::format_cells(misread)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;
    use crate::solver::check_consistency;

    /// Looks of `board`'s tiles: one per character, except the tiles `own`, which share one
    /// more look of their own.
    fn looks(board: &Board, own: &[Pos]) -> Vec<usize> {
        board
            .positions()
            .map(|p| {
                if own.contains(&p) {
                    99
                } else {
                    board.get(p).to_char() as usize
                }
            })
            .collect()
    }

    #[test]
    fn the_look_that_breaks_the_numbers_is_named() {
        // Two tiles of one look read as 4: in the corner a 4 cannot hold (three neighbours).
        let board = parse_board("4...\n....\n..4.\n....\n").unwrap();
        let own = [Pos::new(0, 0), Pos::new(2, 2)];
        let conflict = match check_consistency(&board) {
            Err(crate::solver::SolveError::Inconsistent { cells, .. }) => cells,
            other => panic!("{other:?}"),
        };
        assert_eq!(misread_look(&board, &looks(&board, &own), &conflict), own);
    }

    #[test]
    fn no_look_is_named_where_none_explains_the_board() {
        // Two corner 4s of different looks: covering either leaves the other impossible.
        let board = parse_board("4..4\n....\n").unwrap();
        let look_of = looks(&board, &[Pos::new(0, 0)]);
        let conflict = [Pos::new(0, 0), Pos::new(0, 3)];
        assert_eq!(misread_look(&board, &look_of, &conflict), []);
        // And a look list that is not the board's is no answer.
        assert_eq!(misread_look(&board, &[0, 1], &conflict), []);
    }
}
