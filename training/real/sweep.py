#!/usr/bin/env python3
"""Sweeps a real game's window size with the pointer on the board, and scores the reading.

The data engine for the Debian games (issue: read the screens real players have). One game is
played headless under Xvfb at a reference window size, where its board reads right (the
fixtures show every tile of it), to a few states: fresh, opened, mid-game with flags, and lost.
For each state the reference reading is the label; the window is then resized through a range of
sizes (the tile pitch takes every whole pixel the game allows), and at each size the board is
captured as a player's screen shows it:

- `parked`: the pointer away from the board;
- `hover`: the pointer resting on a covered tile (GNOME Mines lights it up);
- `hover-open`: the pointer resting on an open number;
- `pressed`: the left button held down on a covered tile (released off the board, so nothing
  opens).

With `--surround`, each window size is also captured (pointer parked) with what players have
around a game:

- `dark-desktop`: a black window behind the game, filling the screen (a dark desktop);
- `busy-desktop`: a window of coloured shapes and text behind the game, filling the screen;
- `second-board`: a picture of another game's board in a window beside the game;
- `off-screen`: the window moved so a third of the board is past the screen's left edge (a
  board cut off: the numbers along the cut count mines out of the picture, so any call there
  must be one the whole board makes).

Resizing does not change the game, so every capture of a state has the reference's label. The
label is checked twice: the reference board must be a possible position, and the board read at
the reference size again after the sweep must be the same (nothing was opened by accident).

Each capture is scored with `minehint advise --json`: found (the grid has the label's rows and
columns), fully right (every tile), tiles right, tiles hidden (an open tile or a flag read as
covered or left in doubt: less advice, never wrong advice), and wrong calls (a tile called safe
that the label does not make safe, or any move on a lost board; a tile the game shows open
called safe is counted apart, as useless; a grid found at another size has its calls placed on
the label by the board's rectangle where the label has one, else by what the grid shows, at
the place where its shown tiles agree with the label's, and judged there), and, for a board in
play (not lost, and some covered tile not certainly a mine), whether it was given any advice (a
move or a guess). Results go to
OUT/results.jsonl, a table per pitch range to stdout, and every capture that is not fully right
is kept in OUT with its label (`*.json`, the fixtures' format) for fixtures and training.

Needs a display (source scripts/real_games.sh; rg_display 77) and a built minehint.

    python3 training/real/sweep.py --out /tmp/sweep --game gnome-default --sizes 40
"""

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
# The same helpers as the training captures: real_games.sh calls, clicks and screenshots.
from capture import screenshot, shell, xdotool  # noqa: E402
# The web sweep's surroundings (training/web/surround.py), named in its captures, for `--rescore`.
sys.path.append(str(ROOT / "training" / "web"))
import surround  # noqa: E402

# GNOME Mines' reference window sizes: those of the fixtures, read right tile for tile.
REFERENCE = {("default", "medium"): (1000, 760), ("classic", "medium"): (900, 700),
             ("bgcolors", "medium"): (860, 680), ("default", "big"): (1600, 900),
             ("classic", "big"): (1400, 800), ("bgcolors", "big"): (1300, 760)}
# GNOME Mines' board sizes: columns, rows, mines.
GNOME_SIZES = {"small": (8, 8, 10), "medium": (16, 16, 40), "big": (30, 16, 99)}


def advise(binary, image, mines):
    """`minehint advise --json` on `image`: its JSON (an error object when it failed)."""
    done = subprocess.run([binary, "advise", str(image), "--json", "--mines", str(mines)],
                          capture_output=True, text=True, timeout=60)
    try:
        return json.loads(done.stdout)
    except json.JSONDecodeError:
        return {"error": {"kind": "crash", "message": done.stderr.strip()[-300:]}}


def certain(binary, text, mines):
    """The label board's certain safe tiles and mines, from `minehint solve`."""
    done = subprocess.run([binary, "solve", "-", "--json", "--mines", str(mines)], input=text,
                          capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        return None
    result = json.loads(done.stdout)
    return ({tuple(p) for p in result["safe"]}, {tuple(p) for p in result["certain_mines"]})


def window_geometry(window):
    """The window's place and size, as xdotool reports them (None where it cannot)."""
    done = subprocess.run(["xdotool", "getwindowgeometry", str(window)], capture_output=True,
                          text=True, timeout=10)
    return done.stdout if done.returncode == 0 else None


def window_pixels(window):
    """The window's pixels, as raw bytes (None where they cannot be grabbed)."""
    done = subprocess.run(["import", "-window", str(window), "rgb:-"], capture_output=True,
                          timeout=20)
    return done.stdout if done.returncode == 0 else None


class Windowed:
    """A game in an X window of its own, resized through the sweep; `settle` is how long it
    takes to draw its board again at a new size."""

    window = None
    settle = 0.8

    def resize(self, width, height):
        # Not --sync: a size under the game's minimum is never reached, and --sync would wait.
        xdotool("windowsize", self.window, width, height)
        time.sleep(self.settle)
        self.wait_until_still()

    def wait_until_still(self, tries=8, pause=0.3):
        """Waits, a bounded while, until the window keeps its size and its pixels from one look
        to the next. A game that holds a minimum size (KMines) grows its window back after a
        smaller size is asked, and on a starved machine (a sweep beside four others on two
        cores) may still be drawing after `settle`: a board no player looks at. (The KMines
        board once read a row short was no such capture: docs/reading.md.)"""
        last = None
        for _ in range(tries):
            now = (window_geometry(self.window), window_pixels(self.window))
            if now == last:
                return
            last = now
            time.sleep(pause)
        print(f"window {self.window} did not keep still after a resize; captured as it is",
              file=sys.stderr)

    def after_loss(self):
        """Clears what the game puts over its board as it is lost (most games: nothing)."""


class Gnome(Windowed):
    """GNOME Mines in one theme and board size; the window resized through the sweep."""

    def __init__(self, theme, size):
        self.theme, self.size = theme, size
        self.cols, self.rows, self.mines = GNOME_SIZES[size]
        # Window sizes where the fixtures show every tile of this theme read right.
        self.reference = REFERENCE[(theme, "big" if size == "big" else "medium")]
        self.window = None

    def name(self):
        return f"gnome-{self.theme}-{self.size}"

    def start(self):
        width, height = self.reference
        self.window = shell(f"rg_gnome_mines {self.theme} {self.size} {width} {height}")
        self.window = self.window.splitlines()[-1]
        xdotool("windowactivate", "--sync", self.window)

    def sizes(self, count):
        """Window sizes from the smallest GNOME Mines allows to about twice the reference, in
        `count` steps, in the 4:3 shape it opens with."""
        low, high = 380, 1000 if self.size != "big" else 950
        return [(int(h * (1.3 if self.size != "big" else 1.75)), h)
                for h in (low + (high - low) * i // max(count - 1, 1) for i in range(count))]


class Sgt(Windowed):
    """Simon Tatham's Mines (sgt-puzzles): its tiles scale with the window. Never trained on."""

    def __init__(self, params):
        self.params = params
        cols, rest = params.split("x")
        rows, mines = rest.split("n")
        self.cols, self.rows, self.mines = int(cols), int(rows), int(mines)
        self.reference = (900, 900)
        self.window = None

    def name(self):
        return f"sgt-{self.params}"

    def start(self):
        width, height = self.reference
        self.window = shell(f"rg_sgt_mines {self.params} {width} {height}").splitlines()[-1]
        xdotool("windowactivate", "--sync", self.window)

    def sizes(self, count):
        """Square windows from 10 px tiles (the smallest the reading looks for) to about 64."""
        low, high = 10 * self.rows + 80, 64 * self.rows + 80
        return [(h * self.cols // self.rows, h)
                for h in (low + (high - low) * i // max(count - 1, 1) for i in range(count))]


class Kmines(Windowed):
    """KDE's KMines, Easy (9x9, 10 mines), default theme: its tiles scale with the window, about
    a ninth of the window's height less its tool and status bars. Never trained on."""

    settle = 1.0

    def __init__(self):
        self.cols, self.rows, self.mines = 9, 9, 10
        # 65 px tiles: every look large, where the fixture reads right tile for tile.
        self.reference = (1100, 800)
        self.window = None

    def name(self):
        return "kmines-default"

    def start(self):
        width, height = self.reference
        self.window = shell(f"rg_kmines {width} {height}").splitlines()[-1]
        xdotool("windowactivate", "--sync", self.window)

    def after_loss(self):
        """KMines asks "Reset the Game?" in a dialog over the board as the game is lost, then
        shows "You have lost." over the board's middle for about three seconds. A player says
        No (Escape) and looks at the board: so does the sweep, once both are gone."""
        done = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^Reset"],
                              capture_output=True, text=True, timeout=10)
        for dialog in done.stdout.split():
            xdotool("windowactivate", "--sync", dialog)
            xdotool("key", "Escape")
        time.sleep(3.5)
        xdotool("windowactivate", "--sync", self.window)

    def sizes(self, count):
        """Windows of 4:3 asked from about 14 px tiles to about 64 (the bars take some 150 px);
        KMines keeps its window large enough for 17 px tiles."""
        low, high = 9 * 14 + 150, 9 * 64 + 150
        return [(h * 4 // 3, h)
                for h in (low + (high - low) * i // max(count - 1, 1) for i in range(count))]


def make_game(spec):
    """A game from its name: gnome-THEME-SIZE, sgt-PARAMS (such as sgt-16x16n40) or kmines."""
    parts = spec.split("-")
    if parts[0] == "gnome" and len(parts) == 3 and parts[2] in GNOME_SIZES:
        return Gnome(parts[1], parts[2])
    if parts[0] == "sgt" and len(parts) == 2:
        return Sgt(parts[1])
    if spec == "kmines":
        return Kmines()
    raise ValueError(f"unknown game {spec!r}: gnome-THEME-SIZE, sgt-COLSxROWSnMINES or kmines")


def tile_centre(found, row, col):
    board = found["board"]
    return (int(board["x"] + (col + 0.5) * found["tile_width"]),
            int(board["y"] + (row + 0.5) * found["tile_height"]))


def label_of(reading):
    """The board text of a reading as a list of rows."""
    return reading["text"].split() if reading.get("text") else None


def score(read, label_rows, safe, mines_certain, lost, board=None):
    """One capture's figures against the label. `board` is the label's rectangle of the board
    in the capture, where known: a grid found at another size is scored for its calls too,
    each moved onto the label's tiles by the two grids' offset (a grid that stops short of the
    board gives calls a whole board would not; they count as wrong, not as "not found").

    A 3x2 grid cut from the top of a 3x3 board, its one call placed by what it shows:

    >>> label = ["000", "01F", "01."]
    >>> read = {"text": "01F 01.", "tile_width": 17,
    ...         "moves": [{"row": 1, "col": 2, "action": "open"}]}
    >>> score(read, label, set(), {(2, 2)}, False)["wrong_calls"]
    1
    >>> score(read, label, {(2, 2)}, set(), False)["wrong_calls"]
    0
    """
    out = {"found": False, "right": False, "tiles": 0, "tiles_right": 0, "hidden": 0,
           "wrong_calls": 0, "useless_calls": 0, "error": None, "pitch": None,
           "advised": None}
    # A board in play (not lost, and some covered tile not certainly a mine) should get
    # advice: a move or a guess. Whether it does is what a player meets; None elsewhere.
    covered = sum(ch in ".?" for row in label_rows for ch in row)
    in_play = not lost and covered > len(mines_certain)
    if in_play:
        out["advised"] = bool(read.get("moves") or read.get("best_guess"))
    if "error" in read:
        out["error"] = read["error"].get("kind", "?") + ": " + read["error"].get("message", "")
        return out
    out["pitch"] = read.get("tile_width")
    rows = read["text"].split()
    offset = grid_offset(read, board, len(label_rows), len(label_rows[0]))
    if len(rows) != len(label_rows) or len(rows[0]) != len(label_rows[0]):
        out["error"] = f"grid {len(rows[0])}x{len(rows)} found"
    elif offset not in (None, (0, 0)):
        # A board of the game's size, but not where the game's is: another board beside it.
        out["error"] = f"a {len(rows[0])}x{len(rows)} grid found away from the board"
    if out["error"]:
        # Where the label has no rectangle of the board (a Debian game's label is its reading
        # at a large window), the grid is placed by what it shows instead: at each place on
        # the label where every tile it shares reads as the game shows it, and each call is
        # judged at the place that makes the most of them wrong.
        places = [offset] if offset is not None else places_by_tiles(rows, label_rows)
        worst = None
        for place in places or [None]:
            trial = {"wrong_calls": 0, "useless_calls": 0}
            score_calls(trial, read, label_rows, safe, mines_certain, lost, place)
            if worst is None or trial["wrong_calls"] > worst["wrong_calls"]:
                worst = trial
        out.update(worst)
        return out
    out["found"] = True
    doubt = {tuple(c) for d in read.get("doubt", []) for c in d["cells"]}
    for r, (got, want) in enumerate(zip(rows, label_rows)):
        for c, (g, w) in enumerate(zip(got, want)):
            out["tiles"] += 1
            if (r, c) in doubt and w != ".":
                out["hidden"] += 1
            elif tile_read_right(g, w):
                out["tiles_right"] += 1
            elif g in ".?" and w not in "*!":
                out["hidden"] += 1
    out["right"] = out["tiles_right"] == out["tiles"]
    score_calls(out, read, label_rows, safe, mines_certain, lost, (0, 0))
    return out


def grid_offset(read, board, rows, cols):
    """The label's (row, col) of the read grid's tile (0, 0): from the read grid's origin and
    the label's board rectangle; None where either is unknown."""
    grid = read.get("grid")
    if not board or not grid or not rows or not cols:
        return None
    pitch_x, pitch_y = board["width"] / cols, board["height"] / rows
    return (round((grid["y"] - board["y"]) / pitch_y), round((grid["x"] - board["x"]) / pitch_x))


def places_by_tiles(rows, label_rows):
    """The label's (row, col) offsets of a read grid of another size than the label's, found by
    what it shows: the places where it shares at least half the label's tiles, none of them read
    unlike the game shows it (a covered tile read where the game shows no mine is only hidden),
    and the most of them shown open or flagged and read as such. A grid cut short or grown past
    the board is placed where it was cut from; none where nothing it shows says where.

    >>> label = ["000", "01F", "01."]
    >>> places_by_tiles(["01F", "01."], label)
    [(1, 0)]
    >>> places_by_tiles(["...", "..."], label)
    []
    """
    height, width = len(label_rows), len(label_rows[0])
    best, places = 0, []
    for dr in range(-len(rows) + 1, height):
        for dc in range(-len(rows[0]) + 1, width):
            overlap = tiles_shared(rows, label_rows, dr, dc)
            if overlap is None:
                continue
            shared, same = overlap
            if 2 * shared < height * width or same == 0 or same < best:
                continue
            if same > best:
                best, places = same, []
            places.append((dr, dc))
    return places


def tiles_shared(rows, label_rows, dr, dc):
    """The tiles a read grid shares with the label when its tile (0, 0) lies on the label's
    (dr, dc), and how many of them are shown open or flagged and read as such; None where one
    is read unlike the game shows it."""
    shared = same = 0
    for r, row in enumerate(rows):
        for c, got in enumerate(row):
            lr, lc = r + dr, c + dc
            if not (0 <= lr < len(label_rows) and 0 <= lc < len(label_rows[0])):
                continue
            want = label_rows[lr][lc]
            if not tile_agrees(got, want):
                return None
            shared += 1
            same += got == want and want not in ".?"
    return shared, same


def tile_read_right(got, want):
    """Whether a tile read as `got` is the game's `want`: the same, or both covered, or both an
    open tile with no usable number."""
    return got == want or (got in ".?" and want in ".?") or (got in "xW" and want in "xW")


def tile_agrees(got, want):
    """Whether a tile read as `got` is the game's `want`, or covered where the game shows no
    mine (a tile hidden, never a wrong one)."""
    return tile_read_right(got, want) or (got in ".?" and want not in "*!")


def score_calls(out, read, label_rows, safe, mines_certain, lost, offset):
    """Adds the reading's calls to `out`: wrong ones (a tile the game does not make safe, or a
    mine, or any call on a lost game) and useless ones. With no `offset` the calls cannot be
    placed on the label's tiles, and each counts as wrong."""
    for move in read.get("moves", []) or []:
        if offset is None:
            out["wrong_calls"] += 1
            continue
        pos = (move["row"] + offset[0], move["col"] + offset[1])
        if not (0 <= pos[0] < len(label_rows) and 0 <= pos[1] < len(label_rows[0])):
            # A tile off the board: the grid took page or window for board.
            out["wrong_calls"] += 1
            continue
        shown = label_rows[pos[0]][pos[1]]
        if lost:
            out["wrong_calls"] += 1
        elif move["action"] == "open" and shown in "012345678W":
            # A tile the game shows open, read as covered and called safe: useless, never
            # dangerous (tests/fixtures.rs counts it the same way).
            out["useless_calls"] += 1
        elif move["action"] != "open" and shown == "F":
            # A flag the game shows, read as covered and called a mine: useless too.
            out["useless_calls"] += 1
        elif move["action"] == "open" and pos not in safe:
            out["wrong_calls"] += 1
        elif move["action"] != "open" and pos not in mines_certain:
            out["wrong_calls"] += 1
    if lost and read.get("best_guess"):
        out["wrong_calls"] += 1


def play_to(binary, game, out, state, rng):
    """Moves the game from its current state towards `state`, at the reference size."""
    shot = out / "step.png"
    screenshot(shot)
    read = advise(binary, shot, game.mines)
    if "error" in read:
        raise RuntimeError(f"{game.name()}: the reference board does not read: {read['error']}")
    if state == "opened":
        x, y = tile_centre(read, game.rows // 2, game.cols // 2)
        xdotool("mousemove", x, y, "click", 1)
    elif state == "mid":
        # A few certain moves: safe tiles opened, certain mines flagged.
        for _ in range(6):
            screenshot(shot)
            read = advise(binary, shot, game.mines)
            moves = read.get("moves") or []
            if not moves:
                guess = read.get("best_guess")
                if not guess:
                    break
                moves = [{"row": guess["row"], "col": guess["col"], "action": "open"}]
            move = rng.choice(moves)
            x, y = tile_centre(read, move["row"], move["col"])
            xdotool("mousemove", x, y, "click", 1 if move["action"] == "open" else 3)
            xdotool("mousemove", 1, 1)
            time.sleep(0.3)
    elif state == "lost":
        screenshot(shot)
        read = advise(binary, shot, game.mines)
        mines = read.get("certain_mines") or []
        covered = [(r, c) for r, row in enumerate(read["text"].split())
                   for c, ch in enumerate(row) if ch == "."]
        target = mines[0] if mines else rng.choice(covered)
        for _ in range(40):
            x, y = tile_centre(read, target[0], target[1])
            xdotool("mousemove", x, y, "click", 1)
            xdotool("mousemove", 1, 1)
            time.sleep(0.4)
            screenshot(shot)
            read = advise(binary, shot, game.mines)
            if read.get("game_over"):
                break
            covered = [(r, c) for r, row in enumerate(read.get("text", "").split())
                       for c, ch in enumerate(row) if ch == "."]
            if not covered:
                break
            target = rng.choice(covered)
        # What a game puts over its board as it is lost, cleared as a player would.
        game.after_loss()
    xdotool("mousemove", 1, 1)
    time.sleep(0.4)


SURROUNDS = ("dark-desktop", "busy-desktop", "second-board", "off-screen")
# Another game's board, for `second-board`: a fixture of a game not swept here.
OTHER_BOARD = ROOT / "fixtures" / "xdemineur-30-16-99-mid.png"


def window_geometry(window):
    """(x, y, width, height) of an X window, from xdotool."""
    done = subprocess.run(["xdotool", "getwindowgeometry", "--shell", str(window)],
                          capture_output=True, text=True, check=True, timeout=10)
    values = dict(line.split("=", 1) for line in done.stdout.split())
    return int(values["X"]), int(values["Y"]), int(values["WIDTH"]), int(values["HEIGHT"])


def busy_picture(path, rng, size=(1920, 1080)):
    """A desktop full of things: coloured boxes, lines of text and a gradient (ImageMagick)."""
    width, height = size
    draws = []
    for _ in range(60):
        x, y = rng.randrange(width), rng.randrange(height)
        w, h = rng.randrange(20, 400), rng.randrange(10, 300)
        colour = "#%02x%02x%02x" % (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        draws += ["-fill", colour, "-draw", f"rectangle {x},{y} {x + w},{y + h}"]
    for _ in range(25):
        x, y = rng.randrange(width - 200), rng.randrange(20, height)
        draws += ["-fill", "black", "-pointsize", str(rng.randrange(10, 30)), "-draw",
                  f"text {x},{y} 'Inbox (3) Meeting at 14:00 - notes.txt 1 2 3 8 5'"]
    subprocess.run(["convert", "-size", f"{width}x{height}", "gradient:#3a6ea5-#d8c39a", *draws,
                    str(path)], check=True, timeout=60)


class Surround:
    """What is around the game's window for one capture; undone on leaving."""

    def __init__(self, kind, game, out, rng):
        self.kind, self.game, self.out, self.rng = kind, game, out, rng
        self.viewer = None
        self.moved = None

    def __enter__(self):
        """Sets it up; returns how far the board moved on the screen (dx, dy)."""
        if self.kind in ("dark-desktop", "busy-desktop", "second-board"):
            if self.kind == "dark-desktop":
                picture = self.out / "black.png"
                if not picture.exists():
                    subprocess.run(["convert", "-size", "1920x1080", "xc:black", str(picture)],
                                   check=True, timeout=60)
                geometry = "+0+0"
            elif self.kind == "busy-desktop":
                picture = self.out / "busy.png"
                if not picture.exists():
                    busy_picture(picture, self.rng)
                geometry = "+0+0"
            else:
                picture = self.out / "other-board.png"
                if not picture.exists():
                    # The board and a margin of its window, at the size it was captured.
                    board = json.loads(OTHER_BOARD.with_suffix(".json").read_text())["board"]
                    crop = (f"{board['width'] + 80}x{board['height'] + 80}"
                            f"+{board['x'] - 40}+{board['y'] - 40}")
                    subprocess.run(["convert", str(OTHER_BOARD), "-crop", crop, "+repage",
                                    str(picture)], check=True, timeout=60)
                x, y, width, _ = window_geometry(self.game.window)
                geometry = f"+{x + width + 20}+{y}" if x + width + 740 < 1920 else f"+0+{y}"
            self.viewer = subprocess.Popen(["display", "-geometry", geometry, str(picture)],
                                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(1.2)
            # The game stays in front: the picture is behind it, or beside it.
            xdotool("windowactivate", "--sync", self.game.window)
            time.sleep(0.4)
        elif self.kind == "off-screen":
            x, y, width, height = window_geometry(self.game.window)
            self.moved = (x, y)
            shift = -(x + width // 3)
            xdotool("windowmove", self.game.window, x + shift, y)
            time.sleep(0.6)
            after = window_geometry(self.game.window)
            return after[0] - x, after[1] - y
        return 0, 0

    def __exit__(self, *_):
        if self.viewer:
            self.viewer.kill()
            self.viewer.wait()
            time.sleep(0.3)
        if self.moved:
            xdotool("windowmove", self.game.window, *self.moved)
            time.sleep(0.6)
        return False


def moved_board(board, shift):
    """A board rectangle (advise's JSON) moved by `shift`."""
    if not board:
        return None
    return {**board, "x": board["x"] + shift[0], "y": board["y"] + shift[1]}


def sweep_state(binary, game, out, state, sizes, results, rng, keep_all, surrounds=()):
    width, height = game.reference
    game.resize(width, height)
    xdotool("mousemove", 1, 1)
    time.sleep(0.3)
    ref_shot = out / f"{game.name()}-{state}-reference.png"
    screenshot(ref_shot)
    reference = advise(binary, ref_shot, game.mines)
    label = label_of(reference) if "error" not in reference or reference.get("text") else None
    if not label or reference.get("doubt"):
        print(f"{game.name()} {state}: the reference board does not read cleanly; skipped",
              file=sys.stderr)
        return
    lost = bool(reference.get("game_over"))
    known = certain(binary, "\n".join(label) + "\n", game.mines) if not lost else (set(), set())
    if known is None:
        print(f"{game.name()} {state}: the reference board is impossible; skipped",
              file=sys.stderr)
        return
    safe, mines_certain = known
    covered = [(r, c) for r, row in enumerate(label) for c, ch in enumerate(row) if ch == "."]
    numbers = [(r, c) for r, row in enumerate(label) for c, ch in enumerate(row)
               if ch in "12345678"]
    captured = []
    for width, height in sizes:
        game.resize(width, height)
        xdotool("mousemove", 1, 1)
        time.sleep(0.3)
        stem = f"{game.name()}-{state}-{width}x{height}"
        parked = out / f"{stem}-parked.png"
        screenshot(parked)
        read = advise(binary, parked, game.mines)
        captured.append(("parked", parked, read, None))
        # Where the pointer rests needs the board's place: from the parked reading when it found
        # the grid, else that variant is not measured at this size.
        if read.get("rows") == game.rows and read.get("cols") == game.cols:
            variants = []
            if covered:
                variants.append(("hover", rng.choice(covered), False))
                variants.append(("pressed", rng.choice(covered), True))
            if numbers:
                variants.append(("hover-open", rng.choice(numbers), False))
            for variant, (r, c), press in variants:
                if lost and press:
                    continue
                x, y = tile_centre(read, r, c)
                xdotool("mousemove", x, y)
                if press:
                    xdotool("mousedown", 1)
                time.sleep(0.35)
                shot = out / f"{stem}-{variant}.png"
                screenshot(shot)
                if press:
                    # Released off the board, so the tile does not open.
                    xdotool("mousemove", 1, 1)
                    time.sleep(0.1)
                    xdotool("mouseup", 1)
                captured.append((variant, shot, advise(binary, shot, game.mines), None))
            xdotool("mousemove", 1, 1)
        for kind in surrounds:
            with Surround(kind, game, out, rng) as shift:
                xdotool("mousemove", 1, 1)
                time.sleep(0.3)
                shot = out / f"{stem}-{kind}.png"
                screenshot(shot)
            board = moved_board(read.get("board") if read.get("rows") == game.rows else None,
                                shift)
            captured.append((kind, shot, advise(binary, shot, game.mines), board))
    # The label holds only if the game did not change during the sweep.
    width, height = game.reference
    game.resize(width, height)
    time.sleep(0.3)
    check = out / f"{game.name()}-{state}-check.png"
    screenshot(check)
    again = advise(binary, check, game.mines)
    if label_of(again) != label:
        print(f"{game.name()} {state}: the board changed during the sweep; its captures are "
              "not scored", file=sys.stderr)
        return
    for variant, shot, read, board in captured:
        # Only the surroundings' captures are scored with the board's place (see `score`).
        figures = score(read, label, safe, mines_certain, lost, board)
        line = {"game": game.name(), "state": state, "variant": variant, "image": shot.name,
                **figures}
        results.append(line)
        if figures["right"] and figures["wrong_calls"] == 0 and not keep_all:
            shot.unlink()
        else:
            write_label(shot, found_board(read, label), label, game.mines)
    check.unlink()


def write_label(shot, board, label, mines):
    """The fixtures' label format beside a capture: `board` is the grid's rectangle in the
    capture (None where it is not known: a grid found wrong tells nothing)."""
    data = {"image": shot.name, "board": board, "rows": len(label), "cols": len(label[0]),
            "mines": mines, "tiles": label}
    shot.with_suffix(".json").write_text(json.dumps(data, indent=1) + "\n")


def found_board(read, label):
    """The reading's rectangle of the board where it found the label's rows and columns."""
    rows = read.get("text", "").split() if "error" not in read else []
    found = bool(rows) and len(rows) == len(label) and len(rows[0]) == len(label[0])
    return read.get("board") if found else None


def pitch_band(pitch):
    if pitch is None:
        return "not found"
    low = int(pitch) // 4 * 4
    return f"{low:2d}-{low + 3:2d} px"


def report(results):
    """Per game, variant and pitch band: captures, found, fully right, tiles, wrong calls; and
    how many boards in play were given advice (a move or a guess) at all."""
    table = {}
    for line in results:
        key = (line["game"], line["variant"], pitch_band(line["pitch"]))
        row = table.setdefault(key, [0, 0, 0, 0, 0, 0, 0])
        row[0] += 1
        row[1] += line["found"]
        row[2] += line["right"]
        row[3] += line["tiles"]
        row[4] += line["tiles_right"]
        row[5] += line["hidden"]
        row[6] += line["wrong_calls"]
    print(f"{'game':24} {'variant':10} {'pitch':9} {'boards':>6} {'found':>5} {'right':>5} "
          f"{'tiles right':>13} {'hidden':>6} {'wrong calls':>11}")
    for (game, variant, band), row in sorted(table.items()):
        print(f"{game:24} {variant:10} {band:9} {row[0]:6} {row[1]:5} {row[2]:5} "
              f"{row[4]:6}/{row[3]:<6} {row[5]:6} {row[6]:11}")
    total = [sum(r[i] for r in table.values()) for i in range(7)]
    in_play = [line["advised"] for line in results if line.get("advised") is not None]
    print(f"all: {total[0]} boards, {total[1]} found, {total[2]} fully right, "
          f"{total[4]}/{total[3]} tiles right, {total[5]} hidden, {total[6]} wrong calls; "
          f"{sum(in_play)} of {len(in_play)} boards in play given advice")
    return total


def rescore(binary, folder):
    """Scores every labelled capture kept in `folder` again (another binary or model), without
    playing: the game and variant come from each file's name."""
    results = []
    for path in sorted(folder.glob("*.json")):
        label = json.loads(path.read_text())
        image = folder / label["image"]
        if not image.exists():
            continue
        rows = [row for row in label["tiles"] if row]
        lost = any(ch in "*!" for row in rows for ch in row)
        known = (set(), set()) if lost else certain(binary, "\n".join(rows) + "\n",
                                                    label["mines"])
        if known is None:
            continue
        read = advise(binary, image, label["mines"])
        figures = score(read, rows, known[0], known[1], lost, label.get("board"))
        stem = path.stem
        variant = next(v for v in ("hover-open", "hover", "pressed", "parked", *SURROUNDS,
                                   *surround.KINDS) if stem.endswith(v))
        parts = stem[:-len(variant) - 1].split("-")
        state = next((p for p in parts if p in ("fresh", "opened", "mid", "lost")), "?")
        game = "-".join(parts[:parts.index(state)] if state in parts else parts[:3])
        if game.startswith("web-"):
            # web-CLONE-THEME-xSCALE-zZOOM: the game is the clone in its theme.
            game = "-".join(game.split("-")[:3])
        results.append({"game": game, "state": state, "variant": variant,
                        "image": image.name, **figures})
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--binary", default=str(ROOT / "target/release/minehint"))
    parser.add_argument("--game", default="gnome-default-medium",
                        help="gnome-THEME-SIZE (THEME default|classic|bgcolors, SIZE "
                        "small|medium|big), sgt-COLSxROWSnMINES or kmines; several separated by "
                        "commas")
    parser.add_argument("--sizes", type=int, default=24, help="window sizes swept per state")
    parser.add_argument("--states", default="fresh,opened,mid,lost")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--surround", default="",
                        help="also capture each size with these around the window: "
                        + ", ".join(SURROUNDS) + " (comma-separated)")
    parser.add_argument("--keep-all", action="store_true",
                        help="keep every capture and its label, not only those misread")
    parser.add_argument("--rescore", action="store_true",
                        help="score the captures kept in --out again, without playing")
    args = parser.parse_args()
    if args.rescore:
        results = rescore(args.binary, args.out)
        with open(args.out / "rescored.jsonl", "w") as f:
            for line in results:
                f.write(json.dumps(line) + "\n")
        sys.exit(1 if report(results)[6] else 0)
    surrounds = [kind for kind in args.surround.split(",") if kind]
    for kind in surrounds:
        if kind not in SURROUNDS:
            parser.error(f"unknown --surround {kind!r}: {', '.join(SURROUNDS)}")
    if "DISPLAY" not in os.environ or "RG_DIR" not in os.environ:
        parser.error("start a display first: source scripts/real_games.sh; rg_display 77")
    args.out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)
    results = []
    for spec in args.game.split(","):
        try:
            game = make_game(spec)
        except ValueError as err:
            parser.error(str(err))
        shell("rg_stop_games")
        game.start()
        for state in args.states.split(","):
            play_to(args.binary, game, args.out, state, rng)
            sweep_state(args.binary, game, args.out, state, game.sizes(args.sizes), results, rng,
                        args.keep_all, surrounds)
        shell("rg_stop_games")
    with open(args.out / "results.jsonl", "w") as f:
        for line in results:
            f.write(json.dumps(line) + "\n")
    total = report(results)
    # Exit 1 when any call was wrong: the one figure that must be zero everywhere.
    sys.exit(1 if total[6] else 0)


if __name__ == "__main__":
    try:
        main()
    except (RuntimeError, OSError, subprocess.SubprocessError) as err:
        # The game, the display or the browser did not start or answer: exit 3, which the
        # tests take as a start to try again, unlike a wrong call (exit 1).
        print(f"sweep: {err}", file=sys.stderr)
        sys.exit(3)
