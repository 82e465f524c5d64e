//! The search for the likeliest labelling of a board's looks that the rules allow.
//!
//! Looks that differ only by noise are labelled together (`families`). Each family has a short
//! list of meanings, cheapest first (`meanings`). The labellings are
//! visited in order of total cost (the sum over looks; cost is `-ln` of the prior, relative to
//! the look's first choice) by a lazy best-first walk over the product of the lists: labelling
//! `a` is reached only from the one with its last raised position lowered, so each is seen once.
//! The first that obeys the rules is the reading. Others that obey them at nearly the same cost
//! put the looks they change in doubt. The walk is bounded by a number of labellings, never by
//! the clock, so the same screenshot always reads the same.

use super::background::{evidence, on_covered};
use super::families::families;
use super::meanings::{meanings, Meaning};
use super::rules::is_possible;
use crate::vision::{Doubt, Reading, TileClass};
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// A labelling within this cost of the best (`ln 20`: the prior favours the best by less than
/// twenty to one) that also obeys the rules leaves the looks it changes in doubt.
const DOUBT_MARGIN: f64 = 3.0;
/// Labellings checked against the rules at most. A board whose likely labellings all break them
/// is left as the classifier read it, and reported impossible downstream.
const CHECK_LIMIT: usize = 400;
/// Alternatives within the margin collected at most.
const ALTERNATIVES: usize = 16;

/// What the board-level reading did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settled {
    /// Labellings checked against the rules.
    pub checked: usize,
    /// Whether a labelling that obeys the rules was found (else the reading is the classifier's).
    pub possible: bool,
    /// Looks whose class was changed from the classifier's first choice.
    pub changed: usize,
}

/// One labelling on the walk: the index into each look's meanings, its total cost, and the
/// first position the walk may still raise.
#[derive(Clone, Debug)]
struct State {
    cost: f64,
    picks: Vec<usize>,
    pivot: usize,
}

impl PartialEq for State {
    fn eq(&self, other: &Self) -> bool {
        self.cost.total_cmp(&other.cost) == Ordering::Equal
    }
}
impl Eq for State {}
impl PartialOrd for State {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for State {
    // Reversed: the heap pops the cheapest labelling first.
    fn cmp(&self, other: &Self) -> Ordering {
        other.cost.total_cmp(&self.cost)
    }
}

/// Settles the classes of `reading`'s looks with the rules of the game: relabels looks where
/// the classifier's first choice cannot hold on this board, and lists in `reading.doubt` the
/// looks two labellings disagree on.
pub fn settle(reading: &mut Reading) -> Settled {
    let families = families(&reading.pixels, &reading.looks);
    let evidence = evidence(&reading.pixels, &families);
    let covered = on_covered(&reading.pixels, &families);
    let options: Vec<Vec<Meaning>> = (families.verdicts.iter().enumerate())
        .map(|(f, verdict)| meanings(verdict, evidence[f], covered[f]))
        .collect();
    // The family of each cell.
    let family_of: Vec<usize> = reading.look_of.iter().map(|&l| families.of[l]).collect();
    let mut heap = BinaryHeap::new();
    heap.push(State {
        cost: 0.0,
        picks: vec![0; options.len()],
        pivot: 0,
    });
    let mut board = reading.board.clone();
    let mut found: Vec<State> = Vec::new();
    let mut checked = 0;
    while let Some(state) = heap.pop() {
        if found
            .first()
            .is_some_and(|best| state.cost > best.cost + DOUBT_MARGIN)
            || found.len() > ALTERNATIVES
            || checked >= CHECK_LIMIT
        {
            break;
        }
        for look in state.pivot..options.len() {
            let next = state.picks[look] + 1;
            if next < options[look].len() {
                let mut picks = state.picks.clone();
                picks[look] = next;
                let step = options[look][next].cost - options[look][next - 1].cost;
                heap.push(State {
                    cost: state.cost + step,
                    picks,
                    pivot: look,
                });
            }
        }
        checked += 1;
        for (index, &family) in family_of.iter().enumerate() {
            board.set_index(index, options[family][state.picks[family]].cell());
        }
        if is_possible(&board) {
            found.push(state);
        }
    }
    let Some(best) = found.first() else {
        return Settled {
            checked,
            possible: false,
            changed: 0,
        };
    };
    let mut changed = 0;
    for (look, &family) in families.of.iter().enumerate() {
        let class = options[family][best.picks[family]].class;
        if class != reading.looks[look].class {
            // How sure the board makes the new class: its share among the look's meanings,
            // with the board's evidence counted (not the classifier's own, which chose another).
            let weights: Vec<f64> = options[family].iter().map(|m| (-m.cost).exp()).collect();
            let share = weights[best.picks[family]] / weights.iter().sum::<f64>();
            reading.relabel(look, class, share as f32);
            changed += 1;
        }
    }
    reading.doubt = doubts(reading, &families.of, &options, &found);
    Settled {
        checked,
        possible: true,
        changed,
    }
}

/// The families on which the labellings `found` (the best first) put different cells, each
/// named by its first look.
fn doubts(
    reading: &Reading,
    family_of_look: &[usize],
    options: &[Vec<Meaning>],
    found: &[State],
) -> Vec<Doubt> {
    let best = &found[0];
    let mut out = Vec::new();
    for (family, meaning) in options.iter().enumerate() {
        let chosen = meaning[best.picks[family]];
        let mut classes: Vec<TileClass> = vec![chosen.class];
        for other in &found[1..] {
            let alternative = meaning[other.picks[family]];
            if alternative.cell() != chosen.cell() && !classes.contains(&alternative.class) {
                classes.push(alternative.class);
            }
        }
        if classes.len() > 1 {
            let cols = reading.grid.cols;
            let cells = (reading.look_of.iter().enumerate())
                .filter(|&(_, &look)| family_of_look[look] == family)
                .map(|(index, _)| (index / cols, index % cols))
                .collect();
            let look = family_of_look
                .iter()
                .position(|&f| f == family)
                .unwrap_or(0);
            out.push(Doubt {
                look,
                classes,
                cells,
            });
        }
    }
    out
}
