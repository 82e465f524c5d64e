//! Number probabilities: for an unrevealed tile, the exact chance it shows 0, 1, …, 8 if opened.
//!
//! Condition on the tile being safe and count the mines around it: flagged neighbours are a fixed
//! shift; frontier neighbours are counted by re-running the sweep of each subsystem they lie in
//! with one more index (mines among the neighbours), only over the steps that touch the
//! neighbourhood: it starts from the stored forward layer and ends on the stored backward counts,
//! so a tile costs its neighbourhood's span, not its subsystem's length; neighbours touching no number are spread by
//! hypergeometric counts C(u, c) · C(U' − u, M − m − c). Global mode only: away from the numbers,
//! what a tile shows depends on the mine total.

use super::combine::{binomial_row, convolve_all};
use super::count::{binomial_small, count_backward, Layer};
use super::exact::Exact;
use super::poly::Poly;
use super::system::System;
use crate::board::{Board, Pos};
use num_bigint::BigUint;
use num_traits::Zero;
use std::collections::{BTreeMap, HashMap};

/// Counts by the number of mines among a tile's neighbours (0..=8), each by total mine count.
type ByNeighbours = Vec<Poly>;

/// What number probabilities need from a finished analysis (global mode).
pub(crate) struct NumberContext<'a> {
    pub board: &'a Board,
    pub system: &'a System,
    /// Forward layers of every subsystem (mines tracked).
    pub layers: &'a [Vec<Layer>],
    /// Every subsystem's layouts by mine count.
    pub counts: &'a [Poly],
    /// For each subsystem, the convolution of all the others.
    pub others: &'a [Poly],
    /// The convolution of all subsystems.
    pub all: &'a Poly,
    pub outside_tiles: u64,
    pub mines_left: u64,
}

/// Work shared between the tiles of one analysis.
#[derive(Default)]
pub(crate) struct NumberCache {
    /// Results for tiles whose neighbourhood touches no frontier tile: they depend only on
    /// (flagged neighbours, neighbours touching no number).
    away: HashMap<(usize, usize), Vec<BigUint>>,
    /// `C(pool, k)` for k = 0..=mines left, by pool size (a handful of sizes per board).
    rows: HashMap<u64, Vec<BigUint>>,
    /// Plain backward passes, by subsystem, made when a tile first needs one.
    completions: HashMap<usize, Vec<Vec<Poly>>>,
}

impl NumberCache {
    /// Ways to put `left − m` mines on `pool` tiles, for each `m` of `range`.
    fn spread(&mut self, range: &Poly, pool: u64, left: u64, mines_left: u64) -> Poly {
        let row = self
            .rows
            .entry(pool)
            .or_insert_with(|| binomial_row(pool, 0, mines_left + 1));
        let coefs = (range.lo()..range.hi()).map(|m| {
            left.checked_sub(m as u64)
                .and_then(|k| row.get(k as usize))
                .map_or(Exact::ZERO, |c| Exact::from(c.clone()))
        });
        Poly::from_coefs(range.lo(), coefs)
    }
}

/// Placements in which the tile at `pos` is safe and shows k, for k = 0..=8 (same denominator as
/// the analysis's solution count).
pub(crate) fn number_counts(
    ctx: &NumberContext,
    pos: Pos,
    cache: &mut NumberCache,
) -> Vec<BigUint> {
    let board = ctx.board;
    let frontier = &ctx.system.frontier;
    let parts = &ctx.system.parts;
    let own_group = frontier.tile_at(board, pos).map(|t| parts.tile_group[t]);
    let mut flagged = 0usize;
    let mut outside_neighbours = 0usize;
    // Neighbours per group, and the involved subsystems (with the tile's own).
    let mut in_group: HashMap<usize, u8> = HashMap::new();
    for n in board.neighbors(pos) {
        let cell = board.get(n);
        if cell.is_known_mine() {
            flagged += 1;
        } else if cell.is_unrevealed() {
            match frontier.tile_at(board, n) {
                Some(t) => *in_group.entry(parts.tile_group[t]).or_default() += 1,
                None => outside_neighbours += 1,
            }
        }
    }
    // Involved subsystem → (first, last) step touching the neighbourhood.
    let mut involved: BTreeMap<usize, (usize, usize)> = BTreeMap::new();
    for &g in in_group.keys().chain(own_group.iter()) {
        let (j, step) = parts.group_step[g];
        let span = involved.entry(j).or_insert((step, step));
        *span = (span.0.min(step), span.1.max(step));
    }
    if involved.is_empty() {
        if let Some(hit) = cache.away.get(&(flagged, outside_neighbours)) {
            return hit.clone();
        }
    }

    let rest = match involved.len() {
        0 => ctx.all.clone(),
        1 => {
            let j = *involved.keys().next().expect("one subsystem is involved");
            ctx.others[j].clone()
        }
        _ => convolve_all(
            ctx.counts
                .iter()
                .enumerate()
                .filter(|(j, _)| !involved.contains_key(j))
                .map(|(_, c)| c),
        ),
    };
    let mut joint: ByNeighbours = vec![Poly::default(); 9];
    joint[0] = rest;
    for (&j, &span) in &involved {
        let completions = cache
            .completions
            .entry(j)
            .or_insert_with(|| count_backward(&parts.plans[j], &ctx.layers[j]));
        let split = neighbour_sweep(ctx, j, span, completions, &in_group, own_group);
        joint = convolve_by_neighbours(&joint, &split);
    }

    // Spread the remaining mines over the tiles touching no number.
    let pool = ctx.outside_tiles - u64::from(own_group.is_none()) - outside_neighbours as u64;
    let mut result = vec![BigUint::zero(); 9];
    for (c, poly) in joint.iter().enumerate() {
        if poly.is_zero() {
            continue;
        }
        for c_out in 0..=outside_neighbours {
            let shown = flagged + c + c_out;
            let Some(left) = ctx.mines_left.checked_sub(c_out as u64) else {
                continue;
            };
            if shown > 8 {
                continue;
            }
            let ways_near = binomial_small(outside_neighbours as u8, c_out as u8);
            let ways_far = cache.spread(poly, pool, left, ctx.mines_left);
            result[shown] += poly.dot_shifted(&ways_far, 0).into_big() * ways_near;
        }
    }
    if involved.is_empty() {
        cache
            .away
            .insert((flagged, outside_neighbours), result.clone());
    }
    result
}

/// Subsystem `j`'s layouts by (mines among the tile's neighbours, total mines), with the tile
/// itself (if in the subsystem) safe.
///
/// Only the steps `span.0..=span.1` touch the neighbourhood: the sweep starts from the stored
/// forward layer there and, past the span, joins the stored backward counts instead of sweeping on.
fn neighbour_sweep(
    ctx: &NumberContext,
    j: usize,
    (first, last): (usize, usize),
    completions: &[Vec<Poly>],
    in_group: &HashMap<usize, u8>,
    own_group: Option<usize>,
) -> ByNeighbours {
    let parts = &ctx.system.parts;
    let plan = &parts.plans[j];
    let layers = &ctx.layers[j];
    let mut current: Vec<ByNeighbours> = layers[first]
        .polys
        .iter()
        .map(|p| {
            let mut split = vec![Poly::default(); 9];
            split[0] = p.clone();
            split
        })
        .collect();
    for (i, step) in plan.steps.iter().enumerate().take(last + 1).skip(first) {
        let near = in_group.get(&step.group).copied().unwrap_or(0);
        let far = step.size - near - u8::from(own_group == Some(step.group));
        let mut next: Vec<ByNeighbours> = vec![vec![Poly::default(); 9]; layers[i + 1].len()];
        for (split, edges) in current.iter().zip(layers[i].all_edges()) {
            for &(k, to) in edges {
                for c_near in 0..=near.min(k) {
                    let Some(c_far) = k.checked_sub(c_near).filter(|&c| c <= far) else {
                        continue;
                    };
                    let ways = binomial_small(near, c_near) * binomial_small(far, c_far);
                    for (c, poly) in split.iter().enumerate() {
                        if !poly.is_zero() && c + usize::from(c_near) <= 8 {
                            next[to as usize][c + usize::from(c_near)].add_shifted(
                                poly,
                                usize::from(k),
                                ways,
                            );
                        }
                    }
                }
            }
        }
        current = next;
    }
    let mut joined: ByNeighbours = vec![Poly::default(); 9];
    for (split, rest) in current.iter().zip(&completions[last + 1]) {
        for (c, poly) in split.iter().enumerate() {
            if !poly.is_zero() {
                joined[c].add_shifted(&poly.convolve(rest), 0, 1);
            }
        }
    }
    joined
}

/// Joint counts of two independent parts: neighbour mines add, total mines convolve.
fn convolve_by_neighbours(a: &ByNeighbours, b: &ByNeighbours) -> ByNeighbours {
    let mut out = vec![Poly::default(); 9];
    for (ca, pa) in a.iter().enumerate() {
        if pa.is_zero() {
            continue;
        }
        for (cb, pb) in b.iter().enumerate() {
            if ca + cb <= 8 && !pb.is_zero() {
                let product = pa.convolve(pb);
                out[ca + cb].add_shifted(&product, 0, 1);
            }
        }
    }
    out
}
