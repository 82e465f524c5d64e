#!/usr/bin/env bash
# Real Minesweeper games, headless: a virtual X display with a window manager and a compositor,
# GNOME Mines (any theme, size and window size), xdemineur, xbomb and ace-minesweeper. Source this
# file, then call the functions; every wait is bounded and says what it waited for when it gives up.
#
#   source scripts/real_games.sh
#   rg_install                      # the Debian packages (once)
#   rg_display 77                   # Xvfb :77 1920x1080 + openbox + xcompmgr; exports DISPLAY
#   rg_gnome_mines classic medium 900 700
#   rg_xdemineur 30 16 99
#   rg_xbomb 3 1600 950             # level 3, window resized
#   rg_ace 2
#   rg_stop_games; rg_stop_display

# xbomb draws its digits in an X core font: the 75/100 dpi font packages must be installed before
# Xvfb starts (it reads its font path once), or the digits come out clipped.
# sway (headless): live on Wayland, natively (tests/wayland_sway.rs); grim checks its marks.
# PipeWire and WirePlumber: the screen-cast stream GNOME's and KDE's portals hand out
# (tests/screen_cast.rs).
# Chromium and fonts a page falls back on (colour emoji: the flags and bombs of many web clones),
# and git: the web clones of the sweeps (training/web/sweep.py, tests/sweeps.rs), installed from
# the npm registry or a Git repository when a sweep first runs.
# KMines: a held-out game that tests/live_game.rs plays through `live` (about 130 KDE packages).
RG_PACKAGES=(xvfb xdotool x11-utils openbox xcompmgr dbus dbus-x11 gnome-mines xdemineur imagemagick
    fonts-cantarell xbomb ace-of-penguins xfonts-75dpi xfonts-100dpi sway grim pipewire wireplumber
    sgt-puzzles chromium fonts-dejavu-core fonts-liberation fonts-noto-color-emoji git kmines)
export PATH="$PATH:/usr/games"

rg_install() {
    local missing=()
    for pkg in "${RG_PACKAGES[@]}"; do
        dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
    done
    if ((${#missing[@]})); then
        echo "real_games: installing ${missing[*]}" >&2
        local sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
    fi
    rg_python
}

# rg_python: what the sweeps' Python needs (numpy and Pillow for the pictures, websocket-client
# for Chromium's DevTools protocol), and npm for the web clones.
rg_python() {
    if ! python3 -c 'import numpy, PIL, websocket' >/dev/null 2>&1; then
        echo "real_games: installing numpy pillow websocket-client (pip)" >&2
        # Debian's own Python refuses pip outside a virtual environment (PEP 668) unless told.
        python3 -m pip install --quiet numpy pillow websocket-client ||
            python3 -m pip install --quiet --break-system-packages numpy pillow websocket-client
    fi
    if ! command -v npm >/dev/null 2>&1; then
        local sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends npm
    fi
}

# rg_wait SECONDS WHAT COMMAND...: retries COMMAND every 0.2 s until it succeeds or time runs out.
rg_wait() {
    local limit=$1 what=$2
    shift 2
    local deadline=$((SECONDS + limit))
    until "$@" >/dev/null 2>&1; do
        if ((SECONDS >= deadline)); then
            echo "real_games: gave up after ${limit}s waiting for $what" >&2
            return 1
        fi
        sleep 0.2
    done
}

# rg_display N [WxH]: starts Xvfb on :N with openbox and xcompmgr and exports DISPLAY.
# The compositor claims its selection a moment later: rg_display waits for that too.
rg_display() {
    local number=$1 size=${2:-1920x1080}
    RG_DIR=$(mktemp -d /tmp/minehint-rg.XXXXXX)
    export RG_DIR
    # A server of the last run on this number may still be shutting down: clients would reach
    # it, then lose it (openbox failing to start, games left unmanaged).
    local lock="/tmp/.X$number-lock"
    rg_wait 10 "the old X server on :$number to exit" \
        sh -c "! [ -e $lock ] || ! kill -0 \$(tr -d ' ' <$lock) 2>/dev/null" || return 1
    # -noreset: by default the server starts over when its last client leaves, and the waits
    # below are clients; openbox connecting in that moment failed ("Failed to open the display")
    # or lost its connection, and the desk came up with no window manager.
    Xvfb ":$number" -screen 0 "${size}x24" -nolisten tcp -noreset >"$RG_DIR/xvfb.log" 2>&1 &
    RG_PIDS=($!)
    export DISPLAY=":$number"
    rg_wait 10 "Xvfb on :$number (log: $RG_DIR/xvfb.log)" xdpyinfo || return 1
    openbox >"$RG_DIR/openbox.log" 2>&1 &
    RG_PIDS+=($!)
    # RG_NO_COMPOSITOR=1 leaves the compositor out (the overlay's fallback is tested that way).
    if [ -z "${RG_NO_COMPOSITOR:-}" ]; then
        xcompmgr >"$RG_DIR/xcompmgr.log" 2>&1 &
        RG_PIDS+=($!)
    fi
    # openbox answers the EWMH query once it manages the screen, and lists the windows it
    # manages (what live's window search reads) a moment later: without that list, a live
    # started at once looked for its game on the whole screen and stayed there.
    rg_wait 10 "openbox" sh -c 'xprop -root _NET_SUPPORTING_WM_CHECK | grep -q window' || return 1
    rg_wait 10 "openbox's window list" sh -c 'xprop -root _NET_CLIENT_LIST_STACKING | grep -q "window id"' || return 1
    # openbox announces itself before it has finished starting; a window mapped in that moment
    # can stay unmanaged and unmapped.
    sleep 0.5
    if [ -z "${RG_NO_COMPOSITOR:-}" ]; then
        rg_wait 10 "xcompmgr (log: $RG_DIR/xcompmgr.log)" pgrep -f "^xcompmgr"
    fi
}

rg_stop_display() {
    rg_stop_games
    for pid in "${RG_PIDS[@]:-}"; do
        [ -n "$pid" ] && kill "$pid" 2>/dev/null
    done
    RG_PIDS=()
}

# rg_gnome_settings HOME THEME WIDTH HEIGHT [KEY=VALUE...]: GNOME Mines' settings as a keyfile
# under HOME (no dconf needed), with any further keys given.
rg_gnome_settings() {
    local home=$1 theme=$2 width=$3 height=$4
    shift 4
    mkdir -p "$home/.config/glib-2.0/settings"
    {
        printf '[org/gnome/Mines]\n'
        printf "theme='%s'\n" "$theme"
        printf 'window-width=%s\nwindow-height=%s\n' "$width" "$height"
        printf 'use-question-marks=true\nuse-animations=false\n'
        printf '%s\n' "$@"
    } >"$home/.config/glib-2.0/settings/keyfile"
}

# rg_gnome_launch HOME [ARGS...]: starts GNOME Mines with its settings under HOME (see
# rg_gnome_settings) in the background, its pid in RG_GAME_PID. Call it in the current shell, not
# in $(...), so that the pid stays known.
rg_gnome_launch() {
    local home=$1
    shift
    HOME=$home XDG_CONFIG_HOME=$home/.config GSETTINGS_BACKEND=keyfile GDK_BACKEND=x11 \
        NO_AT_BRIDGE=1 setsid dbus-run-session -- gnome-mines "$@" >"$RG_DIR/gnome-mines.log" 2>&1 &
    RG_GAME_PID=$!
}

# rg_gnome_mines THEME SIZE WIDTH HEIGHT: THEME default|classic|bgcolors, SIZE small|medium|big.
# Prints the window id once the window is mapped.
rg_gnome_mines() {
    local theme=$1 size=$2 width=$3 height=$4
    local home="$RG_DIR/gnome-mines-home"
    rg_gnome_settings "$home" "$theme" "$width" "$height"
    rg_gnome_launch "$home" "--$size"
    rg_window '^Mines$' "GNOME Mines" gnome-mines.log
}

# rg_gnome_mines_custom THEME COLS ROWS MINES WIDTH HEIGHT [FONT]: a custom-size GNOME Mines game
# in FONT (a GTK font name such as "Cantarell 11"; the desktop's default without it). GNOME opens
# on its size chooser: this clicks Custom, then Play Game, at their places in a window of
# WIDTH x HEIGHT. Prints the window id.
rg_gnome_mines_custom() {
    local theme=$1 cols=$2 rows=$3 mines=$4 width=$5 height=$6 font=${7:-}
    local home="$RG_DIR/gnome-mines-home"
    rg_gnome_settings "$home" "$theme" "$width" "$height" \
        "mode=3" "xsize=$cols" "ysize=$rows" "nmines=$mines"
    if [ -n "$font" ]; then
        mkdir -p "$home/.config/gtk-3.0"
        printf '[Settings]\ngtk-font-name=%s\n' "$font" >"$home/.config/gtk-3.0/settings.ini"
    fi
    rg_gnome_launch "$home"
    local window
    window=$(rg_window '^Mines$' "GNOME Mines" gnome-mines.log) || return 1
    # The chooser's four buttons fill the window two by two; Custom is the lower right one. The
    # custom dialog's Play Game button sits just below the window's middle.
    rg_click_in "$window" 0.69 0.75 && sleep 1 && rg_click_in "$window" 0.5 0.6 || return 1
    xdotool mousemove 0 0
    sleep 1
    echo "$window"
}

# rg_click_in WINDOW FX FY: left click at that fraction of the window's width and height.
rg_click_in() {
    local x y w h
    eval "$(xdotool getwindowgeometry --shell "$1" | sed -n 's/^\(X\|Y\|WIDTH\|HEIGHT\)=/G\1=/p')"
    x=$(awk -v a="$GX" -v b="$GWIDTH" -v f="$2" 'BEGIN { printf "%d", a + b * f }')
    y=$(awk -v a="$GY" -v b="$GHEIGHT" -v f="$3" 'BEGIN { printf "%d", a + b * f }')
    xdotool mousemove "$x" "$y" click 1
}

# rg_xdemineur COLS ROWS MINES: prints the window id once the window is mapped.
rg_xdemineur() {
    setsid xdemineur -geometry "$1x$2" -m "$3" >"$RG_DIR/xdemineur.log" 2>&1 &
    RG_GAME_PID=$!
    rg_window 'mineur' xdemineur xdemineur.log
}

# rg_xbomb LEVEL [WIDTH HEIGHT]: LEVEL 1|2|3 (8x8/10, 16x16/40, 30x16/99); the window resized to
# WIDTH x HEIGHT when given (the grid scales with it). Prints the window id.
rg_xbomb() {
    local level=$1 width=${2:-} height=${3:-}
    setsid xbomb "-square" "-$level" >"$RG_DIR/xbomb.log" 2>&1 &
    RG_GAME_PID=$!
    local window
    window=$(rg_window '^xbomb' xbomb xbomb.log) || return 1
    rg_resize "$window" "$width" "$height"
}

# rg_ace LEVEL: ace-minesweeper at LEVEL 1-4 (8x8/6, 11x11/20, 16x16/45, 32x32/200; a key press
# picks it). Prints the window id.
rg_ace() {
    local level=$1
    setsid ace-minesweeper >"$RG_DIR/ace.log" 2>&1 &
    RG_GAME_PID=$!
    local window
    window=$(rg_window 'ace-minesweeper' ace-minesweeper ace.log) || return 1
    xdotool windowactivate --sync "$window" 2>/dev/null || xdotool windowfocus --sync "$window"
    xdotool key --window "$window" "$level"
    sleep 0.5
    echo "$window"
}

# rg_kmines [WIDTH HEIGHT]: KDE's KMines (Easy 9x9/10), the window resized when a size is given.
# It pulls in much of KDE (about 130 packages), but it is a game the tile model never trains on
# (training/README.md), and tests/live_game.rs plays it through `live`.
rg_kmines() {
    command -v kmines >/dev/null || { echo "real_games: kmines is not installed" >&2; return 1; }
    # KDE programs wait for a session bus before mapping their window: give it its own.
    mkdir -p -m 700 "$RG_DIR/runtime"
    QT_QPA_PLATFORM=xcb XDG_RUNTIME_DIR="$RG_DIR/runtime" setsid dbus-run-session -- kmines \
        >"$RG_DIR/kmines.log" 2>&1 &
    RG_GAME_PID=$!
    local window
    # Its visible window carries the title in _NET_WM_NAME only: found by class instead.
    rg_wait 90 "the KMines window (log: $RG_DIR/kmines.log)" \
        xdotool search --onlyvisible --class '^kmines$' || return 1
    sleep 1
    window=$(xdotool search --onlyvisible --class '^kmines$' | head -n1)
    rg_resize "$window" "${1:-}" "${2:-}"
}

# rg_sgt_mines PARAMS [WIDTH HEIGHT]: Simon Tatham's Mines (sgt-puzzles) with PARAMS such as
# 16x16n40 (columns x rows, n mines), the window resized when a size is given (its tiles scale).
# Like KMines it is a game the tile model never trains on (training/README.md); the live test
# plays it as one.
rg_sgt_mines() {
    command -v sgt-mines >/dev/null || { echo "real_games: sgt-mines is not installed" >&2; return 1; }
    setsid sgt-mines "$1" >"$RG_DIR/sgt-mines.log" 2>&1 &
    RG_GAME_PID=$!
    local window
    window=$(rg_window '^Mines$' sgt-mines sgt-mines.log) || return 1
    rg_resize "$window" "${2:-}" "${3:-}"
}

# rg_resize WINDOW [WIDTH HEIGHT]: resizes the window when a size is given, lets the game redraw,
# and prints the window id.
rg_resize() {
    if [ -n "$2" ]; then
        xdotool windowsize --sync "$1" "$2" "$3"
        sleep 0.8
    fi
    echo "$1"
}

# rg_window TITLE_REGEX GAME LOG: waits for the game's window, lets it draw, prints its id.
rg_window() {
    rg_wait 20 "the $2 window (log: $RG_DIR/$3)" xdotool search --onlyvisible --name "$1" ||
        return 1
    sleep 0.5
    xdotool search --onlyvisible --name "$1" | head -n1
}

# rg_stop_games: stops the game this shell started (its whole session: setsid made it a group
# leader); from a shell that started none, the game windows on this shell's $DISPLAY only (xkill
# closes their connections), never the games other tests run on other displays.
rg_stop_games() {
    if [ -n "${RG_GAME_PID:-}" ]; then
        kill -- "-$RG_GAME_PID" 2>/dev/null
        RG_GAME_PID=""
    else
        local window
        for window in $(xdotool search --name '^Mines$|mineur|^xbomb|ace-minesweeper|^KMines' 2>/dev/null); do
            xkill -id "$window" >/dev/null 2>&1 || true
        done
    fi
    sleep 0.3
    return 0
}
