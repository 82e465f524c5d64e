#!/usr/bin/env bash
# The main job on a bundled example: set up, build, read a real GNOME Mines screenshot from
# fixtures/, print the board and the advice, and write the screenshot with the marks drawn on it.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
cargo build --release --quiet
./target/release/minehint advise fixtures/gnome-classic-medium-900-700-mid.png \
    --out target/demo-annotated.png
echo "annotated screenshot: target/demo-annotated.png"
