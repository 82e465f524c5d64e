#!/usr/bin/env python3
"""Issue 37: two players paired game by game on the same layouts, from their outcomes alone.

    outcomes.py NAME_A OUTCOMES_A NAME_B OUTCOMES_B [--json FILE]

Each OUTCOMES file holds one character per game in layout order, 1 won and 0 lost (`minehint
bench --outcomes`, AnchorPaired, js_paired.js). Prints both win rates with their 95% intervals,
the games each won that the other lost, and the difference A - B with its paired 95% interval
(the discordant games carry its variance). scripts/anchor/paired.py does this and more for
minehint against an anchor (where the two part ways, and why); this compares any two players.
"""
import argparse
import json
import math
import sys


def read_outcomes(path):
    with open(path) as f:
        text = f.read().strip()
    if set(text) - {"0", "1"}:
        sys.exit(f"outcomes.py: {path} holds something other than 0 and 1")
    return [c == "1" for c in text]


def paired(a, b):
    """The figures of players `a` and `b` (lists of wins) over the same games."""
    games = len(a)
    only_a = sum(1 for x, y in zip(a, b) if x and not y)
    only_b = sum(1 for x, y in zip(a, b) if y and not x)
    diff = (only_a - only_b) / games
    var = ((only_a + only_b) / games - diff * diff) / games
    rate = lambda won: (won / games, 1.96 * math.sqrt(won / games * (1 - won / games) / games))
    return {
        "games": games,
        "a_won": sum(a),
        "b_won": sum(b),
        "a_rate": rate(sum(a)),
        "b_rate": rate(sum(b)),
        "only_a": only_a,
        "only_b": only_b,
        "difference_points": 100 * diff,
        "difference_interval_95": 100 * 1.96 * math.sqrt(max(var, 0.0)),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("name_a")
    parser.add_argument("outcomes_a")
    parser.add_argument("name_b")
    parser.add_argument("outcomes_b")
    parser.add_argument("--json", help="write the figures here as JSON")
    args = parser.parse_args()
    a, b = read_outcomes(args.outcomes_a), read_outcomes(args.outcomes_b)
    if len(a) != len(b) or not a:
        sys.exit(f"outcomes.py: {len(a)} games against {len(b)}: not the same series")
    result = paired(a, b)
    (pa, ha), (pb, hb) = result["a_rate"], result["b_rate"]
    print(f"{args.name_a} against {args.name_b}, {result['games']} paired games: "
          f"{args.name_a} {100 * pa:.2f}% ± {100 * ha:.2f}, {args.name_b} {100 * pb:.2f}% ± {100 * hb:.2f}; "
          f"won by one only: {args.name_a} {result['only_a']}, {args.name_b} {result['only_b']}; "
          f"{args.name_a} - {args.name_b} = {result['difference_points']:+.3f} points "
          f"± {result['difference_interval_95']:.3f} (95%, paired)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"a": args.name_a, "b": args.name_b, **result}, f, indent=1)


if __name__ == "__main__":
    main()
