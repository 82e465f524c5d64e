//! Keeping the overlay above the game. The overlay is an override-redirect window: the window
//! manager leaves it alone, so it never gets a frame that would catch clicks, never takes the
//! focus and sits exactly where it is put; but nobody keeps it on top either, so it raises itself
//! whenever it shows a new scene (a game window opened or clicked may have gone above it).

use winit::raw_window_handle::{HasWindowHandle, RawWindowHandle};
use winit::window::Window;
use xcb::x;
use xcb::XidNew;

/// A second X connection for restacking the overlay window.
pub struct Stacking {
    conn: xcb::Connection,
    window: x::Window,
}

impl Stacking {
    /// For the overlay `window`; `None` when it is not an X11 window or the display cannot be
    /// opened.
    pub fn of(window: &Window) -> Option<Stacking> {
        match window.window_handle().map(|h| h.as_raw()) {
            Ok(RawWindowHandle::Xlib(h)) => Stacking::new(h.window as u32),
            Ok(RawWindowHandle::Xcb(h)) => Stacking::new(h.window.get()),
            _ => None,
        }
    }

    /// Connects for window `id`; `None` when the display cannot be opened.
    fn new(id: u32) -> Option<Stacking> {
        let (conn, _) = xcb::Connection::connect(None).ok()?;
        Some(Stacking {
            conn,
            window: x::Window::new(id),
        })
    }

    /// Puts the window above all its siblings.
    pub fn raise(&self) {
        self.conn.send_request(&x::ConfigureWindow {
            window: self.window,
            value_list: &[x::ConfigWindow::StackMode(x::StackMode::Above)],
        });
        // Nothing to wait for: a flush is enough for the request to take effect.
        let _ = self.conn.flush();
    }
}
