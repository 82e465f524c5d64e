#!/usr/bin/env bash
# The test suite: set up, then every unit, property, golden-vector and command-line test.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
cargo test --locked
