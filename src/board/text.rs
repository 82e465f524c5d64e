//! Board text (shared/DESIGN.md): one line per row, one character per tile.
//!
//! Blank lines and lines starting with `;` (after any indentation) are comments; trailing whitespace is ignored. Every alias
//! of the format is accepted (`.?#H` unrevealed, `xW` blank), and every error names its line.

use super::{Board, BoardError, Cell};

/// The most rows, and the most columns, a board may have.
pub const MAX_SIDE: usize = 10_000;

/// The most tiles a board may have: 1000 × 1000 is analysed in about a second and a half and
/// 250 MB at most (measured with 100,000 mines, JSON included); 2000 × 2000 took 4.3 s and
/// 935 MB, 3000 × 3000 minutes.
pub const MAX_TILES: usize = 1_000_000;

/// Reads board text into a [`Board`].
///
/// Errors name the 1-based line and column: unknown characters, numbers above 8, rows of differing
/// length, no rows at all, more than [`MAX_SIDE`] rows or columns, or more than [`MAX_TILES`]
/// tiles.
pub fn parse_board(text: &str) -> Result<Board, BoardError> {
    let mut cells = Vec::new();
    let mut cols = None;
    let mut rows = 0usize;
    let mut lines = text.lines().enumerate();
    while let Some((index, raw)) = lines.next() {
        let line = raw.trim_end();
        if is_comment(line) {
            continue;
        }
        let line_number = index + 1;
        let width = line.chars().count();
        let expected = *cols.get_or_insert(width);
        if expected > MAX_SIDE {
            return Err(BoardError::TooLarge {
                rows: 1 + count_rows(lines.map(|(_, l)| l)),
                cols: expected,
                limit: MAX_SIDE,
            });
        }
        if width != expected {
            return Err(BoardError::BadRow {
                line: line_number,
                expected,
                found: width,
            });
        }
        if rows == MAX_SIDE || (rows + 1) * expected > MAX_TILES {
            return Err(BoardError::TooLarge {
                rows: rows + 1 + count_rows(lines.map(|(_, l)| l)),
                cols: expected,
                limit: MAX_SIDE,
            });
        }
        for (col_index, ch) in line.chars().enumerate() {
            cells.push(parse_cell(ch, line_number, col_index + 1)?);
        }
        rows += 1;
    }
    let cols = cols.ok_or(BoardError::Empty)?;
    Ok(Board::from_cells(rows, cols, cells).expect("every row was checked to have `cols` cells"))
}

/// Reads board text from raw bytes, refusing anything that is not UTF-8.
pub fn parse_board_bytes(bytes: &[u8]) -> Result<Board, BoardError> {
    let text = std::str::from_utf8(bytes).map_err(|e| BoardError::NotText {
        byte: e.valid_up_to(),
    })?;
    parse_board(text)
}

/// Counts the remaining board rows, skipping comments, without storing them.
fn count_rows<'a>(lines: impl Iterator<Item = &'a str>) -> usize {
    lines.map(str::trim_end).filter(|l| !is_comment(l)).count()
}

/// Blank lines and lines whose first non-blank character is `;` hold no row.
fn is_comment(line: &str) -> bool {
    let line = line.trim_start();
    line.is_empty() || line.starts_with(';')
}

fn parse_cell(ch: char, line: usize, column: usize) -> Result<Cell, BoardError> {
    Ok(match ch {
        '.' | '?' | '#' | 'H' => Cell::Unrevealed,
        'F' => Cell::Flag,
        '*' => Cell::Mine,
        '!' => Cell::Exploded,
        'x' | 'W' => Cell::Blank,
        '0'..='8' => Cell::Number(ch as u8 - b'0'),
        '9' => {
            return Err(BoardError::NumberTooLarge {
                line,
                column,
                found: ch,
            })
        }
        _ => {
            return Err(BoardError::UnknownChar {
                line,
                column,
                found: ch,
            })
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Pos;

    #[test]
    fn reads_every_alias() {
        let board = parse_board(".?#H\nF*!x\nW018\n").unwrap();
        assert_eq!((board.rows(), board.cols()), (3, 4));
        for col in 0..4 {
            assert_eq!(board.get(Pos::new(0, col)), Cell::Unrevealed);
        }
        assert_eq!(board.get(Pos::new(1, 0)), Cell::Flag);
        assert_eq!(board.get(Pos::new(1, 1)), Cell::Mine);
        assert_eq!(board.get(Pos::new(1, 2)), Cell::Exploded);
        assert_eq!(board.get(Pos::new(1, 3)), Cell::Blank);
        assert_eq!(board.get(Pos::new(2, 0)), Cell::Blank);
        assert_eq!(board.get(Pos::new(2, 3)), Cell::Number(8));
    }

    #[test]
    fn skips_comments_blank_lines_and_trailing_spaces() {
        let board = parse_board("; a comment\n\n..1  \r\n; another\n.2.\t\n\n").unwrap();
        assert_eq!(board.to_text(), "..1\n.2.\n");
    }

    #[test]
    fn names_the_unknown_character() {
        let err = parse_board("...\n.a.\n").unwrap_err();
        assert_eq!(
            err,
            BoardError::UnknownChar {
                line: 2,
                column: 2,
                found: 'a'
            }
        );
        assert!(err.to_string().contains("line 2, column 2"));
    }

    #[test]
    fn refuses_nine() {
        let err = parse_board("; c\n.9\n").unwrap_err();
        assert_eq!(
            err,
            BoardError::NumberTooLarge {
                line: 2,
                column: 2,
                found: '9'
            }
        );
    }

    #[test]
    fn names_the_ragged_row() {
        let err = parse_board("...\n...\n..\n").unwrap_err();
        assert_eq!(
            err,
            BoardError::BadRow {
                line: 3,
                expected: 3,
                found: 2
            }
        );
    }

    #[test]
    fn refuses_empty_input() {
        assert_eq!(parse_board("").unwrap_err(), BoardError::Empty);
        assert_eq!(parse_board("\n ; x\n;y\n").unwrap_err(), BoardError::Empty);
    }

    #[test]
    fn refuses_too_many_columns_and_rows() {
        let wide = ".".repeat(MAX_SIDE + 1);
        assert!(matches!(
            parse_board(&wide),
            Err(BoardError::TooLarge { cols, .. }) if cols == MAX_SIDE + 1
        ));
        let tall = ".\n".repeat(MAX_SIDE + 2);
        assert!(matches!(
            parse_board(&tall),
            Err(BoardError::TooLarge { rows, .. }) if rows == MAX_SIDE + 2
        ));
    }

    #[test]
    fn refuses_binary_input() {
        assert_eq!(
            parse_board_bytes(b"..\n.\xff\n"),
            Err(BoardError::NotText { byte: 4 })
        );
    }

    #[test]
    fn round_trips_through_text() {
        let text = "..F\n*!x\n012\n";
        assert_eq!(parse_board(text).unwrap().to_text(), text);
    }
}
