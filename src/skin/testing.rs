//! Test helpers for the board-level reading: tile looks drawn from flat colours, readings
//! whose every look is a family of its own, and readings of a board drawn as text.

use super::families::Families;
use crate::board::Board;
use crate::vision::tiles::{TileImage, TILE, TILE_BYTES};
use crate::vision::{Grid, Reading, TileClass, Verdict};

/// The faces and inks of a checkerboard skin with a note over it, for tiles drawn with
/// [`tile_with_ink`]: sand open tiles, grass covered ones, a blue "1", a dark note with white
/// letters.
pub const SAND: [u8; 3] = [215, 184, 153];
pub const GRASS: [u8; 3] = [162, 209, 73];
pub const BLUE: [u8; 3] = [25, 118, 210];
pub const NOTE: [u8; 3] = [30, 30, 30];
pub const WHITE: [u8; 3] = [250; 3];

/// A sampled tile of one colour, `face`, with a square of `ink` in its middle (none where `ink`
/// is the face): the edge ring is the face, the middle its symbol.
pub fn tile_with_ink(face: [u8; 3], ink: [u8; 3]) -> TileImage {
    let mut tile = [0; TILE_BYTES];
    for (i, pixel) in tile.chunks_exact_mut(3).enumerate() {
        let (x, y) = (i % TILE, i / TILE);
        let middle = (5..TILE - 5).contains(&x) && (5..TILE - 5).contains(&y);
        pixel.copy_from_slice(if middle { &ink } else { &face });
    }
    tile
}

/// A tile of `face` with `ink` on the samples `glyph(x, y)` picks.
pub fn drawn(face: [u8; 3], ink: [u8; 3], glyph: fn(usize, usize) -> bool) -> TileImage {
    let mut tile = [0; TILE_BYTES];
    for (i, pixel) in tile.chunks_exact_mut(3).enumerate() {
        let on = glyph(i % TILE, i / TILE);
        pixel.copy_from_slice(if on { &ink } else { &face });
    }
    tile
}

/// A "2" for [`drawn`]: a top bar, a diagonal and a bottom bar.
pub fn two(x: usize, y: usize) -> bool {
    let bars = (4..12).contains(&x) && (y == 3 || y == 12);
    let diagonal = (4..12).contains(&y) && (x + y == 15 || x + y == 16);
    bars || diagonal
}

/// `reading` with each cell's verdict that of its look, the families when each look is a family
/// of its own, and the class each is read as (the board-level reading's settled classes,
/// unchanged).
pub fn a_family_a_look(mut reading: Reading) -> (Reading, Families, Vec<TileClass>) {
    reading.tiles = reading.look_of.iter().map(|&l| reading.looks[l]).collect();
    let families = Families {
        of: (0..reading.looks.len()).collect(),
        first: (0..reading.looks.len()).collect(),
        verdicts: reading.looks.clone(),
    };
    let settled = reading.looks.iter().map(|v| v.class).collect();
    (reading, families, settled)
}

/// A reading of `rows` (one char per tile, each char one look) with `looks[k]` the verdict on
/// the look of char `k` in `chars`; each look is a flat tile of its own grey.
pub fn flat_reading(rows: &[&str], chars: &str, looks: Vec<Verdict>) -> Reading {
    let cols = rows[0].len();
    let look_of: Vec<usize> = (rows.iter().flat_map(|r| r.chars()))
        .map(|c| chars.find(c).unwrap())
        .collect();
    let tiles: Vec<Verdict> = look_of.iter().map(|&l| looks[l]).collect();
    let cells = tiles.iter().map(|v| v.class.cell()).collect();
    Reading {
        grid: Grid {
            x: 0.0,
            y: 0.0,
            pitch_x: 16.0,
            pitch_y: 16.0,
            rows: rows.len(),
            cols,
        },
        board: Board::from_cells(rows.len(), cols, cells).unwrap(),
        tiles,
        mines: None,
        mines_left: None,
        counted_flags: None,
        distinct_looks: looks.len(),
        pixels: (0..looks.len())
            // Greys 50 apart, wrapping past white: a board of more than five looks.
            .map(|k| [((40 + 50 * k) % 256) as u8; TILE_BYTES])
            .collect(),
        looks,
        look_of,
        doubt: Vec::new(),
        refuted: false,
    }
}

/// The reading of board text `text` whose cells show the looks `look_of` (row by row), each
/// read with its verdict in `looks`.
pub fn board_of_looks(text: &str, look_of: Vec<usize>, looks: Vec<Verdict>) -> Reading {
    let mut reading = Reading::of_board(crate::board::parse_board(text).unwrap());
    reading.look_of = look_of;
    reading.looks = looks;
    reading
}

/// Puts every cell showing `look` of `reading` in doubt between `classes`, as one doubt.
pub fn doubt_look(reading: &mut Reading, look: usize, classes: &[TileClass]) {
    let cells = reading.cells_showing(|l| l == look);
    reading.doubt.push(crate::vision::Doubt {
        look,
        classes: classes.to_vec(),
        cells,
    });
}
