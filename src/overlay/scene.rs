//! What the live overlay shows at one moment, and where: the board as read, its marks, the
//! board's place on the screen, and whether the marks go on the game or on a panel beside it.

use super::canvas::Canvas;
use super::draw::draw_marks;
use super::marks::Marks;
use super::panel::{draw_panel, panel_size};
use super::picture::Picture;
use crate::board::Board;
use crate::vision::Grid;
use serde::Serialize;
use std::sync::Arc;
use std::time::Instant;

/// A rectangle in screen pixels (the origin may be left of or above the screen's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ScreenRect {
    pub x: i32,
    pub y: i32,
    pub width: u32,
    pub height: u32,
}

impl ScreenRect {
    pub fn new(x: i32, y: i32, width: u32, height: u32) -> ScreenRect {
        ScreenRect {
            x,
            y,
            width,
            height,
        }
    }

    pub fn right(&self) -> i64 {
        i64::from(self.x) + i64::from(self.width)
    }

    pub fn bottom(&self) -> i64 {
        i64::from(self.y) + i64::from(self.height)
    }

    /// Whether the two rectangles share any pixel.
    pub fn overlaps(&self, other: &ScreenRect) -> bool {
        i64::from(self.x) < other.right()
            && i64::from(other.x) < self.right()
            && i64::from(self.y) < other.bottom()
            && i64::from(other.y) < self.bottom()
    }
}

/// Where the marks are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// A transparent window exactly over the board (needs a compositing manager).
    OnBoard,
    /// An opaque panel beside `game` (the game window, or the board), never over it, on a
    /// `screen` of that size.
    Beside {
        game: ScreenRect,
        screen: (u32, u32),
    },
}

/// One picture of the overlay.
#[derive(Clone, Debug)]
pub struct Scene {
    /// The tile grid's outer edge on the screen.
    pub board: ScreenRect,
    /// The tiles relative to `board`'s top-left corner.
    pub grid: Grid,
    /// The board as read.
    pub cells: Board,
    pub marks: Marks,
    pub layout: Layout,
    /// When the frame this scene comes from was grabbed, to time capture → overlay; `None`
    /// for a scene that only brings the deep guess to a board already drawn (not a frame's time).
    pub captured: Option<Instant>,
    /// The scene already drawn, where the live loop drew it to take the marks back out of
    /// copies of the screen: an overlay that presents [`Picture`]s shows this one rather than
    /// drawing it again.
    pub drawn: Option<Arc<Picture>>,
}

impl Scene {
    /// The overlay window's rectangle on the screen.
    pub fn window_rect(&self) -> ScreenRect {
        match self.layout {
            Layout::OnBoard => self.board,
            Layout::Beside { game, screen } => {
                beside(game, panel_size(self.grid.rows, self.grid.cols), screen)
            }
        }
    }

    /// Draws the scene on `canvas`, which has the window rectangle's size.
    pub fn draw(&self, canvas: &mut dyn Canvas) {
        match self.layout {
            Layout::OnBoard => draw_marks(canvas, &self.grid, &self.marks),
            Layout::Beside { .. } => draw_panel(canvas, &self.cells, &self.marks),
        }
    }
}

/// Gap between the game and the panel.
const GAP: i64 = 8;

/// A `size` rectangle next to `game`: on its right if the screen has room, else on its left,
/// else below it, else above; as a last resort the screen's top-left corner.
pub fn beside(game: ScreenRect, size: (u32, u32), screen: (u32, u32)) -> ScreenRect {
    let (w, h) = (i64::from(size.0), i64::from(size.1));
    let (sw, sh) = (i64::from(screen.0), i64::from(screen.1));
    let top = i64::from(game.y).clamp(0, (sh - h).max(0));
    let left = i64::from(game.x).clamp(0, (sw - w).max(0));
    let spots = [
        (game.right() + GAP, top),
        (i64::from(game.x) - GAP - w, top),
        (left, game.bottom() + GAP),
        (left, i64::from(game.y) - GAP - h),
    ];
    let (x, y) = spots
        .into_iter()
        .find(|&(x, y)| x >= 0 && y >= 0 && x + w <= sw && y + h <= sh)
        .unwrap_or((0, 0));
    ScreenRect {
        x: x as i32,
        y: y as i32,
        width: size.0,
        height: size.1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect(x: i32, y: i32, width: u32, height: u32) -> ScreenRect {
        ScreenRect::new(x, y, width, height)
    }

    #[test]
    fn the_panel_goes_right_then_left_then_below_and_never_over_the_game() {
        let screen = (1920, 1080);
        let size = (300, 200);
        let right = beside(rect(100, 100, 800, 600), size, screen);
        assert_eq!((right.x, right.y), (908, 100));
        let left = beside(rect(1500, 100, 400, 600), size, screen);
        assert_eq!((left.x, left.y), (1192, 100));
        let below = beside(rect(0, 0, 1800, 700), size, screen);
        assert_eq!((below.x, below.y), (0, 708));
        for game in [
            rect(100, 100, 800, 600),
            rect(1500, 100, 400, 600),
            rect(0, 0, 1800, 700),
        ] {
            assert!(!beside(game, size, screen).overlaps(&game));
        }
    }

    #[test]
    fn overlap_is_strict_at_the_edges() {
        let a = rect(0, 0, 10, 10);
        assert!(a.overlaps(&rect(9, 9, 5, 5)));
        assert!(!a.overlaps(&rect(10, 0, 5, 5)));
        assert!(!a.overlaps(&rect(0, -5, 5, 5)));
    }
}
