//! The newest copy of the rectangle the live loop watches, kept current by a thread of its own
//! that waits on the compositor: the loop's frame takes whatever copy is newest, and a board
//! left alone costs no copy at all.
//!
//! The thread exists for timing, not for speed: a copy asked for with damage is made at the
//! compositor's next frame after the ask, so the next ask must follow each copy at once, not a
//! frame period later (a change drawn in between would wait for a frame a still screen never
//! draws). Once a second without news, the thread copies anyway: damage is the compositor's
//! word, and that bounds what a missed one could cost.

use super::screencopy::{CopyError, Request, Session, Waker, ANSWER_WITHIN};
use image::RgbImage;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long the newest copy stands for the screen while the compositor reports no change.
const TRUST_DAMAGE_FOR: Duration = Duration::from_secs(1);
/// How long the caller waits for the first copy of a new rectangle: the compositor's time, and
/// the thread's to notice the new rectangle.
const FIRST_COPY_WITHIN: Duration = ANSWER_WITHIN.saturating_add(Duration::from_millis(500));

/// What the caller and the thread share.
#[derive(Default)]
struct State {
    /// The rectangle the caller wants.
    want: Option<Request>,
    /// The newest copy, and of what.
    newest: Option<(Request, RgbImage)>,
    /// Why the thread could not copy the rectangle wanted; taken by the caller.
    failure: Option<CopyError>,
    /// Why the thread ended: the compositor's copies are not read here.
    ended: Option<CopyError>,
    stop: bool,
}

struct Shared {
    state: Mutex<State>,
    /// Notified when `newest` or `failure` is set, and when `want` or `stop` is.
    news: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A thread copying one rectangle as it changes.
pub struct Stream {
    shared: Arc<Shared>,
    waker: Waker,
    worker: Option<JoinHandle<()>>,
}

impl Stream {
    /// Starts the thread on `session`.
    pub fn start(session: Session) -> Result<Stream, CopyError> {
        let shared = Arc::new(Shared {
            state: Mutex::new(State::default()),
            news: Condvar::new(),
        });
        let waker = session.waker();
        let worker = std::thread::Builder::new()
            .name("minehint-screencopy".into())
            .spawn({
                let shared = shared.clone();
                move || follow(session, &shared)
            })
            .map_err(|err| {
                CopyError::Failed(format!("cannot start the screen-copy thread: {err}"))
            })?;
        Ok(Stream {
            shared,
            waker,
            worker: Some(worker),
        })
    }

    /// The newest copy of `request`; the first of a new rectangle is waited for.
    pub fn copy(&self, request: &Request) -> Result<RgbImage, CopyError> {
        let mut state = self.shared.lock();
        if let Some(ended) = &state.ended {
            return Err(ended.clone());
        }
        if let Some(failure) = state.failure.take() {
            return Err(failure);
        }
        if state.want.as_ref() != Some(request) {
            state.want = Some(request.clone());
            self.shared.news.notify_all();
            self.waker.wake();
        }
        let deadline = Instant::now() + FIRST_COPY_WITHIN;
        loop {
            if let Some(failure) = state.failure.take().or_else(|| state.ended.clone()) {
                return Err(failure);
            }
            if let Some((of, image)) = &state.newest {
                if of == request {
                    return Ok(image.clone());
                }
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(CopyError::Failed(format!(
                    "no copy of the screen came within {FIRST_COPY_WITHIN:?}"
                )));
            }
            state = self
                .shared
                .news
                .wait_timeout(state, left)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        self.shared.lock().stop = true;
        self.shared.news.notify_all();
        self.waker.wake();
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
    }
}

/// The thread: copies the rectangle wanted, then each change of it, until told to stop.
fn follow(mut session: Session, shared: &Shared) {
    // The rectangle copied last, and when.
    let mut current: Option<(Request, Instant)> = None;
    loop {
        let want = {
            let mut state = shared.lock();
            while !state.stop && state.want.is_none() {
                state = shared.news.wait(state).unwrap_or_else(|e| e.into_inner());
            }
            if state.stop {
                return;
            }
            state.want.clone().expect("waited for a rectangle")
        };
        let copied = match &current {
            Some((of, at)) if *of == want && at.elapsed() < TRUST_DAMAGE_FOR => {
                session.next_change(TRUST_DAMAGE_FOR - at.elapsed())
            }
            _ => session.copy_now(&want).map(Some),
        };
        let mut state = shared.lock();
        match copied {
            Ok(Some(image)) => {
                current = Some((want.clone(), Instant::now()));
                if state.want.as_ref() == Some(&want) {
                    state.newest = Some((want, image));
                    shared.news.notify_all();
                }
            }
            Ok(None) => {}
            Err(err) => {
                current = None;
                // The caller is told; it asks again (or copies another way) at its next frame.
                state.want = None;
                shared.news.notify_all();
                if matches!(err, CopyError::Unsupported(_)) {
                    state.ended = Some(err);
                    return;
                }
                state.failure = Some(err);
            }
        }
    }
}
