//! The Windows build, run under Wine: the same commands on the same inputs must give the same
//! output as the Linux build, byte for byte (JSON, board texts, annotated images), and the same
//! exit status on bad input.
//!
//! `scripts/test.sh` cross-builds `minehint.exe` (`scripts/windows.sh`) and names it in
//! `MINEHINT_WINDOWS_EXE`; without it these tests say they were skipped and why. With
//! `MINEHINT_REQUIRE_WINDOWS=1` (CI), a missing build or Wine fails instead.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The Windows binary and the Wine loader, or why they cannot be used.
fn windows() -> Result<(PathBuf, PathBuf), String> {
    let exe = std::env::var_os("MINEHINT_WINDOWS_EXE")
        .map(PathBuf::from)
        .ok_or("MINEHINT_WINDOWS_EXE is not set (scripts/test.sh builds it)")?;
    if !exe.is_file() {
        return Err(format!("{} does not exist", exe.display()));
    }
    let wine = std::env::var_os("MINEHINT_WINE")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/lib/wine/wine64"));
    if !wine.is_file() {
        return Err(format!("no Wine loader at {}", wine.display()));
    }
    Ok((exe, wine))
}

/// The Windows build and Wine, or `None` after saying the test is skipped (a failure when CI
/// requires them).
fn windows_or_skip(test: &str) -> Option<(PathBuf, PathBuf)> {
    match windows() {
        Ok(found) => Some(found),
        Err(why) if std::env::var_os("MINEHINT_REQUIRE_WINDOWS").is_some() => {
            panic!("{test}: the Windows build is required here, but {why}")
        }
        Err(why) => {
            eprintln!("{test}: SKIPPED, {why}");
            None
        }
    }
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `program` (with `prefix` before the arguments) in the project root, `input` on stdin.
fn run(program: &Path, prefix: &[&Path], args: &[&str], input: &str) -> Output {
    let mut command = Command::new(program);
    command
        .args(prefix)
        .args(args)
        .current_dir(root())
        // Wine's own diagnostics would go to stderr among ours.
        .env("WINEDEBUG", "-all")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().expect("the program starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    stdin.write_all(input.as_bytes()).expect("input is written");
    drop(stdin);
    child.wait_with_output().expect("the program runs")
}

/// Runs `args` through both builds and checks they agree; returns the Linux output.
fn same(exe: &Path, wine: &Path, args: &[&str], input: &str) -> Output {
    let linux = run(Path::new(env!("CARGO_BIN_EXE_minehint")), &[], args, input);
    let windows = run(wine, &[exe], args, input);
    let text = |o: &Output| String::from_utf8_lossy(&o.stdout).into_owned();
    assert_eq!(
        linux.status.code(),
        windows.status.code(),
        "exit status of {args:?}\nLinux stderr: {}\nWindows stderr: {}",
        String::from_utf8_lossy(&linux.stderr),
        String::from_utf8_lossy(&windows.stderr)
    );
    assert_eq!(
        text(&linux),
        text(&windows),
        "output of {args:?}; Windows stderr: {}",
        String::from_utf8_lossy(&windows.stderr)
    );
    linux
}

/// One screenshot of each skin among the fixtures.
const SCREENSHOTS: [&str; 6] = [
    "fixtures/ace-2-mid.png",
    "fixtures/gnome-default-medium-jpeg.jpg",
    "fixtures/gnome-bgcolors-small-gif.gif",
    "fixtures/unseen-hatched-16-16-40.png",
    "fixtures/xbomb-1-resized-51px-mid.png",
    "fixtures/xdemineur-30-16-99-mid.png",
];

#[test]
fn solve_gives_the_same_answers_on_windows() {
    let Some((exe, wine)) = windows_or_skip("solve_gives_the_same_answers_on_windows") else {
        return;
    };
    let board = "..1.....\n..1.....\n111.....\n........\n........\n...2....\n........\n........\n";
    for args in [
        &["solve", "--mines", "10"][..],
        &["solve", "--mines", "10", "--json"],
        &["solve", "--json"],
    ] {
        let out = same(&exe, &wine, args, board);
        assert!(out.status.success(), "{args:?}");
    }
    // An impossible board and a malformed one: the same errors, in the same words.
    let out = same(&exe, &wine, &["solve", "--json"], "11\n11\n");
    assert!(!out.status.success());
    let out = same(&exe, &wine, &["solve", "--json"], "1Z\n..\n");
    assert!(!out.status.success());
}

#[test]
fn parse_advise_and_calibrate_read_screenshots_the_same_on_windows() {
    let Some((exe, wine)) =
        windows_or_skip("parse_advise_and_calibrate_read_screenshots_the_same_on_windows")
    else {
        return;
    };
    for image in SCREENSHOTS {
        assert!(root().join(image).is_file(), "fixture {image} is missing");
        same(&exe, &wine, &["parse", image], "");
        same(&exe, &wine, &["parse", "--json", image], "");
        let out = same(&exe, &wine, &["advise", "--json", image], "");
        assert!(out.status.success(), "advise {image}");
        same(&exe, &wine, &["calibrate", image], "");
    }
}

#[test]
fn annotated_images_are_the_same_pixels_on_windows() {
    let Some((exe, wine)) = windows_or_skip("annotated_images_are_the_same_pixels_on_windows")
    else {
        return;
    };
    let dir = tempfile::tempdir_in(root().join("target")).expect("a scratch folder");
    let linux_png = dir.path().join("linux.png");
    let windows_png = dir.path().join("windows.png");
    // Relative to the project root, where both run: Wine maps it to a Windows path by itself.
    let relative = |p: &Path| {
        p.strip_prefix(root())
            .expect("inside the project")
            .to_string_lossy()
            .into_owned()
    };
    let image = "fixtures/ace-2-mid.png";
    let linux = run(
        Path::new(env!("CARGO_BIN_EXE_minehint")),
        &[],
        &["advise", "--heat", "--out", &relative(&linux_png), image],
        "",
    );
    let windows = run(
        &wine,
        &[&exe],
        &["advise", "--heat", "--out", &relative(&windows_png), image],
        "",
    );
    assert!(linux.status.success() && windows.status.success());
    let pixels = |p: &Path| image::open(p).expect("a PNG was written").to_rgba8();
    assert!(
        pixels(&linux_png) == pixels(&windows_png),
        "the annotated images differ"
    );
}

#[test]
fn bench_plays_the_same_games_on_windows() {
    let Some((exe, wine)) = windows_or_skip("bench_plays_the_same_games_on_windows") else {
        return;
    };
    let args = [
        "bench", "--board", "beginner", "--games", "400", "--seed", "7", "--json",
    ];
    let linux = run(Path::new(env!("CARGO_BIN_EXE_minehint")), &[], &args, "");
    let windows = run(&wine, &[&exe], &args, "");
    assert!(linux.status.success() && windows.status.success());
    let json = |o: &Output| -> serde_json::Value {
        let mut v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
        // The one figure that depends on the machine.
        v.as_object_mut().unwrap().remove("games_per_second");
        v
    };
    assert_eq!(json(&linux), json(&windows));
}

#[test]
fn a_missing_file_is_the_same_error_on_windows() {
    let Some((exe, wine)) = windows_or_skip("a_missing_file_is_the_same_error_on_windows") else {
        return;
    };
    for args in [
        &["parse", "fixtures/no-such-screenshot.png"][..],
        &["solve", "no-such-board.txt"],
    ] {
        let linux = run(Path::new(env!("CARGO_BIN_EXE_minehint")), &[], args, "");
        let windows = run(&wine, &[&exe], args, "");
        assert_eq!(linux.status.code(), windows.status.code(), "{args:?}");
        assert!(!windows.status.success());
        // The system's own words for the error differ; the file must be named on both.
        let name = args[1];
        assert!(
            String::from_utf8_lossy(&windows.stderr).contains(name),
            "{args:?}"
        );
    }
}
