//! Where the player's keys come from while `live` runs: global hotkeys (X11 key grabs, Windows'
//! RegisterHotKey, through the `global-hotkey` crate), and single letters typed in `live`'s own
//! terminal, which work on every desktop, Wayland included.
//!
//! Both only send [`Command`]s down a channel; the live loop waits on that channel between
//! frames, so a key costs nothing until it is pressed.

use super::controls::{Command, HotkeySettings};
use crate::capture::DisplaySystem;
use global_hotkey::hotkey::HotKey;
use global_hotkey::{GlobalHotKeyEvent, GlobalHotKeyManager, HotKeyState};
use std::collections::HashMap;
use std::io::{BufRead, IsTerminal};
use std::sync::mpsc::Sender;

/// A `[hotkeys]` entry that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum HotkeyError {
    #[error(
        "the {name} hotkey {key:?} is not a key combination: write modifiers (ctrl, alt, shift, \
         super) and one key (a letter, a digit, F1 to F24, space, an arrow such as arrowup) \
         joined by '+', e.g. \"ctrl+alt+h\""
    )]
    Parse { name: &'static str, key: String },
    #[error("the {name} and {other} hotkeys are both {key:?}; give each its own key")]
    Duplicate {
        name: &'static str,
        other: &'static str,
        key: String,
    },
}

/// The hotkeys of `settings`, checked: each one a key combination, no two the same.
pub fn parse_bindings(settings: &HotkeySettings) -> Result<Vec<(Command, HotKey)>, HotkeyError> {
    let mut bindings: Vec<(Command, HotKey)> = Vec::new();
    for (command, key) in settings.bindings() {
        // The crate's own message asks users to report unknown keys upstream: ours says
        // what to write instead.
        let hotkey: HotKey = key.parse().map_err(|_| HotkeyError::Parse {
            name: command.name(),
            key: key.to_string(),
        })?;
        if let Some((other, _)) = bindings.iter().find(|(_, h)| *h == hotkey) {
            return Err(HotkeyError::Duplicate {
                name: command.name(),
                other: other.name(),
                key: key.to_string(),
            });
        }
        bindings.push((command, hotkey));
    }
    Ok(bindings)
}

/// Where notes that come later go (the keys a Wayland desktop bound, after its dialog).
pub type Notify = std::sync::Arc<dyn Fn(&str) + Send + Sync>;

/// The global hotkeys while they are held: dropping this gives the keys back to the desktop.
pub struct GlobalHotkeys {
    _manager: GlobalHotKeyManager,
}

/// Grabs the keys of `bindings` for the whole desktop, sending each press's command to `send`.
/// Returns the grab (hold it while `live` runs) and a note for each key that could not be had.
/// On Wayland, where programs cannot grab keys, they are asked of the desktop portal on a
/// thread of their own, and what came of it goes to `notify` later.
///
/// On Windows this must run on the thread of the overlay's event loop: the keys arrive as
/// messages to that thread.
pub fn grab_global(
    system: DisplaySystem,
    bindings: &[(Command, HotKey)],
    send: Sender<Command>,
    notify: Notify,
) -> (Option<GlobalHotkeys>, Vec<String>) {
    if system == DisplaySystem::Wayland {
        return grab_through_portal(bindings, send, notify);
    }
    let manager = match GlobalHotKeyManager::new() {
        Ok(manager) => manager,
        Err(err) => return (None, vec![format!("no global hotkeys: {err}")]),
    };
    let mut notes = Vec::new();
    let mut commands = HashMap::new();
    for &(command, hotkey) in bindings {
        match manager.register(hotkey) {
            Ok(()) => {
                commands.insert(hotkey.id(), command);
            }
            Err(err) => notes.push(format!(
                "the {} hotkey is not available ({err}); change it in the profile's [hotkeys]",
                command.name()
            )),
        }
    }
    // The crate hands every press to one process-wide channel; this thread turns them into
    // commands, and ends with the process.
    std::thread::spawn(move || {
        for event in GlobalHotKeyEvent::receiver().iter() {
            if event.state != HotKeyState::Pressed {
                continue;
            }
            if let Some(&command) = commands.get(&event.id) {
                if send.send(command).is_err() {
                    return;
                }
            }
        }
    });
    (Some(GlobalHotkeys { _manager: manager }), notes)
}

/// What `live` says where a Wayland desktop gives it no global hotkeys.
const NO_WAYLAND_HOTKEYS: &str = "type the letters h, n, m or p and Enter in this terminal instead";

/// On Wayland: the keys through the desktop portal's GlobalShortcuts where it offers them, asked
/// for on a thread of their own (the desktop may show a dialog and wait for the player, and a
/// portal started on demand takes its time), so `live` starts at once; `notify` gets the keys
/// bound, or why there are none. The thread holds the session until the process ends.
#[cfg(target_os = "linux")]
fn grab_through_portal(
    bindings: &[(Command, HotKey)],
    send: Sender<Command>,
    notify: Notify,
) -> (Option<GlobalHotkeys>, Vec<String>) {
    use crate::capture::portal_request::PortalRequestError;
    let bindings = bindings.to_vec();
    std::thread::spawn(move || {
        let bound = zbus::blocking::connection::Builder::session()
            .and_then(|builder| builder.method_timeout(PORTAL_TIMEOUT).build())
            .map_err(|err| PortalRequestError::bus("the session bus", err))
            .and_then(|bus| super::portal_shortcuts::bind(bus, &bindings, send));
        match bound {
            Ok(portal) => {
                let keys: Vec<String> = portal
                    .bound
                    .iter()
                    .map(|(command, keys)| format!("{}: {keys}", command.name()))
                    .collect();
                notify(&format!(
                    "global hotkeys through the desktop portal ({})",
                    if keys.is_empty() {
                        "as the desktop set them".to_string()
                    } else {
                        keys.join(", ")
                    }
                ));
                let _held = portal;
                loop {
                    std::thread::park();
                }
            }
            Err(err) => {
                tracing::debug!("the portal's global shortcuts: {err}");
                let why = match err {
                    PortalRequestError::Declined { .. } => "the desktop's dialog declined them",
                    PortalRequestError::Bus { .. } => "its portal offers no global shortcuts",
                    _ => "its portal failed to bind them",
                };
                notify(&format!(
                    "global hotkeys are not available on this Wayland desktop ({why}): \
                     {NO_WAYLAND_HOTKEYS}"
                ));
            }
        }
    });
    (None, Vec::new())
}

/// How long a call to the portal may take before the keys are given up (a portal started on
/// demand answers within a second or two; the player's dialog is not a call and may take longer).
#[cfg(target_os = "linux")]
const PORTAL_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

#[cfg(not(target_os = "linux"))]
fn grab_through_portal(
    _: &[(Command, HotKey)],
    _: Sender<Command>,
    _: Notify,
) -> (Option<GlobalHotkeys>, Vec<String>) {
    (
        None,
        vec![format!(
            "global hotkeys are not available on Wayland: {NO_WAYLAND_HOTKEYS}"
        )],
    )
}

/// The command a line typed in the terminal asks for: `h`, `n`, `m` or `p` (the letters of the
/// default hotkeys), any case, spaces ignored.
pub fn terminal_command(line: &str) -> Option<Command> {
    match line.trim().to_ascii_lowercase().as_str() {
        "h" => Some(Command::ToggleMarks),
        "n" => Some(Command::ToggleHint),
        "m" => Some(Command::ToggleHeat),
        "p" => Some(Command::TogglePause),
        _ => None,
    }
}

/// Reads commands typed in `live`'s terminal, one per line, when standard input is a terminal
/// (a script's input is left alone). The thread ends at the end of input or with the process.
pub fn read_terminal(send: Sender<Command>) {
    let stdin = std::io::stdin();
    if !stdin.is_terminal() {
        return;
    }
    std::thread::spawn(move || {
        for line in stdin.lock().lines() {
            let Ok(line) = line else { return };
            match terminal_command(&line) {
                Some(command) => {
                    if send.send(command).is_err() {
                        return;
                    }
                }
                None if line.trim().is_empty() => {}
                None => eprintln!(
                    "minehint: keys: h (marks), n (next move only), m (heat map), p (pause), \
                     then Enter"
                ),
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_keys_parse_and_bad_ones_are_named() {
        let bindings = parse_bindings(&HotkeySettings::default()).unwrap();
        assert_eq!(bindings.len(), 4);
        let bad = HotkeySettings {
            heat: "ctrl+alt+nokey".into(),
            ..HotkeySettings::default()
        };
        let err = parse_bindings(&bad).unwrap_err().to_string();
        assert!(err.contains("heat") && err.contains("nokey"), "{err}");
        let twice = HotkeySettings {
            pause: "Alt+Ctrl+H".into(),
            ..HotkeySettings::default()
        };
        let err = parse_bindings(&twice).unwrap_err().to_string();
        assert!(err.contains("pause and marks"), "{err}");
    }

    #[test]
    fn terminal_letters_are_the_default_keys_letters() {
        let defaults = HotkeySettings::default();
        for line in ["h", " N ", "m\r", "p"] {
            let command = terminal_command(line).unwrap();
            let letter = line.trim().to_ascii_lowercase();
            assert!(defaults.key(command).ends_with(&letter), "{line:?}");
        }
        assert_eq!(terminal_command("q"), None);
    }
}
