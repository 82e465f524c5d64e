//! `minehint bench`: plays many seeded games with the advice and reports the win rate with its
//! 95% interval and the games played per second (rayon threads, an indicatif progress bar).

use super::first_click::FirstClickArg;
use super::UsageError;
use anyhow::Context;
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use minehint::advice::{FirstClick, GameResult, GuessPolicy, Loss, Series};
use minehint::board::Pos;
use rayon::prelude::*;
use serde::Serialize;
use std::io::Write;
use std::time::Instant;

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// beginner (9x9, 10), intermediate (16x16, 40), expert (30x16, 99) or WIDTHxHEIGHTxMINES.
    #[arg(long, default_value = "expert")]
    pub board: String,
    /// What the first click guarantees: safe (never a mine), zero (it and its neighbours), or
    /// any (no guarantee).
    #[arg(long, value_enum, default_value_t = FirstClickArg::Safe)]
    pub first_click: FirstClickArg,
    /// Where the first click goes: corner (row 0, col 0) or ROW,COL.
    #[arg(long, default_value = "corner")]
    pub start: String,
    /// Games to play.
    #[arg(long, default_value_t = 10_000)]
    pub games: u64,
    /// Seed of the boards: the same seed gives the same boards on every machine.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print the result as JSON on stdout.
    #[arg(long)]
    pub json: bool,
    /// The guess policy: fast, or deep (a wider window of guess candidates and a longer endgame
    /// search; a game takes about twice as long).
    #[arg(long, value_enum, default_value_t = PolicyArg::Fast)]
    pub policy: PolicyArg,
    /// Tuning: score at most this many leading candidates three clicks deep (0: none).
    #[arg(long, hide = true)]
    pub three_click_leaders: Option<usize>,
    /// Tuning: score three clicks deep the candidates within this of the best look-ahead score.
    #[arg(long, hide = true)]
    pub three_click_margin: Option<f64>,
    /// Tuning: weight of a candidate's share of would-be 50/50s in its score (0: off).
    #[arg(long, hide = true)]
    pub trap_weight: Option<f64>,
    /// Tuning: share of the second safest tile in the look-ahead's next-click safety (0: off).
    #[arg(long, hide = true)]
    pub second_weight: Option<f64>,
    /// Tuning: guess candidates lie within this of the lowest mine chance.
    #[arg(long, hide = true)]
    pub margin: Option<f64>,
    /// Tuning: at most this many guess candidates are scored.
    #[arg(long, hide = true)]
    pub candidates: Option<usize>,
    /// Tuning: weight of the chance of progress in a guess's score.
    #[arg(long, hide = true)]
    pub progress_weight: Option<f64>,
    /// Tuning: score this many leading guess candidates again with the exact look-ahead (0: none).
    #[arg(long, hide = true)]
    pub look_ahead: Option<usize>,
    /// Tuning: search the endgame exactly at or below this many layouts (0: never).
    #[arg(long, hide = true)]
    pub endgame_layouts: Option<usize>,
    /// Tuning: work budget of one endgame search (layout visits).
    #[arg(long, hide = true)]
    pub endgame_budget: Option<usize>,
    /// Tuning: score at most this many tiles beside the frontier one by one, not by kind (0: none).
    #[arg(long, hide = true)]
    pub outside_each: Option<usize>,
    /// Tuning: write one character per game, in game order, to this file: 1 won, 0 lost. Two
    /// policies on the same seed then compare game by game (a paired test). Also written by a
    /// `--dump-guesses` run.
    #[arg(long, hide = true)]
    pub outcomes: Option<std::path::PathBuf>,
    /// Study: write the mine layout of every game of the series to this file and play none: one
    /// game a line, `WIDTHxHEIGHTxMINES ROW,COL INDEX...` (the first click, then each mine as
    /// row * WIDTH + col). Another player given them plays the same games
    /// (`scripts/anchor_paired.sh`).
    #[arg(long, hide = true)]
    pub layouts: Option<std::path::PathBuf>,
    /// Study: write every position where the advice guesses, with its layout, to this file in
    /// D. N. Hill's board format (`scripts/anchor_positions.sh` feeds them to the anchor).
    #[arg(long, hide = true)]
    pub dump_guesses: Option<std::path::PathBuf>,
    /// Study: replay the games this file names (`GAME GUESS ROW COL` a line: that guess opens
    /// ROW,COL instead) and print whether each was won.
    #[arg(long, hide = true)]
    pub replay: Option<std::path::PathBuf>,
}

impl BenchArgs {
    /// The chosen guess policy (`--policy`) with the tuning options applied.
    fn policy(&self) -> GuessPolicy {
        let mut policy = match self.policy {
            PolicyArg::Fast => GuessPolicy::fast(),
            PolicyArg::Deep => GuessPolicy::deep(),
        };
        if let Some(n) = self.three_click_leaders {
            policy.three_clicks.leaders = n;
        }
        if let Some(m) = self.three_click_margin {
            policy.three_clicks.margin = m;
        }
        if let Some(w) = self.trap_weight {
            policy.trap_weight = w;
        }
        if let Some(w) = self.second_weight {
            policy.second_weight = w;
        }
        if let Some(m) = self.margin {
            policy.margin = m;
        }
        if let Some(c) = self.candidates {
            policy.max_candidates = c.max(1);
        }
        if let Some(w) = self.progress_weight {
            policy.progress_weight = w;
        }
        if let Some(n) = self.look_ahead {
            policy.look_ahead = n;
        }
        if let Some(e) = self.endgame_layouts {
            policy.endgame_layouts = e;
        }
        if let Some(b) = self.endgame_budget {
            policy.endgame_budget = b;
        }
        if let Some(n) = self.outside_each {
            policy.outside_each = n;
        }
        policy
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PolicyArg {
    Fast,
    Deep,
}

impl PolicyArg {
    fn as_str(self) -> &'static str {
        match self {
            PolicyArg::Fast => "fast",
            PolicyArg::Deep => "deep",
        }
    }
}

/// The `bench --json` object of shared/DESIGN.md, plus the advice check.
#[derive(Serialize)]
struct BenchJson {
    board: String,
    /// The guess policy: "fast" or "deep".
    policy: &'static str,
    first_click: &'static str,
    start: [usize; 2],
    games: u64,
    wins: u64,
    win_rate: f64,
    ci95: f64,
    games_per_second: f64,
    seed: u64,
    threads: usize,
    /// Tiles called certainly safe that held a mine (a bug if ever above 0).
    false_safe: u64,
    guesses_per_game: f64,
    /// Lost games by what chose the click that lost them.
    lost_on: LostOn,
    /// Lost games that ended on their first guess, whatever chose it.
    lost_on_first_guess: u64,
}

/// Lost games by what chose their losing click (see [`Loss`]).
#[derive(Clone, Copy, Debug, Default, Serialize)]
struct LostOn {
    guess: u64,
    endgame: u64,
    fifty_fifty: u64,
    certain_move: u64,
}

impl LostOn {
    fn of(loss: Option<Loss>) -> LostOn {
        let mut n = LostOn::default();
        match loss {
            Some(Loss::Guess) => n.guess = 1,
            Some(Loss::Endgame) => n.endgame = 1,
            Some(Loss::FiftyFifty) => n.fifty_fifty = 1,
            Some(Loss::CertainMove) => n.certain_move = 1,
            None => {}
        }
        n
    }

    fn add(a: LostOn, b: LostOn) -> LostOn {
        LostOn {
            guess: a.guess + b.guess,
            endgame: a.endgame + b.endgame,
            fifty_fifty: a.fifty_fifty + b.fifty_fifty,
            certain_move: a.certain_move + b.certain_move,
        }
    }
}

pub fn run(args: &BenchArgs) -> anyhow::Result<()> {
    let (cols, rows, mines) = parse_size(&args.board)?;
    let start = parse_start(&args.start)?;
    let first_click = FirstClick::from(args.first_click);
    let series = Series {
        rows,
        cols,
        mines,
        first_click,
        start,
        seed: args.seed,
    };
    // Set-up errors (too many mines, a start off the board) show before any thread starts.
    let policy = args.policy();
    series.new_game()?;
    if args.games == 0 {
        return Err(UsageError("--games must be at least 1".into()).into());
    }

    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .context("cannot start the worker threads")?;
    if let Some(path) = &args.layouts {
        return super::bench_study::write_layouts(&series, args.games, path);
    }
    if let Some(path) = &args.dump_guesses {
        return pool.install(|| {
            super::bench_study::dump_guesses(
                &series,
                &policy,
                args.games,
                path,
                args.outcomes.as_deref(),
            )
        });
    }
    if let Some(path) = &args.replay {
        return pool.install(|| super::bench_study::replay(&series, &policy, path));
    }
    let bar = ProgressBar::new(args.games).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, eta {eta}")
            .expect("the template is valid"),
    );
    let began = Instant::now();
    let results: Vec<GameResult> = pool.install(|| {
        (0..args.games)
            .into_par_iter()
            .map(|i| {
                let r = series.play(i, &policy).expect("checked on game 0");
                bar.inc(1);
                r
            })
            .collect()
    });
    let seconds = began.elapsed().as_secs_f64();
    bar.finish_and_clear();
    let total = results
        .iter()
        .map(Totals::of)
        .fold(Totals::default(), Totals::add);
    if let Some(path) = &args.outcomes {
        super::bench_study::write_outcomes(path, results.iter().map(|r| r.won))?;
    }

    let games = args.games;
    let win_rate = total.wins as f64 / games as f64;
    let ci95 = 1.96 * (win_rate * (1.0 - win_rate) / games as f64).sqrt();
    let result = BenchJson {
        board: format!("{cols}x{rows}x{mines}"),
        policy: args.policy.as_str(),
        first_click: first_click.as_str(),
        start: [start.row, start.col],
        games,
        wins: total.wins,
        win_rate,
        ci95,
        games_per_second: games as f64 / seconds.max(1e-9),
        seed: args.seed,
        threads,
        false_safe: total.false_safe,
        guesses_per_game: total.guesses as f64 / games as f64,
        lost_on: total.lost_on,
        lost_on_first_guess: total.lost_on_first_guess,
    };
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&result)?)?;
    } else {
        writeln!(
            out,
            "{} ({} first click at {},{}), {} policy, seed {}: {} of {} games won = {:.2}% ± {:.2}%\n\
             {:.1} games/s on {} thread(s); {:.2} guesses a game; tiles called safe that were mines: {}",
            result.board,
            result.first_click,
            start.row,
            start.col,
            result.policy,
            args.seed,
            result.wins,
            games,
            win_rate * 100.0,
            ci95 * 100.0,
            result.games_per_second,
            threads,
            result.guesses_per_game,
            result.false_safe
        )?;
        let lost = result.lost_on;
        let bug = if lost.certain_move > 0 {
            format!(", {} on a tile called safe", lost.certain_move)
        } else {
            String::new()
        };
        writeln!(
            out,
            "lost games: {} on a guess by score, {} on the endgame search's pick, {} on a forced \
             50/50{bug}; {} on their first guess",
            lost.guess, lost.endgame, lost.fifty_fifty, result.lost_on_first_guess
        )?;
    }
    Ok(())
}

/// Sums over games.
#[derive(Clone, Copy, Debug, Default)]
struct Totals {
    wins: u64,
    false_safe: u64,
    guesses: u64,
    lost_on: LostOn,
    lost_on_first_guess: u64,
}

impl Totals {
    fn of(r: &GameResult) -> Totals {
        let on_a_guess = matches!(
            r.lost_on,
            Some(Loss::Guess | Loss::Endgame | Loss::FiftyFifty)
        );
        Totals {
            wins: u64::from(r.won),
            false_safe: u64::from(r.false_safe),
            guesses: u64::from(r.guesses),
            lost_on: LostOn::of(r.lost_on),
            // The losing guess is counted in `guesses`: the first one is number 1.
            lost_on_first_guess: u64::from(on_a_guess && r.guesses == 1),
        }
    }

    fn add(a: Totals, b: Totals) -> Totals {
        Totals {
            wins: a.wins + b.wins,
            false_safe: a.false_safe + b.false_safe,
            guesses: a.guesses + b.guesses,
            lost_on: LostOn::add(a.lost_on, b.lost_on),
            lost_on_first_guess: a.lost_on_first_guess + b.lost_on_first_guess,
        }
    }
}

/// `beginner`, `intermediate`, `expert` or `WxHxM` → (width, height, mines).
fn parse_size(text: &str) -> Result<(usize, usize, usize), UsageError> {
    match text.to_ascii_lowercase().as_str() {
        "beginner" => return Ok((9, 9, 10)),
        "intermediate" => return Ok((16, 16, 40)),
        "expert" => return Ok((30, 16, 99)),
        _ => {}
    }
    let parts: Vec<&str> = text.split(['x', 'X']).collect();
    let numbers: Option<Vec<usize>> = parts.iter().map(|p| p.trim().parse().ok()).collect();
    match numbers.as_deref() {
        Some(&[w, h, m]) => Ok((w, h, m)),
        _ => Err(UsageError(format!(
            "--board {text:?}: expected beginner, intermediate, expert or WIDTHxHEIGHTxMINES such as 30x16x99"
        ))),
    }
}

/// `corner` or `ROW,COL`.
fn parse_start(text: &str) -> Result<Pos, UsageError> {
    if text.eq_ignore_ascii_case("corner") {
        return Ok(Pos::new(0, 0));
    }
    let parts: Option<Vec<usize>> = text.split(',').map(|p| p.trim().parse().ok()).collect();
    match parts.as_deref() {
        Some(&[row, col]) => Ok(Pos::new(row, col)),
        _ => Err(UsageError(format!(
            "--start {text:?}: expected corner or ROW,COL such as 3,3"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_starts_parse() {
        assert_eq!(parse_size("expert").unwrap(), (30, 16, 99));
        assert_eq!(parse_size("30x16x99").unwrap(), (30, 16, 99));
        assert!(parse_size("30x16").is_err());
        assert_eq!(parse_start("3,3").unwrap(), Pos::new(3, 3));
        assert!(parse_start("3;3").is_err());
    }
}
