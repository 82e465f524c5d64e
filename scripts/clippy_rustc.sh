#!/usr/bin/env bash
# The compiler for minehint's own crates when CI builds them: clippy-driver, which is rustc with
# clippy's lints run before the build, every warning an error. CI names it in
# RUSTC_WORKSPACE_WRAPPER, so the build the tests run is the lint pass as well: `cargo clippy`
# would first check every dependency again, a build of its own (nine minutes on 2 cores for
# Linux, five for the Windows target). Cargo calls it as `clippy_rustc.sh RUSTC ARGS...`, which
# clippy-driver takes as it comes; dependencies are compiled by rustc alone, untouched.
set -euo pipefail
exec clippy-driver "$@" -D warnings
