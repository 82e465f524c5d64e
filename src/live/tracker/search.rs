//! Finding the game: the windows (or the screen) searched for a board, each looked at
//! whole, and the first look at what is found (a board, or a grid that does not read, said so).

use super::{crop_of, frame_hash, Lock, Source, Target, Tracker, NO_BOARD_KEPT};
use crate::capture::{candidates, CaptureError, Placement};
use crate::live::board_check::{names_a_game, reads_as_board, sure_count, BoardCheck, Shown};
use crate::live::own_pixels::Unclean;
use crate::pipeline::grid_on_the_tiles_edges;
use crate::vision::{locate, Grid, Hints, Reading, Rect, VisionError};
use image::RgbImage;
use std::time::Instant;

impl Tracker {
    pub(super) fn waiting_message(&self) -> String {
        let waiting = self.waiting_for();
        match &self.unreadable {
            Some(why) => format!(
                "{waiting}: {why}; `minehint calibrate --screen` shows what is read there, and \
                 `--region X,Y,W,H` or `--window TITLE` points live at the game"
            ),
            None => waiting,
        }
    }

    pub(super) fn waiting_for(&self) -> String {
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
    pub(super) fn search(&mut self, now: Instant) -> Result<Option<Lock>, CaptureError> {
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

    pub(super) fn search_windows(
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

    /// Whether the game is followed on the whole screen for want of a window list and the list
    /// now shows windows (a window manager that came up after live did): the game is then
    /// looked for again among them, to be followed through its own window (its moves, its own
    /// pixels under other windows, a panel beside the window instead of over its edge).
    pub(super) fn window_list_appeared(&self) -> bool {
        self.list_failure_said
            && (self.lock.as_ref()).is_some_and(|lock| lock.source.id.is_none())
            && matches!(self.desktop.windows(), Ok(windows) if !windows.is_empty())
    }

    /// The board is in `region` (screen pixels): read it through the smallest window holding
    /// the whole region, so the overlay is never in the picture; with none, from the screen.
    pub(super) fn search_region(
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

    pub(super) fn placement(&self, source: &Source) -> Result<Option<Placement>, CaptureError> {
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
    pub(super) fn grab(
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
    pub(super) fn lock_on(
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
        let key = (source.id, format!("{:?} {hints:?}", source.name));
        let hash = frame_hash(image.as_raw());
        if let Some((seen, why)) = self.no_board.get(&key) {
            if *seen == hash {
                self.searches_skipped += 1;
                if why.is_some() {
                    self.unreadable.clone_from(why);
                }
                return Ok(None);
            }
        }
        match self.board_in(&source, &placement, &image, hints, now) {
            Ok(lock) => Ok(Some(lock)),
            Err(why) => {
                if why.is_some() {
                    self.unreadable.clone_from(&why);
                }
                if self.no_board.len() >= NO_BOARD_KEPT {
                    self.no_board.clear();
                }
                self.no_board.insert(key, (hash, why));
                Ok(None)
            }
        }
    }

    /// The board in `image`, the pixels of `source` at `placement`, as a lock to follow; else
    /// why it does not read where a grid was seen (`None`: no grid). A grid whose board does
    /// not read, or reads refuted, is tried once moved onto the tiles' own edges, as `parse`
    /// reads it (`pipeline::grid_on_the_tiles_edges`), and locked there where it reads better.
    fn board_in(
        &mut self,
        source: &Source,
        placement: &Placement,
        image: &RgbImage,
        hints: Hints,
        now: Instant,
    ) -> Result<Lock, Option<String>> {
        let mut grid = match locate(image, hints) {
            Ok(grid) => grid,
            Err(err) => {
                tracing::debug!("no board in {:?}: {err}", source.name);
                // A grid found but not read as a board (cut by the window's edge, a second board
                // beside it) is said where the window names a game: the player sees why `live`
                // waits (a browser zoomed until the board runs past the window) instead of
                // "waiting for a game". Other windows' grids stay quiet.
                return match (err, shown(source)) {
                    (VisionError::Unreadable(why), Shown::InGameWindow) => {
                        let shown_in = source.name.as_deref().unwrap_or("the screen");
                        Err(Some(format!("in {shown_in:?}: {why}")))
                    }
                    _ => Err(None),
                };
            }
        };
        let mut reading = self.board_read(source, image, grid);
        if reading.as_ref().map_or(true, |reading| reading.refuted) {
            if let Some(moved) = grid_on_the_tiles_edges(image, grid, &self.classifier) {
                let second = self.board_read(source, image, moved);
                if second.is_ok() {
                    tracing::debug!(?moved, "the board reads on the tiles' own edges");
                    (grid, reading) = (moved, second);
                }
            }
        }
        let reading = reading.map_err(|why| {
            tracing::debug!("{why}");
            Some(why)
        })?;
        let mines = reading.mines;
        tracing::debug!(
            "board in {:?}: {}x{} tiles, mine total {mines:?}",
            source.name,
            grid.cols,
            grid.rows
        );
        Ok(Lock {
            crop: crop_of(&grid, placement.width, placement.height),
            mines,
            source: source.clone(),
            placement: *placement,
            grid,
            hints,
            located_at: now,
            relocate_due: None,
            grabbed_at: now,
            last_frame: None,
            last_shown: None,
            unconfirmed: None,
            hidden: true,
        })
    }

    /// The board `source` shows on `grid` in `image`, read through the look cache and checked
    /// as a board (`reads_as_board`); else why it does not read.
    fn board_read(
        &mut self,
        source: &Source,
        image: &RgbImage,
        grid: Grid,
    ) -> Result<Reading, String> {
        let shown_in = source.name.as_deref().unwrap_or("the screen");
        let mut reading = self
            .cache
            .read_grid(image, grid, &self.classifier)
            .map_err(|err| format!("{shown_in:?} shows a grid that does not read ({err})"))?;
        if matches!(
            reads_as_board(&mut reading, shown(source)),
            BoardCheck::NotBoard
        ) {
            return Err(format!(
                "{shown_in:?} shows a grid of {}x{} tiles, but only {} of them read surely as \
                 Minesweeper tiles, or they show no possible game",
                reading.grid.cols,
                reading.grid.rows,
                sure_count(&reading)
            ));
        }
        Ok(reading)
    }
}

/// Where `source`'s tiles are shown: in a window whose title names a game, or elsewhere.
pub(super) fn shown(source: &Source) -> Shown {
    match &source.name {
        Some(title) if names_a_game(title) => Shown::InGameWindow,
        _ => Shown::Elsewhere,
    }
}
