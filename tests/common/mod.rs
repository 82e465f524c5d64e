//! Helpers shared by the tests that run the real binary.

use std::process::{Command, Output};

/// Runs `minehint` with `args` and no input.
pub fn minehint(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_minehint"))
        .args(args)
        .output()
        .expect("the binary runs")
}
