//! Each mistake a user can make on the command line gets a message that says what is wrong and
//! what to do, through the real binary (issue: the player's error messages).

mod common;
use common::minehint;
use std::io::Write;
use std::process::{Command, Stdio};

const SCREENSHOT: &str = "fixtures/xdemineur-12-12-20-mid.png";

fn fixture_path() -> String {
    format!("{}/{SCREENSHOT}", env!("CARGO_MANIFEST_DIR"))
}

/// Runs minehint and returns its exit code and standard error.
fn fails(args: &[&str]) -> (Option<i32>, String) {
    let o = minehint(args);
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn negative_numbers_are_refused_as_values_not_as_options() {
    let image = fixture_path();
    for args in [
        vec!["solve", "--mines", "-1", "x.board"],
        vec!["advise", &image, "--mines", "-1"],
    ] {
        let (code, stderr) = fails(&args);
        assert_eq!(code, Some(2), "{args:?}");
        assert!(stderr.contains("mine total"), "{args:?}: {stderr}");
        assert!(!stderr.contains("'-- -1'"), "{args:?}: {stderr}");
    }
    let (code, stderr) = fails(&["parse", &image, "--region", "-1,0,10,10"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("X,Y,W,H") && stderr.contains("0 or more"),
        "{stderr}"
    );
}

#[test]
fn a_tile_width_that_finds_nothing_is_named() {
    let (code, stderr) = fails(&["parse", &fixture_path(), "--tile-width", "7"]);
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains("no Minesweeper board") && stderr.contains("--tile-width"),
        "{stderr}"
    );
}

#[test]
fn calibrate_without_an_image_mentions_the_screen() {
    let (code, stderr) = fails(&["calibrate"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("--screen") && stderr.contains("'-'"),
        "{stderr}"
    );
}

#[test]
fn an_unreadable_profile_is_called_a_profile() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nowhere.toml");
    let (code, stderr) = fails(&["live", "--profile", missing.to_str().unwrap()]);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("cannot read the profile"), "{stderr}");
    let damaged = dir.path().join("damaged.toml");
    std::fs::write(&damaged, "[hotkeys]\nmarks = \"ctrl+alt+nokey\"\n").unwrap();
    let (code, stderr) = fails(&["live", "--profile", damaged.to_str().unwrap()]);
    assert_eq!(code, Some(1));
    // The hotkey table is checked before any screen is looked at.
    assert!(
        stderr.contains("[hotkeys]") && stderr.contains("marks hotkey \"ctrl+alt+nokey\""),
        "{stderr}"
    );
}

#[test]
fn a_bad_board_character_lists_every_accepted_one() {
    let dir = tempfile::tempdir().unwrap();
    let board = dir.path().join("bad.board");
    std::fs::write(&board, "..\n.Z\n").unwrap();
    let (code, stderr) = fails(&["solve", board.to_str().unwrap()]);
    assert_eq!(code, Some(1));
    for accepted in [". ? # H", "F", "0-8", "x W"] {
        assert!(stderr.contains(accepted), "{accepted}: {stderr}");
    }
}

#[test]
fn a_screenshot_reads_from_standard_input() {
    let bytes = std::fs::read(fixture_path()).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_minehint"))
        .args(["parse", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&bytes).unwrap();
    let piped = child.wait_with_output().unwrap();
    assert!(
        piped.status.success(),
        "{}",
        String::from_utf8_lossy(&piped.stderr)
    );
    let from_file = minehint(&["parse", &fixture_path()]);
    assert_eq!(piped.stdout, from_file.stdout);
}

/// Huge boards are worked out within bounds or refused with what to do: more tiles than a
/// board may have, or a mine total whose exact count would take minutes.
#[test]
fn huge_boards_are_bounded_or_refused_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let wide = dir.path().join("wide.board");
    std::fs::write(&wide, format!("{}\n", ".".repeat(1001)).repeat(1000)).unwrap();
    let (code, stderr) = fails(&["solve", wide.to_str().unwrap()]);
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains("too large") && stderr.contains("1000000 tiles"),
        "{stderr}"
    );

    let square = dir.path().join("square.board");
    std::fs::write(&square, format!("{}\n", ".".repeat(1000)).repeat(1000)).unwrap();
    let square = square.to_str().unwrap();
    let o = minehint(&["solve", square, "--mines", "300000", "--json"]);
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["error"]["kind"], "too_large", "{v}");
    assert!(v["error"]["message"]
        .as_str()
        .unwrap()
        .contains("leave out the mine total"));
    // Within the bounds, the exact answer: every tile 1 in 10.
    let o = minehint(&["solve", square, "--mines", "100000", "--json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["cells"][12345]["mine"], "1/10");
}
