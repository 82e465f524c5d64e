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
    /// Whether window `id` drew anything since this was last asked of it, where the system
    /// reports drawing (X11's DAMAGE); `None` where it cannot tell, and then the pixels are
    /// grabbed to see.
    fn drawn_since_last_look(&self, _id: u32) -> Result<Option<bool>, CaptureError> {
        Ok(None)
    }
}

/// A Wayland session's screen: copies of it, as the compositor shows it, and its size. A Wayland
/// client sees no other program's windows, so such a screen is a [`Desktop`] that lists none
/// and grabs only the screen.
pub trait ScreenCopies: Send {
    /// The pixels of `area` (x, y, width, height) of the screen.
    fn copy(&self, area: (i32, i32, u32, u32)) -> Result<RgbImage, CaptureError>;
    /// The screen's size.
    fn size(&self) -> Result<(u32, u32), CaptureError>;
}

impl<S: ScreenCopies> Desktop for S {
    fn system(&self) -> DisplaySystem {
        DisplaySystem::Wayland
    }

    fn windows(&self) -> Result<Vec<WindowInfo>, CaptureError> {
        Ok(Vec::new())
    }

    fn placement(&self, _id: u32) -> Result<Option<Placement>, CaptureError> {
        Ok(None)
    }

    fn grab(&self, id: Option<u32>, area: (i32, i32, u32, u32)) -> Result<RgbImage, CaptureError> {
        match id {
            Some(_) => Err(CaptureError::Capture(
                "a Wayland client cannot capture another program's window".into(),
            )),
            None => self.copy(area),
        }
    }

    fn has_compositor(&self) -> Result<bool, CaptureError> {
        // A Wayland compositor blends every surface.
        Ok(true)
    }

    fn screen_size(&self) -> Result<(u32, u32), CaptureError> {
        self.size()
    }
}

/// The backend for the display system this process runs in. In a Wayland session
/// (`$WAYLAND_DISPLAY` set), the screen as the compositor shows it, so that native Wayland games
/// and XWayland ones are seen alike: through wlr-screencopy where the compositor has it (sway,
/// Hyprland), else through the desktop portal's screen cast (GNOME, KDE Plasma). Elsewhere the
/// X server at `$DISPLAY`. `$MINEHINT_SCREEN` (`x11`, `screencopy` or `portal`) picks one.
#[cfg(target_os = "linux")]
pub fn connect() -> Result<Box<dyn Desktop>, CaptureError> {
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    let chosen = std::env::var("MINEHINT_SCREEN").unwrap_or_default();
    match chosen.as_str() {
        "x11" => return Ok(Box::new(super::x11::X11::connect()?)),
        "screencopy" => return Ok(Box::new(super::wayland::Wayland::connect()?)),
        "portal" => return Ok(Box::new(super::portal::Portal::connect()?)),
        "" => {}
        other => {
            return Err(CaptureError::Capture(format!(
                "$MINEHINT_SCREEN is {other:?}: use x11, screencopy or portal"
            )))
        }
    }
    if !set("WAYLAND_DISPLAY") {
        return Ok(Box::new(super::x11::X11::connect()?));
    }
    match super::wayland::Wayland::connect() {
        Ok(wayland) => Ok(Box::new(wayland)),
        Err(screencopy) => {
            tracing::info!("{screencopy}; trying the desktop portal's screen cast");
            let portal = super::portal::Portal::connect().map_err(|portal| {
                CaptureError::Capture(format!(
                    "cannot see the screen: {screencopy}; nor through the desktop portal: \
                     {portal}"
                ))
            })?;
            Ok(Box::new(portal))
        }
    }
}

/// The backend for the display system this process runs in: xcap's window and monitor capture,
/// with window positions from the system.
#[cfg(not(target_os = "linux"))]
pub fn connect() -> Result<Box<dyn Desktop>, CaptureError> {
    Ok(Box::new(super::xcap_desktop::XcapDesktop::new()?))
}

/// The whole screen as `live` sees it, for `calibrate --screen`: the same backend and the same
/// screen pixels, from the screen's top-left corner, so a board found here is where `live`
/// looks for it.
pub fn capture_screen() -> Result<RgbImage, CaptureError> {
    let desktop = connect()?;
    let (width, height) = desktop.screen_size()?;
    desktop.grab(None, (0, 0, width, height))
}
