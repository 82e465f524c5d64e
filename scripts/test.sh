#!/usr/bin/env bash
# The test suite: set up, then every unit, property, golden-vector and command-line test.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
# Real games for tests/real_games.rs: Xvfb, openbox, xcompmgr, xdotool, GNOME Mines, xdemineur.
source scripts/real_games.sh
rg_install
cargo test --locked
