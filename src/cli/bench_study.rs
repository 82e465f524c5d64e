//! `bench`'s study options: write every position where the advice guesses, with its layout, in
//! the anchor's board format; replay games with one guess replaced, to tell which of two players'
//! choices wins more often from the same positions (issue 19); and write the mine layouts of the
//! series' games, for another player to play the same games (issue 37's paired runs).

use anyhow::Context;
use minehint::advice::GuessPolicy;
use minehint::advice::{GuessKind, GuessPoint, Series};
use minehint::board::{Cell, Pos};
use rayon::prelude::*;
use std::fmt::Write as _;
use std::path::Path;

/// The name of what chose a guess, as the dump writes it.
fn kind_name(kind: GuessKind) -> &'static str {
    match kind {
        GuessKind::Endgame { .. } => "endgame",
        GuessKind::ForcedFiftyFifty => "fifty_fifty",
        GuessKind::Scored { .. } => "scored",
        GuessKind::Safest => "safest",
        GuessKind::FirstClick { .. } => "first_click",
    }
}

/// One guess position as a block: a `#` line (game, guess number, what chose it, the tile and
/// its mine chance), then the board in the format D. N. Hill's solver reads (`WxHxM`, then one
/// line per row: a digit for an open tile, `m` for a covered mine, `H` for a covered safe tile).
fn position_block(index: u64, point: &GuessPoint, mines: usize) -> String {
    let board = point.board;
    let g = point.guess;
    let mut out = format!(
        "# game {index} guess {} kind {} row {} col {} mine {:.6}\n{}x{}x{}\n",
        point.number,
        kind_name(g.kind),
        g.pos.row,
        g.pos.col,
        g.mine,
        board.cols(),
        board.rows(),
        mines
    );
    for row in 0..board.rows() {
        for col in 0..board.cols() {
            let pos = Pos::new(row, col);
            let c = match board.get(pos) {
                Cell::Number(n) => char::from(b'0' + n),
                _ if point.game.is_mine(pos) => 'm',
                _ => 'H',
            };
            out.push(c);
        }
        out.push('\n');
    }
    out
}

/// Writes the mine layouts of the first `games` games of `series` to `path`, one a line:
/// `WIDTHxHEIGHTxMINES ROW,COL INDEX...`, where ROW,COL is the first click and each INDEX a mine
/// at row * WIDTH + col.
pub fn write_layouts(series: &Series, games: u64, path: &Path) -> anyhow::Result<()> {
    let head = format!(
        "{}x{}x{} {},{}",
        series.cols, series.rows, series.mines, series.start.row, series.start.col
    );
    let lines: Vec<String> = (0..games)
        .into_par_iter()
        .map(|index| {
            let mines = series.layout(index).expect("the series makes games");
            let mut line = head.clone();
            for m in mines {
                let _ = write!(line, " {m}");
            }
            line.push('\n');
            line
        })
        .collect();
    std::fs::write(path, lines.concat()).with_context(|| format!("cannot write {}", path.display()))
}

/// Plays `games` games of `series` and writes every guess position to `path`, in game order;
/// with `outcomes`, each game's result there too (`bench --outcomes`' format).
pub fn dump_guesses(
    series: &Series,
    policy: &GuessPolicy,
    games: u64,
    path: &Path,
    outcomes: Option<&Path>,
) -> anyhow::Result<()> {
    let played: Vec<(String, bool)> = (0..games)
        .into_par_iter()
        .map(|i| {
            let mut text = String::new();
            let result = series
                .play_with(i, policy, &mut |point| {
                    text.push_str(&position_block(i, &point, series.mines));
                    point.guess.pos
                })
                .expect("checked on game 0");
            (text, result.won)
        })
        .collect();
    if let Some(outcomes) = outcomes {
        write_outcomes(outcomes, played.iter().map(|(_, won)| *won))?;
    }
    let blocks: String = played.into_iter().map(|(text, _)| text).collect();
    std::fs::write(path, blocks).with_context(|| format!("cannot write {}", path.display()))
}

/// Writes one character per game to `path`, in game order: 1 won, 0 lost.
pub fn write_outcomes(path: &Path, won: impl Iterator<Item = bool>) -> anyhow::Result<()> {
    let line: String = won.map(|w| if w { '1' } else { '0' }).collect();
    std::fs::write(path, line + "\n").with_context(|| format!("cannot write {}", path.display()))
}

/// Replays the games `path` names, one line each (`GAME GUESS ROW COL`: in game GAME, guess
/// number GUESS opens ROW,COL instead of the policy's pick), and prints each line with `1` (won)
/// or `0` after it.
pub fn replay(series: &Series, policy: &GuessPolicy, path: &Path) -> anyhow::Result<()> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut lines = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let fields: Vec<u64> = line
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()
            .ok()
            .filter(|f: &Vec<u64>| f.len() == 4)
            .with_context(|| {
                format!(
                    "{} line {}: expected GAME GUESS ROW COL, found {line:?}",
                    path.display(),
                    n + 1
                )
            })?;
        let (row, col) = (fields[2] as usize, fields[3] as usize);
        if row >= series.rows || col >= series.cols {
            anyhow::bail!(
                "{} line {}: tile {row},{col} is off the {}x{} board",
                path.display(),
                n + 1,
                series.cols,
                series.rows
            );
        }
        let guess = u32::try_from(fields[1]).with_context(|| {
            format!(
                "{} line {}: guess number {} is too large",
                path.display(),
                n + 1,
                fields[1]
            )
        })?;
        lines.push((fields[0], guess, Pos::new(row, col)));
    }
    let won: Vec<bool> = lines
        .par_iter()
        .map(|&(game, guess, pos)| {
            series
                .play_with(game, policy, &mut |point| {
                    if point.number == guess {
                        pos
                    } else {
                        point.guess.pos
                    }
                })
                .map(|r| r.won)
        })
        .collect::<Result<_, _>>()?;
    let mut out = String::new();
    for ((game, guess, pos), won) in lines.iter().zip(won) {
        writeln!(
            out,
            "{game} {guess} {} {} {}",
            pos.row,
            pos.col,
            u8::from(won)
        )?;
    }
    print!("{out}");
    Ok(())
}
