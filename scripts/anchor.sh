#!/usr/bin/env bash
# The anchor of issue 19 beside `minehint bench`, in one sitting on one machine: D. N. Hill's
# Java solver (github.com/DavidNHill/Minesweeper, MIT licence) plays the same board sizes and
# first-click rules as minehint's bench, through scripts/anchor/AnchorBench.java (ours).
#
#   scripts/anchor.sh SOURCE [GAMES] [WORKERS] [MINEHINT_GAMES]
#
# SOURCE is a checkout of that repository (it is not fetched here, and never enters this project).
# Needs a JDK (Debian: default-jdk-headless, installed when missing). Prints one JSON line per run:
# the anchor's, then minehint's fast and deep policies', for expert (safe), expert (zero),
# intermediate and beginner. minehint plays MINEHINT_GAMES games (default: GAMES).
set -euo pipefail
cd "$(dirname "$0")/.."

source_dir=${1:?usage: scripts/anchor.sh SOURCE [GAMES] [WORKERS] [MINEHINT_GAMES]}
games=${2:-2000}
workers=${3:-2}
minehint_games=${4:-$games}
source scripts/anchor/build.sh
build_anchor "$source_dir" scripts/anchor/AnchorBench.java
build=target/anchor

cargo build --release --quiet
seed=1
# The anchor's first clicks: the corner for a safe start, (3, 3) for a zero start (its own
# choice on boards past 16x16); minehint's bench clicks the same tiles.
for run in "expert safe corner" "expert zero 3,3" "intermediate safe corner" "beginner safe corner"; do
    set -- $run
    # The anchor prints its progress on stdout too; its result is the JSON line.
    java -cp "$build/classes" AnchorBench "$1" "$2" "$games" "$workers" "$seed" | grep '^{"player":"anchor"'
    for policy in fast deep; do
        target/release/minehint bench --board "$1" --first-click "$2" --start "$3" \
            --games "$minehint_games" --threads "$workers" --seed "$seed" --policy "$policy" --json
    done
done
