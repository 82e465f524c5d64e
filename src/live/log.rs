//! The `--log-json` file: one JSON line each time the board read or the advice changes (and once
//! when a board is first read), in the format DESIGN.md gives, for scripts and tests.

use crate::advice::{GuessJson, MoveJson};
use crate::capture::DisplaySystem;
use crate::overlay::ScreenRect;
use serde::Serialize;
use std::io::Write;

/// One line of the log.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LogLine {
    /// Seconds since the start of the run.
    pub t: f64,
    /// The game window followed, or `None` for a fixed screen region.
    pub window: Option<String>,
    /// Screen pixels of the tile grid.
    pub board: ScreenRect,
    pub rows: usize,
    pub cols: usize,
    pub text: String,
    pub consistent: bool,
    pub moves: Vec<MoveJson>,
    pub best_guess: Option<GuessJson>,
    /// Cells read in doubt, as `[row, col]`: no advice rests on them.
    pub doubt: Vec<[usize; 2]>,
    /// The display system captured from and drawn on.
    pub display: DisplaySystem,
}

/// Writes log lines, each flushed at once so a reader following the file sees it.
pub struct JsonLog<W: Write> {
    out: W,
}

impl<W: Write> JsonLog<W> {
    pub fn new(out: W) -> JsonLog<W> {
        JsonLog { out }
    }

    pub fn write(&mut self, line: &LogLine) -> std::io::Result<()> {
        serde_json::to_writer(&mut self.out, line)?;
        self.out.write_all(b"\n")?;
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_has_the_design_fields_and_one_line_each() {
        let line = LogLine {
            t: 1.5,
            window: Some("Mines".into()),
            board: ScreenRect {
                x: 680,
                y: 372,
                width: 386,
                height: 382,
            },
            rows: 1,
            cols: 2,
            text: "1.".into(),
            consistent: true,
            moves: vec![MoveJson {
                row: 0,
                col: 1,
                action: "flag",
                reason: "r".into(),
            }],
            best_guess: None,
            doubt: vec![[0, 0]],
            display: DisplaySystem::X11,
        };
        let mut log = JsonLog::new(Vec::new());
        log.write(&line).unwrap();
        log.write(&line).unwrap();
        let text = String::from_utf8(log.out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2);
        let value: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
        let keys: Vec<&str> = value
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut expected = [
            "t",
            "window",
            "board",
            "rows",
            "cols",
            "text",
            "consistent",
            "moves",
            "best_guess",
            "doubt",
            "display",
        ];
        expected.sort_unstable();
        assert_eq!(keys, expected);
        assert_eq!(value["board"]["width"], 386);
        assert_eq!(value["moves"][0]["action"], "flag");
        assert!(value["best_guess"].is_null());
        assert_eq!(value["display"], "x11");
    }
}
