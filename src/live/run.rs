//! `live` as a whole: the overlay's event loop on the main thread, the tracker on a worker
//! thread ticking at the frame rate, Ctrl-C, the JSON log and the run's figures.

use super::log::JsonLog;
use super::stats::{cpu_time, rss_kib, Histogram};
use super::tracker::{DeepFigures, Report, Tracker, TrackerOptions};
use crate::capture::{connect, CaptureError};
use crate::overlay::{open_overlay, OverlayError, UiEvent};
use crate::vision::Classifier;
use std::fs::File;
use std::io::BufWriter;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How `live` runs.
#[derive(Clone, Debug)]
pub struct LiveOptions {
    pub tracker: TrackerOptions,
    /// Frames per second to look at the game.
    pub rate: f64,
    /// Where to write the JSON lines log.
    pub log_json: Option<PathBuf>,
    /// Stop after this long (for benchmarks and scripts); `None` runs until Ctrl-C.
    pub duration: Option<Duration>,
}

/// A failure that ends `live`.
#[derive(Debug, thiserror::Error)]
pub enum LiveError {
    #[error(transparent)]
    Capture(#[from] CaptureError),
    #[error(transparent)]
    Overlay(#[from] OverlayError),
    #[error("cannot write the log {path}")]
    Log {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot watch for Ctrl-C: {0}")]
    Signal(String),
}

/// Figures of a finished run.
#[derive(Clone, Debug)]
pub struct LiveSummary {
    pub elapsed: Duration,
    pub frames_read: u64,
    pub frames_skipped: u64,
    /// Capture of a changed frame → its overlay presented.
    pub latency: Histogram,
    /// The deep guesses worked out beside the frames.
    pub deep: DeepFigures,
    pub cpu: Option<Duration>,
    pub rss_kib: Option<u64>,
}

/// Runs the live loop until Ctrl-C (or `duration`). `notify` receives the notes meant for the
/// user (game found, lost, no compositor).
pub fn run_live(
    options: LiveOptions,
    classifier: Classifier,
    notify: Arc<dyn Fn(&str) + Send + Sync>,
) -> Result<LiveSummary, LiveError> {
    let start = Instant::now();
    let log = match &options.log_json {
        Some(path) => Some(JsonLog::new(BufWriter::new(File::create(path).map_err(
            |source| LiveError::Log {
                path: path.clone(),
                source,
            },
        )?))),
        None => None,
    };
    // The screen first: its error says more than the overlay's on a desktop live cannot use.
    let desktop = connect()?;
    let (overlay, proxy) = open_overlay(desktop.system())?;
    let mut tracker = Tracker::new(desktop, classifier, options.tracker.clone(), start)?;
    tracker.set_marks_in_screen_copies(overlay.over_screen_copies());
    if !tracker.has_compositor() {
        notify(
            "no compositing manager is running, so the overlay cannot be transparent: \
             hints are shown in a panel beside the game instead",
        );
    }
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        let proxy = proxy.clone();
        ctrlc::set_handler(move || {
            stop.store(true, Ordering::SeqCst);
            proxy.send(UiEvent::Quit);
        })
        .map_err(|err| LiveError::Signal(err.to_string()))?;
    }
    let period = Duration::from_secs_f64(1.0 / options.rate);
    let worker = {
        let stop = stop.clone();
        let proxy = proxy.clone();
        let notify = notify.clone();
        let path = options.log_json.clone().unwrap_or_default();
        let deadline = options.duration.map(|d| start + d);
        std::thread::spawn(move || {
            let result = tick_loop(
                tracker,
                log,
                period,
                deadline,
                &stop,
                &|event| proxy.send(event),
                &*notify,
            );
            proxy.send(UiEvent::Quit);
            result.map_err(|err| match err {
                LoopError::Capture(err) => LiveError::Capture(err),
                LoopError::Log(source) => LiveError::Log { path, source },
            })
        })
    };
    let latency = Arc::new(Mutex::new(Histogram::new()));
    let overlay = {
        let latency = latency.clone();
        overlay.run(Box::new(move |d| {
            if let Ok(mut h) = latency.lock() {
                h.record(d);
            }
        }))
    };
    stop.store(true, Ordering::SeqCst);
    let counts = worker
        .join()
        .unwrap_or_else(|_| Err(LiveError::Signal("the capture thread panicked".into())));
    overlay?;
    let (frames_read, frames_skipped, deep) = counts?;
    let latency = latency.lock().map(|h| h.clone()).unwrap_or_default();
    Ok(LiveSummary {
        elapsed: start.elapsed(),
        frames_read,
        frames_skipped,
        latency,
        deep,
        cpu: cpu_time(),
        rss_kib: rss_kib(),
    })
}

enum LoopError {
    Capture(CaptureError),
    Log(std::io::Error),
}

/// Ticks the tracker every `period` until stopped; returns its figures ([`figures`]).
fn tick_loop(
    mut tracker: Tracker,
    mut log: Option<JsonLog<BufWriter<File>>>,
    period: Duration,
    deadline: Option<Instant>,
    stop: &AtomicBool,
    send: &dyn Fn(UiEvent) -> bool,
    notify: &dyn Fn(&str),
) -> Result<(u64, u64, DeepFigures), LoopError> {
    let mut next = Instant::now();
    while !stop.load(Ordering::SeqCst) && deadline.is_none_or(|d| Instant::now() < d) {
        for report in tracker.tick(Instant::now()).map_err(LoopError::Capture)? {
            match report {
                Report::Show(scene) => {
                    if !send(UiEvent::Show(scene)) {
                        return Ok(figures(tracker));
                    }
                }
                Report::Hide => {
                    send(UiEvent::Hide);
                }
                Report::Log(line) => {
                    if let Some(log) = &mut log {
                        log.write(&line).map_err(LoopError::Log)?;
                    }
                }
                Report::Note(note) => notify(&note),
            }
        }
        // A fixed schedule, not a fixed sleep: the rate holds whatever a frame cost, and a slow
        // frame is not made up for with a burst.
        next += period;
        let now = Instant::now();
        if next > now {
            std::thread::sleep(next - now);
        } else {
            next = now;
        }
    }
    Ok(figures(tracker))
}

/// The tracker's figures at the end of a run: frames read, frames skipped, deep guesses.
fn figures(tracker: Tracker) -> (u64, u64, DeepFigures) {
    let Tracker {
        frames_read,
        frames_skipped,
        deep_figures,
        ..
    } = tracker;
    (frames_read, frames_skipped, deep_figures)
}
