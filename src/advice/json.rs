//! The advice as DESIGN.md's JSON writes it: certain moves with their reasons and the best guess,
//! the same in `solve --json`, `advise --json` and the live log.

use super::guess::GuessKind;
use super::moves::Advice;
use serde::Serialize;

/// A certain move: `{"row", "col", "action", "reason"}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveJson {
    pub row: usize,
    pub col: usize,
    pub action: &'static str,
    pub reason: String,
}

/// The best guess: `{"row", "col", "p"}`, `p` its mine probability; on a board with nothing
/// open, also `"first_click"`: the rule assumed that makes `p` 0 (`"safe"` or `"zero"`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct GuessJson {
    pub row: usize,
    pub col: usize,
    pub p: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_click: Option<&'static str>,
}

/// Probabilities in JSON are rounded to 6 decimals; exact values travel as fractions.
pub fn rounded(p: f64) -> f64 {
    (p * 1e6).round() / 1e6
}

impl Advice {
    /// The certain moves, in order, with their reasons.
    pub fn moves_json(&self) -> Vec<MoveJson> {
        self.moves
            .iter()
            .map(|m| MoveJson {
                row: m.pos.row,
                col: m.pos.col,
                action: m.action.as_str(),
                reason: m.explain(),
            })
            .collect()
    }

    /// The best guess, if any.
    pub fn guess_json(&self) -> Option<GuessJson> {
        self.best_guess.map(|g| GuessJson {
            row: g.pos.row,
            col: g.pos.col,
            p: rounded(g.mine),
            first_click: match g.kind {
                GuessKind::FirstClick { rule } => Some(rule.as_str()),
                _ => None,
            },
        })
    }
}
