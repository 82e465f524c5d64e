//! One-row boards: the consistency verdict must agree with a plain brute-force check on every
//! string over {0, 1, 2, F, .} of length 1 to 10 (about 12.2 million boards). One-dimensional
//! Minesweeper is a regular language, so every case has a definite answer to get right.

use minehint::board::{Board, Cell, Pos};
use minehint::solver::{check_consistency, SolveError};

const ALPHABET: [Cell; 5] = [
    Cell::Number(0),
    Cell::Number(1),
    Cell::Number(2),
    Cell::Flag,
    Cell::Unrevealed,
];

/// Tries every mine placement on the covered tiles and checks each number directly.
fn brute_consistent(row: &[Cell]) -> bool {
    let covered: Vec<usize> = (0..row.len())
        .filter(|&i| row[i] == Cell::Unrevealed)
        .collect();
    let mut mine: Vec<bool> = row.iter().map(|&c| c == Cell::Flag).collect();
    (0u32..1 << covered.len()).any(|mask| {
        for (bit, &i) in covered.iter().enumerate() {
            mine[i] = mask >> bit & 1 == 1;
        }
        row.iter().enumerate().all(|(i, &c)| match c {
            Cell::Number(v) => {
                let left = i > 0 && mine[i - 1];
                let right = i + 1 < row.len() && mine[i + 1];
                usize::from(left) + usize::from(right) == usize::from(v)
            }
            _ => true,
        })
    })
}

/// Checks every string of `len` tiles whose first tile is `ALPHABET[first]`.
fn sweep(len: usize, first: usize) -> usize {
    let mut digits = vec![0usize; len];
    digits[0] = first;
    let mut board = Board::new(1, len);
    let mut row = vec![Cell::Unrevealed; len];
    let mut checked = 0;
    loop {
        for (i, &d) in digits.iter().enumerate() {
            row[i] = ALPHABET[d];
            board.set(Pos::new(0, i), ALPHABET[d]);
        }
        let expected = brute_consistent(&row);
        let got = check_consistency(&board);
        match (&got, expected) {
            (Ok(()), true) => {}
            (Err(SolveError::Inconsistent { cells, .. }), false) => {
                assert!(!cells.is_empty(), "{}: no cells named", board.to_text());
                for c in cells {
                    assert!(
                        matches!(board.get(*c), Cell::Number(_)),
                        "{}: blamed a non-number",
                        board.to_text()
                    );
                }
            }
            _ => panic!(
                "row {:?}: solver says {:?}, brute force says consistent = {}",
                board.to_text().trim_end(),
                got,
                expected
            ),
        }
        checked += 1;
        // Next string, leaving the first tile fixed.
        let mut i = len;
        loop {
            if i == 1 {
                return checked;
            }
            i -= 1;
            digits[i] += 1;
            if digits[i] < ALPHABET.len() {
                break;
            }
            digits[i] = 0;
        }
    }
}

#[test]
fn one_row_verdicts_match_brute_force_up_to_length_10() {
    let mut total = 0;
    for len in 1..=10 {
        // Split on the first tile across threads: the sweep is the slowest test.
        let counts: Vec<usize> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..ALPHABET.len())
                .map(|first| scope.spawn(move || sweep(len, first)))
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        total += counts.iter().sum::<usize>();
    }
    let expected: usize = (1..=10).map(|n| 5usize.pow(n)).sum();
    assert_eq!(total, expected);
    eprintln!("{total} one-row boards checked");
}
