//! Errors from analysing a board: each maps to one `error.kind` of shared/DESIGN.md.

use crate::board::Pos;
use thiserror::Error;

/// Why a board has no analysis.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SolveError {
    /// Some numbers cannot all hold at once; `cells` are those numbers (a minimal set where
    /// found); `flag` is a flag without which they hold, if one does
    /// ([`super::wrong_flag`]).
    #[error(
        "inconsistent board: {}these numbers cannot all hold: {}",
        flag_text(flag),
        format_cells(cells)
    )]
    Inconsistent { cells: Vec<Pos>, flag: Option<Pos> },
    /// The mine total is below what the board needs.
    #[error("too few mines: the board needs at least {needed} mines but the total is {given}")]
    TooFewMines { needed: u64, given: u64 },
    /// The mine total is more than fits on the board.
    #[error("too many mines: at most {fit} mines fit on the board but the total is {given}")]
    TooManyMines { fit: u64, given: u64 },
    /// The exact count of the mines away from the numbers would take far more than a few
    /// seconds (a huge board with many mines): refused rather than worked on for minutes.
    #[error(
        "too large to count exactly: {mines} mines among {tiles} covered tiles away from the \
         numbers take minutes to count; leave out the mine total (local analysis still gives \
         every tile beside a number its exact chance), or give a smaller board"
    )]
    TooLarge { tiles: u64, mines: u64 },
    /// Number probabilities depend on how mines spread away from the numbers: that needs the total.
    #[error("number probabilities need the mine total: pass --mines N")]
    NumbersNeedMines,
}

impl SolveError {
    /// The `error.kind` string of shared/DESIGN.md for this error.
    pub fn kind(&self) -> &'static str {
        match self {
            SolveError::Inconsistent { .. } => "inconsistent",
            SolveError::TooFewMines { .. } => "too_few_mines",
            SolveError::TooManyMines { .. } => "too_many_mines",
            SolveError::TooLarge { .. } => "too_large",
            SolveError::NumbersNeedMines => "bad_usage",
        }
    }

    /// The cells the error is about (the conflicting numbers), if any.
    pub fn cells(&self) -> &[Pos] {
        match self {
            SolveError::Inconsistent { cells, .. } => cells,
            _ => &[],
        }
    }

    /// The flag without which the board would hold, if the error names one.
    pub fn wrong_flag(&self) -> Option<Pos> {
        match self {
            SolveError::Inconsistent { flag, .. } => *flag,
            _ => None,
        }
    }
}

/// The start of an impossible board's message when a flag explains it.
fn flag_text(flag: &Option<Pos>) -> String {
    match flag {
        Some(p) => format!(
            "is the flag at (row {}, col {}) misplaced? Without it the board holds; with it, ",
            p.row, p.col
        ),
        None => String::new(),
    }
}

/// Cells as a player reads them: `(row 3, col 4), (row 5, col 1)`.
pub fn format_cells(cells: &[Pos]) -> String {
    let names: Vec<String> = cells
        .iter()
        .map(|p| format!("(row {}, col {})", p.row, p.col))
        .collect();
    names.join(", ")
}
