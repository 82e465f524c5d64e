//! Looks that are pieces of something drawn across tiles: symbols that may be mines, not a lost
//! game's, and numbers and flags (crossed ones too) that are the cover's text.
//!
//! A page's tooltip (JSMinesweeper names the tile under the pointer, "(6,4)" in white on a
//! see-through box) leaves on each tile it crosses a look of its own: over covered tiles, a
//! symbol the reading cannot name, kept in doubt as maybe a mine. A symbol that may be a mine
//! ends all advice (the game may be lost), so a tooltip over the covered tiles left a board in
//! play with nothing to show (59 of the 159 JSMinesweeper boards in play with the pointer on
//! them, over five sweeps; 13 with this rule).
//!
//! What lies over the board does not keep to the grid. So a look that may be a mine is a piece
//! of a cover where, across one of its tile's sides, the tile beside it was read surely as a
//! covered or open tile, yet on a look of its own that differs from the board's common look of
//! that class along the shared side ([`CROSSING`]) far more than along its opposite side
//! ([`FAR_SHARE`]) and than on the whole ([`WHOLE_SHARE`]): the cover reaches in from that
//! side and ends. A tile lit under the pointer or drawn pressed differs all round, the same on
//! every side.
//!
//! Such a look is hidden, as under a note (`drawn_over`): read as covered and in doubt with
//! every class of a game in play, so no advice rests on it and the rest of the board is
//! advised on. A symbol the classifier read surely as a mine counts too (the box over a covered
//! tile, read as a mine at 0.96, made the board in play "show its mines"), and so does a number
//! or a flag on such a tile drawn unlike every other tile of its class on the board: the tooltip
//! "(17,10)" over covered tiles showed its "1" as a game's "1" (0.987), settled, and advice
//! would have rested on it (a "1" among covered tiles is what a game shows after a lone click).
//! A game's own numbers beside another tile's frame look like the board's other tiles of that
//! number; where no other tile shows the class, nothing tells, and the number stays.
//! A flag no other tile shows is vouched for by the game's own count of flags where that count
//! is every flag the board shows (GNOME Mines' and KMines' "2/10").
//!
//! The sides alone do not tell a cover from a lost game: some games draw a shown mine's tile
//! with a frame of its own that reaches a sample or two into the tile beside as sampled, just
//! as the box's edge does (the table, Modern and react clones, JSMinesweeper: 18 shown mines
//! among the 57 looks this rule picked on the lost boards of 2,119 captures). Those games show
//! every mine once lost, so nothing is hidden on a board that shows a mine on any tile not
//! picked, nor the classifier's own exploded mine: a lost game gets no advice whatever lies
//! over it. (A game that shows only the mine that ended it, drawn with such a frame and read
//! unsurely, would be advised on as if in play; the mine itself stays hidden, and the numbers
//! round it are the game's own.)

use super::families::{shifted_difference, Families};
use crate::vision::tiles::{mean_difference, TileImage, TILE};
use crate::vision::{Reading, TileClass};

/// A look on more tiles than this is the game's own (`drawn_over` counts the same): what lies
/// over the board shows each tile another part of itself.
const FEW: usize = 2;

/// The samples deep of a side's strip, of a tile's [`TILE`]: the tooltip box's edge changes
/// the first two or three samples of the tile beside most.
const STRIP: usize = 3;

/// The samples left out at each end of a side's strip: the corners belong to two sides.
const CORNER: usize = 2;

/// The mean difference per channel (0-255) along the shared side from which the tile beside a
/// look that may be a mine is drawn over there: JSMinesweeper's see-through box over a grey
/// covered tile differs by 12 to 58 there (where the box's edge reaches only a sample or two
/// in, 12 to 17), with 0 to 16 on the far side.
const CROSSING: f64 = 10.0;

/// The most the opposite side may differ, as a share of the shared side's difference: the
/// cover ends inside the tile beside (2.7 times less or more on the far side for the box; 1.99
/// times where it covers most of a tile at 26 px), where a face lit or pressed all over
/// differs on every side alike.
const FAR_SHARE: f64 = 0.55;

/// The most the whole tile may differ, as a share of the shared side's difference: the cover
/// sits at that side (the box's tiles differ 2.2 times less or more on the whole).
const WHOLE_SHARE: f64 = 2.0 / 3.0;

/// The least mean difference per channel (0-255) from every other look of its class on the
/// board for a number or a flag to be taken for a cover's text: the tooltip's digits and the
/// pieces read as flags differ from the game's own by 38 to 80; a game's number at another
/// sampling phase, or beside another tile's frame, by 4 to 36 mostly (a few up to 110).
const OTHER_GLYPH: f64 = 35.0;

/// The most tiles the pieces of one cover take, and the most rows and columns they span: the
/// tooltip's text crosses two to four tiles of one or two rows. A lost game whose shown mines
/// the rule would all pick (each beside another tile's frame) has them strewn over the board.
const MOST_PIECES: usize = 8;
const COVER_ROWS: usize = 3;
const COVER_COLS: usize = 8;

/// A side of a tile, and the step from it to the tile across that side.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Side {
    Top,
    Bottom,
    Left,
    Right,
}

impl Side {
    const ALL: [Side; 4] = [Side::Top, Side::Bottom, Side::Left, Side::Right];

    /// The tile across this side of `(row, col)` on a board of `rows` x `cols`, if any.
    fn across(
        self,
        (row, col): (usize, usize),
        rows: usize,
        cols: usize,
    ) -> Option<(usize, usize)> {
        let (dr, dc) = match self {
            Side::Top => (-1, 0),
            Side::Bottom => (1, 0),
            Side::Left => (0, -1),
            Side::Right => (0, 1),
        };
        let (r, c) = (row.checked_add_signed(dr)?, col.checked_add_signed(dc)?);
        (r < rows && c < cols).then_some((r, c))
    }

    fn opposite(self) -> Side {
        match self {
            Side::Top => Side::Bottom,
            Side::Bottom => Side::Top,
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }

    /// Whether sample `(x, y)` of a tile lies in this side's strip.
    fn holds(self, x: usize, y: usize) -> bool {
        let along = |v: usize| (CORNER..TILE - CORNER).contains(&v);
        match self {
            Side::Top => y < STRIP && along(x),
            Side::Bottom => y >= TILE - STRIP && along(x),
            Side::Left => x < STRIP && along(y),
            Side::Right => x >= TILE - STRIP && along(y),
        }
    }
}

/// The mean difference per channel (0-255) between `tile` and `common` along `side`.
fn side_difference(tile: &TileImage, common: &TileImage, side: Side) -> f64 {
    let (mut sum, mut count) = (0u32, 0u32);
    for (i, (a, b)) in tile.chunks_exact(3).zip(common.chunks_exact(3)).enumerate() {
        if side.holds(i % TILE, i / TILE) {
            sum += (a.iter().zip(b))
                .map(|(&p, &q)| u32::from(p.abs_diff(q)))
                .sum::<u32>();
            count += 3;
        }
    }
    f64::from(sum) / f64::from(count.max(1))
}

/// Whether `tile` is drawn over along `side` against `common`, the common look of its class,
/// from which it differs by `whole` on average ([`CROSSING`], [`FAR_SHARE`], [`WHOLE_SHARE`]).
fn drawn_over_at(tile: &TileImage, common: &TileImage, whole: f64, side: Side) -> bool {
    let near = side_difference(tile, common, side);
    let far = side_difference(tile, common, side.opposite());
    // The common look a sample off along that side is the board's own face at another phase
    // of a fractional pitch, not a cover: winmine.html in forced dark at 18 px lays some
    // columns a pixel off the others, and a "2" there, its top edge a sample away from the
    // common 2s', made the board's only "3" of its phase above it a piece of a cover.
    let shifted = shifted_difference(tile, common, |x, y| side.holds(x, y));
    tracing::trace!(
        ?side,
        near,
        far,
        whole,
        shifted,
        "a tile beside a look that may be a piece"
    );
    near >= CROSSING
        && shifted >= CROSSING
        && far <= FAR_SHARE * near
        && whole <= WHOLE_SHARE * near
}

/// The families to hide, as pieces of something drawn across tiles: each on [`FEW`] tiles at
/// most, that may be a mine (in a doubt that keeps a shown mine among its classes, or read as a
/// shown mine) or reads as a number from 1, a flag or a crossed flag ([`written`]) unlike the
/// board's other tiles of that class ([`OTHER_GLYPH`]), with a tile beside one of its tiles
/// (across a side) that is drawn over along that side ([`drawn_over_at`]) against the nearest
/// common look of its class. That tile's look is on [`FEW`] tiles at most, read surely (no
/// doubt on its family) as a covered tile or a number; the common looks are the first looks of
/// the families on more tiles, not in doubt. A number or a flag unlike the board's own beside
/// a piece, across a side, is a piece too (the cover's text runs on), and so is one of a class
/// no other tile shows; so is such a number or flag beside a tile `hidden` already (under a
/// note, a lone look), and a symbol that may be a mine beside a piece (not beside a hidden
/// tile only). Never a family the classifier read as the exploded mine, and none at all
/// where the board shows a mine on any other tile, or where the pieces are more than one cover
/// takes ([`within_one_cover`]).
pub fn cover_pieces(reading: &Reading, families: &Families, hidden: &[bool]) -> Vec<bool> {
    let count = families.first.len();
    let mut pieces = vec![false; count];
    let tiles = families.cells(reading);
    let look_tiles = reading.cells_of_each_look();
    let unsure = families.in_doubt(reading);
    let commons: Vec<usize> = (0..count)
        .filter(|&f| tiles[f] > FEW && !unsure[f])
        .collect();
    let (rows, cols) = (reading.board.rows(), reading.board.cols());
    // Whether the tile across `side` of (row, col), a candidate's tile, is drawn over along the
    // side they share, the tile beside being one `beside` takes.
    let drawn_over_beside = |cell: (usize, usize), side: Side, beside: Beside| {
        let Some((r, c)) = side.across(cell, rows, cols) else {
            return false;
        };
        let look = reading.look_of[r * cols + c];
        let family = families.of[look];
        let class = reading.looks[look].class;
        let read_surely = !unsure[family]
            && matches!(class, TileClass::Unrevealed | TileClass::Number(_))
            && beside.takes(class);
        if !read_surely || tiles[family] > FEW || look_tiles[look] > FEW {
            return false;
        }
        let tile = &reading.pixels[look];
        let nearest = (commons.iter())
            .map(|&common| families.first[common])
            .filter(|&common| reading.looks[common].class == class)
            .map(|common| {
                let common = &reading.pixels[common];
                (common, mean_difference(tile, common))
            })
            .min_by(|a, b| a.1.total_cmp(&b.1));
        nearest.is_some_and(|(common, whole)| drawn_over_at(tile, common, whole, side.opposite()))
    };
    // The families that may be mines: in a doubt that keeps a shown mine, or read as one.
    let mut may_be_mines = vec![false; count];
    for doubt in (reading.doubt.iter()).filter(|d| d.classes.contains(&TileClass::Mine)) {
        may_be_mines[families.of[doubt.look]] = true;
    }
    for (index, &look) in reading.look_of.iter().enumerate() {
        if reading.board.get_index(index).is_shown_mine() {
            may_be_mines[families.of[look]] = true;
        }
    }
    // The classifier's own exploded mine is what a lost game shows, whatever is beside it.
    let exploded = |f: usize| families.verdicts[f].class == TileClass::Exploded;
    // A number or a flag read on a tile the cover crosses may be its text (a tooltip's "17"
    // read as a "1" among covered tiles), where the board's own tiles of that class, read
    // surely, all draw it otherwise ([`OTHER_GLYPH`]).
    // `apart`: the families not to compare with (the pieces found so far: the cover's text,
    // not the board's own).
    let marked_apart_from =
        |f: usize, apart: &[bool]| unlike_its_class(reading, families, &unsure, f, apart);
    let no_piece = vec![false; count];
    let marked = |f: usize| marked_apart_from(f, &no_piece);
    // Where no other tile of the board shows its class, nothing vouches for a number or a flag
    // either (the text running on, below, is taken so too).
    // A flag is vouched for by the game's own count of flags where that count is every flag
    // the board shows: the cover's text read as a flag would be one more than the game counts.
    // KMines at 17 px: of its two flags, one beside a "2" sampled at another phase (a look of
    // its own, differing along their side) was taken for a tooltip's text, and both were hidden.
    let flags_counted = flags_all_counted(reading);
    let unvouched = |f: usize| {
        let class = reading.looks[families.first[f]].class;
        written(class)
            && !(class == TileClass::Flag && flags_counted)
            && !(0..count).any(|g| g != f && reading.looks[families.first[g]].class == class)
    };
    // Such a flag counts as one the cover crossing its tile may have written: the tooltip
    // "(9,3)" at 26 px over covered tiles left its ",3)" read as a flag at 0.82, the board's only
    // one, settled (a flag is a mine to the advice: a number beside it would have called its
    // other neighbours safe). A player's lone flag has the board's common covered look beside
    // it, no look of its own drawn over along one side. So does a number no other tile shows:
    // the tooltip "(5,12)" at 16 px over covered tiles read as a "7" and a "4" (0.998 and
    // 0.99), its "(" as a covered tile and the box's top, over the row above, as covered tiles
    // of looks of their own; nothing else was a piece to grow from, and the "7" made its
    // covered neighbours mines: 10 wrong calls.
    // The cover's edge is told by a covered or empty tile beside such a flag: a player's two
    // flags in the flat clone at 18.6 px, where the page at 67% drops some grid lines, had
    // below one a "2" merged with the tile below it, a look of its own along their side. By a
    // covered tile beside such a number: a board's only "3" beside a "2" lit under the pointer
    // (the rounded clone) is the game's, and so is SVG Minesweeper's only "2" at 20.8 px in
    // forced dark, above the one 0 whose top edge its own frame draws.
    // Whether family `f` may be a piece, and if so which tiles beside it can show the cover's
    // edge.
    let candidate = |f: usize| -> Option<Beside> {
        if tiles[f] > FEW || exploded(f) {
            None
        } else if may_be_mines[f] || marked(f) {
            Some(Beside::Any)
        } else if !unvouched(f) {
            None
        } else if reading.looks[families.first[f]].class == TileClass::Flag {
            Some(Beside::Blank)
        } else {
            Some(Beside::Covered)
        }
    };
    for (family, beside) in (0..count).filter_map(|f| candidate(f).map(|b| (f, b))) {
        let cells = reading.cells_showing(|l| families.of[l] == family);
        let crossed = (cells.iter()).find_map(|&cell| {
            Side::ALL
                .into_iter()
                .find(|&s| drawn_over_beside(cell, s, beside))
                .map(|s| (cell, s))
        });
        if let Some((cell, side)) = crossed {
            tracing::debug!(
                family,
                ?cell,
                ?side,
                "a look drawn over across its side: a piece of a cover"
            );
            pieces[family] = true;
        }
    }
    // The cover's text runs on across the tiles beside a piece: a number or a flag unlike the
    // board's own (the tiles of its class that are no piece), beside a piece or a tile hidden
    // already (`hidden`: under a note, or a lone look) across a side, is the next piece. The
    // tooltip "(7,8)" over open 0s: its ",8", read as a flag, was a piece; its "(7", read as a
    // "1" at 0.92, had no tile beside on a look of its own. The board's own tiles of the class
    // need not be many: the tooltip "(5,3)" at 27 px in dark mode, its top over open 0s (lone
    // looks, hidden), its "(5" over a "2" read surely as a "4" unlike the board's one other
    // "4": 14 wrong calls. Which of two such looks is the game's nothing tells; the one beside
    // the cover is hidden, less advice and never wrong.
    // Where no other tile of the board shows its class, nothing vouches for it either: a number
    // or a flag on a look of its own beside a piece is taken for the text running on. The
    // tooltip "(1,12)" at 16 px over covered tiles read as a "7" and a "4" beside its "(",
    // a piece, and the "7" made its covered neighbours mines: 15 wrong calls on that frame, 9
    // on the one with a button held. A game's own lone "7" beside the box is hidden too: less
    // advice, never wrong.
    // A symbol that may be a mine runs on from a piece too, but from a piece only, never from
    // a tile hidden already: the tooltip "(12,1)" at 24 px, its box over the right half of the
    // board's last two columns, left its "(" in doubt as maybe a mine, beside covered tiles of
    // the common look (the box's edge too thin there to tell), and its "12,1" in doubt beside
    // the box's top, a piece; the "(" alone kept boards in play unadvised. A lost game shows
    // its mines strewn over the board, and those not beside the cover keep it lost. Beside
    // hidden tiles it stays what it may be: Modern Minesweeper's lost board at 51 px, its
    // mines drawn as covered tiles but round its "Game Over" note (seven tiles hidden), had
    // only those round the note to show the game lost, and hidden they left 68 wrong calls.
    let mut grown = true;
    while grown {
        grown = false;
        // Each family judged against the pieces as they stand when its turn comes: the text
        // found a piece a moment ago is no longer one of the board's own looks of its class.
        for family in (0..count).filter(|&f| tiles[f] <= FEW) {
            let symbol = may_be_mines[family] && !exploded(family) && !hidden[family];
            if pieces[family]
                || !(symbol || marked_apart_from(family, &pieces) || unvouched(family))
            {
                continue;
            }
            let cells = reading.cells_showing(|l| families.of[l] == family);
            let beside_a_piece = (cells.iter()).any(|&cell| {
                (Side::ALL.into_iter())
                    .filter_map(|side| side.across(cell, rows, cols))
                    .map(|(r, c)| families.of[reading.look_of[r * cols + c]])
                    .any(|f| pieces[f] || (hidden[f] && !symbol))
            });
            if beside_a_piece {
                tracing::debug!(family, "a look beside a piece of a cover: its next piece");
                pieces[family] = true;
                grown = true;
            }
        }
    }
    // A mine shown anywhere else: a lost game, whatever lies over it.
    let mine_elsewhere = (reading.look_of.iter().enumerate()).any(|(index, &look)| {
        reading.board.get_index(index).is_shown_mine() && !pieces[families.of[look]]
    });
    // A cover lies on one patch of the board; a lost game's mines, all picked, are strewn.
    let strewn = !within_one_cover(&reading.cells_showing(|l| pieces[families.of[l]]));
    if mine_elsewhere || strewn {
        pieces.fill(false);
    }
    pieces
}

/// Which tiles beside a candidate piece may show a cover's edge along their shared side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Beside {
    /// Any tile read surely as covered or open: beside a symbol that may be a mine, or a mark
    /// unlike the board's own of its class.
    Any,
    /// A covered or empty tile only: beside a flag no other tile shows. A digit at another
    /// phase of a fractional pitch differs along its sides as a cover's edge does.
    Blank,
    /// A covered tile only: beside a number no other tile shows. An open tile's frame may be
    /// drawn by the number beside it.
    Covered,
}

impl Beside {
    /// Whether a tile read as `class` beside a candidate is one this takes.
    fn takes(self, class: TileClass) -> bool {
        match self {
            Beside::Any => true,
            Beside::Blank => matches!(class, TileClass::Unrevealed | TileClass::Number(0)),
            Beside::Covered => class == TileClass::Unrevealed,
        }
    }
}

/// Whether `cells` (row, column) are no more than one cover takes: [`MOST_PIECES`] tiles at
/// most, within [`COVER_ROWS`] rows and [`COVER_COLS`] columns.
pub(super) fn within_one_cover(cells: &[(usize, usize)]) -> bool {
    let span = |axis: fn(&(usize, usize)) -> usize| {
        let values = cells.iter().map(axis);
        values.clone().max().unwrap_or(0) - values.min().unwrap_or(0) + 1
    };
    cells.len() <= MOST_PIECES && span(|&(r, _)| r) <= COVER_ROWS && span(|&(_, c)| c) <= COVER_COLS
}

/// Whether `class` is one a cover's text may be read as: a number from 1, a flag, a question
/// mark or a crossed flag. A game crosses a wrong flag only once lost, and a lost game shows
/// its mines; the tooltip "(4,8)" over covered tiles at 30 px left its ")" read surely as a
/// crossed flag beside the pieces hidden, on a board in play. The tooltip "(24,7)" at 28 px
/// read as a "1", a question mark and a "6": the question mark, kept as no piece, left the "6"
/// beside it settled among covered tiles.
pub(super) fn written(class: TileClass) -> bool {
    matches!(
        class,
        TileClass::Number(1..) | TileClass::Flag | TileClass::Question | TileClass::WrongFlag
    )
}

/// Whether the game's own count of flags ([`Reading::counted_flags`]) is the number of tiles
/// read as flags, and that number is not 0.
fn flags_all_counted(reading: &Reading) -> bool {
    let shown = (reading.look_of.iter())
        .filter(|&&look| reading.looks[look].class == TileClass::Flag)
        .count() as u64;
    shown > 0 && reading.counted_flags == Some(shown)
}

/// Whether family `f`, read as a number from 1, a flag or a crossed flag ([`written`]), is
/// drawn unlike every other family of its class ([`OTHER_GLYPH`]) not `unsure` and not `apart`,
/// where there is one: the text of something drawn over the board, not the game's own symbol.
pub(super) fn unlike_its_class(
    reading: &Reading,
    families: &Families,
    unsure: &[bool],
    f: usize,
    apart: &[bool],
) -> bool {
    let class = reading.looks[families.first[f]].class;
    if !written(class) {
        return false;
    }
    let look = &reading.pixels[families.first[f]];
    let mut others = (0..families.first.len())
        .filter(|&g| g != f && !unsure[g] && !apart[g])
        .map(|g| families.first[g])
        .filter(|&g| reading.looks[g].class == class)
        .peekable();
    others.peek().is_some()
        && others.all(|g| mean_difference(look, &reading.pixels[g]) >= OTHER_GLYPH)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::skin::testing::{a_family_a_look, board_of_looks, tile_with_ink, BLUE, WHITE};
    use crate::vision::{Doubt, Verdict};

    const GREY: [u8; 3] = [190; 3];
    const DARK: [u8; 3] = [60; 3];
    const BOX: [u8; 3] = [235; 3];

    /// A covered grey tile washed white within `depth` samples of the sides `washed` holds.
    fn washed(depth: usize, washed: impl Fn(Side) -> bool) -> TileImage {
        let mut tile = tile_with_ink(GREY, GREY);
        for (i, pixel) in tile.chunks_exact_mut(3).enumerate() {
            let (x, y) = (i % TILE, i / TILE);
            let within = |side: Side| match side {
                Side::Top => y < depth,
                Side::Bottom => y >= TILE - depth,
                Side::Left => x < depth,
                Side::Right => x >= TILE - depth,
            };
            if Side::ALL.into_iter().any(|s| washed(s) && within(s)) {
                pixel.copy_from_slice(&WHITE);
            }
        }
        tile
    }

    /// A 3x4 board of covered tiles: at (1,1) a symbol in doubt between a covered tile and a
    /// mine (a dark square on grey), at (1,2) the look `beside`, read surely as covered; every
    /// other tile the plain covered look.
    fn board_with(beside: TileImage) -> (Reading, Families) {
        let mut reading = board_of_looks(
            "....\n....\n....\n",
            vec![0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 0],
            vec![
                Verdict::certain(TileClass::Unrevealed),
                Verdict::certain(TileClass::Unrevealed),
                Verdict::certain(TileClass::Unrevealed),
            ],
        );
        reading.pixels = vec![tile_with_ink(GREY, GREY), tile_with_ink(GREY, DARK), beside];
        reading.doubt.push(Doubt {
            look: 1,
            classes: vec![TileClass::Unrevealed, TileClass::Mine],
            cells: vec![(1, 1)],
        });
        let (reading, families, _) = a_family_a_look(reading);
        (reading, families)
    }

    /// No family hidden before the pieces are looked for.
    fn none_hidden(families: &Families) -> Vec<bool> {
        vec![false; families.first.len()]
    }

    #[test]
    fn a_symbol_whose_cover_reaches_across_its_side_into_the_tile_beside_is_a_piece() {
        // A see-through box over the symbol, reaching 5 samples into the tile on its right.
        let (reading, families) = board_with(washed(5, |s| s == Side::Left));
        assert_eq!(
            cover_pieces(&reading, &families, &none_hidden(&families)),
            vec![false, true, false]
        );
    }

    #[test]
    fn a_tile_beside_lit_all_round_or_plain_makes_no_piece() {
        // Lit under the pointer: washed along every side alike.
        let (reading, families) = board_with(washed(3, |_| true));
        assert_eq!(
            cover_pieces(&reading, &families, &none_hidden(&families)),
            vec![false; 3]
        );
        // A lost game's exploded mine, alone on its face, beside the common covered look.
        let (reading, families) = board_with(tile_with_ink(GREY, GREY));
        assert_eq!(
            cover_pieces(&reading, &families, &none_hidden(&families)),
            vec![false; 3]
        );
        // Washed on the far side only: the cover came from elsewhere.
        let (reading, families) = board_with(washed(5, |s| s == Side::Right));
        assert_eq!(
            cover_pieces(&reading, &families, &none_hidden(&families)),
            vec![false; 3]
        );
    }

    /// A covered grey tile with a dark line down it `at` samples from its left edge: the line
    /// between tiles, a sample in where the tile is sampled at another phase.
    fn lined(at: usize) -> TileImage {
        let mut tile = tile_with_ink(GREY, GREY);
        for (i, pixel) in tile.chunks_exact_mut(3).enumerate() {
            if i % TILE == at {
                pixel.copy_from_slice(&DARK);
            }
        }
        tile
    }

    #[test]
    fn the_common_look_a_sample_off_beside_a_symbol_makes_no_piece() {
        // The board's covered tiles show the line at their left edge; the tile beside the
        // symbol shows it a sample in, a column laid a pixel off the others.
        let (mut reading, families) = board_with(lined(1));
        reading.pixels[0] = lined(0);
        assert_eq!(
            cover_pieces(&reading, &families, &none_hidden(&families)),
            vec![false; 3]
        );
    }

    /// The board of [`board_with`] with its symbol read surely as a "1", drawn as `one`, no
    /// doubt on it, and the game's own "1", blue on grey, on the two tiles of the top left
    /// corner.
    fn a_one_beside(beside: TileImage, one: TileImage) -> (Reading, Families) {
        let (mut reading, _) = board_with(beside);
        reading.doubt.clear();
        reading.looks[1] = Verdict::certain(TileClass::Number(1));
        reading.pixels[1] = one;
        reading.looks.push(Verdict::certain(TileClass::Number(1)));
        reading.pixels.push(tile_with_ink(GREY, BLUE));
        reading.look_of[0] = 3;
        reading.look_of[1] = 3;
        let (reading, families, _) = a_family_a_look(reading);
        (reading, families)
    }

    #[test]
    fn a_number_unlike_the_boards_own_on_a_tile_the_cover_crosses_is_a_piece_too() {
        // A tooltip's black "1" on its light box among covered tiles, read as a game's "1".
        let text = tile_with_ink(BOX, DARK);
        let (reading, families) = a_one_beside(washed(5, |s| s == Side::Left), text);
        assert_eq!(
            cover_pieces(&reading, &families, &none_hidden(&families)),
            vec![false, true, false, false]
        );
        // A "1" drawn as the board's own 1s there is a game's number.
        let own = tile_with_ink(GREY, BLUE);
        let (reading, families) = a_one_beside(washed(5, |s| s == Side::Left), own);
        assert_eq!(
            cover_pieces(&reading, &families, &none_hidden(&families)),
            vec![false; 4]
        );
        // Beside a plain covered tile, a "1" among covered tiles is what a game shows.
        let (reading, families) = a_one_beside(tile_with_ink(GREY, GREY), text);
        assert_eq!(
            cover_pieces(&reading, &families, &none_hidden(&families)),
            vec![false; 4]
        );
    }

    #[test]
    fn a_flag_no_other_tile_shows_on_a_tile_the_cover_crosses_is_a_piece() {
        // A tooltip's text read as a flag at 0.82 among covered tiles, the board's only flag.
        let flag = Verdict::from_probs(&[(TileClass::Flag, 0.82), (TileClass::Number(7), 0.18)]);
        let with_flag = |beside: TileImage| {
            let (mut reading, _) = board_with(beside);
            reading.doubt.clear();
            reading.looks[1] = flag;
            reading.pixels[1] = tile_with_ink(BOX, DARK);
            let (reading, families, _) = a_family_a_look(reading);
            cover_pieces(&reading, &families, &none_hidden(&families))
        };
        assert_eq!(
            with_flag(washed(5, |s| s == Side::Left)),
            vec![false, true, false]
        );
        // A player's lone flag among the common covered tiles is the game's.
        assert_eq!(with_flag(tile_with_ink(GREY, GREY)), vec![false; 3]);
    }

    #[test]
    fn a_number_no_other_tile_shows_beside_a_covered_tile_the_cover_crosses_is_a_piece() {
        // A tooltip's "5," read as a "7" at 0.998 among covered tiles, the board's only "7",
        // the box reaching into the covered tile on its right. Among open 0s, beside one so
        // drawn (an open tile whose frame the number's own tile draws), or beside a plain
        // covered tile, the lone number is the game's.
        let seven = Verdict::from_probs(&[(TileClass::Number(7), 0.998), (TileClass::Flag, 0.002)]);
        let with_seven = |beside: TileImage, ground: TileClass| {
            let (mut reading, _) = board_with(beside);
            reading.doubt.clear();
            reading.looks[0] = Verdict::certain(ground);
            reading.looks[1] = seven;
            reading.pixels[1] = tile_with_ink(BOX, WHITE);
            reading.looks[2] = Verdict::certain(ground);
            let (reading, families, _) = a_family_a_look(reading);
            cover_pieces(&reading, &families, &none_hidden(&families))
        };
        let box_edge = || washed(5, |s| s == Side::Left);
        assert_eq!(
            with_seven(box_edge(), TileClass::Unrevealed),
            vec![false, true, false]
        );
        assert_eq!(with_seven(box_edge(), TileClass::Number(0)), vec![false; 3]);
        assert_eq!(
            with_seven(tile_with_ink(GREY, GREY), TileClass::Unrevealed),
            vec![false; 3]
        );
    }

    #[test]
    fn a_lone_flag_the_games_count_of_flags_names_is_no_piece() {
        // The board's only flag beside a look of its own differing along their side, where the
        // game counts one flag placed: the player's (KMines at 17 px, a "2" beside the flag
        // sampled at another phase). Counted otherwise, nothing vouches for it.
        let with_count = |counted: Option<u64>| {
            let (mut reading, _) = board_with(washed(5, |s| s == Side::Left));
            reading.doubt.clear();
            reading.looks[1] = Verdict::certain(TileClass::Flag);
            reading.pixels[1] = tile_with_ink(GREY, DARK);
            reading.counted_flags = counted;
            let (reading, families, _) = a_family_a_look(reading);
            cover_pieces(&reading, &families, &none_hidden(&families))
        };
        assert_eq!(with_count(Some(1)), vec![false; 3]);
        assert_eq!(with_count(Some(0)), vec![false, true, false]);
        assert_eq!(with_count(None), vec![false, true, false]);
    }

    #[test]
    fn a_lone_flag_beside_a_digit_drawn_otherwise_along_their_side_is_no_piece() {
        // The tile beside the flag differs along their side, but it is a "2": a digit at
        // another phase of a fractional pitch, or merged with the tile past it where a zoomed-out
        // page dropped a grid line, is no cover's edge. Beside a covered tile so drawn, the
        // flag is a piece (the test above).
        let with_symbol = |symbol: Verdict, in_doubt: bool| {
            let (mut reading, _) = board_with(washed(5, |s| s == Side::Left));
            if !in_doubt {
                reading.doubt.clear();
            }
            reading.looks[1] = symbol;
            reading.looks[2] = Verdict::certain(TileClass::Number(2));
            // The board's own "2"s, plain, on the bottom row.
            reading.looks.push(Verdict::certain(TileClass::Number(2)));
            reading.pixels.push(tile_with_ink(GREY, GREY));
            for tile in [8, 9, 10] {
                reading.look_of[tile] = 3;
            }
            let (reading, families, _) = a_family_a_look(reading);
            cover_pieces(&reading, &families, &none_hidden(&families))
        };
        assert_eq!(
            with_symbol(Verdict::certain(TileClass::Flag), false),
            vec![false; 4]
        );
        // A symbol that may be a mine beside the same "2" is a piece.
        assert_eq!(
            with_symbol(Verdict::certain(TileClass::Unrevealed), true),
            vec![false, true, false, false]
        );
    }

    #[test]
    fn a_number_unlike_the_boards_own_beside_a_piece_is_the_covers_next_piece() {
        // The box's symbol at (1, 1) is a piece (the tile on its right washed along their
        // side); the tooltip's text runs on to (1, 0), a black "1" on the box, where no tile
        // beside is drawn over; the game's own blue "1" on the top row's first three tiles.
        let with_text = |ink: [u8; 3], face: [u8; 3]| {
            let (mut reading, _) = board_with(washed(5, |s| s == Side::Left));
            reading.looks.push(Verdict::certain(TileClass::Number(1)));
            reading.pixels.push(tile_with_ink(face, ink));
            reading.looks.push(Verdict::certain(TileClass::Number(1)));
            reading.pixels.push(tile_with_ink(GREY, BLUE));
            reading.look_of[4] = 3;
            for tile in [0, 1, 2] {
                reading.look_of[tile] = 4;
            }
            let (reading, families, _) = a_family_a_look(reading);
            cover_pieces(&reading, &families, &none_hidden(&families))
        };
        assert_eq!(with_text(DARK, BOX), vec![false, true, false, true, false]);
        // A "1" drawn as the board's own is the game's, beside a piece or not.
        assert_eq!(
            with_text(BLUE, GREY),
            vec![false, true, false, false, false]
        );
    }

    #[test]
    fn a_number_unlike_its_class_beside_a_piece_or_a_hidden_tile_is_the_next_piece() {
        // The tooltip's black "1" at (1, 0) beside the box's symbol at (1, 1); the game's own
        // blue "1" on one tile only, (0, 0): two looks of a "1", neither vouched for by many
        // tiles. `washed`: whether the symbol's neighbour shows the box's edge (the symbol a
        // piece); `hidden`: whether the symbol is hidden already (under a note, a lone look).
        let text_beside = |washed_edge: bool, hidden: bool| {
            let beside = if washed_edge {
                washed(5, |s| s == Side::Left)
            } else {
                tile_with_ink(GREY, GREY)
            };
            let (mut reading, _) = board_with(beside);
            reading.looks.push(Verdict::certain(TileClass::Number(1)));
            reading.pixels.push(tile_with_ink(BOX, DARK));
            reading.looks.push(Verdict::certain(TileClass::Number(1)));
            reading.pixels.push(tile_with_ink(GREY, BLUE));
            reading.look_of[4] = 3;
            reading.look_of[0] = 4;
            let (reading, families, _) = a_family_a_look(reading);
            let mut hidden_already = vec![false; families.first.len()];
            hidden_already[1] = hidden;
            cover_pieces(&reading, &families, &hidden_already)
        };
        assert_eq!(
            text_beside(true, false),
            vec![false, true, false, true, false]
        );
        // The symbol not a piece but hidden already: the text beside it is the next piece.
        assert_eq!(
            text_beside(false, true),
            vec![false, false, false, true, false]
        );
        // Neither: nothing drawn over shows, and the "1" stays.
        assert_eq!(text_beside(false, false), vec![false; 5]);
    }

    #[test]
    fn a_number_no_other_tile_shows_beside_a_piece_is_the_covers_next_piece() {
        // The box's symbol at (1, 1) is a piece; beside it at (1, 0), the tooltip's text read
        // as a "7" (0.95), a number no other tile of the board shows: nothing vouches for it.
        let beside_the_piece = |at: usize, class: TileClass| {
            let (mut reading, _) = board_with(washed(5, |s| s == Side::Left));
            reading.looks.push(Verdict::certain(class));
            reading.pixels.push(tile_with_ink(BOX, WHITE));
            reading.look_of[at] = 3;
            let (reading, families, _) = a_family_a_look(reading);
            cover_pieces(&reading, &families, &none_hidden(&families))
        };
        let seven = TileClass::Number(7);
        assert_eq!(beside_the_piece(4, seven), vec![false, true, false, true]);
        // Away from every piece (the top left corner), it stays the game's.
        assert_eq!(beside_the_piece(0, seven), vec![false, true, false, false]);
        // The tooltip's ")" read surely as a crossed flag, which a game draws only once lost.
        let crossed = TileClass::WrongFlag;
        assert_eq!(beside_the_piece(4, crossed), vec![false, true, false, true]);
    }

    #[test]
    fn the_text_runs_on_through_a_question_mark_no_other_tile_shows() {
        // The tooltip "(24,7)" at 28 px: the box's symbol at (1, 1) a piece, its "4," at
        // (1, 0) read as a question mark, its "7)" at (0, 0) as a "6", neither shown by any
        // other tile. The question mark is the next piece, and the "6" beside it the next.
        let (mut reading, _) = board_with(washed(5, |s| s == Side::Left));
        for (class, at) in [(TileClass::Question, 4), (TileClass::Number(6), 0)] {
            reading.looks.push(Verdict::certain(class));
            reading.pixels.push(tile_with_ink(BOX, DARK));
            reading.look_of[at] = reading.looks.len() - 1;
        }
        let (reading, families, _) = a_family_a_look(reading);
        assert_eq!(
            cover_pieces(&reading, &families, &none_hidden(&families)),
            vec![false, true, false, true, true]
        );
    }

    #[test]
    fn a_symbol_that_may_be_a_mine_beside_a_piece_is_the_covers_next_piece() {
        // The tooltip "(12,1)" at 24 px: its "12,1" at (0, 1) in doubt as maybe a mine, the
        // box's edge across its right side on (0, 2), a piece; its "(" at (1, 1), below it,
        // in doubt too, beside tiles of the common covered look only. `hidden`: whether the
        // text at (0, 1) is no piece but hidden already (under a note, or ink the game draws on
        // no face).
        let symbols = |hidden: bool| {
            let (mut reading, _) = board_with(tile_with_ink(GREY, GREY));
            reading.looks.push(Verdict::certain(TileClass::Unrevealed));
            reading.pixels.push(tile_with_ink(GREY, BLUE));
            reading.looks.push(Verdict::certain(TileClass::Unrevealed));
            reading.pixels.push(if hidden {
                tile_with_ink(GREY, GREY)
            } else {
                washed(5, |s| s == Side::Left)
            });
            reading.look_of[1] = 3;
            reading.look_of[2] = 4;
            reading.doubt.push(Doubt {
                look: 3,
                classes: vec![TileClass::Unrevealed, TileClass::Mine],
                cells: vec![(0, 1)],
            });
            let (reading, families, _) = a_family_a_look(reading);
            let mut hidden_already = vec![false; families.first.len()];
            hidden_already[3] = hidden;
            cover_pieces(&reading, &families, &hidden_already)
        };
        assert_eq!(symbols(false), vec![false, true, false, true, false]);
        // Beside tiles hidden already only, a symbol that may be a mine stays: a lost game's
        // mine may lie beside the note that says so, however few tiles the note hides.
        assert_eq!(symbols(true), vec![false; 5]);
    }

    #[test]
    fn symbols_strewn_over_the_board_are_no_one_cover() {
        // The same symbol, in doubt as a mine, at (1, 1) and (1, 10), each with a tile beside it
        // washed along the side they share: as a lost game's mines beside their frames.
        let row = |symbols: bool| {
            let mut looks = vec![0; 12];
            if symbols {
                looks[1] = 1;
                looks[2] = 2;
                looks[9] = 1;
                looks[10] = 2;
            }
            looks
        };
        let look_of = [row(false), row(true), row(false)].concat();
        let mut reading = board_of_looks(
            &format!("{0}\n{0}\n{0}\n", ".".repeat(12)),
            look_of,
            vec![Verdict::certain(TileClass::Unrevealed); 3],
        );
        reading.pixels = vec![
            tile_with_ink(GREY, GREY),
            tile_with_ink(GREY, DARK),
            washed(5, |s| s == Side::Left),
        ];
        reading.doubt.push(Doubt {
            look: 1,
            classes: vec![TileClass::Unrevealed, TileClass::Mine],
            cells: vec![(1, 1), (1, 9)],
        });
        let (reading, families, _) = a_family_a_look(reading);
        assert_eq!(
            cover_pieces(&reading, &families, &none_hidden(&families)),
            vec![false; 3]
        );
    }

    #[test]
    fn a_mine_read_surely_elsewhere_keeps_the_game_lost() {
        let (mut reading, families) = board_with(washed(5, |s| s == Side::Left));
        reading
            .board
            .set(crate::board::Pos::new(2, 3), crate::board::Cell::Mine);
        assert_eq!(
            cover_pieces(&reading, &families, &none_hidden(&families)),
            vec![false; 3]
        );
    }
}
