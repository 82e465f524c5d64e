//! What a read frame shows the player: the marks and the note for the board as read, and the
//! deep guess asked for in the background and drawn when it comes back.

use super::{Awaiting, Lock, Report, Shown, Tracker};
use crate::advice::{Action, Advice, GuessPolicy};
use crate::board::Pos;
use crate::live::deep::DeepGuesser;
use crate::live::log::LogLine;
use crate::live::own_pixels::OnScreen;
use crate::overlay::{Layout, Picture, Scene, ScreenRect};
use crate::pipeline::Outcome;
use crate::solver::Analysis;
use std::sync::Arc;

/// Whether the policy matters on a board: no tile is certainly safe and one is left to open.
fn needs_guess(analysis: &Analysis) -> bool {
    analysis.safe.is_empty() && analysis.safest_guess().is_some()
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
    /// Reports the scene and the log line for a board read and solved.
    pub(super) fn show(&mut self, lock: &Lock, shown: Shown, reports: &mut Vec<Report>) {
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
    /// Shows the deep guess for the board shown last, if it is ready and differs from the fast
    /// guess drawn there.
    pub(super) fn show_deep_guess(&mut self, reports: &mut Vec<Report>) {
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
            && (lock.last_shown.as_ref()).is_some_and(|(text, doubt, board)| {
                *text == shown.text
                    && *doubt == shown.reading.doubt_cells()
                    && *board == shown.board
            });
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
    pub(super) fn frame_policy(&self) -> GuessPolicy {
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
    pub(super) fn ask_deep_guess(&mut self, shown: &Shown) {
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
}
