//! The `minehint` binary: parses the command line, runs the command, maps failures to exit codes
//! (0 success, 1 bad input or impossible board, 2 bad usage).

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    let json = args.wants_json();
    match cli::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => cli::report(&err, json),
    }
}
