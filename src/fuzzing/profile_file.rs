//! Fuzz target: the calibration profile, as `live` starts from it.

use crate::capture::profile;
use crate::vision::{locate, Hints, LookCache};
use image::{Rgb, RgbImage};
use std::path::Path;
use std::sync::OnceLock;

/// Parses `data` as a profile; one that parses seeds a look cache with its looks and guides the
/// search for a board on a small drawn board, as `live` does on its first frame.
pub fn profile_file(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(profile) = profile::parse(text, Path::new("fuzzed profile")) else {
        return;
    };
    let mut cache = LookCache::new();
    cache.seed(profile.decoded_looks());
    let image = board_picture();
    let hints = Hints {
        region: Some(profile.board),
        tile_width: Some(profile.tile_width),
    };
    if let Ok(grid) = locate(image, hints) {
        let _ = cache.read_grid(image, grid, super::classifier());
    }
}

/// A fresh 9 x 9 board of raised grey 16-pixel tiles on a 200 x 180 window.
fn board_picture() -> &'static RgbImage {
    static PICTURE: OnceLock<RgbImage> = OnceLock::new();
    PICTURE.get_or_init(|| {
        RgbImage::from_fn(200, 180, |x, y| {
            let (bx, by) = (x.wrapping_sub(20), y.wrapping_sub(20));
            if bx >= 144 || by >= 144 {
                return Rgb([200, 200, 200]);
            }
            let (tx, ty) = (bx % 16, by % 16);
            if tx < 2 || ty < 2 {
                Rgb([255, 255, 255])
            } else if tx >= 14 || ty >= 14 {
                Rgb([128, 128, 128])
            } else {
                Rgb([192, 192, 192])
            }
        })
    })
}
