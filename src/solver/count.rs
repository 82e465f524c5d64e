//! Counting one subsystem's layouts exactly, by dynamic programming along its sweep order.
//!
//! Design:
//! 1. Groups are visited in the subsystem's sweep order; the state between two steps is the
//!    remaining need of every *open* constraint (touched, not finished). A constraint closes at its
//!    last group, where its need must reach exactly zero; a need above the room left in its later
//!    groups is pruned at once.
//! 2. Each state carries a [`Poly`]: the layouts reaching it, by mine count. When the mine count
//!    does not matter (local mode without a histogram) every poly is one number.
//! 3. The forward pass keeps every layer and its edges; a backward pass folds the weight of each
//!    final mine count (outside tiles, other subsystems) back to the start, so one more sweep gives
//!    every group's mine count at once, instead of one pass per tile.
//!
//! The rejected design, enumerating layouts tile by tile, is exponential in the frontier length;
//! this one is linear in it for a fixed sweep width.

use super::constraints::Constraint;
use super::exact::Exact;
use super::groups::Group;
use super::poly::Poly;
use super::subsystems::Subsystem;
use hashbrown::hash_table::{Entry, HashTable};
use num_bigint::BigUint;
use rustc_hash::FxBuildHasher;
use std::hash::BuildHasher;

/// Where a slot's value comes from before the step's group takes its mines.
#[derive(Clone, Copy, Debug)]
enum Source {
    /// A constraint already open: its slot in the previous state.
    Open(usize),
    /// A constraint the group opens: its full need.
    Fresh(u8),
}

#[derive(Clone, Debug)]
struct Slot {
    source: Source,
    /// Whether the step's group lies in this constraint (its mines count against it).
    takes_group: bool,
    /// Tiles left in this constraint's later groups: a higher need cannot be met.
    room: u16,
}

/// One group's visit.
#[derive(Clone, Debug)]
pub(crate) struct Step {
    pub group: usize,
    pub size: u8,
    after: Vec<Slot>,
    /// Constraints whose last group this is: they need exactly the group's mines.
    closing: Vec<Source>,
}

impl Step {
    /// Writes into `next` the state after the group takes `k` mines; false when that breaks a
    /// constraint. `next` is the caller's buffer, reused for every edge: most edges reach a
    /// state already found, and a state of their own would be an allocation thrown away.
    pub fn apply(&self, state: &[u8], k: u8, next: &mut Vec<u8>) -> bool {
        let value = |s: Source| match s {
            Source::Open(slot) => state[slot],
            Source::Fresh(need) => need,
        };
        if self.closing.iter().any(|&s| value(s) != k) {
            return false;
        }
        next.clear();
        for slot in &self.after {
            let v = value(slot.source);
            let v = if slot.takes_group {
                match v.checked_sub(k) {
                    Some(v) => v,
                    None => return false,
                }
            } else {
                v
            };
            if u16::from(v) > slot.room {
                return false;
            }
            next.push(v);
        }
        true
    }

    /// How many slots the state after this step has: the constraints still open.
    fn width(&self) -> usize {
        self.after.len()
    }
}

/// The steps of one subsystem's sweep.
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    pub steps: Vec<Step>,
}

/// Lays out the sweep of `subsystem`: for every step, how its state is built from the last one.
pub(crate) fn plan_sweep(
    subsystem: &Subsystem,
    groups: &[Group],
    constraints: &[Constraint],
) -> Plan {
    let n = subsystem.order.len();
    // For every constraint: the last step touching it, and the tiles its groups hold in the steps
    // not yet visited (counted down as the sweep goes, so each step reads its room at once).
    let mut last = vec![usize::MAX; constraints.len()];
    let mut room = vec![0u16; constraints.len()];
    for (i, &g) in subsystem.order.iter().enumerate() {
        for &c in &groups[g].constraints {
            last[c] = i;
            room[c] += u16::from(groups[g].size());
        }
    }

    // The open constraints before and after each step: two buffers swapped, not one per step.
    // A step's slots are at most the open constraints and the group's own, so `after` and
    // `closing` are made at that size once (growing them push by push took 46% of this
    // function's instructions).
    let mut open: Vec<usize> = Vec::new();
    let mut next_open: Vec<usize> = Vec::new();
    let mut steps = Vec::with_capacity(n);
    for (i, &g) in subsystem.order.iter().enumerate() {
        let group = &groups[g];
        for &c in &group.constraints {
            room[c] -= u16::from(group.size());
        }
        let most = open.len() + group.constraints.len();
        let mut after = Vec::with_capacity(most);
        let mut closing = Vec::with_capacity(group.constraints.len());
        next_open.clear();
        for (slot, &c) in open.iter().enumerate() {
            let takes_group = group.constraints.binary_search(&c).is_ok();
            if takes_group && last[c] == i {
                closing.push(Source::Open(slot));
            } else {
                after.push(Slot {
                    source: Source::Open(slot),
                    takes_group,
                    room: room[c],
                });
                next_open.push(c);
            }
        }
        for &c in &group.constraints {
            if open.contains(&c) {
                continue;
            }
            let need = constraints[c].need;
            if last[c] == i {
                closing.push(Source::Fresh(need));
            } else {
                after.push(Slot {
                    source: Source::Fresh(need),
                    takes_group: true,
                    room: room[c],
                });
                next_open.push(c);
            }
        }
        steps.push(Step {
            group: g,
            size: group.size(),
            after,
            closing,
        });
        std::mem::swap(&mut open, &mut next_open);
    }
    debug_assert!(open.is_empty(), "every constraint closes at its last group");
    Plan { steps }
}

/// The states reachable before one step (the remaining needs of the open constraints, in the
/// step's slot order), with their layout counts and outgoing edges.
///
/// Every state of a layer has one slot per constraint open there, so the states lie end to end
/// in one buffer, and each state's edges in one list: a box per state and a list per state's
/// edges were two allocations for every state of every sweep.
#[derive(Clone, Debug, Default)]
pub(crate) struct Layer {
    /// Slots per state.
    width: usize,
    /// The states' needs, `width` each, in the order of `polys`.
    needs: Vec<u8>,
    pub polys: Vec<Poly>,
    /// `(k, next)`: the group takes `k` mines and the sweep reaches state `next`; the edges of
    /// state `s` are `edges[edge_ends[s - 1]..edge_ends[s]]` (from 0 for the first).
    edges: Vec<(u8, u32)>,
    edge_ends: Vec<u32>,
}

impl Layer {
    fn new(width: usize) -> Layer {
        Layer {
            width,
            ..Layer::default()
        }
    }

    /// How many states the layer holds (none: no layout gets past it).
    pub fn len(&self) -> usize {
        self.polys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.polys.is_empty()
    }

    fn state(&self, s: usize) -> &[u8] {
        &self.needs[s * self.width..(s + 1) * self.width]
    }

    /// A new state with no layouts yet; its index.
    fn push(&mut self, needs: &[u8]) -> u32 {
        self.needs.extend_from_slice(needs);
        self.polys.push(Poly::default());
        (self.polys.len() - 1) as u32
    }

    /// The edges out of state `s`: `(k, next)`, the group takes `k` mines and the sweep
    /// reaches state `next` of the next layer.
    pub fn edges(&self, s: usize) -> &[(u8, u32)] {
        let start = s.checked_sub(1).map_or(0, |p| self.edge_ends[p] as usize);
        &self.edges[start..self.edge_ends[s] as usize]
    }

    /// Every state's edges, in state order.
    pub fn all_edges(&self) -> impl Iterator<Item = &[(u8, u32)]> {
        (0..self.len()).map(|s| self.edges(s))
    }
}

/// Runs the forward pass: `layers[i]` holds the states before step `i`; the last layer holds the
/// single empty state with the subsystem's count by mine count, or nothing when no layout exists.
/// With `track_mines` false every poly has one coefficient (mine counts ignored).
pub(crate) fn count_forward(plan: &Plan, track_mines: bool) -> Vec<Layer> {
    let mut layers = Vec::with_capacity(plan.steps.len() + 1);
    let mut current = Layer::new(0);
    current.push(&[]);
    current.polys[0] = Poly::one();
    // The next layer's states by their needs: indices into its buffer, hashed by the needs
    // they point at. One table for every step, emptied between them: it keeps the room it grew
    // to, so the steps after the first few add states without rehashing.
    let mut index: HashTable<u32> = HashTable::new();
    let mut after = Vec::new();
    for step in &plan.steps {
        let mut next = Layer::new(step.width());
        index.clear();
        current.edge_ends.reserve_exact(current.len());
        for (s, poly) in current.polys.iter().enumerate() {
            let state = &current.needs[s * current.width..(s + 1) * current.width];
            for k in 0..=step.size {
                if !step.apply(state, k, &mut after) {
                    continue;
                }
                let hash = FxBuildHasher.hash_one(&after[..]);
                let id = match index.entry(
                    hash,
                    |&id| next.state(id as usize) == &after[..],
                    |&id| FxBuildHasher.hash_one(next.state(id as usize)),
                ) {
                    Entry::Occupied(entry) => *entry.get(),
                    Entry::Vacant(entry) => *entry.insert(next.push(&after)).get(),
                };
                let shift = if track_mines { usize::from(k) } else { 0 };
                next.polys[id as usize].add_shifted(poly, shift, binomial_small(step.size, k));
                current.edges.push((k, id));
            }
            current.edge_ends.push(current.edges.len() as u32);
        }
        layers.push(current);
        current = next;
    }
    current.edge_ends = vec![0; current.len()];
    layers.push(current);
    layers
}

/// The subsystem's layouts by mine count, from a finished forward pass (empty when none).
pub(crate) fn final_count(layers: &[Layer]) -> Poly {
    layers
        .last()
        .and_then(|l| l.polys.first())
        .cloned()
        .unwrap_or_default()
}

/// The backward pass: for every step, the weighted number of layouts in which one given tile of
/// that step's group is a mine.
///
/// `leaf[m]` weighs layouts of this subsystem holding `m` mines (when mines are not tracked, only
/// `leaf[0]` is read). The result's sum over a group's tiles, with the weights, is exact.
pub(crate) fn tile_mine_counts(
    plan: &Plan,
    layers: &[Layer],
    leaf: &Poly,
    track_mines: bool,
) -> Vec<BigUint> {
    let n = plan.steps.len();
    let mut counts = vec![BigUint::default(); n];
    // `weights[s][a]`: weighted completions from state `s` with `a` mines already placed.
    let mut weights: Vec<Poly> = layers[n]
        .polys
        .iter()
        .map(|p| {
            let mut w = p.zeros_like();
            w.gather_shifted(leaf, 0, 1);
            w
        })
        .collect();
    // Two lists of weights, swapped from step to step, their polys' room reused: a new poly
    // for every state of every step was most of this pass's allocations.
    let mut new_weights: Vec<Poly> = Vec::new();
    for i in (0..n).rev() {
        let step = &plan.steps[i];
        let layer = &layers[i];
        new_weights.resize_with(layer.len(), Poly::default);
        let mut count = Exact::ZERO;
        for (s, w) in new_weights.iter_mut().enumerate() {
            let poly = &layer.polys[s];
            w.set_zeros_like(poly);
            for &(k, next) in layer.edges(s) {
                let shift = if track_mines { usize::from(k) } else { 0 };
                let next_w = &weights[next as usize];
                w.gather_shifted(next_w, shift, binomial_small(step.size, k));
                if k > 0 {
                    let mine_ways = binomial_small(step.size - 1, k - 1);
                    count.add_scaled(&poly.dot_shifted(next_w, shift), mine_ways);
                }
            }
        }
        counts[i] = count.into_big();
        std::mem::swap(&mut weights, &mut new_weights);
    }
    counts
}

/// The plain backward pass: `completions[i][s]` counts, by mine count, the ways to finish the
/// sweep from state `s` before step `i` (the mirror of the forward layers, mines tracked).
pub(crate) fn count_backward(plan: &Plan, layers: &[Layer]) -> Vec<Vec<Poly>> {
    let n = plan.steps.len();
    let mut completions = vec![Vec::new(); n + 1];
    completions[n] = vec![Poly::one(); layers[n].len()];
    for i in (0..n).rev() {
        let size = plan.steps[i].size;
        completions[i] = layers[i]
            .all_edges()
            .map(|edges| {
                let mut p = Poly::default();
                for &(k, next) in edges {
                    let after = &completions[i + 1][next as usize];
                    p.add_shifted(after, usize::from(k), binomial_small(size, k));
                }
                p
            })
            .collect();
    }
    completions
}

/// `C(n, k)` for the small `n` of a group (at most 8 tiles: every tile of a group is a neighbour
/// of one number), from a table made at compile time: the sweeps ask for one per edge.
pub(crate) fn binomial_small(n: u8, k: u8) -> u64 {
    const TABLE: [[u64; 9]; 9] = {
        let mut table = [[0; 9]; 9];
        let mut n = 0;
        while n < 9 {
            table[n][0] = 1;
            let mut k = 1;
            while k <= n {
                table[n][k] = table[n - 1][k - 1] + table[n - 1][k];
                k += 1;
            }
            n += 1;
        }
        table
    };
    TABLE[usize::from(n)][usize::from(k)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Pos;
    use crate::solver::groups::group_tiles;
    use crate::solver::subsystems::split_subsystems;

    fn one_two_one() -> (Vec<Constraint>, Vec<Group>, Vec<Subsystem>) {
        // A 1-2-1 over five tiles in a row: tiles 0..=4, numbers see (0,1,2), (1,2,3), (2,3,4).
        let cs: Vec<Constraint> = [(1, [0, 1, 2]), (2, [1, 2, 3]), (1, [2, 3, 4])]
            .iter()
            .enumerate()
            .map(|(i, (need, tiles))| Constraint {
                pos: Pos::new(1, i + 1),
                need: *need,
                tiles: tiles.to_vec(),
            })
            .collect();
        let groups = group_tiles(&cs, 5);
        let subs = split_subsystems(&groups, &cs);
        (cs, groups, subs)
    }

    #[test]
    fn counts_the_one_two_one() {
        let (cs, groups, subs) = one_two_one();
        let plan = plan_sweep(&subs[0], &groups, &cs);
        let layers = count_forward(&plan, true);
        let count = final_count(&layers);
        // Only layout: mines on tiles 1 and 3.
        assert_eq!(count.total(), Exact::ONE);
        assert_eq!(count.lo(), 2);
        let mines = tile_mine_counts(&plan, &layers, &Poly::constant(2, Exact::ONE), true);
        for (step, m) in plan.steps.iter().zip(mines) {
            let tile = groups[step.group].tiles[0];
            let expected = u32::from(tile == 1 || tile == 3);
            assert_eq!(m, BigUint::from(expected), "tile {tile}");
        }
    }

    #[test]
    fn binomials() {
        assert_eq!(binomial_small(8, 4), 70);
        assert_eq!(binomial_small(3, 5), 0);
        assert_eq!(binomial_small(0, 0), 1);
        for n in 0..=8u8 {
            for k in 0..=8u8 {
                let exact = crate::solver::combine::binomial(u64::from(n), u64::from(k));
                assert_eq!(BigUint::from(binomial_small(n, k)), exact, "C({n}, {k})");
            }
        }
    }
}
