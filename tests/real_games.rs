//! Against real games: xdemineur and GNOME Mines started headless under Xvfb (with openbox and
//! xcompmgr, through scripts/real_games.sh), then `minehint calibrate --screen` must find each
//! board on the live screen and name its window, and a custom-size GNOME game's mine total must
//! be read off its own counter text. scripts/test.sh installs the Debian packages.
//!
//! Starting X programs is flaky by nature, so each game gets three tries; every failure prints
//! the script's output and logs.

use minehint::pipeline::read_board;
use minehint::vision::text_counter::{read_text_counter, FlagsOfTotal};
use minehint::vision::{load_image, Classifier, Hints, TileClass};
use serde_json::Value;
use std::path::Path;
use std::process::Command;

/// Runs `game` (a real_games.sh call that starts one game) on its own display and returns
/// `calibrate --screen --json`'s answer.
fn calibrate_on_screen(display: u32, game: &str) -> Result<Value, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let script = format!(
        "source scripts/real_games.sh
         trap rg_stop_display EXIT
         rg_display {display} || exit 3
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
                if title.contains(window) {
                    return;
                }
                // A window mapped while openbox is still starting can stay unmanaged, and is
                // then not named: a flaky start, tried again.
                let e = format!("window {title:?} for {game}: {v}");
                eprintln!("{game}, try {}: {e}", attempt + 1);
                errors.push(e);
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

/// A custom-size GNOME Mines game (12x10, 17 mines: no standard size implies its total), in
/// `font`: the mine total must come from the game's own "flags/total" text, before and after two
/// flags are placed (the text then shows 2/17, and its flag count must match the board's).
fn custom_gnome_total_is_read(slot: u32, font: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let classifier = Classifier::embedded().unwrap();
    let mut errors = Vec::new();
    for attempt in 0..3 {
        let display = 140 + std::process::id() % 40 * 8 + slot * 3 + attempt;
        let dir = tempfile::tempdir().unwrap();
        let shots = dir.path().display();
        // Flags go on the first two tiles of the top row, found by calibrate on the first shot.
        let script = format!(
            "source scripts/real_games.sh
             trap rg_stop_display EXIT
             rg_display {display} || exit 3
             rg_gnome_mines_custom classic 12 10 17 900 700 '{font}' >/dev/null || exit 4
             import -window root {shots}/fresh.png || exit 5
             grid=$('{binary}' calibrate {shots}/fresh.png --json) || exit 6
             for col in 0 1; do
                 xy=$(echo \"$grid\" | python3 -c \"import json,sys; g=json.load(sys.stdin)['grid']; \
print(int(g['x'] + ($col + 0.5) * g['pitch_x']), int(g['y'] + 0.5 * g['pitch_y']))\") || exit 7
                 xdotool mousemove $xy click 3 || exit 8
                 sleep 0.3
             done
             xdotool mousemove 0 0; sleep 0.5
             import -window root {shots}/flagged.png || exit 9",
            binary = env!("CARGO_BIN_EXE_minehint"),
        );
        let out = Command::new("bash")
            .arg("-c")
            .arg(&script)
            .current_dir(root)
            .output()
            .expect("bash runs");
        if !out.status.success() {
            let e = format!(
                "exit {:?}\nstdout: {}\nstderr: {}",
                out.status,
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            eprintln!("custom GNOME Mines in {font:?}, try {}: {e}", attempt + 1);
            errors.push(e);
            continue;
        }
        for (shot, flags) in [("fresh", 0), ("flagged", 2)] {
            let path = dir.path().join(format!("{shot}.png"));
            let image = load_image(&path).unwrap();
            let reading = read_board(&image, Hints::default(), &classifier)
                .unwrap_or_else(|e| panic!("{font:?} {shot}: {e}"));
            let text = read_text_counter(&image, &reading.grid);
            // Keep the screenshot where a failure can be looked at.
            let keep = std::env::temp_dir().join(format!("minehint-custom-{slot}-{shot}.png"));
            let board_flags = (reading.tiles.iter())
                .filter(|v| v.class == TileClass::Flag)
                .count();
            assert_eq!(
                (
                    reading.grid.rows,
                    reading.grid.cols,
                    board_flags,
                    text,
                    reading.mines
                ),
                (
                    10,
                    12,
                    flags,
                    Some(FlagsOfTotal {
                        flags: flags as u64,
                        total: 17
                    }),
                    Some(17)
                ),
                "{font:?} {shot} (screenshot kept as {})",
                std::fs::copy(&path, &keep)
                    .map(|_| keep.display().to_string())
                    .unwrap_or_default()
            );
        }
        return;
    }
    panic!(
        "custom GNOME Mines in {font:?} failed three times:\n{}",
        errors.join("\n---\n")
    );
}

#[test]
fn custom_gnome_mines_total_is_read_in_the_default_font() {
    custom_gnome_total_is_read(2, "");
}

#[test]
fn custom_gnome_mines_total_is_read_in_cantarell() {
    custom_gnome_total_is_read(3, "Cantarell 11");
}
