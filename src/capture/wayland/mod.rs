//! The live loop's screen on a Wayland desktop, natively: the outputs' pixels through the
//! compositor's screen-copy protocol (wlr-screencopy: sway, Hyprland and the other wlroots
//! compositors), with one connection kept for the whole run.
//!
//! - `screencopy`: the board's rectangle copied into one kept buffer, again only once the
//!   output has changed;
//! - `stream`: a thread that waits on the compositor for those changes, so that the live
//!   loop's frame takes the newest copy, and a still board costs no copy;
//! - `pixels`: the buffer's pixel formats, read as RGB.
//!
//! libwayshot lists the outputs and copies what the kept buffer cannot: a rectangle across two
//! outputs, a rotated output, a pixel format not read here.
//!
//! A Wayland client sees no other program's windows, so this backend lists none: the live loop
//! then looks for the board on the whole screen and follows it there (`live::tracker`).

mod pixels;
mod screencopy;
mod stream;

use super::desktop::ScreenCopies;
use super::screen::CaptureError;
use image::RgbImage;
use libwayshot_xcap::output::OutputInfo;
use libwayshot_xcap::region::{LogicalRegion, Position, Region, Size};
use libwayshot_xcap::WayshotConnection;
use screencopy::{CopyError, Request, Session};
use std::sync::Mutex;
use stream::Stream;
use wayland_client::protocol::wl_output::Transform;

/// A connection to the Wayland compositor that can copy the screen.
pub struct Wayland {
    connection: WayshotConnection,
    /// The outputs' bounding box on the compositor's layout: what `grab(None, …)` sees, from
    /// its top-left corner.
    screen: Region,
    /// The kept-buffer copies; `None` where the compositor's buffers are not read here.
    stream: Mutex<Option<Stream>>,
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
        let stream = Session::new(&connection.conn, &connection.globals)
            .and_then(|session| Stream::start(session).ok());
        Ok(Wayland {
            connection,
            screen,
            stream: Mutex::new(stream),
        })
    }

    /// The copy of `region` through the kept buffer, where one output shows all of it
    /// upright; `None` where libwayshot must copy it.
    fn copy_kept(&self, region: Region) -> Option<Result<RgbImage, CaptureError>> {
        let request = request_for(region, self.connection.get_all_outputs())?;
        let mut stream = self.stream.lock().unwrap_or_else(|e| e.into_inner());
        match stream.as_ref()?.copy(&request) {
            Ok(image) => Some(Ok(image)),
            Err(CopyError::Unsupported(why)) => {
                tracing::info!("{why}: the screen is copied afresh each frame instead");
                *stream = None;
                None
            }
            Err(err) => Some(Err(err.into())),
        }
    }
}

/// The screen-copy request for `region` (logical coordinates of the compositor's layout): the
/// rectangle in the one upright output that holds all of it. `None` where none does.
fn request_for(region: Region, outputs: &[OutputInfo]) -> Option<Request> {
    let upright: Vec<&OutputInfo> = outputs
        .iter()
        .filter(|o| o.transform == Transform::Normal)
        .collect();
    let places: Vec<Region> = upright.iter().map(|o| o.logical_region.inner).collect();
    let (index, x, y) = place_in(region, &places)?;
    let output = upright[index];
    Some(Request {
        output: output.wl_output.clone(),
        x,
        y,
        width: i32::try_from(region.size.width).ok()?,
        height: i32::try_from(region.size.height).ok()?,
    })
}

/// The first of `outputs` that holds all of `region`, and where in it the region starts.
fn place_in(region: Region, outputs: &[Region]) -> Option<(usize, i32, i32)> {
    let right = |r: &Region| i64::from(r.position.x) + i64::from(r.size.width);
    let bottom = |r: &Region| i64::from(r.position.y) + i64::from(r.size.height);
    outputs.iter().enumerate().find_map(|(index, o)| {
        let inside = region.position.x >= o.position.x
            && region.position.y >= o.position.y
            && right(&region) <= right(o)
            && bottom(&region) <= bottom(o);
        inside.then(|| {
            (
                index,
                region.position.x - o.position.x,
                region.position.y - o.position.y,
            )
        })
    })
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
        let region = Region {
            position: Position {
                x: self.screen.position.x + x.max(0),
                y: self.screen.position.y + y.max(0),
            },
            size: Size { width, height },
        };
        if let Some(copied) = self.copy_kept(region) {
            return copied;
        }
        let region = LogicalRegion { inner: region };
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

    #[test]
    fn a_rectangle_is_copied_from_the_output_that_holds_all_of_it() {
        let outputs = [region(0, 0, 1920, 1080), region(1920, -200, 1280, 1024)];
        assert_eq!(
            place_in(region(100, 50, 400, 300), &outputs),
            Some((0, 100, 50))
        );
        assert_eq!(
            place_in(region(2000, -100, 400, 300), &outputs),
            Some((1, 80, 100))
        );
        assert_eq!(
            place_in(region(0, 0, 1920, 1080), &outputs),
            Some((0, 0, 0))
        );
        // Across both outputs, or past the screen's edge: libwayshot's composite copy instead.
        assert_eq!(place_in(region(1800, 0, 400, 300), &outputs), None);
        assert_eq!(place_in(region(1900, 900, 20, 200), &outputs), None);
    }
}
