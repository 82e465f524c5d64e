//! Colour measures the board-level reading shares: how far apart two colours are, and a tile's
//! background as the median colour of its edge ring.

use crate::vision::tiles::{TileImage, TILE};

/// The ring of samples along a tile's edge whose median colour is its background.
pub(super) const RING: usize = 2;

/// How far apart two colours are: the differences of their channels summed (0-765).
pub fn apart(a: [i32; 3], b: [i32; 3]) -> i32 {
    (0..3).map(|c| (a[c] - b[c]).abs()).sum()
}

/// The colour of one sample of a tile (three bytes), widened for arithmetic.
pub fn colour(pixel: &[u8]) -> [i32; 3] {
    [
        i32::from(pixel[0]),
        i32::from(pixel[1]),
        i32::from(pixel[2]),
    ]
}

/// The background of `tile`: the median of its edge ring (two samples deep), channel by
/// channel.
pub fn ring_median(tile: &TileImage) -> [i32; 3] {
    let inside = within(RING);
    median_colour(tile, |x, y| !inside(x, y))
}

/// Whether the sample at `(x, y)` of a tile lies at least `depth` samples from every edge.
pub(super) fn within(depth: usize) -> impl Fn(usize, usize) -> bool {
    move |x: usize, y: usize| {
        (depth..TILE - depth).contains(&x) && (depth..TILE - depth).contains(&y)
    }
}

/// The samples kept from each side of a tile when its middle is taken: a symbol's or an emoji's
/// body lies there at any pitch, its edge and the page round it outside.
pub(super) const CENTRE_INSET: usize = TILE / 4;

/// The colour of the middle of `tile` (inside `CENTRE_INSET`): the median, channel by channel.
pub fn centre_median(tile: &TileImage) -> [i32; 3] {
    median_colour(tile, within(CENTRE_INSET))
}

/// The median, channel by channel, of the samples of `tile` at which `keep(x, y)` holds (at
/// least one must): of an even count, the upper of the middle two. Run for every look of a
/// board, so without allocating.
pub fn median_colour(tile: &TileImage, keep: impl Fn(usize, usize) -> bool) -> [i32; 3] {
    let [median] = quantile_colours(tile, keep, [2]);
    median
}

/// For each `of` in `ofs`, the value `(of - 1)/of` of the way from dark to light among the
/// samples of `tile` at which `keep(x, y)` holds (at least one must), channel by channel: the
/// median for 2 (of an even count, the upper of the middle two), the lighter quartile for 4.
/// The samples are gathered once for all; without allocating.
pub fn quantile_colours<const N: usize>(
    tile: &TileImage,
    keep: impl Fn(usize, usize) -> bool,
    ofs: [usize; N],
) -> [[i32; 3]; N] {
    let mut kept = [[0u8; TILE * TILE]; 3];
    let mut count = 0;
    for (i, p) in tile.chunks_exact(3).enumerate() {
        if keep(i % TILE, i / TILE) {
            for channel in 0..3 {
                kept[channel][count] = p[channel];
            }
            count += 1;
        }
    }
    // Selecting the nth sample leaves the others in some order: each quantile is still found.
    ofs.map(|of| {
        let at = (count * (of - 1) / of).min(count - 1);
        let mut out = [0; 3];
        for (value, channel) in out.iter_mut().zip(kept.iter_mut()) {
            *value = i32::from(*channel[..count].select_nth_unstable(at).1);
        }
        out
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::skin::testing::tile_with_ink;

    #[test]
    fn the_ring_median_is_the_face_under_a_symbol() {
        let tile = tile_with_ink([188, 160, 131], [20, 20, 200]);
        assert_eq!(ring_median(&tile), [188, 160, 131]);
        assert_eq!(apart([188, 160, 131], [20, 20, 200]), 168 + 140 + 69);
    }
}
