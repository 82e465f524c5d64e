#!/usr/bin/env bash
# The live loop's figures on a real game at 1920x1080 (Xvfb, openbox, xcompmgr): capture →
# overlay latency while a player clicks (median, 99th percentile and slowest), CPU use while the
# board does not change, and the resident memory after a long run.
#
#   scripts/bench_live.sh [ACTIVE_SECONDS [IDLE_SECONDS]]     (defaults 30 and 60)
#
# Builds the release binary. Clicks come from xdotool on the tiles the advice names; a new game
# starts whenever one ends.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
source scripts/real_games.sh
rg_install
active=${1:-30}
idle=${2:-60}
cargo build --release --locked
binary=target/release/minehint

rg_display 93 1920x1080
trap 'rg_stop_display; if [ -n "${live:-}" ]; then kill "$live" 2>/dev/null || true; fi' EXIT
# A new game: this script's own game closed (never anyone else's), another opened.
game() {
    if [ -n "${RG_GAME_PID:-}" ]; then rg_stop_games; fi
    rg_xdemineur 30 16 99 >/dev/null
}
game
log="$RG_DIR/live.jsonl"
RUST_LOG=${RUST_LOG:-error,minehint=info} "$binary" live --no-profile --mines 99 --log-json "$log" --duration $((active + idle + 5)) --stats \
    2>"$RG_DIR/live.stderr" &
live=$!

# CPU ticks (user + system) of a process, from /proc.
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# Active phase: click what the advice says, about three times a second.
end=$((SECONDS + active))
clicks=0
repeats=0
# Tiles the advice went on naming after three clicks had changed nothing live read: passed
# over for the next move.
dead=""
while ((SECONDS < end)); do
    sleep 0.3
    [ -s "$log" ] || continue
    target=$(tail -n1 "$log" | DEAD="$dead" python3 -c '
import json, os, sys
line = json.loads(sys.stdin.read())
text = line["text"]
if "!" in text or "*" in text or text.count(".") + text.count("F") == 99:
    print("over"); sys.exit()
b = line["board"]; pitch = b["width"] / line["cols"]
at = lambda m: "%d %d" % (int(b["x"] + (m["col"] + 0.5) * pitch), int(b["y"] + (m["row"] + 0.5) * pitch))
dead = set(filter(None, os.environ["DEAD"].split(";")))
moves = [m for m in line["moves"] if m["action"] == "open" and at(m) not in dead]
pick = moves[0] if moves else line["best_guess"]
if pick is None or at(pick) in dead:
    print("over"); sys.exit()
print(at(pick))
')
    if [ "$target" = over ]; then
        dead=""
        game
        continue
    fi
    # The same tile named three clicks running: the clicks changed nothing live read (seen on
    # xdemineur until its pale "5", opened, stopped reading as a covered tile drawn pressed, so
    # the board read stayed the one before). Keep the screen and live's log, and click the next
    # move instead.
    if [ "$target" = "${previous:-}" ]; then repeats=$((repeats + 1)); else repeats=0; fi
    previous=$target
    if [ "$repeats" = 3 ]; then
        mkdir -p target/bench_live
        import -window root target/bench_live/stalled.png || true
        cp "$log" target/bench_live/stalled.jsonl
        cp "$RG_DIR/live.stderr" target/bench_live/stalled.stderr
        echo "bench_live: the advice named the tile at $target three clicks running; screen and log in target/bench_live/stalled*; clicking the next move instead"
        dead="$dead;$target"
        continue
    fi
    # shellcheck disable=SC2086
    xdotool mousemove $target click 1 mousemove 1900 1060
    clicks=$((clicks + 1))
done

# Idle phase: the board stays as it is; measure the CPU the loop uses meanwhile.
sleep 2
before=$(ticks "$live")
sleep "$idle"
after=$(ticks "$live")
hz=$(getconf CLK_TCK)
echo "bench_live: $clicks clicks over ${active}s; $(wc -l <"$log") log lines"
awk -v a="$before" -v b="$after" -v s="$idle" -v hz="$hz" \
    'BEGIN { printf "bench_live: idle CPU %.2f%% of one core over %ds (board unchanged, 30 Hz)\n", 100 * (b - a) / hz / s, s }'
echo "bench_live: RSS $(awk '/VmRSS/ {print $2, $3}' "/proc/$live/status") after $((active + idle))s"
wait "$live" || true
grep "live stats" "$RG_DIR/live.stderr" || cat "$RG_DIR/live.stderr"
