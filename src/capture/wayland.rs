//! The live loop's screen on a Wayland desktop, natively: the outputs' pixels through the
//! compositor's screen-copy protocol (wlr-screencopy: sway, Hyprland and the other wlroots
//! compositors), with one connection kept for the whole run.
//!
//! A Wayland client sees no other program's windows, so this backend lists none: the live loop
//! then looks for the board on the whole screen and follows it there (`live::tracker`).

use super::desktop::ScreenCopies;
use super::screen::CaptureError;
use image::RgbImage;
use libwayshot_xcap::region::{LogicalRegion, Position, Region, Size};
use libwayshot_xcap::WayshotConnection;

/// A connection to the Wayland compositor that can copy the screen.
pub struct Wayland {
    connection: WayshotConnection,
    /// The outputs' bounding box on the compositor's layout: what `grab(None, …)` sees, from
    /// its top-left corner.
    screen: Region,
}

impl Wayland {
    /// Connects to `$WAYLAND_DISPLAY`; fails, saying why, where the compositor does not let
    /// clients copy the screen.
    pub fn connect() -> Result<Wayland, CaptureError> {
        let connection = WayshotConnection::new().map_err(|err| match err {
            libwayshot_xcap::Error::Connect(err) => CaptureError::failed(
                &format!(
                    "cannot connect to the Wayland display {}",
                    std::env::var("WAYLAND_DISPLAY").unwrap_or_default()
                ),
                err,
            ),
            err => CaptureError::failed(
                "this Wayland compositor does not let clients copy the screen with \
                 wlr-screencopy (sway, Hyprland and the other wlroots compositors do; GNOME and \
                 KDE share it through the desktop portal instead; failing both, run the game as \
                 an X11 client through XWayland, GDK_BACKEND=x11 for GTK games, \
                 QT_QPA_PLATFORM=xcb for Qt ones, and live with MINEHINT_SCREEN=x11)",
                err,
            ),
        })?;
        let outputs = connection.get_all_outputs();
        let regions: Vec<Region> = outputs.iter().map(|o| o.logical_region.inner).collect();
        let screen = bounding_box(&regions).ok_or_else(|| {
            CaptureError::Capture("the Wayland compositor shows no output".into())
        })?;
        Ok(Wayland { connection, screen })
    }
}

/// The smallest region holding all of `regions`; `None` for none.
fn bounding_box(regions: &[Region]) -> Option<Region> {
    let left = regions.iter().map(|r| r.position.x).min()?;
    let top = regions.iter().map(|r| r.position.y).min()?;
    let right = regions
        .iter()
        .map(|r| i64::from(r.position.x) + i64::from(r.size.width))
        .max()?;
    let bottom = regions
        .iter()
        .map(|r| i64::from(r.position.y) + i64::from(r.size.height))
        .max()?;
    Some(Region {
        position: Position { x: left, y: top },
        size: Size {
            width: u32::try_from(right - i64::from(left)).ok()?,
            height: u32::try_from(bottom - i64::from(top)).ok()?,
        },
    })
}

impl ScreenCopies for Wayland {
    fn copy(&self, area: (i32, i32, u32, u32)) -> Result<RgbImage, CaptureError> {
        let (x, y, width, height) = area;
        let region = LogicalRegion {
            inner: Region {
                position: Position {
                    x: self.screen.position.x + x.max(0),
                    y: self.screen.position.y + y.max(0),
                },
                size: Size { width, height },
            },
        };
        let image = self
            .connection
            .screenshot(region, false)
            .map_err(|err| CaptureError::failed("copying the screen", err))?;
        // libwayshot hands back its own version of the image crate's types: the raw pixels cross.
        let rgba = image.to_rgba8();
        let (width, height) = (rgba.width(), rgba.height());
        let rgb: Vec<u8> = rgba
            .into_raw()
            .chunks_exact(4)
            .flat_map(|px| [px[0], px[1], px[2]])
            .collect();
        RgbImage::from_raw(width, height, rgb)
            .ok_or_else(|| CaptureError::Capture("the screen copy has the wrong size".into()))
    }

    fn size(&self) -> Result<(u32, u32), CaptureError> {
        Ok((self.screen.size.width, self.screen.size.height))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn region(x: i32, y: i32, width: u32, height: u32) -> Region {
        Region {
            position: Position { x, y },
            size: Size { width, height },
        }
    }

    #[test]
    fn the_screen_is_the_outputs_bounding_box() {
        let both = bounding_box(&[region(0, 0, 1920, 1080), region(1920, -200, 1280, 1024)]);
        let both = both.unwrap();
        assert_eq!((both.position.x, both.position.y), (0, -200));
        assert_eq!((both.size.width, both.size.height), (3200, 1280));
        assert!(bounding_box(&[]).is_none());
    }
}
