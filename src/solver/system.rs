//! A board's equations made ready for counting: groups, subsystems and their sweep plans.

use super::constraints::{Constraint, Frontier};
use super::count::{plan_sweep, Plan};
use super::groups::{group_tiles, Group};
use super::subsystems::{split_subsystems, Subsystem};

/// Groups, subsystems and one sweep plan per subsystem, for one set of constraints.
#[derive(Clone, Debug)]
pub(crate) struct Parts {
    pub groups: Vec<Group>,
    /// Each subsystem's groups in sweep order; `plans[j]` sweeps `subsystems[j]`.
    pub subsystems: Vec<Subsystem>,
    pub plans: Vec<Plan>,
    /// For each tile, its group (`usize::MAX` for a tile in no constraint).
    pub tile_group: Vec<usize>,
    /// For each group, `(subsystem, step)`: where its sweep visits it.
    pub group_step: Vec<(usize, usize)>,
}

impl Parts {
    /// Splits `constraints` (over tiles `0..tile_count`) into groups and subsystems and plans each sweep.
    pub fn new(constraints: &[Constraint], tile_count: usize) -> Parts {
        let groups = group_tiles(constraints, tile_count);
        let subsystems = split_subsystems(&groups, constraints);
        let plans = subsystems
            .iter()
            .map(|s| plan_sweep(s, &groups, constraints))
            .collect::<Vec<Plan>>();
        let mut tile_group = vec![usize::MAX; tile_count];
        for (g, group) in groups.iter().enumerate() {
            for &t in &group.tiles {
                tile_group[t] = g;
            }
        }
        let mut group_step = vec![(0, 0); groups.len()];
        for (j, plan) in plans.iter().enumerate() {
            for (i, step) in plan.steps.iter().enumerate() {
                group_step[step.group] = (j, i);
            }
        }
        Parts {
            groups,
            subsystems,
            plans,
            tile_group,
            group_step,
        }
    }
}

/// The whole board: its frontier and the parts of all its constraints.
#[derive(Clone, Debug)]
pub(crate) struct System {
    pub frontier: Frontier,
    pub parts: Parts,
}

impl System {
    pub fn new(frontier: Frontier) -> System {
        let parts = Parts::new(&frontier.constraints, frontier.tiles.len());
        System { frontier, parts }
    }
}
