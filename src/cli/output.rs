//! Rendering results: JSON exactly as shared/DESIGN.md specifies, and text for people (a board with
//! a percentage on every unrevealed tile, 4 columns a tile, so Intermediate fits 80 columns).

use minehint::advice::{
    explain_first_click, rounded, Advice, Guess, GuessJson, GuessKind, MoveJson,
};
use minehint::board::{Board, Cell, Pos};
use minehint::solver::{Analysis, Layout, Mode};
use serde::Serialize;
use std::fmt::Write;

/// `solve --json`'s object; `answer_json` writes the same bytes faster.
#[derive(Serialize)]
pub struct SolveJson<'a> {
    pub(super) rows: usize,
    pub(super) cols: usize,
    pub(super) mines: Option<u64>,
    pub(super) mode: &'static str,
    pub(super) solutions: String,
    pub(super) cells: Vec<CellJson<'a>>,
    pub(super) safe: Vec<[usize; 2]>,
    pub(super) certain_mines: Vec<[usize; 2]>,
    pub(super) best_guess: Option<GuessJson>,
    /// Certain moves with their reasons (issue: advice), deduction rules first.
    pub(super) moves: Vec<MoveJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) layouts: Option<Vec<LayoutJson>>,
}

#[derive(Serialize)]
pub(super) struct CellJson<'a> {
    row: usize,
    col: usize,
    /// Borrowed: tiles share their fractions, each printed once.
    mine: &'a str,
    p: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    numbers: Option<Vec<String>>,
}

#[derive(Serialize)]
pub(super) struct LayoutJson {
    mines: u64,
    ways: String,
    groups: Vec<LayoutGroupJson>,
}

#[derive(Serialize)]
struct LayoutGroupJson {
    cells: Vec<[usize; 2]>,
    mines: u8,
}

fn pair(p: Pos) -> [usize; 2] {
    [p.row, p.col]
}

/// The `solve --json` object.
pub fn solve_json<'a>(
    analysis: &'a Analysis,
    advice: &Advice,
    layouts: Option<&[Layout]>,
) -> SolveJson<'a> {
    let cells = analysis
        .tiles
        .iter()
        .map(|t| CellJson {
            row: t.pos.row,
            col: t.pos.col,
            mine: t.mine.as_text(),
            p: rounded(t.mine.to_f64()),
            numbers: t
                .numbers
                .as_ref()
                .map(|n| n.iter().map(ToString::to_string).collect()),
        })
        .collect();
    SolveJson {
        cells,
        moves: advice.moves_json(),
        ..solve_json_but_cells_and_moves(analysis, advice, layouts)
    }
}

/// The `solve --json` object with no cells and no moves, for `answer_json`, which writes those
/// itself.
pub(super) fn solve_json_but_cells_and_moves<'a>(
    analysis: &Analysis,
    advice: &Advice,
    layouts: Option<&[Layout]>,
) -> SolveJson<'a> {
    SolveJson {
        rows: analysis.rows,
        cols: analysis.cols,
        mines: analysis.mines,
        mode: analysis.mode.as_str(),
        solutions: analysis.solutions.to_string(),
        cells: Vec::new(),
        safe: analysis.safe.iter().copied().map(pair).collect(),
        certain_mines: analysis.certain_mines.iter().copied().map(pair).collect(),
        best_guess: advice.guess_json(),
        moves: Vec::new(),
        layouts: layouts.map(|ls| {
            ls.iter()
                .map(|l| LayoutJson {
                    mines: l.mines,
                    ways: l.ways.to_string(),
                    groups: l
                        .groups
                        .iter()
                        .map(|g| LayoutGroupJson {
                            cells: g.cells.iter().copied().map(pair).collect(),
                            mines: g.mines,
                        })
                        .collect(),
                })
                .collect()
        }),
    }
}

/// What `advise` says of a board read that cannot be right: the message, and the tiles of a
/// look likely misread (`"misread"` in the JSON error).
#[derive(Debug)]
pub struct ImpossibleBoard {
    pub message: String,
    pub misread: Vec<Pos>,
}

impl std::fmt::Display for ImpossibleBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// `{"error": {"kind", "message", "cells"}}` for a failure; an impossible board that one
/// flag explains also gets `"flag": [row, col]`, one that a misread look explains
/// `"misread": [[row, col], ...]`.
pub fn error_json(err: &anyhow::Error) -> String {
    let solve = err.downcast_ref::<minehint::solver::SolveError>();
    let cells: Vec<[usize; 2]> = solve
        .map(|e| e.cells().iter().copied().map(pair).collect())
        .unwrap_or_default();
    let mut error = serde_json::json!({
        "kind": super::error_kind(err),
        "message": format!("{err:#}"),
        "cells": cells,
    });
    if let Some(flag) = solve.and_then(|e| e.wrong_flag()) {
        error["flag"] = serde_json::json!(pair(flag));
    }
    let misread = err.downcast_ref::<ImpossibleBoard>().map(|b| &b.misread);
    if let Some(misread) = misread.filter(|m| !m.is_empty()) {
        error["misread"] = serde_json::json!(misread.iter().copied().map(pair).collect::<Vec<_>>());
    }
    serde_json::json!({ "error": error }).to_string()
}

/// The three characters showing one tile: numbers as digits (0 blank), `S` safe, `M` certain
/// mine, `NN%` the mine chance, `?` no information (local mode, away from the numbers).
fn tile_text(board: &Board, analysis: &Analysis, pos: Pos) -> String {
    match board.get(pos) {
        Cell::Number(0) | Cell::Blank => "   ".into(),
        Cell::Number(n) => format!("  {n}"),
        Cell::Flag => "  F".into(),
        Cell::Mine => "  *".into(),
        Cell::Exploded => "  !".into(),
        Cell::Unrevealed => match analysis.tile(pos) {
            None => "  ?".into(),
            Some(t) if t.mine.is_zero() => "  S".into(),
            Some(t) if t.mine.is_one() => "  M".into(),
            Some(t) => {
                // Uncertain tiles never print 0% or 100%: those words belong to certainties.
                let percent = (t.mine.to_f64() * 100.0).round().clamp(1.0, 99.0);
                format!("{percent:>2}%")
            }
        },
    }
}

/// The text report: the board with a value on every tile, the legend and a summary line.
pub fn solve_text(
    board: &Board,
    analysis: &Analysis,
    advice: &Advice,
    layouts: Option<&[Layout]>,
) -> String {
    let mut out = String::new();
    out.push_str("   ");
    for col in 0..board.cols() {
        let _ = write!(out, " {:>3}", col % 1000);
    }
    out.push('\n');
    for row in 0..board.rows() {
        let _ = write!(out, "{:>3}", row % 1000);
        for col in 0..board.cols() {
            let _ = write!(out, " {}", tile_text(board, analysis, Pos::new(row, col)));
        }
        out.push('\n');
    }
    out.push_str("S safe, M certain mine, NN% chance of a mine");
    if analysis.mode == Mode::Local {
        out.push_str(", ? no information without --mines");
    }
    out.push('\n');

    if analysis.tiles.iter().any(|t| t.numbers.is_some()) {
        out.push_str(
            "\nchance (%) of a mine, and of each number if the tile is opened:\n row col   mine",
        );
        for k in 0..=8 {
            let _ = write!(out, " {k:>5}");
        }
        out.push('\n');
        for t in &analysis.tiles {
            let Some(numbers) = &t.numbers else { continue };
            let (row, col) = (t.pos.row, t.pos.col);
            let _ = write!(out, "{row:>4} {col:>3}  {:>5.1}", t.mine.to_f64() * 100.0);
            for r in &numbers[..9] {
                let _ = write!(out, " {:>5.1}", r.to_f64() * 100.0);
            }
            out.push('\n');
        }
    }

    if let Some(layouts) = layouts {
        let _ = writeln!(out, "\n{} layout(s), fewest mines first:", layouts.len());
        for (i, l) in layouts.iter().enumerate() {
            let _ = write!(out, "{:>4}. {} mine(s), {} way(s):", i + 1, l.mines, l.ways);
            for g in &l.groups {
                let cells: Vec<String> = g
                    .cells
                    .iter()
                    .map(|p| format!("{},{}", p.row, p.col))
                    .collect();
                let _ = write!(out, " [{}]={}", cells.join(" "), g.mines);
            }
            out.push('\n');
        }
    }

    if !advice.moves.is_empty() {
        out.push_str("\ncertain moves:\n");
        for m in &advice.moves {
            let _ = writeln!(
                out,
                "  {:<4} row {:>2}, col {:>2}: {}",
                m.action.as_str(),
                m.pos.row,
                m.pos.col,
                m.explain()
            );
        }
    }

    let mode = match analysis.mines {
        Some(m) => format!("global, {m} mines"),
        None => "local".into(),
    };
    let _ = write!(
        out,
        "\nsolutions: {} ({mode})\nsafe: {}; certain mines: {}",
        analysis.solutions,
        analysis.safe.len(),
        analysis.certain_mines.len()
    );
    match &advice.best_guess {
        Some(
            g @ Guess {
                kind: GuessKind::FirstClick { rule },
                ..
            },
        ) => {
            let _ = write!(
                out,
                "; first click: row {}, col {} ({}; --first-click to change)",
                g.pos.row,
                g.pos.col,
                explain_first_click(*rule)
            );
        }
        Some(g) => {
            let _ = write!(
                out,
                "; best guess: row {}, col {} ({:.1}% mine)",
                g.pos.row,
                g.pos.col,
                g.mine * 100.0
            );
        }
        None => {}
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use minehint::solver::SolveError;

    #[test]
    fn an_impossible_board_names_its_misread_look_in_json() {
        let error = SolveError::Inconsistent {
            cells: vec![Pos::new(0, 0)],
            flag: None,
        };
        let context = ImpossibleBoard {
            message: "the board read from x.png is impossible".into(),
            misread: vec![Pos::new(0, 0), Pos::new(2, 2)],
        };
        let err = anyhow::Error::new(error).context(context);
        let json: serde_json::Value = serde_json::from_str(&error_json(&err)).unwrap();
        let error = &json["error"];
        assert_eq!(error["kind"], "inconsistent");
        assert_eq!(error["cells"], serde_json::json!([[0, 0]]));
        assert_eq!(error["misread"], serde_json::json!([[0, 0], [2, 2]]));
        assert!(error.get("flag").is_none());
        assert!(error["message"]
            .as_str()
            .unwrap()
            .starts_with("the board read"));
    }
}
