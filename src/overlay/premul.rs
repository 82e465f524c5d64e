//! The live overlay's window buffer as a [`Canvas`]: softbuffer's pixels are `0xAARRGGBB` with
//! the colour channels already multiplied by alpha, and the compositor blends them over the game.

use super::canvas::{Canvas, Rgba};

/// A borrowed `width × height` buffer of premultiplied `0xAARRGGBB` pixels, row by row.
pub struct PremulBuffer<'a> {
    pixels: &'a mut [u32],
    width: u32,
    height: u32,
}

impl<'a> PremulBuffer<'a> {
    /// Wraps `pixels`, which must hold at least `width * height` pixels; `None` when it does not.
    pub fn new(pixels: &'a mut [u32], width: u32, height: u32) -> Option<PremulBuffer<'a>> {
        (pixels.len() >= width as usize * height as usize).then_some(PremulBuffer {
            pixels,
            width,
            height,
        })
    }

    /// Sets every pixel to `colour` (straight alpha), replacing what was there.
    pub fn clear(&mut self, colour: Rgba) {
        let value = premultiply(colour);
        self.pixels.fill(value);
    }
}

/// `colour` as a premultiplied `0xAARRGGBB` pixel.
pub fn premultiply(colour: Rgba) -> u32 {
    let Rgba([r, g, b, a]) = colour;
    let scale = |c: u8| (u32::from(c) * u32::from(a) + 127) / 255;
    (u32::from(a) << 24) | (scale(r) << 16) | (scale(g) << 8) | scale(b)
}

/// The straight-alpha colour of a premultiplied pixel (for tests and screenshots).
pub fn unpremultiply(pixel: u32) -> Rgba {
    let a = (pixel >> 24) as u8;
    if a == 0 {
        return Rgba([0, 0, 0, 0]);
    }
    let channel = |shift: u32| {
        let c = (pixel >> shift) & 0xFF;
        ((c * 255 + u32::from(a) / 2) / u32::from(a)).min(255) as u8
    };
    Rgba([channel(16), channel(8), channel(0), a])
}

impl Canvas for PremulBuffer<'_> {
    fn width(&self) -> u32 {
        self.width
    }

    fn height(&self) -> u32 {
        self.height
    }

    /// Porter-Duff "over" on premultiplied pixels: out = src + dst × (1 − src alpha).
    fn blend(&mut self, x: u32, y: u32, colour: Rgba) {
        let index = y as usize * self.width as usize + x as usize;
        let src = premultiply(colour);
        let keep = 255 - u32::from(colour.0[3]);
        let dst = self.pixels[index];
        let mut out = 0;
        for shift in [0, 8, 16, 24] {
            let s = (src >> shift) & 0xFF;
            let d = (dst >> shift) & 0xFF;
            out |= (s + (d * keep + 127) / 255).min(255) << shift;
        }
        self.pixels[index] = out;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn over_transparent_keeps_the_colour_and_opaque_replaces() {
        let mut pixels = vec![0u32; 4];
        let mut buffer = PremulBuffer::new(&mut pixels, 2, 2).unwrap();
        buffer.blend(0, 0, Rgba([200, 100, 0, 128]));
        buffer.blend(1, 1, Rgba([10, 20, 30, 255]));
        // Premultiplying at 8 bits loses a little: the colour comes back within 1.
        let Rgba([r, g, b, a]) = unpremultiply(pixels[0]);
        assert!(r.abs_diff(200) <= 1 && g.abs_diff(100) <= 1, "{r} {g}");
        assert_eq!((b, a), (0, 128));
        assert_eq!(pixels[3], 0xFF0A141E);
        assert_eq!(pixels[1], 0);
    }

    #[test]
    fn blending_twice_builds_up_alpha() {
        let mut pixels = vec![0u32; 1];
        let mut buffer = PremulBuffer::new(&mut pixels, 1, 1).unwrap();
        buffer.blend(0, 0, Rgba([0, 255, 0, 128]));
        buffer.blend(0, 0, Rgba([0, 255, 0, 128]));
        let Rgba([r, g, b, a]) = unpremultiply(pixels[0]);
        assert_eq!((r, b), (0, 0));
        assert!(g >= 254 && (190..=192).contains(&a), "{g} {a}");
    }

    #[test]
    fn a_short_buffer_is_refused() {
        let mut pixels = vec![0u32; 3];
        assert!(PremulBuffer::new(&mut pixels, 2, 2).is_none());
    }
}
