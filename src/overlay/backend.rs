//! Which overlay `live` opens for a display system: on Wayland compositors with the layer shell,
//! a surface over the board (`layer`); everywhere else a winit window (`window`), transparent
//! over the game or a panel beside it. Both take the same [`UiEvent`]s from the live loop.

#[cfg(target_os = "linux")]
use super::layer::{self, LayerOverlay};
use super::nudge::Nudge;
use super::window::{overlay_event_loop, run_overlay, OverlayError, UiEvent, WindowSender};
use crate::capture::DisplaySystem;
use std::time::Duration;
use winit::event_loop::EventLoop;

/// An overlay ready to run on the main thread.
pub enum Overlay {
    Window(Box<EventLoop<UiEvent>>, Nudge),
    #[cfg(target_os = "linux")]
    Layer(Box<LayerOverlay>),
}

/// Sends [`UiEvent`]s to a running [`Overlay`] from any thread.
#[derive(Clone)]
pub enum OverlaySender {
    Window(WindowSender),
    #[cfg(target_os = "linux")]
    Layer(layer::Sender),
}

impl OverlaySender {
    /// Sends `event`; false once the overlay has closed.
    pub fn send(&self, event: UiEvent) -> bool {
        match self {
            OverlaySender::Window(sender) => sender.send(event),
            #[cfg(target_os = "linux")]
            OverlaySender::Layer(sender) => sender.send(event).is_ok(),
        }
    }
}

/// Opens the overlay for a game seen on `system`.
pub fn open_overlay(system: DisplaySystem) -> Result<(Overlay, OverlaySender), OverlayError> {
    #[cfg(target_os = "linux")]
    if system == DisplaySystem::Wayland {
        if let Some((overlay, sender)) = layer::open() {
            return Ok((
                Overlay::Layer(Box::new(overlay)),
                OverlaySender::Layer(sender),
            ));
        }
    }
    let (event_loop, nudge, sender) = overlay_event_loop(system)?;
    Ok((
        Overlay::Window(Box::new(event_loop), nudge),
        OverlaySender::Window(sender),
    ))
}

impl Overlay {
    /// Whether the marks go over the board where the live loop sees the screen as shown, not a
    /// window's own pixels: its copies then show the marks, which it takes back out
    /// (`overlay::Picture`).
    pub fn over_screen_copies(&self) -> bool {
        match self {
            Overlay::Window(..) => false,
            #[cfg(target_os = "linux")]
            Overlay::Layer(_) => true,
        }
    }

    /// Runs until [`UiEvent::Quit`]; `on_presented` gets the time from each scene's capture to
    /// its pixels reaching the display server.
    pub fn run(self, on_presented: Box<dyn FnMut(Duration)>) -> Result<(), OverlayError> {
        match self {
            Overlay::Window(event_loop, nudge) => run_overlay(*event_loop, nudge, on_presented),
            #[cfg(target_os = "linux")]
            Overlay::Layer(overlay) => overlay.run(on_presented),
        }
    }
}
