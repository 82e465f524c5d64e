//! Boards cut off by what frames them: a window smaller than its board (GNOME Mines clips its
//! 30×16 board below its minimum window size), a window partly off the screen. The grid finder
//! sees the whole tiles and stops at the cut, and the tiles read right; but the numbers along
//! the cut count mines in tiles that are not in the picture, so advice on that part of a board
//! could call a tile safe whose mine lies beyond the cut. A cut shows as slivers of tiles just
//! past the grid's edge: the leading part of the tiles of the same row (or column), where a
//! whole board has its frame or the window around it.
//!
//! A window may also clip its board within a gap's width of a tile (GNOME Mines' 30×16 board
//! in a window of 665×380: past the grid's last whole column, the gap and 3 px of the next
//! tile's face, then the window). Such a sliver is too narrow for the usual comparison, so it
//! is compared again at shallower depths, where a tile's leading part is only its gap and the
//! start of its face; there a match counts only where that part does not look like what lies
//! past the sliver, so a gap of the window's own colour beside a whole board is no cut.
//!
//! A board of symbols on one panel (emoji tiles) has a margin of the panel's colour round each
//! symbol and its padding in that colour too; past it, the page may be as white as an empty
//! tile's symbol. Two things keep such a frame from passing for a cut: a part of a tile of one
//! colour says nothing at a shallow depth, and a sliver that is the strip past the opposite
//! side of its line, mirrored, is the frame a board draws alike on both sides.

use super::colour_distance;
use super::grid::{Grid, Rect};
use crate::vision::tiles::{mean_difference, sample_cell, TileImage, TILE, TILE_BYTES};
use image::RgbImage;

/// The share of a tile past the edge compared: wide enough to hold some of the tile's face, not
/// only a gap or grid line of the window's colour (a fifth of a tile was tried too: on GNOME
/// Mines' whole boards the gap and the window beside the board then match, and 36 of 220 boards
/// read as cut).
const SLIVER: f64 = 0.4;
/// Mean difference (0-255 per channel) up to which a sliver shows the same pixels as the leading
/// part of a tile of its line.
const SAME: f64 = 6.0;
/// The share of the lines along an edge whose sliver must match for the board to count as cut.
const MOST: f64 = 0.8;
/// The tiles of a line, nearest the edge first, whose part a sliver is compared with.
const NEAREST: usize = 6;
/// The shallower depths, as shares of a tile, at which a sliver narrower than [`SLIVER`] is
/// compared (GNOME Mines clips its board 5 px, a quarter of its 20 px tile, past the gap). A
/// cut must show at two of them in a row: a sliver of a tile matches at every depth up to the
/// window's edge, where a board's frame that happens to match a tile's shaded edge (xdemineur's
/// sunken border, 3 px of the grey its raised tiles shade their right side with) matches at
/// one.
const SHALLOW: [f64; 4] = [0.15, 0.2, 0.25, 0.3];
/// How far apart (pixels) two shallow depths must lie to count as two: under 20 px tiles the
/// steps of [`SHALLOW`] are under a pixel.
const MIN_STEP: f64 = 1.0;

/// The side (`"top"`, `"bottom"`, `"left"`, `"right"`) past which the board in `grid` goes on
/// beyond the picture, inside `area`; `None` for a board seen whole.
pub fn cut_side(image: &RgbImage, area: Rect, grid: &Grid) -> Option<&'static str> {
    ["top", "bottom", "left", "right"]
        .into_iter()
        .find(|&side| {
            let pitch = if matches!(side, "left" | "right") {
                grid.pitch_x
            } else {
                grid.pitch_y
            };
            // Each shallow depth is compared once, until two in a row show the cut. A depth
            // less than a pixel past the last one compared is the same pixels again: at 11 px
            // (Simon Tatham's Mines in a small window) 0.15 and 0.2 of a tile are both the
            // board's border line and 1 px of page, and a whole board read as cut.
            let mut run = 0;
            let mut last = f64::NEG_INFINITY;
            cut_at(image, area, grid, side, SLIVER, Past::Anything)
                || SHALLOW.iter().any(|&share| {
                    if share * pitch - last < MIN_STEP {
                        return false;
                    }
                    last = share * pitch;
                    run = if cut_at(image, area, grid, side, share, Past::Window) {
                        run + 1
                    } else {
                        0
                    };
                    run == 2
                })
        })
}

/// What a sliver that continues its line's tiles may show past itself.
#[derive(Clone, Copy, PartialEq)]
enum Past {
    /// Anything: at the usual depth a sliver holds enough of a face to tell a cut.
    Anything,
    /// Something else than the tiles' part it matched: a shallow sliver continues a face only
    /// where that part is not the window itself (a gap of the window's colour).
    Window,
}

/// The one side of `area` that the board in `grid` is cut at by the picture's edge, where the
/// picture goes on for at least a tile past its three other sides (the window around a board):
/// the board meets that edge to the pixel, or the strip left there is the same part of the
/// line's tiles. `None` where the board meets no edge, or two or more (a crop to the board).
pub fn flush_side(image: &RgbImage, area: Rect, grid: &Grid) -> Option<&'static str> {
    let room = rooms(area, grid);
    let open = room.iter().filter(|(_, gap, pitch)| *gap >= *pitch).count();
    let flush: Vec<(&'static str, f64, f64)> = room
        .into_iter()
        .filter(|(_, gap, pitch)| *gap < SLIVER * pitch)
        .collect();
    let [(side, gap, pitch)] = flush[..] else {
        return None;
    };
    if open != 3 {
        return None;
    }
    // Nothing of the window shows past the board there: cut between two tiles.
    if gap < 2.0 {
        return Some(side);
    }
    // Only a gap between tiles shows past the board there: cut in that gap.
    if let Some((lead, between)) = runs_at_edge(image, area, grid, side) {
        tracing::trace!(
            side,
            lead,
            between,
            "the strip at the edge against a gap between tiles"
        );
        if between > 0 && lead <= between + 1 {
            return Some(side);
        }
    }
    // A strip narrower than the sliver `cut_side` compares: cut if it is the same part of the
    // line's tiles, whole if it is the window's margin.
    cut_at(image, area, grid, side, (gap - 1.0) / pitch, Past::Anything).then_some(side)
}

/// The one side of `area` that the board in `grid` comes within a tile of (at least 2 px off)
/// where the strip left there shows the board's lines of tiles going on
/// ([`strip_shows_lines`]), the picture going on for a tile or more past two other sides at
/// least: a window past the screen's edge cut across a line of faces (its margin may come
/// within a tile of another edge, and shows no lines there). GNOME Mines' coloured-backgrounds theme gives
/// each number a face of its own, so a sliver of a cut column matches no tile of its row, and
/// its 8×8 board cut that way at 113 px and 57 px tiles was advised on the columns left.
pub fn edge_strip_side(image: &RgbImage, area: Rect, grid: &Grid) -> Option<&'static str> {
    let room = rooms(area, grid);
    let open = room.iter().filter(|(_, gap, pitch)| *gap >= *pitch).count();
    if open < 2 {
        return None;
    }
    let shown: Vec<&'static str> = (room.into_iter())
        .filter(|(_, gap, pitch)| (2.0..*pitch).contains(gap))
        .filter(|&(side, gap, _)| strip_shows_lines(image, area, grid, side, gap))
        .map(|(side, _, _)| side)
        .collect();
    match shown[..] {
        [side] => Some(side),
        _ => None,
    }
}

/// How many lines' middles must differ from the gap beside them in [`strip_shows_lines`].
const LINES_SHOWN: f64 = 0.8;

/// Whether the strip `gap` pixels wide between the picture's edge and `side` of the grid shows
/// the board's lines going on: across the middle of most lines (a row, for a left or right
/// side) its colour differs from that on the boundary between the line and the one before it,
/// where it shows the colour the board's own first line shows on that boundary (its gap
/// between tiles; a striped page beside a board breaks at its own places, in its own colours). A window's margin or frame is one colour all
/// along; a cut line of faces is broken by the gaps at the board's own pitch. Boards whose tiles
/// touch show no gaps, and say nothing here.
fn strip_shows_lines(image: &RgbImage, area: Rect, grid: &Grid, side: &str, gap: f64) -> bool {
    let vertical = matches!(side, "left" | "right");
    let lines = if vertical { grid.rows } else { grid.cols };
    if lines < 2 {
        return false;
    }
    // The strip's extent across the side, a pixel in from the grid's edge and the picture's.
    let (from, to) = match side {
        "left" => (f64::from(area.x), grid.x - 1.0),
        "top" => (f64::from(area.y), grid.y - 1.0),
        "right" => {
            let end = grid.x + grid.cols as f64 * grid.pitch_x;
            (end + 1.0, end + gap)
        }
        _ => {
            let end = grid.y + grid.rows as f64 * grid.pitch_y;
            (end + 1.0, end + gap)
        }
    };
    let (from, to) = (from.ceil() as i64, to.floor() as i64);
    if to < from {
        return false;
    }
    // The board's own first line beside the strip, across the side.
    let (own_from, own_to) = match side {
        "left" => (grid.x, grid.x + grid.pitch_x - 1.0),
        "top" => (grid.y, grid.y + grid.pitch_y - 1.0),
        "right" => {
            let end = grid.x + grid.cols as f64 * grid.pitch_x;
            (end - grid.pitch_x, end - 1.0)
        }
        _ => {
            let end = grid.y + grid.rows as f64 * grid.pitch_y;
            (end - grid.pitch_y, end - 1.0)
        }
    };
    let (own_from, own_to) = (own_from.ceil() as i64, own_to.floor() as i64);
    // The mean colour from `from` to `to` across the side, along the line through `at` (a
    // row's y, or a column's x).
    let mean_over = |from: i64, to: i64, at: f64| -> Option<[u8; 3]> {
        let at = at.round() as i64;
        let mut sums = [0i64; 3];
        let mut count = 0;
        for t in from..=to {
            let (x, y) = if vertical { (t, at) } else { (at, t) };
            let (x, y) = (u32::try_from(x).ok()?, u32::try_from(y).ok()?);
            let p = image.get_pixel_checked(x, y)?;
            for (sum, &v) in sums.iter_mut().zip(&p.0) {
                *sum += i64::from(v);
            }
            count += 1;
        }
        (count > 0).then(|| sums.map(|sum| (sum / count) as u8))
    };
    let mean = |at: f64| mean_over(from, to, at);
    let (start, pitch) = if vertical {
        (grid.y, grid.pitch_y)
    } else {
        (grid.x, grid.pitch_x)
    };
    let mut broken = 0;
    for line in 1..lines {
        let at = start + line as f64 * pitch;
        let (Some(middle), Some(boundary), Some(own)) = (
            mean(at + 0.5 * pitch),
            mean(at),
            mean_over(own_from, own_to, at),
        ) else {
            return false;
        };
        // Broken by the board's own gap: the colour the board shows there between its lines.
        let limit = 3 * SAME as u32;
        if colour_distance(middle, boundary) > limit && colour_distance(boundary, own) <= limit {
            broken += 1;
        }
    }
    broken as f64 >= LINES_SHOWN * (lines - 1) as f64
}

/// The longest run (pixels) of one colour counted from the picture's edge in [`runs_at_edge`]:
/// past two tiles a strip is no gap.
const RUN_LIMIT: f64 = 2.0;

/// How many pixels of the colour at the picture's edge on `side` lie between that edge and the
/// board's first face (`lead`), and how many of that colour lie between the faces of the first
/// two lines of tiles (`between`, none where the gap there is of another colour): the medians
/// over the board's lines, each scanned across its middle. A strip no wider than that gap is
/// the gap before a line the picture's edge cut off: GNOME Mines' window dragged past the
/// screen's left edge showed 4 px of its gap colour, then 9 of its 16 columns, and the window's
/// margin beside a whole board is over 20 px; the strip looked like the window past the board's
/// other side (the gap and the window are one colour), so no other test saw the cut, and the
/// 9 columns were advised with 26 calls whose numbers counted mines off the screen.
fn runs_at_edge(image: &RgbImage, area: Rect, grid: &Grid, side: &str) -> Option<(u32, u32)> {
    let vertical = matches!(side, "left" | "right");
    let (lines, along, pitch) = if vertical {
        (grid.rows, grid.cols, grid.pitch_x)
    } else {
        (grid.cols, grid.rows, grid.pitch_y)
    };
    if along < 2 || lines == 0 {
        return None;
    }
    // Positions across the side, from the picture's edge inwards: `t` pixels in.
    let (first, last) = if vertical {
        (i64::from(area.x), i64::from(area.x + area.width) - 1)
    } else {
        (i64::from(area.y), i64::from(area.y + area.height) - 1)
    };
    let (edge, step) = if matches!(side, "left" | "top") {
        (first, 1)
    } else {
        (last, -1)
    };
    // The boundary between the first two lines of tiles, counted from the edge the same way.
    let boundary = match side {
        "left" => grid.x + grid.pitch_x,
        "top" => grid.y + grid.pitch_y,
        "right" => grid.x + (grid.cols - 1) as f64 * grid.pitch_x,
        _ => grid.y + (grid.rows - 1) as f64 * grid.pitch_y,
    };
    let boundary = (boundary.round() as i64 - edge) * step;
    let limit = (RUN_LIMIT * pitch) as i64;
    let (mut leads, mut betweens) = (Vec::new(), Vec::new());
    for line in 0..lines {
        let middle = if vertical {
            grid.y + (line as f64 + 0.5) * grid.pitch_y
        } else {
            grid.x + (line as f64 + 0.5) * grid.pitch_x
        } as i64;
        let pixel = |t: i64| -> Option<[u8; 3]> {
            let across = edge + t * step;
            if !(first..=last).contains(&across) {
                return None;
            }
            let (x, y) = if vertical {
                (across, middle)
            } else {
                (middle, across)
            };
            let (x, y) = (u32::try_from(x).ok()?, u32::try_from(y).ok()?);
            let p = image.get_pixel_checked(x, y)?;
            Some(p.0)
        };
        let Some(colour) = pixel(0) else {
            continue;
        };
        let alike =
            |t: i64| pixel(t).is_some_and(|p| colour_distance(p, colour) <= 3 * SAME as u32);
        let lead = (0..limit).take_while(|&t| alike(t)).count() as u32;
        let between = if alike(boundary) {
            let before = (1..limit).take_while(|&d| alike(boundary - d)).count();
            let after = (1..limit).take_while(|&d| alike(boundary + d)).count();
            (before + after + 1) as u32
        } else {
            0
        };
        leads.push(lead);
        betweens.push(between);
    }
    if leads.len() * 2 < lines {
        return None;
    }
    leads.sort_unstable();
    betweens.sort_unstable();
    Some((leads[leads.len() / 2], betweens[betweens.len() / 2]))
}

/// Each side of `grid` with the room the picture (`area`) leaves past it ([`room_past`]) and
/// the grid's pitch across that side.
fn rooms(area: Rect, grid: &Grid) -> [(&'static str, f64, f64); 4] {
    let rect = grid.rect();
    [
        ("left", grid.pitch_x),
        ("top", grid.pitch_y),
        ("right", grid.pitch_x),
        ("bottom", grid.pitch_y),
    ]
    .map(|(side, pitch)| (side, room_past(area, rect, side), pitch))
}

/// How far the picture (`area`) goes on past `side` of a grid's outer edge `rect`, in pixels
/// (negative where the grid reaches past it).
pub(super) fn room_past(area: Rect, rect: Rect, side: &str) -> f64 {
    match side {
        "left" => f64::from(rect.x) - f64::from(area.x),
        "top" => f64::from(rect.y) - f64::from(area.y),
        "right" => f64::from(area.x + area.width) - f64::from(rect.x + rect.width),
        _ => f64::from(area.y + area.height) - f64::from(rect.y + rect.height),
    }
}

/// Whether the strip `share` of a tile deep past `side` of the grid continues the line's
/// tiles on most lines (with [`Past::Window`], only where the strip as deep again past it
/// differs from the part of the tile matched).
fn cut_at(image: &RgbImage, area: Rect, grid: &Grid, side: &str, share: f64, past: Past) -> bool {
    let vertical = matches!(side, "left" | "right");
    let (lines, along) = if vertical {
        (grid.rows, grid.cols)
    } else {
        (grid.cols, grid.rows)
    };
    let depth = if vertical { grid.pitch_x } else { grid.pitch_y } * share;
    let (x_end, y_end) = (
        grid.x + grid.cols as f64 * grid.pitch_x,
        grid.y + grid.rows as f64 * grid.pitch_y,
    );
    // The sliver past the edge, and the same part of a tile of the line: a tile's leading part
    // continues a line cut on the right or bottom, its trailing part one cut on the left or top.
    let sliver = |line: usize| -> (f64, f64, f64, f64) {
        let (x0, y0, x1, y1) = if vertical {
            grid.cell(line, 0)
        } else {
            grid.cell(0, line)
        };
        match side {
            "right" => (x_end, y0, x_end + depth, y1),
            "left" => (grid.x - depth, y0, grid.x, y1),
            "bottom" => (x0, y_end, x1, y_end + depth),
            _ => (x0, grid.y - depth, x1, grid.y),
        }
    };
    let part = |line: usize, at: usize| -> (f64, f64, f64, f64) {
        let (x0, y0, x1, y1) = if vertical {
            grid.cell(line, at)
        } else {
            grid.cell(at, line)
        };
        match side {
            "right" => (x0, y0, x0 + depth, y1),
            "left" => (x1 - depth, y0, x1, y1),
            "bottom" => (x0, y0, x1, y0 + depth),
            _ => (x0, y1 - depth, x1, y1),
        }
    };
    // The strip as deep again past the sliver: the window, where the board ends there.
    let beyond = |line: usize| -> (f64, f64, f64, f64) {
        let (x0, y0, x1, y1) = sliver(line);
        match side {
            "right" => (x1, y0, x1 + depth, y1),
            "left" => (x0 - depth, y0, x0, y1),
            "bottom" => (x0, y1, x1, y1 + depth),
            _ => (x0, y0 - depth, x1, y0),
        }
    };
    // The strip as deep past the opposite side of the line, where a whole board shows its
    // frame: mirrored, its edge beside the board meets the sliver's.
    let opposite = |line: usize| -> (f64, f64, f64, f64) {
        let (x0, y0, x1, y1) = sliver(line);
        match side {
            "right" => (grid.x - depth, y0, grid.x, y1),
            "left" => (x_end, y0, x_end + depth, y1),
            "bottom" => (x0, grid.y - depth, x1, grid.y),
            _ => (x0, y_end, x1, y_end + depth),
        }
    };
    let inside = |(x0, y0, x1, y1): (f64, f64, f64, f64)| {
        x0 >= f64::from(area.x)
            && y0 >= f64::from(area.y)
            && x1 <= f64::from(area.x + area.width)
            && y1 <= f64::from(area.y + area.height)
    };
    let outer = |line: usize| {
        if past == Past::Window {
            beyond(line)
        } else {
            sliver(line)
        }
    };
    if lines == 0 || !inside(outer(0)) || !inside(outer(lines - 1)) {
        // Nothing past the edge to see: a board flush with the picture (a tight crop) is taken
        // as the user cut it.
        return false;
    }
    // The tiles of a line nearest the edge are compared (a cut row goes on as it was drawn up to
    // the edge), and the search stops once too many lines have failed: a whole board costs
    // a few samples per line, not a line's every tile.
    let nearest: Vec<usize> = match side {
        "right" | "bottom" => (along.saturating_sub(NEAREST)..along).rev().collect(),
        _ => (0..along.min(NEAREST)).collect(),
    };
    // A shallow sliver must continue every line: it holds little of a face, and a frame may
    // match some of a board's tiles by chance.
    let most = if past == Past::Window { 1.0 } else { MOST };
    let allowed = lines - (most * lines as f64).ceil() as usize;
    let mut failed = 0;
    for line in 0..lines {
        let strip = sample_cell(image, sliver(line));
        let window = (past == Past::Window).then(|| sample_cell(image, beyond(line)));
        // A board draws its frame alike on opposite sides; a cut shows its tiles on one side
        // only. A sliver that is the frame of the other side mirrored is the frame, whatever
        // tile it may also look like (a white empty tile beside the white page round a panel).
        // Asked only of a sliver that looks like a tile.
        let framed = || {
            let rect = opposite(line);
            inside(rect)
                && mean_difference(&strip, &mirrored(&sample_cell(image, rect), vertical)) <= SAME
        };
        let found = nearest.iter().any(|&at| {
            let tile = sample_cell(image, part(line, at));
            mean_difference(&strip, &tile) <= SAME
                && (window.as_ref())
                    .is_none_or(|w| mean_difference(w, &tile) > SAME && !plain(&tile))
        }) && !framed();
        if !found {
            failed += 1;
            if failed > allowed {
                return false;
            }
        }
    }
    true
}

/// `tile` mirrored left to right (`across` true) or top to bottom.
fn mirrored(tile: &TileImage, across: bool) -> TileImage {
    let mut out: TileImage = [0; TILE_BYTES];
    for v in 0..TILE {
        for u in 0..TILE {
            let (su, sv) = if across {
                (TILE - 1 - u, v)
            } else {
                (u, TILE - 1 - v)
            };
            let (to, from) = ((v * TILE + u) * 3, (sv * TILE + su) * 3);
            out[to..to + 3].copy_from_slice(&tile[from..from + 3]);
        }
    }
    out
}

/// Whether `tile` is one colour throughout (within [`SAME`] of its mean). At a shallow depth
/// such a part of a tile is the margin round its face, in the colour the board shows between
/// its tiles; a board of symbols on one background (emoji tiles on a page's panel) has its
/// padding in that colour too, so a sliver of it past the edge is as likely the board's own
/// frame as a cut. A clipped tile's sliver holds the start of its face as well.
fn plain(tile: &TileImage) -> bool {
    let mut sums = [0u32; 3];
    for pixel in tile.chunks_exact(3) {
        for (sum, &value) in sums.iter_mut().zip(pixel) {
            *sum += u32::from(value);
        }
    }
    let count = (tile.len() / 3) as u32;
    let mean = sums.map(|sum| ((sum + count / 2) / count) as u8);
    let mut flat: TileImage = [0; TILE_BYTES];
    for pixel in flat.chunks_exact_mut(3) {
        pixel.copy_from_slice(&mean);
    }
    mean_difference(tile, &flat) <= SAME
}

#[cfg(test)]
mod flush_tests {
    use super::*;

    fn grid(x: f64, y: f64, cols: usize, rows: usize) -> Grid {
        Grid::square(x, y, 24.0, rows, cols)
    }

    #[test]
    fn a_board_at_one_edge_of_a_screen_is_cut_and_a_crop_is_not() {
        let picture = |w, h| RgbImage::from_pixel(w, h, image::Rgb([128, 128, 128]));
        let (screen, area) = (picture(1920, 1080), Rect::whole(1920, 1080));
        // A window moved past the left edge: the board starts at the screen's first pixel.
        let cut = grid(0.0, 200.0, 10, 16);
        assert_eq!(flush_side(&screen, area, &cut), Some("left"));
        let whole = grid(500.0, 200.0, 16, 16);
        assert_eq!(flush_side(&screen, area, &whole), None);
        // A crop to the board (all four edges), or to the board and a side panel (three).
        let crop = grid(0.0, 0.0, 16, 16);
        assert_eq!(
            flush_side(&picture(384, 384), Rect::whole(384, 384), &crop),
            None
        );
        let with_panel = Rect::whole(600, 384);
        assert_eq!(flush_side(&picture(600, 384), with_panel, &crop), None);
    }

    #[test]
    fn a_margin_of_window_below_a_board_at_the_screens_edge_is_not_a_cut() {
        // Tiles of 24 px with a 2 px dark gap, 8 px of light window below, then the screen ends.
        let board = grid(100.0, 100.0, 8, 8);
        let (width, height) = (400, 100 + 8 * 24 + 8);
        let picture = RgbImage::from_fn(width, height, |x, y| {
            let inside = (100..292).contains(&x) && (100..292).contains(&y);
            let gap = x.saturating_sub(100) % 24 >= 22 || y.saturating_sub(100) % 24 >= 22;
            match (inside, gap) {
                (true, false) => image::Rgb([90, 90, 90]),
                (true, true) => image::Rgb([30, 30, 30]),
                _ => image::Rgb([230, 230, 230]),
            }
        });
        let area = Rect::whole(width, height);
        assert_eq!(flush_side(&picture, area, &board), None);
    }
}

#[cfg(test)]
mod gap_tests {
    use super::*;

    /// GNOME Mines' look: 24 px faces 4 px apart, the gaps and the window one light colour, each
    /// row's faces in a colour of their own (GNOME Mines' coloured backgrounds); the board's
    /// first face `face_x` px into a 1000×600 picture (negative: cut by its left edge), 9
    /// columns and 8 rows drawn; the grid over its whole columns.
    fn board_at(face_x: i64) -> (RgbImage, Grid) {
        let picture = RgbImage::from_fn(1000, 600, |x, y| {
            let (bx, by) = (x as i64 - face_x + 2, y as i64 - 98);
            let on_board = (0..9 * 28).contains(&bx) && (0..8 * 28).contains(&by);
            let face = (2..26).contains(&bx.rem_euclid(28)) && (2..26).contains(&by.rem_euclid(28));
            if on_board && face {
                image::Rgb([186 - 10 * (by / 28) as u8, 189, 182])
            } else {
                image::Rgb([246, 245, 244])
            }
        });
        let first = (0..9)
            .map(|c| face_x - 2 + 28 * c)
            .find(|&x| x >= 0)
            .unwrap();
        let cols = 9 - ((first - (face_x - 2)) / 28) as usize;
        let grid = Grid::square(first as f64, 98.0, 28.0, 8, cols);
        (picture, grid)
    }

    #[test]
    fn a_strip_broken_by_the_boards_gaps_is_a_cut_line_of_faces() {
        let area = Rect::whole(1000, 600);
        // The first column cut across its faces: 16 px of them show, then the gap.
        let (picture, cut) = board_at(-8);
        assert_eq!(cut.x, 18.0);
        assert_eq!(edge_strip_side(&picture, area, &cut), Some("left"));
        // A whole board with a margin of window: one colour all along.
        let (picture, whole) = board_at(12);
        assert_eq!(edge_strip_side(&picture, area, &whole), None);
    }

    #[test]
    fn a_strip_no_wider_than_a_gap_between_tiles_is_a_cut() {
        // The window dragged past the screen's left edge, cut in the gap before a column.
        let (picture, cut) = board_at(4);
        let area = Rect::whole(1000, 600);
        assert_eq!(flush_side(&picture, area, &cut), Some("left"));
        // The window's margin past a whole board, narrower than the `SLIVER` the other tests
        // compare but wider than a gap: no cut.
        let (picture, whole) = board_at(10);
        assert_eq!(runs_at_edge(&picture, area, &whole, "left"), Some((10, 4)));
        assert_eq!(flush_side(&picture, area, &whole), None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::testing::raised_12px;
    use image::Rgb;

    /// Raised 12-px tiles from (20, 20) on a window of another grey; `shown` columns of the
    /// board's 8 are drawn, the window's edge cutting the next one after 5 px when `cut`.
    fn picture(cut: bool) -> RgbImage {
        RgbImage::from_fn(160, 80, |x, y| {
            let (bx, by) = (x as i32 - 20, y as i32 - 20);
            let end = if cut { 6 * 12 + 5 } else { 6 * 12 };
            if !(0..end).contains(&bx) || !(0..36).contains(&by) {
                return Rgb([240, 240, 240]);
            }
            raised_12px(bx % 12, by % 12, 190)
        })
    }

    #[test]
    fn slivers_of_tiles_past_the_edge_are_a_cut_and_a_window_is_not() {
        let grid = Grid {
            x: 20.0,
            y: 20.0,
            pitch_x: 12.0,
            pitch_y: 12.0,
            rows: 3,
            cols: 6,
        };
        let area = Rect {
            x: 0,
            y: 0,
            width: 160,
            height: 80,
        };
        assert_eq!(cut_side(&picture(true), area, &grid), Some("right"));
        assert_eq!(cut_side(&picture(false), area, &grid), None);
    }

    /// GNOME Mines' look at 20 px: flat faces of 16 px between gaps of the window's own colour;
    /// 6 whole columns from (20, 20), and when `clip` is some, the window's edge that many
    /// pixels into the seventh.
    fn flat_board(clip: Option<i32>) -> RgbImage {
        RgbImage::from_fn(200, 100, |x, y| {
            let (bx, by) = (x as i32 - 20, y as i32 - 20);
            let end = 6 * 20 + clip.unwrap_or(0);
            let face = (2..18).contains(&(bx % 20)) && (2..18).contains(&(by % 20));
            if (0..end).contains(&bx) && (0..60).contains(&by) && face {
                Rgb([186, 189, 182])
            } else {
                Rgb([246, 245, 244])
            }
        })
    }

    #[test]
    fn a_window_clipping_its_board_past_a_gap_is_a_cut_and_a_gap_of_its_colour_is_not() {
        let grid = Grid::square(20.0, 20.0, 20.0, 3, 6);
        let area = Rect::whole(200, 100);
        // The gap and 3 px of the next face: narrower than the usual sliver.
        assert_eq!(cut_side(&flat_board(Some(5)), area, &grid), Some("right"));
        assert_eq!(cut_side(&flat_board(Some(8)), area, &grid), Some("right"));
        // A whole board: past its last face, its gap and the window, of one colour.
        assert_eq!(cut_side(&flat_board(None), area, &grid), None);
        assert_eq!(cut_side(&flat_board(Some(2)), area, &grid), None);
    }

    /// Symbols on a panel (emoji tiles): 12 px squares in 20 px cells with 4 px of panel
    /// round each, 8 columns from (20, 20) on a panel reaching 4 px past them, on a white page;
    /// the last column's symbols white (empty tiles), the others blue. When `clip` is some, the
    /// window's edge cuts a ninth column of blue symbols that many pixels in.
    fn symbol_board(clip: Option<i32>) -> RgbImage {
        const PANEL: Rgb<u8> = Rgb([240, 240, 240]);
        RgbImage::from_fn(240, 100, |x, y| {
            let (bx, by) = (x as i32 - 20, y as i32 - 20);
            let end = 8 * 20 + clip.unwrap_or(0);
            if !(-4..end + 4).contains(&bx) || !(-4..64).contains(&by) {
                return Rgb([255, 255, 255]);
            }
            if clip.is_some() && bx >= end {
                return Rgb([60, 60, 60]);
            }
            let margin = |v: i32| !(4..16).contains(&v.rem_euclid(20));
            if !(0..end).contains(&bx) || !(0..60).contains(&by) || margin(bx) || margin(by) {
                return PANEL;
            }
            match bx / 20 {
                7 => Rgb([255, 255, 255]),
                _ => Rgb([30, 110, 230]),
            }
        })
    }

    #[test]
    fn the_panel_round_a_board_of_symbols_is_its_frame_and_a_clipped_symbol_a_cut() {
        let grid = Grid::square(20.0, 20.0, 20.0, 3, 8);
        let area = Rect::whole(240, 100);
        // Past the last column: 4 px of panel, then the page, as white as an empty tile's
        // symbol after its margin; the same frame as on the left.
        assert_eq!(cut_side(&symbol_board(None), area, &grid), None);
        // The window's edge 10 px into a ninth column: its margin and a blue symbol's start.
        assert_eq!(
            cut_side(&symbol_board(Some(10)), area, &grid),
            Some("right")
        );
    }

    #[test]
    fn a_mirrored_tile_swaps_its_sides() {
        let mut tile: TileImage = [0; TILE_BYTES];
        tile[0] = 9; // the top-left sample's red
        assert_eq!(mirrored(&tile, true)[(TILE - 1) * 3], 9);
        assert_eq!(mirrored(&tile, false)[(TILE - 1) * TILE * 3], 9);
        assert!(plain(&[7; TILE_BYTES]));
        // Samples alternately black and light: far from one colour.
        let striped: TileImage = std::array::from_fn(|i| if (i / 3) % 2 == 0 { 0 } else { 200 });
        assert!(!plain(&striped));
    }
}
