#!/usr/bin/env python3
"""Issue 37: minehint and the anchor (D. N. Hill's solver) paired game by game on the same layouts.

    paired.py MINEHINT_OUTCOMES ANCHOR_OUTCOMES MINEHINT_POSITIONS ANCHOR_GUESSES
              [--label TEXT] [--minehint-seconds S] [--minehint BINARY] [--json FILE]

MINEHINT_OUTCOMES and ANCHOR_OUTCOMES: one character per game, 1 won, 0 lost (`bench --outcomes`,
AnchorPaired). MINEHINT_POSITIONS: `bench --dump-guesses` (every guess position: a `#` line with
game, guess number, what chose the guess, the tile and its mine chance, then the board with its
mines). ANCHOR_GUESSES: AnchorPaired's `GAME GUESS ROW COL SAFE` lines.

Both players open every tile they are sure of before they guess, so up to their first differing
guess they see the same positions. For each game the first guess where the tiles differ is found
and classed:
  - by what chose minehint's guess (scored, endgame, fifty_fifty, safest);
  - by safety: the anchor's tile safer than minehint's ("anchor safer"), as safe ("equal"), or
    less safe ("minehint safer"), each player's own figure for its own tile;
  - by guess number (the first guess of the game, or a later one).
Each class gets the games where the two parted ways there, the games each won that the other
lost, and the net (anchor minus minehint) in games per 100,000 of the series.

With --minehint, the probabilities themselves are checked where the two parted ways: minehint
(`solve --stream`) is asked the mine chance of the anchor's tile on the same position, and it
must equal one minus the anchor's safety (to the 6 decimals the anchor's log keeps). A
difference would be a bug in one of the two, so it is reported first.
"""
import argparse
import json
import math
import subprocess
import sys
from collections import defaultdict


def read_outcomes(path):
    """One player's games, True where won, from its outcomes file (one character a game)."""
    with open(path) as f:
        text = f.read().strip()
    if set(text) - {"0", "1"}:
        sys.exit(f"{path} holds something other than 0 and 1: not an outcomes file")
    return [c == "1" for c in text]


def read_positions(path):
    """{game: {guess: (kind, (row, col), mine, board_lines, mines_total)}}"""
    games = defaultdict(dict)
    with open(path) as f:
        lines = f.read().splitlines()
    i = 0
    while i < len(lines):
        head = lines[i].split()
        if not head or head[0] != "#":
            i += 1
            continue
        game, guess, kind = int(head[2]), int(head[4]), head[6]
        row, col, mine = int(head[8]), int(head[10]), float(head[12])
        size = lines[i + 1]
        cols, rows, mines = (int(x) for x in size.split("x"))
        board = lines[i + 2 : i + 2 + rows]
        games[game][guess] = (kind, (row, col), mine, board, mines)
        i += 2 + rows
    return games


def read_anchor_guesses(path):
    """{game: {guess: ((row, col), safe)}}"""
    games = defaultdict(dict)
    with open(path) as f:
        for line in f:
            g, n, row, col, safe = line.split()
            games[int(g)][int(n)] = ((int(row), int(col)), float(safe))
    return games


def first_parting(mine_guesses, anchor_guesses):
    """The first guess number where the two players' tiles differ, or None."""
    n = 1
    while n in mine_guesses or n in anchor_guesses:
        a = mine_guesses.get(n)
        b = anchor_guesses.get(n)
        if a is None or b is None or a[1] != b[0]:
            return n
        n += 1
    return None


def interval(wins, n):
    p = wins / n
    return p, 1.96 * math.sqrt(p * (1 - p) / n)


def paired_difference(a_won, b_won):
    """Players a and b over the same games (lists of wins): the games a won alone, the games b
    won alone, and the difference of their win rates a - b with its paired 95% half-interval.
    The games both won or both lost cancel; the discordant ones carry the variance."""
    games = len(a_won)
    only_a = sum(1 for a, b in zip(a_won, b_won) if a and not b)
    only_b = sum(1 for a, b in zip(a_won, b_won) if b and not a)
    diff = (only_a - only_b) / games
    var = ((only_a + only_b) / games - diff * diff) / games
    return only_a, only_b, diff, 1.96 * math.sqrt(max(var, 0.0))


def covered_text(board):
    """The position as minehint's board text: open numbers stay, every covered tile is `.`."""
    return "\n".join("".join(c if c.isdigit() else "." for c in row) for row in board)


def check_probabilities(binary, partings):
    """minehint's mine chance of the anchor's tile on each position, beside the anchor's."""
    requests = []
    for game, n, mine_pos, anchor_pos in partings:
        requests.append(json.dumps({"board": covered_text(mine_pos[3]), "mines": mine_pos[4]}))
    if not requests:
        return []
    out = subprocess.run(
        [binary, "solve", "--stream"],
        input="\n".join(requests) + "\n",
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    checked = []
    for (game, n, mine_pos, anchor_pos), line in zip(partings, out):
        answer = json.loads(line)
        (row, col), safe = anchor_pos
        chance = {(c["row"], c["col"]): c["p"] for c in answer.get("cells", [])}
        if (row, col) not in chance:
            checked.append((game, n, (row, col), None, safe))
        else:
            checked.append((game, n, (row, col), chance[(row, col)], safe))
    return checked


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("minehint_outcomes")
    parser.add_argument("anchor_outcomes")
    parser.add_argument("minehint_positions")
    parser.add_argument("anchor_guesses")
    parser.add_argument("--label", default="")
    parser.add_argument("--minehint-seconds", type=float)
    parser.add_argument("--minehint", help="minehint binary, to check the probabilities")
    parser.add_argument("--json", help="write the figures here as JSON")
    args = parser.parse_args()

    mine_won = read_outcomes(args.minehint_outcomes)
    anchor_won = read_outcomes(args.anchor_outcomes)
    if len(mine_won) != len(anchor_won):
        sys.exit(f"paired.py: {len(mine_won)} minehint games but {len(anchor_won)} anchor games")
    games = len(mine_won)
    positions = read_positions(args.minehint_positions)
    anchor = read_anchor_guesses(args.anchor_guesses)

    only_anchor, only_mine, diff, half = paired_difference(anchor_won, mine_won)

    classes = defaultdict(lambda: [0, 0, 0])  # parted, anchor only won, minehint only won
    partings = []
    same_guesses_different_end = 0
    for g in range(games):
        mg, ag = positions.get(g, {}), anchor.get(g, {})
        n = first_parting(mg, ag)
        if n is None:
            if mine_won[g] != anchor_won[g]:
                same_guesses_different_end += 1
            continue
        m, a = mg.get(n), ag.get(n)
        if m is None:
            kind, safety = "minehint sure, anchor guessed", "-"
        elif a is None:
            kind, safety = f"{m[0]} (anchor sure or done)", "-"
        else:
            kind = m[0]
            mine_safe, anchor_safe = 1 - m[2], a[1]
            if anchor_safe > mine_safe + 1e-5:
                safety = "anchor safer"
            elif anchor_safe < mine_safe - 1e-5:
                safety = "minehint safer"
            else:
                safety = "equal"
            partings.append((g, n, m, a))
        when = "first guess" if n == 1 else "later guess"
        for key in [("kind", kind), ("safety", safety), ("when", when), ("kind+safety", f"{kind} / {safety}")]:
            c = classes[key]
            c[0] += 1
            c[1] += int(anchor_won[g] and not mine_won[g])
            c[2] += int(mine_won[g] and not anchor_won[g])

    mp, mh = interval(sum(mine_won), games)
    ap, ah = interval(sum(anchor_won), games)
    print(f"paired games{': ' + args.label if args.label else ''}")
    print(f"  games {games}: minehint {100*mp:.2f}% ± {100*mh:.2f}, anchor {100*ap:.2f}% ± {100*ah:.2f}")
    print(f"  won by one only: anchor {only_anchor}, minehint {only_mine}; "
          f"anchor - minehint = {100*diff:+.3f} points ± {100*half:.3f} (95%, paired)")
    if args.minehint_seconds:
        print(f"  minehint {games / max(args.minehint_seconds, 1e-9):.1f} games/s")
    if same_guesses_different_end:
        print(f"  games with the same guesses but a different end: {same_guesses_different_end} (must be 0)")

    result = {
        "label": args.label,
        "games": games,
        "minehint_won": sum(mine_won),
        "anchor_won": sum(anchor_won),
        "only_anchor": only_anchor,
        "only_minehint": only_mine,
        "difference_points": 100 * diff,
        "difference_interval_95": 100 * half,
        "same_guesses_different_end": same_guesses_different_end,
        "classes": {},
    }
    if args.minehint:
        checked = check_probabilities(args.minehint, partings)
        worst = max((abs((1 - s) - p) for _, _, _, p, s in checked if p is not None), default=0.0)
        missing = sum(1 for c in checked if c[3] is None)
        print(f"  probability check at {len(checked)} partings: largest difference {worst:.2e}"
              f"{f', {missing} anchor tiles minehint calls settled' if missing else ''}")
        for game, n, pos, p, s in checked:
            if p is None or abs((1 - s) - p) > 2e-6:
                print(f"    game {game} guess {n} tile {pos}: minehint {p}, anchor {1 - s:.6f}")
        result["probability_check"] = {"positions": len(checked), "largest_difference": worst, "settled": missing}

    for axis in ["kind", "safety", "when", "kind+safety"]:
        rows = sorted(((k[1], v) for k, v in classes.items() if k[0] == axis),
                      key=lambda kv: -(kv[1][1] - kv[1][2]))
        print(f"  parted ways, by {axis}: games parted | anchor only won | minehint only won | net per 100,000")
        for name, (parted, a_only, m_only) in rows:
            net = 100_000 * (a_only - m_only) / games
            print(f"    {name:40} {parted:7} {a_only:7} {m_only:7} {net:+9.1f}")
            result["classes"].setdefault(axis, {})[name] = {
                "parted": parted, "anchor_only": a_only, "minehint_only": m_only, "net_per_100k": net}
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)


if __name__ == "__main__":
    main()
