#!/usr/bin/env python3
"""Issue 37: two players paired game by game on the same layouts, from their outcomes alone.

    outcomes.py NAME_A OUTCOMES_A NAME_B OUTCOMES_B [--json FILE]

Each OUTCOMES file holds one character per game in layout order, 1 won and 0 lost (`minehint
bench --outcomes`, AnchorPaired, js_paired.js). Prints both win rates with their 95% intervals,
the games each won that the other lost, and the difference A - B with its paired 95% interval
(the discordant games carry its variance), by scripts/anchor/paired.py's own functions, which
do this and more for minehint against an anchor (where the two part ways, and why); this
compares any two players.
"""
import argparse
import json
import sys

from paired import interval, paired_difference, read_outcomes


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
    games = len(a)
    only_a, only_b, diff, half = paired_difference(a, b)
    result = {
        "games": games,
        "a_won": sum(a),
        "b_won": sum(b),
        "a_rate": interval(sum(a), games),
        "b_rate": interval(sum(b), games),
        "only_a": only_a,
        "only_b": only_b,
        "difference_points": 100 * diff,
        "difference_interval_95": 100 * half,
    }
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
