//! Options shared by the commands that read a screenshot: where to look and how large tiles are.

use anyhow::Context;
use clap::Args;
use minehint::vision::{decode_image, load_image, Hints, Rect};
use std::io::Read;
use std::path::Path;

/// The most read from standard input for an image: far more than any screenshot.
const MAX_STDIN_IMAGE: u64 = 512 << 20;

/// The screenshot at `path`, or from standard input when `path` is `-`.
pub fn open_image(path: &Path) -> anyhow::Result<image::RgbImage> {
    if path.as_os_str() != "-" {
        return Ok(load_image(path)?);
    }
    let mut bytes = Vec::new();
    std::io::stdin()
        .take(MAX_STDIN_IMAGE + 1)
        .read_to_end(&mut bytes)
        .context("cannot read the image from standard input")?;
    if bytes.len() as u64 > MAX_STDIN_IMAGE {
        anyhow::bail!(
            "the image on standard input is over {} MiB; no screenshot is that large",
            MAX_STDIN_IMAGE >> 20
        );
    }
    Ok(decode_image(&bytes, Path::new("standard input"))?)
}

#[derive(Debug, Args, Clone)]
pub struct LocateArgs {
    /// Tile pitch in pixels (may be fractional); skips guessing it.
    #[arg(long, value_name = "PX")]
    pub tile_width: Option<f64>,
    /// Only look inside this rectangle of the image; with --tile-width it is the board itself.
    #[arg(long, value_name = "X,Y,W,H", allow_hyphen_values = true, value_parser = parse_region)]
    pub region: Option<Rect>,
}

impl LocateArgs {
    pub fn hints(&self) -> Hints {
        Hints {
            region: self.region,
            tile_width: self.tile_width,
        }
    }
}

/// Parses `X,Y,W,H` in pixels.
pub fn parse_region(text: &str) -> Result<Rect, String> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let numbers: Result<Vec<u32>, _> = parts.iter().map(|p| p.parse::<u32>()).collect();
    match numbers.as_deref() {
        Ok([x, y, width, height]) if *width > 0 && *height > 0 => Ok(Rect {
            x: *x,
            y: *y,
            width: *width,
            height: *height,
        }),
        _ => Err(format!(
            "expected X,Y,W,H as four whole pixel counts (0 or more, W and H above 0), got '{text}'"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_parse_and_bad_ones_say_why() {
        assert_eq!(
            parse_region("1, 2,30,40"),
            Ok(Rect {
                x: 1,
                y: 2,
                width: 30,
                height: 40
            })
        );
        for bad in ["1,2,3", "1,2,0,4", "a,b,c,d", "-1,2,3,4"] {
            assert!(parse_region(bad).unwrap_err().contains("X,Y,W,H"));
        }
    }
}
