//! `minehint live`: follow a running game and draw the advice on it until Ctrl-C.

use super::image_args::parse_region;
use super::read::classifier;
use super::UsageError;
use clap::Args;
use minehint::advice::GuessPolicy;
use minehint::capture::profile;
use minehint::live::{run_live, LiveOptions, LiveSummary, Target, TrackerOptions};
use minehint::vision::Rect;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

#[derive(Debug, Args)]
pub struct LiveArgs {
    /// Follow the window whose title (or application name) contains this, case-insensitive.
    #[arg(long, value_name = "TITLE", conflicts_with = "region")]
    pub window: Option<String>,
    /// The board is in this screen rectangle.
    #[arg(long, value_name = "X,Y,W,H", value_parser = parse_region)]
    pub region: Option<Rect>,
    /// Total mines, flags included (default: what the game's own mine counter implies, else the
    /// standard total for the board size, else local).
    #[arg(long, value_name = "N")]
    pub mines: Option<u64>,
    /// Tint every unrevealed tile from green (safe) to red (mine) by its probability.
    #[arg(long)]
    pub heat: bool,
    /// Frames per second to look at the game.
    #[arg(long, value_name = "HZ", default_value_t = 30.0)]
    pub rate: f64,
    /// Write one JSON line per change of the board or its advice to FILE.
    #[arg(long, value_name = "FILE")]
    pub log_json: Option<PathBuf>,
    /// The calibration profile to start from (default: the one `calibrate --save` wrote, if any).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["window", "region", "no_profile"])]
    pub profile: Option<PathBuf>,
    /// Ignore the saved calibration profile and look for the game.
    #[arg(long)]
    pub no_profile: bool,
    /// Tile classifier to use instead of the built-in one (ONNX).
    #[arg(long, value_name = "FILE")]
    pub model: Option<PathBuf>,
    /// Stop after this many seconds (default: run until Ctrl-C).
    #[arg(long, value_name = "SECONDS")]
    pub duration: Option<f64>,
    /// On exit, print the run's figures: frames, capture-to-overlay latency, CPU, memory.
    #[arg(long)]
    pub stats: bool,
}

/// Which game to follow: the options first, then the saved profile, then any game in sight.
fn target(args: &LiveArgs) -> anyhow::Result<Target> {
    if let Some(title) = &args.window {
        return Ok(Target::Window(title.clone()));
    }
    if let Some(region) = args.region {
        return Ok(Target::Region(region));
    }
    if args.no_profile {
        return Ok(Target::Auto);
    }
    let (path, given) = match &args.profile {
        Some(path) => (path.clone(), true),
        None => match profile::default_path() {
            Ok(path) => (path, false),
            Err(_) => return Ok(Target::Auto),
        },
    };
    if !given && !path.exists() {
        return Ok(Target::Auto);
    }
    Ok(Target::Profile(profile::load(&path)?))
}

pub fn run(args: &LiveArgs) -> anyhow::Result<()> {
    if !(args.rate.is_finite() && (0.5..=240.0).contains(&args.rate)) {
        return Err(UsageError(format!(
            "--rate {} is outside 0.5..240 frames per second",
            args.rate
        ))
        .into());
    }
    let duration = match args.duration {
        Some(s) if s.is_finite() && s > 0.0 => Some(Duration::from_secs_f64(s)),
        Some(s) => {
            return Err(UsageError(format!(
                "--duration {s} must be a positive number of seconds"
            ))
            .into())
        }
        None => None,
    };
    let target = target(args)?;
    let classifier = classifier(args.model.as_deref())?;
    let options = LiveOptions {
        tracker: TrackerOptions {
            target,
            mines: args.mines,
            heat: args.heat,
            policy: GuessPolicy::deep(),
        },
        rate: args.rate,
        log_json: args.log_json.clone(),
        duration,
    };
    let summary = run_live(
        options,
        classifier,
        Arc::new(|note: &str| tracing::info!("{note}")),
    )?;
    if args.stats {
        eprintln!("{}", describe(&summary));
    }
    Ok(())
}

/// The run's figures in one paragraph.
fn describe(s: &LiveSummary) -> String {
    let ms =
        |d: Option<Duration>| d.map_or("-".into(), |d| format!("{:.1} ms", d.as_secs_f64() * 1e3));
    let seconds = s.elapsed.as_secs_f64();
    let cpu = s.cpu.map_or("-".into(), |c| {
        format!(
            "{:.1}% of one core",
            100.0 * c.as_secs_f64() / seconds.max(1e-9)
        )
    });
    let rss = s
        .rss_kib
        .map_or("-".into(), |k| format!("{:.1} MiB", k as f64 / 1024.0));
    let deep = &s.deep;
    format!(
        "live stats: {seconds:.1} s, {} frames read, {} unchanged frames skipped; \
         capture to overlay: median {}, p99 {} over {} redraws; deep guesses: {} drawn over \
         the fast one, {} the same, taken up median {}, p99 {} after capture; CPU {cpu}; \
         RSS {rss}",
        s.frames_read,
        s.frames_skipped,
        ms(s.latency.quantile(0.5)),
        ms(s.latency.quantile(0.99)),
        s.latency.count(),
        deep.drawn,
        deep.same,
        ms(deep.ready.quantile(0.5)),
        ms(deep.ready.quantile(0.99)),
    )
}
