//! A desktop portal's requests over D-Bus, shared by the screen cast (`portal`) and the global
//! shortcuts (`crate::live::portal_shortcuts`): a method called with a handle token of ours
//! answers with a `Response` signal on an object path made of the connection's name and that
//! token.

use std::collections::HashMap;
use zbus::blocking::{Connection, Proxy};
use zbus::zvariant::{ObjectPath, OwnedObjectPath, OwnedValue, Value};

/// The portal service and the object its interfaces live on.
pub const DESKTOP: &str = "org.freedesktop.portal.Desktop";
pub const DESKTOP_PATH: &str = "/org/freedesktop/portal/desktop";

/// Why a portal request gave no results.
#[derive(Debug, thiserror::Error)]
pub enum PortalRequestError {
    /// The bus or the portal failed: `what` says at which step.
    #[error("{what}: {cause}")]
    Bus { what: String, cause: String },
    /// The request's signal never came (the portal went away).
    #[error("the portal did not answer {method}")]
    NoAnswer { method: String },
    /// The user (or the portal on their behalf) said no.
    #[error("the portal's {method} was declined")]
    Declined { method: String },
    /// The portal answered with another failure code.
    #[error("the desktop portal failed at {method} (code {code}; its log may say why)")]
    Failed { method: String, code: u32 },
}

impl PortalRequestError {
    /// The bus or the portal failed at `what`.
    pub fn bus(what: &str, cause: impl std::fmt::Display) -> PortalRequestError {
        PortalRequestError::Bus {
            what: what.to_string(),
            cause: cause.to_string(),
        }
    }
}

/// The text a portal's response holds under `key`, if any.
pub fn text(results: &HashMap<String, OwnedValue>, key: &str) -> Option<String> {
    results.get(key)?.try_clone().ok()?.try_into().ok()
}

/// The portal's requests on one connection.
pub struct Requests<'c> {
    connection: &'c Connection,
    sender: String,
    next: u32,
}

impl<'c> Requests<'c> {
    pub fn new(connection: &'c Connection) -> Result<Requests<'c>, PortalRequestError> {
        let sender = connection
            .unique_name()
            .ok_or_else(|| PortalRequestError::bus("the session bus", "it gave no name"))?
            .trim_start_matches(':')
            .replace('.', "_");
        Ok(Requests {
            connection,
            sender,
            next: 0,
        })
    }

    /// A handle token not used before by this process.
    pub fn token(&mut self) -> String {
        self.next += 1;
        format!("minehint_{}_{}", std::process::id(), self.next)
    }

    /// Starts a session of the portal interface behind `proxy` (ScreenCast, GlobalShortcuts):
    /// the session's object path, which the interface's other methods take.
    pub fn create_session(
        &mut self,
        proxy: &Proxy<'_>,
    ) -> Result<OwnedObjectPath, PortalRequestError> {
        let token = self.token();
        let created = self.call(
            proxy,
            "CreateSession",
            &token,
            &(HashMap::from([
                ("handle_token", Value::from(token.as_str())),
                ("session_handle_token", Value::from(token.as_str())),
            ]),),
        )?;
        text(&created, "session_handle")
            .and_then(|text| ObjectPath::try_from(text).ok())
            .map(Into::into)
            .ok_or_else(|| PortalRequestError::bus("CreateSession", "the portal made no session"))
    }

    /// Calls `method` with `body`, whose options name `token` as the request's handle token, and
    /// waits for the response: its results when the user (or the portal) agreed.
    pub fn call<B>(
        &self,
        proxy: &Proxy<'_>,
        method: &str,
        token: &str,
        body: &B,
    ) -> Result<HashMap<String, OwnedValue>, PortalRequestError>
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
        .map_err(|err| PortalRequestError::bus("the portal's request", err))?;
        // Listening before the call: the response may come before the call returns.
        let mut responses = request
            .receive_signal("Response")
            .map_err(|err| PortalRequestError::bus("the portal's request", err))?;
        proxy
            .call_method(method, body)
            .map_err(|err| PortalRequestError::bus(&format!("the portal refused {method}"), err))?;
        let message = responses
            .next()
            .ok_or_else(|| PortalRequestError::NoAnswer {
                method: method.to_string(),
            })?;
        let (code, results): (u32, HashMap<String, OwnedValue>) =
            message.body().deserialize().map_err(|err| {
                PortalRequestError::bus(&format!("the portal's answer to {method}"), err)
            })?;
        match code {
            0 => Ok(results),
            1 => Err(PortalRequestError::Declined {
                method: method.to_string(),
            }),
            _ => Err(PortalRequestError::Failed {
                method: method.to_string(),
                code,
            }),
        }
    }
}
