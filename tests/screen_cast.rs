//! The screen-cast stream `live` reads GNOME's and KDE's screens through (`capture::cast_stream`,
//! behind the desktop portal), against a real PipeWire: a PipeWire daemon and its session
//! manager on a runtime directory of the test's own, a video source node offering a fixture
//! screenshot (as the portal's screen cast offers the screen: a PipeWire stream of the test's
//! own, in BGRx with padded rows), and the stream connected to that node.
//! The frame must come back pixel for pixel, crop right, and read as the same board. Without
//! PipeWire or WirePlumber (scripts/test.sh installs them) the test says it was skipped.
#![cfg(target_os = "linux")]

mod programs;

use image::RgbImage;
use minehint::capture::cast_stream::CastStream;
use minehint::pipeline::read_board;
use minehint::vision::{load_image, Classifier, Hints};
use pipewire::spa;
use pipewire::spa::param::format::{FormatProperties, MediaSubtype, MediaType};
use pipewire::spa::param::video::VideoFormat;
use pipewire::spa::param::ParamType;
use pipewire::spa::pod::{Object, Pod, Property, Value as PodValue};
use pipewire::spa::utils::{Fraction, Id, Rectangle, SpaTypes};
use pipewire::stream::{StreamFlags, StreamRc, StreamState};
use programs::{have, wait};
use std::os::unix::net::UnixStream;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::sync::mpsc;
use std::time::Duration;

const FIXTURE: &str = "gnome-default-medium-1000-760-mid.png";

/// What is missing to run the test, if anything.
fn missing() -> Option<String> {
    ["pipewire", "wireplumber", "dbus-run-session"]
        .into_iter()
        .find(|program| !have(program))
        .map(|program| format!("{program} is not installed"))
}

/// A process group the test started; killed, with everything it started, when dropped.
struct Group(Child);

impl Drop for Group {
    fn drop(&mut self) {
        // SAFETY: kill(2) with a negative pid signals the process group the child leads (made
        // with `process_group(0)`); it touches no memory of ours.
        unsafe {
            libc::kill(-(self.0.id() as i32), libc::SIGKILL);
        }
        let _ = self.0.wait();
    }
}

fn spawn(mut command: Command, log: &Path) -> Result<Group, String> {
    let log = std::fs::File::create(log).map_err(|e| e.to_string())?;
    command
        .stdout(log.try_clone().map_err(|e| e.to_string())?)
        .stderr(log)
        .process_group(0)
        .spawn()
        .map(Group)
        .map_err(|e| format!("cannot start {command:?}: {e}"))
}

/// A video source node offering one picture over and over, as a screen cast offers the screen:
/// BGRx, each row padded with 256 bytes, in frames as fast as the graph asks. Its PipeWire loop
/// runs on a thread until dropped.
struct Source {
    node: u32,
    quit: pipewire::channel::Sender<()>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Source {
    fn drop(&mut self) {
        let _ = self.quit.send(());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The picture as BGRx rows of `stride` bytes.
fn bgrx(picture: &RgbImage, stride: usize) -> Vec<u8> {
    let mut bytes = vec![0u8; stride * picture.height() as usize];
    for (y, row) in picture.rows().enumerate() {
        for (x, pixel) in row.enumerate() {
            let [r, g, b] = pixel.0;
            bytes[y * stride + x * 4..][..4].copy_from_slice(&[b, g, r, 0xFF]);
        }
    }
    bytes
}

fn serialized(object: Object) -> Result<Vec<u8>, String> {
    spa::pod::serialize::PodSerializer::serialize(
        std::io::Cursor::new(Vec::new()),
        &PodValue::Object(object),
    )
    .map(|(cursor, _)| cursor.into_inner())
    .map_err(|e| format!("{e:?}"))
}

impl Source {
    fn offer(socket: &Path, picture: RgbImage) -> Result<Source, String> {
        let (width, height) = picture.dimensions();
        // Rows longer than the pixels, as GPUs pad them: the stream must use the stride.
        let stride = width as usize * 4 + 256;
        let frame = bgrx(&picture, stride);
        let format = serialized(Object {
            type_: SpaTypes::ObjectParamFormat.as_raw(),
            id: ParamType::EnumFormat.as_raw(),
            properties: vec![
                Property::new(
                    FormatProperties::MediaType.as_raw(),
                    PodValue::Id(Id(MediaType::Video.as_raw())),
                ),
                Property::new(
                    FormatProperties::MediaSubtype.as_raw(),
                    PodValue::Id(Id(MediaSubtype::Raw.as_raw())),
                ),
                Property::new(
                    FormatProperties::VideoFormat.as_raw(),
                    PodValue::Id(Id(VideoFormat::BGRx.as_raw())),
                ),
                Property::new(
                    FormatProperties::VideoSize.as_raw(),
                    PodValue::Rectangle(Rectangle { width, height }),
                ),
                Property::new(
                    FormatProperties::VideoFramerate.as_raw(),
                    PodValue::Fraction(Fraction { num: 10, denom: 1 }),
                ),
            ],
        })?;
        let buffers = serialized(Object {
            type_: SpaTypes::ObjectParamBuffers.as_raw(),
            id: ParamType::Buffers.as_raw(),
            properties: vec![
                Property::new(spa::sys::SPA_PARAM_BUFFERS_buffers, PodValue::Int(4)),
                Property::new(spa::sys::SPA_PARAM_BUFFERS_blocks, PodValue::Int(1)),
                Property::new(
                    spa::sys::SPA_PARAM_BUFFERS_size,
                    PodValue::Int((stride * height as usize) as i32),
                ),
                Property::new(
                    spa::sys::SPA_PARAM_BUFFERS_stride,
                    PodValue::Int(stride as i32),
                ),
            ],
        })?;
        let connection = UnixStream::connect(socket).map_err(|e| e.to_string())?;
        let (quit, quit_receiver) = pipewire::channel::channel::<()>();
        let (started, node) = mpsc::channel();
        let thread = std::thread::spawn(move || {
            let run = || -> Result<(), String> {
                let text = |e: pipewire::Error| e.to_string();
                pipewire::init();
                let main_loop = pipewire::main_loop::MainLoopRc::new(None).map_err(text)?;
                let context = pipewire::context::ContextRc::new(&main_loop, None).map_err(text)?;
                let core = context
                    .connect_fd_rc(connection.into(), None)
                    .map_err(text)?;
                let stream = StreamRc::new(
                    core,
                    "minehint-test-screen",
                    pipewire::properties::properties! {
                        *pipewire::keys::MEDIA_CLASS => "Video/Source",
                        *pipewire::keys::MEDIA_TYPE => "Video",
                    },
                )
                .map_err(text)?;
                let started = started.clone();
                let _listener = stream
                    .add_local_listener_with_user_data(())
                    .state_changed(move |stream, _, _, state| {
                        if matches!(state, StreamState::Paused | StreamState::Streaming) {
                            let _ = started.send(stream.node_id());
                        }
                    })
                    .param_changed(move |stream, _, id, param| {
                        if id == ParamType::Format.as_raw() && param.is_some() {
                            if let Some(pod) = Pod::from_bytes(&buffers) {
                                let _ = stream.update_params(&mut [pod]);
                            }
                        }
                    })
                    .process(move |stream, _| {
                        let Some(mut buffer) = stream.dequeue_buffer() else {
                            return;
                        };
                        if let Some(data) = buffer.datas_mut().first_mut() {
                            if let Some(memory) = data.data() {
                                let n = memory.len().min(frame.len());
                                memory[..n].copy_from_slice(&frame[..n]);
                                let chunk = data.chunk_mut();
                                *chunk.offset_mut() = 0;
                                *chunk.size_mut() = n as u32;
                                *chunk.stride_mut() = stride as i32;
                            }
                        }
                    })
                    .register()
                    .map_err(text)?;
                let mut params = [Pod::from_bytes(&format).ok_or("the format")?];
                stream
                    .connect(
                        spa::utils::Direction::Output,
                        None,
                        StreamFlags::MAP_BUFFERS,
                        &mut params,
                    )
                    .map_err(text)?;
                let _quit = quit_receiver.attach(main_loop.loop_(), {
                    let main_loop = main_loop.clone();
                    move |()| main_loop.quit()
                });
                main_loop.run();
                Ok(())
            };
            if let Err(err) = run() {
                eprintln!("the test's video source failed: {err}");
            }
        });
        let mut source = Source {
            node: 0,
            quit,
            thread: Some(thread),
        };
        // Dropped on failure, which stops the thread.
        source.node = node
            .recv_timeout(Duration::from_secs(10))
            .map_err(|_| "the test's video source never started".to_string())?;
        Ok(source)
    }
}

fn tail(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(8)..].join("\n")
}

/// One try: PipeWire, the fixture as a video node, the stream, the frame compared.
fn cast_fixture(dir: &Path, fixture: &Path) -> Result<(), String> {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let mut daemon = Command::new("dbus-run-session");
    daemon
        .args(["--", "sh", "-c", "pipewire & sleep 1; wireplumber & wait"])
        .env("XDG_RUNTIME_DIR", dir)
        .env_remove("PIPEWIRE_REMOTE");
    let _daemon = spawn(daemon, &dir.join("pipewire.log"))?;
    let socket = dir.join("pipewire-0");
    wait(Duration::from_secs(15), || socket.exists().then_some(())).ok_or_else(|| {
        format!(
            "PipeWire did not start:\n{}",
            tail(&dir.join("pipewire.log"))
        )
    })?;
    let want = load_image(fixture).map_err(|e| e.to_string())?;
    let source = Source::offer(&socket, want.clone())?;
    let connection = UnixStream::connect(&socket).map_err(|e| e.to_string())?;
    let node = source.node;
    let stream = CastStream::start(connection.into(), node)
        .map_err(|e| format!("{e}\n{}", tail(&dir.join("pipewire.log"))))?;
    let size = stream.size().map_err(|e| e.to_string())?;
    if size != want.dimensions() {
        return Err(format!(
            "the stream's frames are {size:?}, the picture {:?}",
            want.dimensions()
        ));
    }
    let frame = stream
        .grab((0, 0, size.0, size.1))
        .map_err(|e| e.to_string())?;
    let off = frame
        .pixels()
        .zip(want.pixels())
        .filter(|(a, b)| a != b)
        .count();
    if off > 0 {
        return Err(format!("{off} pixels of the frame differ from the picture"));
    }
    // A corner of the frame, as `live` crops the board out of the screen.
    let corner = stream.grab((10, 20, 30, 40)).map_err(|e| e.to_string())?;
    let expected = image::imageops::crop_imm(&want, 10, 20, 30, 40).to_image();
    if corner != expected {
        return Err("a cropped area differs from the picture's".into());
    }
    let classifier = Classifier::embedded().map_err(|e| e.to_string())?;
    let read = |image| read_board(image, Hints::default(), &classifier).map(|r| r.board.to_text());
    if read(&frame).map_err(|e| e.to_string())? != read(&want).map_err(|e| e.to_string())? {
        return Err("the frame reads as another board".into());
    }
    eprintln!(
        "a {}x{} frame came through PipeWire node {node} intact",
        size.0, size.1
    );
    Ok(())
}

#[test]
fn a_screen_cast_frame_comes_through_pipewire_intact() {
    if let Some(why) = missing() {
        eprintln!("a_screen_cast_frame_comes_through_pipewire_intact: SKIPPED, {why}");
        return;
    }
    let fixture: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(FIXTURE);
    let mut errors = Vec::new();
    // Daemons that start slowly now and then: three tries before failing.
    for attempt in 1..=3 {
        let dir =
            std::env::temp_dir().join(format!("minehint-cast-{}-{attempt}", std::process::id()));
        let result = cast_fixture(&dir, &fixture);
        let _ = std::fs::remove_dir_all(&dir);
        match result {
            Ok(()) => return,
            Err(err) => {
                eprintln!("try {attempt} failed: {err}");
                errors.push(err);
            }
        }
    }
    panic!("the screen cast failed:\n{}", errors.join("\n---\n"));
}
