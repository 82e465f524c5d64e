//! `live` as a whole: the overlay's event loop on the main thread, the tracker on a worker
//! thread ticking at the frame rate, Ctrl-C, the JSON log and the run's figures.

use super::controls::{Command, HotkeySettings};
use super::hotkeys::{grab_global, parse_bindings, read_terminal, HotkeyError};
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
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
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
    /// The player's keys.
    pub hotkeys: HotkeySettings,
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
    #[error("in the profile's [hotkeys] table")]
    Hotkey(#[from] HotkeyError),
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
    let bindings = parse_bindings(&options.hotkeys)?;
    // Before any frame: built lazily, the glyph templates held back the first frame that
    // needed them by up to 90 ms.
    crate::vision::prepare();
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
    let desktop_system = desktop.system();
    let (overlay, proxy) = open_overlay(desktop_system)?;
    let mut tracker = Tracker::new(desktop, classifier, options.tracker.clone(), start)?;
    tracker.set_marks_in_screen_copies(overlay.over_screen_copies());
    if !tracker.has_compositor() {
        notify(
            "no compositing manager is running, so the overlay cannot be transparent: \
             hints are shown in a panel beside the game instead",
        );
    }
    // The player's keys: global hotkeys where the desktop has them (grabbed here, on the
    // overlay's thread, where Windows delivers them), and letters typed in this terminal.
    let (send_command, commands) = channel();
    let (_hotkeys, hotkey_notes) = grab_global(
        desktop_system,
        &bindings,
        send_command.clone(),
        notify.clone(),
    );
    for note in hotkey_notes {
        notify(&note);
    }
    notify(&format!("keys: {}", options.hotkeys.summary()));
    read_terminal(send_command);
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
                Schedule {
                    period,
                    deadline,
                    commands,
                },
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

/// After this many frames in a row with the board's pixels unchanged (a second at 30 Hz), the
/// loop waits [`IDLE_STRETCH`] periods between frames, until a frame differs.
const IDLE_AFTER: u32 = 30;
/// How much longer the wait is on a board left alone: a change is still seen within 1.5
/// periods and drawn within two (a player who looks away, then clicks, waits at most one frame
/// more), and each idle second costs 20 frames instead of 30.
const IDLE_STRETCH: f64 = 1.5;

/// How often a paused loop looks whether it must stop: Ctrl-C and a closed overlay set a flag
/// it reads, and send it nothing.
const PAUSED_STOP_CHECK: Duration = Duration::from_millis(200);

/// When the tracker ticks: every `period` until `deadline`, and the player's commands, which
/// the loop waits on between frames.
struct Schedule {
    period: Duration,
    deadline: Option<Instant>,
    commands: Receiver<Command>,
}

/// Ticks the tracker on `schedule` until stopped; returns its figures ([`figures`]).
fn tick_loop(
    mut tracker: Tracker,
    mut log: Option<JsonLog<BufWriter<File>>>,
    schedule: Schedule,
    stop: &AtomicBool,
    send: &dyn Fn(UiEvent) -> bool,
    notify: &dyn Fn(&str),
) -> Result<(u64, u64, DeepFigures), LoopError> {
    let Schedule {
        period,
        deadline,
        commands,
    } = schedule;
    let mut next = Instant::now();
    let mut keys_open = true;
    // Frames in a row whose board pixels did not change.
    let mut unchanged = 0u32;
    while !stop.load(Ordering::SeqCst) && deadline.is_none_or(|d| Instant::now() < d) {
        if !tracker.view().paused {
            let skipped = tracker.frames_skipped;
            let reports = tracker.tick(Instant::now()).map_err(LoopError::Capture)?;
            if !deliver(reports, &mut log, send, notify)? {
                return Ok(figures(tracker));
            }
            unchanged = if tracker.frames_skipped > skipped {
                unchanged.saturating_add(1)
            } else {
                0
            };
            // A fixed schedule, not a fixed sleep: the rate holds whatever a frame cost, and a
            // slow frame is not made up for with a burst. A board that stays the same is looked
            // at less often.
            next += if unchanged >= IDLE_AFTER {
                period.mul_f64(IDLE_STRETCH)
            } else {
                period
            };
            let now = Instant::now();
            if next <= now {
                next = now;
            }
        }
        // Wait for the next frame, or a key. Paused, no frame is read: the loop wakes for a
        // key, or to see whether it must stop (Ctrl-C, the overlay closed).
        let frame = if tracker.view().paused {
            Instant::now() + PAUSED_STOP_CHECK
        } else {
            next
        };
        let wake = deadline.map_or(frame, |d| d.min(frame));
        let wait = wake.saturating_duration_since(Instant::now());
        let command = if keys_open {
            match commands.recv_timeout(wait) {
                Ok(command) => Some(command),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => {
                    keys_open = false;
                    None
                }
            }
        } else {
            std::thread::sleep(wait);
            None
        };
        if let Some(command) = command {
            let view = tracker.view().apply(command);
            notify(&view.note(command));
            let reports = tracker.set_view(view, Instant::now());
            if !deliver(reports, &mut log, send, notify)? {
                return Ok(figures(tracker));
            }
            // The loop goes round at once: a frame in the new view is read now, not a period
            // later.
        }
    }
    Ok(figures(tracker))
}

/// Passes a tick's reports on: scenes to the overlay, lines to the log, notes to the user.
/// False once the overlay has closed.
fn deliver(
    reports: Vec<Report>,
    log: &mut Option<JsonLog<BufWriter<File>>>,
    send: &dyn Fn(UiEvent) -> bool,
    notify: &dyn Fn(&str),
) -> Result<bool, LoopError> {
    for report in reports {
        match report {
            Report::Show(scene) => {
                if !send(UiEvent::Show(scene)) {
                    return Ok(false);
                }
            }
            Report::Hide => {
                send(UiEvent::Hide);
            }
            Report::Log(line) => {
                if let Some(log) = log {
                    log.write(&line).map_err(LoopError::Log)?;
                }
            }
            Report::Note(note) => notify(&note),
        }
    }
    Ok(true)
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
