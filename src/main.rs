//! The `minehint` binary: parses the command line, runs the command, maps failures to exit codes
//! (0 success, 1 bad input or impossible board, 2 bad usage).

mod cli;

use clap::Parser;
use std::process::ExitCode;

/// The exact solver builds and drops many small big-integer counts; mimalloc serves them faster
/// than the system allocator (`minehint bench` plays about a fifth more games a second with it).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    // Notes for the user (the live loop's "following …", "waiting …") on stderr, and only errors
    // from the libraries (winit's X11 chatter is not for players); RUST_LOG overrides.
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("error,minehint=info")),
        )
        .with_writer(std::io::stderr)
        .with_target(false)
        .without_time()
        .init();
    let args = cli::Cli::parse();
    // `live` keeps SIGPIPE ignored: its X connection breaking must end it with a `capture`
    // error that says so, not silently.
    if !matches!(args.command, cli::Command::Live(_)) {
        quiet_on_closed_pipe();
    }
    let json = args.wants_json();
    match cli::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => cli::report(&err, json),
    }
}

/// Output piped into a program that stops reading (`minehint parse shot.png | head -1`) ends
/// minehint quietly, as it ends any Unix tool, instead of a panic in `println!`: Rust ignores
/// SIGPIPE, so every later write would fail with `BrokenPipe`; the default disposition is
/// restored before anything is written (and before any thread is started).
#[cfg(unix)]
fn quiet_on_closed_pipe() {
    // SAFETY: `signal` with `SIG_DFL` installs no handler code, only the kernel's default
    // action for SIGPIPE; it runs in `main` before any other thread exists (argument parsing and
    // the log setup start none), so no thread can observe a half-changed disposition.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(not(unix))]
fn quiet_on_closed_pipe() {}
