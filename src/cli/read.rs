//! `minehint parse` and `minehint advise`: a screenshot in; the board read off it, and with
//! `advise` the analysis, the moves and optionally the screenshot with the marks drawn on it.

use super::calibrate::grid_json;
use super::first_click::FirstClickArg;
use super::image_args::{open_image, LocateArgs};
use super::output::{solve_json, solve_text};
use super::values::parse_mines;
use super::UsageError;
use anyhow::Context;
use clap::Args;
use minehint::advice::GuessPolicy;
use minehint::board::Pos;
use minehint::overlay::annotate;
use minehint::pipeline::{conflict, outcome, read_board, Outcome};
use minehint::solver::{format_cells, SolveError};
use minehint::vision::{Classifier, Doubt, Reading};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct ParseArgs {
    /// Screenshot (PNG, JPEG or GIF); '-' reads it from standard input.
    pub image: PathBuf,
    #[command(flatten)]
    pub locate: LocateArgs,
    /// Tile classifier to use instead of the built-in one (ONNX).
    #[arg(long, value_name = "PATH")]
    pub model: Option<PathBuf>,
    /// Print the result as JSON on stdout.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct AdviseArgs {
    #[command(flatten)]
    pub parse: ParseArgs,
    /// Total mines, flags included (default: what the game's own mine counter implies, else the
    /// standard total for the board's size, if any).
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = parse_mines)]
    pub mines: Option<u64>,
    /// Write the screenshot with the marks drawn on it, and a legend under it, to this PNG (or
    /// .jpg) file.
    #[arg(long, value_name = "ANNOTATED.png")]
    pub out: Option<PathBuf>,
    /// Also tint every unrevealed tile by its mine probability in the annotated image.
    #[arg(long)]
    pub heat: bool,
    /// What the game guarantees of its first click, for the advice on a board with nothing
    /// open: safe (never a mine; the corner is named), zero (it opens a region), any (none).
    #[arg(long, value_enum, value_name = "RULE", default_value_t = FirstClickArg::Safe)]
    pub first_click: FirstClickArg,
}

/// The tile classifier: the model file given, else the one built into the binary.
pub(super) fn classifier(model: Option<&Path>) -> anyhow::Result<Classifier> {
    Ok(match model {
        Some(path) => Classifier::from_file(path)?,
        None => Classifier::embedded()?,
    })
}

/// The `parse --json` object of DESIGN.md, plus `conflict` (the cells that cannot all hold).
fn reading_json(reading: &Reading, image: (u32, u32), conflict: Option<&[Pos]>) -> Value {
    let mut value = grid_json(&reading.grid, image);
    let cells: Vec<Value> = reading
        .tiles
        .iter()
        .enumerate()
        .map(|(i, t)| {
            json!({
                "row": i / reading.grid.cols,
                "col": i % reading.grid.cols,
                "class": t.class.name(),
                "confidence": (f64::from(t.confidence) * 1000.0).round() / 1000.0,
            })
        })
        .collect();
    value["text"] = json!(reading.board.to_text());
    value["cells"] = json!(cells);
    value["mines"] = json!(reading.mines);
    value["consistent"] = json!(conflict.is_none());
    let doubt: Vec<Value> = reading
        .doubt
        .iter()
        .map(|d| {
            let classes: Vec<&str> = d.classes.iter().map(|c| c.name()).collect();
            let cells: Vec<[usize; 2]> = d.cells.iter().map(|&(r, c)| [r, c]).collect();
            json!({"look": d.look, "classes": classes, "cells": cells})
        })
        .collect();
    value["doubt"] = json!(doubt);
    if let Some(cells) = conflict {
        let pairs: Vec<[usize; 2]> = cells.iter().map(|p| [p.row, p.col]).collect();
        value["conflict"] = json!(pairs);
    }
    value
}

fn read(args: &ParseArgs) -> anyhow::Result<(image::RgbImage, Reading)> {
    // The image first: a bad file is reported before the model is loaded and optimised.
    let image = open_image(&args.image)?;
    let model = classifier(args.model.as_deref())?;
    let reading = read_board(&image, args.locate.hints(), &model)
        .with_context(|| format!("reading {}", args.image.display()))?;
    Ok((image, reading))
}

pub fn run_parse(args: &ParseArgs) -> anyhow::Result<()> {
    let (image, reading) = read(args)?;
    let conflict = conflict(&reading);
    if args.json {
        let dims = image.dimensions();
        println!("{}", reading_json(&reading, dims, conflict.as_deref()));
    } else {
        print!("{}", reading.board.to_text());
    }
    if let Some(cells) = &conflict {
        eprintln!(
            "minehint: warning: the board read is impossible; check these tiles: {}",
            format_cells(cells)
        );
    }
    warn_doubt(&reading);
    Ok(())
}

/// The tiles a warning names before it says how many more there are: a look in doubt may cover
/// most of a board, and hundreds of positions on one line tell a player nothing.
const CELLS_NAMED: usize = 12;

/// Says on stderr which tiles were read in doubt, and that no advice rests on them.
fn warn_doubt(reading: &Reading) {
    let (hidden, doubts): (Vec<&Doubt>, Vec<&Doubt>) =
        reading.doubt.iter().partition(|d| d.hides_the_tiles());
    let mut hidden: Vec<Pos> = (hidden.iter())
        .flat_map(|d| d.cells.iter().map(|&(r, c)| Pos::new(r, c)))
        .collect();
    if !hidden.is_empty() {
        hidden.sort_unstable_by_key(|p| (p.row, p.col));
        eprintln!(
            "minehint: warning: {} tile(s) hidden under something drawn over the board (a note, \
             a dialog); no advice rests on them: {}",
            hidden.len(),
            name_some_cells(&hidden, CELLS_NAMED)
        );
    }
    for doubt in doubts {
        let classes: Vec<&str> = doubt.classes.iter().map(|c| c.name()).collect();
        let cells: Vec<Pos> = doubt.cells.iter().map(|&(r, c)| Pos::new(r, c)).collect();
        eprintln!(
            "minehint: warning: {} tile(s) read in doubt (could be {}); no advice rests on them: {}",
            cells.len(),
            classes.join(" or "),
            name_some_cells(&cells, CELLS_NAMED)
        );
    }
}

/// The first `most` of `cells` by name, and how many more there are (all of them are in
/// `--json`).
fn name_some_cells(cells: &[Pos], most: usize) -> String {
    if cells.len() <= most {
        return format_cells(cells);
    }
    format!(
        "{} and {} more (--json lists them all)",
        format_cells(&cells[..most]),
        cells.len() - most
    )
}

pub fn run_advise(args: &AdviseArgs) -> anyhow::Result<()> {
    let out_format = args.out.as_deref().map(out_format).transpose()?;
    if let Some(out) = &args.out {
        if same_file(out, &args.parse.image) {
            return Err(UsageError(format!(
                "--out {} would overwrite the screenshot being read; pick another file",
                out.display()
            ))
            .into());
        }
    }
    let (image, reading) = read(&args.parse)?;
    warn_doubt(&reading);
    let mines = args.mines.or(reading.mines);
    let policy = GuessPolicy {
        first_click: args.first_click.into(),
        ..GuessPolicy::deep()
    };
    let result = outcome(&reading, mines, &policy);
    if let Some(out) = &args.out {
        let doubt = reading.doubt_cells();
        let marks = result
            .marks(args.heat)
            .with_doubt(doubt.iter().map(|&(r, c)| Pos::new(r, c)).collect());
        let annotated = annotate(&image, &reading.grid, &marks);
        write_image(
            &annotated,
            out,
            out_format.unwrap_or(image::ImageFormat::Png),
        )?;
    }
    // What follows the reading: the analysis and advice, or why there is none.
    let (fields, text) = match result {
        Outcome::Advice { analysis, advice } => {
            let mut fields = serde_json::to_value(solve_json(&analysis, &advice, None))?;
            if let Value::Object(map) = &mut fields {
                // The reading's own `cells` (classes) stay; the analysis's go under `tiles`.
                if let Some(tiles) = map.remove("cells") {
                    map.insert("tiles".to_owned(), tiles);
                }
                map.insert("game_over".to_owned(), Value::Bool(false));
            }
            (fields, solve_text(&reading.board, &analysis, &advice, None))
        }
        Outcome::Impossible { error, misread } => {
            let image = args.parse.image.display();
            let context = match (&error, args.mines) {
                // The user's own total is what does not fit, not the reading.
                (SolveError::TooFewMines { .. } | SolveError::TooManyMines { .. }, Some(n)) => {
                    format!(
                        "--mines {n} does not fit the board read from {image}; give the total \
                         the game shows, or leave --mines out"
                    )
                }
                _ if error.wrong_flag().is_some() => {
                    format!("the board read from {image} is impossible; no advice")
                }
                _ if !misread.is_empty() => format!(
                    "the board read from {image} is impossible; no advice{}",
                    minehint::pipeline::misread_note(&misread)
                ),
                _ => format!(
                    "the board read from {image} is impossible; no advice (a misread tile or a \
                     wrong flag?)"
                ),
            };
            let context = super::output::ImpossibleBoard {
                message: context,
                misread,
            };
            return Err(anyhow::Error::new(error).context(context));
        }
        // Not an error: the board was read, and it says there is nothing left to advise.
        Outcome::GameOver if minehint::pipeline::shows_a_sure_mine(&reading) => (
            json!({"game_over": true, "moves": [], "best_guess": null}),
            "The game is over: the board shows its mines. Start a new game.\n".to_owned(),
        ),
        // Symbols that may be mines: the game may be lost, and no advice can be trusted.
        Outcome::GameOver => (
            json!({"game_over": true, "moves": [], "best_guess": null}),
            "No advice: the board shows symbols that do not read and may be mines (a lost \
             game?).\n"
                .to_owned(),
        ),
    };
    if args.parse.json {
        let mut value = reading_json(&reading, image.dimensions(), None);
        if let (Value::Object(target), Value::Object(extra)) = (&mut value, fields) {
            target.extend(extra);
        }
        println!("{value}");
    } else {
        print!("{}", reading.board.to_text());
        println!();
        print!("{text}");
    }
    Ok(())
}

/// Whether `a` and `b` name the same existing file.
fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

/// The format `--out` names by its extension, checked before any reading so that a name the
/// image cannot be written under fails at once: PNG, or JPEG for `.jpg` and `.jpeg` (a file
/// named `.jpg` holding PNG bytes would confuse the programs that open it). Its folder must exist.
fn out_format(path: &Path) -> anyhow::Result<image::ImageFormat> {
    let extension = (path.extension())
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    let format = match extension.as_str() {
        "png" => image::ImageFormat::Png,
        "jpg" | "jpeg" => image::ImageFormat::Jpeg,
        _ => {
            return Err(UsageError(format!(
                "--out {}: the annotated image is written as PNG or JPEG; name it .png, .jpg or \
                 .jpeg",
                path.display()
            ))
            .into())
        }
    };
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
    if folder.is_some_and(|folder| !folder.is_dir()) {
        return Err(UsageError(format!(
            "--out {}: the folder {} does not exist",
            path.display(),
            folder.unwrap_or(Path::new(".")).display()
        ))
        .into());
    }
    Ok(format)
}

/// Writes the image next to its final name and renames it into place, so a failed write never
/// leaves a damaged file where an older one was; an error names the file the user asked for.
fn write_image(
    image: &image::RgbImage,
    path: &Path,
    format: image::ImageFormat,
) -> anyhow::Result<()> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".partial");
    let temporary = std::path::PathBuf::from(temporary);
    let written = image
        .save_with_format(&temporary, format)
        .map_err(anyhow::Error::from)
        .and_then(|()| std::fs::rename(&temporary, path).map_err(anyhow::Error::from));
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written.with_context(|| format!("cannot write {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_doubt_names_its_first_tiles_and_counts_the_rest() {
        let cells: Vec<Pos> = (0..30).map(|c| Pos::new(2, c)).collect();
        let few = name_some_cells(&cells[..3], CELLS_NAMED);
        assert_eq!(few, "(row 2, col 0), (row 2, col 1), (row 2, col 2)");
        let many = name_some_cells(&cells, CELLS_NAMED);
        assert!(many.starts_with("(row 2, col 0), "), "{many}");
        assert!(many.contains("(row 2, col 11) and 18 more"), "{many}");
        assert!(!many.contains("col 12)"), "{many}");
    }
}
