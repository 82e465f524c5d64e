//! Playing a whole game with the advice: certain moves from the deduction pass, then from the
//! exact count, then the best guess; every tile called safe is checked against the real layout.

use super::deduce::{deduce, Action, Depth};
use super::game::{Game, Opened};
use super::guess::{best_guess_among, guess_candidates, GuessPolicy};
use crate::board::Pos;
use crate::solver::{analyze_then_numbers, SolveOptions};
use rand::Rng;

/// How one game went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameResult {
    pub won: bool,
    /// Tiles the advice called certainly safe that held a mine: a bug, must stay 0.
    pub false_safe: u32,
    /// Guesses made (the first click not counted).
    pub guesses: u32,
}

/// Plays `game` from its first click at `start` to the end. `rng` places the mines.
pub fn play(game: &mut Game, start: Pos, policy: &GuessPolicy, rng: &mut impl Rng) -> GameResult {
    let mut result = GameResult::default();
    let mines = game.mines() as u64;
    if game.open(start, rng) == Opened::Mine {
        return result;
    }
    let options = SolveOptions {
        mines: Some(mines),
        ..SolveOptions::default()
    };
    while !game.is_won() && !game.is_lost() {
        let board = game.board();
        let deduced = deduce(&board, Some(mines), Depth::Triple);
        let mut safe: Vec<Pos> = deduced
            .moves
            .iter()
            .filter(|m| m.action == Action::Open)
            .map(|m| m.pos)
            .collect();
        let mut guess = None;
        if safe.is_empty() {
            // The guess's candidates get their number probabilities in the same count.
            let mut candidates = None;
            let counted = analyze_then_numbers(&board, &options, |a| {
                if a.safe.is_empty() {
                    let chosen = guess_candidates(&board, a, policy);
                    candidates = Some(chosen.clone());
                    chosen
                } else {
                    Vec::new()
                }
            });
            let Ok(analysis) = counted else {
                // A game's own board is always consistent; stop rather than loop.
                break;
            };
            safe = analysis.safe.clone();
            if safe.is_empty() {
                guess = best_guess_among(&board, &analysis, Some(mines), policy, candidates)
                    .map(|g| g.pos);
            }
        }
        if let Some(pos) = guess {
            result.guesses += 1;
            game.open(pos, rng);
            continue;
        }
        if safe.is_empty() {
            break;
        }
        for pos in safe {
            if game.is_mine(pos) {
                result.false_safe += 1;
            }
            if game.open(pos, rng) == Opened::Mine {
                break;
            }
        }
    }
    result.won = game.is_won();
    result
}

/// A benchmark's games: board size, first-click rule, where the first click goes, and the seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Series {
    pub rows: usize,
    pub cols: usize,
    pub mines: usize,
    pub first_click: super::FirstClick,
    pub start: Pos,
    pub seed: u64,
}

impl Series {
    /// A new game of the series, or why its settings cannot make one (too many mines, a board
    /// too small or too large, a first click off the board).
    pub fn new_game(&self) -> Result<Game, super::GameError> {
        let game = Game::new(self.rows, self.cols, self.mines, self.first_click)?;
        if self.start.row >= self.rows || self.start.col >= self.cols {
            return Err(super::GameError::StartOffBoard {
                row: self.start.row,
                col: self.start.col,
                rows: self.rows,
                cols: self.cols,
            });
        }
        Ok(game)
    }

    /// Plays game number `index` of the series. Its mines come from ChaCha8 seeded with the
    /// series seed, on stream `index`: the same boards on every machine, in any order, on any
    /// number of threads.
    pub fn play(&self, index: u64, policy: &GuessPolicy) -> Result<GameResult, super::GameError> {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(self.seed);
        rng.set_stream(index);
        let mut game = self.new_game()?;
        Ok(play(&mut game, self.start, policy, &mut rng))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::advice::FirstClick;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn beginner_games_are_played_to_the_end_without_false_safes() {
        let mut wins = 0;
        for seed in 0..100 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = Game::new(9, 9, 10, FirstClick::Safe).unwrap();
            let r = play(&mut game, Pos::new(0, 0), &GuessPolicy::default(), &mut rng);
            assert_eq!(r.false_safe, 0);
            assert!(game.is_won() || game.is_lost());
            wins += u32::from(r.won);
        }
        // Beginner is won about nine times in ten: far fewer means the advice is broken.
        assert!(wins >= 75, "{wins} wins in 100");
    }
}
