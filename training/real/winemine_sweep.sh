#!/usr/bin/env bash
# Wine's own Minesweeper (winemine, a real Windows program) played by minehint's advice under
# Xvfb, then lost on purpose so that its last frame shows every mine: the game's own label for
# every frame before it (training/real/winemine_score.py scores them).
#
#   bash training/real/winemine_sweep.sh BINARY OUT [GAMES] [DISPLAY]
#
# BINARY is a Linux minehint; OUT gets gG-S.png (game G, frame S, each after a click by the
# advice: its first open move, else its best guess), gG-end.png (the lost board) and clicks.txt.
# Needs Wine and the prefix scripts/windows.sh makes (target/wineprefix: run the tests once),
# copied here so the tests' own is left alone. Winemine opens its 9x9 board at 16 px tiles with
# its window at the display's top left, under Xvfb in a palette of its own (green covered tiles,
# black open ones); the board is clicked at its place there.
set -u
binary=$1 out=$2 games=${3:-20} display=${4:-621}
root=$(cd "$(dirname "$0")/../.." && pwd)
source "$root/scripts/real_games.sh"
[ -f "$root/target/wineprefix/system.reg" ] || {
    echo "winemine_sweep: no Wine prefix at target/wineprefix (run scripts/test.sh once)" >&2
    exit 2
}
prefix=$(mktemp -d)
cp -r "$root/target/wineprefix/." "$prefix"
rg_display "$display" 1280x800 >/dev/null || exit 3
export WINEPREFIX=$prefix WINEDEBUG=-all
/usr/lib/wine/wine64 winemine >"$prefix/winemine.log" 2>&1 &
game=$!
trap 'kill $game 2>/dev/null; rg_stop_display; rm -rf "$prefix"' EXIT
rg_wait 120 'the winemine window' xdotool search --name '^WineMine$' || exit 4
sleep 2
window=$(xdotool search --name '^WineMine$' | head -n1)
mkdir -p "$out"
# The board's top left tile, where winemine draws it in its window at (0, 0).
x0=7 y0=73 pitch=16
# "x y kind row col" of the next click by the advice on a screenshot, or nothing.
next_click() {
    "$binary" advise --json "$1" 2>/dev/null | python3 -c '
import json, sys
d = json.load(sys.stdin)
if d.get("game_over") or "board" not in d:
    sys.exit(1)
opens = [m for m in d.get("moves", []) if m["action"] == "open"]
m, kind = (opens[0], "safe") if opens else (d.get("best_guess"), "guess")
if not m:
    sys.exit(1)
b = d["board"]
x = b["x"] + (m["col"] + 0.5) * b["width"] / d["cols"]
y = b["y"] + (m["row"] + 0.5) * b["height"] / d["rows"]
print(int(x), int(y), kind, m["row"], m["col"])'
}
for g in $(seq 1 "$games"); do
    xdotool windowactivate --sync "$window"; xdotool key F2; sleep 0.5
    xdotool mousemove $((x0 + 4 * pitch + 8)) $((y0 + 4 * pitch + 8)) click 1
    xdotool mousemove 300 400; sleep 0.5
    for s in $(seq 1 12); do
        shot=$out/g$g-$s.png
        import -window root "$shot"
        click=$(next_click "$shot") || break
        echo "g$g-$s $click" >>"$out/clicks.txt"
        set -- $click
        xdotool mousemove "$1" "$2" click 1; xdotool mousemove 300 400; sleep 0.4
    done
    # Lost on purpose: every tile clicked, row by row; winemine ignores clicks once lost.
    for r in $(seq 0 8); do
        for c in $(seq 0 8); do
            xdotool mousemove $((x0 + pitch * c + 8)) $((y0 + pitch * r + 8)) click 1
        done
    done
    xdotool mousemove 300 400; sleep 0.5
    import -window root "$out/g$g-end.png"
done
