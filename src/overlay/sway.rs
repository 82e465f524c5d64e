//! Placing the hint panel on sway. A Wayland client cannot place its own window; sway's IPC
//! lets it ask: float the panel (sway would tile it beside the game, shrinking the game), move
//! it beside the board, keep it on every workspace, and give the keyboard back to the window
//! that had it (sway focuses each new window).

use super::scene::ScreenRect;
use super::window::TITLE;
use std::io::{Read, Write};
use std::os::unix::net::UnixStream;
use std::time::Duration;

/// i3's IPC, which sway speaks: a magic string, the payload's length and the message type.
const MAGIC: &[u8; 6] = b"i3-ipc";
const RUN_COMMAND: u32 = 0;
const GET_TREE: u32 = 4;
/// A reply larger than this is not sway's.
const MAX_REPLY: u32 = 64 << 20;

/// An IPC connection to the sway that runs this session (`$SWAYSOCK`).
pub struct Sway {
    stream: UnixStream,
}

impl Sway {
    /// Connects to `$SWAYSOCK`; `None` when it is not sway (or no socket answers).
    pub fn connect() -> Option<Sway> {
        let path = std::env::var_os("SWAYSOCK")?;
        let stream = UnixStream::connect(path).ok()?;
        // sway answers at once; a stuck compositor must not hang the overlay.
        stream.set_read_timeout(Some(Duration::from_secs(2))).ok()?;
        Some(Sway { stream })
    }

    fn request(&mut self, kind: u32, payload: &str) -> std::io::Result<Vec<u8>> {
        let length = u32::try_from(payload.len()).map_err(std::io::Error::other)?;
        let mut message = Vec::with_capacity(14 + payload.len());
        message.extend_from_slice(MAGIC);
        message.extend_from_slice(&length.to_ne_bytes());
        message.extend_from_slice(&kind.to_ne_bytes());
        message.extend_from_slice(payload.as_bytes());
        self.stream.write_all(&message)?;
        let mut header = [0u8; 14];
        self.stream.read_exact(&mut header)?;
        if &header[..6] != MAGIC {
            return Err(std::io::Error::other("not an i3-ipc reply"));
        }
        let length = u32::from_ne_bytes([header[6], header[7], header[8], header[9]]);
        if length > MAX_REPLY {
            return Err(std::io::Error::other("an i3-ipc reply too large"));
        }
        let mut reply = vec![0u8; length as usize];
        self.stream.read_exact(&mut reply)?;
        Ok(reply)
    }

    /// The id of the window that has the focus now, if any.
    pub fn focused(&mut self) -> Option<u64> {
        let tree: serde_json::Value =
            serde_json::from_slice(&self.request(GET_TREE, "").ok()?).ok()?;
        focused_in(&tree)
    }

    /// Runs sway commands; says why when sway refused one.
    pub fn run(&mut self, commands: &str) -> Result<(), String> {
        let reply = self
            .request(RUN_COMMAND, commands)
            .map_err(|e| e.to_string())?;
        let results: Vec<serde_json::Value> =
            serde_json::from_slice(&reply).map_err(|e| e.to_string())?;
        match results.iter().find(|r| r["success"] != true) {
            Some(failed) => Err(failed["error"].as_str().unwrap_or("refused").to_string()),
            None => Ok(()),
        }
    }
}

/// Keeps the hint panel where the scenes want it, through sway.
pub struct Placer {
    sway: Sway,
    /// Where sway last confirmed the panel.
    placed: Option<ScreenRect>,
    /// The window that had the keyboard before the panel showed, to give it back once sway
    /// has placed the panel (sway focuses a window as it maps it, and as it leaves the
    /// scratchpad).
    focus_back: Option<u64>,
    /// Whether the panel was put away in sway's scratchpad (hidden).
    stowed: bool,
    /// Whether a refusal was said already (once).
    refusal_said: bool,
}

impl Placer {
    /// A placer on this session's sway; `None` when the compositor is not sway.
    pub fn connect() -> Option<Placer> {
        Some(Placer {
            sway: Sway::connect()?,
            placed: None,
            focus_back: None,
            stowed: false,
            refusal_said: false,
        })
    }

    /// Notes which window has the keyboard, just before the panel shows (again).
    pub fn before_show(&mut self) {
        self.focus_back = self.sway.focused();
    }

    /// Puts the panel at `rect` unless it is there already. sway learns of a new window only
    /// once it has drawn, so a refusal is tried again at the next call (the overlay calls once
    /// a second while shown).
    pub fn show(&mut self, rect: ScreenRect) {
        if self.placed == Some(rect) {
            return;
        }
        let mut commands = String::new();
        if self.stowed {
            commands.push_str(&format!("{} scratchpad show; ", criteria(TITLE)));
        }
        commands.push_str(&placement_commands(
            TITLE,
            rect.x,
            rect.y,
            rect.width,
            rect.height,
        ));
        match self.sway.run(&commands) {
            Ok(()) => {
                self.stowed = false;
                self.placed = Some(rect);
                if let Some(id) = self.focus_back.take() {
                    let _ = self.sway.run(&format!("[con_id={id}] focus"));
                }
            }
            Err(err) if !std::mem::replace(&mut self.refusal_said, true) => {
                tracing::debug!("sway did not place the hint panel yet: {err}");
            }
            Err(_) => {}
        }
    }

    /// Hides the panel in sway's scratchpad (a Wayland window cannot hide itself).
    pub fn hide(&mut self) {
        if self.stowed || self.placed.is_none() {
            return;
        }
        if (self.sway)
            .run(&format!("{} move scratchpad", criteria(TITLE)))
            .is_ok()
        {
            self.stowed = true;
            self.placed = None;
        }
    }
}

/// The id of the focused node in sway's tree.
fn focused_in(node: &serde_json::Value) -> Option<u64> {
    if node["focused"] == true {
        return node["id"].as_u64();
    }
    ["nodes", "floating_nodes"]
        .iter()
        .filter_map(|key| node[*key].as_array())
        .flatten()
        .find_map(focused_in)
}

/// The commands that float the window titled `title` and put it at (x, y), `width × height`.
pub fn placement_commands(title: &str, x: i32, y: i32, width: u32, height: u32) -> String {
    // Commands after a comma apply to the same criteria.
    format!(
        "{} floating enable, border none, sticky enable, \
         resize set width {width} px height {height} px, move absolute position {x} px {y} px",
        criteria(title)
    )
}

/// sway's criteria for the window titled exactly `title`.
fn criteria(title: &str) -> String {
    format!("[title=\"^{}$\"]", regex_escape(title))
}

/// `text` with the characters a sway criteria regex (PCRE) gives meaning escaped.
fn regex_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if "\\^$.|?*+()[]{}\"".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_focused_window_is_found_among_tiled_and_floating_ones() {
        let tree = serde_json::json!({
            "id": 1, "focused": false,
            "nodes": [{"id": 2, "focused": false, "nodes": [{"id": 3, "focused": false}]}],
            "floating_nodes": [{"id": 7, "focused": true}]
        });
        assert_eq!(focused_in(&tree), Some(7));
        assert_eq!(focused_in(&serde_json::json!({"id": 1})), None);
    }

    #[test]
    fn placement_names_the_window_by_its_escaped_title() {
        let commands = placement_commands("minehint overlay (1)", 10, -5, 200, 100);
        assert!(commands.starts_with("[title=\"^minehint overlay \\(1\\)$\"] floating enable,"));
        // One criteria for all: sway refuses criteria after a comma.
        assert_eq!(commands.matches("[title=").count(), 1);
        assert!(commands.ends_with("move absolute position 10 px -5 px"));
        assert!(commands.contains("resize set width 200 px height 100 px"));
    }
}
