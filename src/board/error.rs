//! Errors from reading board text: each names the line (and column) that is wrong.

use thiserror::Error;

/// Why a board text was refused. Lines and columns are 1-based, as an editor shows them.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum BoardError {
    /// The input is not UTF-8 text (a binary file, or another encoding).
    #[error("not board text: invalid UTF-8 at byte {byte}")]
    NotText { byte: usize },
    /// No row at all: the input was empty, blank or only comments.
    #[error("the board is empty: no rows found (comments start with ';')")]
    Empty,
    /// A character that is not part of the board text alphabet.
    #[error("line {line}, column {column}: unknown tile character {found:?} (use . ? # H covered, F flag, * mine, ! exploded mine, 0-8 or x W open)")]
    UnknownChar {
        line: usize,
        column: usize,
        found: char,
    },
    /// A `9`: no tile has more than eight neighbours.
    #[error("line {line}, column {column}: number {found} is above 8, the most a tile can show")]
    NumberTooLarge {
        line: usize,
        column: usize,
        found: char,
    },
    /// A row whose length differs from the first row's.
    #[error("line {line}: row has {found} tiles but the first row has {expected}")]
    BadRow {
        line: usize,
        expected: usize,
        found: usize,
    },
    /// More rows or columns than minehint accepts.
    #[error(
        "board is too large: {rows} rows × {cols} columns (at most {limit} each, and {} tiles \
         in all, so that it is analysed in seconds within 1 GiB)",
        super::text::MAX_TILES
    )]
    TooLarge {
        rows: usize,
        cols: usize,
        limit: usize,
    },
}
