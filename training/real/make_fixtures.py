#!/usr/bin/env python3
"""Writes fixtures/: chosen screenshots of real games, each with its label file.

A label (NAME.json) holds the board rectangle, rows, cols and one string per row of tile classes:
`.` unrevealed, `F` flag, `?` question mark, `0`-`8`, `*` mine, `!` exploded mine, `W` wrong flag.
Tile classes come from the hand-labelled looks (label.py); the rectangle of an original screenshot
is the one calibration found, checked by eye on the annotated image, and every derived fixture
(a crop, a rescale, JPEG, GIF) gets its rectangle by the same transformation, not by detection.

    python3 training/real/make_fixtures.py CAPTURES
    python3 training/real/make_fixtures.py CAPTURES --games   # fresh, mid, end per setting only
    python3 training/real/make_fixtures.py WON --won   # won games from play.py
"""

import json
import sys
from pathlib import Path

import numpy as np
from PIL import Image

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
import evaluate  # noqa: E402
import label  # noqa: E402

ROOT = HERE.parents[1]
OUT = ROOT / "fixtures"
CHARS = {"unrevealed": ".", "flag": "F", "question": "?", "mine": "*", "exploded": "!",
         "wrong_flag": "W", **{str(n): str(n) for n in range(9)}}


def classify(path, binary):
    try:
        found, classes = label.labelled_tiles(binary, path)
    except label.Unlabelled as why:
        raise SystemExit(f"{path.name}: {why}")
    return found, ["".join(CHARS[c] for c in row) for row in classes]


def mines_of(name):
    """The game's mine total, from the setting in the capture's name."""
    return evaluate.setting(name)[2]


def write(name, image, board, rows_text):
    OUT.mkdir(exist_ok=True)
    suffix = {"JPEG": ".jpg", "GIF": ".gif"}.get(image.format_hint, ".png")
    image_path = OUT / f"{name}{suffix}"
    if suffix == ".jpg":
        image.save(image_path, quality=85)
    else:
        image.save(image_path)
    label_data = {"image": image_path.name, "board": board, "rows": len(rows_text),
                  "cols": len(rows_text[0]), "mines": mines_of(name), "tiles": rows_text}
    (OUT / f"{name}.json").write_text(json.dumps(label_data, indent=1) + "\n")
    print(f"{image_path.name}: {label_data['cols']}x{label_data['rows']}")


def main():
    captures = Path(sys.argv[1])
    binary = str(ROOT / "target/release/minehint")

    # A screenshot as a fixture, through `transform` (image, board) -> (image, board): a derived
    # fixture's geometry follows from the transformation.
    def derive(source, name, transform, fmt="PNG"):
        found, rows_text = classify(captures / source, binary)
        image = Image.open(captures / source).convert("RGB")
        image, board = transform(image, found["board"])
        image.format_hint = fmt
        if fmt == "GIF":
            image = image.quantize(colors=256)
            image.format_hint = "GIF"
        write(name, image, board, rows_text)

    same = lambda i, b: (i, b)  # noqa: E731
    if sys.argv[2:] == ["--won"]:
        # Won games played by play.py: NAME-I-won.png, the last screenshot of each.
        for shot in sorted(captures.glob("*-won.png")):
            derive(shot.name, shot.stem, same)
        return
    settings = sorted({p.name.rsplit("-", 1)[0] for p in captures.glob("*-r1-*.png")})
    for setting in settings:
        cols, rows, _ = evaluate.setting(setting)
        # Only screenshots whose whole board calibration finds (a board whose top rows are all
        # open shows no tile edges there; such a capture is no fixture of the whole board).
        shots = [s for s in sorted(captures.glob(f"{setting}-*.png"))
                 if (lambda f: f and (f["cols"], f["rows"]) == (cols, rows))(
                     label.grid_of(binary, s))]
        if not shots:
            continue
        picks = {shots[0]: "fresh", shots[len(shots) // 2]: "mid", shots[-1]: "end"}
        for shot, stage in picks.items():
            derive(shot.name, f"{setting.replace('-r1', '')}-{stage}", same)
    if sys.argv[2:] == ["--games"]:
        return

    def crop_window(margin):
        def go(image, b):
            x0, y0 = max(0, b["x"] - margin), max(0, b["y"] - margin)
            x1 = min(image.width, b["x"] + b["width"] + margin)
            y1 = min(image.height, b["y"] + b["height"] + margin)
            return image.crop((x0, y0, x1, y1)), {**b, "x": b["x"] - x0, "y": b["y"] - y0}
        return go

    def scale(factor):
        def go(image, b):
            size = (round(image.width * factor), round(image.height * factor))
            scaled = image.resize(size, Image.BILINEAR)
            return scaled, {k: round(v * factor) for k, v in b.items()}
        return go

    last = lambda s: sorted(captures.glob(f"{s}-r1-*.png"))[-1].name  # noqa: E731
    mid = lambda s: (lambda l: l[len(l) // 2].name)(sorted(captures.glob(f"{s}-r1-*.png")))  # noqa: E731
    derive(mid("xdemineur-30-16-99"), "xdemineur-30-16-99-tight", crop_window(0))
    derive(mid("gnome-classic-medium-900-700"), "gnome-classic-medium-window", crop_window(60))
    derive(mid("gnome-default-medium-1000-760"), "gnome-default-medium-jpeg", same, "JPEG")
    derive(mid("gnome-bgcolors-small-800-640"), "gnome-bgcolors-small-gif", same, "GIF")
    derive(mid("xdemineur-16-16-40"), "xdemineur-16-16-40-x1.5", scale(1.5))
    derive(last("gnome-classic-big-1400-800"), "gnome-classic-big-x0.75", scale(0.75))


if __name__ == "__main__":
    main()
