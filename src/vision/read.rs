//! A found grid → board: sample every tile, classify each distinct look once, and assemble the
//! board text with per-tile classes and confidences. (Screenshot → board, with the grid search
//! and the board-level reading of the looks, is `crate::pipeline::read_board`.)

use super::classes::TileClass;
use super::classify::{Classifier, Verdict};
use super::counter::read_counter;
use super::grid::Grid;
use super::second_look::look_again;
use super::shape_look::read_shapes;
use super::text_counter::{read_text_counter, FlagsOfTotal};
use super::tiles::{sample_grid, SampledGrid, TileImage};
use super::zoom_look::look_closer;
use super::VisionError;
use crate::board::{Board, Cell, Pos};
use image::RgbImage;

/// What was read off a screenshot.
#[derive(Clone, Debug)]
pub struct Reading {
    pub grid: Grid,
    /// One verdict per tile, row by row.
    pub tiles: Vec<Verdict>,
    pub board: Board,
    /// The mine total: from the game's own counter where the skin shows one, else implied by a
    /// standard board size; `None` when unknown.
    pub mines: Option<u64>,
    /// The mines left, where the game's own counter shows them (a seven-segment display): the
    /// total is that plus the flags on the board, counted again ([`Reading::recount_mines`])
    /// once the board-level reading has settled which tiles are flags.
    pub mines_left: Option<i64>,
    /// The flags placed, where the game's own counter shows them as such (GNOME Mines' "3/40";
    /// a seven-segment display shows the mines left, which names no flag count by itself).
    pub counted_flags: Option<u64>,
    /// How many distinct tile looks the classifier had to run on.
    pub distinct_looks: usize,
    /// The distinct looks of this board, each with the classifier's verdict.
    pub looks: Vec<Verdict>,
    /// For each tile, row by row, its look's index in `looks`.
    pub look_of: Vec<usize>,
    /// Each look as the classifier saw it (the same order as `looks`).
    pub pixels: Vec<TileImage>,
    /// Looks the board-level reading could not settle (`crate::skin`); empty until it ran.
    pub doubt: Vec<Doubt>,
    /// Whether the rules refuted every labelling the board-level reading tried, so that the
    /// board is the classifier's own labelling and misread somewhere (`crate::skin::settle`
    /// sets it; `crate::pipeline` gives such a board no advice); false until it ran.
    pub refuted: bool,
}

/// A look read in doubt: two or more meanings fit the board about equally well.
#[derive(Clone, Debug, PartialEq)]
pub struct Doubt {
    /// Its index in [`Reading::looks`].
    pub look: usize,
    /// The classes still in play, likeliest first.
    pub classes: Vec<TileClass>,
    /// The cells showing it, as (row, col).
    pub cells: Vec<(usize, usize)>,
}

impl Doubt {
    /// Whether the doubt keeps every class of a game in play: its tiles are hidden from view
    /// (under a note or a dialog drawn over the board), not read as one of two looks.
    pub fn hides_the_tiles(&self) -> bool {
        (TileClass::IN_PLAY.iter()).all(|class| self.classes.contains(class))
    }

    /// Shows every one of its cells on `board` as `cell`: a reading of the look tried, or the
    /// look weakened.
    pub fn set_cells(&self, board: &mut Board, cell: Cell) {
        for &(row, col) in &self.cells {
            board.set(Pos::new(row, col), cell);
        }
    }
}

/// Reads the board whose grid is already known (the live loop keeps it between frames).
pub fn read_grid(
    image: &RgbImage,
    grid: Grid,
    classifier: &Classifier,
) -> Result<Reading, VisionError> {
    let sampled = sample_grid(image, &grid);
    not_blanked(&sampled, &grid)?;
    let mut looks = classifier.classify(&sampled.looks)?;
    let every = 0..looks.len();
    look_again(
        image,
        &grid,
        &sampled,
        &mut looks,
        every.clone(),
        classifier,
    )?;
    look_closer(image, &sampled, &mut looks, every.clone(), classifier)?;
    read_shapes(image, &sampled, &mut looks, every);
    let distinct = looks.len();
    assemble(image, grid, looks, sampled, distinct)
}

/// The widest spread of any channel, in levels of 255, that a tile of a blanked board shows.
/// Every skin tells its tiles apart (gaps, bevels, grid lines, a checkerboard), and its box
/// filter keeps a one-pixel line at any pitch as a step of dozens of levels.
const FLAT_SPREAD: u8 = 6;

/// An error when every tile of `sampled`, a sampling of `grid`, is one flat colour ([`blanked`]).
pub(super) fn not_blanked(sampled: &SampledGrid, grid: &Grid) -> Result<(), VisionError> {
    match blanked(sampled) {
        Some(colour) => Err(VisionError::Unreadable(format!(
            "the {}x{} board at {:.0},{:.0} is one flat colour ({colour}), with no edge between \
             its tiles: something covers it (a dialog, a pause screen), or it is no board",
            grid.cols, grid.rows, grid.x, grid.y
        ))),
        None => Ok(()),
    }
}

/// The colour of a sampling whose tiles are all one flat colour, as games draw a board that a
/// dialog or a pause screen hides (GNOME Mines blanks it to grey while it asks "start a new
/// game?"): read as a fresh game, it would get a guess.
fn blanked(sampled: &SampledGrid) -> Option<String> {
    let [look] = sampled.looks.as_slice() else {
        return None;
    };
    let spread = |channel: usize| {
        let values = look.iter().skip(channel).step_by(3);
        values.clone().max().unwrap_or(&0) - values.min().unwrap_or(&0)
    };
    ((0..3).all(|channel| spread(channel) <= FLAT_SPREAD))
        .then(|| format!("#{:02x}{:02x}{:02x}", look[0], look[1], look[2]))
}

/// The reading made of the verdicts on the distinct looks of `sampled`, a sampling of `grid`.
pub(super) fn assemble(
    image: &RgbImage,
    grid: Grid,
    looks: Vec<Verdict>,
    sampled: SampledGrid,
    distinct_looks: usize,
) -> Result<Reading, VisionError> {
    let look_of = sampled.cells;
    let tiles: Vec<Verdict> = look_of.iter().map(|&look| looks[look]).collect();
    let cells = tiles.iter().map(|v| v.class.cell()).collect();
    // One verdict per cell by construction, so the sizes always agree.
    let board = Board::from_cells(grid.rows, grid.cols, cells)
        .ok_or_else(|| VisionError::Model("tile count does not match the grid".into()))?;
    let counter = Counter::read(image, &grid);
    let cells = (grid.rows * grid.cols) as u64;
    Ok(Reading {
        grid,
        mines: counter
            .mines(&tiles, cells)
            .or(standard_mines(grid.rows, grid.cols)),
        counted_flags: counter.flags(cells),
        mines_left: match counter {
            Counter::MinesLeft(left) => Some(left),
            _ => None,
        },
        tiles,
        board,
        distinct_looks,
        looks,
        look_of,
        pixels: sampled.looks,
        doubt: Vec::new(),
        refuted: false,
    })
}

/// The game's own mine counter, as read beside the board.
enum Counter {
    /// A seven-segment display: the mines left.
    MinesLeft(i64),
    /// GNOME Mines' text: the flags placed and the mine total.
    FlagsOfTotal(FlagsOfTotal),
    /// None that reads.
    Unread,
}

impl Counter {
    /// Reads the seven-segment display, else the text (a skin shows one or the other).
    fn read(image: &RgbImage, grid: &Grid) -> Counter {
        if let Some(left) = read_counter(image, grid) {
            return Counter::MinesLeft(left);
        }
        match read_text_counter(image, grid) {
            Some(text) => Counter::FlagsOfTotal(text),
            None => Counter::Unread,
        }
    }

    /// The mine total on a board of `cells` tiles whose classifier verdicts are `tiles`. A
    /// seven-segment display shows the mines left, so the total is that plus the flags on the
    /// board, right or wrong; a "flags/total" text shows the total, and its flag count must
    /// match the board's (a misread digit there is caught so). `None` without a counter, or
    /// when the reading cannot be this board's.
    fn mines(&self, tiles: &[Verdict], cells: u64) -> Option<u64> {
        match self {
            Counter::MinesLeft(left) => left_and_flags(*left, tiles, cells),
            Counter::FlagsOfTotal(text) => {
                let total = (text.flags == flags_read(tiles)).then_some(text.total)?;
                (total < cells).then_some(total)
            }
            Counter::Unread => None,
        }
    }

    /// The flags placed, where the counter shows them and can be this board's (`cells` tiles).
    fn flags(&self, cells: u64) -> Option<u64> {
        match self {
            Counter::FlagsOfTotal(text) if text.flags <= text.total && text.total < cells => {
                Some(text.flags)
            }
            _ => None,
        }
    }
}

/// How many of `tiles` read as flags, right or wrong.
fn flags_read(tiles: &[Verdict]) -> u64 {
    (tiles.iter())
        .filter(|v| matches!(v.class, TileClass::Flag | TileClass::WrongFlag))
        .count() as u64
}

/// The mine total a counter of `left` mines left gives on a board of `cells` tiles read as
/// `tiles`: that plus the flags read; `None` where it cannot be this board's.
fn left_and_flags(left: i64, tiles: &[Verdict], cells: u64) -> Option<u64> {
    let total = u64::try_from(left + flags_read(tiles) as i64).ok()?;
    (total < cells).then_some(total)
}

/// The mine total of the standard board sizes: Beginner 9x9 (and GNOME Mines' 8x8) 10,
/// Intermediate 16x16 40, Expert 30x16 (either way up) 99.
pub fn standard_mines(rows: usize, cols: usize) -> Option<u64> {
    match (rows.min(cols), rows.max(cols)) {
        (8, 8) | (9, 9) => Some(10),
        (16, 16) => Some(40),
        (16, 30) => Some(99),
        _ => None,
    }
}

impl Reading {
    /// Counts the mine total again where the game's counter shows the mines left: that plus the
    /// flags the board-level reading settled on, where the classifier's first guess counted
    /// every look it took for a flag (a tooltip's piece over a covered tile, read as a flag,
    /// made 40 mines 41). Where a tile in doubt may be a flag or not, the total is not known.
    pub fn recount_mines(&mut self) {
        let Some(left) = self.mines_left else {
            return;
        };
        let is_flag = |class: &TileClass| matches!(class, TileClass::Flag | TileClass::WrongFlag);
        let unsure = (self.doubt.iter())
            .any(|d| d.classes.iter().any(is_flag) && !d.classes.iter().all(is_flag));
        let cells = (self.board.rows() * self.board.cols()) as u64;
        self.mines = if unsure {
            None
        } else {
            left_and_flags(left, &self.tiles, cells)
        };
    }

    /// The class of tile (row, col).
    pub fn class(&self, row: usize, col: usize) -> TileClass {
        self.tiles[row * self.grid.cols + col].class
    }

    /// Gives look `look` the class `class`, with the confidence the board-level reading has in
    /// it: every tile showing it and the board follow.
    pub fn relabel(&mut self, look: usize, class: TileClass, confidence: f32) {
        self.looks[look] = self.looks[look].settled(class);
        self.looks[look].confidence = confidence;
        for (index, &of) in self.look_of.iter().enumerate() {
            if of == look {
                self.tiles[index] = self.looks[look];
                let pos = crate::board::Pos::new(index / self.grid.cols, index % self.grid.cols);
                self.board.set(pos, class.cell());
            }
        }
    }

    /// Reads the tile at `index` (row by row) as covered, whatever its look: a covered tile drawn
    /// for a moment like another (`crate::skin::pressed`).
    pub fn cover(&mut self, index: usize) {
        self.tiles[index] = self.tiles[index].settled(TileClass::Unrevealed);
        self.board.set_index(index, TileClass::Unrevealed.cell());
    }

    /// How many cells show each look.
    pub fn cells_of_each_look(&self) -> Vec<usize> {
        let mut cells = vec![0; self.looks.len()];
        for &look in &self.look_of {
            cells[look] += 1;
        }
        cells
    }

    /// The cells showing a look that `pick` accepts, as (row, col), row by row.
    pub fn cells_showing(&self, pick: impl Fn(usize) -> bool) -> Vec<(usize, usize)> {
        let cols = self.grid.cols;
        (self.look_of.iter().enumerate())
            .filter(|&(_, &look)| pick(look))
            .map(|(index, _)| (index / cols, index % cols))
            .collect()
    }

    /// The doubt that look `look` is in, if any. A doubt names one look, but covers every cell
    /// of the looks labelled with it (a family of looks alike), so it is found by the cells.
    pub fn doubt_of(&self, look: usize) -> Option<&Doubt> {
        let index = self.look_of.iter().position(|&l| l == look)?;
        let cell = (index / self.grid.cols, index % self.grid.cols);
        self.doubt.iter().find(|d| d.cells.contains(&cell))
    }

    /// The cells in doubt, as (row, col), row by row.
    pub fn doubt_cells(&self) -> Vec<(usize, usize)> {
        let mut cells: Vec<_> = self.doubt.iter().flat_map(|d| d.cells.clone()).collect();
        cells.sort_unstable();
        cells
    }

    /// For tests of what comes after vision: a reading of `board` with nothing in doubt and no
    /// pixels, its tiles 10 px from the origin.
    #[cfg(test)]
    pub(crate) fn of_board(board: Board) -> Reading {
        Reading {
            grid: Grid {
                x: 0.0,
                y: 0.0,
                pitch_x: 10.0,
                pitch_y: 10.0,
                rows: board.rows(),
                cols: board.cols(),
            },
            tiles: Vec::new(),
            board,
            mines: None,
            mines_left: None,
            counted_flags: None,
            distinct_looks: 0,
            looks: Vec::new(),
            look_of: Vec::new(),
            pixels: Vec::new(),
            doubt: Vec::new(),
            refuted: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::lines::Lines;
    use crate::vision::tiles::{TILE, TILE_BYTES};

    fn sampling(looks: Vec<TileImage>) -> SampledGrid {
        SampledGrid {
            cells: vec![0; 4],
            looks,
            lines: Lines {
                xs: vec![0.0, 10.0, 20.0],
                ys: vec![0.0, 10.0, 20.0],
            },
        }
    }

    /// The reading of `text` whose every tile is read surely as its board cell shows it, with
    /// `left` on the game's mines-left counter.
    fn counted(text: &str, left: i64) -> Reading {
        let mut reading = Reading::of_board(crate::board::parse_board(text).unwrap());
        let classes = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| match c {
                'F' => TileClass::Flag,
                '.' => TileClass::Unrevealed,
                digit => TileClass::Number(digit.to_digit(10).unwrap() as u8),
            });
        reading.tiles = classes.map(Verdict::certain).collect();
        reading.mines_left = Some(left);
        reading
    }

    #[test]
    fn the_mine_total_is_the_counter_plus_the_flags_settled_and_unknown_while_one_is_in_doubt() {
        // Two flags read, 8 mines left: 10 mines.
        let mut reading = counted("F1..\n11..\n....\n..1F\n", 8);
        reading.recount_mines();
        assert_eq!(reading.mines, Some(10));
        // The classifier took a covered tile for a flag, and the board-level reading settled it
        // as covered: 8 left and the one flag are 9 mines, not 10.
        let mut reading = counted("F1..\n11..\n....\n..1.\n", 8);
        reading.tiles[15] = Verdict::certain(TileClass::Flag).settled(TileClass::Unrevealed);
        reading.mines = Some(10);
        reading.recount_mines();
        assert_eq!(reading.mines, Some(9));
        // A tile in doubt between a flag and a covered tile: the total is not known.
        reading.doubt.push(Doubt {
            look: 0,
            classes: vec![TileClass::Flag, TileClass::Unrevealed],
            cells: vec![(3, 3)],
        });
        reading.recount_mines();
        assert_eq!(reading.mines, None);
        // A total as large as the board is no total; without a counter, nothing changes.
        let mut reading = counted("F1..\n11..\n....\n..1F\n", 14);
        reading.recount_mines();
        assert_eq!(reading.mines, None);
        let mut reading = counted("F1..\n11..\n....\n..1F\n", 8);
        (reading.mines_left, reading.mines) = (None, Some(40));
        reading.recount_mines();
        assert_eq!(reading.mines, Some(40));
    }

    #[test]
    fn a_board_of_one_flat_colour_is_blanked_and_a_fresh_board_is_not() {
        // GNOME Mines' grey while it asks "start a new game?": no edge anywhere.
        let mut grey = [0xba; TILE_BYTES];
        grey[5] = 0xbd;
        assert_eq!(blanked(&sampling(vec![grey])).as_deref(), Some("#bababa"));
        // A fresh board of flat covered tiles with a one-pixel gap, box-filtered: the gap's
        // samples are dozens of levels darker.
        let mut tile = [0xba; TILE_BYTES];
        for v in 0..TILE {
            tile[(v * TILE + TILE - 1) * 3..(v * TILE + TILE) * 3].fill(0x90);
        }
        assert_eq!(blanked(&sampling(vec![tile])), None);
        // Two looks are two kinds of tile.
        assert_eq!(blanked(&sampling(vec![grey, [0x20; TILE_BYTES]])), None);
    }
}
