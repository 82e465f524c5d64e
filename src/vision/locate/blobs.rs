//! Flat regions of an image: pixels joined to a neighbour of nearly the same colour. Tile faces,
//! revealed tiles and the squares of a checkerboard skin each come out as one region, cut off from
//! their neighbours by bevels, grid lines, gaps or the small colour step between checker squares.
//!
//! Regions are built from horizontal runs rather than single pixels: a run is scanned in one pass
//! and runs are joined row to row with a union-find, which keeps a full 1920x1080 screenshot to a
//! few milliseconds.

use super::grid::Rect;
use image::RgbImage;

/// A flat region: its bounding box (half-open) and how many pixels it holds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Blob {
    pub x0: u32,
    pub y0: u32,
    pub x1: u32,
    pub y1: u32,
    pub area: u32,
}

impl Blob {
    pub fn width(&self) -> u32 {
        self.x1 - self.x0
    }

    pub fn height(&self) -> u32 {
        self.y1 - self.y0
    }

    /// The bounding box.
    pub fn rect(&self) -> Rect {
        Rect {
            x: self.x0,
            y: self.y0,
            width: self.width(),
            height: self.height(),
        }
    }

    /// The centre of the bounding box.
    pub fn center(&self) -> (f64, f64) {
        (
            f64::from(self.x0 + self.x1) / 2.0,
            f64::from(self.y0 + self.y1) / 2.0,
        )
    }
}

/// Runs shorter than this are dropped: they are texture, text or anti-aliasing, never part of a
/// tile face (the smallest tiles are 10 px, and a digit leaves at least this much on either side
/// in some row of its tile, which keeps the tile's region whole).
const MIN_RUN: u32 = 3;

/// One horizontal run of similar pixels in row `y`, columns `x0..x1`.
#[derive(Clone, Copy)]
struct Run {
    y: u32,
    x0: u32,
    x1: u32,
}

/// The largest channel difference between two pixels.
fn distance(a: &[u8], b: &[u8]) -> u8 {
    a.iter()
        .zip(b)
        .map(|(&p, &q)| p.abs_diff(q))
        .max()
        .unwrap_or(0)
}

/// The flat regions of `image` whose neighbouring pixels differ by at most `tolerance` in every
/// channel, restricted to `area` (which lies inside the image).
pub fn find_blobs(image: &RgbImage, area: Rect, tolerance: u8) -> Vec<Blob> {
    let (ax, ay, aw, ah) = (area.x, area.y, area.width, area.height);
    let stride = image.width() as usize * 3;
    let raw = image.as_raw();
    let pixel = |x: u32, y: u32| {
        let at = y as usize * stride + x as usize * 3;
        &raw[at..at + 3]
    };

    let mut runs: Vec<Run> = Vec::new();
    let mut parent: Vec<u32> = Vec::new();
    let mut previous = 0..0; // the previous row's runs, as a range of `runs`
    let mut steps = vec![0u8; (aw as usize * 3).saturating_sub(3)];
    for y in ay..ay + ah {
        let start = y as usize * stride + ax as usize * 3;
        let row = &raw[start..start + aw as usize * 3];
        // Mark each byte that differs too much from the same channel one pixel to the left, in
        // one pass over the row that the compiler vectorises; `breaks` then skips eight
        // unmarked bytes at a time, which is most of a screenshot.
        let n = steps.len();
        let (left, here) = (&row[..n], &row[row.len() - n..]);
        for i in 0..n {
            steps[i] = u8::from(here[i].abs_diff(left[i]) > tolerance);
        }
        let row_start = runs.len();
        // Runs end at each colour step and at the row's end.
        let mut x0 = ax;
        let ends = breaks(&steps).map(|i| ax + 1 + i as u32);
        for x in ends.chain(std::iter::once(ax + aw)) {
            if x - x0 >= MIN_RUN {
                runs.push(Run { y, x0, x1: x });
                parent.push(runs.len() as u32 - 1);
            }
            x0 = x;
        }
        // Join each new run with the runs above it that overlap it and match its colour where
        // they first meet; both lists are sorted by x, so one merge-like walk does it.
        let mut above = previous.start;
        for index in row_start..runs.len() {
            let run = runs[index];
            while above < previous.end && runs[above].x1 <= run.x0 {
                above += 1;
            }
            let mut other = above;
            while other < previous.end && runs[other].x0 < run.x1 {
                let meet = run.x0.max(runs[other].x0);
                if distance(pixel(meet, y), pixel(meet, y - 1)) <= tolerance {
                    union(&mut parent, index as u32, other as u32);
                }
                other += 1;
            }
        }
        previous = row_start..runs.len();
    }

    let mut slot: Vec<u32> = vec![u32::MAX; runs.len()];
    let mut blobs: Vec<Blob> = Vec::new();
    for (index, &run) in runs.iter().enumerate() {
        let root = find(&mut parent, index as u32) as usize;
        if slot[root] == u32::MAX {
            slot[root] = blobs.len() as u32;
            blobs.push(Blob {
                x0: run.x0,
                y0: run.y,
                x1: run.x1,
                y1: run.y + 1,
                area: 0,
            });
        }
        let blob = &mut blobs[slot[root] as usize];
        blob.x0 = blob.x0.min(run.x0);
        blob.x1 = blob.x1.max(run.x1);
        blob.y1 = blob.y1.max(run.y + 1);
        blob.area += run.x1 - run.x0;
    }
    blobs
}

/// The pixels `i` (counted in the row) with a colour step between pixel `i` and `i + 1`, from
/// `steps`, which marks each byte of the row that differs too much from the same channel one
/// pixel to the left. Unmarked stretches, most of a screenshot, are skipped a block at a time:
/// [`WIDE`] bytes where a whole block is flat (one vectorised pass ORs it together), else eight
/// (one word).
fn breaks(steps: &[u8]) -> impl Iterator<Item = usize> + '_ {
    let mut j = 0;
    std::iter::from_fn(move || {
        while j < steps.len() {
            let rest = &steps[j..];
            if rest
                .first_chunk::<WIDE>()
                .is_some_and(|block| block.iter().fold(0, |any, &b| any | b) == 0)
            {
                j += WIDE;
            } else if rest
                .first_chunk::<8>()
                .is_some_and(|word| u64::from_ne_bytes(*word) == 0)
            {
                j += 8;
            } else if steps[j] == 0 {
                j += 1;
            } else {
                let pixel = j / 3;
                j = (pixel + 1) * 3;
                return Some(pixel);
            }
        }
        None
    })
}

/// The bytes of a row that [`breaks`] skips at once where none is marked: a screenshot's flat
/// page and tile faces run for hundreds of bytes between steps.
const WIDE: usize = 64;

fn find(parent: &mut [u32], mut node: u32) -> u32 {
    while parent[node as usize] != node {
        // Path halving keeps the trees flat without recursion.
        let grand = parent[parent[node as usize] as usize];
        parent[node as usize] = grand;
        node = grand;
    }
    node
}

fn union(parent: &mut [u32], a: u32, b: u32) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        // The older run becomes the root, so a region's root is its first run.
        let (keep, join) = if ra < rb { (ra, rb) } else { (rb, ra) };
        parent[join as usize] = keep;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    #[test]
    fn squares_separated_by_lines_are_separate_blobs() {
        // Two 10x10 grey squares with a 2 px black line between them, on black.
        let mut image = RgbImage::from_pixel(30, 14, Rgb([0, 0, 0]));
        for y in 2..12 {
            for x in (2..12).chain(14..24) {
                image.put_pixel(x, y, Rgb([180, 180, 180]));
            }
        }
        let blobs = find_blobs(&image, Rect::whole(image.width(), image.height()), 6);
        let squares: Vec<_> = blobs.iter().filter(|b| b.width() == 10).collect();
        assert_eq!(squares.len(), 2, "{blobs:?}");
        assert_eq!((squares[0].x0, squares[0].y0, squares[0].area), (2, 2, 100));
        assert_eq!((squares[1].x0, squares[1].y1), (14, 12));
    }

    #[test]
    fn breaks_are_found_once_per_pixel_past_long_flat_stretches() {
        // 12 pixels: steps after pixel 0 (two channels), pixel 4, and pixel 10 (last channel).
        let mut steps = vec![0u8; 33];
        steps[0] = 1;
        steps[1] = 1;
        steps[12] = 1;
        steps[32] = 1;
        assert_eq!(breaks(&steps).collect::<Vec<_>>(), vec![0, 4, 10]);
        assert_eq!(breaks(&[]).count(), 0);
    }

    /// Every pixel with a marked byte, once, as a walk byte by byte finds them.
    fn breaks_one_by_one(steps: &[u8]) -> Vec<usize> {
        let mut found: Vec<usize> = (steps.iter().enumerate())
            .filter(|&(_, &b)| b != 0)
            .map(|(i, _)| i / 3)
            .collect();
        found.dedup();
        found
    }

    #[test]
    fn breaks_skipping_blocks_finds_what_a_byte_walk_finds() {
        // Rows of every length around the block sizes, marks sparse and dense, at every phase.
        let mut next = crate::vision::testing::draws(7);
        for len in (0..200).chain([WIDE * 3 - 1, WIDE * 3, WIDE * 3 + 1, 5757]) {
            for density in [1u32, 5, 40, 400] {
                let steps: Vec<u8> = (0..len).map(|_| u8::from(next() % density == 0)).collect();
                assert_eq!(
                    breaks(&steps).collect::<Vec<_>>(),
                    breaks_one_by_one(&steps),
                    "{len} bytes, one in {density} marked"
                );
            }
        }
    }

    #[test]
    fn a_gentle_gradient_stays_one_blob_and_a_step_splits_it() {
        let image = RgbImage::from_fn(40, 8, |x, _| {
            let base = if x < 20 { 100 } else { 140 };
            Rgb([base + (x % 20) as u8, 50, 50])
        });
        let blobs = find_blobs(&image, Rect::whole(image.width(), image.height()), 6);
        assert_eq!(blobs.len(), 2, "{blobs:?}");
        assert!(blobs.iter().all(|b| b.width() == 20 && b.height() == 8));
    }
}
