"""Scores minehint's calls on the frames of training/real/winemine_sweep.sh against the mines
each game's lost frame shows (winemine shows every mine once lost: the game's own label).

    python3 training/real/winemine_score.py BINARY OUT

Each call is placed on the game's board by its pixels (a grid read a row short still places its
calls right); an open move on a mine, or a mine called where none lies, is a wrong call. A lost
frame that does not show exactly the game's 10 mines leaves its game unscored."""
import collections
import glob
import json
import subprocess
import sys

from PIL import Image

# Winemine's 9x9 board under Wine at the display's top left: 16 px tiles from (7, 73).
X0, Y0, PITCH, SIZE, MINES = 7, 73, 16, 9, 10


def shown_mines(path):
    """The tiles of a lost frame that show a mine: a black middle (the mine's body) on a face
    lit to its corners (covered green, or the exploded mine's red); open tiles are black to
    their corners."""
    image = Image.open(path).convert("RGB")
    mines = set()
    for row in range(SIZE):
        for col in range(SIZE):
            x, y = X0 + PITCH * col, Y0 + PITCH * row
            middle = [image.getpixel((x + i, y + j)) for i in range(6, 10) for j in range(6, 10)]
            black = sum(max(p) < 40 for p in middle)
            if black >= 12 and max(image.getpixel((x + 3, y + 3))) > 100:
                mines.add((row, col))
    return mines


def score(binary, out):
    totals = collections.Counter()
    for end in sorted(glob.glob(f"{out}/g*-end.png")):
        game = end.rsplit("/", 1)[-1].split("-")[0]
        mines = shown_mines(end)
        if len(mines) != MINES:
            totals["games unlabelled"] += 1
            continue
        totals["games"] += 1
        for frame in sorted(glob.glob(f"{out}/{game}-*.png")):
            if frame.endswith("-end.png"):
                continue
            totals["frames"] += 1
            run = subprocess.run([binary, "advise", "--json", frame], capture_output=True, text=True)
            try:
                read = json.loads(run.stdout)
            except json.JSONDecodeError:
                read = {}
            if "board" not in read:
                totals["not read"] += 1
                continue
            whole = (read["rows"], read["cols"]) == (SIZE, SIZE)
            totals["read 9x9" if whole else "read at another size"] += 1
            moves = read.get("moves", [])
            totals["advised"] += bool(moves)
            board = read["board"]
            for move in moves:
                x = board["x"] + (move["col"] + 0.5) * board["width"] / read["cols"]
                y = board["y"] + (move["row"] + 0.5) * board["height"] / read["rows"]
                tile = (round((y - Y0) / PITCH - 0.5), round((x - X0) / PITCH - 0.5))
                totals["calls"] += 1
                if (move["action"] == "open") == (tile in mines):
                    totals["wrong calls"] += 1
                    print("wrong:", frame, move["action"], tile, "read", read["rows"], "x", read["cols"])
    return totals


if __name__ == "__main__":
    print(json.dumps(score(sys.argv[1], sys.argv[2]), indent=1))
