//! Screen pixels: capturing the screen (xcap) and the calibration profile that remembers where
//! the game is.

pub mod profile;
pub mod screen;

pub use profile::{Profile, ProfileError};
pub use screen::{capture_screen, window_around, CaptureError};
