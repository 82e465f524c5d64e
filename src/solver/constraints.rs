//! From a board to equations: each revealed number, less its known-mine neighbours, equals the mines
//! among its unrevealed neighbours.
//!
//! The cheap local contradictions (more flags than the number, or too few covered tiles to hold its
//! mines) are caught here, before any counting, and reported with the numbers at fault.

use super::SolveError;
use crate::board::{Board, Cell, Pos};

/// One equation: the unrevealed tiles around a number hold exactly `need` mines.
#[derive(Clone, Debug)]
pub(crate) struct Constraint {
    /// The number's position.
    pub pos: Pos,
    /// The number less its known-mine neighbours.
    pub need: u8,
    /// Indices into [`Frontier::tiles`], ascending.
    pub tiles: Vec<usize>,
}

/// The board seen as equations over its frontier tiles.
#[derive(Clone, Debug)]
pub(crate) struct Frontier {
    /// Unrevealed tiles next to at least one number, row by row.
    pub tiles: Vec<Pos>,
    /// Equations with at least one unrevealed tile.
    pub constraints: Vec<Constraint>,
    /// Unrevealed tiles next to no number, row by row.
    pub outside: Vec<Pos>,
    /// Frontier index of each board cell (row-major), or `NONE`.
    tile_index: Vec<u32>,
}

const NONE: u32 = u32::MAX;

impl Frontier {
    /// Frontier index of the tile at `pos`, if it is a frontier tile.
    pub fn tile_at(&self, board: &Board, pos: Pos) -> Option<usize> {
        match self.tile_index[board.index(pos)] {
            NONE => None,
            i => Some(i as usize),
        }
    }
}

/// Builds the equations of `board`, or names the numbers that contradict their neighbourhood.
///
/// The walks are plain index loops over rows and columns, not [`Board::positions`] and
/// [`Board::neighbors`]: this runs for every analysis and every look-ahead of a guess, and with
/// those iterators' range adapters a frontier of an Expert board took 172,000 instructions (a
/// tenth of `solve --stream`'s per position), with these loops 108,000.
pub(crate) fn build_frontier(board: &Board) -> Result<Frontier, SolveError> {
    let (rows, cols) = (board.rows(), board.cols());
    let mut tile_index = vec![NONE; rows * cols];
    // Which cells touch a number, marked from the numbers: far fewer visits than asking every
    // covered tile about its eight neighbours. A number marks itself too, which is harmless:
    // only unrevealed cells read the mark.
    let mut near_number = vec![false; rows * cols];
    for row in 0..rows {
        for col in 0..cols {
            if matches!(board.get_index(row * cols + col), Cell::Number(_)) {
                let (near_rows, near_cols) = around(row, col, rows, cols);
                for r in near_rows {
                    near_number[r * cols + near_cols.start..r * cols + near_cols.end].fill(true);
                }
            }
        }
    }
    let mut tiles = Vec::new();
    let mut outside = Vec::new();
    for i in 0..rows * cols {
        if !board.get_index(i).is_unrevealed() {
            continue;
        }
        let pos = board.pos_of(i);
        if near_number[i] {
            tile_index[i] = tiles.len() as u32;
            tiles.push(pos);
        } else {
            outside.push(pos);
        }
    }

    let mut constraints = Vec::new();
    let mut bad = Vec::new();
    for row in 0..rows {
        for col in 0..cols {
            let Cell::Number(value) = board.get_index(row * cols + col) else {
                continue;
            };
            let pos = Pos { row, col };
            let mut known = 0u8;
            // At most eight neighbours, gathered on the stack: a number with no covered
            // neighbour (most, inside an opened area) then makes no list at all.
            let mut covered = [0usize; 8];
            let mut count = 0;
            let (near_rows, near_cols) = around(row, col, rows, cols);
            for r in near_rows {
                for c in near_cols.clone() {
                    let cell = board.get_index(r * cols + c);
                    if cell.is_known_mine() {
                        known += 1;
                    } else if cell.is_unrevealed() {
                        covered[count] = tile_index[r * cols + c] as usize;
                        count += 1;
                    }
                }
            }
            if known > value || known as usize + count < value as usize {
                bad.push(pos);
                continue;
            }
            if count > 0 {
                // Ascending already: the neighbours are walked row by row, and frontier
                // indices were given in that order.
                let tiles = covered[..count].to_vec();
                debug_assert!(tiles.windows(2).all(|w| w[0] < w[1]));
                constraints.push(Constraint {
                    pos,
                    need: value - known,
                    tiles,
                });
            }
        }
    }
    if !bad.is_empty() {
        return Err(SolveError::Inconsistent {
            cells: bad,
            flag: None,
        });
    }
    Ok(Frontier {
        tiles,
        constraints,
        outside,
        tile_index,
    })
}

/// The rows and columns of the 3 × 3 square around (`row`, `col`) that lie on a `rows` × `cols`
/// board, the cell itself included (a number is no neighbour of its own: it is neither covered
/// nor a mine, so the loops above may visit it).
fn around(
    row: usize,
    col: usize,
    rows: usize,
    cols: usize,
) -> (std::ops::Range<usize>, std::ops::Range<usize>) {
    (
        row.saturating_sub(1)..(row + 2).min(rows),
        col.saturating_sub(1)..(col + 2).min(cols),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;

    #[test]
    fn subtracts_flags_and_splits_frontier_from_outside() {
        let board = parse_board("...\n.2F\n...\n...\n...\n").unwrap();
        let f = build_frontier(&board).unwrap();
        assert_eq!(f.constraints.len(), 1);
        assert_eq!(f.constraints[0].need, 1);
        assert_eq!(f.tiles.len(), 7);
        assert_eq!(f.outside.len(), 6);
    }

    #[test]
    fn too_many_flags_is_inconsistent() {
        let board = parse_board("FF.\n.1.\n").unwrap();
        let err = build_frontier(&board).unwrap_err();
        assert_eq!(
            err,
            SolveError::Inconsistent {
                cells: vec![Pos::new(1, 1)],
                flag: None,
            }
        );
    }

    #[test]
    fn too_few_covered_tiles_is_inconsistent() {
        let board = parse_board("x3.\nxxx\n").unwrap();
        let err = build_frontier(&board).unwrap_err();
        assert_eq!(
            err,
            SolveError::Inconsistent {
                cells: vec![Pos::new(0, 1)],
                flag: None,
            }
        );
    }
}
