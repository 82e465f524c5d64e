//! `live`'s global hotkeys on Wayland, through the desktop portal's GlobalShortcuts, against a
//! portal of the test's own on a private D-Bus bus: it answers CreateSession and BindShortcuts
//! the way `org.freedesktop.portal.GlobalShortcuts` specifies (each with a Response signal on
//! the request's object path), then sends Activated as a desktop does when a key is pressed.
//! No compositor here offers the real portal (sway's does not); KDE Plasma and GNOME 48 do.

#![cfg(target_os = "linux")]

use minehint::capture::portal_request::PortalRequestError;
use minehint::live::portal_shortcuts::bind;
use minehint::live::Command;
use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command as Process, Stdio};
use std::sync::mpsc::channel;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use zbus::message::Header;
use zbus::zvariant::{OwnedObjectPath, OwnedValue, Value};

const DESKTOP: &str = "org.freedesktop.portal.Desktop";
const DESKTOP_PATH: &str = "/org/freedesktop/portal/desktop";
const INTERFACE: &str = "org.freedesktop.portal.GlobalShortcuts";

/// A private bus: the daemon and its address.
struct Bus {
    daemon: Child,
    address: String,
}

impl Bus {
    /// A session bus of the test's own, or `None` (with why) where dbus-daemon is missing.
    fn start() -> Result<Bus, String> {
        let mut daemon = Process::new("dbus-daemon")
            .args(["--session", "--nofork", "--print-address=1"])
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|err| format!("cannot start dbus-daemon (package dbus): {err}"))?;
        let mut line = String::new();
        let stdout = daemon.stdout.take().expect("piped stdout");
        BufReader::new(stdout)
            .read_line(&mut line)
            .map_err(|err| format!("dbus-daemon printed no address: {err}"))?;
        let address = line.trim().to_string();
        if address.is_empty() {
            let _ = daemon.kill();
            return Err("dbus-daemon printed no address".into());
        }
        Ok(Bus { daemon, address })
    }

    fn connect(&self) -> zbus::blocking::Connection {
        zbus::blocking::connection::Builder::address(self.address.as_str())
            .expect("the bus address parses")
            .build()
            .expect("the client connects")
    }
}

impl Drop for Bus {
    fn drop(&mut self) {
        let _ = self.daemon.kill();
        let _ = self.daemon.wait();
    }
}

/// What the fake portal was asked.
#[derive(Default)]
struct Asked {
    session: Option<String>,
    /// Each shortcut's id and preferred trigger.
    shortcuts: Vec<(String, String)>,
}

struct FakePortal {
    asked: Arc<Mutex<Asked>>,
    /// Answer BindShortcuts with this response code (0 agreed, 1 declined).
    bind_code: u32,
}

/// The request's object path, as the specification builds it from the caller's name and token.
fn request_path(header: &Header<'_>, options: &HashMap<String, OwnedValue>) -> String {
    let sender = header
        .sender()
        .expect("a caller")
        .trim_start_matches(':')
        .replace('.', "_");
    let token: String = options["handle_token"]
        .try_clone()
        .unwrap()
        .try_into()
        .unwrap();
    format!("{DESKTOP_PATH}/request/{sender}/{token}")
}

/// The text under `key` in a call's options.
fn string(options: &HashMap<String, OwnedValue>, key: &str) -> String {
    options[key].try_clone().unwrap().try_into().unwrap()
}

/// Answers the request at `request` with `code` and `results`, as the Response signal its
/// caller listens for; the request's path is the method's return value.
async fn respond(
    connection: &zbus::Connection,
    header: &Header<'_>,
    request: String,
    code: u32,
    results: HashMap<&str, Value<'_>>,
) -> OwnedObjectPath {
    connection
        .emit_signal(
            header.sender().map(|name| name.as_str()),
            request.as_str(),
            "org.freedesktop.portal.Request",
            "Response",
            &(code, results),
        )
        .await
        .expect("the response goes out");
    OwnedObjectPath::try_from(request).unwrap()
}

#[zbus::interface(name = "org.freedesktop.portal.GlobalShortcuts")]
impl FakePortal {
    async fn create_session(
        &self,
        #[zbus(header)] header: Header<'_>,
        #[zbus(connection)] connection: &zbus::Connection,
        options: HashMap<String, OwnedValue>,
    ) -> OwnedObjectPath {
        let request = request_path(&header, &options);
        let token = string(&options, "session_handle_token");
        let session = format!("{DESKTOP_PATH}/session/fake/{token}");
        self.asked.lock().unwrap().session = Some(session.clone());
        let results = HashMap::from([("session_handle", Value::from(session))]);
        respond(connection, &header, request, 0, results).await
    }

    async fn bind_shortcuts(
        &self,
        #[zbus(header)] header: Header<'_>,
        #[zbus(connection)] connection: &zbus::Connection,
        _session: OwnedObjectPath,
        shortcuts: Vec<(String, HashMap<String, OwnedValue>)>,
        _parent_window: String,
        options: HashMap<String, OwnedValue>,
    ) -> OwnedObjectPath {
        let request = request_path(&header, &options);
        let mut bound = Vec::new();
        for (id, properties) in &shortcuts {
            let trigger = string(properties, "preferred_trigger");
            self.asked
                .lock()
                .unwrap()
                .shortcuts
                .push((id.clone(), trigger.clone()));
            // The desktop's own words for the keys it bound.
            let description = format!("Press {trigger}");
            bound.push((
                id.clone(),
                HashMap::from([("trigger_description", Value::from(description))]),
            ));
        }
        let results = HashMap::from([("shortcuts", Value::from(bound))]);
        respond(connection, &header, request, self.bind_code, results).await
    }
}

/// The fake portal on `bus`, serving until the returned connection drops.
fn serve(bus: &Bus, bind_code: u32) -> (zbus::blocking::Connection, Arc<Mutex<Asked>>) {
    let asked = Arc::new(Mutex::new(Asked::default()));
    let portal = FakePortal {
        asked: asked.clone(),
        bind_code,
    };
    let connection = zbus::blocking::connection::Builder::address(bus.address.as_str())
        .unwrap()
        .name(DESKTOP)
        .unwrap()
        .serve_at(DESKTOP_PATH, portal)
        .unwrap()
        .build()
        .expect("the fake portal starts");
    (connection, asked)
}

fn default_bindings() -> Vec<(Command, global_hotkey::hotkey::HotKey)> {
    minehint::live::HotkeySettings::default()
        .bindings()
        .map(|(command, key)| (command, key.parse().unwrap()))
        .collect()
}

fn activate(portal: &zbus::blocking::Connection, session: &str, id: &str) {
    let session = OwnedObjectPath::try_from(session.to_string()).unwrap();
    portal
        .emit_signal(
            None::<&str>,
            DESKTOP_PATH,
            INTERFACE,
            "Activated",
            &(session, id, 0u64, HashMap::<String, Value>::new()),
        )
        .expect("Activated goes out");
}

#[test]
fn keys_bound_through_the_portal_send_their_commands() {
    let bus = match Bus::start() {
        Ok(bus) => bus,
        Err(why) => {
            eprintln!("keys_bound_through_the_portal_send_their_commands: SKIPPED, {why}");
            return;
        }
    };
    let (portal, asked) = serve(&bus, 0);
    let (send, commands) = channel();
    let shortcuts = bind(bus.connect(), &default_bindings(), send).expect("the keys are bound");

    let asked = asked.lock().unwrap();
    assert_eq!(
        asked.shortcuts,
        [
            ("marks".to_string(), "CTRL+ALT+h".to_string()),
            ("hint".to_string(), "CTRL+ALT+n".to_string()),
            ("heat".to_string(), "CTRL+ALT+m".to_string()),
            ("pause".to_string(), "CTRL+ALT+p".to_string()),
        ]
    );
    assert_eq!(shortcuts.bound.len(), 4);
    assert!(shortcuts
        .bound
        .contains(&(Command::ToggleHeat, "Press CTRL+ALT+m".to_string())));

    // A key of another session is not ours; then the heat map's key, then pause's.
    let session = asked.session.clone().expect("a session was made");
    activate(
        &portal,
        &format!("{DESKTOP_PATH}/session/fake/other"),
        "marks",
    );
    activate(&portal, &session, "heat");
    activate(&portal, &session, "pause");
    let wait = Duration::from_secs(5);
    assert_eq!(commands.recv_timeout(wait), Ok(Command::ToggleHeat));
    assert_eq!(commands.recv_timeout(wait), Ok(Command::TogglePause));
    assert!(commands.recv_timeout(Duration::from_millis(300)).is_err());
}

#[test]
fn declined_or_missing_shortcuts_are_errors() {
    let bus = match Bus::start() {
        Ok(bus) => bus,
        Err(why) => {
            eprintln!("declined_or_missing_shortcuts_are_errors: SKIPPED, {why}");
            return;
        }
    };
    let bind_error = || {
        let (send, _) = channel();
        bind(bus.connect(), &default_bindings(), send)
            .err()
            .expect("no keys")
    };
    // No portal on the bus at all (as on sway without xdg-desktop-portal).
    let err = bind_error();
    assert!(matches!(err, PortalRequestError::Bus { .. }), "{err}");

    // The desktop's dialog declined them.
    let (_portal, _) = serve(&bus, 1);
    let err = bind_error();
    assert!(matches!(err, PortalRequestError::Declined { .. }), "{err}");
}
