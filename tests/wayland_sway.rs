//! `live` on a Wayland desktop, natively: sway, headless, with GNOME Mines as a Wayland client
//! (no XWayland anywhere), `minehint live` finding the board on the screen by itself, its marks
//! drawn over the board on the layer shell's overlay layer (seen in grim's screenshot at the
//! advised tile), and clicks, made through the wlr virtual-pointer protocol on the marked tiles,
//! going through the overlay to the game, each showing in the next reading.
//!
//! sway refuses to run as root, so it runs as an ordinary user the test creates
//! (`minehint-sway`); the test itself, live and the clicks connect to that sway's socket. Without
//! sway or GNOME Mines (scripts/test.sh installs them) the test says it was skipped.
#![cfg(target_os = "linux")]

mod live_log;
mod programs;

use live_log::{
    advised, cell, game_over, lines_since, log_lines, play_until, stats_line, tail, tile_centre,
    Table,
};
use programs::{have, wait};
use serde_json::Value;
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use wayland_client::globals::{registry_queue_init, GlobalListContents};
use wayland_client::protocol::{wl_pointer, wl_registry, wl_seat};
use wayland_client::{Connection, Dispatch, QueueHandle};
use wayland_protocols_wlr::virtual_pointer::v1::client::{
    zwlr_virtual_pointer_manager_v1::ZwlrVirtualPointerManagerV1,
    zwlr_virtual_pointer_v1::ZwlrVirtualPointerV1,
};

const USER: &str = "minehint-sway";
const SCREEN: (u32, u32) = (1280, 800);
/// Linux's code for the left mouse button.
const BTN_LEFT: u32 = 0x110;

/// What is missing to run the test, if anything.
fn missing() -> Option<String> {
    for program in ["sway", "runuser", "swaymsg", "grim"] {
        if !have(program) {
            return Some(format!("{program} is not installed"));
        }
    }
    if !Path::new("/usr/games/gnome-mines").exists() {
        return Some("GNOME Mines is not installed".into());
    }
    let user = Command::new("id").arg(USER).output().ok()?;
    if !user.status.success() {
        let made = Command::new("useradd")
            .args(["--create-home", "--shell", "/usr/sbin/nologin", USER])
            .output();
        if !made.is_ok_and(|o| o.status.success()) {
            return Some(format!("cannot create the user {USER} to run sway as"));
        }
    }
    None
}

/// A headless sway run by the test user, and GNOME Mines in it; both stop when dropped.
struct Sway {
    dir: PathBuf,
    sway: Child,
    game: Option<Child>,
    /// The screen around the last click, watched from its release ([`Sway::watch`]).
    watching: std::sync::Mutex<Option<std::thread::JoinHandle<Option<Instant>>>>,
}

impl Sway {
    fn start(name: &str) -> Result<Sway, String> {
        let dir = std::env::temp_dir().join(format!("minehint-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("home")).map_err(|e| e.to_string())?;
        std::fs::write(
            dir.join("sway.conf"),
            format!("output HEADLESS-1 resolution {}x{}\n", SCREEN.0, SCREEN.1),
        )
        .map_err(|e| e.to_string())?;
        let chown = Command::new("chown")
            .args(["-R", USER])
            .arg(&dir)
            .status()
            .map_err(|e| e.to_string())?;
        let chmod = Command::new("chmod")
            .arg("700")
            .arg(&dir)
            .status()
            .map_err(|e| e.to_string())?;
        if !chown.success() || !chmod.success() {
            return Err(format!("cannot hand {} to {USER}", dir.display()));
        }
        let log = std::fs::File::create(dir.join("sway.log")).map_err(|e| e.to_string())?;
        let sway = Command::new("runuser")
            .args(["-u", USER, "--", "env"])
            .arg(format!("XDG_RUNTIME_DIR={}", dir.display()))
            .args([
                "WLR_BACKENDS=headless",
                "WLR_LIBINPUT_NO_DEVICES=1",
                "WLR_RENDERER=pixman",
                "sway",
                "-c",
            ])
            .arg(dir.join("sway.conf"))
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .map_err(|e| format!("cannot start sway: {e}"))?;
        let mut desk = Sway {
            dir,
            sway,
            game: None,
            watching: Default::default(),
        };
        wait(Duration::from_secs(20), || {
            (desk.socket("wayland-1").exists() && desk.ipc_socket().is_some()).then_some(())
        })
        .ok_or_else(|| format!("sway did not start: {}", desk.log("sway.log")))?;
        desk.new_game()?;
        Ok(desk)
    }

    /// Closes the game, if one runs, and starts GNOME Mines on a fresh 8x8 board.
    fn new_game(&mut self) -> Result<(), String> {
        if let Some(mut game) = self.game.take() {
            let _ = game.kill();
            let _ = game.wait();
            let _ = Command::new("pkill")
                .args(["-u", USER, "-x", "gnome-mines"])
                .status();
        }
        let log = std::fs::File::create(self.dir.join("mines.log")).map_err(|e| e.to_string())?;
        let game = Command::new("runuser")
            .args(["-u", USER, "--", "env"])
            .arg(format!("XDG_RUNTIME_DIR={}", self.dir.display()))
            .arg(format!("HOME={}", self.dir.join("home").display()))
            .args([
                "WAYLAND_DISPLAY=wayland-1",
                "GDK_BACKEND=wayland",
                "GSETTINGS_BACKEND=keyfile",
                "NO_AT_BRIDGE=1",
                "dbus-run-session",
                "--",
                "/usr/games/gnome-mines",
                "--small",
            ])
            .env_remove("DISPLAY")
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .map_err(|e| format!("cannot start GNOME Mines: {e}"))?;
        self.game = Some(game);
        Ok(())
    }

    fn socket(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    fn ipc_socket(&self) -> Option<PathBuf> {
        std::fs::read_dir(&self.dir)
            .ok()?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .find(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with("sway-ipc.") && n.ends_with(".sock"))
            })
    }

    fn log(&self, name: &str) -> String {
        std::fs::read_to_string(self.dir.join(name)).unwrap_or_default()
    }

    /// A grim command for the screen around (x, y): three tiles each way at the pitch GNOME
    /// Mines' 8×8 board has here, where a cascade shows too. One run takes a few ms.
    fn grab_around(&self, x: u32, y: u32) -> Command {
        const SIDE: u32 = 200;
        let (left, top) = (
            x.saturating_sub(SIDE / 2).min(SCREEN.0 - SIDE),
            y.saturating_sub(SIDE / 2).min(SCREEN.1 - SIDE),
        );
        let mut grim = self.client("grim");
        grim.args([
            "-t",
            "ppm",
            "-g",
            &format!("{left},{top} {SIDE}x{SIDE}"),
            "-",
        ]);
        grim
    }

    /// A command for the clients the test runs itself (as root) on this sway.
    fn client(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let mut command = Command::new(program);
        command
            .env_remove("DISPLAY")
            .env("XDG_RUNTIME_DIR", &self.dir)
            .env("WAYLAND_DISPLAY", "wayland-1");
        if let Some(ipc) = self.ipc_socket() {
            command.env("SWAYSOCK", ipc);
        }
        command
    }

    /// sway's window tree.
    fn tree(&self) -> Result<Value, String> {
        let out = self
            .client("swaymsg")
            .args(["-r", "-t", "get_tree"])
            .output()
            .map_err(|e| e.to_string())?;
        serde_json::from_slice(&out.stdout).map_err(|e| format!("swaymsg get_tree: {e}"))
    }

    /// Whether the screen shows the advice's mark on tile (row, col) of the board in `line`:
    /// a safe tile's green, or the best guess's yellow ring, blended over the tile.
    fn mark_shows(&self, line: &Value, row: usize, col: usize, safe: bool) -> Result<bool, String> {
        let pitch =
            line["board"]["width"].as_f64().unwrap_or(0.0) / line["cols"].as_f64().unwrap_or(1.0);
        let (cx, cy) = tile_centre(line, row, col);
        let (x, y) = ((cx - pitch / 2.0).round(), (cy - pitch / 2.0).round());
        let size = pitch.floor().max(1.0);
        let path = self.dir.join("mark.png");
        let out = self
            .client("grim")
            .args(["-g", &format!("{x},{y} {size}x{size}")])
            .arg(&path)
            .output()
            .map_err(|e| format!("cannot run grim: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "grim failed: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
        let tile = image::open(&path)
            .map_err(|e| format!("grim's screenshot: {e}"))?
            .to_rgb8();
        let marked = tile
            .pixels()
            .filter(|p| {
                let [r, g, b] = p.0.map(i32::from);
                if safe {
                    g > r + 60
                } else {
                    b + 80 < r.min(g)
                }
            })
            .count();
        // At least a line's worth of the mark's colour.
        Ok(marked as f64 >= size)
    }

    /// Clicks the screen pixel (x, y) with a virtual pointer.
    /// Clicks at (`x`, `y`); returns when sway had taken the button's release (GNOME Mines
    /// opens a tile on the release).
    fn click(&self, x: f64, y: f64) -> Result<Instant, String> {
        let stream = UnixStream::connect(self.socket("wayland-1")).map_err(|e| e.to_string())?;
        let conn = Connection::from_socket(stream).map_err(|e| e.to_string())?;
        let (globals, mut queue) =
            registry_queue_init::<Clicker>(&conn).map_err(|e| e.to_string())?;
        let qh = queue.handle();
        let seat: wl_seat::WlSeat = globals.bind(&qh, 1..=7, ()).map_err(|e| e.to_string())?;
        let manager: ZwlrVirtualPointerManagerV1 = globals
            .bind(&qh, 1..=2, ())
            .map_err(|e| format!("no virtual-pointer protocol: {e}"))?;
        let pointer = manager.create_virtual_pointer(Some(&seat), &qh, ());
        let (x, y) = (x.round().max(0.0) as u32, y.round().max(0.0) as u32);
        // Each step is let through before the next: GTK takes a press that comes with the
        // pointer's arrival, or a release right on the press, for no click at all. The device
        // is left to go with the connection: sway 1.7 crashed when it was destroyed by hand.
        let mut step = |time: u32, event: &dyn Fn(u32)| -> Result<Instant, String> {
            // With MINEHINT_WATCH_SCREEN set: before the release, the screen around the click
            // as the press left it; after it, watched until it changes (`live_log::last_undrawn`)
            // while the pointer rests. Off by default: grim's copies make headless sway draw
            // frames it would not draw otherwise, and GTK then draws a click sooner
            // (docs/benchmarks.md).
            let mut grab = self.grab_around(x, y);
            let watch = time == 600 && std::env::var_os("MINEHINT_WATCH_SCREEN").is_some();
            let before = watch.then(|| grab.output().map(|out| out.stdout));
            event(time);
            pointer.frame();
            queue.roundtrip(&mut Clicker).map_err(|e| e.to_string())?;
            let taken = Instant::now();
            if let Some(Ok(before)) = before {
                *self.watching.lock().unwrap() = Some(std::thread::spawn(move || {
                    live_log::last_undrawn(&before, || {
                        let out = grab.output().ok()?;
                        out.status.success().then_some(out.stdout)
                    })
                }));
            }
            std::thread::sleep(Duration::from_millis(150));
            Ok(taken)
        };
        step(0, &|t| pointer.motion_absolute(t, x, y, SCREEN.0, SCREEN.1))?;
        step(200, &|t| {
            pointer.motion_absolute(t, x + 1, y + 1, SCREEN.0, SCREEN.1)
        })?;
        step(400, &|t| {
            pointer.button(t, BTN_LEFT, wl_pointer::ButtonState::Pressed)
        })?;
        let released = step(600, &|t| {
            pointer.button(t, BTN_LEFT, wl_pointer::ButtonState::Released)
        })?;
        // Parked in a corner, off the board: a hovered tile looks different.
        step(800, &|t| {
            pointer.motion_absolute(t, SCREEN.0 - 1, SCREEN.1 - 1, SCREEN.0, SCREEN.1)
        })?;
        Ok(released)
    }
}

impl Table for Sway {
    fn click_at(&mut self, x: f64, y: f64) -> Result<Instant, String> {
        self.click(x, y)
    }

    fn last_click_undrawn(&mut self) -> Option<Instant> {
        self.watching.lock().unwrap().take()?.join().ok()?
    }

    fn next_game(&mut self, _line: &Value) -> Result<(), String> {
        self.new_game()?;
        // GTK takes a moment to draw the new board.
        std::thread::sleep(Duration::from_secs(2));
        Ok(())
    }
}

impl Drop for Sway {
    fn drop(&mut self) {
        if let Some(game) = &mut self.game {
            let _ = game.kill();
            let _ = game.wait();
        }
        // runuser passes the signal on to sway; its clients then go with it.
        let _ = self.sway.kill();
        let _ = self.sway.wait();
        let _ = Command::new("pkill").args(["-u", USER]).status();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The virtual pointer's client state: it listens to nothing.
struct Clicker;

impl Dispatch<wl_registry::WlRegistry, GlobalListContents> for Clicker {
    fn event(
        _: &mut Self,
        _: &wl_registry::WlRegistry,
        _: wl_registry::Event,
        _: &GlobalListContents,
        _: &Connection,
        _: &QueueHandle<Self>,
    ) {
    }
}

impl Dispatch<wl_seat::WlSeat, ()> for Clicker {
    fn event(
        _: &mut Self,
        _: &wl_seat::WlSeat,
        _: wl_seat::Event,
        _: &(),
        _: &Connection,
        _: &QueueHandle<Self>,
    ) {
    }
}

impl Dispatch<ZwlrVirtualPointerManagerV1, ()> for Clicker {
    fn event(
        _: &mut Self,
        _: &ZwlrVirtualPointerManagerV1,
        _: <ZwlrVirtualPointerManagerV1 as wayland_client::Proxy>::Event,
        _: &(),
        _: &Connection,
        _: &QueueHandle<Self>,
    ) {
    }
}

impl Dispatch<ZwlrVirtualPointerV1, ()> for Clicker {
    fn event(
        _: &mut Self,
        _: &ZwlrVirtualPointerV1,
        _: <ZwlrVirtualPointerV1 as wayland_client::Proxy>::Event,
        _: &(),
        _: &Connection,
        _: &QueueHandle<Self>,
    ) {
    }
}

/// The node of sway's tree named `name`.
fn node<'a>(tree: &'a Value, name: &str) -> Option<&'a Value> {
    if tree["name"] == name {
        return Some(tree);
    }
    ["nodes", "floating_nodes"]
        .iter()
        .filter_map(|key| tree[*key].as_array())
        .flatten()
        .find_map(|child| node(child, name))
}

/// One try: sway, GNOME Mines, live, the panel's place and six clicks by the advice.
fn follow_gnome_mines(name: &str) -> Result<(), String> {
    let desk = Sway::start(name)?;
    let log = desk.dir.join("live.jsonl");
    let stderr_path = desk.dir.join("live.stderr");
    let mut live = desk
        .client(env!("CARGO_BIN_EXE_minehint"))
        .args([
            "live",
            "--no-profile",
            "--mines",
            "10",
            "--rate",
            "10",
            "--log-json",
        ])
        .arg(&log)
        .env("RUST_LOG", "minehint=debug")
        .stderr(std::fs::File::create(&stderr_path).map_err(|e| e.to_string())?)
        .spawn()
        .map_err(|e| format!("cannot start minehint live: {e}"))?;
    let result = (|| -> Result<(), String> {
        let first = wait(Duration::from_secs(60), || {
            log_lines(&log)
                .into_iter()
                .find(|v| v["rows"] == 8 && v["cols"] == 8)
        })
        .ok_or("live did not read GNOME Mines' 8x8 board within 60 s")?;
        if first["display"] != "wayland" {
            return Err(format!("the log names another display system: {first}"));
        }
        let board = &first["board"];
        let (bx, by, bw, bh) = (
            board["x"].as_f64().unwrap_or(0.0),
            board["y"].as_f64().unwrap_or(0.0),
            board["width"].as_f64().unwrap_or(0.0),
            board["height"].as_f64().unwrap_or(0.0),
        );
        // The marks: over the board, on the advised tile, in the screen sway shows.
        let (row, col, safe) =
            advised(&first).ok_or(format!("no move and no guess on a fresh board: {first}"))?;
        let marked = wait(Duration::from_secs(10), || {
            desk.mark_shows(&first, row, col, safe).ok()?.then_some(())
        });
        if marked.is_none() {
            return Err(format!(
                "the screen shows no {} mark on ({row}, {col}) of the board at {bx},{by} \
                 {bw}x{bh} ({})",
                if safe { "safe" } else { "guess" },
                desk.mark_shows(&first, row, col, safe)
                    .err()
                    .unwrap_or_else(|| "the tile looks unmarked".into())
            ));
        }
        // The overlay takes no keyboard: the game keeps the focus.
        let tree = desk.tree()?;
        if !node(&tree, "Mines").is_some_and(|g| g["focused"] == true) {
            return Err(format!(
                "the game lost the focus to the overlay; tree: {tree}"
            ));
        }
        let mut line = first;
        let mut seen = log_lines(&log).len();
        let mut clicks = 0;
        for _ in 0..6 {
            if game_over(&line) {
                break;
            }
            let (row, col, safe) =
                advised(&line).ok_or(format!("no move and no guess on a board in play: {line}"))?;
            let (x, y) = tile_centre(&line, row, col);
            desk.click(x, y)?;
            let next = wait(Duration::from_secs(20), || {
                let lines = log_lines(&log);
                lines[seen.min(lines.len())..]
                    .iter()
                    .rev()
                    .find(|v| cell(v, row, col) != '.')
                    .cloned()
                    .map(|v| (v, lines.len()))
            })
            .ok_or_else(|| {
                format!(
                    "the click on ({row}, {col}) never showed in the log; clicked on {line}; \
                     lines since: {:?}",
                    lines_since(&log, seen)
                )
            })?;
            (line, seen) = next;
            if safe && matches!(cell(&line, row, col), '*' | '!') {
                return Err(format!("a tile advised safe was a mine: {line}"));
            }
            if line["consistent"] != true {
                return Err(format!("an inconsistent reading of GNOME Mines: {line}"));
            }
            clicks += 1;
        }
        eprintln!("live followed {clicks} clicks on GNOME Mines under sway; last: {line}");
        if clicks == 0 {
            return Err("no click was made".into());
        }
        Ok(())
    })();
    let _ = live.kill();
    let _ = live.wait();
    result.map_err(|err| {
        format!(
            "{err}\nlive stderr (tail):\n{}\nsway log (tail):\n{}\nGNOME Mines log:\n{}",
            tail(
                &std::fs::read_to_string(&stderr_path).unwrap_or_default(),
                15
            ),
            tail(&desk.log("sway.log"), 10),
            tail(&desk.log("mines.log"), 10),
        )
    })
}

#[test]
fn live_follows_gnome_mines_on_sway_natively() {
    if let Some(why) = missing() {
        eprintln!("live_follows_gnome_mines_on_sway_natively: SKIPPED, {why}");
        return;
    }
    let mut errors = Vec::new();
    // sway and GTK start slowly and now and then not at all: three tries before failing.
    for attempt in 1..=3 {
        match follow_gnome_mines(&format!("sway{attempt}")) {
            Ok(()) => return,
            Err(err) => {
                eprintln!("try {attempt} failed: {err}");
                errors.push(err);
            }
        }
    }
    panic!(
        "live did not follow GNOME Mines on sway:\n{}",
        errors.join("\n---\n")
    );
}

/// Runs `live --rate 30 --stats` for `seconds`; with `play`, clicks the advised tiles meanwhile,
/// starting a new game when one ends. Returns live's stats line.
fn measure(desk: &mut Sway, seconds: u64, play: bool) -> Result<String, String> {
    let log = desk.dir.join(format!("bench-{play}.jsonl"));
    let stderr_path = desk.dir.join(format!("bench-{play}.stderr"));
    let mut live = desk
        .client(live_log::timed_binary())
        .args([
            "live",
            "--no-profile",
            "--mines",
            "10",
            "--rate",
            "30",
            "--stats",
        ])
        .args(["--duration", &seconds.to_string(), "--log-json"])
        .arg(&log)
        .stderr(std::fs::File::create(&stderr_path).map_err(|e| e.to_string())?)
        .spawn()
        .map_err(|e| format!("cannot start minehint live: {e}"))?;
    if play {
        let end = Instant::now() + Duration::from_secs(seconds.saturating_sub(3));
        play_until(desk, &log, end, Duration::from_millis(300))?;
    }
    let _ = live.wait();
    Ok(stats_line(
        &std::fs::read_to_string(&stderr_path).unwrap_or_default(),
    ))
}

/// Runs `live --rate 30` and clicks the advised tile `clicks` times, each after `rest` with the
/// board unchanged (long enough for live to look at it less often); returns, for each click,
/// the time from the button's release to the log line that shows the tile open. That time
/// holds the game's redraw and the compositor's next frame as well as live's own wait.
fn clicks_after_rest(
    desk: &mut Sway,
    clicks: usize,
    rest: Duration,
) -> Result<Vec<Duration>, String> {
    let log = desk.dir.join("bench-rest.jsonl");
    let stderr_path = desk.dir.join("bench-rest.stderr");
    let mut live = desk
        .client(live_log::timed_binary())
        .args(["live", "--no-profile", "--mines", "10", "--rate", "30"])
        .args(["--duration", "180", "--log-json"])
        .arg(&log)
        .env("RUST_LOG", "minehint=debug")
        .stderr(std::fs::File::create(&stderr_path).map_err(|e| e.to_string())?)
        .spawn()
        .map_err(|e| format!("cannot start minehint live: {e}"))?;
    let result = live_log::clicks_after_rest(desk, &log, clicks, rest);
    let exited = live.try_wait().ok().flatten();
    let _ = live.kill();
    let _ = live.wait();
    result.map_err(|err| {
        format!(
            "{err}\nlive {}; its stderr (tail):\n{}",
            exited.map_or("was still running".into(), |s| format!("had exited: {s}")),
            tail(
                &std::fs::read_to_string(&stderr_path).unwrap_or_default(),
                10
            )
        )
    })
}

/// Prints live's capture → overlay latency while GNOME Mines is played, and its CPU use while
/// the board does not change, at 30 frames a second on headless sway (docs/benchmarks.md):
/// `cargo test --release --test wayland_sway -- --ignored --nocapture`; with `MINEHINT_BIN`
/// set, of the binary it names.
#[test]
#[ignore = "a benchmark, not a check: run it with --ignored"]
fn bench_live_on_sway() {
    if let Some(why) = missing() {
        eprintln!("bench_live_on_sway: SKIPPED, {why}");
        return;
    }
    let mut desk = Sway::start("swaybench").expect("sway starts");
    std::thread::sleep(Duration::from_secs(3));
    let playing = measure(&mut desk, 45, true).expect("the played run");
    desk.new_game().expect("a fresh game");
    std::thread::sleep(Duration::from_secs(3));
    println!("wayland, 45 s of play: {playing}");
    let idle = measure(&mut desk, 30, false).expect("the idle run");
    println!("wayland, 30 s with the board unchanged: {idle}");
    desk.new_game().expect("a fresh game");
    std::thread::sleep(Duration::from_secs(3));
    let mut delays =
        clicks_after_rest(&mut desk, 8, Duration::from_secs(3)).expect("the clicks after rest");
    println!(
        "wayland, a click after 3 s with the board unchanged, release → live's log line: {} \
         (at 30 Hz a frame is 33.3 ms)",
        live_log::delays_summary(&mut delays)
    );
}
