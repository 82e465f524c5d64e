#!/usr/bin/env python3
"""Writes fixtures of a Minesweeper skin the tile model never trained on, to test that minehint
reads a skin it has not seen.

The skin shares no style with synth.py's: covered tiles hatched with diagonal stripes on violet,
open tiles of cream with a thin grid, italic serif digits (a font synth.py never draws), a blue
pennant for a flag, a dark teal window around the board, at a fractional pitch. The games are
real positions: seeded mines, a first click opened as the games do (0s open their
neighbours), flags on some mines next to the open region.

    python3 training/unseen_skin.py    # fixtures/unseen-hatched-*.png and .json
"""

import json
import random
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parents[1]
FONT = "/usr/share/fonts/X11/Type1/URWBookman-LightItalic.pfb"
INKS = {1: (40, 70, 200), 2: (20, 130, 60), 3: (200, 40, 40), 4: (90, 30, 140),
        5: (150, 60, 20), 6: (20, 130, 140), 7: (30, 30, 30), 8: (110, 110, 110)}
COVERED, STRIPE, OPEN, LINE = (150, 120, 190), (120, 90, 165), (245, 236, 210), (200, 190, 165)
WINDOW = (20, 60, 70)


def game(cols, rows, mines, clicks, flags, seed):
    """A position: each tile `.`, `F` or a digit, after `clicks` first clicks on safe tiles."""
    rng = random.Random(seed)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    start = (rows // 2, cols // 2)
    away = [p for p in cells if max(abs(p[0] - start[0]), abs(p[1] - start[1])) > 1]
    mined = set(rng.sample(away, mines))

    def around(r, c):
        return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols]

    count = {p: sum(q in mined for q in around(*p)) for p in cells}
    shown = {}
    safe = [p for p in cells if p not in mined]
    for click in [start] + rng.sample(safe, clicks - 1):
        stack = [click]
        while stack:
            p = stack.pop()
            if p in shown:
                continue
            shown[p] = str(count[p])
            if count[p] == 0:
                stack.extend(q for q in around(*p) if q not in shown)
    edge = [p for p in mined if any(q in shown for q in around(*p))]
    for p in rng.sample(edge, min(flags, len(edge))):
        shown[p] = "F"
    return ["".join(shown.get((r, c), ".") for c in range(cols)) for r in range(rows)]


def render(tiles, pitch, margin):
    rows, cols = len(tiles), len(tiles[0])
    width = round(cols * pitch + 2 * margin)
    height = round(rows * pitch + 2 * margin)
    image = Image.new("RGB", (width, height), WINDOW)
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype(FONT, int(pitch * 0.75))
    for r, row in enumerate(tiles):
        for c, char in enumerate(row):
            x0, y0 = margin + c * pitch, margin + r * pitch
            box = [round(x0), round(y0), round(x0 + pitch) - 1, round(y0 + pitch) - 1]
            if char in ".F":
                draw.rectangle(box, fill=COVERED)
                # Diagonal stripes, clipped to the tile.
                for k in range(-int(pitch), int(pitch), 5):
                    for t in range(int(pitch)):
                        x, y = box[0] + t, box[1] + t + k
                        if box[1] <= y <= box[3] and x <= box[2]:
                            draw.point((x, y), fill=STRIPE)
                            if x + 1 <= box[2]:
                                draw.point((x + 1, y), fill=STRIPE)
                draw.rectangle(box, outline=(90, 60, 120))
                if char == "F":
                    w = pitch
                    draw.polygon([(x0 + w * 0.35, y0 + w * 0.2), (x0 + w * 0.75, y0 + w * 0.38),
                                  (x0 + w * 0.35, y0 + w * 0.56)], fill=(30, 90, 230))
                    draw.line([x0 + w * 0.35, y0 + w * 0.2, x0 + w * 0.35, y0 + w * 0.8],
                              fill=(20, 20, 20), width=2)
            else:
                draw.rectangle(box, fill=OPEN, outline=LINE)
                if char != "0":
                    draw.text((x0 + pitch / 2, y0 + pitch / 2), char, fill=INKS[int(char)],
                              font=font, anchor="mm")
    board = {"x": margin, "y": margin, "width": round(cols * pitch), "height": round(rows * pitch)}
    return image, board


def main():
    out = ROOT / "fixtures"
    for name, (cols, rows, mines, clicks, flags, pitch, seed) in {
        "unseen-hatched-16-16-40": (16, 16, 40, 2, 4, 27.5, 1),
        "unseen-hatched-30-16-99": (30, 16, 99, 3, 6, 21.25, 2),
        "unseen-hatched-9-9-10": (9, 9, 10, 1, 1, 41.0, 3),
    }.items():
        tiles = game(cols, rows, mines, clicks, flags, seed)
        image, board = render(tiles, pitch, margin=40)
        image.save(out / f"{name}.png")
        label = {"image": f"{name}.png", "board": board, "rows": rows, "cols": cols,
                 "mines": mines, "tiles": tiles}
        (out / f"{name}.json").write_text(json.dumps(label, indent=1) + "\n")
        print(f"{name}.png: {cols}x{rows}")


if __name__ == "__main__":
    main()
