//! `minehint calibrate`: find the board and its tile width in a screenshot, print them, and with
//! `--save` store them as the profile `live` starts from.

use super::image_args::LocateArgs;
use clap::Args;
use minehint::capture::profile::{self, Profile};
use minehint::capture::{capture_screen, window_around};
use minehint::vision::{load_image, locate, Grid};
use serde_json::json;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct CalibrateArgs {
    /// Screenshot to calibrate on.
    #[arg(required_unless_present = "screen")]
    pub image: Option<PathBuf>,
    /// Capture the screen (the primary monitor) now instead of reading a file.
    #[arg(long, conflicts_with = "image")]
    pub screen: bool,
    #[command(flatten)]
    pub locate: LocateArgs,
    /// Store the result as the profile `live` uses.
    #[arg(long)]
    pub save: bool,
    /// Where to store the profile (default: the user's config directory).
    #[arg(long, value_name = "FILE", requires = "save")]
    pub profile: Option<PathBuf>,
    /// Print the result as JSON on stdout.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &CalibrateArgs) -> anyhow::Result<()> {
    let (image, origin) = match &args.image {
        Some(path) => (load_image(path)?, (0, 0)),
        None => capture_screen()?,
    };
    // A captured monitor's pixels start at its corner on the screen, which is not (0, 0) for a
    // second monitor; the profile, `live` and the window search all work in screen pixels
    // (never negative on X11).
    let grid = locate(&image, args.locate.hints())?
        .shifted(f64::from(origin.0.max(0)), f64::from(origin.1.max(0)));
    // On screen, remember the window the board is in, so `live` can follow it.
    let title = args
        .image
        .is_none()
        .then(|| window_around(grid.rect()))
        .flatten();
    let found = Profile::from_grid(&grid, title);
    let saved = if args.save {
        let target = match &args.profile {
            Some(p) => p.clone(),
            None => profile::default_path()?,
        };
        profile::save(&found, &target)?;
        Some(target)
    } else {
        None
    };
    if args.json {
        let mut value = grid_json(&grid, (image.width(), image.height()));
        value["saved"] = json!(saved.as_ref().map(|p| p.display().to_string()));
        value["window"] = json!(found.window);
        println!("{value}");
    } else {
        let r = found.board;
        println!(
            "board: x={} y={} width={} height={} ({} columns x {} rows)",
            r.x, r.y, r.width, r.height, grid.cols, grid.rows
        );
        println!("tile: {:.2} x {:.2} px", grid.pitch_x, grid.pitch_y);
        if let Some(title) = &found.window {
            println!("window: {title}");
        }
        if let Some(target) = saved {
            println!("saved: {}", target.display());
        }
    }
    Ok(())
}

/// The geometry fields shared by `parse --json` and `calibrate --json`.
pub fn grid_json(grid: &Grid, image: (u32, u32)) -> serde_json::Value {
    json!({
        "image": {"width": image.0, "height": image.1},
        "board": grid.rect(),
        "tile_width": round2(grid.pitch_x),
        "tile_height": round2(grid.pitch_y),
        "rows": grid.rows,
        "cols": grid.cols,
        // The exact lattice, for tools that sample the tiles themselves (training/).
        "grid": {"x": grid.x, "y": grid.y, "pitch_x": grid.pitch_x, "pitch_y": grid.pitch_y},
    })
}

fn round2(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}
