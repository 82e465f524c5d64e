#!/usr/bin/env python3
"""Captures screenshots of real Minesweeper games played headless under Xvfb.

Each game is started through scripts/real_games.sh, its board is found with
`minehint calibrate --json`, and then tiles are clicked at random (left: open, right once: flag,
right twice: question mark) with a full-screen screenshot after every action. Clicks are random on
purpose: the point is to see every tile look (numbers, flags, question marks, and after a loss the
mines, the exploded mine and wrong flags), not to play well.

Needs a running display (rg_display) in $DISPLAY and $RG_DIR, and a built minehint binary.

    python3 training/real/capture.py --out /tmp/captures --binary target/release/minehint
"""

import argparse
import hashlib
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from label import grid_of  # noqa: E402

# (game, settings): GNOME Mines themes x sizes x window sizes, xdemineur sizes, xbomb levels at
# their own window size and resized (its grid scales with the window), ace-minesweeper's levels.
GAMES = [
    ("gnome", ("classic", "small", 700, 560)),
    ("gnome", ("classic", "medium", 900, 700)),
    ("gnome", ("classic", "big", 1400, 800)),
    ("gnome", ("default", "small", 640, 520)),
    ("gnome", ("default", "medium", 1000, 760)),
    ("gnome", ("default", "big", 1600, 900)),
    ("gnome", ("bgcolors", "small", 800, 640)),
    ("gnome", ("bgcolors", "medium", 860, 680)),
    ("gnome", ("bgcolors", "big", 1300, 760)),
    ("xdemineur", (12, 12, 20)),
    ("xdemineur", (16, 16, 40)),
    ("xdemineur", (30, 16, 99)),
    ("xbomb", (1, 0, 0)),
    ("xbomb", (1, 520, 600)),
    ("xbomb", (2, 0, 0)),
    ("xbomb", (2, 900, 950)),
    ("xbomb", (3, 0, 0)),
    ("xbomb", (3, 1600, 950)),
    ("xbomb", (3, 1250, 760)),
    ("ace", (1,)),
    ("ace", (2,)),
    ("ace", (3,)),
    ("ace", (4,)),
    # KMines is kept out of training: its captures are the validation game (--only kmines).
    ("kmines", (0, 0)),
    ("kmines", (1100, 800)),
    # So is Simon Tatham's Mines (--only sgt): a second game never trained on.
    ("sgt", ("9x9n10", 0, 0)),
    ("sgt", ("16x16n40", 0, 0)),
    ("sgt", ("30x16n99", 0, 0)),
    ("sgt", ("16x16n40", 900, 900)),
]
HELD_OUT = ("kmines", "sgt")


def shell(script):
    """Runs bash with scripts/real_games.sh sourced; returns stdout."""
    full = f"source '{ROOT}/scripts/real_games.sh'; {script}"
    done = subprocess.run(["bash", "-c", full], capture_output=True, text=True, timeout=150)
    if done.returncode != 0:
        raise RuntimeError(f"{script!r} failed: {done.stderr.strip()}")
    return done.stdout.strip()


def xdotool(*args):
    # An X server starved of CPU (a sweep beside a build) can leave xdotool waiting past its
    # bound now and then: one more try before the sweep gives up.
    for attempt in range(2):
        try:
            subprocess.run(["xdotool", *map(str, args)], check=True, timeout=10)
            return
        except subprocess.TimeoutExpired:
            if attempt == 1:
                raise
            print(f"xdotool {' '.join(map(str, args))}: no answer in 10 s, trying again",
                  file=sys.stderr)


def screenshot(path):
    subprocess.run(["import", "-window", "root", str(path)], check=True, timeout=20)


def start(game, settings):
    if game == "gnome":
        theme, size, width, height = settings
        window = shell(f"rg_gnome_mines {theme} {size} {width} {height}")
    elif game == "xbomb":
        level, width, height = settings
        size = f" {width} {height}" if width else ""
        window = shell(f"rg_xbomb {level}{size}")
    elif game == "kmines":
        width, height = settings
        window = shell(f"rg_kmines {width} {height}" if width else "rg_kmines")
    elif game == "ace":
        window = shell(f"rg_ace {settings[0]}")
    elif game == "sgt":
        params, width, height = settings
        window = shell(f"rg_sgt_mines {params} {width} {height}" if width else
                       f"rg_sgt_mines {params}")
    else:
        cols, rows, mines = settings
        window = shell(f"rg_xdemineur {cols} {rows} {mines}")
    return window.splitlines()[-1]


def play(binary, out, name, game, settings, actions, rng, right=0.3):
    shell("rg_stop_games")
    window = start(game, settings)
    xdotool("windowactivate", "--sync", window)
    xdotool("mousemove", 1, 1)
    time.sleep(0.5)
    first = out / f"{name}-00.png"
    screenshot(first)
    found = grid_of(binary, first)
    if found is None:
        print(f"{name}: no board found in {first}; skipped")
        return 0
    board = found["board"]
    pw, ph = found["tile_width"], found["tile_height"]
    rows, cols = found["rows"], found["cols"]
    print(f"{name}: {cols}x{rows} tiles of {pw:.2f} px at {board['x']},{board['y']}")
    seen = {hashlib.sha1(first.read_bytes()).hexdigest()}
    kept = 1
    for step in range(1, actions + 1):
        r, c = rng.randrange(rows), rng.randrange(cols)
        x = int(board["x"] + (c + 0.5) * pw)
        y = int(board["y"] + (r + 0.5) * ph)
        roll = rng.random()
        # Left: open; right once: flag; right twice: question mark.
        clicks = [1] if roll >= right else [3] if roll < right * 2 / 3 else [3, 3]
        for button in clicks:
            xdotool("mousemove", x, y, "click", button)
            time.sleep(0.15)
        xdotool("mousemove", 1, 1)
        time.sleep(0.35)
        shot = out / f"{name}-{step:02d}.png"
        screenshot(shot)
        digest = hashlib.sha1(shot.read_bytes()).hexdigest()
        if digest in seen:
            shot.unlink()
        else:
            seen.add(digest)
            kept += 1
    return kept


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--binary", default=str(ROOT / "target/release/minehint"))
    parser.add_argument("--rounds", type=int, default=2, help="games per setting")
    parser.add_argument("--actions", type=int, default=14, help="clicks per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="", help="only settings whose name starts with this")
    parser.add_argument("--first-round", type=int, default=0)
    parser.add_argument("--right", type=float, default=0.3,
                        help="share of right clicks (flags and question marks)")
    args = parser.parse_args()
    if "DISPLAY" not in os.environ or "RG_DIR" not in os.environ:
        parser.error("start a display first: source scripts/real_games.sh; rg_display 77")
    args.out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)
    total = 0
    for round_ in range(args.first_round, args.first_round + args.rounds):
        for game, settings in GAMES:
            tag = "-".join(map(str, settings))
            name = f"{game}-{tag}-r{round_}"
            if not name.startswith(args.only) or (game in HELD_OUT and args.only != game):
                continue
            total += play(args.binary, args.out, name, game, settings, args.actions, rng,
                          args.right)
    shell("rg_stop_games")
    print(f"{total} screenshots in {args.out}")


if __name__ == "__main__":
    main()
