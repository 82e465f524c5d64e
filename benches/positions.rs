//! Seeded benchmark positions: Expert mid-game boards from real (simulated) games, and long thin
//! frontiers of a chosen length.

use minehint::advice::{FirstClick, Game, Opened};
use minehint::board::{Board, Cell, Pos};
use minehint::solver::{analyze, SolveOptions};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Expert (30×16, 99 mines) positions met while playing seeded games with the solver's certain
/// moves and safest guesses, kept while between 15% and 85% of the safe tiles are open.
pub fn expert_midgame(count: usize) -> Vec<Board> {
    let mut positions = Vec::new();
    let options = SolveOptions {
        mines: Some(99),
        ..SolveOptions::default()
    };
    for seed in 0.. {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Game::new(16, 30, 99, FirstClick::Safe).expect("Expert is a valid game");
        game.open(Pos::new(0, 0), &mut rng);
        let safe_tiles = 16 * 30 - 99;
        while !game.is_won() && !game.is_lost() {
            let board = game.board();
            let open = board
                .positions()
                .filter(|&p| matches!(board.get(p), Cell::Number(_)))
                .count();
            let progress = open as f64 / safe_tiles as f64;
            if (0.15..0.85).contains(&progress) && rng.random_bool(0.3) {
                positions.push(board.clone());
                if positions.len() == count {
                    return positions;
                }
            }
            let analysis = analyze(&board, &options).expect("a real game is consistent");
            let moves: Vec<Pos> = if analysis.safe.is_empty() {
                analysis.safest_guess().map(|t| t.pos).into_iter().collect()
            } else {
                analysis.safe.clone()
            };
            for p in moves {
                if game.open(p, &mut rng) == Opened::Mine {
                    break;
                }
            }
        }
    }
    unreachable!("the seed loop only ends by returning")
}

/// A board whose frontier is one row of `length` tiles: two covered rows over a row of numbers,
/// mines (about one in five) only in the covered rows, so the numbers form one long chain.
pub fn long_frontier(length: usize, seed: u64) -> (Board, u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut board = Board::new(4, length);
    let mut mines = Vec::new();
    for row in 0..2 {
        for col in 0..length {
            if rng.random_bool(0.2) {
                mines.push(Pos::new(row, col));
            }
        }
    }
    for col in 0..length {
        let p = Pos::new(2, col);
        let n = board.neighbors(p).filter(|q| mines.contains(q)).count();
        board.set(p, Cell::Number(n as u8));
        board.set(Pos::new(3, col), Cell::Blank);
    }
    (board, mines.len() as u64)
}

/// The first `count` Expert positions (safe first click in the corner) where the fast policy
/// guesses, from seeded games: the decisions a guess policy is timed on.
pub fn expert_guesses(count: usize) -> Vec<Board> {
    let series = minehint::advice::Series {
        rows: 16,
        cols: 30,
        mines: 99,
        first_click: FirstClick::Safe,
        start: Pos::new(0, 0),
        seed: 1,
    };
    let policy = minehint::advice::GuessPolicy::fast();
    let mut boards = Vec::new();
    for index in 0.. {
        series
            .play_with(index, &policy, &mut |point| {
                boards.push(point.board.clone());
                point.guess.pos
            })
            .expect("Expert is a valid game");
        if boards.len() >= count {
            boards.truncate(count);
            return boards;
        }
    }
    unreachable!("the game loop only ends by returning")
}
