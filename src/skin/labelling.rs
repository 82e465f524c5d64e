//! The search for the likeliest labelling of a board's looks that the rules allow.
//!
//! Looks that differ only by noise are labelled together (`families`). Each family has a short
//! list of meanings, cheapest first (`meanings`). The labellings are
//! visited in order of total cost (the sum over looks; cost is `-ln` of the prior, relative to
//! the look's first choice) by a lazy best-first walk over the product of the lists: labelling
//! `a` is reached only from the one with its last raised position lowered, so each is seen once.
//! The first that obeys the rules is the reading. Others that obey them at nearly the same cost
//! put the looks they change in doubt. The walk is bounded by a number of labellings, never by
//! the clock, so the same screenshot always reads the same.

use super::background::{
    digit_on_covered_face, evidence_from, exact_empty_looks, faces, on_a_sure_digits_face,
    references, Evidence, Face,
};
use super::counted_flags::settle_counted_flags;
use super::cover_pieces::cover_pieces;
use super::crossed_mines::settle_crossed_mines;
use super::digit_inks::{ink, inks_differ};
use super::doubt::{add_doubt, has_room_for};
use super::drawn_over::{cover_hidden, doubt_hidden, hidden_families};
use super::empty_faces::{as_covered, empty_faces};
use super::families::{families, families_apart, Families};
use super::flags_beside_strays::doubt_flags_beside_strays;
use super::forced::settle_forced_numbers;
use super::foreign_face::doubt_numbers_on_a_face_of_their_own;
use super::glyph_named::settle_glyphs_the_board_names;
use super::hidden_zeros::doubt_against_hidden_zeros;
use super::lone_looks::{all_many_as_read, flipped, lone_looks, side_by_side, LONE_COST};
use super::lost_zeros::reopen_zeros_of_a_lost_board;
use super::meanings::{meanings, with_cross_as_mine, Meaning};
use super::mines_drawn_alike::{settle_flags_drawn_alike, settle_mines_drawn_alike};
use super::one_glyph::doubt_a_glyph_read_two_ways;
use super::open_marks::{doubt_marks_on_open_face, drawn_as_a_mark};
use super::plain_digits::settle_plain_digits;
use super::pressed::{release_pressed, settle_zeros_beside_a_pressed_look};
use super::raised_zeros::settle_raised_zeros;
use super::repair::repairs;
use super::rules::{is_possible, side_cascade_shown, unsure_flags_over_count, SideCascade};
use super::same_flag::drawn_as_a_sure_flag;
use super::same_glyph::{drawn_as_the_sure, settle_drawn_as_named};
use super::set_off_mine::settle_the_set_off_mine;
use super::shown_mines::read_symbols;
use super::symbols::on_open_face;
use super::text_runs::{many_at_their_likeliest, text_runs};
use super::unknown_skin::doubt_digits_of_an_unknown_skin;
use super::unsure_digits::{doubt_unsure_digits, sure_among_the_possible};
use super::unsure_flags::{doubt_flags_walled_in_by_numbers, doubt_unsure_flags};
use super::walled_zeros::{settle_walled_in_zeros, ZeroFace};
use crate::board::{Board, Cell, Pos};
use crate::vision::{Doubt, Reading, TileClass, Verdict};
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// The classifier's confidence in a flag look from which it is a flag wherever the numbers put
/// it: a player's wrong flag, not a misreading. (The emoji clone's white squares, in forced
/// dark at 43 px, are flags to it at 0.91.)
const SURE_FLAG: f32 = 0.99;
/// A labelling within this cost of the best (`ln 20`: the prior favours the best by less than
/// twenty to one) that also obeys the rules leaves the looks it changes in doubt.
const DOUBT_MARGIN: f64 = 3.0;
/// Labellings checked against the rules at most. A board whose likely labellings all break them
/// is left as the classifier read it, and reported impossible downstream.
const CHECK_LIMIT: usize = 400;
/// The same, until one labelling holds, for the last reading tried before a board is refused
/// (without the board's evidence of looks that are no empty tile): a skin the classifier reads
/// badly all over (an emoji clone's covered squares taken for 5s and 6s on a forced dark page)
/// leaves many likelier labellings to pass over, most of which the cheap rules reject at once.
/// Past `CHECK_LIMIT` the walk stops at the first that holds, as it would have stopped there.
const LAST_CHECK_LIMIT: usize = 3000;
/// Alternatives within the margin collected at most.
const ALTERNATIVES: usize = 16;

/// What the board-level reading did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settled {
    /// Labellings checked against the rules.
    pub checked: usize,
    /// Whether a labelling that obeys the rules was found (else the reading is the classifier's).
    pub possible: bool,
    /// Looks whose class was changed from the classifier's first choice.
    pub changed: usize,
    /// Tiles read as covered tiles drawn pressed (`crate::skin::pressed`).
    pub pressed: usize,
}

/// One labelling on the walk: the index into each look's meanings, its total cost, and the
/// first position the walk may still raise.
#[derive(Clone, Debug)]
struct State {
    cost: f64,
    picks: Vec<usize>,
    pivot: usize,
}

impl PartialEq for State {
    fn eq(&self, other: &Self) -> bool {
        self.cost.total_cmp(&other.cost) == Ordering::Equal
    }
}
impl Eq for State {}
impl PartialOrd for State {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for State {
    // Reversed: the heap pops the cheapest labelling first.
    fn cmp(&self, other: &Self) -> Ordering {
        other.cost.total_cmp(&self.cost)
    }
}

/// Settles the classes of `reading`'s looks with the rules of the game: relabels looks where
/// the classifier's first choice cannot hold on this board, and lists in `reading.doubt` the
/// looks two labellings disagree on. Where none holds, the reading is left as the classifier
/// read it and marked refuted ([`Reading::refuted`]).
pub fn settle(reading: &mut Reading) -> Settled {
    let cells = reading.cells_of_each_look();
    let mut families = families(&reading.pixels, &reading.looks, &cells);
    let mut empty_face = references(&reading.pixels, &families);
    let exact_empty = exact_empty_looks(&reading.pixels, &families, &empty_face);
    if exact_empty.contains(&true) {
        tracing::debug!(
            looks = exact_empty.iter().filter(|&&e| e).count(),
            "board-level reading: empty tiles grouped with covered ones, set apart"
        );
        families = families_apart(&reading.pixels, &reading.looks, &cells, &exact_empty);
        empty_face = references(&reading.pixels, &families);
    }
    let sides = families.sides(reading);
    let family_cells = families.cells(reading);
    let evidence = evidence_from(
        &reading.pixels,
        &families,
        &empty_face,
        &sides,
        &family_cells,
    );
    let mut faces = faces(&reading.pixels, &families, &evidence);
    // A mark drawn on the open face in a game that draws it there is no digit: its face says
    // nothing of what it is.
    for (family, face) in faces.iter_mut().enumerate() {
        if *face == Face::Open && drawn_as_a_mark(reading, &families, family) {
            *face = Face::Unknown;
        }
    }
    // Nor is a digit a mark on a covered tile where its glyph is the one the board's sure looks
    // of its number show, in their ink: an edge at another phase of the pitch passes for a
    // covered tile's bevel. winmine.html's pale "1"s in Chromium's forced dark at 20.5 px
    // (seed 483) came within 0.995 of the board's sure 1s, their edge ring within the covered
    // tiles' of the dark lines between tiles: read as question marks beside 0s, they left no
    // labelling with the 0s open, and the 57 0s of an opened board were read as covered.
    for (family, face) in faces.iter_mut().enumerate() {
        let class = families.verdicts[family].class;
        if *face == Face::Covered && drawn_as_the_sure(reading, families.first[family], class) {
            tracing::debug!(
                family,
                ?class,
                "board-level reading: a digit drawn as the board's sure ones: no mark on a cover"
            );
            *face = Face::Unknown;
        }
    }
    // Crosses apart from each other may be a lost game's mines (`with_cross_as_mine`); crosses
    // side by side may as well be a tooltip's text over a board in play (JSMinesweeper's
    // "(6,4)" read surely as a crossed flag on four tiles), which `lone_looks` hides.
    let plain_as_read: Vec<Vec<Meaning>> = (0..families.verdicts.len())
        .map(|f| meanings(&families.verdicts[f], evidence[f], faces[f]))
        .collect();
    let crossed: Vec<bool> = (reading.look_of.iter())
        .map(|&look| {
            (plain_as_read[families.of[look]].iter()).any(|m| m.class == TileClass::WrongFlag)
        })
        .collect();
    let apart = side_by_side(&reading.board, &crossed).len() > 1;
    let with_crosses = |mut kept: Vec<Meaning>| {
        if apart {
            with_cross_as_mine(&mut kept);
        }
        kept
    };
    let options_as_read: Vec<Vec<Meaning>> = plain_as_read.into_iter().map(with_crosses).collect();
    for (f, verdict) in families.verdicts.iter().enumerate() {
        tracing::trace!(
            family = f,
            first_look = families.first[f],
            class = ?verdict.class,
            confidence = verdict.confidence,
            evidence = ?evidence[f],
            face = ?faces[f],
            meanings = ?options_as_read[f],
            "board-level reading: a family of looks"
        );
    }
    // The family of each cell.
    let family_of: Vec<usize> = reading.look_of.iter().map(|&l| families.of[l]).collect();
    if tracing::enabled!(tracing::Level::TRACE) {
        // Where each family lies: the board row by row, rows split by "/", each family one
        // base-36 digit (the families past 35 wrap round), to find a look on a capture.
        let digit = |f: usize| char::from_digit((f % 36) as u32, 36).unwrap_or('?');
        let map: Vec<String> = (family_of.chunks(reading.board.cols().max(1)))
            .map(|row| row.iter().map(|&f| digit(f)).collect())
            .collect();
        tracing::trace!(map = %map.join("/"), "board-level reading: the family of each cell");
    }
    // Tiles under something drawn over the board say nothing of the game: in the walk each is
    // a flag, the one cell that the rules let be anything (a covered tile that may or may not
    // hold a mine, beside which a 0 may lie: a player's flag may be wrong).
    let prior: Vec<TileClass> = families.verdicts.iter().map(|v| v.class).collect();
    let mut hidden = hidden_families(reading, &families, &prior, &evidence);
    let as_flags = hidden_as_flags(options_as_read.clone(), &hidden);
    // The families read as flags surely: a flag of any other family may not make a number see
    // more flags than it counts (`unsure_flags_over_count`). Hidden tiles are flags standing for
    // anything.
    let sure_flags = |hidden: &[bool]| -> Vec<bool> {
        (families.verdicts.iter().zip(hidden))
            .map(|(verdict, &hidden)| {
                hidden || (verdict.class == TileClass::Flag && verdict.confidence >= SURE_FLAG)
            })
            .collect()
    };
    // A cascade that opens only a 0's sides, shown by one 0 beside a 0 that touches no covered
    // tile, is taken for one only where the tiles the classifier read surely show it.
    let on_the_empty_face: Vec<bool> = (0..reading.looks.len())
        .map(|look| evidence[families.of[look]] == Evidence::Empty)
        .collect();
    let cascade_as_read = side_cascade_shown(&surely_read(reading, &on_the_empty_face)).is_some();
    let (mut walk, mut options, mut repaired) = search(
        as_flags,
        &family_of,
        &sure_flags(&hidden),
        &reading.board,
        cascade_as_read,
        CHECK_LIMIT,
    );
    // The labelling with the families of `group` hidden too, and which families are hidden.
    let search_hiding = |hidden: &[bool], group: &[usize]| {
        let mut with_group = hidden.to_vec();
        for &family in group {
            with_group[family] = true;
        }
        let tried = search(
            hidden_as_flags(options_as_read.clone(), &with_group),
            &family_of,
            &sure_flags(&with_group),
            &reading.board,
            cascade_as_read,
            CHECK_LIMIT,
        );
        (tried, with_group)
    };
    // A look on one tile that alone turns a family of many into another class is tried as
    // hidden instead (`lone_looks`).
    if let Some(best) = walk.found.first() {
        let flipped = flipped(reading, &families, &classes_of(&options, best));
        // A repaired walk's cost is counted in the meanings the repair left, so it says nothing
        // of the families the repair turned: hiding lone looks that restores a labelling
        // without one beats it at any cost. JSMinesweeper's tooltip "(0,10)" over open 0s at
        // 30 px (seed 483) left no labelling as read; the repair read its board's 33 0s as
        // covered, at the same cost as hiding the tooltip's three pieces.
        let mut cheapest = if repaired.contains(&true) {
            f64::INFINITY
        } else {
            best.cost - LONE_COST
        };
        let mut chosen = None;
        for group in lone_looks(reading, &families, &hidden, &flipped) {
            let (tried, with_lone) = search_hiding(&hidden, &group);
            walk.checked += tried.0.checked;
            let Some(found) = tried.0.found.first() else {
                continue;
            };
            let cost = found.cost;
            let restores = all_many_as_read(reading, &families, &classes_of(&tried.1, found));
            tracing::debug!(
                families = ?group,
                cost,
                best = best.cost,
                restores,
                "board-level reading: lone looks tried as hidden"
            );
            if cost < cheapest && restores && !tried.2.contains(&true) {
                cheapest = cost;
                chosen = Some((tried, with_lone));
            }
        }
        if let Some(((lone_walk, lone_options, lone_repaired), with_lone)) = chosen {
            let checked = walk.checked;
            (walk, options, repaired) = (lone_walk, lone_options, lone_repaired);
            walk.checked = checked;
            hidden = with_lone;
        }
    }
    // No labelling holds: a run of looks of their own side by side may be the text of
    // something drawn over the game's tiles (`text_runs`), tried as hidden.
    if walk.found.is_empty() {
        let mut chosen = None;
        for run in text_runs(reading, &families, &hidden) {
            let (tried, with_run) = search_hiding(&hidden, &run);
            walk.checked += tried.0.checked;
            let Some(found) = tried.0.found.first() else {
                continue;
            };
            let cost = found.cost;
            let settled = classes_of(&tried.1, found);
            let restores = many_at_their_likeliest(reading, &families, &options_as_read, &settled);
            tracing::debug!(
                families = ?run,
                cost,
                restores,
                "board-level reading: a run of looks of their own tried as hidden"
            );
            let cheaper = chosen
                .as_ref()
                .is_none_or(|(_, _, best): &(_, _, f64)| cost < *best);
            if restores && !tried.2.contains(&true) && cheaper {
                chosen = Some((tried, with_run, cost));
            }
        }
        if let Some(((run_walk, run_options, run_repaired), with_run, _)) = chosen {
            let checked = walk.checked;
            (walk, options, repaired) = (run_walk, run_options, run_repaired);
            walk.checked = checked;
            hidden = with_run;
        }
    }
    // The patch first found, for the reading without the evidence below.
    let hidden_at_first = hidden.clone();
    if walk.found.is_empty() && hidden.contains(&true) {
        // No labelling holds with the patch hidden: read it as it looks, as where none is
        // found (a lost game under a box whose button is a patch reads as lost then).
        let checked = walk.checked;
        hidden.fill(false);
        (walk, options, repaired) = search(
            options_as_read,
            &family_of,
            &sure_flags(&hidden),
            &reading.board,
            cascade_as_read,
            CHECK_LIMIT,
        );
        walk.checked += checked;
    }
    // The meanings on the classifier's own odds of an empty tile, without the board's evidence
    // that a look is none. That evidence rests on a skin drawing its empty tile as the numbers'
    // face without a digit; a skin that draws it as a symbol of its own (an emoji clone's white
    // square on a dark page) has 0s the evidence rules out. The rules still bar a 0 beside a
    // covered tile, so covered tiles taken for 0s hold only where none is left beside them.
    let without_evidence = || -> Vec<Vec<Meaning>> {
        (0..families.verdicts.len())
            .map(|f| {
                let evidence = match evidence[f] {
                    Evidence::NotEmpty => Evidence::None,
                    other => other,
                };
                with_crosses(meanings(&families.verdicts[f], evidence, faces[f]))
            })
            .collect()
    };
    let mut read_without_evidence = false;
    if walk.found.is_empty() && evidence.contains(&Evidence::NotEmpty) {
        // No labelling holds with the evidence: read again without it, the patch hidden first
        // if one was (a tile lit under the pointer on an emoji clone's page), then as it looks.
        read_without_evidence = true;
        let mut checked = walk.checked;
        if hidden_at_first.contains(&true) {
            (walk, options, repaired) = search(
                hidden_as_flags(without_evidence(), &hidden_at_first),
                &family_of,
                &sure_flags(&hidden_at_first),
                &reading.board,
                cascade_as_read,
                LAST_CHECK_LIMIT,
            );
            if walk.found.is_empty() {
                checked += walk.checked;
            } else {
                hidden.copy_from_slice(&hidden_at_first);
            }
        }
        if walk.found.is_empty() {
            (walk, options, repaired) = search(
                without_evidence(),
                &family_of,
                &sure_flags(&hidden),
                &reading.board,
                cascade_as_read,
                LAST_CHECK_LIMIT,
            );
        }
        tracing::debug!(
            possible = !walk.found.is_empty(),
            checked = walk.checked,
            "board-level reading: read again without the evidence of looks that are no empty tile"
        );
        walk.checked += checked;
    }
    let Walk {
        found,
        mut pressed,
        checked,
    } = walk;
    reading.refuted = found.is_empty();
    let Some(best) = found.first() else {
        return Settled {
            checked,
            possible: false,
            changed: 0,
            pressed: 0,
        };
    };
    // The class the best labelling gives each family.
    let mut settled = classes_of(&options, best);
    tracing::debug!(
        cost = best.cost,
        costliest = (best.picks.iter().zip(&options))
            .map(|(&pick, meanings)| meanings[pick].cost)
            .fold(0.0, f64::max),
        repaired = repaired.contains(&true),
        "board-level reading: the best labelling"
    );
    let mut changed = 0;
    for (look, &family) in families.of.iter().enumerate() {
        let class = settled[family];
        if class != reading.looks[look].class {
            // How sure the board makes the new class: its share among the look's meanings,
            // with the board's evidence counted (not the classifier's own, which chose another).
            let weights: Vec<f64> = options[family].iter().map(|m| (-m.cost).exp()).collect();
            let share = weights[best.picks[family]] / weights.iter().sum::<f64>();
            reading.relabel(look, class, share as f32);
            changed += 1;
        }
    }
    for &index in &pressed {
        reading.cover(index);
    }
    reading.doubt = doubts(reading, &families, &options, &settled, &found, &repaired);
    doubt_against_hidden_zeros(reading, &families, &settled, &repaired, &pressed);
    // A look the classifier took for an empty tile, read as covered on the evidence alone,
    // while the board also holds with it empty: in doubt between the two, so no advice calls
    // open tiles safe (an emoji clone's empty white squares, read as covered). The same for a
    // look the classifier took for no covered tile at all (those squares in forced dark at 76
    // px, a flag to it, too many for the numbers beside them), read as covered where the
    // evidence left nothing else. A reading made without the evidence is that labelling
    // already.
    // A hidden family is no reading the evidence overruled: it stands for anything, and is
    // hidden in the labelling without the evidence too (JSMinesweeper's tooltip, a piece of it
    // over a 0 that the model took for a 0: read without the evidence and with the tooltip
    // as it looks, the 0s a flag-like piece of it touched were left in doubt).
    let overruled_by_the_evidence = |f: usize| {
        let saw = families.verdicts[f].class;
        !hidden[f]
            && evidence[f] == Evidence::NotEmpty
            && matches!(saw, TileClass::Number(0) | TileClass::Flag)
            && settled[f] != saw
            && settled[f].cell() != Cell::Number(0)
    };
    if !read_without_evidence && (0..settled.len()).any(overruled_by_the_evidence) {
        let free = search(
            hidden_as_flags(without_evidence(), &hidden),
            &family_of,
            &sure_flags(&hidden),
            &reading.board,
            cascade_as_read,
            CHECK_LIMIT,
        );
        doubt_where_the_evidence_decided(reading, &families, &settled, free);
    }
    // A face the evidence finds an empty tile of or no empty tile of, or, where it says
    // nothing, the face of sure digits: the pixel-art clone in Chromium's forced dark draws its
    // "1"s on a dark grey face, its "2"s on a white one, so no background of the numbers was
    // found, and a pocket of its dark grey 0s walled in by numbers stayed in doubt with covered
    // tiles. (The emoji clone's light grey 0s at 45 px, on the numbers' face, were an "8" to
    // the model, a covered tile nearly as likely.)
    let digits_face = on_a_sure_digits_face(&reading.pixels, &families);
    let zero_faces: Vec<ZeroFace> = (evidence.iter().zip(&digits_face))
        .map(|(&e, &digits)| match e {
            Evidence::NotEmpty => ZeroFace::OfItsOwn,
            Evidence::None if digits => ZeroFace::OfItsOwn,
            Evidence::None => ZeroFace::Unmeasured,
            Evidence::Empty => ZeroFace::TheNumbers,
        })
        .collect();
    settle_plain_digits(reading, &families, &mut settled);
    let reopened = settle_walled_in_zeros(reading, &families, &zero_faces, &mut settled, &pressed);
    pressed.retain(|index| !reopened.contains(index));
    settle_raised_zeros(reading, &families, &mut settled);
    // A look seen only on pressed tiles is read as covered whichever way it is labelled: a
    // doubt between an empty open tile and a covered one changes nothing there.
    let cols = reading.grid.cols;
    reading.doubt.retain(|doubt| {
        let only_pressed = (doubt.cells.iter()).all(|&(r, c)| pressed.contains(&(r * cols + c)));
        let zero_or_covered =
            (doubt.classes.iter()).all(|c| matches!(c.cell(), Cell::Number(0) | Cell::Unrevealed));
        !(only_pressed && zero_or_covered)
    });
    settle_zeros_beside_a_pressed_look(reading, &pressed, DOUBT_MARGIN);
    // Whether a look lies on the open tiles' face, by the board's pixels: no player's mark.
    let open_face = |look: usize| faces[families.of[look]] == Face::Open;
    doubt_unsure_digits(reading, &families.of, &open_face);
    doubt_digits_of_an_unknown_skin(reading, &open_face);
    doubt_unsure_flags(reading);
    doubt_flags_walled_in_by_numbers(reading);
    // Tiles under something drawn over the board are covered tiles to the rules that follow.
    cover_hidden(reading, &families, &hidden);
    for family in (0..settled.len()).filter(|&f| hidden[f]) {
        settled[family] = TileClass::Unrevealed;
    }
    read_symbols(reading, &families, &settled, &hidden);
    doubt_marks_on_open_face(reading, &families, &settled);
    let open = on_open_face(
        &reading.pixels,
        &families,
        &settled,
        &families.in_doubt(reading),
    );
    doubt_a_glyph_read_two_ways(reading, &families, &|family| open[family]);
    doubt_numbers_on_a_face_of_their_own(reading, &families, &settled);
    let hidden_cells: Vec<bool> = (reading.look_of.iter())
        .map(|&look| hidden[families.of[look]])
        .collect();
    doubt_flags_beside_strays(reading, &hidden_cells);
    settle_counted_flags(reading);
    // Which doubts' looks sit on the open tiles' face, beside the looks read surely.
    let open = on_open_face(
        &reading.pixels,
        &families,
        &settled,
        &families.in_doubt(reading),
    );
    let on_open_face = |doubt: &Doubt| open[families.of[doubt.look]];
    // The looks the board names a number, by its rules or as a glyph drawn as those named; each
    // settled look can name more.
    let mut named = settle_forced_numbers(reading, &on_open_face);
    loop {
        let mut drawn = settle_drawn_as_named(reading, &named, &on_open_face);
        if drawn.is_empty() {
            // The looks of one glyph tried together, where none was named alone.
            drawn = settle_glyphs_the_board_names(reading, &on_open_face);
        }
        if drawn.is_empty() {
            break;
        }
        named.extend(drawn);
        named.extend(settle_forced_numbers(reading, &on_open_face));
    }
    // The pieces of something drawn across tiles (symbols that may be mines, its text read as
    // numbers or flags) are hidden too.
    let pieces = cover_pieces(reading, &families, &hidden);
    cover_hidden(reading, &families, &pieces);
    for (hidden, piece) in hidden.iter_mut().zip(pieces) {
        *hidden |= piece;
    }
    doubt_hidden(reading, &families, &hidden);
    settle_crossed_mines(reading, &families, &mut settled);
    settle_mines_drawn_alike(reading, &families);
    settle_flags_drawn_alike(reading);
    reopen_zeros_of_a_lost_board(reading, &pressed);
    settle_the_set_off_mine(reading);
    reading.recount_mines();
    Settled {
        checked,
        possible: true,
        changed,
        pressed: pressed.len(),
    }
}

/// The classifier's confidence from which a tile's verdict is sure enough to show how the game
/// cascades: react-minesweeper's 0s read at 0.83 and more at 30 px; the emoji clone's lit "1",
/// read as a question mark, at 0.58.
const SURE_TILE: f32 = 0.7;

/// `reading`'s board as the classifier read it, every tile it read less surely than
/// [`SURE_TILE`], or as a player's mark, an open number: neither covered nor empty, so it shows
/// nothing of how the game opens 0s (a number lit under the pointer, read as a question mark,
/// even surely, would make the 0s beside it touch a covered tile). A look read unsurely as
/// covered, the rest of its odds on an empty tile, stays covered where the numbers read surely
/// need it to be ([`covered_as_the_numbers_need`]). A look read unsurely as empty, the rest of
/// its odds on a covered tile, is empty where it shows the numbers' background (`empty_face`,
/// per look: the board's evidence): the SVG clone's 0s along the opened area's framed edge read
/// as empty at 0.61 at 37 px. So is a look read unsurely as covered, the rest of its odds on an
/// empty tile, where it shows the numbers' background and the numbers do not need it covered:
/// the same clone's middle 0 of three in a corridor between 1s read as covered at 0.59 at 34
/// px, the one 0 there that touches no covered tile and so shows the cascade.
fn surely_read(reading: &Reading, empty_face: &[bool]) -> Board {
    let mut board = reading.board.clone();
    let covered = (0..reading.looks.len())
        .map(|look| covered_as_the_numbers_need(reading, look))
        .collect::<Vec<_>>();
    let empty: Vec<bool> = (0..reading.looks.len())
        .map(|look| {
            let verdict = &reading.looks[look];
            empty_face[look]
                && !covered[look]
                && (empty_as_the_board_shows(verdict) || unsurely_covered_or_empty(verdict))
        })
        .collect();
    for (index, verdict) in reading.tiles.iter().enumerate() {
        let look = reading.look_of[index];
        if empty[look] {
            board.set_index(index, Cell::Number(0));
        } else if (verdict.confidence < SURE_TILE && !covered[look]) || verdict.class.is_mark() {
            board.set_index(index, Cell::Number(1));
        }
    }
    board
}

/// Whether `verdict` reads a look as covered less surely than [`SURE_TILE`], with covered and
/// empty all it may be (the share [`COVERED_OR_EMPTY`]).
fn unsurely_covered_or_empty(verdict: &Verdict) -> bool {
    verdict.class == TileClass::Unrevealed
        && verdict.confidence < SURE_TILE
        && verdict.prob(TileClass::Unrevealed) + verdict.prob(TileClass::Number(0))
            >= COVERED_OR_EMPTY
}

/// The share of a look's odds from which covered and empty are all it may be.
const COVERED_OR_EMPTY: f32 = 0.99;

/// Whether `verdict` reads a look as empty, with covered and empty all it may be (the share
/// [`COVERED_OR_EMPTY`]).
fn empty_as_the_board_shows(verdict: &Verdict) -> bool {
    verdict.class == TileClass::Number(0)
        && verdict.prob(TileClass::Unrevealed) + verdict.prob(TileClass::Number(0))
            >= COVERED_OR_EMPTY
}

/// Whether `look`, read as covered less surely than [`SURE_TILE`] with the rest of its odds on
/// an empty open tile, is covered because a number read surely beside it would otherwise touch
/// fewer tiles that may hold a mine than it counts: a look is one class on the whole board, and
/// empty it would leave that number short. react-minesweeper's covered tiles in Chromium's dark
/// mode at 25–27 px read as covered at 0.687 and as empty at 0.313, so no tile of theirs showed
/// the side-only cascade its 0s did, and the 0s were read as covered.
fn covered_as_the_numbers_need(reading: &Reading, look: usize) -> bool {
    if !unsurely_covered_or_empty(&reading.looks[look]) {
        return false;
    }
    let board = &reading.board;
    let may_hold_a_mine = |pos: Pos| {
        let index = board.index(pos);
        let tile = &reading.tiles[index];
        reading.look_of[index] != look
            && (tile.confidence < SURE_TILE
                || !matches!(tile.class.cell(), Cell::Number(_) | Cell::Blank))
    };
    (0..reading.tiles.len()).any(|index| {
        let tile = &reading.tiles[index];
        let Cell::Number(count @ 1..) = tile.class.cell() else {
            return false;
        };
        let room = (board.neighbors(board.pos_of(index)))
            .filter(|&q| may_hold_a_mine(q))
            .count();
        tile.confidence >= SURE_TILE && room < usize::from(count)
    })
}

/// The class `state` (a labelling) gives each family among its `options` (each family's
/// meanings).
fn classes_of(options: &[Vec<Meaning>], state: &State) -> Vec<TileClass> {
    (options.iter().zip(&state.picks))
        .map(|(meaning, &pick)| meaning[pick].class)
        .collect()
}

/// `options` (each family's meanings) with every `hidden` family a flag alone: in the walk, the one
/// cell the rules let be anything.
fn hidden_as_flags(mut options: Vec<Vec<Meaning>>, hidden: &[bool]) -> Vec<Vec<Meaning>> {
    for family in (0..options.len()).filter(|&f| hidden[f]) {
        options[family] = vec![Meaning {
            class: TileClass::Flag,
            cost: 0.0,
        }];
    }
    options
}

/// Leaves in doubt, between the class `settled` gives it and the one the labelling read without
/// the board's evidence of empty tiles (`free`: its walk, meanings and the families a repair
/// changed) gives it, each family the two read differently, where that labelling holds without
/// a repair.
fn doubt_where_the_evidence_decided(
    reading: &mut Reading,
    families: &Families,
    settled: &[TileClass],
    (free, free_options, free_repaired): (Walk, Vec<Vec<Meaning>>, Vec<bool>),
) {
    let Some(free_best) = free.found.first() else {
        return;
    };
    // A labelling found only by a repair (`repair`) is no reading the board holds as it looks:
    // the rules pointed at the families it changed. The table clone's covered tiles in forced
    // dark mode, taken for 0s without the evidence, held only with every 0 and every number
    // beside them read as covered.
    if free_repaired.contains(&true) {
        return;
    }
    for (family, class) in classes_of(&free_options, free_best).into_iter().enumerate() {
        if class.cell() != settled[family].cell() {
            let look = families.first[family];
            let cells = reading.cells_showing(|l| families.of[l] == family);
            add_doubt(reading, look, cells, settled[family], class);
        }
    }
}

/// The likeliest labellings of `options` (each family's meanings) that the rules allow: a walk
/// over them, and where none holds, the repairs that change only the families the rules point
/// at (`repair`). Returns the walk, the meanings it found them among (a repair's), and the
/// families a repair let change (read as a digit, they are in doubt).
fn search(
    mut options: Vec<Vec<Meaning>>,
    family_of: &[usize],
    sure_flags: &[bool],
    board: &Board,
    cascade_as_read: bool,
    limit: usize,
) -> (Walk, Vec<Vec<Meaning>>, Vec<bool>) {
    // The same board and rules for every walk: only the meanings change.
    let walk_with =
        |tried: &[Vec<Meaning>]| walk(tried, family_of, sure_flags, board, cascade_as_read, limit);
    let mut walk = walk_with(&options);
    let mut repaired = vec![false; options.len()];
    if walk.found.is_empty() {
        let (covered, checked) = one_face_as_covered(&options, family_of, &walk_with);
        walk.checked += checked;
        if let Some((again, covered)) = covered {
            (options, walk.found, walk.pressed) = (covered, again.found, again.pressed);
            return (walk, options, repaired);
        }
    }
    if walk.found.is_empty() {
        for tried in repairs(&options, family_of, board) {
            let again = walk_with(&tried);
            tracing::debug!(
                checked = again.checked,
                possible = !again.found.is_empty(),
                "board-level reading: the families the rules point at, changed alone"
            );
            walk.checked += again.checked;
            if !again.found.is_empty() {
                repaired = (options.iter().zip(&tried))
                    .map(|(all, kept)| kept.len() > 1 || kept[0].class != all[0].class)
                    .collect();
                // The repair held every family it did not point at to the classifier's first
                // choice, however narrowly first: a "1" on forced-dark winmine at 21 px, a flag
                // to the classifier at 0.47 and a 1 at 0.37, was settled as a flag, and a 1
                // beside it "already touched its mine": a mine called safe. Walked again with
                // their other meanings back, the labellings within the margin that hold too
                // leave such families in doubt.
                let widened = widened(&options, &tried);
                (options, walk.found, walk.pressed) = (tried, again.found, again.pressed);
                if widened != options {
                    let wide = walk_with(&widened);
                    walk.checked += wide.checked;
                    if !wide.found.is_empty() {
                        (options, walk.found, walk.pressed) = (widened, wide.found, wide.pressed);
                    }
                }
                break;
            }
        }
    }
    (walk, options, repaired)
}

/// A walk and the meanings (each family's, cheapest first) it walked.
type Walked = (Walk, Vec<Vec<Meaning>>);

/// Of two or more faces of many tiles read as empty (`empty_faces`), the one that alone
/// holds as covered, the others as read (`walk_with` walks the meanings given): its walk and
/// the meanings it was walked with, with the labellings checked in all. None where no face or
/// several hold: a lost game whose covered tiles beside its mines read as empty holds with
/// either face covered, and the repairs that follow (the rules pointing at the 0s beside its
/// mines) read it exactly.
fn one_face_as_covered(
    options: &[Vec<Meaning>],
    family_of: &[usize],
    walk_with: &dyn Fn(&[Vec<Meaning>]) -> Walk,
) -> (Option<Walked>, usize) {
    let faces = empty_faces(options, family_of);
    if faces.is_empty() {
        return (None, 0);
    }
    let mut checked = 0;
    let mut holding = Vec::new();
    for &face in &faces {
        let tried = as_covered(options, face);
        let again = walk_with(&tried);
        checked += again.checked;
        if !again.found.is_empty() {
            holding.push((face, again, tried));
        }
    }
    tracing::debug!(
        ?faces,
        holding = ?holding.iter().map(|h| h.0).collect::<Vec<_>>(),
        "board-level reading: faces read as empty tried as covered"
    );
    if holding.len() != 1 {
        return (None, checked);
    }
    let (_, again, tried) = holding.remove(0);
    (Some((again, tried)), checked)
}

/// The meanings of a repair's walk (`tried`, changed from `options` only for the families the
/// rules pointed at) with every family it held to its first choice given all its meanings back.
fn widened(options: &[Vec<Meaning>], tried: &[Vec<Meaning>]) -> Vec<Vec<Meaning>> {
    (options.iter().zip(tried))
        .map(|(all, kept)| {
            let held = kept.len() == 1 && kept[0] == all[0];
            if held {
                all.clone()
            } else {
                kept.clone()
            }
        })
        .collect()
}

/// What one walk over the labellings found.
struct Walk {
    /// The labellings that obey the rules, the best first, then those within the doubt margin.
    found: Vec<State>,
    /// The cells the best labelling reads as covered tiles drawn pressed (`pressed`).
    pressed: Vec<usize>,
    /// Labellings checked against the rules.
    checked: usize,
}

/// Walks the labellings of `options` (each family's meanings; `family_of` each cell's family)
/// cheapest first, and keeps those under which `board`'s cells make a real position.
fn walk(
    options: &[Vec<Meaning>],
    family_of: &[usize],
    sure_flags: &[bool],
    board: &Board,
    cascade_as_read: bool,
    limit: usize,
) -> Walk {
    let mut heap = BinaryHeap::new();
    heap.push(State {
        cost: 0.0,
        picks: vec![0; options.len()],
        pivot: 0,
    });
    let mut board = board.clone();
    let mut found: Vec<State> = Vec::new();
    let mut pressed = Vec::new();
    let mut checked = 0;
    while let Some(state) = heap.pop() {
        if found
            .first()
            .is_some_and(|best| state.cost > best.cost + DOUBT_MARGIN)
            || found.len() > ALTERNATIVES
            || checked >= limit
            || (checked >= CHECK_LIMIT && !found.is_empty())
        {
            break;
        }
        for look in state.pivot..options.len() {
            let next = state.picks[look] + 1;
            if next < options[look].len() {
                let mut picks = state.picks.clone();
                picks[look] = next;
                let step = options[look][next].cost - options[look][next - 1].cost;
                heap.push(State {
                    cost: state.cost + step,
                    picks,
                    pivot: look,
                });
            }
        }
        checked += 1;
        for (index, &family) in family_of.iter().enumerate() {
            board.set_index(index, options[family][state.picks[family]].cell());
        }
        let released = release_pressed(&mut board);
        // The count of flags first: it is cheap, where `is_possible` may ask the solver.
        let unsure = |p: Pos| !sure_flags[family_of[board.index(p)]];
        if !unsure_flags_over_count(&board, unsure)
            && (cascade_as_read
                || side_cascade_shown(&board) != Some(SideCascade::BesideASettledZero))
            && is_possible(&board)
        {
            if found.is_empty() {
                pressed = released;
            }
            found.push(state);
        }
    }
    Walk {
        found,
        pressed,
        checked,
    }
}

/// The families on which the labellings `found` (the best first, whose class of each family is
/// `settled`) put different cells, each named by its first look; and, in doubt between their
/// number and a covered tile, the digits the best labelling leaves on a covered face
/// (`digit_on_covered_face`) and those of families a repair changed (`repaired`): the rules
/// pointed at them, so the reading is unsure of them; and, in doubt between the two, the numbers
/// the rules chose against the classifier's own number.
fn doubts(
    reading: &Reading,
    families: &Families,
    options: &[Vec<Meaning>],
    settled: &[TileClass],
    found: &[State],
    repaired: &[bool],
) -> Vec<Doubt> {
    let best = &found[0];
    // A family a repair read as covered is a symbol the reading is unsure of, no covered face
    // to compare a digit's edge with.
    let misplaced = digit_on_covered_face(&reading.pixels, families, settled, repaired);
    // Inks are measured only where there is an alternative to weigh (not on most frames).
    let alternatives: Vec<&State> = match &found[1..] {
        [] => Vec::new(),
        others => {
            let inks: Vec<Option<[f64; 3]>> = (families.first.iter())
                .map(|&look| ink(&reading.pixels[look]))
                .collect();
            let glyph_read = numbers_drawn_as_the_sure(reading, families, options, best);
            (others.iter())
                .filter(|other| !two_inks_for_one_number(other, best, options, families, &inks))
                .filter(|other| !unreads_a_glyph(other, best, options, &glyph_read))
                .collect()
        }
    };
    let mut out = Vec::new();
    for (family, meaning) in options.iter().enumerate() {
        let chosen = meaning[best.picks[family]];
        let mut classes: Vec<TileClass> = vec![chosen.class];
        let unsure_digit = repaired[family] && matches!(chosen.cell(), Cell::Number(1..));
        if misplaced[family] || unsure_digit {
            classes.push(TileClass::Unrevealed);
        }
        // A number the rules chose against the classifier's own number for the look: the rules
        // found a count that holds, not the one the tile shows (two small digits each misread
        // by one can hold together), so it stays in doubt with the classifier's; unless no tile
        // of the look has room for the classifier's and it gave the rules' choice nearly all
        // the odds of what they have room for.
        let saw = families.verdicts[family].class;
        let cells = || reading.cells_showing(|look| families.of[look] == family);
        let impossible_saw = || {
            let cells = cells();
            !has_room_for(&reading.board, &cells, saw)
                && sure_among_the_possible(
                    &reading.board,
                    &cells,
                    &families.verdicts[family],
                    chosen.class,
                    &|_| true,
                )
        };
        if matches!(chosen.cell(), Cell::Number(1..))
            && matches!(saw.cell(), Cell::Number(_))
            && saw.cell() != chosen.cell()
            && !impossible_saw()
        {
            classes.push(saw);
        }
        // A number drawn as the board's sure looks of it draw it is that number: another
        // labelling of its look (a question mark, for a "2" lit under the pointer) is none;
        // and so is a flag drawn as the board's sure flags.
        let alternatives = || (alternatives.iter()).map(|other| meaning[other.picks[family]].class);
        let other_meaning = alternatives().any(|class| class.cell() != chosen.cell());
        let first = families.first[family];
        let drawn = || {
            drawn_as_the_sure(reading, first, chosen.class)
                || (chosen.class == TileClass::Flag && drawn_as_a_sure_flag(reading, first))
        };
        if other_meaning && !drawn() {
            for alternative in alternatives() {
                if alternative.cell() != chosen.cell() && !classes.contains(&alternative) {
                    classes.push(alternative);
                }
            }
        }
        if classes.len() > 1 {
            out.push(Doubt {
                look: families.first[family],
                classes,
                cells: cells(),
            });
        }
    }
    out
}

/// Which families the `best` labelling reads as a number (1 to 8) that the classifier read as
/// something else, drawn as the board's sure looks of that number draw it (`same_glyph`): the
/// glyph is what names them. A family the classifier itself read as the number stays open to
/// the rules' alternatives, as before.
fn numbers_drawn_as_the_sure(
    reading: &Reading,
    families: &Families,
    options: &[Vec<Meaning>],
    best: &State,
) -> Vec<bool> {
    (options.iter().enumerate())
        .map(|(family, meaning)| {
            let class = meaning[best.picks[family]].class;
            matches!(class.cell(), Cell::Number(1..))
                && families.verdicts[family].class.cell() != class.cell()
                && drawn_as_the_sure(reading, families.first[family], class)
        })
        .collect()
}

/// Whether labelling `other` reads a family the `best` one reads as a number drawn as the
/// board's sure looks of it (`glyph_read`) as anything else: that glyph is the number whatever
/// its face, so `other` is no real alternative. The emoji clone lights the "2" under the
/// pointer on a blue square, which the classifier takes for a question mark; the labelling
/// with that question mark and every 0 of the board covered held within the margin, and all
/// 51 of the board's 0s were left in doubt.
fn unreads_a_glyph(
    other: &State,
    best: &State,
    options: &[Vec<Meaning>],
    glyph_read: &[bool],
) -> bool {
    let cell =
        |labelling: &State, family: usize| options[family][labelling.picks[family]].class.cell();
    (glyph_read.iter().enumerate())
        .any(|(family, &read)| read && cell(other, family) != cell(best, family))
}

/// The classifier's confidence in a family's number from which its ink stands for that number
/// (`digit_inks`).
const SURE_INK: f32 = 0.9;

/// Whether labelling `other` gives a family a number that the `best` labelling does not, while
/// another family both labellings and the classifier (surely) give that number shows a clearly
/// different ink (`inks`, each family's): a skin draws each number in one ink, so
/// `other` is no real alternative.
fn two_inks_for_one_number(
    other: &State,
    best: &State,
    options: &[Vec<Meaning>],
    families: &Families,
    inks: &[Option<[f64; 3]>],
) -> bool {
    let class = |labelling: &State, family: usize| options[family][labelling.picks[family]].class;
    (0..options.len()).any(|changed| {
        let number = class(other, changed);
        matches!(number.cell(), Cell::Number(1..))
            && class(best, changed) != number
            && (0..options.len()).any(|sure| {
                let verdict = &families.verdicts[sure];
                sure != changed
                    && class(other, sure) == number
                    && class(best, sure) == number
                    && verdict.class == number
                    && verdict.confidence >= SURE_INK
                    && inks_differ(inks[changed], inks[sure])
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Cell, Pos};
    use crate::skin::advice_board;
    use crate::skin::testing::{
        flat_reading as reading, tile_with_ink, BLUE, GRASS, NOTE, SAND, WHITE,
    };
    use crate::vision::tiles::{TILE, TILE_BYTES};
    use crate::vision::Verdict;

    fn verdict(pairs: &[(TileClass, f32)]) -> Verdict {
        Verdict::from_probs(pairs)
    }

    #[test]
    fn the_rules_overrule_a_likelier_labelling_no_game_can_show() {
        // The classifier thinks the plain look is more likely an empty open tile; then the 1
        // would have no covered neighbour and the board no covered tile at all.
        let mut r = reading(
            &["aaa", "a1a", "aaa"],
            "a1",
            vec![
                verdict(&[(TileClass::Number(0), 0.6), (TileClass::Unrevealed, 0.4)]),
                verdict(&[(TileClass::Number(1), 1.0)]),
            ],
        );
        let settled = settle(&mut r);
        assert!(settled.possible);
        assert_eq!(settled.changed, 1);
        assert_eq!(r.class(0, 0), TileClass::Unrevealed);
        assert!(r.doubt.is_empty());
    }

    #[test]
    fn a_repair_leaves_a_family_it_did_not_point_at_in_doubt_where_another_meaning_holds() {
        // An "8" in the corner (no room: the rules point at it) and a look beside a 1 that the
        // classifier finds a flag by a hair, a 1 nearly as likely. Two checks are too few for the
        // first walk, so a repair reads the 8 as covered; both readings of the look then hold.
        let meaning = |class, cost| Meaning { class, cost };
        let options = vec![
            vec![
                meaning(TileClass::Number(8), 0.0),
                meaning(TileClass::Unrevealed, 9.0),
            ],
            vec![meaning(TileClass::Unrevealed, 0.0)],
            vec![
                meaning(TileClass::Flag, 0.0),
                meaning(TileClass::Number(1), 0.22),
            ],
            vec![meaning(TileClass::Number(1), 0.0)],
        ];
        let family_of = [0, 1, 1, 1, 2, 3, 1, 1, 1];
        let board = Board::from_cells(3, 3, vec![Cell::Unrevealed; 9]).unwrap();
        let (walk, options, repaired) = search(options, &family_of, &[false; 4], &board, true, 2);
        assert_eq!(repaired, [true, false, false, false]);
        assert!(
            walk.found.len() >= 2,
            "the look's other meaning was not walked"
        );
        let look = |state: &State| options[2][state.picks[2]].class;
        assert_eq!(look(&walk.found[0]), TileClass::Flag);
        assert!(walk.found[1..]
            .iter()
            .any(|s| look(s) == TileClass::Number(1)));
    }

    #[test]
    fn two_labellings_equally_likely_leave_the_look_in_doubt_and_out_of_the_advice() {
        // Column 2 may be empty open tiles or covered ones: the board allows both, and the
        // classifier cannot tell (its 1s are not sure enough to give evidence either).
        let mut r = reading(
            &["c1d", "c1d", "c1d"],
            "c1d",
            vec![
                verdict(&[(TileClass::Unrevealed, 1.0)]),
                verdict(&[(TileClass::Number(1), 0.85), (TileClass::Number(7), 0.15)]),
                verdict(&[(TileClass::Number(0), 0.5), (TileClass::Unrevealed, 0.5)]),
            ],
        );
        let settled = settle(&mut r);
        assert!(settled.possible);
        assert_eq!(r.doubt.len(), 1, "{:?}", r.doubt);
        let doubt = &r.doubt[0];
        assert_eq!(doubt.cells, vec![(0, 2), (1, 2), (2, 2)]);
        assert!(doubt.classes.contains(&TileClass::Number(0)));
        assert!(doubt.classes.contains(&TileClass::Unrevealed));
        // Advice sees the doubtful tiles as covered: one of the readings has them so.
        let board = advice_board(&r);
        assert!((0..3).all(|row| board.get(Pos::new(row, 2)) == Cell::Unrevealed));
    }

    #[test]
    fn a_number_a_look_of_another_ink_surely_shows_is_no_alternative() {
        // The pink look is a 4 or a 5 to the classifier and to the board; the amber look is a
        // sure 5, its glyph another picture (a bar) than the pink look's (a block). Only where
        // the two inks differ is the pink look taken for a 4 without doubt.
        let read = |pink: [u8; 3]| {
            let mut r = reading(
                &["ccccc", "cpcac", "ccccc"],
                "cpa",
                vec![
                    verdict(&[(TileClass::Unrevealed, 1.0)]),
                    verdict(&[(TileClass::Number(4), 0.75), (TileClass::Number(5), 0.25)]),
                    verdict(&[(TileClass::Number(5), 0.99), (TileClass::Number(3), 0.01)]),
                ],
            );
            let tan = [188, 160, 131];
            r.pixels[1] = tile_with_ink(tan, pink);
            r.pixels[2] = tile_with_ink(tan, [201, 134, 51]);
            for (i, pixel) in r.pixels[2].chunks_exact_mut(3).enumerate() {
                let (x, y) = (i % TILE, i / TILE);
                if (5..TILE - 5).contains(&x) && !(7..9).contains(&y) {
                    pixel.copy_from_slice(&tan);
                }
                if (3..TILE - 3).contains(&x) && (7..9).contains(&y) {
                    pixel.copy_from_slice(&[201, 134, 51]);
                }
            }
            assert!(settle(&mut r).possible);
            r
        };
        let other_ink = read([200, 135, 188]);
        assert!(other_ink.doubt.is_empty(), "{:?}", other_ink.doubt);
        assert_eq!(other_ink.class(1, 1), TileClass::Number(4));
        let same_ink = read([201, 134, 51]);
        assert_eq!(same_ink.doubt.len(), 1, "{:?}", same_ink.doubt);
        assert_eq!(same_ink.doubt[0].cells, vec![(1, 1)]);
    }

    /// A board whose 1 and 2 read with odds `low`, and its 3 with `high` (each against a
    /// runner-up); the numbers drawn on one open face, in inks of their own.
    fn board_of_numbers_read_at(low: f32, high: f32) -> Reading {
        let mut r = reading(
            &["2c3", "ccc", "1cc"],
            "c123",
            vec![
                verdict(&[(TileClass::Unrevealed, 1.0)]),
                verdict(&[
                    (TileClass::Number(1), low),
                    (TileClass::Number(7), 1.0 - low),
                ]),
                verdict(&[
                    (TileClass::Number(2), low),
                    (TileClass::Number(7), 1.0 - low),
                ]),
                verdict(&[
                    (TileClass::Number(3), high),
                    (TileClass::Number(2), 1.0 - high),
                ]),
            ],
        );
        for (k, ink) in [(1, [0, 0, 255]), (2, [0, 128, 0]), (3, [255, 0, 0])] {
            r.pixels[k] = tile_with_ink([192; 3], ink);
        }
        r
    }

    #[test]
    fn on_a_skin_whose_numbers_read_unsurely_even_a_sure_digit_is_in_doubt() {
        let mut r = board_of_numbers_read_at(0.7, 0.997);
        assert!(settle(&mut r).possible);
        let doubt = r.doubt_of(3).expect("the 3 is in doubt");
        assert_eq!(
            doubt.classes,
            vec![TileClass::Number(3), TileClass::Number(2)]
        );
        assert!(r.doubt_of(1).is_some(), "the unsure 1 too: {:?}", r.doubt);
    }

    #[test]
    fn on_a_skin_whose_numbers_read_surely_a_sure_digit_stands() {
        let mut r = board_of_numbers_read_at(0.96, 0.997);
        assert!(settle(&mut r).possible);
        assert!(r.doubt.is_empty(), "{:?}", r.doubt);
    }

    #[test]
    fn a_number_the_classifier_found_less_likely_than_not_is_in_doubt() {
        let mut r = reading(
            &["ccc", "c1c", "ccc"],
            "c1",
            vec![
                verdict(&[(TileClass::Unrevealed, 1.0)]),
                verdict(&[(TileClass::Number(1), 0.45), (TileClass::Number(2), 0.4)]),
            ],
        );
        assert!(settle(&mut r).possible);
        assert_eq!(r.class(1, 1), TileClass::Number(1));
        let doubt = r.doubt_of(1).expect("the unsure 1 is in doubt");
        assert_eq!(
            doubt.classes,
            vec![TileClass::Number(1), TileClass::Number(2)]
        );
        assert_eq!(doubt.cells, vec![(1, 1)]);
    }

    #[test]
    fn a_note_over_tiles_beside_open_ones_hides_them_and_the_rest_reads_as_it_is() {
        // "A" and "B": two tiles under a dark note with white letters, read as mines; the 0s
        // beside them could not be 0s beside a covered tile or a mine.
        let mut r = reading(
            &["0001.", "0001.", "AB01.", "0001."],
            "01.AB",
            vec![
                verdict(&[(TileClass::Number(0), 1.0)]),
                verdict(&[(TileClass::Number(1), 1.0)]),
                verdict(&[(TileClass::Unrevealed, 1.0)]),
                verdict(&[(TileClass::Mine, 0.9), (TileClass::Number(2), 0.1)]),
                verdict(&[(TileClass::Mine, 1.0)]),
            ],
        );
        r.pixels = vec![
            tile_with_ink(SAND, SAND),
            tile_with_ink(SAND, BLUE),
            tile_with_ink(GRASS, GRASS),
            tile_with_ink(NOTE, WHITE),
            tile_with_ink(NOTE, [200; 3]),
        ];
        assert!(settle(&mut r).possible);
        assert!(!r.board.shows_mines());
        assert_eq!(r.class(2, 2), TileClass::Number(0));
        assert_eq!(r.doubt_cells(), [(2, 0), (2, 1)]);
        assert!(r.doubt.iter().all(|d| d.hides_the_tiles()));
        assert_eq!(advice_board(&r).get(Pos::new(2, 0)), Cell::Unrevealed);
    }

    /// An emoji clone's board in a dark page: "w", its empty tile (a white square), between sure
    /// 1s and 0s, with the verdict given. "w" is white all over, unlike the numbers' face: the
    /// board's evidence that it is no empty tile.
    fn white_squares_beside_ones(w: Verdict) -> Reading {
        // Ten rows: more 0s beside "w" than a pointer shows pressed, were it covered.
        let mut r = reading(
            &["c1wz"; 10],
            "c1wz",
            vec![
                verdict(&[(TileClass::Unrevealed, 1.0)]),
                verdict(&[(TileClass::Number(1), 1.0)]),
                w,
                verdict(&[(TileClass::Number(0), 1.0)]),
            ],
        );
        r.pixels = vec![
            tile_with_ink(GRASS, GRASS),
            tile_with_ink(SAND, BLUE),
            tile_with_ink(WHITE, WHITE),
            tile_with_ink(SAND, SAND),
        ];
        r
    }

    #[test]
    fn a_look_unsurely_a_flag_does_not_give_a_number_more_flags_than_it_counts() {
        // As flags, the white squares would give each 1 two flags and each 0 one or more: a
        // player's wrong flags by the lenient rule, but the classifier doubts they are flags.
        let mut r = white_squares_beside_ones(verdict(&[
            (TileClass::Flag, 0.6),
            (TileClass::Number(0), 0.35),
            (TileClass::Unrevealed, 0.05),
        ]));
        assert!(settle(&mut r).possible);
        assert_eq!(r.class(1, 2), TileClass::Number(0));
    }

    #[test]
    fn a_sure_flag_stays_a_flag_where_the_numbers_cannot_hold_it() {
        // The same board with the classifier sure of the flags: the player's wrong flags, for
        // the analysis to point out.
        let mut r = white_squares_beside_ones(verdict(&[
            (TileClass::Flag, 0.99),
            (TileClass::Number(0), 0.01),
        ]));
        assert!(settle(&mut r).possible);
        assert_eq!(r.class(1, 2), TileClass::Flag);
    }

    /// A board of `rows` with covered tiles "c", sure 1s "1" and white squares "w" that the
    /// classifier takes for 0s and the board's evidence for no empty tile (white all over,
    /// unlike the numbers' sand face); covered tiles of colour `covered`.
    fn white_squares_taken_for_zeros(rows: &[&str], covered: [u8; 3]) -> Reading {
        let mut r = reading(
            rows,
            "c1w",
            vec![
                verdict(&[(TileClass::Unrevealed, 1.0)]),
                verdict(&[(TileClass::Number(1), 1.0)]),
                verdict(&[(TileClass::Number(0), 0.85), (TileClass::Unrevealed, 0.15)]),
            ],
        );
        r.pixels = vec![
            tile_with_ink(covered, covered),
            tile_with_ink(SAND, BLUE),
            tile_with_ink(WHITE, WHITE),
        ];
        r
    }

    #[test]
    fn an_empty_tile_read_as_covered_on_the_evidence_alone_is_in_doubt() {
        // One white square walled in by 1s, and the board holds either way: in doubt, so no
        // advice calls the 1s' other neighbours safe (one tile of a look of its own may be a
        // covered tile lit under the pointer).
        let rows = ["ccccc", "c111c", "c1w1c", "c111c", "ccccc"];
        let mut r = white_squares_taken_for_zeros(&rows, GRASS);
        assert!(settle(&mut r).possible);
        assert_eq!(r.class(2, 2), TileClass::Unrevealed);
        let doubt = r.doubt_of(2).expect("the white square in doubt");
        assert!(doubt.classes.contains(&TileClass::Number(0)));
        assert_eq!(advice_board(&r).get(Pos::new(2, 2)), Cell::Unrevealed);
    }

    #[test]
    fn white_squares_walled_in_by_numbers_on_a_colour_of_their_own_are_empty_tiles() {
        // A column of white squares beside 1s at the board's edge, as a cascade leaves them:
        // read as 0s, the 1s' mines in the covered column.
        let mut r = white_squares_taken_for_zeros(&["c1w"; 10], GRASS);
        assert!(settle(&mut r).possible);
        assert_eq!(r.class(0, 2), TileClass::Number(0));
        assert!(r.doubt.is_empty(), "{:?}", r.doubt);
        // Where the covered tiles are near-white too, the squares may be covered tiles of
        // another grain: in doubt still.
        let mut r = white_squares_taken_for_zeros(&["c1w"; 10], [225, 225, 225]);
        assert!(settle(&mut r).possible);
        assert_eq!(r.class(0, 2), TileClass::Unrevealed);
        assert_eq!(r.doubt_of(2).map(|d| d.cells.len()), Some(10));
        // And where one square touches a covered tile there is no cascade (nor a 0 at all).
        let mut rows = vec!["c1w"; 10];
        rows[9] = "c1c";
        let mut r = white_squares_taken_for_zeros(&rows, GRASS);
        assert!(settle(&mut r).possible);
        assert_ne!(r.class(0, 2), TileClass::Number(0));
    }

    #[test]
    fn a_number_no_tile_has_room_for_leaves_no_doubt() {
        // KMines' gold "3" at 31 px: the classifier finds it an "8" at 0.82, a "3" at 0.18.
        // Beside open tiles no "8" can be; the "3" holds, and is taken without doubt.
        let mut r = reading(
            &["ccc", "2e2", "000"],
            "c2e0",
            vec![
                verdict(&[(TileClass::Unrevealed, 1.0)]),
                verdict(&[(TileClass::Number(2), 1.0)]),
                verdict(&[(TileClass::Number(8), 0.82), (TileClass::Number(3), 0.18)]),
                verdict(&[(TileClass::Number(0), 1.0)]),
            ],
        );
        r.pixels = faces_of_three_numbers();
        assert!(settle(&mut r).possible);
        assert_eq!(r.class(1, 1), TileClass::Number(3));
        assert!(r.doubt.is_empty(), "{:?}", r.doubt);
        // Where the tiles have room for a "2" as well, and the board holds with it, the "3"
        // stays in doubt.
        let mut r = reading(
            // Three blocks, so that no look shows on as few tiles as a note over the board.
            &["ccccccccccc", "cecccecccec", "121c121c121"],
            "ce12",
            vec![
                verdict(&[(TileClass::Unrevealed, 1.0)]),
                verdict(&[
                    (TileClass::Number(8), 0.5),
                    (TileClass::Number(3), 0.3),
                    (TileClass::Number(2), 0.2),
                ]),
                verdict(&[(TileClass::Number(1), 1.0)]),
                verdict(&[(TileClass::Number(2), 1.0)]),
            ],
        );
        r.pixels = vec![
            tile_with_ink(GRASS, GRASS),
            tile_with_ink(SAND, [200, 30, 30]),
            tile_with_ink(SAND, BLUE),
            tile_with_ink(SAND, [30, 140, 30]),
        ];
        assert!(settle(&mut r).possible);
        assert_eq!(r.class(1, 1), TileClass::Number(3));
        let doubt = r.doubt_of(1).expect("the 3 in doubt");
        assert!(doubt.classes.contains(&TileClass::Number(2)));
    }

    /// Covered grass, a blue number and a red one on sand, an empty sand tile: the looks of
    /// `a_number_no_tile_has_room_for_leaves_no_doubt`'s first board.
    fn faces_of_three_numbers() -> Vec<[u8; TILE_BYTES]> {
        vec![
            tile_with_ink(GRASS, GRASS),
            tile_with_ink(SAND, BLUE),
            tile_with_ink(SAND, [200, 30, 30]),
            tile_with_ink(SAND, SAND),
        ]
    }

    #[test]
    fn a_look_unsurely_covered_is_covered_where_a_sure_number_needs_it() {
        // The 1 touches the unsure look, a sure 0 and a sure 1: the look is its only room.
        let unsure = |other: TileClass| verdict(&[(TileClass::Unrevealed, 0.687), (other, 0.313)]);
        let read = |c: Verdict, d: Verdict| {
            reading(
                &["ccc", "c10", "c1d"],
                "c10d",
                vec![
                    c,
                    verdict(&[(TileClass::Number(1), 1.0)]),
                    verdict(&[(TileClass::Number(0), 1.0)]),
                    d,
                ],
            )
        };
        let sure_zero = verdict(&[(TileClass::Number(0), 1.0)]);
        let r = read(unsure(TileClass::Number(0)), sure_zero);
        assert!(covered_as_the_numbers_need(&r, 0));
        assert_eq!(
            surely_read(&r, &[false; 4]).get(Pos::new(0, 0)),
            Cell::Unrevealed
        );
        // A look that may be a 2 is no covered-or-empty look.
        let r = read(unsure(TileClass::Number(2)), sure_zero);
        assert!(!covered_as_the_numbers_need(&r, 0));
        assert_eq!(
            surely_read(&r, &[false; 4]).get(Pos::new(0, 0)),
            Cell::Number(1)
        );
        // Where the 1 touches a tile read surely as covered, the look is not needed.
        let r = read(
            unsure(TileClass::Number(0)),
            verdict(&[(TileClass::Unrevealed, 1.0)]),
        );
        assert!(!covered_as_the_numbers_need(&r, 0));
    }

    #[test]
    fn a_look_unsurely_empty_is_empty_where_it_shows_the_numbers_background() {
        // A cascade that opened only the 0s' sides: the 0 at (1,1) touches the covered tile at
        // (0,2) on a diagonal alone, beside the 0s of the left column, which touch none. The
        // classifier reads the look "e" (those 0s along the opened area's edge) as empty at
        // 0.61, the rest on a covered tile.
        let unsure_zero = verdict(&[(TileClass::Number(0), 0.61), (TileClass::Unrevealed, 0.39)]);
        let r = reading(
            &["01.", "0e1", "0e1"],
            "01.e",
            vec![
                verdict(&[(TileClass::Number(0), 1.0)]),
                verdict(&[(TileClass::Number(1), 1.0)]),
                verdict(&[(TileClass::Unrevealed, 1.0)]),
                unsure_zero,
            ],
        );
        let shown = |empty_face: &[bool]| side_cascade_shown(&surely_read(&r, empty_face));
        assert_eq!(shown(&[false; 4]), None);
        assert_eq!(
            shown(&[true, false, false, true]),
            Some(SideCascade::BesideASettledZero)
        );
        // A look that may be a digit is no empty tile, whatever its background.
        let mut r = r;
        r.looks[3] = verdict(&[(TileClass::Number(0), 0.61), (TileClass::Number(1), 0.39)]);
        for tile in (0..9).filter(|&i| r.look_of[i] == 3) {
            r.tiles[tile] = r.looks[3];
        }
        assert_eq!(
            side_cascade_shown(&surely_read(&r, &[true, false, false, true])),
            None
        );
    }

    #[test]
    fn a_look_unsurely_covered_is_empty_where_it_shows_the_numbers_background() {
        // A corridor of three 0s between 1s, opened by a cascade that opens only a 0's sides:
        // the 0s at either end ("e", read as empty at 0.59) touch covered tiles on their
        // diagonals alone; the middle one ("m", read as covered at 0.59, the rest on an empty
        // tile) touches none, and is the one that shows the cascade.
        let r = reading(
            &["..1..", ".1e1.", ".1m1.", ".1e1.", "..2.."],
            ".1em2",
            vec![
                verdict(&[(TileClass::Unrevealed, 1.0)]),
                verdict(&[(TileClass::Number(1), 1.0)]),
                verdict(&[(TileClass::Number(0), 0.59), (TileClass::Unrevealed, 0.41)]),
                verdict(&[(TileClass::Unrevealed, 0.59), (TileClass::Number(0), 0.41)]),
                verdict(&[(TileClass::Number(2), 1.0)]),
            ],
        );
        let shown = |empty_face: &[bool]| side_cascade_shown(&surely_read(&r, empty_face));
        assert_eq!(shown(&[false, false, true, false, false]), None);
        assert_eq!(
            shown(&[false, false, true, true, false]),
            Some(SideCascade::BesideASettledZero)
        );
        // A look the classifier reads as covered less surely but may take for a digit is no
        // empty tile, whatever its background.
        let mut r = r;
        r.looks[3] = verdict(&[(TileClass::Unrevealed, 0.59), (TileClass::Number(1), 0.41)]);
        for tile in (0..25).filter(|&i| r.look_of[i] == 3) {
            r.tiles[tile] = r.looks[3];
        }
        assert_eq!(
            side_cascade_shown(&surely_read(&r, &[false, false, true, true, false])),
            None
        );
    }

    #[test]
    fn a_labelling_that_reads_a_lit_number_as_another_class_is_no_alternative() {
        // A cascade of 0s above a row of blue 1s on sand, one of them lit under the pointer on
        // a face of its own, the classifier taking it for a question mark. Read as a question
        // mark it is a covered tile, and the 0s beside it must then be covered too: a labelling
        // that holds, less likely than the best one by less than the margin. The lit tile's
        // glyph is the sure 1s' picture in their ink, so that labelling is none, and the 0s
        // stand.
        let lit_face = [120, 160, 230];
        let read = |lit_ink: [u8; 3]| {
            let mut r = reading(
                &["zzzzz", "11q11", "ccccc"],
                "c1qz",
                vec![
                    verdict(&[(TileClass::Unrevealed, 1.0)]),
                    verdict(&[(TileClass::Number(1), 0.99), (TileClass::Number(7), 0.01)]),
                    verdict(&[(TileClass::Question, 0.999), (TileClass::Number(1), 0.001)]),
                    verdict(&[(TileClass::Number(0), 0.9), (TileClass::Unrevealed, 0.1)]),
                ],
            );
            r.pixels = vec![
                tile_with_ink(GRASS, GRASS),
                tile_with_ink(SAND, BLUE),
                tile_with_ink(lit_face, lit_ink),
                tile_with_ink(SAND, SAND),
            ];
            assert!(settle(&mut r).possible);
            r
        };
        let lit_one = read(BLUE);
        assert!(lit_one.doubt.is_empty(), "{:?}", lit_one.doubt);
        assert_eq!(lit_one.class(1, 2), TileClass::Number(1));
        assert_eq!(lit_one.class(0, 0), TileClass::Number(0));
        // A mark of another ink is no 1 the board shows: the 0s stay in doubt with it.
        let other_mark = read(WHITE);
        assert!(
            other_mark
                .doubt_of(3)
                .is_some_and(|d| d.classes.contains(&TileClass::Unrevealed)),
            "{:?}",
            other_mark.doubt
        );
    }
}
