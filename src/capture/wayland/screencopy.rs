//! One rectangle of one output, copied through wlr-screencopy into a single shared-memory
//! buffer kept for the whole run, and copied again only once the compositor has something new
//! to show.
//!
//! Why not a fresh screenshot a frame: each copy makes the compositor render the output into
//! our buffer, and a new buffer a frame costs a memory file, a pool and a buffer on both sides.
//! Here, after each copy, the next one is asked for at once with `copy_with_damage` (protocol
//! version 2): the compositor holds it until the output changes. The caller waits for that on
//! the socket ([`Session::next_change`]), on a thread of its own (`stream`), so that the next
//! copy is asked for as soon as one comes: the compositor copies only at its own frames, and a
//! change drawn in a frame before the ask would wait for the next frame, which a still screen
//! never draws.

use super::pixels::{to_rgb, ShmLayout};
use crate::capture::CaptureError;
use image::RgbImage;
use rustix::event::{eventfd, poll, EventfdFlags, PollFd, PollFlags, Timespec};
use std::fs::File;
use std::os::fd::{AsFd, OwnedFd};
use std::os::unix::fs::FileExt;
use std::sync::Arc;
use std::time::{Duration, Instant};
use wayland_client::backend::ObjectId;
use wayland_client::globals::GlobalList;
use wayland_client::protocol::wl_buffer::{self, WlBuffer};
use wayland_client::protocol::wl_output::WlOutput;
use wayland_client::protocol::wl_shm::{self, WlShm};
use wayland_client::protocol::wl_shm_pool::{self, WlShmPool};
use wayland_client::{Connection, Dispatch, EventQueue, Proxy, QueueHandle, WEnum};
use wayland_protocols_wlr::screencopy::v1::client::zwlr_screencopy_frame_v1::{
    self, ZwlrScreencopyFrameV1,
};
use wayland_protocols_wlr::screencopy::v1::client::zwlr_screencopy_manager_v1::{
    self, ZwlrScreencopyManagerV1,
};

/// How long a copy the compositor owes may take: a frame at the slowest refresh rate, and
/// then some. A compositor that does not answer in this time is reported, not waited on.
pub const ANSWER_WITHIN: Duration = Duration::from_secs(2);

/// Where to copy from: a rectangle of an output, in the output's logical coordinates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub output: WlOutput,
    pub x: i32,
    pub y: i32,
    pub width: i32,
    pub height: i32,
}

/// Why a copy could not be made this way; the caller may copy the screen another way.
#[derive(Debug, Clone)]
pub enum CopyError {
    /// The compositor asks for a buffer this module does not read (a 10-bit format, say).
    Unsupported(String),
    /// The connection or the compositor failed.
    Failed(String),
}

impl From<CopyError> for CaptureError {
    fn from(err: CopyError) -> CaptureError {
        match err {
            CopyError::Unsupported(why) | CopyError::Failed(why) => CaptureError::Capture(why),
        }
    }
}

/// What the compositor has said about the frame in flight.
#[derive(Default)]
struct FrameEvents {
    /// The frame these events are for; events of an earlier, dropped frame are ignored.
    frame: Option<ObjectId>,
    layout: Option<ShmLayout>,
    buffer_done: bool,
    y_invert: bool,
    ready: bool,
    failed: bool,
}

/// The shared-memory buffer frames are copied into, kept while the layout stays the same.
struct Buffer {
    file: File,
    pool: WlShmPool,
    buffer: WlBuffer,
    layout: ShmLayout,
}

impl Drop for Buffer {
    fn drop(&mut self) {
        self.buffer.destroy();
        self.pool.destroy();
    }
}

/// A frame asked for with damage, not yet copied.
struct Pending {
    request: Request,
    frame: ZwlrScreencopyFrameV1,
}

/// Wakes a [`Session::next_change`] early (another thread wants another rectangle).
#[derive(Clone)]
pub struct Waker(Arc<OwnedFd>);

impl Waker {
    pub fn wake(&self) {
        // An eventfd adds what is written to its count. A failed write only leaves the wait
        // to its timeout.
        let _ = rustix::io::write(&*self.0, &1u64.to_ne_bytes());
    }
}

/// The screen-copy side of one Wayland connection.
pub struct Session {
    connection: Connection,
    queue: EventQueue<FrameEvents>,
    events: FrameEvents,
    manager: ZwlrScreencopyManagerV1,
    shm: WlShm,
    buffer: Option<Buffer>,
    pending: Option<Pending>,
    /// Bytes read out of the buffer, kept to spare an allocation a frame.
    scratch: Vec<u8>,
    /// Readable once [`Waker::wake`] was called.
    wake: Arc<OwnedFd>,
}

impl Session {
    /// Binds the screen-copy manager and shared memory on `connection`; `None` where the
    /// compositor offers no wlr-screencopy, or none with damage (version 1).
    pub fn new(connection: &Connection, globals: &GlobalList) -> Option<Session> {
        let queue = connection.new_event_queue::<FrameEvents>();
        let handle = queue.handle();
        let manager = globals
            .bind::<ZwlrScreencopyManagerV1, _, _>(&handle, 2..=3, ())
            .ok()?;
        let shm = globals.bind::<WlShm, _, _>(&handle, 1..=1, ()).ok()?;
        let wake = eventfd(0, EventfdFlags::CLOEXEC | EventfdFlags::NONBLOCK).ok()?;
        Some(Session {
            connection: connection.clone(),
            queue,
            events: FrameEvents::default(),
            manager,
            shm,
            buffer: None,
            pending: None,
            scratch: Vec::new(),
            wake: Arc::new(wake),
        })
    }

    /// What wakes [`next_change`](Self::next_change) before its time.
    pub fn waker(&self) -> Waker {
        Waker(self.wake.clone())
    }

    /// The pixels of `request` as the output shows them now; the next copy is then asked for,
    /// to come once the output changes.
    pub fn copy_now(&mut self, request: &Request) -> Result<RgbImage, CopyError> {
        self.drop_pending();
        let frame = self.start(request)?;
        frame.copy(&self.buffer.as_ref().expect("start made a buffer").buffer);
        let answered = self.wait_for(ANSWER_WITHIN, false, |e| e.ready || e.failed)?;
        let copied = if self.events.ready {
            self.read_buffer()
        } else if self.events.failed {
            Err(failed("the compositor failed to copy the screen"))
        } else {
            Err(failed(&format!(
                "the compositor did not copy the screen within {answered:?}"
            )))
        };
        frame.destroy();
        copied?;
        let y_invert = self.events.y_invert;
        self.ask_with_damage(request)?;
        self.convert(y_invert)
    }

    /// Waits up to `timeout` for the output to change under the copy asked for last: the new
    /// pixels, or `None` when nothing changed (or [`Waker::wake`] cut the wait short).
    pub fn next_change(&mut self, timeout: Duration) -> Result<Option<RgbImage>, CopyError> {
        let Some(request) = self.pending.as_ref().map(|p| p.request.clone()) else {
            return Ok(None);
        };
        self.wait_for(timeout, true, |e| e.ready || e.failed)?;
        if self.events.failed {
            self.drop_pending();
            return Err(failed("the compositor failed to copy the screen"));
        }
        if !self.events.ready {
            return Ok(None);
        }
        self.read_buffer()?;
        let y_invert = self.events.y_invert;
        // The next copy is asked for before the pixels are converted, so that a change the
        // compositor draws from now on is copied at its own frame.
        self.drop_pending();
        self.ask_with_damage(&request)?;
        self.convert(y_invert).map(Some)
    }

    /// Asks for the frame after this one, to be copied once the output changes.
    fn ask_with_damage(&mut self, request: &Request) -> Result<(), CopyError> {
        let frame = self.start(request)?;
        frame.copy_with_damage(&self.buffer.as_ref().expect("start made a buffer").buffer);
        self.connection
            .flush()
            .map_err(|err| failed(&format!("asking for a screen copy: {err}")))?;
        self.pending = Some(Pending {
            request: request.clone(),
            frame,
        });
        Ok(())
    }

    /// Asks for a frame of `request` and waits for the buffer it wants, which is made (or the
    /// kept one reused) before returning.
    fn start(&mut self, request: &Request) -> Result<ZwlrScreencopyFrameV1, CopyError> {
        let handle = self.queue.handle();
        let frame = self.manager.capture_output_region(
            0,
            &request.output,
            request.x,
            request.y,
            request.width,
            request.height,
            &handle,
            (),
        );
        self.events = FrameEvents {
            frame: Some(frame.id()),
            ..FrameEvents::default()
        };
        // Version 3 lists every buffer type it takes, then says so; before, the one shm
        // buffer event is all.
        let described = |e: &FrameEvents| {
            e.failed || e.buffer_done || (frame.version() < 3 && e.layout.is_some())
        };
        if let Err(err) = self.wait_for(ANSWER_WITHIN, false, described) {
            frame.destroy();
            return Err(err);
        }
        let layout = match self.events.layout {
            Some(layout) if !self.events.failed => layout,
            _ => {
                frame.destroy();
                return Err(CopyError::Unsupported(
                    "the compositor offers no shared-memory buffer for a screen copy".into(),
                ));
            }
        };
        if !layout.readable() {
            frame.destroy();
            return Err(CopyError::Unsupported(format!(
                "the compositor copies the screen as {:?}, a format not read here",
                layout.format
            )));
        }
        if self.buffer.as_ref().is_none_or(|b| b.layout != layout) {
            self.buffer = None;
            self.buffer = Some(self.make_buffer(layout)?);
        }
        Ok(frame)
    }

    /// A buffer of `layout` in a memory file of its own.
    fn make_buffer(&self, layout: ShmLayout) -> Result<Buffer, CopyError> {
        let size = i32::try_from(layout.len())
            .map_err(|_| failed(&format!("a screen copy of {layout:?} is too big")))?;
        let fd = rustix::fs::memfd_create("minehint-screencopy", rustix::fs::MemfdFlags::CLOEXEC)
            .map_err(|err| failed(&format!("making a buffer for screen copies: {err}")))?;
        let file = File::from(fd);
        file.set_len(layout.len() as u64)
            .map_err(|err| failed(&format!("sizing the buffer for screen copies: {err}")))?;
        let handle = self.queue.handle();
        let pool = self.shm.create_pool(file.as_fd(), size, &handle, ());
        let buffer = pool.create_buffer(
            0,
            layout.width as i32,
            layout.height as i32,
            layout.stride as i32,
            layout.format,
            &handle,
            (),
        );
        Ok(Buffer {
            file,
            pool,
            buffer,
            layout,
        })
    }

    /// Reads the buffer, the frame now copied, into `scratch`.
    fn read_buffer(&mut self) -> Result<(), CopyError> {
        let buffer = self.buffer.as_ref().expect("a copied frame has a buffer");
        self.scratch.resize(buffer.layout.len(), 0);
        buffer
            .file
            .read_exact_at(&mut self.scratch, 0)
            .map_err(|err| failed(&format!("reading a screen copy: {err}")))
    }

    /// The pixels read last, as RGB.
    fn convert(&self, y_invert: bool) -> Result<RgbImage, CopyError> {
        let layout = self
            .buffer
            .as_ref()
            .expect("a copied frame has a buffer")
            .layout;
        to_rgb(&self.scratch, layout, y_invert)
            .ok_or_else(|| CopyError::Unsupported(format!("a screen copy as {:?}", layout.format)))
    }

    fn drop_pending(&mut self) {
        if let Some(pending) = self.pending.take() {
            pending.frame.destroy();
        }
        self.events = FrameEvents::default();
    }

    /// Reads what the compositor sends, for up to `timeout`, until `done` holds or, when
    /// `wakeable`, the waker is woken. Returns how long it waited.
    fn wait_for(
        &mut self,
        timeout: Duration,
        wakeable: bool,
        done: impl Fn(&FrameEvents) -> bool,
    ) -> Result<Duration, CopyError> {
        let lost = |what: &str, err: &dyn std::fmt::Display| failed(&format!("{what}: {err}"));
        let start = Instant::now();
        let deadline = start + timeout;
        // The socket is looked at at least once, even with no time to wait.
        let mut looked = false;
        loop {
            self.queue
                .dispatch_pending(&mut self.events)
                .map_err(|err| lost("the Wayland connection", &err))?;
            if done(&self.events) || looked && Instant::now() >= deadline {
                return Ok(start.elapsed());
            }
            self.connection
                .flush()
                .map_err(|err| lost("the Wayland connection", &err))?;
            // Another reader may have queued our events already: then dispatch them first.
            let Some(guard) = self.queue.prepare_read() else {
                continue;
            };
            let left = deadline.saturating_duration_since(Instant::now());
            let until = Timespec {
                tv_sec: left.as_secs() as _,
                tv_nsec: left.subsec_nanos() as _,
            };
            let (polled, woken) = {
                let fd = guard.connection_fd();
                let mut fds = [
                    PollFd::new(&fd, PollFlags::IN),
                    PollFd::new(&*self.wake, PollFlags::IN),
                ];
                let watched = if wakeable { 2 } else { 1 };
                let polled = poll(&mut fds[..watched], Some(&until));
                let woken = wakeable && !fds[1].revents().is_empty();
                (polled.map(|_| !fds[0].revents().is_empty()), woken)
            };
            let events = polled
                .or_else(|err| match err {
                    rustix::io::Errno::INTR => Ok(false),
                    err => Err(err),
                })
                .map_err(|err| lost("waiting on the Wayland connection", &err))?;
            looked = true;
            if events {
                guard
                    .read()
                    .map_err(|err| lost("reading the Wayland connection", &err))?;
            } else {
                drop(guard);
            }
            if woken {
                let mut count = [0u8; 8];
                let _ = rustix::io::read(&*self.wake, &mut count);
                self.queue
                    .dispatch_pending(&mut self.events)
                    .map_err(|err| lost("the Wayland connection", &err))?;
                return Ok(start.elapsed());
            }
        }
    }
}

fn failed(what: &str) -> CopyError {
    CopyError::Failed(what.into())
}

impl Dispatch<ZwlrScreencopyFrameV1, ()> for FrameEvents {
    fn event(
        state: &mut Self,
        frame: &ZwlrScreencopyFrameV1,
        event: zwlr_screencopy_frame_v1::Event,
        _: &(),
        _: &Connection,
        _: &QueueHandle<Self>,
    ) {
        if state.frame.as_ref() != Some(&frame.id()) {
            return;
        }
        use zwlr_screencopy_frame_v1::Event;
        match event {
            Event::Buffer {
                format: WEnum::Value(format),
                width,
                height,
                stride,
            } => {
                state.layout = Some(ShmLayout {
                    format,
                    width,
                    height,
                    stride,
                })
            }
            Event::Buffer { .. } => state.failed = true,
            Event::BufferDone => state.buffer_done = true,
            Event::Flags { flags } => {
                state.y_invert = matches!(
                    flags,
                    WEnum::Value(f) if f.contains(zwlr_screencopy_frame_v1::Flags::YInvert)
                )
            }
            Event::Ready { .. } => state.ready = true,
            Event::Failed => state.failed = true,
            _ => {}
        }
    }
}

/// The requests' objects whose events say nothing the copies need.
macro_rules! ignore_events {
    ($($proxy:ty => $module:ident),*) => {$(
        impl Dispatch<$proxy, ()> for FrameEvents {
            fn event(
                _: &mut Self,
                _: &$proxy,
                _: $module::Event,
                _: &(),
                _: &Connection,
                _: &QueueHandle<Self>,
            ) {
            }
        }
    )*};
}

ignore_events!(
    ZwlrScreencopyManagerV1 => zwlr_screencopy_manager_v1,
    WlShm => wl_shm,
    WlShmPool => wl_shm_pool,
    WlBuffer => wl_buffer
);
