//! Screen pixels through xcap: the whole primary monitor, and the visible windows (to name the
//! one the board is in). On X11 this needs a running display; errors name what failed.

use crate::vision::Rect;
use image::{DynamicImage, RgbImage};

/// A failure to read the screen.
#[derive(Debug, thiserror::Error)]
pub enum CaptureError {
    #[error("no monitor to capture (is a display running? $DISPLAY={display})")]
    NoMonitor { display: String },
    #[error("screen capture failed: {0}")]
    Capture(String),
}

fn display() -> String {
    std::env::var("DISPLAY").unwrap_or_else(|_| "unset".into())
}

/// The primary monitor's pixels (the first monitor when none is marked primary), in physical
/// pixels, and the monitor's top-left corner on the virtual screen.
pub fn capture_screen() -> Result<(RgbImage, (i32, i32)), CaptureError> {
    let monitors = xcap::Monitor::all().map_err(|err| CaptureError::Capture(err.to_string()))?;
    let monitor = monitors
        .iter()
        .find(|m| m.is_primary().unwrap_or(false))
        .or_else(|| monitors.first())
        .ok_or_else(|| CaptureError::NoMonitor { display: display() })?;
    let origin = (monitor.x().unwrap_or(0), monitor.y().unwrap_or(0));
    let image = monitor
        .capture_image()
        .map_err(|err| CaptureError::Capture(err.to_string()))?;
    Ok((DynamicImage::ImageRgba8(image).into_rgb8(), origin))
}

/// The title of the smallest visible window that holds `board` (screen pixels), if any: the
/// game's own window rather than a desktop or a full-screen parent.
pub fn window_around(board: Rect) -> Option<String> {
    let windows = xcap::Window::all().ok()?;
    let (cx, cy) = (
        i64::from(board.x) + i64::from(board.width) / 2,
        i64::from(board.y) + i64::from(board.height) / 2,
    );
    windows
        .iter()
        .filter(|w| !w.is_minimized().unwrap_or(true))
        .filter_map(|w| {
            let (x, y) = (i64::from(w.x().ok()?), i64::from(w.y().ok()?));
            let (width, height) = (i64::from(w.width().ok()?), i64::from(w.height().ok()?));
            let inside = cx >= x && cx < x + width && cy >= y && cy < y + height;
            inside.then(|| (width * height, w))
        })
        .min_by_key(|(area, _)| *area)
        .and_then(|(_, w)| {
            let title = w.title().ok().filter(|t| !t.is_empty());
            title.or_else(|| w.app_name().ok())
        })
}
