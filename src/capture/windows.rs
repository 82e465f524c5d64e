//! The visible top-level windows, through xcap: which of them could hold a Minesweeper game, in
//! the order the live loop should look at them.

use super::screen::CaptureError;

/// A visible top-level window.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WindowInfo {
    pub id: u32,
    /// The title, or the application name when the title is empty (older X programs).
    pub name: String,
    pub x: i32,
    pub y: i32,
    pub width: u32,
    pub height: u32,
}

impl WindowInfo {
    /// Whether the window's point (x, y) in screen pixels is inside it.
    pub fn contains(&self, x: i64, y: i64) -> bool {
        let (left, top) = (i64::from(self.x), i64::from(self.y));
        x >= left
            && y >= top
            && x < left + i64::from(self.width)
            && y < top + i64::from(self.height)
    }
}

/// The visible windows xcap lists, topmost first, leaving out this process's own (the overlay).
/// `title_of` reads a window's title: the display system's backend may know better than xcap
/// (on X11 xcap mangles Latin-1 titles).
pub fn visible_windows(
    title_of: impl Fn(&xcap::Window) -> Option<String>,
) -> Result<Vec<WindowInfo>, CaptureError> {
    let windows = xcap::Window::all().map_err(|err| {
        CaptureError::Capture(format!(
            "cannot list the windows (a window manager is needed): {err}"
        ))
    })?;
    let own = std::process::id();
    Ok(windows
        .iter()
        .filter(|w| !w.is_minimized().unwrap_or(true))
        .filter_map(|w| {
            if w.pid().ok() == Some(own) {
                return None;
            }
            // Older X programs leave the title empty: their application name says more then.
            let title = title_of(w).filter(|t| !t.trim().is_empty());
            let name = title.or_else(|| w.app_name().ok()).unwrap_or_default();
            Some(WindowInfo {
                id: w.id().ok()?,
                name,
                x: w.x().ok()?,
                y: w.y().ok()?,
                width: w.width().ok()?,
                height: w.height().ok()?,
            })
        })
        .filter(|w| w.width > 0 && w.height > 0)
        .collect())
}

/// Words in the titles of Minesweeper games (GNOME Mines, KMines, Windows Minesweeper, xdemineur,
/// minesweeper.online in a browser, …), lower case.
const GAME_WORDS: [&str; 3] = ["mine", "démineur", "demineur"];

/// Orders `windows` for the search: those whose name matches `title` (case-insensitive) when one
/// is given, and only those; otherwise the ones named like a Minesweeper game first, then the
/// rest, each part keeping its stacking order.
pub fn candidates(windows: Vec<WindowInfo>, title: Option<&str>) -> Vec<WindowInfo> {
    match title {
        Some(title) => {
            let wanted = title.to_lowercase();
            windows
                .into_iter()
                .filter(|w| w.name.to_lowercase().contains(&wanted))
                .collect()
        }
        None => {
            let (mut games, others): (Vec<_>, Vec<_>) = windows.into_iter().partition(|w| {
                let name = w.name.to_lowercase();
                GAME_WORDS.iter().any(|word| name.contains(word))
            });
            games.extend(others);
            games
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn window(id: u32, name: &str) -> WindowInfo {
        WindowInfo {
            id,
            name: name.into(),
            x: 0,
            y: 0,
            width: 100,
            height: 100,
        }
    }

    #[test]
    fn games_come_first_and_a_title_filters() {
        let windows = vec![
            window(1, "Terminal"),
            window(2, "xdémineur"),
            window(3, "Firefox"),
            window(4, "Mines"),
        ];
        let ids = |ws: Vec<WindowInfo>| ws.iter().map(|w| w.id).collect::<Vec<_>>();
        assert_eq!(ids(candidates(windows.clone(), None)), [2, 4, 1, 3]);
        assert_eq!(ids(candidates(windows.clone(), Some("FIREfox"))), [3]);
        assert!(candidates(windows, Some("kmines")).is_empty());
    }

    #[test]
    fn containment_is_half_open() {
        let w = window(1, "x");
        assert!(w.contains(0, 0) && w.contains(99, 99));
        assert!(!w.contains(100, 50) && !w.contains(-1, 0));
    }
}
