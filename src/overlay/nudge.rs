//! A bell the live loop rings each time it sends the overlay window something, so that the
//! window's thread can sleep between wake-ups without making a new scene wait.
//!
//! Under Wine winit's wait for messages returns at once with nothing in the queue, so the
//! overlay's thread must sleep by itself (`window.rs`); sleeping on this bell instead of the
//! clock ends the sleep as soon as a scene is sent, so the sleep can be long.

use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Duration;

/// Shared between the senders and the overlay's thread; cloning shares the same bell.
#[derive(Clone, Default)]
pub struct Nudge(Arc<(Mutex<bool>, Condvar)>);

impl Nudge {
    /// Ends the current or the next [`Nudge::nap`].
    pub fn ring(&self) {
        let (rung, bell) = &*self.0;
        *rung.lock().unwrap_or_else(PoisonError::into_inner) = true;
        bell.notify_one();
    }

    /// Sleeps until rung or for `at_most`; a ring since the last nap ends it at once.
    #[cfg_attr(not(windows), allow(dead_code))]
    pub fn nap(&self, at_most: Duration) {
        let (rung, bell) = &*self.0;
        let guard = rung.lock().unwrap_or_else(PoisonError::into_inner);
        let (mut guard, _) = bell
            .wait_timeout_while(guard, at_most, |rung| !*rung)
            .unwrap_or_else(PoisonError::into_inner);
        *guard = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    #[test]
    fn a_ring_before_the_nap_ends_it_at_once() {
        let nudge = Nudge::default();
        nudge.ring();
        let start = Instant::now();
        nudge.nap(Duration::from_secs(30));
        assert!(start.elapsed() < Duration::from_secs(10));
    }

    #[test]
    fn a_ring_from_another_thread_ends_a_nap() {
        let nudge = Nudge::default();
        let ringer = nudge.clone();
        let thread = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(20));
            ringer.ring();
        });
        let start = Instant::now();
        nudge.nap(Duration::from_secs(30));
        assert!(start.elapsed() < Duration::from_secs(10));
        thread.join().unwrap();
    }

    #[test]
    fn a_nap_takes_the_ring_so_the_next_one_sleeps() {
        let nudge = Nudge::default();
        nudge.ring();
        nudge.nap(Duration::from_secs(30));
        let start = Instant::now();
        nudge.nap(Duration::from_millis(30));
        assert!(start.elapsed() >= Duration::from_millis(30));
    }
}
