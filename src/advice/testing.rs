//! Test helpers: boards met while playing seeded games with the exact solver's certain moves and
//! safest guesses, for checking the advice on positions a real game produces; and the tiles a
//! deduction opens, in a form tests compare at a glance; and two policies' guesses side by side.

use super::{best_guess, Action, Deduced, FirstClick, Game, Guess, GuessPolicy, Opened};
use crate::board::{Board, Pos};
use crate::solver::{analyze, Analysis, SolveOptions};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Every position met in `games` seeded games of `rows` × `cols` with `mines`, first click at
/// `start`, while the game is undecided.
pub fn seeded_positions(
    rows: usize,
    cols: usize,
    mines: usize,
    start: Pos,
    games: u64,
) -> Vec<Board> {
    let options = SolveOptions {
        mines: Some(mines as u64),
        ..SolveOptions::default()
    };
    let mut positions = Vec::new();
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Game::new(rows, cols, mines, FirstClick::Safe).expect("a valid game");
        game.open(start, &mut rng);
        while !game.is_won() && !game.is_lost() {
            let board = game.board();
            let analysis = analyze(&board, &options).expect("a real game is consistent");
            let next = analysis
                .safe
                .first()
                .copied()
                .or_else(|| analysis.safest_guess().map(|t| t.pos));
            positions.push(board);
            match next {
                Some(p) if game.open(p, &mut rng) != Opened::Mine => {}
                _ => break,
            }
        }
    }
    positions
}

/// The tiles `deduced` calls safe, as sorted `(row, col)`.
pub fn opened_tiles(deduced: &Deduced) -> Vec<(usize, usize)> {
    let mut tiles: Vec<(usize, usize)> = deduced
        .moves
        .iter()
        .filter(|m| m.action == Action::Open)
        .map(|m| (m.pos.row, m.pos.col))
        .collect();
    tiles.sort();
    tiles
}

/// Every position of `seeded_positions` (first click in the corner) where both policies guess:
/// the board, its analysis, and policy `a`'s and policy `b`'s guesses.
pub fn guesses_side_by_side(
    rows: usize,
    cols: usize,
    mines: usize,
    games: u64,
    a: &GuessPolicy,
    b: &GuessPolicy,
) -> Vec<(Board, Analysis, Guess, Guess)> {
    let total = Some(mines as u64);
    let options = SolveOptions {
        mines: total,
        ..SolveOptions::default()
    };
    seeded_positions(rows, cols, mines, Pos::new(0, 0), games)
        .into_iter()
        .filter_map(|board| {
            let analysis = analyze(&board, &options).expect("a real game is consistent");
            let ga = best_guess(&board, &analysis, total, a)?;
            let gb = best_guess(&board, &analysis, total, b)?;
            Some((board, analysis, ga, gb))
        })
        .collect()
}
