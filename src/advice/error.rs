//! Errors from setting up a simulated game.

use thiserror::Error;

/// Why a game cannot be set up.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum GameError {
    /// A board with no tile, or past the board text limit.
    #[error("a board of {rows} × {cols} is not playable (1 to {limit} rows and columns)")]
    BadSize {
        rows: usize,
        cols: usize,
        limit: usize,
    },
    /// More mines than the first-click rule leaves room for.
    #[error(
        "{mines} mines do not fit on {tiles} tiles with a {rule} first click (at most {most})"
    )]
    TooManyMines {
        mines: usize,
        tiles: usize,
        rule: &'static str,
        most: usize,
    },
    /// The first click lies off the board.
    #[error("the first click ({row}, {col}) is off the {rows} × {cols} board")]
    StartOffBoard {
        row: usize,
        col: usize,
        rows: usize,
        cols: usize,
    },
}
