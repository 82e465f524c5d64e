//! The command line as typed (clap derive), dispatch to one file per command, and error reporting.

mod answer_json;
mod bench;
mod bench_study;
mod calibrate;
mod first_click;
mod image_args;
mod live;
mod output;
mod read;
mod solve;
mod values;

use clap::{Parser, Subcommand};
use minehint::board::BoardError;
use minehint::solver::SolveError;
use std::process::ExitCode;

/// minehint: reads a Minesweeper board and tells which tiles are safe, which are mines, and the
/// best guess, with exact probabilities.
#[derive(Debug, Parser)]
#[command(name = "minehint", version, about, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Analyse a board text file: exact mine probabilities, certain moves with reasons, best guess.
    Solve(solve::SolveArgs),
    /// Play seeded games with the advice and report the win rate and games per second.
    // Boxed: its many tuning and study options make it several times the size of the others.
    Bench(Box<bench::BenchArgs>),
    /// Read the board in a screenshot and print its board text.
    Parse(read::ParseArgs),
    /// Read the board in a screenshot, then give the analysis, the moves and the best guess.
    Advise(read::AdviseArgs),
    /// Find the board and its tile width in a screenshot; with --save, store them for `live`.
    Calibrate(calibrate::CalibrateArgs),
    /// Follow a running game and draw safe tiles, mines and the best guess on it (Ctrl-C stops).
    ///
    /// Desktops: X11 (with a compositing manager the marks sit on the board; without one they
    /// go to a panel beside the game); Windows (the marks on the board); Wayland sessions: the
    /// game is found on the screen, taken through wlr-screencopy (sway, Hyprland) or the desktop
    /// portal's screen cast (GNOME, KDE; asks once which screen to share), and the marks go on
    /// the board, see-through, on the layer shell's overlay layer (sway, Hyprland, KDE), or in a
    /// panel beside the game (GNOME). $MINEHINT_SCREEN=x11|screencopy|portal picks the screen.
    /// Where the system lists no windows (X11 without a window manager) the game is looked for on
    /// the whole screen and the hints go to a panel beside it.
    ///
    /// Keys while it runs (from any window on X11 and Windows, and on Wayland desktops whose
    /// portal offers global shortcuts, such as KDE and GNOME 48+; change them in the profile's
    /// [hotkeys] table): Ctrl+Alt+H hides or shows the marks; Ctrl+Alt+N shows only the next
    /// move (its reason is printed), or every move again; Ctrl+Alt+M turns the heat map on or
    /// off; Ctrl+Alt+P pauses or resumes reading the screen. On every desktop the letters h,
    /// n, m, p and Enter typed in this terminal do the same.
    Live(live::LiveArgs),
}

impl Cli {
    /// Whether errors go to stdout as JSON.
    pub fn wants_json(&self) -> bool {
        match &self.command {
            Command::Solve(args) => args.json || args.stream,
            Command::Bench(args) => args.json,
            Command::Calibrate(args) => args.json,
            Command::Parse(args) => args.json,
            Command::Advise(args) => args.parse.json,
            Command::Live(_) => false,
        }
    }
}

/// Runs the command.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Solve(args) => solve::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Calibrate(args) => calibrate::run(&args),
        Command::Parse(args) => read::run_parse(&args),
        Command::Advise(args) => read::run_advise(&args),
        Command::Live(args) => live::run(&args),
    }
}

/// A usage error found after parsing (an option that needs another): exit status 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

/// Prints `err` (as text on stderr, or as `{"error": …}` on stdout under `--json`) and picks the
/// exit status: 2 for usage errors, 1 for everything else.
pub fn report(err: &anyhow::Error, json: bool) -> ExitCode {
    let usage = err.downcast_ref::<UsageError>().is_some()
        || matches!(
            err.downcast_ref::<SolveError>(),
            Some(SolveError::NumbersNeedMines)
        );
    if json {
        println!("{}", output::error_json(err));
    } else {
        eprintln!("minehint: {err:#}");
    }
    ExitCode::from(if usage { 2 } else { 1 })
}

/// The DESIGN.md `error.kind` of a failure.
pub fn error_kind(err: &anyhow::Error) -> &'static str {
    if let Some(e) = err.downcast_ref::<SolveError>() {
        e.kind()
    } else if err.downcast_ref::<minehint::advice::GameError>().is_some() {
        "bad_game"
    } else if let Some(e) = err.downcast_ref::<minehint::vision::VisionError>() {
        e.kind()
    } else if err
        .downcast_ref::<minehint::capture::ProfileError>()
        .is_some()
    {
        "profile"
    } else if err
        .downcast_ref::<minehint::capture::CaptureError>()
        .is_some()
    {
        "capture"
    } else if let Some(e) = err.downcast_ref::<minehint::live::LiveError>() {
        match e {
            minehint::live::LiveError::Capture(_) => "capture",
            minehint::live::LiveError::Overlay(_) => "overlay",
            minehint::live::LiveError::Log { .. } => "io",
            minehint::live::LiveError::Signal(_) => "signal",
            minehint::live::LiveError::Hotkey(_) => "profile",
        }
    } else if err.downcast_ref::<BoardError>().is_some() {
        "bad_board"
    } else if err.downcast_ref::<UsageError>().is_some() {
        "bad_usage"
    } else if err.downcast_ref::<std::io::Error>().is_some() {
        "io"
    } else {
        "bad_request"
    }
}
