//! The live loop's fast path to the X server: one connection kept open for the whole run, used to
//! ask where a window is, whether it is shown, whether a compositing manager runs, and to grab
//! just the board's pixels out of the game window.
//!
//! xcap finds and names the windows (`capture::windows`), but it opens a new connection for every
//! call and only grabs whole windows; at 30 frames a second that alone would cost more than the
//! 5% of a core the idle loop may use. The requests here are the same X core requests xcap makes.
//!
//! Where the server has the DAMAGE extension, the window followed is watched for drawing
//! ([`X11::drawn_since_last_look`]), so that a board left alone costs no grab at all.

use super::desktop::{Desktop, DisplaySystem, Placement};
use super::screen::CaptureError;
use super::windows::{visible_windows, WindowInfo};
use image::RgbImage;
use std::sync::{Mutex, PoisonError};
use xcb::x::{self, Drawable, ImageOrder};
use xcb::{damage, xfixes, Xid, XidNew};

/// An open connection to the X display.
pub struct X11 {
    conn: xcb::Connection,
    root: x::Window,
    screen: i32,
    /// Bits per pixel of each depth the server can send, from the connection setup.
    formats: Vec<(u8, u8)>,
    byte_order: ImageOrder,
    /// Whether the server has the DAMAGE extension (version 1.1 agreed).
    has_damage: bool,
    /// The window watched for drawing, and its damage object.
    watch: Mutex<Option<(u32, damage::Damage)>>,
}

impl X11 {
    /// Connects to `$DISPLAY`.
    pub fn connect() -> Result<X11, CaptureError> {
        let (conn, screen) = xcb::Connection::connect_with_extensions(
            None,
            &[],
            &[xcb::Extension::Damage, xcb::Extension::XFixes],
        )
        .map_err(|err| {
            CaptureError::Capture(format!(
                "cannot open the X display {}: {err}",
                std::env::var("DISPLAY").unwrap_or_else(|_| "(DISPLAY unset)".into())
            ))
        })?;
        let setup = conn.get_setup();
        let root = setup
            .roots()
            .nth(usize::try_from(screen).unwrap_or(0))
            .map(|s| s.root())
            .ok_or_else(|| CaptureError::Capture("the X display has no screen".into()))?;
        let formats = setup
            .pixmap_formats()
            .iter()
            .map(|f| (f.depth(), f.bits_per_pixel()))
            .collect();
        let byte_order = setup.image_byte_order();
        let has_damage = agree_on_damage(&conn);
        Ok(X11 {
            conn,
            root,
            screen,
            formats,
            byte_order,
            has_damage,
            watch: Mutex::new(None),
        })
    }

    /// Whether window `id` drew anything since the last time this was asked of it: the
    /// server's DAMAGE reports, drained from the connection. `None` where the server cannot
    /// tell (no DAMAGE extension, or the window is gone); `Some(true)` the first time a window
    /// is asked about, since what it drew before is not known. Ask before grabbing: drawing
    /// after the question is reported at the next one.
    pub fn drawn_since_last_look(&self, id: u32) -> Result<Option<bool>, CaptureError> {
        if !self.has_damage {
            return Ok(None);
        }
        let mut watch = self.watch.lock().unwrap_or_else(PoisonError::into_inner);
        let damage = match *watch {
            Some((watched, damage)) if watched == id => damage,
            _ => {
                if let Some((_, old)) = watch.take() {
                    self.conn.send_request(&damage::Destroy { damage: old });
                }
                let damage: damage::Damage = self.conn.generate_id();
                let created = self.conn.send_and_check_request(&damage::Create {
                    damage,
                    drawable: Drawable::Window(x::Window::new(id)),
                    // One report each time the window's damage goes from none to some: the
                    // damage is taken away at each look, so each look learns of any drawing.
                    level: damage::ReportLevel::NonEmpty,
                });
                match created {
                    Ok(()) => *watch = Some((id, damage)),
                    Err(xcb::ProtocolError::X(..)) => return Ok(None),
                    Err(err) => return Err(CaptureError::failed("watching the game window", err)),
                }
                self.drain(damage)?;
                self.repair(damage);
                return Ok(Some(true));
            }
        };
        let drawn = self.drain(damage)?;
        if drawn {
            self.repair(damage);
        }
        Ok(Some(drawn))
    }

    /// Takes every event waiting on the connection; whether one was a damage report of `damage`.
    /// Errors of requests sent unchecked (a damage object of a window since gone) are dropped.
    fn drain(&self, damage: damage::Damage) -> Result<bool, CaptureError> {
        let mut drawn = false;
        loop {
            match self.conn.poll_for_event() {
                Ok(Some(xcb::Event::Damage(damage::Event::Notify(notify)))) => {
                    drawn |= notify.damage() == damage;
                }
                Ok(Some(_)) | Err(xcb::Error::Protocol(_)) => {}
                Ok(None) => return Ok(drawn),
                Err(xcb::Error::Connection(err)) => {
                    return Err(CaptureError::failed("the X connection broke", err))
                }
            }
        }
    }

    /// Empties `damage`, so that the window's next drawing is reported again.
    fn repair(&self, damage: damage::Damage) {
        self.conn.send_request(&damage::Subtract {
            damage,
            repair: xfixes::Region::none(),
            parts: xfixes::Region::none(),
        });
    }

    /// Whether a compositing manager runs on this screen (it owns the `_NET_WM_CM_Sn` selection).
    /// With one, a window's pixels are its own even when something covers it, and an overlay can
    /// be transparent; without one, neither holds.
    pub fn has_compositor(&self) -> Result<bool, CaptureError> {
        let name = format!("_NET_WM_CM_S{}", self.screen);
        let atom = self
            .conn
            .wait_for_reply(self.conn.send_request(&x::InternAtom {
                only_if_exists: false,
                name: name.as_bytes(),
            }))
            .map_err(|err| CaptureError::failed("asking for the compositor selection", err))?
            .atom();
        let owner = self
            .conn
            .wait_for_reply(
                self.conn
                    .send_request(&x::GetSelectionOwner { selection: atom }),
            )
            .map_err(|err| CaptureError::failed("asking who owns the compositor selection", err))?
            .owner();
        Ok(!owner.is_none())
    }

    /// Where window `id` is now, or `None` when it no longer exists.
    pub fn placement(&self, id: u32) -> Result<Option<Placement>, CaptureError> {
        let window = x::Window::new(id);
        let attributes = self.conn.send_request(&x::GetWindowAttributes { window });
        let geometry = self.conn.send_request(&x::GetGeometry {
            drawable: Drawable::Window(window),
        });
        let origin = self.conn.send_request(&x::TranslateCoordinates {
            src_window: window,
            dst_window: self.root,
            src_x: 0,
            src_y: 0,
        });
        // A window that went away answers with an X error, not a broken connection.
        let (attributes, geometry, origin) = match (
            self.conn.wait_for_reply(attributes),
            self.conn.wait_for_reply(geometry),
            self.conn.wait_for_reply(origin),
        ) {
            (Ok(a), Ok(g), Ok(o)) => (a, g, o),
            (Err(xcb::Error::Connection(err)), _, _)
            | (_, Err(xcb::Error::Connection(err)), _)
            | (_, _, Err(xcb::Error::Connection(err))) => {
                return Err(CaptureError::failed("the X connection broke", err))
            }
            _ => return Ok(None),
        };
        Ok(Some(Placement {
            x: i32::from(origin.dst_x()),
            y: i32::from(origin.dst_y()),
            width: u32::from(geometry.width()),
            height: u32::from(geometry.height()),
            viewable: attributes.map_state() == x::MapState::Viewable,
        }))
    }

    /// The pixels of `area` (x, y, width, height in the window's own pixels) of window `id`, or
    /// of the root window (the whole screen as shown) when `id` is `None`.
    pub fn grab(
        &self,
        id: Option<u32>,
        area: (i32, i32, u32, u32),
    ) -> Result<RgbImage, CaptureError> {
        let window = id.map_or(self.root, x::Window::new);
        let (x, y, width, height) = area;
        // X11 coordinates are 16-bit: positions signed, sizes unsigned.
        let position = |v: i32| v.clamp(0, i32::from(i16::MAX)) as i16;
        let size = |v: u32| v.min(u32::from(u16::MAX)) as u16;
        let reply = self
            .conn
            .wait_for_reply(self.conn.send_request(&x::GetImage {
                format: x::ImageFormat::ZPixmap,
                drawable: Drawable::Window(window),
                x: position(x),
                y: position(y),
                width: size(width),
                height: size(height),
                plane_mask: u32::MAX,
            }))
            .map_err(|err| CaptureError::failed("grabbing the game's pixels", err))?;
        let depth = reply.depth();
        let bits = self
            .formats
            .iter()
            .find(|(d, _)| *d == depth)
            .map(|(_, bits)| *bits);
        if bits != Some(32) {
            return Err(CaptureError::Capture(format!(
                "unsupported X pixel format: depth {depth}, {bits:?} bits per pixel (32 needed)"
            )));
        }
        let data = reply.data();
        let pixels = width as usize * height as usize;
        if data.len() < pixels * 4 {
            return Err(CaptureError::Capture(format!(
                "the X server sent {} bytes for {width}x{height} pixels",
                data.len()
            )));
        }
        // 32-bit pixels hold 8 bits of red, green and blue; the byte order is the server's.
        let (r, g, b) = match self.byte_order {
            ImageOrder::LsbFirst => (2, 1, 0),
            ImageOrder::MsbFirst => (1, 2, 3),
        };
        let mut rgb = Vec::with_capacity(pixels * 3);
        for px in data[..pixels * 4].chunks_exact(4) {
            rgb.extend_from_slice(&[px[r], px[g], px[b]]);
        }
        RgbImage::from_raw(width, height, rgb)
            .ok_or_else(|| CaptureError::Capture("image size overflow".into()))
    }

    /// Window `id`'s title: `_NET_WM_NAME` (UTF-8), else `WM_NAME`, which older programs write
    /// in Latin-1 (xdemineur's "xdémineur"); `None` when both are empty or the window is gone.
    pub fn window_name(&self, id: u32) -> Option<String> {
        let window = x::Window::new(id);
        let property = |name: &[u8]| -> Option<(x::Atom, Vec<u8>)> {
            let atom = self
                .conn
                .wait_for_reply(self.conn.send_request(&x::InternAtom {
                    only_if_exists: true,
                    name,
                }))
                .ok()?
                .atom();
            let reply = self
                .conn
                .wait_for_reply(self.conn.send_request(&x::GetProperty {
                    delete: false,
                    window,
                    property: atom,
                    r#type: x::ATOM_ANY,
                    long_offset: 0,
                    long_length: 1024,
                }))
                .ok()?;
            let bytes = reply.value::<u8>().to_vec();
            (!bytes.is_empty()).then_some((reply.r#type(), bytes))
        };
        if let Some((_, bytes)) = property(b"_NET_WM_NAME") {
            return Some(String::from_utf8_lossy(&bytes).into_owned());
        }
        let (kind, bytes) = property(b"WM_NAME")?;
        Some(if kind == x::ATOM_STRING {
            // STRING is Latin-1, whose code points are Unicode's first 256.
            bytes.iter().map(|&b| char::from(b)).collect()
        } else {
            String::from_utf8_lossy(&bytes).into_owned()
        })
    }

    /// The root window's size: the whole virtual screen.
    pub fn screen_size(&self) -> Result<(u32, u32), CaptureError> {
        let geometry = self
            .conn
            .wait_for_reply(self.conn.send_request(&x::GetGeometry {
                drawable: Drawable::Window(self.root),
            }))
            .map_err(|err| CaptureError::failed("asking the screen size", err))?;
        Ok((u32::from(geometry.width()), u32::from(geometry.height())))
    }
}

/// Agrees on versions of XFIXES (whose regions DAMAGE uses) and DAMAGE with the server, as a
/// client must before using them; whether DAMAGE can be used.
fn agree_on_damage(conn: &xcb::Connection) -> bool {
    let active: Vec<xcb::Extension> = conn.active_extensions().collect();
    if !active.contains(&xcb::Extension::Damage) || !active.contains(&xcb::Extension::XFixes) {
        return false;
    }
    let fixes = conn.send_request(&xfixes::QueryVersion {
        client_major_version: 5,
        client_minor_version: 0,
    });
    let damage = conn.send_request(&damage::QueryVersion {
        client_major_version: 1,
        client_minor_version: 1,
    });
    conn.wait_for_reply(fixes).is_ok() && conn.wait_for_reply(damage).is_ok()
}

impl Desktop for X11 {
    fn system(&self) -> DisplaySystem {
        DisplaySystem::X11
    }

    fn windows(&self) -> Result<Vec<WindowInfo>, CaptureError> {
        visible_windows(|w| w.id().ok().and_then(|id| self.window_name(id)))
    }

    fn placement(&self, id: u32) -> Result<Option<Placement>, CaptureError> {
        X11::placement(self, id)
    }

    fn grab(&self, id: Option<u32>, area: (i32, i32, u32, u32)) -> Result<RgbImage, CaptureError> {
        X11::grab(self, id, area)
    }

    fn has_compositor(&self) -> Result<bool, CaptureError> {
        X11::has_compositor(self)
    }

    fn screen_size(&self) -> Result<(u32, u32), CaptureError> {
        X11::screen_size(self)
    }

    fn drawn_since_last_look(&self, id: u32) -> Result<Option<bool>, CaptureError> {
        X11::drawn_since_last_look(self, id)
    }
}
