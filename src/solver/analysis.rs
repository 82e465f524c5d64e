//! [`analyze`], the solver's entry point, and the [`Analysis`] it returns.
//!
//! Local mode (no mine total): every consistent frontier layout counts once, and only frontier tiles
//! get a probability. Global mode: a layout with m frontier mines weighs C(U, M − m), layouts that
//! cannot fit are dropped, and every unrevealed tile gets a probability.

use super::combine::{
    convolve_all, convolve_others, outside_count_work, outside_weights, subsystem_weights,
    MAX_COUNT_WORK,
};
use super::consistency::minimal_conflict;
use super::constraints::build_frontier;
use super::count::{count_forward, final_count, tile_mine_counts, Layer};
use super::exact::Exact;
use super::numbers::{number_counts, NumberCache, NumberContext};
use super::poly::Poly;
use super::system::System;
use super::{Ratio, SolveError};
use crate::board::{Board, Pos};
use num_bigint::BigUint;
use num_traits::Zero;
use rustc_hash::FxHashMap;

/// What to compute.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolveOptions {
    /// Total mines on the board, flags included; `None` for local analysis.
    pub mines: Option<u64>,
    /// Also compute, for every unrevealed tile, P(it shows 0..8) if opened (needs `mines`).
    pub numbers: bool,
    /// Also count frontier layouts by their number of mines.
    pub histogram: bool,
    /// With `numbers`: only these tiles get number probabilities (`None`: every tile). The advice
    /// asks for a handful of guess candidates, which costs a fraction of the whole board.
    pub number_tiles: Option<Vec<Pos>>,
}

/// Whether the mine total was part of the analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Local,
    Global,
}

impl Mode {
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Local => "local",
            Mode::Global => "global",
        }
    }
}

/// The result for one unrevealed tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileAnalysis {
    pub pos: Pos,
    /// Exact probability that the tile holds a mine.
    pub mine: Ratio,
    /// With [`SolveOptions::numbers`]: P(shows 0) … P(shows 8), then P(mine); they sum to 1.
    pub numbers: Option<Vec<Ratio>>,
}

/// Everything the solver knows about a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    pub rows: usize,
    pub cols: usize,
    pub mode: Mode,
    /// The mine total given, flags included.
    pub mines: Option<u64>,
    /// Consistent layouts: whole-board placements (global) or frontier layouts (local).
    pub solutions: BigUint,
    /// Every unrevealed tile row by row (local: frontier tiles only).
    pub tiles: Vec<TileAnalysis>,
    /// Tiles that hold no mine in any layout.
    pub safe: Vec<Pos>,
    /// Unflagged tiles that hold a mine in every layout.
    pub certain_mines: Vec<Pos>,
    /// With [`SolveOptions::histogram`]: frontier layouts by mine count, each counted once.
    pub histogram: Option<Vec<(u64, BigUint)>>,
}

impl Analysis {
    /// The result for the tile at `pos`, if it is analysed.
    pub fn tile(&self, pos: Pos) -> Option<&TileAnalysis> {
        self.tiles
            .binary_search_by_key(&(pos.row, pos.col), |t| (t.pos.row, t.pos.col))
            .ok()
            .map(|i| &self.tiles[i])
    }

    /// The tile least likely to be a mine when no tile is certainly safe (first in row order on ties).
    pub fn safest_guess(&self) -> Option<&TileAnalysis> {
        if !self.safe.is_empty() {
            return None;
        }
        self.safest_tile(|_| true)
    }

    /// The tile least likely to be a mine among those `keep` takes, certain mines left out (first
    /// in row order on ties).
    pub fn safest_tile(&self, keep: impl Fn(Pos) -> bool) -> Option<&TileAnalysis> {
        self.tiles
            .iter()
            .filter(|t| !t.mine.is_one() && keep(t.pos))
            .min_by(|a, b| a.mine.cmp(&b.mine))
    }
}

/// Analyses `board`: exact mine probabilities, certain tiles, and optionally number probabilities.
///
/// Errors: [`SolveError::Inconsistent`] naming the numbers that cannot all hold;
/// [`SolveError::TooFewMines`] / [`SolveError::TooManyMines`] when no layout fits the total;
/// [`SolveError::NumbersNeedMines`] for number probabilities without a total.
pub fn analyze(board: &Board, options: &SolveOptions) -> Result<Analysis, SolveError> {
    analyze_then_numbers(board, options, |_| Vec::new())
}

/// [`analyze`], then number probabilities for the tiles `choose` picks from the finished mine
/// probabilities (global mode; ignored when `options.numbers` already asks for them). One count
/// serves both: the advice picks its guess candidates this way without counting twice.
pub fn analyze_then_numbers(
    board: &Board,
    options: &SolveOptions,
    choose: impl FnOnce(&Analysis) -> Vec<Pos>,
) -> Result<Analysis, SolveError> {
    if options.numbers && options.mines.is_none() {
        return Err(SolveError::NumbersNeedMines);
    }
    let counted = Counted::new(board, options.mines, options.histogram)?;
    let (system, layers, weighing) = (&counted.system, &counted.layers, &counted.weighing);
    let (mines_left, track_mines) = (counted.mines_left, counted.track_mines);
    let parts = &system.parts;
    let outside_tiles = system.frontier.outside.len() as u64;

    // Each group's chance: its tiles' mine count over its subsystem's denominator, one fraction
    // shared by the group's tiles (reduced and printed once).
    // (Every group is a step of one plan, so each entry is set.)
    let mut group_chance = vec![Ratio::zero(); parts.groups.len()];
    for (j, plan) in parts.plans.iter().enumerate() {
        let per_step = tile_mine_counts(plan, &layers[j], &weighing.leaves[j], track_mines);
        // Groups of one subsystem with the same count share one fraction too: each fraction
        // is reduced and printed once, and a subsystem's groups often stand alike.
        let mut made: FxHashMap<BigUint, Ratio> = FxHashMap::default();
        for (step, count) in plan.steps.iter().zip(per_step) {
            let chance = made
                .entry(count)
                .or_insert_with_key(|count| {
                    Ratio::new(count.clone(), weighing.denominators[j].clone())
                })
                .clone();
            group_chance[step.group] = chance;
        }
    }

    let number_context = mines_left.is_some().then(|| NumberContext {
        board,
        system,
        layers,
        counts: &counted.counts,
        others: &weighing.others,
        all: &counted.all,
        outside_tiles,
        mines_left: mines_left.unwrap_or(0),
    });
    let mut tiles = Vec::new();
    let mut safe = Vec::new();
    let mut certain_mines = Vec::new();
    // Every tile away from the numbers has one chance: one fraction, shared.
    let outside = (weighing.outside_mines.as_ref())
        .map(|count| Ratio::new(count.clone(), weighing.solutions.clone()));
    for pos in board.positions() {
        if !board.get(pos).is_unrevealed() {
            continue;
        }
        let mine = match system.frontier.tile_at(board, pos) {
            Some(t) => group_chance[parts.tile_group[t]].clone(),
            None => match &outside {
                Some(shared) => shared.clone(),
                None => continue,
            },
        };
        if mine.is_zero() {
            safe.push(pos);
        } else if mine.is_one() {
            certain_mines.push(pos);
        }
        tiles.push(TileAnalysis {
            pos,
            mine,
            numbers: None,
        });
    }

    let histogram = options.histogram.then(|| {
        counted
            .all
            .terms()
            .map(|(m, c)| (m as u64, c.to_big()))
            .collect::<Vec<_>>()
    });
    let mut analysis = Analysis {
        rows: board.rows(),
        cols: board.cols(),
        mode: if mines_left.is_some() {
            Mode::Global
        } else {
            Mode::Local
        },
        mines: options.mines,
        solutions: weighing.solutions.clone(),
        tiles,
        safe,
        certain_mines,
        histogram,
    };

    if let Some(ctx) = &number_context {
        let wanted = if options.numbers {
            options.number_tiles.clone()
        } else {
            Some(choose(&analysis))
        };
        let mut cache = NumberCache::default();
        for tile in &mut analysis.tiles {
            if wanted.as_ref().is_some_and(|w| !w.contains(&tile.pos)) {
                continue;
            }
            let mut dist: Vec<Ratio> = number_counts(ctx, tile.pos, &mut cache)
                .into_iter()
                .map(|c| Ratio::new(c, analysis.solutions.clone()))
                .collect();
            dist.push(tile.mine.clone());
            tile.numbers = Some(dist);
        }
    }
    Ok(analysis)
}

/// The counting every analysis shares: the board's system, each subsystem's forward pass and
/// count, their convolution, and how layouts are weighed.
pub(super) struct Counted {
    pub system: System,
    pub layers: Vec<Vec<Layer>>,
    pub counts: Vec<Poly>,
    pub all: Poly,
    pub weighing: Weighing,
    /// Mines not yet known (global mode).
    pub mines_left: Option<u64>,
    /// Whether counts are kept by mine count.
    pub track_mines: bool,
}

impl Counted {
    /// Counts `board` with `mines` in all (global) or without (local); `histogram` keeps mine
    /// counts in local mode too.
    pub fn new(board: &Board, mines: Option<u64>, histogram: bool) -> Result<Counted, SolveError> {
        let known = board.known_mines() as u64;
        let mines_left = match mines {
            Some(given) => Some(given.checked_sub(known).ok_or(SolveError::TooFewMines {
                needed: known,
                given,
            })?),
            None => None,
        };
        let system = System::new(build_frontier(board)?);
        if let Some(left) = mines_left {
            let outside = system.frontier.outside.len() as u64;
            if outside_count_work(outside, left) > MAX_COUNT_WORK {
                return Err(SolveError::TooLarge {
                    tiles: outside,
                    mines: left,
                });
            }
        }
        let track_mines = mines_left.is_some() || histogram;
        let layers: Vec<Vec<Layer>> = system
            .parts
            .plans
            .iter()
            .map(|plan| count_forward(plan, track_mines))
            .collect();
        let counts: Vec<Poly> = layers.iter().map(|l| final_count(l)).collect();
        if let Some(j) = counts.iter().position(Poly::is_zero) {
            return Err(SolveError::Inconsistent {
                cells: minimal_conflict(&system, j),
                flag: None,
            });
        }
        let outside_tiles = system.frontier.outside.len() as u64;
        let all = convolve_all(&counts);
        let weighing = match (mines, mines_left) {
            (Some(given), Some(left)) => {
                Weighing::global(&counts, &all, outside_tiles, left, given, known)?
            }
            _ => Weighing::local(&counts),
        };
        Ok(Counted {
            system,
            layers,
            counts,
            all,
            weighing,
            mines_left,
            track_mines,
        })
    }
}

/// How layouts are weighed, per subsystem.
pub(super) struct Weighing {
    /// `leaves[j][m]`: weight of subsystem j's layouts with m mines.
    pub leaves: Vec<Poly>,
    /// Denominator of the probabilities of subsystem j's tiles.
    pub denominators: Vec<BigUint>,
    /// Consistent layouts in all (global: whole-board placements).
    pub solutions: BigUint,
    /// Global: placements in which one given tile touching no number holds a mine.
    pub outside_mines: Option<BigUint>,
    /// Global: for each subsystem, the convolution of all the others.
    pub others: Vec<Poly>,
}

impl Weighing {
    /// Every frontier layout counts once; each subsystem's tiles over that subsystem's layouts.
    fn local(counts: &[Poly]) -> Weighing {
        let leaves = counts
            .iter()
            .map(|c| Poly::from_coefs(c.lo(), vec![Exact::ONE; c.hi() - c.lo()]))
            .collect();
        let denominators: Vec<BigUint> = counts.iter().map(|c| c.total().into_big()).collect();
        Weighing {
            leaves,
            solutions: denominators.iter().product(),
            denominators,
            outside_mines: None,
            others: Vec::new(),
        }
    }

    /// A layout with m frontier mines weighs C(U, left − m); none may be left at all.
    pub fn global(
        counts: &[Poly],
        all: &Poly,
        outside_tiles: u64,
        left: u64,
        given: u64,
        known: u64,
    ) -> Result<Weighing, SolveError> {
        let outside = outside_weights(all, outside_tiles, left);
        let solutions = all.dot_shifted(&outside, 0).into_big();
        if solutions.is_zero() {
            return Err(misfit(all, outside_tiles, left, given, known));
        }
        let others = convolve_others(counts);
        let leaves = counts
            .iter()
            .zip(&others)
            .map(|(c, o)| subsystem_weights(c, o, &outside))
            .collect();
        let outside_mines = if outside_tiles > 0 && left > 0 {
            all.dot_shifted(&outside_weights(all, outside_tiles - 1, left - 1), 0)
                .into_big()
        } else {
            BigUint::zero()
        };
        Ok(Weighing {
            leaves,
            denominators: vec![solutions.clone(); counts.len()],
            solutions,
            outside_mines: Some(outside_mines),
            others,
        })
    }
}

/// Why no layout fits the total: too few mines if every layout needs more than are left.
fn misfit(all: &Poly, outside_tiles: u64, left: u64, given: u64, known: u64) -> SolveError {
    let fitting_below = all
        .terms()
        .map(|(m, _)| m as u64)
        .filter(|&m| m <= left)
        .max();
    match fitting_below {
        None => SolveError::TooFewMines {
            needed: known + all.terms().map(|(m, _)| m as u64).min().unwrap_or(0),
            given,
        },
        Some(most) => SolveError::TooManyMines {
            fit: known + most + outside_tiles,
            given,
        },
    }
}
