//! Against real games: xdemineur and GNOME Mines started headless under Xvfb (with openbox and
//! xcompmgr, through scripts/real_games.sh), then `minehint calibrate --screen` must find each
//! board on the live screen and name its window. scripts/test.sh installs the Debian packages.
//!
//! Starting X programs is flaky by nature, so each game gets three tries; every failure prints
//! the script's output and logs.

use serde_json::Value;
use std::path::Path;
use std::process::Command;

/// Runs `game` (a real_games.sh call that starts one game) on its own display and returns
/// `calibrate --screen --json`'s answer.
fn calibrate_on_screen(display: u32, game: &str) -> Result<Value, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let script = format!(
        "source scripts/real_games.sh
         rg_display {display} || exit 3
         trap rg_stop_display EXIT
         {game} >/dev/null || exit 4
         '{binary}' calibrate --screen --json",
        binary = env!("CARGO_BIN_EXE_minehint"),
    );
    let out = Command::new("bash")
        .arg("-c")
        .arg(script)
        .current_dir(root)
        .output()
        .map_err(|e| format!("cannot run bash: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(format!(
            "exit {:?}\nstdout: {stdout}\nstderr: {stderr}",
            out.status
        ));
    }
    serde_json::from_str(stdout.trim()).map_err(|e| format!("{e}: {stdout}\n{stderr}"))
}

/// `slot` keeps the tests of one run on different displays (they run in parallel).
fn check(slot: u32, game: &str, rows: u64, cols: u64, window: &str, pitch: Option<f64>) {
    let tools = ["Xvfb", "openbox", "xdotool", "xdemineur", "gnome-mines"];
    let missing: Vec<&str> = tools
        .iter()
        .copied()
        .filter(|t| {
            let path = format!("{}:/usr/games", std::env::var("PATH").unwrap_or_default());
            !std::env::split_paths(&path).any(|dir| dir.join(t).exists())
        })
        .collect();
    assert!(
        missing.is_empty(),
        "missing {missing:?}: run scripts/test.sh, which installs them"
    );
    let mut errors = Vec::new();
    for attempt in 0..3 {
        let display = 140 + std::process::id() % 40 * 8 + slot * 3 + attempt;
        match calibrate_on_screen(display, game) {
            Ok(v) => {
                assert_eq!(
                    (v["rows"].as_u64(), v["cols"].as_u64()),
                    (Some(rows), Some(cols)),
                    "{v}"
                );
                if let Some(p) = pitch {
                    assert_eq!(v["tile_width"].as_f64(), Some(p), "{v}");
                }
                let title = v["window"].as_str().unwrap_or_default().to_lowercase();
                assert!(title.contains(window), "window {title:?} for {game}: {v}");
                return;
            }
            Err(e) => {
                eprintln!("{game}, try {}: {e}", attempt + 1);
                errors.push(e);
            }
        }
    }
    panic!("{game} failed three times:\n{}", errors.join("\n---\n"));
}

#[test]
fn calibrate_finds_xdemineur_on_the_screen() {
    check(0, "rg_xdemineur 16 16 40", 16, 16, "mineur", Some(21.0));
}

#[test]
fn calibrate_finds_gnome_mines_on_the_screen() {
    check(
        1,
        "rg_gnome_mines classic medium 900 700",
        16,
        16,
        "mines",
        None,
    );
}
