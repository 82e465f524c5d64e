//! The player's controls while `live` runs: what each hotkey does to the view, and the keys
//! themselves as the profile's `[hotkeys]` table names them.
//!
//! The view is a few switches the tracker reads on every board it shows; a key flips one. The
//! keys are plain text ("ctrl+alt+h") so a player can change them in the profile's TOML.

use serde::{Deserialize, Serialize};

/// What a hotkey asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// Hide the marks, or show them again.
    ToggleMarks,
    /// Show only the next move (one safe tile with its reason, or the guess), or every move again.
    ToggleHint,
    /// Tint every covered tile by its mine chance, or stop.
    ToggleHeat,
    /// Stop reading the screen (and hide the marks), or start again.
    TogglePause,
}

impl Command {
    pub const ALL: [Command; 4] = [
        Command::ToggleMarks,
        Command::ToggleHint,
        Command::ToggleHeat,
        Command::TogglePause,
    ];

    /// The key of the profile's `[hotkeys]` table that names this command's key.
    pub fn name(self) -> &'static str {
        match self {
            Command::ToggleMarks => "marks",
            Command::ToggleHint => "hint",
            Command::ToggleHeat => "heat",
            Command::TogglePause => "pause",
        }
    }

    /// What the command does, for `live --help`, README and the note it leaves.
    pub fn describe(self) -> &'static str {
        match self {
            Command::ToggleMarks => "hide or show the marks",
            Command::ToggleHint => "show only the next move, or every move",
            Command::ToggleHeat => "heat map on or off",
            Command::TogglePause => "pause or resume reading the screen",
        }
    }
}

/// What the overlay shows, as the player has set it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct View {
    /// The marks are hidden (the board is still read, and the log still written).
    pub hidden: bool,
    /// Only the next move is shown.
    pub hint_only: bool,
    /// Every covered tile is tinted by its mine chance.
    pub heat: bool,
    /// The screen is not read at all.
    pub paused: bool,
}

impl View {
    /// The view after `command`.
    pub fn apply(self, command: Command) -> View {
        match command {
            Command::ToggleMarks => View {
                hidden: !self.hidden,
                ..self
            },
            Command::ToggleHint => View {
                hint_only: !self.hint_only,
                ..self
            },
            Command::ToggleHeat => View {
                heat: !self.heat,
                ..self
            },
            Command::TogglePause => View {
                paused: !self.paused,
                ..self
            },
        }
    }

    /// One line saying what the view is now, after `command` changed it.
    pub fn note(&self, command: Command) -> String {
        let on_off = |on: bool| if on { "on" } else { "off" };
        match command {
            Command::ToggleMarks if self.hidden => "marks hidden".into(),
            Command::ToggleMarks => "marks shown".into(),
            Command::ToggleHint if self.hint_only => "showing only the next move".into(),
            Command::ToggleHint => "showing every move".into(),
            Command::ToggleHeat => format!("heat map {}", on_off(self.heat)),
            Command::TogglePause if self.paused => "paused: the screen is not read".into(),
            Command::TogglePause => "reading the screen again".into(),
        }
    }
}

/// The keys of the four commands, as the profile's `[hotkeys]` table writes them: modifiers
/// (`ctrl`, `alt`, `shift`, `super`) and one key, joined by `+`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HotkeySettings {
    pub marks: String,
    pub hint: String,
    pub heat: String,
    pub pause: String,
}

impl Default for HotkeySettings {
    fn default() -> HotkeySettings {
        // Ctrl+Alt with a letter: no game in the project's list uses these, and desktops
        // leave them free (Ctrl+Alt+arrows and Ctrl+Alt+T, Del, L are taken).
        HotkeySettings {
            marks: "ctrl+alt+h".into(),
            hint: "ctrl+alt+n".into(),
            heat: "ctrl+alt+m".into(),
            pause: "ctrl+alt+p".into(),
        }
    }
}

impl HotkeySettings {
    /// The key written for `command`.
    pub fn key(&self, command: Command) -> &str {
        match command {
            Command::ToggleMarks => &self.marks,
            Command::ToggleHint => &self.hint,
            Command::ToggleHeat => &self.heat,
            Command::TogglePause => &self.pause,
        }
    }

    /// Every command with its key, in a fixed order.
    pub fn bindings(&self) -> impl Iterator<Item = (Command, &str)> {
        Command::ALL.into_iter().map(|c| (c, self.key(c)))
    }

    /// A one-line summary of the keys, for the note `live` gives when it starts.
    pub fn summary(&self) -> String {
        self.bindings()
            .map(|(command, key)| format!("{key}: {}", command.describe()))
            .collect::<Vec<_>>()
            .join("; ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_command_flips_its_own_switch_and_twice_restores_the_view() {
        let start = View::default();
        for command in Command::ALL {
            let once = start.apply(command);
            assert_ne!(once, start, "{command:?}");
            assert_eq!(once.apply(command), start, "{command:?}");
            let flipped = [once.hidden, once.hint_only, once.heat, once.paused];
            assert_eq!(flipped.iter().filter(|&&b| b).count(), 1, "{command:?}");
        }
    }

    #[test]
    fn the_table_reads_partly_written_and_refuses_unknown_names() {
        let partial: HotkeySettings = toml::from_str("hint = \"ctrl+shift+f9\"").unwrap();
        assert_eq!(partial.hint, "ctrl+shift+f9");
        assert_eq!(partial.marks, HotkeySettings::default().marks);
        assert!(toml::from_str::<HotkeySettings>("hide = \"f1\"").is_err());
    }

    #[test]
    fn every_default_key_is_distinct() {
        let defaults = HotkeySettings::default();
        let mut keys: Vec<&str> = defaults.bindings().map(|(_, k)| k).collect();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), Command::ALL.len());
    }
}
