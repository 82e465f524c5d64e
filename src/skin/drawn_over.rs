//! Something drawn over the board: a page's note ("Game saved!", white on dark), a tooltip, a
//! dialog's corner. It covers a few neighbouring tiles, each with another part of itself, on a
//! face the game draws none of its tiles on; what shows there can read as anything, a mine
//! most often (a dark square with a white mark). Read as it looks, a note over a game in play
//! made the board "show its mines" and the game seem lost: no advice at all.
//!
//! Such tiles are *hidden*: read as covered, in doubt with every class a game in play shows,
//! so that no advice rests on them and the rest of the board is advised on (the board-level
//! search takes each for a flag, the one cell its rules let be anything). Only a patch of
//! neighbouring tiles counts, under one cover (what their edges show unlike the board's common
//! looks is of one colour), starting at a tile whose face is far from every face the common
//! looks are drawn on, on a board that otherwise reads as one: a lost game's mines are drawn
//! on the game's own faces, each mine alike, and only the one that ended the game on a face of
//! its own.

use super::background::{nearest_face, Evidence};
use super::colours::{apart, colour, quantile_colours};
use super::digit_inks::{ink, inks_differ, other_ink_on_one_face};
use super::families::{shifted_difference, Families};
use super::open_marks::SURE_MARK;
use super::same_glyph::{ink_picture, likeness, PHASES_ALIKE};
use crate::vision::tiles::{TileImage, TILE};
use crate::vision::{Doubt, Reading, TileClass};

/// Mean difference (0-255 per channel) over the edge ring beyond which a look's face is none
/// of the board's common looks' (`foreign_face` takes numbers apart at the same distance).
const FOREIGN: f64 = 40.0;

/// Mean difference (0-255 per channel) over the edge ring within which a look is a common look
/// shifted by a sample ([`shifted_ring_distance`]): the board's own face sampled at another
/// phase, not a cover. winmine.html at 110% in Chromium's forced dark lays its 16 px tiles 18 or
/// 19 px apart; three columns of tiles then sampled a pixel off, their bevels a sample away
/// from where the common looks have them, came 40.3 from the nearest common face, and 13 tiles
/// of an opening were hidden as a note over the board. Shifted a sample, they match exactly;
/// what the fixtures' notes and tooltips lay over the board stays 27 or more away.
const PHASE_SHIFTED: f64 = 10.0;

/// A look on more tiles than this is the game's own: what lies over the board covers each tile
/// with another part of itself, so its looks are few tiles each.
const FEW: usize = 2;

/// The fewest neighbouring tiles a patch takes: one tile on a face of its own is what a lost
/// game shows where it ended (the exploded mine), or a tile lit under the pointer.
const PATCH: usize = 2;

/// A tile's edge ring shows something over it where at least one sample in this many is
/// unlike every common look's: the end of a note that covers part of a tile beside it.
const TOUCHED: usize = 8;

/// The largest share of the tiles not hidden that may show rare looks (each on [`FEW`] tiles
/// at most) for a patch to be hidden.
const RARE_SHARE: f64 = 0.1;

/// The classifier's confidence from which a tile of a patch counts as the number or empty tile
/// it reads as (`coloured_numbers`): 19 to 1. The flat clone's first opening at 67% in dark mode
/// shows an empty tile read at 0.965 and a "3" at 0.987; the note over its board, tiles read at
/// 0.51 and 0.92.
const SURE_NUMBER: f32 = 0.95;

/// The edge ring's depth in samples, as the faces are compared (`background`).
const RING: usize = 2;

/// Channel differences summed (0-765) beyond which a sample of the edge ring is unlike the
/// same sample of a common look: the mean difference [`FOREIGN`] on each channel.
const UNLIKE: i32 = 3 * FOREIGN as i32;

/// Channel differences summed within which the covers of two tiles side by side are one: a
/// note's face, whichever part of each tile it covers.
const SAME_COVER: i32 = UNLIKE;

/// For each family, whether it lies under something drawn over the board. A patch starts at a
/// tile whose family is on [`FEW`] tiles at most and whose face is far ([`FOREIGN`]) from that
/// of every common family (on more tiles, or the commonest read as covered or as an empty open
/// tile, not in doubt; `classes` the class each family is taken for), and takes in the tiles
/// beside it (diagonals count) of families on few tiles whose edge rings show the same cover
/// in part ([`TOUCHED`]): what they show unlike every common face is of one colour
/// ([`Cover::same_as`]). A patch of at least [`PATCH`] tiles is hidden, where the rest of the board
/// reads as a board ([`RARE_SHARE`]), unless it reads as a first opening
/// ([`coloured_numbers`]), as one symbol on every tile ([`one_sure_symbol`]), or as an opening
/// that holds whatever its inks ([`Opening::holds`]; `evidence`: the board's evidence of each
/// family's face).
pub fn hidden_families(
    reading: &Reading,
    families: &Families,
    classes: &[TileClass],
    evidence: &[Evidence],
) -> Vec<bool> {
    let count = families.first.len();
    let tiles = families.cells(reading);
    let unsure = families.in_doubt(reading);
    let mut common: Vec<usize> = (0..count)
        .filter(|&f| tiles[f] > FEW && !unsure[f])
        .collect();
    // The game's covered face and its empty open one, however few tiles show them (late in a
    // game, a few covered tiles are left): the likeliest of each is the commonest.
    for class in [TileClass::Unrevealed, TileClass::Number(0)] {
        let commonest = (0..count)
            .filter(|&f| classes[f] == class && !unsure[f])
            .max_by_key(|&f| tiles[f]);
        common.extend(commonest.filter(|f| !common.contains(f)));
    }
    let pixels = &reading.pixels;
    let first = |f: usize| &pixels[families.first[f]];
    let commons: Vec<&TileImage> = common.iter().map(|&c| first(c)).collect();
    // For each family on few tiles, the colour of what covers part of its edge ring, if
    // anything does; and whether its face is foreign, covered as a whole.
    let cover: Vec<Option<Cover>> = (0..count)
        .map(|f| {
            (tiles[f] <= FEW)
                .then(|| cover_colour(first(f), &commons))
                .flatten()
        })
        .collect();
    let foreign: Vec<bool> = (0..count)
        .map(|f| {
            if cover[f].is_none() {
                return false;
            }
            let nearest = nearest_face(pixels, families, f, &|o| common.contains(&o));
            // A common look a sample off is the board's own face at another phase.
            let shifted = (commons.iter())
                .map(|c| shifted_ring_distance(first(f), c))
                .fold(f64::INFINITY, f64::min);
            tracing::trace!(family = f, nearest, shifted, "the nearest common face");
            nearest.is_finite() && nearest > FOREIGN && shifted > PHASE_SHIFTED
        })
        .collect();
    let mut hidden = vec![false; count];
    if !foreign.contains(&true) {
        return hidden;
    }
    let cols = reading.grid.cols;
    let rows = reading.look_of.len() / cols.max(1);
    let family_at = |i: usize| families.of[reading.look_of[i]];
    let open = Opening {
        reading,
        families,
        classes,
        evidence,
    };
    let mut seen = vec![false; reading.look_of.len()];
    for start in 0..reading.look_of.len() {
        let (Some(start_cover), true) = (cover[family_at(start)], foreign[family_at(start)]) else {
            continue;
        };
        if seen[start] {
            continue;
        }
        // The tiles side by side with `start` under a cover of its colour.
        let mut patch = vec![start];
        seen[start] = true;
        let mut next = 0;
        while next < patch.len() {
            let (row, col) = (patch[next] / cols, patch[next] % cols);
            next += 1;
            for r in row.saturating_sub(1)..(row + 2).min(rows) {
                for c in col.saturating_sub(1)..(col + 2).min(cols) {
                    let i = r * cols + c;
                    let same = cover[family_at(i)].is_some_and(|o| o.same_as(&start_cover));
                    if !seen[i] && same {
                        seen[i] = true;
                        patch.push(i);
                    }
                }
            }
        }
        tracing::debug!(
            tiles = patch.len(),
            colour = ?start_cover.median,
            "a patch of tiles on a face the game draws none on"
        );
        // Each family once: its ink is measured once, and compared once with each other's.
        let mut patch_families: Vec<usize> = patch.iter().map(|&i| family_at(i)).collect();
        patch_families.sort_unstable();
        patch_families.dedup();
        if patch.len() >= PATCH
            && !coloured_numbers(pixels, families, &patch_families)
            && !one_sure_symbol(pixels, families, &patch_families)
            && !open.holds(&patch)
        {
            for i in patch {
                hidden[family_at(i)] = true;
            }
        }
    }
    // The rest must read as a game's board does, a few looks each on many tiles: a grid laid
    // over the board at the wrong pitch (every square a mix of tiles) gives nearly every
    // square a look of its own, and hiding some would leave a board it did not read.
    let cells = reading.look_of.len();
    let outside = (0..cells)
        .filter(|&i| !hidden[families.of[reading.look_of[i]]])
        .count();
    let rare = (0..cells)
        .map(|i| families.of[reading.look_of[i]])
        .filter(|&f| !hidden[f] && tiles[f] <= FEW)
        .count();
    if hidden.iter().any(|&h| h) {
        tracing::debug!(
            outside,
            rare,
            "the tiles not hidden, and those of rare looks"
        );
    }
    if rare as f64 > RARE_SHARE * outside as f64 {
        hidden.fill(false);
    }
    hidden
}

/// Whether the `patch`'s families (each once) show one symbol, read as a flag, a question mark
/// or a digit at `SURE_MARK` or more, and drawn alike (their ink pictures alike,
/// `same_glyph::PHASES_ALIKE`, where the patch has several families: the symbol at several
/// phases of a fractional pitch): what lies over the board shows each tile another part of
/// itself, while a game draws a symbol alike on every tile it shows it on. Modern Minesweeper in dark mode
/// draws its flags on a yellow face of their own (two flags side by side, read as flags at
/// 0.99999, were hidden as a note); the pixel-art clone in Chromium's forced dark draws its
/// "2"s dark on a white face that no other tile shows (two "2"s side by side, read at
/// 0.999999, were hidden, and the 0s beside them left in doubt); SVG Minesweeper at 23 px drew
/// three "2"s in a row under the thick line that edges its opening, three families of one
/// glyph, and they were hidden.
fn one_sure_symbol(pixels: &[TileImage], families: &Families, patch: &[usize]) -> bool {
    let Some(&first) = patch.first() else {
        return false;
    };
    let class = families.verdicts[first].class;
    let symbol = class.is_mark() || matches!(class, TileClass::Number(1..=8));
    let sure = (patch.iter()).all(|&f| {
        let verdict = &families.verdicts[f];
        verdict.class == class && verdict.confidence >= SURE_MARK
    });
    if !symbol || !sure {
        return false;
    }
    let pictures: Option<Vec<Vec<f64>>> = (patch.iter())
        .map(|&f| ink_picture(&pixels[families.first[f]]))
        .collect();
    let Some(pictures) = pictures else {
        return patch.len() == 1;
    };
    let least = (pictures.iter())
        .flat_map(|a| pictures.iter().map(|b| likeness(a, b)))
        .fold(f64::INFINITY, f64::min);
    tracing::trace!(
        ?patch,
        least,
        "a patch of one sure symbol, its glyphs compared"
    );
    least >= PHASES_ALIKE
}

/// What a patch would be as the game's own opening: each cell's class and evidence.
struct Opening<'a> {
    reading: &'a Reading,
    families: &'a Families,
    classes: &'a [TileClass],
    evidence: &'a [Evidence],
}

impl Opening<'_> {
    /// The digit a cell shows as an open tile: a number read surely ([`SURE_NUMBER`]), or an
    /// empty tile (read as one where the board's evidence does not find its face unlike the
    /// numbers' background, or with the evidence that it is that background); none for anything
    /// else. Modern Minesweeper draws its covered and open tiles on one flat grey, the open ones
    /// edged with a dark line: its covered tiles read as 0s to the classifier, and a first
    /// opening of four tiles in a corner at 66 px, every tile around it an "open 0", was no
    /// opening and was hidden as a note. The evidence, which finds the covered face no empty
    /// tile's, reads those as covered.
    fn digit(&self, cell: usize) -> Option<u8> {
        let family = self.families.of[self.reading.look_of[cell]];
        let verdict = &self.families.verdicts[family];
        match self.classes[family] {
            TileClass::Number(0) => (self.evidence[family] != Evidence::NotEmpty).then_some(0),
            TileClass::Number(digit) if verdict.confidence >= SURE_NUMBER => Some(digit),
            _ => (self.evidence[family] == Evidence::Empty).then_some(0),
        }
    }

    /// Whether the `patch`'s cells read as an opening the game made, whatever the inks of its
    /// digits: each an open tile ([`Opening::digit`]), an empty one among them and a number,
    /// every empty tile with open tiles on its four sides (a cascade that opens only a 0's
    /// sides leaves covered tiles at its corners), and every number with at least as many
    /// tiles around it that are not open as it counts. SVG Minesweeper draws its open tiles
    /// white, edged with a grey line, and every digit black: an opening of 15 tiles in a corner
    /// was taken for a note (its edge lines unlike every common look) and 17 tiles hidden. A
    /// note's text and face hold as no such opening: its plain middle would be an empty tile
    /// with its own edge around it, and its letters numbers with nothing covered beside them.
    fn holds(&self, patch: &[usize]) -> bool {
        let board = &self.reading.board;
        let around = |cell: usize| board.neighbors(board.pos_of(cell)).map(|p| board.index(p));
        let digits: Vec<Option<u8>> = patch.iter().map(|&cell| self.digit(cell)).collect();
        if digits.contains(&None)
            || !digits.contains(&Some(0))
            || digits.iter().all(|&d| d == Some(0))
        {
            return false;
        }
        let beside = |a: usize, b: usize| {
            let (a, b) = (board.pos_of(a), board.pos_of(b));
            a.row == b.row || a.col == b.col
        };
        (patch.iter().zip(&digits)).all(|(&cell, &digit)| {
            let mut closed = around(cell).filter(|&i| self.digit(i).is_none());
            match digit {
                Some(0) => !closed.any(|i| beside(cell, i)),
                Some(n) => closed.count() >= usize::from(n),
                None => false,
            }
        })
    }
}

/// Whether the `patch`'s families (each once) read as a game's first opening does: every
/// tile surely a number or an empty tile, the numbers of two digits or more, each digit in one
/// ink and some two digits in inks that differ (`digit_inks`: by direction from faces that may
/// differ, or on one face, nearer in direction but far apart in colour). A skin that draws its
/// open tiles on a face of their own shows such a patch after the first click (the table clone
/// in Chromium's dark mode, six tiles opened in a corner; the pixel-art clone at 24.5 px, a
/// blue "1" above a column of green "2"s on its light grey face, 39° apart from it, whose 0s
/// beside them were read as such and so were no part of the patch); a note's text is one ink,
/// and what it covers reads as symbols the classifier is unsure of.
fn coloured_numbers(pixels: &[TileImage], families: &Families, patch: &[usize]) -> bool {
    let sure_open = (patch.iter()).all(|&f| {
        let verdict = &families.verdicts[f];
        matches!(verdict.class, TileClass::Number(_)) && verdict.confidence >= SURE_NUMBER
    });
    let numbers: Vec<(u8, Option<[f64; 3]>, &TileImage)> = (patch.iter())
        .filter_map(|&f| match families.verdicts[f].class {
            TileClass::Number(digit @ 1..=8) => {
                let tile = &pixels[families.first[f]];
                Some((digit, ink(tile), tile))
            }
            _ => None,
        })
        .collect();
    let two_digits = (numbers.iter()).any(|&(digit, _, _)| digit != numbers[0].0);
    // Each digit in one ink, and some two digits in inks that differ: red and orange, both
    // pointing away from green and blue, are not told apart (the pixel-art clone's 3 and 4).
    let one_ink_each = (numbers.iter()).all(|&(a, ink_a, _)| {
        ink_a.is_some()
            && (numbers.iter()).all(|&(b, ink_b, _)| a != b || !inks_differ(ink_a, ink_b))
    });
    let inks_apart = (numbers.iter()).any(|&(a, ink_a, tile_a)| {
        (numbers.iter()).any(|&(b, ink_b, tile_b)| {
            a != b && (inks_differ(ink_a, ink_b) || other_ink_on_one_face(tile_a, tile_b))
        })
    });
    sure_open && two_digits && one_ink_each && inks_apart
}

/// The least mean difference per channel between the samples of `a`'s edge ring ([`RING`] deep)
/// and those of `b` a sample away, or at the same place, in each of the nine directions (where
/// `b` has such a sample).
fn shifted_ring_distance(a: &TileImage, b: &TileImage) -> f64 {
    let on_ring = |x: usize, y: usize| x < RING || y < RING || x >= TILE - RING || y >= TILE - RING;
    shifted_difference(a, b, on_ring)
}

/// What covers part of a tile's edge ring: the median and the lighter quartile, channel by
/// channel, of the samples there unlike every common look's.
#[derive(Clone, Copy, Debug)]
struct Cover {
    median: [i32; 3],
    light: [i32; 3],
}

impl Cover {
    /// Whether two tiles' covers are one: of one colour ([`SAME_COVER`]), by their medians or
    /// by their lighter quartiles. Text on a see-through box (JSMinesweeper's tooltip, black
    /// on grey) fills one tile's ring with more of its letters than the next: the medians part
    /// (dark letters against the washed-out bevel), the lighter quartiles, the box, agree.
    fn same_as(&self, other: &Cover) -> bool {
        apart(self.median, other.median) <= SAME_COVER
            || apart(self.light, other.light) <= SAME_COVER
    }
}

/// What covers `tile` ([`Cover`]): the samples of its edge ring unlike the sample at the same
/// place of every one of `commons` (the board's common looks); none where fewer than
/// [`TOUCHED`] are.
fn cover_colour(tile: &TileImage, commons: &[&TileImage]) -> Option<Cover> {
    let sample = |t: &TileImage, x: usize, y: usize| colour(&t[(y * TILE + x) * 3..][..3]);
    let on_ring = |x: usize, y: usize| x < RING || y < RING || x >= TILE - RING || y >= TILE - RING;
    let unlike = |x: usize, y: usize| {
        on_ring(x, y)
            && (commons.iter()).all(|c| apart(sample(tile, x, y), sample(c, x, y)) > UNLIKE)
    };
    let ring = TILE * TILE - (TILE - 2 * RING) * (TILE - 2 * RING);
    let unlike_samples = (0..TILE * TILE)
        .filter(|&i| unlike(i % TILE, i / TILE))
        .count();
    (unlike_samples * TOUCHED >= ring).then(|| {
        let [median, light] = quantile_colours(tile, unlike, [2, 4]);
        Cover { median, light }
    })
}

/// Reads every look of the `hidden` families as covered, and drops the doubts on them, so that
/// the rules the rest of the reading applies see a covered tile there.
pub fn cover_hidden(reading: &mut Reading, families: &Families, hidden: &[bool]) {
    for look in (0..families.of.len()).filter(|&l| hidden[families.of[l]]) {
        reading.relabel(look, TileClass::Unrevealed, 1.0);
    }
    reading.doubt.retain(|d| !hidden[families.of[d.look]]);
}

/// Puts the `hidden` families' cells in doubt with every class of a game in play, in place of
/// any doubt the rest of the reading put them in.
pub fn doubt_hidden(reading: &mut Reading, families: &Families, hidden: &[bool]) {
    let cols = reading.grid.cols;
    let under = |&(r, c): &(usize, usize)| hidden[families.of[reading.look_of[r * cols + c]]];
    let kept: Vec<Doubt> = (reading.doubt.iter())
        .filter(|d| !d.cells.iter().any(under))
        .cloned()
        .collect();
    reading.doubt = kept;
    for family in (0..hidden.len()).filter(|&f| hidden[f]) {
        reading.doubt.push(Doubt {
            look: families.first[family],
            classes: TileClass::IN_PLAY.to_vec(),
            cells: reading.cells_showing(|l| families.of[l] == family),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;
    use crate::skin::background::ring_distance;
    use crate::skin::testing::{
        a_family_a_look, tile_with_ink as tile, BLUE, GRASS, NOTE, SAND, WHITE,
    };
    use crate::vision::tiles::TILE_BYTES;
    use crate::vision::Verdict;

    const RED: [u8; 3] = [220, 40, 40];
    const BLACK: [u8; 3] = [0; 3];

    /// No family with the board's evidence of an empty tile or of none.
    fn no_evidence(classes: &[TileClass]) -> Vec<Evidence> {
        vec![Evidence::None; classes.len()]
    }

    /// The board `text` with a look per character kind: "0" open sand, "1" a blue 1 on sand,
    /// "." covered grass, and each "*" a look of its own drawn as `mines` gives it, in order.
    fn board_with(text: &str, mines: &[([u8; 3], [u8; 3])]) -> (Reading, Families, Vec<TileClass>) {
        let mut reading = Reading::of_board(parse_board(text).unwrap());
        let mut looks = vec![
            Verdict::certain(TileClass::Number(0)),
            Verdict::certain(TileClass::Number(1)),
            Verdict::certain(TileClass::Unrevealed),
        ];
        let mut pixels = vec![tile(SAND, SAND), tile(SAND, BLUE), tile(GRASS, GRASS)];
        let mut next = 0;
        reading.look_of = (text.chars().filter(|c| !c.is_whitespace()))
            .map(|c| match c {
                '0' => 0,
                '1' => 1,
                '.' => 2,
                _ => {
                    let (face, ink) = mines[next];
                    next += 1;
                    looks.push(Verdict::certain(TileClass::Mine));
                    pixels.push(tile(face, ink));
                    looks.len() - 1
                }
            })
            .collect();
        reading.looks = looks;
        reading.pixels = pixels;
        a_family_a_look(reading)
    }

    #[test]
    fn a_note_over_two_tiles_of_a_game_in_play_hides_them() {
        let note = (NOTE, WHITE);
        let (mut reading, families, settled) = board_with("0001*\n001.*\n01...\n", &[note, note]);
        let hidden = hidden_families(&reading, &families, &settled, &no_evidence(&settled));
        assert_eq!(hidden, [false, false, false, true, true]);
        cover_hidden(&mut reading, &families, &hidden);
        doubt_hidden(&mut reading, &families, &hidden);
        assert!(!reading.board.shows_mines());
        assert_eq!(reading.doubt.len(), 2);
        assert!(reading.doubt.iter().all(Doubt::hides_the_tiles));
        assert_eq!(reading.doubt_cells(), [(0, 4), (1, 4)]);
    }

    /// A covered tile of grass with a white bevel above and left and a black one below and right,
    /// each two samples deep, its picture moved `shift` samples right and down (the tile before
    /// it showing its black bevel there).
    fn bevelled(shift: usize) -> TileImage {
        let mut tile = [0; TILE_BYTES];
        for (i, pixel) in tile.chunks_exact_mut(3).enumerate() {
            let (x, y) = (
                (i % TILE) as isize - shift as isize,
                (i / TILE) as isize - shift as isize,
            );
            let colour = if x < 0 || y < 0 {
                BLACK
            } else if x < 2 || y < 2 {
                WHITE
            } else if x >= 14 || y >= 14 {
                BLACK
            } else {
                GRASS
            };
            pixel.copy_from_slice(&colour);
        }
        tile
    }

    #[test]
    fn the_boards_own_face_a_sample_off_is_no_note() {
        // Two covered tiles side by side sampled a pixel off the others (a page's rounding at a
        // fractional pitch): unlike every common look sample for sample, alike shifted a sample.
        let (mut reading, _, _) = board_with("0001*\n001.*\n01...\n", &[(NOTE, WHITE); 2]);
        reading.pixels[2] = bevelled(0);
        reading.pixels[3] = bevelled(1);
        reading.pixels[4] = bevelled(1);
        let (reading, families, settled) = a_family_a_look(reading);
        let commons = [&reading.pixels[0], &reading.pixels[1], &reading.pixels[2]];
        assert!(ring_distance(&bevelled(1), &bevelled(0)) > FOREIGN);
        assert!(cover_colour(&bevelled(1), &commons).is_some());
        assert_eq!(shifted_ring_distance(&bevelled(1), &bevelled(0)), 0.0);
        assert_eq!(
            hidden_families(&reading, &families, &settled, &no_evidence(&settled)),
            [false; 5]
        );
    }

    #[test]
    fn symbols_of_one_look_on_a_face_of_their_own_are_no_note() {
        // Modern Minesweeper's dark mode draws its flags on a yellow face; the pixel-art clone
        // in Chromium's forced dark draws its "2"s on a white one, no other tile's.
        const YELLOW: [u8; 3] = [240, 200, 20];
        let read = |class: TileClass, face: [u8; 3], sure: f32| {
            let symbol = (face, RED);
            let (mut reading, _, _) = board_with("0001*\n001.*\n01...\n", &[symbol, symbol]);
            let verdict = Verdict::from_probs(&[(class, sure), (TileClass::Mine, 0.0)]);
            reading.looks[3] = verdict;
            reading.looks[4] = verdict;
            let (reading, mut families, settled) = a_family_a_look(reading);
            // The two looks are one family.
            families.of[4] = 3;
            families.first.pop();
            families.verdicts.pop();
            let settled = settled[..4].to_vec();
            hidden_families(&reading, &families, &settled, &no_evidence(&settled))
        };
        for (class, face) in [(TileClass::Flag, YELLOW), (TileClass::Number(2), WHITE)] {
            assert_eq!(read(class, face, 0.99999), [false; 4], "{class:?}");
            // Not sure of the symbol: what lies over the board may be anything.
            assert_eq!(
                read(class, face, 0.9),
                [false, false, false, true],
                "{class:?}"
            );
        }
    }

    #[test]
    fn one_symbol_at_two_phases_is_no_note_where_its_glyphs_are_alike() {
        // SVG Minesweeper's "2"s in a row under the thick line along its opening's edge, sampled
        // at two phases of a fractional pitch: two families, both read surely as a 2.
        let read = |second: TileImage| {
            let (mut reading, _, _) = board_with("0001*\n001.*\n01...\n", &[(WHITE, RED); 2]);
            let two =
                Verdict::from_probs(&[(TileClass::Number(2), 0.99999), (TileClass::Mine, 0.0)]);
            reading.looks[3] = two;
            reading.looks[4] = two;
            reading.pixels[4] = second;
            let (reading, families, settled) = a_family_a_look(reading);
            hidden_families(&reading, &families, &settled, &no_evidence(&settled))
        };
        // The glyph a sample lower: the same picture.
        let mut lower = tile(WHITE, WHITE);
        for (i, pixel) in lower.chunks_exact_mut(3).enumerate() {
            let (x, y) = (i % TILE, i / TILE);
            if (5..TILE - 5).contains(&x) && (6..TILE - 4).contains(&y) {
                pixel.copy_from_slice(&RED);
            }
        }
        assert_eq!(read(lower), [false; 5]);
        // A bar across the tile is another picture: what lies over the board may be anything.
        let mut bar = tile(WHITE, WHITE);
        for (i, pixel) in bar.chunks_exact_mut(3).enumerate() {
            let (x, y) = (i % TILE, i / TILE);
            if (3..TILE - 3).contains(&x) && (7..9).contains(&y) {
                pixel.copy_from_slice(&RED);
            }
        }
        assert_eq!(read(bar), [false, false, false, true, true]);
    }

    /// `tile` with the samples at which `under(x, y)` holds under a plain note.
    fn under_note(mut tile: TileImage, under: impl Fn(usize, usize) -> bool) -> TileImage {
        for (i, pixel) in tile.chunks_exact_mut(3).enumerate() {
            if under(i % TILE, i / TILE) {
                pixel.copy_from_slice(&NOTE);
            }
        }
        tile
    }

    /// A board of covered tiles (the classifier reads their dark face as 0s) opened in its
    /// corner, on the sand face: 1s drawn in `one`, 2s in `two`.
    fn first_opening(one: [u8; 3], two: [u8; 3]) -> (Reading, Families, Vec<TileClass>) {
        const DARK: [u8; 3] = [53; 3];
        let text = "....12\n....21\n......\n";
        let mut reading = Reading::of_board(parse_board(text).unwrap());
        reading.looks = vec![
            Verdict::certain(TileClass::Number(0)),
            Verdict::certain(TileClass::Number(1)),
            Verdict::certain(TileClass::Number(2)),
        ];
        reading.pixels = vec![tile(DARK, DARK), tile(SAND, one), tile(SAND, two)];
        reading.look_of = (text.chars().filter(|c| !c.is_whitespace()))
            .map(|c| c.to_digit(10).map_or(0, |d| d as usize))
            .collect();
        a_family_a_look(reading)
    }

    #[test]
    fn a_first_opening_of_numbers_each_in_its_own_ink_is_no_note() {
        let (reading, families, settled) = first_opening(BLUE, RED);
        assert!(
            !hidden_families(&reading, &families, &settled, &no_evidence(&settled)).contains(&true)
        );
        // The pixel-art clone's blue 1 and green 2 on its light face: 39 degrees apart, too
        // near for inks on faces that may differ, far apart in colour on one face.
        let (blue, green) = ([92, 67, 131], [71, 143, 39]);
        assert!(!inks_differ(
            ink(&tile(SAND, blue)),
            ink(&tile(SAND, green))
        ));
        let (reading, families, settled) = first_opening(blue, green);
        assert!(
            !hidden_families(&reading, &families, &settled, &no_evidence(&settled)).contains(&true)
        );
        // The same tiles in one ink, as a note's text is drawn: hidden.
        let (reading, families, settled) = first_opening(WHITE, WHITE);
        assert_eq!(
            hidden_families(&reading, &families, &settled, &no_evidence(&settled)),
            [false, true, true]
        );
    }

    /// A board of covered grass tiles (`text`'s "."), its open tiles ("0", "1") white, edged
    /// with a grey line and each a look of its own, every 1 in black: SVG Minesweeper's look.
    /// The classifier takes each empty tile for a covered one, unsure; the board's evidence
    /// says it is empty.
    fn opening_in_one_ink(text: &str) -> (Reading, Families, Vec<TileClass>, Vec<Evidence>) {
        let mut reading = Reading::of_board(parse_board(text).unwrap());
        reading.looks = vec![Verdict::certain(TileClass::Unrevealed)];
        reading.pixels = vec![tile(GRASS, GRASS)];
        let lined = |ink: [u8; 3]| {
            let mut tile = tile(WHITE, ink);
            for (i, pixel) in tile.chunks_exact_mut(3).enumerate() {
                let (x, y) = (i % TILE, i / TILE);
                if x == 0 || y == 0 || x == TILE - 1 || y == TILE - 1 {
                    pixel.copy_from_slice(&[82; 3]);
                }
            }
            tile
        };
        let mut evidence = vec![Evidence::None];
        reading.look_of = (text.chars().filter(|c| !c.is_whitespace()))
            .map(|c| {
                let Some(digit) = c.to_digit(10) else {
                    return 0;
                };
                let (verdict, ink, seen) = if digit == 0 {
                    let unsure = [(TileClass::Unrevealed, 0.55), (TileClass::Number(0), 0.45)];
                    (Verdict::from_probs(&unsure), WHITE, Evidence::Empty)
                } else {
                    let one = Verdict::certain(TileClass::Number(digit as u8));
                    (one, BLACK, Evidence::None)
                };
                reading.looks.push(verdict);
                reading.pixels.push(lined(ink));
                evidence.push(seen);
                reading.looks.len() - 1
            })
            .collect();
        let (reading, families, settled) = a_family_a_look(reading);
        (reading, families, settled, evidence)
    }

    #[test]
    fn an_opening_that_holds_is_no_note_whatever_its_inks() {
        // Every 0 has open tiles above, below and beside it (SVG Minesweeper opens only those;
        // a covered tile may touch a 0 at a corner), and each 1 a covered tile around it.
        let board = "..........\n...111....\n...101....\n...1001...\n....111...\n..........\n";
        let (reading, families, settled, evidence) = opening_in_one_ink(board);
        assert!(!hidden_families(&reading, &families, &settled, &evidence).contains(&true));
        // The same tiles where a 0 lies beside a covered tile (above it): no opening a game
        // makes, and the patch is hidden.
        let board = "..........\n...1.1....\n...101....\n...1001...\n....111...\n..........\n";
        let (reading, families, settled, evidence) = opening_in_one_ink(board);
        let hidden = hidden_families(&reading, &families, &settled, &evidence);
        assert_eq!(hidden.iter().filter(|&&h| h).count(), 12);
    }

    #[test]
    fn a_first_opening_with_two_digits_in_near_inks_is_no_note() {
        // The pixel-art clone's red 3 and orange 4 point the same way from the face; its blue
        // 1s another.
        const DARK: [u8; 3] = [53; 3];
        let text = "....13\n....41\n......\n";
        let mut reading = Reading::of_board(parse_board(text).unwrap());
        let digits = [0, 1, 3, 4];
        reading.looks = (digits.iter())
            .map(|&d| Verdict::certain(TileClass::Number(d)))
            .collect();
        reading.pixels = vec![
            tile(DARK, DARK),
            tile(SAND, BLUE),
            tile(SAND, [220, 30, 30]),
            tile(SAND, [240, 140, 40]),
        ];
        reading.look_of = (text.chars().filter(|c| !c.is_whitespace()))
            .map(|c| {
                let digit = c.to_digit(10).map_or(0, |d| d as u8);
                digits.iter().position(|&d| d == digit).unwrap()
            })
            .collect();
        let (reading, families, settled) = a_family_a_look(reading);
        assert!(
            !hidden_families(&reading, &families, &settled, &no_evidence(&settled)).contains(&true)
        );
    }

    #[test]
    fn a_note_across_a_row_boundary_is_one_cover() {
        let (mut reading, families, settled) =
            board_with("0001*\n001.*\n01...\n", &[(NOTE, WHITE); 2]);
        reading.pixels[3] = under_note(tile(GRASS, GRASS), |_, y| y >= TILE / 2);
        reading.pixels[4] = under_note(tile(SAND, SAND), |_, y| y < TILE / 2);
        assert_eq!(
            hidden_families(&reading, &families, &settled, &no_evidence(&settled)),
            [false, false, false, true, true]
        );
    }

    #[test]
    fn text_on_a_see_through_box_is_one_cover_however_much_text_each_tile_shows() {
        // JSMinesweeper's tooltip: black letters on a box; more letters on one tile's edge
        // than on the next.
        const BOX: [u8; 3] = [120, 60, 200];
        let lettered = |letters: usize| {
            tile(SAND, SAND)
                .chunks_exact(3)
                .enumerate()
                .flat_map(|(i, p)| {
                    let (x, y) = (i % TILE, i / TILE);
                    let ring = x < RING || y < RING || x >= TILE - RING || y >= TILE - RING;
                    match (ring, (x + y) % 5 < letters) {
                        (false, _) => [p[0], p[1], p[2]],
                        (true, true) => BLACK,
                        (true, false) => BOX,
                    }
                })
                .collect::<Vec<u8>>()
                .try_into()
                .unwrap()
        };
        let (mut reading, families, settled) =
            board_with("0001*\n001.*\n01...\n", &[(NOTE, WHITE); 2]);
        reading.pixels[3] = lettered(3);
        reading.pixels[4] = lettered(1);
        assert_eq!(
            hidden_families(&reading, &families, &settled, &no_evidence(&settled)),
            [false, false, false, true, true]
        );
    }

    #[test]
    fn a_tile_the_end_of_a_note_covers_in_part_joins_it() {
        let (mut reading, families, settled) =
            board_with("0001*\n001.*\n01...\n", &[(NOTE, WHITE); 2]);
        // The note's lower edge on the top row of the tile below it.
        reading.pixels[4] = under_note(tile(SAND, SAND), |_, y| y == 0);
        assert_eq!(
            hidden_families(&reading, &families, &settled, &no_evidence(&settled)),
            [false, false, false, true, true]
        );
        // That edge alone is too little to start a patch.
        reading.pixels[3] = tile(GRASS, GRASS);
        assert!(
            !hidden_families(&reading, &families, &settled, &no_evidence(&settled)).contains(&true)
        );
    }

    #[test]
    fn a_lost_game_shows_its_mines_as_they_are() {
        // The mine that ended the game on a red face of its own, beside none other.
        let exploded = (RED, BLACK);
        let (reading, families, settled) = board_with("0001*\n001..\n01...\n", &[exploded]);
        assert!(
            !hidden_families(&reading, &families, &settled, &no_evidence(&settled)).contains(&true)
        );
        // Mines on the covered face, the exploded one beside them: the game's own faces.
        let mine = (GRASS, BLACK);
        let (reading, families, settled) =
            board_with("0001*\n001.*\n01...\n.*...\n", &[exploded, mine, mine]);
        assert!(
            !hidden_families(&reading, &families, &settled, &no_evidence(&settled)).contains(&true)
        );
        // The same late in a game, too few covered tiles left to tell their face: the mine
        // and the exploded one are unlike the open faces, but each in a colour of its own.
        let (reading, families, settled) = board_with("0001*\n0011*\n0001.\n", &[exploded, mine]);
        assert!(
            !hidden_families(&reading, &families, &settled, &no_evidence(&settled)).contains(&true)
        );
    }
}
