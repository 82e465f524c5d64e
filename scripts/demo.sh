#!/usr/bin/env bash
# The main job on a bundled example: set up, build, and analyse a board with its mine total.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
cargo build --release --quiet
./target/release/minehint solve examples/two_subsystems.board --mines 9
