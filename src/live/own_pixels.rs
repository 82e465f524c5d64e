//! The overlay's own pixels in copies of the screen, taken back out before anything is read.
//!
//! A window's own pixels never show the overlay, but a copy of the screen does (on Wayland, and
//! wherever no window list leads to the game's window). A panel beside the game is opaque and
//! painted out flat. Marks over the board are see-through ([`Picture`]): the compositor shows
//! `mark + board × (1 − alpha)`, so the board is `(shown − mark) / (1 − alpha)`.
//!
//! The compositor shows a new picture a frame or so after it is sent, so a copy may still show
//! the one before. Each copy is matched against both: the picture it shows leaves every pixel
//! within what a board under it could give, the other leaves many outside. A copy neither
//! explains is taken mid-change and skipped.

use crate::overlay::{Picture, ScreenRect};
use image::RgbImage;
use rustc_hash::FxHasher;
use std::hash::{Hash, Hasher};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What the overlay puts on the screen.
#[derive(Clone, Debug)]
pub enum OnScreen {
    /// An opaque panel there.
    Panel(ScreenRect),
    /// See-through marks over the board.
    Marks(Arc<Picture>),
}

/// Why a copy of the screen could not be cleaned of the overlay, and must not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unclean {
    /// It shows the overlay between two pictures: read the next one instead.
    MidChange,
    /// For a second now no copy has shown the marks sent as they were drawn (a scaled output,
    /// a compositor that changes them): they cannot be taken out, so the hints must leave the
    /// board.
    Unmatched,
}

/// Levels of slack for rounding in the compositor's blending.
const SLACK: i32 = 2;

/// The share of a picture's visible pixels that may fall outside what it explains (rounding at
/// the edge of a mark). Small: a copy still showing the marks before must not pass for the new
/// ones where only one mark changed.
const MISFIT_SHARE: f64 = 0.005;

/// After this long without a copy either picture explains, the marks are given up on: a copy
/// with marks left in could read as another board.
const GIVE_UP_AFTER: Duration = Duration::from_secs(1);

/// The overlay's pictures the compositor may be showing: the one sent last, and the one before.
#[derive(Debug, Default)]
pub struct OwnPixels {
    current: Option<OnScreen>,
    previous: Option<OnScreen>,
    unexplained_since: Option<Instant>,
    /// The last copy cleaned of marks. The board mostly stays still, and the same copy cleans
    /// the same way.
    last: Option<LastCleaned>,
}

/// A copy cleaned of marks: its area (x, y, width, height), a hash of its pixels as shown, and
/// the pixels cleaned.
#[derive(Debug)]
struct LastCleaned {
    area: (i32, i32, u32, u32),
    hash: u64,
    cleaned: RgbImage,
}

impl OwnPixels {
    /// The overlay was sent `shown`.
    pub fn show(&mut self, shown: OnScreen) {
        self.previous = self.current.replace(shown);
        self.last = None;
    }

    /// The overlay was told to hide.
    pub fn hide(&mut self) {
        self.previous = self.current.take();
        self.last = None;
    }

    /// Takes the overlay out of `image`, a copy of the screen whose top-left pixel is at
    /// `origin`; afterwards its pixels are the screen's own.
    pub fn clean(
        &mut self,
        image: &mut RgbImage,
        origin: (i32, i32),
        now: Instant,
    ) -> Result<(), Unclean> {
        for shown in [&self.current, &self.previous].into_iter().flatten() {
            if let OnScreen::Panel(rect) = shown {
                paint_out(image, origin, *rect);
            }
        }
        let pictures: Vec<&Picture> = [&self.current, &self.previous]
            .into_iter()
            .flatten()
            .filter_map(|shown| match shown {
                OnScreen::Marks(picture) => Some(&**picture),
                OnScreen::Panel(_) => None,
            })
            .collect();
        if pictures.is_empty() {
            return Ok(());
        }
        let area = (origin.0, origin.1, image.width(), image.height());
        let hash = {
            let mut hasher = FxHasher::default();
            image.as_raw().hash(&mut hasher);
            hasher.finish()
        };
        if let Some(last) = (self.last.as_ref()).filter(|l| l.area == area && l.hash == hash) {
            image.copy_from_slice(&last.cleaned);
            return Ok(());
        }
        let fits: Vec<(usize, usize)> =
            pictures.iter().map(|p| misfits(image, origin, p)).collect();
        let best = (fits.iter().enumerate())
            .filter(|(_, &(misfit, visible))| misfit as f64 <= MISFIT_SHARE * visible as f64)
            .min_by_key(|(_, &(misfit, _))| misfit)
            .map(|(i, _)| i);
        if let Some(best) = best {
            unmix(image, origin, pictures[best]);
            self.unexplained_since = None;
            self.last = Some(LastCleaned {
                area,
                hash,
                cleaned: image.clone(),
            });
            return Ok(());
        }
        let hidden = !matches!(self.current, Some(OnScreen::Marks(_)));
        if hidden {
            // No marks, or only the old ones, now gone.
            return Ok(());
        }
        let since = *self.unexplained_since.get_or_insert(now);
        if now.duration_since(since) >= GIVE_UP_AFTER {
            return Err(Unclean::Unmatched);
        }
        Err(Unclean::MidChange)
    }
}

/// Runs `visit(image pixel, picture pixel)` over the pixels of `image` (top-left at `origin` on
/// the screen) the picture covers with some alpha.
fn overlapping(
    image: &RgbImage,
    origin: (i32, i32),
    picture: &Picture,
    mut visit: impl FnMut(u32, u32, u32),
) {
    let r = picture.rect;
    let x0 = (i64::from(r.x) - i64::from(origin.0)).max(0);
    let y0 = (i64::from(r.y) - i64::from(origin.1)).max(0);
    let x1 = (r.right() - i64::from(origin.0)).min(i64::from(image.width()));
    let y1 = (r.bottom() - i64::from(origin.1)).min(i64::from(image.height()));
    for y in y0..y1 {
        for x in x0..x1 {
            let pixel = picture
                .at(x + i64::from(origin.0), y + i64::from(origin.1))
                .unwrap_or(0);
            if pixel >> 24 != 0 {
                visit(x as u32, y as u32, pixel);
            }
        }
    }
}

/// The colour channel of premultiplied `pixel` that lands on RGB channel `i`.
fn channel(pixel: u32, i: usize) -> i32 {
    ((pixel >> (16 - 8 * i)) & 0xFF) as i32
}

/// How many of the visible pixels of `picture` that `image` shows could not come from it blended
/// over anything, and how many there are.
fn misfits(image: &RgbImage, origin: (i32, i32), picture: &Picture) -> (usize, usize) {
    let (mut misfit, mut visible) = (0, 0);
    overlapping(image, origin, picture, |x, y, pixel| {
        visible += 1;
        let keep = 255 - (pixel >> 24) as i32;
        let shown = image.get_pixel(x, y).0;
        let fits = (0..3).all(|i| {
            let (mark, shown) = (channel(pixel, i), i32::from(shown[i]));
            shown >= mark - SLACK && shown <= mark + keep + SLACK
        });
        if !fits {
            misfit += 1;
        }
    });
    (misfit, visible)
}

/// Replaces each pixel under `picture` with the board's colour it was blended over.
fn unmix(image: &mut RgbImage, origin: (i32, i32), picture: &Picture) {
    let mut fixed = Vec::new();
    overlapping(image, origin, picture, |x, y, pixel| {
        let keep = 255 - (pixel >> 24) as i32;
        let shown = image.get_pixel(x, y).0;
        let board: [u8; 3] = std::array::from_fn(|i| {
            let under = (i32::from(shown[i]) - channel(pixel, i)) * 255;
            ((under + keep / 2).div_euclid(keep.max(1))).clamp(0, 255) as u8
        });
        fixed.push((x, y, board));
    });
    for (x, y, board) in fixed {
        image.put_pixel(x, y, image::Rgb(board));
    }
}

/// Paints `rect` (screen pixels) out of `image`, whose top-left pixel is at `origin` on the
/// screen, in one flat colour: no grid is seen there.
pub fn paint_out(image: &mut RgbImage, origin: (i32, i32), rect: ScreenRect) {
    let clip = |start: i32, length: u32, from: i32, size: u32| {
        let lo = (i64::from(start) - i64::from(from)).clamp(0, i64::from(size));
        let hi = (i64::from(start) + i64::from(length) - i64::from(from)).clamp(0, i64::from(size));
        (lo as u32, hi as u32)
    };
    let (x0, x1) = clip(rect.x, rect.width, origin.0, image.width());
    let (y0, y1) = clip(rect.y, rect.height, origin.1, image.height());
    for y in y0..y1 {
        for x in x0..x1 {
            image.put_pixel(x, y, image::Rgb([0, 0, 0]));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::overlay::premul::premultiply;
    use crate::overlay::Rgba;
    use image::Rgb;

    fn rect(x: i32, y: i32, width: u32, height: u32) -> ScreenRect {
        ScreenRect::new(x, y, width, height)
    }

    /// A picture of `rect` with one `colour` square of `size` at its top-left corner.
    fn marks(rect: ScreenRect, size: u32, colour: Rgba) -> Picture {
        let mut pixels = vec![0; rect.width as usize * rect.height as usize];
        for y in 0..size {
            for x in 0..size {
                pixels[(y * rect.width + x) as usize] = premultiply(colour);
            }
        }
        Picture { rect, pixels }
    }

    /// What a compositor shows: `picture` over `image` (whose top-left is at `origin`).
    fn composite(image: &RgbImage, origin: (i32, i32), picture: &Picture) -> RgbImage {
        let mut shown = image.clone();
        picture.blend_onto(&mut shown, origin);
        shown
    }

    /// A board-like picture: a gradient, so every pixel differs.
    fn board() -> RgbImage {
        RgbImage::from_fn(40, 30, |x, y| Rgb([(x * 6) as u8, (y * 8) as u8, 120]))
    }

    fn close(a: &RgbImage, b: &RgbImage, within: u8) -> bool {
        a.pixels()
            .zip(b.pixels())
            .all(|(p, q)| (0..3).all(|i| p.0[i].abs_diff(q.0[i]) <= within))
    }

    #[test]
    fn see_through_marks_come_back_out_of_the_copy() {
        let origin = (100, 50);
        let green = marks(rect(105, 52, 20, 20), 16, Rgba([0, 200, 60, 160]));
        let mut own = OwnPixels::default();
        own.show(OnScreen::Marks(Arc::new(green.clone())));
        let mut copy = composite(&board(), origin, &green);
        assert!(!close(&copy, &board(), 3), "the marks show in the copy");
        assert_eq!(own.clean(&mut copy, origin, Instant::now()), Ok(()));
        assert!(close(&copy, &board(), 3));
    }

    #[test]
    fn a_copy_still_showing_the_marks_before_is_cleaned_of_those() {
        let origin = (0, 0);
        let old = marks(rect(0, 0, 40, 30), 12, Rgba([230, 30, 30, 160]));
        let new = marks(rect(0, 0, 40, 30), 25, Rgba([0, 200, 60, 160]));
        let mut own = OwnPixels::default();
        own.show(OnScreen::Marks(Arc::new(old.clone())));
        own.show(OnScreen::Marks(Arc::new(new.clone())));
        let now = Instant::now();
        for shown in [&old, &new] {
            let mut copy = composite(&board(), origin, shown);
            assert_eq!(own.clean(&mut copy, origin, now), Ok(()));
            assert!(close(&copy, &board(), 3));
        }
    }

    #[test]
    fn a_copy_cleaned_before_cleans_the_same_and_another_is_cleaned_afresh() {
        let origin = (0, 0);
        let green = marks(rect(0, 0, 40, 30), 16, Rgba([0, 200, 60, 160]));
        let mut own = OwnPixels::default();
        own.show(OnScreen::Marks(Arc::new(green.clone())));
        let mut other = board();
        other.put_pixel(3, 3, Rgb([1, 2, 3]));
        for under in [board(), board(), other.clone()] {
            let mut copy = composite(&under, origin, &green);
            assert_eq!(own.clean(&mut copy, origin, Instant::now()), Ok(()));
            assert!(close(&copy, &under, 3));
        }
    }

    #[test]
    fn a_copy_neither_picture_explains_is_skipped_then_the_marks_given_up() {
        let origin = (0, 0);
        let shown = marks(rect(0, 0, 40, 30), 25, Rgba([60, 140, 255, 160]));
        let sent = marks(rect(0, 0, 40, 30), 25, Rgba([230, 30, 30, 160]));
        let mut own = OwnPixels::default();
        own.show(OnScreen::Marks(Arc::new(sent)));
        let copy = composite(&board(), origin, &shown);
        let start = Instant::now();
        assert_eq!(
            own.clean(&mut copy.clone(), origin, start),
            Err(Unclean::MidChange)
        );
        let later = start + GIVE_UP_AFTER;
        assert_eq!(
            own.clean(&mut copy.clone(), origin, later),
            Err(Unclean::Unmatched)
        );
    }

    #[test]
    fn marks_gone_after_a_hide_leave_the_copy_as_it_is() {
        let origin = (0, 0);
        let mut own = OwnPixels::default();
        own.show(OnScreen::Marks(Arc::new(marks(
            rect(0, 0, 40, 30),
            25,
            Rgba([230, 30, 30, 160]),
        ))));
        own.hide();
        let mut copy = board();
        assert_eq!(own.clean(&mut copy, origin, Instant::now()), Ok(()));
        assert_eq!(copy, board());
    }

    #[test]
    fn the_panel_is_painted_out_where_it_overlaps_the_grab() {
        let mut image = RgbImage::from_pixel(10, 10, Rgb([200, 200, 200]));
        let mut own = OwnPixels::default();
        own.show(OnScreen::Panel(rect(105, 48, 20, 4)));
        // The image shows the screen from (100, 50): columns 5.., rows ..2 are the panel's.
        assert_eq!(own.clean(&mut image, (100, 50), Instant::now()), Ok(()));
        for (x, y, pixel) in image.enumerate_pixels() {
            let covered = x >= 5 && y < 2;
            assert_eq!(pixel.0 == [0, 0, 0], covered, "({x}, {y})");
        }
    }
}
