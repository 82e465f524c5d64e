//! Capture errors, and the visible windows through xcap (to name the one a board is in). On X11
//! this needs a running display; errors name what failed.

use crate::vision::Rect;

/// A failure to read the screen.
#[derive(Debug, thiserror::Error)]
pub enum CaptureError {
    #[error("screen capture failed: {0}")]
    Capture(String),
}

impl CaptureError {
    /// A failure of `what`, with the cause.
    pub fn failed(what: &str, cause: impl std::fmt::Display) -> CaptureError {
        CaptureError::Capture(format!("{what}: {cause}"))
    }
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
