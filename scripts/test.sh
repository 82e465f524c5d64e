#!/usr/bin/env bash
# The test suite: set up, then every unit, property, golden-vector and command-line test.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
# The fuzz crate (fuzz/, built by scripts/fuzz.sh in CI) has its own lock file, which names
# minehint's dependencies too: a dependency added to Cargo.toml must reach it, or CI's fuzz build
# stops at --locked after every test has run. Checked first, where it costs seconds.
if ! (cd fuzz && cargo metadata --locked --format-version 1 >/dev/null); then
    echo "test: fuzz/Cargo.lock is out of date: run 'cargo metadata --format-version 1' in fuzz/ and commit it" >&2
    exit 1
fi
# Real games for tests/real_games.rs: Xvfb, openbox, xcompmgr, xdotool, GNOME Mines, xdemineur.
source scripts/real_games.sh
rg_install
# The Windows build, run under Wine beside the Linux one (tests/windows_wine.rs). Where it cannot
# be made, those tests are skipped, and say so here and in their own output.
source scripts/windows.sh
# The tests compare behaviour, and the Linux side is the dev build: so is the Windows one, unless
# MINEHINT_WINDOWS_PROFILE says otherwise (release's link-time optimisation doubles its build).
export MINEHINT_WINDOWS_PROFILE=${MINEHINT_WINDOWS_PROFILE:-dev}
windows_build || echo "test: SKIPPING the Windows comparison: the Windows build or Wine is missing" >&2
cargo test --locked
