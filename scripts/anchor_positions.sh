#!/usr/bin/env bash
# Issue 19, step 2: feed the positions where minehint guesses (seeded Expert games, safe first
# click in the corner) to the anchor, D. N. Hill's solver, and for every position where the two
# choose differently, replay the game both ways (minehint plays the rest) to see which choice
# wins more often.
#
#   scripts/anchor_positions.sh SOURCE [GAMES] [WORKERS] [POLICY] [SEED]
#
# SOURCE is a checkout of github.com/DavidNHill/Minesweeper (not fetched here; it never enters
# this project). Writes its files under target/anchor_positions and prints the summary of
# scripts/anchor/disagreements.py. $MINEHINT names the minehint binary to use (default: build it
# into target/release), so that a rebuild while this runs cannot change it midway.
set -euo pipefail
cd "$(dirname "$0")/.."

source_dir=${1:?usage: scripts/anchor_positions.sh SOURCE [GAMES] [WORKERS] [POLICY] [SEED]}
games=${2:-2000}
workers=${3:-2}
policy=${4:-fast}
seed=${5:-1}
source scripts/anchor/build.sh
build_anchor "$source_dir" scripts/anchor/AnchorPositions.java
build=target/anchor
out=target/anchor_positions
rm -rf "$out"; mkdir -p "$out"
minehint=${MINEHINT:-}
if [ -z "$minehint" ]; then
    cargo build --release --quiet
    minehint=$out/minehint
    cp target/release/minehint "$minehint"
fi

bench=("$minehint" bench --board expert --first-click safe --start corner
       --seed "$seed" --threads "$workers" --policy "$policy")
"${bench[@]}" --games "$games" --dump-guesses "$out/positions.txt"
echo "$(grep -c '^#' "$out/positions.txt") guess positions in $games games" >&2
java -cp "$build/classes" AnchorPositions "$out/positions.txt" "$workers" \
    | grep -E '^[0-9]+ [0-9]+ ' > "$out/anchor.txt"
# Both choices wherever they differ: the anchor's, and minehint's own from the dump.
python3 - "$out/positions.txt" "$out/anchor.txt" > "$out/replay.txt" <<'PY'
import sys
ours = {}
for line in open(sys.argv[1]):
    if line.startswith("#"):
        f = line.split()
        ours[(f[2], f[4])] = (f[8], f[10])
for line in open(sys.argv[2]):
    f = line.split()
    if len(f) == 4 and (f[2], f[3]) != ours[(f[0], f[1])]:
        print(f[0], f[1], f[2], f[3])
        print(f[0], f[1], *ours[(f[0], f[1])])
PY
"${bench[@]}" --replay "$out/replay.txt" > "$out/replayed.txt"
python3 scripts/anchor/disagreements.py "$out/positions.txt" "$out/anchor.txt" "$out/replayed.txt" "$games"
