//! Whether the board's pixels show tiles at all. A game that hides its board (GNOME Mines while
//! paused, or behind its "start a new game?" dialog, which `live` does not see in the game
//! window's own pixels) leaves one flat colour where the tiles were; read with the grid already
//! known, that is a board with every tile covered, a fresh game, and it would get advice.

use image::RgbImage;

/// Channel levels a pixel may differ from the most common colour and still count as it: a
/// blanked board is drawn in one colour, and a low-contrast checkerboard is two colours a few
/// levels apart (the checkerboard clone's greens, 135,172,63 and 141,177,69, six apart: with
/// a tolerance of six its fresh board was "one flat colour", and `live` never read it).
const TOLERANCE: u8 = 2;
/// The share of pixels in the most common colour from which the area counts as blank: a board
/// always shows more than this of edges, gaps or lines between its tiles (1-pixel lines at the
/// largest pitch read, 100 px, are 2% of it), while a "Paused" label on a blanked board is under
/// one percent.
const BLANK_SHARE: f64 = 0.99;

/// Whether `image` (the board's pixels) is one flat colour, give or take a label.
pub fn is_blank(image: &RgbImage) -> bool {
    let total = u64::from(image.width()) * u64::from(image.height());
    if total == 0 {
        return true;
    }
    // The most common colour among 16 × 16 samples across the area stands for it (a label
    // in the middle of a blank area is not taken for it).
    let samples: Vec<[u8; 3]> = (0..16u32)
        .flat_map(|i| (0..16u32).map(move |j| (i, j)))
        .map(|(i, j)| {
            let x = (image.width() - 1) * i / 15;
            let y = (image.height() - 1) * j / 15;
            image.get_pixel(x, y).0
        })
        .collect();
    let reference = *samples
        .iter()
        .max_by_key(|s| samples.iter().filter(|t| close(**s, **t)).count())
        .expect("256 samples");
    let same = image.pixels().filter(|p| close(p.0, reference)).count() as u64;
    same as f64 >= BLANK_SHARE * total as f64
}

fn close(a: [u8; 3], b: [u8; 3]) -> bool {
    (0..3).all(|i| a[i].abs_diff(b[i]) <= TOLERANCE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    #[test]
    fn a_flat_area_with_a_label_is_blank_and_boards_are_not() {
        let mut paused = RgbImage::from_pixel(300, 300, Rgb([186, 189, 182]));
        for x in 120..180 {
            for y in 145..155 {
                paused.put_pixel(x, y, Rgb([255, 255, 255]));
            }
        }
        assert!(is_blank(&paused));
        // Covered tiles of 60 px with a 1-pixel line between them: a board.
        let lined = RgbImage::from_fn(300, 300, |x, y| {
            if x % 60 == 0 || y % 60 == 0 {
                Rgb([150, 150, 150])
            } else {
                Rgb([186, 189, 182])
            }
        });
        assert!(!is_blank(&lined));
        // A fresh low-contrast checkerboard of 33 px tiles, with no line between them.
        let checker = RgbImage::from_fn(594, 462, |x, y| {
            if (x / 33 + y / 33) % 2 == 0 {
                Rgb([135, 172, 63])
            } else {
                Rgb([141, 177, 69])
            }
        });
        assert!(!is_blank(&checker));
        for name in [
            "gnome-default-medium-1000-760-fresh.png",
            "xdemineur-12-12-20-mid.png",
        ] {
            let path = format!("{}/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
            let image = image::open(path).unwrap().into_rgb8();
            let json = std::fs::read_to_string(
                format!("{}/fixtures/{name}", env!("CARGO_MANIFEST_DIR")).replace(".png", ".json"),
            )
            .unwrap();
            let label: serde_json::Value = serde_json::from_str(&json).unwrap();
            let b = &label["board"];
            let (x, y, w, h) = (
                b["x"].as_u64().unwrap() as u32,
                b["y"].as_u64().unwrap() as u32,
                b["width"].as_u64().unwrap() as u32,
                b["height"].as_u64().unwrap() as u32,
            );
            let board = image::imageops::crop_imm(&image, x, y, w, h).to_image();
            assert!(!is_blank(&board), "{name}");
        }
    }
}
