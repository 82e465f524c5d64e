//! The annotated screenshot of `advise --out`: the marks drawn over the board, and a legend of
//! them in a strip added under the screenshot (the screenshot's own pixels outside the board
//! stay as they were).

use super::draw::{draw_legend, draw_marks, legend_height};
use super::marks::Marks;
use crate::vision::Grid;
use image::RgbImage;

/// The legend's type scale under a screenshot: 14-pixel letters.
const LEGEND_SCALE: u32 = 2;

/// `screenshot` with `marks` drawn on the board at `grid`, and the legend under it when any
/// mark was drawn (a lost game's screenshot comes back as it was).
pub fn annotate(screenshot: &RgbImage, grid: &Grid, marks: &Marks) -> RgbImage {
    let mut marked = screenshot.clone();
    draw_marks(&mut marked, grid, marks);
    let anything = marks.conflict.is_none()
        && !(marks.safe.is_empty()
            && marks.mines.is_empty()
            && marks.guess.is_none()
            && marks.heat.is_empty()
            && marks.doubt.is_empty());
    if !anything {
        return marked;
    }
    let (width, height) = marked.dimensions();
    let strip = legend_height(marks, width, LEGEND_SCALE);
    let mut out = RgbImage::new(width, height + strip);
    image::imageops::replace(&mut out, &marked, 0, 0);
    draw_legend(&mut out, 0, i64::from(height), width, marks, LEGEND_SCALE);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Pos;
    use crate::overlay::draw::tests::grid;
    use image::Rgb;

    #[test]
    fn advice_gets_a_legend_underneath_and_no_advice_gets_none() {
        let screenshot = RgbImage::from_pixel(400, 80, Rgb([128, 128, 128]));
        let marks = Marks {
            safe: vec![Pos::new(0, 0)],
            ..Marks::default()
        };
        let out = annotate(&screenshot, &grid(), &marks);
        assert_eq!(out.width(), 400);
        assert!(out.height() > 80);
        // Outside the board, the screenshot is as it was.
        assert_eq!(out.get_pixel(300, 40), &Rgb([128, 128, 128]));
        assert_eq!(
            annotate(&screenshot, &grid(), &Marks::default()),
            screenshot
        );
    }
}
