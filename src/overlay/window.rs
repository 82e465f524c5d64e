//! The live overlay window (winit + softbuffer): borderless, unmanaged (override-redirect) and
//! raised above the game with each scene, never taking clicks (an empty input shape) or keyboard
//! focus, moved and resized to each [`Scene`] it is sent, and drawn with the same code as
//! `advise --out`.
//!
//! winit owns the main thread; the live loop runs elsewhere and sends [`UiEvent`]s through a
//! [`WindowSender`] (winit's [`EventLoopProxy`], and a [`Nudge`] that ends the loop's nap).

use super::canvas::Rgba;
use super::nudge::Nudge;
use super::premul::PremulBuffer;
use super::scene::{Scene, ScreenRect};
#[cfg(target_os = "linux")]
use super::stacking::Stacking;
#[cfg(target_os = "linux")]
use super::sway::Placer;
use crate::capture::DisplaySystem;
use std::num::NonZeroU32;
use std::rc::Rc;
use std::time::{Duration, Instant};
use winit::application::ApplicationHandler;
use winit::dpi::{PhysicalPosition, PhysicalSize};
use winit::event::{StartCause, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow, DeviceEvents, EventLoop, EventLoopProxy};
use winit::window::{Window, WindowAttributes, WindowId, WindowLevel};

/// What the live loop tells the overlay.
#[derive(Debug)]
pub enum UiEvent {
    /// Show this scene (moving and resizing the window as needed).
    Show(Box<Scene>),
    /// Hide the overlay (no game in sight, or it is minimised).
    Hide,
    /// Close the overlay and return from [`run_overlay`].
    Quit,
}

/// A failure of the overlay window.
#[derive(Debug, thiserror::Error)]
pub enum OverlayError {
    #[error("cannot open the overlay on the display (is an X display running? $DISPLAY={display}): {message}")]
    NoDisplay { display: String, message: String },
    #[error("overlay window: {0}")]
    Window(String),
}

/// How often a shown overlay raises itself above the game again.
const RAISE_EVERY: Duration = Duration::from_secs(1);

/// Title of the overlay window, so that other tools (and tests) can tell it apart.
pub const TITLE: &str = "minehint overlay";

/// Sends [`UiEvent`]s to the overlay window from any thread.
#[derive(Clone)]
pub struct WindowSender {
    proxy: EventLoopProxy<UiEvent>,
    nudge: Nudge,
}

impl WindowSender {
    /// Sends `event`; false once the overlay has closed.
    pub fn send(&self, event: UiEvent) -> bool {
        let sent = self.proxy.send_event(event).is_ok();
        self.nudge.ring();
        sent
    }
}

/// The winit event loop for the overlay on `system`, the bell its senders ring, and a sender
/// of events from other threads.
pub fn overlay_event_loop(
    system: DisplaySystem,
) -> Result<(EventLoop<UiEvent>, Nudge, WindowSender), OverlayError> {
    let mut builder = EventLoop::<UiEvent>::with_user_event();
    // The overlay goes where the game was seen: an XWayland game gets an X11 overlay, which can
    // be placed over it, though winit would pick Wayland where both are there.
    #[cfg(target_os = "linux")]
    match system {
        DisplaySystem::Wayland => {
            use winit::platform::wayland::EventLoopBuilderExtWayland;
            builder.with_wayland();
        }
        DisplaySystem::X11 | DisplaySystem::Windows => {
            use winit::platform::x11::EventLoopBuilderExtX11;
            builder.with_x11();
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = system;
    let event_loop = builder.build().map_err(|err| OverlayError::NoDisplay {
        display: std::env::var("DISPLAY").unwrap_or_else(|_| "unset".into()),
        message: err.to_string(),
    })?;
    // The overlay reads no device input (it is click-through). winit's default already listens
    // only while the window has the focus, which the overlay never takes; this says so outright.
    event_loop.listen_device_events(DeviceEvents::Never);
    let nudge = Nudge::default();
    let sender = WindowSender {
        proxy: event_loop.create_proxy(),
        nudge: nudge.clone(),
    };
    Ok((event_loop, nudge, sender))
}

/// Runs the overlay until [`UiEvent::Quit`]; `on_presented` gets the time from each scene's
/// capture to its pixels reaching the display server.
pub fn run_overlay(
    event_loop: EventLoop<UiEvent>,
    nudge: Nudge,
    on_presented: Box<dyn FnMut(Duration)>,
) -> Result<(), OverlayError> {
    let mut app = OverlayApp {
        window: None,
        surface: None,
        stacking: None,
        placer: None,
        scene: None,
        shown: None,
        on_presented,
        untimed: false,
        error: None,
        busy: true,
        nudge,
    };
    event_loop
        .run_app(&mut app)
        .map_err(|err| OverlayError::Window(err.to_string()))?;
    app.error.map_or(Ok(()), Err)
}

type Surface = softbuffer::Surface<Rc<Window>, Rc<Window>>;

/// What the overlay window needs on X11: unmanaged, since a window manager's frame around a
/// managed window would take the clicks its input shape lets through, and a managed window can
/// take the focus.
#[cfg(target_os = "linux")]
fn system_attributes(attributes: WindowAttributes) -> WindowAttributes {
    use winit::platform::x11::{WindowAttributesExtX11, WindowType};
    attributes
        .with_override_redirect(true)
        .with_x11_window_type(vec![WindowType::Notification])
}

/// What the overlay window needs on Windows: no taskbar button. The system keeps an
/// always-on-top window above the game by itself, shown without activation it never takes the
/// focus, and with hit-testing off it is click-through (`WS_EX_TRANSPARENT`).
#[cfg(windows)]
fn system_attributes(attributes: WindowAttributes) -> WindowAttributes {
    use winit::platform::windows::WindowAttributesExtWindows;
    attributes.with_skip_taskbar(true)
}

#[cfg(not(any(target_os = "linux", windows)))]
fn system_attributes(attributes: WindowAttributes) -> WindowAttributes {
    attributes
}

/// On Windows a window made click-through while hidden stays invisible once shown (winit
/// issue 2618: the layered style it takes is applied before the window has content); turning
/// hit-testing on and off again once it is visible shows it, still click-through.
#[cfg(windows)]
fn refresh_click_through(window: &Window) {
    let _ = window.set_cursor_hittest(true);
    let _ = window.set_cursor_hittest(false);
}

/// Elsewhere the click-through set at creation holds.
#[cfg(not(windows))]
fn refresh_click_through(_window: &Window) {}

/// Where the compositor places windows itself (Windows, X11): nothing to ask of it.
#[cfg(not(target_os = "linux"))]
struct Placer;

#[cfg(not(target_os = "linux"))]
impl Placer {
    fn before_show(&mut self) {}

    fn show(&mut self, _rect: ScreenRect) {}

    fn hide(&mut self) {}
}

/// A placer for the panel where a Wayland compositor, not the window, decides where it goes.
#[cfg(target_os = "linux")]
fn placer_for(window: &Window) -> Option<Placer> {
    use winit::raw_window_handle::{HasWindowHandle, RawWindowHandle};
    let wayland = matches!(
        window.window_handle().map(|h| h.as_raw()),
        Ok(RawWindowHandle::Wayland(_))
    );
    if !wayland {
        return None;
    }
    let placer = Placer::connect();
    if placer.is_none() {
        tracing::warn!(
            "this Wayland compositor places the hint panel where it likes (only sway lets live \
             place it): move it beside the game"
        );
    }
    placer
}

#[cfg(not(target_os = "linux"))]
fn placer_for(_window: &Window) -> Option<Placer> {
    None
}

/// Elsewhere the system keeps an always-on-top window on top: nothing to raise by hand.
#[cfg(not(target_os = "linux"))]
struct Stacking;

#[cfg(not(target_os = "linux"))]
impl Stacking {
    fn of(_window: &Window) -> Option<Stacking> {
        None
    }

    fn raise(&self) {}
}

struct OverlayApp {
    window: Option<Rc<Window>>,
    surface: Option<Surface>,
    stacking: Option<Stacking>,
    /// On Wayland, what places the panel (the window cannot place itself there).
    placer: Option<Placer>,
    scene: Option<Scene>,
    /// Where the window was last put, to move it only when the scene moved.
    shown: Option<ScreenRect>,
    on_presented: Box<dyn FnMut(Duration)>,
    /// Whether the current scene's first present is still to be timed (redraws are not).
    untimed: bool,
    error: Option<OverlayError>,
    /// Whether anything came since the loop last went to wait (read on Windows only: see
    /// `NAP_AFTER_EMPTY_WAKE`).
    busy: bool,
    /// Rung by the senders: a nap ends when a scene is sent.
    #[cfg_attr(not(windows), allow(dead_code))]
    nudge: Nudge,
}

/// How long the loop sleeps at most before waiting again after a wake-up that brought nothing.
/// Under Wine 8 winit's wait (`MsgWaitForMultipleObjectsEx`, input available) returns at once
/// with nothing in the queue while a window is shown: a bare winit window woke 6,000 times a
/// second there, 39% of a core, and `live` took 86% with the board left alone. The nap ends as
/// soon as the live loop sends something (the senders ring the [`Nudge`]), so a new scene is
/// not drawn later for it; only the system's own messages to the window (a redraw, a move) can
/// wait, and the overlay takes no input. A fixed 5 ms sleep woke the loop 200 times a second,
/// about a point of a core under Wine. Where the wait works, a wake-up that brought nothing is
/// rare, so the nap costs nothing there.
#[cfg(windows)]
const NAP_AFTER_EMPTY_WAKE: Duration = Duration::from_millis(50);

impl OverlayApp {
    fn create(&mut self, event_loop: &ActiveEventLoop) -> Result<(), OverlayError> {
        let attributes = Window::default_attributes()
            .with_title(TITLE)
            .with_decorations(false)
            .with_transparent(true)
            .with_resizable(false)
            .with_active(false)
            .with_visible(false)
            .with_window_level(WindowLevel::AlwaysOnTop)
            .with_inner_size(PhysicalSize::new(1, 1));
        let attributes = system_attributes(attributes);
        let window = Rc::new(
            event_loop
                .create_window(attributes)
                .map_err(|err| OverlayError::Window(err.to_string()))?,
        );
        // Click-through: an empty input shape, so every click goes to the game below.
        window
            .set_cursor_hittest(false)
            .map_err(|err| OverlayError::Window(format!("cannot make it click-through: {err}")))?;
        let context = softbuffer::Context::new(window.clone())
            .map_err(|err| OverlayError::Window(err.to_string()))?;
        let surface = Surface::new(&context, window.clone())
            .map_err(|err| OverlayError::Window(err.to_string()))?;
        self.stacking = Stacking::of(&window);
        self.placer = placer_for(&window);
        self.window = Some(window);
        self.surface = Some(surface);
        Ok(())
    }

    fn show(&mut self, scene: Scene) {
        let Some(window) = &self.window else { return };
        let rect = scene.window_rect();
        if self.shown.is_none() {
            if let Some(placer) = &mut self.placer {
                placer.before_show();
            }
            // Mapped first, then moved: a window manager places a window as it maps it,
            // whatever position it was given before.
            window.set_visible(true);
            refresh_click_through(window);
        }
        if self.shown != Some(rect) {
            window.set_outer_position(PhysicalPosition::new(rect.x, rect.y));
            let _ = window.request_inner_size(PhysicalSize::new(rect.width, rect.height));
            self.shown = Some(rect);
        }
        if let Some(stacking) = &self.stacking {
            stacking.raise();
        }
        self.scene = Some(scene);
        self.untimed = true;
        if let Err(err) = self.draw() {
            self.error = Some(err);
        }
        // After drawing: a Wayland window exists for the compositor once it has content.
        if let Some(placer) = &mut self.placer {
            placer.show(rect);
        }
    }

    fn hide(&mut self) {
        if let Some(window) = &self.window {
            window.set_visible(false);
        }
        if let Some(placer) = &mut self.placer {
            placer.hide();
        }
        self.scene = None;
        self.shown = None;
    }

    /// Draws the current scene into a fresh buffer and presents it.
    fn draw(&mut self) -> Result<(), OverlayError> {
        let (Some(surface), Some(scene)) = (&mut self.surface, &self.scene) else {
            return Ok(());
        };
        let rect = scene.window_rect();
        let (Some(w), Some(h)) = (NonZeroU32::new(rect.width), NonZeroU32::new(rect.height)) else {
            return Ok(());
        };
        surface
            .resize(w, h)
            .map_err(|err| OverlayError::Window(err.to_string()))?;
        let mut buffer = surface
            .buffer_mut()
            .map_err(|err| OverlayError::Window(err.to_string()))?;
        if let Some(mut canvas) = PremulBuffer::new(&mut buffer, rect.width, rect.height) {
            // Transparent where nothing is drawn; the panel paints its own opaque background.
            canvas.clear(Rgba([0, 0, 0, 0]));
            scene.draw(&mut canvas);
        }
        buffer
            .present()
            .map_err(|err| OverlayError::Window(err.to_string()))?;
        if let (true, Some(captured)) = (std::mem::take(&mut self.untimed), scene.captured) {
            (self.on_presented)(Instant::now().saturating_duration_since(captured));
        }
        Ok(())
    }
}

impl ApplicationHandler<UiEvent> for OverlayApp {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.window.is_none() {
            if let Err(err) = self.create(event_loop) {
                self.error = Some(err);
                event_loop.exit();
            }
        }
    }

    fn user_event(&mut self, event_loop: &ActiveEventLoop, event: UiEvent) {
        self.busy = true;
        match event {
            UiEvent::Show(scene) => self.show(*scene),
            UiEvent::Hide => self.hide(),
            UiEvent::Quit => event_loop.exit(),
        }
        if self.error.is_some() {
            event_loop.exit();
        }
    }

    /// A shown overlay wakes up once a second to raise itself again where it has to (X11
    /// without a compositor's help, a Wayland compositor that refused a placement): a click on
    /// the game that changes nothing on the board still raises the game window, and no new
    /// scene follows. Elsewhere (Windows keeps an always-on-top window on top) it sleeps until
    /// told something: under Wine a loop woken each second kept its thread at 40% of a core.
    fn about_to_wait(&mut self, event_loop: &ActiveEventLoop) {
        #[cfg(windows)]
        if !std::mem::take(&mut self.busy) {
            self.nudge.nap(NAP_AFTER_EMPTY_WAKE);
        }
        let rewake = self.stacking.is_some() || self.placer.is_some();
        event_loop.set_control_flow(if self.shown.is_some() && rewake {
            ControlFlow::WaitUntil(Instant::now() + RAISE_EVERY)
        } else {
            ControlFlow::Wait
        });
    }

    fn new_events(&mut self, _event_loop: &ActiveEventLoop, cause: StartCause) {
        let (StartCause::ResumeTimeReached { .. }, Some(shown)) = (cause, self.shown) else {
            return;
        };
        if let Some(stacking) = &self.stacking {
            stacking.raise();
        }
        // A placement the compositor refused (the window was not known to it yet) is tried
        // again.
        if let Some(placer) = &mut self.placer {
            placer.show(shown);
        }
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        self.busy = true;
        match event {
            // Exposed, or resized by the server after a new scene: draw again.
            WindowEvent::RedrawRequested | WindowEvent::Resized(_) => {
                if let Err(err) = self.draw() {
                    self.error = Some(err);
                    event_loop.exit();
                }
            }
            WindowEvent::CloseRequested => event_loop.exit(),
            _ => {}
        }
    }
}
