#!/usr/bin/env bash
# Issue 37: minehint and the anchor, D. N. Hill's Java solver, on the very same games. minehint
# writes the mine layouts of a seeded series (`bench --layouts`), plays them with its policy and
# dumps every guess position (`bench --dump-guesses --outcomes`); the anchor plays the same
# layouts through scripts/anchor/AnchorPaired.java (ours), logging its guesses. Then
# scripts/anchor/paired.py pairs the games: both win rates, the paired difference with its 95%
# interval, and for the games the two end differently, the first guess where they part ways,
# by what chose minehint's guess; and it checks that minehint's probability of the anchor's tile
# is the anchor's own wherever they part.
#
#   scripts/anchor_paired.sh SOURCE [GAMES] [WORKERS] [POLICY] [SEED] [BOARD] [FIRST_CLICK START]
#
# SOURCE is a checkout of github.com/DavidNHill/Minesweeper (not fetched here; it never enters
# this project). Defaults: 2000 games, 2 workers, deep, seed 1, expert, safe corner. The files go
# to target/anchor_paired/. $MINEHINT names the minehint binary (default: built into
# target/release and copied, so that a rebuild while this runs cannot change it midway).
set -euo pipefail
cd "$(dirname "$0")/.."

source_dir=${1:?usage: scripts/anchor_paired.sh SOURCE [GAMES] [WORKERS] [POLICY] [SEED] [BOARD] [FIRST_CLICK START]}
games=${2:-2000}
workers=${3:-2}
policy=${4:-deep}
seed=${5:-1}
board=${6:-expert}
first_click=${7:-safe}
start=${8:-corner}
source scripts/anchor/build.sh
build_anchor "$source_dir" scripts/anchor/AnchorPaired.java
build=target/anchor
paired_series
echo "anchor_paired: minehint ($policy) plays $games games" >&2
start_s=$(date +%s)
"${bench[@]}" --policy "$policy" --dump-guesses "$run.$policy.positions" --outcomes "$run.$policy.outcomes"
minehint_s=$(($(date +%s) - start_s))
echo "anchor_paired: the anchor plays the same $games games" >&2
java -cp "$build/classes" AnchorPaired "$run.layouts" "$workers" "$run.anchor.outcomes" \
    "$run.anchor.guesses" | tee "$run.anchor.json"
python3 scripts/anchor/paired.py "$run.$policy.outcomes" "$run.anchor.outcomes" \
    "$run.$policy.positions" "$run.anchor.guesses" --label "$board $first_click $start seed $seed, minehint $policy" \
    --minehint-seconds "$minehint_s" --minehint "$minehint" --json "$run.$policy.paired.json"
