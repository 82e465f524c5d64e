//! The tile grid: where it lies in the image, its pitch (possibly fractional) and its size, and how
//! it is found from the flat regions of the image.
//!
//! Every skin draws its tiles as a lattice of similar squares: raised faces, flat revealed tiles,
//! rounded tiles with gaps, checker squares. We keep the square regions, link each to its nearest
//! right and lower neighbour of similar size, and take the largest linked set that fits one lattice
//! (one pitch, one origin). Pixels between tiles (gaps, lines, bevels) never matter: only the
//! centres of the squares do, so the same code serves every skin and scale.

use super::blobs::Blob;
use rustc_hash::{FxHashMap, FxHashSet};
use serde::Serialize;

/// The tile grid in image pixels: tile (r, c) covers
/// `[x + c·pitch_x, x + (c+1)·pitch_x) × [y + r·pitch_y, y + (r+1)·pitch_y)`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Grid {
    pub x: f64,
    pub y: f64,
    pub pitch_x: f64,
    pub pitch_y: f64,
    pub rows: usize,
    pub cols: usize,
}

/// An integer rectangle in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Rect {
    pub x: u32,
    pub y: u32,
    pub width: u32,
    pub height: u32,
}

impl Rect {
    /// The whole of an image `width` x `height` pixels.
    pub fn whole(width: u32, height: u32) -> Rect {
        Rect {
            x: 0,
            y: 0,
            width,
            height,
        }
    }
}

impl Grid {
    /// The grid's outer edge, rounded to whole pixels.
    pub fn rect(&self) -> Rect {
        let x0 = self.x.round().max(0.0);
        let y0 = self.y.round().max(0.0);
        let x1 = (self.x + self.cols as f64 * self.pitch_x).round();
        let y1 = (self.y + self.rows as f64 * self.pitch_y).round();
        Rect {
            x: x0 as u32,
            y: y0 as u32,
            width: (x1 - x0).max(0.0) as u32,
            height: (y1 - y0).max(0.0) as u32,
        }
    }

    /// Tile (row, col)'s box `(x0, y0, x1, y1)` in fractional pixels.
    pub fn cell(&self, row: usize, col: usize) -> (f64, f64, f64, f64) {
        let x0 = self.x + col as f64 * self.pitch_x;
        let y0 = self.y + row as f64 * self.pitch_y;
        (x0, y0, x0 + self.pitch_x, y0 + self.pitch_y)
    }

    /// Whether this grid is a smaller block of `whole`'s tiles: the same pitch, its tiles on
    /// `whole`'s lattice (within a quarter tile) and inside it. A board whose covered tiles the
    /// grid finder does not see on some frame (stippled faces) can be found as its open region
    /// alone; that region is such a part.
    pub fn is_part_of(&self, whole: &Grid) -> bool {
        let slack_x = whole.pitch_x / 4.0;
        let slack_y = whole.pitch_y / 4.0;
        let on_lattice = |offset: f64, pitch: f64, slack: f64| {
            let r = offset.rem_euclid(pitch);
            r <= slack || pitch - r <= slack
        };
        (self.pitch_x - whole.pitch_x).abs() <= 0.5
            && (self.pitch_y - whole.pitch_y).abs() <= 0.5
            && (self.rows, self.cols) != (whole.rows, whole.cols)
            && self.rows <= whole.rows
            && self.cols <= whole.cols
            && on_lattice(self.x - whole.x, whole.pitch_x, slack_x)
            && on_lattice(self.y - whole.y, whole.pitch_y, slack_y)
            && self.x >= whole.x - slack_x
            && self.y >= whole.y - slack_y
            && self.x + self.cols as f64 * self.pitch_x
                <= whole.x + whole.cols as f64 * whole.pitch_x + slack_x
            && self.y + self.rows as f64 * self.pitch_y
                <= whole.y + whole.rows as f64 * whole.pitch_y + slack_y
    }

    /// A grid of square tiles `pitch` pixels apart, its top-left corner at (`x`, `y`).
    pub fn square(x: f64, y: f64, pitch: f64, rows: usize, cols: usize) -> Grid {
        Grid {
            x,
            y,
            pitch_x: pitch,
            pitch_y: pitch,
            rows,
            cols,
        }
    }

    /// The grid moved by `(dx, dy)` pixels (from a region's frame to the image's).
    pub fn shifted(mut self, dx: f64, dy: f64) -> Grid {
        self.x += dx;
        self.y += dy;
        self
    }
}

/// Tiles are at least this many pixels (face regions inside bevels can be about half that).
/// Browsers draw 16 px tiles zoomed out to 67% at about 11 px (winmine.html, the table clone),
/// and Simon Tatham's Mines draws 11 px tiles in a small window: 12, the bound until
/// 2026-12-03, found none of them. Smaller tiles (Tatham's at 9 px) are not looked for: no
/// sweep has shown that their digits read.
pub const MIN_PITCH: f64 = 10.0;
/// Tiles are at most this many pixels. GNOME Mines' 8x8 board in a window of 1300x1000 (about
/// what a maximised window on a 1920x1080 screen gives it) lays its tiles 114 px apart: 100, the
/// bound until 2026-12-04, found no board there.
pub const MAX_PITCH: f64 = 160.0;
/// The fewest tiles a lattice needs before we call it a board.
const MIN_MEMBERS: usize = 9;
/// The fewest linked squares that may seed a lattice: a board in mid-game can have its covered
/// tiles in short runs, which the lone squares on the lattice then join (`adopt_lone_squares`).
const MIN_SEED: usize = 4;

/// A square region kept as a possible tile.
#[derive(Clone, Copy, Debug)]
struct Square {
    cx: f64,
    cy: f64,
    size: f64,
}

/// Whether `blob` may be a tile: about square, of a tile's size, and filling most of its box.
/// A tile's face loses at most its symbol; more than 45% missing is a triangle or a band cut
/// off at a corner (diagonal stripes on a page around the board, whose corner pieces linked up
/// with the tiles and spoiled the board's lattice).
fn is_square(blob: &Blob) -> bool {
    let (w, h) = (f64::from(blob.width()), f64::from(blob.height()));
    let side = w.max(h);
    (MIN_PITCH * 0.45..=MAX_PITCH).contains(&side)
        && (w - h).abs() <= 0.2 * side + 1.0
        && f64::from(blob.area) >= 0.55 * w * h
}

/// The tile grid among `lattices` (from [`fitted_lattices`]): the one with the most squares,
/// the first of equals; `None` when there is no lattice of square tiles.
pub fn largest(lattices: &[(Grid, usize)]) -> Option<(Grid, usize)> {
    lattices
        .iter()
        .copied()
        .reduce(|best, found| if found.1 > best.1 { found } else { best })
}

/// Every group of linked squares among `blobs` that fits a lattice, with the squares it holds:
/// the board's, and any other board's in the picture. With `pitch`, only lattices within 8% of
/// that tile width.
pub fn fitted_lattices(blobs: &[Blob], pitch: Option<f64>) -> Vec<(Grid, usize)> {
    lattices_walked(blobs, pitch, false)
}

/// [`fitted_lattices`], each group walked from the square that reaches the most of it rather
/// than from its first ([`walk_from`]): for a picture where no lattice was found.
pub fn fitted_lattices_from_any_square(blobs: &[Blob], pitch: Option<f64>) -> Vec<(Grid, usize)> {
    lattices_walked(blobs, pitch, true)
}

/// The lattices of `blobs`' linked squares, each group walked from its first square, or from
/// the one that reaches the most (`from_any`).
fn lattices_walked(blobs: &[Blob], pitch: Option<f64>, from_any: bool) -> Vec<(Grid, usize)> {
    let squares: Vec<Square> = blobs
        .iter()
        .filter(|b| is_square(b))
        .map(|b| {
            let (cx, cy) = b.center();
            Square {
                cx,
                cy,
                size: f64::from(b.width().max(b.height())),
            }
        })
        .collect();
    let links = link_neighbours(&squares);
    components(squares.len(), &links)
        .into_iter()
        .filter(|members| members.len() >= MIN_SEED)
        .filter_map(|members| fit_lattice(&squares, &members, &links, from_any))
        .filter(|found| pitch.is_none_or(|p| (found.0.pitch_x - p).abs() <= 0.08 * p))
        .collect()
}

/// A link from square `from` to its right (`horizontal`) or lower neighbour `to`.
#[derive(Clone, Copy, Debug)]
struct Link {
    from: usize,
    to: usize,
    horizontal: bool,
    distance: f64,
}

/// Links every square to its nearest right and lower neighbour of similar size, no closer than
/// the squares' own size (they cannot overlap) and no further than 2.4 sizes (room for the widest
/// gaps and bevels, but not for a skipped tile).
fn link_neighbours(squares: &[Square]) -> Vec<Link> {
    // Buckets of 64 px keep the search local.
    const BUCKET: f64 = 64.0;
    let mut buckets: FxHashMap<(i64, i64), Vec<usize>> = FxHashMap::default();
    for (index, s) in squares.iter().enumerate() {
        let key = ((s.cx / BUCKET) as i64, (s.cy / BUCKET) as i64);
        buckets.entry(key).or_default().push(index);
    }
    let mut links = Vec::new();
    for (from, a) in squares.iter().enumerate() {
        let reach = a.size * 2.4;
        let span = (reach / BUCKET).ceil() as i64;
        let (bx, by) = ((a.cx / BUCKET) as i64, (a.cy / BUCKET) as i64);
        let mut right: Option<(f64, usize)> = None;
        let mut down: Option<(f64, usize)> = None;
        for kx in bx - span..=bx + span {
            for ky in by - span..=by + span {
                let Some(bucket) = buckets.get(&(kx, ky)) else {
                    continue;
                };
                for &to in bucket {
                    let b = &squares[to];
                    let (small, large) = (a.size.min(b.size), a.size.max(b.size));
                    if to == from || large > small * 1.5 {
                        continue;
                    }
                    let (dx, dy) = (b.cx - a.cx, b.cy - a.cy);
                    let span = 0.9 * large..=reach;
                    let beside = span.contains(&dx) && dy.abs() <= 0.25 * small;
                    let below = span.contains(&dy) && dx.abs() <= 0.25 * small;
                    if beside && right.is_none_or(|(d, _)| dx < d) {
                        right = Some((dx, to));
                    } else if below && down.is_none_or(|(d, _)| dy < d) {
                        down = Some((dy, to));
                    }
                }
            }
        }
        for (found, horizontal) in [(right, true), (down, false)] {
            if let Some((distance, to)) = found {
                links.push(Link {
                    from,
                    to,
                    horizontal,
                    distance,
                });
            }
        }
    }
    links
}

/// The sets of squares joined by links, largest first.
fn components(count: usize, links: &[Link]) -> Vec<Vec<usize>> {
    let mut parent: Vec<usize> = (0..count).collect();
    fn root(parent: &mut [usize], mut node: usize) -> usize {
        while parent[node] != node {
            parent[node] = parent[parent[node]];
            node = parent[node];
        }
        node
    }
    for link in links {
        let (a, b) = (root(&mut parent, link.from), root(&mut parent, link.to));
        parent[a.max(b)] = a.min(b);
    }
    let mut groups: FxHashMap<usize, Vec<usize>> = Default::default();
    for node in 0..count {
        let r = root(&mut parent, node);
        groups.entry(r).or_default().push(node);
    }
    let mut out: Vec<Vec<usize>> = groups.into_values().filter(|g| g.len() > 1).collect();
    out.sort_by_key(|g| std::cmp::Reverse(g.len()));
    out
}

/// The median of `values` (the upper one of an even count); `None` when there are none.
pub(super) fn median(mut values: Vec<f64>) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    Some(values[values.len() / 2])
}

/// Fits one lattice to a linked set of squares: the pitch from the links' median length, integer
/// indices by walking the links, then origin and pitch by least squares; squares more than a
/// fifth of a pitch off their lattice point are dropped, or off their line's own offset where a
/// whole row or column sits off together ([`line_offsets`]). Returns the grid and how many
/// squares sit on it.
fn fit_lattice(
    squares: &[Square],
    members: &[usize],
    links: &[Link],
    from_any: bool,
) -> Option<(Grid, usize)> {
    let inside: FxHashSet<usize> = members.iter().copied().collect();
    let ours: Vec<&Link> = links.iter().filter(|l| inside.contains(&l.from)).collect();
    let pitch_x = median(
        ours.iter()
            .filter(|l| l.horizontal)
            .map(|l| l.distance)
            .collect(),
    )?;
    let pitch_y = median(
        ours.iter()
            .filter(|l| !l.horizontal)
            .map(|l| l.distance)
            .collect(),
    )?;
    if (pitch_x - pitch_y).abs() > 0.12 * pitch_x.max(pitch_y)
        || !(MIN_PITCH..=MAX_PITCH).contains(&pitch_x)
    {
        return None;
    }

    // Integer lattice indices by a walk over the links that fit the pitch.
    let mut adjacency: FxHashMap<usize, Vec<(usize, i64, i64)>> = Default::default();
    for link in &ours {
        let pitch = if link.horizontal { pitch_x } else { pitch_y };
        let steps = (link.distance / pitch).round();
        if steps < 1.0 || (link.distance - steps * pitch).abs() > 0.2 * pitch_x {
            continue;
        }
        let (di, dj) = if link.horizontal {
            (steps as i64, 0)
        } else {
            (0, steps as i64)
        };
        adjacency
            .entry(link.from)
            .or_default()
            .push((link.to, di, dj));
        adjacency
            .entry(link.to)
            .or_default()
            .push((link.from, -di, -dj));
    }
    let index = walk_from(members, &adjacency, from_any);
    let mut placed: Vec<(usize, i64, i64)> = index.iter().map(|(&s, &(i, j))| (s, i, j)).collect();
    // Strays off the board's edge would pull the fit; drop them before it and again after.
    trim_stray_edges(&mut placed);
    let mut fit = None;
    for _ in 0..2 {
        let fx = least_squares(placed.iter().map(|&(s, i, _)| (i as f64, squares[s].cx)))?;
        let fy = least_squares(placed.iter().map(|&(s, _, j)| (j as f64, squares[s].cy)))?;
        let off_x = |&(s, i, _): &(usize, i64, i64)| squares[s].cx - (fx.0 + fx.1 * i as f64);
        let off_y = |&(s, _, j): &(usize, i64, i64)| squares[s].cy - (fy.0 + fy.1 * j as f64);
        let cols = line_offsets(&placed, |p| p.1, off_x, fx.1);
        let rows = line_offsets(&placed, |p| p.2, off_y, fy.1);
        placed.retain(|p| {
            let col = cols.get(&p.1).copied().unwrap_or(0.0);
            let row = rows.get(&p.2).copied().unwrap_or(0.0);
            (off_x(p) - col).abs() <= 0.2 * fx.1 && (off_y(p) - row).abs() <= 0.2 * fy.1
        });
        fit = Some((fx, fy));
    }
    let ((ox, px), (oy, py)) = fit?;
    if px < MIN_PITCH || py < MIN_PITCH {
        return None;
    }
    // A real board is mostly tiles: a sparse lattice is wallpaper or icons. The linked squares
    // alone must be dense; lone squares adopted beyond them only widen the board.
    let (seed_cols, seed_rows) = span(&placed)?;
    if placed.len() * 4 < seed_rows * seed_cols {
        return None;
    }
    adopt_lone_squares(squares, &mut placed, (ox, px), (oy, py));
    trim_stray_edges(&mut placed);
    if placed.len() < MIN_MEMBERS {
        return None;
    }
    let (imin, _) = min_max(placed.iter().map(|p| p.1))?;
    let (jmin, _) = min_max(placed.iter().map(|p| p.2))?;
    let (cols, rows) = span(&placed)?;
    if rows < 2 || cols < 2 {
        return None;
    }
    let grid = Grid {
        x: ox + (imin as f64 - 0.5) * px,
        y: oy + (jmin as f64 - 0.5) * py,
        pitch_x: px,
        pitch_y: py,
        rows,
        cols,
    };
    Some((grid, placed.len()))
}

/// The squares reached from the first member by the links that fit the pitch (`adjacency`),
/// each with its lattice index; or, `from_any`, the most any one member reaches. A component of
/// linked squares may hold squares the pitch does not fit (a desktop's coloured block beside
/// the window, its link to the board's corner tile a pitch and a half long): walked from such a
/// square, the board's 64 tiles were never reached, no lattice was fitted, and GNOME Mines' 8×8
/// board at 63 px on a busy desktop was not found. Walked from any square for every picture,
/// boards whose tiles are laid at two pitches (winmine.html at 11 and 15 px, Modern Minesweeper
/// at 22.5 px) split into several walks, and the largest lost boards the first walk's lattice
/// had read; so the wider walk is only tried where no lattice was found (`super::locate`).
fn walk_from(
    members: &[usize],
    adjacency: &FxHashMap<usize, Vec<(usize, i64, i64)>>,
    from_any: bool,
) -> FxHashMap<usize, (i64, i64)> {
    let walk = |start: usize| {
        let mut index: FxHashMap<usize, (i64, i64)> = Default::default();
        index.insert(start, (0, 0));
        let mut stack = vec![start];
        while let Some(node) = stack.pop() {
            let (i, j) = index[&node];
            for &(next, di, dj) in adjacency.get(&node).map(Vec::as_slice).unwrap_or(&[]) {
                if let std::collections::hash_map::Entry::Vacant(slot) = index.entry(next) {
                    slot.insert((i + di, j + dj));
                    stack.push(next);
                }
            }
        }
        index
    };
    let Some(&first) = members.first() else {
        return Default::default();
    };
    let mut best = walk(first);
    if !from_any {
        return best;
    }
    let mut seen: FxHashSet<usize> = best.keys().copied().collect();
    for &start in members {
        if seen.contains(&start) {
            continue;
        }
        let index = walk(start);
        seen.extend(index.keys().copied());
        if index.len() > best.len() {
            best = index;
        }
    }
    best
}

/// The most a whole line of squares may sit off the lattice fitted to all of them, as a share
/// of the pitch, and still be the board's. A page zoomed so that its tiles round to whole pixels
/// unevenly lays some rows narrower than the rest: winmine.html at 67% on a 1.2 screen
/// (13.3 px on average) draws its first three rows 12 px tall and the others 13 to 14, and its
/// first row's squares sat 2.7 px (0.205 of a pitch) off the fit, past the 0.2 that one square
/// may be off. The first row was dropped, the grid refused as cut at its top.
const LINE_DRIFT: f64 = 0.3;
/// The fewest squares a line needs to be taken off the lattice together ([`LINE_DRIFT`]): a few
/// strays (an icon, a button beside the board) stay held to the lattice square by square.
const LINE_MEMBERS: usize = 4;

/// For each line (by `line` of a placed square) of at least [`LINE_MEMBERS`] squares whose
/// squares sit off the lattice together (their median `offset`) by no more than
/// [`LINE_DRIFT`] of `pitch`, that median: each square of the line is then measured from it.
fn line_offsets(
    placed: &[(usize, i64, i64)],
    line: impl Fn(&(usize, i64, i64)) -> i64,
    offset: impl Fn(&(usize, i64, i64)) -> f64,
    pitch: f64,
) -> FxHashMap<i64, f64> {
    let mut lines: FxHashMap<i64, Vec<f64>> = FxHashMap::default();
    for p in placed {
        lines.entry(line(p)).or_default().push(offset(p));
    }
    lines
        .into_iter()
        .filter(|(_, offsets)| offsets.len() >= LINE_MEMBERS)
        .filter_map(|(k, offsets)| median(offsets).map(|m| (k, m)))
        .filter(|&(_, m)| m.abs() <= LINE_DRIFT * pitch)
        .collect()
}

/// The columns and rows the placed squares span.
fn span(placed: &[(usize, i64, i64)]) -> Option<(usize, usize)> {
    let (imin, imax) = min_max(placed.iter().map(|p| p.1))?;
    let (jmin, jmax) = min_max(placed.iter().map(|p| p.2))?;
    Some(((imax - imin + 1) as usize, (jmax - jmin + 1) as usize))
}

/// Rows or columns this far beyond the linked squares may still hold a lone covered tile.
const ADOPT_REACH: f64 = 40.0;

/// Adds to `placed` the squares no link reached that sit on the fitted lattice and match the
/// placed squares' size: covered tiles left alone in a wide open region (a flat open region
/// with no edges of its own shows no squares, so nothing links them to the rest).
fn adopt_lone_squares(
    squares: &[Square],
    placed: &mut Vec<(usize, i64, i64)>,
    (ox, px): (f64, f64),
    (oy, py): (f64, f64),
) {
    let Some(size) = median(placed.iter().map(|&(s, _, _)| squares[s].size).collect()) else {
        return;
    };
    let taken: FxHashSet<usize> = placed.iter().map(|p| p.0).collect();
    let mut spots: FxHashSet<(i64, i64)> = placed.iter().map(|p| (p.1, p.2)).collect();
    for (s, square) in squares.iter().enumerate() {
        if taken.contains(&s) || (square.size - size).abs() > 0.15 * size {
            continue;
        }
        let (i, j) = ((square.cx - ox) / px, (square.cy - oy) / py);
        let (ri, rj) = (i.round(), j.round());
        let on_lattice = (i - ri).abs() <= 0.12 && (j - rj).abs() <= 0.12;
        let (ri, rj) = (ri as i64, rj as i64);
        let near = placed.iter().any(|p| {
            (p.1 - ri).abs() as f64 <= ADOPT_REACH && (p.2 - rj).abs() as f64 <= ADOPT_REACH
        });
        if on_lattice && near && spots.insert((ri, rj)) {
            tracing::trace!(
                x = square.cx,
                y = square.cy,
                size = square.size,
                "lone square adopted"
            );
            placed.push((s, ri, rj));
        }
    }
}

/// Drops an outermost row or column that holds only a stray square or two while the board
/// beside it is full: a button, a counter digit or an icon in the game's header that happens to
/// sit on the lattice (ace-minesweeper's penguin button lines up with a column, one pitch above
/// the board; a browser's tab icon, rows above a page's board, with empty lines between).
/// Repeats while an edge is that thin.
fn trim_stray_edges(placed: &mut Vec<(usize, i64, i64)>) {
    loop {
        let Some((imin, imax)) = min_max(placed.iter().map(|p| p.1)) else {
            return;
        };
        let Some((jmin, jmax)) = min_max(placed.iter().map(|p| p.2)) else {
            return;
        };
        let (cols, rows) = (imax - imin + 1, jmax - jmin + 1);
        if cols < 3 || rows < 3 {
            return;
        }
        let in_col = |i: i64| placed.iter().filter(|p| p.1 == i).count() as i64;
        let in_row = |j: i64| placed.iter().filter(|p| p.2 == j).count() as i64;
        // The squares in the first line inward from `edge` (by `step`) that holds any: a
        // stray may lie lines away from the board (a browser's tab icon on the lattice,
        // twenty rows above a page's board), with nothing on the lines between.
        let next = |count: &dyn Fn(i64) -> i64, edge: i64, step: i64, end: i64| {
            let mut line = edge + step;
            while line != end && count(line) == 0 {
                line += step;
            }
            count(line)
        };
        // Thin: at most 3 squares (a button, an icon, a counter's digits), and at most a third
        // of what the next line in holds.
        let thin = |edge: i64, next: i64| edge <= 3 && edge * 3 <= next;
        let drop = if thin(in_row(jmin), next(&in_row, jmin, 1, jmax)) {
            Some((false, jmin))
        } else if thin(in_row(jmax), next(&in_row, jmax, -1, jmin)) {
            Some((false, jmax))
        } else if thin(in_col(imin), next(&in_col, imin, 1, imax)) {
            Some((true, imin))
        } else if thin(in_col(imax), next(&in_col, imax, -1, imin)) {
            Some((true, imax))
        } else {
            None
        };
        match drop {
            Some((true, i)) => placed.retain(|p| p.1 != i),
            Some((false, j)) => placed.retain(|p| p.2 != j),
            None => return,
        }
    }
}

/// Least-squares line `y = a + b·x`; `None` when every `x` is the same.
fn least_squares(points: impl Iterator<Item = (f64, f64)>) -> Option<(f64, f64)> {
    let (mut n, mut sx, mut sy, mut sxx, mut sxy) = (0.0, 0.0, 0.0, 0.0, 0.0);
    for (x, y) in points {
        n += 1.0;
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
    }
    let det = n * sxx - sx * sx;
    if det.abs() < 1e-9 {
        return None;
    }
    let b = (n * sxy - sx * sy) / det;
    Some(((sy - b * sx) / n, b))
}

fn min_max(values: impl Iterator<Item = i64>) -> Option<(i64, i64)> {
    values.fold(None, |acc, v| match acc {
        None => Some((v, v)),
        Some((lo, hi)) => Some((lo.min(v), hi.max(v))),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::testing::blob;

    fn grid(x: f64, y: f64, pitch: f64, rows: usize, cols: usize) -> Grid {
        Grid::square(x, y, pitch, rows, cols)
    }

    #[test]
    fn a_triangle_is_no_tile_and_a_face_with_its_symbol_is() {
        let blob = |area| Blob {
            x0: 0,
            y0: 0,
            x1: 40,
            y1: 40,
            area,
        };
        // A stripe's corner piece fills half its box.
        assert!(!is_square(&blob(800)));
        // A tile with a digit on it fills most of it.
        assert!(is_square(&blob(1200)));
    }

    #[test]
    fn a_first_row_laid_narrower_than_the_rest_stays_on_the_board() {
        // winmine.html at 67% on a 1.2 screen: its squares' centres (twice, in whole pixels),
        // the first rows 12 px apart and the rest 13 to 14. The first row sits 2.7 px (over a
        // fifth of a pitch) off a lattice fitted to all of them.
        let xs = [
            76, 100, 126, 153, 180, 208, 235, 262, 289, 316, 343, 370, 396, 422, 448, 472,
        ];
        let ys = [
            566, 590, 614, 639, 665, 692, 720, 747, 774, 802, 829, 856, 883, 910, 938, 965,
        ];
        let blobs: Vec<Blob> = (ys.iter().flat_map(|&y| xs.iter().map(move |&x| (x, y))))
            .map(|(x, y)| blob(x / 2 - 5, y / 2 - 5, x / 2 + 5 + x % 2, y / 2 + 5 + y % 2))
            .collect();
        let (found, squares) = largest(&fitted_lattices(&blobs, None)).unwrap();
        assert_eq!((found.cols, found.rows, squares), (16, 16, 256));
        // The board's top edge lies at 277, its bottom at 490.
        assert!((found.y - 277.0).abs() < 4.0, "{found:?}");
        assert!(
            (found.y + 16.0 * found.pitch_y - 490.0).abs() < 4.0,
            "{found:?}"
        );
    }

    #[test]
    fn a_board_is_fitted_from_any_square_where_its_first_reaches_too_few() {
        // GNOME Mines' 8x8 board at 63 px on a busy desktop: a desktop block of about a
        // tile's size a pitch and a half left of its corner tile, linked to it but off its
        // lattice, first among the component's members.
        let (pitch, size) = (63.0, 57.0);
        let mut squares = vec![Square {
            cx: 535.5 - 1.5 * pitch,
            cy: 231.5,
            size: 60.0,
        }];
        for j in 0..8 {
            for i in 0..8 {
                squares.push(Square {
                    cx: 535.5 + pitch * f64::from(i),
                    cy: 231.5 + pitch * f64::from(j),
                    size,
                });
            }
        }
        let links = link_neighbours(&squares);
        let members: Vec<usize> = (0..squares.len()).collect();
        assert!(fit_lattice(&squares, &members, &links, false).is_none());
        let (grid, count) = fit_lattice(&squares, &members, &links, true).expect("the board");
        assert_eq!((grid.cols, grid.rows, count), (8, 8, 64));
        assert!((grid.pitch_x - pitch).abs() < 0.01, "{grid:?}");
        assert!((grid.x - 504.0).abs() < 0.01, "{grid:?}");
    }

    #[test]
    fn a_stray_square_lines_away_from_the_board_is_dropped() {
        // A 16x16 board of squares at lattice (20..36, 20..36), and one icon on the lattice at
        // (0, 0), twenty empty lines up and to the left: the board alone is kept.
        let mut placed: Vec<(usize, i64, i64)> = (0..256)
            .map(|k| (k, 20 + (k % 16) as i64, 20 + (k / 16) as i64))
            .collect();
        placed.push((256, 0, 0));
        trim_stray_edges(&mut placed);
        assert_eq!(placed.len(), 256);
        assert_eq!(span(&placed), Some((16, 16)));
    }

    #[test]
    fn an_open_region_is_part_of_its_board_and_a_new_board_is_not() {
        let board = grid(727.0, 347.0, 50.0, 8, 8);
        // The xbomb soak's case: the open top-left 6x5 found alone.
        assert!(grid(727.0, 347.0, 50.0, 5, 6).is_part_of(&board));
        assert!(grid(827.5, 446.0, 50.2, 3, 4).is_part_of(&board));
        // Not the same board: itself, off the lattice, another pitch, reaching out of it, bigger.
        assert!(!board.is_part_of(&board));
        assert!(!grid(752.0, 347.0, 50.0, 5, 6).is_part_of(&board));
        assert!(!grid(727.0, 347.0, 40.0, 5, 6).is_part_of(&board));
        assert!(!grid(877.0, 347.0, 50.0, 5, 6).is_part_of(&board));
        assert!(!grid(727.0, 347.0, 50.0, 9, 8).is_part_of(&board));
    }
}
