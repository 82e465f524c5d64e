//! The live loop's screen on Wayland desktops that show it to clients only through the desktop
//! portal (GNOME, KDE Plasma): a ScreenCast session of one monitor, asked for over D-Bus, its
//! frames streamed over PipeWire (`cast_stream`).
//!
//! The portal asks the user, once, which screen to share; the permission is kept with the
//! restore token the portal hands back (in `$XDG_STATE_HOME/minehint/`), so later runs start
//! without asking. Like every Wayland client this backend lists no windows: the live loop looks
//! for the board on the screen.

use super::cast_stream::CastStream;
use super::desktop::ScreenCopies;
use super::screen::CaptureError;
use image::RgbImage;
use std::collections::HashMap;
use std::path::PathBuf;
use zbus::blocking::{Connection, Proxy};
use zbus::zvariant::{ObjectPath, OwnedObjectPath, OwnedValue, Value};

const DESKTOP: &str = "org.freedesktop.portal.Desktop";
const DESKTOP_PATH: &str = "/org/freedesktop/portal/desktop";
const SCREEN_CAST: &str = "org.freedesktop.portal.ScreenCast";

/// A screen-cast session and its stream of frames.
pub struct Portal {
    /// Kept open: the session ends with the connection.
    _connection: Connection,
    stream: CastStream,
}

impl Portal {
    /// Starts a screen cast of one monitor through the portal on the session bus; the portal
    /// may ask the user which one (the first time only).
    pub fn connect() -> Result<Portal, CaptureError> {
        let connection = Connection::session()
            .map_err(|err| CaptureError::failed("cannot reach the session bus", err))?;
        let cast = Proxy::new(&connection, DESKTOP, DESKTOP_PATH, SCREEN_CAST)
            .map_err(|err| CaptureError::failed("no desktop portal", err))?;
        let mut requests = Requests::new(&connection)?;
        let token = requests.token();
        let created = requests.call(
            &cast,
            "CreateSession",
            &token,
            &(HashMap::from([
                ("handle_token", Value::from(token.as_str())),
                ("session_handle_token", Value::from(token.as_str())),
            ]),),
        )?;
        let session: OwnedObjectPath = text(&created, "session_handle")
            .and_then(|text| ObjectPath::try_from(text).ok())
            .map(Into::into)
            .ok_or_else(|| CaptureError::Capture("the portal made no session".into()))?;
        let token = requests.token();
        let mut select = HashMap::from([
            ("handle_token", Value::from(token.as_str())),
            // Monitors only, one of them, without the pointer (it would hide tiles).
            ("types", Value::from(1u32)),
            ("multiple", Value::from(false)),
            ("cursor_mode", Value::from(1u32)),
            // Kept until the user revokes it: the next run does not ask again.
            ("persist_mode", Value::from(2u32)),
        ]);
        let saved = restore_token();
        if let Some(saved) = &saved {
            select.insert("restore_token", Value::from(saved.as_str()));
        }
        requests.call(&cast, "SelectSources", &token, &(&session, select))?;
        let token = requests.token();
        let started = requests.call(
            &cast,
            "Start",
            &token,
            &(
                &session,
                "",
                HashMap::from([("handle_token", Value::from(token.as_str()))]),
            ),
        )?;
        if let Some(token) = text(&started, "restore_token") {
            save_restore_token(&token);
        }
        let node = started
            .get("streams")
            .and_then(|v| {
                let streams: Vec<(u32, HashMap<String, OwnedValue>)> =
                    v.try_clone().ok()?.try_into().ok()?;
                streams.first().map(|(node, _)| *node)
            })
            .ok_or_else(|| CaptureError::Capture("the portal shares no screen".into()))?;
        let fd: zbus::zvariant::OwnedFd = cast
            .call(
                "OpenPipeWireRemote",
                &(&session, HashMap::<&str, Value>::new()),
            )
            .map_err(|err| CaptureError::failed("the portal gave no PipeWire connection", err))?;
        let stream = CastStream::start(fd.into(), node)?;
        Ok(Portal {
            _connection: connection,
            stream,
        })
    }
}

/// The text a portal's response holds under `key`, if any.
fn text(results: &HashMap<String, OwnedValue>, key: &str) -> Option<String> {
    results.get(key)?.try_clone().ok()?.try_into().ok()
}

/// The portal's requests: each answers with a `Response` signal on an object path made of this
/// connection's name and a token of ours.
struct Requests<'c> {
    connection: &'c Connection,
    sender: String,
    next: u32,
}

impl<'c> Requests<'c> {
    fn new(connection: &'c Connection) -> Result<Requests<'c>, CaptureError> {
        let sender = connection
            .unique_name()
            .ok_or_else(|| CaptureError::Capture("the session bus gave no name".into()))?
            .trim_start_matches(':')
            .replace('.', "_");
        Ok(Requests {
            connection,
            sender,
            next: 0,
        })
    }

    fn token(&mut self) -> String {
        self.next += 1;
        format!("minehint_{}_{}", std::process::id(), self.next)
    }

    /// Calls `method` with `body`, whose options name `token` as the request's handle token, and
    /// waits for the response: its results when the user (or the portal) agreed.
    fn call<B>(
        &self,
        proxy: &Proxy<'_>,
        method: &str,
        token: &str,
        body: &B,
    ) -> Result<HashMap<String, OwnedValue>, CaptureError>
    where
        B: serde::Serialize + zbus::zvariant::DynamicType,
    {
        let path = format!("{DESKTOP_PATH}/request/{}/{token}", self.sender);
        let request = Proxy::new(
            self.connection,
            DESKTOP,
            path.as_str(),
            "org.freedesktop.portal.Request",
        )
        .map_err(|err| CaptureError::failed("the portal's request", err))?;
        // Listening before the call: the response may come before the call returns.
        let mut responses = request
            .receive_signal("Response")
            .map_err(|err| CaptureError::failed("the portal's request", err))?;
        proxy
            .call_method(method, body)
            .map_err(|err| CaptureError::failed(&format!("the portal refused {method}"), err))?;
        let message = responses
            .next()
            .ok_or_else(|| CaptureError::Capture(format!("the portal did not answer {method}")))?;
        let (code, results): (u32, HashMap<String, OwnedValue>) =
            message.body().deserialize().map_err(|err| {
                CaptureError::failed(&format!("the portal's answer to {method}"), err)
            })?;
        match code {
            0 => Ok(results),
            1 => Err(CaptureError::Capture(
                "sharing the screen was declined: live needs to see the game".into(),
            )),
            _ => Err(CaptureError::Capture(format!(
                "the desktop portal failed at {method} (code {code}; its log may say why)"
            ))),
        }
    }
}

fn restore_token_path() -> Option<PathBuf> {
    Some(
        dirs::state_dir()?
            .join("minehint")
            .join("screencast-restore-token"),
    )
}

fn restore_token() -> Option<String> {
    let token = std::fs::read_to_string(restore_token_path()?).ok()?;
    let token = token.trim();
    (!token.is_empty()).then(|| token.to_string())
}

/// Keeps the portal's permission for the next run; a failure only means being asked again.
fn save_restore_token(token: &str) {
    let Some(path) = restore_token_path() else {
        return;
    };
    let saved = path
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| std::fs::write(&path, token));
    if let Err(err) = saved {
        tracing::debug!(
            "cannot keep the screen-cast permission in {}: {err}",
            path.display()
        );
    }
}

impl ScreenCopies for Portal {
    fn copy(&self, area: (i32, i32, u32, u32)) -> Result<RgbImage, CaptureError> {
        self.stream.grab(area)
    }

    fn size(&self) -> Result<(u32, u32), CaptureError> {
        self.stream.size()
    }
}
