//! The `solve --json` and `solve --stream` answer written straight into a byte buffer, the same
//! bytes as serde_json writes for [`SolveJson`](super::output::SolveJson).
//!
//! Why not serde alone: an Expert answer is 400-odd cells, and through serde each cell's four
//! keys were escaped and its fraction and float formatted again, though the tiles share a few
//! dozen fractions: a quarter of `solve --stream`'s time per position. Here each distinct
//! fraction's `"mine"` and `"p"` are written once by serde_json and copied for every tile that
//! shares it; the keys are constant text. The moves likewise: each reason's words are written
//! into one buffer, not a new string per move. Every other field still goes through serde_json,
//! and the tests below check the whole answer against serde's own.

#[cfg(test)]
use super::output::solve_json;
use super::output::solve_json_but_cells_and_moves;
use minehint::advice::{rounded, Advice};
use minehint::board::Pos;
use minehint::solver::{Analysis, Layout};
use rustc_hash::FxHashMap;
use serde::Serialize;
use std::ops::Range;

/// Appends the answer for `analysis` and `advice` to `out` as one JSON object, no newline.
pub fn write_answer(
    out: &mut Vec<u8>,
    analysis: &Analysis,
    advice: &Advice,
    layouts: Option<&[Layout]>,
) -> serde_json::Result<()> {
    // The fields in SolveJson's order; `cells` and `moves` are left out of the struct and
    // written here.
    let value = solve_json_but_cells_and_moves(analysis, advice, layouts);
    out.extend_from_slice(b"{\"rows\":");
    serde_json::to_writer(&mut *out, &value.rows)?;
    field(out, "cols", &value.cols)?;
    field(out, "mines", &value.mines)?;
    field(out, "mode", &value.mode)?;
    field(out, "solutions", &value.solutions)?;
    out.extend_from_slice(b",\"cells\":");
    write_cells(out, analysis)?;
    field(out, "safe", &value.safe)?;
    field(out, "certain_mines", &value.certain_mines)?;
    field(out, "best_guess", &value.best_guess)?;
    out.extend_from_slice(b",\"moves\":");
    write_moves(out, advice)?;
    if let Some(layouts) = &value.layouts {
        field(out, "layouts", layouts)?;
    }
    out.push(b'}');
    Ok(())
}

/// `,"key":value`, the value as serde_json writes it.
fn field(out: &mut Vec<u8>, key: &str, value: &impl Serialize) -> serde_json::Result<()> {
    out.extend_from_slice(b",\"");
    out.extend_from_slice(key.as_bytes());
    out.extend_from_slice(b"\":");
    serde_json::to_writer(&mut *out, value)
}

/// `[{"row","col","mine","p"(,"numbers")}, ...]`, each distinct fraction's `"mine"` and `"p"`
/// written once.
fn write_cells(out: &mut Vec<u8>, analysis: &Analysis) -> serde_json::Result<()> {
    // Each shared fraction's `,"mine":"a/b","p":x` once, in `written`; `at` finds it by the
    // fraction's identity (clones share one).
    let mut written = Vec::new();
    let mut at: FxHashMap<usize, Range<usize>> = FxHashMap::default();
    let mut digits = itoa::Buffer::new();
    out.push(b'[');
    for (i, tile) in analysis.tiles.iter().enumerate() {
        open_entry(out, &mut digits, i, tile.pos);
        let range = match at.get(&tile.mine.id()) {
            Some(range) => range.clone(),
            None => {
                let start = written.len();
                written.extend_from_slice(b",\"mine\":");
                serde_json::to_writer(&mut written, tile.mine.as_text())?;
                written.extend_from_slice(b",\"p\":");
                serde_json::to_writer(&mut written, &rounded(tile.mine.to_f64()))?;
                at.insert(tile.mine.id(), start..written.len());
                start..written.len()
            }
        };
        out.extend_from_slice(&written[range]);
        if let Some(numbers) = &tile.numbers {
            out.extend_from_slice(b",\"numbers\":");
            let texts: Vec<&str> = numbers.iter().map(|n| n.as_text()).collect();
            serde_json::to_writer(&mut *out, &texts)?;
        }
        out.push(b'}');
    }
    out.push(b']');
    Ok(())
}

/// `[{"row","col","action","reason"}, ...]`, each reason's words written into one buffer kept for
/// the answer (through serde, each move's words were a new string, and each field went through
/// serde's per-field path: 9% of `solve --stream`'s instructions for an Expert position).
fn write_moves(out: &mut Vec<u8>, advice: &Advice) -> serde_json::Result<()> {
    let mut digits = itoa::Buffer::new();
    let mut reason = String::new();
    out.push(b'[');
    for (i, m) in advice.moves.iter().enumerate() {
        open_entry(out, &mut digits, i, m.pos);
        out.extend_from_slice(b",\"action\":\"");
        out.extend_from_slice(m.action.as_str().as_bytes());
        out.extend_from_slice(b"\",\"reason\":");
        reason.clear();
        m.write_explanation(&mut reason);
        write_str(out, &reason)?;
        out.push(b'}');
    }
    out.push(b']');
    Ok(())
}

/// The start of the `i`th entry of a list of tiles: `,` (after the first), `{"row":R,"col":C`.
fn open_entry(out: &mut Vec<u8>, digits: &mut itoa::Buffer, i: usize, pos: Pos) {
    if i > 0 {
        out.push(b',');
    }
    out.extend_from_slice(b"{\"row\":");
    out.extend_from_slice(digits.format(pos.row).as_bytes());
    out.extend_from_slice(b",\"col\":");
    out.extend_from_slice(digits.format(pos.col).as_bytes());
}

/// `text` as a JSON string, as serde_json writes it: quoted as it is when nothing in it needs an
/// escape (the reasons are plain words and numbers), else through serde_json.
fn write_str(out: &mut Vec<u8>, text: &str) -> serde_json::Result<()> {
    // A fold, not `any`: without the early exit the test runs over many bytes at once, and the
    // reasons never need an escape, so `any` would read every byte anyway.
    let needs_escape = (text.bytes()).fold(false, |seen, b| {
        seen | (b < 0x20) | (b == b'"') | (b == b'\\')
    });
    if needs_escape {
        return serde_json::to_writer(&mut *out, text);
    }
    out.push(b'"');
    out.extend_from_slice(text.as_bytes());
    out.push(b'"');
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use minehint::advice::{advise, GuessPolicy};
    use minehint::board::parse_board;
    use minehint::solver::{analyze, list_layouts, SolveOptions};

    /// The answer for `text` both ways, through serde's struct and written here; `None` where
    /// the board does not hold with `mines`.
    fn both(text: &str, mines: Option<u64>, numbers: bool, list: bool) -> Option<(String, String)> {
        let board = parse_board(text).expect("a board");
        let options = SolveOptions {
            mines,
            numbers,
            ..SolveOptions::default()
        };
        let analysis = analyze(&board, &options).ok()?;
        let advice = advise(&board, &analysis, &GuessPolicy::default());
        let layouts = list.then(|| list_layouts(&board, 5).expect("layouts"));
        let serde = serde_json::to_string(&solve_json(&analysis, &advice, layouts.as_deref()))
            .expect("serde writes it");
        let mut out = Vec::new();
        write_answer(&mut out, &analysis, &advice, layouts.as_deref()).expect("written");
        Some((serde, String::from_utf8(out).expect("UTF-8")))
    }

    #[test]
    fn writes_what_serde_writes() {
        let boards = [
            // Mid-game, shared fractions on and away from the numbers, certain tiles.
            "..1.....\n..1.....\n111..2..\n.....F..\n1.......\n",
            // Nothing open: every tile one fraction; a first-click guess.
            "....\n....\n....\n",
            // All open but one: a certain mine.
            "1.\n11\n",
        ];
        let mut compared = 0;
        for text in boards {
            for (mines, numbers, list) in [
                (None, false, false),
                (Some(4), false, false),
                (Some(4), true, false),
                (Some(4), false, true),
            ] {
                if let Some((serde, ours)) = both(text, mines, numbers, list) {
                    assert_eq!(ours, serde, "board {text:?}, mines {mines:?}");
                    compared += 1;
                }
            }
        }
        // Every board is consistent without a total, the first two also with 4 mines.
        assert_eq!(compared, 9, "answers compared");
    }

    #[test]
    fn strings_are_quoted_as_serde_quotes_them() {
        for text in [
            "",
            "safe in all 12 layouts",
            "pair rule: the 2 at (3, 4) and the 1 at (3, 5)",
            "a \"quoted\" word",
            "back\\slash",
            "tab\tand\nnewline\u{1}",
            "non-ASCII: é ✓",
        ] {
            let mut ours = Vec::new();
            write_str(&mut ours, text).expect("written");
            let serde = serde_json::to_string(text).expect("serde writes it");
            assert_eq!(String::from_utf8(ours).expect("UTF-8"), serde, "{text:?}");
        }
    }
}
