//! Small printed characters: "0"–"9" and "/" in whatever sans font the desktop uses, as in GNOME
//! Mines' "3/40" mine counter.
//!
//! A character is one connected patch of ink (dark on a light background, or light on a dark one),
//! split where small text makes characters touch and joined where it breaks a thin stroke.
//! Its box is averaged down to a small coverage grid and matched against the nearest of many
//! renderings of the same characters in the fonts desktops use, at every size and sub-pixel
//! placement (`models/glyphs.png`, drawn by `training/glyphs.py`). The templates are cut out of
//! that sheet by the same code that cuts glyphs out of a screenshot, so both are measured alike.

use image::{GrayImage, RgbImage};
use std::sync::OnceLock;

/// The characters, in the order each row of the template sheet draws them.
pub const CHARS: [char; 11] = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '/'];
/// The coverage grid a glyph is averaged down to: columns × rows.
const GRID_W: usize = 6;
const GRID_H: usize = 8;
/// A pixel is ink when its brightness differs from the background's by this much.
const INK: u8 = 80;
/// Weight of the log aspect ratio's difference against the grid's mean squared difference:
/// a "1" and an "l"-like stroke differ mostly in width.
const ASPECT_WEIGHT: f32 = 0.25;
/// Templates are compared only with glyphs of about their own height: within this fraction.
const HEIGHT_SLACK: f32 = 0.2;
/// A glyph further than this from every template is not one of [`CHARS`].
pub const MAX_DISTANCE: f32 = 0.06;

/// One patch of ink: its box (`x0..x1`, `y0..y1` in the image) and its coverage grid.
#[derive(Clone, Debug)]
pub struct Glyph {
    pub x0: u32,
    pub y0: u32,
    pub x1: u32,
    pub y1: u32,
    grid: [f32; GRID_W * GRID_H],
    /// `ln(width / height)`, kept: a glyph is compared with hundreds of templates, and the
    /// logarithm was a fifth of the comparisons' time.
    ln_aspect: f32,
}

impl Glyph {
    pub fn height(&self) -> u32 {
        self.y1 - self.y0
    }

    /// How unlike `other` this glyph is (0 for the same shape), if less than `bound`.
    fn distance_within(&self, other: &Glyph, bound: f32) -> Option<f32> {
        let aspect = self.ln_aspect - other.ln_aspect;
        let aspect = ASPECT_WEIGHT * aspect * aspect;
        if aspect >= bound {
            return None;
        }
        let grid: f32 = self
            .grid
            .iter()
            .zip(&other.grid)
            .map(|(a, b)| (a - b) * (a - b))
            .sum::<f32>()
            / (GRID_W * GRID_H) as f32;
        Some(grid + aspect).filter(|&d| d < bound)
    }
}

/// The brightness of `(x0, y0, x1, y1)` of `image` (Rec. 601 luma), or `None` where that is not
/// inside the image.
pub fn luma(image: &RgbImage, (x0, y0, x1, y1): (u32, u32, u32, u32)) -> Option<GrayImage> {
    if x1 <= x0 || y1 <= y0 || x1 > image.width() || y1 > image.height() {
        return None;
    }
    let (stride, raw) = (image.width() as usize * 3, image.as_raw());
    let mut luma = Vec::with_capacity(((x1 - x0) * (y1 - y0)) as usize);
    for y in y0..y1 {
        let start = y as usize * stride + x0 as usize * 3;
        let row = &raw[start..start + (x1 - x0) as usize * 3];
        // In integers (weights out of 1024).
        luma.extend(row.chunks_exact(3).map(|p| {
            ((306 * u32::from(p[0]) + 601 * u32::from(p[1]) + 117 * u32::from(p[2])) >> 10) as u8
        }));
    }
    GrayImage::from_raw(x1 - x0, y1 - y0, luma)
}

/// The patches of ink in `gray` (brightness, 0–255), sorted left to right, with their boxes
/// between `min_height` and `max_height` pixels tall. Ink is whatever differs by [`INK`] or more,
/// darker or lighter, from the local background: the most common brightness of its block of
/// [`BLOCK`] × [`BLOCK_ROWS`] pixels (an area can hold a window's face and the desktop around it).
pub fn glyphs(gray: &GrayImage, min_height: u32, max_height: u32) -> Vec<Glyph> {
    let (w, h) = gray.dimensions();
    let pixels = gray.as_raw();
    let background = Background::of(gray);
    // How far each pixel is from its background, dark or light.
    let mut ink: Vec<u8> = Vec::with_capacity(pixels.len());
    for (y, row) in pixels.chunks_exact(w as usize).enumerate() {
        for (block, part) in row.chunks(BLOCK as usize).enumerate() {
            let ground = background.at(block as u32 * BLOCK, y as u32);
            ink.extend(
                part.iter()
                    .map(|&p| (i32::from(p) - ground).unsigned_abs().min(255) as u8),
            );
        }
    }
    let mut seen = vec![false; ink.len()];
    let mut boxes = Vec::new();
    let (mut stack, mut pixels) = (Vec::new(), Vec::new());
    for start in 0..ink.len() {
        if ink[start] < INK || seen[start] {
            continue;
        }
        // Flood fill over the eight neighbours: a stroke drawn at an angle touches only at corners.
        pixels.clear();
        seen[start] = true;
        stack.push(start);
        while let Some(i) = stack.pop() {
            let (x, y) = ((i % w as usize) as u32, (i / w as usize) as u32);
            pixels.push((x, y));
            for ny in y.saturating_sub(1)..(y + 2).min(h) {
                for nx in x.saturating_sub(1)..(x + 2).min(w) {
                    let j = ny as usize * w as usize + nx as usize;
                    if ink[j] >= INK && !seen[j] {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
        }
        boxes.extend(split(&pixels));
    }
    let mut found: Vec<Glyph> = merge_stacked(boxes)
        .into_iter()
        .filter(|&(x0, y0, x1, y1)| {
            let height = y1 - y0;
            (min_height..=max_height).contains(&height) && x1 - x0 <= height
        })
        .map(|(x0, y0, x1, y1)| {
            let background = background.at((x0 + x1) / 2, (y0 + y1) / 2);
            Glyph {
                x0,
                y0,
                x1,
                y1,
                grid: coverage(gray, background, (x0, y0, x1, y1)),
                ln_aspect: ((x1 - x0) as f32 / (y1 - y0) as f32).ln(),
            }
        })
        .collect();
    found.sort_by_key(|g| (g.x0, g.y0));
    found
}

/// The boxes with any two that stand one on the other joined: small text can lose a thin stroke
/// to the ink threshold (the waist of a "3", the diagonal of a "4"), and no character read here
/// is made of parts stacked with a gap of two pixels or less.
fn merge_stacked(mut boxes: Vec<(u32, u32, u32, u32)>) -> Vec<(u32, u32, u32, u32)> {
    boxes.sort_unstable();
    let mut merged: Vec<(u32, u32, u32, u32)> = Vec::with_capacity(boxes.len());
    for b in boxes {
        // Boxes are sorted by left edge: a partner starts at most a box width to the left.
        let partner = merged.iter_mut().rev().take(8).find(|m| {
            let overlap = b.2.min(m.2) as i64 - b.0.max(m.0) as i64;
            let gap = b.1.max(m.1) as i64 - b.3.min(m.3) as i64;
            2 * overlap >= i64::from((b.2 - b.0).min(m.2 - m.0)) && (0..=2).contains(&gap)
        });
        match partner {
            Some(m) => *m = (m.0.min(b.0), m.1.min(b.1), m.2.max(b.2), m.3.max(b.3)),
            None => merged.push(b),
        }
    }
    merged
}

/// A patch of ink wider than this many times its height is taken for characters that touch
/// (small text in a tight font: "11", "1/").
const MAX_ASPECT: f32 = 1.05;
/// The usual width of a digit, in heights: how many characters a wide patch holds.
const USUAL_ASPECT: f32 = 0.6;

/// The boxes of the characters in one patch of ink (its pixels): the patch itself, or, when it is
/// too wide for one character, the parts between the columns of least ink near even cuts.
fn split(pixels: &[(u32, u32)]) -> Vec<(u32, u32, u32, u32)> {
    let bounds = |part: &mut dyn Iterator<Item = &(u32, u32)>| {
        part.fold(None, |b: Option<(u32, u32, u32, u32)>, &(x, y)| {
            let (x0, y0, x1, y1) = b.unwrap_or((x, y, x + 1, y + 1));
            Some((x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1)))
        })
    };
    let Some((x0, y0, x1, y1)) = bounds(&mut pixels.iter()) else {
        return Vec::new();
    };
    let (width, height) = ((x1 - x0) as usize, (y1 - y0) as f32);
    if width as f32 <= MAX_ASPECT * height {
        return vec![(x0, y0, x1, y1)];
    }
    let parts = ((width as f32 / (USUAL_ASPECT * height)).round() as usize).max(2);
    let mut column_ink = vec![0u32; width];
    for &(x, _) in pixels {
        column_ink[(x - x0) as usize] += 1;
    }
    let window = ((0.15 * height) as usize).max(1);
    let mut cuts = vec![0];
    for part in 1..parts {
        let centre = part * width / parts;
        let lo = centre.saturating_sub(window).max(cuts[cuts.len() - 1] + 1);
        let hi = (centre + window).min(width - 1);
        if let Some(cut) = (lo..=hi).min_by_key(|&c| column_ink[c]) {
            cuts.push(cut);
        }
    }
    cuts.push(width);
    cuts.windows(2)
        .filter_map(|c| {
            let (a, b) = (x0 + c[0] as u32, x0 + c[1] as u32);
            bounds(&mut pixels.iter().filter(|&&(x, _)| (a..b).contains(&x)))
        })
        .collect()
}

/// The blocks the background is taken over: a few characters wide, so text is always the
/// minority of its block, and a third as tall, so a band of another face (a status bar under a
/// board, 30 px tall) is the majority of the blocks its text lies in: with square blocks of 48,
/// KMines' "Mines: 4/10" shared its blocks with the grey above the bar, and the whole bar was
/// ink.
const BLOCK: u32 = 48;
const BLOCK_ROWS: u32 = 16;

/// The background brightness of each block of an image.
struct Background {
    columns: u32,
    modes: Vec<u8>,
}

impl Background {
    fn of(gray: &GrayImage) -> Background {
        let (w, h) = gray.dimensions();
        let (columns, rows) = (w.div_ceil(BLOCK), h.div_ceil(BLOCK_ROWS));
        let mut counts = vec![[0u32; 256]; (columns * rows) as usize];
        for (y, row) in gray.as_raw().chunks_exact(w as usize).enumerate() {
            let first = (y as u32 / BLOCK_ROWS * columns) as usize;
            for (block, part) in row.chunks(BLOCK as usize).enumerate() {
                let counts = &mut counts[first + block];
                for &p in part {
                    counts[p as usize] += 1;
                }
            }
        }
        let modes = counts
            .iter()
            .map(|c| (0..=255u8).max_by_key(|&v| c[v as usize]).unwrap_or(0))
            .collect();
        Background { columns, modes }
    }

    fn at(&self, x: u32, y: u32) -> i32 {
        i32::from(self.modes[((y / BLOCK_ROWS) * self.columns + x / BLOCK) as usize])
    }
}

/// The box averaged down to the coverage grid: each pixel's ink, 0 (background) to 1 (the box's
/// strongest ink), so a grey antialiased glyph and a black one look alike.
fn coverage(
    gray: &GrayImage,
    background: i32,
    (x0, y0, x1, y1): (u32, u32, u32, u32),
) -> [f32; GRID_W * GRID_H] {
    let ink = |x: u32, y: u32| (i32::from(gray.get_pixel(x, y).0[0]) - background).abs();
    let strongest = (y0..y1)
        .flat_map(|y| (x0..x1).map(move |x| (x, y)))
        .map(|(x, y)| ink(x, y))
        .max()
        .unwrap_or(1)
        .max(1) as f32;
    let columns = spread(x1 - x0, GRID_W);
    let rows = spread(y1 - y0, GRID_H);
    let mut grid = [0f32; GRID_W * GRID_H];
    for (gy, row_parts) in rows.iter().enumerate() {
        for (gx, column_parts) in columns.iter().enumerate() {
            let mut sum = 0.0;
            for &(py, wy) in row_parts {
                for &(px, wx) in column_parts {
                    sum += wx * wy * ink(x0 + px, y0 + py) as f32;
                }
            }
            grid[gy * GRID_W + gx] = sum / strongest;
        }
    }
    grid
}

/// For each of `cells` equal parts of `len` pixels, the pixels it covers and the share of the
/// part each one fills (the shares of a part add up to 1).
fn spread(len: u32, cells: usize) -> Vec<Vec<(u32, f32)>> {
    let step = len as f32 / cells as f32;
    (0..cells)
        .map(|c| {
            let (a, b) = (c as f32 * step, (c + 1) as f32 * step);
            (a.floor() as u32..(b.ceil() as u32).min(len))
                .map(|p| {
                    let overlap = (b.min(p as f32 + 1.0) - a.max(p as f32)).max(0.0);
                    (p, overlap / step)
                })
                .collect()
        })
        .collect()
}

/// A template: a rendered character and which of [`CHARS`] it is.
struct Template {
    glyph: Glyph,
    char: char,
}

/// Cuts the templates from the sheet now, if not yet done. The first read that matches a glyph
/// would otherwise pay for it: decoding and cutting the 5-megapixel sheet takes 30–90 ms, and in
/// `live` that read is the frame that first shows a digit the model is unsure of (five of 16
/// benchmark runs drew one redraw 32–90 ms after its capture, all the rest within 14 ms).
pub fn prepare() {
    templates();
}

/// The templates cut from the embedded sheet, once.
fn templates() -> &'static [Template] {
    static TEMPLATES: OnceLock<Vec<Template>> = OnceLock::new();
    TEMPLATES.get_or_init(|| {
        // The sheet is part of the build; the test below checks that it decodes and cuts up.
        let mut templates = image::load_from_memory(include_bytes!("../../../models/glyphs.png"))
            .map(|sheet| cut_sheet(&sheet.to_luma8()))
            .unwrap_or_default();
        // By height, so a glyph is compared with the templates of about its height only.
        templates.sort_by_key(|t| t.glyph.height());
        templates
    })
}

/// The sheet's rows (bands of ink between blank pixel rows), each cut into its glyphs; a row that
/// does not give exactly the eleven characters is left out.
fn cut_sheet(sheet: &GrayImage) -> Vec<Template> {
    let (w, h) = sheet.dimensions();
    let blank = |y: u32| (0..w).all(|x| sheet.get_pixel(x, y).0[0] == 255);
    let mut templates = Vec::new();
    let mut y = 0;
    while y < h {
        if blank(y) {
            y += 1;
            continue;
        }
        let top = y;
        while y < h && !blank(y) {
            y += 1;
        }
        let band = image::imageops::crop_imm(sheet, 0, top, w, y - top).to_image();
        // Specks under 5 px are strokes broken off at the smallest sizes, not characters.
        let found = glyphs(&band, 5, u32::MAX);
        if found.len() == CHARS.len() {
            templates.extend(
                found
                    .into_iter()
                    .zip(CHARS)
                    .map(|(glyph, char)| Template { glyph, char }),
            );
        }
    }
    templates
}

/// The character `glyph` shows and how far it is from its template, if any template of about its
/// height is within [`MAX_DISTANCE`].
pub fn recognise(glyph: &Glyph) -> Option<(char, f32)> {
    let height = glyph.height() as f32;
    let slack = HEIGHT_SLACK * height + 1.0;
    let templates = templates();
    let first = templates.partition_point(|t| (t.glyph.height() as f32) < height - slack);
    let last = templates.partition_point(|t| (t.glyph.height() as f32) <= height + slack);
    let mut best: Option<(char, f32)> = None;
    for t in &templates[first..last] {
        // The widths alone can rule a template out, before its grid is compared.
        let bound = best.map_or(MAX_DISTANCE, |(_, d)| d.min(MAX_DISTANCE));
        if let Some(d) = t.glyph.distance_within(glyph, bound) {
            best = Some((t.char, d));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sheet_gives_every_row() {
        let sheet = image::load_from_memory(include_bytes!("../../../models/glyphs.png"))
            .unwrap()
            .to_luma8();
        let (w, h) = sheet.dimensions();
        let rows = (0..h)
            .filter(|&y| {
                let ink = |y: u32| (0..w).any(|x| sheet.get_pixel(x, y).0[0] != 255);
                ink(y) && (y == 0 || !ink(y - 1))
            })
            .count();
        assert!(rows > 100, "{rows} rows");
        assert_eq!(
            templates().len(),
            rows * CHARS.len(),
            "a row did not cut into 11 glyphs"
        );
    }

    #[test]
    fn every_template_recognises_as_itself() {
        for t in templates() {
            assert_eq!(recognise(&t.glyph).map(|r| r.0), Some(t.char));
        }
    }

    #[test]
    fn spread_shares_add_up() {
        for len in 1..30 {
            for cells in [GRID_W, GRID_H] {
                let parts = spread(len, cells);
                let total: f32 = parts.iter().flatten().map(|&(_, s)| s).sum();
                assert!((total - cells as f32).abs() < 1e-4, "{len} {cells}");
            }
        }
    }
}
