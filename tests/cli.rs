//! The real `minehint` binary: outputs, JSON shapes, exit codes and error messages.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn minehint(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_minehint"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A command that fails before reading its input closes the pipe early: that is not an error here.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

const TWO_SUBSYSTEMS: &str = ".....\n.111.\n.....\n.....\n.232.\n.....\n.....\n";

#[test]
fn solve_json_matches_the_design() {
    let o = minehint(&["solve", "--mines", "9", "--json"], TWO_SUBSYSTEMS);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["rows"], 7);
    assert_eq!(v["cols"], 5);
    assert_eq!(v["mines"], 9);
    assert_eq!(v["mode"], "global");
    assert_eq!(v["solutions"], "2056");
    let cells = v["cells"].as_array().unwrap();
    // Global: every unrevealed tile, row by row.
    assert_eq!(cells.len(), 35 - 6);
    assert_eq!(cells[0]["row"], 0);
    assert_eq!(cells[0]["col"], 0);
    assert_eq!(cells[0]["mine"], "40/257");
    assert_eq!(cells[0]["p"], 0.155642);
    assert!(cells[0].get("numbers").is_none());
    assert_eq!(v["safe"], serde_json::json!([]));
    assert_eq!(v["certain_mines"], serde_json::json!([]));
    assert_eq!(v["best_guess"]["row"], 0);
    assert_eq!(v["best_guess"]["col"], 2);
}

#[test]
fn numbers_sum_to_one_and_end_with_the_mine_chance() {
    let board = ".......\n.1...2.\n.......\n.......\n.......\n.3.....\n.......\n";
    let o = minehint(
        &["solve", "-", "--mines", "9", "--numbers", "--json"],
        board,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let tile = v["cells"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["row"] == 1 && c["col"] == 3)
        .unwrap();
    let numbers: Vec<&str> = tile["numbers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    assert_eq!(numbers.len(), 10);
    assert_eq!(numbers[0], "4845/34496");
    assert_eq!(numbers[9], tile["mine"].as_str().unwrap());
}

#[test]
fn local_mode_reports_frontier_tiles_only() {
    let o = minehint(&["solve", "--json"], TWO_SUBSYSTEMS);
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["mode"], "local");
    assert_eq!(v["mines"], Value::Null);
    assert_eq!(v["solutions"], "280");
    assert_eq!(v["cells"].as_array().unwrap().len(), 24);
}

#[test]
fn text_output_fits_80_columns_for_intermediate() {
    let board = format!("{}\n", ".".repeat(16)).repeat(15) + "0...............\n";
    let o = minehint(&["solve", "--mines", "40"], &board);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
    assert!(text.contains("solutions: "));
    assert!(
        text.contains("  S"),
        "tiles next to the 0 are safe:\n{text}"
    );
}

#[test]
fn safe_tiles_and_certain_mines() {
    // Pattern 1-2-1: mines over the 1s' outer sides, the middle is safe.
    let o = minehint(&["solve", "--json"], ".....\n.121.\n.xxx.\n.xxx.\n");
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["certain_mines"], serde_json::json!([[0, 1], [0, 3]]));
    assert!(v["safe"]
        .as_array()
        .unwrap()
        .contains(&serde_json::json!([0, 2])));
    assert_eq!(v["best_guess"], Value::Null, "a safe tile exists");
}

#[test]
fn inconsistent_board_names_the_cells() {
    let o = minehint(&["solve", "--json"], "...\n131\nxxx\n");
    assert_eq!(o.status.code(), Some(1));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["error"]["kind"], "inconsistent");
    assert_eq!(v["error"]["cells"].as_array().unwrap().len(), 2);

    let o = minehint(&["solve"], "...\n131\nxxx\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("inconsistent board"), "{}", stderr(&o));
    assert!(stdout(&o).is_empty());
}

#[test]
fn mine_count_errors() {
    let board = ".....\n.111.\n.....\n.....\n.....\n";
    let o = minehint(&["solve", "--mines", "0", "--json"], board);
    assert_eq!(o.status.code(), Some(1));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["error"]["kind"], "too_few_mines");
    let o = minehint(&["solve", "--mines", "13", "--json"], board);
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["error"]["kind"], "too_many_mines");
    // Fewer mines than flags.
    let o = minehint(&["solve", "--mines", "1"], "FF.\n...\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("too few mines"), "{}", stderr(&o));
}

#[test]
fn bad_board_text_is_named() {
    for (input, needle) in [
        ("..\n.a\n", "line 2, column 2"),
        ("...\n..\n", "line 2: row has 2 tiles"),
        ("", "empty"),
        (".9\n", "above 8"),
    ] {
        let o = minehint(&["solve"], input);
        assert_eq!(o.status.code(), Some(1), "{input:?}");
        assert!(stderr(&o).contains(needle), "{input:?}: {}", stderr(&o));
        let o = minehint(&["solve", "--json"], input);
        let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert_eq!(v["error"]["kind"], "bad_board", "{input:?}");
    }
}

#[test]
fn unreadable_and_binary_files_are_refused() {
    let o = minehint(&["solve", "/nonexistent/board.txt"], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("/nonexistent/board.txt"));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("binary.board");
    std::fs::write(&path, b"..\n\xff\xfe\n").unwrap();
    let o = minehint(&["solve", path.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("UTF-8"), "{}", stderr(&o));
}

#[test]
fn usage_errors_exit_2() {
    let o = minehint(&["solve", "--numbers"], ".1.\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--mines"));
    let o = minehint(&["solve", "--mines", "lots"], ".1.\n");
    assert_eq!(o.status.code(), Some(2));
    let o = minehint(&["frobnicate"], "");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn list_prints_layouts_fewest_mines_first() {
    let o = minehint(&["solve", "--list", "3", "--json"], ".....\n.111.\n.....\n");
    assert!(o.status.success());
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let layouts = v["layouts"].as_array().unwrap();
    assert_eq!(layouts.len(), 3);
    assert_eq!(layouts[0]["mines"], 1);
    let o = minehint(&["solve", "--list", "2"], ".....\n.111.\n.....\n");
    assert!(stdout(&o).contains("2 layout(s), fewest mines first"));
}

#[test]
fn stream_answers_each_line_and_survives_errors() {
    let input = [
        r#"{"board": ".....\n.111.\n.....\n.....\n.....\n", "mines": 4}"#,
        r#"{"board": "...\n131\nxxx\n"}"#,
        "not json",
        r#"{"board": ".....\n.111.\n.....\n.....\n.....\n", "mines": null}"#,
    ]
    .join("\n");
    let o = minehint(&["solve", "--stream"], &input);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["solutions"], "780");
    assert_eq!(lines[1]["error"]["kind"], "inconsistent");
    assert_eq!(lines[2]["error"]["kind"], "bad_request");
    assert_eq!(lines[3]["mode"], "local");
}

#[test]
fn bundled_example_solves() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/two_subsystems.board");
    let o = minehint(&["solve", path, "--mines", "9"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("solutions: 2056"));
}
