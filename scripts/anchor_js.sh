#!/usr/bin/env bash
# Issue 37: D. N. Hill's two published players and minehint on the very same games. His Java
# solver (scripts/anchor/AnchorPaired.java, ours) and the JavaScript one that JSMinesweeper runs
# in the browser (scripts/anchor/js_paired.js, ours: his files loaded unmodified in Node.js)
# play the mine layouts of a seeded series that minehint writes (`bench --layouts`), and so does
# minehint with its policy. Then each pair of players is compared game by game
# (scripts/anchor/outcomes.py): whichever of the two anchors wins more here is the one to beat.
#
#   scripts/anchor_js.sh JAVA_SOURCE JS_SOURCE [GAMES] [WORKERS] [POLICY] [SEED] [BOARD] [FIRST_CLICK START]
#
# JAVA_SOURCE is a checkout of github.com/DavidNHill/Minesweeper, JS_SOURCE one of
# github.com/DavidNHill/JSMinesweeper (neither is fetched here; they never enter this project).
# Needs a JDK (installed when missing) and Node.js (Debian: nodejs, installed when missing).
# Defaults: 2000 games, 2 workers, deep, seed 31, expert, safe corner. Files go to
# target/anchor_paired/; $MINEHINT names the minehint binary (default: built into target/release
# and copied, so that a rebuild while this runs cannot change it midway).
set -euo pipefail
cd "$(dirname "$0")/.."

usage="usage: scripts/anchor_js.sh JAVA_SOURCE JS_SOURCE [GAMES] [WORKERS] [POLICY] [SEED] [BOARD] [FIRST_CLICK START]"
java_source=${1:?$usage}
js_source=${2:?$usage}
games=${3:-2000}
workers=${4:-2}
policy=${5:-deep}
seed=${6:-31}
board=${7:-expert}
first_click=${8:-safe}
start=${9:-corner}
[ -f "$js_source/Minesweeper/client/solver_main.js" ] || {
    echo "$js_source has no Minesweeper/client/solver_main.js: not a checkout of DavidNHill/JSMinesweeper" >&2; exit 2; }
if ! command -v node >/dev/null; then
    sudo=""; [ "$(id -u)" -ne 0 ] && sudo=sudo
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends nodejs
fi
source scripts/anchor/build.sh
build_anchor "$java_source" scripts/anchor/AnchorPaired.java
build=target/anchor
paired_series
echo "anchor_js: minehint ($policy) plays $games games" >&2
"${bench[@]}" --policy "$policy" --outcomes "$run.$policy.outcomes" --json | tee "$run.$policy.json"
echo "anchor_js: the Java anchor plays the same $games games" >&2
java -cp "$build/classes" AnchorPaired "$run.layouts" "$workers" "$run.anchor.outcomes" \
    "$run.anchor.guesses" | tee "$run.anchor.json"
echo "anchor_js: the JavaScript anchor plays the same $games games" >&2
node scripts/anchor/js_paired.js "$js_source" "$run.layouts" "$workers" "$run.anchor-js.outcomes" \
    "$run.anchor-js.guesses" | tee "$run.anchor-js.json"
label="$board $first_click $start seed $seed"
python3 scripts/anchor/outcomes.py anchor-js "$run.anchor-js.outcomes" anchor "$run.anchor.outcomes" \
    --json "$run.js-java.paired.json"
python3 scripts/anchor/outcomes.py anchor-js "$run.anchor-js.outcomes" "minehint-$policy" \
    "$run.$policy.outcomes" --json "$run.js-$policy.paired.json"
python3 scripts/anchor/outcomes.py anchor "$run.anchor.outcomes" "minehint-$policy" \
    "$run.$policy.outcomes" --json "$run.java-$policy.paired.json"
echo "anchor_js: $label; files in $run.*" >&2
