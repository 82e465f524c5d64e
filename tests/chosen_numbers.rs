//! `analyze_then_numbers`: the tiles the caller picks from the finished probabilities get exactly
//! the number probabilities a full `--numbers` analysis gives them, and no other tile gets any.

use minehint::board::parse_board;
use minehint::solver::{analyze, analyze_then_numbers, SolveOptions};

const TWO_SUBSYSTEMS: &str = ".....\n.111.\n.....\n.....\n.232.\n.....\n.....\n";

#[test]
fn chosen_tiles_get_the_same_numbers_as_a_full_analysis() {
    let board = parse_board(TWO_SUBSYSTEMS).unwrap();
    let full = analyze(
        &board,
        &SolveOptions {
            mines: Some(9),
            numbers: true,
            ..SolveOptions::default()
        },
    )
    .unwrap();
    let global = SolveOptions {
        mines: Some(9),
        ..SolveOptions::default()
    };
    // Pick the three safest tiles, the way the advice picks its guess candidates.
    let chosen = analyze_then_numbers(&board, &global, |a| {
        let mut tiles: Vec<_> = a.tiles.iter().collect();
        tiles.sort_by(|x, y| x.mine.cmp(&y.mine));
        tiles.iter().take(3).map(|t| t.pos).collect()
    })
    .unwrap();
    let with_numbers: Vec<_> = chosen
        .tiles
        .iter()
        .filter(|t| t.numbers.is_some())
        .collect();
    assert_eq!(with_numbers.len(), 3);
    for t in with_numbers {
        assert_eq!(t.numbers, full.tile(t.pos).unwrap().numbers, "{:?}", t.pos);
    }
    // Mine probabilities are the same either way.
    for (a, b) in chosen.tiles.iter().zip(&full.tiles) {
        assert_eq!((a.pos, &a.mine), (b.pos, &b.mine));
    }
    // Local mode has no number probabilities to give.
    let local = analyze_then_numbers(&board, &SolveOptions::default(), |a| {
        a.tiles.iter().map(|t| t.pos).collect()
    })
    .unwrap();
    assert!(local.tiles.iter().all(|t| t.numbers.is_none()));
}
