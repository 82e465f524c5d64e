//! Where markers are drawn: anything that can blend a colour into a pixel. Screenshots (`advise
//! --out`) and the live overlay's window buffer both implement it, so both show the same marks.

use image::RgbImage;

/// A straight (not premultiplied) RGBA colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgba(pub [u8; 4]);

/// A surface markers are drawn on.
pub trait Canvas {
    fn width(&self) -> u32;
    fn height(&self) -> u32;
    /// Blends `colour` over pixel (x, y), which is inside the canvas.
    fn blend(&mut self, x: u32, y: u32, colour: Rgba);

    /// Fills the rectangle `[x0, x1) × [y0, y1)`, clipped to the canvas.
    fn fill_rect(&mut self, x0: i64, y0: i64, x1: i64, y1: i64, colour: Rgba) {
        let (w, h) = (i64::from(self.width()), i64::from(self.height()));
        for y in y0.max(0)..y1.min(h) {
            for x in x0.max(0)..x1.min(w) {
                self.blend(x as u32, y as u32, colour);
            }
        }
    }
}

/// Mixes `over` into `under` by alpha `a` (0..=255), rounding to nearest.
pub fn mix(under: u8, over: u8, a: u8) -> u8 {
    let a = u32::from(a);
    ((u32::from(over) * a + u32::from(under) * (255 - a) + 127) / 255) as u8
}

impl Canvas for RgbImage {
    fn width(&self) -> u32 {
        self.dimensions().0
    }

    fn height(&self) -> u32 {
        self.dimensions().1
    }

    fn blend(&mut self, x: u32, y: u32, colour: Rgba) {
        let Rgba([r, g, b, a]) = colour;
        let pixel = self.get_pixel_mut(x, y);
        for (channel, over) in pixel.0.iter_mut().zip([r, g, b]) {
            *channel = mix(*channel, over, a);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    #[test]
    fn blending_is_exact_at_the_ends_and_clips_at_the_edges() {
        let mut image = RgbImage::from_pixel(4, 4, Rgb([10, 20, 30]));
        image.fill_rect(-5, -5, 2, 1, Rgba([200, 0, 0, 255]));
        image.fill_rect(3, 3, 99, 99, Rgba([0, 0, 0, 0]));
        assert_eq!(image.get_pixel(0, 0), &Rgb([200, 0, 0]));
        assert_eq!(image.get_pixel(1, 0), &Rgb([200, 0, 0]));
        assert_eq!(image.get_pixel(2, 0), &Rgb([10, 20, 30]));
        assert_eq!(image.get_pixel(3, 3), &Rgb([10, 20, 30]));
        assert_eq!(mix(0, 255, 128), 128);
    }
}
