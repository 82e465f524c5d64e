#!/usr/bin/env bash
# The live soak: `minehint live` on a real game under Xvfb (1920x1080, openbox, xcompmgr), first
# with no game at all, then played by clicks at a player's pace while the game is closed and
# restarted, moved, resized, minimised, replaced by a new game of another size, and the compositor
# stopped and started once. Prints a summary (also in OUT/summary.txt) with live's memory and CPU
# over time (OUT/resources.csv), frames read and skipped, latency, every re-find and why; exits 1
# if a check failed. scripts/soak_live.py says what each check is.
#
#   scripts/soak_live.sh [PLAY_SECONDS [IDLE_SECONDS [EVENT_EVERY]]]   (defaults 3600 600 60)
#
# The defaults are the hour-long soak (each kind of event every five minutes); CI runs a two-minute
# one: scripts/soak_live.sh 100 20 10. SOAK_OUT picks the output folder (target/soak),
# SOAK_DISPLAY the X display number (94), SOAK_BINARY a minehint already built to run instead of
# building the release one (CI runs the test build's, as its other live tests do: the release
# profile's link-time optimisation over every crate is a second full build of them).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
source scripts/real_games.sh
rg_install
play=${1:-3600}
idle=${2:-600}
every=${3:-60}
out=${SOAK_OUT:-target/soak}
binary=${SOAK_BINARY:-}
if [ -z "$binary" ]; then
    cargo build --release --locked
    binary=target/release/minehint
fi
[ -x "$binary" ] || { echo "soak: no program at $binary" >&2; exit 1; }
# The soak runs its own copy: a rebuild meanwhile does not touch the program under test.
mkdir -p "$out"
cp "$binary" "$out/minehint"
# The driver starts and stops the compositor itself.
display_up=false
for attempt in 1 2 3; do
    # The window manager is checked again a moment later: once, an openbox that could not
    # open the display went unnoticed, and with no window list live found no game for an hour.
    if RG_NO_COMPOSITOR=1 rg_display "${SOAK_DISPLAY:-94}" 1920x1080 && sleep 1 &&
        pgrep -x openbox >/dev/null && xprop -root _NET_SUPPORTING_WM_CHECK | grep -q window; then
        display_up=true
        break
    fi
    echo "soak: the display did not start (try $attempt of 3)" >&2
    rg_stop_display
    sleep 2
done
$display_up || exit 1
trap rg_stop_display EXIT
python3 scripts/soak_live.py --binary "$out/minehint" --play "$play" --idle "$idle" \
    --event-every "$every" --out "$out"
