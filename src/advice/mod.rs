//! Advice: turning the solver's probabilities into moves, and the game simulator that measures how
//! well those moves play.
//!
//! Pure given a seed: randomness comes in as an `Rng` argument, never from the thread.

mod error;
mod game;

pub use error::GameError;
pub use game::{FirstClick, Game, Opened};
