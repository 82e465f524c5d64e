//! `solve`'s certain moves and `minehint bench`, through the real binary.

use serde_json::Value;
use std::process::Output;

mod common;
use common::minehint;

fn json(o: &Output) -> Value {
    assert!(
        o.status.success(),
        "exit {:?}: {}",
        o.status,
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).expect("one JSON object")
}

#[test]
fn solve_lists_each_certain_tile_once_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("b.board");
    // The 1-2-1 pattern: both ends of the covered row are mines, the middle is safe.
    std::fs::write(&file, "...\n121\nxxx\n").unwrap();
    let v = json(&minehint(&["solve", file.to_str().unwrap(), "--json"]));
    let moves = v["moves"].as_array().unwrap();
    let mut seen: Vec<(u64, u64, String)> = moves
        .iter()
        .map(|m| {
            assert!(!m["reason"].as_str().unwrap().is_empty());
            (
                m["row"].as_u64().unwrap(),
                m["col"].as_u64().unwrap(),
                m["action"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    seen.sort();
    assert_eq!(
        seen,
        vec![
            (0, 0, "flag".to_string()),
            (0, 1, "open".to_string()),
            (0, 2, "flag".to_string())
        ]
    );
    assert!(v["best_guess"].is_null());

    let text = minehint(&["solve", file.to_str().unwrap()]);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("certain moves:"), "{text}");
    assert!(text.contains("pair rule"), "{text}");
}

#[test]
fn bench_json_has_the_design_fields_and_no_false_safes() {
    let v = json(&minehint(&[
        "bench", "--board", "beginner", "--games", "300", "--seed", "5", "--json",
    ]));
    for key in [
        "board",
        "first_click",
        "start",
        "games",
        "wins",
        "win_rate",
        "ci95",
        "games_per_second",
        "seed",
    ] {
        assert!(v.get(key).is_some(), "missing {key} in {v}");
    }
    assert_eq!(v["board"], "9x9x10");
    assert_eq!(v["first_click"], "safe");
    assert_eq!(v["start"], serde_json::json!([0, 0]));
    assert_eq!(v["games"], 300);
    assert_eq!(v["false_safe"], 0);
    let rate = v["win_rate"].as_f64().unwrap();
    assert!(
        rate > 0.8,
        "Beginner is won about 92% of the time; got {rate}"
    );
    // Every lost game is put down to the click that lost it, and none to a tile called safe.
    let lost = &v["lost_on"];
    let count = |key: &str| lost[key].as_u64().unwrap_or_else(|| panic!("{key} in {v}"));
    let kinds = count("guess") + count("endgame") + count("fifty_fifty") + count("certain_move");
    assert_eq!(kinds, 300 - v["wins"].as_u64().unwrap(), "{v}");
    assert_eq!(count("certain_move"), 0, "{v}");
    let first = v["lost_on_first_guess"].as_u64().unwrap();
    assert!(first <= kinds, "{v}");
}

#[test]
fn same_seed_same_result_on_any_thread_count() {
    let run = |threads: &str| {
        json(&minehint(&[
            "bench",
            "--board",
            "12x10x18",
            "--first-click",
            "zero",
            "--start",
            "3,3",
            "--games",
            "200",
            "--seed",
            "9",
            "--threads",
            threads,
            "--json",
        ]))
    };
    let (one, two) = (run("1"), run("2"));
    assert_eq!(one["wins"], two["wins"]);
    assert_eq!(one["lost_on"], two["lost_on"]);
    assert_eq!(one["lost_on_first_guess"], two["lost_on_first_guess"]);
    assert_eq!(one["guesses_per_game"], two["guesses_per_game"]);
    assert_eq!(one["first_click"], "zero");
    assert_eq!(one["start"], serde_json::json!([3, 3]));
}

#[test]
fn bench_refuses_impossible_settings() {
    for args in [
        &["bench", "--board", "3x3x9", "--games", "1"][..],
        &["bench", "--board", "9x9", "--games", "1"][..],
        &[
            "bench", "--board", "beginner", "--start", "9,0", "--games", "1",
        ][..],
    ] {
        let o = minehint(args);
        assert!(!o.status.success(), "{args:?} was accepted");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.starts_with("minehint: "), "{args:?}: {err}");
    }
}

#[test]
fn bench_plays_the_deep_policy_without_false_safes() {
    let v = json(&minehint(&[
        "bench",
        "--board",
        "intermediate",
        "--games",
        "60",
        "--seed",
        "3",
        "--policy",
        "deep",
        "--json",
    ]));
    assert_eq!(v["policy"], "deep");
    assert_eq!(v["false_safe"], 0);
    assert_eq!(v["lost_on"]["certain_move"], 0);
    let fast = json(&minehint(&[
        "bench", "--board", "beginner", "--games", "5", "--json",
    ]));
    assert_eq!(fast["policy"], "fast");
}

/// The study options of issue 19: the dumped positions are the games' guesses with their
/// layouts, and replaying a guess with the policy's own tile gives the game's own result.
#[test]
fn bench_dumps_guess_positions_and_replays_them() {
    let dir = tempfile::tempdir().unwrap();
    let dump = dir.path().join("positions.txt");
    let outcomes = dir.path().join("outcomes.txt");
    let common = [
        "bench",
        "--board",
        "intermediate",
        "--seed",
        "4",
        "--games",
        "30",
    ];
    let mut args = common.to_vec();
    args.extend(["--dump-guesses", dump.to_str().unwrap()]);
    let o = minehint(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut args = common.to_vec();
    args.extend(["--outcomes", outcomes.to_str().unwrap()]);
    assert!(minehint(&args).status.success());
    let won: Vec<char> = std::fs::read_to_string(&outcomes)
        .unwrap()
        .trim()
        .chars()
        .collect();

    let text = std::fs::read_to_string(&dump).unwrap();
    let mut replay = String::new();
    let mut blocks = 0;
    let mut lines = text.lines();
    while let Some(head) = lines.next() {
        // "# game G guess K kind KIND row R col C mine P", then "16x16x40" and 16 rows.
        let f: Vec<&str> = head.split_whitespace().collect();
        assert_eq!(
            (f[0], f[1], f[3], f[5]),
            ("#", "game", "guess", "kind"),
            "{head}"
        );
        assert_eq!(lines.next(), Some("16x16x40"));
        let rows: Vec<&str> = lines.by_ref().take(16).collect();
        assert!(rows.iter().all(|r| r.len() == 16), "{rows:?}");
        let mines: usize = rows.iter().map(|r| r.matches('m').count()).sum();
        assert_eq!(mines, 40, "every mine is written");
        let (row, col): (usize, usize) = (f[8].parse().unwrap(), f[10].parse().unwrap());
        assert!(matches!(rows[row].as_bytes()[col], b'H' | b'm'), "{head}");
        replay.push_str(&format!("{} {} {row} {col}\n", f[2], f[4]));
        blocks += 1;
    }
    assert!(blocks > 5, "{blocks} guess positions in 30 games");
    let list = dir.path().join("replay.txt");
    std::fs::write(&list, &replay).unwrap();
    let mut args = common.to_vec();
    args.extend(["--replay", list.to_str().unwrap()]);
    let o = minehint(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8(o.stdout).unwrap();
    assert_eq!(out.lines().count(), blocks);
    for line in out.lines() {
        let f: Vec<usize> = line
            .split_whitespace()
            .map(|x| x.parse().unwrap())
            .collect();
        let expected = won[f[0]];
        assert_eq!(char::from(b'0' + f[4] as u8), expected, "{line}");
    }

    std::fs::write(&list, "1 2 three 4\n").unwrap();
    let o = minehint(&args);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("line 1") && err.contains("GAME GUESS ROW COL"),
        "{err}"
    );
}

/// A board with nothing open: the first click the rule favours, with the rule named, where the
/// solver alone would give every tile the same mine chance.
#[test]
fn a_fresh_board_gets_the_first_click_its_rule_favours() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("fresh.board");
    std::fs::write(&file, "........\n".repeat(8)).unwrap();
    let file = file.to_str().unwrap();
    let guess = |rule: &str| {
        let args = [
            "solve",
            file,
            "--mines",
            "10",
            "--first-click",
            rule,
            "--json",
        ];
        json(&minehint(&args))["best_guess"].clone()
    };
    let safe = guess("safe");
    assert_eq!(
        (safe["row"].as_u64(), safe["col"].as_u64()),
        (Some(0), Some(0))
    );
    assert_eq!(safe["p"], 0.0);
    assert_eq!(safe["first_click"], "safe");
    let zero = guess("zero");
    assert_eq!(
        (zero["row"].as_u64(), zero["first_click"].as_str()),
        (Some(3), Some("zero"))
    );
    let any = guess("any");
    assert_eq!(any["p"], 10.0 / 64.0);
    assert!(any.get("first_click").is_none());
    // Safe is the default.
    let default = json(&minehint(&["solve", file, "--mines", "10", "--json"]));
    assert_eq!(default["best_guess"], safe);
    let text = minehint(&["solve", file, "--mines", "10"]);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains("first click: row 0, col 0") && text.contains("rule assumed: safe"),
        "{text}"
    );
}

/// `solve` on a board that one misplaced flag makes impossible names that flag, in text and in
/// the JSON error.
#[test]
fn solve_names_the_flag_that_breaks_a_board() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("flagged.board");
    // The 1 at (1, 1) touches two flags; without the one at (0, 0) every number holds.
    std::fs::write(&file, "F.F..\n.1.1.\n.....\n").unwrap();
    let file = file.to_str().unwrap();
    let o = minehint(&["solve", file, "--json"]);
    assert_eq!(o.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["error"]["kind"], "inconsistent", "{v}");
    assert_eq!(v["error"]["flag"], serde_json::json!([0, 0]), "{v}");
    let o = minehint(&["solve", file]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        stderr.contains("flag at (row 0, col 0) misplaced"),
        "{stderr}"
    );
}
