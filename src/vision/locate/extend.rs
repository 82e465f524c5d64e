//! Growing a found grid over the rows and columns its squares missed. The grid finder sees tiles
//! as flat squares; a line of tiles with no flat face (hatched or pictured covered tiles) or with
//! no edges between them (a wide open region drawn as one flat area) gives it none, so such a
//! line at the board's edge is left out. A line beside the grid whose every cell shows a look
//! the board already has (as drawn, or its marks under another light, where the board lies on
//! a gradient) is part of the board: the window around a board never repeats its tiles. A long
//! line may hold a few looks not seen before (the board's first flag).

use super::grid::{Grid, Rect};
use crate::vision::lines::Lines;
use crate::vision::tiles::{mean_difference, sample_cell, TileImage, TILE, TILE_BYTES};
use image::RgbImage;

/// Mean difference (0-255 per channel) up to which a cell shows a look the board has, compared
/// at a quarter of the tile's resolution: a fine texture (stripes, stipple) lands on each tile
/// at another phase, and only its average colour is the same.
const SAME_LOOK: f64 = 10.0;
/// Mean difference (0-255 per channel) up to which a cell shows a plain look the board has,
/// compared sample for sample: the same tile drawn again (JPEG noise, a pixel's rounding at a
/// fractional pitch) differs by a few levels; a strip of window the colour of the tiles' faces,
/// crossed by the board's border, by more.
const SAME_SAMPLES: f64 = 6.0;
/// The side of the blocks a tile is averaged over before comparing.
const BLOCK: usize = 4;
const COARSE: usize = TILE / BLOCK;

/// A cell averaged over a `COARSE`-square grid of blocks.
type Coarse = [f32; COARSE * COARSE * 3];
/// Mean difference (0-255 per channel) of a tile from its own block averages from which it is
/// textured (a stipple, hatching): only then may a cell match it at the coarse resolution. A
/// plain face with bevels or grid lines is not, and a cell must match it sample for sample, or
/// a strip of window or page beside a board (a flat grey like its tiles' faces, without their
/// bevels) would pass for a line of tiles.
const TEXTURED: f64 = 10.0;
/// How textured a cell must be to show a textured look: the same texture at another phase
/// loses some of its measure to the blocks it straddles, but not most of it; a flat cell has
/// none.
const STILL_TEXTURED: f64 = TEXTURED / 2.0;

/// How a cell shows a look ([`Look::shown_by`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shown {
    /// As the look is drawn (sample for sample, or a texture block for block).
    AsDrawn,
    /// With the same marks at the same samples, under another light.
    LitOtherwise,
}

/// One look the board has: the cell sampled as the classifier sees it, its block averages, and
/// how textured it is.
struct Look {
    tile: TileImage,
    coarse: Coarse,
    texture: f64,
    contrast: i32,
    /// The contrast inside the border ([`inner_contrast`]): a symbol's, on a look with one.
    inner_contrast: i32,
    edges: Edges,
}

impl Look {
    fn of(image: &RgbImage, cell: (f64, f64, f64, f64)) -> Look {
        Look::sampled(sample_cell(image, cell))
    }

    fn sampled(tile: TileImage) -> Look {
        let coarse = coarse_of(&tile);
        let texture = texture(&tile, &coarse);
        let contrast = contrast(&tile);
        let inner_contrast = inner_contrast(&tile);
        let edges = edges(&tile);
        Look {
            tile,
            coarse,
            texture,
            contrast,
            inner_contrast,
            edges,
        }
    }

    fn textured(&self) -> bool {
        self.texture > TEXTURED
    }

    /// How `cell` shows this look, if it does: sample for sample, or for a textured look, block
    /// for block (its texture lands on each tile at another phase), where the cell is textured
    /// too. A texture at another phase is still a texture; a flat cell whose block averages
    /// happen to match (a strip of dark page beside a dark board, against an open tile whose
    /// light border and digit together cross every block, which the test takes for a texture)
    /// is not that look. Nor is a plain cell a look with a symbol on it, however small the
    /// symbol (a thin "1" on a dark page differs from the bare page by a few levels over the
    /// whole tile: the emoji clone's Expert board in Chromium's forced dark grew a column over
    /// the page). A plain look's marks lit otherwise count too ([`Look::lit_otherwise`]).
    fn shown_by(&self, cell: &Look) -> Option<Shown> {
        // Block averages differ by no more than the samples do, so the cheap coarse test comes
        // first and rules out most cells.
        if distance(&self.coarse, &cell.coarse) > SAME_LOOK {
            None
        } else if self.textured() {
            (cell.texture > STILL_TEXTURED).then_some(Shown::AsDrawn)
        } else if mean_difference(&self.tile, &cell.tile) <= SAME_SAMPLES
            && !(self.contrast >= SYMBOL && cell.contrast < PLAIN)
        {
            Some(Shown::AsDrawn)
        } else {
            self.lit_otherwise(cell).then_some(Shown::LitOtherwise)
        }
    }

    /// Whether `cell` shows this look's symbol inside its border ([`BORDER`] samples each side
    /// left out, shifted by up to a sample: [`alike_inside`]), both with a symbol there. An
    /// open tile's border is drawn by its neighbours:
    /// winemine under Wine draws a solid line between an open tile and a covered one, a dotted
    /// one between two open tiles, and the board's frame instead of a line along its first
    /// row; its first row, a "1", three 0s, a "1", a covered tile and a "1" between two covered
    /// ones, showed two digits the outer lines showed nowhere with those borders, and the grid
    /// stopped a row short: a board read without its first row, whose numbers along the cut
    /// count mines out of the picture, gave a safe call on a mine. Symbols only: a plain face
    /// cut to its inside is any flat strip of page.
    fn shown_inside(&self, cell: &Look) -> bool {
        self.inner_contrast >= SYMBOL
            && cell.inner_contrast >= SYMBOL
            && alike_inside(&self.tile, &cell.tile, SAME_SAMPLES)
    }

    /// Whether `cell` shows this plain look inside its border ([`alike_inside`]), both plain
    /// there, the look with lines or bevels along its border and the cell with marks of its own
    /// ([`MARKED`]): winemine's open 0s along the board's frame, which lack the line above
    /// them (a first row "1", a covered tile, a "1" and six 0s was left off, the covered tile
    /// with it). Alone this says little (the inside of an empty tile is any flat page, and a
    /// strip of page has no marks, but a grid line of the board's may cross it): a line is
    /// board by such cells only where it also shows a look more than one of its tiles show, and
    /// the board's symbols or, in the cell, an edge between one tile and the next
    /// ([`line_matches`]).
    fn plain_inside(&self, cell: &Look) -> bool {
        self.contrast >= MARKED
            && cell.contrast >= MARKED
            && self.inner_contrast < PLAIN
            && cell.inner_contrast < PLAIN
            && !self.textured()
            && alike_inside(&self.tile, &cell.tile, SAME_SAMPLES)
    }

    /// Whether `cell` shows this look's marks at the same places, only lit a few levels
    /// brighter or darker all over: a board drawn over a gradient (KMines at 17 px shades its
    /// open tiles from 191 at the top to the 170s lower down, and a top row of empty tiles
    /// differed from the empty tiles the grid's outer lines held by 7.5 levels, so the grid
    /// stopped a row short). The look must have marks (a flat look has nothing to be lit
    /// otherwise, and a flat strip of page a few levels off a flat face is page), the cell must
    /// show them as strongly, at the same samples ([`SAME_MARKS`]), and with edges both ways
    /// where the look has them ([`Edges`]): a strip of the page beside a board, lighter than its
    /// covered tiles, whose cells start with the board's last grid line, has that line's marks
    /// and no others ("Modern Minesweeper" in its dark theme at 41 px grew a column over its
    /// panel). The coarse test before this one bounds how far the light may differ.
    fn lit_otherwise(&self, cell: &Look) -> bool {
        self.contrast >= MARKED
            && 2 * cell.contrast >= self.contrast
            && cell.contrast <= 2 * self.contrast
            && (0..2).all(|across| cell.edges[across] >= EDGES_KEPT * self.edges[across])
            && {
                let (apart, correlation) = marks_compared(&self.tile, &cell.tile);
                apart <= MARKS_APART && correlation >= SAME_MARKS
            }
    }
}

/// The contrast ([`contrast`]) from which a look has marks to be told by: a face's one-pixel
/// grid lines a few levels off it reach about 25.
const MARKED: i32 = 15;
/// The correlation of two tiles' samples about their own means ([`marks_compared`]) from which
/// they show the same marks: a line a sample away from where the look has it, or a digit where
/// the look has lines, correlates far less.
const SAME_MARKS: f64 = 0.5;
/// Mean difference (0-255 per channel) of two tiles' levels about their own means up to which
/// their marks are the same: half of [`SAME_SAMPLES`], as the light no longer counts.
const MARKS_APART: f64 = SAME_SAMPLES / 2.0;

/// How two sampled tiles' marks compare whatever the light over them, each tile's levels taken
/// about its own mean per channel: their mean absolute difference (0-255 per channel), and
/// their correlation (-1 to 1: how much the marks lie at the same samples).
fn marks_compared(a: &TileImage, b: &TileImage) -> (f64, f64) {
    let mean = |t: &TileImage| {
        let mut sum = [0f64; 3];
        for pixel in t.chunks_exact(3) {
            (0..3).for_each(|c| sum[c] += f64::from(pixel[c]));
        }
        sum.map(|s| s / (TILE * TILE) as f64)
    };
    let (mean_a, mean_b) = (mean(a), mean(b));
    let (mut apart, mut ab, mut aa, mut bb) = (0f64, 0f64, 0f64, 0f64);
    for (pa, pb) in a.chunks_exact(3).zip(b.chunks_exact(3)) {
        for c in 0..3 {
            let (x, y) = (f64::from(pa[c]) - mean_a[c], f64::from(pb[c]) - mean_b[c]);
            apart += (x - y).abs();
            ab += x * y;
            aa += x * x;
            bb += y * y;
        }
    }
    let correlation = if aa == 0.0 || bb == 0.0 {
        0.0
    } else {
        ab / (aa * bb).sqrt()
    };
    (apart / TILE_BYTES as f64, correlation)
}

/// Channel differences summed (0-765) from a tile's mean colour ([`contrast`]) that some sample
/// of a look with a symbol on it (a digit, a flag) reaches.
const SYMBOL: i32 = 120;
/// The contrast under which a cell is plain: a page's flat colour, or a face without a mark.
const PLAIN: i32 = 30;

/// How strongly a sampled tile's columns and its rows differ from each other: the range of the
/// mean level (0-255, channels averaged) of its sample columns, and of its sample rows. A tile's
/// bevels, frame or grid lines make both large; a strip of page crossed by one horizontal line
/// has a large row range and no column range.
type Edges = [f64; 2];

/// The range of columns or rows from which a look has edges across that way.
const EDGED: f64 = 20.0;
/// The share of the looks' range that some cell of a line of tiles keeps: the same tile at
/// another fractional phase blurs its one-pixel lines over two samples, but not to half.
const EDGES_KEPT: f64 = 0.5;

/// The [`Edges`] of a sampled tile.
fn edges(tile: &TileImage) -> Edges {
    let mut columns = [0f64; TILE];
    let mut rows = [0f64; TILE];
    for (i, pixel) in tile.chunks_exact(3).enumerate() {
        let level: f64 = pixel.iter().map(|&c| f64::from(c)).sum::<f64>() / 3.0;
        columns[i % TILE] += level;
        rows[i / TILE] += level;
    }
    let range = |sums: &[f64; TILE]| {
        let (low, high) = (sums.iter()).fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &v| {
            (l.min(v), h.max(v))
        });
        (high - low) / TILE as f64
    };
    [range(&columns), range(&rows)]
}

/// Lines added at most on each side: a board the finder saw less than half of is not grown.
const MAX_GROWTH: usize = 40;
/// How many of the grid's outer lines give the looks a line beside it is compared with.
const RING: usize = 2;
/// Distinct looks compared at most (a board has a few dozen; noise makes more).
const MAX_LOOKS: usize = 256;

/// `grid` grown by every line beside it, inside `area`, whose cells all show looks the cells of
/// the grid's outer lines show.
pub fn extend(image: &RgbImage, area: Rect, grid: Grid) -> Grid {
    // Each look of the grid's outer lines with how many of their cells show it. A line beside
    // the board continues them. A look shown only inside would let the grid grow over the page:
    // "Modern Minesweeper" at 80% writes "Game Over" in a white box over the board's middle,
    // and the strip of white card below the board showed that look (until 2026-11-29 every
    // cell counted on a board of under 300,000 pixels; above that, reading every cell cost
    // more than the rest of the grid search).
    let mut looks: Known = Vec::new();
    for row in 0..grid.rows {
        for col in 0..grid.cols {
            let inner = |i: usize, n: usize| i >= RING && i + RING < n;
            if inner(row, grid.rows) && inner(col, grid.cols) {
                continue;
            }
            let look = Look::of(image, grid.cell(row, col));
            match looks.iter().position(|(l, _)| l.shown_by(&look).is_some()) {
                Some(known) => looks[known].1 += 1,
                None if looks.len() < MAX_LOOKS => looks.push((look, 1)),
                None => {}
            }
        }
    }
    let mut grid = grid;
    let mut strays = outer_strays(image, &grid);
    let mut grown = [0usize; 4];
    loop {
        let mut changed = false;
        for (side, lines) in grown.iter_mut().enumerate() {
            if *lines >= MAX_GROWTH {
                continue;
            }
            let candidate = beside(grid, side);
            let sampled = moved_across(candidate, side, strays[side]);
            if inside(area, &candidate) && line_matches(image, &sampled, side, &looks) {
                tracing::trace!(
                    side,
                    x = candidate.x,
                    y = candidate.y,
                    "grew the grid a line"
                );
                grid = candidate;
                strays = outer_strays(image, &grid);
                *lines += 1;
                changed = true;
            }
        }
        if !changed {
            return grid;
        }
    }
}

/// How far, in pixels, each outer line of `grid` (top, bottom, left, right, as the sides of
/// [`beside`]) lies from where its pitch puts it, as the tiles' edges place it
/// (`Lines::aligned`, against the lines rounded from the pitch: 0 where they agree).
///
/// A line beside the grid is sampled that far off too. A page that lays its tiles at several
/// widths (winmine.html at 99%: rows and columns 15 to 18 px across one board) strays from the
/// pitch fitted to the squares found by up to 5 px at the board's edges, and the last row,
/// sampled on the pitch, showed no look of the board: the grid stopped a row short, and the
/// numbers along the cut counted mines out of the picture. Not a few pixels either way at
/// random: a strip beside the board compared off its place now and then matches a look
/// (winmine's frame under its counters, as a covered tile at 125%). The line joins the grid at
/// its place on the pitch, and the sampling moves it onto the tiles' edges as it moves the
/// others.
fn outer_strays(image: &RgbImage, grid: &Grid) -> [f64; 4] {
    let on_pitch = Lines::rounded(grid);
    let on_edges = Lines::aligned(image, grid);
    let (rows, cols) = (grid.rows, grid.cols);
    [
        on_edges.ys[0] - on_pitch.ys[0],
        on_edges.ys[rows] - on_pitch.ys[rows],
        on_edges.xs[0] - on_pitch.xs[0],
        on_edges.xs[cols] - on_pitch.xs[cols],
    ]
}

/// `grid` moved by `stray` pixels across the line on `side`.
fn moved_across(grid: Grid, side: usize, stray: f64) -> Grid {
    let mut out = grid;
    if side < 2 {
        out.y += stray;
    } else {
        out.x += stray;
    }
    out
}

/// `grid` with one more line on `side` (0 top, 1 bottom, 2 left, 3 right).
fn beside(grid: Grid, side: usize) -> Grid {
    let mut out = grid;
    match side {
        0 => {
            out.y -= grid.pitch_y;
            out.rows += 1;
        }
        1 => out.rows += 1,
        2 => {
            out.x -= grid.pitch_x;
            out.cols += 1;
        }
        _ => out.cols += 1,
    }
    out
}

fn inside(area: Rect, grid: &Grid) -> bool {
    // Half a pixel of slack: a board flush with the area's edge ends on a fractional pixel.
    grid.x >= f64::from(area.x) - 0.5
        && grid.y >= f64::from(area.y) - 0.5
        && grid.x + grid.cols as f64 * grid.pitch_x <= f64::from(area.x + area.width) + 0.5
        && grid.y + grid.rows as f64 * grid.pitch_y <= f64::from(area.y + area.height) + 0.5
}

/// A line may hold one look in this many cells that the board has not shown yet (the first
/// flag, a digit seen nowhere else, or a known one where a zoomed-out page drew the grid line
/// on the other side of it): the rest of the line still says it is board.
const CELLS_PER_NEW: usize = 8;

/// The looks a board shows, each with how many of its cells show it.
type Known = Vec<(Look, usize)>;

/// Whether the cells of `grid`'s line on `side` show `looks`: all but one in
/// [`CELLS_PER_NEW`] (every cell, on a line shorter than that). Or, where most of the line
/// shows known looks, its other cells show no more new looks than that, however many cells
/// show them: the first open region of a board reaching a line the grid has not grown over
/// yet (four empty open tiles in a row) is one new look, and a grid that stopped short of it
/// would read a board cut off, whose numbers along the cut count mines out of the picture.
/// The same where fewer than half its cells show known looks but [`SYMBOLS_SHOWN`] of those
/// show symbols (the board's digits and flags, which no page strip repeats at the board's
/// pitch): KMines at 17 px with a top row of five empty tiles, a "1", a "2", a "1" and a
/// covered tile was read a row short, and its calls fell on the wrong tiles.
/// Where it shows [`SYMBOLS_SHOWN`] symbols, a quarter of its cells may show looks new to the
/// board, each of its own ([`NEW_WITH_SYMBOLS`]). A cell showing a look's symbol inside a border
/// of its own is that look, and a symbol ([`Look::shown_inside`]): a first row against the
/// board's frame, or a digit between covered tiles where the outer lines show it between open
/// ones.
/// And some cell of the line shows a look that more than one tile of the board shows: the
/// tile under the pointer is the only one of its look, and where a dark theme lights it to
/// the colour of the page around the board, a strip of that page would pass for a line of lit
/// tiles. A look's marks lit otherwise count as a common look (that page strip has none of
/// them), and so does a look's symbol shown inside a border of its own where more than one
/// tile shows the look: a first column against winemine's frame, seven 0s, a "1" and a
/// covered tile, none bordered as the outer lines' tiles are, was left off, and a board cut a
/// column short is refused as impossible or, where its numbers hold without the column,
/// advised wrongly. (Digits at a fractional pitch are each a look of their own, so looks shown
/// once still count as known.) And where the looks it shows have edges between one tile and
/// the next, some cell of the line has them too ([`no_edges_across`]).
fn line_matches(image: &RgbImage, grid: &Grid, side: usize, looks: &Known) -> bool {
    let cells: Vec<(usize, usize)> = match side {
        0 => (0..grid.cols).map(|c| (0, c)).collect(),
        1 => (0..grid.cols).map(|c| (grid.rows - 1, c)).collect(),
        2 => (0..grid.rows).map(|r| (r, 0)).collect(),
        _ => (0..grid.rows).map(|r| (r, grid.cols - 1)).collect(),
    };
    let allowed = cells.len() / CELLS_PER_NEW;
    let mut new_looks: Vec<Look> = Vec::new();
    let mut new_cells = 0;
    let mut symbols = 0;
    let mut plain_inside = Vec::new();
    let mut common = false;
    // Counts a cell showing no known look; false once the line holds too many new looks to be
    // board. New cells are told apart only block for block: one open look with the grid's
    // hairline drawn on either side of it (a zoomed-out page) is one look.
    let new_cell = |cell: Look, new_cells: &mut usize, new_looks: &mut Vec<Look>| {
        *new_cells += 1;
        if !(new_looks.iter()).any(|l| distance(&l.coarse, &cell.coarse) <= SAME_LOOK) {
            new_looks.push(cell);
        }
        new_looks.len() <= allowed.max(cells.len() / NEW_WITH_SYMBOLS)
    };
    // The edges across the line (between one tile and the next along it) of its cells and of
    // the looks they show: the columns' range for a row, the rows' range for a column.
    let across = usize::from(side >= 2);
    let (mut cells_edged, mut looks_edged) = (0f64, 0f64);
    for &(row, col) in &cells {
        let cell = Look::of(image, grid.cell(row, col));
        cells_edged = cells_edged.max(cell.edges[across]);
        // The first look that shows the cell, or, until the line has shown a common look, the
        // first common one that does.
        let mut known = false;
        for (look, shown) in looks {
            if let Some(how) = look.shown_by(&cell) {
                if !known && look.contrast >= SYMBOL {
                    symbols += 1;
                }
                known = true;
                looks_edged = looks_edged.max(look.edges[across]);
                if common || *shown >= 2 || how == Shown::LitOtherwise {
                    common = true;
                    break;
                }
            }
        }
        if !known {
            // A symbol shown inside a border of its own; a look more than one tile shows makes
            // the line common as a look shown as drawn does (a strip of page shows none of the
            // board's symbols at its pitch).
            let mut inside = looks.iter().filter(|(look, _)| look.shown_inside(&cell));
            if let Some((look, shown)) = inside.next() {
                symbols += 1;
                known = true;
                // Edges count as the look's where it shows only inside: a strip of panel
                // crossed by a line showed the line a board's last row holds inside its tiles
                // (winmine.html at 125%, the frame below the counters).
                looks_edged = looks_edged.max(look.edges[across]);
                common |= *shown >= 2 || inside.any(|(_, shown)| *shown >= 2);
            }
        }
        if known {
            continue;
        }
        if looks.iter().any(|(look, _)| look.plain_inside(&cell)) {
            plain_inside.push(cell);
            continue;
        }
        tracing::trace!(side, row, col, "a look not seen on the board yet");
        if !new_cell(cell, &mut new_cells, &mut new_looks) {
            return false;
        }
    }
    // Plain faces shown inside borders of their own are board on a line that shows the board's
    // symbols and a common look ([`Look::plain_inside`]), and on a line that shows a common
    // look where an edge between one tile and the next crosses them: "Modern Minesweeper" at
    // 22.5 px draws its covered tiles' one-pixel lines between every other row and column only,
    // and a row of covered tiles without the line the outer rows had above them was a new look
    // at every tile; the grid stopped four rows short and the board was refused as cut. A
    // strip of page crossed by the board's last line has no edge across it. Else they are new
    // looks.
    if !(common && symbols > 0) {
        for cell in plain_inside {
            if common && cell.edges[across] >= EDGED {
                tracing::trace!(side, "a plain face crossed by a tile's edge along the line");
                continue;
            }
            if !new_cell(cell, &mut new_cells, &mut new_looks) {
                return false;
            }
        }
    }
    tracing::trace!(
        side,
        new_cells,
        new_looks = new_looks.len(),
        common,
        "line compared"
    );
    // Looks new to the board, each on a cell of its own, are few, or the line says it is board
    // by the board's own symbols.
    let few_new = new_looks.len() <= allowed
        || (symbols >= SYMBOLS_SHOWN && NEW_WITH_SYMBOLS * new_cells <= cells.len());
    common
        && few_new
        && (new_cells <= allowed || 2 * new_cells <= cells.len() || symbols >= SYMBOLS_SHOWN)
        && !no_edges_across(looks_edged, cells_edged)
}

/// Where a line shows [`SYMBOLS_SHOWN`] of the board's symbols, one cell in this many may show a
/// look of its own new to the board: a lost game's first row at 17 px in KMines, "001!1001F",
/// shows the exploded mine and a flag, two looks its outer lines did not, where a line of nine
/// may hold one ([`CELLS_PER_NEW`]); it was left out and the board read a row short.
const NEW_WITH_SYMBOLS: usize = 4;

/// How many cells of a line must show known looks with symbols on them for the line to be
/// board however many of its other cells show a new look ([`line_matches`]).
const SYMBOLS_SHOWN: usize = 3;

/// Whether a line whose cells show looks with edges across it up to `looks_edged` (a tile's
/// bevels or frame, between one tile and the next) is a strip crossed by no such edge, its
/// cells' edges across it reaching only `cells_edged`. react-minesweeper's header panel, at
/// 28 px in Chromium's dark mode, ends in a light line one tile above its board; the strip
/// between the two, the covered tiles' grey crossed by that line, came within 5.4 levels of a
/// covered tile sample for sample (the bevels are a few samples of the sixteen), and the grid
/// grew a row over it. Cell by cell the test would not do: where a zoomed-out page draws the
/// grid's one-pixel lines now and then (the flat clone at 67%), a row of tiles may lose its
/// line along it, or between two of its tiles, but never every line between its tiles.
fn no_edges_across(looks_edged: f64, cells_edged: f64) -> bool {
    looks_edged >= EDGED && cells_edged < EDGES_KEPT * looks_edged
}

/// A sampled cell (every pixel counted, so one-pixel grid lines and fine textures count as they
/// are) averaged over `COARSE`-square blocks.
fn coarse_of(tile: &TileImage) -> Coarse {
    let mut out = [0f32; COARSE * COARSE * 3];
    for y in 0..TILE {
        for x in 0..TILE {
            for c in 0..3 {
                out[((y / BLOCK) * COARSE + x / BLOCK) * 3 + c] +=
                    f32::from(tile[(y * TILE + x) * 3 + c]);
            }
        }
    }
    let cells = (BLOCK * BLOCK) as f32;
    out.iter_mut().for_each(|v| *v /= cells);
    out
}

/// How textured `tile` is: the least, over its blocks, of the mean difference of a block's
/// samples from its average (`coarse`). Every block: bevels and grid lines lie on the edge and
/// leave the middle flat, a digit or a flag crosses the middle and leaves the corners flat, a
/// texture covers them all.
fn texture(tile: &TileImage, coarse: &Coarse) -> f64 {
    let mut least = f64::INFINITY;
    for by in 0..COARSE {
        for bx in 0..COARSE {
            let mut sum = 0f32;
            for y in by * BLOCK..(by + 1) * BLOCK {
                for x in bx * BLOCK..(bx + 1) * BLOCK {
                    for c in 0..3 {
                        let block = coarse[(by * COARSE + bx) * 3 + c];
                        sum += (f32::from(tile[(y * TILE + x) * 3 + c]) - block).abs();
                    }
                }
            }
            least = least.min(f64::from(sum) / (BLOCK * BLOCK * 3) as f64);
        }
    }
    least
}

/// How far (channel differences summed) the sample of `tile` farthest from its mean colour lies.
fn contrast(tile: &TileImage) -> i32 {
    contrast_of(|| tile.chunks_exact(3))
}

/// [`contrast`] inside the tile's [`BORDER`].
fn inner_contrast(tile: &TileImage) -> i32 {
    contrast_of(|| inside_samples(tile))
}

/// How far the sample farthest from the samples' mean colour lies, `samples` giving them anew
/// for each of the two passes.
fn contrast_of<'a, I: Iterator<Item = &'a [u8]>>(samples: impl Fn() -> I) -> i32 {
    let (mut sum, mut count) = ([0u32; 3], 0u32);
    for pixel in samples() {
        for c in 0..3 {
            sum[c] += u32::from(pixel[c]);
        }
        count += 1;
    }
    let mean = sum.map(|s| (s / count.max(1)) as i32);
    samples()
        .map(|p| (0..3).map(|c| (i32::from(p[c]) - mean[c]).abs()).sum())
        .max()
        .unwrap_or(0)
}

/// Samples along each side of a cell that [`Look::shown_inside`] leaves out: the grid line and
/// bevel an open tile's neighbours decide (a one-pixel line falls on one sample, or across two).
const BORDER: usize = 2;

/// The samples of a tile inside its [`BORDER`].
fn inside_samples(tile: &TileImage) -> impl Iterator<Item = &[u8]> {
    (BORDER..TILE - BORDER).flat_map(move |y| {
        tile[(y * TILE + BORDER) * 3..(y * TILE + TILE - BORDER) * 3].chunks_exact(3)
    })
}

/// Whether two sampled tiles differ inside their [`BORDER`] by `most` (0-255 per channel) on
/// average at most, at the best of the shifts of one sample each way (a fractional pitch moves
/// a digit by up to a sample from tile to tile). Each shift stops once past `most`: most pairs
/// compared are two different looks.
fn alike_inside(a: &TileImage, b: &TileImage, most: f64) -> bool {
    let side = TILE - 2 * BORDER;
    let limit = (most * (side * side * 3) as f64) as u32;
    let shifted = |dx: usize, dy: usize| {
        let mut sum = 0u32;
        for y in BORDER..TILE - BORDER {
            let (row, shifted_row) = (y * TILE, (y + dy - 1) * TILE);
            for x in BORDER..TILE - BORDER {
                let (i, j) = ((row + x) * 3, (shifted_row + x + dx - 1) * 3);
                sum += (0..3)
                    .map(|c| u32::from(a[i + c].abs_diff(b[j + c])))
                    .sum::<u32>();
            }
            if sum > limit {
                return false;
            }
        }
        true
    };
    (0..3).any(|dy| (0..3).any(|dx| shifted(dx, dy)))
}

fn distance(a: &Coarse, b: &Coarse) -> f64 {
    let sum: f32 = a.iter().zip(b).map(|(x, y)| (x - y).abs()).sum();
    f64::from(sum) / a.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::testing::{fitted_across, raised_12px};
    use image::Rgb;

    /// A 6x4 board of 10-px tiles at (20, 20) on a blue window: tiles alternate two greys in a
    /// pattern that repeats, with one-pixel dark lines between them.
    fn board() -> RgbImage {
        board_on([20, 40, 160], [60; 3], |col, row, _, _| checker(col, row))
    }

    /// The two greys the test boards' tiles alternate in.
    fn checker(col: u32, row: u32) -> [u8; 3] {
        [if (col + row) % 2 == 0 { 200 } else { 150 }; 3]
    }

    #[test]
    fn grows_over_lines_of_known_looks_and_stops_at_the_window() {
        // The finder saw only the middle 2x2 tiles.
        let seen = Grid {
            x: 40.0,
            y: 30.0,
            pitch_x: 10.0,
            pitch_y: 10.0,
            rows: 2,
            cols: 2,
        };
        let area = Rect {
            x: 0,
            y: 0,
            width: 120,
            height: 100,
        };
        let grown = extend(&board(), area, seen);
        assert_eq!(
            (grown.x, grown.y, grown.cols, grown.rows),
            (20.0, 20.0, 6, 4)
        );
    }

    #[test]
    fn grows_over_a_line_where_an_open_region_starts() {
        // 16x6 tiles of 10 px: the grey checker pattern, but for the last row, where five tiles
        // are open in one look the rows above never show.
        let image = board_of(16, 6, [20, 40, 160], [60; 3], |col, row, _, _| {
            if row == 5 && (6..11).contains(&col) {
                [35; 3]
            } else {
                checker(col, row)
            }
        });
        let seen = Grid {
            x: 20.0,
            y: 20.0,
            pitch_x: 10.0,
            pitch_y: 10.0,
            rows: 5,
            cols: 16,
        };
        let area = Rect::whole(200, 100);
        assert_eq!(extend(&image, area, seen).rows, 6);
    }

    /// A "digit" on a 10-px tile: a dark bar on a light face.
    fn digit(x: u32, y: u32) -> u8 {
        if (4..6).contains(&x) && (2..8).contains(&y) {
            0
        } else {
            220
        }
    }

    /// The grid of a 9x4 board of 10-px tiles at (20, 20) found without its first row.
    fn below_the_first_row() -> Grid {
        Grid {
            x: 20.0,
            y: 30.0,
            pitch_x: 10.0,
            pitch_y: 10.0,
            rows: 3,
            cols: 9,
        }
    }

    #[test]
    fn grows_over_a_line_of_few_known_looks_where_three_show_the_boards_digits() {
        // 9x4 tiles: the checker, with a "digit" (a dark bar on a light face) in three tiles
        // of the third row; the first row shows the same digits in three tiles, a covered
        // tile, and five open tiles of a look no other row shows (KMines' first row of 0s).
        let image = board_of(9, 4, [20, 40, 160], [60; 3], |col, row, x, y| {
            match (row, col) {
                (0 | 2, 1 | 3 | 4) => [digit(x, y); 3],
                (0, 2) => checker(col, row),
                (0, _) => [35; 3],
                _ => checker(col, row),
            }
        });
        let seen = below_the_first_row();
        let grown = extend(&image, Rect::whole(150, 100), seen);
        assert_eq!((grown.y, grown.rows), (20.0, 4));
    }

    /// 9x4 tiles: the checker, with a "digit" (a dark bar on a light face) in three tiles of
    /// the third row; the first row shows it in the columns `digits` (each beside a checker
    /// tile or a digit the third row shows), the checker elsewhere but
    /// for two looks no other row shows (a lost game's exploded mine and a flag), in columns 2
    /// and 8. The grid found lacks the first row.
    fn first_row_of_two_new_looks(digits: &[u32]) -> Grid {
        // Lines near the faces' greys: only the digits are symbols.
        let image = board_of(9, 4, [20, 40, 160], [175; 3], |col, row, x, y| {
            match (row, col) {
                (2, 1 | 3 | 4) => [digit(x, y); 3],
                (0, 2) => [35; 3],
                (0, 8) => [240, 200, 0],
                (0, c) if digits.contains(&c) => [digit(x, y); 3],
                _ => checker(col, row),
            }
        });
        let seen = below_the_first_row();
        extend(&image, Rect::whole(150, 100), seen)
    }

    #[test]
    fn a_line_of_two_new_looks_is_board_where_three_cells_show_the_boards_digits() {
        assert_eq!(first_row_of_two_new_looks(&[1, 3, 4]).rows, 4);
        assert_eq!(first_row_of_two_new_looks(&[1, 3]).rows, 3);
    }

    /// A 4x3 board of raised 12-px tiles (a face of 200 with light and dark bevels) inside a
    /// two-pixel dark frame, on a window of the faces' own grey.
    fn raised_board() -> RgbImage {
        RgbImage::from_fn(100, 90, |x, y| {
            let (bx, by) = (x as i32 - 26, y as i32 - 30);
            let inside = (0..48).contains(&bx) && (0..36).contains(&by);
            let frame = (-2..50).contains(&bx) && (-2..38).contains(&by);
            if !inside {
                return Rgb(if frame { [90; 3] } else { [200; 3] });
            }
            raised_12px(bx % 12, by % 12, 200)
        })
    }

    /// A 9x8 board of 10-px empty tiles on a blue page over a gradient: faces from 200 in the
    /// top row down by 8 levels a row, each tile edged by one-pixel lines 6 levels lighter than
    /// its face; the page above it from `page_top`, flat.
    fn gradient_board(page_top: Option<[u8; 3]>) -> RgbImage {
        RgbImage::from_fn(130, 120, |x, y| {
            let inside = (20..110).contains(&x) && (20..100).contains(&y);
            if !inside {
                return Rgb(match page_top {
                    Some(colour) if y < 20 && (20..110).contains(&x) => colour,
                    _ => [20, 40, 160],
                });
            }
            let (bx, by) = (x - 20, y - 20);
            let face = 200 - 8 * (by / 10) as u8;
            let edge = bx % 10 == 0 || by % 10 == 0;
            Rgb([if edge { face + 6 } else { face }; 3])
        })
    }

    #[test]
    fn grows_over_a_line_of_tiles_lit_otherwise_by_the_boards_gradient() {
        // The finder missed the top row: its empty tiles are 8 levels lighter than the row below,
        // more than the same look drawn again differs, but their lines lie where the looks'
        // lines do.
        let seen = Grid {
            x: 20.0,
            y: 30.0,
            pitch_x: 10.0,
            pitch_y: 10.0,
            rows: 7,
            cols: 9,
        };
        let grown = extend(&gradient_board(None), Rect::whole(130, 120), seen);
        assert_eq!((grown.y, grown.rows, grown.cols), (20.0, 8, 9));
    }

    #[test]
    fn a_flat_strip_lit_like_the_next_row_of_tiles_is_not_grown_over() {
        // Above the whole board, a strip of page flat at the face level a row up would have:
        // it has none of the tiles' lines.
        let whole = Grid {
            x: 20.0,
            y: 20.0,
            pitch_x: 10.0,
            pitch_y: 10.0,
            rows: 8,
            cols: 9,
        };
        let image = gradient_board(Some([208; 3]));
        assert_eq!(extend(&image, Rect::whole(130, 120), whole), whole);
    }

    #[test]
    fn a_strip_of_page_lit_otherwise_that_starts_with_the_boards_last_line_is_not_grown_over() {
        // 6x4 covered tiles (a face of 60 edged by a line of 90 on the left and a faint one of
        // 66 on top), the board closed by its last line on the right, and a page 8 levels
        // lighter than the faces beyond it: a cell there starts with that line, has no line
        // across it, and is otherwise the covered look lit otherwise.
        let image = RgbImage::from_fn(120, 80, |x, y| {
            let inside = (20..81).contains(&x) && (20..60).contains(&y);
            Rgb(if !inside {
                [68; 3]
            } else if x % 10 == 0 {
                [90; 3]
            } else if y % 10 == 0 {
                [66; 3]
            } else {
                [60; 3]
            })
        });
        let whole = whole_board();
        assert_eq!(extend(&image, Rect::whole(120, 80), whole), whole);
    }

    #[test]
    fn a_strip_of_window_the_faces_grey_is_not_grown_over() {
        let found = Grid {
            x: 26.0,
            y: 30.0,
            pitch_x: 12.0,
            pitch_y: 12.0,
            rows: 3,
            cols: 4,
        };
        let area = Rect {
            x: 0,
            y: 0,
            width: 100,
            height: 90,
        };
        assert_eq!(extend(&raised_board(), area, found), found);
    }

    #[test]
    fn a_box_over_the_board_does_not_make_the_page_around_it_board() {
        // 10x8 tiles of 10 px on a white page, with a white box over the middle 4x3 tiles (a
        // "Game Over" message): the page below the board shows the box's look, which no tile
        // of the board's outer lines shows.
        let white = [255; 3];
        let mut image = board_of(10, 8, white, [60; 3], |col, row, _, _| checker(col, row));
        for (x, y) in (50..90).flat_map(|x| (50..80).map(move |y| (x, y))) {
            image.put_pixel(x, y, Rgb(white));
        }
        let found = Grid {
            x: 20.0,
            y: 20.0,
            pitch_x: 10.0,
            pitch_y: 10.0,
            rows: 8,
            cols: 10,
        };
        assert_eq!(extend(&image, Rect::whole(160, 140), found), found);
    }

    /// Winemine under Wine: 9x4 tiles of 16 px at (16, 32) in a black frame, covered tiles
    /// ("C") green with a light edge along their top and left, open ones black with a white
    /// line there, a "1" a bold green bar; the first row (`first`) has the frame above its open
    /// tiles instead of that line ("c": a covered tile without its top edge). The grid found
    /// lacks the first row: the grid grown from it.
    fn first_row_against_the_frame(first: &[u8; 9]) -> Grid {
        let lower = [b"1C1001C10", b"01C100110", b"001C10001"];
        let image = RgbImage::from_fn(176, 112, |x, y| {
            let on_board = (16..160).contains(&x) && (32..96).contains(&y);
            if !on_board {
                return Rgb([0; 3]);
            }
            let (col, row) = ((x - 16) / 16, (y - 32) / 16);
            let (u, v) = ((x - 16) % 16, (y - 32) % 16);
            let shows = if row == 0 {
                first
            } else {
                lower[row as usize - 1]
            }[col as usize];
            let edge = u == 0 || (v == 0 && row > 0);
            match shows {
                b'C' if u == 0 || v == 0 => Rgb([120, 230, 120]),
                b'c' if edge => Rgb([120, 230, 120]),
                b'C' | b'c' => Rgb([0, 160, 0]),
                _ if edge => Rgb([255; 3]),
                b'1' if (6..10).contains(&u) && (2..14).contains(&v) => Rgb([0, 255, 0]),
                _ => Rgb([0; 3]),
            }
        });
        let found = Grid {
            x: 16.0,
            y: 48.0,
            pitch_x: 16.0,
            pitch_y: 16.0,
            rows: 3,
            cols: 9,
        };
        extend(&image, Rect::whole(176, 112), found)
    }

    /// Asserts that the grid found without the first row (`first`) grows over it.
    fn assert_grown_by_the_first_row(first: &[u8; 9]) {
        let grown = first_row_against_the_frame(first);
        assert_eq!(
            (grown.x, grown.y, grown.rows, grown.cols),
            (16.0, 32.0, 4, 9)
        );
    }

    #[test]
    fn a_first_row_against_the_frame_is_board_by_the_digits_inside_their_borders() {
        // "C1000C1C1": its 0s and its 1s are looks the rows below do not show.
        assert_grown_by_the_first_row(b"C1000C1C1");
    }

    #[test]
    fn a_first_row_of_0s_against_the_frame_is_board_beside_the_boards_digits() {
        // "1Cc000000": its 0s and a covered tile without its top edge are two plain looks the
        // rows below do not show, beside a digit and a covered tile of the board's.
        assert_grown_by_the_first_row(b"1Cc000000");
    }

    #[test]
    fn a_first_row_showing_the_boards_digits_only_inside_their_borders_is_board() {
        // "1c1000000": no cell shows a look of the rows below as drawn (a covered tile without
        // its top edge, 0s without the line above them), but the 1s inside their borders are
        // the look of the many 1s below.
        assert_grown_by_the_first_row(b"1c1000000");
    }

    #[test]
    fn a_strip_crossed_by_a_line_along_it_is_not_grown_over() {
        // 4x3 bevelled tiles of 32 px at (10, 50) on a panel of their face's grey, the panel
        // drawing a light line and a dark one along the strip above the board, 32 px apart,
        // as a tile's top and bottom bevels are: only the tiles' side bevels tell them apart.
        let bevel = |v: u32| match v {
            0 => 255,
            31 => 120,
            _ => 190,
        };
        assert_4x3_not_grown_over(|x, y| {
            let on_board = (10..138).contains(&x) && (50..146).contains(&y);
            if on_board {
                let (u, v) = ((x - 10) % 32, (y - 50) % 32);
                if u == 0 || v == 0 {
                    255
                } else if u == 31 || v == 31 {
                    120
                } else {
                    190
                }
            } else if (10..138).contains(&x) && (18..50).contains(&y) {
                bevel(y - 18)
            } else {
                190
            }
        });
    }

    #[test]
    fn a_strip_showing_a_line_inside_as_the_last_row_does_is_not_grown_over() {
        // 4x3 covered tiles of 32 px at (10, 50), bevelled 2 px light and dark, on a page of
        // their face's grey. The board's frame crosses its last row inside its tiles (a dark
        // line 8 px above their bottom edge, where a lattice fitted a little long puts it), and
        // the page above the board shows a dark line at the same height in each cell of the
        // strip there (a panel's edge): inside their borders the two are alike, but no edge
        // between one tile and the next crosses the strip. winmine.html at 125% grew a row
        // over its counters that way and read their red digits as mines.
        let line = |v: u32| (22..26).contains(&v);
        assert_4x3_not_grown_over(|x, y| {
            if (10..138).contains(&x) && (50..146).contains(&y) {
                let (u, v) = ((x - 10) % 32, (y - 50) % 32);
                if y >= 114 && line(v) {
                    60
                } else if u < 2 || v < 2 {
                    255
                } else if u >= 30 || v >= 30 {
                    120
                } else {
                    190
                }
            } else if (10..138).contains(&x) && (18..50).contains(&y) && line(y - 18) {
                60
            } else {
                190
            }
        });
    }

    /// Asserts that a 4x3 board of 32 px tiles at (10, 50), in a 148x166 grey image whose
    /// levels `level(x, y)` gives, is not grown.
    fn assert_4x3_not_grown_over(level: impl Fn(u32, u32) -> u8) {
        let image = RgbImage::from_fn(148, 166, |x, y| Rgb([level(x, y); 3]));
        let board = Grid {
            x: 10.0,
            y: 50.0,
            pitch_x: 32.0,
            pitch_y: 32.0,
            rows: 3,
            cols: 4,
        };
        assert_eq!(extend(&image, Rect::whole(148, 166), board), board);
    }

    /// A 6x4 board of 10-px tiles at (20, 20) on a page of `page`: `tile(col, row, x, y)` gives
    /// each pixel of a tile (x, y inside it), with one-pixel lines of `line` between tiles.
    fn board_on(
        page: [u8; 3],
        line: [u8; 3],
        tile: impl Fn(u32, u32, u32, u32) -> [u8; 3],
    ) -> RgbImage {
        board_of(6, 4, page, line, tile)
    }

    /// A `cols` x `rows` board drawn as [`board_on`] draws its 6x4 one, with 20 px of page on
    /// every side.
    fn board_of(
        cols: u32,
        rows: u32,
        page: [u8; 3],
        line: [u8; 3],
        tile: impl Fn(u32, u32, u32, u32) -> [u8; 3],
    ) -> RgbImage {
        let (right, bottom) = (20 + 10 * cols, 20 + 10 * rows);
        RgbImage::from_fn(right + 20, bottom + 20, |x, y| {
            let inside = (20..right).contains(&x) && (20..bottom).contains(&y);
            if !inside {
                return Rgb(page);
            }
            let (bx, by) = (x - 20, y - 20);
            if bx % 10 == 0 || by % 10 == 0 {
                return Rgb(line);
            }
            Rgb(tile(bx / 10, by / 10, bx % 10, by % 10))
        })
    }

    #[test]
    fn grows_over_a_last_column_that_strays_from_the_pitch() {
        // 14 columns, seven of 15 px, then seven of 18 (a page zoomed so that it rounds its
        // tiles apart), 4 rows of 20 px: each tile a grey face after a 3 px light gap, on the
        // light page (GNOME Mines' way). The finder saw the first 13 columns, at the pitch
        // fitted to their lines: the last column on that pitch begins 4 px left of its own,
        // and sampled there shows no look of the board.
        let widths = [15, 15, 15, 15, 15, 15, 15, 18, 18, 18, 18, 18, 18, 18];
        let mut lines = vec![30u32];
        for w in widths {
            lines.push(lines.last().unwrap() + w);
        }
        let end = *lines.last().unwrap();
        let image = RgbImage::from_fn(end + 30, 20 + 80 + 20, |x, y| {
            let board = (30..end).contains(&x) && (20..100).contains(&y);
            let gap = || lines.iter().any(|&l| (l..l + 3).contains(&x)) || (y - 20) % 20 < 3;
            Rgb(if board && !gap() { [185; 3] } else { [245; 3] })
        });
        let seen: Vec<f64> = lines[..14].iter().map(|&l| f64::from(l)).collect();
        let found = fitted_across(&seen, 4);
        let on_pitch = found.x + 13.0 * found.pitch_x;
        assert!(f64::from(lines[13]) - on_pitch >= 3.5, "{on_pitch}");
        let grown = extend(&image, Rect::whole(end + 30, 120), found);
        assert_eq!((grown.x, grown.cols, grown.rows), (found.x, 14, 4));
    }

    fn whole_board() -> Grid {
        Grid {
            x: 20.0,
            y: 20.0,
            pitch_x: 10.0,
            pitch_y: 10.0,
            rows: 4,
            cols: 6,
        }
    }

    #[test]
    fn a_strip_of_page_the_colour_of_the_one_lit_tile_is_not_grown_over() {
        // A dark theme: covered tiles of one dark blue, the page and the lines between tiles a
        // lighter one, and the tile under the pointer lit to the page's colour.
        let page = [52, 73, 94];
        let image = board_on(page, page, |col, row, _, _| {
            if (col, row) == (2, 1) {
                page
            } else {
                [44, 62, 80]
            }
        });
        let board = whole_board();
        assert_eq!(extend(&image, Rect::whole(120, 100), board), board);
    }

    #[test]
    fn a_plain_cell_is_not_a_look_with_a_thin_symbol() {
        use crate::vision::tiles::TILE_BYTES;
        // A thin purple "1" on a dark panel, a sample wide: the whole tile differs from the
        // page beside the panel by a few levels only.
        let mut one = [38u8; TILE_BYTES];
        for y in 5..TILE - 5 {
            one[(y * TILE + TILE / 2) * 3..][..3].copy_from_slice(&[200, 150, 230]);
        }
        let one = Look::sampled(one);
        let page = Look::sampled([37; TILE_BYTES]);
        assert!(mean_difference(&one.tile, &page.tile) <= SAME_SAMPLES);
        assert!(one.shown_by(&page).is_none());
        assert!(one.shown_by(&Look::sampled(one.tile)).is_some());
    }

    #[test]
    fn a_flat_cell_is_not_taken_for_a_texture_of_its_average_colour() {
        use crate::vision::tiles::TILE_BYTES;
        // A one-sample checker of 30 and 70, the same a sample over, and flat 50.
        let checker = |phase: usize| {
            let mut tile = [0u8; TILE_BYTES];
            for (i, v) in tile.iter_mut().enumerate() {
                let (x, y) = ((i / 3) % TILE, (i / 3) / TILE);
                *v = if (x + y + phase) % 2 == 0 { 30 } else { 70 };
            }
            Look::sampled(tile)
        };
        let textured = checker(0);
        assert!(textured.textured());
        assert!(textured.shown_by(&checker(1)).is_some());
        assert!(textured
            .shown_by(&Look::sampled([50; TILE_BYTES]))
            .is_none());
    }
}
