//! Screen pixels: the calibration profile that remembers where the game is.

pub mod profile;

pub use profile::{Profile, ProfileError};
