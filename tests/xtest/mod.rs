//! A click through the XTEST extension from the test's own process, for the tests that time a
//! click after a rest (on X11, and under Wine's X11 driver): it returns when the X server has
//! taken the button's release, so the time from there to live's log line is live's and the
//! game's, not a helper program's start and exit.

use std::time::{Duration, Instant};

/// Moves the pointer to (x, y) on `display` and clicks its first button there, through the XTEST
/// extension as xdotool does, but in this process, each step taken by the X server (a round
/// trip) before the next. Returns when the server had taken the release. xdotool's own exit
/// came 24 to 67 ms after live had already logged the click's effect under Wine, so a time from
/// it was no time at all.
pub fn click(display: &str, x: i16, y: i16) -> Result<Instant, String> {
    use xcb::{x, xtest};
    // X11 core event codes, as XTEST's FakeInput takes them.
    const BUTTON_PRESS: u8 = 4;
    const BUTTON_RELEASE: u8 = 5;
    const MOTION_NOTIFY: u8 = 6;
    let (conn, screen) =
        xcb::Connection::connect_with_extensions(Some(display), &[xcb::Extension::Test], &[])
            .map_err(|e| format!("cannot connect to X display {display}: {e}"))?;
    let root = (conn.get_setup().roots().nth(screen as usize))
        .ok_or("the X display has no screen")?
        .root();
    let step = |kind: u8, detail: u8| -> Result<(), String> {
        conn.send_request(&xtest::FakeInput {
            r#type: kind,
            detail,
            time: x::CURRENT_TIME,
            root,
            root_x: x,
            root_y: y,
            deviceid: 0,
        });
        let cookie = conn.send_request(&x::GetInputFocus {});
        conn.wait_for_reply(cookie)
            .map(|_| ())
            .map_err(|e| format!("XTEST on {display}: {e}"))
    };
    step(MOTION_NOTIFY, 0)?;
    // The game sees the pointer arrive before the press, and the press before the release.
    std::thread::sleep(Duration::from_millis(50));
    step(BUTTON_PRESS, 1)?;
    std::thread::sleep(Duration::from_millis(30));
    step(BUTTON_RELEASE, 1)?;
    Ok(Instant::now())
}
