//! The three-click score: a policy's leading guess candidates scored one click further (a
//! tuning option, off in both policies: see [`GuessPolicy::three_clicks`]).
//!
//! The fast score of a candidate is the chance to survive it and the next click, where an outcome
//! that frees a tile counts as survived: every outcome that frees nothing is worth the safest
//! chance on the board it leaves. Here such an outcome is worth what the fast policy would score
//! on that board instead: the chance to survive its best guess and the click after, plus the
//! weighted chance of progress. So two candidates that leave equally safe boards are told apart
//! by how much each of those boards can still give.
//!
//! Each outcome costs one exact count and one fast guess on the board it leaves, so only the
//! few leaders close to the best are scored this way.

use super::guess::{
    cheap_scores, guess_candidates, look_ahead_score, scored_guess, Candidate, Guess, GuessPolicy,
    ThreeClicks, LOOK_AHEAD_MIN_CHANCE,
};
use crate::board::{Board, Cell};
use crate::solver::{analyze_then_numbers, SolveOptions};

/// The three-click pick among `scored` (best cheap score first) on `board`, whose lowest mine chance is
/// `lowest`; `None` when no candidate has a look-ahead score (the caller falls back on the fast
/// pick).
pub(super) fn pick(
    board: &Board,
    mines: u64,
    scored: &[Candidate],
    lowest: f64,
    policy: &GuessPolicy,
) -> Option<Guess> {
    let weight = policy.progress_weight;
    let look = policy.look_ahead.min(scored.len()).max(1);
    // Every leader by the look-ahead, without the bar: the deeper pass needs their scores.
    let mut leaders: Vec<(f64, f64, &Candidate)> = scored
        .iter()
        .take(look)
        .filter_map(|c| {
            let (survive_two, progress) =
                look_ahead_score(board, mines, c, lowest, policy, f64::NEG_INFINITY)?;
            Some((c.boost * survive_two + weight * progress, progress, c))
        })
        .collect();
    // Stable: ties keep the cheap order.
    leaders.sort_by(|a, b| b.0.total_cmp(&a.0));
    let top = leaders.first()?.0;
    leaders.retain(|l| l.0 >= top - policy.three_clicks.margin);
    leaders.truncate(policy.three_clicks.leaders);
    if leaders.len() == 1 {
        let (_, progress, c) = leaders[0];
        return Some(scored_guess(c, progress));
    }
    let fast = GuessPolicy {
        three_clicks: ThreeClicks::OFF,
        ..policy.clone()
    };
    let mut best: Option<(f64, Guess)> = None;
    for (_, progress, c) in leaders {
        let score = three_clicks_score(board, mines, c, lowest, &fast);
        if best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((score, scored_guess(c, progress)));
        }
    }
    best.map(|(_, g)| g)
}

/// Candidate `c`'s three-click score: every outcome that frees a tile by the rules is worth a freed
/// tile, and every other (at least [`LOOK_AHEAD_MIN_CHANCE`] likely) the fast score of the board it
/// leaves ([`board_worth`]). `lowest` is the lowest mine chance on `board`.
fn three_clicks_score(
    board: &Board,
    mines: u64,
    c: &Candidate,
    lowest: f64,
    fast: &GuessPolicy,
) -> f64 {
    let freed = 1.0 + fast.progress_weight;
    c.outcomes
        .iter()
        .map(|o| {
            if o.frees {
                return o.p * freed;
            }
            if o.p < LOOK_AHEAD_MIN_CHANCE {
                // Not worth a count, as in the look-ahead: the safest chance now stands in.
                return o.p * (1.0 - lowest);
            }
            let mut after = board.clone();
            after.set(c.pos, Cell::Number(o.value));
            o.p * board_worth(&after, mines, fast)
        })
        .sum()
}

/// What a board is worth to the fast policy: a freed tile when some tile is certainly safe (or
/// none is left to open), else the fast score of its best guess (its safest chance when every
/// candidate is dead), 0 when no layout fits.
fn board_worth(board: &Board, mines: u64, fast: &GuessPolicy) -> f64 {
    let freed = 1.0 + fast.progress_weight;
    let options = SolveOptions {
        mines: Some(mines),
        ..SolveOptions::default()
    };
    // The candidates get their number probabilities in the same count.
    let mut candidates = Vec::new();
    let counted = analyze_then_numbers(board, &options, |a| {
        if a.safe.is_empty() {
            candidates = guess_candidates(board, a, fast);
        }
        candidates.clone()
    });
    let Ok(analysis) = counted else {
        return 0.0;
    };
    if !analysis.safe.is_empty() {
        return freed;
    }
    let Some(lowest) = analysis.safest_guess().map(|t| t.mine.to_f64()) else {
        return freed;
    };
    let (scored, _) = cheap_scores(board, &analysis, mines, candidates, lowest, fast);
    super::guess::pick(board, mines, &scored, lowest, fast).map_or(1.0 - lowest, |(s, _)| s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::advice::testing::guesses_side_by_side;
    use crate::advice::{play, FirstClick, Game};
    use crate::board::Pos;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn with_three_clicks() -> GuessPolicy {
        GuessPolicy {
            three_clicks: ThreeClicks {
                leaders: 4,
                margin: 0.05,
            },
            ..GuessPolicy::fast()
        }
    }

    /// On the same positions, the three-click pick is one of the candidates, and on some
    /// position it is not the look-ahead's.
    #[test]
    fn three_clicks_pick_among_the_candidates() {
        let fast = GuessPolicy::fast();
        let pairs = guesses_side_by_side(16, 16, 40, 60, &fast, &with_three_clicks());
        let mut differ = 0;
        for (board, analysis, f, t) in &pairs {
            if f.pos != t.pos {
                differ += 1;
                let candidates = guess_candidates(board, analysis, &fast);
                assert!(
                    candidates.contains(&t.pos),
                    "{:?} on\n{}",
                    t.pos,
                    board.to_text()
                );
            }
        }
        let guesses = pairs.len();
        assert!(guesses > 10, "{guesses} guess positions");
        assert!(differ > 0, "the three-click score never chose differently");
    }

    #[test]
    fn three_clicks_play_whole_games_without_false_safes() {
        let mut wins = 0;
        for seed in 0..40 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = Game::new(9, 9, 10, FirstClick::Safe).unwrap();
            let r = play(&mut game, Pos::new(0, 0), &with_three_clicks(), &mut rng);
            assert_eq!(r.false_safe, 0);
            wins += u32::from(r.won);
        }
        assert!(wins >= 28, "{wins} wins in 40 Beginner games");
    }
}
