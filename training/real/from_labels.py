#!/usr/bin/env python3
"""Adds the tiles of captures labelled by a sweep (sweep.py) to real/tiles.npz.

A sweep writes beside each capture it keeps a label in the fixtures' format (the board's
rectangle, rows, columns and one string per row), taken from the game itself rather than from
its looks: the same game read at a reference size, or a web page's own state. Every cell is
sampled as minehint samples it (tiles.py), at the capture's own pitch and, for training, once more
moved a little (label.py's sample_jittered), and gets the class its label gives. A
tile under the pointer or held down is labelled what the game holds there: a lit or pressed
covered tile is `unrevealed`.

    python3 training/real/from_labels.py /tmp/sweep --game gnome            # training tiles
    python3 training/real/from_labels.py /tmp/sweep2 --game gnome --validation

Tiles are merged into real/tiles.npz (screenshot numbers follow the ones there).
"""

import argparse
import json
import sys
from pathlib import Path

import numpy as np
from PIL import Image

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
from tiles import CLASSES  # noqa: E402
from label import sample_cells, sample_jittered  # noqa: E402

# Board text characters -> class names (tiles.py's CLASSES).
CHAR_CLASS = {".": "unrevealed", "?": "question", "F": "flag", "*": "mine", "!": "exploded",
              "W": "wrong_flag", **{str(d): str(d) for d in range(9)}}


def found_of(label):
    """The grid of a label, in the form label.py's samplers take."""
    board = label["board"]
    return {"rows": label["rows"], "cols": label["cols"],
            "grid": {"x": board["x"], "y": board["y"],
                     "pitch_x": board["width"] / label["cols"],
                     "pitch_y": board["height"] / label["rows"]}}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("captures", type=Path)
    parser.add_argument("--game", required=True, help="the game's name in tiles.npz")
    parser.add_argument("--bottom", type=int, default=10**6,
                        help="skip captures whose board reaches below this row (the bottom of "
                        "a browser's page area)")
    parser.add_argument("--validation", action="store_true",
                        help="validation tiles (as sampled, never trained on)")
    args = parser.parse_args()
    pixels_bottom = args.bottom
    tiles, labels, shots = [], [], []
    captures = 0
    # Captures of one game share most looks: each (look, class) is kept once over them all.
    seen = set()
    for path in sorted(args.captures.glob("*.json")):
        label = json.loads(path.read_text())
        image = args.captures / label["image"]
        if not label.get("board") or not image.exists():
            continue
        rows = [row for row in label["tiles"] if row]
        board = label["board"]
        if board["y"] + board["height"] > pixels_bottom or board["x"] < 0 or board["y"] < 0:
            # Part of the board lies outside the picture (a page scrolled past it).
            continue
        if len(rows) != label["rows"] or any(len(r) != label["cols"] for r in rows):
            print(f"{path.name}: its tiles do not match its size; skipped", file=sys.stderr)
            continue
        classes = [CLASSES.index(CHAR_CLASS[ch]) for row in rows for ch in row]
        found = found_of(label)
        g = found["grid"]
        pixels = np.asarray(Image.open(image).convert("RGB"))
        if board["x"] + board["width"] > pixels.shape[1] or board["y"] + board["height"] > pixels.shape[0]:
            continue
        versions = [sample_cells(pixels, found, g["x"], g["y"], g["pitch_x"], g["pitch_y"])]
        if not args.validation:
            # A sweep already covers the pitches, so no rescaled copies (label.py's SCALES);
            # one sampling moved a little, as a grid found on another frame may place it.
            rng = np.random.default_rng(captures)
            versions.append(sample_jittered(image, found, rng))
        for version in versions:
            for tile, cls in zip(version.reshape(-1, 16, 16, 3), classes):
                key = (tile.tobytes(), cls)
                if key in seen:
                    continue
                seen.add(key)
                tiles.append(tile)
                labels.append(cls)
                shots.append(captures)
        captures += 1
    if not tiles:
        sys.exit(f"no labelled captures in {args.captures}")
    out = HERE / "tiles.npz"
    old = np.load(out)
    # Screenshot numbers stay distinct: the new ones follow the old.
    shot_ids = np.array(shots) + int(old["screenshot"].max()) + 1
    np.savez_compressed(
        out,
        tiles=np.concatenate([old["tiles"], np.array(tiles)]),
        labels=np.concatenate([old["labels"], np.array(labels)]),
        validation=np.concatenate([old["validation"], np.full(len(tiles), args.validation)]),
        screenshot=np.concatenate([old["screenshot"], shot_ids]),
        game=np.concatenate([old["game"], np.full(len(tiles), args.game)]),
    )
    counts = np.bincount(np.array(labels), minlength=len(CLASSES))
    print(f"{len(tiles)} tiles from {captures} captures added ({'validation' if args.validation else 'training'}); "
          "by class: " + ", ".join(f"{n} {c}" for n, c in zip(CLASSES, counts)))


if __name__ == "__main__":
    main()
