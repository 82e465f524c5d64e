//! Pixels → board: find the tile grid in a screenshot, cut it into tiles, classify each distinct
//! tile once, and turn the classes into a [`Board`](crate::board::Board).
//!
//! Its stages, each a folder, data flowing one way; [`read`] at the top is the one path through
//! them (the board-level labelling of the looks is `crate::skin`, and the whole chain from a
//! screenshot is `crate::pipeline::read_board`):
//! - [`locate`](mod@locate) (pixels → [`Grid`]): the flat regions of the image ([`blobs`]), the
//!   lattice of square tiles among them ([`grid`]), its pitch checked against every region's
//!   edges (`pitch`) or brought down from a multiple of the tiles' pitch where grid lines vanish
//!   in a pattern (`subpitch`), grown over edge lines of tiles the squares missed
//!   ([`extend`](mod@extend)), textured tiles beside a grid that looks complete (`texture`), and a
//!   board that goes on past the picture's edge refused (`cut`);
//! - [`looks`] (grid → classified looks): each of the grid's lines moved onto the tiles' edges
//!   ([`lines`]), sampling each cell into the classifier's input ([`tiles`]), the CNN and the
//!   classes it tells apart ([`classify`], [`classes`]), a second look at the numbers it is
//!   unsure of ([`second_look`]), a closer one at small digits ([`zoom_look`]) and one at their
//!   digits' shapes ([`shape_look`]), and the verdicts kept between the frames of a live game
//!   ([`cache`]);
//! - [`counter`] (pixels → mine total): the game's own mine counter, a seven-segment display or
//!   GNOME Mines' "3/40" text ([`text_counter`], read by `glyphs`);
//! - `load`: reading image files safely; `read`: a found grid → [`Reading`].

pub mod counter;
mod error;
mod load;
pub mod locate;
pub mod looks;
pub mod read;
#[cfg(test)]
mod testing;

// The stages' modules under the names the rest of the crate reads them by.
pub use counter::text_counter;
pub use locate::{blobs, extend, grid};
pub use looks::{cache, classes, classify, lines, second_look, shape_look, tiles, zoom_look};

pub use cache::LookCache;
pub use classes::TileClass;
pub use classify::{Classifier, Verdict};
pub use error::VisionError;
pub use grid::{Grid, Rect};
pub use load::{decode_image, load_image, MAX_PIXELS, MAX_SIDE};
pub use locate::{locate, on_the_tiles_edges, Hints};
pub use read::{read_grid, standard_mines, Doubt, Reading};

/// Builds now what reading otherwise builds on first need: the glyph templates that read mine
/// counters and check unsure digits. `live` calls it before its first frame, so that no frame
/// waits for it.
pub fn prepare() {
    counter::glyphs::prepare();
}
