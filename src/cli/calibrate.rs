//! `minehint calibrate`: find the board and its tile width in a screenshot, print them, and with
//! `--save` store them as the profile `live` starts from. It also reads the board once and reports
//! the distinct looks it found and the class the board-level reading gave each, so a user can see
//! at once whether minehint reads this skin.

use super::image_args::{open_image, LocateArgs};
use super::read::classifier;
use super::UsageError;
use clap::Args;
use minehint::capture::profile::{self, Profile};
use minehint::capture::{capture_screen, window_around};
use minehint::pipeline::read_grid;
use minehint::vision::{locate, Grid, Reading};
use serde_json::json;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct CalibrateArgs {
    /// Screenshot to calibrate on ('-' reads it from standard input); or --screen to capture
    /// the screen now.
    pub image: Option<PathBuf>,
    /// Capture the screen now, as `live` sees it, instead of reading a file.
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
    /// Tile classifier to use instead of the built-in one (ONNX).
    #[arg(long, value_name = "PATH")]
    pub model: Option<PathBuf>,
    /// Print the result as JSON on stdout.
    #[arg(long)]
    pub json: bool,
}

/// What the looks of the board say, for the user: each distinct look's class, how many tiles
/// show it, and the classes still in play where it is in doubt; or why the board cannot be read.
fn looks_json(reading: &Result<Reading, String>) -> serde_json::Value {
    let reading = match reading {
        Ok(reading) => reading,
        Err(why) => return json!({"error": why}),
    };
    let looks: Vec<serde_json::Value> = (reading.looks.iter().enumerate())
        .map(|(look, verdict)| {
            let tiles = reading.look_of.iter().filter(|&&l| l == look).count();
            let doubt = (reading.doubt_of(look))
                .map(|d| d.classes.iter().map(|c| c.name()).collect::<Vec<_>>());
            json!({
                "look": look,
                "class": verdict.class.name(),
                "confidence": (f64::from(verdict.confidence) * 1000.0).round() / 1000.0,
                "tiles": tiles,
                "doubt": doubt,
            })
        })
        .collect();
    json!(looks)
}

pub fn run(args: &CalibrateArgs) -> anyhow::Result<()> {
    // A capture of the screen starts at the screen's corner: the grid found in it is in the
    // screen pixels the profile, `live` and the window search all work in.
    let image = match (&args.image, args.screen) {
        (Some(path), _) => open_image(path)?,
        (None, true) => capture_screen()?,
        (None, false) => {
            return Err(UsageError(
                "calibrate needs a screenshot: give its file (or '-' to read it from standard \
                 input), or --screen to capture the screen now"
                    .into(),
            )
            .into())
        }
    };
    let grid = locate(&image, args.locate.hints())?;
    // On screen, remember the window the board is in, so `live` can follow it.
    let title = args
        .image
        .is_none()
        .then(|| window_around(grid.rect()))
        .flatten();
    let mut found = Profile::from_grid(&grid, title);
    // The board read once, on the grid just found, in the image's own pixels; its settled
    // looks go into the profile.
    let model = classifier(args.model.as_deref())?;
    let reading = read_grid(&image, grid, &model).map_err(|e| e.to_string());
    if let Ok(reading) = &reading {
        found.looks = profile::saved_looks(reading);
    }
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
        value["looks"] = looks_json(&reading);
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
        print_looks(&reading);
        if let Some(target) = saved {
            println!("saved: {}", target.display());
        }
    }
    Ok(())
}

/// One line per distinct look: its class, confidence, tile count, and any doubt.
fn print_looks(reading: &Result<Reading, String>) {
    let looks = looks_json(reading);
    let Some(looks) = looks.as_array() else {
        println!(
            "looks: cannot read this board: {}",
            looks["error"].as_str().unwrap_or("?")
        );
        return;
    };
    println!("looks: {} distinct", looks.len());
    for look in looks {
        let doubt = match look["doubt"].as_array() {
            Some(classes) => format!(
                ", in doubt between {}",
                classes
                    .iter()
                    .filter_map(|c| c.as_str())
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
            None => String::new(),
        };
        println!(
            "  look {:>3}: {:<10} on {:>4} tiles (classifier {:.3}){doubt}",
            look["look"],
            look["class"].as_str().unwrap_or("?"),
            look["tiles"],
            look["confidence"].as_f64().unwrap_or(0.0)
        );
    }
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
