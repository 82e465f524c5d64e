//! The pixels of a screen copy: the shared-memory layouts a compositor may ask for, and their
//! conversion to the RGB image the vision layer reads.

use image::RgbImage;
use wayland_client::protocol::wl_shm::Format;

/// The buffer a compositor asked a frame to be copied into: its pixel format and size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShmLayout {
    pub format: Format,
    pub width: u32,
    pub height: u32,
    /// Bytes from the start of one row to the next.
    pub stride: u32,
}

impl ShmLayout {
    /// The bytes the buffer spans.
    pub fn len(&self) -> usize {
        self.stride as usize * self.height as usize
    }

    /// Whether [`to_rgb`] reads this format, and the buffer is a sane size for it.
    pub fn readable(&self) -> bool {
        channels(self.format).is_some_and(|(bytes, _)| {
            self.width > 0
                && self.height > 0
                && u64::from(self.stride) >= u64::from(self.width) * bytes as u64
        })
    }
}

/// For a format `to_rgb` reads: the bytes per pixel, and where red, green and blue sit in
/// them. The `wl_shm` formats are named from the most significant bit of a little-endian word,
/// so `Xrgb8888` lies in memory as blue, green, red, padding.
fn channels(format: Format) -> Option<(usize, [usize; 3])> {
    match format {
        Format::Argb8888 | Format::Xrgb8888 => Some((4, [2, 1, 0])),
        Format::Abgr8888 | Format::Xbgr8888 => Some((4, [0, 1, 2])),
        Format::Bgr888 => Some((3, [0, 1, 2])),
        Format::Rgb888 => Some((3, [2, 1, 0])),
        _ => None,
    }
}

/// The copy in `bytes` (laid out as `layout`) as an RGB image; rows bottom to top when
/// `y_invert` (the compositor's `flags` event says so). `None` for a format not read here or
/// a buffer shorter than its layout.
pub fn to_rgb(bytes: &[u8], layout: ShmLayout, y_invert: bool) -> Option<RgbImage> {
    let (step, [r, g, b]) = channels(layout.format)?;
    if !layout.readable() || bytes.len() < layout.len() {
        return None;
    }
    let (width, height) = (layout.width as usize, layout.height as usize);
    let mut rgb = Vec::with_capacity(width * height * 3);
    for row in 0..height {
        let source = if y_invert { height - 1 - row } else { row };
        let start = source * layout.stride as usize;
        for px in bytes[start..start + width * step].chunks_exact(step) {
            rgb.extend_from_slice(&[px[r], px[g], px[b]]);
        }
    }
    RgbImage::from_raw(layout.width, layout.height, rgb)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(format: Format, width: u32, height: u32, stride: u32) -> ShmLayout {
        ShmLayout {
            format,
            width,
            height,
            stride,
        }
    }

    #[test]
    fn xrgb_lies_in_memory_as_blue_green_red() {
        // Two pixels a row, with 4 bytes of row padding: red, then blue; a second row of green.
        let bytes = [
            0, 0, 255, 0, 255, 0, 0, 0, 9, 9, 9, 9, //
            0, 255, 0, 0, 0, 255, 0, 0, 9, 9, 9, 9,
        ];
        let image = to_rgb(&bytes, layout(Format::Xrgb8888, 2, 2, 12), false).unwrap();
        assert_eq!(image.get_pixel(0, 0).0, [255, 0, 0]);
        assert_eq!(image.get_pixel(1, 0).0, [0, 0, 255]);
        assert_eq!(image.get_pixel(1, 1).0, [0, 255, 0]);
    }

    #[test]
    fn xbgr_and_the_three_byte_formats_keep_their_order() {
        let rgba = [10, 20, 30, 0];
        let image = to_rgb(&rgba, layout(Format::Xbgr8888, 1, 1, 4), false).unwrap();
        assert_eq!(image.get_pixel(0, 0).0, [10, 20, 30]);
        let image = to_rgb(&[10, 20, 30], layout(Format::Bgr888, 1, 1, 3), false).unwrap();
        assert_eq!(image.get_pixel(0, 0).0, [10, 20, 30]);
        let image = to_rgb(&[10, 20, 30], layout(Format::Rgb888, 1, 1, 3), false).unwrap();
        assert_eq!(image.get_pixel(0, 0).0, [30, 20, 10]);
    }

    #[test]
    fn an_inverted_copy_is_turned_upright() {
        let bytes = [1, 1, 1, 2, 2, 2];
        let image = to_rgb(&bytes, layout(Format::Bgr888, 1, 2, 3), true).unwrap();
        assert_eq!(image.get_pixel(0, 0).0, [2, 2, 2]);
        assert_eq!(image.get_pixel(0, 1).0, [1, 1, 1]);
    }

    #[test]
    fn unread_formats_and_short_buffers_are_refused() {
        assert!(to_rgb(&[0; 4], layout(Format::Xrgb2101010, 1, 1, 4), false).is_none());
        assert!(to_rgb(&[0; 7], layout(Format::Xrgb8888, 2, 1, 8), false).is_none());
        // A stride too short for the row.
        assert!(!layout(Format::Xrgb8888, 2, 1, 7).readable());
        assert!(to_rgb(&[0; 8], layout(Format::Xrgb8888, 2, 1, 7), false).is_none());
    }
}
