//! Screen pixels: capturing the screen and the game window, finding the game among the visible
//! windows, and the calibration profile that remembers where the game is.
//!
//! - [`screen`]: the whole monitor through xcap (calibration);
//! - [`windows`]: the visible windows through xcap, and which may hold a game;
//! - [`x11`]: the live loop's own X connection: window placement, compositor, board pixels;
//! - [`profile`]: what `calibrate --save` stores.

pub mod profile;
pub mod screen;
pub mod windows;
pub mod x11;

pub use profile::{Profile, ProfileError};
pub use screen::{capture_screen, window_around, CaptureError};
pub use windows::{candidates, visible_windows, WindowInfo};
pub use x11::{Placement, X11};
