#!/usr/bin/env bash
# The pictures of the marks in README.md, made by `advise --out` on two fixtures and cut down to
# the board's corner and the legend with ImageMagick (installed by scripts/real_games.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Safe tiles and mines: GNOME Mines mid-game (the board at 541,233, 41.7 px tiles).
target/release/minehint advise fixtures/gnome-classic-medium-900-700-mid.png --out "$tmp/moves.png" >/dev/null
# The best guess and the heat map: ace-minesweeper's level 3, where nothing is certain.
target/release/minehint advise fixtures/ace-3-mid.png --heat --out "$tmp/guess.png" >/dev/null
# The board's top rows, then the legend strip under the screenshot (1080 px tall).
# The legend is cut as wide as its entries; the board's corner is padded to the same width.
convert "$tmp/moves.png" \( -clone 0 -crop 420x290+541+233 +repage \) \
    \( -clone 0 -crop 480x30+0+1080 +repage \) -delete 0 -background '#28282c' -append \
    docs/marks-moves.png
convert "$tmp/guess.png" \( -clone 0 -crop 390x200+767+368 +repage \) \
    \( -clone 0 -crop 860x30+0+1080 +repage \) -delete 0 -background '#28282c' -append \
    docs/marks-guess.png
echo "wrote docs/marks-moves.png and docs/marks-guess.png"
