//! Finding the board in a screenshot, or taking the user's word for where it is: the first
//! stage of the vision layer, pixels → [`Grid`].

pub mod blobs;
mod clipped;
mod cut;
pub mod extend;
pub mod grid;
mod halves;
mod merged;
mod phase;
mod pitch;
mod several;
mod subpitch;
mod texture;

use crate::vision::VisionError;
use blobs::{find_blobs, Blob};
use clipped::clipped_side;
use cut::{cut_side, edge_strip_side, flush_side};
use extend::extend;
use grid::{
    fitted_lattices, fitted_lattices_from_any_square, largest, Grid, Rect, MAX_PITCH, MIN_PITCH,
};
use halves::halved;
use image::RgbImage;
use merged::merged_grid;
pub use phase::on_the_tiles_edges;
use pitch::refine_pitch;
use several::{overlap, second_board, small_board_beside};
use subpitch::subdivided;
use texture::textured_beside;

/// What the user told us about the board; both are optional.
#[derive(Clone, Copy, Debug, Default)]
pub struct Hints {
    /// The screen rectangle to search instead of the whole image (with `tile_width`: the board).
    pub region: Option<Rect>,
    /// The tile pitch in pixels.
    pub tile_width: Option<f64>,
}

/// Neighbouring pixels closer than this belong to one flat region on the first try: small enough
/// to split the squares of a checkerboard skin (their colours differ by about 8).
const FINE_TOLERANCE: u8 = 5;
/// The second try, for JPEG noise and dithered palettes that break flat faces apart.
const COARSE_TOLERANCE: u8 = 16;
/// The last try runs on a copy smoothed by a 2x2 box: a 1-pixel stipple or checker texture
/// (xbomb's covered tiles, 50% grey patterns of old X toolkits) averages to one flat colour
/// there, while edges stay sharp enough to split tiles apart.
const SMOOTH_TOLERANCE: u8 = 10;

/// Finds the tile grid in `image` (in image pixels).
pub fn locate(image: &RgbImage, hints: Hints) -> Result<Grid, VisionError> {
    if let Some(width) = hints.tile_width {
        if !(width.is_finite() && (MIN_PITCH * 0.5..=MAX_PITCH * 2.0).contains(&width)) {
            return Err(VisionError::BadOverride(format!(
                "--tile-width {width} is outside {}..{} pixels",
                MIN_PITCH * 0.5,
                MAX_PITCH * 2.0
            )));
        }
    }
    let area = match hints.region {
        Some(region) => check_region(image, region)?,
        None => Rect::whole(image.width(), image.height()),
    };
    if let (Some(_), Some(width)) = (hints.region, hints.tile_width) {
        return Ok(given_grid(area, width));
    }

    let mut best: Option<(Grid, usize)> = None;
    // Every lattice of the pass the best came from: another board in the picture is one.
    let mut lattices: Vec<(Grid, usize)> = Vec::new();
    // The best lattice's pitch as the edges of every region put it, where that differs: tried
    // if it lets the grid grow further than the squares' own (`pitch`).
    let mut refined: Option<Grid> = None;
    let complete = |found: &(Grid, usize)| found.1 * 10 >= found.0.rows * found.0.cols * 9;
    // Each pass's regions: the first pass's for a board of merged tiles where no lattice of
    // squares shows, and each walked again from any square where no lattice was found.
    let mut passes: Vec<Vec<Blob>> = Vec::new();
    for tolerance in [FINE_TOLERANCE, COARSE_TOLERANCE] {
        let blobs = find_blobs(image, area, tolerance);
        let fitted = fitted_lattices(&blobs, hints.tile_width);
        if let Some(found) = largest(&fitted) {
            if best.as_ref().is_none_or(|b| found.1 > b.1) {
                // The user's pitch stands. A grid found at a multiple of the tiles' pitch
                // (grid lines vanishing in a pattern) has the regions' edges between its
                // squares, or two faces in the quarters of its cells; otherwise a grid most of whose tiles stood out as squares has its
                // pitch from them.
                refined = hints
                    .tile_width
                    .is_none()
                    .then(|| {
                        subdivided(found.0, &blobs)
                            .or_else(|| halved(image, found.0))
                            .or_else(|| (!complete(&found)).then(|| refine_pitch(found.0, &blobs)))
                    })
                    .flatten()
                    .filter(|r| *r != found.0);
                best = Some(found);
                lattices = fitted;
            }
        }
        passes.push(blobs);
        // Most tiles stood out as squares: another try would only cost time.
        if best.as_ref().is_some_and(complete) {
            break;
        }
    }
    let fine_blobs: &[Blob] = passes.first().map(Vec::as_slice).unwrap_or(&[]);
    // A complete grid can still be only the open region of a board whose covered tiles are
    // textured (xbomb's stipple): the cells around it tell.
    let finished =
        |found: &(Grid, usize)| complete(found) && !textured_beside(image, area, &found.0);
    if !best.as_ref().is_some_and(finished) {
        // Textured faces: only the open tiles (or nothing) stood out. Smooth and look again.
        let smooth = box_smoothed(image, area);
        let inner = Rect {
            x: 0,
            y: 0,
            width: smooth.width(),
            height: smooth.height(),
        };
        let blobs = find_blobs(&smooth, inner, SMOOTH_TOLERANCE);
        // The smoothed copy starts at the area's corner and is shifted by half a pixel.
        let fitted: Vec<(Grid, usize)> = fitted_lattices(&blobs, hints.tile_width)
            .into_iter()
            .map(|(grid, count)| {
                (
                    grid.shifted(f64::from(area.x) + 0.5, f64::from(area.y) + 0.5),
                    count,
                )
            })
            .collect();
        if let Some((grid, count)) = largest(&fitted) {
            if best.as_ref().is_none_or(|b| count > b.1) {
                best = Some((grid, count));
                refined = None;
                lattices = fitted;
            }
        }
    }
    // No lattice of squares, or one of a few squares at another pitch (squares of four tiles
    // where a pattern of lines showed): tiles merged by grid lines too thin to show.
    if hints.tile_width.is_none() && !best.as_ref().is_some_and(complete) {
        if let Some(found) = merged_grid(fine_blobs) {
            // Compared by the area their tiles cover: a skin whose open tiles show a frame
            // inside them (KMines) gives cells of a lattice at half the tiles' pitch too, over
            // less of the board than the tiles' own squares.
            let area = |(grid, count): &(Grid, usize)| *count as f64 * grid.pitch_x * grid.pitch_y;
            let other_pitch =
                |b: &(Grid, usize)| (b.0.pitch_x - found.0.pitch_x).abs() > 0.08 * found.0.pitch_x;
            if best
                .as_ref()
                .is_none_or(|b| other_pitch(b) && area(&found) > area(b))
            {
                best = Some(found);
                refined = None;
                lattices = vec![found];
            }
        }
    }
    // No lattice at all: a group of linked squares whose first square is off the board's
    // lattice (a desktop's block beside the window) walked from the square that reaches the
    // most of it (`grid::walk_from`).
    if best.is_none() {
        for blobs in &passes {
            let fitted = fitted_lattices_from_any_square(blobs, hints.tile_width);
            if let Some(found) = largest(&fitted) {
                if best.as_ref().is_none_or(|b| found.1 > b.1) {
                    best = Some(found);
                    lattices = fitted;
                }
            }
        }
    }
    match best {
        // Lines of tiles the squares missed (textured, or open without edges) join the grid.
        Some((grid, squares)) => {
            tracing::debug!(?grid, squares, "lattice of the squares, before growing");
            let mut grid = within(extend(image, area, grid), area);
            if let Some(refined) = refined {
                let other = within(extend(image, area, refined), area);
                // The refined lattice fits clearly more of the regions' edges: it stands
                // unless the squares' own grows further.
                if other.rows * other.cols >= grid.rows * grid.cols {
                    tracing::debug!(?other, "the refined pitch grows the grid as far or further");
                    grid = other;
                }
            }
            if grid.rows == 0 || grid.cols == 0 {
                return Err(VisionError::NoBoard {
                    hint: no_board_hint(hints),
                });
            }
            if let Some(side) =
                cut_side(image, area, &grid).or_else(|| clipped_side(image, area, &grid))
            {
                let rect = grid.rect();
                return Err(VisionError::Unreadable(format!(
                    "a grid of {}x{} tiles was found at {},{}, but the board goes on past its \
                     {side} edge, out of the picture (a window smaller than its board, or \
                     partly off the screen): advice on part of a board could be wrong; show \
                     the whole board",
                    grid.cols, grid.rows, rect.x, rect.y
                )));
            }
            // The user's region names the board; elsewhere a board that meets one edge of the
            // picture only is a window past the screen's edge, and a second board makes the
            // reading a guess at which one the player means.
            if hints.region.is_none() {
                if let Some(side) =
                    flush_side(image, area, &grid).or_else(|| edge_strip_side(image, area, &grid))
                {
                    let rect = grid.rect();
                    return Err(VisionError::Unreadable(format!(
                        "a grid of {}x{} tiles was found at {},{}, against the picture's {side} \
                         edge, with the window around it on every other side: the board may go \
                         on past that edge, out of the picture (a window partly off the \
                         screen): advice on part of a board could be wrong; show the whole \
                         board, or give its place with --region",
                        grid.cols, grid.rows, rect.x, rect.y
                    )));
                }
                // A board of merged tiles beside it has no squares to show in `lattices`.
                let board = grid.rect();
                let beside: Vec<Blob> = (fine_blobs.iter())
                    .filter(|b| !overlap(board, b.rect()))
                    .copied()
                    .collect();
                lattices.extend(merged_grid(&beside));
                if let Some(other) = second_board(&grid, squares, &lattices) {
                    let (rect, at) = (grid.rect(), other.rect());
                    return Err(VisionError::Unreadable(format!(
                        "the picture shows two boards: a grid of {}x{} tiles at {},{} and one \
                         of about {}x{} at {},{}; advice on one could be taken for the other: \
                         crop the picture to the game's board, or give its place with --region",
                        grid.cols, grid.rows, rect.x, rect.y, other.cols, other.rows, at.x, at.y
                    )));
                }
                if let Some(at) = small_board_beside(board, fine_blobs) {
                    let rect = grid.rect();
                    return Err(VisionError::Unreadable(format!(
                        "the picture shows two boards: a grid of {}x{} tiles at {},{} and one \
                         with tiles too small to read (under {MIN_PITCH} px) at {},{}; advice on \
                         one could be taken for the other: make the game's window larger, or give \
                         its place with --region",
                        grid.cols, grid.rows, rect.x, rect.y, at.x, at.y
                    )));
                }
            }
            Ok(grid)
        }
        None => Err(VisionError::NoBoard {
            hint: no_board_hint(hints),
        }),
    }
}

/// What the "no board found" message adds about the user's own hints: the region searched,
/// and a tile width that may be the reason.
fn no_board_hint(hints: Hints) -> String {
    let mut hint = String::new();
    if let Some(r) = hints.region {
        hint += &format!(" region {},{},{},{}", r.x, r.y, r.width, r.height);
    }
    if let Some(width) = hints.tile_width {
        hint += &format!(
            " with tiles {width} px wide (--tile-width); leave it out to let minehint measure \
             the tiles, or give their pitch in the image's pixels"
        );
    }
    hint
}

/// The most of a tile that may lie outside the area searched: a board cropped flush with the
/// picture, or a fit a pixel off at its far edge. A line sticking out further is not seen
/// whole, so it is not read.
const MAX_OVERHANG: f64 = 0.25;

/// `grid` without the edge lines that lie more than [`MAX_OVERHANG`] of a tile outside `area`
/// (a lattice fitted through squares near a cut edge can reach past it).
fn within(mut grid: Grid, area: Rect) -> Grid {
    let (left, top) = (f64::from(area.x), f64::from(area.y));
    let (right, bottom) = (left + f64::from(area.width), top + f64::from(area.height));
    while grid.cols > 0 && grid.x < left - MAX_OVERHANG * grid.pitch_x {
        grid.x += grid.pitch_x;
        grid.cols -= 1;
    }
    while grid.rows > 0 && grid.y < top - MAX_OVERHANG * grid.pitch_y {
        grid.y += grid.pitch_y;
        grid.rows -= 1;
    }
    while grid.cols > 0
        && grid.x + grid.cols as f64 * grid.pitch_x > right + MAX_OVERHANG * grid.pitch_x
    {
        grid.cols -= 1;
    }
    while grid.rows > 0
        && grid.y + grid.rows as f64 * grid.pitch_y > bottom + MAX_OVERHANG * grid.pitch_y
    {
        grid.rows -= 1;
    }
    grid
}

/// `area` of `image` smoothed by a 2x2 box: pixel (x, y) of the result is the mean of pixels
/// (x..x+2, y..y+2) of the area, so the result is one pixel smaller each way.
fn box_smoothed(image: &RgbImage, area: Rect) -> RgbImage {
    let (w, h) = (area.width.max(2) - 1, area.height.max(2) - 1);
    let at = |x: u32, y: u32| {
        let x = (area.x + x).min(image.width() - 1);
        let y = (area.y + y).min(image.height() - 1);
        image.get_pixel(x, y).0
    };
    RgbImage::from_fn(w, h, |x, y| {
        let (a, b, c, d) = (at(x, y), at(x + 1, y), at(x, y + 1), at(x + 1, y + 1));
        image::Rgb(std::array::from_fn(|i| {
            ((u16::from(a[i]) + u16::from(b[i]) + u16::from(c[i]) + u16::from(d[i]) + 2) / 4) as u8
        }))
    })
}

/// The grid the user described: the region is the board, the tile width its pitch.
fn given_grid(area: Rect, width: f64) -> Grid {
    let cols = (f64::from(area.width) / width).round().max(1.0);
    let rows = (f64::from(area.height) / width).round().max(1.0);
    Grid {
        x: f64::from(area.x),
        y: f64::from(area.y),
        pitch_x: f64::from(area.width) / cols,
        pitch_y: f64::from(area.height) / rows,
        rows: rows as usize,
        cols: cols as usize,
    }
}

fn check_region(image: &RgbImage, region: Rect) -> Result<Rect, VisionError> {
    let fits = region.width > 0
        && region.height > 0
        && u64::from(region.x) + u64::from(region.width) <= u64::from(image.width())
        && u64::from(region.y) + u64::from(region.height) <= u64::from(image.height());
    if fits {
        Ok(region)
    } else {
        Err(VisionError::BadOverride(format!(
            "--region {},{},{},{} does not fit in the {}x{} image",
            region.x,
            region.y,
            region.width,
            region.height,
            image.width(),
            image.height()
        )))
    }
}

/// Two colours' channel differences summed (0-765).
pub(crate) fn colour_distance(a: [u8; 3], b: [u8; 3]) -> u32 {
    a.iter()
        .zip(&b)
        .map(|(&p, &q)| u32::from(p.abs_diff(q)))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::testing::{desktop, paint_board, Skin};

    fn check(skin: Skin, pitch: f64, rows: usize, cols: usize, at: (f64, f64)) {
        let mut image = desktop(1280, 900, 7);
        let revealed = [(0, 0), (1, 1), (1, 2), (rows - 1, cols - 1)];
        paint_board(&mut image, at.0, at.1, pitch, rows, cols, skin, &revealed);
        let grid = locate(&image, Hints::default()).unwrap_or_else(|e| panic!("{skin:?}: {e}"));
        assert_eq!((grid.rows, grid.cols), (rows, cols), "{skin:?} {grid:?}");
        assert!((grid.pitch_x - pitch).abs() < 0.05, "{skin:?} {grid:?}");
        assert!(
            (grid.x - at.0).abs() < 1.0 && (grid.y - at.1).abs() < 1.0,
            "{skin:?} {grid:?}"
        );
    }

    #[test]
    fn finds_flat_boards_with_gaps_at_fractional_pitch() {
        check(Skin::Flat { gap: 4.0 }, 41.7, 8, 8, (300.3, 150.6));
        check(Skin::Flat { gap: 1.0 }, 16.0, 16, 30, (250.0, 200.0));
    }

    #[test]
    fn finds_raised_classic_boards() {
        check(Skin::Raised, 16.0, 16, 30, (210.0, 110.0));
        check(Skin::Raised, 24.5, 9, 9, (700.0, 300.0));
    }

    #[test]
    fn finds_checkerboards_without_gaps() {
        check(Skin::Checker, 30.0, 14, 18, (260.0, 160.0));
    }

    #[test]
    fn lines_mostly_outside_the_area_are_dropped() {
        let area = Rect {
            x: 0,
            y: 0,
            width: 200,
            height: 100,
        };
        let grid = |x: f64, y: f64, rows, cols| Grid {
            x,
            y,
            pitch_x: 20.0,
            pitch_y: 20.0,
            rows,
            cols,
        };
        // 2 px past the right edge (a tenth of a tile) stays; 12 px past it is a line not seen.
        assert_eq!(within(grid(2.0, 0.0, 5, 10), area), grid(2.0, 0.0, 5, 10));
        assert_eq!(within(grid(12.0, 0.0, 5, 10), area), grid(12.0, 0.0, 5, 9));
        assert_eq!(within(grid(-8.0, -6.0, 5, 5), area), grid(12.0, 14.0, 4, 4));
        assert_eq!(within(grid(0.0, 0.0, 8, 3), area), grid(0.0, 0.0, 5, 3));
    }

    #[test]
    fn an_image_without_a_board_is_no_board() {
        let image = desktop(640, 480, 3);
        assert!(matches!(
            locate(&image, Hints::default()),
            Err(VisionError::NoBoard { .. })
        ));
    }

    #[test]
    fn region_and_tile_width_give_the_grid_directly_and_bad_ones_are_refused() {
        let image = RgbImage::new(100, 100);
        let region = Rect {
            x: 10,
            y: 10,
            width: 80,
            height: 40,
        };
        let hints = Hints {
            region: Some(region),
            tile_width: Some(20.0),
        };
        let grid = locate(&image, hints).unwrap();
        assert_eq!((grid.rows, grid.cols, grid.pitch_x), (2, 4, 20.0));
        let outside = Hints {
            region: Some(Rect { x: 90, ..region }),
            tile_width: None,
        };
        assert!(matches!(
            locate(&image, outside),
            Err(VisionError::BadOverride(_))
        ));
        let tiny = Hints {
            tile_width: Some(0.5),
            ..Hints::default()
        };
        assert!(matches!(
            locate(&image, tiny),
            Err(VisionError::BadOverride(_))
        ));
    }
}
