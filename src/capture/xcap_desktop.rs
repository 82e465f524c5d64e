//! The live loop's screen on systems other than Linux (Windows): windows, their positions and
//! their pixels through xcap, which asks the system itself (on Windows: the window list, the
//! desktop window manager's frame bounds, and `PrintWindow`, which draws a window's own pixels
//! even where another window covers it).
//!
//! On Windows the game window's place and pixels, asked for every frame, come from `win32`: the
//! window by its handle and one bitmap kept for the run (xcap would list every window twice a
//! frame and make a new bitmap each time, which under Wine cost most of a core). Elsewhere
//! windows are held by id and looked up again in xcap's list when needed, so a closed window
//! reads as gone.

use super::desktop::{Desktop, DisplaySystem, Placement};
use super::screen::CaptureError;
#[cfg(not(windows))]
use super::windows::visible_windows;
use super::windows::WindowInfo;
use image::{DynamicImage, RgbImage};

/// The screen as xcap sees it.
pub struct XcapDesktop {
    /// The primary monitor's size. `grab(None, …)` grabs that monitor, whose top-left corner is
    /// the origin of the virtual screen on Windows.
    size: (u32, u32),
    #[cfg(windows)]
    pixels: super::win32::WindowPixels,
}

fn primary_monitor() -> Result<xcap::Monitor, CaptureError> {
    let monitors = xcap::Monitor::all()
        .map_err(|err| CaptureError::failed("cannot list the monitors", err))?;
    let primary = monitors
        .iter()
        .position(|m| m.is_primary().unwrap_or(false))
        .unwrap_or(0);
    monitors
        .into_iter()
        .nth(primary)
        .ok_or_else(|| CaptureError::Capture("the system reports no monitor".into()))
}

#[cfg(not(windows))]
fn window(id: u32) -> Result<Option<xcap::Window>, CaptureError> {
    let windows =
        xcap::Window::all().map_err(|err| CaptureError::failed("cannot list the windows", err))?;
    Ok(windows.into_iter().find(|w| w.id().ok() == Some(id)))
}

impl XcapDesktop {
    /// The desktop, its primary monitor measured once (live follows a game on it).
    pub fn new() -> Result<XcapDesktop, CaptureError> {
        let monitor = primary_monitor()?;
        let size = (
            monitor
                .width()
                .map_err(|err| CaptureError::failed("monitor width", err))?,
            monitor
                .height()
                .map_err(|err| CaptureError::failed("monitor height", err))?,
        );
        Ok(XcapDesktop {
            size,
            #[cfg(windows)]
            pixels: super::win32::WindowPixels::default(),
        })
    }
}

/// The part of `image` inside `area`, clipped to the image.
#[cfg(not(windows))]
fn crop(image: RgbImage, area: (i32, i32, u32, u32)) -> Result<RgbImage, CaptureError> {
    let (x, y, width, height) = area;
    let x = x.max(0) as u32;
    let y = y.max(0) as u32;
    if x >= image.width() || y >= image.height() {
        return Err(CaptureError::Capture(format!(
            "the area at ({x}, {y}) is outside the {}x{} pixels grabbed",
            image.width(),
            image.height()
        )));
    }
    let width = width.min(image.width() - x);
    let height = height.min(image.height() - y);
    Ok(image::imageops::crop_imm(&image, x, y, width, height).to_image())
}

impl XcapDesktop {
    /// The pixels of `area` of window `id`.
    #[cfg(windows)]
    fn window_pixels(&self, id: u32, area: (i32, i32, u32, u32)) -> Result<RgbImage, CaptureError> {
        self.pixels.grab(id, area)
    }

    /// The pixels of `area` of window `id`.
    #[cfg(not(windows))]
    fn window_pixels(&self, id: u32, area: (i32, i32, u32, u32)) -> Result<RgbImage, CaptureError> {
        let image = window(id)?
            .ok_or_else(|| CaptureError::Capture(format!("window {id} is gone")))?
            .capture_image()
            .map_err(|err| CaptureError::failed("grabbing the game's pixels", err))?;
        crop(DynamicImage::ImageRgba8(image).into_rgb8(), area)
    }
}

impl Desktop for XcapDesktop {
    fn system(&self) -> DisplaySystem {
        if cfg!(windows) {
            DisplaySystem::Windows
        } else {
            DisplaySystem::X11
        }
    }

    #[cfg(windows)]
    fn windows(&self) -> Result<Vec<WindowInfo>, CaptureError> {
        super::win32::visible_windows()
    }

    #[cfg(not(windows))]
    fn windows(&self) -> Result<Vec<WindowInfo>, CaptureError> {
        visible_windows(|w| w.title().ok())
    }

    #[cfg(windows)]
    fn placement(&self, id: u32) -> Result<Option<Placement>, CaptureError> {
        Ok(super::win32::placement(id))
    }

    #[cfg(not(windows))]
    fn placement(&self, id: u32) -> Result<Option<Placement>, CaptureError> {
        let Some(w) = window(id)? else {
            return Ok(None);
        };
        // A window that closes between the list and these calls reads as gone.
        let (Ok(x), Ok(y), Ok(width), Ok(height)) = (w.x(), w.y(), w.width(), w.height()) else {
            return Ok(None);
        };
        Ok(Some(Placement {
            x,
            y,
            width,
            height,
            viewable: !w.is_minimized().unwrap_or(true),
        }))
    }

    fn grab(&self, id: Option<u32>, area: (i32, i32, u32, u32)) -> Result<RgbImage, CaptureError> {
        match id {
            Some(id) => self.window_pixels(id, area),
            None => {
                // Only the area: a whole monitor at the frame rate would cost a core.
                let (x, y, width, height) = area;
                let (x, y) = (x.max(0) as u32, y.max(0) as u32);
                let width = width.min(self.size.0.saturating_sub(x));
                let height = height.min(self.size.1.saturating_sub(y));
                let image = primary_monitor()?
                    .capture_region(x, y, width, height)
                    .map_err(|err| CaptureError::failed("grabbing the screen", err))?;
                Ok(DynamicImage::ImageRgba8(image).into_rgb8())
            }
        }
    }

    fn has_compositor(&self) -> Result<bool, CaptureError> {
        // Windows composites every window (the desktop window manager cannot be turned off
        // since Windows 8).
        Ok(cfg!(windows))
    }

    fn screen_size(&self) -> Result<(u32, u32), CaptureError> {
        Ok(self.size)
    }
}

#[cfg(all(test, not(windows)))]
mod tests {
    use super::*;

    #[test]
    fn a_crop_is_clipped_to_the_image_and_one_outside_is_an_error() {
        let image = RgbImage::from_fn(10, 8, |x, y| image::Rgb([x as u8, y as u8, 0]));
        let part = crop(image.clone(), (6, 5, 10, 10)).unwrap();
        assert_eq!(part.dimensions(), (4, 3));
        assert_eq!(part.get_pixel(0, 0).0, [6, 5, 0]);
        assert!(crop(image, (10, 0, 2, 2)).is_err());
    }
}
