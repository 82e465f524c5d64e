# Sourced by the scripts/anchor*.sh scripts: compiles D. N. Hill's solver from
# a checkout of github.com/DavidNHill/Minesweeper together with one driver of ours.
#
#   build_anchor SOURCE DRIVER.java
#
# Installs a JDK (Debian: default-jdk-headless) when javac is missing. The classes go to
# target/anchor/classes; a failed compile prints the end of javac's log and exits.
build_anchor() {
    local source_dir=$1 driver=$2 project
    for project in Asynchronous MinesweeperGameState MineSweeperSolver; do
        [ -d "$source_dir/$project/src" ] || { echo "$source_dir has no $project/src: not a checkout of DavidNHill/Minesweeper" >&2; exit 2; }
    done
    if ! command -v javac >/dev/null; then
        local sudo=""; [ "$(id -u)" -ne 0 ] && sudo=sudo
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends default-jdk-headless
    fi
    local build=target/anchor
    rm -rf "$build"; mkdir -p "$build/classes"
    find "$source_dir/Asynchronous/src" "$source_dir/MinesweeperGameState/src" "$source_dir/MineSweeperSolver/src" -name '*.java' > "$build/sources"
    echo "$driver" >> "$build/sources"
    javac -nowarn -encoding UTF-8 -d "$build/classes" @"$build/sources" 2> "$build/javac.log" || {
        tail -20 "$build/javac.log" >&2; exit 1; }
}

# Sets up a paired run's files in target/anchor_paired (the layouts of a seeded series, which
# `minehint bench --layouts` writes): sets `minehint` (the binary: $MINEHINT, else built into
# target/release and copied there, so that a rebuild during the run cannot change it midway),
# `run` (the files' common prefix) and `bench` (the bench command for the series), and writes
# "$run.layouts". Reads board, first_click, start, seed, workers and games.
paired_series() {
    local out=target/anchor_paired
    mkdir -p "$out"
    minehint=${MINEHINT:-}
    if [ -z "$minehint" ]; then
        cargo build --release --quiet
        minehint=$out/minehint
        cp target/release/minehint "$minehint"
    fi
    run="$out/$board-$first_click-$seed-$games"
    bench=("$minehint" bench --board "$board" --first-click "$first_click" --start "$start"
           --seed "$seed" --threads "$workers" --games "$games")
    "${bench[@]}" --layouts "$run.layouts"
}
