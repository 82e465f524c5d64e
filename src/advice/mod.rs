//! Advice: turning the solver's probabilities into moves, and the game simulator that measures how
//! well those moves play.
//!
//! Pure given a seed: randomness comes in as an `Rng` argument, never from the thread.

mod deduce;
mod endgame;
mod error;
mod fifty_fifty;
mod first_click;
mod game;
mod guess;
mod json;
mod moves;
mod play;
mod request;
#[cfg(test)]
pub(crate) mod testing;
mod three_clicks;
mod trap;

pub use deduce::{deduce, deduce_near, Action, Deduced, Depth, Move, Reason, Source};
pub use endgame::{best_endgame_move, EndgameMove};
pub use error::GameError;
pub use first_click::{
    explain as explain_first_click, first_click, first_click_avoiding, nothing_open,
};
pub use game::{FirstClick, Game, Opened};
pub use guess::{best_guess, guess_candidates, Guess, GuessKind, GuessPolicy, ThreeClicks};
pub use json::{rounded, GuessJson, MoveJson};
pub use moves::{advise, certain_moves, Advice};
pub use play::{play, play_with, GameResult, GuessPoint, Loss, Series};
pub use request::{answer_request, parse_request, RequestError};
