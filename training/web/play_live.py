#!/usr/bin/env python3
"""Plays a web clone in Chromium by `minehint live`'s advice, as a player would with the overlay.

The clone (clones.py) is served on 127.0.0.1 and opened in an ordinary Chromium window at a page
zoom; `minehint live --log-json` runs beside it and finds the game by itself. Each time the log
shows a board, the first certain move (else the guess) is clicked with the real pointer, which
then rests on the board. Before every click the page's own state says what the tile is: a tile
`live` called safe that holds a mine is a wrong call, and the run fails. The game ends won or
lost (by a guess), or the time runs out; the page's state says which.

    source scripts/real_games.sh && rg_display 77
    python3 training/web/play_live.py --clone webcomponent --zoom 125

Prints one JSON line: moves played, guesses, the end ("won", "lost", "unfinished"), wrong calls,
useless ones (tiles called safe that the page shows open, each counted once: passed over for
the next move, as a player would) and frames whose board text differs from the page's. Exit 0 when no call was
wrong and at least one move was played by the advice, 1 for a wrong call, 3 when the browser,
the page or `live` did not start, or the board does not fit the window at that zoom. With
`--keep DIR`, a game that ends unfinished or with a wrong call leaves the last screen (once
`live` has ended, so without its marks) and the page's label there, for `minehint advise`.
"""

import argparse
import importlib.util
import json
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
from PIL import Image

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
_spec = importlib.util.spec_from_file_location("web_sweep", HERE / "sweep.py")
web = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(web)
from clones import CLONES  # noqa: E402


def last_board(log):
    """The last line of `live`'s JSON log, or None before the first."""
    if not log.exists():
        return None
    lines = [line for line in log.read_text().splitlines() if line.strip()]
    return json.loads(lines[-1]) if lines else None


def screen_point(line, row, col):
    """The centre of tile (row, col) of the board a log line describes, in screen pixels."""
    board = line["board"]
    pitch_x, pitch_y = board["width"] / line["cols"], board["height"] / line["rows"]
    return int(board["x"] + (col + 0.5) * pitch_x), int(board["y"] + (row + 0.5) * pitch_y)


def finished(state):
    """Whether every tile without a mine is open: the game is won."""
    return all(ch not in ".?F" or cell["mine"]
               for row, cells in zip(state["text"], state["cells"])
               for ch, cell in zip(row, cells))


def keep_screen(browser, clone, folder, stem):
    """Keeps the screen as it is now, the pointer where the last click left it, with the page's
    own label beside it (the fixtures' format), so that `minehint advise` can read it again."""
    folder.mkdir(parents=True, exist_ok=True)
    shot = folder / f"{stem}.png"
    web.screenshot(shot)
    corner = web.Page(browser, clone, (0, 0)).state()["cells"][0][0]
    offset = web.viewport_offset(np.asarray(Image.open(shot).convert("RGB")),
                                 browser.viewport_image(), (corner["sx"], corner["sy"]))
    state = web.Page(browser, clone, offset or (0, 0)).state()
    web.write_label(shot, state["board"] if offset else None, state["text"], state["mines"])
    print(f"kept the last screen as {shot}", file=sys.stderr)


def play(args):
    clone = CLONES[args.clone]
    folder = clone.install()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(args.port + 1), "--bind",
                               "127.0.0.1", "--directory", str(folder)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    browser = live = figures = None
    log = Path(args.log)
    log.unlink(missing_ok=True)
    try:
        time.sleep(0.5)
        if server.poll() is not None:
            raise RuntimeError(f"cannot serve the clone on 127.0.0.1:{args.port + 1}")
        browser = web.Chromium(1.0, False, args.port, (1400, 1000))
        web.open_game(browser, clone, clone.url(args.port + 1, args.cols, args.rows, args.mines),
                      args.seed, (args.cols, args.rows, args.mines))
        browser.zoom(args.zoom)
        page = web.Page(browser, clone, (0, 0))
        first = page.state()["cells"][0][0]
        browser.evaluate(f"window.scrollBy(0, {first['y'] - 8})")
        time.sleep(0.5)
        # As the sweep: no player plays a board that runs past the window.
        if not web.fits(page.state()["cells"], browser):
            raise RuntimeError(f"the board does not fit the window at {args.zoom}%: not played")
        live = subprocess.Popen([args.binary, "live", "--log-json", str(log), "--duration",
                                 str(args.seconds)], stdout=subprocess.DEVNULL,
                                stderr=open(log.with_suffix(".err"), "w"))
        figures = {"moves": 0, "guesses": 0, "wrong_calls": 0, "useless_calls": 0,
                   "misread_frames": 0, "end": "unfinished"}
        # The open tiles `live` called safe (each counted once, however long it kept the call).
        called_open = set()
        deadline = time.time() + args.seconds - 2
        seen, acted_at = None, 0.0
        while time.time() < deadline:
            time.sleep(0.4)
            line = last_board(log)
            # A new board since the last click, or the same one 3 s on (a click that missed).
            if line is None or (line["text"] == seen and time.time() - acted_at < 3):
                continue
            state = page.state()
            if state["lost"] or finished(state):
                break
            if line["text"].split() != [row.replace("?", ".") for row in state["text"]]:
                figures["misread_frames"] += 1
            opens = [m for m in line["moves"] if m["action"] == "open"]
            # A safe mark on a tile the page shows open is useless (an open tile read as
            # covered): a player passes it over for the next one, and so does this.
            useless = [m for m in opens if state["text"][m["row"]][m["col"]] not in ".?F"]
            called_open.update((m["row"], m["col"]) for m in useless)
            figures["useless_calls"] = len(called_open)
            opens = [m for m in opens if m not in useless]
            if opens:
                row, col = opens[0]["row"], opens[0]["col"]
                if state["cells"][row][col]["mine"]:
                    figures["wrong_calls"] += 1
                    print(f"live called ({row}, {col}) safe; the page holds a mine there",
                          file=sys.stderr)
                    break
                figures["moves"] += 1
            elif line["best_guess"]:
                row, col = line["best_guess"]["row"], line["best_guess"]["col"]
                figures["guesses"] += 1
            else:
                continue
            seen, acted_at = line["text"], time.time()
            # The real pointer clicks and stays on the board, as a player's does.
            web.xdotool("mousemove", *screen_point(line, row, col), "click", 1)
        state = page.state()
        figures["end"] = "lost" if state["lost"] else "won" if finished(state) else "unfinished"
        return figures
    finally:
        if live is not None:
            live.terminate()
            live.wait(10)
        # Kept once `live` has ended, so that its marks are off the screen: what is kept is
        # what it read (the pointer still where the last click left it).
        if (args.keep and browser is not None and figures is not None
                and (figures["end"] == "unfinished" or figures["wrong_calls"])):
            time.sleep(0.5)
            keep_screen(browser, clone, Path(args.keep), f"{args.clone}-z{args.zoom}-s{args.seed}")
        if browser is not None:
            browser.close()
        server.terminate()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=str(ROOT / "target/release/minehint"))
    parser.add_argument("--clone", default="webcomponent")
    parser.add_argument("--zoom", type=int, default=125)
    parser.add_argument("--cols", type=int, default=9)
    parser.add_argument("--rows", type=int, default=9)
    parser.add_argument("--mines", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--port", type=int, default=9433)
    parser.add_argument("--log", default="/tmp/minehint-play-live.jsonl")
    parser.add_argument("--keep", help="a folder where a game that ends unfinished or with a "
                        "wrong call leaves its last screen and the page's label")
    args = parser.parse_args()
    figures = play(args)
    print(json.dumps(figures))
    if figures["wrong_calls"]:
        sys.exit(1)
    if figures["moves"] + figures["guesses"] == 0:
        print("no move was played: live gave no advice on the page", file=sys.stderr)
        sys.exit(3)


if __name__ == "__main__":
    try:
        main()
    except (RuntimeError, OSError, subprocess.SubprocessError,
            web.websocket.WebSocketException) as err:
        print(f"play_live: {err}", file=sys.stderr)
        sys.exit(3)
