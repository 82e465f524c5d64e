//! Boards clipped inside their last line of tiles. GNOME Mines draws its 30×16 board clipped by
//! a window too small for it, and the clip may fall across a tile's face: at 775×443 (20 px
//! tiles) the last column shows 13 px of its 16 px faces, then the window. The grid finder takes
//! those faces for whole tiles (they are flat squares near enough), so the grid's edge is the
//! window's and nothing past it looks like a tile (`cut` sees no sliver), yet the numbers along
//! the clip count mines in tiles out of the picture, and advice there could be wrong.
//!
//! Such an edge line's tiles show narrower faces than the tiles of the same colour a step or
//! three inward: the face, measured across the line through each tile's own middle, ends where
//! the window begins. A whole board's last tiles are as wide as the others. Skins whose faces
//! fill their tiles (a checkerboard) show no face edge to measure, and say nothing here.
//!
//! A page can draw a whole edge line narrower too: winmine.html at 90% lays the board's frame
//! 2 px over its first row, whose faces are 11 px high against 13. Those tiles still show their
//! own border past the face (the bevel's light line, then the dark one), as the inner tiles do;
//! a window's edge across a face shows none. A gap of one flat colour is no such border: the
//! window round a board is often that colour.

use super::colour_distance;
use super::cut::room_past;
use super::grid::{Grid, Rect};
use image::RgbImage;

/// Summed channel difference (0-765) within which a pixel continues a face.
const FACE: u32 = 24;
/// The shortest face, as a share of the pitch, worth measuring: shorter runs are a digit's
/// stroke or a bevel, not a face.
const LEAST_FACE: f64 = 0.35;
/// A face at least this share of the pitch wide has no edge of its own between the tiles.
const WHOLE: f64 = 0.9;
/// A face this much narrower (a share of the pitch, and at least 2 px) than its line's faces is
/// clipped.
const NARROWER: f64 = 0.1;
/// The tiles of a line, a step inward from the edge and on, that an edge tile is compared with.
const INWARD: usize = 3;
/// The share of the compared lines that must show a clipped face.
const MOST: f64 = 0.8;

/// The side (`"top"`, `"bottom"`, `"left"`, `"right"`) at which the board in `grid` is
/// clipped inside its edge line of tiles, within `area`; `None` where its edge tiles are whole.
pub fn clipped_side(image: &RgbImage, area: Rect, grid: &Grid) -> Option<&'static str> {
    ["top", "bottom", "left", "right"]
        .into_iter()
        .find(|&side| clipped_at(image, area, grid, side))
}

/// Whether most lines of `grid` that reach `side` end in a tile whose flat face, across the
/// line, is narrower than that of a tile of the same colour a step or three inward. Lines whose
/// edge tile shows no face, or a face of a colour none of those tiles has, say nothing; at least
/// half the lines must say something. Faces are measured from each tile's own middle, so the
/// grid's drift from the tiles (GNOME Mines lays some columns a pixel wider than others) does
/// not matter.
fn clipped_at(image: &RgbImage, area: Rect, grid: &Grid, side: &str) -> bool {
    let vertical = matches!(side, "left" | "right");
    let (lines, along, pitch) = if vertical {
        (grid.rows, grid.cols, grid.pitch_x)
    } else {
        (grid.cols, grid.rows, grid.pitch_y)
    };
    if lines == 0 || along <= INWARD {
        return false;
    }
    let far = matches!(side, "right" | "bottom");
    if room_past(area, grid.rect(), side) < pitch / 2.0 {
        // Too little past the edge to see a face end early: a crop is taken as the user cut it.
        return false;
    }
    // The middle of the cell `step` tiles inward from the edge along `line`.
    let middle = |line: usize, step: usize| {
        let at = if far { along - 1 - step } else { step };
        let (x0, y0, x1, y1) = if vertical {
            grid.cell(line, at)
        } else {
            grid.cell(at, line)
        };
        (((x0 + x1) / 2.0) as i64, ((y0 + y1) / 2.0) as i64)
    };
    let reach = pitch.ceil() as i64;
    let outward = if far { 1 } else { -1 };
    let (mut compared, mut clipped) = (0, 0);
    for line in 0..lines {
        let Some(edge) = face(image, area, middle(line, 0), vertical, reach) else {
            continue;
        };
        let inner: Vec<Face> = (1..=INWARD)
            .filter_map(|step| face(image, area, middle(line, step), vertical, reach))
            .filter(|f| f.colour_near(&edge))
            .collect();
        let Some(widest) = inner.iter().max_by_key(|f| f.width) else {
            continue;
        };
        // A face as wide as a tile shows no edge of its own (a checkerboard's squares, tiles
        // drawn without gaps): nothing to measure a clip by.
        let least = LEAST_FACE * pitch;
        let whole = WHOLE * pitch;
        if (widest.width as f64) < least
            || (edge.width as f64) < least
            || widest.width as f64 >= whole
        {
            continue;
        }
        compared += 1;
        let short = (widest.width - edge.width) as f64;
        let narrower = short >= 2.0 && short >= NARROWER * pitch;
        clipped += usize::from(
            narrower && !bordered_alike(image, area, &edge, widest, vertical, outward, reach),
        );
    }
    2 * compared >= lines && clipped as f64 >= MOST * compared as f64
}

/// Whether the pixels past `edge`'s face on the `outward` side (+1 or -1 along the line) are the
/// border past `inner`'s face there, pixel for pixel, and that border is drawn (two colours, a
/// bevel's light and dark lines) rather than a flat gap: the border runs from the face's end to
/// where the next tile's face begins, at most `reach` pixels.
fn bordered_alike(
    image: &RgbImage,
    area: Rect,
    edge: &Face,
    inner: &Face,
    across: bool,
    outward: i64,
    reach: i64,
) -> bool {
    let border: Vec<[u8; 3]> = (1..=reach)
        .map_while(|k| inner.past(image, area, across, outward, k))
        .take_while(|&pixel| colour_distance(pixel, inner.colour) > FACE)
        .collect();
    let drawn = (border.iter()).any(|&a| border.iter().any(|&b| colour_distance(a, b) > FACE));
    drawn
        && (border.iter().zip(1..)).all(|(&pixel, k)| {
            edge.past(image, area, across, outward, k)
                .is_some_and(|shown| colour_distance(shown, pixel) <= FACE)
        })
}

/// A tile's flat face across its line: its colour (at the tile's middle), its width in pixels,
/// and where it lies: the middle it was measured from and how far it runs each way.
struct Face {
    colour: [u8; 3],
    width: i64,
    middle: (i64, i64),
    back: i64,
    ahead: i64,
}

impl Face {
    fn colour_near(&self, other: &Face) -> bool {
        colour_distance(self.colour, other.colour) <= FACE
    }

    /// The pixel `k` past the face's end on the `outward` side (+1 or -1) along the row
    /// (`across`) or column it was measured on; `None` outside `area` or the image.
    fn past(
        &self,
        image: &RgbImage,
        area: Rect,
        across: bool,
        outward: i64,
        k: i64,
    ) -> Option<[u8; 3]> {
        let offset = if outward > 0 {
            self.ahead + k
        } else {
            -(self.back + k)
        };
        let (x, y) = self.middle;
        let (u, v) = if across {
            (x + offset, y)
        } else {
            (x, y + offset)
        };
        inside(image, area, u, v).then(|| image.get_pixel(u as u32, v as u32).0)
    }
}

/// Whether pixel (`x`, `y`) lies inside both `area` and the image.
fn inside(image: &RgbImage, area: Rect, x: i64, y: i64) -> bool {
    x >= i64::from(area.x)
        && y >= i64::from(area.y)
        && x < i64::from(area.x + area.width)
        && y < i64::from(area.y + area.height)
        && x < i64::from(image.width())
        && y < i64::from(image.height())
}

/// The face through `(x, y)`: the run of pixels of its colour (within [`FACE`]) along the row
/// (`across` true) or column through it, at most `reach` each way, inside `area`; `None` where
/// the point lies outside.
fn face(
    image: &RgbImage,
    area: Rect,
    (x, y): (i64, i64),
    across: bool,
    reach: i64,
) -> Option<Face> {
    let inside = |x: i64, y: i64| inside(image, area, x, y);
    if !inside(x, y) {
        return None;
    }
    let pixel = |x: i64, y: i64| image.get_pixel(x as u32, y as u32).0;
    let colour = pixel(x, y);
    let run = |step: i64| {
        let mut length = 0;
        for k in 1..=reach {
            let (u, v) = if across {
                (x + step * k, y)
            } else {
                (x, y + step * k)
            };
            if !inside(u, v) || colour_distance(pixel(u, v), colour) > FACE {
                break;
            }
            length = k;
        }
        length
    };
    let (back, ahead) = (run(-1), run(1));
    Some(Face {
        colour,
        width: back + ahead + 1,
        middle: (x, y),
        back,
        ahead,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    const WINDOW: Rgb<u8> = Rgb([245, 245, 245]);
    const FACE_GREY: Rgb<u8> = Rgb([187, 187, 187]);

    /// A window with a board of `cols` x 4 tiles at (40, 40), 20 px apart: 16 px faces and
    /// 4 px gaps of the window's colour, each face starting 2 px into its cell; the window's
    /// own edge (everything from `clip_x` on) drawn over it.
    fn board(cols: u32, clip_x: u32) -> RgbImage {
        RgbImage::from_fn(400, 200, |x, y| {
            let (u, v) = (x as i64 - 40, y as i64 - 40);
            let on_face = |w: i64| (2..18).contains(&w.rem_euclid(20));
            let inside = (0..20 * i64::from(cols)).contains(&u) && (0..80).contains(&v);
            if x < clip_x && inside && on_face(u) && on_face(v) {
                FACE_GREY
            } else {
                WINDOW
            }
        })
    }

    #[test]
    fn a_window_edge_across_the_last_faces_is_a_clip() {
        // Ten columns drawn, the window ending 13 px into the eighth's face: the grid finder
        // sees eight columns, the last a little narrow.
        let grid = Grid::square(40.0, 40.0, 20.0, 4, 8);
        let clipped = board(10, 40 + 7 * 20 + 2 + 13);
        assert_eq!(
            clipped_side(&clipped, Rect::whole(400, 200), &grid),
            Some("right")
        );
        // Eight whole columns: no clip.
        let whole = board(8, 400);
        assert_eq!(clipped_side(&whole, Rect::whole(400, 200), &grid), None);
    }

    const LIGHT: Rgb<u8> = Rgb([255, 255, 255]);
    const SHADE: Rgb<u8> = Rgb([128, 128, 128]);
    const PANEL: Rgb<u8> = Rgb([192, 192, 192]);

    /// A panel with a bevelled board of 8 x 4 tiles at (40, 40), 15 px apart: each tile a light
    /// line, a 13 px face and a dark line, across and down. `frame_over` px of a dark frame lie
    /// over the top of the first row, the tiles' light line still drawn below it (a page that
    /// lays its frame over the board); everything above `clip_y` is the window instead.
    fn bevelled(frame_over: i64, clip_y: u32) -> RgbImage {
        RgbImage::from_fn(240, 140, |x, y| {
            let (u, v) = (x as i64 - 40, y as i64 - 40);
            if y < clip_y {
                return WINDOW;
            }
            if !((0..120).contains(&u) && (0..60).contains(&v)) {
                return PANEL;
            }
            let (across, down) = (u % 15, v % 15);
            let first_row = v < 15;
            if first_row && down < frame_over {
                SHADE
            } else if (first_row && down == frame_over) || across == 0 || down == 0 {
                LIGHT
            } else if across == 14 || down == 14 {
                SHADE
            } else {
                PANEL
            }
        })
    }

    #[test]
    fn a_first_row_under_the_frame_with_its_own_border_is_whole() {
        let grid = Grid::square(40.0, 40.0, 15.0, 4, 8);
        let area = Rect::whole(240, 140);
        // The frame 2 px over the first row: its faces are 11 px against 13, but the tiles'
        // light and dark lines lie past them as past the others.
        assert_eq!(clipped_side(&bevelled(2, 0), area, &grid), None);
        // The window's edge 3 px into the first row's faces: 10 px faces, the window past them.
        assert_eq!(clipped_side(&bevelled(0, 43), area, &grid), Some("top"));
        // The same board whole.
        assert_eq!(clipped_side(&bevelled(0, 0), area, &grid), None);
    }

    #[test]
    fn faces_without_gaps_or_a_tight_crop_say_nothing() {
        // A checkerboard's squares meet: no face ends before its tile does.
        let flat = RgbImage::from_pixel(400, 200, FACE_GREY);
        let grid = Grid::square(40.0, 40.0, 20.0, 4, 8);
        assert_eq!(clipped_side(&flat, Rect::whole(400, 200), &grid), None);
        // The picture ends at the clipped face: the user's crop.
        let clipped = board(10, 40 + 7 * 20 + 2 + 13);
        let crop = Rect {
            x: 0,
            y: 0,
            width: 40 + 8 * 20,
            height: 200,
        };
        assert_eq!(clipped_side(&clipped, crop, &grid), None);
    }
}
