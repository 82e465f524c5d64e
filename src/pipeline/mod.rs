//! The whole chain for one picture of a game: vision's reading, the solver's consistency check
//! and analysis, the advice, and the marks to draw. `advise` and `live` both go through here, so
//! a board that cannot be right is treated the same way everywhere: no advice, only a warning.

use crate::advice::{advise, Advice, GuessPolicy};
use crate::board::Pos;
use crate::overlay::Marks;
use crate::solver::{analyze, check_consistency, Analysis, SolveError, SolveOptions};
use crate::vision::Reading;

/// What the solver made of a board that was read.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// The board is possible: its analysis and the advice.
    Advice { analysis: Analysis, advice: Advice },
    /// The board cannot be right (a misread tile, a wrong flag, a wrong mine total).
    Impossible { error: SolveError },
}

impl Outcome {
    /// The marks to draw: advice, or a warning at the cells involved.
    pub fn marks(&self, heat: bool) -> Marks {
        match self {
            Outcome::Advice { analysis, advice } => Marks::from_advice(advice, analysis, heat),
            Outcome::Impossible { error } => Marks::conflict(error.cells().to_vec()),
        }
    }
}

/// Whether the numbers read can all hold, whatever the mine total: the cells of a minimal
/// conflicting set when they cannot.
pub fn conflict(reading: &Reading) -> Option<Vec<Pos>> {
    match check_consistency(&reading.board) {
        Err(SolveError::Inconsistent { cells }) => Some(cells),
        _ => None,
    }
}

/// Analyses and advises on the board read, with `mines` (the total, flags included) when known.
pub fn outcome(reading: &Reading, mines: Option<u64>, policy: &GuessPolicy) -> Outcome {
    let options = SolveOptions {
        mines,
        ..SolveOptions::default()
    };
    match analyze(&reading.board, &options) {
        Ok(analysis) => {
            let advice = advise(&reading.board, &analysis, policy);
            Outcome::Advice { analysis, advice }
        }
        Err(error) => Outcome::Impossible { error },
    }
}
