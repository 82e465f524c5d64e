"""Tile classes and the tile sampler, kept in step with src/vision/looks/tiles.rs and classes.rs."""

import math

import numpy as np

TILE = 16

# The classifier's output order; src/vision/looks/classes.rs lists the same names in the same order.
CLASSES = ["unrevealed", "flag", "question", "0", "1", "2", "3", "4", "5", "6", "7", "8",
           "mine", "exploded", "wrong_flag"]


def spans(start, end, limit):
    """The pixel range each of the TILE samples averages (see `spans` in tiles.rs)."""
    step = (end - start) / TILE
    out = []
    for i in range(TILE):
        a = start + i * step
        b = a + step
        pa, pb = math.ceil(a - 0.5), math.ceil(b - 0.5)
        if pb <= pa:
            pa = math.floor(a + step / 2)
            pb = pa + 1
        out.append((min(max(pa, 0), limit), min(max(pb, 0), limit)))
    return out


def sample_cell(pixels, cell):
    """Box-filters cell (x0, y0, x1, y1) of an HxWx3 uint8 array into a TILExTILEx3 tile, its
    box first snapped to whole pixels (`snapped` in tiles.rs)."""
    # floor(v + 0.5): Rust rounds halves up, Python to even.
    x0, y0, x1, y1 = (float(math.floor(v + 0.5)) for v in cell)
    height, width = pixels.shape[:2]
    sx, sy = spans(x0, x1, width), spans(y0, y1, height)
    out = np.zeros((TILE, TILE, 3), np.uint8)
    for v, (ya, yb) in enumerate(sy):
        for u, (xa, xb) in enumerate(sx):
            count = (yb - ya) * (xb - xa)
            if count > 0:
                total = pixels[ya:yb, xa:xb].reshape(-1, 3).astype(np.uint32).sum(axis=0)
                out[v, u] = (total + count // 2) // count
    return out


def self_check():
    """The same numbers as the Rust test `an_exact_multiple_averages_blocks`."""
    ys, xs = np.mgrid[0:32, 0:32]
    pixels = np.stack([(xs // 2 * 10), ys * 2, np.full_like(xs, 7)], axis=-1).astype(np.uint8)
    tile = sample_cell(pixels, (0.0, 0.0, 32.0, 32.0))
    assert list(tile[0, 0]) == [0, 1, 7], tile[0, 0]
    assert list(tile[15, 15]) == [150, 61, 7], tile[15, 15]


self_check()
