//! What the overlay shows, in board terms: safe tiles, certain mines, the best guess with its
//! mine probability, optionally a probability tint on every tile, or a warning when the board
//! that was read cannot be right.

use crate::advice::{Action, Advice};
use crate::board::Pos;
use crate::solver::Analysis;

/// The marks to draw on one board.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Marks {
    pub safe: Vec<Pos>,
    pub mines: Vec<Pos>,
    /// The best guess and its chance of being a mine.
    pub guess: Option<(Pos, f64)>,
    /// With `--heat`: every analysed tile's chance of being a mine.
    pub heat: Vec<(Pos, f64)>,
    /// Set when the board read is impossible: the cells involved. Nothing else is drawn then.
    pub conflict: Option<Vec<Pos>>,
    /// Cells read in doubt: no advice rests on them, and the overlay says so.
    pub doubt: Vec<Pos>,
}

impl Marks {
    /// The marks for `advice`; with `heat`, also a tint from `analysis` on every tile.
    pub fn from_advice(advice: &Advice, analysis: &Analysis, heat: bool) -> Marks {
        let pick = |action| {
            advice
                .moves
                .iter()
                .filter(|m| m.action == action)
                .map(|m| m.pos)
                .collect()
        };
        Marks {
            safe: pick(Action::Open),
            mines: pick(Action::Flag),
            guess: advice.best_guess.as_ref().map(|g| (g.pos, g.mine)),
            heat: if heat {
                analysis
                    .tiles
                    .iter()
                    .map(|t| (t.pos, t.mine.to_f64()))
                    .collect()
            } else {
                Vec::new()
            },
            conflict: None,
            doubt: Vec::new(),
        }
    }

    /// These marks with `cells` shown as read in doubt.
    pub fn with_doubt(mut self, cells: Vec<Pos>) -> Marks {
        self.doubt = cells;
        self
    }

    /// A warning about an impossible board, pointing at `cells`.
    pub fn conflict(cells: Vec<Pos>) -> Marks {
        Marks {
            conflict: Some(cells),
            ..Marks::default()
        }
    }
}
