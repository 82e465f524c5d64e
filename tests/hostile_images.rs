//! Images built to hurt, through the real binary (`minehint parse --json`): decompression bombs,
//! absurd sizes in PNG, GIF and JPEG headers, truncated files, animated GIFs and pictures with no
//! board. Each must end in a clear error (exit status 1, a `bad_image` or `no_board` kind) or a
//! right reading, never a panic, within bounded memory: the child's peak resident memory is
//! measured (wait4) and held under 1 GiB.

use image::codecs::gif::{GifDecoder, GifEncoder};
use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{AnimationDecoder, ImageEncoder, Rgb, RgbImage, RgbaImage};
use serde_json::Value;
use std::io::Read;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Output, Stdio};
use std::sync::{Mutex, MutexGuard};

/// What one run of the binary gave.
struct Run {
    output: Output,
    /// The child's peak resident memory in MiB, as the kernel counted it (at least what this
    /// process held when it forked the child).
    peak_mib: f64,
}

/// The tests take turns. A child's peak as the kernel counts it starts from what its parent held
/// when it forked, so no other test may hold a large picture meanwhile; each test drops its own
/// before running the binary.
static ALONE: Mutex<()> = Mutex::new(());

fn alone() -> MutexGuard<'static, ()> {
    ALONE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs `minehint parse FILE --json` and measures its peak memory.
#[expect(
    clippy::zombie_processes,
    reason = "wait_measured reaps the child with wait4, which also gives its peak memory"
)]
fn parse(path: &Path) -> Run {
    // A forked child starts from its parent's high-water mark: bring the parent's down to what
    // it holds now (Linux 4.0 and later), or the figure is only a looser upper bound.
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let mut child = Command::new(env!("CARGO_BIN_EXE_minehint"))
        .args(["parse", path.to_str().unwrap(), "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stderr = child.stderr.take().unwrap();
    let errors = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = stderr.read_to_end(&mut bytes);
        bytes
    });
    let mut stdout = Vec::new();
    let _ = child.stdout.take().unwrap().read_to_end(&mut stdout);
    let stderr = errors.join().unwrap();
    let (status, peak_mib) = wait_measured(child.id());
    Run {
        output: Output {
            status,
            stdout,
            stderr,
        },
        peak_mib,
    }
}

/// Waits for the child `pid` (reaping it, so its `Child` must not be waited for again) and
/// returns its exit status and its own peak resident memory.
fn wait_measured(pid: u32) -> (ExitStatus, f64) {
    let pid = pid as libc::pid_t;
    let mut status = 0;
    // SAFETY: wait4 writes only into the two values it is given; a zeroed rusage is a valid
    // value of that plain C struct. `pid` is this process's own child, not yet waited for.
    let (reaped, usage) = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        let reaped = libc::wait4(pid, &mut status, 0, &mut usage);
        (reaped, usage)
    };
    assert_eq!(reaped, pid, "wait4: {}", std::io::Error::last_os_error());
    (
        ExitStatus::from_raw(status),
        usage.ru_maxrss as f64 / 1024.0,
    )
}

fn json(run: &Run) -> Value {
    serde_json::from_slice(&run.output.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}{}",
            String::from_utf8_lossy(&run.output.stdout),
            String::from_utf8_lossy(&run.output.stderr)
        )
    })
}

/// A file in a fresh temporary folder.
fn file(name: &str, bytes: &[u8]) -> (PathBuf, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).unwrap();
    (path, dir)
}

/// Asserts `run` was refused with `kind`, its message holding `words`, without a panic and under
/// 1 GiB.
fn refused(name: &str, run: &Run, kind: &str, words: &str) {
    let stderr = String::from_utf8_lossy(&run.output.stderr);
    assert!(!stderr.contains("panicked"), "{name}: {stderr}");
    assert_eq!(run.output.status.code(), Some(1), "{name}: {stderr}");
    let v = json(run);
    assert_eq!(v["error"]["kind"], kind, "{name}: {v}");
    let message = v["error"]["message"].as_str().unwrap_or("");
    assert!(message.contains(words), "{name}: {message}");
    assert!(
        run.peak_mib < 1024.0,
        "{name}: peak {:.0} MiB",
        run.peak_mib
    );
    eprintln!("{name}: refused ({kind}), peak {:.0} MiB", run.peak_mib);
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(name)
}

/// A fixture board in the middle of a game, and its board text as `parse` reads it.
const MID_GAME: &str = "xdemineur-12-12-20-mid.png";

fn board_text(run: &Run) -> String {
    let v = json(run);
    assert_eq!(run.output.status.code(), Some(0), "{v}");
    v["text"].as_str().unwrap_or_default().to_string()
}

fn png(image: &RgbImage) -> Vec<u8> {
    let mut bytes = Vec::new();
    PngEncoder::new_with_quality(&mut bytes, CompressionType::Default, FilterType::NoFilter)
        .write_image(
            image.as_raw(),
            image.width(),
            image.height(),
            image::ExtendedColorType::Rgb8,
        )
        .unwrap();
    bytes
}

fn gif_frames(frames: &[RgbaImage]) -> Vec<u8> {
    let mut bytes = Vec::new();
    {
        let mut encoder = GifEncoder::new_with_speed(&mut bytes, 30);
        for frame in frames {
            encoder
                .encode_frame(image::Frame::new(frame.clone()))
                .unwrap();
        }
    }
    bytes
}

fn jpeg(image: &RgbImage, quality: u8) -> Vec<u8> {
    let mut bytes = Vec::new();
    JpegEncoder::new_with_quality(&mut bytes, quality)
        .encode_image(image)
        .unwrap();
    bytes
}

/// A PNG bomb that is allowed in: 8192 x 8192 of one colour, about 200 KB on disk and 192 MiB
/// decoded, right at the pixel limit. No board, and the reading must stay well under 1 GiB.
#[test]
fn a_png_at_the_pixel_limit_is_searched_within_bounded_memory() {
    let _alone = alone();
    let side = 8192;
    let bomb = RgbImage::from_pixel(side, side, Rgb([40, 120, 200]));
    let bytes = png(&bomb);
    drop(bomb);
    assert!(bytes.len() < 1 << 20, "{} bytes", bytes.len());
    let (path, _dir) = file("bomb.png", &bytes);
    let run = parse(&path);
    refused("8192x8192 bomb", &run, "no_board", "no Minesweeper board");
}

/// Past the limit, the header alone decides: nothing is decoded. A real PNG (not just a header):
/// 9000 x 9000 of one colour is 81 million pixels.
#[test]
fn a_png_past_the_pixel_limit_is_refused_before_decoding() {
    let _alone = alone();
    let bomb = RgbImage::from_pixel(9000, 9000, Rgb([0, 0, 0]));
    let bytes = png(&bomb);
    drop(bomb);
    let (path, _dir) = file("bomb.png", &bytes);
    let run = parse(&path);
    refused("9000x9000 bomb", &run, "bad_image", "9000x9000");
    assert!(run.peak_mib < 200.0, "peak {:.0} MiB", run.peak_mib);
}

/// A GIF whose logical screen claims 60000 x 60000 around a 1 x 1 picture, and a JPEG whose
/// frame header claims 65000 x 65000: both refused from their headers.
#[test]
fn absurd_sizes_in_gif_and_jpeg_headers_are_refused() {
    let _alone = alone();
    let tiny = RgbaImage::from_pixel(1, 1, image::Rgba([255, 0, 0, 255]));
    let mut gif = gif_frames(&[tiny]);
    // The logical screen's width and height follow the six-byte signature, little-endian.
    gif[6..10].copy_from_slice(&[0x60, 0xEA, 0x60, 0xEA]);
    let (path, _dir) = file("screen.gif", &gif);
    refused("60000x60000 GIF", &parse(&path), "bad_image", "60000x60000");

    let small = RgbImage::from_pixel(16, 16, Rgb([200, 200, 200]));
    let mut jpg = jpeg(&small, 90);
    let sof = (0..jpg.len() - 1)
        .find(|&i| jpg[i] == 0xFF && matches!(jpg[i + 1], 0xC0 | 0xC2))
        .expect("a frame header");
    // Marker, length (2), precision (1), then height and width, big-endian.
    jpg[sof + 5..sof + 9].copy_from_slice(&[0xFD, 0xE8, 0xFD, 0xE8]);
    let (path, _dir) = file("frame.jpg", &jpg);
    refused(
        "65000x65000 JPEG",
        &parse(&path),
        "bad_image",
        "65000x65000",
    );
}

/// Files cut short: an error naming the damage, or (a decoder that fills in what is missing) a
/// reading of what is there; never a panic.
#[test]
fn truncated_gif_jpeg_and_png_end_cleanly() {
    let _alone = alone();
    let image = image::open(fixture(MID_GAME)).unwrap().to_rgb8();
    let cases = [
        (
            "cut.gif",
            gif_frames(&[image::DynamicImage::ImageRgb8(image.clone()).to_rgba8()]),
        ),
        ("cut.jpg", jpeg(&image, 85)),
        ("cut.png", png(&image)),
    ];
    for (name, bytes) in cases {
        for keep in [bytes.len() / 2, bytes.len() - 3, 40] {
            let (path, _dir) = file(name, &bytes[..keep]);
            let run = parse(&path);
            let stderr = String::from_utf8_lossy(&run.output.stderr);
            assert!(!stderr.contains("panicked"), "{name} {keep}: {stderr}");
            let v = json(&run);
            match run.output.status.code() {
                Some(0) => assert!(v["text"].is_string(), "{name} {keep}: {v}"),
                Some(1) => {
                    let kind = v["error"]["kind"].as_str().unwrap_or("");
                    assert!(
                        kind == "bad_image" || kind == "no_board",
                        "{name} {keep}: {v}"
                    );
                }
                other => panic!("{name} {keep}: exit {other:?}: {stderr}"),
            }
        }
    }
}

/// An animated GIF: the board is its first frame, then 300 frames of something else. The first
/// frame is read, as in the PNG, and the other frames cost nothing.
#[test]
fn an_animated_gif_is_read_from_its_first_frame() {
    let _alone = alone();
    let image = image::open(fixture(MID_GAME)).unwrap().to_rgb8();
    let want = board_text(&parse(&fixture(MID_GAME)));
    let first = image::DynamicImage::ImageRgb8(image.clone()).to_rgba8();
    let other = RgbaImage::from_pixel(image.width(), image.height(), image::Rgba([9, 9, 9, 255]));
    let single = gif_frames(std::slice::from_ref(&first));
    let two = gif_frames(&[first, other]);
    // The second frame's bytes (from its first block to just before the trailer), repeated:
    // encoding 300 full-screen frames would take the test minutes.
    let extra = &two[single.len() - 1..two.len() - 1];
    let mut bytes = single[..single.len() - 1].to_vec();
    for _ in 0..300 {
        bytes.extend_from_slice(extra);
    }
    bytes.push(0x3B);
    let frames = GifDecoder::new(std::io::Cursor::new(&bytes))
        .unwrap()
        .into_frames()
        .count();
    assert_eq!(frames, 301);
    let (path, _dir) = file("animated.gif", &bytes);
    let run = parse(&path);
    assert_eq!(board_text(&run), want);
    assert!(run.peak_mib < 1024.0, "peak {:.0} MiB", run.peak_mib);
}

/// Pictures with no board: a desktop of windows and text, noise, a photo-like gradient, each at
/// full-screen size. `no_board`, not a board made up of whatever squares they hold.
#[test]
fn pictures_without_a_board_are_no_board() {
    let _alone = alone();
    let (w, h) = (1920u32, 1080u32);
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        // xorshift: a fixed, seeded sequence.
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let noise = RgbImage::from_fn(w, h, |_, _| {
        let v = next();
        Rgb([v as u8, (v >> 8) as u8, (v >> 16) as u8])
    });
    let gradient = RgbImage::from_fn(w, h, |x, y| {
        let fx = x as f32 / w as f32;
        let fy = y as f32 / h as f32;
        let sky = (1.0 - fy) * 200.0 + 30.0 * (fx * 9.0).sin();
        Rgb([
            (sky * 0.6) as u8,
            (sky * 0.8 + 20.0 * fy) as u8,
            (255.0 - 120.0 * fy) as u8,
        ])
    });
    let mut desktop = RgbImage::from_pixel(w, h, Rgb([58, 110, 165]));
    let windows = [
        (100, 80, 700, 500),
        (600, 300, 900, 600),
        (1300, 150, 500, 800),
    ];
    for (i, &(x0, y0, ww, wh)) in windows.iter().enumerate() {
        for y in y0..(y0 + wh).min(h) {
            for x in x0..(x0 + ww).min(w) {
                let title = y < y0 + 28;
                // Lines of "text": short dark dashes on white rows.
                let text = !title && (y - y0) % 18 < 9 && (x * 7 + y * 3 + i as u32) % 11 < 6;
                let colour = if title {
                    [30, 30, 60]
                } else if text && (y - y0) % 18 > 2 {
                    [40, 40, 40]
                } else {
                    [245, 245, 245]
                };
                desktop.put_pixel(x, y, Rgb(colour));
            }
        }
    }
    for (name, image) in [
        ("noise", noise),
        ("gradient", gradient),
        ("desktop", desktop),
    ] {
        let (path, _dir) = file(&format!("{name}.png"), &png(&image));
        refused(name, &parse(&path), "no_board", "no Minesweeper board");
    }
}
