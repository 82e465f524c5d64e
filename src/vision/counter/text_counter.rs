//! The mine counter as text, as GNOME Mines shows it beside the board: "3/40", the flags placed
//! and the mine total, in the desktop's font.
//!
//! It is looked for to the right of the board, then below it: a line of characters
//! ([`glyphs`](super::glyphs)) that reads as digits, a slash and digits, the digits all one height
//! on one baseline. Any other text there (the timer "00:04", button labels) does not read so.
//! Other games put the count in a status line with words around it: KMines' "Mines: 4/10
//! Time: 01:25". There the count is a word of its own, set off from its neighbours by wider
//! gaps than any between its own characters, and such a word is read as a line by itself.

use super::glyphs::{glyphs, luma, recognise, Glyph};
use crate::vision::grid::Grid;
use image::RgbImage;

/// How far from the board the counter may be, in tiles, and at least in pixels (GNOME's side
/// panel keeps its width however small the tiles are).
const REACH_TILES: f64 = 5.0;
const REACH_MIN_PX: f64 = 200.0;
/// Characters shorter than this are too small to read; taller ones are not a counter.
const MIN_HEIGHT: u32 = 6;
const MAX_HEIGHT: u32 = 40;
/// The most digits on either side of the slash.
const MAX_DIGITS: usize = 4;

/// What a text counter shows: flags placed, and the mine total.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlagsOfTotal {
    pub flags: u64,
    pub total: u64,
}

/// The "flags/total" text beside the board of `grid`, if one reads unambiguously.
pub fn read_text_counter(image: &RgbImage, grid: &Grid) -> Option<FlagsOfTotal> {
    let rect = grid.rect();
    let reach = (grid.pitch_x.max(grid.pitch_y) * REACH_TILES).max(REACH_MIN_PX) as u32;
    let (right, bottom) = (rect.x + rect.width, rect.y + rect.height);
    let beside = (
        right,
        rect.y.saturating_sub(reach / 4),
        right + reach,
        bottom,
    );
    let below = (
        rect.x.saturating_sub(reach / 4),
        bottom,
        right + reach,
        bottom + reach,
    );
    [beside, below]
        .into_iter()
        .find_map(|area| read_area(image, area))
}

/// The counter within `(x0, y0, x1, y1)` (clipped to the image), if exactly one reading is there.
fn read_area(image: &RgbImage, (x0, y0, x1, y1): (u32, u32, u32, u32)) -> Option<FlagsOfTotal> {
    let (x1, y1) = (x1.min(image.width()), y1.min(image.height()));
    let gray = luma(image, (x0, y0, x1, y1))?;
    let found = glyphs(&gray, MIN_HEIGHT, MAX_HEIGHT);
    let lines = lines(&found);
    let mut readings = lines.iter().flat_map(|line| words(line)).filter_map(parse);
    let first = readings.next()?;
    // Two different readings: no way to tell which is the counter.
    readings.all(|other| other == first).then_some(first)
}

/// The glyphs grouped into lines of text: left to right, each glyph overlapping the last one's
/// rows by half the smaller height and standing less than a glyph height after it.
fn lines(found: &[Glyph]) -> Vec<Vec<&Glyph>> {
    let mut lines: Vec<Vec<&Glyph>> = Vec::new();
    for glyph in found {
        let follows = |line: &&mut Vec<&Glyph>| {
            let last = line[line.len() - 1];
            let overlap = glyph.y1.min(last.y1) as i64 - glyph.y0.max(last.y0) as i64;
            let gap = glyph.x0 as i64 - last.x1 as i64;
            let tall = i64::from(glyph.height().max(last.height()));
            let short = i64::from(glyph.height().min(last.height()));
            // Kerning can tuck a character under the last one's foot. Characters of one line
            // are of a size: a taller patch beside them (a window's edge, a bar's border cut
            // into pieces) is no character of theirs.
            2 * overlap >= short && 2 * tall <= 3 * short && (-tall / 3..tall).contains(&gap)
        };
        match lines.iter_mut().find(follows) {
            Some(line) => line.push(glyph),
            None => lines.push(vec![glyph]),
        }
    }
    lines
}

/// The runs of `line` that may be a word of their own: the whole line, and each run of at least
/// three characters set off from the characters beside it (where there are any) by a space: a
/// gap of at least a third of the run's height and more than twice every gap inside it. A count
/// in a status line ("Mines: 4/10 Time: 01:25") is one; a word's own characters, a pixel or two
/// apart, never split ("4/1" is no word of "4/10").
fn words<'a>(line: &'a [&'a Glyph]) -> impl Iterator<Item = &'a [&'a Glyph]> + 'a {
    let gap = |i: usize| i64::from(line[i + 1].x0) - i64::from(line[i].x1);
    let n = line.len();
    let runs = (0..n).flat_map(move |start| {
        (start + 3..=n.min(start + 2 * MAX_DIGITS + 1)).filter_map(move |end| {
            if start == 0 && end == n {
                return None;
            }
            let run = &line[start..end];
            let height = run.iter().map(|g| g.height()).max().unwrap_or(0);
            let inside = (start..end - 1).map(gap).max().unwrap_or(0).max(0);
            let space = |g: i64| 3 * g >= i64::from(height) && g > 2 * inside;
            let before = start == 0 || space(gap(start - 1));
            let after = end == n || space(gap(end - 1));
            (before && after).then_some(run)
        })
    });
    std::iter::once(line).chain(runs)
}

/// A line that reads "digits/digits", the digits of one height on one baseline.
fn parse(line: &[&Glyph]) -> Option<FlagsOfTotal> {
    if line.len() < 3 || line.len() > 2 * MAX_DIGITS + 1 {
        return None;
    }
    // The first character is a digit, and all but one (the slash) stand on its top and baseline
    // within a pixel: checked before any is recognised, as words (whose letters vary in height)
    // mostly fail it.
    let (top, base) = (line[0].y0, line[0].y1);
    let aligned = |g: &&&Glyph| g.y0.abs_diff(top) <= 1 && g.y1.abs_diff(base) <= 1;
    if line.iter().filter(aligned).count() + 1 < line.len() {
        return None;
    }
    let text: String = line
        .iter()
        .map(|g| recognise(g).map(|(c, _)| c))
        .collect::<Option<_>>()?;
    let (flags, total) = text.split_once('/')?;
    let digits =
        |s: &str| !s.is_empty() && s.len() <= MAX_DIGITS && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(flags) || !digits(total) {
        return None;
    }
    // The one character allowed off the digits' top and baseline is the slash.
    if !line
        .iter()
        .zip(text.chars())
        .all(|(g, c)| c == '/' || aligned(&g))
    {
        return None;
    }
    Some(FlagsOfTotal {
        flags: flags.parse().ok()?,
        total: total.parse().ok()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::GrayImage;
    use std::path::Path;

    /// Reads each line of the held-out sheet (counter strings drawn by `training/glyphs.py
    /// --held-out` in fonts the templates do not use: Roboto, Open Sans, Liberation Sans, 11–23
    /// px, some at sub-pixel offsets): how many read right, and those read wrong.
    fn read_held_out(sheet: &GrayImage) -> (usize, Vec<String>) {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
        let texts = std::fs::read_to_string(dir.join("glyphs-held-out.txt")).unwrap();
        let found = glyphs(sheet, MIN_HEIGHT, MAX_HEIGHT);
        let mut lines = lines(&found);
        lines.sort_by_key(|line| line[0].y0);
        let want: Vec<&str> = texts.lines().collect();
        assert_eq!(lines.len(), want.len(), "one line of text per string");
        let (mut right, mut wrong) = (0, Vec::new());
        for (line, want) in lines.iter().zip(&want) {
            match parse(line) {
                Some(r) if format!("{}/{}", r.flags, r.total) == *want => right += 1,
                Some(r) => wrong.push(format!("{want} read as {r:?}")),
                None => println!("{want}: not read"),
            }
        }
        println!("{right} of {} read", want.len());
        (right, wrong)
    }

    fn held_out_sheet() -> GrayImage {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/glyphs-held-out.png");
        image::open(path).unwrap().to_luma8()
    }

    #[test]
    fn counters_in_fonts_the_templates_leave_out_read() {
        let (right, wrong) = read_held_out(&held_out_sheet());
        // A counter that does not read falls back to the board size; one read wrong would give
        // a wrong mine total, so none may be. The three that do not read are the three smallest
        // Liberation Sans ones (digits 8 to 11 px tall), where its strokes break or touch.
        assert!(wrong.is_empty(), "{wrong:?}");
        assert!(right >= 18, "only {right} of 21 read");
    }

    /// KMines' status bar under its board: "Mines: 4/10  Time: 01:25" on a light bar, the grey
    /// around the board above it. The count is a word among others, and the bar is a band of
    /// its own face: read as 4 flags of 10 mines, never as "4/1".
    #[test]
    fn a_count_among_words_in_a_status_bar_reads() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/kmines-status-bar.png");
        let image = image::open(path).unwrap().to_rgb8();
        let (w, h) = image.dimensions();
        assert_eq!(
            read_area(&image, (0, 0, w, h)),
            Some(FlagsOfTotal {
                flags: 4,
                total: 10
            })
        );
    }

    /// A dark theme: light text on a dark background reads the same.
    #[test]
    fn light_text_on_dark_reads_alike() {
        let mut sheet = held_out_sheet();
        for p in sheet.pixels_mut() {
            // White to a dark grey, black to a light one.
            p.0[0] = 40 + (255 - p.0[0]) / 4 * 3;
        }
        let (right, wrong) = read_held_out(&sheet);
        assert!(wrong.is_empty(), "{wrong:?}");
        assert!(right >= 18, "only {right} of 21 read");
    }
}
