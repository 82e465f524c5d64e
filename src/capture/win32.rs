//! The windows on Windows, and a window's place and own pixels for every frame of the live
//! loop: the window asked for by its handle, its place from the system in one call, and its
//! pixels drawn by `PrintWindow` into one bitmap kept for the run.
//!
//! The window list is the system's top-level windows in stacking order, as xcap lists them,
//! except that a window whose frame bounds the compositor cannot give (all of them under Wine,
//! whose `DwmGetWindowAttribute` does not know them) is placed by its rectangle instead of left
//! out: under Wine xcap listed no window at all, so `live` read the game off the screen, its
//! own marks in the picture, at a large cost a frame.
//!
//! xcap's window capture, used before, did far more each frame: it listed every window to find
//! the one asked for (twice a frame: once for its place, once for its pixels), and made a new
//! device context and bitmap for each copy. Under Wine each such call is a round trip to the
//! wineserver, and with the board left alone `live` took 84% of a core at 30 frames a second,
//! almost all of it in those round trips (docs/benchmarks.md).

use super::desktop::Placement;
use super::screen::CaptureError;
use super::windows::WindowInfo;
use ::windows::core::BOOL;
use ::windows::Win32::Foundation::{HWND, LPARAM, RECT};
use ::windows::Win32::Graphics::Dwm::{
    DwmGetWindowAttribute, DWMWA_CLOAKED, DWMWA_EXTENDED_FRAME_BOUNDS,
};
use ::windows::Win32::Graphics::Gdi::{
    BitBlt, CreateCompatibleDC, CreateDIBSection, DeleteDC, DeleteObject, GdiFlush, GetWindowDC,
    ReleaseDC, SelectObject, BITMAPINFO, BITMAPINFOHEADER, BI_RGB, DIB_RGB_COLORS, HBITMAP, HDC,
    HGDIOBJ, SRCCOPY,
};
use ::windows::Win32::Storage::Xps::{PrintWindow, PRINT_WINDOW_FLAGS};
use ::windows::Win32::System::Threading::GetCurrentProcessId;
use ::windows::Win32::UI::WindowsAndMessaging::{
    EnumWindows, GetClassNameW, GetWindowLongPtrW, GetWindowRect, GetWindowTextW,
    GetWindowThreadProcessId, IsIconic, IsWindow, IsWindowVisible, GWL_EXSTYLE, WS_EX_TOOLWINDOW,
};
use image::RgbImage;
use std::ffi::c_void;
use std::sync::Mutex;

/// `PrintWindow`'s flag for the window's content as the compositor shows it (Windows 8.1 on);
/// older systems refuse it, and the window is asked to paint itself instead (flag 0).
const PW_RENDERFULLCONTENT: PRINT_WINDOW_FLAGS = PRINT_WINDOW_FLAGS(2);

/// The window handle behind an id of [`super::WindowInfo`]: xcap gives a handle's low 32 bits,
/// and window handles are 32-bit values sign-extended to 64 bits (which is how 32- and 64-bit
/// programs share them).
fn handle(id: u32) -> HWND {
    HWND(id as i32 as isize as *mut c_void)
}

/// The window's outer rectangle (`GetWindowRect`: on Windows 10 and later it includes an
/// invisible resizing border) and its visible bounds (the compositor's extended frame bounds,
/// where it can tell; else the outer rectangle).
fn rectangles(hwnd: HWND) -> Option<(RECT, RECT)> {
    let mut outer = RECT::default();
    // SAFETY: `outer` is a valid, writable RECT for the call's duration; a stale handle makes
    // the call fail, not misbehave.
    unsafe { GetWindowRect(hwnd, &mut outer) }.ok()?;
    let mut bounds = RECT::default();
    // SAFETY: `bounds` is a writable RECT and the size passed is its own.
    let framed = unsafe {
        DwmGetWindowAttribute(
            hwnd,
            DWMWA_EXTENDED_FRAME_BOUNDS,
            (&mut bounds as *mut RECT).cast::<c_void>(),
            std::mem::size_of::<RECT>() as u32,
        )
    };
    if framed.is_err() || bounds.right <= bounds.left || bounds.bottom <= bounds.top {
        bounds = outer;
    }
    Some((outer, bounds))
}

/// The visible top-level windows, topmost first, leaving out this process's own (the overlay),
/// minimised ones, ones the compositor hides (cloaked: on another virtual desktop, a suspended
/// app), untitled tool windows, the desktop's own window and empty ones. A window without a
/// title is named by its class.
pub fn visible_windows() -> Result<Vec<WindowInfo>, CaptureError> {
    let mut handles: Vec<HWND> = Vec::new();
    // SAFETY: `collect` is called synchronously by EnumWindows, on this thread, before it
    // returns, and the LPARAM it gets is `handles`, alive and not otherwise borrowed meanwhile.
    unsafe {
        EnumWindows(
            Some(collect),
            LPARAM(&mut handles as *mut Vec<HWND> as isize),
        )
    }
    .map_err(|err| CaptureError::failed("cannot list the windows", err))?;
    // SAFETY: no arguments.
    let own = unsafe { GetCurrentProcessId() };
    Ok(handles
        .into_iter()
        .filter_map(|hwnd| listed(hwnd, own))
        .collect())
}

/// EnumWindows' callback: each top-level window's handle onto the list in `list`.
unsafe extern "system" fn collect(hwnd: HWND, list: LPARAM) -> BOOL {
    // SAFETY: `list` is the `Vec<HWND>` `visible_windows` passed, borrowed by nothing else
    // while EnumWindows runs (see there).
    let handles = unsafe { &mut *(list.0 as *mut Vec<HWND>) };
    handles.push(hwnd);
    BOOL(1)
}

/// Window `hwnd` as the list shows it, or `None` when the list leaves it out.
fn listed(hwnd: HWND, own: u32) -> Option<WindowInfo> {
    // SAFETY (every call below): each takes a window handle, which may have closed since it was
    // listed (the calls then fail or read as empty), and writes only into buffers of ours
    // whose sizes it is given.
    unsafe {
        if !IsWindowVisible(hwnd).as_bool() || IsIconic(hwnd).as_bool() {
            return None;
        }
        let mut pid = 0u32;
        GetWindowThreadProcessId(hwnd, Some(&mut pid));
        if pid == own {
            return None;
        }
        let mut cloaked = 0u32;
        let asked = DwmGetWindowAttribute(
            hwnd,
            DWMWA_CLOAKED,
            (&mut cloaked as *mut u32).cast::<c_void>(),
            std::mem::size_of::<u32>() as u32,
        );
        if asked.is_ok() && cloaked != 0 {
            return None;
        }
        let mut text = [0u16; 512];
        let length = GetWindowTextW(hwnd, &mut text).clamp(0, text.len() as i32) as usize;
        let title = String::from_utf16_lossy(&text[..length]);
        let style = GetWindowLongPtrW(hwnd, GWL_EXSTYLE) as u32;
        if style & WS_EX_TOOLWINDOW.0 != 0 && title.trim().is_empty() {
            return None;
        }
        let length = GetClassNameW(hwnd, &mut text).clamp(0, text.len() as i32) as usize;
        let class = String::from_utf16_lossy(&text[..length]);
        // The desktop behind every window: it shows none of them.
        if class == "Progman" {
            return None;
        }
        let name = if title.trim().is_empty() {
            class
        } else {
            title
        };
        let (_, bounds) = rectangles(hwnd)?;
        let (width, height) = (bounds.right - bounds.left, bounds.bottom - bounds.top);
        if width <= 0 || height <= 0 {
            return None;
        }
        Some(WindowInfo {
            // The low 32 bits: all a window handle holds (see `handle`).
            id: hwnd.0 as usize as u32,
            name,
            x: bounds.left,
            y: bounds.top,
            width: width as u32,
            height: height as u32,
        })
    }
}

/// Where window `id` is now (its visible bounds), or `None` when it no longer exists.
pub fn placement(id: u32) -> Option<Placement> {
    let hwnd = handle(id);
    // SAFETY: IsWindow and IsIconic take any handle value and only read the system's tables.
    if !unsafe { IsWindow(Some(hwnd)) }.as_bool() {
        return None;
    }
    let (_, bounds) = rectangles(hwnd)?;
    Some(Placement {
        x: bounds.left,
        y: bounds.top,
        width: (bounds.right - bounds.left) as u32,
        height: (bounds.bottom - bounds.top) as u32,
        viewable: !unsafe { IsIconic(hwnd) }.as_bool(),
    })
}

/// A memory device context with a 32-bit top-down DIB section selected into it: `PrintWindow`
/// draws into it and its pixels are read in place, with no copy out through `GetDIBits`.
struct Canvas {
    dc: HDC,
    bitmap: HBITMAP,
    /// The bitmap it replaced in `dc`, put back before the bitmap is deleted.
    previous: HGDIOBJ,
    bits: *const u8,
    width: u32,
    height: u32,
}

// SAFETY: a memory device context and a DIB section belong to the process, not to the thread
// that made them (unlike a window's device context), so another thread may use them; the
// `Mutex` in `WindowPixels` keeps that use to one thread at a time.
unsafe impl Send for Canvas {}

impl Canvas {
    fn new(width: u32, height: u32) -> Result<Canvas, CaptureError> {
        let info = BITMAPINFO {
            bmiHeader: BITMAPINFOHEADER {
                biSize: std::mem::size_of::<BITMAPINFOHEADER>() as u32,
                biWidth: width as i32,
                // Negative: rows top to bottom, as `RgbImage` holds them.
                biHeight: -(height as i32),
                biPlanes: 1,
                biBitCount: 32,
                biCompression: BI_RGB.0,
                ..Default::default()
            },
            ..Default::default()
        };
        // SAFETY: a DC compatible with the screen (no source DC) needs nothing of ours.
        let dc = unsafe { CreateCompatibleDC(None) };
        if dc.is_invalid() {
            return Err(CaptureError::Capture(
                "cannot make a device context for the game's pixels".into(),
            ));
        }
        let mut bits: *mut c_void = std::ptr::null_mut();
        // SAFETY: `info` describes a 32-bit bitmap of the size asked for and lives through the
        // call; `bits` receives the pixels' address, valid until the bitmap is deleted.
        let bitmap = match unsafe {
            CreateDIBSection(Some(dc), &info, DIB_RGB_COLORS, &mut bits, None, 0)
        } {
            Ok(bitmap) if !bits.is_null() => bitmap,
            failed => {
                if let Ok(bitmap) = failed {
                    // SAFETY: the bitmap was just made and is selected nowhere.
                    let _ = unsafe { DeleteObject(bitmap.into()) };
                }
                // SAFETY: the DC was just made here and holds nothing of ours.
                let _ = unsafe { DeleteDC(dc) };
                return Err(CaptureError::Capture(format!(
                    "cannot make a {width}x{height} bitmap for the game's pixels"
                )));
            }
        };
        // SAFETY: both handles were just made by this process and are valid.
        let previous = unsafe { SelectObject(dc, bitmap.into()) };
        Ok(Canvas {
            dc,
            bitmap,
            previous,
            bits: bits.cast_const().cast::<u8>(),
            width,
            height,
        })
    }

    /// Has `hwnd` draw itself into the canvas (`PrintWindow`: the compositor's copy of the
    /// window where there is one, so covering windows and the overlay are not in it).
    fn print(&self, hwnd: HWND) -> Result<(), CaptureError> {
        // SAFETY: `hwnd` was a window a moment ago (a stale one makes PrintWindow fail) and the
        // canvas's DC is valid; GdiFlush then finishes the drawing before the pixels are read.
        let drawn = unsafe {
            PrintWindow(hwnd, self.dc, PW_RENDERFULLCONTENT).as_bool()
                || PrintWindow(hwnd, self.dc, PRINT_WINDOW_FLAGS(0)).as_bool()
        };
        // SAFETY: no arguments; it only waits for this thread's GDI calls to finish.
        let _ = unsafe { GdiFlush() };
        if drawn {
            Ok(())
        } else {
            Err(CaptureError::Capture(
                "the system would not draw the game window's pixels (PrintWindow failed)".into(),
            ))
        }
    }

    /// Copies `hwnd`'s device context, frame included, into the canvas.
    fn copy_from(&self, hwnd: HWND) -> Result<(), CaptureError> {
        // SAFETY: GetWindowDC takes any handle (a stale one gives no DC, checked); the DC is
        // released on this thread, which got it, after BitBlt copied from it into the canvas's
        // DC, whose bitmap is `width` x `height`.
        let copied = unsafe {
            let source = GetWindowDC(Some(hwnd));
            if source.is_invalid() {
                false
            } else {
                let (w, h) = (self.width as i32, self.height as i32);
                let copied = BitBlt(self.dc, 0, 0, w, h, Some(source), 0, 0, SRCCOPY).is_ok();
                ReleaseDC(Some(hwnd), source);
                let _ = GdiFlush();
                copied
            }
        };
        if copied {
            Ok(())
        } else {
            Err(CaptureError::Capture(
                "cannot copy the game window's pixels (BitBlt failed)".into(),
            ))
        }
    }

    /// Whether every pixel of the canvas is the same.
    fn is_flat(&self) -> bool {
        let pixels = self.pixels();
        let first = pixels.get(..3).unwrap_or_default();
        pixels.chunks_exact(4).all(|p| &p[..3] == first)
    }

    /// The canvas's pixels: blue, green, red and an unused byte each, row by row.
    fn pixels(&self) -> &[u8] {
        // SAFETY: `bits` points at the DIB section's `width * height` pixels of 4 bytes each
        // (32-bit rows need no padding), alive while the canvas is; every drawing call into
        // it is followed by GdiFlush, so none is still writing.
        unsafe {
            std::slice::from_raw_parts(self.bits, self.width as usize * 4 * self.height as usize)
        }
    }

    /// The pixels of `area` (x, y, width, height, in the canvas), clipped to it; the canvas
    /// holds blue, green, red and an unused byte per pixel.
    fn read(&self, area: (u32, u32, u32, u32)) -> RgbImage {
        let (x, y, width, height) = area;
        let x = x.min(self.width);
        let y = y.min(self.height);
        let width = width.min(self.width - x);
        let height = height.min(self.height - y);
        let stride = self.width as usize * 4;
        let pixels = self.pixels();
        let mut image = RgbImage::new(width, height);
        for (row, out) in image.rows_mut().enumerate() {
            let start = (y as usize + row) * stride + x as usize * 4;
            let line = &pixels[start..start + width as usize * 4];
            for (pixel, bgrx) in out.zip(line.chunks_exact(4)) {
                pixel.0 = [bgrx[2], bgrx[1], bgrx[0]];
            }
        }
        image
    }
}

impl Drop for Canvas {
    fn drop(&mut self) {
        // SAFETY: the handles are this canvas's own; the old bitmap goes back into the DC
        // before the DIB section is deleted (a selected bitmap cannot be), then the DC goes.
        unsafe {
            SelectObject(self.dc, self.previous);
            // Nothing to do if either fails: the process is left with a leaked handle at worst.
            let _ = DeleteObject(self.bitmap.into());
            let _ = DeleteDC(self.dc);
        }
    }
}

/// Windows' own pixels, drawn into one canvas kept from frame to frame (made anew only when the
/// window's size changes).
#[derive(Default)]
pub struct WindowPixels {
    kept: Mutex<Kept>,
}

#[derive(Default)]
struct Kept {
    canvas: Option<Canvas>,
    /// The window `PrintWindow` drew as one flat colour while a copy of its device context did
    /// not: it is copied that way from then on. Wine's `PrintWindow` only asks the window to
    /// paint itself into the given context (`WM_PRINT`), and a program that paints only on
    /// `WM_PAINT`, as Windows' own Minesweeper does, draws nothing there; Windows itself
    /// renders the window's content from the compositor.
    copy_instead: Option<u32>,
}

impl WindowPixels {
    /// The pixels of `area` (x, y, width, height) of window `id`, with its visible bounds as
    /// the origin (as [`placement`] gives them), clipped to the window.
    pub fn grab(&self, id: u32, area: (i32, i32, u32, u32)) -> Result<RgbImage, CaptureError> {
        let hwnd = handle(id);
        let gone = || CaptureError::Capture(format!("window {id} is gone"));
        // SAFETY: IsWindow takes any handle value.
        if !unsafe { IsWindow(Some(hwnd)) }.as_bool() {
            return Err(gone());
        }
        let (outer, bounds) = rectangles(hwnd).ok_or_else(gone)?;
        let width = (outer.right - outer.left).max(1) as u32;
        let height = (outer.bottom - outer.top).max(1) as u32;
        let mut kept = self
            .kept
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let Kept {
            canvas: slot,
            copy_instead,
        } = &mut *kept;
        // A canvas of another size is dropped before the new one is made.
        let canvas = match slot
            .take()
            .filter(|c| (c.width, c.height) == (width, height))
        {
            Some(same) => slot.insert(same),
            None => slot.insert(Canvas::new(width, height)?),
        };
        if *copy_instead == Some(id) {
            canvas.copy_from(hwnd)?;
        } else {
            canvas.print(hwnd)?;
            if canvas.is_flat() && canvas.copy_from(hwnd).is_ok() && !canvas.is_flat() {
                tracing::debug!("window {id} prints blank: copying its device context instead");
                *copy_instead = Some(id);
            }
        }
        // `area` is relative to the visible bounds; the canvas starts at the outer rectangle.
        let (x, y, w, h) = area;
        let left = i64::from(bounds.left - outer.left) + i64::from(x.max(0));
        let top = i64::from(bounds.top - outer.top) + i64::from(y.max(0));
        if left >= i64::from(width) || top >= i64::from(height) {
            return Err(CaptureError::Capture(format!(
                "the area at ({x}, {y}) is outside window {id}'s {width}x{height} pixels"
            )));
        }
        Ok(canvas.read((left.max(0) as u32, top.max(0) as u32, w, h)))
    }
}
