"""What surrounds the board in a page: the web sweep's `--surround` variants.

Each kind changes the page around the game for one capture (pointer parked), through the
DevTools protocol, and is taken away again before the next:

- `dark-page`: everything around the board black (12 CSS pixels off its edge);
- `busy-page`: everything around it loud stripes, and a bar of page text with digits in it
  above the board (where the page has room for it);
- `second-board`: a picture of another game's board (xdemineur's 30×16, a fixture of a game the
  web sweep never plays) beside the board, on the side with room, shrunk to fit;
- `note`: a page's passing note over the board in play ("Game saved!", white on black at 80%,
  rounded, as a clone shows one for a few seconds), centred across the board, below its middle.

The reading must find the game's board, or refuse the screen (two boards); a call on the
picture's board counts as wrong (`score` places every call on the label's tiles). Under a note,
the tiles keep their label: read otherwise they are misread or hidden, and a call there that
the label does not make safe is wrong.
"""

import base64
import io
import json
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
OTHER_BOARD = ROOT / "fixtures" / "xdemineur-30-16-99-mid.png"
KINDS = ("dark-page", "busy-page", "second-board", "note")
# Every element added carries this attribute, so one query takes them all away.
MARK = "data-minehint-surround"


def other_board_picture():
    """The other game's board with a margin of its window, as a PNG data URL, and its size."""
    label = json.loads(OTHER_BOARD.with_suffix(".json").read_text())["board"]
    image = Image.open(OTHER_BOARD).convert("RGB")
    crop = image.crop((label["x"] - 30, label["y"] - 30, label["x"] + label["width"] + 30,
                       label["y"] + label["height"] + 30))
    data = io.BytesIO()
    crop.save(data, format="PNG")
    return "data:image/png;base64," + base64.b64encode(data.getvalue()).decode(), crop.size


def board_box(state):
    """The board's rectangle in the viewport's CSS pixels: (left, top, right, bottom)."""
    first, last = state["cells"][0][0], state["cells"][-1][-1]
    return first["x"], first["y"], last["x"] + last["w"], last["y"] + last["h"]


def element(tag, css, **properties):
    """A script that adds a `tag` element fixed over the page where `css` puts it, marked for
    `REMOVE_JS`, with `properties` set on it (its text, a picture's source)."""
    style = json.dumps(f"position:fixed;pointer-events:none;{css}")
    sets = "".join(f" e.{name} = {json.dumps(value)};" for name, value in properties.items())
    return (f"(() => {{ const e = document.createElement('{tag}'); e.setAttribute('{MARK}', '');"
            f" e.style.cssText = {style};{sets} document.body.appendChild(e); }})()")


def panels(box, background, margin=12):
    """A script that covers the page outside the board (and a margin round it) with four fixed
    panels of `background`: what is around the board changes, the board and the page's own
    colours under it do not (some clones draw their tiles translucent over the page)."""
    left, top, right, bottom = (box[0] - margin, box[1] - margin, box[2] + margin,
                                box[3] + margin)
    rects = [f"left:0;right:0;top:0;height:{max(0, top):.0f}px",
             f"left:0;right:0;top:{bottom:.0f}px;bottom:0",
             f"left:0;width:{max(0, left):.0f}px;top:{top:.0f}px;height:{bottom - top:.0f}px",
             f"left:{right:.0f}px;right:0;top:{top:.0f}px;height:{bottom - top:.0f}px"]
    return ";".join(element("div", f"{r};background:{background};z-index:99998") for r in rects)


def apply_js(kind, state, view, ratio):
    """The script that sets `kind` up on the page, or None where the page has no room for it.
    `view` is the viewport's (width, height) in CSS pixels, `ratio` its device pixel ratio."""
    box = board_box(state)
    left, top, right, bottom = box
    if kind == "dark-page":
        return panels(box, "#000")
    if kind == "busy-page":
        stripes = panels(box, "repeating-linear-gradient(45deg, #d33 0 18px, #3a3 18px 36px, "
                         "#36f 36px 54px, #fd0 54px 72px)")
        if top < 60:
            return stripes
        text = ("Minesweeper - Expert 30x16, 99 mines | Best time 142 s | Games won 38 of 101 | "
                "New game | Scores 1 2 3 8 5")
        bar = element("div", "left:0;right:0;top:4px;height:36px;font:16px sans-serif;"
                      "color:#111;background:rgba(255,255,255,0.7);padding:8px;z-index:99999;"
                      "white-space:nowrap;overflow:hidden", textContent=text)
        return stripes + ";" + bar
    if kind == "second-board":
        url, (width, height) = other_board_picture()
        room_right, room_left = view[0] - right - 16, left - 16
        room = max(room_right, room_left)
        if room < 160:
            return None
        # At its own pixels where it fits (the page's zoom aside), else shrunk to the room.
        css_width = min(width / ratio, room - 8, (view[1] - 16) * width / height)
        place = (f"left:{right + 12:.0f}px" if room_right >= room_left
                 else f"left:{left - 12 - css_width:.0f}px")
        return element("img", f"{place};top:{max(8, top):.0f}px;width:{css_width:.0f}px;"
                       "z-index:99999", src=url)
    if kind == "note":
        centre, at = (left + right) / 2, top + (bottom - top) * 0.6
        return element("div", f"left:{centre:.0f}px;top:{at:.0f}px;transform:translate(-50%,-50%);"
                       "padding:10px 20px;border-radius:20px;background:rgba(0,0,0,0.8);"
                       "color:#fff;font:16px sans-serif;white-space:nowrap;z-index:99999",
                       textContent="Game saved!")
    raise ValueError(f"unknown surround {kind!r}")


REMOVE_JS = f"document.querySelectorAll('[{MARK}]').forEach(e => e.remove())"
