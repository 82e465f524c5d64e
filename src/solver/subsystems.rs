//! Subsystems: groups linked through shared numbers. Separate subsystems are independent, so each
//! is counted alone and the results are combined by convolution over mine counts.
//!
//! Each subsystem also gets a processing order for the counting pass. Frontiers are thin curves, so
//! a sweep along the curve keeps few numbers "open" (touched but not finished) at a time; the counting
//! state is the open numbers' remaining needs, and its size depends on that width, not on the
//! frontier's length. The order is greedy: start at one end of the curve (a group far from an
//! arbitrary one), then always take the neighbouring group that leaves the fewest numbers open.

use super::constraints::Constraint;
use super::groups::Group;
use std::collections::VecDeque;

/// A set of groups connected through shared constraints, in counting order.
#[derive(Clone, Debug)]
pub(crate) struct Subsystem {
    /// Group indices in the order the counting pass visits them.
    pub order: Vec<usize>,
}

/// Splits the groups into independent subsystems, each with its counting order.
pub(crate) fn split_subsystems(groups: &[Group], constraints: &[Constraint]) -> Vec<Subsystem> {
    let groups_of = groups_by_constraint(groups, constraints.len());
    let mut seen = vec![false; groups.len()];
    let mut sweep = SweepState::new(groups, &groups_of);
    let mut subsystems = Vec::new();
    for start in 0..groups.len() {
        if seen[start] {
            continue;
        }
        let members = component(start, groups, &groups_of, &mut seen);
        let order = sweep_order(&members, groups, &groups_of, &mut sweep);
        subsystems.push(Subsystem { order });
    }
    subsystems
}

/// What the sweep orders keep per group and per constraint, made once for all components: every
/// group and constraint belongs to one component, so an entry is only ever read and written by
/// its own component's sweep and needs no reset in between. (They were made per component, each
/// over the whole board, and an Expert frontier splits into dozens of components.)
struct SweepState {
    /// Breadth-first distance from the sweep's starting group (`usize::MAX`: not reached yet).
    dist: Vec<usize>,
    /// Groups of each constraint not yet visited.
    remaining: Vec<usize>,
    /// Whether each constraint is open: touched and not finished.
    open: Vec<bool>,
    /// Whether each group is visited.
    done: Vec<bool>,
    /// Whether each group was put among the candidates for the next step (it lies in an open
    /// constraint).
    listed: Vec<bool>,
    /// For each group not yet visited, how many constraints visiting it next would open, less
    /// those it would close ([`contribution`] summed over its constraints), kept up to date as
    /// constraints open and lose groups: the sweep asks it of every candidate at every step,
    /// and summing it afresh there was most of the order's work.
    growth: Vec<i64>,
    queue: VecDeque<usize>,
}

impl SweepState {
    fn new(groups: &[Group], groups_of: &[Vec<usize>]) -> SweepState {
        let remaining: Vec<usize> = groups_of.iter().map(Vec::len).collect();
        let growth = (groups.iter())
            .map(|g| {
                (g.constraints.iter())
                    .map(|&c| contribution(false, remaining[c]))
                    .sum()
            })
            .collect();
        SweepState {
            dist: vec![usize::MAX; groups.len()],
            remaining,
            open: vec![false; groups_of.len()],
            done: vec![false; groups.len()],
            listed: vec![false; groups.len()],
            growth,
            queue: VecDeque::new(),
        }
    }
}

/// What a constraint adds to the open ones if a group of it is visited next, by whether it is
/// open and how many of its groups are left: −1 where that group is its last (it closes), +1
/// where it is not open yet and keeps groups for later (it opens), else 0.
fn contribution(open: bool, remaining: usize) -> i64 {
    match (open, remaining) {
        (true, 1) => -1,
        (true, _) | (false, 1) => 0,
        (false, _) => 1,
    }
}

/// For each constraint, the groups that lie in it.
fn groups_by_constraint(groups: &[Group], constraint_count: usize) -> Vec<Vec<usize>> {
    // Each list made at its final size (counted first), not grown push by push.
    let mut sizes = vec![0usize; constraint_count];
    for group in groups {
        for &c in &group.constraints {
            sizes[c] += 1;
        }
    }
    let mut groups_of: Vec<Vec<usize>> = sizes.into_iter().map(Vec::with_capacity).collect();
    for (g, group) in groups.iter().enumerate() {
        for &c in &group.constraints {
            groups_of[c].push(g);
        }
    }
    groups_of
}

/// Groups reachable from `start`, with their breadth-first distance order.
fn component(
    start: usize,
    groups: &[Group],
    groups_of: &[Vec<usize>],
    seen: &mut [bool],
) -> Vec<usize> {
    let mut members = vec![start];
    seen[start] = true;
    let mut next = 0;
    while next < members.len() {
        let g = members[next];
        next += 1;
        for &c in &groups[g].constraints {
            for &h in &groups_of[c] {
                if !seen[h] {
                    seen[h] = true;
                    members.push(h);
                }
            }
        }
    }
    members
}

/// Breadth-first distances from `start` over the groups of its component, into `dist` (whose
/// entries for the component are `usize::MAX` before).
fn distances(
    start: usize,
    groups: &[Group],
    groups_of: &[Vec<usize>],
    dist: &mut [usize],
    queue: &mut VecDeque<usize>,
) {
    dist[start] = 0;
    queue.clear();
    queue.push_back(start);
    while let Some(g) = queue.pop_front() {
        for &c in &groups[g].constraints {
            for &h in &groups_of[c] {
                if dist[h] == usize::MAX {
                    dist[h] = dist[g] + 1;
                    queue.push_back(h);
                }
            }
        }
    }
}

/// Orders one component's groups so that few constraints are open at any time.
fn sweep_order(
    members: &[usize],
    groups: &[Group],
    groups_of: &[Vec<usize>],
    state: &mut SweepState,
) -> Vec<usize> {
    // `members` is in breadth-first order from its first group, so its last group is farthest:
    // one end of the curve. Distances from there break ties so the sweep moves along the curve.
    let end = *members.last().expect("a component has at least one group");
    distances(end, groups, groups_of, &mut state.dist, &mut state.queue);
    let SweepState {
        dist,
        remaining,
        open,
        done,
        listed,
        growth,
        ..
    } = state;

    // The unvisited groups of the open constraints, each once: a group is listed when a
    // constraint of it opens and leaves the list when visited (its constraints close only once
    // all their groups are visited). Scanning the open constraints' groups at every step met
    // most candidates two or three times over.
    let mut candidates: Vec<usize> = Vec::new();
    let mut order = Vec::with_capacity(members.len());

    let mut current = end;
    loop {
        done[current] = true;
        order.push(current);
        if let Some(at) = candidates.iter().position(|&g| g == current) {
            candidates.swap_remove(at);
        }
        for &c in &groups[current].constraints {
            let before = contribution(open[c], remaining[c]);
            remaining[c] -= 1;
            if remaining[c] > 0 && !open[c] {
                open[c] = true;
                for &h in &groups_of[c] {
                    if !done[h] && !listed[h] {
                        listed[h] = true;
                        candidates.push(h);
                    }
                }
            }
            let change = contribution(open[c], remaining[c]) - before;
            if change != 0 {
                for &h in &groups_of[c] {
                    growth[h] += change;
                }
            }
        }
        if order.len() == members.len() {
            break;
        }
        // The next group: the unvisited neighbour of an open constraint that opens the fewest
        // new ones. The key ends in the group's own index, so the minimum is one group whatever
        // the list's order.
        current = (candidates.iter().copied())
            .min_by_key(|&g| (growth[g], dist[g], g))
            .expect("a connected component always has a group next to an open constraint");
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Pos;
    use crate::solver::groups::group_tiles;

    fn chain(len: usize) -> Vec<Constraint> {
        // Constraint i covers tiles i and i+1: a path of groups.
        (0..len)
            .map(|i| Constraint {
                pos: Pos::new(0, i),
                need: 1,
                tiles: vec![i, i + 1],
            })
            .collect()
    }

    #[test]
    fn a_chain_is_one_subsystem_swept_end_to_end() {
        let cs = chain(10);
        let groups = group_tiles(&cs, 11);
        let subs = split_subsystems(&groups, &cs);
        assert_eq!(subs.len(), 1);
        let order = &subs[0].order;
        assert_eq!(order.len(), groups.len());
        // A sweep visits neighbours one after another: each step moves by one along the chain.
        let firsts: Vec<usize> = order.iter().map(|&g| groups[g].tiles[0]).collect();
        for pair in firsts.windows(2) {
            assert_eq!(pair[0].abs_diff(pair[1]), 1, "order {firsts:?}");
        }
    }

    #[test]
    fn disjoint_numbers_are_separate_subsystems() {
        let cs = vec![
            Constraint {
                pos: Pos::new(0, 0),
                need: 1,
                tiles: vec![0, 1],
            },
            Constraint {
                pos: Pos::new(5, 5),
                need: 1,
                tiles: vec![2, 3],
            },
        ];
        let groups = group_tiles(&cs, 4);
        let subs = split_subsystems(&groups, &cs);
        assert_eq!(subs.len(), 2);
        assert_eq!(groups[subs[0].order[0]].constraints, vec![0]);
        assert_eq!(groups[subs[1].order[0]].constraints, vec![1]);
    }
}
