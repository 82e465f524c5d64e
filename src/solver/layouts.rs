//! Listing consistent frontier layouts, fewest mines first: the exhaustive consistency search,
//! done on groups rather than tiles (one listed layout stands for the C(s, k) tile layouts of its
//! groups).
//!
//! The sweep plans of all subsystems are chained; the backward completion counts tell, for every
//! sweep state, which numbers of further mines can still complete it, so the depth-first search never enters a
//! dead end and each layout costs time linear in the number of groups.

use super::consistency::minimal_conflict;
use super::constraints::build_frontier;
use super::count::{binomial_small, count_backward, count_forward, Layer};
use super::poly::Poly;
use super::system::System;
use super::SolveError;
use crate::board::{Board, Pos};
use num_bigint::BigUint;
use num_traits::One;

/// One group's share of a layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutGroup {
    /// The group's tiles (they touch exactly the same numbers).
    pub cells: Vec<Pos>,
    /// Mines among them in this layout.
    pub mines: u8,
}

/// A consistent assignment of mine counts to the frontier's groups.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Frontier mines in this layout.
    pub mines: u64,
    /// Tile layouts it stands for: the product of C(size, mines) over its groups.
    pub ways: BigUint,
    pub groups: Vec<LayoutGroup>,
}

/// Up to `limit` consistent frontier layouts of `board`, by ascending mine count (ties in sweep
/// order). Errors with [`SolveError::Inconsistent`] when there is none.
pub fn list_layouts(board: &Board, limit: usize) -> Result<Vec<Layout>, SolveError> {
    let system = System::new(build_frontier(board)?);
    let search = Search::new(&system);
    if let Some(j) = search
        .layers
        .iter()
        .position(|l| l.last().is_none_or(|l| l.is_empty()))
    {
        return Err(SolveError::Inconsistent {
            cells: minimal_conflict(&system, j),
            flag: None,
        });
    }
    let mut found = Vec::new();
    let max_total = search
        .suffix
        .first()
        .map_or(0, |s| s.len().saturating_sub(1));
    let mut path = Vec::new();
    for target in 0..=max_total {
        if found.len() >= limit {
            break;
        }
        if search.suffix[0][target] {
            search.walk(0, 0, 0, target, &mut path, &mut found, limit);
        }
    }
    Ok(found)
}

struct Search<'a> {
    system: &'a System,
    layers: Vec<Vec<Layer>>,
    /// `reach[j][i][s]`: completions of subsystem `j` from state `s` before step `i`, by mine count.
    reach: Vec<Vec<Vec<Poly>>>,
    /// `suffix[j][r]`: subsystems `j..` together can hold exactly `r` mines.
    suffix: Vec<Vec<bool>>,
}

impl<'a> Search<'a> {
    fn new(system: &'a System) -> Search<'a> {
        let parts = &system.parts;
        let layers: Vec<Vec<Layer>> = parts
            .plans
            .iter()
            .map(|p| count_forward(p, false))
            .collect();
        // A state can finish with exactly r more mines where its completion count at r is non-zero.
        let reach: Vec<Vec<Vec<Poly>>> = parts
            .plans
            .iter()
            .zip(&layers)
            .map(|(plan, subsystem_layers)| count_backward(plan, subsystem_layers))
            .collect();
        let mut suffix = vec![vec![true]];
        for per_layer in reach.iter().rev() {
            let own = per_layer
                .first()
                .and_then(|l| l.first())
                .map(support)
                .unwrap_or_default();
            let later = suffix.last().expect("suffix starts non-empty");
            suffix.push(sumset(&own, later));
        }
        suffix.reverse();
        Search {
            system,
            layers,
            reach,
            suffix,
        }
    }

    /// Whether, before step `i` of subsystem `j` in state `s`, exactly `r` more mines can finish.
    fn can_finish(&self, j: usize, i: usize, s: usize, r: usize) -> bool {
        let later = &self.suffix[j + 1];
        self.reach[j][i][s]
            .terms()
            .any(|(x, _)| x <= r && later.get(r - x).copied().unwrap_or(false))
    }

    #[allow(clippy::too_many_arguments)]
    fn walk(
        &self,
        j: usize,
        i: usize,
        s: usize,
        left: usize,
        path: &mut Vec<(usize, u8)>,
        found: &mut Vec<Layout>,
        limit: usize,
    ) {
        if found.len() >= limit {
            return;
        }
        let plans = &self.system.parts.plans;
        if j == plans.len() {
            found.push(self.layout(path));
            return;
        }
        if i == plans[j].steps.len() {
            self.walk(j + 1, 0, 0, left, path, found, limit);
            return;
        }
        let step = &plans[j].steps[i];
        for &(k, next) in self.layers[j][i].edges(s) {
            let k_mines = usize::from(k);
            if k_mines <= left && self.can_finish(j, i + 1, next as usize, left - k_mines) {
                path.push((step.group, k));
                self.walk(j, i + 1, next as usize, left - k_mines, path, found, limit);
                path.pop();
            }
        }
    }

    fn layout(&self, path: &[(usize, u8)]) -> Layout {
        let parts = &self.system.parts;
        let tiles = &self.system.frontier.tiles;
        let mut ways = BigUint::one();
        let mut mines = 0u64;
        let mut groups = Vec::with_capacity(path.len());
        for &(g, k) in path {
            let group = &parts.groups[g];
            ways *= binomial_small(group.size(), k);
            mines += u64::from(k);
            groups.push(LayoutGroup {
                cells: group.tiles.iter().map(|&t| tiles[t]).collect(),
                mines: k,
            });
        }
        groups.sort_by_key(|g| g.cells[0]);
        Layout {
            mines,
            ways,
            groups,
        }
    }
}

/// The mine counts a completion poly can reach, as a membership vector.
fn support(poly: &Poly) -> Vec<bool> {
    let mut can = vec![false; poly.hi()];
    for (m, _) in poly.terms() {
        can[m] = true;
    }
    can
}

/// `{a + b : a ∈ x, b ∈ y}` as a membership vector.
fn sumset(x: &[bool], y: &[bool]) -> Vec<bool> {
    let mut out = vec![false; (x.len() + y.len()).saturating_sub(1)];
    for (a, &in_x) in x.iter().enumerate() {
        if in_x {
            for (b, &in_y) in y.iter().enumerate() {
                if in_y {
                    out[a + b] = true;
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;

    #[test]
    fn lists_the_one_one_one_fewest_mines_first() {
        let board = parse_board(".....\n.111.\n.....\n.....\n.....\n").unwrap();
        let layouts = list_layouts(&board, 100).unwrap();
        let ways: BigUint = layouts.iter().map(|l| &l.ways).sum();
        assert_eq!(
            ways,
            BigUint::from(14u32),
            "2 one-mine and 12 two-mine layouts"
        );
        assert!(layouts.windows(2).all(|w| w[0].mines <= w[1].mines));
        assert_eq!(layouts[0].mines, 1);
    }

    #[test]
    fn an_impossible_board_has_no_layout() {
        let board = parse_board("...\n131\nxxx\n").unwrap();
        let err = list_layouts(&board, 10).unwrap_err();
        assert!(matches!(err, SolveError::Inconsistent { cells, .. } if cells.len() == 2));
    }

    #[test]
    fn stops_at_the_limit() {
        let board = parse_board(".....\n.111.\n.....\n").unwrap();
        assert_eq!(list_layouts(&board, 1).unwrap().len(), 1);
    }
}
