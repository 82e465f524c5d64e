//! The frames of a screen cast, received over PipeWire: a stream connected to the cast's node,
//! on a thread of its own, keeping the newest frame for `grab` to crop. The desktop portal
//! (`portal`) hands out the connection and the node; anything that offers a video node will do.

use super::screen::CaptureError;
use image::RgbImage;
use pipewire::spa;
use pipewire::spa::param::format::{FormatProperties, MediaSubtype, MediaType};
use pipewire::spa::param::video::{VideoFormat, VideoInfoRaw};
use pipewire::spa::param::ParamType;
use pipewire::spa::pod::{self, Pod};
use pipewire::stream::{StreamFlags, StreamRc};
use std::os::fd::OwnedFd;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long to wait for the first frame once the stream is set up.
const FIRST_FRAME_WITHIN: Duration = Duration::from_secs(10);

/// The newest frame of the stream, as it came (4 bytes a pixel, rows `stride` bytes apart).
#[derive(Default)]
struct Frame {
    width: u32,
    height: u32,
    stride: usize,
    /// Where red, green and blue sit in each 4-byte pixel.
    order: [usize; 3],
    bytes: Vec<u8>,
}

/// A stream of a screen cast's frames.
pub struct CastStream {
    frame: Arc<Mutex<Frame>>,
    quit: pipewire::channel::Sender<()>,
    thread: Option<JoinHandle<()>>,
}

impl CastStream {
    /// Connects to PipeWire over `fd` and streams node `node`; returns once the first frame
    /// came.
    pub fn start(fd: OwnedFd, node: u32) -> Result<CastStream, CaptureError> {
        let frame = Arc::new(Mutex::new(Frame::default()));
        let (quit, quit_receiver) = pipewire::channel::channel();
        let thread = {
            let frame = frame.clone();
            std::thread::spawn(move || {
                if let Err(err) = stream_frames(fd, node, frame, quit_receiver) {
                    tracing::warn!("the screen cast stopped: {err}");
                }
            })
        };
        let stream = CastStream {
            frame,
            quit,
            thread: Some(thread),
        };
        let start = Instant::now();
        while stream
            .frame
            .lock()
            .map(|f| f.bytes.is_empty())
            .unwrap_or(true)
        {
            if start.elapsed() > FIRST_FRAME_WITHIN {
                return Err(CaptureError::Capture(format!(
                    "the screen cast sent no frame within {} s",
                    FIRST_FRAME_WITHIN.as_secs()
                )));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        Ok(stream)
    }

    fn frame(&self) -> Result<std::sync::MutexGuard<'_, Frame>, CaptureError> {
        self.frame
            .lock()
            .map_err(|_| CaptureError::Capture("the screen cast's thread failed".into()))
    }

    /// The size of the frames.
    pub fn size(&self) -> Result<(u32, u32), CaptureError> {
        let frame = self.frame()?;
        Ok((frame.width, frame.height))
    }

    /// The pixels of `area` (x, y, width, height) of the newest frame, clipped to it.
    pub fn grab(&self, area: (i32, i32, u32, u32)) -> Result<RgbImage, CaptureError> {
        self.frame()?.crop(area)
    }
}

impl Drop for CastStream {
    fn drop(&mut self) {
        let _ = self.quit.send(());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Frame {
    fn crop(&self, area: (i32, i32, u32, u32)) -> Result<RgbImage, CaptureError> {
        let (x, y, width, height) = area;
        let (x, y) = (x.max(0) as u32, y.max(0) as u32);
        let width = width.min(self.width.saturating_sub(x));
        let height = height.min(self.height.saturating_sub(y));
        if width == 0 || height == 0 {
            return Err(CaptureError::Capture(format!(
                "the area {x},{y} is off the {}x{} screen",
                self.width, self.height
            )));
        }
        let [r, g, b] = self.order;
        let mut rgb = Vec::with_capacity(width as usize * height as usize * 3);
        for row in y..y + height {
            let start = row as usize * self.stride + x as usize * 4;
            let line = &self.bytes[start..start + width as usize * 4];
            for pixel in line.chunks_exact(4) {
                rgb.extend_from_slice(&[pixel[r], pixel[g], pixel[b]]);
            }
        }
        RgbImage::from_raw(width, height, rgb).ok_or_else(|| {
            CaptureError::Capture("the screen cast's frame has the wrong size".into())
        })
    }
}

/// The formats asked of the stream: 4-byte RGB orders, any size and rate.
fn format_params() -> Result<Vec<u8>, CaptureError> {
    let object = pod::object!(
        spa::utils::SpaTypes::ObjectParamFormat,
        ParamType::EnumFormat,
        pod::property!(FormatProperties::MediaType, Id, MediaType::Video),
        pod::property!(FormatProperties::MediaSubtype, Id, MediaSubtype::Raw),
        pod::property!(
            FormatProperties::VideoFormat,
            Choice,
            Enum,
            Id,
            VideoFormat::BGRx,
            VideoFormat::BGRx,
            VideoFormat::BGRA,
            VideoFormat::RGBx,
            VideoFormat::RGBA,
            VideoFormat::xRGB,
            VideoFormat::xBGR
        ),
    );
    pod::serialize::PodSerializer::serialize(
        std::io::Cursor::new(Vec::new()),
        &pod::Value::Object(object),
    )
    .map(|(cursor, _)| cursor.into_inner())
    .map_err(|err| CaptureError::failed("the stream's formats", format!("{err:?}")))
}

/// Where red, green and blue sit in a pixel of `format`; `None` for formats not asked for.
fn channel_order(format: VideoFormat) -> Option<[usize; 3]> {
    Some(match format {
        VideoFormat::BGRx | VideoFormat::BGRA => [2, 1, 0],
        VideoFormat::RGBx | VideoFormat::RGBA => [0, 1, 2],
        VideoFormat::xRGB => [1, 2, 3],
        VideoFormat::xBGR => [3, 2, 1],
        _ => return None,
    })
}

/// Receives frames from PipeWire node `node` over `fd` into `frame` until told to quit.
fn stream_frames(
    fd: OwnedFd,
    node: u32,
    frame: Arc<Mutex<Frame>>,
    quit: pipewire::channel::Receiver<()>,
) -> Result<(), CaptureError> {
    let pw = |what: &str| {
        let what = what.to_string();
        move |err: pipewire::Error| CaptureError::failed(&what, err)
    };
    pipewire::init();
    let main_loop = pipewire::main_loop::MainLoopRc::new(None).map_err(pw("PipeWire"))?;
    let context = pipewire::context::ContextRc::new(&main_loop, None).map_err(pw("PipeWire"))?;
    let core = context
        .connect_fd_rc(fd, None)
        .map_err(pw("cannot connect to PipeWire"))?;
    let stream = StreamRc::new(
        core,
        "minehint",
        pipewire::properties::properties! {
            *pipewire::keys::MEDIA_TYPE => "Video",
            *pipewire::keys::MEDIA_CATEGORY => "Capture",
            *pipewire::keys::MEDIA_ROLE => "Screen",
        },
    )
    .map_err(pw("PipeWire stream"))?;
    let _listener = stream
        .add_local_listener_with_user_data(VideoInfoRaw::default())
        .param_changed(|_, info, id, param| {
            if let Some(param) = param.filter(|_| id == ParamType::Format.as_raw()) {
                if let Err(err) = info.parse(param) {
                    tracing::warn!("the screen cast's format: {err:?}");
                }
            }
        })
        .process(move |stream, info| {
            let Some(mut buffer) = stream.dequeue_buffer() else {
                return;
            };
            let Some(order) = channel_order(info.format()) else {
                return;
            };
            let datas = buffer.datas_mut();
            let Some(data) = datas.first_mut() else {
                return;
            };
            let (offset, size, stride) = {
                let chunk = data.chunk();
                (
                    chunk.offset() as usize,
                    chunk.size() as usize,
                    chunk.stride(),
                )
            };
            let (width, height) = (info.size().width, info.size().height);
            let stride = if stride > 0 {
                stride as usize
            } else {
                width as usize * 4
            };
            let Some(bytes) = data.data() else { return };
            let Some(bytes) = bytes.get(offset..offset + size.min(bytes.len() - offset)) else {
                return;
            };
            if bytes.len() < stride * height.saturating_sub(1) as usize + width as usize * 4 {
                return;
            }
            if let Ok(mut frame) = frame.lock() {
                frame.width = width;
                frame.height = height;
                frame.stride = stride;
                frame.order = order;
                frame.bytes.clear();
                frame.bytes.extend_from_slice(bytes);
            }
        })
        .register()
        .map_err(pw("PipeWire stream"))?;
    let params = format_params()?;
    let mut params = [Pod::from_bytes(&params)
        .ok_or_else(|| CaptureError::Capture("the stream's formats".into()))?];
    stream
        .connect(
            spa::utils::Direction::Input,
            Some(node),
            StreamFlags::AUTOCONNECT | StreamFlags::MAP_BUFFERS,
            &mut params,
        )
        .map_err(pw("cannot start the screen cast"))?;
    let _quit = quit.attach(main_loop.loop_(), {
        let main_loop = main_loop.clone();
        move |()| main_loop.quit()
    });
    main_loop.run();
    Ok(())
}
