//! Pixels → board: find the tile grid in a screenshot, cut it into tiles, classify each distinct
//! tile once, and turn the classes into a [`Board`](crate::board::Board).
//!
//! - `load`: reading image files safely;
//! - [`blobs`] and [`grid`]: the flat regions of the image and the tile lattice among them;
//!   `pitch`: the lattice's pitch checked against the edges of every region, and `subpitch`:
//!   a lattice found at a multiple of the tiles' pitch (vanishing grid lines) brought down to it;
//! - [`locate`](mod@locate): the board's grid, found or given, and [`extend`](mod@extend):
//!   grown over edge lines of tiles the squares missed, and `texture`: whether textured tiles
//!   the squares missed lie beside a grid that looks complete; `cut`: a board that goes on past
//!   the picture's edge (a window smaller than its board) is refused;
//! - [`tiles`]: sampling each cell into the classifier's input;
//! - [`classify`] and [`classes`]: the CNN and the looks it tells apart;
//! - [`counter`] and [`text_counter`]: the game's own mine counter, where the skin shows one (a
//!   seven-segment display, or GNOME Mines' "3/40" text, read by `glyphs`);
//! - [`read`]: a found grid → [`Reading`] (the whole chain from a screenshot, with the
//!   board-level reading, is `crate::pipeline::read_board`);
//! - [`cache`]: verdicts kept between the frames of a live game.

pub mod blobs;
pub mod cache;
pub mod classes;
pub mod classify;
pub mod counter;
mod cut;
mod error;
pub mod extend;
mod glyphs;
pub mod grid;
mod load;
pub mod locate;
mod pitch;
pub mod read;
mod subpitch;
#[cfg(test)]
mod testing;
pub mod text_counter;
mod texture;
pub mod tiles;

pub use cache::LookCache;
pub use classes::TileClass;
pub use classify::{Classifier, Verdict};
pub use error::VisionError;
pub use grid::{Grid, Rect};
pub use load::{decode_image, load_image, MAX_PIXELS, MAX_SIDE};
pub use locate::{locate, Hints};
pub use read::{read_grid, standard_mines, Doubt, Reading};
