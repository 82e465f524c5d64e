#!/usr/bin/env python3
"""Issue 19, step 2: where minehint's guesses and the anchor's differ, and what each costs.

    disagreements.py DUMP ANCHOR_MOVES REPLAYED GAMES

DUMP is `minehint bench --dump-guesses` (every guess position, with what chose minehint's
guess); ANCHOR_MOVES is AnchorPositions' answer for each (`GAME GUESS ROW COL`); REPLAYED is
`minehint bench --replay` over both players' choices at every position where they differ
(`GAME GUESS ROW COL WON`). Each of those games was played to its end by minehint from that
guess on, on the game's own layout: a draw from every layout the position allows, so over many
positions the difference in games won estimates what the choice is worth. Prints the
disagreements by what chose minehint's guess and by guess number, with the paired difference
(anchor minus minehint) in games won per 100 games of the series and its 95% interval.
"""
import math
import sys
from collections import defaultdict


def read_positions(path):
    positions = {}
    with open(path) as f:
        for line in f:
            if line.startswith("#"):
                f_ = line.split()
                game, guess, kind = int(f_[2]), int(f_[4]), f_[6]
                row, col, mine = int(f_[8]), int(f_[10]), float(f_[12])
                positions[(game, guess)] = (kind, (row, col), mine)
    return positions


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    dump, anchor_path, replayed_path, games = sys.argv[1:4] + [int(sys.argv[4])]
    positions = read_positions(dump)
    anchor = {}
    with open(anchor_path) as f:
        for line in f:
            p = line.split()
            if len(p) == 4:
                anchor[(int(p[0]), int(p[1]))] = (int(p[2]), int(p[3]))
    won = {}
    with open(replayed_path) as f:
        for line in f:
            g, k, r, c, w = map(int, line.split())
            won[(g, k, r, c)] = w

    groups = defaultdict(list)
    same = defaultdict(int)
    for key, (kind, ours, _) in positions.items():
        theirs = anchor.get(key)
        if theirs is None:
            continue
        if theirs == ours:
            same[kind] += 1
            continue
        a = won.get((*key, *theirs))
        m = won.get((*key, *ours))
        if a is None or m is None:
            continue
        first = "first guess" if key[1] == 1 else "later guess"
        for name in (kind, f"{kind}, {first}", "all"):
            groups[name].append(a - m)
    print(f"{len(positions)} guess positions in {games} games; anchor answered {len(anchor)}")
    print(f"{'what chose minehint':34} {'same':>6} {'differ':>6} {'anchor+':>7} {'ours+':>6} "
          f"{'points/100 games':>20}")
    for name in sorted(groups, key=lambda n: (n != "all", n)):
        d = groups[name]
        n = len(d)
        mean = sum(d) / n
        var = sum((x - mean) ** 2 for x in d) / max(n - 1, 1)
        total = sum(d) / games * 100
        half = 1.96 * math.sqrt(var * n) / games * 100
        kind = name.split(",")[0]
        s = sum(same.values()) if name == "all" else (same[kind] if "," not in name else "")
        print(f"{name:34} {s!s:>6} {n:6} {d.count(1):7} {d.count(-1):6} "
              f"{total:+10.3f} ± {half:.3f}")


if __name__ == "__main__":
    main()
