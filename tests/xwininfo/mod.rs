//! A window's place on an X display, from `xwininfo`: shared by the tests that drive real games.

use std::process::Command;

/// Where a window is, in root-window pixels, and whether it is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    pub x: i64,
    pub y: i64,
    pub width: i64,
    pub height: i64,
    pub viewable: bool,
}

/// Window `id`'s geometry on `display`.
pub fn geometry(display: &str, id: &str) -> Result<Geometry, String> {
    let out = Command::new("xwininfo")
        .args(["-id", id])
        .env("DISPLAY", display)
        .output()
        .map_err(|e| format!("xwininfo: {e}"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let field = |name: &str| -> Result<i64, String> {
        text.lines()
            .find_map(|l| l.trim().strip_prefix(name))
            .and_then(|v| v.trim().parse().ok())
            .ok_or_else(|| format!("no {name} in xwininfo: {text}"))
    };
    Ok(Geometry {
        x: field("Absolute upper-left X:")?,
        y: field("Absolute upper-left Y:")?,
        width: field("Width:")?,
        height: field("Height:")?,
        viewable: text.contains("IsViewable"),
    })
}
