//! Test helpers for the board-level reading: tile looks drawn from flat colours, and readings
//! whose every look is a family of its own.

use super::families::Families;
use crate::vision::tiles::{TileImage, TILE, TILE_BYTES};
use crate::vision::{Reading, TileClass};

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
