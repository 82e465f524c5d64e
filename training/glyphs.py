"""Draws the glyph sheet that the text counter reads digits with (models/glyphs.png).

GNOME Mines shows its mine counter as text ("3/40") in the desktop's font, so minehint matches
each character against these renderings of "0123456789/" in the sans fonts desktops use, at every
size a counter is drawn in, both hinted on whole pixels and unhinted at half-pixel offsets (how
GTK may place them). Each row of the sheet is one font, size and placement: the eleven characters
in order, black on white, a slot apart. The Rust side (src/vision/counter/text_counter.rs) cuts the sheet
up with the same code that cuts up a screenshot, so templates and glyphs are measured alike.

`--held-out` draws, instead, a test sheet of counter strings in fonts the sheet does not use
(tests/data/glyphs-held-out.png plus its strings): the test that reads it shows the matcher is
not tied to the template fonts.

    apt-get install fonts-dejavu-core fonts-cantarell fonts-inter fonts-noto-core \
        fonts-liberation2 fonts-roboto-unhinted fonts-open-sans
    python3 training/glyphs.py              # -> models/glyphs.png
    python3 training/glyphs.py --held-out   # -> tests/data/glyphs-held-out.{png,txt}
"""

import argparse
import pathlib
import random

import numpy as np
from PIL import Image, ImageDraw, ImageFont

ROOT = pathlib.Path(__file__).resolve().parent.parent
CHARS = "0123456789/"
FONTS = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/opentype/cantarell/Cantarell-Regular.otf",
    "/usr/share/fonts/opentype/cantarell/Cantarell-Bold.otf",
    "/usr/share/fonts/opentype/inter/Inter-Regular.otf",
    "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",
]
HELD_OUT = [
    "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf",
    "/usr/share/fonts/truetype/open-sans/OpenSans-Regular.ttf",
    "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf",
]
# Font sizes in pixels: digits from about 7 to 22 pixels tall.
SIZES = range(10, 31)
# Unhinted renderings are drawn this many times larger and averaged down.
SCALE = 4


def render(text, path, size, offset, gap, whole=False):
    """`text` in the font at `path`, `size` px, black on white, one character per slot of
    `size + gap` px (or, `whole`, as one string). offset None: hinted, on whole pixels; (dx, dy): drawn SCALE times larger,
    moved by that fraction of a pixel and box-filtered down (unhinted, sub-pixel placed)."""
    scale = 1 if offset is None else SCALE
    font = ImageFont.truetype(path, size * scale)
    slot = (size + gap) * scale
    height = int(size * 1.7) * scale
    image = Image.new("L", (slot * len(text) + gap * scale, height), 255)
    draw = ImageDraw.Draw(image)
    dx, dy = (0, 0) if offset is None else (round(offset[0] * SCALE), round(offset[1] * SCALE))
    top = int(0.2 * size) * scale + dy
    if whole:
        # As a program draws it: one string, the font's own advances.
        draw.text((gap * scale + dx, top), text, font=font, fill=0)
    else:
        for i, ch in enumerate(text):
            draw.text((gap * scale + i * slot + dx, top), ch, font=font, fill=0)
    if scale == 1:
        return np.asarray(image)
    a = np.asarray(image, dtype=np.float64)
    h, w = a.shape[0] // scale, a.shape[1] // scale
    a = a[: h * scale, : w * scale].reshape(h, scale, w, scale).mean(axis=(1, 3))
    return np.round(a).astype(np.uint8)


def stack(rows, space=3):
    """Rows one above the other, left-aligned, `space` blank pixel rows apart."""
    width = max(r.shape[1] for r in rows)
    blank = np.full((space, width), 255, np.uint8)
    parts = [blank]
    for r in rows:
        parts.append(np.pad(r, ((0, 0), (0, width - r.shape[1])), constant_values=255))
        parts.append(blank)
    return np.vstack(parts)


def sheet():
    rows = []
    for path in FONTS:
        for size in SIZES:
            for offset in (None, (0.0, 0.0), (0.5, 0.5)):
                rows.append(render(CHARS, path, size, offset, gap=4))
    return stack(rows)


def held_out(seed=7):
    """Counter strings ("flags/total") in fonts the sheet leaves out, with their text."""
    rng = random.Random(seed)
    rows, texts = [], []
    for path in HELD_OUT:
        for size in range(11, 25, 2):
            flags, total = rng.randrange(0, 100), rng.randrange(10, 1000)
            text = f"{flags}/{total}"
            offset = rng.choice([None, (0.25, 0.5), (0.5, 0.0)])
            rows.append(render(text, path, size, offset, gap=4, whole=True))
            texts.append(text)
    # As far apart as a counter and the timer below it.
    return stack(rows, space=12), texts


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--held-out", action="store_true", help="draw the held-out test sheet")
    args = parser.parse_args()
    if args.held_out:
        image, texts = held_out()
        out = ROOT / "tests" / "data" / "glyphs-held-out"
        Image.fromarray(image).save(out.with_suffix(".png"), optimize=True)
        out.with_suffix(".txt").write_text("\n".join(texts) + "\n")
        print(f"{out}.png: {len(texts)} strings, {image.shape[1]}x{image.shape[0]}")
    else:
        image = sheet()
        out = ROOT / "models" / "glyphs.png"
        Image.fromarray(image).save(out, optimize=True)
        print(f"{out}: {image.shape[1]}x{image.shape[0]}, {out.stat().st_size} bytes")


if __name__ == "__main__":
    main()
