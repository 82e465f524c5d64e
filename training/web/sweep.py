#!/usr/bin/env python3
"""Plays web Minesweeper clones in Chromium under Xvfb and scores minehint's reading of them.

The web half of the data engine (training/real/sweep.py is the Debian games' half). Each clone
(clones.py: open-source packages from the npm registry, served on 127.0.0.1) is opened in an
ordinary Chromium window, tab strip and address bar in view, at each device scale factor (a
restart with --force-device-scale-factor) and page zoom (Ctrl +/-, as a player zooms), light and
dark (Chromium's forced dark mode, as a player's dark-mode setting darkens pages). The game is
played with the real pointer (xdotool) to a few states: fresh, opened, mid-game with flags, and
lost. Every whole-screen capture is labelled from the page's own state, read through the
DevTools protocol: each cell's character and rectangle (CSS pixels, times devicePixelRatio, plus
the viewport's place on the screen, found by matching the page's own screenshot against the
screen). Variants as a player's screen shows them: pointer away, resting on a covered tile,
on an open one, and the button held on a covered tile; with `--surround`, also the page around
the board changed (surround.py: black, loud stripes and page text, a picture of another board,
a note over the board).

Scored as training/real/sweep.py scores (found, fully right, tiles right, hidden, wrong calls,
whether a board in play was given advice); captures that are not fully right (all with
--keep-all) are kept with their labels, which training/real/from_labels.py turns into training
tiles. Reproducible from --seed: the page's Math.random is seeded before any of its scripts
run, and the clicks come from the same seed.

    source scripts/real_games.sh && rg_display 77
    python3 training/web/sweep.py --out /tmp/web --clones react,webcomponent --zooms 67,100,150

The window is 1800x1000 screen pixels unless `--windows` names others (a clone whose tiles are
sized by its window, not by the zoom, is swept over window sizes).
"""

import argparse
import base64
import io
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import numpy as np
from PIL import Image
import websocket

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "real"))
from clones import CLONES  # noqa: E402
import surround  # noqa: E402
from sweep import certain, report, score, screenshot, write_label, xdotool, advise  # noqa: E402

# The browser window, in screen pixels, unless --windows names others.
DEFAULT_WINDOW = (1800, 1000)
# Chromium's zoom levels: how many presses of Ctrl+plus (or Ctrl+minus) from 100% reach each.
ZOOM_STEPS = {25: -7, 33: -6, 50: -5, 67: -4, 75: -3, 80: -2, 90: -1, 100: 0, 110: 1, 125: 2,
              150: 3, 175: 4, 200: 5, 250: 6, 300: 7}
# A Math.random from a seed (mulberry32), installed before the page's scripts run.
SEEDED_RANDOM = """(() => { let a = %d >>> 0; Math.random = function () {
  a = (a + 0x6D2B79F5) >>> 0; let t = a;
  t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296; }; })();"""


class Chromium:
    """One Chromium window on $DISPLAY, driven through the DevTools protocol."""

    def __init__(self, scale, dark, port, size):
        self.profile = tempfile.mkdtemp(prefix="minehint-chromium-")
        width, height = size
        flags = ["--no-sandbox", f"--user-data-dir={self.profile}", "--no-first-run",
                 "--no-default-browser-check", "--password-store=basic", "--disable-gpu",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-features=Translate,MediaRouter",
                 f"--remote-debugging-port={port}", "--window-position=0,0",
                 f"--window-size={width},{height}", f"--force-device-scale-factor={scale}"]
        if dark:
            flags += ["--force-dark-mode", "--enable-features=WebContentsForceDark"]
        self.process = subprocess.Popen(["chromium", *flags, "about:blank"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.port = port
        self.next_id = 0
        deadline = time.time() + 40
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/json", timeout=2) as r:
                    pages = [t for t in json.load(r) if t["type"] == "page"]
                if pages:
                    break
            except OSError:
                pass
            if time.time() > deadline:
                raise RuntimeError(f"Chromium did not open its DevTools port {port} in 40 s")
            time.sleep(0.3)
        self.ws = websocket.create_connection(pages[0]["webSocketDebuggerUrl"], timeout=30)
        self.window = None

    def send(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"page script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def open(self, url, seed, init_js=None):
        self.send("Page.enable")
        self.send("Page.addScriptToEvaluateOnNewDocument", source=SEEDED_RANDOM % seed)
        if init_js:
            self.send("Page.addScriptToEvaluateOnNewDocument", source=init_js)
        self.send("Page.navigate", url=url)
        time.sleep(1.5)
        if self.window is None:
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--class", "chromium"],
                                   capture_output=True, text=True).stdout.split()
            self.window = found[-1] if found else None

    def zoom(self, percent):
        """Sets the page zoom as a player does, with the keyboard."""
        steps = ZOOM_STEPS[percent]
        if self.window:
            xdotool("windowactivate", "--sync", self.window)
        xdotool("key", "ctrl+0")
        for _ in range(abs(steps)):
            xdotool("key", "ctrl+plus" if steps > 0 else "ctrl+minus")
            time.sleep(0.15)
        time.sleep(0.8)

    def viewport_image(self):
        shot = self.send("Page.captureScreenshot", format="png")
        return np.asarray(Image.open(io.BytesIO(base64.b64decode(shot["data"]))).convert("RGB"))

    def close(self):
        try:
            self.ws.close()
        except OSError:
            pass
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()


# The page's top rows (device pixels) an infobar's shadow may fall on.
TOP_SHADOW = 12


def viewport_offset(screen, page, at):
    """Where the page's own screenshot lies on the screen: (x, y) in screen pixels, or None.
    `at` is a point of the page with content (the board's corner, in device pixels): a band
    from there is matched at every offset the window's frame and tab strip allow (the browser
    chrome is above and beside the page, never inside it). A board of identical tiles matches
    its band a whole row off as well as where it is (a clone that draws every covered tile
    alike, with the same page colour between its rows), so where several offsets match, the
    whole page decides between them. The band keeps off the page's top rows: an infobar above
    the page (Chromium's warning of a flag it runs with) throws its shadow on them."""
    x, y = max(0, int(at[0]) - 8), max(TOP_SHADOW, int(at[1]) - 8)
    band = page[y:y + 24, x:x + 320].astype(np.int16)
    if band.size == 0:
        return None
    matches = []
    for oy in range(0, 360):
        for ox in range(0, 24):
            patch = screen[oy + y:oy + y + band.shape[0], ox + x:ox + x + band.shape[1]]
            if patch.shape != band.shape:
                continue
            diff = np.abs(patch.astype(np.int16) - band).mean()
            if diff < 4:
                matches.append((diff, ox, oy))
    if len(matches) > 1:
        matches = [(whole_page_difference(screen, page, ox, oy), ox, oy)
                   for _, ox, oy in matches]
    best = min(matches, default=None)
    return (best[1], best[2]) if best else None


def whole_page_difference(screen, page, ox, oy):
    """The mean difference between the page's screenshot and the screen at offset (ox, oy),
    over every other pixel of the part of the page the screen holds."""
    height = min(page.shape[0], screen.shape[0] - oy)
    width = min(page.shape[1], screen.shape[1] - ox)
    if height <= 0 or width <= 0:
        return float("inf")
    shown = screen[oy:oy + height:2, ox:ox + width:2].astype(np.int16)
    return float(np.abs(shown - page[:height:2, :width:2].astype(np.int16)).mean())


class Page:
    """The clone's state in screen terms."""

    def __init__(self, browser, clone, offset):
        self.browser, self.clone, self.offset = browser, clone, offset

    def state(self):
        state = json.loads(self.browser.evaluate(self.clone.state_js))
        ratio = self.browser.evaluate("window.devicePixelRatio")
        ox, oy = self.offset
        for row in state["cells"]:
            for cell in row:
                cell["sx"] = ox + cell["x"] * ratio
                cell["sy"] = oy + cell["y"] * ratio
                cell["sw"], cell["sh"] = cell["w"] * ratio, cell["h"] * ratio
        state["text"] = ["".join(c["ch"] for c in row) for row in state["cells"]]
        # A clone that lays its mines on the first click says how many it will lay.
        state["mines"] = state.get("total") or sum(c["mine"] for row in state["cells"]
                                                   for c in row)
        first, last = state["cells"][0][0], state["cells"][-1][-1]
        state["board"] = {"x": round(first["sx"]), "y": round(first["sy"]),
                          "width": round(last["sx"] + last["sw"] - first["sx"]),
                          "height": round(last["sy"] + last["sh"] - first["sy"])}
        # From one cell to the next: a clone's cells may have gaps between them.
        row = state["cells"][0]
        state["pitch"] = ((row[-1]["sx"] - first["sx"]) / (len(row) - 1) if len(row) > 1
                          else first["sw"])
        return state

    def centre(self, state, r, c):
        cell = state["cells"][r][c]
        return int(cell["sx"] + cell["sw"] / 2), int(cell["sy"] + cell["sh"] / 2)

    def click(self, state, r, c, flag=False):
        x, y = self.centre(state, r, c)
        xdotool("mousemove", x, y)
        if flag and self.clone.flag_with == "ctrl":
            xdotool("keydown", "ctrl", "click", 1, "keyup", "ctrl")
        else:
            xdotool("click", 3 if flag else 1)
        time.sleep(0.3)


def play_to(page, state_name, rng):
    """Plays the page from a fresh game to `state_name` with the real pointer, knowing the mines
    from the page (the point is to reach the looks, not to play well)."""
    state = page.state()
    cells = [(r, c) for r, row in enumerate(state["cells"]) for c in range(len(row))]
    safe = [p for p in cells if not state["cells"][p[0]][p[1]]["mine"]]
    mines = [p for p in cells if state["cells"][p[0]][p[1]]["mine"]]
    if state_name == "fresh":
        return
    # The first click on a safe tile, an empty one where there is one.
    zeros = [p for p in safe if state["cells"][p[0]][p[1]].get("ch") == "."
             and all(not state["cells"][q[0]][q[1]]["mine"] for q in around(p, state))]
    page.click(state, *rng.choice(zeros or safe))
    if state_name == "opened":
        return
    # Some clones lay their mines on the first click: where they are is known only now.
    state = page.state()
    safe = [p for p in cells if not state["cells"][p[0]][p[1]]["mine"]]
    mines = [p for p in cells if state["cells"][p[0]][p[1]]["mine"]]
    for _ in range(4):
        state = page.state()
        covered = [p for p in safe if state["text"][p[0]][p[1]] == "."]
        if not covered:
            break
        page.click(state, *rng.choice(covered))
    state = page.state()
    for p in rng.sample(mines, min(2, len(mines)) if page.clone.flag_with else 0):
        if state["text"][p[0]][p[1]] == ".":
            page.click(state, *p, flag=True)
    if state_name == "lost":
        state = page.state()
        unflagged = [p for p in mines if state["text"][p[0]][p[1]] == "."]
        if unflagged:
            page.click(state, *rng.choice(unflagged))


def around(p, state):
    rows, cols = len(state["cells"]), len(state["cells"][0])
    return [(p[0] + dr, p[1] + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= p[0] + dr < rows and 0 <= p[1] + dc < cols]


# Whether the rectangle x0, y0 to x1, y1 (CSS pixels in the viewport) lies inside the visible
# area of every box round it that clips what it holds (JSMinesweeper draws a board taller than
# its scroll box at large zooms, cut at the box's bottom: no player reads it whole either).
# Elements that hold no other (an image, a canvas) clip only their own picture: the pixel
# clone's tiles are images, each clipped to itself.
UNCLIPPED_JS = """((x0, y0, x1, y1) => {
  for (const el of document.querySelectorAll('*')) {
    if (!el.firstElementChild) continue;
    const s = getComputedStyle(el);
    if (!/(auto|scroll|hidden|clip)/.test(s.overflowX + ' ' + s.overflowY)) continue;
    const r = el.getBoundingClientRect();
    if (x0 < r.left || y0 < r.top || x0 >= r.right || y0 >= r.bottom) continue;
    const right = r.left + el.clientLeft + el.clientWidth;
    const bottom = r.top + el.clientTop + el.clientHeight;
    if (x1 > right + 0.5 || y1 > bottom + 0.5) return false;
  }
  return true;
})"""


def fits(cells, browser):
    """Whether the board's cells (CSS pixels in the viewport) lie wholly inside the window and
    inside every scroll box round them."""
    view = browser.evaluate("[window.innerWidth, window.innerHeight]")
    first, last = cells[0][0], cells[-1][-1]
    inside = (min(first["x"], first["y"]) >= 0 and last["x"] + last["w"] <= view[0]
              and last["y"] + last["h"] <= view[1])
    corners = (first["x"] + 1, first["y"] + 1, last["x"] + last["w"], last["y"] + last["h"])
    return inside and bool(browser.evaluate(f"{UNCLIPPED_JS}{corners}"))


def sweep_page(binary, page, out, stem, results, rng, keep_all, label_game, surrounds=()):
    """Captures and scores the page as it is now, in every pointer variant, then with each of
    `surrounds` around the board (surround.py; pointer parked). Each capture is
    labelled with the page's state read just before and just after it, and only where the two
    agree (a long press flags a tile in some clones, so a held button may change the game)."""
    time.sleep(0.5)
    scroll = page.browser.evaluate("[window.scrollX, window.scrollY]")
    state = page.state()
    label = state["text"]
    # The rule sweep_browser keeps for a fresh board, kept for every capture: play can change
    # the page's layout (a clone that puts "Game Over!" above its board pushes the board's last
    # rows below the window), and no player reads a board half off the window.
    if not fits(state["cells"], page.browser):
        print(f"{stem}: the board no longer fits the window; not scored", file=sys.stderr)
        return
    covered = [(r, c) for r, row in enumerate(label) for c, ch in enumerate(row) if ch == "."]
    numbers = [(r, c) for r, row in enumerate(label) for c, ch in enumerate(row)
               if ch in "12345678"]
    variants = [("parked", None, False)]
    if covered:
        variants.append(("hover", rng.choice(covered), False))
    if numbers:
        variants.append(("hover-open", rng.choice(numbers), False))
    if covered:
        variants.append(("pressed", rng.choice(covered), True))
    for variant, cell, press in variants:
        state = page.state()
        label = state["text"]
        if cell is None:
            xdotool("mousemove", 1900, 1070)
        else:
            xdotool("mousemove", *page.centre(state, *cell))
            if press:
                xdotool("mousedown", 1)
        # A held button is caught early: some clones flag a tile held half a second.
        time.sleep(0.1 if press else 0.35)
        shot = out / f"{stem}-{variant}.png"
        screenshot(shot)
        after = page.state()["text"]
        if press:
            xdotool("mousemove", 1900, 1070)
            time.sleep(0.1)
            xdotool("mouseup", 1)
            time.sleep(0.2)
        if after != label:
            print(f"{shot.name}: the page changed while captured; not scored", file=sys.stderr)
            shot.unlink()
            continue
        score_capture(binary, shot, state, label, stem, variant, results, keep_all, label_game)
    if surrounds:
        # The held button's drag off the board selects page text and scrolls the page: both
        # undone, so the surroundings are the only change.
        page.browser.evaluate("window.getSelection().removeAllRanges(); "
                              f"window.scrollTo({scroll[0]}, {scroll[1]})")
        time.sleep(0.3)
    for kind in surrounds:
        xdotool("mousemove", 1900, 1070)
        state = page.state()
        view = page.browser.evaluate("[window.innerWidth, window.innerHeight]")
        ratio = page.browser.evaluate("window.devicePixelRatio")
        script = surround.apply_js(kind, state, view, ratio)
        if script is None:
            print(f"{stem} {kind}: no room beside the board; not captured", file=sys.stderr)
            continue
        page.browser.evaluate(script)
        time.sleep(0.6)
        shot = out / f"{stem}-{kind}.png"
        screenshot(shot)
        after = page.state()
        page.browser.evaluate(surround.REMOVE_JS)
        time.sleep(0.3)
        if after["text"] != state["text"] or after["board"] != state["board"]:
            print(f"{shot.name}: the page changed while captured; not scored", file=sys.stderr)
            shot.unlink()
            continue
        score_capture(binary, shot, state, state["text"], stem, kind, results, keep_all,
                      label_game)
    xdotool("mousemove", 1900, 1070)


def score_capture(binary, shot, state, label, stem, variant, results, keep_all, label_game):
    """Scores one capture against the page's state; keeps it (with its label) unless it read
    fully right with no wrong call."""
    lost = bool(state["lost"]) or any(ch in "*!" for row in label for ch in row)
    known = (set(), set()) if lost else certain(binary, "\n".join(label) + "\n", state["mines"])
    if known is None:
        print(f"{shot.name}: the page's own board is impossible; not scored", file=sys.stderr)
        return
    read = advise(binary, shot, state["mines"])
    # The board's place is given: a board of the same size read elsewhere (a picture of another
    # board beside it) is not the game's.
    figures = score(read, label, known[0], known[1], lost, state["board"])
    figures["pitch"] = round(state["pitch"], 2)
    results.append({"game": label_game, "state": stem.split("-")[-1], "variant": variant,
                    "image": shot.name, **figures})
    if figures["right"] and figures["wrong_calls"] == 0 and not keep_all:
        shot.unlink()
    else:
        # The label's rectangle is the page's own, not the reading's.
        write_label(shot, state["board"], label, state["mines"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--binary", default=str(ROOT / "target/release/minehint"))
    parser.add_argument("--clones", default="react,webcomponent")
    parser.add_argument("--scales", default="1,1.25,1.5", help="device scale factors")
    parser.add_argument("--zooms", default="67,80,100,125,150,200", help="page zooms, percent")
    parser.add_argument("--themes", default="light,dark")
    parser.add_argument("--windows", default="%dx%d" % DEFAULT_WINDOW,
                        help="window sizes in screen pixels, WxH,...: each is swept in turn")
    parser.add_argument("--states", default="fresh,opened,mid,lost")
    parser.add_argument("--cols", type=int, default=16)
    parser.add_argument("--rows", type=int, default=16)
    parser.add_argument("--mines", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--port", type=int, default=9333, help="DevTools and page ports base")
    parser.add_argument("--keep-all", action="store_true")
    parser.add_argument("--surround", default="",
                        help="also capture each page with these around the board: "
                        + ",".join(surround.KINDS))
    args = parser.parse_args()
    unknown = [k for k in filter(None, args.surround.split(",")) if k not in surround.KINDS]
    if unknown:
        parser.error(f"unknown --surround {','.join(unknown)}; known: {','.join(surround.KINDS)}")
    clones = [c for c in args.clones.split(",") if c not in CLONES]
    if clones:
        parser.error(f"unknown --clones {','.join(clones)}; known: {','.join(CLONES)}")
    zooms = [z for z in args.zooms.split(",") if not z.isdigit() or int(z) not in ZOOM_STEPS]
    if zooms:
        parser.error(f"--zooms {','.join(zooms)}: Chromium zooms by steps; known: "
                     + ",".join(map(str, ZOOM_STEPS)))
    try:
        windows = [tuple(int(n) for n in w.split("x")) for w in args.windows.split(",")]
    except ValueError:
        parser.error(f"--windows {args.windows}: give sizes as WIDTHxHEIGHT,...")
    if any(len(w) != 2 or min(w) < 200 or w[0] > 1920 or w[1] > 1080 for w in windows):
        parser.error(f"--windows {args.windows}: each WIDTHxHEIGHT from 200x200 up to the "
                     "1920x1080 screen")
    if "DISPLAY" not in os.environ:
        parser.error("start a display first: source scripts/real_games.sh; rg_display 77")
    args.out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)
    results = []
    for name in args.clones.split(","):
        clone = CLONES[name]
        folder = clone.install()
        server = subprocess.Popen([sys.executable, "-m", "http.server", str(args.port + 1),
                                   "--bind", "127.0.0.1", "--directory", str(folder)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.5)
        if server.poll() is not None:
            raise RuntimeError(f"cannot serve the clone on 127.0.0.1:{args.port + 1} (in use?)")
        try:
            for theme in args.themes.split(","):
                for window in windows:
                    for scale in map(float, args.scales.split(",")):
                        size = (int(window[0] / scale), int(window[1] / scale))
                        browser = Chromium(scale, theme == "dark", args.port, size)
                        try:
                            sweep_browser(args, browser, clone, theme, scale, window, rng,
                                          results)
                        finally:
                            browser.close()
        finally:
            server.terminate()
    with open(args.out / "results.jsonl", "a") as f:
        for line in results:
            f.write(json.dumps(line) + "\n")
    total = report(results)
    sys.exit(1 if total[6] else 0)


def sweep_browser(args, browser, clone, theme, scale, window, rng, results):
    url = clone.url(args.port + 1, args.cols, args.rows, args.mines)
    for zoom in map(int, args.zooms.split(",")):
        for state_name in args.states.split(","):
            seed = rng.randrange(1 << 30)
            open_game(browser, clone, url, seed, (args.cols, args.rows, args.mines))
            browser.zoom(zoom)
            xdotool("mousemove", 1900, 1070)
            # A player scrolls a board taller than the window into view: its top row just
            # below the window's top. A board that still does not fit is not played at this
            # zoom (no player plays a board half off the window).
            cells = Page(browser, clone, (0, 0)).state()["cells"]
            browser.evaluate(f"window.scrollBy(0, {cells[0][0]['y'] - 8})")
            time.sleep(0.4)
            cells = Page(browser, clone, (0, 0)).state()["cells"]
            if not fits(cells, browser):
                print(f"{clone.name} {theme} x{scale} {zoom}%: the board does not fit the "
                      "window; skipped", file=sys.stderr)
                continue
            corner = cells[0][0]
            offset = viewport_offset(np.asarray(Image.open(capture_to(args.out)).convert("RGB")),
                                     browser.viewport_image(), (corner["sx"], corner["sy"]))
            if offset is None:
                print(f"{clone.name} {theme} x{scale} {zoom}%: the page was not found on the "
                      "screen; skipped", file=sys.stderr)
                continue
            page = Page(browser, clone, offset)
            play_to(page, state_name, rng)
            # The window is named where it is not the default, so windows do not share names.
            size = "" if window == DEFAULT_WINDOW else f"-w{window[0]}x{window[1]}"
            stem = f"web-{clone.name}-{theme}{size}-x{scale:g}-z{zoom}-{state_name}"
            game = f"web-{clone.name}-{theme}"
            sweep_page(args.binary, page, args.out, stem, results, rng, args.keep_all, game,
                       tuple(filter(None, args.surround.split(","))))


def open_game(browser, clone, url, seed, size):
    """Opens a fresh game of the clone with the page's Math.random seeded, set to `size` (cols,
    rows, mines), and waits for its board."""
    browser.open(url, seed, clone.init_js)
    wait_for_board(browser, clone)
    if clone.setup_js:
        cols, rows, mines = size
        browser.evaluate(clone.setup_js % {"cols": cols, "rows": rows, "mines": mines})
        time.sleep(0.3)


def wait_for_board(browser, clone, limit=20.0):
    """Waits until the page shows its board (its scripts load after the page)."""
    deadline = time.time() + limit
    while True:
        try:
            if Page(browser, clone, (0, 0)).state()["cells"]:
                return
        except (RuntimeError, KeyError, IndexError, TypeError):
            pass
        if time.time() > deadline:
            raise RuntimeError(f"the {clone.name} page showed no board in {limit:.0f} s")
        time.sleep(0.3)


def capture_to(out):
    path = out / "screen.png"
    screenshot(path)
    return path


if __name__ == "__main__":
    try:
        main()
    except (RuntimeError, OSError, subprocess.SubprocessError,
            websocket.WebSocketException) as err:
        # The game, the display or the browser did not start or answer: exit 3, which the
        # tests take as a start to try again, unlike a wrong call (exit 1).
        print(f"sweep: {err}", file=sys.stderr)
        sys.exit(3)
