//! Every vector of `tests/data/solver_vectors.txt`: probabilities, solution counts, mine histograms,
//! number distributions, refusals, and the safe/mine marks of the patterns catalog.

use minehint::board::{parse_board, Board, Cell, Pos};
use minehint::solver::{analyze, Analysis, SolveError, SolveOptions};

struct Vector {
    id: String,
    board: String,
    mines: Option<u64>,
    expect: Vec<String>,
}

fn load() -> Vec<Vector> {
    let text = include_str!("data/solver_vectors.txt");
    let mut vectors = Vec::new();
    for block in text.split("\n=== ").skip(1) {
        let mut lines = block.lines();
        let id = lines.next().unwrap().trim().to_string();
        let mut board = String::new();
        let mut mines = None;
        let mut expect = Vec::new();
        let mut section = "";
        for line in lines {
            if let Some(rest) = line.strip_prefix("mines:") {
                let rest = rest.trim();
                mines = (rest != "local").then(|| rest.parse().unwrap());
                section = "mines";
            } else if line.starts_with("board:") {
                section = "board";
            } else if line.starts_with("expect:") {
                section = "expect";
            } else if line.starts_with("source:") {
                section = "source";
            } else if section == "board" {
                board.push_str(line);
                board.push('\n');
            } else if section == "expect" && !line.trim().is_empty() {
                expect.push(line.trim().to_string());
            }
        }
        vectors.push(Vector {
            id,
            board,
            mines,
            expect,
        });
    }
    vectors
}

fn pos_of(s: &str) -> Pos {
    let inner = s.trim().trim_start_matches('(').trim_end_matches(')');
    let (r, c) = inner.split_once(',').unwrap();
    Pos::new(r.trim().parse().unwrap(), c.trim().parse().unwrap())
}

fn positions(list: &str) -> Vec<Pos> {
    let inner = list.trim().trim_start_matches('[').trim_end_matches(']');
    if inner.trim().is_empty() {
        return Vec::new();
    }
    inner
        .split("),")
        .map(|p| pos_of(&format!("{})", p.trim().trim_end_matches(')'))))
        .collect()
}

fn list_items(list: &str) -> Vec<String> {
    let inner = list.trim().trim_start_matches('[').trim_end_matches(']');
    inner.split(',').map(|s| s.trim().to_string()).collect()
}

fn touches_number(board: &Board, pos: Pos) -> bool {
    board
        .neighbors(pos)
        .any(|n| matches!(board.get(n), Cell::Number(_)))
}

fn run(v: &Vector, numbers: bool) -> Result<Analysis, SolveError> {
    let board = parse_board(&v.board).unwrap();
    analyze(
        &board,
        &SolveOptions {
            mines: v.mines,
            numbers,
            histogram: true,
            ..SolveOptions::default()
        },
    )
}

fn check(v: &Vector) -> usize {
    let board = parse_board(&v.board).unwrap();
    let wants_numbers = v.expect.iter().any(|e| e.starts_with("num"));
    let result = run(v, wants_numbers);
    let mut checked = 0;
    for line in &v.expect {
        let id = &v.id;
        if line.starts_with("check:") {
            continue;
        }
        let (key, value) = line
            .split_once('=')
            .map(|(k, v)| (k.trim(), v.trim()))
            .unwrap();
        if key == "error" {
            let err = result
                .as_ref()
                .expect_err(&format!("{id}: expected an error"));
            let kind = if value.starts_with("too few") {
                "too_few_mines"
            } else if value.starts_with("too many") {
                "too_many_mines"
            } else {
                "inconsistent"
            };
            assert_eq!(err.kind(), kind, "{id}: {err}");
            checked += 1;
            continue;
        }
        let a = result
            .as_ref()
            .unwrap_or_else(|e| panic!("{id}: unexpected error {e}"));
        match key {
            "P(outside)" => {
                let outside: Vec<Pos> = board
                    .positions()
                    .filter(|&p| board.get(p).is_unrevealed() && !touches_number(&board, p))
                    .collect();
                assert!(!outside.is_empty(), "{id}: no outside tile");
                for p in outside {
                    assert_eq!(a.tile(p).unwrap().mine.to_string(), value, "{id}: {p:?}");
                }
            }
            "total_configs" | "local_solutions" => {
                assert_eq!(a.solutions.to_string(), value, "{id}: {key}");
            }
            "mines_histogram" => {
                let got: Vec<String> = a
                    .histogram
                    .as_ref()
                    .unwrap()
                    .iter()
                    .map(|(m, c)| format!("{m}: {c}"))
                    .collect();
                assert_eq!(format!("{{{}}}", got.join(", ")), value, "{id}: histogram");
            }
            // The catalog marks the tiles its pattern teaches; a board may hold more certain tiles
            // elsewhere (pattern-21's right-hand 2 has exactly two covers), so marks must be found,
            // and no marked tile may be found on the other side.
            "safe" => {
                for p in positions(value) {
                    assert!(a.safe.contains(&p), "{id}: {p:?} should be safe");
                    assert!(!a.certain_mines.contains(&p), "{id}: {p:?} called a mine");
                }
            }
            "mine" => {
                for p in positions(value) {
                    assert!(a.certain_mines.contains(&p), "{id}: {p:?} should be a mine");
                    assert!(!a.safe.contains(&p), "{id}: {p:?} called safe");
                }
            }
            _ if key.starts_with("P(") => {
                let p = pos_of(&key[1..]);
                let tile = a
                    .tile(p)
                    .unwrap_or_else(|| panic!("{id}: no result for {p:?}"));
                assert_eq!(tile.mine.to_string(), value, "{id}: {key}");
            }
            _ if key.starts_with("numdist(") => {
                let p = pos_of(&key["numdist".len()..]);
                let got: Vec<String> = a
                    .tile(p)
                    .unwrap()
                    .numbers
                    .as_ref()
                    .unwrap()
                    .iter()
                    .map(|r| r.to_string())
                    .collect();
                assert_eq!(got, list_items(value), "{id}: {key}");
            }
            _ if key.starts_with("numcounts(") => {
                let p = pos_of(&key["numcounts".len()..]);
                let numbers = a.tile(p).unwrap().numbers.as_ref().unwrap();
                for (r, want) in numbers.iter().zip(list_items(value)) {
                    let count = r.numer() * &a.solutions / r.denom();
                    assert_eq!(
                        &count * r.denom(),
                        r.numer() * &a.solutions,
                        "{id}: {key} exact"
                    );
                    assert_eq!(count.to_string(), want, "{id}: {key}");
                }
            }
            _ => panic!("{id}: unknown expectation {key}"),
        }
        checked += 1;
    }
    checked
}

#[test]
fn every_solver_vector_holds() {
    let vectors = load();
    assert_eq!(vectors.len(), 47, "the file announces 47 vectors");
    let mut checked = 0;
    for v in &vectors {
        let n = check(v);
        assert!(n > 0, "{}: nothing checked", v.id);
        checked += n;
    }
    eprintln!("{} vectors, {checked} expectations checked", vectors.len());
}

#[test]
fn number_distributions_sum_to_one_on_every_tile() {
    for v in load().iter().filter(|v| v.mines.is_some()) {
        let Ok(a) = run(v, true) else { continue };
        for tile in &a.tiles {
            let numbers = tile.numbers.as_ref().unwrap();
            let mut sum = num_bigint::BigUint::default();
            for r in numbers {
                sum += r.numer() * &a.solutions / r.denom();
            }
            assert_eq!(sum, a.solutions, "{}: {:?}", v.id, tile.pos);
        }
    }
}
