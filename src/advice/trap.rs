//! Coin flips that may form later: how often a tile belongs to a would-be 50/50.
//!
//! Two covered tiles side by side hold one mine between them, and the six tiles at their two
//! ends (three each side) are mines or off the board: then no number can ever tell the two
//! apart, and one of them must be guessed at even odds some time. Likewise four covered tiles in
//! a square with two mines on one diagonal, whose four outer corners are mines or off the board.
//! Opening such a tile now, when it is safe, spends the guess while it costs less than the later
//! coin flip; a guess elsewhere leaves that coin flip waiting. So a tile's worth as a guess grows
//! with the chance that it is safe *and* part of such a pattern, given that it is safe: its trap
//! share. D. N. Hill's solver weighs the same risk (its "50/50 influence"); this count is our own:
//! exact for each pattern, with flags standing for the mines a pattern needs.
//!
//! Only patterns whose walls lack at most [`MAX_MISSING`] mines are counted: one needing more
//! is rarer than the rounding in the score.

use crate::board::{Board, Cell, Pos};
use crate::solver::{analyze, Analysis, Ratio, SolveOptions};

/// Patterns needing more mines than this in their walls (beyond the known ones) are not counted.
const MAX_MISSING: usize = 3;

/// A would-be 50/50 with `pos` safe in it: the tiles it needs as mines (its walls not yet known
/// to be mines, and its own mines), and `pos`'s safe partner in a square.
struct Pattern {
    mines: Vec<Pos>,
    partner: Option<Pos>,
}

/// Of the layouts where `pos` is safe, the share in which it is part of a would-be 50/50: per
/// kind of pattern (pair across, pair down, square) the likeliest placement through `pos`,
/// summed over the kinds, and at most the tile's lower chance of mine and safe (a coin flip
/// cannot be likelier than either side of it). `analysis` is the board's, with `mines` in all.
pub(super) fn trap_share(board: &Board, analysis: &Analysis, mines: u64, pos: Pos) -> f64 {
    let Some(mine) = analysis.tile(pos).map(|t| t.mine.to_f64()) else {
        return 0.0;
    };
    let safe = 1.0 - mine;
    if safe <= 0.0 || mine <= 0.0 {
        return 0.0;
    }
    let mut share = 0.0;
    for kind in [Kind::Across, Kind::Down, Kind::Square] {
        let best = placements(board, analysis, pos, kind)
            .iter()
            .map(|pattern| chance_formed(board, analysis, mines, pos, pattern))
            .fold(0.0, f64::max);
        share += best;
    }
    share.min(mine.min(safe)) / safe
}

/// Whether the board still allows a would-be 50/50 through `pos` (no count: the tiles only).
pub(super) fn could_trap(board: &Board, analysis: &Analysis, pos: Pos) -> bool {
    [Kind::Across, Kind::Down, Kind::Square]
        .into_iter()
        .any(|kind| !placements(board, analysis, pos, kind).is_empty())
}

/// Whether `p` is a mine already: on the board (a flag) or in every layout of `analysis`.
fn known_mine(board: &Board, analysis: &Analysis, p: Pos) -> bool {
    board.get(p).is_known_mine() || analysis.certain_mines.contains(&p)
}

/// A tile's (row, column) from a pattern's top-left tile.
type Offset = (i64, i64);

#[derive(Clone, Copy)]
enum Kind {
    /// Two tiles in a row.
    Across,
    /// Two tiles in a column.
    Down,
    /// Four tiles in a square.
    Square,
}

/// Every placement of a pattern of `kind` through `pos` that the board still allows, with `pos`
/// safe in it.
fn placements(board: &Board, analysis: &Analysis, pos: Pos, kind: Kind) -> Vec<Pattern> {
    let (r, c) = (pos.row as i64, pos.col as i64);
    // Offsets of the pattern's tiles and walls from its top-left tile.
    let (tiles, walls): (&[Offset], &[Offset]) = match kind {
        Kind::Across => (
            &[(0, 0), (0, 1)],
            &[(-1, -1), (0, -1), (1, -1), (-1, 2), (0, 2), (1, 2)],
        ),
        Kind::Down => (
            &[(0, 0), (1, 0)],
            &[(-1, -1), (-1, 0), (-1, 1), (2, -1), (2, 0), (2, 1)],
        ),
        Kind::Square => (
            &[(0, 0), (0, 1), (1, 0), (1, 1)],
            &[(-1, -1), (-1, 2), (2, -1), (2, 2)],
        ),
    };
    let at = |row: i64, col: i64| -> Option<Pos> {
        (row >= 0 && col >= 0 && (row as usize) < board.rows() && (col as usize) < board.cols())
            .then(|| Pos::new(row as usize, col as usize))
    };
    let mut found = Vec::new();
    'placement: for &(dr, dc) in tiles {
        let (top, left) = (r - dr, c - dc);
        let mut own = Vec::new();
        for &(tr, tc) in tiles {
            match at(top + tr, left + tc) {
                Some(p) if board.get(p) == Cell::Unrevealed && !known_mine(board, analysis, p) => {
                    own.push(p)
                }
                _ => continue 'placement,
            }
        }
        let mut missing = Vec::new();
        for &(wr, wc) in walls {
            let Some(p) = at(top + wr, left + wc) else {
                continue;
            };
            if known_mine(board, analysis, p) {
                continue;
            }
            if board.get(p) != Cell::Unrevealed {
                continue 'placement;
            }
            missing.push(p);
        }
        if missing.len() > MAX_MISSING {
            continue;
        }
        // `pos` safe: in a pair the other tile holds the mine; in a square the diagonal
        // without `pos` holds the two, and `pos`'s diagonal partner is safe too.
        let index = own
            .iter()
            .position(|&p| p == pos)
            .expect("pos is in its placement");
        let (mined, partner): (Vec<Pos>, Option<Pos>) = match kind {
            Kind::Across | Kind::Down => (vec![own[1 - index]], None),
            Kind::Square => {
                let partner = own[3 - index];
                let mined = own
                    .iter()
                    .copied()
                    .filter(|&p| p != pos && p != partner)
                    .collect();
                (mined, Some(partner))
            }
        };
        missing.extend(mined);
        found.push(Pattern {
            mines: missing,
            partner,
        });
    }
    found
}

/// The chance that `pattern` forms with `pos` safe: its mines all mines (counted with them
/// flagged), then `pos` (and its partner) safe on that board.
fn chance_formed(
    board: &Board,
    analysis: &Analysis,
    mines: u64,
    pos: Pos,
    pattern: &Pattern,
) -> f64 {
    let Some((share, flagged)) = with_flags(board, analysis, mines, &pattern.mines) else {
        return 0.0;
    };
    let mine_at = |a: &Analysis, p: Pos| a.tile(p).map_or(0.0, |t| t.mine.to_f64());
    let pos_mine = mine_at(&flagged, pos);
    let Some(partner) = pattern.partner else {
        return share * (1.0 - pos_mine);
    };
    let partner_mine = mine_at(&flagged, partner);
    // Both safe = neither a mine: 1 − P(pos) − P(partner) + P(both), with the pattern's mines.
    // P(both), over all layouts: the pattern's mines and `pos` flagged, the partner a mine there.
    let both_mines = if pos_mine > 0.0 && partner_mine > 0.0 {
        let mut with_pos = pattern.mines.clone();
        with_pos.push(pos);
        with_flags(board, analysis, mines, &with_pos)
            .map_or(0.0, |(kept, a)| kept * mine_at(&a, partner))
    } else {
        0.0
    };
    (share * (1.0 - pos_mine - partner_mine) + both_mines).max(0.0)
}

/// The board with `tiles` flagged, its analysis, and the share of `analysis`'s layouts it keeps
/// (the chance that `tiles` are all mines); `None` when no layout has them all.
fn with_flags(
    board: &Board,
    analysis: &Analysis,
    mines: u64,
    tiles: &[Pos],
) -> Option<(f64, Analysis)> {
    let mut flagged = board.clone();
    for &p in tiles {
        flagged.set(p, Cell::Flag);
    }
    let options = SolveOptions {
        mines: Some(mines),
        ..SolveOptions::default()
    };
    let after = analyze(&flagged, &options).ok()?;
    let share = Ratio::new(after.solutions.clone(), analysis.solutions.clone()).to_f64();
    (share > 0.0).then_some((share, after))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;

    fn share(text: &str, mines: u64, pos: Pos) -> f64 {
        let board = parse_board(text).unwrap();
        let options = SolveOptions {
            mines: Some(mines),
            ..SolveOptions::default()
        };
        let analysis = analyze(&board, &options).unwrap();
        trap_share(&board, &analysis, mines, pos)
    }

    /// Two covered tiles in a corner, walled by the board's edge and a flag, under a 1 that
    /// holds their one mine: whichever is safe, the two form a coin flip, every time.
    #[test]
    fn a_pair_walled_in_is_a_trap_every_time() {
        // The 1s see both tiles equally; the flag walls the pair's right end.
        let text = "..F\n13F\n";
        let s = share(text, 3, Pos::new(0, 0));
        assert!((s - 1.0).abs() < 1e-9, "{s}");
    }

    /// The same pair with its wall open (a number there): no pattern can form.
    #[test]
    fn a_pair_with_a_number_in_its_wall_is_no_trap() {
        let text = "..1\n111\n";
        assert_eq!(share(text, 1, Pos::new(0, 0)), 0.0);
    }

    /// The share is a probability, and an open interior far from walls counts nothing.
    #[test]
    fn a_tile_in_open_country_is_no_trap() {
        let text = ".......\n.......\n.......\n.......\n.......\n";
        let s = share(text, 5, Pos::new(2, 3));
        assert_eq!(s, 0.0);
        let corner = share(text, 5, Pos::new(0, 0));
        assert!(corner > 0.0 && corner < 0.5, "{corner}");
    }

    /// Against a count by hand: a covered 3x3 board with 3 mines, the corner. Each pattern
    /// through it needs exactly the three mines, so each forms in one layout of C(9,3) = 84:
    /// across (0,1),(0,2),(1,2); down (1,0),(2,0),(2,1); the square (0,1),(1,0) and its far
    /// corner (2,2), with (1,1) safe. The corner is safe in C(8,3) = 56 of them.
    #[test]
    fn the_share_matches_a_count_by_hand() {
        let text = "...\n...\n...\n";
        let got = share(text, 3, Pos::new(0, 0));
        let expected = (3.0 / 84.0) / (56.0 / 84.0);
        assert!((got - expected).abs() < 1e-12, "{got} against {expected}");
        // With 2 mines no pattern fits.
        assert_eq!(share(text, 2, Pos::new(0, 0)), 0.0);
    }

    /// Against every layout of a covered 4x4 board with 5 mines, for the corner: each kind's
    /// likeliest placement counted over the layouts where its mines are mines and the corner
    /// (and, in a square, its diagonal partner) safe. Two mines are left free, so the square's
    /// corner and partner can both be mines: the count must leave those layouts out.
    #[test]
    fn the_share_matches_every_layout() {
        let (rows, cols, mines) = (4usize, 4usize, 5usize);
        let pos = Pos::new(0, 0);
        // Placements through the corner: across (0,0),(0,1) walled by (0,2),(1,2); down
        // (0,0),(1,0) walled by (2,0),(2,1); the square at (0,0) walled by (2,2).
        let p = |r, c| Pos::new(r, c);
        let kinds: [(Vec<Pos>, Vec<Pos>); 3] = [
            (vec![p(0, 1), p(0, 2), p(1, 2)], vec![pos]),
            (vec![p(1, 0), p(2, 0), p(2, 1)], vec![pos]),
            (vec![p(0, 1), p(1, 0), p(2, 2)], vec![pos, p(1, 1)]),
        ];
        let (mut total, mut safe, mut formed) = (0u64, 0u64, [0u64; 3]);
        for bits in 0u32..1 << (rows * cols) {
            if bits.count_ones() as usize != mines {
                continue;
            }
            let mine = |q: Pos| bits & (1 << (q.row * cols + q.col)) != 0;
            total += 1;
            if !mine(pos) {
                safe += 1;
            }
            for (k, (needs_mine, needs_safe)) in kinds.iter().enumerate() {
                if needs_mine.iter().all(|&q| mine(q)) && needs_safe.iter().all(|&q| !mine(q)) {
                    formed[k] += 1;
                }
            }
        }
        let (total, safe) = (total as f64, safe as f64);
        let expected = formed.iter().map(|&f| f as f64 / total).sum::<f64>() / (safe / total);
        let got = share(&"....\n".repeat(rows), mines as u64, pos);
        assert!(formed[2] > 0);
        assert!((got - expected).abs() < 1e-12, "{got} against {expected}");
    }
}
