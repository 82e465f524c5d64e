//! Helpers for the tests that start real programs (a compositor, PipeWire): whether a program is
//! installed, and waiting with a bound for something to show.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Whether `program` is on the PATH.
pub fn have(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Polls `probe` every 100 ms until it finds something, for at most `limit`.
pub fn wait<T>(limit: Duration, mut probe: impl FnMut() -> Option<T>) -> Option<T> {
    let start = Instant::now();
    loop {
        if let Some(found) = probe() {
            return Some(found);
        }
        if start.elapsed() > limit {
            return None;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}
