//! Global hotkeys on Wayland, where no program may grab keys for itself: the desktop portal's
//! GlobalShortcuts (`org.freedesktop.portal.GlobalShortcuts`, offered by KDE Plasma, GNOME 48
//! and later, and other portals). minehint asks for one shortcut per [`Command`] with the
//! profile's key as the preferred trigger; the desktop may ask the player to confirm or change
//! them, and sends `Activated` when one is pressed.
//!
//! Where the portal has no such interface (wlroots compositors such as sway), binding fails and
//! `live` says so once; the letters typed in its terminal still work.

use super::controls::Command;
use crate::capture::portal_request::{text, PortalRequestError, Requests, DESKTOP, DESKTOP_PATH};
use global_hotkey::hotkey::{Code, HotKey, Modifiers};
use std::collections::HashMap;
use std::sync::mpsc::Sender;
use zbus::blocking::{Connection, Proxy};
use zbus::zvariant::{OwnedObjectPath, OwnedValue, Value};

const GLOBAL_SHORTCUTS: &str = "org.freedesktop.portal.GlobalShortcuts";

/// The shortcuts while they are bound: the session ends with the connection.
pub struct PortalShortcuts {
    _connection: Connection,
    /// What the desktop says each shortcut's keys are, once bound (it may differ from the
    /// trigger asked for): `(command, keys)`.
    pub bound: Vec<(Command, String)>,
}

/// Binds `bindings` through the portal on `connection` (the session bus), sending each
/// activation's command to `send` from a thread that ends with the connection.
pub fn bind(
    connection: Connection,
    bindings: &[(Command, HotKey)],
    send: Sender<Command>,
) -> Result<PortalShortcuts, PortalRequestError> {
    let shortcuts = Proxy::new(&connection, DESKTOP, DESKTOP_PATH, GLOBAL_SHORTCUTS)
        .map_err(|err| PortalRequestError::bus("no desktop portal", err))?;
    let mut requests = Requests::new(&connection)?;
    let session = requests.create_session(&shortcuts)?;

    // Listening before binding: a key may be pressed as soon as the desktop binds it.
    let activations = shortcuts
        .receive_signal("Activated")
        .map_err(|err| PortalRequestError::bus("the portal's shortcuts", err))?;
    let wanted: Vec<(&str, HashMap<&str, Value>)> = bindings
        .iter()
        .map(|&(command, hotkey)| {
            (
                command.name(),
                HashMap::from([
                    ("description", Value::from(command.describe())),
                    ("preferred_trigger", Value::from(portal_trigger(hotkey))),
                ]),
            )
        })
        .collect();
    let token = requests.token();
    let answer = requests.call(
        &shortcuts,
        "BindShortcuts",
        &token,
        &(
            &session,
            wanted,
            "",
            HashMap::from([("handle_token", Value::from(token.as_str()))]),
        ),
    )?;
    let bound = bound_shortcuts(&answer);

    let commands: HashMap<&'static str, Command> =
        bindings.iter().map(|&(c, _)| (c.name(), c)).collect();
    std::thread::spawn(move || {
        for message in activations {
            let Ok((from, id, _, _)) =
                message
                    .body()
                    .deserialize::<(OwnedObjectPath, String, u64, HashMap<String, OwnedValue>)>()
            else {
                continue;
            };
            if from != session {
                continue;
            }
            if let Some(&command) = commands.get(id.as_str()) {
                if send.send(command).is_err() {
                    return;
                }
            }
        }
    });
    Ok(PortalShortcuts {
        _connection: connection,
        bound,
    })
}

/// The shortcuts the portal's answer to BindShortcuts lists, with the keys it describes.
fn bound_shortcuts(answer: &HashMap<String, OwnedValue>) -> Vec<(Command, String)> {
    let Some(list) = answer.get("shortcuts") else {
        return Vec::new();
    };
    let Ok(list) = list
        .try_clone()
        .ok()
        .map(<Vec<(String, HashMap<String, OwnedValue>)>>::try_from)
        .transpose()
    else {
        return Vec::new();
    };
    list.unwrap_or_default()
        .into_iter()
        .filter_map(|(id, properties)| {
            let command = Command::ALL.into_iter().find(|c| c.name() == id)?;
            let keys = text(&properties, "trigger_description").unwrap_or_default();
            Some((command, keys))
        })
        .collect()
}

/// A hotkey as the shortcuts specification writes a trigger: modifiers in capitals (`CTRL`,
/// `ALT`, `SHIFT`, `LOGO`), then the key's XKB name, joined by `+` (ctrl+alt+h is `CTRL+ALT+h`).
pub fn portal_trigger(hotkey: HotKey) -> String {
    let mut trigger = String::new();
    for (modifier, name) in [
        (Modifiers::CONTROL, "CTRL+"),
        (Modifiers::ALT, "ALT+"),
        (Modifiers::SHIFT, "SHIFT+"),
        (Modifiers::META, "LOGO+"),
    ] {
        if hotkey.mods.contains(modifier) {
            trigger.push_str(name);
        }
    }
    let code = hotkey.key.to_string();
    let key = match hotkey.key {
        Code::Space => "space".to_string(),
        Code::ArrowUp => "Up".to_string(),
        Code::ArrowDown => "Down".to_string(),
        Code::ArrowLeft => "Left".to_string(),
        Code::ArrowRight => "Right".to_string(),
        _ => match (code.strip_prefix("Key"), code.strip_prefix("Digit")) {
            (Some(letter), _) => letter.to_ascii_lowercase(),
            (_, Some(digit)) => digit.to_string(),
            // F1 to F24 and the rest keep their names.
            _ => code,
        },
    };
    trigger.push_str(&key);
    trigger
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triggers_are_written_as_the_specification_asks() {
        let trigger = |text: &str| portal_trigger(text.parse().unwrap());
        assert_eq!(trigger("ctrl+alt+h"), "CTRL+ALT+h");
        assert_eq!(trigger("shift+super+f5"), "SHIFT+LOGO+F5");
        assert_eq!(trigger("alt+7"), "ALT+7");
        assert_eq!(trigger("ctrl+space"), "CTRL+space");
        assert_eq!(trigger("ctrl+arrowup"), "CTRL+Up");
    }
}
