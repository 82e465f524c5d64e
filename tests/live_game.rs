//! End to end against real games: xdemineur, xbomb, Simon Tatham's Mines and KMines under Xvfb (openbox, xcompmgr), `minehint live
//! --log-json` following it, and this test playing several games by clicking (xdotool) exactly
//! the tiles the advice names, until each is won or lost.
//!
//! From the log and from screenshots of the root window it checks that
//! - every board read is consistent and no tile called safe was a mine;
//! - the advice was updated after every click (the clicked tile shows as opened), and how many
//!   frames that took;
//! - the overlay sits over the right tiles (green frames on safe tiles in the root window) while
//!   the log still reads those tiles as covered: live reads the game's own pixels, not its overlay;
//! - the mine total is read off the game's own counter, outside the board pixels followed;
//! - closing the game and starting another is picked up without restarting live; the overlay
//!   follows a moved window and hides with a minimised one; Ctrl-C ends live cleanly;
//! - without a compositor the hints go to a panel beside the game, never over it;
//! - the global hotkeys hide and show the marks, show only the next move, switch the heat map,
//!   and pause reading;
//! - a board hidden mid-game by GNOME Mines' "start a new game?" dialog gets no marks;
//! - the two games the tile model never trained on (Simon Tatham's Mines, KDE's KMines) are
//!   found and played the same way.
//!
//! Starting X programs is flaky by nature: the display is tried three times. Failures print the
//! log, live's stderr and the game's log.

// This crate times only the click after a rest through these (the Wine and sway tests use the
// rest of them).
#[allow(dead_code)]
mod live_log;
#[allow(dead_code)]
mod programs;
mod xtest;
mod xwininfo;

use image::RgbImage;
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

/// A real game the test plays.
#[derive(Clone, Copy, Debug)]
struct Game {
    name: &'static str,
    /// The scripts/real_games.sh command that starts it and prints its window id.
    start: &'static str,
    cols: usize,
    rows: usize,
    mines: usize,
}

/// xdemineur opens with some tiles revealed; its counter is a red seven-segment display.
const XDEMINEUR: Game = Game {
    name: "xdemineur",
    start: "rg_xdemineur 12 10 15",
    cols: 12,
    rows: 10,
    mines: 15,
};

/// xbomb opens all covered, with stippled covered tiles: a skin the grid finder sees only on a
/// smoothed copy, and that the tile model was not trained on before the board-level reading.
const XBOMB: Game = Game {
    name: "xbomb",
    start: "rg_xbomb 1",
    cols: 8,
    rows: 8,
    mines: 10,
};

/// Simon Tatham's Mines opens all covered, in a skin the tile model never trained on (it is one of
/// the two held-out games of training/README.md), with 20 px tiles and a text counter.
const SGT_MINES: Game = Game {
    name: "sgt-mines",
    start: "rg_sgt_mines 9x9n10",
    cols: 9,
    rows: 9,
    mines: 10,
};

/// KDE's KMines opens all covered, in the other skin the tile model never trained on (its
/// covered tiles are raised and lit from one corner, its numbers bold), with 31 px tiles.
const KMINES: Game = Game {
    name: "kmines",
    start: "rg_kmines",
    cols: 9,
    rows: 9,
    mines: 10,
};

/// xdemineur's Expert board, for the benchmark of a click after a rest: the board bench_live.sh
/// times, with the most for live to read and solve each frame.
const XDEMINEUR_EXPERT: Game = Game {
    name: "xdemineur",
    start: "rg_xdemineur 30 16 99",
    cols: 30,
    rows: 16,
    mines: 99,
};

/// A display with a game on it, run by a bash helper that takes commands on its stdin.
struct Desk {
    helper: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    display: String,
    game: Game,
}

impl Desk {
    fn start(display: u32, compositor: bool, game: Game) -> Result<Desk, String> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        // `new` closes this desk's game (only its own: tests run side by side) and starts
        // another, printing its window id; anything else ends the helper and its display.
        let script = format!(
            "source scripts/real_games.sh
             {no_compositor}
             trap rg_stop_display EXIT
             rg_display {display} || exit 3
             echo display $DISPLAY
             while read -r command; do
                 case $command in
                     new) rg_stop_games
                          {start} >\"$RG_DIR/id\"
                          echo window $(cat \"$RG_DIR/id\") ;;
                     *) break ;;
                 esac
             done",
            start = game.start,
            no_compositor = if compositor {
                ""
            } else {
                "export RG_NO_COMPOSITOR=1"
            },
        );
        let mut helper = Command::new("bash")
            .arg("-c")
            .arg(script)
            .current_dir(root)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot run bash: {e}"))?;
        let input = helper.stdin.take().ok_or("no stdin")?;
        let output = BufReader::new(helper.stdout.take().ok_or("no stdout")?);
        let mut desk = Desk {
            helper,
            input,
            output,
            display: String::new(),
            game,
        };
        desk.display = desk.answer("display")?;
        Ok(desk)
    }

    /// The next line the helper prints that starts with `word`, without it.
    fn answer(&mut self, word: &str) -> Result<String, String> {
        let mut line = String::new();
        loop {
            line.clear();
            let n = self
                .output
                .read_line(&mut line)
                .map_err(|e| format!("reading the helper: {e}"))?;
            if n == 0 {
                return Err(format!("the X helper ended before saying {word:?}"));
            }
            if let Some(rest) = line.trim().strip_prefix(word) {
                return Ok(rest.trim().to_string());
            }
        }
    }

    /// Starts a new game (closing the old one) and returns its window id.
    fn new_game(&mut self) -> Result<String, String> {
        writeln!(self.input, "new").map_err(|e| e.to_string())?;
        let id = self.answer("window")?;
        if id.is_empty() {
            return Err(format!("{} did not open a window", self.game.name));
        }
        Ok(id)
    }

    fn xdotool(&self, args: &[&str]) -> Result<String, String> {
        let out = Command::new("xdotool")
            .args(args)
            .env("DISPLAY", &self.display)
            .output()
            .map_err(|e| format!("xdotool: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "xdotool {args:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
    }

    /// Clicks screen pixel (x, y), then parks the pointer away from the board (a hovered or
    /// pressed tile looks different).
    fn click(&self, x: i64, y: i64) -> Result<(), String> {
        self.xdotool(&["mousemove", &x.to_string(), &y.to_string(), "click", "1"])?;
        self.xdotool(&["mousemove", "1900", "1060"])?;
        Ok(())
    }

    /// The root window as shown (with the overlay), through ImageMagick's `import`.
    fn screenshot(&self, path: &Path) -> Result<RgbImage, String> {
        let out = Command::new("import")
            .args(["-window", "root"])
            .arg(path)
            .env("DISPLAY", &self.display)
            .output()
            .map_err(|e| format!("import: {e}"))?;
        if !out.status.success() {
            return Err(format!("import: {}", String::from_utf8_lossy(&out.stderr)));
        }
        image::open(path)
            .map(|i| i.into_rgb8())
            .map_err(|e| format!("reading {}: {e}", path.display()))
    }

    /// The (x, y, width, height) of the first window named `name`, from xwininfo.
    fn geometry(&self, id: &str) -> Result<(i64, i64, i64, i64), String> {
        let g = xwininfo::geometry(&self.display, id)?;
        Ok((g.x, g.y, g.width, g.height))
    }
}

impl Drop for Desk {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.helper.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.helper.kill();
    }
}

/// `minehint live` on the desk's display.
struct Live {
    child: Child,
    log: PathBuf,
    stderr: PathBuf,
    /// Lines read from the log so far.
    lines: Vec<Value>,
}

impl Live {
    fn start(desk: &Desk, dir: &Path) -> Result<Live, String> {
        let log = dir.join("live.jsonl");
        let stderr = dir.join("live.stderr");
        let child = Command::new(env!("CARGO_BIN_EXE_minehint"))
            .args([
                "live",
                "--no-profile",
                "--mines",
                &desk.game.mines.to_string(),
                "--log-json",
            ])
            .arg(&log)
            .env("DISPLAY", &desk.display)
            // Debug lines name the mine total each board was locked on with.
            .env("RUST_LOG", "minehint=debug")
            .stderr(std::fs::File::create(&stderr).map_err(|e| e.to_string())?)
            .spawn()
            .map_err(|e| format!("cannot start minehint live: {e}"))?;
        Ok(Live {
            child,
            log,
            stderr,
            lines: Vec::new(),
        })
    }

    /// Waits (bounded) for a new log line that `accept`s; returns it and how long it took.
    fn wait_for(
        &mut self,
        limit: Duration,
        accept: impl Fn(&Value) -> bool,
    ) -> Result<(Value, Duration), String> {
        let start = Instant::now();
        loop {
            let text = std::fs::read_to_string(&self.log).unwrap_or_default();
            let lines: Vec<&str> = text.lines().collect();
            // Only complete lines: the last one may still be being written.
            let complete = if text.ends_with('\n') {
                lines.len()
            } else {
                lines.len().saturating_sub(1)
            };
            for line in &lines[self.lines.len()..complete] {
                let value: Value =
                    serde_json::from_str(line).map_err(|e| format!("bad log line {line}: {e}"))?;
                self.lines.push(value);
            }
            if let Some(found) = self.lines.iter().rev().find(|v| accept(v)) {
                if self.lines.last() == Some(found) {
                    return Ok((found.clone(), start.elapsed()));
                }
            }
            if start.elapsed() > limit {
                return Err(format!(
                    "no matching log line within {limit:?}; last: {:?}",
                    self.lines.last()
                ));
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                return Err(format!("minehint live exited: {status}"));
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    fn diagnostics(&self) -> String {
        format!(
            "live stderr:\n{}\nlog tail:\n{}",
            std::fs::read_to_string(&self.stderr).unwrap_or_default(),
            self.lines
                .iter()
                .rev()
                .take(3)
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        )
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn tile(line: &Value, row: usize, col: usize) -> char {
    line["text"]
        .as_str()
        .and_then(|t| t.lines().nth(row))
        .and_then(|r| r.chars().nth(col))
        .unwrap_or('?')
}

/// The screen pixel box of tile (row, col): (x0, y0, pitch).
fn tile_box(line: &Value, row: usize, col: usize) -> (f64, f64, f64) {
    let b = &line["board"];
    let pitch = b["width"].as_f64().unwrap_or(0.0) / line["cols"].as_f64().unwrap_or(1.0);
    (
        b["x"].as_f64().unwrap_or(0.0) + col as f64 * pitch,
        b["y"].as_f64().unwrap_or(0.0) + row as f64 * pitch,
        pitch,
    )
}

fn lost(line: &Value) -> bool {
    line["text"]
        .as_str()
        .is_some_and(|t| t.contains('!') || t.contains('*'))
}

fn won(line: &Value, mines: usize) -> bool {
    let text = line["text"].as_str().unwrap_or_default();
    text.chars()
        .filter(|c| matches!(c, '.' | 'F' | '?'))
        .count()
        == mines
}

/// What one run of the test saw.
#[derive(Default)]
struct Tally {
    games: usize,
    wins: usize,
    clicks: usize,
    /// Click → updated log line, in 30 Hz frames.
    frames: Vec<f64>,
    overlay_checks: usize,
    /// Clicks that had to be made twice.
    retries: usize,
}

/// The root window shows the safe mark (a green frame) on safe tile (row, col).
fn green_frame_at(image: &RgbImage, line: &Value, row: usize, col: usize) -> bool {
    let (x0, y0, pitch) = tile_box(line, row, col);
    // The frame is about pitch/12 wide, 6% of the pitch inside the tile's edge
    // (src/overlay/draw.rs): look along its left side, as far in as the frame's inner edge (at
    // 65 px, KMines' board in a 1100x800 window, it starts 4 px in).
    let reach = (pitch * 0.15).ceil().max(4.0) as u32;
    (0..(pitch as u32 / 2)).any(|dy| {
        (1..reach).any(|dx| {
            let (x, y) = (x0 as u32 + dx, (y0 + pitch / 4.0) as u32 + dy);
            image.get_pixel_checked(x, y).is_some_and(|p| {
                let [r, g, b] = p.0;
                g > 150 && r < 100 && b < 130
            })
        })
    })
}

/// Plays one game to its end by the advice; `check_overlay` compares the screen with the log.
fn play_game(
    desk: &Desk,
    live: &mut Live,
    window: &str,
    dir: &Path,
    tally: &mut Tally,
) -> Result<(), String> {
    let game = desk.game;
    // A new window: wait for live to read it.
    let (mut line, _) = live.wait_for(Duration::from_secs(20), |v| {
        v["rows"] == game.rows && v["cols"] == game.cols && !lost(v) && !won(v, game.mines)
    })?;
    let game_window = desk.geometry(window)?;
    let mut checked_overlay = false;
    for _ in 0..game.rows * game.cols {
        if lost(&line) || won(&line, game.mines) {
            break;
        }
        if line["consistent"] != true {
            return Err(format!("an inconsistent read of a real game: {line}"));
        }
        if line["display"] != "x11" {
            return Err(format!(
                "the log names another display system than X11: {line}"
            ));
        }
        let board = &line["board"];
        let (bx, by) = (
            board["x"].as_i64().unwrap_or(-1),
            board["y"].as_i64().unwrap_or(-1),
        );
        let inside = bx >= game_window.0
            && by >= game_window.1
            && bx + board["width"].as_i64().unwrap_or(0) <= game_window.0 + game_window.2
            && by + board["height"].as_i64().unwrap_or(0) <= game_window.1 + game_window.3;
        if !inside {
            return Err(format!(
                "the board {board} is not inside the game window {game_window:?}"
            ));
        }
        let moves = line["moves"].as_array().cloned().unwrap_or_default();
        let open = moves.iter().find(|m| m["action"] == "open");
        let (row, col, safe) = match (open, line["best_guess"].as_object()) {
            (Some(m), _) => (m["row"].as_u64(), m["col"].as_u64(), true),
            (None, Some(g)) => (g["row"].as_u64(), g["col"].as_u64(), false),
            (None, None) => {
                // Tiles in doubt give less advice, here none, until a still frame settles
                // them: a line with advice (or the game's end) must follow.
                let advised = |v: &Value| {
                    v["moves"]
                        .as_array()
                        .is_some_and(|m| m.iter().any(|m| m["action"] == "open"))
                        || v["best_guess"].is_object()
                        || lost(v)
                        || won(v, game.mines)
                };
                line = live
                    .wait_for(Duration::from_secs(10), advised)
                    .map_err(|e| format!("no advice on an unfinished game: {line} ({e})"))?
                    .0;
                continue;
            }
        };
        let (row, col) = (row.unwrap_or(0) as usize, col.unwrap_or(0) as usize);
        if tile(&line, row, col) != '.' {
            return Err(format!(
                "advice to open ({row}, {col}), which is not covered: {line}"
            ));
        }
        if safe && !checked_overlay {
            // The overlay shows the safe mark right there, and live still reads the tile as
            // covered: it does not see its own overlay.
            let shot = desk.screenshot(&dir.join("root.png"))?;
            if !green_frame_at(&shot, &line, row, col) {
                let _ = shot.save(dir.join("overlay-missing.png"));
                return Err(format!(
                    "no green safe mark on ({row}, {col}) in the root window (saved in {})",
                    dir.display()
                ));
            }
            checked_overlay = true;
            tally.overlay_checks += 1;
        }
        let (x0, y0, pitch) = tile_box(&line, row, col);
        let (x, y) = ((x0 + pitch / 2.0) as i64, (y0 + pitch / 2.0) as i64);
        let opened = |v: &Value| v["rows"] == game.rows && tile(v, row, col) != '.';
        // Timed from before the click, so xdotool's own start-up counts against us.
        let clicked = Instant::now();
        desk.click(x, y)?;
        tally.clicks += 1;
        let next = match live.wait_for(Duration::from_secs(2), opened) {
            Ok((next, _)) => next,
            Err(first) => {
                // A click can get lost while a fresh game window settles: one more try, then
                // the game itself is checked (the tile must show opened in the root window).
                eprintln!("click on ({row}, {col}) not seen after 2 s ({first}); clicking again");
                tally.retries += 1;
                desk.click(x, y)?;
                live.wait_for(Duration::from_secs(5), opened)?.0
            }
        };
        tally.frames.push(clicked.elapsed().as_secs_f64() * 30.0);
        let opened = tile(&next, row, col);
        if safe && matches!(opened, '!' | '*') {
            return Err(format!(
                "({row}, {col}) was called safe and was a mine: {next}"
            ));
        }
        line = next;
    }
    tally.games += 1;
    if won(&line, game.mines) {
        tally.wins += 1;
    } else if !lost(&line) {
        return Err(format!("the game did not end: {line}"));
    }
    Ok(())
}

fn run_games(display: u32, game: Game, games: usize, tally: &mut Tally) -> Result<(), String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let mut desk = Desk::start(display, true, game)?;
    let mut window = desk.new_game()?;
    let mut live = Live::start(&desk, dir.path())?;
    for game in 0..games {
        if game > 0 {
            // Closing the game and opening another: live must pick the new window up.
            window = desk.new_game()?;
        }
        play_game(&desk, &mut live, &window, dir.path(), tally)
            .map_err(|e| format!("game {}: {e}\n{}", game + 1, live.diagnostics()))?;
    }
    // The game's own counter lies outside the board's pixels that live follows frame by frame:
    // the total must still have been read off it (besides the --mines given).
    let stderr = std::fs::read_to_string(&live.stderr).unwrap_or_default();
    let mines = game.mines;
    if !stderr.contains(&format!("mine total Some({mines})")) {
        return Err(format!(
            "live never read the game's mine total ({mines})\n{}",
            live.diagnostics()
        ));
    }
    window_moves_hides_and_ctrl_c(&desk, &mut live, &window)
        .map_err(|e| format!("after the games: {e}\n{}", live.diagnostics()))
}

/// The overlay follows a moved window, hides with a minimised one, and live exits cleanly (status
/// 0) on Ctrl-C (SIGINT).
fn window_moves_hides_and_ctrl_c(desk: &Desk, live: &mut Live, window: &str) -> Result<(), String> {
    let before = desk.geometry(window)?;
    // Where live last said the board was, before the move.
    let corner = |v: &Value| Some((v["board"]["x"].as_i64()?, v["board"]["y"].as_i64()?));
    let (board_x, board_y) = (live.lines.iter().rev())
        .find_map(corner)
        .ok_or("live reported no board before the move")?;
    let (x, y) = (before.0 + 150, before.1 - 120);
    desk.xdotool(&["windowmove", window, &x.to_string(), &y.to_string()])?;
    let after = loop_until(Duration::from_secs(5), || {
        desk.geometry(window)
            .ok()
            .filter(|g| (g.0, g.1) != (before.0, before.1))
    })
    .ok_or("the window did not move")?;
    // The board moved with the window. (Waiting for a board anywhere inside the moved window
    // is not enough: where the window is much larger than its board, as KMines' is, the board
    // reported before the move still lies inside it, and the overlay was compared with that.)
    // Within a pixel or two: at a fractional pitch the grid found in the moved picture may round
    // to the next pixel. The bound is generous because on a loaded machine (two cores, the
    // other real-game tests beside this one) live has taken over 5 s to report the move.
    let expected = (board_x + after.0 - before.0, board_y + after.1 - before.1);
    let near = |(x, y): (i64, i64)| (x - expected.0).abs() <= 2 && (y - expected.1).abs() <= 2;
    let (moved, _) = live
        .wait_for(Duration::from_secs(15), |v| corner(v).is_some_and(near))
        .map_err(|e| format!("the board was not reported at {expected:?} after the move: {e}"))?;
    let overlay = desk
        .xdotool(&["search", "--name", "minehint overlay"])?
        .lines()
        .next()
        .map(str::to_string)
        .ok_or("no overlay window")?;
    let placed = desk.geometry(&overlay)?;
    if (placed.0, placed.1)
        != (
            moved["board"]["x"].as_i64().unwrap_or(-1),
            moved["board"]["y"].as_i64().unwrap_or(-1),
        )
    {
        return Err(format!(
            "the overlay is at {placed:?}, the board at {}",
            moved["board"]
        ));
    }
    desk.xdotool(&["windowminimize", window])?;
    let mapped = |desk: &Desk| -> bool {
        Command::new("xwininfo")
            .args(["-id", &overlay])
            .env("DISPLAY", &desk.display)
            .output()
            .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("IsViewable"))
    };
    loop_until(Duration::from_secs(5), || (!mapped(desk)).then_some(()))
        .ok_or("the overlay stayed visible over a minimised game")?;
    ctrl_c(live, "")
}

/// Polls `probe` every 50 ms until it gives a value or `limit` passes.
/// Sends `live` Ctrl-C (SIGINT) and waits up to 5 s for it to exit cleanly; `when` ends the
/// message of a failure (" while paused").
fn ctrl_c(live: &mut Live, when: &str) -> Result<(), String> {
    let pid = live.child.id().to_string();
    Command::new("kill")
        .args(["-INT", &pid])
        .status()
        .map_err(|e| format!("kill: {e}"))?;
    let status = loop_until(Duration::from_secs(5), || {
        live.child.try_wait().ok().flatten()
    })
    .ok_or_else(|| format!("live did not exit on Ctrl-C{when}"))?;
    if !status.success() {
        return Err(format!("live exited with {status} on Ctrl-C{when}"));
    }
    Ok(())
}

fn loop_until<T>(limit: Duration, mut probe: impl FnMut() -> Option<T>) -> Option<T> {
    let deadline = Instant::now() + limit;
    loop {
        if let Some(value) = probe() {
            return Some(value);
        }
        if Instant::now() > deadline {
            return None;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn tools_present(game: Game) {
    let path = format!("{}:/usr/games", std::env::var("PATH").unwrap_or_default());
    let missing: Vec<&str> = [
        "Xvfb", "openbox", "xcompmgr", "xdotool", game.name, "import",
    ]
    .into_iter()
    .filter(|t| !std::env::split_paths(&path).any(|dir| dir.join(t).exists()))
    .collect();
    assert!(
        missing.is_empty(),
        "missing {missing:?}: run scripts/test.sh, which installs them"
    );
}

/// Plays three games of `game` by the advice on up to three fresh displays; prints and returns
/// what it saw.
fn play_three(game: Game, base: u32) -> Tally {
    tools_present(game);
    let tally = three_tries(
        &format!("live end-to-end on {}", game.name),
        base,
        |display| {
            let mut tally = Tally::default();
            run_games(display, game, 3, &mut tally).map(|()| tally)
        },
    );
    let mut frames = tally.frames.clone();
    frames.sort_by(f64::total_cmp);
    eprintln!(
        "live e2e on {}: {} games, {} won, {} clicks ({} clicked twice); click → advice \
         updated in {:.1} frames median, {:.1} max (30 Hz); overlay checked on {} \
         boards",
        game.name,
        tally.games,
        tally.wins,
        tally.clicks,
        tally.retries,
        frames.get(frames.len() / 2).copied().unwrap_or(0.0),
        frames.last().copied().unwrap_or(0.0),
        tally.overlay_checks
    );
    tally
}

#[test]
fn live_follows_real_games_played_by_its_advice() {
    let tally = play_three(XDEMINEUR, 200);
    assert_eq!(tally.games, 3);
    assert!(
        tally.retries * 10 <= tally.clicks,
        "{} of {} clicks had to be repeated",
        tally.retries,
        tally.clicks
    );
    assert!(tally.overlay_checks >= 1, "the overlay was never checked");
}

/// A second real game, of another skin: every board read consistent, no tile called safe a
/// mine, each click seen (the overlay check needs a safe move, which a short game of xbomb's
/// small board may never offer: the xdemineur test covers it).
#[test]
fn live_follows_xbomb_played_by_its_advice() {
    plays_three_with_few_repeats(XBOMB, 400);
}

/// A game the tile model never trained on, played through `live` as the others are: every board
/// read consistent, no tile called safe a mine, each click seen.
#[test]
fn live_follows_a_game_it_never_trained_on() {
    plays_three_with_few_repeats(SGT_MINES, 440);
}

/// The other game the tile model never trained on: `live` finds its window by itself (it once
/// waited for "a Minesweeper game to appear" with KMines on the screen), and plays it as the
/// others.
#[test]
fn live_follows_kmines_by_itself_played_by_its_advice() {
    plays_three_with_few_repeats(KMINES, 480);
}

/// Plays three games of `game` and requires all three played and at most one click in ten
/// repeated (a game too short to give ten clicks may repeat one).
fn plays_three_with_few_repeats(game: Game, base: u32) {
    let tally = play_three(game, base);
    assert_eq!(tally.games, 3);
    assert!(
        tally.retries * 10 <= tally.clicks.max(10),
        "{} of {} clicks had to be repeated",
        tally.retries,
        tally.clicks
    );
}

/// Runs `attempt` on up to three fresh displays (starting X programs is flaky by nature) and
/// returns the first success; panics with every try's error after three failures. `base` keeps
/// the tests of one run on different displays (they run side by side).
fn three_tries<T>(what: &str, base: u32, mut attempt: impl FnMut(u32) -> Result<T, String>) -> T {
    let mut errors = Vec::new();
    for n in 0..3 {
        match attempt(base + std::process::id() % 30 * 4 + n) {
            Ok(value) => return value,
            Err(e) => {
                eprintln!("{what}, try {}: {e}", n + 1);
                errors.push(e);
            }
        }
    }
    panic!("{what} failed three times:\n{}", errors.join("\n---\n"));
}

/// Without a compositor the overlay cannot be transparent: live says so and shows a panel beside
/// the game window that never covers it.
fn panel_beside(display: u32) -> Result<(), String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let mut desk = Desk::start(display, false, XDEMINEUR)?;
    let window = desk.new_game()?;
    let mut live = Live::start(&desk, dir.path())?;
    live.wait_for(Duration::from_secs(20), |v| v["rows"] == XDEMINEUR.rows)
        .map_err(|e| format!("{e}\n{}", live.diagnostics()))?;
    let deadline = Instant::now() + Duration::from_secs(10);
    let panel = loop {
        let found = desk.xdotool(&["search", "--onlyvisible", "--name", "minehint overlay"]);
        if let Some(id) = found
            .ok()
            .and_then(|ids| ids.lines().next().map(str::to_string))
        {
            break id;
        }
        if Instant::now() > deadline {
            return Err(format!("no overlay panel appeared\n{}", live.diagnostics()));
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    // The panel follows the window's geometry as live sees it; on a loaded machine the window
    // may still be settling (placed, decorated) when the panel first appears, so the panel has
    // a bounded while to end up beside it.
    let first = (desk.geometry(&window)?, desk.geometry(&panel)?);
    let mut last = first;
    let beside = loop_until(Duration::from_secs(10), || {
        let (g, p) = (desk.geometry(&window).ok()?, desk.geometry(&panel).ok()?);
        last = (g, p);
        let overlaps = p.0 < g.0 + g.2 && g.0 < p.0 + p.2 && p.1 < g.1 + g.3 && g.1 < p.1 + p.3;
        (!overlaps).then_some(())
    });
    if beside.is_none() {
        let ((g0, p0), (g, p)) = (first, last);
        return Err(format!(
            "the panel {p:?} covers the game window {g:?} (at first: panel {p0:?}, window {g0:?})\n{}",
            live.diagnostics()
        ));
    }
    let stderr = std::fs::read_to_string(&live.stderr).unwrap_or_default();
    if !stderr.contains("no compositing manager") {
        return Err(format!(
            "live did not say the overlay cannot be transparent:\n{stderr}"
        ));
    }
    Ok(())
}

#[test]
fn without_a_compositor_hints_go_to_a_panel_beside_the_game() {
    tools_present(XDEMINEUR);
    three_tries("the no-compositor fallback", 320, panel_beside);
}

/// Whether window `id` is mapped and viewable on the desk's display.
fn viewable(desk: &Desk, id: &str) -> bool {
    Command::new("xwininfo")
        .args(["-id", id])
        .env("DISPLAY", &desk.display)
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("IsViewable"))
}

/// The overlay window's id once it is shown over the game (bounded wait).
fn shown_overlay(desk: &Desk, live: &Live) -> Result<String, String> {
    loop_until(Duration::from_secs(10), || {
        let ids = desk
            .xdotool(&["search", "--name", "minehint overlay"])
            .ok()?;
        let id = ids.lines().next()?.to_string();
        viewable(desk, &id).then_some(id)
    })
    .ok_or_else(|| format!("no overlay shown over the game\n{}", live.diagnostics()))
}

/// Waits (bounded) until live's stderr holds `text`.
fn said(live: &Live, text: &str, limit: Duration) -> Result<(), String> {
    loop_until(limit, || {
        let stderr = std::fs::read_to_string(&live.stderr).unwrap_or_default();
        stderr.contains(text).then_some(())
    })
    .ok_or_else(|| format!("live never said {text:?}\n{}", live.diagnostics()))
}

/// The global hotkeys, pressed with xdotool while the game has the focus: the marks hide and
/// come back, only the next move is shown with its reason, the heat map switches on, and while
/// paused a click on the game is not read until reading resumes.
fn hotkeys(display: u32) -> Result<(), String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let mut desk = Desk::start(display, true, XDEMINEUR)?;
    let window = desk.new_game()?;
    let mut live = Live::start(&desk, dir.path())?;
    let (first, _) = live
        .wait_for(Duration::from_secs(20), |v| v["rows"] == XDEMINEUR.rows)
        .map_err(|e| format!("{e}\n{}", live.diagnostics()))?;
    said(&live, "keys: ctrl+alt+h", Duration::from_secs(5))?;
    let overlay = shown_overlay(&desk, &live)?;
    desk.xdotool(&["windowactivate", "--sync", &window]).ok();

    desk.xdotool(&["key", "ctrl+alt+h"])?;
    said(&live, "marks hidden", Duration::from_secs(5))?;
    loop_until(Duration::from_secs(5), || {
        (!viewable(&desk, &overlay)).then_some(())
    })
    .ok_or("Ctrl+Alt+H said the marks are hidden, but the overlay stayed on screen")?;
    desk.xdotool(&["key", "ctrl+alt+h"])?;
    said(&live, "marks shown", Duration::from_secs(5))?;
    loop_until(Duration::from_secs(5), || {
        viewable(&desk, &overlay).then_some(())
    })
    .ok_or("Ctrl+Alt+H again did not bring the overlay back")?;

    desk.xdotool(&["key", "ctrl+alt+n"])?;
    said(&live, "showing only the next move", Duration::from_secs(5))?;
    said(&live, "next move: ", Duration::from_secs(5))?;
    desk.xdotool(&["key", "ctrl+alt+m"])?;
    said(&live, "heat map on", Duration::from_secs(5))?;

    desk.xdotool(&["key", "ctrl+alt+p"])?;
    said(
        &live,
        "paused: the screen is not read",
        Duration::from_secs(5),
    )?;
    // Give the pause a moment, then change the board: the log must stay as it was.
    std::thread::sleep(Duration::from_millis(300));
    let _ = live.wait_for(Duration::ZERO, |_| false);
    let logged = live.lines.len();
    let covered = (0..XDEMINEUR.rows)
        .flat_map(|r| (0..XDEMINEUR.cols).map(move |c| (r, c)))
        .find(|&(r, c)| tile(&first, r, c) == '.')
        .ok_or("xdemineur's board has no covered tile")?;
    let (x0, y0, pitch) = tile_box(&first, covered.0, covered.1);
    desk.click((x0 + pitch / 2.0) as i64, (y0 + pitch / 2.0) as i64)?;
    std::thread::sleep(Duration::from_millis(1500));
    let _ = live.wait_for(Duration::ZERO, |_| false);
    if live.lines.len() > logged {
        return Err(format!(
            "live read the screen while paused\n{}",
            live.diagnostics()
        ));
    }
    desk.xdotool(&["key", "ctrl+alt+p"])?;
    said(&live, "reading the screen again", Duration::from_secs(5))?;
    live.wait_for(Duration::from_secs(5), |v| {
        tile(v, covered.0, covered.1) != '.'
    })
    .map_err(|e| {
        format!(
            "after resuming, the click was not read: {e}\n{}",
            live.diagnostics()
        )
    })?;
    // Paused again, Ctrl-C still ends live at once.
    desk.xdotool(&["key", "ctrl+alt+p"])?;
    loop_until(Duration::from_secs(5), || {
        let stderr = std::fs::read_to_string(&live.stderr).unwrap_or_default();
        (stderr.matches("paused: the screen is not read").count() == 2).then_some(())
    })
    .ok_or_else(|| format!("live did not pause again\n{}", live.diagnostics()))?;
    ctrl_c(&mut live, " while paused")
}

#[test]
fn hotkeys_hide_hint_heat_and_pause() {
    tools_present(XDEMINEUR);
    three_tries("the global hotkeys", 360, hotkeys);
}

/// GNOME Mines at the size it opens with, in its default theme: the game the hidden-board test
/// needs (its "start a new game?" dialog blanks the board in the game window's own pixels).
const GNOME_MINES: Game = Game {
    name: "gnome-mines",
    start: "rg_gnome_mines default small 700 560",
    cols: 8,
    rows: 8,
    mines: 10,
};

/// A click at fractions (fx, fy) of window `id`.
fn click_in(desk: &Desk, id: &str, fx: f64, fy: f64) -> Result<(), String> {
    let (x, y, w, h) = desk.geometry(id)?;
    desk.click(x + (w as f64 * fx) as i64, y + (h as f64 * fy) as i64)
}

/// Mid-game, GNOME Mines' "start a new game?" dialog leaves a flat area where the board was:
/// live must take its marks off (not read a fresh game there and advise on it), and put them
/// back once the dialog is closed and the board shows again.
fn hidden_board(display: u32) -> Result<(), String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let mut desk = Desk::start(display, true, GNOME_MINES)?;
    let window = desk.new_game()?;
    // The first click starts the game, so that "Change Difficulty" asks before ending it.
    click_in(&desk, &window, 0.5, 0.55)?;
    let mut live = Live::start(&desk, dir.path())?;
    live.wait_for(Duration::from_secs(20), |v| v["rows"] == GNOME_MINES.rows)
        .map_err(|e| format!("{e}\n{}", live.diagnostics()))?;
    let overlay = shown_overlay(&desk, &live)?;
    // "Change Difficulty", the middle of the three buttons right of the board.
    click_in(&desk, &window, 0.86, 0.775)?;
    said(&live, "one flat colour", Duration::from_secs(5))?;
    loop_until(Duration::from_secs(5), || {
        (!viewable(&desk, &overlay)).then_some(())
    })
    .ok_or_else(|| {
        format!(
            "the marks stayed over the hidden board\n{}",
            live.diagnostics()
        )
    })?;
    // "Keep Current Game".
    desk.xdotool(&["key", "Escape"])?;
    loop_until(Duration::from_secs(10), || {
        viewable(&desk, &overlay).then_some(())
    })
    .ok_or_else(|| format!("the marks did not come back\n{}", live.diagnostics()))?;
    Ok(())
}

#[test]
fn a_board_hidden_by_a_dialog_gets_no_marks() {
    tools_present(GNOME_MINES);
    three_tries("the board hidden by a dialog", 380, hidden_board);
}

/// A desk clicked through XTEST from this process (`xtest::click_watched`), so that a click's time is
/// when the X server took the release; a new game is a new window, which live follows.
/// The screen around the last click is watched from the release on (`xtest::watch`).
struct TimedDesk<'a>(
    &'a mut Desk,
    Option<std::thread::JoinHandle<Option<Instant>>>,
);

impl live_log::Table for TimedDesk<'_> {
    fn click_at(&mut self, x: f64, y: f64) -> Result<Instant, String> {
        let (x, y) = (x.round() as i16, y.round() as i16);
        let (released, watch) = xtest::click_watched(&self.0.display, x, y)?;
        self.1 = Some(watch);
        // Parked off the board: a hovered tile looks different.
        self.0.xdotool(&["mousemove", "1900", "1060"])?;
        Ok(released)
    }

    fn next_game(&mut self, _line: &Value) -> Result<(), String> {
        self.0.new_game().map(|_| ())
    }

    fn last_click_undrawn(&mut self) -> Option<Instant> {
        self.1.take()?.join().ok()?
    }
}

/// Clicks the advised tile `clicks` times on xdemineur's Expert board, each after `rest` with the
/// board unchanged, with `live --rate 30` of `binary` following; returns each click's time from
/// the release to live's log line showing the tile open.
fn clicks_after_rest_on_x11(
    display: u32,
    binary: &Path,
    clicks: usize,
    rest: Duration,
) -> Result<Vec<Duration>, String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let mut desk = Desk::start(display, true, XDEMINEUR_EXPERT)?;
    desk.new_game()?;
    let log = dir.path().join("rest.jsonl");
    let stderr_path = dir.path().join("rest.stderr");
    let mut child = Command::new(binary)
        .args([
            "live",
            "--no-profile",
            "--rate",
            "30",
            "--mines",
            "99",
            "--log-json",
        ])
        .arg(&log)
        .env("DISPLAY", &desk.display)
        .env("RUST_LOG", "minehint=info")
        .stderr(std::fs::File::create(&stderr_path).map_err(|e| e.to_string())?)
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
    let result = live_log::clicks_after_rest(&mut TimedDesk(&mut desk, None), &log, clicks, rest);
    let _ = child.kill();
    let _ = child.wait();
    result.map_err(|e| {
        let stderr = std::fs::read_to_string(&stderr_path).unwrap_or_default();
        format!("{e}\nlive stderr:\n{}", live_log::tail(&stderr, 20))
    })
}

/// Prints the time from a click after 3 s with the board unchanged (live then looks at the board
/// less often) to live's log line showing the tile open, on X11 (Xvfb, openbox, xcompmgr) with
/// xdemineur's Expert board at 30 frames a second; issue 36 asks for two frame periods (66.7
/// ms). The time holds xdemineur's redraw as well as live's wait and its frame. Run it with a
/// release build: `cargo build --release && MINEHINT_BIN=target/release/minehint cargo test
/// --test live_game -- --ignored --nocapture bench_click_after_rest_on_x11` (without
/// `MINEHINT_BIN`, the test profile's binary, built for checks, not speed).
#[test]
#[ignore = "a benchmark, not a check: run it with --ignored"]
fn bench_click_after_rest_on_x11() {
    tools_present(XDEMINEUR_EXPERT);
    let binary = PathBuf::from(live_log::timed_binary());
    let mut delays = three_tries("the clicks after rest on X11", 620, |display| {
        clicks_after_rest_on_x11(display, &binary, 12, Duration::from_secs(3))
    });
    println!(
        "x11, a click after 3 s with the board unchanged, release → live's log line: {} \
         (at 30 Hz a frame is 33.3 ms)",
        live_log::delays_summary(&mut delays)
    );
}
