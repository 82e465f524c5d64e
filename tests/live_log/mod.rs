//! Reading `live --log-json` in the tests that play real games by its advice: the lines so far,
//! a cell of a line's board, whether the game is over, the tile to click next, and the figures
//! `live --stats` printed.

use serde_json::Value;
use std::path::Path;
use std::time::{Duration, Instant};

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
    fn click_at(&mut self, x: f64, y: f64) -> Result<(), String>;
    /// Starts a new game after the one `line` shows ended.
    fn next_game(&mut self, line: &Value) -> Result<(), String>;
}

/// Plays `table` by the advice in the log at `log` until `end`: clicks the advised tile of the
/// newest line, `pause` apart, and starts a new game when one ends.
pub fn play_until(
    table: &mut dyn Table,
    log: &Path,
    end: Instant,
    pause: Duration,
) -> Result<(), String> {
    while Instant::now() < end {
        let Some(line) = log_lines(log).pop() else {
            std::thread::sleep(Duration::from_millis(200));
            continue;
        };
        if game_over(&line) {
            table.next_game(&line)?;
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
