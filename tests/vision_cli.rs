//! `parse`, `advise` and `calibrate` through the real binary: JSON shapes, the annotated image,
//! the profile, and a clear error with exit status 1 for every kind of bad image.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Output;

mod common;
use common::minehint;

fn json(o: &Output) -> Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        )
    })
}

fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(name)
        .display()
        .to_string()
}

/// The Beginner-size xdemineur fixture in the middle of a game.
const MID_GAME: &str = "xdemineur-12-12-20-mid.png";

#[test]
fn parse_json_has_every_design_field() {
    let o = minehint(&["parse", &fixture(MID_GAME), "--json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v = json(&o);
    for key in [
        "image",
        "board",
        "tile_width",
        "tile_height",
        "rows",
        "cols",
        "text",
        "cells",
    ] {
        assert!(v.get(key).is_some(), "missing {key}: {v}");
    }
    assert_eq!(v["image"]["width"], 1920);
    assert_eq!(
        (v["rows"].as_u64(), v["cols"].as_u64()),
        (Some(12), Some(12))
    );
    assert_eq!(v["tile_width"], 21.0);
    assert_eq!(v["cells"].as_array().unwrap().len(), 144);
    assert_eq!(v["consistent"], true);
    let text = v["text"].as_str().unwrap();
    assert_eq!(text.lines().count(), 12);
    // The board text is what `solve` reads.
    assert!(minehint::parse_board(text).is_ok());
    let first = &v["cells"][0];
    assert!(first["class"].is_string() && first["confidence"].as_f64().unwrap() > 0.5);
}

#[test]
fn advise_writes_moves_and_an_annotated_image() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("annotated.png");
    let o = minehint(&[
        "advise",
        &fixture(MID_GAME),
        "--mines",
        "20",
        "--json",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v = json(&o);
    assert_eq!(v["mines"], 20);
    assert!(v["moves"].is_array() && v["tiles"].is_array());
    let annotated = image::open(&out).unwrap().into_rgb8();
    let original = image::open(fixture(MID_GAME)).unwrap().into_rgb8();
    // The screenshot, with the legend in a strip added under it.
    assert_eq!(annotated.width(), original.width());
    assert!(
        annotated.height() > original.height() + 20,
        "no legend strip: {:?}",
        annotated.dimensions()
    );
    // Marks were drawn on the board, and only inside it.
    let board = &v["board"];
    let (bx, by) = (
        board["x"].as_u64().unwrap() as u32,
        board["y"].as_u64().unwrap() as u32,
    );
    let (bw, bh) = (
        board["width"].as_u64().unwrap() as u32,
        board["height"].as_u64().unwrap() as u32,
    );
    let mut inside = 0;
    for (x, y, p) in annotated.enumerate_pixels() {
        if y >= original.height() {
            continue;
        }
        if p != original.get_pixel(x, y) {
            let within = x >= bx && x < bx + bw && y >= by && y < by + bh;
            assert!(within, "pixel ({x}, {y}) changed outside the board");
            inside += 1;
        }
    }
    assert!(inside > 0, "nothing was drawn");
}

#[test]
fn advise_on_a_lost_game_says_it_is_over_and_draws_nothing() {
    // ace-minesweeper's level 3 after a loss: every mine and the exploded one shown.
    let lost = "ace-3-end.png";
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("annotated.png");
    let o = minehint(&[
        "advise",
        &fixture(lost),
        "--json",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v = json(&o);
    assert_eq!(v["game_over"], true);
    assert_eq!(v["moves"], Value::Array(Vec::new()));
    assert!(v["best_guess"].is_null());
    assert!(v["text"].as_str().unwrap().contains('!'), "{}", v["text"]);
    let annotated = image::open(&out).unwrap().into_rgb8();
    let original = image::open(fixture(lost)).unwrap().into_rgb8();
    assert!(annotated == original, "marks were drawn on a lost game");

    let o = minehint(&["advise", &fixture(lost)]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("The game is over"), "{text}");

    // A game in progress is no such thing.
    let o = minehint(&["advise", &fixture(MID_GAME), "--json"]);
    assert_eq!(json(&o)["game_over"], false);
}

/// winmine.html in forced dark at 17 px, a game in play whose pale "4" is a mine to the model
/// at 0.55: read in doubt between the two, the board may be a lost game's and gets no advice,
/// but the player is not told that the game is over.
#[test]
fn a_mine_read_only_in_doubt_gets_no_advice_and_no_game_over() {
    let shot = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/winmine-dark-17px-mid-a-pale-4-read-as-a-mine-in-doubt.png");
    let shot = shot.to_str().unwrap();
    let o = minehint(&["advise", shot]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("may be mines"), "{text}");
    assert!(!text.contains("The game is over"), "{text}");
    let v = json(&minehint(&["advise", shot, "--json"]));
    assert_eq!(v["game_over"], true);
    assert_eq!(v["moves"], Value::Array(Vec::new()));
}

#[test]
fn advise_refuses_to_overwrite_its_input() {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("shot.png");
    std::fs::copy(fixture(MID_GAME), &copy).unwrap();
    let before = std::fs::read(&copy).unwrap();
    let o = minehint(&[
        "advise",
        copy.to_str().unwrap(),
        "--out",
        copy.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(std::fs::read(&copy).unwrap(), before);
}

#[test]
fn advise_writes_the_format_its_out_file_names_and_says_what_it_cannot_write() {
    let dir = tempfile::tempdir().unwrap();
    let jpeg = dir.path().join("annotated.JPG");
    let o = minehint(&[
        "advise",
        &fixture(MID_GAME),
        "--out",
        jpeg.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let bytes = std::fs::read(&jpeg).unwrap();
    assert_eq!(
        &bytes[..3],
        &[0xFF, 0xD8, 0xFF],
        "a .JPG file holds JPEG bytes"
    );
    assert!(!dir.path().join("annotated.JPG.partial").exists());

    // A format it does not write, and a folder that is not there: exit 2, the user's own path
    // named, and nothing written.
    let gif = dir.path().join("annotated.gif");
    let missing = dir.path().join("no such folder").join("annotated.png");
    for (out, says) in [
        (&gif, "name it .png, .jpg or .jpeg"),
        (&missing, "does not exist"),
    ] {
        let o = minehint(&["advise", &fixture(MID_GAME), "--out", out.to_str().unwrap()]);
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains(says) && stderr.contains(out.to_str().unwrap()),
            "{stderr}"
        );
        assert!(!stderr.contains("partial"), "{stderr}");
        assert!(!out.exists());
    }
}

#[test]
fn calibrate_finds_the_board_and_saves_a_profile() {
    let dir = tempfile::tempdir().unwrap();
    let profile = dir.path().join("profile.toml");
    let o = minehint(&[
        "calibrate",
        &fixture(MID_GAME),
        "--json",
        "--save",
        "--profile",
        profile.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v = json(&o);
    assert_eq!(v["rows"], 12);
    assert_eq!(v["tile_width"], 21.0);
    let saved = std::fs::read_to_string(&profile).unwrap();
    assert!(
        saved.contains("rows = 12") && saved.contains("tile_width = 21.0"),
        "{saved}"
    );
}

fn bad_image(name: &str, bytes: &[u8]) -> (PathBuf, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).unwrap();
    (path, dir)
}

/// A small PNG file whose header claims `width` x `height`: a header chunk, one tiny data chunk
/// (an empty zlib stream) and the end chunk. Decoding it would need gigabytes; reading its size
/// needs nothing.
fn png_header(width: u32, height: u32) -> Vec<u8> {
    let mut bytes = vec![0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A];
    let mut header = width.to_be_bytes().to_vec();
    header.extend(height.to_be_bytes());
    header.extend([8, 2, 0, 0, 0]);
    let chunks: [(&[u8; 4], Vec<u8>); 3] = [
        (b"IHDR", header),
        (
            b"IDAT",
            vec![0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01],
        ),
        (b"IEND", Vec::new()),
    ];
    for (kind, data) in chunks {
        bytes.extend((data.len() as u32).to_be_bytes());
        let mut body = kind.to_vec();
        body.extend(data);
        bytes.extend(&body);
        bytes.extend(crc32(&body).to_be_bytes());
    }
    bytes
}

fn crc32(data: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &b in data {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

#[test]
fn bad_images_are_clear_errors_with_exit_status_one() {
    let real = std::fs::read(fixture(MID_GAME)).unwrap();
    let blank = {
        let mut bytes = Vec::new();
        image::RgbImage::from_pixel(300, 200, image::Rgb([90, 90, 90]))
            .write_to(
                &mut std::io::Cursor::new(&mut bytes),
                image::ImageFormat::Png,
            )
            .unwrap();
        bytes
    };
    let cases: Vec<(&str, Vec<u8>, &str, &str)> = vec![
        (
            "text.png",
            b"hello, not an image".to_vec(),
            "bad_image",
            "not a PNG",
        ),
        (
            "cut.png",
            real[..real.len() / 3].to_vec(),
            "bad_image",
            "truncated",
        ),
        ("huge.png", png_header(20000, 100), "bad_image", "20000x100"),
        ("empty.png", Vec::new(), "bad_image", "not a PNG"),
        ("blank.png", blank, "no_board", "no Minesweeper board"),
    ];
    for (name, bytes, kind, words) in cases {
        let (path, _dir) = bad_image(name, &bytes);
        for command in ["parse", "advise", "calibrate"] {
            let o = minehint(&[command, path.to_str().unwrap(), "--json"]);
            assert_eq!(o.status.code(), Some(1), "{command} {name}");
            let v = json(&o);
            assert_eq!(v["error"]["kind"], kind, "{command} {name}: {v}");
            let message = v["error"]["message"].as_str().unwrap();
            assert!(message.contains(words), "{command} {name}: {message}");
        }
        let o = minehint(&["parse", path.to_str().unwrap()]);
        let text = String::from_utf8_lossy(&o.stderr);
        assert!(
            text.starts_with("minehint: ") && !text.contains("panicked"),
            "{text}"
        );
    }
    let o = minehint(&["parse", "/no/such/file.png", "--json"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(json(&o)["error"]["kind"], "bad_image");
}

#[test]
fn region_and_tile_width_override_the_search() {
    let o = minehint(&[
        "calibrate",
        &fixture(MID_GAME),
        "--region",
        "0,0,5000,10",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(json(&o)["error"]["kind"], "bad_region");
    let o = minehint(&["parse", &fixture(MID_GAME), "--region", "1,2,3"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn screen_capture_without_a_display_is_a_capture_error() {
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_minehint"))
        .args(["calibrate", "--screen", "--json"])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(json(&o)["error"]["kind"], "capture");
}

/// Output piped into a reader that stops early (`minehint calibrate shot.png | head -1`) ends
/// minehint quietly, without a panic message.
#[cfg(unix)]
#[test]
fn a_closed_output_pipe_ends_minehint_without_a_panic() {
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_minehint"))
        .args(["calibrate", &fixture("gnome-classic-big-1400-800-mid.png")])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The reader goes away before minehint has written anything (loading the model comes first).
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// Two fixtures whose players left a misplaced flag: the impossible board names that flag
/// first, in the message and in the JSON error, and the annotated image is not written.
#[test]
fn an_impossible_board_names_the_flag_that_breaks_it() {
    for (name, flag) in [
        ("sgt-16x16n40-0-0-mid.png", [3, 10]),
        ("gnome-classic-small-700-560-end.png", [7, 2]),
    ] {
        let o = minehint(&["advise", &fixture(name), "--json"]);
        assert_eq!(o.status.code(), Some(1), "{name}");
        let v: Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(v["error"]["kind"], "inconsistent", "{name}: {v}");
        assert_eq!(v["error"]["flag"], serde_json::json!(flag), "{name}: {v}");
        let o = minehint(&["advise", &fixture(name)]);
        let stderr = String::from_utf8_lossy(&o.stderr);
        let named = format!("the flag at (row {}, col {}) misplaced", flag[0], flag[1]);
        assert!(stderr.contains(&named), "{name}: {stderr}");
    }
}

/// A mine total that cannot fit the board blames the option, not the screen reading.
#[test]
fn a_mine_total_that_does_not_fit_names_the_option() {
    let o = minehint(&["advise", &fixture(MID_GAME), "--mines", "0"]);
    assert_eq!(o.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("--mines 0 does not fit"), "{stderr}");
    assert!(!stderr.contains("misread"), "{stderr}");
}

/// The board of fixture `name` (its label's rectangle) with `margin` pixels of its window.
fn board_of(name: &str, margin: u32) -> image::RgbImage {
    let label: Value = serde_json::from_str(
        &std::fs::read_to_string(fixture(&name.replace(".png", ".json"))).unwrap(),
    )
    .unwrap();
    let at = |key: &str| label["board"][key].as_u64().unwrap() as u32;
    let picture = image::open(fixture(name)).unwrap().to_rgb8();
    image::imageops::crop_imm(
        &picture,
        at("x") - margin,
        at("y") - margin,
        at("width") + 2 * margin,
        at("height") + 2 * margin,
    )
    .to_image()
}

/// The message of the `no_board` error that `args` (a `--json` command) must end with, exit
/// status 1.
fn refusal(args: &[&str]) -> String {
    let o = minehint(args);
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    let error = &json(&o)["error"];
    assert_eq!(error["kind"], "no_board");
    error["message"].as_str().unwrap().to_string()
}

#[test]
fn a_picture_with_two_boards_is_refused_unless_the_region_names_one() {
    // GNOME Mines' 16x16 board, and beside it a picture of xdemineur's 12x12 one.
    let game = board_of("gnome-default-medium-1000-760-mid.png", 30);
    let other = board_of(MID_GAME, 30);
    let mut screen = image::RgbImage::from_pixel(
        game.width() + other.width() + 120,
        game.height() + 80,
        image::Rgb([128, 128, 128]),
    );
    image::imageops::replace(&mut screen, &game, 40, 40);
    image::imageops::replace(&mut screen, &other, i64::from(game.width()) + 80, 60);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("two-boards.png");
    screen.save(&path).unwrap();
    let path = path.display().to_string();

    let message = refusal(&["advise", &path, "--json", "--mines", "40"]);
    assert!(message.contains("two boards"), "{message}");

    // The game's board named: read, and only it.
    let region = format!("40,40,{},{}", game.width(), game.height());
    let o = minehint(&[
        "advise", &path, "--json", "--mines", "40", "--region", &region,
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let read = json(&o);
    assert_eq!(
        (read["rows"].as_u64(), read["cols"].as_u64()),
        (Some(16), Some(16))
    );
}

#[test]
fn a_board_its_window_clips_is_refused_with_what_to_do() {
    // GNOME Mines' 30x16 board in a window of 665x380: the game itself shows 22 whole columns,
    // the gap and 3 px of the 23rd, and 13 rows, the last of them clipped.
    let shot = fixture("clipped/gnome-default-big-665x380-mid.png");
    let message = refusal(&["advise", &shot, "--json", "--mines", "99"]);
    assert!(message.contains("goes on past its right edge"), "{message}");
    assert!(message.contains("show the whole board"), "{message}");
    // The classic theme in a window of 775x443: the window's edge falls across the faces of
    // the last column it shows (13 px of 16), which the grid takes for whole tiles.
    let shot = fixture("clipped/gnome-classic-big-775x443-mid.png");
    let message = refusal(&["advise", &shot, "--json", "--mines", "99"]);
    assert!(message.contains("goes on past its right edge"), "{message}");
    // The 16x16 board's window dragged past the screen's left edge, cut in the gap before a
    // column: 4 px of the gap's colour, the window's too, then 9 whole columns (advised with
    // 26 calls until 2026-12-05, seed 470 of the Debian sweep).
    let shot = fixture("clipped/gnome-default-medium-695x535-off-screen-left-mid.png");
    let message = refusal(&["advise", &shot, "--json", "--mines", "40"]);
    assert!(
        message.contains("against the picture's left edge"),
        "{message}"
    );
    // The coloured-backgrounds theme's 8x8 board cut across a column's faces (29 px of 51),
    // each number on a face of its own: no tile of a row drawn like its cut one, but the strip
    // broken by the board's gaps at its row pitch (4 columns were advised until 2026-12-05).
    let shot = fixture("clipped/gnome-bgcolors-small-695x535-off-screen-left-mid.png");
    let message = refusal(&["advise", &shot, "--json", "--mines", "10"]);
    assert!(
        message.contains("against the picture's left edge"),
        "{message}"
    );
}
