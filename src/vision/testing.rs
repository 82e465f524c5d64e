//! Test helpers: synthetic boards painted into images, in a few skins, at fractional pitches.

use super::blobs::Blob;
use super::grid::Grid;
use image::{Rgb, RgbImage};

/// How tiles are painted.
#[derive(Clone, Copy, Debug)]
pub enum Skin {
    /// Flat tiles with `gap` background pixels between them.
    Flat { gap: f64 },
    /// Classic raised tiles: light top-left bevel, dark bottom-right, grey face.
    Raised,
    /// Adjacent squares in two greens a few levels apart.
    Checker,
}

/// Paints a `rows` x `cols` board at (x, y) with `pitch`; tiles listed in `revealed` are drawn
/// flat and lighter, as opened tiles.
#[allow(clippy::too_many_arguments)]
pub fn paint_board(
    image: &mut RgbImage,
    x: f64,
    y: f64,
    pitch: f64,
    rows: usize,
    cols: usize,
    skin: Skin,
    revealed: &[(usize, usize)],
) {
    for r in 0..rows {
        for c in 0..cols {
            let x0 = (x + c as f64 * pitch).round() as i64;
            let y0 = (y + r as f64 * pitch).round() as i64;
            let x1 = (x + (c + 1) as f64 * pitch).round() as i64;
            let y1 = (y + (r + 1) as f64 * pitch).round() as i64;
            let open = revealed.contains(&(r, c));
            for py in y0..y1 {
                for px in x0..x1 {
                    let colour = match skin {
                        Skin::Flat { gap } => {
                            let g = (gap / 2.0).round() as i64;
                            let inside = px >= x0 + g && px < x1 - g && py >= y0 + g && py < y1 - g;
                            match (inside, open) {
                                (false, _) => Rgb([246, 245, 244]),
                                (true, false) => Rgb([186, 189, 182]),
                                (true, true) => Rgb([222, 222, 220]),
                            }
                        }
                        Skin::Raised => {
                            let b = ((pitch / 8.0).round() as i64).max(1);
                            let (dx, dy) = (px - x0, py - y0);
                            let (ex, ey) = (x1 - 1 - px, y1 - 1 - py);
                            if open {
                                if dx == 0 || dy == 0 {
                                    Rgb([128, 128, 128])
                                } else {
                                    Rgb([192, 192, 192])
                                }
                            } else if dx < b || dy < b {
                                if ex < b - dx.min(dy) || ey < b - dx.min(dy) {
                                    Rgb([128, 128, 128])
                                } else {
                                    Rgb([255, 255, 255])
                                }
                            } else if ex < b || ey < b {
                                Rgb([128, 128, 128])
                            } else {
                                Rgb([192, 192, 192])
                            }
                        }
                        Skin::Checker => {
                            let dark = (r + c) % 2 == 1;
                            match (open, dark) {
                                (false, false) => Rgb([170, 215, 81]),
                                (false, true) => Rgb([162, 209, 73]),
                                (true, false) => Rgb([229, 194, 159]),
                                (true, true) => Rgb([215, 184, 153]),
                            }
                        }
                    };
                    if px >= 0
                        && py >= 0
                        && (px as u32) < image.width()
                        && (py as u32) < image.height()
                    {
                        image.put_pixel(px as u32, py as u32, colour);
                    }
                }
            }
        }
    }
}

/// A desktop-like background: a blue-grey wallpaper with a window-like panel and some noise.
pub fn desktop(width: u32, height: u32, seed: u32) -> RgbImage {
    RgbImage::from_fn(width, height, |x, y| {
        // A cheap hash for deterministic speckle.
        let h = (x.wrapping_mul(73856093) ^ y.wrapping_mul(19349663) ^ seed.wrapping_mul(83492791))
            % 23;
        let base = if (200..900).contains(&x) && (100..700).contains(&y) {
            [240, 240, 238]
        } else {
            [60, 80, 110]
        };
        Rgb([base[0] + h as u8 % 8, base[1], base[2] + (h as u8 % 5)])
    })
}

/// A seeded stream of pseudo-random numbers (a 64-bit linear congruential generator's high
/// bits), for tests that try many inputs drawn the same way every run.
pub fn draws(seed: u64) -> impl FnMut() -> u32 {
    let mut state = seed;
    move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 32) as u32
    }
}

/// Pixels of seeded noise, every channel of every pixel its own.
pub fn noise(width: u32, height: u32, seed: u32) -> RgbImage {
    let mut state = seed;
    RgbImage::from_fn(width, height, |_, _| {
        state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
        let [a, b, c, _] = state.to_le_bytes();
        Rgb([a, b, c])
    })
}

/// One pixel of a raised 12-px tile at (`u`, `v`) inside it: a two-pixel white bevel at the top
/// and left, a two-pixel grey one at the bottom and right, and a `face` grey between.
pub fn raised_12px(u: i32, v: i32, face: u8) -> Rgb<u8> {
    Rgb(match (u, v) {
        (0..=1, _) | (_, 0..=1) => [255; 3],
        (10..=11, _) | (_, 10..=11) => [120; 3],
        _ => [face; 3],
    })
}

/// A flat region filling its box from (`x0`, `y0`) to (`x1`, `y1`) (half-open).
pub fn blob(x0: u32, y0: u32, x1: u32, y1: u32) -> Blob {
    Blob {
        x0,
        y0,
        x1,
        y1,
        area: (x1 - x0) * (y1 - y0),
    }
}

/// The flat regions of a board of tiles `pitch` apart from (`x`, `y`) whose grid lines show
/// only at the boundaries `columns` and `rows` (tile indices, the board's edges included):
/// tiles between lines that do not show merge into one region, as a page zoomed out draws a
/// flat skin's one-pixel lines.
pub fn merged_regions(x: f64, y: f64, pitch: f64, columns: &[usize], rows: &[usize]) -> Vec<Blob> {
    let at = |i: usize, origin: f64| (origin + i as f64 * pitch).round() as u32;
    let mut blobs = Vec::new();
    for r in rows.windows(2) {
        for c in columns.windows(2) {
            blobs.push(blob(
                at(c[0], x) + 1,
                at(r[0], y) + 1,
                at(c[1], x),
                at(r[1], y),
            ));
        }
    }
    blobs
}

/// The grid a finder fits to columns whose lines lie at `xs` (least squares over the lines, as
/// it fits its squares), over `rows` rows of 20 px from y = 20: tiles of several widths strayed
/// from by its pitch.
pub fn fitted_across(xs: &[f64], rows: usize) -> Grid {
    let n = xs.len() as f64;
    let mean_k = (n - 1.0) / 2.0;
    let mean_x = xs.iter().sum::<f64>() / n;
    let (mut covariance, mut variance) = (0.0, 0.0);
    for (k, x) in xs.iter().enumerate() {
        covariance += (k as f64 - mean_k) * (x - mean_x);
        variance += (k as f64 - mean_k).powi(2);
    }
    let pitch = covariance / variance;
    Grid {
        x: mean_x - pitch * mean_k,
        y: 20.0,
        pitch_x: pitch,
        pitch_y: 20.0,
        rows,
        cols: xs.len() - 1,
    }
}
