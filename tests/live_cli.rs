//! `minehint live`'s refusals, which need no display: bad options and no display at all.

use std::process::Command;

fn live(args: &[&str], display: Option<&str>) -> std::process::Output {
    live_on(args, display, None)
}

fn live_on(args: &[&str], display: Option<&str>, wayland: Option<&str>) -> std::process::Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_minehint"));
    command.arg("live").args(args);
    match display {
        Some(d) => command.env("DISPLAY", d),
        None => command.env_remove("DISPLAY"),
    };
    match wayland {
        Some(w) => command.env("WAYLAND_DISPLAY", w),
        None => command.env_remove("WAYLAND_DISPLAY"),
    };
    command.output().expect("the binary runs")
}

#[test]
fn without_a_display_live_says_so_and_exits_one() {
    let out = live(&["--no-profile", "--duration", "1"], None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("cannot open the X display"), "{stderr}");
    assert!(stderr.contains("DISPLAY"), "{stderr}");
}

#[test]
fn a_wayland_display_that_is_not_there_is_named() {
    let out = live_on(
        &["--no-profile", "--duration", "1"],
        None,
        Some("minehint-no-such-wayland-display"),
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("cannot connect to the Wayland display minehint-no-such-wayland-display"),
        "{stderr}"
    );
}

#[test]
fn bad_rates_durations_and_regions_are_usage_errors() {
    for args in [
        &["--rate", "0"][..],
        &["--rate", "1000"],
        &["--duration", "-1"],
        &["--region", "1,2,3"],
        &["--window", "Mines", "--region", "1,2,3,4"],
    ] {
        let out = live(args, Some(":9999"));
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
