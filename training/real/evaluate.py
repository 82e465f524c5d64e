#!/usr/bin/env python3
"""Measures how minehint reads real games: per game, boards found, boards fully right, tiles right
and wrong safe calls, over every labelled capture given.

The truth of a capture: its board size and mine total from the game setting in its file name, and
every tile's class from the hand-labelled looks (label.py), sampled on the grid whose size and
place the name and minehint agree on. A capture with a tile that matches no labelled look (a dialog
over the board, a look nobody labelled) is left out and counted as such.

A wrong safe call is a covered tile that `minehint advise` tells the player to open that the true
board does not make certainly safe (exact analysis of the labelled board with its mine total): the
one mistake a misread must never cause. A call to open a tile that is already open (an open tile
misread as covered) is counted apart: useless, but it risks nothing.

    python3 training/real/evaluate.py /tmp/cap /tmp/kmcap [--binary target/release/minehint]
"""

import argparse
import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
import label  # noqa: E402

ROOT = HERE.parents[1]
CHARS = {"unrevealed": ".", "flag": "F", "question": "?", "mine": "*", "exploded": "!",
         "wrong_flag": "x", **{str(n): str(n) for n in range(9)}}


def setting(name):
    """(cols, rows, mines) of the game a capture shows, from its file name."""
    parts = name.split("-")
    game = parts[0]
    if game == "xdemineur":
        return int(parts[1]), int(parts[2]), int(parts[3])
    if game == "gnome":
        return {"small": (8, 8, 10), "medium": (16, 16, 40), "big": (30, 16, 99)}[parts[2]]
    if game == "xbomb":
        return {"1": (8, 8, 10), "2": (16, 16, 40), "3": (30, 16, 99)}[parts[1]]
    if game == "ace":
        return {"1": (8, 8, 6), "2": (11, 11, 20), "3": (16, 16, 45), "4": (32, 32, 200)}[parts[1]]
    if game == "kmines":
        return 9, 9, 10
    if game == "sgt":
        cols, rest = parts[1].split("x")
        rows, mines = rest.split("n")
        return int(cols), int(rows), int(mines)
    raise SystemExit(f"{name}: unknown game")


def run_json(*args):
    done = subprocess.run(list(map(str, args)), capture_output=True, text=True, timeout=120)
    return json.loads(done.stdout) if done.stdout.strip() else {"error": {"kind": done.stderr}}


def truth_of(binary, path):
    """The labelled classes of every tile, or None when some tile matches no labelled look."""
    try:
        return label.labelled_tiles(binary, path)[1]
    except label.Unlabelled:
        return None


def safe_in_truth(binary, truth, mines):
    text = "\n".join("".join(CHARS[c] for c in row) for row in truth) + "\n"
    done = subprocess.run([binary, "solve", "-", "--json", "--mines", str(mines)], input=text,
                          capture_output=True, text=True, timeout=120)
    result = json.loads(done.stdout)
    if "error" in result:
        return None  # a finished or lost board: nothing is left to call safe
    return {tuple(p) for p in result["safe"]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("captures", type=Path, nargs="+")
    parser.add_argument("--binary", default=str(ROOT / "target/release/minehint"))
    parser.add_argument("--model", help="a tile classifier to use instead of the built-in one")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    stats = defaultdict(lambda: defaultdict(int))
    for folder in args.captures:
        for path in sorted(folder.glob("*.png")):
            game = path.name.split("-")[0]
            s = stats[game]
            cols, rows, mines = setting(path.stem)
            model = ["--model", args.model] if args.model else []
            read = run_json(args.binary, "advise", path, "--json", "--mines", mines, *model)
            if "error" in read and read["error"]["kind"] != "no_board":
                # Found, then refused as impossible: rightly when the true board is impossible
                # too (the random clicks that made the captures place wrong flags).
                truth = truth_of(args.binary, path)
                if truth is None:
                    s["unlabelled"] += 1
                    continue
                s["captures"] += 1
                rightly = safe_in_truth(args.binary, truth, mines) is None
                s["rightly refused" if rightly else "refused"] += 1
                if args.verbose:
                    print(f"{path.name}: refused ({read['error']['kind']}), rightly: {rightly}")
                continue
            found = "error" not in read and (read["cols"], read["rows"]) == (cols, rows)
            truth = truth_of(args.binary, path) if found else None
            if found and truth is None:
                s["unlabelled"] += 1
                continue
            s["captures"] += 1
            if not found:
                why = read["error"]["kind"] if "error" in read else \
                    f"{read['cols']}x{read['rows']} tiles"
                if args.verbose:
                    print(f"{path.name}: not found ({why})")
                s["not found"] += 1
                continue
            s["found"] += 1
            got = {(c["row"], c["col"]): c["class"] for c in read["cells"]}
            wrong = [(r, c) for r in range(rows) for c in range(cols) if got[r, c] != truth[r][c]]
            s["tiles"] += rows * cols
            s["tiles right"] += rows * cols - len(wrong)
            s["fully right"] += not wrong
            s["in doubt"] += len({tuple(p) for d in read.get("doubt", []) for p in d["cells"]})
            safe = safe_in_truth(args.binary, truth, mines)
            opened = [(m["row"], m["col"]) for m in read["moves"] if m["action"] == "open"]
            covered = [p for p in opened if truth[p[0]][p[1]] in ("unrevealed", "question")]
            bad = [p for p in covered if safe is not None and p not in safe]
            s["safe calls"] += len(opened)
            s["wrong safe calls"] += len(bad)
            s["calls on open tiles"] += len(opened) - len(covered)
            if args.verbose and (wrong or bad):
                print(f"{path.name}: {len(wrong)} tiles misread "
                      f"{[(p, got[p], truth[p[0]][p[1]]) for p in wrong[:4]]}, "
                      f"{len(bad)} wrong safe calls {bad[:4]}")
    print("game: captures, boards found, refused as impossible (rightly: the true board is "
          "impossible too, a wrong flag), fully right, tiles right, tiles in doubt, safe calls, "
          "wrong safe calls, calls to open an open tile (captures left out: a look nobody "
          "labelled)")
    for game, s in sorted(stats.items()):
        share = s["tiles right"] / s["tiles"] if s["tiles"] else float("nan")
        print(f"{game}: {s['captures']} captures, {s['found']} found, {s['refused']} refused "
              f"wrongly and {s['rightly refused']} rightly, "
              f"{s['fully right']} fully "
              f"right, {s['tiles right']}/{s['tiles']} tiles right ({share:.1%}), "
              f"{s['in doubt']} in doubt, {s['safe calls']} safe calls, "
              f"{s['wrong safe calls']} wrong, {s['calls on open tiles']} on open tiles "
              f"({s['unlabelled']} left out)")


if __name__ == "__main__":
    main()
