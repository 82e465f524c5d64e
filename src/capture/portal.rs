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
use super::portal_request::{text, PortalRequestError, Requests, DESKTOP, DESKTOP_PATH};
use super::screen::CaptureError;
use image::RgbImage;
use std::collections::HashMap;
use std::path::PathBuf;
use zbus::blocking::{Connection, Proxy};
use zbus::zvariant::{OwnedValue, Value};

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
        let session = requests.create_session(&cast)?;
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

/// The screen cast's words for a failed request: a declined one is the user saying no to
/// sharing the screen.
impl From<PortalRequestError> for CaptureError {
    fn from(err: PortalRequestError) -> CaptureError {
        match err {
            PortalRequestError::Declined { .. } => CaptureError::Capture(
                "sharing the screen was declined: live needs to see the game".into(),
            ),
            PortalRequestError::Bus { what, cause } => CaptureError::failed(&what, cause),
            other => CaptureError::Capture(other.to_string()),
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
