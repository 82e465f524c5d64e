//! A tiny built-in bitmap font (5x7 glyphs) for the probabilities on the overlay: no font files,
//! no text shaping, the same pixels everywhere.

use super::canvas::{Canvas, Rgba};

/// Glyph rows, top to bottom; bit 4 is the leftmost pixel.
fn glyph(c: char) -> Option<[u8; 7]> {
    Some(match c {
        '0' => [0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E],
        '1' => [0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E],
        '2' => [0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F],
        '3' => [0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E],
        '4' => [0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02],
        '5' => [0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E],
        '6' => [0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E],
        '7' => [0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08],
        '8' => [0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E],
        '9' => [0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C],
        '%' => [0x18, 0x19, 0x02, 0x04, 0x08, 0x13, 0x03],
        '.' => [0x00, 0x00, 0x00, 0x00, 0x00, 0x0C, 0x0C],
        '!' => [0x04, 0x04, 0x04, 0x04, 0x04, 0x00, 0x04],
        '?' => [0x0E, 0x11, 0x01, 0x02, 0x04, 0x00, 0x04],
        '<' => [0x02, 0x04, 0x08, 0x10, 0x08, 0x04, 0x02],
        ' ' => [0; 7],
        _ => return None,
    })
}

/// Glyph width plus one column of spacing, in font pixels.
pub const ADVANCE: u32 = 6;
/// Glyph height in font pixels.
pub const HEIGHT: u32 = 7;

/// The size in canvas pixels of `text` at `scale` canvas pixels per font pixel.
pub fn text_size(text: &str, scale: u32) -> (u32, u32) {
    let chars = text.chars().count() as u32;
    ((chars * ADVANCE).saturating_sub(1) * scale, HEIGHT * scale)
}

/// Draws `text` with its top-left corner at (x, y); characters without a glyph are skipped.
pub fn draw_text(canvas: &mut dyn Canvas, x: i64, y: i64, text: &str, scale: u32, colour: Rgba) {
    let s = i64::from(scale);
    for (i, c) in text.chars().enumerate() {
        let Some(rows) = glyph(c) else { continue };
        let left = x + i as i64 * i64::from(ADVANCE) * s;
        for (row, bits) in rows.iter().enumerate() {
            for col in 0..5 {
                if bits & (0x10 >> col) != 0 {
                    let px = left + col * s;
                    let py = y + row as i64 * s;
                    canvas.fill_rect(px, py, px + s, py + s, colour);
                }
            }
        }
    }
}
