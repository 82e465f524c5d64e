//! Symbols the reading could not name. A look read as a plain covered tile that shows a symbol
//! in its middle, beside a plain covered look without one, is not a covered tile the classifier
//! knows: most often it is a mine shown after a loss in a skin the classifier was not trained on
//! (a white bomb on a dark theme's open tile). Read as covered, it would let the numbers around
//! it call tiles safe on a game that is over, and those calls would be wrong. So such a look is
//! left in doubt between a covered tile and a mine, and a board that may show mines gets no
//! advice (`crate::pipeline::outcome`).

use crate::board::Cell;
use crate::skin::background::{nearest_face, ring_distance};
use crate::skin::colours;
use crate::skin::families::Families;
use crate::vision::tiles::{TileImage, TILE};
use crate::vision::TileClass;

/// The middle of a tile where a symbol is looked for: grid lines, bevels and the edge of a
/// rounded face lie outside it at any pitch.
const MIDDLE: std::ops::Range<usize> = 4..TILE - 4;
/// Mean difference (0-255 per channel) over the edge ring up to which a look sits on the same
/// face as a number.
const SAME_FACE: f64 = 10.0;
/// A pixel this far (summed over channels, 0-765) from the tile's own edge colour is ink.
const INK: i32 = 120;
/// The share of the middle that must be ink to make a symbol: a hover's tint or a face's soft
/// shading is none, a bomb, a digit or a flag is.
const SYMBOL: f64 = 0.12;

/// For each family, given the classes the board-level reading settled on (`settled`) and how
/// many cells show each (`cells`): whether it is read as a covered tile (not a flag or a
/// question mark) while showing a symbol, and either a plain covered look (one without a
/// symbol) covers more tiles, or its edge is an open tile's (a number's): a lost game whose
/// tiles are all shown. Skins whose covered tiles all carry a pattern, on a face of their own,
/// keep their reading.
pub fn unnamed_symbols(
    pixels: &[TileImage],
    families: &Families,
    settled: &[TileClass],
    cells: &[usize],
) -> Vec<bool> {
    let first = |family: usize| &pixels[families.first[family]];
    let covered = |f: usize| settled[f] == TileClass::Unrevealed;
    let marked: Vec<bool> = (0..settled.len())
        .map(|f| covered(f) && has_symbol(first(f)))
        .collect();
    // A look whose middle is a plain covered look's differs from it at the edge only: the
    // same covered tile sampled at another phase of a fractional pitch, or with the margin
    // below the board's last row in its edge, which made the edge's colour the margin's and
    // the plain face a "symbol" against it.
    let sure = vec![false; settled.len()];
    let plain_middle = plain_covered_middle(pixels, families, settled, &sure);
    let symbol: Vec<bool> = (0..settled.len())
        .map(|f| marked[f] && !plain_middle[f])
        .collect();
    let plain_cells = (0..settled.len())
        .filter(|&f| covered(f) && !symbol[f])
        .map(|f| cells[f])
        .max()
        .unwrap_or(0);
    let open_face = |f: usize| {
        (0..settled.len())
            .filter(|&n| matches!(settled[n], TileClass::Number(_)))
            .any(|n| ring_distance(first(f), first(n)) <= SAME_FACE)
    };
    (0..settled.len())
        .map(|f| symbol[f] && (plain_cells > cells[f] || open_face(f)))
        .collect()
}

/// For each family, given the classes the board-level reading settled on (`settled`): whether
/// it is read as covered only because the rules overruled the classifier, which saw a digit or a
/// mine there, while its look shows a symbol. Such a look is a symbol the reading is unsure of:
/// a misread digit, or a mine shown after a loss in a look the classifier does not know (a bomb
/// emoji on a dark theme read as a "6"). Which of the two, the rules decide
/// (`crate::skin::labelling`): if the board holds with the family read as shown mines, it may be
/// a lost game.
pub fn overruled_symbols(
    pixels: &[TileImage],
    families: &Families,
    settled: &[TileClass],
) -> Vec<bool> {
    (0..settled.len())
        .map(|f| {
            let saw = families.verdicts[f].class;
            let saw_symbol = matches!(
                saw,
                TileClass::Number(1..) | TileClass::Mine | TileClass::Exploded
            );
            settled[f].cell() == Cell::Unrevealed
                && saw_symbol
                && has_symbol(&pixels[families.first[f]])
        })
        .collect()
}

/// For each family, given the classes the board-level reading settled on (`settled`) and the
/// families whose symbol the reading is unsure of (`unsure`): whether an unsure family sits on
/// the open tiles' face: its edge ring is near a number's (one not unsure; a symbol's rays may
/// reach the edge, so near, not the same) and much farther from every covered face (that of a
/// family settled as covered, flagged or questioned, itself not unsure). A covered tile's face
/// differs from the open one in every skin, or covered tiles and empty ones could not be told
/// apart; so a symbol drawn on the open face, where the board holds with it read as a shown
/// mine, is a mine shown after a loss (a dark theme's white bomb), not a covered tile.
pub fn on_open_face(
    pixels: &[TileImage],
    families: &Families,
    settled: &[TileClass],
    unsure: &[bool],
) -> Vec<bool> {
    let nearest = |f: usize, keep: &dyn Fn(usize) -> bool| nearest_face(pixels, families, f, keep);
    let number = |n: usize| !unsure[n] && matches!(settled[n], TileClass::Number(_));
    let covered = |n: usize| {
        !unsure[n]
            && matches!(
                settled[n],
                TileClass::Unrevealed | TileClass::Flag | TileClass::Question
            )
    };
    (0..settled.len())
        .map(|f| {
            let to_open = nearest(f, &number);
            unsure[f] && to_open <= 2.0 * SAME_FACE && nearest(f, &covered) > 2.0 * to_open
        })
        .collect()
}

/// Whether `family`'s look sits on a face of its own: its edge ring far (more than twice
/// `SAME_FACE`) from every other look's.
pub fn own_face(pixels: &[TileImage], families: &Families, family: usize) -> bool {
    nearest_face(pixels, families, family, &|_| true) > 2.0 * SAME_FACE
}

/// The shown mine a symbol read as one stands for: the exploded mine where the classifier gives
/// it more of its probability than a plain shown mine, else a shown mine.
pub fn shown_mine(verdict: &crate::vision::Verdict) -> TileClass {
    if verdict.prob(TileClass::Exploded) > verdict.prob(TileClass::Mine) {
        TileClass::Exploded
    } else {
        TileClass::Mine
    }
}

/// For each family, given the classes the board-level reading settled on (`settled`) and the
/// families it is unsure of (`unsure`): whether its middle is that of a plain covered look (one
/// read surely as covered, with no symbol): whatever its edge, it shows no symbol, so it is no
/// mine shown after a loss, which is a symbol in the middle.
pub fn plain_covered_middle(
    pixels: &[TileImage],
    families: &Families,
    settled: &[TileClass],
    unsure: &[bool],
) -> Vec<bool> {
    let first = |family: usize| &pixels[families.first[family]];
    let plain: Vec<usize> = (0..settled.len())
        .filter(|&p| settled[p] == TileClass::Unrevealed && !unsure[p] && !has_symbol(first(p)))
        .collect();
    (0..settled.len())
        .map(|f| (plain.iter()).any(|&p| p != f && same_middle(first(f), first(p))))
        .collect()
}

/// Whether the middles of `a` and `b` are alike: their mean difference there within
/// `SAME_FACE` per channel.
fn same_middle(a: &TileImage, b: &TileImage) -> bool {
    let (mut sum, mut count) = (0u32, 0u32);
    for y in MIDDLE {
        for x in MIDDLE {
            let i = (y * TILE + x) * 3;
            for c in 0..3 {
                sum += u32::from(a[i + c].abs_diff(b[i + c]));
            }
            count += 3;
        }
    }
    f64::from(sum) <= SAME_FACE * f64::from(count)
}

/// Whether `tile` shows a symbol: enough of its middle far from the colour of its edge.
fn has_symbol(tile: &TileImage) -> bool {
    let pixel = |x: usize, y: usize| {
        let i = (y * TILE + x) * 3;
        [tile[i], tile[i + 1], tile[i + 2]].map(i32::from)
    };
    let mut edge: Vec<[i32; 3]> = (0..TILE)
        .flat_map(|i| [(i, 1), (i, TILE - 2), (1, i), (TILE - 2, i)])
        .map(|(x, y)| pixel(x, y))
        .collect();
    // The edge's median colour, channel by channel: the face, not its bevel or grid line.
    let median = median_of(&mut edge);
    let middle: Vec<[i32; 3]> = MIDDLE
        .flat_map(|y| MIDDLE.map(move |x| (x, y)))
        .map(|(x, y)| pixel(x, y))
        .collect();
    let share_off = |from: [i32; 3]| {
        let off = middle.iter().filter(|&&p| is_ink(p, from)).count();
        off as f64 / middle.len() as f64
    };
    // A middle of one colour shows no symbol, however unlike the edge: SVG Minesweeper at 34
    // px draws its empty tiles white inside thick black lines, whose edge ring is mostly line,
    // and an empty tile read as covered was taken for a symbol on the open face, a shown mine,
    // on a game in play.
    let own = colours::median_colour(tile, |x, y| MIDDLE.contains(&x) && MIDDLE.contains(&y));
    share_off(median) >= SYMBOL && share_off(own) > 0.0 && !only_a_line_across(&middle, own)
}

/// Whether the ink of `middle` (the [`MIDDLE`] square, row by row) against its own colour
/// `own` is only straight lines from one side of it to the other, one or two samples thick,
/// each along its border (in its outer two rows or columns), at most one across and one down:
/// a tile's own grid lines sampled inside its middle, not a symbol. winmine.html in the
/// browser's dark mode at 16.5 px lays its tiles at two widths and two heights; where the
/// grid's even pitch cut its last column, that column's line, and on its last row the row's
/// line too, fell inside the middle, and its covered tiles were taken for unnamed symbols,
/// maybe a lost game's mines: a board in play got no advice. No mine, flag or digit is drawn
/// as lines along the middle's border alone (a digit's stroke or a flag's pole stands inside).
fn only_a_line_across(middle: &[[i32; 3]], own: [i32; 3]) -> bool {
    let side = MIDDLE.len();
    let ink: Vec<bool> = middle.iter().map(|&p| is_ink(p, own)).collect();
    let at = |x: usize, y: usize| ink[y * side + x];
    let column = |x: usize| (0..side).all(|y| at(x, y));
    let row = |y: usize| (0..side).all(|x| at(x, y));
    // The full lines one way: none, or one or two side by side along one border.
    let border_lines = |full: &dyn Fn(usize) -> bool| -> Option<Vec<usize>> {
        let lines: Vec<usize> = (0..side).filter(|&i| full(i)).collect();
        let on_border = |i: &usize| *i < 2 || *i >= side - 2;
        let thin = match lines.as_slice() {
            [] | [_] => true,
            [a, b] => b - a == 1,
            _ => false,
        };
        (thin && lines.iter().all(on_border)).then_some(lines)
    };
    let (Some(columns), Some(rows)) = (border_lines(&column), border_lines(&row)) else {
        return false;
    };
    let on_a_line = |x: usize, y: usize| columns.contains(&x) || rows.contains(&y);
    let all_on = (0..side).all(|y| (0..side).all(|x| !at(x, y) || on_a_line(x, y)));
    !(columns.is_empty() && rows.is_empty()) && all_on
}

/// Whether `pixel` is ink against the colour `face`: farther from it than [`INK`], summed over
/// the channels.
fn is_ink(pixel: [i32; 3], face: [i32; 3]) -> bool {
    (0..3).map(|c| (pixel[c] - face[c]).abs()).sum::<i32>() > INK
}

/// The median of `pixels`, channel by channel (reordering them). The edge's samples are a list,
/// not a set of places (`colours::median_colour` takes those): the ring's corners count twice.
fn median_of(pixels: &mut [[i32; 3]]) -> [i32; 3] {
    std::array::from_fn(|c| {
        pixels.sort_unstable_by_key(|p| p[c]);
        pixels[pixels.len() / 2][c]
    })
}

/// Whether a cell is one a symbol the reading could not name may stand for.
pub fn may_be_mine(classes: &[TileClass]) -> bool {
    classes.iter().any(|c| matches!(c.cell(), Cell::Mine))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::tiles::TILE_BYTES;

    fn flat(grey: u8) -> TileImage {
        [grey; TILE_BYTES]
    }

    /// A tile of grey `inner` with a frame of grey `frame` three samples deep.
    fn framed(inner: u8, frame: u8) -> TileImage {
        let mut tile = flat(inner);
        for (i, pixel) in tile.chunks_exact_mut(3).enumerate() {
            let (x, y) = (i % TILE, i / TILE);
            if x < 3 || y < 3 || x >= TILE - 3 || y >= TILE - 3 {
                pixel.fill(frame);
            }
        }
        tile
    }

    /// A dark tile with a white disc in its middle: a bomb on a dark theme's open tile.
    fn bomb() -> TileImage {
        let mut tile = flat(40);
        for y in 0..TILE {
            for x in 0..TILE {
                let (dx, dy) = (x as f64 - 7.5, y as f64 - 7.5);
                if dx * dx + dy * dy < 16.0 {
                    let i = (y * TILE + x) * 3;
                    tile[i..i + 3].fill(240);
                }
            }
        }
        tile
    }

    #[test]
    fn a_bomb_is_a_symbol_and_a_plain_or_tinted_face_is_not() {
        assert!(has_symbol(&bomb()));
        assert!(!has_symbol(&flat(40)));
        // A raised face: light and dark bevels on the edge only.
        let mut raised = flat(192);
        for i in 0..TILE {
            for (x, y, v) in [
                (i, 0, 255),
                (0, i, 255),
                (i, TILE - 1, 128),
                (TILE - 1, i, 128),
            ] {
                let k = (y * TILE + x) * 3;
                raised[k..k + 3].fill(v);
            }
        }
        assert!(!has_symbol(&raised));
        // SVG Minesweeper's empty tile at 34 px: white inside thick black lines, its edge ring
        // mostly line. A middle of one colour is no symbol.
        assert!(!has_symbol(&framed(250, 20)));
    }

    #[test]
    fn grid_lines_along_the_middles_border_are_no_symbol_and_a_stroke_inside_is() {
        // A grey covered face whose own dark line runs down the middle's last column (a tile
        // narrower than the grid's even pitch), one sample thick or two, and with the row's line
        // along its last row too: no symbol.
        let lined = |columns: &[usize], rows: &[usize]| {
            let mut tile = flat(192);
            for (i, pixel) in tile.chunks_exact_mut(3).enumerate() {
                if columns.contains(&(i % TILE)) || rows.contains(&(i / TILE)) {
                    pixel.fill(51);
                }
            }
            tile
        };
        assert!(!has_symbol(&lined(&[11], &[])));
        assert!(!has_symbol(&lined(&[10, 11], &[])));
        assert!(!has_symbol(&lined(&[11], &[11])));
        assert!(!has_symbol(&lined(&[], &[4])));
        // Three samples thick, two lines apart, or a line through the inside (a digit's
        // stroke, a flag's pole), alone or crossed: a symbol as before.
        assert!(has_symbol(&lined(&[9, 10, 11], &[])));
        assert!(has_symbol(&lined(&[4, 11], &[])));
        assert!(has_symbol(&lined(&[7], &[])));
        assert!(has_symbol(&lined(&[7], &[8])));
        assert!(has_symbol(&lined(&[11], &[8])));
        // A stroke short of one side of the middle is no line across.
        let mut stroke = flat(192);
        for y in 5..TILE {
            let k = (y * TILE + 10) * 3;
            stroke[k..k + 6].fill(51);
        }
        assert!(has_symbol(&stroke));
    }

    #[test]
    fn only_a_symbol_beside_a_commoner_plain_covered_look_is_unnamed() {
        use crate::vision::Verdict;
        let pixels = vec![flat(40), bomb()];
        let families = Families {
            of: vec![0, 1],
            first: vec![0, 1],
            verdicts: vec![Verdict::certain(TileClass::Unrevealed); 2],
        };
        let settled = [TileClass::Unrevealed, TileClass::Unrevealed];
        assert_eq!(
            unnamed_symbols(&pixels, &families, &settled, &[30, 12]),
            [false, true]
        );
        // Every covered tile carries the pattern: the skin's own covered look.
        assert_eq!(
            unnamed_symbols(&pixels, &families, &settled, &[5, 12]),
            [false, false]
        );
        // Read as a flag, it is named.
        let named = [TileClass::Unrevealed, TileClass::Flag];
        assert_eq!(
            unnamed_symbols(&pixels, &families, &named, &[30, 12]),
            [false, false]
        );
        // The same covered face with a light margin round its edge (the board's last row, or
        // a sampling phase that takes in the gap between tiles): no symbol, its middle is the
        // plain look's (and of one colour).
        let margined = framed(40, 240);
        assert!(!has_symbol(&margined));
        let pixels = vec![flat(40), margined];
        assert_eq!(
            unnamed_symbols(&pixels, &families, &settled, &[30, 12]),
            [false, false]
        );
        // In doubt with a mine, it has a plain covered look's middle; a bomb has not.
        let pixels = vec![flat(40), margined, bomb()];
        let three = Families {
            of: vec![0, 1, 2],
            first: vec![0, 1, 2],
            verdicts: vec![Verdict::certain(TileClass::Unrevealed); 3],
        };
        let settled = [TileClass::Unrevealed; 3];
        assert_eq!(
            plain_covered_middle(&pixels, &three, &settled, &[false, true, true]),
            [false, true, false]
        );
    }

    #[test]
    fn a_symbol_overruled_to_covered_against_a_digit_or_mine_is_a_candidate() {
        use crate::vision::Verdict;
        let pixels = vec![flat(192), bomb(), bomb()];
        let families = Families {
            of: vec![0, 1, 2],
            first: vec![0, 1, 2],
            verdicts: vec![
                Verdict::certain(TileClass::Number(0)),
                Verdict::certain(TileClass::Number(6)),
                Verdict::certain(TileClass::Question),
            ],
        };
        // The plain face overruled from 0 shows nothing; the bomb read as a 6 does; a look the
        // classifier itself calls a question mark is named.
        let settled = [
            TileClass::Unrevealed,
            TileClass::Question,
            TileClass::Question,
        ];
        assert_eq!(
            overruled_symbols(&pixels, &families, &settled),
            [false, true, false]
        );
        // Kept as the digit the classifier saw, it is not overruled.
        let kept = [
            TileClass::Unrevealed,
            TileClass::Number(6),
            TileClass::Question,
        ];
        assert_eq!(
            overruled_symbols(&pixels, &families, &kept),
            [false, false, false]
        );
    }

    #[test]
    fn an_unsure_symbol_on_the_open_face_and_no_covered_one_is_a_shown_mine() {
        use crate::vision::Verdict;
        // A dark open face (the 0s), a light covered one, a bomb on the dark face, and a bomb
        // on the light face.
        let mut on_light = bomb();
        for v in on_light.iter_mut() {
            if *v == 40 {
                *v = 200;
            }
        }
        let pixels = vec![flat(40), flat(200), bomb(), on_light];
        let families = Families {
            of: vec![0, 1, 2, 3],
            first: vec![0, 1, 2, 3],
            verdicts: vec![Verdict::certain(TileClass::Unrevealed); 4],
        };
        let settled = [
            TileClass::Number(0),
            TileClass::Unrevealed,
            TileClass::Unrevealed,
            TileClass::Unrevealed,
        ];
        let unsure = [false, false, true, true];
        assert_eq!(
            on_open_face(&pixels, &families, &settled, &unsure),
            [false, false, true, false]
        );
        // A symbol the reading is sure of stays as it was read.
        assert_eq!(
            on_open_face(&pixels, &families, &settled, &[false; 4]),
            [false; 4]
        );
        // Which shown mine: the one the classifier gives more to.
        let exploded = Verdict::from_probs(&[(TileClass::Exploded, 0.3), (TileClass::Mine, 0.1)]);
        assert_eq!(shown_mine(&exploded), TileClass::Exploded);
        let plain = Verdict::from_probs(&[(TileClass::Number(6), 0.9), (TileClass::Mine, 0.1)]);
        assert_eq!(shown_mine(&plain), TileClass::Mine);
    }

    #[test]
    fn a_red_tile_among_grey_ones_sits_on_a_face_of_its_own() {
        use crate::vision::Verdict;
        let mut red = flat(40);
        for pixel in red.chunks_exact_mut(3) {
            pixel.copy_from_slice(&[220, 30, 30]);
        }
        let pixels = vec![flat(192), flat(128), red];
        let families = Families {
            of: vec![0, 1, 2],
            first: vec![0, 1, 2],
            verdicts: vec![Verdict::certain(TileClass::Unrevealed); 3],
        };
        assert!(own_face(&pixels, &families, 2));
        let grey = vec![flat(192), flat(200), flat(40)];
        assert!(!own_face(&grey, &families, 0));
    }
}
