//! The live overlay on Wayland compositors with the layer-shell protocol (sway, Hyprland, KDE
//! Plasma and the other wlroots-based ones): one surface on the overlay layer, exactly over the
//! board, that takes no clicks (an empty input region) and no keyboard, drawn with the same code
//! as `advise --out`.
//!
//! softbuffer's Wayland buffers have no alpha channel (XRGB), so this surface presents shared
//! memory buffers of its own in premultiplied ARGB, which is how [`Picture`] holds the marks.
//! The compositor's event queue and the live loop's [`UiEvent`]s meet in one calloop loop on the
//! main thread.

use super::picture::Picture;
use super::scene::{Scene, ScreenRect};
use super::window::{OverlayError, UiEvent};
use smithay_client_toolkit::compositor::{CompositorHandler, CompositorState, Region};
use smithay_client_toolkit::output::{OutputHandler, OutputState};
use smithay_client_toolkit::reexports::calloop::channel::{self, Channel};
use smithay_client_toolkit::reexports::calloop::EventLoop;
use smithay_client_toolkit::reexports::calloop_wayland_source::WaylandSource;
use smithay_client_toolkit::registry::{ProvidesRegistryState, RegistryState};
use smithay_client_toolkit::shell::wlr_layer::{
    Anchor, KeyboardInteractivity, Layer, LayerShell, LayerShellHandler, LayerSurface,
    LayerSurfaceConfigure,
};
use smithay_client_toolkit::shell::WaylandSurface;
use smithay_client_toolkit::shm::slot::{Buffer, SlotPool};
use smithay_client_toolkit::shm::{Shm, ShmHandler};
use smithay_client_toolkit::{
    delegate_compositor, delegate_layer, delegate_output, delegate_registry, delegate_shm,
    registry_handlers,
};
use std::sync::Arc;
use std::time::{Duration, Instant};
use wayland_client::globals::registry_queue_init;
use wayland_client::protocol::{wl_output, wl_shm, wl_surface};
use wayland_client::{Connection, QueueHandle};

/// The namespace compositors see for the surface (sway's `layer_shell` rules match on it).
const NAMESPACE: &str = "minehint overlay";

/// Sends the live loop's events to a [`LayerOverlay`] from any thread.
pub type Sender = channel::Sender<UiEvent>;

/// A layer-shell overlay, ready to run on the main thread.
pub struct LayerOverlay {
    event_loop: EventLoop<'static, LayerState>,
    state: LayerState,
    events: Channel<UiEvent>,
}

/// Connects to `$WAYLAND_DISPLAY` for a layer-shell overlay; `None` where the compositor offers
/// no layer shell (GNOME), or no connection could be made: the overlay is then an ordinary
/// window instead.
pub fn open() -> Option<(LayerOverlay, Sender)> {
    let connection = Connection::connect_to_env().ok()?;
    let (globals, queue) = registry_queue_init::<LayerState>(&connection).ok()?;
    let qh = queue.handle();
    let layer_shell = LayerShell::bind(&globals, &qh).ok()?;
    let compositor = CompositorState::bind(&globals, &qh).ok()?;
    let shm = Shm::bind(&globals, &qh).ok()?;
    let pool = SlotPool::new(256 * 256 * 4, &shm).ok()?;
    let event_loop = EventLoop::<LayerState>::try_new().ok()?;
    WaylandSource::new(connection.clone(), queue)
        .insert(event_loop.handle())
        .ok()?;
    let (sender, events) = channel::channel();
    let state = LayerState {
        registry: RegistryState::new(&globals),
        outputs: OutputState::new(&globals, &qh),
        compositor,
        shm,
        layer_shell,
        pool,
        qh,
        connection,
        placed: None,
        picture: None,
        buffer: None,
        on_presented: Box::new(|_| {}),
        exit: false,
        error: None,
    };
    Some((
        LayerOverlay {
            event_loop,
            state,
            events,
        },
        sender,
    ))
}

impl LayerOverlay {
    /// Runs until [`UiEvent::Quit`] (or the sender is gone); `on_presented` gets the time from
    /// each scene's capture to its pixels reaching the compositor.
    pub fn run(self, on_presented: Box<dyn FnMut(Duration)>) -> Result<(), OverlayError> {
        let LayerOverlay {
            mut event_loop,
            mut state,
            events,
        } = self;
        state.on_presented = on_presented;
        event_loop
            .handle()
            .insert_source(events, |event, _, state: &mut LayerState| match event {
                channel::Event::Msg(UiEvent::Show(scene)) => state.show(&scene),
                channel::Event::Msg(UiEvent::Hide) => state.hide(),
                channel::Event::Msg(UiEvent::Quit) | channel::Event::Closed => state.exit = true,
            })
            .map_err(|err| OverlayError::Window(err.to_string()))?;
        while !state.exit && state.error.is_none() {
            event_loop
                .dispatch(None, &mut state)
                .map_err(|err| OverlayError::Window(format!("the Wayland connection: {err}")))?;
        }
        state.error.map_or(Ok(()), Err)
    }
}

/// The layer surface and where it was put.
struct Placed {
    layer: LayerSurface,
    output: Option<wl_output::WlOutput>,
    /// Whether the compositor sent the first configure: no buffer may be attached before it.
    configured: bool,
}

struct LayerState {
    registry: RegistryState,
    outputs: OutputState,
    compositor: CompositorState,
    shm: Shm,
    layer_shell: LayerShell,
    pool: SlotPool,
    qh: QueueHandle<LayerState>,
    connection: Connection,
    placed: Option<Placed>,
    /// What to show, with the capture time of its frame while its first present is untimed.
    picture: Option<(Arc<Picture>, Option<Instant>)>,
    /// The buffer last presented, kept until the next replaces it.
    buffer: Option<Buffer>,
    on_presented: Box<dyn FnMut(Duration)>,
    exit: bool,
    error: Option<OverlayError>,
}

impl LayerState {
    /// The output showing most of `rect` (screen pixels, from the outputs' common top-left
    /// corner, as the screen copies have them), and `rect`'s offset from that output's corner.
    fn output_for(&self, rect: ScreenRect) -> (Option<wl_output::WlOutput>, (i32, i32)) {
        let outputs: Vec<_> = (self.outputs.outputs())
            .filter_map(|o| {
                let info = self.outputs.info(&o)?;
                let (x, y) = info.logical_position?;
                let (w, h) = info.logical_size?;
                Some((o, (x, y, w, h)))
            })
            .collect();
        let left = outputs.iter().map(|(_, r)| r.0).min().unwrap_or(0);
        let top = outputs.iter().map(|(_, r)| r.1).min().unwrap_or(0);
        let (cx, cy) = (
            left + rect.x + rect.width as i32 / 2,
            top + rect.y + rect.height as i32 / 2,
        );
        let holding = outputs
            .into_iter()
            .find(|(_, (x, y, w, h))| (*x..x + w).contains(&cx) && (*y..y + h).contains(&cy));
        match holding {
            Some((output, (x, y, _, _))) => (Some(output), (left + rect.x - x, top + rect.y - y)),
            None => (None, (rect.x, rect.y)),
        }
    }

    fn show(&mut self, scene: &Scene) {
        let picture = (scene.drawn.clone()).unwrap_or_else(|| Arc::new(Picture::of(scene)));
        let rect = picture.rect;
        let (output, (left, top)) = self.output_for(rect);
        if self.placed.as_ref().is_some_and(|p| p.output != output) {
            // Moved to another output: a layer surface stays on the one it was made for.
            self.placed = None;
        }
        let placed = self.placed.get_or_insert_with(|| {
            let surface = self.compositor.create_surface(&self.qh);
            let layer = self.layer_shell.create_layer_surface(
                &self.qh,
                surface,
                Layer::Overlay,
                Some(NAMESPACE),
                output.as_ref(),
            );
            layer.set_anchor(Anchor::TOP | Anchor::LEFT);
            // Placed from the output's very corner, whatever bars reserve.
            layer.set_exclusive_zone(-1);
            layer.set_keyboard_interactivity(KeyboardInteractivity::None);
            // Click-through: an empty input region, so every click goes to the game below.
            if let Ok(region) = Region::new(&self.compositor) {
                layer.set_input_region(Some(region.wl_region()));
            }
            Placed {
                layer,
                output,
                configured: false,
            }
        });
        placed.layer.set_size(rect.width, rect.height);
        placed.layer.set_margin(top, 0, 0, left);
        let configured = placed.configured;
        if !configured {
            // The first commit carries no buffer; the configure that answers it draws.
            placed.layer.commit();
        }
        self.picture = Some((picture, scene.captured));
        if configured {
            self.draw();
        }
    }

    /// Shows nothing: a fully transparent pixel, which keeps the surface (and its place on the
    /// layer) for the next scene.
    fn hide(&mut self) {
        self.picture = Some((
            Arc::new(Picture {
                rect: ScreenRect::new(0, 0, 1, 1),
                pixels: vec![0],
            }),
            None,
        ));
        if let Some(placed) = &self.placed {
            placed.layer.set_size(1, 1);
            placed.layer.set_margin(0, 0, 0, 0);
            if placed.configured {
                self.draw();
            }
        }
    }

    /// Presents the current picture.
    fn draw(&mut self) {
        let (Some(placed), Some((picture, captured))) = (&self.placed, &mut self.picture) else {
            return;
        };
        let (width, height) = (picture.rect.width as i32, picture.rect.height as i32);
        let (buffer, canvas) =
            match (self.pool).create_buffer(width, height, width * 4, wl_shm::Format::Argb8888) {
                Ok(created) => created,
                Err(err) => {
                    self.error = Some(OverlayError::Window(format!(
                        "cannot make a {width}x{height} buffer: {err}"
                    )));
                    return;
                }
            };
        // wl_shm's ARGB8888 is a little-endian 0xAARRGGBB word, premultiplied: the picture's
        // own layout.
        for (bytes, pixel) in canvas.chunks_exact_mut(4).zip(&picture.pixels) {
            bytes.copy_from_slice(&pixel.to_le_bytes());
        }
        let surface = placed.layer.wl_surface();
        surface.damage_buffer(0, 0, width, height);
        if let Err(err) = buffer.attach_to(surface) {
            self.error = Some(OverlayError::Window(format!("cannot show a buffer: {err}")));
            return;
        }
        placed.layer.commit();
        // Sent now, not when the loop next sleeps: the time measured is to the compositor.
        let _ = self.connection.flush();
        self.buffer = Some(buffer);
        if let Some(captured) = captured.take() {
            (self.on_presented)(Instant::now().saturating_duration_since(captured));
        }
    }
}

impl LayerShellHandler for LayerState {
    fn closed(&mut self, _: &Connection, _: &QueueHandle<Self>, _: &LayerSurface) {
        // The compositor took the surface away (its output went): made again by the next scene.
        self.placed = None;
    }

    fn configure(
        &mut self,
        _: &Connection,
        _: &QueueHandle<Self>,
        _: &LayerSurface,
        _: LayerSurfaceConfigure,
        _: u32,
    ) {
        if let Some(placed) = &mut self.placed {
            let first = !placed.configured;
            placed.configured = true;
            // Later configures only echo the size asked for, already drawn at.
            if first {
                self.draw();
            }
        }
    }
}

impl CompositorHandler for LayerState {
    fn scale_factor_changed(
        &mut self,
        _: &Connection,
        _: &QueueHandle<Self>,
        _: &wl_surface::WlSurface,
        _: i32,
    ) {
    }

    fn transform_changed(
        &mut self,
        _: &Connection,
        _: &QueueHandle<Self>,
        _: &wl_surface::WlSurface,
        _: wl_output::Transform,
    ) {
    }

    fn frame(&mut self, _: &Connection, _: &QueueHandle<Self>, _: &wl_surface::WlSurface, _: u32) {}

    fn surface_enter(
        &mut self,
        _: &Connection,
        _: &QueueHandle<Self>,
        _: &wl_surface::WlSurface,
        _: &wl_output::WlOutput,
    ) {
    }

    fn surface_leave(
        &mut self,
        _: &Connection,
        _: &QueueHandle<Self>,
        _: &wl_surface::WlSurface,
        _: &wl_output::WlOutput,
    ) {
    }
}

impl OutputHandler for LayerState {
    fn output_state(&mut self) -> &mut OutputState {
        &mut self.outputs
    }

    fn new_output(&mut self, _: &Connection, _: &QueueHandle<Self>, _: wl_output::WlOutput) {}

    fn update_output(&mut self, _: &Connection, _: &QueueHandle<Self>, _: wl_output::WlOutput) {}

    fn output_destroyed(
        &mut self,
        _: &Connection,
        _: &QueueHandle<Self>,
        output: wl_output::WlOutput,
    ) {
        if self
            .placed
            .as_ref()
            .is_some_and(|p| p.output == Some(output.clone()))
        {
            self.placed = None;
        }
    }
}

impl ShmHandler for LayerState {
    fn shm_state(&mut self) -> &mut Shm {
        &mut self.shm
    }
}

impl ProvidesRegistryState for LayerState {
    fn registry(&mut self) -> &mut RegistryState {
        &mut self.registry
    }

    registry_handlers![OutputState];
}

delegate_compositor!(LayerState);
delegate_output!(LayerState);
delegate_shm!(LayerState);
delegate_layer!(LayerState);
delegate_registry!(LayerState);
