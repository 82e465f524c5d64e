"""A renderer of many Minesweeper tile skins, for training data.

Each sample is a 3x3 block of tiles drawn at a random fractional pitch (12-64 px) in one random
skin; the middle tile is the labelled one and is cut out with the same sampler the Rust code uses,
so the classifier sees tiles exactly as `minehint` will hand them over, gaps and neighbours
included. Skins: the classic raised-grey look, stippled covered tiles, flat looks with gaps and
rounded corners, checkerboards, and glossy tiles shaded top to bottom, each in light and dark
themes, with bevelled or flat covered tiles, digits in several fonts and weights, own digit
colours, pale digits barely darker than their tile, digits taller than the tile that spill onto
the neighbours, digits as X11 image strings (the character cell filled), question marks and flags
in any ink, mines as spiked balls, cartoon bombs or the emoji bomb, blocky digits, a translucent
board over a shaded background, and a hover highlight; then blur, JPEG, palette reduction, colour
shifts, sub-pixel offsets and a mouse cursor now and then.

The fonts beyond DejaVu come from Debian's fonts-urw-base35, fonts-cantarell and
fonts-noto-color-emoji; a font that is not installed is left out (the model then sees fewer digit
and symbol shapes).
"""

import os

import functools
import io
import random

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from tiles import CLASSES, sample_cell

# Colour emoji (Debian's fonts-noto-color-emoji): many web clones draw their mines and flags as
# the emoji of the player's system font. Left out when the font is not installed.
EMOJI_FONT = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
HAVE_EMOJI = os.path.exists(EMOJI_FONT)
EMOJI = {"mine": "\U0001F4A3", "flag": "\U0001F6A9"}

FONTS = [path for path in [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
    "/usr/share/fonts/opentype/cantarell/Cantarell-Bold.otf",
    "/usr/share/fonts/opentype/cantarell/Cantarell-Regular.otf",
    "/usr/share/fonts/X11/Type1/NimbusSans-Bold.pfb",
    "/usr/share/fonts/X11/Type1/NimbusSansNarrow-Bold.pfb",
    "/usr/share/fonts/X11/Type1/NimbusMonoPS-Bold.pfb",
    "/usr/share/fonts/X11/Type1/URWGothic-Demi.pfb",
    "/usr/share/fonts/X11/Type1/C059-Bold.pfb",
] if os.path.exists(path)]

# Digits as blocks on a grid of 6 x 8 cells, bold and square, the way the classic Windows game and
# the many clones of its look draw them: no font here has their flat, blocky shapes. Two 4s: the
# closed one and the open one.
BLOCKY = {
    "1": ["..##..", ".###..", "..##..", "..##..", "..##..", "..##..", "..##..", ".####."],
    "2": [".####.", "##..##", "....##", "...##.", "..##..", ".##...", "##....", "######"],
    "2f": ["#####.", "....##", "....##", "...##.", "..##..", ".##...", "##....", "######"],
    "3": ["#####.", "....##", "....##", "..###.", "....##", "....##", "....##", "#####."],
    "4": ["...##.", "..###.", ".####.", "##.##.", "######", "...##.", "...##.", "...##."],
    "4o": ["##..##", "##..##", "##..##", "######", "....##", "....##", "....##", "....##"],
    "5": ["######", "##....", "##....", "#####.", "....##", "....##", "....##", "#####."],
    "6": [".####.", "##....", "##....", "#####.", "##..##", "##..##", "##..##", ".####."],
    "7": ["######", "....##", "....##", "...##.", "...##.", "..##..", "..##..", "..##.."],
    "8": [".####.", "##..##", "##..##", ".####.", "##..##", "##..##", "##..##", ".####."],
}

CLASSIC_DIGITS = {1: (0, 0, 255), 2: (0, 128, 0), 3: (255, 0, 0), 4: (0, 0, 128),
                  5: (128, 0, 0), 6: (0, 128, 128), 7: (0, 0, 0), 8: (128, 128, 128)}


def jitter(colour, rng, amount):
    return tuple(int(min(255, max(0, c + rng.randint(-amount, amount)))) for c in colour)


def random_skin(rng):
    """A skin: how every kind of tile looks."""
    kind = rng.choice(["classic", "classic", "stipple", "flat", "flat", "rounded", "checker",
                       "glossy"])
    dark = kind not in ("classic", "stipple") and rng.random() < 0.35
    skin = {"kind": kind, "dark": dark}
    if kind in ("classic", "stipple"):
        grey = rng.randint(180, 200)
        skin.update(hidden=(grey,) * 3, revealed=(grey,) * 3, line=(128, 128, 128),
                    light=(255, 255, 255), shade=(128, 128, 128), gap=0,
                    bevel=rng.uniform(0.08 if kind == "classic" else 0.05, 0.16),
                    digits=dict(CLASSIC_DIGITS))
        if kind == "stipple":
            # Covered faces of alternating pixels (xbomb's, and old X11 games'): no flat colour.
            skin["stipple"] = (jitter((grey + 25,) * 3, rng, 10), jitter((grey - 45,) * 3, rng, 15))
    else:
        if dark:
            hidden = jitter((rng.randint(60, 110),) * 3, rng, 25)
            revealed = jitter((rng.randint(25, 50),) * 3, rng, 12)
            back = jitter((rng.randint(10, 30),) * 3, rng, 8)
        else:
            hidden = jitter(rng.choice([(186, 189, 182), (170, 215, 81), (120, 150, 210),
                                        (160, 160, 160), (200, 200, 200)]), rng, 20)
            revealed = jitter(rng.choice([(222, 222, 220), (229, 194, 159), (240, 240, 240),
                                          (210, 210, 210)]), rng, 12)
            back = jitter(rng.choice([(246, 245, 244), (255, 255, 255), (120, 120, 120),
                                      (90, 90, 90)]), rng, 10)
        digits = dict(CLASSIC_DIGITS)
        if rng.random() < 0.3:
            # Some skins colour digits their own way (GNOME's bgcolors: dark digits on a tile
            # coloured by the number): the shape has to carry the class, not only the colour.
            inks = [(230, 230, 230), (200, 220, 255)] if dark else [(40, 40, 40), (60, 90, 120)]
            ink = jitter(rng.choice(inks), rng, 20)
            digits = {k: ink for k in digits}
        elif dark or rng.random() < 0.3:
            # Dark themes brighten the digits so they read on a dark tile.
            digits = {k: tuple(min(255, c + 110) for c in v) for k, v in digits.items()}
        skin.update(hidden=hidden, revealed=revealed, back=back, digits=digits,
                    gap=0 if kind == "checker" else rng.choice([0, 1, 1, 2, 3, 4]),
                    radius=rng.uniform(0.1, 0.3) if kind == "rounded" else 0.0,
                    line=jitter(back, rng, 0),
                    step=rng.randint(6, 14))
        if kind == "glossy":
            # Each tile shaded top to bottom, lit at the top (Windows 7's and many web clones'):
            # no two pixels of a face alike, and the covered faces often a saturated blue.
            if not dark and rng.random() < 0.6:
                skin["hidden"] = jitter(rng.choice([(70, 110, 200), (90, 140, 220), (60, 160, 90),
                                                    (150, 170, 190)]), rng, 20)
            skin.update(glossy=rng.uniform(0.15, 0.45), radius=rng.uniform(0.0, 0.2))
        if rng.random() < 0.3:
            # Covered tiles drawn raised, with their own light and shade, on a flat open board.
            skin.update(raised=True, bevel=rng.uniform(0.04, 0.14),
                        light=tuple(min(255, c + 50) for c in hidden),
                        shade=tuple(max(0, c - 60) for c in hidden))
    if rng.random() < 0.12:
        # A skin with its own digit colours: the shape carries the class.
        skin["digits"] = {k: jitter((rng.randint(0, 255), rng.randint(0, 255), rng.randint(0, 255)),
                                    rng, 0) for k in skin["digits"]}
    if rng.random() < 0.12:
        # Pale digits: some skins draw a number in a light tint of its colour (xdemineur's violet
        # 5), barely darker than the open tile it sits on. The shape must still carry the class.
        base = skin["revealed"]
        t = rng.uniform(0.35, 0.7)
        skin["digits"] = {k: tuple(int(c * (1 - t) + b * t) for c, b in zip(v, base))
                          for k, v in skin["digits"].items()}
    # Blocky digits are drawn, not set in a font; such a skin's question marks take a plain one.
    skin["blocky"] = rng.random() < 0.12
    skin["font"] = FONTS[0] if skin["blocky"] else rng.choice(FONTS)
    skin["open_four"] = rng.random() < 0.5
    skin["flat_two"] = rng.random() < 0.5
    skin["blocky_width"] = rng.uniform(1.0, 1.6)
    # Digit height as a share of the pitch. Old X core fonts at small tiles draw digits taller than
    # the tile (xbomb's at 20 px), spilling over its edges and onto the neighbours.
    skin["digit_scale"] = (rng.uniform(0.85, 1.3) if rng.random() < 0.1
                           else rng.uniform(0.55, 0.8))
    # The question mark's ink: mostly black (white on dark themes), else a digit's colour or a
    # colour of the skin's own, so the mark's shape, not its colour, tells it from a digit.
    plain = (230, 230, 230) if dark else (0, 0, 0)
    roll = rng.random()
    skin["question"] = (plain if roll < 0.6 else
                        rng.choice(list(skin["digits"].values())) if roll < 0.8 else
                        jitter((rng.randint(0, 255), rng.randint(0, 255), rng.randint(0, 255)),
                               rng, 0))
    # Most skins draw a red flag; GNOME's draws a dark one, so shape must carry the class.
    skin["flag"] = jitter(rng.choice([(220, 20, 20), (220, 20, 20), (40, 44, 48)]), rng, 30)
    # The pole and its foot: black, but white or grey in the dark themes that invert the
    # classic look.
    skin["pole"] = (0, 0, 0) if rng.random() < 0.7 else jitter(
        rng.choice([(255, 255, 255), (200, 200, 200), (90, 90, 90)]), rng, 10)
    if rng.random() < 0.2:
        # Flags in a skin's own colour (blue, orange, yellow pennants): the shape carries it.
        skin["flag"] = (rng.randint(0, 255), rng.randint(0, 255), rng.randint(0, 255))
    # Digits drawn the way X11's image strings draw them: the character cell filled with one
    # colour and the glyph in another, the cell often taller than the tile (xbomb at 20 px).
    skin["boxed"] = rng.random() < 0.06
    skin["boxed_reverse"] = rng.random() < 0.3
    skin["cross"] = rng.choice([(255, 0, 0), (0, 0, 0)])
    # How the skin draws a mine: the classic spiked ball (white where a dark theme inverts the
    # classic look), a cartoon bomb of its own, or the emoji of the system's font.
    roll = rng.random()
    skin["mine_style"] = ("classic" if roll < 0.55 else "bomb" if roll < 0.8 or not HAVE_EMOJI
                          else "emoji")
    skin["flag_emoji"] = HAVE_EMOJI and rng.random() < 0.05
    skin["mine_inverted"] = rng.random() < 0.1
    skin["emoji_scale"] = rng.uniform(0.5, 0.85)
    # Dark, nearly neutral bodies: a coloured body came to look like a digit of its colour (a
    # green body like minesweeper-for-web's green "2").
    body = jitter(rng.choice([(30, 30, 30), (60, 60, 60), (25, 30, 45), (0, 0, 0)]), rng, 10)
    skin["bomb"] = dict(
        radius=rng.uniform(0.18, 0.34), dx=rng.uniform(-0.08, 0.03), dy=rng.uniform(-0.02, 0.08),
        body=body, fuse=rng.random() < 0.7, fuse_ink=jitter((150, 110, 60), rng, 40),
        spark=rng.random() < 0.7, spark_size=rng.uniform(0.3, 0.6),
        spark_ink=jitter(rng.choice([(255, 200, 0), (255, 140, 0), (240, 60, 20)]), rng, 20),
        shine=rng.random() < 0.6, shine_ink=tuple(min(255, c + 70) for c in body))
    return skin


def tile_colour(skin, colour, row, col):
    if skin["kind"] == "checker" and (row + col) % 2:
        return tuple(max(0, c - skin["step"]) for c in colour)
    return colour


def draw_raised(draw, box, skin, colour):
    x0, y0, x1, y1 = box
    b = max(1, round((x1 - x0) * skin["bevel"]))
    draw.rectangle([x0, y0, x1 - 1, y1 - 1], fill=skin["shade"])
    draw.polygon([(x0, y0), (x1 - 1, y0), (x1 - 1 - b, y0 + b), (x0 + b, y1 - 1 - b),
                  (x0, y1 - 1)], fill=skin["light"])
    draw.rectangle([x0 + b, y0 + b, x1 - 1 - b, y1 - 1 - b], fill=colour)


def draw_stipple(draw, box, skin):
    """The raised tile's face as a one-pixel checker of two greys."""
    x0, y0, x1, y1 = box
    b = max(1, round((x1 - x0) * skin["bevel"]))
    one, other = skin["stipple"]
    for y in range(y0 + b, y1 - b):
        for x in range(x0 + b, x1 - b):
            draw.point((x, y), fill=one if (x + y) % 2 else other)


def shade_through(image, rng):
    """A translucent board over a shaded background: a smooth gradient shows through every tile,
    so one kind of tile changes colour across the board."""
    size = image.size[0]
    angle = rng.uniform(0, 2 * np.pi)
    ys, xs = np.mgrid[0:size, 0:size].astype(np.float32) / size
    ramp = (np.cos(angle) * xs + np.sin(angle) * ys)[..., None]
    low, high = rng.randint(60, 140), rng.randint(150, 240)
    back = low + (high - low) * (ramp - ramp.min()) / max(1e-6, float(np.ptp(ramp)))
    alpha = rng.uniform(0.1, 0.35)
    out = np.asarray(image).astype(np.float32) * (1 - alpha) + back * alpha
    return Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))


def draw_glossy(draw, box, skin, colour):
    """A face shaded from light at the top to dark at the bottom, within the skin's gap, its
    corners rounded by insetting the rows near the top and bottom."""
    x0, y0, x1, y1 = box
    gap = skin["gap"]
    left, top = x0 + gap / 2, round(y0 + gap / 2)
    right, bottom = x1 - gap / 2 - 1, round(y1 - gap / 2) - 1
    height = max(1, bottom - top + 1)
    radius = skin.get("radius", 0.0) * (x1 - x0)
    for y in range(top, bottom + 1):
        shade = 1 + skin["glossy"] * (1 - 2 * (y - top) / max(1, height - 1))
        edge = min(y - top, bottom - y)
        inset = radius - np.sqrt(max(0.0, radius ** 2 - (radius - edge) ** 2)) if edge < radius else 0
        ink = tuple(int(min(255, max(0, c * shade))) for c in colour)
        draw.line([left + inset, y, right - inset, y], fill=ink)


def draw_flat(draw, box, skin, colour):
    x0, y0, x1, y1 = box
    gap = skin["gap"]
    inner = [x0 + gap / 2, y0 + gap / 2, x1 - gap / 2 - 1, y1 - gap / 2 - 1]
    radius = skin.get("radius", 0.0) * (x1 - x0)
    if radius >= 1:
        draw.rounded_rectangle(inner, radius=radius, fill=colour)
    else:
        draw.rectangle(inner, fill=colour)


def draw_blocky(draw, box, text, colour, scale, skin):
    """`text` (a digit) from `BLOCKY`, `scale` of the tile high and as wide as the skin draws
    its digits (some nearly fill the tile's width)."""
    x0, y0, x1, y1 = box
    variant = {"4": "4o" if skin["open_four"] else "4", "2": "2f" if skin["flat_two"] else "2"}
    rows = BLOCKY[variant.get(text, text)]
    cell = (y1 - y0) * scale / len(rows)
    wide = cell * skin["blocky_width"]
    left = (x0 + x1) / 2 - wide * len(rows[0]) / 2
    top = (y0 + y1) / 2 - cell * len(rows) / 2
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            if ch == "#":
                # At small tiles a cell is under a pixel: each block is at least one.
                bx, by = round(left + c * wide), round(top + r * cell)
                draw.rectangle([bx, by, max(bx, round(left + (c + 1) * wide) - 1),
                                max(by, round(top + (r + 1) * cell) - 1)], fill=colour)


def draw_text(draw, box, text, colour, font_path, scale):
    x0, y0, x1, y1 = box
    size = max(6, int((y1 - y0) * scale))
    font = ImageFont.truetype(font_path, size)
    draw.text(((x0 + x1) / 2, (y0 + y1) / 2), text, fill=colour, font=font, anchor="mm")


def draw_boxed(draw, box, text, skin, scale):
    """A digit as an image string: its character cell filled with the digit's colour, the glyph
    cut out in the open tile's colour (or the reverse)."""
    x0, y0, x1, y1 = box
    font = ImageFont.truetype(skin["font"], max(6, int((y1 - y0) * scale)))
    centre = ((x0 + x1) / 2, (y0 + y1) / 2)
    left, top, right, bottom = draw.textbbox(centre, text, font=font, anchor="mm")
    pad = (right - left) * 0.15
    ink, paper = skin["digits"][int(text)], skin["revealed"]
    if skin.get("boxed_reverse"):
        ink, paper = paper, ink
    draw.rectangle([left - pad, top - pad, right + pad, bottom + pad], fill=ink)
    draw.text(centre, text, fill=paper, font=font, anchor="mm")


def draw_mine(draw, box, colour=(0, 0, 0), shine=(255, 255, 255)):
    x0, y0, x1, y1 = box
    w = x1 - x0
    cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, w * 0.22
    draw.line([cx - r * 1.5, cy, cx + r * 1.5, cy], fill=colour, width=max(1, int(w / 14)))
    draw.line([cx, cy - r * 1.5, cx, cy + r * 1.5], fill=colour, width=max(1, int(w / 14)))
    draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour)
    draw.rectangle([cx - r / 2, cy - r / 2, cx - r / 4, cy - r / 4], fill=shine)


def draw_bomb(draw, box, skin):
    """A cartoon bomb, the way web clones draw their own: a round body, often lit on one side,
    often with a fuse and a spark, in the skin's own colours and proportions."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    look = skin["bomb"]
    r = w * look["radius"]
    cx, cy = (x0 + x1) / 2 + w * look["dx"], (y0 + y1) / 2 + w * look["dy"]
    if look["fuse"]:
        # The fuse leaves the body up and to the right, and the spark sits at its end.
        fx, fy = cx + r * 0.7, cy - r * 0.7
        ex, ey = fx + r * 0.45, fy - r * 0.55
        draw.line([fx, fy, ex, ey], fill=look["fuse_ink"], width=max(1, int(w / 18)))
        if look["spark"]:
            s = r * look["spark_size"]
            points = []
            for i in range(10):
                a = i * np.pi / 5
                k = s if i % 2 == 0 else s * 0.45
                points.append((ex + k * np.cos(a), ey + k * np.sin(a)))
            draw.polygon(points, fill=look["spark_ink"])
    draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=look["body"])
    if look["shine"]:
        h = r * 0.35
        hx, hy = cx - r * 0.35, cy - r * 0.35
        draw.ellipse([hx - h, hy - h, hx + h, hy + h], fill=look["shine_ink"])


@functools.cache
def emoji_glyph(char):
    """`char` drawn by the colour emoji font, cropped to its ink. Noto's colour glyphs are
    bitmaps at 109 px only: each is drawn once and scaled down for every tile."""
    font = ImageFont.truetype(EMOJI_FONT, 109)
    glyph = Image.new("RGBA", (140, 140), (0, 0, 0, 0))
    ImageDraw.Draw(glyph).text((4, 4), char, font=font, embedded_color=True)
    return glyph.crop(glyph.getbbox())


def draw_emoji(image, box, char, scale):
    """`char` from the colour emoji font, scaled to `scale` of the tile and centred on it."""
    glyph = emoji_glyph(char)
    x0, y0, x1, y1 = box
    size = max(4, int((x1 - x0) * scale))
    small = glyph.resize((size, max(4, int(size * glyph.height / glyph.width))), Image.LANCZOS)
    at = (int((x0 + x1 - small.width) / 2), int((y0 + y1 - small.height) / 2))
    image.paste(small, at, small)


def draw_flag(draw, box, skin):
    x0, y0, x1, y1 = box
    w = x1 - x0
    cx = (x0 + x1) / 2
    draw.polygon([(cx + w * 0.05, y0 + w * 0.2), (cx + w * 0.05, y0 + w * 0.5),
                  (cx - w * 0.25, y0 + w * 0.35)], fill=skin["flag"])
    pole = skin["pole"]
    draw.line([cx + w * 0.05, y0 + w * 0.2, cx + w * 0.05, y0 + w * 0.72], fill=pole,
              width=max(1, int(w / 16)))
    draw.rectangle([cx - w * 0.2, y0 + w * 0.68, cx + w * 0.25, y0 + w * 0.76], fill=pole)


def draw_pennant(draw, box, skin):
    """GNOME's flag: a pole on the left and a pennant to the right, no base."""
    x0, y0, _, _ = box
    w = box[2] - x0
    draw.rectangle([x0 + w * 0.25, y0 + w * 0.15, x0 + w * 0.33, y0 + w * 0.8], fill=skin["flag"])
    draw.polygon([(x0 + w * 0.33, y0 + w * 0.15), (x0 + w * 0.75, y0 + w * 0.35),
                  (x0 + w * 0.33, y0 + w * 0.52)], fill=skin["flag"])


def draw_tile(image, draw, box, label, skin, row, col, rng):
    name = CLASSES[label]
    hidden = name in ("unrevealed", "flag", "question") or (
        name == "wrong_flag" and rng.random() < 0.5)
    colour = skin["exploded"] if name == "exploded" else skin["hidden"] if hidden else skin["revealed"]
    colour = tile_colour(skin, colour, row, col)
    if skin["kind"] in ("classic", "stipple"):
        if hidden:
            draw_raised(draw, box, skin, colour)
            if "stipple" in skin:
                draw_stipple(draw, box, skin)
        else:
            x0, y0, x1, y1 = box
            draw.rectangle([x0, y0, x1 - 1, y1 - 1], fill=colour)
            draw.line([x0, y0, x1 - 1, y0], fill=skin["line"])
            draw.line([x0, y0, x0, y1 - 1], fill=skin["line"])
    elif hidden and skin.get("raised"):
        draw_raised(draw, box, skin, colour)
    elif "glossy" in skin:
        draw_glossy(draw, box, skin, colour)
    else:
        draw_flat(draw, box, skin, colour)
    if name == "flag":
        if skin["flag_emoji"]:
            draw_emoji(image, box, EMOJI["flag"], skin["emoji_scale"])
        elif rng.random() < 0.4:
            draw_pennant(draw, box, skin)
        else:
            draw_flag(draw, box, skin)
    elif name == "question":
        ink = skin["question"]
        if rng.random() < 0.4:
            # GNOME's look: the flag with a small "?" at its foot, which tells it from a flag.
            draw_pennant(draw, box, skin)
            x0, y0, x1, y1 = box
            w = x1 - x0
            corner = (x0 + w * 0.58, y0 + w * 0.52, x0 + w * 0.82, y0 + w * 0.86)
            draw_text(draw, corner, "?", ink, skin["font"], rng.uniform(0.9, 1.2))
        else:
            draw_text(draw, box, "?", ink, skin["font"], rng.uniform(0.5, 0.85))
    elif name in "12345678":
        scale = skin["digit_scale"] * rng.uniform(0.95, 1.05)
        if skin["blocky"]:
            draw_blocky(draw, box, name, skin["digits"][int(name)], scale, skin)
        elif skin["boxed"]:
            draw_boxed(draw, box, name, skin, scale)
        else:
            draw_text(draw, box, name, skin["digits"][int(name)], skin["font"], scale)
    elif name == "mine" and skin["mine_style"] == "emoji":
        draw_emoji(image, box, EMOJI["mine"], skin["emoji_scale"])
    elif name == "mine" and skin["mine_style"] == "bomb":
        draw_bomb(draw, box, skin)
    elif name == "mine" and skin["mine_inverted"]:
        # Dark themes that invert the classic look draw the ball white, its shine dark.
        draw_mine(draw, box, (245, 245, 245), (60, 60, 60))
    elif name in ("mine", "exploded"):
        # The exploded mine keeps the classic ball on its red face: drawn as a bomb or an emoji
        # there, its spark and colours on the red came to look like a red digit (a red "3" read as
        # exploded). A bomb on a red face still reads as a mine, which the board reading takes
        # as a lost game all the same.
        draw_mine(draw, box)
    elif name == "wrong_flag":
        if hidden:
            draw_flag(draw, box, skin)
        else:
            draw_mine(draw, box)
        x0, y0, x1, y1 = box
        w = x1 - x0
        width = max(1, int(w / 10))
        draw.line([x0 + w * 0.2, y0 + w * 0.2, x1 - w * 0.2, y1 - w * 0.2], fill=skin["cross"],
                  width=width)
        draw.line([x1 - w * 0.2, y0 + w * 0.2, x0 + w * 0.2, y1 - w * 0.2], fill=skin["cross"],
                  width=width)


def draw_cursor(draw, x, y, size):
    points = [(x, y), (x, y + size), (x + size * 0.28, y + size * 0.75),
              (x + size * 0.5, y + size * 1.1), (x + size * 0.62, y + size * 1.0),
              (x + size * 0.42, y + size * 0.68), (x + size * 0.75, y + size * 0.68)]
    draw.polygon(points, fill=(255, 255, 255), outline=(0, 0, 0))


def degrade(image, rng):
    if rng.random() < 0.25:
        image = image.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 1.0)))
    if rng.random() < 0.3:
        buffer = io.BytesIO()
        image.save(buffer, "JPEG", quality=rng.randint(40, 95))
        image = Image.open(io.BytesIO(buffer.getvalue())).convert("RGB")
    if rng.random() < 0.15:
        image = image.quantize(colors=rng.choice([16, 32, 64, 256])).convert("RGB")
    if rng.random() < 0.3:
        array = np.asarray(image).astype(np.int16)
        shift = np.array([rng.randint(-20, 20) for _ in range(3)], np.int16)
        image = Image.fromarray(np.clip(array + shift, 0, 255).astype(np.uint8))
    return image


def sample(rng, label=None):
    """One (tile, label): a rendered 3x3 block, degraded, the middle tile sampled."""
    skin = random_skin(rng)
    skin["exploded"] = jitter((230, 20, 20), rng, 25)
    pitch = rng.uniform(12, 64)
    origin = (rng.uniform(0, 1), rng.uniform(0, 1))
    size = int(pitch * 3 + 4)
    background = skin.get("back", skin["shade"] if skin["kind"] == "classic" else (0, 0, 0))
    image = Image.new("RGB", (size, size), background)
    draw = ImageDraw.Draw(image)
    label = rng.randrange(len(CLASSES)) if label is None else label
    row0, col0 = rng.randrange(2), rng.randrange(2)
    for r in range(3):
        for c in range(3):
            x0 = origin[0] + c * pitch
            y0 = origin[1] + r * pitch
            box = (round(x0), round(y0), round(x0 + pitch), round(y0 + pitch))
            here = label if (r, c) == (1, 1) else rng.choice([0, 0, 0, 3, 3, 4, 5, 1])
            draw_tile(image, draw, box, here, skin, row0 + r, col0 + c, rng)
    if rng.random() < 0.3:
        # The tile sits on the board's edge: beyond it, the window's background.
        side = rng.randrange(4)
        edge = jitter(rng.choice([(246, 245, 244), (192, 192, 192), (128, 128, 128),
                                  (40, 40, 40), (255, 255, 255)]), rng, 10)
        a = origin[0] + pitch if side == 0 else origin[1] + pitch
        b = origin[0] + 2 * pitch if side == 1 else origin[1] + 2 * pitch
        boxes = [(0, 0, round(a) - 1, size), (round(b), 0, size, size),
                 (0, 0, size, round(a) - 1), (0, round(b), size, size)]
        draw.rectangle(boxes[side], fill=edge)
    if rng.random() < 0.05:
        # The pointer hovers over the tile: some games light it up.
        x0, y0 = origin[0] + pitch, origin[1] + pitch
        lit = Image.new("RGB", image.size, (255, 255, 255))
        mask = Image.new("L", image.size, 0)
        ImageDraw.Draw(mask).rectangle([x0, y0, x0 + pitch - 1, y0 + pitch - 1],
                                       fill=rng.randint(30, 70))
        image.paste(lit, (0, 0), mask)
        draw = ImageDraw.Draw(image)
    if skin["kind"] != "classic" and rng.random() < 0.15:
        image = shade_through(image, rng)
        draw = ImageDraw.Draw(image)
    if rng.random() < 0.08:
        draw_cursor(draw, origin[0] + pitch * rng.uniform(1.1, 1.8),
                    origin[1] + pitch * rng.uniform(1.1, 1.8), rng.uniform(12, 22))
    image = degrade(image, rng)
    # The sampler sees the cell where the grid finder would put it: up to a tenth of a tile off.
    off = pitch * 0.06
    cell = (origin[0] + pitch + rng.uniform(-off, off), origin[1] + pitch + rng.uniform(-off, off))
    grow = pitch * rng.uniform(-0.03, 0.03)
    tile = sample_cell(np.asarray(image), (cell[0], cell[1], cell[0] + pitch + grow,
                                           cell[1] + pitch + grow))
    return tile, label


CHUNK = 2000


def chunk(args):
    """Tiles start..start+count, from a generator seeded by the seed and the chunk's start alone,
    so the data set is the same however many processes draw it."""
    seed, start, count = args
    rng = random.Random(f"{seed}/{start}")
    tiles = np.zeros((count, 16, 16, 3), np.uint8)
    labels = np.zeros(count, np.int64)
    for i in range(count):
        tiles[i], labels[i] = sample(rng, label=(start + i) % len(CLASSES))
    return tiles, labels


def dataset(count, seed):
    """`count` labelled tiles, every class equally often, drawn on all cores."""
    from multiprocessing import Pool

    jobs = [(seed, start, min(CHUNK, count - start)) for start in range(0, count, CHUNK)]
    with Pool() as pool:
        parts = pool.map(chunk, jobs)
    return (np.concatenate([t for t, _ in parts]), np.concatenate([lab for _, lab in parts]))


if __name__ == "__main__":
    tiles, labels = dataset(15 * 8, 3)
    sheet = tiles.reshape(8, 15, 16, 16, 3).transpose(0, 2, 1, 3, 4).reshape(8 * 16, 15 * 16, 3)
    Image.fromarray(sheet).resize((15 * 48, 8 * 48), Image.NEAREST).save("/tmp/synth_sheet.png")
    print("wrote /tmp/synth_sheet.png")
