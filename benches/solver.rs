//! Solver benchmarks: full analyses of Expert mid-game positions (with and without number
//! probabilities), long frontiers of growing length (the cost must grow about linearly), the
//! throughput of `solve --stream`, and the time one guess takes with each policy.
//!
//! Besides criterion's figures, each group prints the median and 90th percentile per position.

mod positions;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use minehint::advice::{best_guess, GuessPolicy};
use minehint::board::Board;
use minehint::solver::{analyze, SolveOptions};
use std::hint::black_box;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const POSITIONS: usize = 60;
/// Guess positions timed per policy: enough for a 99th percentile. `GUESS_POSITIONS` in the
/// environment times more (or fewer), for a closer look at the slowest decisions.
const GUESS_POSITIONS: usize = 400;

fn guess_positions() -> usize {
    std::env::var("GUESS_POSITIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(GUESS_POSITIONS)
}

/// Median and 90th percentile of the best of `reps` runs of `f` on each board.
fn per_position(boards: &[Board], reps: usize, f: impl Fn(&Board)) -> (Duration, Duration) {
    let mut times: Vec<Duration> = boards
        .iter()
        .map(|b| {
            (0..reps)
                .map(|_| {
                    let start = Instant::now();
                    f(b);
                    start.elapsed()
                })
                .min()
                .expect("at least one repetition")
        })
        .collect();
    times.sort();
    (times[times.len() / 2], times[times.len() * 9 / 10])
}

fn expert(c: &mut Criterion) {
    let boards = positions::expert_midgame(POSITIONS);
    for (name, numbers) in [("analyze", false), ("analyze_numbers", true)] {
        let options = SolveOptions {
            mines: Some(99),
            numbers,
            histogram: false,
            ..SolveOptions::default()
        };
        let run = |b: &Board| {
            black_box(analyze(b, &options).expect("positions are consistent"));
        };
        let (median, p90) = per_position(&boards, 20, run);
        println!(
            "expert/{name}: median {median:?} per position, p90 {p90:?} ({POSITIONS} positions)"
        );
        let mut group = c.benchmark_group("expert");
        group.throughput(Throughput::Elements(boards.len() as u64));
        group.bench_function(name, |bench| bench.iter(|| boards.iter().for_each(run)));
        group.finish();
    }
}

fn long_frontiers(c: &mut Criterion) {
    let mut group = c.benchmark_group("frontier");
    group.sample_size(10);
    for mode in ["local", "global"] {
        let mut base = None;
        for length in [50, 80, 100, 200, 400, 800] {
            let (board, mines) = positions::long_frontier(length, 42);
            let options = SolveOptions {
                mines: (mode == "global").then_some(mines),
                ..SolveOptions::default()
            };
            let (median, _) = per_position(std::slice::from_ref(&board), 5, |b| {
                black_box(analyze(b, &options).expect("generated from a real layout"));
            });
            let ratio = base.map(|b: Duration| median.as_secs_f64() / b.as_secs_f64());
            if length == 80 {
                base = Some(median);
            }
            println!(
                "frontier/{mode}/{length}: {median:?}{}",
                ratio.map_or(String::new(), |r| format!(" ({r:.1}× the 80 case)"))
            );
            group.bench_with_input(BenchmarkId::new(mode, length), &board, |bench, b| {
                bench.iter(|| analyze(b, &options).expect("consistent"))
            });
        }
    }
    group.finish();
}

/// The release binary's `solve --stream` (or the binary `MINEHINT_BIN` names, to compare
/// another build), its input and output piped.
fn stream_process() -> std::process::Child {
    let binary =
        std::env::var_os("MINEHINT_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_minehint").into());
    Command::new(binary)
        .args(["solve", "--stream"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the minehint binary runs")
}

/// Positions per second through the release binary's `solve --stream`, one process (one core).
fn stream(_: &mut Criterion) {
    let boards = positions::expert_midgame(POSITIONS);
    let mut input = String::new();
    for _ in 0..20 {
        for b in &boards {
            let line = serde_json::json!({"board": b.to_text(), "mines": 99});
            input.push_str(&line.to_string());
            input.push('\n');
        }
    }
    if let Some(path) = std::env::var_os("MINEHINT_STREAM_INPUT") {
        // The same input for a profiler or an instruction count (valgrind) of one build.
        std::fs::write(&path, &input).expect("MINEHINT_STREAM_INPUT is writable");
        println!("stream: input written to {}", path.to_string_lossy());
    }
    let lines = boards.len() * 20;
    let start = Instant::now();
    let mut child = stream_process();
    let mut stdin = child.stdin.take().expect("piped stdin");
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().expect("stream finishes");
    writer
        .join()
        .expect("writer thread")
        .expect("input written");
    let elapsed = start.elapsed();
    let answered = output.stdout.iter().filter(|&&b| b == b'\n').count();
    assert_eq!(answered, lines, "one answer per line");
    println!(
        "stream: {lines} Expert positions in {elapsed:?}: {:.0} positions/s",
        lines as f64 / elapsed.as_secs_f64()
    );
    stream_round_trips(&boards);
}

/// Per position through `solve --stream`: each line is written and its answer read back before
/// the next is sent, so every time is one position's whole answer (JSON in, the analysis, the
/// deep advice, JSON out) plus a pipe's round trip; the best of 5 per position, then the median
/// and 90th percentile over the positions.
fn stream_round_trips(boards: &[Board]) {
    use std::io::BufRead;
    let mut child = stream_process();
    let mut stdin = child.stdin.take().expect("piped stdin");
    let mut stdout = std::io::BufReader::new(child.stdout.take().expect("piped stdout"));
    let mut answer = String::new();
    let mut times: Vec<Duration> = boards
        .iter()
        .map(|b| {
            let line = serde_json::json!({"board": b.to_text(), "mines": 99}).to_string() + "\n";
            (0..5)
                .map(|_| {
                    answer.clear();
                    let start = Instant::now();
                    stdin.write_all(line.as_bytes()).expect("line written");
                    stdin.flush().expect("line flushed");
                    stdout.read_line(&mut answer).expect("answer read");
                    start.elapsed()
                })
                .min()
                .expect("five runs")
        })
        .collect();
    drop(stdin);
    child.wait().expect("stream ends");
    times.sort();
    println!(
        "stream, one position at a time: median {:?}, 90th percentile {:?} over {} Expert positions",
        times[times.len() / 2],
        times[times.len() * 9 / 10],
        times.len()
    );
}

/// One decision where a guess is needed (the exact count, then the best guess), fast and deep
/// policies, on one core: median, 99th percentile and slowest over Expert guess positions.
fn guesses(c: &mut Criterion) {
    let boards = positions::expert_guesses(guess_positions());
    let options = SolveOptions {
        mines: Some(99),
        ..SolveOptions::default()
    };
    for (name, policy) in [("fast", GuessPolicy::fast()), ("deep", GuessPolicy::deep())] {
        let decide = |b: &Board| {
            let analysis = analyze(b, &options).expect("positions are consistent");
            black_box(best_guess(b, &analysis, Some(99), &policy));
        };
        let mut times: Vec<Duration> = boards
            .iter()
            .map(|b| {
                let start = Instant::now();
                decide(b);
                start.elapsed()
            })
            .collect();
        times.sort();
        let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
        println!(
            "guess/{name}: median {:?}, p99 {:?}, slowest {:?} per decision ({} positions)",
            at(0.5),
            at(0.99),
            at(1.0),
            boards.len()
        );
        let mut group = c.benchmark_group("guess");
        group.sample_size(10);
        group.throughput(Throughput::Elements(boards.len() as u64));
        group.bench_function(name, |bench| bench.iter(|| boards.iter().for_each(decide)));
        group.finish();
    }
}

criterion_group!(benches, expert, long_frontiers, stream, guesses);
criterion_main!(benches);
