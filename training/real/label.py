#!/usr/bin/env python3
"""Labels the tiles of real-game screenshots by matching them against hand-labelled looks.

Every tile of every screenshot is sampled exactly as minehint samples it (grid from
`minehint calibrate --json`, box filter from tiles.py). A skin has only a few dozen distinct
looks, so they were labelled once by hand (looks.npz: tile images and their classes); every
tile is then given the class of the nearest labelled look of its game, and a tile farther than
MATCH from all of them stops the run with a montage of the unknown looks to label.

    python3 training/real/label.py CAPTURES            # writes training/real/tiles.npz
    python3 training/real/label.py CAPTURES --merge     # adds them to the tiles already there
    python3 training/real/label.py CAPTURES --merge --held-out   # a validation game, never trained on
    python3 training/real/label.py CAPTURES --montage  # only checks: new looks -> /tmp/looks.png
    python3 training/real/label.py --add 'K=class,K=class,...'   # label them (indices in the montage)

Labelling hundreds of looks one by one is slow and error-prone, so --prelabel first runs the
synthetic-only model (train.py without real data) on the new looks and draws one montage per
predicted class (/tmp/looks-CLASS.png); a person checks each montage, and --add 'predicted,K=class'
keeps the predictions except the corrections named.
"""

import argparse
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from tiles import CLASSES, sample_cell  # noqa: E402

ROOT = HERE.parents[1]
LOOKS = HERE / "looks.npz"
PENDING = Path("/tmp/minehint-pending-looks.npz")
# Mean absolute difference (0-255) under which two tiles are the same look.
MATCH = 6.0


def skin_of(path):
    """The game and theme a screenshot shows, from its file name (game-theme-... for GNOME Mines,
    game-... for the games with one skin)."""
    parts = path.stem.split("-")
    return f"{parts[0]}-{parts[1]}" if parts[0] == "gnome" else parts[0]


def grid_of(binary, path):
    done = subprocess.run([binary, "calibrate", str(path), "--json"], capture_output=True,
                          text=True, timeout=60)
    if done.returncode != 0:
        return None
    return json.loads(done.stdout)


def sample_cells(pixels, found, x, y, px, py, move=None):
    """Every cell of the grid at (x, y) with pitch (px, py), sampled from `pixels`; `move()`, if
    given, returns each cell's (dx, dy, grow) in pixels."""
    tiles = np.zeros((found["rows"], found["cols"], 16, 16, 3), np.uint8)
    for r in range(found["rows"]):
        for c in range(found["cols"]):
            dx, dy, grow = move() if move else (0.0, 0.0, 0.0)
            x0, y0 = x + c * px + dx, y + r * py + dy
            tiles[r, c] = sample_cell(pixels, (x0, y0, x0 + px + grow, y0 + py + grow))
    return tiles


def sample_screenshot(binary, path):
    found = grid_of(binary, path)
    if found is None:
        return None, None
    g = found["grid"]
    pixels = np.asarray(Image.open(path).convert("RGB"))
    return found, sample_cells(pixels, found, g["x"], g["y"], g["pitch_x"], g["pitch_y"])


class Unlabelled(Exception):
    """A screenshot whose tiles cannot all be labelled: no board found, or a look nobody
    labelled (a dialog over the board, a new skin)."""


def labelled_tiles(binary, path):
    """The grid calibration finds in `path` and the class name of each of its tiles, from the
    hand-labelled looks of its game; raises Unlabelled naming what is missing."""
    found, tiles = sample_screenshot(binary, path)
    if found is None:
        raise Unlabelled("no board found")
    looks, labels, skins = load_looks()
    skin = skin_of(path)
    rows = []
    for r in range(found["rows"]):
        row = []
        for c in range(found["cols"]):
            i, d = nearest(tiles[r, c], looks, skins, skin)
            if i is None or d > MATCH:
                raise Unlabelled(f"tile ({r}, {c}) matches no labelled look")
            row.append(CLASSES[labels[i]])
        rows.append(row)
    return found, rows


def sample_scaled(path, found, factor):
    """The screenshot resized by `factor` (bilinear, as a browser zoom or display scaling would),
    sampled on the correspondingly scaled grid: the same tiles at another pitch."""
    g = found["grid"]
    image = Image.open(path).convert("RGB")
    # Only the board and a margin are resized; grid edges scale exactly with the image.
    margin = 2 * g["pitch_x"]
    x0, y0 = max(0, int(g["x"] - margin)), max(0, int(g["y"] - margin))
    x1 = min(image.width, int(g["x"] + found["cols"] * g["pitch_x"] + margin))
    y1 = min(image.height, int(g["y"] + found["rows"] * g["pitch_y"] + margin))
    crop = image.crop((x0, y0, x1, y1))
    size = (round(crop.width * factor), round(crop.height * factor))
    pixels = np.asarray(crop.resize(size, Image.BILINEAR))
    return sample_cells(pixels, found, (g["x"] - x0) * factor, (g["y"] - y0) * factor,
                        g["pitch_x"] * factor, g["pitch_y"] * factor)


# Rescales added to the real data: display scaling and zoom change the pitch of the same skin.
SCALES = (0.7, 1.5)
# Extra samplings of each training screenshot with every cell moved (see sample_jittered).
JITTERED = 2


def sample_jittered(path, found, rng):
    """Every cell sampled up to 6% of a tile off where calibration put it, and up to 3% larger or
    smaller, as a grid found on another screenshot may put it: the classifier must read a tile
    the same at any of those phases (a GNOME "1" sampled a pixel to the side once read as "8")."""
    g = found["grid"]
    pixels = np.asarray(Image.open(path).convert("RGB"))

    def move():
        dx, dy = rng.uniform(-0.06, 0.06, 2) * g["pitch_x"]
        return dx, dy, rng.uniform(-0.03, 0.03) * g["pitch_x"]
    return sample_cells(pixels, found, g["x"], g["y"], g["pitch_x"], g["pitch_y"], move)


def load_looks():
    if LOOKS.exists():
        data = np.load(LOOKS)
        return list(data["tiles"]), list(data["labels"]), list(data["skins"])
    return [], [], []


def nearest(tile, looks, skins, skin):
    """The labelled look of `skin` closest to `tile` on average, among those that nowhere differ
    by a whole digit stroke (thin digits differ from each other by little on average)."""
    best, best_d = None, 1e9
    shape = coarse(tile)
    for i, (look, look_skin) in enumerate(zip(looks, skins)):
        if look_skin != skin or np.abs(coarse(look) - shape).max() > 45:
            continue
        d = np.abs(look.astype(np.int16) - tile.astype(np.int16)).mean()
        if d < best_d:
            best, best_d = i, d
    return best, best_d


def coarse(tile):
    return tile.astype(np.float32).reshape(8, 2, 8, 2, 3).mean(axis=(1, 3))


def cluster(tiles, skins, threshold=9.0):
    """Greedy clusters of looks whose 8x8 averages differ by at most `threshold` on average."""
    reps, rep_skins, out = [], [], np.zeros(len(tiles), np.int64)
    for i, (tile, skin) in enumerate(zip(tiles, skins)):
        c = coarse(tile)
        for k, (rep, rep_skin) in enumerate(zip(reps, rep_skins)):
            diff = np.abs(rep - c)
            # The mean bounds phase and shading changes; the maximum keeps thin digits apart.
            if rep_skin == skin and diff.mean() <= threshold and diff.max() <= 45:
                out[i] = k
                break
        else:
            reps.append(c)
            rep_skins.append(skin)
            out[i] = len(reps) - 1
    return out


def cluster_montage(tiles, clusters, path, per_row=10):
    count = clusters.max() + 1
    sheet = Image.new("RGB", (40 + per_row * 36, count * 36), (255, 255, 255))
    draw = ImageDraw.Draw(sheet)
    for k in range(count):
        members = np.flatnonzero(clusters == k)
        draw.text((2, k * 36 + 12), f"c{k}", fill=(0, 0, 0))
        for j, i in enumerate(members[:per_row]):
            sheet.paste(Image.fromarray(tiles[i]).resize((32, 32), Image.NEAREST),
                        (40 + j * 36, k * 36 + 2))
        if len(members) > per_row:
            draw.text((40 + per_row * 36 - 30, k * 36 + 24), f"+{len(members) - per_row}",
                      fill=(200, 0, 0))
    sheet.save(path)


def montage(tiles, path, names=None):
    cols = 12
    rows = (len(tiles) + cols - 1) // cols
    sheet = Image.new("RGB", (cols * 56, rows * 68), (255, 255, 255))
    draw = ImageDraw.Draw(sheet)
    for i, tile in enumerate(tiles):
        x, y = (i % cols) * 56, (i // cols) * 68
        sheet.paste(Image.fromarray(tile).resize((48, 48), Image.NEAREST), (x + 4, y + 2))
        draw.text((x + 18, y + 52), names[i] if names else str(i), fill=(0, 0, 0))
    sheet.save(path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("captures", type=Path, nargs="?")
    parser.add_argument("--binary", default=str(ROOT / "target/release/minehint"))
    parser.add_argument("--montage", action="store_true")
    parser.add_argument("--add", help="labels for the pending looks: 'index=class,...'")
    parser.add_argument("--prelabel", action="store_true")
    parser.add_argument("--fixtures", type=Path, help="also write label files for these screenshots")
    parser.add_argument("--merge", action="store_true",
                        help="add these captures' tiles to real/tiles.npz instead of replacing it "
                             "(the captures behind the tiles already there need not be at hand)")
    parser.add_argument("--held-out", action="store_true",
                        help="every tile of these captures is validation: a game the model never "
                             "trains on, to measure how it reads skins it has not seen")
    args = parser.parse_args()
    looks, labels, skins = load_looks()

    if args.prelabel:
        pending = np.load(PENDING)
        clusters = cluster(pending["tiles"], pending["skins"])
        np.savez_compressed(PENDING, tiles=pending["tiles"], skins=pending["skins"],
                            cluster=clusters)
        cluster_montage(pending["tiles"], clusters, "/tmp/clusters.png")
        print(f"{clusters.max() + 1} clusters -> /tmp/clusters.png")
        return

    if args.add:
        pending = np.load(PENDING)
        items = args.add.split(",")
        given = {}
        for item in items:
            key, name = item.split("=")
            if key.startswith("c"):
                # A whole cluster from --prelabel.
                for i in np.flatnonzero(pending["cluster"] == int(key[1:])):
                    given[str(i)] = name
            else:
                given[key] = name
        for key, name in given.items():
            looks.append(pending["tiles"][int(key)])
            labels.append(CLASSES.index(name))
            skins.append(str(pending["skins"][int(key)]))
        np.savez_compressed(LOOKS, tiles=np.array(looks), labels=np.array(labels),
                            skins=np.array(skins))
        print(f"{len(given)} looks labelled; {len(looks)} in all")
        return

    shots = sorted(args.captures.glob("*.png"))
    unknown, unknown_skins = [], []
    out_tiles, out_labels, out_val, out_shot, out_game = [], [], [], [], []
    for index, path in enumerate(shots):
        found, tiles = sample_screenshot(args.binary, path)
        if found is None:
            print(f"{path.name}: no board found", file=sys.stderr)
            continue
        skin = skin_of(path)
        # The second round of games is the validation split: whole screenshots, never mixed.
        validation = args.held_out or "-r1-" in path.name
        flat = tiles.reshape(-1, 16, 16, 3)
        classes = {}
        for tile in {t.tobytes(): t for t in flat}.values():
            i, d = nearest(tile, looks, skins, skin)
            if i is None or d > MATCH:
                if not any(np.abs(u.astype(np.int16) - tile.astype(np.int16)).mean() <= MATCH
                           for u, s in zip(unknown, unknown_skins) if s == skin):
                    unknown.append(tile)
                    unknown_skins.append(skin)
                continue
            classes[tile.tobytes()] = labels[i]
        if unknown:
            continue
        cell_labels = [classes[t.tobytes()] for t in flat]
        versions = [flat] + [sample_scaled(path, found, f).reshape(-1, 16, 16, 3)
                             for f in SCALES]
        if not validation:
            # The validation split stays as minehint samples it.
            rng = np.random.default_rng(index)
            versions += [sample_jittered(path, found, rng).reshape(-1, 16, 16, 3)
                         for _ in range(JITTERED)]
        for version in versions:
            seen = set()
            for tile, label_ in zip(version, cell_labels):
                if tile.tobytes() in seen:
                    continue
                seen.add(tile.tobytes())
                out_tiles.append(tile)
                out_labels.append(label_)
                out_val.append(validation)
                out_shot.append(index)
                out_game.append(skin.split("-")[0])
    if unknown:
        np.savez_compressed(PENDING, tiles=np.array(unknown), skins=np.array(unknown_skins))
        montage(unknown, "/tmp/looks.png")
        print(f"{len(unknown)} unlabelled looks: see /tmp/looks.png, then --add")
        for i, s in enumerate(unknown_skins):
            print(i, s)
        if not args.montage:
            sys.exit(1)
        return
    if args.montage:
        print("every look is labelled")
        return
    out_tiles, out_labels = np.array(out_tiles), np.array(out_labels)
    out_val, out_shot, out_game = np.array(out_val), np.array(out_shot), np.array(out_game)
    if args.merge and (HERE / "tiles.npz").exists():
        old = np.load(HERE / "tiles.npz")
        # Screenshot numbers stay distinct: the new ones follow the old.
        out_shot = out_shot + int(old["screenshot"].max()) + 1
        out_tiles = np.concatenate([old["tiles"], out_tiles])
        out_labels = np.concatenate([old["labels"], out_labels])
        out_val = np.concatenate([old["validation"], out_val])
        out_shot = np.concatenate([old["screenshot"], out_shot])
        out_game = np.concatenate([old["game"], out_game])
    np.savez_compressed(HERE / "tiles.npz", tiles=out_tiles, labels=out_labels,
                        validation=out_val, screenshot=out_shot, game=out_game)
    counts = np.bincount(out_labels, minlength=len(CLASSES))
    print(f"{len(out_tiles)} distinct tiles from {len(shots)} screenshots; by class:")
    print(", ".join(f"{name} {n}" for name, n in zip(CLASSES, counts)))


if __name__ == "__main__":
    main()
