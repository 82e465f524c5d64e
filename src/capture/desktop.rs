//! The one interface the live loop sees the screen through, whatever the display system: which
//! windows there are, where one is, whether a compositor blends windows, and a rectangle of a
//! window's (or the screen's) pixels. [`connect`] picks the backend for the session it runs in.

use super::screen::CaptureError;
use super::windows::WindowInfo;
use image::RgbImage;
use serde::Serialize;

/// The display system `live` captures from and draws on (the `display` of its JSON log).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DisplaySystem {
    X11,
    Wayland,
    Windows,
}

/// A window's place on the screen: its inside (no frame where the system can tell) in physical
/// screen pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    pub x: i32,
    pub y: i32,
    pub width: u32,
    pub height: u32,
    /// Whether it is mapped and visible (a minimised window is not).
    pub viewable: bool,
}

/// A display system's windows and pixels, as the live loop uses them. Positions are physical
/// pixels on the virtual screen; `grab` areas are in the pixels of the window (or the screen)
/// grabbed, with the window's [`Placement`] as their origin.
pub trait Desktop: Send {
    /// Which display system this is.
    fn system(&self) -> DisplaySystem;
    /// The visible top-level windows, topmost first, leaving out this process's own.
    fn windows(&self) -> Result<Vec<WindowInfo>, CaptureError>;
    /// Where window `id` is now, or `None` when it no longer exists.
    fn placement(&self, id: u32) -> Result<Option<Placement>, CaptureError>;
    /// The pixels of `area` (x, y, width, height) of window `id`, or of the screen as shown
    /// when `id` is `None`.
    fn grab(&self, id: Option<u32>, area: (i32, i32, u32, u32)) -> Result<RgbImage, CaptureError>;
    /// Whether windows are composited, so that an overlay can be transparent and a window's
    /// pixels are its own even under another window.
    fn has_compositor(&self) -> Result<bool, CaptureError>;
    /// The screen's size: what `grab(None, …)` can see.
    fn screen_size(&self) -> Result<(u32, u32), CaptureError>;
}

/// The backend for the display system this process runs in: X11 where `$DISPLAY` is set (an
/// X server, or XWayland, which then sees the games that run through it); Wayland's own screen
/// copies on a Wayland session without XWayland.
#[cfg(target_os = "linux")]
pub fn connect() -> Result<Box<dyn Desktop>, CaptureError> {
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    if !set("DISPLAY") && set("WAYLAND_DISPLAY") {
        return Ok(Box::new(super::wayland::Wayland::connect()?));
    }
    Ok(Box::new(super::x11::X11::connect()?))
}

/// The backend for the display system this process runs in: xcap's window and monitor capture,
/// with window positions from the system.
#[cfg(not(target_os = "linux"))]
pub fn connect() -> Result<Box<dyn Desktop>, CaptureError> {
    Ok(Box::new(super::xcap_desktop::XcapDesktop::new()?))
}
