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
