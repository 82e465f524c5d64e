//! `minehint live`: follow a running game and draw the advice on it until Ctrl-C.

use super::first_click::FirstClickArg;
use super::image_args::parse_region;
use super::read::classifier;
use super::values::parse_mines;
use super::UsageError;
use clap::Args;
use minehint::advice::{FirstClick, GuessPolicy};
use minehint::capture::profile;
use minehint::live::{
    parse_settings, run_live, LiveOptions, LiveSummary, PlayerSettings, Target, TrackerOptions,
};
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
    #[arg(long, value_name = "X,Y,W,H", allow_hyphen_values = true, value_parser = parse_region)]
    pub region: Option<Rect>,
    /// Total mines, flags included (default: what the game's own mine counter implies, else the
    /// standard total for the board size, else local).
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = parse_mines)]
    pub mines: Option<u64>,
    /// Start with the heat map on: every covered tile tinted reddish purple, darker the likelier
    /// a mine (Ctrl+Alt+M switches it while playing).
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
    /// What the game guarantees of its first click, for the advice on a fresh board: safe
    /// (never a mine; the corner is named), zero (it opens a region), any (none). Default: the
    /// profile's `[game]` `first_click`, else safe.
    #[arg(long, value_enum, value_name = "RULE")]
    pub first_click: Option<FirstClickArg>,
}

/// The profile file to read: the one given, else the default one if it exists.
fn profile_path(args: &LiveArgs) -> Option<PathBuf> {
    if let Some(path) = &args.profile {
        return Some(path.clone());
    }
    if args.no_profile {
        return None;
    }
    profile::default_path().ok().filter(|path| path.exists())
}

/// Which game to follow (the options first, then the profile's calibration, then any game in
/// sight), and the player's settings from the profile.
fn target(args: &LiveArgs) -> anyhow::Result<(Target, PlayerSettings)> {
    let Some(path) = profile_path(args) else {
        return Ok((option_target(args), PlayerSettings::default()));
    };
    let text = profile::read_text(&path)?;
    let settings = parse_settings(&text, &path)?;
    let target = if args.window.is_some() || args.region.is_some() {
        option_target(args)
    } else if profile::has_calibration(&text) {
        Target::Profile(profile::parse(&text, &path)?)
    } else {
        // A profile with only the player's settings: look for the game.
        Target::Auto
    };
    Ok((target, settings))
}

/// The game the options name, else any in sight.
fn option_target(args: &LiveArgs) -> Target {
    match (&args.window, args.region) {
        (Some(title), _) => Target::Window(title.clone()),
        (None, Some(region)) => Target::Region(region),
        (None, None) => Target::Auto,
    }
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
    let (target, settings) = target(args)?;
    let classifier = classifier(args.model.as_deref())?;
    let first_click = (args.first_click.map(FirstClick::from))
        .or(settings.game.first_click)
        .unwrap_or(FirstClick::Safe);
    let options = LiveOptions {
        tracker: TrackerOptions {
            target,
            mines: args.mines,
            heat: args.heat,
            policy: GuessPolicy {
                first_click,
                ..GuessPolicy::deep()
            },
        },
        rate: args.rate,
        log_json: args.log_json.clone(),
        duration,
        hotkeys: settings.hotkeys,
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
         capture to overlay: median {}, p99 {}, slowest {} over {} redraws; deep guesses: {} \
         drawn over the fast one, {} the same, taken up median {}, p99 {} after capture; \
         CPU {cpu}; RSS {rss}",
        s.frames_read,
        s.frames_skipped,
        ms(s.latency.quantile(0.5)),
        ms(s.latency.quantile(0.99)),
        ms(s.latency.quantile(1.0)),
        s.latency.count(),
        deep.drawn,
        deep.same,
        ms(deep.ready.quantile(0.5)),
        ms(deep.ready.quantile(0.99)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use minehint::live::tracker::DeepFigures;
    use minehint::live::Histogram;

    #[test]
    fn the_figures_name_the_slowest_redraw() {
        // 99 redraws of 2 ms and one of 85 ms: the 99th percentile is a 2 ms one, so only
        // the slowest shows the one held back.
        let mut latency = Histogram::new();
        for _ in 0..99 {
            latency.record(Duration::from_millis(2));
        }
        latency.record(Duration::from_millis(85));
        let summary = LiveSummary {
            elapsed: Duration::from_secs(40),
            frames_read: 100,
            frames_skipped: 900,
            latency,
            deep: DeepFigures::default(),
            cpu: Some(Duration::from_secs(1)),
            rss_kib: Some(40 * 1024),
        };
        let text = describe(&summary);
        assert!(
            text.contains("median 2.1 ms, p99 2.1 ms, slowest 85.1 ms over 100 redraws"),
            "{text}"
        );
        assert!(
            text.contains("CPU 2.5% of one core; RSS 40.0 MiB"),
            "{text}"
        );
    }
}
