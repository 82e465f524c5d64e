//! Screen pixels: capturing the screen and the game window, finding the game among the visible
//! windows, and the calibration profile that remembers where the game is.
//!
//! - [`screen`]: capture errors, and the window a board is in, through xcap (calibration);
//! - [`windows`]: the visible windows through xcap, and which may hold a game;
//! - [`desktop`]: the one interface the live loop sees the screen through, and its backends:
//!   - `x11`: the live loop's own X connection: window placement, compositor, board pixels;
//!   - `wayland`: a Wayland compositor's screen copies (wlroots compositors);
//!   - `portal`: the desktop portal's screen cast (GNOME, KDE Plasma), its frames streamed
//!     over PipeWire (`cast_stream`), its requests through `portal_request` (which the live
//!     loop's global shortcuts on Wayland use too);
//!   - `xcap_desktop`: elsewhere (Windows), xcap's window list and monitor capture, with the
//!     game window's place and pixels from `win32` on Windows (one bitmap kept for the run);
//! - [`profile`]: what `calibrate --save` stores.
//!
//! Everything but the profile needs the `desktop` feature (on by default).

#[cfg(all(feature = "desktop", target_os = "linux"))]
pub mod cast_stream;
#[cfg(feature = "desktop")]
pub mod desktop;
#[cfg(all(feature = "desktop", target_os = "linux"))]
pub mod portal;
#[cfg(all(feature = "desktop", target_os = "linux"))]
pub mod portal_request;
pub mod profile;
#[cfg(feature = "desktop")]
pub mod screen;
#[cfg(all(feature = "desktop", target_os = "linux"))]
pub mod wayland;
#[cfg(all(feature = "desktop", windows))]
mod win32;
#[cfg(feature = "desktop")]
pub mod windows;
#[cfg(all(feature = "desktop", target_os = "linux"))]
pub mod x11;
#[cfg(all(feature = "desktop", not(target_os = "linux")))]
pub mod xcap_desktop;

#[cfg(feature = "desktop")]
pub use desktop::{capture_screen, connect, Desktop, DisplaySystem, Placement, ScreenCopies};
pub use profile::{Profile, ProfileError};
#[cfg(feature = "desktop")]
pub use screen::{window_around, CaptureError};
#[cfg(feature = "desktop")]
pub use windows::{candidates, visible_windows, WindowInfo};
