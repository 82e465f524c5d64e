//! The best guess when no tile is certainly safe: the click most likely to win the game, not only
//! to survive this move.
//!
//! 1. Few layouts left: search the endgame exactly ([`super::endgame`]).
//! 2. A forced 50/50 (tiles with two layouts that no future number can ever tell apart, see
//!    [`super::fifty_fifty`]) must be guessed some time: guess it now, before effort is spent on
//!    the rest; the safe tile's number may free its neighbours.
//! 3. Otherwise the candidates are the tiles within a margin of the lowest mine chance. For each,
//!    the number probabilities say what it would show; each outcome is put on the board and
//!    checked for progress (a tile it would make certainly safe). The score is the chance to
//!    survive this click and the next: an outcome with progress counts 1, one without counts the
//!    safest tile's chance on the board it leaves. Tiles whose opening can tell nothing (dead:
//!    one possible number) are skipped while a useful one exists. Candidates are scored best
//!    first by the rules alone, and one that can no longer reach the best so far stops before
//!    its remaining exact counts: the same pick for less work. Two tuning options, off in both
//!    policies, weigh would-be 50/50s ([`super::trap`]) and the second safest tile left.
//!
//! Every step is deterministic: ties go to the first tile in row order.

use super::deduce::{deduce_until_safe, Depth};
use super::endgame::best_endgame_move;
use super::fifty_fifty::forced_fifty_fifty;
use super::first_click::first_click;
use super::game::FirstClick;
use super::trap::{could_trap, trap_share};
use crate::board::{Board, Cell, Pos};
use crate::solver::{analyze, Analysis, OpenedTile, SolveOptions};

/// The knobs of the guess, tuned on seeded games (`minehint bench`).
#[derive(Clone, Debug, PartialEq)]
pub struct GuessPolicy {
    /// Candidates: tiles whose mine chance is at most the lowest plus this.
    pub margin: f64,
    /// At most this many candidates are scored (lowest mine chance first). 12 won 0.12 ± 0.13
    /// points more than 8 on 60,000 paired Expert games (0.09 ± 0.07 on 90,000 Intermediate
    /// ones), for 8% more work.
    pub max_candidates: usize,
    /// Extra weight of the chance of progress in the score.
    pub progress_weight: f64,
    /// The best this many candidates by the cheap score are scored again with outcomes without
    /// progress valued by the safest tile they leave (one exact count per candidate, see
    /// [`crate::solver::OpenedTile`]). In the cheap score such outcomes count the safest chance
    /// of the current board. 0: cheap score only. The default covers every candidate: on 20,000
    /// paired Expert games that won 0.23 ± 0.18 points more than the best three.
    pub look_ahead: usize,
    /// Search the endgame exactly when at most this many layouts remain (0: never). 1000 won
    /// 0.09 ± 0.06 points more than 300 on 30,000 paired Expert games, for about a sixth more
    /// time.
    pub endgame_layouts: usize,
    /// Work budget of one endgame search (layout visits).
    pub endgame_budget: usize,
    /// How much a would-be 50/50 counts ([`super::trap`]): a candidate's chance to survive
    /// two clicks is multiplied by 1 + this × its trap share, and tiles a pattern may trap
    /// join the candidates from beyond the window (0: off). Off in both policies: 0.5 won
    /// +0.07 ± 0.09, −0.02 ± 0.09 and +0.00 ± 0.08 points against `deep` on 100,000 paired
    /// Expert games each (seeds 11, 12, 13), for less than half the games per second.
    pub trap_weight: f64,
    /// The look-ahead's chance to survive the next click blends the safest tile left with the
    /// second safest: this much of the second's (0: the safest alone). A board that leaves one
    /// good tile is worth less than one that leaves two. Off in both policies: 0.2 (D. N.
    /// Hill's 4 to 1) won +0.005 ± 0.043 and −0.008 ± 0.043 points against `deep` on 100,000
    /// paired Expert games each (seeds 11, 12).
    pub second_weight: f64,
    /// The leaders scored again three clicks deep ([`super::three_clicks`]). Off in both
    /// policies: on 100,000 paired Expert games (seed 11) four leaders within 0.05 won
    /// −0.08 ± 0.23 points against none, for four times the work.
    pub three_clicks: ThreeClicks,
    /// Tiles touching no number but beside a tile that does are scored one by one, at most this
    /// many (nearest the open tiles first, beside the window's count), instead of one per kind
    /// of neighbourhood: which frontier tiles their number would speak of differs from tile to
    /// tile (0: by kind only). Off in both policies: 8 won +0.04 ± 0.08 and −0.03 ± 0.08 points
    /// against `deep` on 100,000 paired Expert games each (seeds 21, 22).
    pub outside_each: usize,
    /// What the game guarantees of its first click: on a board with nothing open, the guess is
    /// the tile this rule favours, not the solver's uniform chance ([`super::first_click`]).
    pub first_click: FirstClick,
}

/// The three-click score: the best `leaders` candidates by the look-ahead, those within `margin`
/// of the best, are scored again with every outcome that frees no tile valued by the best guess
/// on the board it leaves (the look-ahead's own score there).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ThreeClicks {
    /// At most this many candidates (fewer than 2: off).
    pub leaders: usize,
    /// Only candidates within this of the best look-ahead score.
    pub margin: f64,
}

impl ThreeClicks {
    pub const OFF: ThreeClicks = ThreeClicks {
        leaders: 0,
        margin: 0.0,
    };
}

impl Default for GuessPolicy {
    fn default() -> GuessPolicy {
        GuessPolicy {
            margin: 0.04,
            max_candidates: 12,
            progress_weight: 0.1,
            look_ahead: 12,
            endgame_layouts: 1000,
            endgame_budget: 2_000_000,
            trap_weight: 0.0,
            second_weight: 0.0,
            three_clicks: ThreeClicks::OFF,
            outside_each: 0,
            first_click: FirstClick::Safe,
        }
    }
}

impl GuessPolicy {
    /// The fast policy: a guess in about a millisecond (`bench`'s default).
    pub fn fast() -> GuessPolicy {
        GuessPolicy::default()
    }

    /// The deep policy: a wider window of candidates than the fast one, and the exact endgame
    /// search from four times as many layouts.
    ///
    /// Where D. N. Hill's solver guesses a different tile from the fast policy, its tile is
    /// often a frontier tile more than 0.04 likelier to be a mine, and wins more of those games
    /// (`scripts/anchor_positions.sh`). On 100,000 paired Expert games (seed 11), tiles within
    /// 0.08 of the lowest mine chance, at most 20, won 0.10 ± 0.11 points more than the fast
    /// policy's 0.04 and 12.
    ///
    /// The endgame search at up to 4000 layouts (budget 8 million visits) won 0.042 ± 0.029
    /// and 0.023 ± 0.030 points more than at 1000 (budget 2 million) on 100,000 paired Expert
    /// games each (seeds 21 and 22), for a game that takes about twice as long: time a
    /// player leaves, where no faster change found in issue 19 won measurably. 5000 layouts
    /// (budget 10 million) won as much but took 53 ms at the 99th percentile of a decision,
    /// above issue 19's 50; 4000 takes 39 ms.
    pub fn deep() -> GuessPolicy {
        GuessPolicy {
            margin: 0.08,
            max_candidates: 20,
            endgame_layouts: 4000,
            endgame_budget: 8_000_000,
            ..GuessPolicy::default()
        }
    }
}

/// Why a tile was chosen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GuessKind {
    /// The exact endgame search: `win` is the chance to win from here.
    Endgame { win: f64 },
    /// Two tiles share a mine that nothing can reveal: a coin flip that cannot be avoided.
    ForcedFiftyFifty,
    /// The best score among the safest tiles: `progress` is the chance it frees a tile.
    Scored { progress: f64 },
    /// The lowest mine chance (no mine total, so no number probabilities).
    Safest,
    /// The first click on a board with nothing open, which `rule` makes safe
    /// ([`super::first_click`]).
    FirstClick { rule: FirstClick },
}

/// A guess: open `pos`, a mine with probability `mine`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Guess {
    pub pos: Pos,
    pub mine: f64,
    pub kind: GuessKind,
}

/// The best guess on `board` given its `analysis` (none when a tile is certainly safe or no
/// covered tile is left). `mines` is the total, flags included.
pub fn best_guess(
    board: &Board,
    analysis: &Analysis,
    mines: Option<u64>,
    policy: &GuessPolicy,
) -> Option<Guess> {
    best_guess_among(board, analysis, mines, policy, None)
}

/// [`best_guess`] with the candidates [`guess_candidates`] already gave for this analysis, when
/// the caller has them (`None`: work them out).
pub(crate) fn best_guess_among(
    board: &Board,
    analysis: &Analysis,
    mines: Option<u64>,
    policy: &GuessPolicy,
    candidates: Option<Vec<Pos>>,
) -> Option<Guess> {
    if !analysis.safe.is_empty() {
        return None;
    }
    if let Some(guess) = first_click(board, policy.first_click) {
        return Some(guess);
    }
    let safest = analysis.safest_guess()?;
    let lowest = safest.mine.to_f64();
    // What is left when nothing better can be worked out.
    let plain = Guess {
        pos: safest.pos,
        mine: lowest,
        kind: GuessKind::Safest,
    };
    let Some(mines) = mines else {
        return Some(plain);
    };
    let mine_at = |pos: Pos| analysis.tile(pos).map_or(1.0, |t| t.mine.to_f64());

    if policy.endgame_layouts > 0
        && analysis.solutions <= num_bigint::BigUint::from(policy.endgame_layouts)
    {
        if let Some(m) =
            best_endgame_move(board, mines, policy.endgame_layouts, policy.endgame_budget)
        {
            return Some(Guess {
                pos: m.pos,
                mine: mine_at(m.pos),
                kind: GuessKind::Endgame { win: m.win },
            });
        }
    }
    if let Some(pos) = forced_fifty_fifty(board, analysis) {
        return Some(Guess {
            pos,
            mine: 0.5,
            kind: GuessKind::ForcedFiftyFifty,
        });
    }

    let candidates = candidates.unwrap_or_else(|| guess_candidates(board, analysis, policy));
    let counted;
    let with_numbers = if candidates
        .iter()
        .all(|&p| analysis.tile(p).is_some_and(|t| t.numbers.is_some()))
    {
        analysis
    } else {
        let options = SolveOptions {
            mines: Some(mines),
            numbers: true,
            number_tiles: Some(candidates.clone()),
            ..SolveOptions::default()
        };
        let Ok(a) = analyze(board, &options) else {
            return Some(plain);
        };
        counted = a;
        &counted
    };
    let (scored, best_dead) = cheap_scores(board, with_numbers, mines, candidates, lowest, policy);
    if policy.three_clicks.leaders > 1 {
        if let Some(g) = super::three_clicks::pick(board, mines, &scored, lowest, policy) {
            return Some(g);
        }
    }
    let best = pick(board, mines, &scored, lowest, policy);
    Some(best.map_or(best_dead.unwrap_or(plain), |(_, g)| g))
}

/// Every live candidate (one whose opening can tell something) with its cheap score (rules
/// only), best first; and the first dead one, for when no live one exists. `with_numbers` has
/// the candidates' number probabilities; `lowest` is the board's lowest mine chance.
pub(super) fn cheap_scores(
    board: &Board,
    with_numbers: &Analysis,
    mines: u64,
    candidates: Vec<Pos>,
    lowest: f64,
    policy: &GuessPolicy,
) -> (Vec<Candidate>, Option<Guess>) {
    let mut scored: Vec<Candidate> = Vec::new();
    let mut best_dead: Option<Guess> = None;
    for pos in candidates {
        let Some(tile) = with_numbers.tile(pos) else {
            continue;
        };
        let Some(numbers) = &tile.numbers else {
            continue;
        };
        let shows: Vec<(u8, f64)> = numbers[..9]
            .iter()
            .enumerate()
            .map(|(v, r)| (v as u8, r.to_f64()))
            .filter(|&(_, p)| p > 0.0)
            .collect();
        let mine = tile.mine.to_f64();
        if shows.len() <= 1 {
            // Dead: whatever it shows was already known. Only if nothing better exists.
            if best_dead.is_none() {
                best_dead = Some(Guess {
                    pos,
                    mine,
                    kind: GuessKind::Scored { progress: 0.0 },
                });
            }
            continue;
        }
        let outcomes = rule_outcomes(board, mines, pos, &shows);
        let (survive_two, progress) = rules_score(&outcomes, lowest);
        let boost = match policy.trap_weight {
            0.0 => 1.0,
            weight => 1.0 + weight * trap_share(board, with_numbers, mines, pos),
        };
        let score = boost * survive_two + policy.progress_weight * progress;
        scored.push(Candidate {
            cheap: score,
            pos,
            mine,
            boost,
            outcomes,
        });
    }
    // Stable sort: equal scores keep row order.
    scored.sort_by(|a, b| b.cheap.total_cmp(&a.cheap));
    (scored, best_dead)
}

/// The guess of candidate `c` whose chance to free a tile (this click and the next) is `progress`.
pub(super) fn scored_guess(c: &Candidate, progress: f64) -> Guess {
    Guess {
        pos: c.pos,
        mine: c.mine,
        kind: GuessKind::Scored {
            progress: progress / (1.0 - c.mine).max(f64::MIN_POSITIVE),
        },
    }
}

/// The best of the `scored` candidates (best cheap score first) and its score: the leaders by
/// the exact look-ahead, or the cheap score alone when the policy has no look-ahead.
pub(super) fn pick(
    board: &Board,
    mines: u64,
    scored: &[Candidate],
    lowest: f64,
    policy: &GuessPolicy,
) -> Option<(f64, Guess)> {
    let look = policy.look_ahead.min(scored.len());
    let mut best: Option<(f64, Guess)> = None;
    for (i, c) in scored.iter().enumerate() {
        let (score, progress) = if i < look {
            let bar = best.as_ref().map_or(f64::NEG_INFINITY, |(s, _)| *s);
            let weight = policy.progress_weight;
            let Some((survive_two, progress)) =
                look_ahead_score(board, mines, c, lowest, policy, bar)
            else {
                continue;
            };
            (c.boost * survive_two + weight * progress, progress)
        } else if look == 0 {
            (c.cheap, 0.0)
        } else {
            break;
        };
        if best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((score, scored_guess(c, progress)));
        }
    }
    best
}

/// A live guess candidate with its cheap score.
pub(super) struct Candidate {
    pub(super) cheap: f64,
    pub(super) pos: Pos,
    pub(super) mine: f64,
    /// What its chance to survive two clicks is multiplied by: 1 + the policy's trap weight ×
    /// its trap share.
    pub(super) boost: f64,
    /// What it may show, positive probabilities only.
    pub(super) outcomes: Vec<Outcome>,
}

/// One number a candidate may show, how likely, and whether the rules then free a tile.
#[derive(Clone, Copy)]
pub(super) struct Outcome {
    pub(super) value: u8,
    pub(super) p: f64,
    pub(super) frees: bool,
}

/// The outcomes `shows` (number, probability) of opening `pos`, each checked for progress by the
/// rules near it. A zero opens its neighbours: progress by itself.
fn rule_outcomes(board: &Board, mines: u64, pos: Pos, shows: &[(u8, f64)]) -> Vec<Outcome> {
    shows
        .iter()
        .map(|&(value, p)| {
            let frees = value == 0 || {
                let mut after = board.clone();
                after.set(pos, Cell::Number(value));
                // Nothing was certain before, so a new certainty starts from this number: the
                // numbers two overlaps away (4 tiles) are all the rules can combine with it first.
                deduce_until_safe(&after, Some(mines), Depth::Triple, Some((pos, 4))).has_safe()
            };
            Outcome { value, p, frees }
        })
        .collect()
}

/// Outcomes less likely than this are not counted exactly in the look-ahead (they count the
/// safest chance now): at most this much of a score rests on them.
pub(super) const LOOK_AHEAD_MIN_CHANCE: f64 = 0.01;

/// What one outcome is worth: the chance to survive the click after it, and whether it frees a
/// tile.
#[derive(Clone, Copy)]
struct Worth {
    next_safe: f64,
    frees: bool,
}

impl Worth {
    /// An outcome the rules settle: a tile is freed.
    const FREES: Worth = Worth {
        next_safe: 1.0,
        frees: true,
    };

    /// Its share of a score with survival multiplied by `boost` and progress weighted by
    /// `weight`.
    fn score(self, p: f64, boost: f64, weight: f64) -> f64 {
        p * (boost * self.next_safe + if self.frees { weight } else { 0.0 })
    }
}

/// The cheap score's worth of an outcome: freed by the rules, or stuck with the safest chance now.
fn rules_worth(o: &Outcome, lowest_now: f64) -> Worth {
    if o.frees {
        Worth::FREES
    } else {
        Worth {
            next_safe: 1.0 - lowest_now,
            frees: false,
        }
    }
}

/// The chance to survive a candidate and the next click, and the chance it is safe and frees a
/// tile, from the worth of each of its outcomes (summed in outcome order, so that every way of
/// scoring adds alike).
fn sum_worth(outcomes: &[Outcome], worth: impl Iterator<Item = Worth>) -> (f64, f64) {
    let mut survive_two = 0.0;
    let mut progress = 0.0;
    for (o, w) in outcomes.iter().zip(worth) {
        survive_two += o.p * w.next_safe;
        if w.frees {
            progress += o.p;
        }
    }
    (survive_two, progress)
}

/// For a candidate with its `outcomes`, by the rules only: [`sum_worth`] with every stuck outcome
/// worth the safest chance now (`lowest_now`).
fn rules_score(outcomes: &[Outcome], lowest_now: f64) -> (f64, f64) {
    sum_worth(
        outcomes,
        outcomes.iter().map(|o| rules_worth(o, lowest_now)),
    )
}

/// For a candidate at `pos` with its `outcomes`, with the exact look-ahead: [`sum_worth`] with
/// every stuck outcome (at least [`LOOK_AHEAD_MIN_CHANCE`] likely) worth the safest chance on the
/// board it leaves, or progress when that board has a safe tile.
///
/// `None` when the score, with progress weighted by `weight`, is below `bar` (the best so far),
/// found out as soon as it is sure: likelier outcomes are counted first and each one not yet
/// counted is bounded by a freed tile, so most losing candidates stop before their last counts.
/// A candidate at or above the bar is scored exactly as without it.
pub(super) fn look_ahead_score(
    board: &Board,
    mines: u64,
    candidate: &Candidate,
    lowest_now: f64,
    policy: &GuessPolicy,
    bar: f64,
) -> Option<(f64, f64)> {
    let weight = policy.progress_weight;
    let Candidate {
        pos,
        boost,
        ref outcomes,
        ..
    } = *candidate;
    let counts_exactly = |o: &Outcome| !o.frees && o.p >= LOOK_AHEAD_MIN_CHANCE;
    let mut worth: Vec<Option<Worth>> = outcomes
        .iter()
        .map(|o| (!counts_exactly(o)).then(|| rules_worth(o, lowest_now)))
        .collect();
    // The most any outcome still to count can add: a tile it frees.
    let ceiling = |p: f64| Worth::FREES.score(p, boost, weight.max(0.0));
    let mut bound: f64 = outcomes
        .iter()
        .zip(&worth)
        .map(|(o, w)| w.map_or_else(|| ceiling(o.p), |w| w.score(o.p, boost, weight)))
        .sum();
    let mut order: Vec<usize> = (0..outcomes.len())
        .filter(|&i| worth[i].is_none())
        .collect();
    order.sort_by(|&a, &b| outcomes[b].p.total_cmp(&outcomes[a].p));
    // The margin keeps rounding in the bound from dropping a candidate that ties.
    let below_bar = |bound: f64| bound < bar - 1e-9;
    let mut opened = OpenedTile::new(board, mines, pos);
    for i in order {
        if below_bar(bound) {
            return None;
        }
        let o = &outcomes[i];
        let w = match opened.safety(o.value) {
            Some(s) if s.any_safe => Worth::FREES,
            // Only certain mines left covered: the game is won.
            Some(s) => Worth {
                next_safe: s.lowest.map_or(1.0, |lowest| {
                    let second = s.second.unwrap_or(lowest);
                    1.0 - lowest - policy.second_weight * (second - lowest)
                }),
                frees: false,
            },
            None => Worth {
                next_safe: 0.0,
                frees: false,
            },
        };
        bound += w.score(o.p, boost, weight) - ceiling(o.p);
        worth[i] = Some(w);
    }
    // Every outcome is counted: the bound is the score.
    if below_bar(bound) {
        return None;
    }
    Some(sum_worth(outcomes, worth.into_iter().flatten()))
}

/// The tiles worth scoring: within the margin of the lowest mine chance, frontier tiles all, and
/// of the tiles touching no number one per kind of neighbourhood (they are alike otherwise).
/// Pass an analysis that already has their number probabilities to [`best_guess`] to save it a
/// second count (see [`crate::solver::analyze_then_numbers`]).
pub fn guess_candidates(board: &Board, analysis: &Analysis, policy: &GuessPolicy) -> Vec<Pos> {
    let Some(lowest) = analysis.safest_guess().map(|t| t.mine.to_f64()) else {
        return Vec::new();
    };
    let window = lowest + policy.margin;
    // A tile a would-be 50/50 may trap can outscore the safest one from further out: its
    // chance to survive, (1 - p)(1 + weight × share), with a share of at most p / (1 - p),
    // reaches 1 - lowest only for p up to lowest / (1 - weight).
    let trap_reach = match policy.trap_weight {
        w if w > 0.0 && w < 1.0 => (lowest / (1.0 - w)).min(lowest + TRAP_REACH_MAX),
        w if w >= 1.0 => lowest + TRAP_REACH_MAX,
        _ => window,
    };
    let mut near: Vec<(f64, Pos)> = analysis
        .tiles
        .iter()
        .map(|t| (t.mine.to_f64(), t.pos))
        .filter(|&(p, _)| p < 1.0 && p <= window.max(trap_reach))
        .collect();
    // Among tiles touching no number that are alike, the one nearest the open tiles stands for
    // its kind: an opening there is likelier to join the open area.
    let distance = distance_to_open(board);
    let far = |pos: Pos| distance[board.index(pos)];
    near.sort_by(|a, b| {
        a.0.total_cmp(&b.0)
            .then(far(a.1).cmp(&far(b.1)))
            .then(a.1.cmp(&b.1))
    });
    let mut seen_kinds = Vec::new();
    let mut chosen = Vec::new();
    let mut in_window = 0;
    let mut trapped = 0;
    let mut outside_each = 0;
    for (p, pos) in near {
        let beyond = p > window;
        if beyond && (trapped == TRAP_EXTRA || !could_trap(board, analysis, pos)) {
            continue;
        }
        let outside = !board.touches_number(pos);
        let kind = outside.then(|| outside_kind(board, pos));
        // A tile beside the frontier, scored for itself: it does not take a place in the window.
        if !beyond && kind.is_some_and(|k| k.2 > 0) && outside_each < policy.outside_each {
            outside_each += 1;
            chosen.push(pos);
            continue;
        }
        if !beyond && in_window == policy.max_candidates {
            continue;
        }
        if let Some(kind) = kind {
            if seen_kinds.contains(&kind) {
                continue;
            }
            seen_kinds.push(kind);
        }
        chosen.push(pos);
        if beyond {
            trapped += 1;
        } else {
            in_window += 1;
        }
    }
    chosen
}

/// Beyond the window, at most this many tiles a would-be 50/50 may trap are scored.
const TRAP_EXTRA: usize = 6;
/// And none more than this above the lowest mine chance.
const TRAP_REACH_MAX: f64 = 0.2;

/// For every tile, how many king steps it lies from the nearest open tile (`u16::MAX` when
/// nothing is open): a breadth-first sweep from every open tile at once.
fn distance_to_open(board: &Board) -> Vec<u16> {
    let mut distance = vec![u16::MAX; board.rows() * board.cols()];
    let mut queue = std::collections::VecDeque::new();
    for pos in board.positions() {
        if matches!(board.get(pos), Cell::Number(_)) {
            distance[board.index(pos)] = 0;
            queue.push_back(pos);
        }
    }
    while let Some(pos) = queue.pop_front() {
        let next = distance[board.index(pos)] + 1;
        for n in board.neighbors(pos) {
            let i = board.index(n);
            if distance[i] == u16::MAX {
                distance[i] = next;
                queue.push_back(n);
            }
        }
    }
    distance
}

/// What tells two tiles touching no number apart: how many covered and known-mine neighbours
/// they have, and how many of the covered ones touch a number.
fn outside_kind(board: &Board, pos: Pos) -> (usize, usize, usize) {
    let mut covered = 0;
    let mut mines = 0;
    let mut frontier = 0;
    for n in board.neighbors(pos) {
        let cell = board.get(n);
        if cell.is_unrevealed() {
            covered += 1;
            if board.touches_number(n) {
                frontier += 1;
            }
        } else if cell.is_known_mine() {
            mines += 1;
        }
    }
    (covered, mines, frontier)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;

    fn guess(text: &str, mines: Option<u64>) -> Option<Guess> {
        let board = parse_board(text).unwrap();
        let options = SolveOptions {
            mines,
            ..SolveOptions::default()
        };
        let analysis = analyze(&board, &options).unwrap();
        best_guess(&board, &analysis, mines, &GuessPolicy::default())
    }

    #[test]
    fn no_guess_while_a_tile_is_safe() {
        assert_eq!(guess("F1.\n11x\n", None), None);
    }

    #[test]
    fn forced_fifty_fifty_is_recognised() {
        // The two covered tiles see only each other; the 1s say one mine is between them, and a
        // third covered tile far away keeps the board from being an endgame of two tiles.
        let text = "..xxx\n11xxx\nxxx1.\nxxx1.\n";
        let board = parse_board(text).unwrap();
        let options = SolveOptions {
            mines: Some(2),
            ..SolveOptions::default()
        };
        let analysis = analyze(&board, &options).unwrap();
        let policy = GuessPolicy {
            endgame_layouts: 0,
            ..GuessPolicy::default()
        };
        let g = best_guess(&board, &analysis, Some(2), &policy).unwrap();
        assert_eq!(g.kind, GuessKind::ForcedFiftyFifty);
        assert_eq!(g.pos.row, 0);
        // With the endgame search on, it is the exact answer instead: a quarter to win.
        let g = best_guess(&board, &analysis, Some(2), &GuessPolicy::default()).unwrap();
        match g.kind {
            GuessKind::Endgame { win } => assert!((win - 0.25).abs() < 1e-12),
            other => panic!("expected the endgame search, got {other:?}"),
        }
    }

    /// The look-ahead's bar only ever drops a candidate that scores below it, and a candidate it
    /// keeps scores exactly as without it.
    #[test]
    fn look_ahead_bar_drops_only_losers() {
        let boards = [
            ("1.......\n........\n........\n........\n", 9),
            ("1.1.....\n........\n........\n........\n", 8),
            ("........\n.2......\n........\n......1.\n", 7),
        ];
        let weight = GuessPolicy::default().progress_weight;
        // Boards without a certain tile, as when a guess is scored.
        for (text, mines) in boards {
            let board = parse_board(text).unwrap();
            let options = SolveOptions {
                mines: Some(mines),
                numbers: true,
                ..SolveOptions::default()
            };
            let analysis = analyze(&board, &options).unwrap();
            let lowest = analysis.safest_guess().unwrap().mine.to_f64();
            for tile in &analysis.tiles {
                let shows: Vec<(u8, f64)> = tile.numbers.as_ref().unwrap()[..9]
                    .iter()
                    .enumerate()
                    .map(|(v, r)| (v as u8, r.to_f64()))
                    .filter(|&(_, p)| p > 0.0)
                    .collect();
                let candidate = Candidate {
                    cheap: 0.0,
                    pos: tile.pos,
                    mine: tile.mine.to_f64(),
                    boost: 1.0,
                    outcomes: rule_outcomes(&board, mines, tile.pos, &shows),
                };
                let policy = GuessPolicy::default();
                let score_with =
                    |bar| look_ahead_score(&board, mines, &candidate, lowest, &policy, bar);
                let exact = score_with(f64::NEG_INFINITY).unwrap();
                let score = exact.0 + weight * exact.1;
                for bar in [score - 0.05, score] {
                    assert_eq!(score_with(bar), Some(exact), "{text} {:?}", tile.pos);
                }
                for bar in [score + 0.001, score + 0.05, 2.0] {
                    assert_eq!(score_with(bar), None, "{text} {:?}", tile.pos);
                }
            }
        }
    }

    #[test]
    fn local_mode_takes_the_safest_tile() {
        let g = guess("...\n.1.\n...\n", None).unwrap();
        assert_eq!(g.kind, GuessKind::Safest);
    }

    #[test]
    fn distance_counts_king_steps_from_the_open_tiles() {
        let board = parse_board("1...\n....\n...2\n").unwrap();
        let d = distance_to_open(&board);
        let at = |row, col| d[board.index(Pos::new(row, col))];
        assert_eq!((at(0, 0), at(2, 3)), (0, 0));
        assert_eq!((at(1, 1), at(0, 2), at(2, 0), at(1, 2)), (1, 2, 2, 1));
        let none = distance_to_open(&parse_board("..\n..\n").unwrap());
        assert!(none.iter().all(|&x| x == u16::MAX));
    }

    #[test]
    fn of_alike_tiles_off_the_frontier_the_nearest_stands_for_them() {
        // After a corner 1 on Expert, the three far corners are alike; the bottom-left one is
        // nearest the open corner (15 steps, against 29 for the top-right).
        let mut text = String::from("1");
        text.push_str(&".".repeat(29));
        text.push('\n');
        for _ in 1..16 {
            text.push_str(&".".repeat(30));
            text.push('\n');
        }
        let g = guess(&text, Some(99)).unwrap();
        assert_eq!(g.pos, Pos::new(15, 0));
    }

    /// Off the frontier, the tiles of one kind of neighbourhood are one candidate, unless the
    /// policy scores the tiles beside the frontier one by one: (0, 2) and (2, 0) both see two
    /// of the 1's three covered tiles and three others.
    #[test]
    fn tiles_beside_the_frontier_one_by_one() {
        let board = parse_board("1.......\n........\n........\n........\n........\n").unwrap();
        let options = SolveOptions {
            mines: Some(8),
            ..SolveOptions::default()
        };
        let analysis = analyze(&board, &options).unwrap();
        let alike = [Pos::new(0, 2), Pos::new(2, 0)];
        let count = |policy: &GuessPolicy| {
            let chosen = guess_candidates(&board, &analysis, policy);
            alike.iter().filter(|p| chosen.contains(p)).count()
        };
        assert_eq!(count(&GuessPolicy::default()), 1);
        let each = GuessPolicy {
            outside_each: 4,
            ..GuessPolicy::default()
        };
        assert_eq!(count(&each), 2);
        // The frontier's own tiles are likelier mines (1 in 3): outside the window either way.
        assert!(!guess_candidates(&board, &analysis, &each).contains(&Pos::new(1, 1)));
    }

    /// The deep policy guesses within its wider window, and on some position another tile
    /// than the fast one; whole games with it call no mine safe.
    #[test]
    fn deep_policy_guesses_within_its_window() {
        let (fast, deep) = (GuessPolicy::fast(), GuessPolicy::deep());
        let mut differ = 0;
        let pairs = crate::advice::testing::guesses_side_by_side(16, 30, 99, 25, &fast, &deep);
        for (_, analysis, f, d) in &pairs {
            // The endgame search may pick any tile; a scored guess stays within the window.
            let lowest = analysis.safest_guess().unwrap().mine.to_f64();
            if matches!(d.kind, GuessKind::Scored { .. }) {
                assert!(d.mine <= lowest + deep.margin + 1e-12, "{d:?}");
            }
            differ += usize::from(f.pos != d.pos);
        }
        assert!(differ > 0, "the deep policy always guessed as the fast one");
        for seed in 0..30 {
            use rand::SeedableRng;
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut game =
                crate::advice::Game::new(16, 16, 40, crate::advice::FirstClick::Safe).unwrap();
            let r = crate::advice::play(&mut game, Pos::new(0, 0), &deep, &mut rng);
            assert_eq!(r.false_safe, 0);
        }
    }
}
