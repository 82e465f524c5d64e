//! The game's own mine counter: the red (or yellow) seven-segment display above the board that
//! the classic skins show (Windows Minesweeper, xdemineur, minesweeper.online, ace-minesweeper).
//! It shows the mines left, the
//! total minus the flags placed, so the total is what it shows plus the flags on the board.
//!
//! The display is found without knowing the skin: lit segments are saturated red, the digits of
//! one display stand a narrow gap apart, and the mine counter is the leftmost display (the timer
//! is on the right). Each digit is read from seven points, one on each segment.

pub(crate) mod glyphs;
pub mod text_counter;

use crate::vision::grid::Grid;
use image::RgbImage;

/// How far above the board the counter may sit, in tile heights (xdemineur's is 2.5 above).
const REACH_ROWS: f64 = 5.0;

/// The colour of a display's lit segments. Red is tried first: a yellow smiley button sits
/// between the red displays of the Windows look, and must not join their digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lamp {
    /// Strong red, little green or blue.
    Red,
    /// Amber and yellow displays (ace-minesweeper's): strong red and green, little blue.
    Yellow,
}

/// Whether `pixel` is a lit segment of a `lamp` display. Unlit segments are black, dark red or
/// the panel's own colour.
fn lit(lamp: Lamp, pixel: &[u8]) -> bool {
    let (r, g, b) = (pixel[0], pixel[1], pixel[2]);
    match lamp {
        Lamp::Red => r >= 160 && g <= 110 && b <= 110 && r - g.max(b) >= 100,
        Lamp::Yellow => r >= 180 && g >= 160 && b <= 90 && r.min(g) - b >= 120,
    }
}

/// The segments of a digit as bits: a (top), b (upper right), c (lower right), d (bottom),
/// e (lower left), f (upper left), g (middle); each with where it is sampled in the digit's box
/// (fractions of its width and height).
const SEGMENTS: [(f64, f64); 7] = [
    (0.5, 0.04),
    (0.88, 0.27),
    (0.88, 0.73),
    (0.5, 0.96),
    (0.12, 0.73),
    (0.12, 0.27),
    (0.5, 0.5),
];

/// The digit each segment pattern shows (bit i is segment i of [`SEGMENTS`]); `None` for the
/// minus sign, which has only the middle segment.
fn symbol(pattern: u8) -> Option<Option<u8>> {
    Some(Some(match pattern {
        0b011_1111 => 0,
        0b000_0110 => 1,
        0b101_1011 => 2,
        0b100_1111 => 3,
        0b110_0110 => 4,
        0b110_1101 => 5,
        0b111_1101 | 0b111_1100 => 6,
        0b000_0111 | 0b010_0111 => 7,
        0b111_1111 => 8,
        0b110_1111 | 0b110_0111 => 9,
        0b100_0000 => return Some(None),
        _ => return None,
    }))
}

/// The count the mine counter above `grid` shows, if the skin has one and every digit reads.
/// Negative when more flags are placed than there are mines.
pub fn read_counter(image: &RgbImage, grid: &Grid) -> Option<i64> {
    let rect = grid.rect();
    let reach = (grid.pitch_y * REACH_ROWS).round() as u32;
    let y0 = rect.y.saturating_sub(reach);
    let y1 = rect.y.min(image.height());
    let margin = grid.pitch_x.round() as u32;
    let x0 = rect.x.saturating_sub(margin);
    let x1 = (rect.x + rect.width + margin).min(image.width());
    if y1 <= y0 || x1 <= x0 {
        return None;
    }

    // Columns with lit pixels, and the rows they span, for both lamp colours; runs of lit
    // columns are digits. One pass over the rows, in memory order, for both.
    let (stride, raw) = (image.width() as usize * 3, image.as_raw());
    let mut red: Vec<Option<(u32, u32)>> = vec![None; (x1 - x0) as usize];
    let mut yellow = red.clone();
    for y in y0..y1 {
        let start = y as usize * stride + x0 as usize * 3;
        let row = &raw[start..start + (x1 - x0) as usize * 3];
        for ((r, w), pixel) in red
            .iter_mut()
            .zip(yellow.iter_mut())
            .zip(row.chunks_exact(3))
        {
            for (span, lamp) in [(r, Lamp::Red), (w, Lamp::Yellow)] {
                if lit(lamp, pixel) {
                    let (top, _) = span.get_or_insert((y, y));
                    *span = Some((*top, y));
                }
            }
        }
    }
    read_display(image, &red, x0, Lamp::Red)
        .or_else(|| read_display(image, &yellow, x0, Lamp::Yellow))
}

/// The count a `lamp` display shows, from the rows `spans` its lit pixels cover in each column
/// from `x0` on, if there is one and every digit reads.
fn read_display(
    image: &RgbImage,
    spans: &[Option<(u32, u32)>],
    x0: u32,
    lamp: Lamp,
) -> Option<i64> {
    let runs = runs_of(spans, x0);
    // The leftmost display: runs less than a digit height apart (a row of 1s stands furthest
    // apart), starting from the leftmost run. A minus sign is short, so the taller of two
    // neighbours sets the gap allowed.
    let mut display = vec![*runs.first()?];
    for run in &runs[1..] {
        let last = display[display.len() - 1];
        let tall = f64::from((last.bottom + 1 - last.top).max(run.bottom + 1 - run.top));
        if f64::from(run.x0 - last.x1) > tall {
            break;
        }
        display.push(*run);
    }
    let top = display.iter().map(|r| r.top).min()?;
    let bottom = display.iter().map(|r| r.bottom).max()?;
    let height = f64::from(bottom + 1 - top);
    // Digits of 7 px or more, at most four: anything else red (a logo, a flag) is not a counter.
    if height < 7.0 || display.len() > 4 {
        return None;
    }
    // Every digit has a right-hand segment, so right edges line up (a minus sign, whose box is
    // then a little off, is read from its middle only); the widest digit gives the width (a
    // display of only 1s has none wide: take the usual proportion).
    let widest = display.iter().map(|r| r.x1 - r.x0).max()?;
    let width = if f64::from(widest) >= 0.35 * height {
        f64::from(widest)
    } else {
        0.55 * height
    };
    if width > 0.9 * height {
        return None;
    }

    let mut negative = false;
    let mut value: i64 = 0;
    for (index, run) in display.iter().enumerate() {
        let left = f64::from(run.x1) - width;
        let radius = (height / 15.0).max(1.0);
        // The two holes of an 8 are dark in every digit: a lit one is a red blob, not a digit.
        let hole = |fy: f64| {
            lit_near(
                image,
                lamp,
                left + 0.5 * width,
                f64::from(top) + fy * height,
                radius,
            )
        };
        if hole(0.27) || hole(0.73) {
            return None;
        }
        let pattern = SEGMENTS
            .iter()
            .enumerate()
            .filter(|(_, &(fx, fy))| {
                let x = left + fx * width;
                let y = f64::from(top) + fy * height;
                lit_near(image, lamp, x, y, radius)
            })
            .fold(0u8, |bits, (i, _)| bits | 1 << i);
        match symbol(pattern)? {
            Some(digit) => value = value * 10 + i64::from(digit),
            None if index == 0 => negative = true,
            None => return None,
        }
    }
    Some(if negative { -value } else { value })
}

/// One run of neighbouring lit columns: `x0..x1` and the rows its lit pixels span.
#[derive(Clone, Copy, Debug)]
struct Run {
    x0: u32,
    x1: u32,
    top: u32,
    bottom: u32,
}

/// The runs of neighbouring lit columns, from the rows each column's lit pixels span (`None`:
/// nothing lit), the first column being at `x0`.
fn runs_of(spans: &[Option<(u32, u32)>], x0: u32) -> Vec<Run> {
    let mut runs: Vec<Run> = Vec::new();
    for (&span, x) in spans.iter().zip(x0..) {
        let Some((top, bottom)) = span else {
            continue;
        };
        match runs.last_mut() {
            Some(run) if run.x1 == x => {
                run.x1 = x + 1;
                run.top = run.top.min(top);
                run.bottom = run.bottom.max(bottom);
            }
            _ => runs.push(Run {
                x0: x,
                x1: x + 1,
                top,
                bottom,
            }),
        }
    }
    runs
}

/// Whether any pixel within `radius` of (x, y) is lit.
fn lit_near(image: &RgbImage, lamp: Lamp, x: f64, y: f64, radius: f64) -> bool {
    let (w, h) = (f64::from(image.width()), f64::from(image.height()));
    let xa = (x - radius).floor().max(0.0) as u32;
    let xb = (x + radius).ceil().min(w - 1.0).max(0.0) as u32;
    let ya = (y - radius).floor().max(0.0) as u32;
    let yb = (y + radius).ceil().min(h - 1.0).max(0.0) as u32;
    (ya..=yb).any(|py| (xa..=xb).any(|px| lit(lamp, &image.get_pixel(px, py).0)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    /// Draws `text` as seven-segment digits (9 px wide, 17 tall, 3 px apart) at (x, y).
    fn draw(image: &mut RgbImage, x: u32, y: u32, text: &str) {
        let bits = |c: char| match c {
            '-' => 0b100_0000,
            d => [
                0b011_1111u8,
                0b000_0110,
                0b101_1011,
                0b100_1111,
                0b110_0110,
                0b110_1101,
                0b111_1101,
                0b000_0111,
                0b111_1111,
                0b110_1111,
            ][d.to_digit(10).unwrap() as usize],
        };
        // Each segment as a rectangle (x0, y0, x1, y1) in the 9x17 digit box.
        let boxes = [
            (1, 0, 8, 2),
            (7, 1, 9, 8),
            (7, 9, 9, 16),
            (1, 15, 8, 17),
            (0, 9, 2, 16),
            (0, 1, 2, 8),
            (1, 7, 8, 10),
        ];
        for (i, c) in text.chars().enumerate() {
            let left = x + i as u32 * 12;
            for (s, &(a, b, c2, d)) in boxes.iter().enumerate() {
                let on = bits(c) & (1 << s) != 0;
                let colour = if on {
                    Rgb([255, 0, 0])
                } else {
                    Rgb([90, 0, 0])
                };
                for py in y + b..y + d {
                    for px in left + a..left + c2 {
                        image.put_pixel(px, py, colour);
                    }
                }
            }
        }
    }

    /// Fills `image` with grey and returns a board grid at (20, 60).
    fn board_below(image: &mut RgbImage) -> Grid {
        for p in image.pixels_mut() {
            *p = Rgb([192, 192, 192]);
        }
        Grid {
            x: 20.0,
            y: 60.0,
            pitch_x: 16.0,
            pitch_y: 16.0,
            rows: 4,
            cols: 8,
        }
    }

    #[test]
    fn every_digit_and_the_minus_sign_read() {
        for text in ["012", "345", "678", "9", "-07", "0099", "111", "40"] {
            let mut image = RgbImage::new(170, 130);
            let grid = board_below(&mut image);
            // The timer, to the right, must not be read.
            draw(&mut image, 30, 25, text);
            draw(&mut image, 120, 25, "888");
            let expected: i64 = text.replace('-', "").parse().unwrap();
            let expected = if text.starts_with('-') {
                -expected
            } else {
                expected
            };
            assert_eq!(read_counter(&image, &grid), Some(expected), "{text}");
        }
    }

    #[test]
    fn no_display_or_an_unreadable_one_reads_as_none() {
        let mut image = RgbImage::new(170, 130);
        let grid = board_below(&mut image);
        assert_eq!(read_counter(&image, &grid), None);
        // A red blob is not a digit.
        for y in 25..42 {
            for x in 30..39 {
                image.put_pixel(x, y, Rgb([255, 0, 0]));
            }
        }
        assert_eq!(read_counter(&image, &grid), None);
    }
}
