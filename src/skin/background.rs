//! Evidence from the board itself on which looks are empty open tiles. Digits are drawn on the
//! open tiles' background, so an empty open tile (a 0) is a number tile without its digit: where
//! a number look shows background, a 0 look shows the same pixels. A covered tile differs there
//! (its bevel, its colour, its texture), even in skins whose covered and open faces share one
//! grey, where the classifier alone cannot tell a flat tile's side. The other way round, a digit
//! whose tile edge matches a covered tile's sits on a covered tile: a question mark or a flag the
//! classifier took for a number; and a symbol on an empty open tile's face is no question mark
//! or flag (`faces`). An empty tile also shows nothing in its middle, where the digits are
//! drawn: a look with ink there is no empty tile where another look with the evidence is plain
//! there (`ink_among_the_empty`). Where one look shows the numbers' background exactly, a look
//! that is that face on most of its samples and differs on the rest (an edge, a bevel) is
//! another face (`other_face_than_the_exact`); and a look grouped with covered tiles that shows
//! a number's background and edge is an empty tile to set apart (`exact_empty_looks`).

use super::colours::{self, apart, median_colour, ring_median, CENTRE_INSET};
use crate::skin::families::{Families, Sides};
use crate::vision::tiles::{TileImage, TILE};
use crate::vision::{TileClass, Verdict};

/// What the number looks say of a look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evidence {
    /// No number look to compare with, or the comparison is not clear.
    None,
    /// The look matches the background of a number look: an empty open tile.
    Empty,
    /// The look differs from every number look's background, or matches it inside only while
    /// a look read as showing no digit matches the numbers' frame too: not an empty open tile.
    NotEmpty,
}

/// At most this many looks of one number family are references for the empty tile's face.
const REFERENCE_LOOKS: usize = 8;
/// A number look counts only when the classifier is at least this sure of it.
const NUMBER_SURE: f32 = 0.9;
/// A pixel this far (summed over channels, 0-765) from the tile's background colour is ink.
const INK: i32 = 90;
/// A number look with less background than this share is no reference.
const MIN_BACKGROUND: f64 = 0.35;
/// Mean difference (0-255 per channel) on the background up to which a look is empty, and from
/// which it is not.
const EMPTY_NEAR: f64 = 8.0;
const EMPTY_FAR: f64 = 20.0;
/// Mean difference up to which a look shows the numbers' background pixel for pixel (but for
/// rounding): then the board's empty face is known exactly, and a look that differs from it by
/// more than [`EMPTY_NEAR`] is another face.
const EMPTY_EXACT: f64 = 1.0;

/// The sure number families of a board and the references for the empty tile's face they give
/// ([`references`]): taken once, for `exact_empty_looks` and `evidence_from` alike.
pub struct References {
    numbers: Vec<usize>,
    list: Vec<Reference>,
}

/// A look that stands for a sure number, with one way of taking its background: a reference for
/// the empty tile's face.
struct Reference {
    /// The number's family.
    family: usize,
    /// The look.
    look: usize,
    /// Its samples that show the background.
    background: Vec<bool>,
}

/// The sure number families of `families` (`pixels`: each look's sampled tile), and the
/// references for the empty tile's face they give.
pub fn references(pixels: &[TileImage], families: &Families) -> References {
    let tile = |family: usize| &pixels[families.first[family]];
    let numbers: Vec<usize> = (families.verdicts.iter().enumerate())
        .filter(|(_, verdict)| {
            matches!(verdict.class, TileClass::Number(1..=8)) && verdict.confidence >= NUMBER_SURE
        })
        .map(|(family, _)| family)
        .collect();
    let share_of = |mask: &[bool]| mask.iter().filter(|&&b| b).count() as f64 / mask.len() as f64;
    // The looks of each sure number family that stand for it as references: its first look,
    // then others of it in board order, up to [`REFERENCE_LOOKS`]. One number's looks may lie
    // on open tiles of different shades (KMines lights the open tiles of some rows), and an
    // empty tile matches those on its own shade.
    let number_looks: Vec<(usize, usize)> = (numbers.iter())
        .flat_map(|&family| {
            std::iter::once(families.first[family])
                .chain((0..families.of.len()).filter(move |&look| {
                    families.of[look] == family && look != families.first[family]
                }))
                .take(REFERENCE_LOOKS)
                .map(move |look| (family, look))
        })
        .collect();
    let mut references: Vec<Reference> = (number_looks.iter())
        .flat_map(|&(family, look)| {
            [Around::Tile, Around::Edge]
                .into_iter()
                .map(move |around| Reference {
                    family,
                    look,
                    background: background_mask(&pixels[look], around),
                })
        })
        .filter(|reference| share_of(&reference.background) >= MIN_BACKGROUND)
        .collect();
    let number_tiles: Vec<&TileImage> = numbers.iter().map(|&f| tile(f)).collect();
    if let Some(colour) = shared_background(&number_tiles) {
        references.extend((number_looks.iter()).filter_map(|&(family, look)| {
            let background = near_colour(&pixels[look], colour);
            (share_of(&background) >= MIN_SHARED).then_some(Reference {
                family,
                look,
                background,
            })
        }));
    }
    References {
        numbers,
        list: references,
    }
}

/// The distance of `look`'s pixels from each reference's background (infinite for the
/// references of `family`, the look's own: a number look is compared with the others only).
fn background_distances<'a>(
    pixels: &'a [TileImage],
    references: &'a References,
    look: usize,
    family: usize,
) -> impl Iterator<Item = f64> + 'a {
    (references.list.iter()).map(move |reference| {
        if reference.family == family {
            f64::INFINITY
        } else {
            background_distance(
                &pixels[look],
                &pixels[reference.look],
                &reference.background,
            )
        }
    })
}

/// Whether a family's looks may be empty tiles, so worth comparing with the numbers'
/// background: only the odds of an empty tile move, and a look the classifier is sure shows
/// something else (a digit, a flag, a mine) needs no comparing, which saves most of the work on
/// boards of many looks.
fn may_be_empty(verdict: &Verdict) -> bool {
    let empty_or_covered = matches!(
        verdict.class,
        TileClass::Number(0) | TileClass::Unrevealed | TileClass::Question
    );
    empty_or_covered || verdict.confidence < NUMBER_SURE
}

/// The looks of `families` (`pixels`: each look's sampled tile) that show a sure number's
/// background (within [`EMPTY_NEAR`]) and its edge ring (as near, or half as far as the
/// family's first look) in a family whose first look's edge ring is not the numbers' (beyond
/// [`EMPTY_NEAR`]): empty tiles grouped with covered ones. At a fractional pitch each row and
/// column of tiles is sampled at its own phase; in a skin whose covered and open faces share
/// one colour, an empty tile whose grid lines fall in the outer samples comes nearer a covered
/// tile's bevel than the empty tiles of other rows (the table clone in forced dark mode at
/// 17.5 px), while the numbers of its own row or column show its background and its lines.
pub fn exact_empty_looks(
    pixels: &[TileImage],
    families: &Families,
    references: &References,
) -> Vec<bool> {
    // The edge ring depends on the reference's look alone, not on how its background is taken.
    let mut number_looks: Vec<(usize, usize)> = (references.list.iter())
        .map(|r| (r.family, r.look))
        .collect();
    number_looks.sort_unstable();
    number_looks.dedup();
    let ring = |look: usize, family: usize| {
        (number_looks.iter())
            .filter(|&&(number, _)| number != family)
            .map(|&(_, reference)| ring_distance(&pixels[look], &pixels[reference]))
            .fold(f64::INFINITY, f64::min)
    };
    let inside = |look: usize, family: usize| {
        background_distances(pixels, references, look, family).fold(f64::INFINITY, f64::min)
    };
    let mut exact = vec![false; families.of.len()];
    for (family, verdict) in families.verdicts.iter().enumerate() {
        if !may_be_empty(verdict) {
            continue;
        }
        let first_ring = ring(families.first[family], family);
        if first_ring <= EMPTY_NEAR {
            continue;
        }
        // The numbers' edge matched, or at least twice as well as by the family's first look
        // where no number lies at the look's own phase in both directions.
        let near_ring = EMPTY_NEAR.max((first_ring / 2.0).min(EMPTY_FAR));
        for look in (0..families.of.len()).filter(|&l| families.of[l] == family) {
            exact[look] = ring(look, family) <= near_ring && inside(look, family) <= EMPTY_NEAR;
        }
    }
    exact
}

/// The evidence on each family of `families`, whose first looks' pixels are in `pixels`, each
/// look on one tile.
#[cfg(test)]
pub fn evidence(pixels: &[TileImage], families: &Families) -> Vec<Evidence> {
    let sides = vec![Sides::NONE; families.first.len()];
    let mut cells = vec![0; families.first.len()];
    for &family in &families.of {
        cells[family] += 1;
    }
    evidence_from(
        pixels,
        families,
        &references(pixels, families),
        &sides,
        &cells,
    )
}

/// The evidence on each family of `families`, whose first looks' pixels are in `pixels`, from
/// the numbers' `references` ([`references`] of the same families); `sides`, the sides of the
/// board each family's tiles all lie along ([`Families::sides`]); `family_cells`, how many tiles
/// show each family ([`Families::cells`]).
pub fn evidence_from(
    pixels: &[TileImage],
    families: &Families,
    references: &References,
    sides: &[Sides],
    family_cells: &[usize],
) -> Vec<Evidence> {
    let tile = |family: usize| &pixels[families.first[family]];
    let numbers = &references.numbers;
    // Each family's distance to each reference's background (`None`: not compared).
    let distances: Vec<Option<Vec<f64>>> = (families.verdicts.iter().enumerate())
        .map(|(family, verdict)| {
            let first = families.first[family];
            (may_be_empty(verdict))
                .then(|| background_distances(pixels, references, first, family).collect())
        })
        .collect();
    let nearest: Vec<f64> = (distances.iter())
        .map(|d| d.iter().flatten().copied().fold(f64::INFINITY, f64::min))
        .collect();
    // How near each look's edge ring comes to a sure number's. Only `explains_more` uses it: a
    // covered tile may share the numbers' edge (their grid lines) in many skins, so it is no
    // evidence of an empty tile by itself.
    let ring_to_numbers = |family: usize| {
        (numbers.iter())
            .filter(|&&number| number != family)
            .map(|&number| ring_distance(tile(family), tile(number)))
            .fold(f64::INFINITY, f64::min)
    };
    let candidates: Vec<usize> = (0..distances.len())
        .filter(|&family| nearest[family] <= EMPTY_NEAR)
        .collect();
    let rings: Vec<f64> = (0..distances.len())
        .map(|family| {
            if candidates.len() > 1 && candidates.contains(&family) {
                ring_to_numbers(family)
            } else {
                f64::INFINITY
            }
        })
        .collect();
    if tracing::enabled!(tracing::Level::TRACE) {
        for family in 0..families.verdicts.len() {
            tracing::trace!(
                family,
                nearest = nearest[family],
                ring = rings[family],
                "board-level reading: a look's distance to the numbers' background"
            );
        }
    }
    let covered_apart = covered_apart_from_the_open(&families.verdicts, &nearest, family_cells);
    let mut found: Vec<Evidence> = (0..families.verdicts.len())
        .map(|family| {
            if distances[family].is_none() {
                return Evidence::None;
            }
            if nearest[family] <= EMPTY_NEAR {
                // Every candidate was compared (its nearest distance is finite).
                let compared = |f: usize| distances[f].as_deref().unwrap_or(&[]);
                let explained = |other: usize| {
                    other != family
                        && explains_more(
                            (compared(other), rings[other]),
                            (compared(family), rings[family]),
                        )
                };
                if let Some(better) = candidates.iter().copied().find(|&o| explained(o)) {
                    tracing::trace!(
                        family,
                        better,
                        "a look matches the numbers' background inside, another their edge too"
                    );
                    // The look that matches the frame too is an open tile where the classifier
                    // also takes it for one that shows no digit (an empty tile, or a mine shown
                    // on the open face after a loss); then this look, which only shares the face,
                    // is not an empty tile (a covered tile in a skin whose covered and open
                    // faces are one colour). A look read as a digit is no such witness: it may
                    // be an empty tile the classifier misread, with the numbers' frame.
                    // Nor is there a covered tile of the open colour to be where the board's
                    // sure covered tiles all lie far from that colour (the SVG clone frames
                    // the opened area's edge: its 0s along it differ from the others there).
                    let witness = matches!(
                        families.verdicts[better].class,
                        TileClass::Number(0) | TileClass::Mine
                    ) && covered_apart <= family_cells[family];
                    return if witness {
                        Evidence::NotEmpty
                    } else {
                        Evidence::None
                    };
                }
                Evidence::Empty
            } else if nearest[family] >= EMPTY_FAR && nearest[family].is_finite() {
                Evidence::NotEmpty
            } else {
                Evidence::None
            }
        })
        .collect();
    ink_among_the_empty(pixels, families, &mut found);
    // For each family, its nearest reference, if compared with one.
    let best: Vec<Option<&Reference>> = (distances.iter())
        .map(|d| {
            let d = d.as_ref()?;
            let best = (0..d.len()).min_by(|&a, &b| d[a].total_cmp(&d[b]))?;
            Some(&references.list[best])
        })
        .collect();
    // How that reference's background differs at the median sample, and whether it differs
    // along one outer line of samples alone.
    let median_apart: Vec<f64> = (0..found.len())
        .map(|family| {
            best[family].map_or(f64::INFINITY, |r| {
                background_median(tile(family), &pixels[r.look], &r.background)
            })
        })
        .collect();
    // Whether a look differs from its nearest reference only where the board's frame bled
    // into it or where the lines between tiles fall at another phase; asked only of the looks
    // the rule would otherwise set apart.
    let set_apart = |family: usize| {
        best[family].is_some_and(|r| {
            let number = &pixels[r.look];
            off_along_one_edge(tile(family), number, &r.background, sides[family])
                || lines_moved(tile(family), number, &r.background)
        })
    };
    other_face_than_the_exact(&nearest, &median_apart, &set_apart, &mut found);
    found
}

/// The classifier's confidence from which a family read as covered shows the board's covered
/// face.
const SURE_COVERED: f32 = 0.95;

/// How many tiles (`cells`, per family) show the board's covered face apart from its open one:
/// those of the families read surely as covered (`verdicts`), where every such family lies at
/// least [`EMPTY_FAR`] from the numbers' background (`nearest`, per family); else none. A look
/// on fewer tiles than these is no covered tile drawn in the open tiles' colour: the board's
/// covered tiles are drawn otherwise. (A flat skin's covered tiles, which the classifier may
/// take for empty ones, are most of its covered tiles: a few read surely, lit under the
/// pointer or next to a shown mine, do not outnumber them.)
fn covered_apart_from_the_open(verdicts: &[Verdict], nearest: &[f64], cells: &[usize]) -> usize {
    let covered = |far: bool| -> usize {
        (0..verdicts.len())
            .filter(|&f| verdicts[f].class == TileClass::Unrevealed)
            .filter(|&f| verdicts[f].confidence >= SURE_COVERED)
            .filter(|&f| (nearest[f] >= EMPTY_FAR) == far)
            .map(|f| cells[f])
            .sum()
    };
    if covered(false) > 0 {
        0
    } else {
        covered(true)
    }
}

/// Whether `tile` shows `number`'s background exactly (within [`EMPTY_EXACT`]) once the
/// outermost line of samples along one of `sides` (the board's sides its tiles lie along) is
/// left out: it differs there alone. A board's frame bleeds into the tiles along it by a pixel
/// at some pitches (KMines at 17 px: the last row of empty tiles takes the frame's dark line as
/// its last sample row), which is no face of its own. Inside the board, or along another side,
/// such a line is the tile's own.
fn off_along_one_edge(
    tile: &TileImage,
    number: &TileImage,
    background: &[bool],
    sides: Sides,
) -> bool {
    let last = TILE - 1;
    let lines: [&dyn Fn(usize, usize) -> bool; 4] = [
        &|_, y| y == 0,
        &|_, y| y == last,
        &|x, _| x == 0,
        &|x, _| x == last,
    ];
    (lines.iter().zip(sides.0)).any(|(line, along)| {
        along && {
            let inside: Vec<bool> = (background.iter().enumerate())
                .map(|(i, &keep)| keep && !line(i % TILE, i / TILE))
                .collect();
            background_distance(tile, number, &inside) <= EMPTY_EXACT
        }
    })
}

/// How far (channels' differences summed) a sample of a plain face may lie from the face, or a
/// sample of a line between tiles from the mix of the face and the line's colour.
const LINE_SLACK: i32 = 12;

/// Whether `tile` is the face of `number` (its `background` samples) with the lines between
/// tiles on other outer samples: the face alone inside its outermost ring of samples, and on that
/// ring nothing but the face, the colour of a line `number`'s own ring shows, or a mix of the two.
/// At a fractional pitch each row and column of tiles is sampled at its own phase, and the
/// one-pixel lines an open tile is drawn with fall on other outer samples, or on none:
/// winmine.html's 0s in forced dark at 20.6 px, the dark line across their top and down their
/// right instead of along their bottom, lie 12 from the numbers' background on the whole and
/// match it exactly at the median. A covered tile drawn flat with a raised edge is lighter on
/// one side and darker on the other: not one line's colour.
fn lines_moved(tile: &TileImage, number: &TileImage, background: &[bool]) -> bool {
    let sample = |t: &TileImage, i: usize| colours::colour(&t[i * 3..i * 3 + 3]);
    let on_ring = |i: usize| {
        let (x, y) = (i % TILE, i / TILE);
        x == 0 || y == 0 || x == TILE - 1 || y == TILE - 1
    };
    let face_samples: Vec<[i32; 3]> = (0..TILE * TILE)
        .filter(|&i| background[i])
        .map(|i| sample(number, i))
        .collect();
    if face_samples.is_empty() {
        return false;
    }
    let count = face_samples.len() as i32;
    let face: [i32; 3] =
        std::array::from_fn(|c| face_samples.iter().map(|p| p[c]).sum::<i32>() / count);
    // The line: the ring sample of the number farthest from its face, where the number's ring
    // holds a line's worth of samples off the face (a whole side of the tile).
    let off_face: Vec<[i32; 3]> = (0..TILE * TILE)
        .filter(|&i| on_ring(i) && !background[i])
        .map(|i| sample(number, i))
        .collect();
    if off_face.len() < TILE {
        return false;
    }
    let Some(line) = off_face.into_iter().max_by_key(|&p| apart(p, face)) else {
        return false;
    };
    let towards: [i32; 3] = std::array::from_fn(|c| line[c] - face[c]);
    let length: i32 = towards.iter().map(|d| d * d).sum();
    if length == 0 {
        return false;
    }
    // How far a colour lies from the nearest mix of the face and the line.
    let off_the_mix = |p: [i32; 3]| {
        let from: [i32; 3] = std::array::from_fn(|c| p[c] - face[c]);
        let along = (0..3).map(|c| from[c] * towards[c]).sum::<i32>();
        let t = f64::from(along.clamp(0, length)) / f64::from(length);
        (0..3)
            .map(|c| (f64::from(from[c]) - t * f64::from(towards[c])).abs())
            .sum::<f64>()
    };
    (0..TILE * TILE).all(|i| {
        let p = sample(tile, i);
        if on_ring(i) {
            off_the_mix(p) <= f64::from(LINE_SLACK)
        } else {
            apart(p, face) <= LINE_SLACK
        }
    })
}

/// Gives the evidence of no empty tile to each look between [`EMPTY_NEAR`] and [`EMPTY_FAR`]
/// from the numbers' background (`nearest`, per family) that shows that background exactly on
/// most of it (`median_apart`: the median sample's difference, within [`EMPTY_EXACT`]), while
/// a look with the evidence of an empty tile matches it exactly everywhere. The band between
/// the two bounds leaves room for an empty face drawn in shades (KMines' translucent tiles over
/// a gradient: every sample a few levels off); a look that is the face itself on most of it and
/// differs by much on the rest is drawn otherwise there, where an empty tile pins the face down.
/// Chromium's forced dark mode draws the table clone's covered tiles flat on the open tiles'
/// grey, with a raised edge one pixel wide: 8 to 17 from its background, taken for 0s, where
/// its real 0s match within 0.06. A look that differs along one outer line of samples alone
/// (`set_apart`: [`off_along_one_edge`]) is left as it was: the board's frame bled into it; so is
/// a look that is the face with the lines between tiles on other outer samples
/// ([`lines_moved`]).
fn other_face_than_the_exact(
    nearest: &[f64],
    median_apart: &[f64],
    set_apart: &dyn Fn(usize) -> bool,
    found: &mut [Evidence],
) {
    let exact = (0..found.len()).any(|f| found[f] == Evidence::Empty && nearest[f] <= EMPTY_EXACT);
    if !exact {
        return;
    }
    for (family, evidence) in found.iter_mut().enumerate() {
        let d = nearest[family];
        let in_the_band = *evidence == Evidence::None && d > EMPTY_NEAR && d < EMPTY_FAR;
        if in_the_band && median_apart[family] <= EMPTY_EXACT && !set_apart(family) {
            tracing::trace!(family, nearest = d, "a look off the exact empty face");
            *evidence = Evidence::NotEmpty;
        }
    }
}

/// A look whose middle has at most this share of ink is plain there, as an empty tile is.
const PLAIN: f64 = 0.03;
/// A look whose middle has at least this share of ink shows a symbol.
const INKED: f64 = 0.1;

/// The share of the middle samples of `tile` that are ink against its face: the commonest
/// colour inside its edge ring, each sample counting the samples within [`SAME_COLOUR`] of it.
/// Not the ring's median (a covered tile's bevel is the ring's colour, not the face's), nor the
/// inside's median channel by channel (a digit three quarters of the tile's height, xdemineur's
/// at 21 px, pulls each channel towards its ink).
fn centre_ink(tile: &TileImage) -> f64 {
    let inside = colours_within(tile, INNER_RING);
    let Some((_, face)) = (inside.iter())
        .map(|&colour| (share_near(&inside, colour), colour))
        .max_by(|a, b| a.0.total_cmp(&b.0))
    else {
        return 0.0;
    };
    let middle = colours_within(tile, CENTRE_INSET);
    let inked = (middle.iter()).filter(|&&p| apart(p, face) >= INK).count();
    inked as f64 / middle.len() as f64
}

/// Takes back the evidence of an empty tile from each look that shows ink in its middle while
/// another look with that evidence is plain there: an empty tile shows nothing. The background
/// is compared where the numbers' digits leave it, round the edge of their tiles, so a digit
/// drawn in a colour the classifier does not see well (xdemineur's orchid "5", read as a 0
/// beside covered tiles, so as a covered tile drawn pressed) matches it as well as the 0s do.
/// Ink is measured against each look's own face, and only beside a plain look, so a textured
/// face (a stipple on every tile) changes nothing.
fn ink_among_the_empty(pixels: &[TileImage], families: &Families, found: &mut [Evidence]) {
    let empty: Vec<usize> = (0..found.len())
        .filter(|&f| found[f] == Evidence::Empty)
        .collect();
    if empty.len() < 2 {
        return;
    }
    let ink: Vec<f64> = (empty.iter())
        .map(|&f| centre_ink(&pixels[families.first[f]]))
        .collect();
    if !ink.iter().any(|&share| share <= PLAIN) {
        return;
    }
    for (&family, &share) in empty.iter().zip(&ink) {
        if share >= INKED {
            tracing::trace!(
                family,
                share,
                "a look with ink in its middle is no empty tile"
            );
            found[family] = Evidence::NotEmpty;
        }
    }
}

/// Whether a look at distances `other` from the numbers' backgrounds (with its edge ring's
/// distance from the numbers' edge rings) matches every background that the look at `own`
/// matches, and the numbers' edge too where `own` is far from it. Then `other` is the empty
/// open tile and `own` only shares its colour: in flat skins whose covered and open faces are
/// one colour and whose open tiles are framed (the numbers too), a covered tile matches the
/// background inside the frame, the empty tile the frame as well. Two looks that each match
/// a background the other does not (the two shades of a checkerboard) keep their evidence.
fn explains_more((other, other_ring): (&[f64], f64), (own, own_ring): (&[f64], f64)) -> bool {
    let covers =
        (own.iter().zip(other)).all(|(&mine, &theirs)| mine > EMPTY_NEAR || theirs <= EMPTY_NEAR);
    let nearest = |d: &[f64]| d.iter().copied().fold(f64::INFINITY, f64::min);
    // Between the bounds, the edge says "not the numbers' frame" only against a look that
    // matches that frame and the inside far better: the table clone's covered tiles in
    // Chromium's dark mode at 26 px, their one-pixel frame 17.9 from the numbers' where the empty
    // tiles' is 0, their inside 6.9 from the numbers' background where the empty tiles' is 0.2.
    // An empty tile sampled at another phase matches the inside as well as the other does.
    let far_edge = own_ring >= EMPTY_FAR
        || (own_ring >= other_ring + (EMPTY_FAR - EMPTY_NEAR)
            && nearest(own) >= nearest(other) + EMPTY_NEAR / 2.0);
    covers && other_ring <= EMPTY_NEAR && far_edge
}

/// Where a number tile's background colour is taken from.
#[derive(Clone, Copy, Debug)]
enum Around {
    /// The median of the whole tile: the digit is the minority of most tiles.
    Tile,
    /// The median of the tile's outer ring: some skins draw digits so large (xbomb's) that ink
    /// covers most of the tile, but rarely most of its edge; others draw a line along two
    /// edges, which the whole tile's median ignores. Both are tried, the closer match counts.
    Edge,
}

/// The inner part of a tile the shared background is looked for in: grid lines and bevels lie
/// in the ring outside it.
const INNER_RING: usize = 2;
/// Two pixels closer than this (summed over channels, 0-765) count as one colour when looking
/// for the colour every number look shows.
const SAME_COLOUR: i32 = 30;
/// The share of the inner pixels of every number look the shared background must cover.
const MIN_COMMON: f64 = 0.2;
/// A number look with less of the shared background than this share is no reference.
const MIN_SHARED: f64 = 0.2;

/// The colour every one of `numbers` (two or more number looks, each a different digit) shows
/// on a good part of its inside: the open tiles' background. Ink differs from digit to digit and
/// grid lines lie on the tile's edge, so this holds where a digit drawn large (xbomb's at small
/// sizes: a third of the tile ink, a quarter grid line) makes the ink or the lines the median
/// colour of each tile. `None` with fewer than two looks, or when no colour is common enough.
fn shared_background(numbers: &[&TileImage]) -> Option<[i32; 3]> {
    if numbers.len() < 2 {
        return None;
    }
    let insides: Vec<Vec<[i32; 3]>> = (numbers.iter())
        .map(|t| colours_within(t, INNER_RING))
        .collect();
    // Each distinct colour common enough in the first look is a candidate (a handful: the few
    // beyond the background and the ink are antialiasing); it scores the least share it has in
    // any look.
    let mut candidates = insides[0].clone();
    candidates.sort_unstable();
    candidates.dedup();
    candidates
        .into_iter()
        .filter(|&colour| share_near(&insides[0], colour) >= MIN_COMMON)
        .map(|colour| {
            let least = (insides.iter())
                .map(|pixels| share_near(pixels, colour))
                .fold(f64::INFINITY, f64::min);
            (colour, least)
        })
        .filter(|&(_, least)| least >= MIN_COMMON)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(colour, _)| colour)
}

/// The colours of the samples of `tile` from `inset` samples in on each side: its inside, clear
/// of grid lines and bevels ([`INNER_RING`]), or its middle, where digits are drawn.
fn colours_within(tile: &TileImage, inset: usize) -> Vec<[i32; 3]> {
    let within = inset..TILE - inset;
    (tile.chunks_exact(3).enumerate())
        .filter(|(i, _)| within.contains(&(i % TILE)) && within.contains(&(i / TILE)))
        .map(|(_, p)| colours::colour(p))
        .collect()
}

/// The share of `pixels` within [`SAME_COLOUR`] of `colour`.
fn share_near(pixels: &[[i32; 3]], colour: [i32; 3]) -> f64 {
    let near = (pixels.iter())
        .filter(|&&p| apart(p, colour) < SAME_COLOUR)
        .count();
    near as f64 / pixels.len() as f64
}

/// The pixels of `tile` within [`INK`] of `colour`.
fn near_colour(tile: &TileImage, colour: [i32; 3]) -> Vec<bool> {
    tile.chunks_exact(3)
        .map(|p| apart(colours::colour(p), colour) < INK)
        .collect()
}

/// Mean difference (0-255 per channel) over the edge ring up to which a look sits on the same
/// tile face as a covered look.
pub(super) const SAME_FACE: f64 = 10.0;
/// Mean difference over the edge ring up to which `digit_on_covered_face` takes a digit's tile
/// for a covered face when it is still twice as far from every open one: a mark on a covered
/// tile may cast a shadow onto its edge (KDE's question mark does), so looser than `SAME_FACE`.
const NEAR_FACE: f64 = 2.0 * SAME_FACE;
/// A look counts as a covered reference from this probability on: a skin never seen leaves the
/// classifier unsure of its covered tiles, yet they are the likeliest reading of their looks.
const COVERED_LIKELY: f32 = 0.25;
/// The ring of pixels along a tile's edge that `faces` compares.
const FACE_RING: usize = 2;

/// Which face a look's symbol sits on, by its edge ring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    /// Read as a digit while its edge ring matches a covered look's, and is not twice as near
    /// an empty open tile's: the symbol sits on a covered tile (a question mark, a flag) and is
    /// no number, since digits are drawn on open tiles.
    Covered,
    /// Not read as a covered tile, while its edge ring matches an empty open tile's (a look the
    /// board's `evidence` shows to be the numbers' background) and is far from every covered
    /// look's: the symbol sits on an open tile, so it is no question mark or flag, which are
    /// drawn on covered ones.
    Open,
    /// Neither is clear.
    Unknown,
}

/// The face each family of `families` shows its symbol on. (Some skins colour a number's tile
/// by its number, so a number's background is compared with the covered tiles and the empty
/// ones, not with the other numbers.) A look the board's own `evidence` shows to be the numbers'
/// background is no covered reference, whatever the classifier thought of it: on a
/// checkerboard skin one shade of the open tiles may look covered to it, and every digit drawn
/// on that shade would then seem to sit on a covered tile.
pub fn faces(pixels: &[TileImage], families: &Families, evidence: &[Evidence]) -> Vec<Face> {
    let covered = |f: usize| {
        let v = &families.verdicts[f];
        v.class == TileClass::Unrevealed
            && v.confidence >= COVERED_LIKELY
            && evidence[f] != Evidence::Empty
    };
    let empty = |f: usize| evidence[f] == Evidence::Empty;
    let sure_digit = |f: usize| {
        let v = &families.verdicts[f];
        matches!(v.class, TileClass::Number(1..=8)) && v.confidence >= NUMBER_SURE
    };
    (0..families.verdicts.len())
        .map(|family| {
            let class = families.verdicts[family].class;
            let to_covered = nearest_face(pixels, families, family, &covered);
            let to_empty = nearest_face(pixels, families, family, &empty);
            // A ring at least twice as near an empty tile's is on the open face, however near
            // a covered one it also comes: at 23 px GNOME Mines' classic bevel is a pixel, and
            // a "2"'s ring matched the empty tiles' exactly and the covered ones' within 8.
            let nearer_empty = 2.0 * to_empty <= to_covered;
            // A sure digit's ring that another sure digit's shares as well is the board's own
            // ground, on which every kind of tile is drawn (the emoji clone's squares and bare
            // digits on its dark page): it tells no face. A player's mark is one symbol, not
            // two digits. An unsure one keeps its face: a covered square lit under the pointer
            // may pass for a digit.
            let other_digit = |f: usize| sure_digit(f) && families.verdicts[f].class != class;
            let ground = || {
                sure_digit(family)
                    && nearest_face(pixels, families, family, &other_digit) <= SAME_FACE
            };
            if matches!(class, TileClass::Number(1..=8))
                && to_covered <= SAME_FACE
                && !nearer_empty
                && !ground()
            {
                return Face::Covered;
            }
            let shows_symbol = !matches!(class, TileClass::Unrevealed | TileClass::Number(0));
            if shows_symbol && to_empty <= SAME_FACE && to_covered > NEAR_FACE {
                return Face::Open;
            }
            Face::Unknown
        })
        .collect()
}

/// For each family, whether its edge ring is within [`SAME_FACE`] of that of a family read
/// as a sure digit (other than itself): its tiles are drawn on a face the game draws numbers
/// on. Not evidence of an empty tile by itself (many skins draw covered tiles with the
/// numbers' edge), but what a look walled in by numbers must show to be taken for 0s where
/// the board's evidence says nothing (`walled_zeros`).
pub fn on_a_sure_digits_face(pixels: &[TileImage], families: &Families) -> Vec<bool> {
    let sure_digit = |f: usize| {
        let v = &families.verdicts[f];
        matches!(v.class, TileClass::Number(1..=8)) && v.confidence >= NUMBER_SURE
    };
    (0..families.verdicts.len())
        .map(|family| nearest_face(pixels, families, family, &sure_digit) <= SAME_FACE)
        .collect()
}

/// For each family, given the class the board-level reading settled on for each
/// (`settled`) and those it is unsure of (`unsure`: no covered reference): whether it is read
/// as a digit whose edge ring is near a family read as covered
/// and much farther from every family read as open. Digits are drawn on open tiles, so such a
/// look is more likely a symbol on a covered tile (a question mark in a font the classifier took
/// for a "2") than a number, even where the labelling search kept the digit: the classifier may
/// have been too sure of it, or the covered tiles too unsure to serve `faces` as
/// references. A ring that matches an
/// open tile about as well says nothing (skins whose faces share an edge), nor does one that
/// matches no covered tile (skins that colour a number's tile by its number).
pub fn digit_on_covered_face(
    pixels: &[TileImage],
    families: &Families,
    settled: &[TileClass],
    unsure: &[bool],
) -> Vec<bool> {
    let nearest =
        |family: usize, keep: &dyn Fn(usize) -> bool| nearest_face(pixels, families, family, keep);
    let covered = |f: usize| {
        !unsure[f]
            && matches!(
                settled[f],
                TileClass::Unrevealed | TileClass::Question | TileClass::Flag
            )
    };
    let open = |f: usize| matches!(settled[f], TileClass::Number(_));
    (0..settled.len())
        .map(|family| {
            if !matches!(settled[family], TileClass::Number(1..=8)) {
                return false;
            }
            let (to_covered, to_open) = (nearest(family, &covered), nearest(family, &open));
            tracing::trace!(
                family,
                to_covered,
                to_open,
                "a digit's edge against the faces"
            );
            to_covered <= NEAR_FACE && to_open > 2.0 * to_covered
        })
        .collect()
}

/// How near the edge ring of `family`'s look comes to that of the nearest other family `keep`
/// accepts (`ring_distance`; infinite where it accepts none).
pub(super) fn nearest_face(
    pixels: &[TileImage],
    families: &Families,
    family: usize,
    keep: &dyn Fn(usize) -> bool,
) -> f64 {
    let first = |f: usize| &pixels[families.first[f]];
    (0..families.first.len())
        .filter(|&other| other != family && keep(other))
        .map(|other| ring_distance(first(family), first(other)))
        .fold(f64::INFINITY, f64::min)
}

/// Mean absolute difference per channel between `a` and `b` over their edge rings.
pub(super) fn ring_distance(a: &TileImage, b: &TileImage) -> f64 {
    let (mut sum, mut count) = (0u64, 0u64);
    for y in 0..TILE {
        for x in 0..TILE {
            if x >= FACE_RING && y >= FACE_RING && x < TILE - FACE_RING && y < TILE - FACE_RING {
                continue;
            }
            let i = (y * TILE + x) * 3;
            for c in 0..3 {
                sum += u64::from(a[i + c].abs_diff(b[i + c]));
            }
            count += 3;
        }
    }
    sum as f64 / count.max(1) as f64
}

/// The pixels of `tile` near its background colour, taken `around`: the background around the
/// digit.
fn background_mask(tile: &TileImage, around: Around) -> Vec<bool> {
    let median = match around {
        Around::Tile => median_colour(tile, |_, _| true),
        Around::Edge => ring_median(tile),
    };
    near_colour(tile, median)
}

/// The median over `number`'s background samples of the mean absolute difference per channel
/// between `tile` and `number` there.
fn background_median(tile: &TileImage, number: &TileImage, background: &[bool]) -> f64 {
    let mut apart: Vec<u32> = (background.iter().enumerate().take(TILE * TILE))
        .filter(|(_, &keep)| keep)
        .map(|(index, _)| {
            (0..3)
                .map(|c| u32::from(tile[index * 3 + c].abs_diff(number[index * 3 + c])))
                .sum()
        })
        .collect();
    if apart.is_empty() {
        return f64::INFINITY;
    }
    let middle = apart.len() / 2;
    let (_, median, _) = apart.select_nth_unstable(middle);
    f64::from(*median) / 3.0
}

/// Mean absolute difference per channel between `tile` and `number` over `number`'s background.
fn background_distance(tile: &TileImage, number: &TileImage, background: &[bool]) -> f64 {
    let (mut sum, mut count) = (0u64, 0u64);
    for (index, &keep) in background.iter().enumerate().take(TILE * TILE) {
        if keep {
            for c in 0..3 {
                sum += u64::from(tile[index * 3 + c].abs_diff(number[index * 3 + c]));
            }
            count += 3;
        }
    }
    sum as f64 / count.max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::tiles::TILE_BYTES;
    use crate::vision::Verdict;

    fn flat(grey: u8) -> TileImage {
        [grey; TILE_BYTES]
    }

    /// A flat tile with a digit-like bar of dark pixels down its middle.
    fn number(grey: u8) -> TileImage {
        let mut tile = flat(grey);
        for y in 3..13 {
            for x in 6..10 {
                let i = (y * TILE + x) * 3;
                tile[i..i + 3].copy_from_slice(&[0, 0, 200]);
            }
        }
        tile
    }

    /// A raised tile: white top and left edges, dark bottom and right, on `grey`.
    fn raised(grey: u8) -> TileImage {
        let mut tile = flat(grey);
        for y in 0..TILE {
            for x in 0..TILE {
                let edge = if x < 3 || y < 3 {
                    255
                } else if x >= TILE - 3 || y >= TILE - 3 {
                    90
                } else {
                    continue;
                };
                let i = (y * TILE + x) * 3;
                tile[i..i + 3].copy_from_slice(&[edge; 3]);
            }
        }
        tile
    }

    fn verdict(class: TileClass) -> Verdict {
        Verdict::certain(class)
    }

    /// Families of one look each, look k sure to be `classes[k]`.
    fn one_look_each(classes: &[TileClass]) -> Families {
        Families {
            of: (0..classes.len()).collect(),
            first: (0..classes.len()).collect(),
            verdicts: classes.iter().map(|&c| verdict(c)).collect(),
        }
    }

    /// A flat tile with a digit drawn in its middle in a colour near the face's brightness
    /// (xdemineur's orchid "5" on its grey).
    fn pale_digit(grey: u8) -> TileImage {
        let mut tile = flat(grey);
        for y in 4..12 {
            for x in 5..11 {
                if y == 4 || y == 7 || y == 11 || (x == 5 && y < 7) || (x == 10 && y > 7) {
                    let i = (y * TILE + x) * 3;
                    tile[i..i + 3].copy_from_slice(&[218, 112, 214]);
                }
            }
        }
        tile
    }

    #[test]
    fn ink_in_the_middle_is_measured_against_the_face() {
        assert_eq!(centre_ink(&flat(179)), 0.0);
        assert_eq!(centre_ink(&raised(179)), 0.0);
        assert!(centre_ink(&pale_digit(179)) >= INKED);
    }

    #[test]
    fn a_digit_in_the_middle_is_no_empty_tile_beside_a_plain_one() {
        // The pale digit shows the number's background wherever the number's own digit leaves
        // it, as the empty tile does; only its middle tells them apart.
        let pixels = [number(179), flat(179), pale_digit(179)];
        let families = one_look_each(&[
            TileClass::Number(1),
            TileClass::Number(0),
            TileClass::Number(0),
        ]);
        let found = evidence(&pixels, &families);
        assert_eq!(found[1], Evidence::Empty);
        assert_eq!(found[2], Evidence::NotEmpty);
        // With no plain look to stand beside, ink says nothing (a textured face inks every
        // tile's middle).
        let pixels = [number(179), pale_digit(179)];
        let families = one_look_each(&[TileClass::Number(1), TileClass::Number(0)]);
        assert_eq!(evidence(&pixels, &families)[1], Evidence::Empty);
    }

    #[test]
    fn the_open_background_tells_empty_tiles_from_covered_ones_of_the_same_grey() {
        // Covered and open faces share one grey: only the bevel tells them apart.
        let pixels = [number(192), flat(192), raised(192)];
        let families = one_look_each(&[
            TileClass::Number(1),
            TileClass::Unrevealed,
            TileClass::Number(0),
        ]);
        let found = evidence(&pixels, &families);
        assert_eq!(found[1], Evidence::Empty);
        assert_eq!(found[2], Evidence::NotEmpty);
    }

    #[test]
    fn an_edge_between_the_bounds_is_far_only_beside_a_much_better_match() {
        // The empty tile: the numbers' inside and frame both matched.
        let empty = ([0.2].as_slice(), 0.0);
        // The table clone's dark covered tile at 26 px: the inside loosely, the frame not.
        assert!(explains_more(empty, ([6.85].as_slice(), 17.9)));
        // An empty tile at another phase: its inside matched as well, its frame a little off.
        assert!(!explains_more(empty, ([0.02].as_slice(), 11.5)));
        // A frame between the bounds with the inside matched well: not far.
        assert!(!explains_more(empty, ([1.0].as_slice(), 17.9)));
        // A frame past the far bound is far, however well the inside matches.
        assert!(explains_more(empty, ([1.0].as_slice(), 25.0)));
    }

    /// `grey` with a one-sample raised edge on top and left in `edge`: a covered tile drawn
    /// flat on the open tiles' face (the table clone in Chromium's forced dark mode).
    fn thin_edge(grey: u8, edge: u8) -> TileImage {
        let mut tile = flat(grey);
        for y in 0..TILE {
            for x in 0..TILE {
                if x == 0 || y == 0 {
                    let i = (y * TILE + x) * 3;
                    tile[i..i + 3].copy_from_slice(&[edge; 3]);
                }
            }
        }
        tile
    }

    /// The evidence on three looks, one each: a "1" and two the model reads as 0s.
    fn two_zeros_beside_a_one(pixels: [TileImage; 3]) -> Vec<Evidence> {
        let classes = [
            TileClass::Number(1),
            TileClass::Number(0),
            TileClass::Number(0),
        ];
        evidence(&pixels, &one_look_each(&classes))
    }

    #[test]
    fn a_thin_edge_on_the_exact_empty_face_is_another_face() {
        // 82 levels over the 31 edge samples: about 10 on average, between the bounds.
        let found = two_zeros_beside_a_one([number(53), flat(53), thin_edge(53, 135)]);
        assert_eq!(found[1], Evidence::Empty);
        assert_eq!(found[2], Evidence::NotEmpty);
        // Without a look that shows the face exactly, the band says nothing.
        let found = two_zeros_beside_a_one([number(53), flat(56), thin_edge(53, 135)]);
        assert_eq!(found[2], Evidence::None);
    }

    #[test]
    fn a_frame_along_one_edge_of_the_exact_empty_face_is_no_other_face() {
        // The last row of empty tiles with the board's frame in its last sample row (KMines at
        // 17 px): 180 levels over 16 samples, about 11 on average, between the bounds, but
        // along one side alone.
        let mut framed = flat(180);
        framed[(TILE - 1) * TILE * 3..].fill(0);
        let pixels = [number(180), flat(180), framed];
        let families = one_look_each(&[
            TileClass::Number(1),
            TileClass::Number(0),
            TileClass::Number(0),
        ]);
        let with_sides = |third: Sides| {
            let sides = [Sides::NONE, Sides::NONE, third];
            let cells = [1; 3];
            evidence_from(
                &pixels,
                &families,
                &references(&pixels, &families),
                &sides,
                &cells,
            )
        };
        let bottom = Sides([false, true, false, false]);
        assert_eq!(with_sides(bottom)[1], Evidence::Empty);
        assert_eq!(with_sides(bottom)[2], Evidence::None);
        // Inside the board, that line is the tile's own: another face.
        assert_eq!(with_sides(Sides::NONE)[2], Evidence::NotEmpty);
        // A raised edge on two sides is drawn otherwise, along the board's corner too.
        let background = background_mask(&number(180), Around::Tile);
        let corner = Sides([true, false, true, false]);
        assert!(!off_along_one_edge(
            &thin_edge(180, 0),
            &number(180),
            &background,
            corner
        ));
    }

    /// `tile` with one-sample lines of `line` along the sides `which` (top, bottom, left, right).
    fn with_lines(mut tile: TileImage, line: u8, which: [bool; 4]) -> TileImage {
        let last = TILE - 1;
        for y in 0..TILE {
            for x in 0..TILE {
                let on = [y == 0, y == last, x == 0, x == last];
                if (on.iter().zip(which)).any(|(&on, side)| on && side) {
                    let i = (y * TILE + x) * 3;
                    tile[i..i + 3].copy_from_slice(&[line; 3]);
                }
            }
        }
        tile
    }

    #[test]
    fn the_lines_between_tiles_on_other_outer_samples_are_no_other_face() {
        // winmine.html's open tiles in forced dark at 20.6 px: a grey face, a darker line down
        // the left and along the bottom at one phase, across the top and down both sides at
        // another: 12 from the numbers' background on the whole, exact at the median.
        let one = with_lines(number(192), 100, [false, true, true, false]);
        let exact = with_lines(flat(192), 100, [false, true, true, false]);
        let moved = with_lines(flat(192), 100, [true, false, true, true]);
        let found = two_zeros_beside_a_one([one, exact, moved]);
        assert_eq!(found[1], Evidence::Empty);
        assert_eq!(found[2], Evidence::None);
        // A line half in a sample is a mix of the face and the line: the same.
        let half = with_lines(moved, 146, [false, false, false, true]);
        assert_eq!(
            two_zeros_beside_a_one([one, exact, half])[2],
            Evidence::None
        );
        // A raised edge, lighter on top and darker below, is drawn otherwise.
        let raised = with_lines(
            with_lines(flat(192), 230, [true, false, true, false]),
            100,
            [false, true, false, true],
        );
        assert_eq!(
            two_zeros_beside_a_one([one, exact, raised])[2],
            Evidence::NotEmpty
        );
        // So is anything inside the ring, and a line where the numbers show none.
        let mut inside = moved;
        inside[(5 * TILE + 5) * 3..(5 * TILE + 6) * 3].fill(120);
        let background = background_mask(&one, Around::Tile);
        assert!(lines_moved(&moved, &one, &background));
        assert!(!lines_moved(&inside, &one, &background));
        let unlined = number(192);
        let background = background_mask(&unlined, Around::Tile);
        assert!(!lines_moved(&moved, &unlined, &background));
    }

    #[test]
    fn a_face_a_shade_off_the_exact_one_keeps_its_doubt() {
        // Every sample 10 levels off: the open face in another shade (KMines' translucent tiles
        // over a gradient), not a face drawn otherwise.
        let found = two_zeros_beside_a_one([number(53), flat(53), flat(63)]);
        assert_eq!(found[1], Evidence::Empty);
        assert_eq!(found[2], Evidence::None);
    }

    /// `grey` with one-sample lines of `line` down both sides: an empty tile at the phase that
    /// puts the grid lines in its outer columns.
    fn side_lines(grey: u8, line: u8) -> TileImage {
        let mut tile = flat(grey);
        for y in 0..TILE {
            for x in [0, TILE - 1] {
                let i = (y * TILE + x) * 3;
                tile[i..i + 3].copy_from_slice(&[line; 3]);
            }
        }
        tile
    }

    #[test]
    fn an_empty_tile_in_a_covered_family_is_found_by_the_numbers_of_its_phase() {
        // A "1" with grid lines down both sides, a covered tile with a bevel, and an empty
        // tile with the 1's lines grouped with the covered tile.
        let mut one = side_lines(53, 135);
        for y in 3..13 {
            let i = (y * TILE + 8) * 3;
            one[i..i + 3].copy_from_slice(&[200, 150, 230]);
        }
        let pixels = [one, raised(53), side_lines(53, 135)];
        let families = Families {
            of: vec![0, 1, 1],
            first: vec![0, 1],
            verdicts: vec![verdict(TileClass::Number(1)), verdict(TileClass::Number(0))],
        };
        let found = exact_empty_looks(&pixels, &families, &references(&pixels, &families));
        assert_eq!(found, vec![false, false, true]);
        // A family whose first look is the numbers' face is left as it is.
        let families = Families {
            of: vec![0, 1, 1],
            first: vec![0, 2],
            verdicts: vec![verdict(TileClass::Number(1)), verdict(TileClass::Number(0))],
        };
        let found = exact_empty_looks(&pixels, &families, &references(&pixels, &families));
        assert_eq!(found, vec![false; 3]);
    }

    /// One number drawn on open tiles of two shades (a game that lights the open tiles of some
    /// rows): the empty tile matches the shade of the number's second look, not its first.
    #[test]
    fn an_empty_tile_matches_any_look_of_a_number_on_its_own_shade() {
        let pixels = [number(184), number(173), flat(173), raised(150)];
        let families = Families {
            of: vec![0, 0, 1, 2],
            first: vec![0, 2, 3],
            verdicts: vec![
                verdict(TileClass::Number(1)),
                Verdict::from_probs(&[(TileClass::Number(0), 0.55), (TileClass::Unrevealed, 0.45)]),
                verdict(TileClass::Unrevealed),
            ],
        };
        let found = evidence(&pixels, &families);
        assert_eq!(found[1], Evidence::Empty);
        assert_eq!(found[2], Evidence::NotEmpty);
    }

    /// A raised tile with a digit-like bar on its face: a mark on a covered tile.
    fn mark_on_raised(grey: u8) -> TileImage {
        let mut tile = raised(grey);
        for y in 4..12 {
            for x in 6..10 {
                let i = (y * TILE + x) * 3;
                tile[i..i + 3].copy_from_slice(&[0, 0, 0]);
            }
        }
        tile
    }

    #[test]
    fn a_digit_on_a_covered_face_is_told_from_digits_on_open_tiles() {
        // Looks: covered, an empty open tile, a 1 on the open face, and a "2" drawn on the
        // covered face (a question mark in a font the classifier took for a 2).
        let pixels = [raised(192), flat(170), number(170), mark_on_raised(192)];
        let families = one_look_each(&[
            TileClass::Unrevealed,
            TileClass::Number(0),
            TileClass::Number(1),
            TileClass::Number(2),
        ]);
        let settled = [
            TileClass::Unrevealed,
            TileClass::Number(0),
            TileClass::Number(1),
            TileClass::Number(2),
        ];
        let misplaced = digit_on_covered_face(&pixels, &families, &settled, &[false; 4]);
        assert_eq!(misplaced, vec![false, false, false, true]);

        // Where open and covered faces share their edge, the edge says nothing.
        let pixels = [flat(192), flat(192), number(192), number(192)];
        assert!(
            !digit_on_covered_face(&pixels, &families, &settled, &[false; 4])
                .into_iter()
                .any(|m| m)
        );
    }

    /// A tile of `TILE` samples as xbomb draws it at 20 px: one-sample black lines on every
    /// edge around `face`, and, when `ink` is given, a digit bar five samples wide from top to
    /// bottom (a quarter of the tile ink, a quarter grid line).
    fn small_xbomb(face: impl Fn(usize, usize) -> [u8; 3], ink: Option<[u8; 3]>) -> TileImage {
        let mut tile = flat(0);
        for y in 0..TILE {
            for x in 0..TILE {
                let colour = if x == 0 || y == 0 || x == TILE - 1 || y == TILE - 1 {
                    [0, 0, 0]
                } else {
                    match ink {
                        Some(ink) if (6..11).contains(&x) => ink,
                        _ => face(x, y),
                    }
                };
                let i = (y * TILE + x) * 3;
                tile[i..i + 3].copy_from_slice(&colour);
            }
        }
        tile
    }

    #[test]
    fn the_background_every_number_shows_holds_where_ink_and_lines_outweigh_it() {
        let white = |_, _| [255; 3];
        let stipple = |x: usize, y: usize| if (x + y) % 2 == 0 { [127; 3] } else { [255; 3] };
        let pixels = [
            small_xbomb(white, Some([0, 0, 128])),
            small_xbomb(white, Some([0, 100, 0])),
            small_xbomb(white, None),
            small_xbomb(stipple, None),
        ];
        let families = one_look_each(&[
            TileClass::Number(1),
            TileClass::Number(2),
            TileClass::Number(0),
            TileClass::Unrevealed,
        ]);
        // Each tile's median colour is its ink (its edge ring's, the grid line): only the
        // colour both numbers show, white, is the background.
        let found = evidence(&pixels, &families);
        assert_eq!(found[2], Evidence::Empty);
        assert_eq!(found[3], Evidence::NotEmpty);
    }

    #[test]
    fn a_symbol_on_a_covered_face_is_seen_on_one() {
        // A "digit" drawn on the raised covered tile (a question mark the classifier took for
        // a number) and one drawn on the flat open tile.
        let mut on_raised = raised(192);
        let bar = number(192);
        for i in (0..TILE_BYTES).step_by(3) {
            if bar[i + 2] == 200 {
                on_raised[i..i + 3].copy_from_slice(&[0, 0, 200]);
            }
        }
        let pixels = [raised(192), on_raised, number(192)];
        let families = one_look_each(&[
            TileClass::Unrevealed,
            TileClass::Number(2),
            TileClass::Number(1),
        ]);
        let none = [Evidence::None; 3];
        assert_eq!(
            faces(&pixels, &families, &none),
            vec![Face::Unknown, Face::Covered, Face::Unknown]
        );
        // With the flat tile known as the numbers' background, the 1 sits on the open face.
        let pixels = [raised(192), on_raised, number(192), flat(192)];
        let families = one_look_each(&[
            TileClass::Unrevealed,
            TileClass::Number(2),
            TileClass::Number(1),
            TileClass::Number(0),
        ]);
        let shown = [
            Evidence::NotEmpty,
            Evidence::None,
            Evidence::None,
            Evidence::Empty,
        ];
        assert_eq!(
            faces(&pixels, &families, &shown),
            vec![Face::Unknown, Face::Covered, Face::Open, Face::Unknown]
        );
    }

    #[test]
    fn a_plain_look_on_a_sure_digits_face_is_on_it() {
        // The pixel-art clone in forced dark: "1"s on a dark grey face, covered tiles raised
        // light grey; the plain dark grey look shares the 1s' face, the covered one does not,
        // and a digit not sure enough is no reference.
        let pixels = [raised(192), number(90), flat(90), flat(91)];
        let mut families = one_look_each(&[
            TileClass::Unrevealed,
            TileClass::Number(1),
            TileClass::Unrevealed,
            TileClass::Number(0),
        ]);
        assert_eq!(
            on_a_sure_digits_face(&pixels, &families),
            [false, false, true, true]
        );
        families.verdicts[1].confidence = 0.5;
        assert_eq!(on_a_sure_digits_face(&pixels, &families), [false; 4]);
    }

    /// A square of `colour` in the middle of a tile of the page's dark ground (`ground`): the
    /// emoji clone's tiles, each an emoji square on its dark page.
    fn square_on_ground(ground: u8, colour: [u8; 3]) -> TileImage {
        let mut tile = flat(ground);
        for y in 3..13 {
            for x in 3..13 {
                let i = (y * TILE + x) * 3;
                tile[i..i + 3].copy_from_slice(&colour);
            }
        }
        tile
    }

    #[test]
    fn an_edge_two_digits_share_with_the_covered_tiles_is_the_ground_and_tells_no_face() {
        // Covered tiles are blue squares on the dark page, the numbers bare digits on it: every
        // edge ring is the page.
        let covered = square_on_ground(30, [30, 120, 220]);
        let mut two = number(30);
        for i in (0..TILE_BYTES).step_by(3) {
            if two[i + 2] == 200 {
                two[i..i + 3].copy_from_slice(&[90, 200, 90]);
            }
        }
        let pixels = [covered, number(30), two];
        let families = one_look_each(&[
            TileClass::Unrevealed,
            TileClass::Number(1),
            TileClass::Number(2),
        ]);
        let none = [Evidence::None; 3];
        assert_eq!(faces(&pixels, &families, &none), vec![Face::Unknown; 3]);
        // One digit alone on that edge may be a mark on a covered tile.
        let families = one_look_each(&[
            TileClass::Unrevealed,
            TileClass::Number(1),
            TileClass::Number(1),
        ]);
        assert_eq!(faces(&pixels, &families, &none)[1], Face::Covered);
    }

    #[test]
    fn a_digit_whose_edge_is_the_empty_tiles_is_on_the_open_face_beside_a_faint_bevel() {
        // Covered tiles whose bevel is a pixel of a few levels (GNOME Mines' classic theme at
        // 23 px): a digit's edge ring comes within `SAME_FACE` of theirs, but is the empty
        // tile's exactly.
        let mut faint = flat(192);
        for y in 0..TILE {
            for x in 0..TILE {
                let edge = if x == 0 || y == 0 {
                    200
                } else if x == TILE - 1 || y == TILE - 1 {
                    180
                } else {
                    continue;
                };
                let i = (y * TILE + x) * 3;
                faint[i..i + 3].copy_from_slice(&[edge; 3]);
            }
        }
        assert!(ring_distance(&faint, &number(192)) <= SAME_FACE);
        let pixels = [faint, number(192), flat(192)];
        let families = one_look_each(&[
            TileClass::Unrevealed,
            TileClass::Number(2),
            TileClass::Number(0),
        ]);
        let shown = [Evidence::NotEmpty, Evidence::None, Evidence::Empty];
        assert_eq!(faces(&pixels, &families, &shown)[1], Face::Unknown);
        // With no empty tile to compare, the faint bevel is the nearest face.
        let plain = [Evidence::NotEmpty, Evidence::None, Evidence::None];
        assert_eq!(faces(&pixels, &families, &plain)[1], Face::Covered);
    }

    #[test]
    fn an_open_shade_the_classifier_took_for_covered_is_no_covered_face() {
        // A checkerboard's darker open shade, which the classifier read as covered but the
        // board shows to be the numbers' background, and a digit on that shade.
        let pixels = [flat(150), number(150), raised(192)];
        let families = one_look_each(&[
            TileClass::Unrevealed,
            TileClass::Number(1),
            TileClass::Unrevealed,
        ]);
        let plain = [Evidence::None; 3];
        assert_eq!(faces(&pixels, &families, &plain)[1], Face::Covered);
        let shown = [Evidence::Empty, Evidence::None, Evidence::NotEmpty];
        assert_eq!(faces(&pixels, &families, &shown)[1], Face::Open);
    }

    /// A flat tile of `grey` inside a two-sample frame of `frame`.
    fn framed(grey: u8, frame: u8) -> TileImage {
        let mut tile = flat(grey);
        for y in 0..TILE {
            for x in 0..TILE {
                if x < 2 || y < 2 || x >= TILE - 2 || y >= TILE - 2 {
                    let i = (y * TILE + x) * 3;
                    tile[i..i + 3].copy_from_slice(&[frame; 3]);
                }
            }
        }
        tile
    }

    /// A red "1" bar on a light grey tile in a dark frame: a number of a flat, framed skin.
    fn framed_one() -> TileImage {
        let mut one = framed(236, 50);
        for y in 5..12 {
            for x in 7..9 {
                let i = (y * TILE + x) * 3;
                one[i..i + 3].copy_from_slice(&[200, 30, 30]);
            }
        }
        one
    }

    #[test]
    fn a_covered_face_of_the_open_colour_is_not_empty_where_the_open_tiles_are_framed() {
        // A flat skin: covered and open faces one light grey, every open tile (the numbers and
        // the empty one) in a dark frame. The covered tile matches the numbers' inside, the
        // empty tile their frame as well.
        let pixels = [flat(236), framed_one(), framed(236, 50)];
        let families = one_look_each(&[
            TileClass::Number(0),
            TileClass::Number(1),
            TileClass::Number(0),
        ]);
        let found = evidence(&pixels, &families);
        assert_eq!(found[0], Evidence::NotEmpty);
        assert_eq!(found[2], Evidence::Empty);
    }

    #[test]
    fn an_unframed_empty_tile_is_no_covered_one_where_the_covered_face_lies_apart() {
        // The framed skin above, with covered tiles drawn raised on a darker grey: the unframed
        // look (an empty tile along the opened area's framed edge) can be no covered tile of
        // the open colour, so its frame says nothing of it.
        let pixels = [flat(236), framed_one(), framed(236, 50), raised(120)];
        let families = one_look_each(&[
            TileClass::Number(0),
            TileClass::Number(1),
            TileClass::Number(0),
            TileClass::Unrevealed,
        ]);
        let on = |cells: [usize; 4]| {
            let sides = [Sides::NONE; 4];
            let references = references(&pixels, &families);
            evidence_from(&pixels, &families, &references, &sides, &cells)
        };
        let found = on([1, 1, 1, 3]);
        assert_eq!(found[0], Evidence::None);
        assert_eq!(found[2], Evidence::Empty);
        assert_eq!(found[3], Evidence::NotEmpty);
        // Where the unframed look lies on more tiles than the raised ones, it is the board's
        // covered face, and the raised ones something else (lit under the pointer).
        assert_eq!(on([3, 1, 1, 1])[0], Evidence::NotEmpty);
    }

    #[test]
    fn a_look_read_as_a_digit_is_no_witness_of_the_open_frame() {
        // The same board, but the framed look that matches the numbers' inside and frame is
        // read as a "1" without its ink (an empty tile the classifier misread, or a faint
        // digit): the unframed look keeps no evidence either way, as before.
        let pixels = [flat(236), framed_one(), framed(236, 50)];
        let mut families = one_look_each(&[
            TileClass::Number(0),
            TileClass::Number(1),
            TileClass::Number(1),
        ]);
        families.verdicts[2].confidence = 0.6;
        let found = evidence(&pixels, &families);
        assert_eq!(found[0], Evidence::None);
        assert_eq!(found[2], Evidence::Empty);
    }

    #[test]
    fn the_two_shades_of_a_checkerboard_keep_their_evidence() {
        // Numbers on either shade; an empty tile of each shade matches its own numbers only.
        let pixels = [number(150), number(200), flat(150), flat(200), raised(170)];
        let families = one_look_each(&[
            TileClass::Number(1),
            TileClass::Number(2),
            TileClass::Number(0),
            TileClass::Number(0),
            TileClass::Unrevealed,
        ]);
        let found = evidence(&pixels, &families);
        assert_eq!(found[2], Evidence::Empty);
        assert_eq!(found[3], Evidence::Empty);
    }

    #[test]
    fn a_faint_digit_that_matches_the_numbers_background_is_on_the_open_face() {
        // A thin digit the classifier is unsure of (a small "4" it gives a question mark some
        // odds) shows so little ink that it matches the numbers' background, as an empty tile
        // does: it still sits on the open face, where no question mark is drawn.
        let pixels = [raised(192), flat(170), number(170), number(170)];
        let mut families = one_look_each(&[
            TileClass::Unrevealed,
            TileClass::Number(0),
            TileClass::Number(1),
            TileClass::Number(4),
        ]);
        families.verdicts[3].confidence = 0.8;
        let shown = [
            Evidence::NotEmpty,
            Evidence::Empty,
            Evidence::None,
            Evidence::Empty,
        ];
        assert_eq!(faces(&pixels, &families, &shown)[3], Face::Open);
    }

    #[test]
    fn without_a_number_look_there_is_no_evidence() {
        let pixels = [flat(192), raised(192)];
        let families = one_look_each(&[TileClass::Number(0), TileClass::Unrevealed]);
        assert!(evidence(&pixels, &families)
            .iter()
            .all(|&e| e == Evidence::None));
    }
}
