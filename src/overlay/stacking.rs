//! Keeping the overlay above the game. The overlay is an override-redirect window: the window
//! manager leaves it alone, so it never gets a frame that would catch clicks, never takes the
//! focus and sits exactly where it is put; but nobody keeps it on top either, so it raises itself
//! whenever it shows a new scene (a game window opened or clicked may have gone above it).

use xcb::x;
use xcb::XidNew;

/// A second X connection for restacking the overlay window.
pub struct Stacking {
    conn: xcb::Connection,
    window: x::Window,
}

impl Stacking {
    /// Connects for window `id`; `None` when the display cannot be opened.
    pub fn new(id: u32) -> Option<Stacking> {
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
