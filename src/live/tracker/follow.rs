//! Following a found board frame by frame: only the board's pixels grabbed, frames that did
//! not change skipped, new looks read, and the board found again when its window moved,
//! resized, or shows another board.

use super::search::shown;
use super::{
    frame_hash, Lock, Report, Shown, Tracker, GRAB_AT_LEAST_EVERY, RELOCATE_EVERY, RELOCATE_WAIT,
    SEARCH_EVERY,
};
use crate::capture::CaptureError;
use crate::live::blank::is_blank;
use crate::live::board_check::{
    cover_unsettled_zeros, overrules, reads_as_board, sure_classes, BoardCheck,
};
use crate::live::own_pixels::Unclean;
use crate::overlay::ScreenRect;
use crate::pipeline::{conflict, outcome, Outcome};
use crate::skin::{broken_rule, settle};
use std::time::Instant;

impl Tracker {
    /// Follows the locked game for one frame; `None` when it is gone.
    pub(super) fn follow(
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
        // A board that never came to rest is located again before this frame's capture (see
        // `relocate_due`).
        if lock
            .relocate_due
            .is_some_and(|due| now.duration_since(due) >= RELOCATE_WAIT)
        {
            if let Some(fresh) = self.relocate(&mut lock, now)? {
                return Ok(Some(fresh));
            }
        }
        if self.nothing_drawn(&lock, now)? {
            self.frames_skipped += 1;
            return self.at_rest(lock, now);
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
        lock.grabbed_at = now;
        let hash = frame_hash(image.as_raw());
        if lock.last_frame == Some((hash, placement.x, placement.y)) {
            self.frames_skipped += 1;
            return self.at_rest(lock, now);
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
        if pixels_changed
            && lock.relocate_due.is_none()
            && now.duration_since(lock.located_at) >= RELOCATE_EVERY
        {
            // Not now: the whole source searched again takes 5-30 ms, which would hold back the
            // marks of the very frame that changed (it made the 99th percentile of capture to
            // overlay ten times the median). This frame is read with the grid it has, as every
            // frame since the last look was.
            lock.relocate_due = Some(now);
        }
        self.frames_read += 1;
        let grid = lock.grid.shifted(-f64::from(crop.x), -f64::from(crop.y));
        let readable = match self.cache.read_grid(&image, grid, &self.classifier) {
            Ok(mut reading) => {
                // Taken before any board-level reading, which may relabel what the classifier
                // was sure of: that is what the check for a frame caught mid-draw looks at.
                let sure_before = sure_classes(&reading);
                match reads_as_board(&mut reading, shown(&lock.source)) {
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
        // A cell in doubt reads as a covered one in the text, and no advice rests on it: the
        // same text with other cells in doubt is other advice. The rounded clone's tile lit
        // under the pointer, in doubt with a mine, left a board with no advice; read surely a
        // frame later (the same text), it was never shown, and `live` showed nothing more.
        let doubt = reading.doubt_cells();
        if lock.last_shown.as_ref() == Some(&(text.clone(), doubt.clone(), board)) {
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
        lock.last_shown = Some((text, doubt, board));
        lock.hidden = self.view.hidden;
        Ok(Some(lock))
    }

    /// Whether the game window certainly drew nothing since the last frame, so that its
    /// board's pixels are that frame's and need no grab: the X server reports drawing
    /// (DAMAGE), the window is where it was, and a compositor keeps its pixels its own (without
    /// one, a window moved over it changes what a grab sees with nothing drawn). Pixels are
    /// grabbed at least every [`GRAB_AT_LEAST_EVERY`] all the same.
    fn nothing_drawn(&self, lock: &Lock, now: Instant) -> Result<bool, CaptureError> {
        let Some(id) = lock.source.id.filter(|_| self.compositor) else {
            return Ok(false);
        };
        // Asked on every frame, so that each frame's question covers the drawing since the last.
        let drawn = self.desktop.drawn_since_last_look(id)?;
        let placement = lock.placement;
        let in_place =
            (lock.last_frame).is_some_and(|(_, x, y)| (x, y) == (placement.x, placement.y));
        Ok(drawn == Some(false)
            && in_place
            && now.duration_since(lock.grabbed_at) < GRAB_AT_LEAST_EVERY)
    }

    /// A frame that shows the board as the last one did. Nothing waits on it, so a due look
    /// costs no marks any delay (it takes less than a frame period, and the next frame is read
    /// on time).
    fn at_rest(&mut self, mut lock: Lock, now: Instant) -> Result<Option<Lock>, CaptureError> {
        if lock.relocate_due.is_some() {
            if let Some(fresh) = self.relocate(&mut lock, now)? {
                return Ok(Some(fresh));
            }
        }
        Ok(Some(lock))
    }

    /// Searches the lock's source afresh (`relocate_due`): the new lock when the board there is
    /// now another one (read with its grid from the next frame on); else `lock` goes on, with
    /// the total its counter shows now.
    pub(super) fn relocate(
        &mut self,
        lock: &mut Lock,
        now: Instant,
    ) -> Result<Option<Lock>, CaptureError> {
        lock.relocate_due = None;
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
    pub(super) fn relock(
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
}
