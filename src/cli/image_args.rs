//! Options shared by the commands that read a screenshot: where to look and how large tiles are.

use clap::Args;
use minehint::vision::{Hints, Rect};

#[derive(Debug, Args, Clone)]
pub struct LocateArgs {
    /// Tile pitch in pixels (may be fractional); skips guessing it.
    #[arg(long, value_name = "PX")]
    pub tile_width: Option<f64>,
    /// Only look inside this rectangle of the image; with --tile-width it is the board itself.
    #[arg(long, value_name = "X,Y,W,H", value_parser = parse_region)]
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
            "expected X,Y,W,H as four whole pixel counts with W and H above 0, got '{text}'"
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
