//! Forced 50/50s: tiles whose two possible layouts nothing will ever tell apart, so a coin flip
//! among them has to be taken some time. Taking it early costs nothing and may free the tiles
//! around it, so the guess takes it first.
//!
//! A *link* is a pair of covered tiles that some number says hold exactly one mine (the number's
//! only covered tiles that are not certain mines). Linked tiles form chains along which the mine
//! alternates: a chain without an odd cycle has exactly two layouts, its two colour classes. The
//! chain is a forced 50/50 when
//! - both classes hold as many mines (the mine total cannot tell them apart), every tile of the
//!   chain is a mine with chance 1/2, and
//! - every tile outside the chain that may still say something sees as many mines of one class
//!   as of the other: a covered tile that may be opened, or a number with a covered tile outside
//!   the chain that may later be settled. Certain mines and opened tiles without a number say
//!   nothing.

use crate::board::{Board, Cell, Pos};
use crate::solver::Analysis;
use rustc_hash::FxHashMap;

/// The first tile, in row order, of a forced 50/50 on `board` given its global `analysis`.
pub(crate) fn forced_fifty_fifty(board: &Board, analysis: &Analysis) -> Option<Pos> {
    let half = |pos: Pos| {
        analysis
            .tile(pos)
            .is_some_and(|t| t.mine.numer() * 2u32 == *t.mine.denom())
    };
    let certain_mine = |pos: Pos| {
        board.get(pos).is_known_mine() || analysis.tile(pos).is_some_and(|t| t.mine.is_one())
    };
    let uncertain = |pos: Pos| board.get(pos).is_unrevealed() && !certain_mine(pos);

    // Links, by the index of each tile in `tiles`.
    let mut tiles: Vec<Pos> = Vec::new();
    let mut index: FxHashMap<Pos, usize> = FxHashMap::default();
    let mut linked: Vec<Vec<usize>> = Vec::new();
    for n in board.positions() {
        let Cell::Number(value) = board.get(n) else {
            continue;
        };
        let mut open = [None; 2];
        let (mut count, mut mines) = (0, 0);
        for m in board.neighbors(n) {
            if certain_mine(m) {
                mines += 1;
            } else if board.get(m).is_unrevealed() {
                if count < 2 {
                    open[count] = Some(m);
                }
                count += 1;
            }
        }
        let (2, [Some(a), Some(b)]) = (count, open) else {
            continue;
        };
        if i32::from(value) - mines != 1 || !half(a) || !half(b) {
            continue;
        }
        let mut id = |p: Pos| {
            *index.entry(p).or_insert_with(|| {
                tiles.push(p);
                linked.push(Vec::new());
                tiles.len() - 1
            })
        };
        let (i, j) = (id(a), id(b));
        linked[i].push(j);
        linked[j].push(i);
    }

    // Each chain: its tiles coloured by which layout makes them mines.
    let mut colour: Vec<Option<bool>> = vec![None; tiles.len()];
    let mut forced: Option<Pos> = None;
    for start in 0..tiles.len() {
        if colour[start].is_some() {
            continue;
        }
        colour[start] = Some(false);
        let mut chain = vec![start];
        let mut odd_cycle = false;
        let mut k = 0;
        while k < chain.len() {
            let i = chain[k];
            k += 1;
            let c = colour[i].unwrap_or(false);
            for &j in &linked[i] {
                match colour[j] {
                    None => {
                        colour[j] = Some(!c);
                        chain.push(j);
                    }
                    Some(d) if d == c => odd_cycle = true,
                    Some(_) => {}
                }
            }
        }
        if odd_cycle {
            continue;
        }
        let class = |i: usize| colour[i].unwrap_or(false);
        let ones = chain.iter().filter(|&&i| class(i)).count();
        if ones * 2 != chain.len() {
            continue;
        }
        let in_chain = |p: Pos| index.get(&p).is_some_and(|&i| chain.contains(&i));
        let says_something = |p: Pos| match board.get(p) {
            Cell::Number(_) => board.neighbors(p).any(|q| uncertain(q) && !in_chain(q)),
            cell => cell.is_unrevealed() && !certain_mine(p),
        };
        let told_apart = chain
            .iter()
            .flat_map(|&i| board.neighbors(tiles[i]))
            .filter(|&p| !in_chain(p) && says_something(p))
            .any(|p| {
                let (mut a, mut b) = (0, 0);
                for q in board.neighbors(p) {
                    if let Some(&i) = index.get(&q) {
                        if chain.contains(&i) {
                            if class(i) {
                                a += 1;
                            } else {
                                b += 1;
                            }
                        }
                    }
                }
                a != b
            });
        if told_apart {
            continue;
        }
        let first = chain.iter().map(|&i| tiles[i]).min();
        if first < forced || forced.is_none() {
            forced = first;
        }
    }
    forced
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{parse_board, Board};
    use crate::solver::{analyze, SolveOptions};

    fn analysed(text: &str, mines: u64) -> (Board, Analysis) {
        let board = parse_board(text).unwrap();
        let options = SolveOptions {
            mines: Some(mines),
            ..SolveOptions::default()
        };
        let analysis = analyze(&board, &options).unwrap();
        (board, analysis)
    }

    fn forced(text: &str, mines: u64) -> Option<Pos> {
        let (board, analysis) = analysed(text, mines);
        forced_fifty_fifty(&board, &analysis)
    }

    #[test]
    fn an_isolated_pair_is_forced() {
        // The 1s put one mine in the top left pair; nothing else is covered near it.
        assert_eq!(
            forced("..xxx\n11xxx\nxxx1.\nxxx1.\n", 2),
            Some(Pos::new(0, 0))
        );
    }

    #[test]
    fn a_pair_a_number_can_still_tell_apart_is_not_forced() {
        // The 1s in columns 0 and 1 put one mine in the top left pair, but the 1s at (0,2) and
        // (1,2) touch only the right tile of the pair and two covered tiles besides: opening
        // those may tell which tile of the pair holds the mine. Two tiles outside make each of
        // the pair a mine with chance 1/2.
        let (board, analysis) = analysed("..1.x..\n111.xxx\n", 2);
        assert_eq!(analysis.tile(Pos::new(0, 0)).unwrap().mine.to_f64(), 0.5);
        assert_eq!(analysis.tile(Pos::new(0, 1)).unwrap().mine.to_f64(), 0.5);
        assert_eq!(forced_fifty_fifty(&board, &analysis), None);
    }

    #[test]
    fn a_pair_walled_by_mines_is_forced_though_tiles_beside_both_are_covered() {
        // The 3s say one mine is in the pair in row 1. It shares its covered neighbours in row 0
        // (a number there would see both) and every tile beside only one of them is a flag.
        assert_eq!(forced("F..F\nF..F\nF33F\n", 8), Some(Pos::new(1, 1)));
    }

    #[test]
    fn a_chain_of_pairs_is_one_forced_fifty_fifty() {
        // Column 1 holds four covered tiles; the 1s beside and between them each see two, so
        // the mine alternates down the column and both layouts hold two mines. No pair of the
        // chain is forced alone (the 1 at (2,1) sees one tile of each of the two middle pairs),
        // but the chain as a whole is.
        let text = "x.x\n1.1\nx1x\n1.1\nx.x\n";
        assert_eq!(forced(text, 2), Some(Pos::new(0, 1)));
    }

    #[test]
    fn a_chain_whose_layouts_differ_in_mines_is_not_forced() {
        // Three tiles alternate down column 1: one layout has two mines, the other one, so the
        // total may settle which. Nine tiles outside make each a mine with chance 1/2.
        let (board, analysis) = analysed("x.xx..\n1.1x..\nx1xx..\nx.xx..\nxxxx.x\n", 6);
        for row in [0, 1, 3] {
            assert_eq!(analysis.tile(Pos::new(row, 1)).unwrap().mine.to_f64(), 0.5);
        }
        assert_eq!(forced_fifty_fifty(&board, &analysis), None);
    }
}
