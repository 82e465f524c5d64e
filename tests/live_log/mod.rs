//! Reading `live --log-json` in the tests that play real games by its advice: the lines so far,
//! a cell of a line's board, whether the game is over, the tile to click next, the figures
//! `live --stats` printed, and the time from a click after a rest to its line.

use super::programs::wait;
use serde_json::Value;
use std::path::Path;
use std::time::{Duration, Instant};

/// The `live` a benchmark times: this build's, or the binary `MINEHINT_BIN` names (a release
/// build, or another build to time beside this one).
#[allow(dead_code)] // The Wine tests time the Windows exe instead.
pub fn timed_binary() -> std::ffi::OsString {
    std::env::var_os("MINEHINT_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_minehint").into())
}

/// The log's complete lines so far.
pub fn log_lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter(|l| l.ends_with('}'))
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

/// The character of cell (row, col) in a line's board text.
pub fn cell(line: &Value, row: usize, col: usize) -> char {
    line["text"]
        .as_str()
        .and_then(|t| t.lines().nth(row))
        .and_then(|r| r.chars().nth(col))
        .unwrap_or('?')
}

/// Whether the board in `line` is over: a mine shows, or no tile is covered.
pub fn game_over(line: &Value) -> bool {
    let text = line["text"].as_str().unwrap_or_default();
    text.contains('*') || text.contains('!') || !text.contains('.')
}

/// The tile the advice says to click: the first safe tile to open, else the best guess; with
/// whether it is certain to be safe. `None` when the line offers neither.
pub fn advised(line: &Value) -> Option<(usize, usize, bool)> {
    let open = line["moves"]
        .as_array()
        .and_then(|m| m.iter().find(|m| m["action"] == "open"));
    let (target, safe) = match open {
        Some(m) => (m, true),
        None => (&line["best_guess"], false),
    };
    Some((
        target["row"].as_u64()? as usize,
        target["col"].as_u64()? as usize,
        safe,
    ))
}

/// The screen pixel at the centre of tile (row, col) of the board in `line`.
pub fn tile_centre(line: &Value, row: usize, col: usize) -> (f64, f64) {
    let board = &line["board"];
    let pitch = board["width"].as_f64().unwrap_or(0.0) / line["cols"].as_f64().unwrap_or(1.0);
    (
        board["x"].as_f64().unwrap_or(0.0) + (col as f64 + 0.5) * pitch,
        board["y"].as_f64().unwrap_or(0.0) + (row as f64 + 0.5) * pitch,
    )
}

/// A real game a test plays: a click at a screen pixel, and a new game once one ended.
pub trait Table {
    /// Clicks at (x, y); returns when the button went up.
    fn click_at(&mut self, x: f64, y: f64) -> Result<Instant, String>;
    /// Starts a new game after the one `line` shows ended.
    fn next_game(&mut self, line: &Value) -> Result<(), String>;
    /// The last moment the screen around the last click was seen not yet showing it
    /// ([`last_undrawn`]), where the table watches its screen; `None` where it does not.
    fn last_click_undrawn(&mut self) -> Option<Instant> {
        None
    }
}

/// How long a click's screen is watched at most.
const WATCH_FOR: Duration = Duration::from_millis(1500);

/// Watches the pixels `grab` returns (the screen around a click, grabbed again and again from
/// just after the button's release) until they differ from `before` (grabbed just before the
/// release); returns when the last grab that still showed `before` began, or when the watch
/// began if the first grab differed already. The game drew the click after that moment, so
/// live's line minus it bounds live's own share of the delay from above: a time from the
/// release also holds the game's redraw (GTK under sway now and then draws a click only when
/// the pointer next moves), which no screen reader can shorten. `None` if the screen never
/// changed or could not be grabbed.
pub fn last_undrawn(before: &[u8], mut grab: impl FnMut() -> Option<Vec<u8>>) -> Option<Instant> {
    let start = Instant::now();
    let mut undrawn = start;
    while start.elapsed() < WATCH_FOR {
        let began = Instant::now();
        if grab()? != before {
            return Some(undrawn);
        }
        undrawn = began;
        std::thread::sleep(Duration::from_millis(1));
    }
    None
}

/// How long a played run waits for live's log to change before it starts a new game: a board
/// live gives no advice on (read in doubt, or refused) stops the play as it would a player's.
const STALLED: Duration = Duration::from_secs(5);

/// Plays `table` by the advice in the log at `log` until `end`: clicks the advised tile of the
/// newest line, `pause` apart, and starts a new game when one ends, or when the log has not
/// changed for [`STALLED`] (a benchmark's played run is for redraws: under Wine one stopped
/// after 6 of them in 45 s).
pub fn play_until(
    table: &mut dyn Table,
    log: &Path,
    end: Instant,
    pause: Duration,
) -> Result<(), String> {
    let mut last_change = (0, Instant::now());
    while Instant::now() < end {
        let mut lines = log_lines(log);
        if lines.len() != last_change.0 {
            last_change = (lines.len(), Instant::now());
        }
        let Some(line) = lines.pop() else {
            std::thread::sleep(Duration::from_millis(200));
            continue;
        };
        if game_over(&line) || last_change.1.elapsed() > STALLED {
            table.next_game(&line)?;
            last_change.1 = Instant::now();
            continue;
        }
        if let Some((row, col, _)) = advised(&line) {
            let (x, y) = tile_centre(&line, row, col);
            table.click_at(x, y)?;
        }
        std::thread::sleep(pause);
    }
    Ok(())
}

/// The last `live stats:` line in `stderr`.
pub fn stats_line(stderr: &str) -> String {
    stderr
        .lines()
        .rev()
        .find(|l| l.starts_with("live stats:"))
        .unwrap_or("no stats printed")
        .to_string()
}

/// The last `lines` lines of `text`.
pub fn tail(text: &str, lines: usize) -> String {
    let all: Vec<&str> = text.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}

/// The median and the slowest of `delays` (sorted here), and how many there are.
pub fn delays_summary(delays: &mut [Duration]) -> String {
    delays.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    match delays {
        [] => "no delays".into(),
        _ => format!(
            "median {:.1} ms, slowest {:.1} ms of {}",
            ms(delays[delays.len() / 2]),
            ms(delays[delays.len() - 1]),
            delays.len()
        ),
    }
}

/// The log's lines from the `seen`th on, each as its time and board text.
pub fn lines_since(log: &Path, seen: usize) -> Vec<String> {
    let lines = log_lines(log);
    lines[seen.min(lines.len())..]
        .iter()
        .map(|l| format!("{:.2}s {}", l["t"], l["text"]))
        .collect()
}

/// Whether `line` leaves tile (`row`, `col`) in doubt.
pub fn in_doubt(line: &Value, row: usize, col: usize) -> bool {
    line["doubt"].as_array().is_some_and(|cells| {
        cells
            .iter()
            .any(|c| c[0].as_u64() == Some(row as u64) && c[1].as_u64() == Some(col as u64))
    })
}

/// When each line of a log appeared, in order.
type Arrivals = std::sync::Arc<std::sync::Mutex<Vec<Instant>>>;

/// When each line of the log at `path` appeared, looked for every 2 ms until `stop` is set.
fn watch_lines(
    path: &Path,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> (Arrivals, std::thread::JoinHandle<()>) {
    let path = path.to_path_buf();
    let arrivals = Arrivals::default();
    let seen = arrivals.clone();
    let watcher = std::thread::spawn(move || {
        while !stop.load(std::sync::atomic::Ordering::Relaxed) {
            let text = std::fs::read(&path).unwrap_or_default();
            let lines = text.iter().filter(|&&b| b == b'\n').count();
            let mut seen = seen.lock().unwrap();
            while seen.len() < lines {
                seen.push(Instant::now());
            }
            drop(seen);
            std::thread::sleep(Duration::from_millis(2));
        }
    });
    (arrivals, watcher)
}

/// With `live` running and logging to `log`, clicks the advised tile `clicks` times, each after
/// `rest` with the board unchanged (long enough for live to look at it less often); returns,
/// for each click, the time from the button's release to the first log line written after it
/// that shows the tile open. That time holds the game's redraw and the display's next frame as
/// well as live's own wait. Lines written before the release do not count: a tile held down
/// may look open, and a frame caught then is not the click's.
pub fn clicks_after_rest(
    table: &mut dyn Table,
    log: &Path,
    clicks: usize,
    rest: Duration,
) -> Result<Vec<Duration>, String> {
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let (arrivals, watcher) = watch_lines(log, stop.clone());
    let result = time_clicks(table, log, &arrivals, clicks, rest);
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let _ = watcher.join();
    result
}

fn time_clicks(
    table: &mut dyn Table,
    log: &Path,
    arrivals: &Arrivals,
    clicks: usize,
    rest: Duration,
) -> Result<Vec<Duration>, String> {
    // A line to act on: a move or a guess to click, or a game over to start again from.
    let actionable = |from: usize| {
        wait(Duration::from_secs(30), || {
            let lines = log_lines(log);
            lines
                .get(from..)?
                .iter()
                .rev()
                .find(|l| advised(l).is_some() || game_over(l))
                .cloned()
        })
    };
    // A new game and its first line to act on. A board that does not read, or reads as
    // impossible, gets no line until it changes: up to three new games are tried.
    let new_game = |table: &mut dyn Table, after: &Value| -> Result<Value, String> {
        for _ in 0..3 {
            let seen = log_lines(log).len();
            table.next_game(after)?;
            if let Some(line) = actionable(seen) {
                return Ok(line);
            }
        }
        Err(format!(
            "no advice on three new games after {after}; lines since: {:?}",
            lines_since(log, log_lines(log).len().saturating_sub(3))
        ))
    };
    let mut line = match actionable(0) {
        Some(line) => line,
        None => new_game(table, &Value::Null)?,
    };
    let mut delays = Vec::new();
    // Bounds on live's own share of each delay, where the table watches its screen.
    let mut shares: Vec<Duration> = Vec::new();
    let (mut lost, mut lost_in_a_row) = (0, 0);
    while delays.len() < clicks {
        if game_over(&line) {
            line = new_game(table, &line)?;
            continue;
        }
        std::thread::sleep(rest);
        let seen = log_lines(log).len();
        let (row, col, _) = advised(&line).ok_or(format!("no move on a board in play: {line}"))?;
        let (x, y) = tile_centre(&line, row, col);
        let released = table.click_at(x, y)?;
        let after_release = |i: usize| {
            // The watcher sees a line within 2 ms of its writing.
            wait(Duration::from_secs(1), || {
                arrivals.lock().unwrap().get(i).copied()
            })
            .is_some_and(|at| at >= released)
        };
        // Open: a number, or the mine that ends the game, read surely.
        let shown = wait(Duration::from_secs(3), || {
            let lines = log_lines(log);
            (seen..lines.len())
                .find(|&i| {
                    matches!(cell(&lines[i], row, col), '0'..='8' | '*' | '!')
                        && !in_doubt(&lines[i], row, col)
                        && after_release(i)
                })
                .map(|i| (lines[i].clone(), i))
        });
        // A game may take a synthetic click for none (GTK now and then does), and a board
        // that does not read gets no line: such a click is not timed, and a new game is
        // started after the second in a row.
        let Some((next, index)) = shown else {
            lost += 1;
            lost_in_a_row += 1;
            if lost_in_a_row >= 2 {
                lost_in_a_row = 0;
                line = new_game(table, &line)?;
            }
            if lost > 3 * clicks {
                return Err(format!(
                    "{lost} clicks never showed in the log; the last on ({row}, {col}) of \
                     {line}; lines since: {:?}",
                    lines_since(log, seen)
                ));
            }
            continue;
        };
        let shown = arrivals.lock().unwrap()[index];
        let delay = shown.saturating_duration_since(released);
        // From the click drawn on the screen to live's line: live's own share of the delay.
        let from_screen = table.last_click_undrawn().map(|undrawn| {
            let share = shown.saturating_duration_since(undrawn);
            shares.push(share);
            format!(
                "; not yet drawn {:.1} ms after it, live's line at most {:.1} ms after the game \
                 drew it",
                undrawn.saturating_duration_since(released).as_secs_f64() * 1e3,
                share.as_secs_f64() * 1e3
            )
        });
        // Each click's own figure, what the tile showed and any line live wrote before it: the
        // slow clicks can be told apart from the others by what they opened.
        let first = (seen..index).find(|&i| after_release(i)).map(|i| {
            let at = arrivals.lock().unwrap()[i].saturating_duration_since(released);
            let line = &log_lines(log)[i];
            let doubt = if in_doubt(line, row, col) {
                ", in doubt"
            } else {
                ""
            };
            format!(
                "; a line before it after {:.1} ms, the tile read '{}'{doubt}",
                at.as_secs_f64() * 1e3,
                cell(line, row, col)
            )
        });
        eprintln!(
            "click after rest on ({row}, {col}): read '{}' after {:.1} ms{}{}",
            cell(&next, row, col),
            delay.as_secs_f64() * 1e3,
            from_screen.unwrap_or_default(),
            first.unwrap_or_default()
        );
        delays.push(delay);
        lost_in_a_row = 0;
        line = if advised(&next).is_some() || game_over(&next) {
            next
        } else if let Some(line) = actionable(index) {
            line
        } else {
            new_game(table, &next)?
        };
    }
    if !shares.is_empty() {
        eprintln!(
            "from the click drawn on the screen to live's line, at most: {} (at 30 Hz a frame is \
             33.3 ms)",
            delays_summary(&mut shares)
        );
    }
    Ok(delays)
}
