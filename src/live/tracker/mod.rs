//! Following one game from frame to frame: find it, grab only the board's pixels, skip frames
//! that did not change, reclassify only new tile looks, solve only when the board changed, and
//! notice when the window moves, resizes, shows another board, closes or is minimised.
//!
//! The tracker's state and its tick live here; `search` finds the game, `follow` reads each
//! frame of it, `show` turns a read frame into marks, notes and the deep guess.

use super::controls::View;
use super::deep::DeepGuesser;
use super::log::LogLine;
use super::own_pixels::OwnPixels;
use super::stats::Histogram;
use crate::advice::GuessPolicy;
use crate::capture::{CaptureError, Desktop, Placement, Profile};
use crate::overlay::{Scene, ScreenRect};
use crate::pipeline::Outcome;
use crate::vision::{Classifier, Grid, Hints, LookCache, Reading, Rect};
use rustc_hash::FxHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant};

mod follow;
mod search;
mod show;

/// Which game to follow.
#[derive(Clone, Debug)]
pub enum Target {
    /// Look for it: windows named like a Minesweeper game first, then any window showing a board.
    Auto,
    /// The window whose title (or application name) contains this, case-insensitive.
    Window(String),
    /// This screen rectangle holds the board.
    Region(Rect),
    /// Where `calibrate --save` found it.
    Profile(Profile),
}

/// How the tracker reads and advises.
#[derive(Clone, Debug)]
pub struct TrackerOptions {
    pub target: Target,
    /// The mine total (flags included); else the standard sizes imply it, else local analysis.
    pub mines: Option<u64>,
    /// Tint every unrevealed tile by its mine probability.
    pub heat: bool,
    /// The guess policy of the advice. Any other than the fast one is worked out beside the
    /// frames: the fast policy's guess is drawn in the frame that read the board, this one's
    /// when it is ready ([`super::deep`]).
    pub policy: GuessPolicy,
}

/// What a tick produced, in order.
#[derive(Debug)]
pub enum Report {
    /// Show this scene.
    Show(Box<Scene>),
    /// Hide the overlay.
    Hide,
    /// The board or its advice changed: a line for `--log-json`.
    Log(Box<LogLine>),
    /// Something the user should know (game found, lost, waiting).
    Note(String),
}

/// A found game window.
#[derive(Clone, Debug)]
struct Source {
    /// The window, or `None` for the root window (a region with no window around it).
    id: Option<u32>,
    name: Option<String>,
}

/// Everything known about the game being followed.
struct Lock {
    source: Source,
    /// Where the source is on the screen.
    placement: Placement,
    /// The tile grid in the source's pixels.
    grid: Grid,
    /// The board's pixels in the source (the grid's outer edge).
    crop: Rect,
    /// The mine total read with the whole source in view at the last look: the game's own
    /// counter lies outside `crop`, so the frames read within it cannot see it.
    mines: Option<u64>,
    hints: Hints,
    located_at: Instant,
    /// Since when the board is due to be located again (a changed frame found the last look
    /// [`RELOCATE_EVERY`] old): done on the next frame that shows the board at rest, after the
    /// changed frames' marks are drawn, or before a frame's capture once [`RELOCATE_WAIT`] has
    /// passed with the board never at rest.
    relocate_due: Option<Instant>,
    /// When the board's pixels were last grabbed.
    grabbed_at: Instant,
    /// The last frame's board pixels and the source's position then.
    last_frame: Option<(u64, i32, i32)>,
    /// The board last shown.
    last_shown: Option<ShownKey>,
    /// The pixels of an impossible board read once, waiting for a second frame to confirm it.
    unconfirmed: Option<u64>,
    hidden: bool,
}

/// A board read, solved and about to be shown.
#[derive(Clone)]
struct Shown {
    reading: Reading,
    /// The analysis and advice, or why there is none.
    result: Outcome,
    /// The board text of `reading`.
    text: String,
    /// The tiles relative to `board`'s corner.
    grid: Grid,
    /// The board on the screen.
    board: ScreenRect,
    /// When its frame was grabbed.
    captured: Instant,
    /// Whether this is the deep guess over a board already drawn with the fast one: not a
    /// frame's capture-to-overlay time.
    refined: bool,
}

/// A board drawn with the fast guess whose deep guess is being worked out.
struct Awaiting {
    /// The job's id with the [`DeepGuesser`].
    id: u64,
    shown: Shown,
}

/// What tells one shown board from the next: its text, the cells read in doubt (a covered cell
/// in the text, with no advice resting on it) and its screen rectangle.
type ShownKey = (String, Vec<(usize, usize)>, ScreenRect);

/// How often to look again for a game when none is followed.
const SEARCH_EVERY: Duration = Duration::from_secs(1);
/// How often to ask whether a compositing manager runs: one can stop or start at any time, and
/// without one an overlay over the board would hide it.
const COMPOSITOR_CHECK_EVERY: Duration = Duration::from_millis(500);
/// How long the overlay window takes to go after it was told to hide.
const OVERLAY_GONE_AFTER: Duration = Duration::from_millis(300);
/// How often a changing board is located again from scratch, to notice a new board size in a
/// window that kept its size.
const RELOCATE_EVERY: Duration = Duration::from_secs(3);
/// How often the board's pixels are grabbed even where the system says the game window drew
/// nothing: a report lost or never sent costs a second at most.
const GRAB_AT_LEAST_EVERY: Duration = Duration::from_secs(1);
/// How long a due look waits for a frame that shows the board at rest. The whole source searched
/// again takes 5-30 ms: done before a frame's capture, it held back that frame's marks, and a
/// click's press and release come a frame apart, so the release's marks waited for the look the
/// press had made due (the slowest clicks after a rest, 45-65 ms on X11 at 30 Hz). A board that
/// keeps changing (a game's animation) is still looked at every few seconds.
const RELOCATE_WAIT: Duration = Duration::from_secs(1);

/// The live loop's state between frames.
pub struct Tracker {
    desktop: Box<dyn Desktop>,
    classifier: Classifier,
    cache: LookCache,
    options: TrackerOptions,
    compositor: bool,
    next_compositor_check: Instant,
    /// No frame is read before this: the overlay is being taken off the board.
    paused_until: Instant,
    screen: (u32, u32),
    lock: Option<Lock>,
    next_search: Instant,
    /// The waiting message said last, so that it is said again only when it changes.
    waiting_said: Option<String>,
    /// Why the last search saw a grid it could not read as a board (a game on screen in a skin,
    /// scale or state that does not read): the player is told so, not only "waiting".
    unreadable: Option<String>,
    /// The board pixels of the last frame that did not read, so that the lock found again on
    /// them does not read (and fail, and search again) the very same pixels every frame: a lost
    /// game that reads as no possible game did so 13 times a second at 30-60% of a core.
    unreadable_frame: Option<u64>,
    /// Whether the failure to list the windows was said (once until they can be listed again).
    list_failure_said: bool,
    /// The pixels each source showed when a search last found no board in them, and why
    /// (`unreadable`): while they stay the same, the search does not look in them again. Waiting
    /// for a game took about 5% of a core on an empty screen, locating nothing every second.
    no_board: HashMap<SearchKey, (u64, Option<String>)>,
    /// Searches of a source skipped because its pixels were as when no board was found in them.
    pub searches_skipped: u64,
    /// What the overlay shows on the screen, taken out of screen grabs: the hint panel's
    /// picture of the board is never read as a board, and marks over it never as its tiles.
    own: OwnPixels,
    /// Whether the overlay can draw over the board where the board is read from copies of the
    /// screen (it can when the marks can be taken back out of them: `own_pixels`).
    marks_in_screen_copies: bool,
    start: Instant,
    /// Frames whose board pixels changed and were read.
    pub frames_read: u64,
    /// Frames skipped because the board's pixels were as before.
    pub frames_skipped: u64,
    /// The worker for a guess policy slower than the fast one (`None`: the policy is the fast
    /// one, worked out in the frame).
    deep: Option<DeepGuesser>,
    /// The board shown last, while its deep guess is being worked out.
    awaiting: Option<Awaiting>,
    /// The deep guesses of the run so far.
    pub deep_figures: DeepFigures,
    /// What the player has asked to see (hotkeys).
    view: View,
}

/// How the deep guesses of a run came: drawn, or the same as the fast one, and how long after
/// their frame's capture each was ready.
#[derive(Clone, Debug, Default)]
pub struct DeepFigures {
    /// Capture of the frame → its deep guess taken up (on the first tick after it was ready),
    /// drawn or not, for boards still shown.
    pub ready: Histogram,
    /// Deep guesses that differed from the fast one and were drawn.
    pub drawn: u64,
    /// Deep guesses the same as the fast one (nothing to draw).
    pub same: u64,
}

/// A source searched (its window, or the screen), with its name and the hints it was searched
/// with.
type SearchKey = (Option<u32>, String);

/// Sources remembered as showing no board, at most: windows come and go in a long run.
const NO_BOARD_KEPT: usize = 64;

fn frame_hash(pixels: &[u8]) -> u64 {
    let mut hasher = FxHasher::default();
    pixels.hash(&mut hasher);
    hasher.finish()
}

/// The grid's outer edge, rounded out to whole pixels and clipped to a `width × height` source.
fn crop_of(grid: &Grid, width: u32, height: u32) -> Rect {
    let x0 = grid.x.floor().max(0.0) as u32;
    let y0 = grid.y.floor().max(0.0) as u32;
    let x1 = ((grid.x + grid.pitch_x * grid.cols as f64).ceil() as u32).min(width);
    let y1 = ((grid.y + grid.pitch_y * grid.rows as f64).ceil() as u32).min(height);
    Rect {
        x: x0,
        y: y0,
        width: x1.saturating_sub(x0),
        height: y1.saturating_sub(y0),
    }
}

impl Tracker {
    /// A tracker on `desktop`, reading tiles with `classifier`.
    pub fn new(
        desktop: Box<dyn Desktop>,
        classifier: Classifier,
        options: TrackerOptions,
        now: Instant,
    ) -> Result<Tracker, CaptureError> {
        let compositor = desktop.has_compositor()?;
        let screen = desktop.screen_size()?;
        // A profile from `calibrate --save` brings the skin's looks: the first frame needs
        // neither the classifier nor the board-level reading for them.
        let mut cache = LookCache::new();
        if let Target::Profile(profile) = &options.target {
            cache.seed(profile.decoded_looks());
        }
        let view = View {
            heat: options.heat,
            ..View::default()
        };
        let deep = (options.policy != GuessPolicy::fast())
            .then(|| DeepGuesser::start(options.policy.clone()));
        Ok(Tracker {
            desktop,
            classifier,
            cache,
            options,
            compositor,
            next_compositor_check: now + COMPOSITOR_CHECK_EVERY,
            paused_until: now,
            screen,
            lock: None,
            next_search: now,
            waiting_said: None,
            unreadable: None,
            unreadable_frame: None,
            list_failure_said: false,
            no_board: HashMap::new(),
            searches_skipped: 0,
            own: OwnPixels::default(),
            marks_in_screen_copies: false,
            start: now,
            frames_read: 0,
            frames_skipped: 0,
            deep,
            awaiting: None,
            deep_figures: DeepFigures::default(),
            view,
        })
    }

    /// Whether a compositing manager runs (so the overlay can be transparent over the game).
    pub fn has_compositor(&self) -> bool {
        self.compositor
    }

    /// Lets the marks go over a board read from copies of the screen (where no window of the
    /// game's own is grabbed): the overlay draws them see-through, and they are taken back out
    /// of each copy before it is read. Without this, hints for such a board go in a panel.
    pub fn set_marks_in_screen_copies(&mut self, allowed: bool) {
        self.marks_in_screen_copies = allowed;
    }

    /// What the player has asked to see.
    pub fn view(&self) -> View {
        self.view
    }

    /// Takes the player's `view` (a hotkey pressed): marks hidden at once, anything else drawn
    /// in the new view from the next frame. While paused, [`Tracker::tick`] reads nothing.
    pub fn set_view(&mut self, view: View, now: Instant) -> Vec<Report> {
        let mut reports = Vec::new();
        if view == self.view {
            return reports;
        }
        self.view = view;
        if let Some(mut lock) = self.lock.take() {
            lock.last_shown = None;
            lock.last_frame = None;
            if (view.hidden || view.paused) && !lock.hidden {
                self.take_marks_off(&mut lock, now, &mut reports);
            }
            self.lock = Some(lock);
        }
        reports
    }

    /// One frame: look at the game and say what changed.
    pub fn tick(&mut self, now: Instant) -> Result<Vec<Report>, CaptureError> {
        let mut reports = Vec::new();
        if self.view.paused {
            return Ok(reports);
        }
        if now >= self.next_compositor_check {
            self.next_compositor_check = now + COMPOSITOR_CHECK_EVERY;
            if self.compositor_changed(&mut reports)? {
                if let Some(mut lock) = self.lock.take() {
                    self.relayout(&mut lock, now, &mut reports);
                    self.lock = Some(lock);
                }
            }
            if self.window_list_appeared() {
                self.lock = None;
                reports.push(Report::Hide);
                self.own.hide();
                reports.push(Report::Note(
                    "the desktop now lists its windows: looking for the game's window".into(),
                ));
                self.next_search = now;
            }
        }
        let lock = match self.lock.take() {
            Some(lock) => Some(lock),
            None if now >= self.next_search => {
                self.next_search = now + SEARCH_EVERY;
                self.unreadable = None;
                let found = self.search(now)?;
                match &found {
                    Some(lock) => {
                        self.waiting_said = None;
                        reports.push(Report::Note(format!(
                            "following {} ({}x{} tiles of {:.1} px)",
                            lock.source.name.as_deref().unwrap_or("a screen region"),
                            lock.grid.cols,
                            lock.grid.rows,
                            lock.grid.pitch_x
                        )));
                    }
                    None => {
                        let message = self.waiting_message();
                        if self.waiting_said.as_ref() != Some(&message) {
                            reports.push(Report::Note(message.clone()));
                            self.waiting_said = Some(message);
                        }
                    }
                }
                found
            }
            None => None,
        };
        if let Some(lock) = lock {
            self.lock = self.follow(lock, now, &mut reports)?;
        }
        self.show_deep_guess(&mut reports);
        Ok(reports)
    }

    /// Notices a compositing manager that stopped or started since the last check; says so.
    fn compositor_changed(&mut self, reports: &mut Vec<Report>) -> Result<bool, CaptureError> {
        let compositor = self.desktop.has_compositor()?;
        if compositor == self.compositor {
            return Ok(false);
        }
        self.compositor = compositor;
        reports.push(Report::Note(
            if compositor {
                "a compositing manager runs again: hints go back over the board"
            } else {
                "the compositing manager stopped, so the overlay cannot be transparent: \
                 hints move to a panel beside the game"
            }
            .into(),
        ));
        Ok(true)
    }

    /// Moves the hints off or back onto the board after the compositor changed: without one the
    /// overlay cannot be transparent, and left over the board it would cover the game (and the
    /// pixels live reads).
    fn relayout(&mut self, lock: &mut Lock, now: Instant, reports: &mut Vec<Report>) {
        // Shown again in the new layout from the next frame read.
        lock.last_shown = None;
        lock.last_frame = None;
        if !self.compositor && !lock.hidden {
            self.take_marks_off(lock, now, reports);
        }
    }

    /// Hides the overlay and reads no frame until it has had time to go (a copy of the screen
    /// taken meanwhile could still show it).
    fn take_marks_off(&mut self, lock: &mut Lock, now: Instant, reports: &mut Vec<Report>) {
        reports.push(Report::Hide);
        self.own.hide();
        lock.hidden = true;
        self.paused_until = now + OVERLAY_GONE_AFTER;
    }

    /// The screen copies no longer show the marks as drawn, so they cannot be taken out: the
    /// hints move to a panel beside the game (painted out of the copies) for the rest of the run.
    fn give_up_marks_on_board(&mut self, lock: &mut Lock, now: Instant, reports: &mut Vec<Report>) {
        self.marks_in_screen_copies = false;
        reports.push(Report::Note(
            "the screen does not show the marks as they were drawn (a scaled output?), so \
             they cannot be told from the board: hints move to a panel beside the game"
                .into(),
        ));
        self.take_marks_off(lock, now, reports);
        lock.last_shown = None;
        lock.last_frame = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::advice::FirstClick;
    use crate::capture::ScreenCopies;
    use crate::overlay::{Layout, Picture};
    use image::RgbImage;
    use std::sync::{Arc, Mutex};

    /// A screen that shows a picture the test changes, as a Wayland compositor's copies show
    /// the screen.
    struct Screen(Arc<Mutex<RgbImage>>);

    impl ScreenCopies for Screen {
        fn copy(&self, area: (i32, i32, u32, u32)) -> Result<RgbImage, CaptureError> {
            let screen = self.0.lock().unwrap();
            let (x, y, w, h) = area;
            Ok(image::imageops::crop_imm(&*screen, x as u32, y as u32, w, h).to_image())
        }

        fn size(&self) -> Result<(u32, u32), CaptureError> {
            Ok(self.0.lock().unwrap().dimensions())
        }
    }

    /// The screenshot `name` from `fixtures/`.
    fn fixture(name: &str) -> RgbImage {
        let path = format!("{}/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
        crate::vision::load_image(std::path::Path::new(&path)).unwrap()
    }

    /// Looking for any game, with the default guess and no mine total given.
    fn plain_options() -> TrackerOptions {
        TrackerOptions {
            target: Target::Auto,
            mines: None,
            heat: false,
            policy: GuessPolicy::default(),
        }
    }

    /// A tracker with the built-in model, looking at `screen`.
    fn tracker_on(
        screen: &Arc<Mutex<RgbImage>>,
        options: TrackerOptions,
        start: Instant,
    ) -> Tracker {
        let classifier = Classifier::embedded().unwrap();
        Tracker::new(Box::new(Screen(screen.clone())), classifier, options, start).unwrap()
    }

    /// Pixels that did not read are not read again under a grid found on them (a lost game
    /// that read as no possible game was read, and searched again, every frame); their marks
    /// come off, and reading resumes when the pixels change.
    #[test]
    fn pixels_that_did_not_read_are_not_read_again() {
        let clean = fixture("gnome-default-medium-1000-760-mid.png");
        let shown = Arc::new(Mutex::new(clean.clone()));
        let options = plain_options();
        let start = Instant::now();
        let mut tracker = tracker_on(&shown, options, start);
        let at = |tick: u32| start + Duration::from_millis(100) * tick;
        let mut tick = 0;
        let mut logged = 0;
        while logged == 0 && tick < 20 {
            let reports = tracker.tick(at(tick)).unwrap();
            logged += reports
                .iter()
                .filter(|r| matches!(r, Report::Log(_)))
                .count();
            tick += 1;
        }
        assert_eq!(logged, 1, "the board was not read");

        // As if this frame had not read and the board had been found again on it.
        let lock = tracker.lock.as_mut().expect("following the board");
        assert!(!lock.hidden);
        tracker.unreadable_frame = lock.last_frame.map(|(hash, _, _)| hash);
        lock.last_frame = None;
        let read = tracker.frames_read;
        let reports = tracker.tick(at(tick)).unwrap();
        assert!(
            reports.iter().any(|r| matches!(r, Report::Hide)),
            "{reports:?}"
        );
        for _ in 0..10 {
            tick += 1;
            let reports = tracker.tick(at(tick)).unwrap();
            assert!(!reports
                .iter()
                .any(|r| matches!(r, Report::Show(_) | Report::Log(_))));
        }
        assert_eq!(tracker.frames_read, read, "the same pixels were read again");
        assert!(tracker.frames_skipped > 0);

        // The pixels change (one pixel inside the board): read again, and shown.
        shown
            .lock()
            .unwrap()
            .put_pixel(520, 210, image::Rgb([0, 0, 0]));
        let mut shown_again = false;
        for _ in 0..5 {
            tick += 1;
            let reports = tracker.tick(at(tick)).unwrap();
            shown_again |= reports.iter().any(|r| matches!(r, Report::Show(_)));
        }
        assert!(tracker.frames_read > read);
        assert!(shown_again);
    }

    /// A board refused on the grid first found for it, its lines a pixel and more off the
    /// tiles' edges (winmine.html in Chromium's forced dark at 24 px, just opened), is locked
    /// on the grid moved onto those edges, as `parse` reads it, and its board text is the one
    /// `parse` gives.
    #[test]
    fn a_board_refused_on_its_grid_is_followed_on_the_tiles_own_edges() {
        let name = "winmine-dark-24px-opened-its-grid-found-off-the-tiles-edges.png";
        let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
        let picture = crate::vision::load_image(std::path::Path::new(&path)).unwrap();
        let classifier = Classifier::embedded().unwrap();
        let parsed = crate::pipeline::read_board(&picture, Hints::default(), &classifier).unwrap();
        let shown = Arc::new(Mutex::new(picture));
        let start = Instant::now();
        let mut tracker = tracker_on(&shown, plain_options(), start);
        let mut logged = None;
        for tick in 0..20 {
            let reports = tracker
                .tick(start + Duration::from_millis(100) * tick)
                .unwrap();
            logged = logged.or(reports.into_iter().find_map(|r| match r {
                Report::Log(line) => Some(line),
                _ => None,
            }));
            if logged.is_some() {
                break;
            }
        }
        let line = logged.expect("the board was not read");
        let lock = tracker.lock.as_ref().expect("following the board");
        assert!(
            (lock.grid.x - parsed.grid.x).abs() < 0.01,
            "{:?} against {:?}",
            lock.grid,
            parsed.grid
        );
        assert_eq!(line.text, parsed.board.to_text());
    }

    /// Marks over a board read from screen copies: taken out when the screen shows them where
    /// they were drawn (the board read stays the board); moved to a panel when it shows them
    /// elsewhere (as a scaled output would), with no board read through them meanwhile.
    #[test]
    fn marks_on_screen_copies_are_taken_out_or_moved_to_a_panel() {
        let clean = fixture("gnome-default-medium-1000-760-mid.png");
        for offset in [0, 3] {
            let shown = Arc::new(Mutex::new(clean.clone()));
            let options = TrackerOptions {
                target: Target::Auto,
                mines: None,
                heat: true,
                policy: GuessPolicy::default(),
            };
            let start = Instant::now();
            let mut tracker = tracker_on(&shown, options, start);
            tracker.set_marks_in_screen_copies(true);
            let (mut boards, mut layouts, mut notes) = (Vec::new(), Vec::new(), Vec::new());
            for tick in 0..40u32 {
                let now = start + Duration::from_millis(100) * tick;
                for report in tracker.tick(now).unwrap() {
                    match report {
                        Report::Show(scene) => {
                            layouts.push(scene.layout);
                            // The compositor shows the new picture over the clean screen.
                            let mut screen = clean.clone();
                            if scene.layout == Layout::OnBoard {
                                // Drawn `offset` pixels right of and below where it was meant.
                                Picture::of(&scene).blend_onto(&mut screen, (-offset, -offset));
                            }
                            *shown.lock().unwrap() = screen;
                        }
                        Report::Hide => *shown.lock().unwrap() = clean.clone(),
                        Report::Log(line) => boards.push(line.text.clone()),
                        Report::Note(note) => notes.push(note),
                    }
                }
            }
            assert!(!boards.is_empty(), "offset {offset}: no board read");
            assert!(
                boards.iter().all(|b| b == &boards[0]),
                "offset {offset}: the board read changed: {boards:?}"
            );
            let moved = notes.iter().any(|n| n.contains("hints move to a panel"));
            assert_eq!(moved, offset != 0, "offset {offset}: {notes:?}");
            assert_eq!(layouts.first(), Some(&Layout::OnBoard), "offset {offset}");
            if offset != 0 {
                assert!(
                    matches!(layouts.last(), Some(Layout::Beside { .. })),
                    "offset {offset}: {layouts:?}"
                );
            }
        }
    }

    /// A policy other than the fast one: the fast guess is drawn in the frame that read the
    /// board, then the other policy's guess, in a scene not timed as a frame; nothing when
    /// the board has not changed since.
    #[test]
    fn the_fast_guess_is_drawn_first_then_the_policys_own() {
        let image = fixture("gnome-default-medium-1000-760-fresh.png");
        // Progress counted against a tile: a policy whose guess on an untouched board is not
        // the fast one's corner, to tell the two guesses apart on the screen.
        // No first-click rule, or both guesses would be the rule's corner.
        let other = GuessPolicy {
            progress_weight: -1.0,
            first_click: FirstClick::Any,
            ..GuessPolicy::deep()
        };
        let options = TrackerOptions {
            target: Target::Auto,
            mines: Some(40),
            heat: false,
            policy: other.clone(),
        };
        let start = Instant::now();
        let mut tracker = tracker_on(&Arc::new(Mutex::new(image)), options, start);
        let mut shown = Vec::new();
        for tick in 0..200u32 {
            let now = start + Duration::from_millis(100) * tick;
            let mut timed = Vec::new();
            let mut guesses = Vec::new();
            for report in tracker.tick(now).unwrap() {
                match report {
                    Report::Show(scene) => timed.push(scene.captured.is_some()),
                    Report::Log(line) => guesses.push(line.best_guess.map(|g| (g.row, g.col))),
                    _ => {}
                }
            }
            shown.extend(guesses.into_iter().zip(timed));
            if shown.len() >= 2 {
                // Time for a third scene, which must not come.
                for _ in 0..5 {
                    std::thread::sleep(Duration::from_millis(20));
                    assert!(tracker.tick(now).unwrap().is_empty());
                }
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(shown.len(), 2, "{shown:?}");
        let board = crate::board::Board::new(16, 16);
        let options = crate::solver::SolveOptions {
            mines: Some(40),
            ..Default::default()
        };
        let analysis = crate::solver::analyze(&board, &options).unwrap();
        let guess = |policy: &GuessPolicy| {
            let g = crate::advice::best_guess(&board, &analysis, Some(40), policy).unwrap();
            Some((g.pos.row, g.pos.col))
        };
        let (fast, own) = (guess(&GuessPolicy::fast()), guess(&other));
        assert_ne!(fast, own, "the test needs policies that differ here");
        assert_eq!(shown, vec![(fast, true), (own, false)]);
        assert_eq!(tracker.deep_figures.drawn, 1);
        assert_eq!(tracker.deep_figures.same, 0);
        assert_eq!(tracker.deep_figures.ready.count(), 1);
    }

    /// A deep guess that comes after the board changed is dropped: once the new board is
    /// shown, nothing of the old one is drawn again.
    #[test]
    fn a_deep_guess_for_a_board_since_changed_is_dropped() {
        let fresh = fixture("gnome-default-medium-1000-760-fresh.png");
        let mid = fixture("gnome-default-medium-1000-760-mid.png");
        let options = TrackerOptions {
            target: Target::Auto,
            mines: Some(40),
            heat: false,
            policy: GuessPolicy {
                progress_weight: -1.0,
                ..GuessPolicy::deep()
            },
        };
        let start = Instant::now();
        let shown = Arc::new(Mutex::new(fresh));
        let mut tracker = tracker_on(&shown, options, start);
        let mut texts = Vec::new();
        let mut switched = false;
        for tick in 0..60u32 {
            let now = start + Duration::from_millis(100) * tick;
            for report in tracker.tick(now).unwrap() {
                if let Report::Log(line) = report {
                    texts.push(line.text);
                }
            }
            if !texts.is_empty() && !switched {
                // The fresh board is drawn and its deep guess asked for: the game changes now.
                *shown.lock().unwrap() = mid.clone();
                switched = true;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let first = texts.first().cloned().expect("the fresh board was read");
        let new_at = (texts.iter())
            .position(|t| *t != first)
            .unwrap_or_else(|| panic!("the changed board was never shown: {texts:?}"));
        assert!(
            texts[new_at..].iter().all(|t| *t != first),
            "the old board was drawn after the new one: {texts:?}"
        );
    }

    /// Ticks `tracker` every 100 ms from `start` until it draws a board; the tick after.
    fn tick_until_drawn(tracker: &mut Tracker, start: Instant) -> u32 {
        for tick in 0..20 {
            let reports = tracker
                .tick(start + Duration::from_millis(100) * tick)
                .unwrap();
            if reports.iter().any(|r| matches!(r, Report::Log(_))) {
                return tick + 1;
            }
        }
        panic!("the board was never drawn");
    }

    /// A changed frame that finds the last look old reads and draws the board with the grid it
    /// has; the look is made on the next frame that shows the board at rest, so that a click's
    /// release, a frame after its press, is not held back by it.
    #[test]
    fn a_due_look_waits_for_the_board_at_rest() {
        let shown = Arc::new(Mutex::new(fixture(
            "gnome-default-medium-1000-760-fresh.png",
        )));
        let start = Instant::now();
        let mut tracker = tracker_on(&shown, plain_options(), start);
        tick_until_drawn(&mut tracker, start);
        let located = tracker.lock.as_ref().unwrap().located_at;

        *shown.lock().unwrap() = fixture("gnome-default-medium-1000-760-mid.png");
        let changed = start + RELOCATE_EVERY + Duration::from_millis(500);
        let reports = tracker.tick(changed).unwrap();
        assert!(
            reports.iter().any(|r| matches!(r, Report::Log(_))),
            "the changed board was not drawn at once: {reports:?}"
        );
        let lock = tracker.lock.as_ref().unwrap();
        assert_eq!(lock.located_at, located, "located again before the frame");
        assert_eq!(lock.relocate_due, Some(changed));

        // The next frame changed again (a click's release after its press): read at once.
        *shown.lock().unwrap() = fixture("gnome-default-medium-1000-760-fresh.png");
        let again = changed + Duration::from_millis(33);
        let reports = tracker.tick(again).unwrap();
        assert!(
            reports.iter().any(|r| matches!(r, Report::Log(_))),
            "the board changed again was not drawn: {reports:?}"
        );
        assert_eq!(tracker.lock.as_ref().unwrap().located_at, located);

        let rest = again + Duration::from_millis(33);
        tracker.tick(rest).unwrap();
        let lock = tracker.lock.as_ref().unwrap();
        assert_eq!(lock.located_at, rest, "not located again at rest");
        assert_eq!(lock.relocate_due, None);
    }

    /// A board that keeps changing, never at rest, is still located again, [`RELOCATE_WAIT`]
    /// after the look fell due.
    #[test]
    fn a_board_never_at_rest_is_located_again_after_the_wait() {
        let boards = [
            fixture("gnome-default-medium-1000-760-fresh.png"),
            fixture("gnome-default-medium-1000-760-mid.png"),
        ];
        let shown = Arc::new(Mutex::new(boards[0].clone()));
        let start = Instant::now();
        let mut tracker = tracker_on(&shown, plain_options(), start);
        tick_until_drawn(&mut tracker, start);

        let due = start + RELOCATE_EVERY + Duration::from_millis(500);
        let mut relocated = None;
        for tick in 0..30u32 {
            let now = due + Duration::from_millis(100) * tick;
            *shown.lock().unwrap() = boards[(tick as usize + 1) % 2].clone();
            tracker.tick(now).unwrap();
            let lock = tracker.lock.as_ref().expect("following the board");
            if lock.located_at >= due {
                relocated = Some(now);
                break;
            }
        }
        assert_eq!(relocated, Some(due + RELOCATE_WAIT));
    }

    #[test]
    fn the_crop_rounds_out_and_stays_inside_the_source() {
        let grid = Grid {
            x: 10.4,
            y: 5.6,
            pitch_x: 20.5,
            pitch_y: 20.5,
            rows: 2,
            cols: 3,
        };
        assert_eq!(
            crop_of(&grid, 1000, 1000),
            Rect {
                x: 10,
                y: 5,
                width: 62,
                height: 42
            }
        );
        assert_eq!(crop_of(&grid, 50, 30).width, 40);
        assert_eq!(crop_of(&grid, 50, 30).height, 25);
    }

    #[test]
    fn equal_pixels_hash_equal() {
        assert_eq!(frame_hash(&[1, 2, 3]), frame_hash(&[1, 2, 3]));
        assert_ne!(frame_hash(&[1, 2, 3]), frame_hash(&[1, 2, 4]));
    }

    /// Waiting for a game, the screen is not searched again while it shows what it showed when
    /// no board was found in it; a game that then appears is found at the next search.
    #[test]
    fn a_screen_with_no_board_is_not_searched_again_until_it_changes() {
        let game = fixture("gnome-default-medium-1000-760-mid.png");
        let (width, height) = game.dimensions();
        let shown = Arc::new(Mutex::new(RgbImage::from_pixel(
            width,
            height,
            image::Rgb([40, 60, 90]),
        )));
        let start = Instant::now();
        let mut tracker = tracker_on(&shown, plain_options(), start);
        let at = |tick: u32| start + Duration::from_millis(250) * tick;
        for tick in 0..12 {
            tracker.tick(at(tick)).unwrap();
        }
        assert!(tracker.lock.is_none());
        assert!(
            tracker.searches_skipped >= 2,
            "{}",
            tracker.searches_skipped
        );
        *shown.lock().unwrap() = game;
        for tick in 12..20 {
            tracker.tick(at(tick)).unwrap();
        }
        assert!(
            tracker.lock.is_some(),
            "the game that appeared was not found"
        );
    }

    /// An X desktop whose window manager comes up later: no window list until `listed` is
    /// set, then one game window covering the whole screen.
    struct LateWindowManager {
        screen: RgbImage,
        listed: Arc<Mutex<bool>>,
    }

    const GAME: u32 = 7;

    /// The game's window, named "Mines", over the whole of `screen`.
    fn game_window_over(screen: &RgbImage) -> crate::capture::WindowInfo {
        let (width, height) = screen.dimensions();
        crate::capture::WindowInfo {
            id: GAME,
            name: "Mines".into(),
            x: 0,
            y: 0,
            width,
            height,
        }
    }

    /// A shown window's place over the whole of `screen`.
    fn whole_screen(screen: &RgbImage) -> crate::capture::Placement {
        let (width, height) = screen.dimensions();
        crate::capture::Placement {
            x: 0,
            y: 0,
            width,
            height,
            viewable: true,
        }
    }

    impl crate::capture::Desktop for LateWindowManager {
        fn system(&self) -> crate::capture::DisplaySystem {
            crate::capture::DisplaySystem::X11
        }

        fn windows(&self) -> Result<Vec<crate::capture::WindowInfo>, CaptureError> {
            if !*self.listed.lock().unwrap() {
                return Err(CaptureError::Capture("no window manager".into()));
            }
            Ok(vec![game_window_over(&self.screen)])
        }

        fn placement(&self, id: u32) -> Result<Option<crate::capture::Placement>, CaptureError> {
            Ok((id == GAME).then(|| whole_screen(&self.screen)))
        }

        fn grab(
            &self,
            _: Option<u32>,
            area: (i32, i32, u32, u32),
        ) -> Result<RgbImage, CaptureError> {
            let (x, y, w, h) = area;
            Ok(image::imageops::crop_imm(&self.screen, x as u32, y as u32, w, h).to_image())
        }

        fn has_compositor(&self) -> Result<bool, CaptureError> {
            Ok(true)
        }

        fn screen_size(&self) -> Result<(u32, u32), CaptureError> {
            Ok(self.screen.dimensions())
        }
    }

    /// Started before the window manager, live follows the game on the whole screen; once the
    /// windows are listed it looks again and follows the game's own window.
    #[test]
    fn a_window_list_that_appears_later_moves_the_game_to_its_window() {
        let listed = Arc::new(Mutex::new(false));
        let desktop = LateWindowManager {
            screen: fixture("gnome-default-medium-1000-760-mid.png"),
            listed: listed.clone(),
        };
        let options = plain_options();
        let start = Instant::now();
        let classifier = Classifier::embedded().unwrap();
        let mut tracker = Tracker::new(Box::new(desktop), classifier, options, start).unwrap();
        let at = |tick: u32| start + Duration::from_millis(100) * tick;
        let mut tick = 0;
        while tracker.lock.is_none() && tick < 20 {
            tracker.tick(at(tick)).unwrap();
            tick += 1;
        }
        let source = |tracker: &Tracker| tracker.lock.as_ref().map(|lock| lock.source.id);
        assert_eq!(source(&tracker), Some(None), "not following the screen");
        for _ in 0..10 {
            tracker.tick(at(tick)).unwrap();
            tick += 1;
        }
        assert_eq!(
            source(&tracker),
            Some(None),
            "left the screen with no window list"
        );

        *listed.lock().unwrap() = true;
        let mut notes = Vec::new();
        for _ in 0..10 {
            for report in tracker.tick(at(tick)).unwrap() {
                if let Report::Note(note) = report {
                    notes.push(note);
                }
            }
            tick += 1;
        }
        assert_eq!(source(&tracker), Some(Some(GAME)), "{notes:?}");
        assert!(notes.iter().any(|n| n.contains("Mines")), "{notes:?}");
    }

    /// A game window on a desktop that reports whether the window drew (X11's DAMAGE), with
    /// the grabs of the window counted.
    struct ReportsDrawing {
        screen: RgbImage,
        drawn: Arc<Mutex<Option<bool>>>,
        grabs: Arc<Mutex<usize>>,
    }

    impl crate::capture::Desktop for ReportsDrawing {
        fn system(&self) -> crate::capture::DisplaySystem {
            crate::capture::DisplaySystem::X11
        }

        fn windows(&self) -> Result<Vec<crate::capture::WindowInfo>, CaptureError> {
            Ok(vec![game_window_over(&self.screen)])
        }

        fn placement(&self, _: u32) -> Result<Option<crate::capture::Placement>, CaptureError> {
            Ok(Some(whole_screen(&self.screen)))
        }

        fn grab(
            &self,
            _: Option<u32>,
            (x, y, w, h): (i32, i32, u32, u32),
        ) -> Result<RgbImage, CaptureError> {
            *self.grabs.lock().unwrap() += 1;
            Ok(image::imageops::crop_imm(&self.screen, x as u32, y as u32, w, h).to_image())
        }

        fn has_compositor(&self) -> Result<bool, CaptureError> {
            Ok(true)
        }

        fn screen_size(&self) -> Result<(u32, u32), CaptureError> {
            Ok(self.screen.dimensions())
        }

        fn drawn_since_last_look(&self, _: u32) -> Result<Option<bool>, CaptureError> {
            Ok(*self.drawn.lock().unwrap())
        }
    }

    /// Where the system says the game window drew nothing, its board is not grabbed, but for
    /// once a second; where it drew, or cannot tell, every frame is.
    #[test]
    fn a_window_that_drew_nothing_is_not_grabbed_but_once_a_second() {
        let drawn = Arc::new(Mutex::new(None));
        let grabs = Arc::new(Mutex::new(0));
        let desktop = ReportsDrawing {
            screen: fixture("gnome-default-medium-1000-760-mid.png"),
            drawn: drawn.clone(),
            grabs: grabs.clone(),
        };
        let start = Instant::now();
        let classifier = Classifier::embedded().unwrap();
        let mut tracker =
            Tracker::new(Box::new(desktop), classifier, plain_options(), start).unwrap();
        let at = |ms: u64| start + Duration::from_millis(ms);
        let mut ms = 0;
        while tracker.lock.as_ref().is_none_or(|l| l.last_frame.is_none()) && ms < 2000 {
            tracker.tick(at(ms)).unwrap();
            ms += 100;
        }
        assert!(tracker.lock.is_some(), "the game was not followed");
        let grabbed = |ms: &mut u64, tracker: &mut Tracker, frames: u64| {
            let before = *grabs.lock().unwrap();
            for _ in 0..frames {
                tracker.tick(at(*ms)).unwrap();
                *ms += 100;
            }
            *grabs.lock().unwrap() - before
        };
        // Unknown: each frame grabbed.
        assert_eq!(grabbed(&mut ms, &mut tracker, 5), 5);
        // Nothing drawn: no grab for a second, then one.
        *drawn.lock().unwrap() = Some(false);
        assert_eq!(grabbed(&mut ms, &mut tracker, 9), 0);
        assert_eq!(grabbed(&mut ms, &mut tracker, 1), 1);
        // Drawn: grabbed.
        *drawn.lock().unwrap() = Some(true);
        assert_eq!(grabbed(&mut ms, &mut tracker, 3), 3);
    }

    /// A game window whose board runs past its bottom edge (a page zoomed until the board no
    /// longer fits): `live` says what it found there and why it waits, not only that it waits
    /// for a game.
    #[test]
    fn a_board_cut_by_its_windows_edge_is_named_while_live_waits() {
        let whole = fixture("gnome-default-medium-1000-760-mid.png");
        // The board's top 11 of 16 rows: the window ends 506 px into its 723.
        let cut = image::imageops::crop_imm(&whole, 0, 0, whole.width(), 709).to_image();
        let desktop = ReportsDrawing {
            screen: cut,
            drawn: Arc::new(Mutex::new(None)),
            grabs: Arc::new(Mutex::new(0)),
        };
        let start = Instant::now();
        let classifier = Classifier::embedded().unwrap();
        let mut tracker =
            Tracker::new(Box::new(desktop), classifier, plain_options(), start).unwrap();
        let mut notes = Vec::new();
        for tick in 0..10 {
            for report in tracker
                .tick(start + Duration::from_millis(100) * tick)
                .unwrap()
            {
                if let Report::Note(note) = report {
                    notes.push(note);
                }
            }
        }
        assert!(tracker.lock.is_none(), "a cut board was followed");
        assert!(
            notes.iter().any(|n| n.contains("\"Mines\"")
                && n.contains("bottom edge")
                && n.contains("calibrate --screen")),
            "{notes:?}"
        );
    }
}
