//! Numbers in doubt that the board itself names: a look left in doubt between numbers is tried
//! as each number from 0 to 8, with every other look in doubt weakened as advice weakens it
//! (`doubt`); where the board holds with one number only, the look is that number. A doubt
//! over a family of looks (alike up to noise) is settled look by look, each tried alone.
//!
//! Why it is sound: the real board, whatever it is, holds with the look's real number, and the
//! weakened board admits every layout of mines the real one does (a weakened cell drops a
//! constraint or may hold a mine either way). So the real number always survives the trial,
//! and when one number alone survives it is the real one. This rests on what advice rests on
//! already: the looks not in doubt are read right. And on one thing more, that the look is a
//! number at all, which is why only doubts between numbers are tried, and a number survives
//! only where the classifier itself gives it some odds ([`MIN_PRIOR`]).
//!
//! Where this matters: on a skin the classifier does not know (`unknown_skin`) every digit it
//! reads less than all but certainly is left in doubt, even on boards that leave it no choice
//! (a "1" whose only covered neighbour must then be its mine cannot be a "7").

use super::doubt::advice_board;
use super::rules::{flags_as_covered, room_and_shown};
use super::same_glyph::drawn_unlike_the_sure;
use crate::board::{Board, Cell, Pos};
use crate::solver::is_consistent;
use crate::vision::{Doubt, Reading, TileClass};

/// The classifier's probability a number needs, on at least one look of the doubt, to be the
/// one the board settles: a number it all but rules out may mean the look is no number.
const MIN_PRIOR: f32 = 0.01;

/// Settles each doubt between numbers that only one number fits, trying again after each one
/// settled (a number settled can leave its neighbours one choice). `on_open_face` tells whether
/// a doubt's look sits on the open tiles' face. Returns the looks it settled.
pub fn settle_forced_numbers(
    reading: &mut Reading,
    on_open_face: &dyn Fn(&Doubt) -> bool,
) -> Vec<usize> {
    // A lost game gets no advice, but its board is still worth reading right (`parse`, the
    // player's record of it): shown mines count in the numbers like any mine, so the trial holds
    // there too.
    let mut settled = Vec::new();
    // Passes over the doubts until one settles none: a number settled can leave another doubt
    // one choice, and only then.
    loop {
        let before = settled.len();
        let mut index = 0;
        while index < reading.doubt.len() {
            let doubt = &reading.doubt[index];
            let Some(number) = forced_number(reading, doubt, on_open_face) else {
                index += 1;
                continue;
            };
            let looks = looks_of(reading, doubt);
            if let [_] = looks[..] {
                let doubt = reading.doubt.remove(index);
                settled.extend(settle(reading, &doubt, number, "only one number fits"));
                continue;
            }
            // Several looks (a family): each settled where it is forced alone.
            let forced = forced_looks(reading, doubt, &looks, on_open_face);
            if forced.is_empty() {
                index += 1;
                continue;
            }
            for (part, number) in forced {
                settled.extend(settle(
                    reading,
                    &part,
                    number,
                    "only one number fits its look",
                ));
                let doubt = &mut reading.doubt[index];
                doubt.cells.retain(|cell| !part.cells.contains(cell));
                if doubt.look == part.look {
                    if let Some(&(row, col)) = doubt.cells.first() {
                        doubt.look = reading.look_of[row * reading.grid.cols + col];
                    }
                }
            }
            if reading.doubt[index].cells.is_empty() {
                reading.doubt.remove(index);
            } else {
                index += 1;
            }
        }
        if settled.len() == before {
            return settled;
        }
    }
}

/// The looks of a family in doubt (`looks`, the distinct looks on `doubt`'s cells) that the
/// board names alone: each look's cells tried as each number, the family's other cells
/// weakened with every other doubt. A family is looks alike up to noise (`families`), and the
/// trial of the whole family rests on their all showing one number; but a thin pale "2" and
/// "3" can be alike to that noise (the rounded clone's serif digits at 27.6 px, in its dark
/// page), and where one "2" of the family could be nothing else, its "3"s were settled as 2s
/// and mines called safe. A look is one picture: it shows one number.
fn forced_looks(
    reading: &Reading,
    doubt: &Doubt,
    looks: &[usize],
    on_open_face: &dyn Fn(&Doubt) -> bool,
) -> Vec<(Doubt, u8)> {
    let cols = reading.grid.cols;
    (looks.iter())
        .filter_map(|&look| {
            let part = Doubt {
                look,
                classes: doubt.classes.clone(),
                cells: (doubt.cells.iter())
                    .filter(|&&(row, col)| reading.look_of[row * cols + col] == look)
                    .copied()
                    .collect(),
            };
            let number = forced_number(reading, &part, on_open_face)?;
            Some((part, number))
        })
        .collect()
}

/// Relabels every look showing on `doubt`'s cells as `number`, sure of it, for the reason
/// `why`; returns the looks.
pub(super) fn settle(reading: &mut Reading, doubt: &Doubt, number: u8, why: &str) -> Vec<usize> {
    let looks = looks_of(reading, doubt);
    tracing::debug!(
        ?looks,
        cells = doubt.cells.len(),
        number,
        why,
        "board-level reading: a number in doubt settled"
    );
    for &look in &looks {
        reading.relabel(look, TileClass::Number(number), 1.0);
    }
    looks
}

/// The distinct looks on `doubt`'s cells.
pub(super) fn looks_of(reading: &Reading, doubt: &Doubt) -> Vec<usize> {
    let cols = reading.grid.cols;
    let mut looks: Vec<usize> = (doubt.cells.iter())
        .map(|&(row, col)| reading.look_of[row * cols + col])
        .collect();
    looks.sort_unstable();
    looks.dedup();
    looks
}

/// Whether `doubt` is one between numbers: all its classes are numbers, or it is between
/// digits and the marks a player puts on covered tiles (a flag, a question mark) while its look
/// sits on the open tiles' face (`on_open_face`), where no game draws those marks: a covered
/// tile's face differs from an open one's in every skin. (A doubt with a plain covered tile is
/// never one: a covered tile lit under the pointer may look like an open one.)
pub(super) fn between_numbers(doubt: &Doubt, on_open_face: &dyn Fn(&Doubt) -> bool) -> bool {
    let number = |c: &TileClass| matches!(c, TileClass::Number(_));
    if doubt.classes.iter().all(number) {
        return true;
    }
    let digit = (doubt.classes.iter()).any(|c| matches!(c, TileClass::Number(1..)));
    digit && doubt.classes.iter().all(|c| number(c) || c.is_mark()) && on_open_face(doubt)
}

/// The one number from 0 to 8 under which the board holds with `doubt`'s cells showing it and
/// every other doubt weakened, if `doubt` is between numbers ([`between_numbers`]) and exactly
/// one number fits.
fn forced_number(
    reading: &Reading,
    doubt: &Doubt,
    on_open_face: &dyn Fn(&Doubt) -> bool,
) -> Option<u8> {
    if !between_numbers(doubt, on_open_face) {
        return None;
    }
    let cols = reading.grid.cols;
    let prior = |n: u8| {
        let index = TileClass::Number(n).index()?;
        (doubt.cells.iter())
            .map(|&(row, col)| reading.tiles[row * cols + col].probs[index])
            .max_by(f32::total_cmp)
    };
    let mut board = weakened_except(reading, &doubt.cells);
    // No number above the fewest tiles around one of the cells that may hold a mine.
    let room = (doubt.cells.iter())
        .map(|&(row, col)| room_and_shown(&board, Pos::new(row, col), |q| board.get(q)).0)
        .min()?;
    let most = u8::try_from(room.min(8)).ok()?;
    let mut fits = (0..=most).filter(|&n| {
        doubt.set_cells(&mut board, Cell::Number(n));
        holds(&board, &reading.board, &doubt.cells, n)
    });
    let number = fits.next()?;
    if fits.next().is_some() || prior(number).unwrap_or(0.0) < MIN_PRIOR {
        return None;
    }
    // The trial rests on the look being one of the game's digits: one drawn unlike the board's
    // sure looks of the number named is left in doubt.
    let unlike = number > 0
        && (looks_of(reading, doubt).into_iter())
            .any(|look| drawn_unlike_the_sure(reading, look, number));
    (!unlike).then_some(number)
}

/// The board advice would use (every doubt weakened), except that `cells` keep what the
/// reading has there, and with every flag a covered tile: flags are the player's guesses, and a
/// wrong one is a real position (`rules::is_possible`).
pub(super) fn weakened_except(reading: &Reading, cells: &[(usize, usize)]) -> Board {
    let mut board = advice_board(reading);
    for &(row, col) in cells {
        let pos = Pos::new(row, col);
        board.set(pos, reading.board.get(pos));
    }
    flags_as_covered(board)
}

/// Whether `board` (the trial, `cells` showing `number`, flags as covered tiles) can be a real
/// position: its numbers can all hold, and a 0 touches no tile `read` shows covered (games open
/// every neighbour of a 0; a weakened cell there may be an open number, so only the tiles read
/// as covered count).
pub(super) fn holds(board: &Board, read: &Board, cells: &[(usize, usize)], number: u8) -> bool {
    let beside_covered = |&(row, col): &(usize, usize)| {
        read.neighbors(Pos::new(row, col))
            .any(|q| read.get(q).is_unrevealed())
    };
    if number == 0 && cells.iter().any(beside_covered) {
        return false;
    }
    is_consistent(board)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;
    use crate::vision::Verdict;

    /// A reading of `text`: one look per distinct character, read surely, except the cells
    /// `doubted`, which show a look of their own read as `classes[0]` and left in doubt between
    /// `classes`, the classifier giving each of them `odds`.
    fn reading_with_doubt(
        text: &str,
        doubted: &[(usize, usize)],
        classes: &[TileClass],
        odds: f32,
    ) -> Reading {
        let board = parse_board(text).unwrap();
        let cols = board.cols();
        let mut reading = Reading::of_board(board.clone());
        let chars: Vec<char> = text.lines().flat_map(|l| l.chars()).collect();
        let mut distinct = chars.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let own = distinct.len();
        reading.look_of = (chars.iter().enumerate())
            .map(|(i, c)| match doubted.contains(&(i / cols, i % cols)) {
                true => own,
                false => distinct.binary_search(c).unwrap(),
            })
            .collect();
        reading.looks = (distinct.iter())
            .map(|&c| {
                let at = chars.iter().position(|&x| x == c).unwrap();
                Verdict::certain(match board.get_index(at) {
                    Cell::Number(n) => TileClass::Number(n),
                    Cell::Flag => TileClass::Flag,
                    _ => TileClass::Unrevealed,
                })
            })
            .collect();
        let pairs: Vec<_> = classes.iter().map(|&k| (k, odds)).collect();
        reading.looks.push(Verdict::from_probs(&pairs));
        reading.tiles = reading.look_of.iter().map(|&l| reading.looks[l]).collect();
        for &(row, col) in doubted {
            reading.board.set(Pos::new(row, col), classes[0].cell());
        }
        reading.doubt.push(Doubt {
            look: own,
            classes: classes.to_vec(),
            cells: doubted.to_vec(),
        });
        reading
    }

    const ONE_OR_SEVEN: [TileClass; 2] = [TileClass::Number(1), TileClass::Number(7)];

    #[test]
    fn a_row_of_numbers_that_only_one_number_fits_is_settled() {
        // The middle row's 1s, one look in doubt between 1 and 7: as 2s the outer two would
        // need all three covered tiles to be mines, which makes the middle one a 3; 3 or more
        // do not fit the outer ones' two covered neighbours; and a 0 cannot touch a covered tile.
        let text = "...\n111\n000\n";
        let mut reading = reading_with_doubt(text, &[(1, 0), (1, 1), (1, 2)], &ONE_OR_SEVEN, 0.45);
        assert_eq!(settle_forced_numbers(&mut reading, &|_| false).len(), 1);
        assert!(reading.doubt.is_empty());
        assert_eq!(reading.class(1, 0), TileClass::Number(1));
        assert_eq!(reading.board, parse_board(text).unwrap());
    }

    #[test]
    fn a_lost_board_settles_its_numbers_too() {
        // Three tiles in doubt between 1 and 7 around a shown mine, with no other tile beside
        // them: the shown mine counts, so 0 fails, and no more than 1 fits.
        let text = "*1\n11\n";
        let mut reading = reading_with_doubt(text, &[(0, 1), (1, 0), (1, 1)], &ONE_OR_SEVEN, 0.45);
        assert!(reading.board.shows_mines());
        assert_eq!(settle_forced_numbers(&mut reading, &|_| false).len(), 1);
        assert_eq!(reading.class(1, 1), TileClass::Number(1));
    }

    #[test]
    fn a_number_the_board_leaves_open_stays_in_doubt() {
        // Eight covered neighbours: 1 to 7 all fit.
        let text = "...\n.1.\n...\n";
        let mut reading = reading_with_doubt(text, &[(1, 1)], &ONE_OR_SEVEN, 0.45);
        assert_eq!(settle_forced_numbers(&mut reading, &|_| false).len(), 0);
        assert_eq!(reading.doubt.len(), 1);
    }

    #[test]
    fn the_real_number_is_settled_even_where_the_classifier_preferred_another() {
        // Read as a 1 (or a 2), the left tile of the middle row sees the two covered tiles that
        // the sure 2 beside it makes mines: only 2 fits.
        let text = "..1\n121\n000\n";
        let two = [TileClass::Number(1), TileClass::Number(2)];
        let mut reading = reading_with_doubt(text, &[(1, 0)], &two, 0.45);
        assert_eq!(settle_forced_numbers(&mut reading, &|_| false).len(), 1);
        assert_eq!(reading.class(1, 0), TileClass::Number(2));
        assert_eq!(reading.board.get(Pos::new(1, 0)), Cell::Number(2));
    }

    #[test]
    fn a_family_in_doubt_is_settled_look_by_look() {
        // One doubt (2 or 3) over two looks, a family: the left tile of the middle row, which
        // the sure 2 beside it leaves only 2, and a tile on the right whose covered neighbours
        // leave it 2 or 3. Together only 2 fits them; alone only the left one is named.
        let text = "..1...\n121.2.\n000...\n";
        let two_or_three = [TileClass::Number(2), TileClass::Number(3)];
        let mut reading = reading_with_doubt(text, &[(1, 0), (1, 4)], &two_or_three, 0.45);
        let right = reading.looks.len();
        reading.looks.push(reading.looks[right - 1]);
        reading.look_of[4 + 6] = right;
        reading.tiles = reading.look_of.iter().map(|&l| reading.looks[l]).collect();
        assert_eq!(
            forced_number(&reading, &reading.doubt[0], &|_| false),
            Some(2)
        );
        assert_eq!(settle_forced_numbers(&mut reading, &|_| false).len(), 1);
        assert_eq!(reading.class(1, 0), TileClass::Number(2));
        assert_eq!(reading.doubt.len(), 1);
        assert_eq!(reading.doubt[0].cells, [(1, 4)]);
        assert_eq!(reading.doubt[0].look, right);
    }

    #[test]
    fn a_number_the_classifier_all_but_rules_out_is_not_settled() {
        // The board fits 1 alone, but the classifier gave 1 no odds: the look may be no number.
        let text = "...\n111\n000\n";
        let cells = [(1, 0), (1, 1), (1, 2)];
        let five_or_seven = [TileClass::Number(5), TileClass::Number(7)];
        let mut reading = reading_with_doubt(text, &cells, &five_or_seven, 0.45);
        assert_eq!(settle_forced_numbers(&mut reading, &|_| false).len(), 0);
    }

    #[test]
    fn a_digit_in_doubt_with_a_mark_is_tried_only_on_the_open_face() {
        // Off the open face the look may be no number: a flag or a question mark.
        let text = "...\n111\n000\n";
        let cells = [(1, 0), (1, 1), (1, 2)];
        for mark in [TileClass::Flag, TileClass::Question] {
            let one_or_mark = [TileClass::Number(1), mark];
            let mut reading = reading_with_doubt(text, &cells, &one_or_mark, 0.45);
            assert_eq!(settle_forced_numbers(&mut reading, &|_| false).len(), 0);
            assert_eq!(settle_forced_numbers(&mut reading, &|_| true).len(), 1);
            assert_eq!(reading.class(1, 1), TileClass::Number(1));
        }
        // A plain covered tile may be one lit under the pointer: never taken for a number.
        let one_or_covered = [TileClass::Number(1), TileClass::Unrevealed];
        let mut reading = reading_with_doubt(text, &cells, &one_or_covered, 0.45);
        assert_eq!(settle_forced_numbers(&mut reading, &|_| true).len(), 0);
    }

    #[test]
    fn a_settled_number_can_settle_the_next() {
        // The 2s (one look, in doubt between 2 and 7) each see the two covered tiles, and the
        // sure 1 on the right makes the right one a mine: 1 or 2 fit them while the left "1"
        // is in doubt too. That 1 sees only the left covered tile, so only 1 fits it; it makes
        // that tile a mine, and then only 2 fits the 2s.
        let text = ".2.\n121\n000\n";
        let mut reading = reading_with_doubt(text, &[(1, 0)], &ONE_OR_SEVEN, 0.45);
        let twos = reading.look_of[1];
        reading.looks[twos] =
            Verdict::from_probs(&[(TileClass::Number(2), 0.45), (TileClass::Number(7), 0.45)]);
        reading.tiles = reading.look_of.iter().map(|&l| reading.looks[l]).collect();
        let doubt = Doubt {
            look: twos,
            classes: vec![TileClass::Number(2), TileClass::Number(7)],
            cells: vec![(0, 1), (1, 1)],
        };
        assert_eq!(forced_number(&reading, &doubt, &|_| false), None);
        reading.doubt.push(doubt);
        assert_eq!(settle_forced_numbers(&mut reading, &|_| false).len(), 2);
        assert!(reading.doubt.is_empty());
        assert_eq!(reading.board, parse_board(text).unwrap());
    }
}
