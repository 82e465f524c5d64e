//! minehint reads a Minesweeper game and tells the player which tiles are safe, which are mines, and
//! where the best guess is.
//!
//! The pipeline, one module per layer, data flowing one way:
//! - [`capture`]: screen and window pixels, finding the game window, the calibration profile.
//! - [`vision`]: pixels → board: the tile grid, and a small CNN for the tiles.
//! - [`skin`]: the board-level reading: the classes of a board's distinct looks, chosen together
//!   under the rules of the game, and the looks left in doubt.
//! - [`board`]: the board model and its text format (pure).
//! - [`solver`]: board → exact probabilities, certain tiles, number probabilities (pure).
//! - [`advice`]: probabilities → moves; a seeded game simulator to measure them (pure given a seed).
//! - [`overlay`]: moves → pixels: the marks drawn on a screenshot or the live overlay window.
//! - [`pipeline`]: one picture through all of the above.
//! - [`live`]: the capture loop and the overlay, following a game as it is played.
//!
//! The screen, the overlay window and the live loop need the `desktop` feature (on by default);
//! without it the library reads pictures, solves and advises.
//!
//! `fuzzing` (hidden) holds the fuzzers' entry points.
//!
//! Glossary:
//! - *frontier*: unrevealed tiles next to at least one revealed number.
//! - *group*: frontier tiles touching exactly the same numbers; s tiles holding k mines stand for
//!   C(s, k) layouts.
//! - *subsystem*: groups linked through shared numbers; subsystems are independent of each other.
//! - *local* analysis: every consistent frontier layout counts once (no mine total known).
//! - *global* analysis: with the mine total M, a layout with m frontier mines weighs C(U, M − m),
//!   U being the unrevealed tiles touching no number.
//! - *number probability*: the chance an unrevealed tile shows 0…8 if opened (or is a mine).

pub mod advice;
pub mod board;
pub mod capture;
#[doc(hidden)]
pub mod fuzzing;
#[cfg(feature = "desktop")]
pub mod live;
pub mod overlay;
pub mod pipeline;
pub mod skin;
pub mod solver;
pub mod vision;

pub use board::{parse_board, Board, BoardError, Cell, Pos};
pub use solver::{analyze, Analysis, Ratio, SolveError, SolveOptions};
