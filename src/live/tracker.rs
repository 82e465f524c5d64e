//! Following one game from frame to frame: find it, grab only the board's pixels, skip frames
//! that did not change, reclassify only new tile looks, solve only when the board changed, and
//! notice when the window moves, resizes, shows another board, closes or is minimised.

use super::blank::is_blank;
use super::board_check::{
    cover_unsettled_zeros, overrules, reads_as_board, sure_classes, sure_count, BoardCheck,
};
use super::controls::View;
use super::deep::DeepGuesser;
use super::log::LogLine;
use super::own_pixels::{OnScreen, OwnPixels, Unclean};
use super::stats::Histogram;
use crate::advice::{Action, Advice, GuessPolicy};
use crate::board::Pos;
use crate::capture::{candidates, CaptureError, Desktop, Placement, Profile};
use crate::overlay::{Layout, Picture, Scene, ScreenRect};
use crate::pipeline::{conflict, outcome, Outcome};
use crate::skin::{broken_rule, settle};
use crate::solver::Analysis;
use crate::vision::{locate, Classifier, Grid, Hints, LookCache, Reading, Rect};
use image::RgbImage;
use rustc_hash::FxHasher;
use std::hash::{Hash, Hasher};
use std::sync::Arc;
use std::time::{Duration, Instant};

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
    /// A changed frame found the board due to be located again: done at the start of the next
    /// frame, after this one's marks are drawn.
    relocate_due: bool,
    /// The last frame's board pixels and the source's position then.
    last_frame: Option<(u64, i32, i32)>,
    /// The board text and screen rectangle last shown.
    last_shown: Option<(String, ScreenRect)>,
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

fn frame_hash(pixels: &[u8]) -> u64 {
    let mut hasher = FxHasher::default();
    pixels.hash(&mut hasher);
    hasher.finish()
}

/// Whether the policy matters on a board: no tile is certainly safe and one is left to open.
fn needs_guess(analysis: &Analysis) -> bool {
    analysis.safe.is_empty() && analysis.safest_guess().is_some()
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

/// The one move shown with only the next move on, with its reason: a safe tile, else the guess.
fn next_move_note(advice: &Advice) -> String {
    let open = advice.moves.iter().find(|m| m.action == Action::Open);
    match (open, &advice.best_guess) {
        (Some(m), _) => format!(
            "next move: open ({}, {}): {}",
            m.pos.row,
            m.pos.col,
            m.explain()
        ),
        (None, Some(g)) => format!(
            "next move: no tile is certainly safe; best guess ({}, {}), {:.1}% mine",
            g.pos.row,
            g.pos.col,
            g.mine * 100.0
        ),
        (None, None) => "next move: none (every covered tile is a certain mine)".into(),
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

    /// Shows the deep guess for the board shown last, if it is ready and differs from the fast
    /// guess drawn there.
    fn show_deep_guess(&mut self, reports: &mut Vec<Report>) {
        let Some(answer) = self.deep.as_mut().and_then(DeepGuesser::ready) else {
            return;
        };
        let Some(awaiting) = self.awaiting.take_if(|a| a.id == answer.id) else {
            return;
        };
        let Some(lock) = self.lock.take() else {
            return;
        };
        let mut shown = awaiting.shown;
        let still_shown = !lock.hidden
            && (lock.last_shown.as_ref())
                .is_some_and(|(text, board)| *text == shown.text && *board == shown.board);
        if let (true, Outcome::Advice { advice, .. }) = (still_shown, &mut shown.result) {
            let figures = &mut self.deep_figures;
            figures.ready.record(shown.captured.elapsed());
            if advice.best_guess == answer.guess {
                figures.same += 1;
            } else {
                figures.drawn += 1;
                tracing::debug!(fast = ?advice.best_guess, deep = ?answer.guess, "deep guess");
                advice.best_guess = answer.guess;
                shown.refined = true;
                self.show(&lock, shown, reports);
            }
        }
        self.lock = Some(lock);
    }

    /// The guess policy worked out in the frame: the fast one where a worker has the other.
    fn frame_policy(&self) -> GuessPolicy {
        match self.deep {
            // The game's first-click rule holds for the fast guess too.
            Some(_) => GuessPolicy {
                first_click: self.options.policy.first_click,
                ..GuessPolicy::fast()
            },
            None => self.options.policy.clone(),
        }
    }

    /// Asks the worker for the deep guess on `shown`, a board about to be drawn with the fast
    /// one, where it needs a guess; remembers it to draw when the answer comes.
    fn ask_deep_guess(&mut self, shown: &Shown) {
        self.awaiting = None;
        let Some(deep) = self.deep.as_mut() else {
            return;
        };
        let Outcome::Advice { analysis, .. } = &shown.result else {
            return;
        };
        if !needs_guess(analysis) {
            return;
        }
        if let Some(id) = deep.ask(shown.reading.clone(), analysis.clone()) {
            self.awaiting = Some(Awaiting {
                id,
                shown: shown.clone(),
            });
        }
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

    fn waiting_message(&self) -> String {
        let waiting = self.waiting_for();
        match &self.unreadable {
            Some(why) => format!(
                "{waiting}: {why}; `minehint calibrate --screen` shows what is read there, and \
                 `--region X,Y,W,H` or `--window TITLE` points live at the game"
            ),
            None => waiting,
        }
    }

    fn waiting_for(&self) -> String {
        match &self.options.target {
            Target::Auto => "waiting for a Minesweeper game to appear".into(),
            Target::Window(title) => {
                format!("waiting for a window named like {title:?} with a board")
            }
            Target::Region(r) => format!(
                "waiting for a board in the region {},{},{},{}",
                r.x, r.y, r.width, r.height
            ),
            Target::Profile(p) => match &p.window {
                Some(title) => format!("waiting for the calibrated window {title:?}"),
                None => "waiting for a board where calibration found it".into(),
            },
        }
    }

    /// Looks for the game as the target says.
    fn search(&mut self, now: Instant) -> Result<Option<Lock>, CaptureError> {
        match self.options.target.clone() {
            Target::Auto => self.search_windows(None, Hints::default(), now),
            Target::Window(title) => self.search_windows(Some(&title), Hints::default(), now),
            Target::Region(region) => self.search_region(region, None, now),
            Target::Profile(profile) => {
                let hints = Hints {
                    region: None,
                    tile_width: Some(profile.tile_width),
                };
                if let Some(title) = &profile.window {
                    if let Some(lock) = self.search_windows(Some(title), hints, now)? {
                        return Ok(Some(lock));
                    }
                }
                self.search_region(profile.board, Some(profile.tile_width), now)
            }
        }
    }

    fn search_windows(
        &mut self,
        title: Option<&str>,
        hints: Hints,
        now: Instant,
    ) -> Result<Option<Lock>, CaptureError> {
        // No window list (no window manager on X11; a system that shows no other program's
        // windows): the game is looked for on the whole screen instead, and followed there.
        // Said once, as a player would otherwise not know why hints come in a panel.
        let windows = match self.desktop.windows() {
            Ok(windows) if !windows.is_empty() => {
                self.list_failure_said = false;
                windows
            }
            listed => {
                if !std::mem::replace(&mut self.list_failure_said, true) {
                    let why = match listed {
                        Err(err) => err.to_string(),
                        Ok(_) => "the system shows no windows".into(),
                    };
                    tracing::warn!("no window list ({why}): looking for the game on the screen");
                }
                let screen = Source {
                    id: None,
                    name: None,
                };
                return self.lock_on(screen, hints, now);
            }
        };
        tracing::debug!("looking for a board in {} windows", windows.len());
        for window in candidates(windows, title) {
            let source = Source {
                id: Some(window.id),
                name: Some(window.name.clone()),
            };
            if let Some(lock) = self.lock_on(source, hints, now)? {
                return Ok(Some(lock));
            }
        }
        Ok(None)
    }

    /// The board is in `region` (screen pixels): read it through the smallest window holding
    /// the whole region, so the overlay is never in the picture; with none, from the screen.
    fn search_region(
        &mut self,
        region: Rect,
        tile_width: Option<f64>,
        now: Instant,
    ) -> Result<Option<Lock>, CaptureError> {
        let (x0, y0) = (i64::from(region.x), i64::from(region.y));
        let (x1, y1) = (
            x0 + i64::from(region.width) - 1,
            y0 + i64::from(region.height) - 1,
        );
        let around = self
            .desktop
            .windows()
            .unwrap_or_default()
            .into_iter()
            .filter(|w| w.contains(x0, y0) && w.contains(x1, y1))
            .min_by_key(|w| u64::from(w.width) * u64::from(w.height));
        let (source, origin) = match around {
            Some(w) => (
                Source {
                    id: Some(w.id),
                    name: Some(w.name.clone()),
                },
                (i64::from(w.x), i64::from(w.y)),
            ),
            None => (
                Source {
                    id: None,
                    name: None,
                },
                (0, 0),
            ),
        };
        let hints = Hints {
            region: Some(Rect {
                x: (x0 - origin.0).max(0) as u32,
                y: (y0 - origin.1).max(0) as u32,
                width: region.width,
                height: region.height,
            }),
            tile_width,
        };
        self.lock_on(source, hints, now)
    }

    fn placement(&self, source: &Source) -> Result<Option<Placement>, CaptureError> {
        match source.id {
            Some(id) => self.desktop.placement(id),
            None => Ok(Some(Placement {
                x: 0,
                y: 0,
                width: self.screen.0,
                height: self.screen.1,
                viewable: true,
            })),
        }
    }

    /// The pixels of `area` of window `id`, or of the screen with the overlay taken out: a
    /// window's own pixels never show the overlay, the screen's do. A copy of the screen the
    /// overlay could not be taken out of is not handed on: what it showed instead says why.
    fn grab(
        &mut self,
        id: Option<u32>,
        area: (i32, i32, u32, u32),
        now: Instant,
    ) -> Result<Result<RgbImage, Unclean>, CaptureError> {
        let mut image = self.desktop.grab(id, area)?;
        if id.is_none() {
            if let Err(unclean) = self.own.clean(&mut image, (area.0, area.1), now) {
                return Ok(Err(unclean));
            }
        }
        Ok(Ok(image))
    }

    /// Finds the board in the whole of `source`; `None` when it holds none.
    fn lock_on(
        &mut self,
        source: Source,
        hints: Hints,
        now: Instant,
    ) -> Result<Option<Lock>, CaptureError> {
        let Some(placement) = self.placement(&source)? else {
            return Ok(None);
        };
        if !placement.viewable {
            return Ok(None);
        }
        // A window may vanish between the listing and the grab: that is "no board here".
        let Ok(Ok(image)) = self.grab(source.id, (0, 0, placement.width, placement.height), now)
        else {
            return Ok(None);
        };
        let grid = match locate(&image, hints) {
            Ok(grid) => grid,
            Err(err) => {
                tracing::debug!("no board in {:?}: {err}", source.name);
                return Ok(None);
            }
        };
        let shown_in = source.name.as_deref().unwrap_or("the screen");
        let mut reading = match self.cache.read_grid(&image, grid, &self.classifier) {
            Ok(reading) => reading,
            Err(err) => {
                let why = format!("{shown_in:?} shows a grid that does not read ({err})");
                tracing::debug!("{why}");
                self.unreadable = Some(why);
                return Ok(None);
            }
        };
        if matches!(reads_as_board(&mut reading), BoardCheck::NotBoard) {
            let why = format!(
                "{shown_in:?} shows a grid of {}x{} tiles, but only {} of them read surely as \
                 Minesweeper tiles, or they show no possible game",
                reading.grid.cols,
                reading.grid.rows,
                sure_count(&reading)
            );
            tracing::debug!("{why}");
            self.unreadable = Some(why);
            return Ok(None);
        }
        let mines = reading.mines;
        tracing::debug!(
            "board in {:?}: {}x{} tiles, mine total {mines:?}",
            source.name,
            grid.cols,
            grid.rows
        );
        Ok(Some(Lock {
            crop: crop_of(&grid, placement.width, placement.height),
            mines,
            source,
            placement,
            grid,
            hints,
            located_at: now,
            relocate_due: false,
            last_frame: None,
            last_shown: None,
            unconfirmed: None,
            hidden: true,
        }))
    }

    /// Follows the locked game for one frame; `None` when it is gone.
    fn follow(
        &mut self,
        mut lock: Lock,
        now: Instant,
        reports: &mut Vec<Report>,
    ) -> Result<Option<Lock>, CaptureError> {
        let Some(placement) = self.placement(&lock.source)? else {
            reports.push(Report::Hide);
            self.own.hide();
            reports.push(Report::Note(
                "the game window closed; waiting for a game".into(),
            ));
            return Ok(None);
        };
        if !placement.viewable {
            if !lock.hidden {
                reports.push(Report::Hide);
                self.own.hide();
                lock.hidden = true;
                lock.last_shown = None;
            }
            lock.last_frame = None;
            return Ok(Some(lock));
        }
        if now < self.paused_until {
            return Ok(Some(lock));
        }
        if (placement.width, placement.height) != (lock.placement.width, lock.placement.height) {
            // Resized: the board moved inside the window and may have changed size.
            return self.relock(lock, now, reports, "the window was resized");
        }
        lock.placement = placement;
        // Located again between frames, before this frame's capture (see `relocate_due`).
        if lock.relocate_due {
            if let Some(fresh) = self.relocate(&mut lock, now)? {
                return Ok(Some(fresh));
            }
        }
        let captured = Instant::now();
        let crop = lock.crop;
        let image = match self.grab(
            lock.source.id,
            (crop.x as i32, crop.y as i32, crop.width, crop.height),
            now,
        ) {
            Ok(Ok(image)) => image,
            Ok(Err(Unclean::Unmatched)) => {
                self.give_up_marks_on_board(&mut lock, now, reports);
                return Ok(Some(lock));
            }
            // Unmapped between the two requests, or the overlay caught mid-change: try again
            // next frame.
            _ => return Ok(Some(lock)),
        };
        let hash = frame_hash(image.as_raw());
        if lock.last_frame == Some((hash, placement.x, placement.y)) {
            self.frames_skipped += 1;
            return Ok(Some(lock));
        }
        if lock.last_frame.is_none() && self.unreadable_frame == Some(hash) {
            // The very pixels that just did not read, under the grid found again on them: they
            // would read the same way. No marks on them, and nothing more until they change.
            lock.last_frame = Some((hash, placement.x, placement.y));
            if !lock.hidden {
                self.take_marks_off(&mut lock, now, reports);
            }
            // Whatever reads next is drawn, even the board last shown.
            lock.last_shown = None;
            return Ok(Some(lock));
        }
        let pixels_changed = lock.last_frame.is_none_or(|(h, _, _)| h != hash);
        lock.last_frame = Some((hash, placement.x, placement.y));
        if pixels_changed && is_blank(&image) {
            // Read with the grid known, a flat area would be a fresh game and get advice.
            return self.relock(
                lock,
                now,
                reports,
                "the board is one flat colour (paused, or behind a dialog)",
            );
        }
        if pixels_changed && now.duration_since(lock.located_at) >= RELOCATE_EVERY {
            // Not now: the whole source searched again takes 5-30 ms, which would hold back the
            // marks of the very frame that changed (it made the 99th percentile of capture to
            // overlay ten times the median). This frame is read with the grid it has, as every
            // frame since the last look was.
            lock.relocate_due = true;
        }
        self.frames_read += 1;
        let grid = lock.grid.shifted(-f64::from(crop.x), -f64::from(crop.y));
        let readable = match self.cache.read_grid(&image, grid, &self.classifier) {
            Ok(mut reading) => {
                // Taken before any board-level reading, which may relabel what the classifier
                // was sure of: that is what the check for a frame caught mid-draw looks at.
                let sure_before = sure_classes(&reading);
                match reads_as_board(&mut reading) {
                    BoardCheck::NotBoard => None,
                    BoardCheck::Board(settled) => Some((reading, sure_before, settled)),
                }
            }
            Err(_) => None,
        };
        let (mut reading, sure_before, settled) = match readable {
            Some(readable) => readable,
            None => {
                // The compositor may have just stopped, leaving the overlay opaque over the
                // board: then the board is still there, under it.
                if self.compositor_changed(reports)? {
                    self.relayout(&mut lock, now, reports);
                    return Ok(Some(lock));
                }
                // A dialog over the board, a new board size, or something else entirely.
                self.unreadable_frame = Some(hash);
                return self.relock(lock, now, reports, "the frame does not read as the board");
            }
        };
        if reading.distinct_looks > 0 || self.cache.has_unsettled(&reading) {
            // New looks: settle the skin's classes on this board and keep what was learned, so
            // the frames after this one reuse it (`crate::skin`).
            let settled = settled.unwrap_or_else(|| settle(&mut reading));
            tracing::debug!(?settled, looks = reading.looks.len(), "board-level reading");
            if !settled.possible && broken_rule(&reading.board).is_some() {
                // No game shows this: a dialog, or a skin that cannot be read.
                self.unreadable_frame = Some(hash);
                return self.relock(lock, now, reports, "the frame shows no possible game");
            }
            if overrules(&sure_before, &reading) && lock.unconfirmed != Some(hash) {
                // The rules overrule the classifier where it was sure: a frame caught while the
                // game was still drawing (a cascade of 0s half open, each beside tiles still
                // covered) reads that way, and the look cache would keep the wrong meaning for
                // the rest of the game. Only a frame that stays the same is settled so.
                tracing::debug!(
                    "the board-level reading overrules sure looks; waiting for a still frame"
                );
                lock.unconfirmed = Some(hash);
                lock.last_frame = None;
                return Ok(Some(lock));
            }
            self.cache.learn(&reading);
        }
        let board = ScreenRect {
            x: placement.x + crop.x as i32,
            y: placement.y + crop.y as i32,
            width: crop.width,
            height: crop.height,
        };
        cover_unsettled_zeros(&mut reading);
        let text = reading.board.to_text();
        if lock.last_shown.as_ref() == Some(&(text.clone(), board)) {
            return Ok(Some(lock));
        }
        let mines = self.options.mines.or(lock.mines);
        // A lost game gets no advice (`Outcome::GameOver`): there is nothing left to play.
        let result = outcome(&reading, mines, &self.frame_policy());
        // A frame grabbed while the game was still drawing can read as an impossible board:
        // an impossible board is shown only once the next frame has the very same pixels. A
        // board the analysis accepted is consistent, so only the others need the check.
        let impossible = match &result {
            Outcome::Advice { .. } => false,
            Outcome::Impossible { .. } | Outcome::GameOver => conflict(&reading).is_some(),
        };
        if impossible && lock.unconfirmed != Some(hash) {
            lock.unconfirmed = Some(hash);
            lock.last_frame = None;
            return Ok(Some(lock));
        }
        lock.unconfirmed = None;
        self.unreadable_frame = None;
        let shown = Shown {
            reading,
            result,
            text: text.clone(),
            grid,
            board,
            captured,
            refined: false,
        };
        self.ask_deep_guess(&shown);
        tracing::debug!(
            ms = captured.elapsed().as_secs_f64() * 1e3,
            "frame read and solved"
        );
        self.show(&lock, shown, reports);
        lock.last_shown = Some((text, board));
        lock.hidden = self.view.hidden;
        Ok(Some(lock))
    }

    /// Searches the lock's source afresh (`relocate_due`): the new lock when the board there is
    /// now another one (read with its grid from the next frame on); else `lock` goes on, with
    /// the total its counter shows now.
    fn relocate(&mut self, lock: &mut Lock, now: Instant) -> Result<Option<Lock>, CaptureError> {
        lock.relocate_due = false;
        lock.located_at = now;
        let began = Instant::now();
        let relocated = self.lock_on(lock.source.clone(), lock.hints, now)?;
        tracing::debug!(
            ms = began.elapsed().as_secs_f64() * 1e3,
            "located the board again"
        );
        let Some(fresh) = relocated else {
            return Ok(None);
        };
        let (old, new) = (&lock.grid, &fresh.grid);
        let other =
            (old.rows, old.cols) != (new.rows, new.cols) || (old.pitch_x - new.pitch_x).abs() > 0.5;
        if other && new.is_part_of(old) {
            // Only part of the board followed (its open region, on a frame where the covered
            // tiles did not show as tiles): the board is still the one read. A new, smaller
            // board there would no longer read as the old one, and is found again on that frame.
            tracing::debug!("relocating found only part of the board; keeping it");
            Ok(None)
        } else if other {
            tracing::info!(
                "the board in {} is now {}x{} tiles of {:.1} px",
                lock.source.name.as_deref().unwrap_or("the screen region"),
                new.cols,
                new.rows,
                new.pitch_x
            );
            Ok(Some(fresh))
        } else {
            // Same board: keep following it, with the total its counter shows now (a new game
            // of another mine count in the same window).
            lock.mines = fresh.mines;
            Ok(None)
        }
    }

    /// Locates the board again in the same source; hides the overlay and searches anew if the
    /// source no longer shows one.
    fn relock(
        &mut self,
        lock: Lock,
        now: Instant,
        reports: &mut Vec<Report>,
        why: &str,
    ) -> Result<Option<Lock>, CaptureError> {
        let source = lock.source.name.as_deref().unwrap_or("the screen region");
        tracing::info!("locating the board in {source} again: {why}");
        match self.lock_on(lock.source.clone(), lock.hints, now)? {
            // The next frame reads it (no recursion: a board that locates but does not read
            // cannot loop here).
            Some(fresh) => Ok(Some(Lock {
                hidden: lock.hidden,
                ..fresh
            })),
            None => {
                if !lock.hidden {
                    reports.push(Report::Hide);
                    self.own.hide();
                }
                reports.push(Report::Note(
                    "the board is out of sight; waiting for a game".into(),
                ));
                self.next_search = now + SEARCH_EVERY;
                Ok(None)
            }
        }
    }

    /// Reports the scene and the log line for a board read and solved.
    fn show(&mut self, lock: &Lock, shown: Shown, reports: &mut Vec<Report>) {
        let Shown {
            reading,
            result,
            text,
            grid,
            board,
            captured,
            refined,
        } = shown;
        let (advice, consistent) = match &result {
            Outcome::Advice { advice, .. } => (Some(advice), true),
            Outcome::Impossible { error, misread } => {
                // The overlay shows only a warning; the cells go to the user's log.
                reports.push(Report::Note(format!(
                    "the board read cannot be right ({error}{}); no advice until it changes",
                    crate::pipeline::misread_note(misread)
                )));
                (None, false)
            }
            Outcome::GameOver => (None, true),
        };
        let moves = advice.map(|a| a.moves_json()).unwrap_or_default();
        let best_guess = advice.and_then(|a| a.guess_json());
        let doubt: Vec<Pos> = (reading.doubt_cells().into_iter())
            .map(|(r, c)| Pos::new(r, c))
            .collect();
        reports.push(Report::Log(Box::new(LogLine {
            t: captured.duration_since(self.start).as_secs_f64(),
            window: lock.source.name.clone(),
            board,
            rows: reading.grid.rows,
            cols: reading.grid.cols,
            text,
            consistent,
            moves,
            best_guess,
            doubt: doubt.iter().map(|p| [p.row, p.col]).collect(),
            display: self.desktop.system(),
        })));
        let layout = if self.compositor && (lock.source.id.is_some() || self.marks_in_screen_copies)
        {
            Layout::OnBoard
        } else {
            let game = match lock.source.id {
                Some(_) => ScreenRect {
                    x: lock.placement.x,
                    y: lock.placement.y,
                    width: lock.placement.width,
                    height: lock.placement.height,
                },
                None => board,
            };
            Layout::Beside {
                game,
                screen: self.screen,
            }
        };
        if self.view.hidden {
            return;
        }
        // An impossible board's marks are its warning, whatever the heat map's switch says.
        let mut marks = result.marks(self.view.heat).with_doubt(doubt);
        if self.view.hint_only {
            if let Some(advice) = advice {
                reports.push(Report::Note(next_move_note(advice)));
            }
            marks = marks.only_next_move();
        }
        let mut scene = Scene {
            board,
            grid,
            cells: reading.board,
            marks,
            layout,
            captured: (!refined).then_some(captured),
            drawn: None,
        };
        self.own.show(match scene.layout {
            Layout::OnBoard if lock.source.id.is_none() => {
                // Drawn once: the overlay presents the same picture.
                let picture = Arc::new(Picture::of(&scene));
                scene.drawn = Some(picture.clone());
                OnScreen::Marks(picture)
            }
            _ => OnScreen::Panel(scene.window_rect()),
        });
        reports.push(Report::Show(Box::new(scene)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::advice::FirstClick;
    use crate::capture::ScreenCopies;
    use std::sync::Mutex;

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
        let options = TrackerOptions {
            target: Target::Auto,
            mines: None,
            heat: false,
            policy: GuessPolicy::default(),
        };
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
}
