//! Each digit in one ink. A skin that colours its numbers draws every tile of one number in the
//! same colour (a lit, pressed or dimmed tile changes its background and the ink's strength,
//! not its colour), and gives different numbers different colours. So a labelling under
//! which two looks whose inks clearly differ show the same number is no real
//! alternative to one under which they do not: the checkerboard clone's pink "4", which the
//! classifier found nearly as likely a "5", beside a sure "5" in amber.
//!
//! An ink is compared by its direction from its background in RGB, which blending it into that
//! background (a thin stroke at a small pitch, a dimmed digit) does not change: a skin that
//! draws its numbers in one colour, or in greys, says nothing here.

use super::colours::{apart, colour, median_colour, ring_median, within, RING};
use crate::vision::tiles::{TileImage, TILE};

/// The least distance (summed over the channels, 0–765) from the background of a look's
/// strongest ink sample for the look to show ink at all.
pub(super) const INK: i32 = 60;
/// Samples at least this share of the strongest sample's distance from the background are ink:
/// at 24 px a thin stroke fills no sample, and the box filter blends it with its background.
const INK_SHARE: f64 = 0.6;
/// How far (summed over the channels, 0–765) a tile's edge ring may lie from its face before
/// the ring is a frame, not the face: the pixel-art clone frames its open tiles in black, and
/// the "inks" of its 2s, 3s and 4s, measured from the black, were all its light grey face.
const FRAMED: i32 = 2 * INK;
/// Ink samples a look needs for its ink to have a direction.
pub(super) const INK_SAMPLES: usize = 4;
/// Inks whose directions from their backgrounds are at least this far apart (degrees) are
/// different inks. Dark inks on a light tile all point darker, so a blue "1" and a green "2"
/// on grey are about 57° apart; a colour blended into its background points the same way.
const OTHER_INK: f64 = 50.0;

/// The face a tile's digit is drawn on, and how deep (in samples from the tile's edge) the
/// digit's ink begins: the median of the edge ring, from [`RING`] in; but where the ring lies
/// far from the face ([`FRAMED`]) the ring is a frame, and the background is the face (the
/// median of the samples a sample deeper than the ring: a frame a little deeper than the ring,
/// with the digit, would otherwise outnumber the face), from one sample deeper, so the frame's
/// inner edge is no ink either. The pixel-art clone frames its open tiles in black.
pub(super) fn digit_background(tile: &TileImage) -> ([i32; 3], usize) {
    let ring = ring_median(tile);
    let face = median_colour(tile, within(RING + 1));
    if apart(face, ring) >= FRAMED {
        (face, RING + 1)
    } else {
        (ring, RING)
    }
}

/// The face a digit's picture is measured from: [`digit_background`]'s framed face only where
/// the band just inside the edge ring shows that face too, so the face reaches the frame. A
/// bold digit that fills the middle of its tile (winmine.html's green "2" in forced dark at 31
/// px) is no face: the band round it shows the tile's own face, and the picture is measured
/// from that. The rounded clone's dark page shows pale gaps round each dark rounded face: its
/// band is the face.
pub(super) fn picture_background(tile: &TileImage) -> ([i32; 3], usize) {
    let (face, depth) = digit_background(tile);
    if depth == RING {
        return (face, depth);
    }
    let inside_ring = within(RING);
    let deeper = within(RING + 1);
    let band = median_colour(tile, |x, y| inside_ring(x, y) && !deeper(x, y));
    if apart(band, face) < FRAMED {
        (face, depth)
    } else {
        (ring_median(tile), RING)
    }
}

/// The ink `tile` shows, as the direction (in RGB) from its background ([`digit_background`])
/// to its ink samples: the same for every blend of one ink into one background, so a thin
/// stroke, a dimmed digit and a bold one in the same colour agree. `None` where it shows little
/// ink.
pub fn ink(tile: &TileImage) -> Option<[f64; 3]> {
    let (background, depth) = digit_background(tile);
    // Inside the edge ring only: a grid line or a bevel along a tile's edge, brighter than a
    // dark skin's green "2", is no ink of the digit.
    let inside = within(depth);
    let samples: Vec<[i32; 3]> = (tile.chunks_exact(3).enumerate())
        .filter(|&(i, _)| inside(i % TILE, i / TILE))
        .map(|(_, p)| colour(p))
        .collect();
    let distance = |s: &[i32; 3]| apart(*s, background);
    let strongest = samples.iter().map(distance).max().unwrap_or(0);
    if strongest < INK {
        return None;
    }
    let ink: Vec<&[i32; 3]> = (samples.iter())
        .filter(|s| f64::from(distance(s)) >= INK_SHARE * f64::from(strongest))
        .collect();
    if ink.len() < INK_SAMPLES {
        return None;
    }
    let mut direction = [0.0; 3];
    for (channel, value) in direction.iter_mut().enumerate() {
        let sum: i32 = ink.iter().map(|s| s[channel] - background[channel]).sum();
        *value = f64::from(sum) / ink.len() as f64;
    }
    Some(direction)
}

/// How far (summed over the channels, 0–765) the sample of `tile` farthest from its background
/// (the median of its edge ring) is: under [`INK`] / 2 the tile is plain, from 2 × [`INK`] it
/// surely shows a symbol.
pub fn strongest_ink(tile: &TileImage) -> i32 {
    let background = ring_median(tile);
    (tile.chunks_exact(3))
        .map(|p| apart(colour(p), background))
        .max()
        .unwrap_or(0)
}

/// Whether, of two looks' [`strongest_ink`]s, one surely shows a symbol (at least 2 × [`INK`])
/// while the other is plain (under [`INK`] / 2): no noise makes the one from the other.
pub fn symbol_and_plain(a: i32, b: i32) -> bool {
    a.max(b) >= 2 * INK && a.min(b) < INK / 2
}

/// Whether two looks' inks (their [`ink`]) clearly differ: their directions from their
/// backgrounds at least [`OTHER_INK`] apart.
pub fn inks_differ(a: Option<[f64; 3]>, b: Option<[f64; 3]>) -> bool {
    let (Some(a), Some(b)) = (a, b) else {
        return false;
    };
    cosine(a, b) <= OTHER_INK.to_radians().cos()
}

/// How near (summed over the channels, 0–765) the backgrounds of two tiles ([`digit_background`])
/// lie for the two to be drawn on one face.
const ONE_FACE: i32 = 30;
/// Inks on one face whose directions from it are at least this far apart (degrees) are
/// different inks. Blending one ink into one face (a thin stroke, a dimmed digit) keeps its
/// direction, so on one face the directions of one ink agree within noise; [`OTHER_INK`]'s
/// 50° is for faces that differ, which turn an ink's direction. Winemine under Wine's palette
/// draws a white "2" and a cyan "3" on black: 35° apart, no farther, as every ink on black
/// points brighter.
const OTHER_INK_ON_ONE_FACE: f64 = 20.0;

/// How far apart (summed over the channels, 0–765) the mean colours of two inks on one face
/// lie, at least, to be two inks by their directions ([`OTHER_INK_ON_ONE_FACE`]): a bold digit
/// filling its tile's middle (winmine.html's green "2" in forced dark at 18 px) leaves an "ink"
/// of a few levels' mean, whose direction is noise.
const FAR_INKS: i32 = 120;

/// Whether two tiles draw their digits on one face (their [`digit_background`]s within
/// [`ONE_FACE`]) in inks that point apart from it by [`OTHER_INK_ON_ONE_FACE`] or more, their
/// colours [`FAR_INKS`] apart: two inks, however near the angle [`inks_differ`] allows between
/// faces of different colours. `false` where either shows no ink.
pub fn other_ink_on_one_face(a: &TileImage, b: &TileImage) -> bool {
    let (Some(ink_a), Some(ink_b)) = (ink(a), ink(b)) else {
        return false;
    };
    let (face_a, face_b) = (digit_background(a).0, digit_background(b).0);
    let colour = |face: [i32; 3], ink: [f64; 3]| [0, 1, 2].map(|c| face[c] + ink[c].round() as i32);
    apart(face_a, face_b) <= ONE_FACE
        && apart(colour(face_a, ink_a), colour(face_b, ink_b)) >= FAR_INKS
        && cosine(ink_a, ink_b) <= OTHER_INK_ON_ONE_FACE.to_radians().cos()
}

/// The cosine of the angle between two directions in RGB; 0 where either is none.
fn cosine(a: [f64; 3], b: [f64; 3]) -> f64 {
    let dot: f64 = (0..3).map(|c| a[c] * b[c]).sum();
    let norm = |v: [f64; 3]| v.iter().map(|x| x * x).sum::<f64>().sqrt();
    dot / (norm(a) * norm(b)).max(f64::MIN_POSITIVE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::skin::testing::tile_with_ink;

    const TAN: [u8; 3] = [188, 160, 131];
    const GREY: [u8; 3] = [192; 3];

    #[test]
    fn coloured_inks_differ_and_faint_or_absent_ink_says_nothing() {
        let pink = ink(&tile_with_ink(TAN, [200, 135, 188]));
        let amber = ink(&tile_with_ink(TAN, [201, 134, 51]));
        assert!(inks_differ(pink, amber));
        let blue = ink(&tile_with_ink(GREY, [0, 0, 255]));
        let green = ink(&tile_with_ink(GREY, [0, 128, 0]));
        assert!(inks_differ(blue, green));
        // Black and navy both point darker: not told apart.
        let black = ink(&tile_with_ink(GREY, [0, 0, 0]));
        let navy = ink(&tile_with_ink(GREY, [0, 0, 128]));
        assert!(!inks_differ(black, navy));
        // No ink: nothing to compare.
        assert_eq!(ink(&tile_with_ink(TAN, [200, 170, 140])), None);
        assert!(!inks_differ(pink, None));
    }

    #[test]
    fn a_grid_line_along_the_edge_is_no_ink() {
        const DARK: [u8; 3] = [53; 3];
        let green = ink(&tile_with_ink(DARK, [60, 170, 60]));
        // A light grey line along two edges, farther from the face than the digit.
        let mut lined = tile_with_ink(DARK, [60, 170, 60]);
        for (i, pixel) in lined.chunks_exact_mut(3).enumerate() {
            if i % TILE == 0 || i / TILE == 0 {
                pixel.copy_from_slice(&[140; 3]);
            }
        }
        let with_line = ink(&lined);
        assert!(!inks_differ(green, with_line));
        assert!(inks_differ(
            with_line,
            ink(&tile_with_ink(DARK, [200, 150, 230]))
        ));
    }

    #[test]
    fn one_ink_blended_dimmed_or_on_the_other_shade_is_one_ink() {
        let blue = ink(&tile_with_ink(GREY, [25, 60, 230]));
        // Half blended into the grey: a dimmed digit, or a thin stroke's sample.
        let dimmed = ink(&tile_with_ink(GREY, [108, 126, 211]));
        assert!(!inks_differ(blue, dimmed));
        // The same pink on a checkerboard's other shade.
        let pink = ink(&tile_with_ink(TAN, [200, 135, 188]));
        let other_shade = ink(&tile_with_ink([176, 150, 124], [200, 135, 188]));
        assert!(!inks_differ(pink, other_shade));
    }

    #[test]
    fn on_one_face_inks_nearer_than_between_faces_are_told_apart() {
        const BLACK: [u8; 3] = [0; 3];
        // Winemine's white "2" and cyan "3" under Wine: 35° apart from the black face.
        let white = tile_with_ink(BLACK, [255; 3]);
        let cyan = tile_with_ink(BLACK, [0, 255, 255]);
        assert!(!inks_differ(ink(&white), ink(&cyan)));
        assert!(other_ink_on_one_face(&white, &cyan));
        // One ink, dimmed on the same face, is one ink.
        let dimmed = tile_with_ink(BLACK, [0, 128, 128]);
        assert!(!other_ink_on_one_face(&cyan, &dimmed));
        // On faces of different colours the rule says nothing.
        let on_grey = tile_with_ink(GREY, [0, 255, 255]);
        assert!(!other_ink_on_one_face(&white, &on_grey));
        // A plain tile shows no ink; faint inks 27° apart lie too near in colour to tell.
        assert!(!other_ink_on_one_face(&white, &tile_with_ink(BLACK, BLACK)));
        let faint = |ink| tile_with_ink([40; 3], ink);
        assert!(!other_ink_on_one_face(
            &faint([100, 40, 40]),
            &faint([100, 70, 40])
        ));
        assert!(other_ink_on_one_face(
            &faint([200, 40, 40]),
            &faint([200, 200, 40])
        ));
    }

    #[test]
    fn a_tile_framed_in_black_has_its_face_for_background() {
        // The pixel-art clone's open tiles: a black frame three samples deep round a light face.
        let framed = |digit: [u8; 3]| {
            let mut tile = tile_with_ink(GREY, digit);
            for (i, pixel) in tile.chunks_exact_mut(3).enumerate() {
                let (x, y) = (i % TILE, i / TILE);
                if x.min(y) < 3 || x.max(y) >= TILE - 3 {
                    pixel.copy_from_slice(&[0; 3]);
                }
            }
            ink(&tile)
        };
        let (red, blue) = (framed([220, 30, 30]), framed([30, 30, 220]));
        assert!(inks_differ(red, blue), "{red:?} {blue:?}");
        assert!(!inks_differ(red, ink(&tile_with_ink(GREY, [220, 30, 30]))));
    }
}
