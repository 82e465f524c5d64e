//! Exact endgame search: when few layouts remain, the guess that maximises the chance to win the
//! whole game, not just to survive one click.
//!
//! Every consistent whole-board layout is listed (as a bit mask over the covered tiles) and the
//! game is searched to the end: opening a tile splits the layouts by the number it would show, and
//! the chance to win from a set of layouts is the best, over tiles, of the share of layouts in
//! which the tile is safe times the chance to win from each part. A tile that is safe in every
//! layout and shows different numbers in different ones is opened first: it is free information.
//! The game is won when one layout is left (every safe tile is then known).
//!
//! A tile is passed over as soon as it cannot beat the best found so far: when its chance of being
//! safe is no higher, or when the parts counted so far plus the rest won for sure are no higher.
//!
//! Bounded: listing stops past the layout limit and the search past a work budget; the caller then
//! falls back on the heuristic guess.

use crate::board::{Board, Cell, Pos};
use rustc_hash::FxHashMap;

/// At most this many covered tiles (one bit each in a `u128`).
const MAX_TILES: usize = 128;

/// The endgame's verdict: open `pos`, which wins with probability `win`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EndgameMove {
    pub pos: Pos,
    pub win: f64,
}

/// Searches the endgame of `board` with `mines` in all (flags included). `None` when there are
/// more than `max_layouts` layouts, more than 128 covered tiles, no layout at all, or the search
/// needs more than `budget` steps.
pub fn best_endgame_move(
    board: &Board,
    mines: u64,
    max_layouts: usize,
    budget: usize,
) -> Option<EndgameMove> {
    let space = Space::new(board, mines)?;
    // Layouts are named by u16 in the search's sets.
    let layouts = space.list(max_layouts.min(usize::from(u16::MAX)))?;
    if layouts.len() < 2 {
        return None;
    }
    let mut search = Search {
        space: &space,
        memo: FxHashMap::default(),
        work: 0,
        budget,
    };
    let ids: Vec<u16> = (0..layouts.len() as u16).collect();
    let (win, tile) = search.best(&layouts, &ids)?;
    let t = space.tiles[tile?];
    Some(EndgameMove {
        pos: board.pos_of(t),
        win,
    })
}

/// The covered tiles, their neighbourhoods as masks, and the equations the numbers give.
struct Space {
    /// Board index of each covered tile, in the order they are assigned (frontier first).
    tiles: Vec<usize>,
    /// For each covered tile, the mask of covered tiles around it.
    around: Vec<u128>,
    /// For each number: the mask of its covered neighbours and the mines they hold.
    equations: Vec<(u128, u32)>,
    /// For each covered tile, the equations it appears in: assigning it changes only those.
    equations_of: Vec<Vec<usize>>,
    /// Mines not yet shown or flagged.
    left: u32,
}

impl Space {
    fn new(board: &Board, mines: u64) -> Option<Space> {
        let covered: Vec<usize> = board
            .positions()
            .filter(|&p| board.get(p).is_unrevealed())
            .map(|p| board.index(p))
            .collect();
        if covered.len() > MAX_TILES {
            return None;
        }
        let left = u32::try_from(mines.checked_sub(board.known_mines() as u64)?).ok()?;
        // Frontier tiles first so the equations prune early in the listing.
        let (mut tiles, outside): (Vec<usize>, Vec<usize>) = covered
            .into_iter()
            .partition(|&t| board.touches_number(board.pos_of(t)));
        tiles.extend(outside);
        let bit_of: FxHashMap<usize, usize> =
            tiles.iter().enumerate().map(|(k, &t)| (t, k)).collect();
        let mask_around = |pos: Pos| -> u128 {
            board
                .neighbors(pos)
                .filter_map(|n| bit_of.get(&board.index(n)))
                .fold(0, |m, &k| m | 1 << k)
        };
        let around = tiles
            .iter()
            .map(|&t| mask_around(board.pos_of(t)))
            .collect();
        let mut equations = Vec::new();
        for pos in board.positions() {
            let Cell::Number(value) = board.get(pos) else {
                continue;
            };
            let mask = mask_around(pos);
            let flagged = board
                .neighbors(pos)
                .filter(|&n| board.get(n).is_known_mine())
                .count() as u32;
            let need = u32::from(value).checked_sub(flagged)?;
            if need > mask.count_ones() {
                return None;
            }
            if mask != 0 {
                equations.push((mask, need));
            }
        }
        let equations_of = (0..tiles.len())
            .map(|k| {
                (0..equations.len())
                    .filter(|&e| equations[e].0 >> k & 1 == 1)
                    .collect()
            })
            .collect();
        Some(Space {
            tiles,
            around,
            equations,
            equations_of,
            left,
        })
    }

    /// Every layout as a mask of mine tiles; `None` past `max` layouts.
    fn list(&self, max: usize) -> Option<Vec<u128>> {
        let n = self.tiles.len();
        let mut found = Vec::new();
        let mut stack = vec![(0usize, 0u128, 0u32)];
        while let Some((k, mines, placed)) = stack.pop() {
            // Partial check: no equation over-full, and none short of what its open tiles can
            // hold. Only the equations of the tile just assigned can have turned infeasible.
            let assigned: u128 = if k == 128 {
                u128::MAX
            } else {
                (1u128 << k) - 1
            };
            let touched = if k == 0 {
                &[][..]
            } else {
                &self.equations_of[k - 1][..]
            };
            let feasible = touched.iter().all(|&e| {
                let (mask, need) = self.equations[e];
                let have = (mines & mask).count_ones();
                let open = (mask & !assigned).count_ones();
                have <= need && have + open >= need
            });
            // And the total: the mines left must still fit on the tiles not yet assigned.
            if !feasible || placed + ((n - k) as u32) < self.left {
                continue;
            }
            if k == n {
                if placed == self.left {
                    found.push(mines);
                    if found.len() > max {
                        return None;
                    }
                }
                continue;
            }
            stack.push((k + 1, mines, placed));
            if placed < self.left {
                stack.push((k + 1, mines | 1 << k, placed + 1));
            }
        }
        Some(found)
    }
}

/// The search over sets of layouts, memoised by set.
struct Search<'a> {
    space: &'a Space,
    memo: FxHashMap<Vec<u16>, f64>,
    work: usize,
    budget: usize,
}

impl Search<'_> {
    /// The chance to win from the layouts `ids`, and the tile (index into `space.tiles`) to open
    /// for it (`None` when already won). `None` overall when the budget ran out.
    fn best(&mut self, layouts: &[u128], ids: &[u16]) -> Option<(f64, Option<usize>)> {
        if ids.len() == 1 {
            return Some((1.0, None));
        }
        if self.work > self.budget {
            return None;
        }
        let n = self.space.tiles.len();
        let any_mine = ids.iter().fold(0u128, |m, &i| m | layouts[i as usize]);
        let all_mine = ids.iter().fold(u128::MAX, |m, &i| m & layouts[i as usize]);
        // Tiles that differ between the layouts: only a tile beside one can tell them apart.
        let differ = any_mine & !all_mine;
        // Free information first: a tile safe everywhere that tells layouts apart.
        for k in 0..n {
            if any_mine >> k & 1 == 0
                && self.space.around[k] & differ != 0
                && self.tells_apart(layouts, ids, k)
            {
                let parts = self.split(layouts, ids, k);
                let win = self.value_of(layouts, ids.len(), &parts, 0.0)?;
                return Some((win, Some(k)));
            }
        }
        // The uncertain tiles, safest first: a good tile found early lets the bound below pass
        // over more of the rest. Ties keep board order.
        let mut order: Vec<(usize, usize)> = (0..n)
            .filter(|&k| differ >> k & 1 == 1)
            .map(|k| {
                let safe = ids
                    .iter()
                    .filter(|&&i| layouts[i as usize] >> k & 1 == 0)
                    .count();
                (safe, k)
            })
            .collect();
        order.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut best: Option<(f64, usize)> = None;
        for (safe_share, k) in order {
            // No tile can do better than its own chance of being safe: the rest are no safer.
            let bar = best.map_or(0.0, |(b, _)| b);
            if best.is_some() && (safe_share as f64) / (ids.len() as f64) <= bar {
                break;
            }
            let parts = self.split(layouts, ids, k);
            let win = self.value_of(layouts, ids.len(), &parts, bar)?;
            if best.is_none_or(|(b, _)| win > b) {
                best = Some((win, k));
            }
        }
        best.map(|(w, k)| (w, Some(k)))
    }

    /// Σ over parts of (part's share) × (chance to win from it); or, as soon as the parts left
    /// could not lift the sum above `bar` even if each were won for sure, that bound (at most
    /// `bar`, so the caller passes the tile over). Only exact values are memoised.
    fn value_of(
        &mut self,
        layouts: &[u128],
        total: usize,
        parts: &[Vec<u16>],
        bar: f64,
    ) -> Option<f64> {
        let mut win = 0.0;
        let mut left: usize = parts.iter().map(Vec::len).sum();
        for part in parts {
            if bar > 0.0 && win + left as f64 / total as f64 <= bar {
                return Some(win + left as f64 / total as f64);
            }
            left -= part.len();
            let w = match self.memo.get(part) {
                Some(&w) => w,
                None => {
                    let (w, _) = self.best(layouts, part)?;
                    self.memo.insert(part.clone(), w);
                    w
                }
            };
            win += w * part.len() as f64 / total as f64;
        }
        Some(win)
    }

    /// Whether tile `k`, safe in every layout of `ids`, shows different numbers in some of them.
    fn tells_apart(&self, layouts: &[u128], ids: &[u16], k: usize) -> bool {
        let around = self.space.around[k];
        let shown = |i: &u16| (layouts[*i as usize] & around).count_ones();
        let first = shown(&ids[0]);
        ids[1..].iter().any(|i| shown(i) != first)
    }

    /// The layouts in which tile `k` is safe, grouped by the number it shows.
    fn split(&mut self, layouts: &[u128], ids: &[u16], k: usize) -> Vec<Vec<u16>> {
        self.work += ids.len();
        let around = self.space.around[k];
        // Sized first: the parts are built once, without regrowing.
        let mut sizes = [0usize; 9];
        for &i in ids {
            let layout = layouts[i as usize];
            if layout >> k & 1 == 0 {
                sizes[(layout & around).count_ones() as usize] += 1;
            }
        }
        let mut by_value: [Vec<u16>; 9] = std::array::from_fn(|v| Vec::with_capacity(sizes[v]));
        for &i in ids {
            let layout = layouts[i as usize];
            if layout >> k & 1 == 0 {
                by_value[(layout & around).count_ones() as usize].push(i);
            }
        }
        by_value.into_iter().filter(|p| !p.is_empty()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;

    #[test]
    fn a_forced_fifty_fifty_wins_half_the_time() {
        // One mine in the two tiles next to the 1, nothing else covered.
        let board = parse_board("..\n11\n").unwrap();
        let m = best_endgame_move(&board, 1, 100, 10_000).unwrap();
        assert!((m.win - 0.5).abs() < 1e-12);
    }

    #[test]
    fn information_beats_bare_safety() {
        // Three covered tiles in a row above revealed tiles without numbers, one mine among them:
        // every tile is safe 2/3 of the time, but only some clicks tell the rest apart.
        let board = parse_board("...\nxxx\n").unwrap();
        let m = best_endgame_move(&board, 1, 100, 10_000).unwrap();
        // Open the middle (safe 2/3): it shows 1 either way, so the rest is a 50/50 → 1/3;
        // open an end (safe 2/3): it shows 1 (mine in the middle: win) or 0 (then the other end
        // is the mine: win) → 2/3.
        assert!((m.win - 2.0 / 3.0).abs() < 1e-12, "{m:?}");
        assert_ne!(m.pos, Pos::new(0, 1));
    }

    #[test]
    fn too_many_layouts_is_declined() {
        let board = Board::new(4, 4);
        assert!(best_endgame_move(&board, 3, 100, 10_000).is_none());
    }
}
