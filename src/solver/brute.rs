//! The test-only reference solver: tries every placement of mines tile by tile. Obviously correct,
//! exponential, for boards with at most about 16 unknown tiles.

use crate::board::{Board, Cell, Pos};
use num_bigint::BigUint;
use std::collections::BTreeMap;

/// What the reference finds.
#[derive(Debug, Default)]
pub(crate) struct Brute {
    /// Consistent placements (global: whole board with the total; local: frontier only).
    pub solutions: u64,
    /// Mine count of each considered tile.
    pub mines: BTreeMap<Pos, u64>,
    /// Placements by frontier mine count (local mode).
    pub histogram: BTreeMap<u64, u64>,
    /// Global: for each tile, placements where it is safe and shows k (0..=8).
    pub numbers: BTreeMap<Pos, [u64; 9]>,
}

/// Unrevealed tiles next to a number (local) or every unrevealed tile (global).
fn unknowns(board: &Board, global: bool) -> Vec<Pos> {
    board
        .positions()
        .filter(|&p| board.get(p).is_unrevealed())
        .filter(|&p| global || board.touches_number(p))
        .collect()
}

/// Enumerates every placement on the unknowns: local with `mines_left = None`, else with exactly
/// `mines_left` mines among all unrevealed tiles.
pub(crate) fn brute(board: &Board, mines_left: Option<u64>) -> Brute {
    let global = mines_left.is_some();
    let tiles = unknowns(board, global);
    assert!(tiles.len() <= 20, "brute force is for tiny boards");
    let mut mine_at = vec![false; board.rows() * board.cols()];
    for p in board.positions() {
        mine_at[board.index(p)] = board.get(p).is_known_mine();
    }
    let mut out = Brute::default();
    for &t in &tiles {
        out.mines.insert(t, 0);
        if global {
            out.numbers.insert(t, [0; 9]);
        }
    }
    for mask in 0u32..(1u32 << tiles.len()) {
        let count = u64::from(mask.count_ones());
        if mines_left.is_some_and(|m| m != count) {
            continue;
        }
        for (i, &t) in tiles.iter().enumerate() {
            mine_at[board.index(t)] = mask >> i & 1 == 1;
        }
        let around = |p: Pos| {
            board
                .neighbors(p)
                .filter(|&n| mine_at[board.index(n)])
                .count()
        };
        let ok = board.positions().all(|p| match board.get(p) {
            Cell::Number(v) => around(p) == usize::from(v),
            _ => true,
        });
        if !ok {
            continue;
        }
        out.solutions += 1;
        *out.histogram.entry(count).or_default() += 1;
        for &t in &tiles {
            if mine_at[board.index(t)] {
                *out.mines.get_mut(&t).expect("every tile has an entry") += 1;
            } else if global {
                out.numbers.get_mut(&t).expect("every tile has an entry")[around(t)] += 1;
            }
        }
    }
    out
}

impl Brute {
    pub fn solutions_big(&self) -> BigUint {
        BigUint::from(self.solutions)
    }
}
