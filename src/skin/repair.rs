//! A second walk for boards whose likely labellings all break the rules: only the families the
//! rules point at may change.
//!
//! The walk over labellings (`labelling`) visits them cheapest first, over every family at once.
//! When several families are misread with confidence (a lost game's bombs in a skin the classifier
//! never saw, each drawn a little differently and read as a sure "6"), the labelling that reads
//! them right costs more than hundreds of cheaper ones that change the other, innocent families,
//! and the walk's bound runs out first. The rules themselves say where the trouble is: a number
//! with more mines than covered neighbours, fewer than its shown mines, or a 0 beside a covered
//! tile. So the second walk keeps every other family at its first choice and lets only those
//! change: read as covered tiles first, then as any meaning their own cells leave room for.

use super::meanings::Meaning;
use super::pressed::release_pressed;
use super::rules::room_and_shown;
use crate::board::{Board, Cell, Pos};

/// The meanings for the walks that change only the families the rules point at on the
/// classifier's first-choice labelling (`options`: each family's meanings, cheapest first;
/// `family_of`: each cell's family; `board`: the board's shape), the others kept at their first
/// choice, to be tried in turn:
/// 1. each pointed family read as a covered tile only (less advice, never wrong advice);
/// 2. each allowed the meanings its own cells leave room for (a digit so read is in doubt);
/// 3. each read as a covered tile, with the families pointed at once those count as covered
///    (the 0s that then touch one, and so on): more is hidden, but a board may be read at all;
/// 4. as 3, with the 0s beside a shown mine pointed at too (a lost game whose covered tiles
///    read as empty ones). Last, so no board an earlier try reads changes.
///
/// Empty where the first choice breaks no rule that points at a family (its numbers only fail
/// together, which the solver alone sees).
pub fn repairs(
    options: &[Vec<Meaning>],
    family_of: &[usize],
    board: &Board,
) -> Vec<Vec<Vec<Meaning>>> {
    let mut first = board.clone();
    for (index, &family) in family_of.iter().enumerate() {
        first.set_index(index, options[family][0].cell());
    }
    release_pressed(&mut first);
    let pointed = pointed_families(&first, family_of, options.len(), Pointed::MayBeOpen);
    let mut out = Vec::new();
    if pointed.contains(&true) {
        out.push(covered_options(options, &pointed));
        out.push(roomy_options(options, family_of, &first, &pointed));
    }
    let more = pointed_families(&first, family_of, options.len(), Pointed::Covered);
    if more != pointed {
        out.push(covered_options(options, &more));
    }
    let mines = pointed_families(&first, family_of, options.len(), Pointed::CoveredOrMine);
    if mines != more {
        out.push(covered_options(options, &mines));
    }
    out
}

/// Each pointed family's meanings that its cells leave room for; the first choice alone for
/// the others.
fn roomy_options(
    options: &[Vec<Meaning>],
    family_of: &[usize],
    first: &Board,
    pointed: &[bool],
) -> Vec<Vec<Meaning>> {
    // A neighbour of a pointed family may become covered; the others stay as first read.
    let fixed = |q: Pos| -> Cell {
        if pointed[family_of[first.index(q)]] {
            Cell::Unrevealed
        } else {
            first.get(q)
        }
    };
    (options.iter().enumerate())
        .map(|(family, meanings)| {
            if !pointed[family] {
                return vec![meanings[0]];
            }
            (meanings.iter().copied())
                .filter(|meaning| {
                    let Cell::Number(digit @ 1..) = meaning.cell() else {
                        return true;
                    };
                    (first.positions())
                        .filter(|&p| family_of[first.index(p)] == family)
                        .all(|p| {
                            let (room, shown) = room_and_shown(first, p, fixed);
                            (shown..=room).contains(&usize::from(digit))
                        })
                })
                .collect()
        })
        .collect()
}

/// Each pointed family read as a covered tile only; the first choice alone for the others.
fn covered_options(options: &[Vec<Meaning>], pointed: &[bool]) -> Vec<Vec<Meaning>> {
    (options.iter().zip(pointed))
        .map(|(meanings, &pointed)| {
            let keep = |m: &Meaning| !pointed || m.cell() == Cell::Unrevealed;
            let mut kept: Vec<Meaning> = meanings.iter().copied().filter(keep).take(1).collect();
            if kept.is_empty() {
                kept.push(meanings[0]);
            }
            kept
        })
        .collect()
}

/// What the cells of a family already pointed at count as, beside a 0.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pointed {
    /// Maybe open: no conflict with the 0.
    MayBeOpen,
    /// Covered: the 0 beside it is pointed at in turn.
    Covered,
    /// Covered, and a 0 beside a mine shown after a loss misses by each such mine: the
    /// covered tiles of a lost game that the classifier took for empty ones (the table clone's
    /// flat dark covered face in Chromium's dark mode at 20-26 px, its bombs shown among them).
    CoveredOrMine,
}

/// The families the rules point at on `board` (the first-choice labelling; `family_of` each
/// cell's family, of `count`), one at a time, the worst first: the family with a number that
/// misses by the most (more mines than it has neighbours that may hold one, fewer than its shown
/// ones; a 0 beside a covered tile misses by one, and points at both) is pointed at, and its
/// cells count from then on as covered, as room for its neighbours' mines, and beside a 0 as
/// `beside_zero` says. So a misread symbol that leaves its true
/// neighbours' numbers without room (a lost game's bombs read as 6s beside the 3 they make) is
/// pointed at, and those numbers, which have room once it may be covered, are not.
fn pointed_families(
    board: &Board,
    family_of: &[usize],
    count: usize,
    beside_zero: Pointed,
) -> Vec<bool> {
    let mut pointed = vec![false; count];
    loop {
        let cell = |q: Pos| {
            if pointed[family_of[board.index(q)]] {
                Cell::Unrevealed
            } else {
                board.get(q)
            }
        };
        // The family that misses by the most, and by how much.
        let mut worst: Option<(usize, usize)> = None;
        let mut blame = |family: usize, miss: usize| {
            if miss > 0 && worst.is_none_or(|(_, most)| miss > most) {
                worst = Some((family, miss));
            }
        };
        for p in board.positions() {
            let family = family_of[board.index(p)];
            if pointed[family] {
                continue;
            }
            match board.get(p) {
                Cell::Number(0) => {
                    let covered = |q: Pos| match beside_zero {
                        Pointed::MayBeOpen => {
                            !pointed[family_of[board.index(q)]] && board.get(q).is_unrevealed()
                        }
                        Pointed::Covered | Pointed::CoveredOrMine => cell(q).is_unrevealed(),
                    };
                    if let Some(q) = board.neighbors(p).find(|&q| covered(q)) {
                        blame(family, 1);
                        blame(family_of[board.index(q)], 1);
                    }
                    if beside_zero == Pointed::CoveredOrMine {
                        let (_, shown) = room_and_shown(board, p, cell);
                        blame(family, shown);
                    }
                }
                Cell::Number(digit) => {
                    let (room, shown) = room_and_shown(board, p, cell);
                    let digit = usize::from(digit);
                    blame(
                        family,
                        digit.saturating_sub(room).max(shown.saturating_sub(digit)),
                    );
                }
                _ => {}
            }
        }
        match worst {
            Some((family, _)) => pointed[family] = true,
            None => return pointed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::TileClass;

    fn meaning(class: TileClass, cost: f64) -> Meaning {
        Meaning { class, cost }
    }

    #[test]
    fn only_the_families_the_rules_point_at_may_change() {
        // Family 0: covered tiles. Family 1: a symbol read as a sure 6 in a corner, where a
        // number has three neighbours. Family 2: a 1, first read right.
        let options = vec![
            vec![
                meaning(TileClass::Unrevealed, 0.0),
                meaning(TileClass::Number(0), 2.0),
            ],
            vec![
                meaning(TileClass::Number(6), 0.0),
                meaning(TileClass::Number(2), 5.0),
                meaning(TileClass::Unrevealed, 14.0),
            ],
            vec![
                meaning(TileClass::Number(1), 0.0),
                meaning(TileClass::Unrevealed, 14.0),
            ],
        ];
        // 6 . .
        // . 1 .
        // . . .
        let family_of = vec![1, 0, 0, 0, 2, 0, 0, 0, 0];
        let board = Board::new(3, 3);
        let tries = repairs(&options, &family_of, &board);
        // The 6 is pointed at alone: nothing else changes, and no 0 touches it.
        assert_eq!(tries.len(), 2);
        let (covered, roomy) = (&tries[0], &tries[1]);
        assert_eq!(roomy[0], vec![options[0][0]]);
        assert_eq!(roomy[2], vec![options[2][0]]);
        // The 6 has no room in its corner; a 2 and a covered tile do.
        assert_eq!(roomy[1], options[1][1..].to_vec());
        assert_eq!(covered[1], vec![options[1][2]]);
        assert_eq!(covered[0], vec![options[0][0]]);
    }

    #[test]
    fn the_last_try_also_points_at_the_zeros_a_covered_family_would_touch() {
        // A symbol read as a sure 5 in a row of four (room for 1) beside a 0.
        let options = vec![
            vec![meaning(TileClass::Number(0), 0.0)],
            vec![
                meaning(TileClass::Number(5), 0.0),
                meaning(TileClass::Unrevealed, 14.0),
            ],
            vec![meaning(TileClass::Unrevealed, 0.0)],
        ];
        // 0 0 5 .
        let family_of = vec![0, 0, 1, 2];
        let tries = repairs(&options, &family_of, &Board::new(1, 4));
        assert_eq!(tries.len(), 3);
        // The 5 covered, then the 0s beside it too.
        assert_eq!(tries[0][1], vec![options[1][1]]);
        assert_eq!(tries[0][0], vec![options[0][0]]);
        assert_eq!(tries[2][0], vec![options[0][0]]);
    }

    #[test]
    fn a_lost_games_covered_tiles_read_as_0s_beside_its_mines_are_pointed_at() {
        // Family 0: covered tiles the classifier took for 0s. Family 1: a mine shown after the
        // loss. Family 2: 1s. Family 3: real 0s.
        let options = vec![
            vec![
                meaning(TileClass::Number(0), 0.0),
                meaning(TileClass::Unrevealed, 10.0),
            ],
            vec![meaning(TileClass::Mine, 0.0)],
            vec![meaning(TileClass::Number(1), 0.0)],
            vec![
                meaning(TileClass::Number(0), 0.0),
                meaning(TileClass::Unrevealed, 10.0),
            ],
        ];
        // . * 1 0
        // . . 1 0
        let family_of = vec![0, 1, 2, 3, 0, 0, 2, 3];
        let tries = repairs(&options, &family_of, &Board::new(2, 4));
        // No 0 touches a covered tile and every 1 sees its mine: only the 0s beside the mine
        // break a rule, and only they are read covered.
        assert_eq!(tries.len(), 1);
        assert_eq!(tries[0][0], vec![options[0][1]]);
        assert_eq!(tries[0][3], vec![options[3][0]]);
        assert_eq!(tries[0][2], vec![options[2][0]]);
    }

    #[test]
    fn a_first_choice_that_breaks_no_pointing_rule_asks_for_no_second_walk() {
        let options = vec![
            vec![meaning(TileClass::Unrevealed, 0.0)],
            vec![meaning(TileClass::Number(1), 0.0)],
        ];
        let family_of = vec![0, 1, 0, 0];
        assert!(repairs(&options, &family_of, &Board::new(2, 2)).is_empty());
    }
}
