//! `minehint solve`: a board text file (or stdin) in, exact analysis out, as text or JSON; and
//! `solve --stream`, JSON Lines in and out for other programs.

use super::answer_json::write_answer;
use super::first_click::FirstClickArg;
use super::output::{error_json, solve_text};
use super::values::parse_mines;
use super::UsageError;
use anyhow::Context;
use clap::Args;
use minehint::advice::{advise, answer_request, GuessPolicy, RequestError};
use minehint::board::parse_board_bytes;
use minehint::solver::{analyze, list_layouts, name_wrong_flag, SolveOptions};
use std::io::{BufRead, Read, Write};
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Board text file; '-' or nothing reads standard input.
    pub file: Option<PathBuf>,
    /// Total mines on the board, flags included (global analysis); without it the analysis is local.
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = parse_mines)]
    pub mines: Option<u64>,
    /// Also give, for every unrevealed tile, P(it shows 0..8) if opened (needs --mines).
    #[arg(long)]
    pub numbers: bool,
    /// Also list up to N consistent frontier layouts, fewest mines first.
    #[arg(long, value_name = "N")]
    pub list: Option<usize>,
    /// Print the result as JSON on stdout.
    #[arg(long)]
    pub json: bool,
    /// What the game guarantees of its first click, for the advice on a board with nothing
    /// open: safe (never a mine; the corner is named), zero (it opens a region), any (none).
    #[arg(long, value_enum, value_name = "RULE", default_value_t = FirstClickArg::Safe)]
    pub first_click: FirstClickArg,
    /// Read JSON Lines `{"board": "...", "mines": N}` from stdin and answer one JSON line each.
    #[arg(long, conflicts_with_all = ["file", "list"])]
    pub stream: bool,
}

pub fn run(args: &SolveArgs) -> anyhow::Result<()> {
    if args.numbers && args.mines.is_none() && !args.stream {
        return Err(UsageError("--numbers needs the mine total: pass --mines N".into()).into());
    }
    if args.stream {
        return stream(args);
    }
    let (name, bytes) = read_input(args.file.as_ref())?;
    let board =
        parse_board_bytes(&bytes).with_context(|| format!("cannot read the board in {name}"))?;
    let options = SolveOptions {
        mines: args.mines,
        numbers: args.numbers,
        histogram: false,
        ..SolveOptions::default()
    };
    let named = |err| name_wrong_flag(err, &board);
    let analysis = analyze(&board, &options).map_err(named)?;
    let layouts = (args.list.map(|n| list_layouts(&board, n)).transpose()).map_err(named)?;
    let policy = GuessPolicy {
        first_click: args.first_click.into(),
        ..GuessPolicy::deep()
    };
    let advice = advise(&board, &analysis, &policy);
    let mut out = std::io::stdout().lock();
    if args.json {
        let mut json = Vec::new();
        write_answer(&mut json, &analysis, &advice, layouts.as_deref())?;
        json.push(b'\n');
        out.write_all(&json)?;
    } else {
        let text = solve_text(&board, &analysis, &advice, layouts.as_deref());
        write!(out, "{text}")?;
    }
    Ok(())
}

/// Reads the board file (or stdin for `None` or `-`), naming it for messages.
fn read_input(file: Option<&PathBuf>) -> anyhow::Result<(String, Vec<u8>)> {
    let mut bytes = Vec::new();
    let name = match file {
        Some(path) if path.as_os_str() != "-" => {
            let name = path.display().to_string();
            std::fs::File::open(path)
                .and_then(|mut f| f.read_to_end(&mut bytes))
                .with_context(|| format!("cannot read board file {name}"))?;
            name
        }
        _ => {
            std::io::stdin()
                .read_to_end(&mut bytes)
                .context("cannot read the board from standard input")?;
            "standard input".to_string()
        }
    };
    Ok((name, bytes))
}

/// Answers each stdin line with one JSON line, flushing after each, until end of input.
fn stream(args: &SolveArgs) -> anyhow::Result<()> {
    let stdin = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    // One buffer for every answer: an Expert board's answer is about 20 KB, and growing a new
    // string to that size for each line was a cost of its own.
    let mut json = Vec::new();
    for line in stdin.lines() {
        let line = line.context("cannot read standard input")?;
        if line.trim().is_empty() {
            continue;
        }
        json.clear();
        if let Err(err) = answer(&line, args.numbers, &mut json) {
            json.clear();
            json.extend_from_slice(error_json(&err).as_bytes());
        }
        json.push(b'\n');
        out.write_all(&json)?;
        out.flush()?;
    }
    Ok(())
}

/// Writes the answer to one request line into `json` as one line of JSON (without its newline).
fn answer(line: &str, numbers: bool, json: &mut Vec<u8>) -> anyhow::Result<()> {
    // Each cause keeps its own type, so the error line's kind and cells are those of `solve`.
    let (analysis, advice) = answer_request(line, numbers).map_err(|err| match err {
        RequestError::Json(err) => anyhow::Error::new(err).context("bad request line"),
        RequestError::Board(err) => err.into(),
        RequestError::Solve(err) => err.into(),
    })?;
    write_answer(json, &analysis, &advice, None)?;
    Ok(())
}
