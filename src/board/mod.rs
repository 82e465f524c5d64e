//! The board model every layer shares: a rectangle of tiles, each unrevealed, a known mine or revealed.
//!
//! This module is pure (no I/O). It knows nothing about pixels or probabilities: vision produces a
//! [`Board`], the solver reads one. Coordinates are always `row`/`col`, 0-based, row 0 at the top.

mod error;
mod text;

pub use error::BoardError;
pub use text::{parse_board, parse_board_bytes, MAX_SIDE, MAX_TILES};

/// One tile as the player sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Covered, possibly marked with a question mark: it may or may not hold a mine.
    Unrevealed,
    /// Flagged by the player: treated as a mine.
    Flag,
    /// A mine shown after the game ended.
    Mine,
    /// The mine that ended the game.
    Exploded,
    /// A revealed tile showing how many of its eight neighbours hold mines (0 to 8).
    Number(u8),
    /// A revealed tile whose number is unknown or irrelevant: no constraint, no mine.
    Blank,
}

impl Cell {
    /// Whether the tile is still covered and its content unknown.
    pub fn is_unrevealed(self) -> bool {
        self == Cell::Unrevealed
    }

    /// Whether the tile is a mine shown after a loss, plain or the exploded one.
    pub fn is_shown_mine(self) -> bool {
        matches!(self, Cell::Mine | Cell::Exploded)
    }

    /// Whether the tile is a mine the board already states (flag, shown or exploded mine).
    pub fn is_known_mine(self) -> bool {
        matches!(self, Cell::Flag | Cell::Mine | Cell::Exploded)
    }

    /// The character that writes this tile in board text.
    pub fn to_char(self) -> char {
        match self {
            Cell::Unrevealed => '.',
            Cell::Flag => 'F',
            Cell::Mine => '*',
            Cell::Exploded => '!',
            Cell::Number(n) => char::from(b'0' + n.min(8)),
            Cell::Blank => 'x',
        }
    }
}

/// A tile position on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    pub row: usize,
    pub col: usize,
}

impl Pos {
    pub fn new(row: usize, col: usize) -> Pos {
        Pos { row, col }
    }

    /// Whether `other` is this tile or one of its eight neighbours.
    pub fn touches(self, other: Pos) -> bool {
        self.row.abs_diff(other.row) <= 1 && self.col.abs_diff(other.col) <= 1
    }
}

/// A rectangular Minesweeper board, stored row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    rows: usize,
    cols: usize,
    cells: Vec<Cell>,
}

impl Board {
    /// A board of `rows` × `cols` unrevealed tiles.
    pub fn new(rows: usize, cols: usize) -> Board {
        Board {
            rows,
            cols,
            cells: vec![Cell::Unrevealed; rows * cols],
        }
    }

    /// A board from its cells, row by row; `None` when the count is not `rows * cols`.
    pub fn from_cells(rows: usize, cols: usize, cells: Vec<Cell>) -> Option<Board> {
        (rows.checked_mul(cols) == Some(cells.len())).then_some(Board { rows, cols, cells })
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The cell at `pos`. Panics when `pos` is off the board: positions come from the board itself.
    pub fn get(&self, pos: Pos) -> Cell {
        self.cells[self.index(pos)]
    }

    /// The position of row-major index `i`, the inverse of [`Board::index`].
    pub fn pos_of(&self, i: usize) -> Pos {
        debug_assert!(i < self.cells.len());
        Pos {
            row: i / self.cols,
            col: i % self.cols,
        }
    }

    /// Whether a revealed number lies next to `pos` (a *frontier* tile when `pos` is covered).
    pub fn touches_number(&self, pos: Pos) -> bool {
        self.neighbors(pos)
            .any(|n| matches!(self.get(n), Cell::Number(_)))
    }

    /// The cell at row-major index `i` (as [`Board::index`] gives).
    pub fn get_index(&self, i: usize) -> Cell {
        self.cells[i]
    }

    /// Replaces the cell at row-major index `i` (which must be on the board).
    pub fn set_index(&mut self, i: usize, cell: Cell) {
        self.cells[i] = cell;
    }

    /// Replaces the cell at `pos` (which must be on the board).
    pub fn set(&mut self, pos: Pos, cell: Cell) {
        let i = self.index(pos);
        self.cells[i] = cell;
    }

    /// Row-major index of `pos`, the order [`Board::positions`] yields.
    pub fn index(&self, pos: Pos) -> usize {
        debug_assert!(pos.row < self.rows && pos.col < self.cols);
        pos.row * self.cols + pos.col
    }

    /// Whether the board shows a mine (plain or exploded): games show their mines only once one
    /// has been hit, so this is a lost game.
    pub fn shows_mines(&self) -> bool {
        self.cells.iter().any(|c| c.is_shown_mine())
    }

    /// Whether the board shows the mine that was hit: a lost game, as the game marks it.
    pub fn shows_exploded_mine(&self) -> bool {
        self.cells.contains(&Cell::Exploded)
    }

    /// How many mines the board shows, plain or exploded.
    pub fn shown_mines(&self) -> usize {
        self.cells.iter().filter(|c| c.is_shown_mine()).count()
    }

    /// Every position, row by row.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.rows).flat_map(move |row| (0..self.cols).map(move |col| Pos { row, col }))
    }

    /// The positions at most `reach` rows and columns from `center` (itself included) that lie on
    /// the board, row by row.
    pub fn square(&self, center: Pos, reach: usize) -> impl Iterator<Item = Pos> {
        let rows = center.row.saturating_sub(reach)..self.rows.min(center.row + reach + 1);
        let cols = center.col.saturating_sub(reach)..self.cols.min(center.col + reach + 1);
        rows.flat_map(move |row| cols.clone().map(move |col| Pos { row, col }))
    }

    /// The up to eight positions around `pos` that lie on the board.
    pub fn neighbors(&self, pos: Pos) -> impl Iterator<Item = Pos> {
        let (rows, cols) = (self.rows, self.cols);
        let row_range = pos.row.saturating_sub(1)..=(pos.row + 1).min(rows.saturating_sub(1));
        row_range.flat_map(move |row| {
            let col_range = pos.col.saturating_sub(1)..=(pos.col + 1).min(cols.saturating_sub(1));
            col_range
                .map(move |col| Pos { row, col })
                .filter(move |&p| p != pos)
        })
    }

    /// Number of known mines (flags, shown and exploded mines) on the board.
    pub fn known_mines(&self) -> usize {
        self.cells.iter().filter(|c| c.is_known_mine()).count()
    }

    /// The board as board text: one line per row, each ending in a newline.
    pub fn to_text(&self) -> String {
        let mut out = String::with_capacity(self.rows * (self.cols + 1));
        for row in self.cells.chunks(self.cols.max(1)) {
            out.extend(row.iter().map(|c| c.to_char()));
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbors_stay_on_the_board() {
        let board = Board::new(3, 4);
        assert_eq!(board.neighbors(Pos::new(0, 0)).count(), 3);
        assert_eq!(board.neighbors(Pos::new(1, 1)).count(), 8);
        assert_eq!(board.neighbors(Pos::new(2, 3)).count(), 3);
        assert_eq!(board.neighbors(Pos::new(0, 2)).count(), 5);
        assert!(board.neighbors(Pos::new(1, 1)).all(|p| p != Pos::new(1, 1)));
    }

    #[test]
    fn square_is_clipped_to_the_board_in_row_order() {
        let board = Board::new(3, 4);
        let square: Vec<(usize, usize)> = board
            .square(Pos::new(0, 3), 1)
            .map(|p| (p.row, p.col))
            .collect();
        assert_eq!(square, [(0, 2), (0, 3), (1, 2), (1, 3)]);
        assert_eq!(board.square(Pos::new(1, 1), 5).count(), 12);
        assert!(board.square(Pos::new(1, 1), 0).eq([Pos::new(1, 1)]));
    }

    #[test]
    fn index_and_pos_of_are_inverse() {
        let board = Board::new(3, 4);
        for pos in board.positions() {
            assert_eq!(board.pos_of(board.index(pos)), pos);
        }
    }

    #[test]
    fn a_tile_touches_itself_and_its_eight_neighbours_only() {
        let centre = Pos::new(1, 1);
        for row in 0..4 {
            for col in 0..4 {
                let near = row <= 2 && col <= 2;
                assert_eq!(centre.touches(Pos::new(row, col)), near, "({row}, {col})");
            }
        }
    }

    #[test]
    fn a_board_shows_its_exploded_mine_only_where_one_is_drawn() {
        let lost = crate::board::parse_board("*1\n!1\n").unwrap();
        assert!(lost.shows_mines() && lost.shows_exploded_mine());
        let mines_only = crate::board::parse_board("*1\n.1\n").unwrap();
        assert!(mines_only.shows_mines() && !mines_only.shows_exploded_mine());
    }

    #[test]
    fn touches_number_sees_the_eight_neighbours() {
        let board = crate::board::parse_board(
            "...
.x.
..3
",
        )
        .unwrap();
        assert!(board.touches_number(Pos::new(1, 1)));
        assert!(!board.touches_number(Pos::new(0, 0)));
        assert!(!board.touches_number(Pos::new(2, 2)));
    }

    #[test]
    fn one_row_board_has_side_neighbors_only() {
        let board = Board::new(1, 3);
        let n: Vec<Pos> = board.neighbors(Pos::new(0, 1)).collect();
        assert_eq!(n, vec![Pos::new(0, 0), Pos::new(0, 2)]);
    }

    #[test]
    fn from_cells_checks_the_count() {
        assert!(Board::from_cells(2, 2, vec![Cell::Blank; 3]).is_none());
        assert!(Board::from_cells(2, 2, vec![Cell::Blank; 4]).is_some());
    }
}
