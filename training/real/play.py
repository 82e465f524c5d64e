#!/usr/bin/env python3
"""Plays real games with minehint's own advice, for fixtures of won games and as a check of the
whole chain (screenshot → board → advice) over many positions.

Each turn: a full-screen screenshot, `minehint advise --json` on it, then a click on the first
safe tile (or the best guess). Stops when the game is won (no unrevealed tile left that is not a
mine) or lost, or when the board read is impossible (the screenshot is kept for inspection).

    source scripts/real_games.sh && rg_display 78
    python3 training/real/play.py --out /tmp/won --game 'rg_xdemineur 12 12 20' --games 3 \
        --name xdemineur-12-12-20
"""

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from capture import ROOT, screenshot, shell, xdotool  # noqa: E402


def advise(binary, path, mines):
    args = [binary, "advise", str(path), "--json"] + (["--mines", str(mines)] if mines else [])
    done = subprocess.run(args, capture_output=True, text=True, timeout=60)
    return json.loads(done.stdout)


def play(binary, out, name, game, mines, turns=400):
    shell("rg_stop_games")
    window = shell(game).splitlines()[-1]
    xdotool("windowactivate", "--sync", window)
    for turn in range(turns):
        xdotool("mousemove", 1, 1)
        time.sleep(0.4)
        shot = out / f"{name}-{turn:03d}.png"
        screenshot(shot)
        result = advise(binary, shot, mines)
        if "error" in result and result["error"]["kind"] == "no_board" and turn > 0:
            # GNOME Mines covers a won board with its scores dialog: close it and look again.
            xdotool("key", "Escape")
            time.sleep(0.8)
            screenshot(shot)
            result = advise(binary, shot, mines)
        if "error" in result:
            print(f"{name} turn {turn}: {result['error']['kind']}: {result['error']['message']}")
            return "error"
        text = result["text"]
        if "!" in text or "*" in text:
            print(f"{name}: lost after {turn} turns")
            return "lost"
        covered = text.count(".") + text.count("F")
        if covered == result["mines"] or (result["safe"] == [] and result["best_guess"] is None):
            print(f"{name}: won after {turn} turns")
            shot.rename(out / f"{name}-won.png")
            return "won"
        opens = [m for m in result["moves"] if m["action"] == "open"]
        target = opens[0] if opens else result["best_guess"]
        if target is None:
            print(f"{name}: no move at turn {turn}")
            return "stuck"
        board = result["board"]
        x = int(board["x"] + (target["col"] + 0.5) * result["tile_width"])
        y = int(board["y"] + (target["row"] + 0.5) * result["tile_height"])
        xdotool("mousemove", x, y, "click", 1)
        shot.unlink()
    return "turns"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--game", required=True, help="a real_games.sh call, e.g. 'rg_xdemineur 12 12 20'")
    parser.add_argument("--mines", type=int)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--name", default="game",
                        help="file name prefix; a won game's last screenshot is NAME-I-won.png")
    parser.add_argument("--binary", default=str(ROOT / "target/release/minehint"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    results = [play(args.binary, args.out, f"{args.name}-{i}", args.game, args.mines)
               for i in range(args.games)]
    shell("rg_stop_games")
    print({r: results.count(r) for r in set(results)})


if __name__ == "__main__":
    main()
