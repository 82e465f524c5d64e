//! The exact probability solver: from a [`Board`](crate::board::Board) (and optionally the mine total) to the exact
//! chance that each unrevealed tile holds a mine, the certain tiles, and what each tile would show.
//!
//! Pure: no I/O, no clock, no randomness. The pipeline, one file a stage:
//! 1. `constraints`: each number less its flags = mines among its unrevealed neighbours.
//! 2. `groups`: tiles touching the same numbers are one group (s tiles, k mines: C(s, k) layouts).
//! 3. `subsystems`: groups linked by numbers; independent of each other; each gets a sweep order.
//! 4. `count`: per subsystem, a dynamic programme along that order counts layouts by mine count,
//!    and a backward pass gives every group's mine count.
//! 5. `combine`: subsystems by convolution; in global mode a layout with m frontier mines weighs
//!    C(U, M − m) for the U tiles touching no number and M mines not flagged.
//! 6. `numbers`: P(a tile shows 0..8) if opened. `consistency` names the numbers of an impossible
//!    board, and `wrong_flag` a flag without which it holds; `layouts` lists layouts group by
//!    group; `safety` reads only whether some tile is safe
//!    and the lowest mine chance, for the advice's look-ahead.
//!
//! Exact means exact: counts are `BigUint`, probabilities reduced [`Ratio`]s; `f64` only for display
//! and for ranking guesses ([`Safety::lowest`], whose safe/not-safe answer is still exact).

mod analysis;
mod by_tile;
mod combine;
mod consistency;
mod constraints;
mod count;
mod error;
mod exact;
mod groups;
mod layouts;
mod numbers;
mod poly;
mod ratio;
mod safety;
mod subsystems;
mod system;
mod wrong_flag;

#[cfg(test)]
mod brute;
#[cfg(test)]
mod proptests;

pub use analysis::{analyze, analyze_then_numbers, Analysis, Mode, SolveOptions, TileAnalysis};
pub(crate) use by_tile::ByTile;
pub use consistency::{check_consistency, holds_with_covered, is_consistent};
pub use error::{format_cells, SolveError};
pub use layouts::{list_layouts, Layout, LayoutGroup};
pub use ratio::Ratio;
pub use safety::{safety, OpenedTile, Safety};
pub use wrong_flag::{name_wrong_flag, wrong_flag};
