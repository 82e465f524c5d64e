//! Property tests: the solver against the brute-force reference on random small boards, local and
//! global, with correct and wrong flags, corrupted numbers, and number distributions.

use super::brute::brute;
use super::{analyze, check_consistency, list_layouts, SolveError, SolveOptions};
use crate::board::{Board, Cell, Pos};
use num_bigint::BigUint;
use proptest::prelude::*;

/// A random position: a true mine layout, what the player sees of it, and an optional misread.
#[derive(Clone, Debug)]
struct SolveProblem {
    rows: usize,
    cols: usize,
    /// Per tile: (holds a mine, how it is seen: 0 covered, 1 revealed, 2 flagged, 3 blank).
    tiles: Vec<(bool, u8)>,
    /// A revealed number replaced by this value (may make the board inconsistent).
    misread: Option<(usize, u8)>,
    /// Added to the true mine total (may make it impossible).
    total_offset: i64,
}

impl SolveProblem {
    fn board(&self) -> Board {
        let mut board = Board::new(self.rows, self.cols);
        let at = |i: usize| Pos::new(i / self.cols, i % self.cols);
        for (i, &(mine, seen)) in self.tiles.iter().enumerate() {
            let cell = match seen {
                2 => Cell::Flag,
                1 | 3 if mine => Cell::Unrevealed,
                3 => Cell::Blank,
                1 => {
                    let pos = at(i);
                    let n = Board::new(self.rows, self.cols)
                        .neighbors(pos)
                        .filter(|n| self.tiles[n.row * self.cols + n.col].0)
                        .count();
                    Cell::Number(n as u8)
                }
                _ => Cell::Unrevealed,
            };
            board.set(at(i), cell);
        }
        if let Some((i, value)) = self.misread {
            let pos = at(i % self.tiles.len());
            if matches!(board.get(pos), Cell::Number(_)) {
                board.set(pos, Cell::Number(value));
            }
        }
        board
    }

    fn mine_total(&self) -> u64 {
        let true_total = self.tiles.iter().filter(|t| t.0).count() as i64;
        (true_total + self.total_offset).max(0) as u64
    }
}

fn problem() -> impl Strategy<Value = SolveProblem> {
    (1usize..=5, 1usize..=6).prop_flat_map(|(rows, cols)| {
        let tile = (
            prop::bool::weighted(0.3),
            prop::sample::select(vec![0u8, 0, 1, 1, 1, 2, 3]),
        );
        (
            Just(rows),
            Just(cols),
            prop::collection::vec(tile, rows * cols),
            prop::option::weighted(0.2, (0usize..20, 0u8..=8)),
            prop::sample::select(vec![0i64, 0, 0, 0, -1, 1, 2]),
        )
            .prop_map(|(rows, cols, tiles, misread, total_offset)| SolveProblem {
                rows,
                cols,
                tiles,
                misread,
                total_offset,
            })
    })
}

/// Compares the local analysis with the reference.
fn check_local(board: &Board) -> Result<(), TestCaseError> {
    let reference = brute(board, None);
    let options = SolveOptions {
        histogram: true,
        ..SolveOptions::default()
    };
    let result = analyze(board, &options);
    prop_assert_eq!(check_consistency(board).is_ok(), reference.solutions > 0);
    if reference.solutions == 0 {
        prop_assert!(
            matches!(result, Err(SolveError::Inconsistent { .. })),
            "{:?}",
            result
        );
        return Ok(());
    }
    let a = result.map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(&a.solutions, &reference.solutions_big());
    let histogram: Vec<(u64, BigUint)> = reference
        .histogram
        .iter()
        .map(|(&m, &c)| (m, BigUint::from(c)))
        .collect();
    prop_assert_eq!(a.histogram.as_ref(), Some(&histogram));
    prop_assert_eq!(a.tiles.len(), reference.mines.len());
    for tile in &a.tiles {
        let count = reference.mines[&tile.pos];
        let expected = super::Ratio::new(count.into(), reference.solutions.into());
        prop_assert_eq!(&tile.mine, &expected, "tile {:?}", tile.pos);
        prop_assert_eq!(a.safe.contains(&tile.pos), count == 0);
        prop_assert_eq!(
            a.certain_mines.contains(&tile.pos),
            count == reference.solutions
        );
    }
    let layouts =
        list_layouts(board, usize::MAX).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let listed: BigUint = layouts.iter().map(|l| &l.ways).sum();
    prop_assert_eq!(listed, reference.solutions_big());
    prop_assert!(layouts.windows(2).all(|w| w[0].mines <= w[1].mines));
    Ok(())
}

/// Compares the global analysis, with number distributions, with the reference.
fn check_global(board: &Board, total: u64) -> Result<(), TestCaseError> {
    let known = board.known_mines() as u64;
    let options = SolveOptions {
        mines: Some(total),
        numbers: true,
        histogram: false,
        ..SolveOptions::default()
    };
    let result = analyze(board, &options);
    let Some(left) = total.checked_sub(known) else {
        prop_assert!(
            matches!(result, Err(SolveError::TooFewMines { .. })),
            "{:?}",
            result
        );
        return Ok(());
    };
    let reference = brute(board, Some(left));
    if reference.solutions == 0 {
        let err = result
            .err()
            .ok_or_else(|| TestCaseError::fail("expected an error"))?;
        let local_ok = brute(board, None).solutions > 0;
        if local_ok {
            prop_assert!(
                matches!(
                    err,
                    SolveError::TooFewMines { .. } | SolveError::TooManyMines { .. }
                ),
                "{:?}",
                err
            );
        } else {
            prop_assert!(matches!(err, SolveError::Inconsistent { .. }), "{:?}", err);
        }
        return Ok(());
    }
    let a = result.map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(&a.solutions, &reference.solutions_big());
    prop_assert_eq!(a.tiles.len(), reference.mines.len());
    // The look-ahead's summary reads the same count.
    let summary = super::safety(board, total).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let any_safe = reference.mines.values().any(|&c| c == 0);
    let lowest = reference
        .mines
        .values()
        .filter(|&&c| c != 0 && c != reference.solutions)
        .min()
        .map(|&c| c as f64 / reference.solutions as f64);
    prop_assert_eq!(summary.any_safe, any_safe);
    prop_assert_eq!(summary.lowest, lowest);
    // The look-ahead of every covered tile, against each board alone. The numbers are asked
    // highest first, the look-ahead's order is by likelihood: the shared count must not depend
    // on which number built it.
    for pos in board.positions().filter(|&p| board.get(p).is_unrevealed()) {
        let mut opened = super::OpenedTile::new(board, total, pos);
        for v in (0..=8).rev() {
            let mut after = board.clone();
            after.set(pos, crate::board::Cell::Number(v));
            prop_assert_eq!(
                opened.safety(v),
                super::safety(&after, total).ok(),
                "{:?} shows {}",
                pos,
                v
            );
        }
    }
    for tile in &a.tiles {
        let den = BigUint::from(reference.solutions);
        let count = reference.mines[&tile.pos];
        prop_assert_eq!(&tile.mine, &super::Ratio::new(count.into(), den.clone()));
        let numbers = tile.numbers.as_ref().expect("numbers were asked for");
        for (k, &c) in reference.numbers[&tile.pos].iter().enumerate() {
            prop_assert_eq!(
                &numbers[k],
                &super::Ratio::new(c.into(), den.clone()),
                "tile {:?} shows {}",
                tile.pos,
                k
            );
        }
    }
    Ok(())
}

fn frontier_size(board: &Board) -> usize {
    board
        .positions()
        .filter(|&q| board.get(q).is_unrevealed())
        .filter(|&q| {
            board
                .neighbors(q)
                .any(|n| matches!(board.get(n), Cell::Number(_)))
        })
        .count()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn local_analysis_matches_brute_force(p in problem()) {
        let board = p.board();
        prop_assume!(frontier_size(&board) <= 16);
        check_local(&board)?;
    }

    #[test]
    fn global_analysis_matches_brute_force(p in problem()) {
        let board = p.board();
        let unknown = board.positions().filter(|&q| board.get(q).is_unrevealed()).count();
        prop_assume!(unknown <= 16);
        check_global(&board, p.mine_total())?;
    }
}

/// Frontier layouts larger than the per-case boards above: a 4×4 interior of covers ringed by
/// numbers read off a fixed layout (16 frontier tiles).
#[test]
fn sixteen_tile_frontier_matches_brute_force() {
    let text = "xxxxxx\nx....x\nx....x\nx....x\nx....x\nxxxxxx\n";
    let mut board = crate::board::parse_board(text).unwrap();
    let mines = [
        Pos::new(1, 1),
        Pos::new(2, 3),
        Pos::new(4, 2),
        Pos::new(3, 4),
    ];
    for pos in board.positions().collect::<Vec<_>>() {
        if board.get(pos) == Cell::Blank {
            let n = board.neighbors(pos).filter(|n| mines.contains(n)).count();
            board.set(pos, Cell::Number(n as u8));
        }
    }
    check_local(&board).unwrap();
    check_global(&board, 4).unwrap();
    check_global(&board, 6).unwrap();
}

/// A 16×16 Intermediate position whose placements number more than 10^36: the count and an outside
/// tile's probability must equal Σ_m N(m)·C(U, M − m) computed independently from the brute-force
/// frontier histogram.
#[test]
fn sixteen_by_sixteen_count_past_ten_to_the_36_is_exact() {
    let mut board = Board::new(16, 16);
    let revealed = |p: Pos| p.row < 4 && p.col < 6;
    // 40 mines from a fixed linear congruential sequence, none in the revealed corner.
    let mut mines = Vec::new();
    let mut x: u64 = 12345;
    while mines.len() < 40 {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let p = Pos::new((x >> 33) as usize % 16, (x >> 41) as usize % 16);
        if !revealed(p) && !mines.contains(&p) {
            mines.push(p);
        }
    }
    for p in board.positions().collect::<Vec<_>>() {
        if revealed(p) {
            let n = board.neighbors(p).filter(|n| mines.contains(n)).count();
            board.set(p, Cell::Number(n as u8));
        }
    }
    let local = brute(&board, None);
    let frontier = local.mines.len() as u64;
    let outside = 16 * 16 - 24 - frontier;
    // Pascal's triangle, independent of the solver's own binomials.
    let mut pascal: Vec<Vec<BigUint>> = vec![vec![BigUint::from(1u32)]];
    for n in 1..=outside as usize {
        let prev = &pascal[n - 1];
        let row = (0..=n)
            .map(|k| {
                let a = if k > 0 {
                    prev[k - 1].clone()
                } else {
                    BigUint::default()
                };
                a + prev.get(k).cloned().unwrap_or_default()
            })
            .collect();
        pascal.push(row);
    }
    let choose = |n: u64, k: u64| pascal[n as usize][k as usize].clone();
    let mut solutions = BigUint::default();
    let mut outside_mine = BigUint::default();
    for (&m, &count) in &local.histogram {
        solutions += choose(outside, 40 - m) * count;
        outside_mine += choose(outside - 1, 39 - m) * count;
    }
    assert!(solutions > BigUint::from(10u32).pow(36));

    let options = SolveOptions {
        mines: Some(40),
        ..SolveOptions::default()
    };
    let a = analyze(&board, &options).unwrap();
    assert_eq!(a.solutions, solutions);
    let far = a.tile(Pos::new(15, 15)).unwrap();
    assert_eq!(far.mine, super::Ratio::new(outside_mine, solutions));
}
