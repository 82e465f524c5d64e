//! Bad or odd input never panics: arbitrary text through the parser, and whatever parses through
//! every analysis (local, global with any total, numbers, layout listing).

use minehint::board::parse_board;
use minehint::solver::{analyze, check_consistency, list_layouts, SolveOptions};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn parser_and_solver_never_panic(
        text in "[.?#HF*!xW0-9a; \t\r\n]{0,48}",
        mines in prop::option::of(0u64..30),
        numbers in any::<bool>(),
    ) {
        let Ok(board) = parse_board(&text) else { return Ok(()) };
        prop_assert!(board.rows() > 0 && board.cols() > 0);
        let options = SolveOptions {
            mines,
            numbers,
            histogram: true,
            ..SolveOptions::default()
        };
        let result = analyze(&board, &options);
        if let Ok(a) = &result {
            for tile in &a.tiles {
                let p = tile.mine.to_f64();
                prop_assert!((0.0..=1.0).contains(&p));
            }
        }
        let consistent = check_consistency(&board).is_ok();
        if mines.is_none() && !numbers {
            prop_assert_eq!(consistent, result.is_ok());
        }
        if consistent {
            prop_assert!(!list_layouts(&board, 5).unwrap().is_empty());
        }
    }
}

#[test]
fn huge_mine_totals_are_refused_not_overflowed() {
    let board = parse_board(".....\n.111.\n.....\n").unwrap();
    let options = SolveOptions {
        mines: Some(u64::MAX),
        numbers: true,
        histogram: false,
        ..SolveOptions::default()
    };
    let err = analyze(&board, &options).unwrap_err();
    assert_eq!(err.kind(), "too_many_mines");
}
