//! Test helpers for the board-level reading: tile looks drawn from flat colours.

use crate::vision::tiles::{TileImage, TILE, TILE_BYTES};

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
