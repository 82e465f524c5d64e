//! `minehint live`: the capture loop and the overlay together. The tracker follows the game
//! window frame by frame (capture → vision → solver → advice) and the overlay draws what it
//! found (→ pixels); the JSON log and the run's figures are for scripts, tests and benchmarks.
//!
//! - [`tracker`]: finding and following the game, one frame at a time;
//! - [`board_check`]: whether a frame's reading is a board, and which of its looks to trust;
//!   [`blank`]: whether its pixels show tiles at all (a paused game, a dialog);
//! - [`deep`]: the deep policy's guess, worked out beside the frames and drawn when ready;
//! - [`own_pixels`]: the overlay taken back out of copies of the screen;
//! - [`controls`], [`hotkeys`] and [`settings`]: the player's keys, what they change, and the
//!   profile's settings; `portal_shortcuts`: the keys on Wayland, through the desktop portal;
//! - [`run`]: the threads, Ctrl-C, the keys, the frame rate;
//! - [`log`]: the `--log-json` lines;
//! - [`stats`]: latency histogram, CPU time and memory of the run.

pub mod blank;
pub mod board_check;
pub mod controls;
pub mod deep;
pub mod hotkeys;
pub mod log;
pub mod own_pixels;
#[cfg(target_os = "linux")]
pub mod portal_shortcuts;
pub mod run;
pub mod settings;
pub mod stats;
pub mod tracker;

pub use controls::{Command, HotkeySettings, View};
pub use log::{JsonLog, LogLine};
pub use run::{run_live, LiveError, LiveOptions, LiveSummary};
pub use settings::{parse_settings, PlayerSettings};
pub use stats::Histogram;
pub use tracker::{Report, Target, Tracker, TrackerOptions};
