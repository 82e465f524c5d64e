//! A click through the XTEST extension from the test's own process, for the tests that time a
//! click after a rest (on X11, and under Wine's X11 driver): it returns when the X server has
//! taken the button's release, so the time from there to live's log line is live's and the
//! game's, not a helper program's start and exit. The screen around the click is watched from
//! the release on, to tell the game's redraw from live's own share.

use std::time::{Duration, Instant};

/// Moves the pointer to (x, y) on `display` and clicks its first button there, through the XTEST
/// extension as xdotool does, but in this process, each step taken by the X server (a round
/// trip) before the next. Returns when the server had taken the release. xdotool's own exit
/// came 24 to 67 ms after live had already logged the click's effect under Wine, so a time from
/// it was no time at all. Calls `before_release` between the press and the release, and returns
/// its result with the release's time.
fn click_then<T>(
    display: &str,
    x: i16,
    y: i16,
    before_release: impl FnOnce() -> T,
) -> Result<(Instant, T), String> {
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
    let before = before_release();
    step(BUTTON_RELEASE, 1)?;
    Ok((Instant::now(), before))
}

/// Three tiles each way at the small pitches the X11 games draw: a cascade shows there too.
const AROUND: u16 = 72;

/// The screen around (x, y) on `conn`'s root window, as the X server has it.
fn grab_around(conn: &xcb::Connection, screen: i32, x: i16, y: i16) -> Option<Vec<u8>> {
    use xcb::x;
    let screen = conn.get_setup().roots().nth(screen as usize)?;
    let (width, height) = (screen.width_in_pixels(), screen.height_in_pixels());
    let side = |limit: u16| AROUND.min(limit);
    let cookie = conn.send_request(&x::GetImage {
        format: x::ImageFormat::ZPixmap,
        drawable: x::Drawable::Window(screen.root()),
        x: (x - AROUND as i16 / 2).clamp(0, width.saturating_sub(side(width)) as i16),
        y: (y - AROUND as i16 / 2).clamp(0, height.saturating_sub(side(height)) as i16),
        width: side(width),
        height: side(height),
        plane_mask: u32::MAX,
    });
    conn.wait_for_reply(cookie).ok().map(|r| r.data().to_vec())
}

/// A click (see the top of this file), and the screen around (x, y) watched from the release on from a thread of its
/// own: it ends with the last moment the screen was seen not yet showing the click
/// (`live_log::last_undrawn`; the screen grabbed just before the release is the one to change
/// from), or `None`.
pub fn click_watched(
    display: &str,
    x: i16,
    y: i16,
) -> Result<(Instant, std::thread::JoinHandle<Option<Instant>>), String> {
    let (conn, screen) = xcb::Connection::connect(Some(display))
        .map_err(|e| format!("cannot connect to X display {display}: {e}"))?;
    let released = click_then(display, x, y, || grab_around(&conn, screen, x, y))?;
    let (released, before) = released;
    let watch = std::thread::spawn(move || {
        crate::live_log::last_undrawn(&before?, || grab_around(&conn, screen, x, y))
    });
    Ok((released, watch))
}
