//! A scene drawn once into premultiplied `0xAARRGGBB` pixels: what the Wayland overlay presents,
//! and what the live loop takes back out of its screen copies there (a screen copy shows the
//! overlay over the board, a window's own pixels never do).
//!
//! Marks over the board are drawn see-through: no pixel more opaque than [`SEE_THROUGH`], so
//! the board under every mark can be worked out again from what the screen shows (the colour
//! under a pixel of alpha `a` is recovered to within `255 / (255 - a)` of a level).

use super::canvas::Rgba;
use super::premul::PremulBuffer;
use super::scene::{Layout, Scene, ScreenRect};
use image::RgbImage;

/// The most opaque a mark over the board is drawn (of 255): clear to see, yet the board under
/// it stays within about 3 levels of its true colour once the mark is taken out.
pub const SEE_THROUGH: u8 = 160;

/// A scene's pixels and where they go on the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    pub rect: ScreenRect,
    /// Premultiplied `0xAARRGGBB`, row by row, `rect.width × rect.height`.
    pub pixels: Vec<u32>,
}

impl Picture {
    /// `scene` drawn at its window rectangle; see-through when it goes over the board, opaque
    /// where it is a panel beside the game.
    pub fn of(scene: &Scene) -> Picture {
        let rect = scene.window_rect();
        let mut pixels = vec![0u32; rect.width as usize * rect.height as usize];
        if let Some(mut canvas) = PremulBuffer::new(&mut pixels, rect.width, rect.height) {
            canvas.clear(Rgba([0, 0, 0, 0]));
            scene.draw(&mut canvas);
        }
        if scene.layout == Layout::OnBoard {
            cap_alpha(&mut pixels, SEE_THROUGH);
        }
        Picture { rect, pixels }
    }

    /// The premultiplied pixel at screen position (x, y), if the picture covers it.
    pub fn at(&self, x: i64, y: i64) -> Option<u32> {
        let (dx, dy) = (x - i64::from(self.rect.x), y - i64::from(self.rect.y));
        let inside = (0..i64::from(self.rect.width)).contains(&dx)
            && (0..i64::from(self.rect.height)).contains(&dy);
        inside.then(|| self.pixels[dy as usize * self.rect.width as usize + dx as usize])
    }
}

impl Picture {
    /// Blends the picture over `screen`, whose top-left pixel is at `origin` on the screen, as a
    /// compositor does (premultiplied "over", rounded to nearest): what a copy of the screen
    /// then shows, which `live::own_pixels` undoes.
    pub fn blend_onto(&self, screen: &mut RgbImage, origin: (i32, i32)) {
        let r = self.rect;
        for y in 0..r.height {
            for x in 0..r.width {
                let pixel = self.pixels[(y * r.width + x) as usize];
                let sx = i64::from(r.x) + i64::from(x) - i64::from(origin.0);
                let sy = i64::from(r.y) + i64::from(y) - i64::from(origin.1);
                let inside = (0..i64::from(screen.width())).contains(&sx)
                    && (0..i64::from(screen.height())).contains(&sy);
                if pixel >> 24 == 0 || !inside {
                    continue;
                }
                let keep = 255 - (pixel >> 24);
                let under = screen.get_pixel(sx as u32, sy as u32).0;
                let shown: [u8; 3] = std::array::from_fn(|i| {
                    let mark = (pixel >> (16 - 8 * i)) & 0xFF;
                    (mark + (u32::from(under[i]) * keep + 127) / 255).min(255) as u8
                });
                screen.put_pixel(sx as u32, sy as u32, image::Rgb(shown));
            }
        }
    }
}

/// Makes every pixel at most `cap` opaque, keeping its colour: a premultiplied pixel scales as a
/// whole.
fn cap_alpha(pixels: &mut [u32], cap: u8) {
    let cap = u32::from(cap);
    for pixel in pixels {
        let a = *pixel >> 24;
        if a <= cap {
            continue;
        }
        let scale = |c: u32| (c * cap + a / 2) / a;
        let r = scale((*pixel >> 16) & 0xFF);
        let g = scale((*pixel >> 8) & 0xFF);
        let b = scale(*pixel & 0xFF);
        *pixel = (cap << 24) | (r << 16) | (g << 8) | b;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::overlay::premul::{premultiply, unpremultiply};

    #[test]
    fn capping_keeps_the_colour_and_leaves_fainter_pixels_alone() {
        let mut pixels = vec![
            premultiply(Rgba([0, 200, 60, 255])),
            premultiply(Rgba([255, 215, 0, 90])),
            0,
        ];
        let before = pixels.clone();
        cap_alpha(&mut pixels, SEE_THROUGH);
        let Rgba([r, g, b, a]) = unpremultiply(pixels[0]);
        assert_eq!(a, SEE_THROUGH);
        assert!(
            r <= 1 && g.abs_diff(200) <= 1 && b.abs_diff(60) <= 1,
            "{r} {g} {b}"
        );
        assert_eq!(&pixels[1..], &before[1..]);
    }
}
