//! Playing a whole game with the advice: certain moves from the deduction pass, then from the
//! exact count, then the best guess; every tile called safe is checked against the real layout.

use super::deduce::{deduce, deduce_around, Action, Deduced, Depth};
use super::game::{Game, Opened};
use super::guess::{best_guess_among, guess_candidates, Guess, GuessKind, GuessPolicy};
use crate::board::{Board, Cell, Pos};
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
    /// What opened the mine that lost the game (none when won or stopped).
    pub lost_on: Option<Loss>,
}

/// The click that lost a game, by what chose it: where a benchmark's losses come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loss {
    /// A guess among the safest tiles, by its score: the part of the advice a better policy
    /// could improve.
    Guess,
    /// The exact endgame search's pick: the best chance to win that the position had.
    Endgame,
    /// A forced 50/50: a coin flip that no play could avoid.
    FiftyFifty,
    /// A tile called certainly safe: a bug (also counted in `false_safe`).
    CertainMove,
}

impl Loss {
    fn of(kind: GuessKind) -> Loss {
        match kind {
            GuessKind::Endgame { .. } => Loss::Endgame,
            GuessKind::ForcedFiftyFifty => Loss::FiftyFifty,
            GuessKind::Scored { .. } | GuessKind::Safest | GuessKind::FirstClick { .. } => {
                Loss::Guess
            }
        }
    }
}

/// Plays `game` from its first click at `start` to the end. `rng` places the mines.
pub fn play(game: &mut Game, start: Pos, policy: &GuessPolicy, rng: &mut impl Rng) -> GameResult {
    play_with(game, start, policy, rng, &mut |point| point.guess.pos)
}

/// A position where the advice guesses, as [`play_with`] shows it to its caller.
pub struct GuessPoint<'a> {
    /// 1 for the game's first guess (the first click not counted), then 2, …
    pub number: u32,
    pub board: &'a Board,
    /// The game, whose layout says which tiles hold mines.
    pub game: &'a Game,
    /// The policy's guess.
    pub guess: &'a Guess,
}

/// [`play`], where `choose` picks the tile each guess opens (the policy's guess, or another:
/// to compare two players' choices on the same position, with the rest of the game played by
/// the policy). A tile that is not covered is not opened, and the game stops there unfinished.
pub fn play_with(
    game: &mut Game,
    start: Pos,
    policy: &GuessPolicy,
    rng: &mut impl Rng,
    choose: &mut dyn FnMut(GuessPoint) -> Pos,
) -> GameResult {
    let mut result = GameResult::default();
    let mines = game.mines() as u64;
    if game.open(start, rng) == Opened::Mine {
        return result;
    }
    let options = SolveOptions {
        mines: Some(mines),
        ..SolveOptions::default()
    };
    // Mines the rules found, flagged on the board they read from then on so that no pass has to
    // find them again; and the board of the last round, to see which tiles have opened since.
    let mut found_mines: Vec<Pos> = Vec::new();
    let mut last: Option<Board> = None;
    while !game.is_won() && !game.is_lost() {
        let board = game.board();
        let deduced = rules(&board, last.as_ref(), &found_mines, mines);
        found_mines.extend(
            deduced
                .moves
                .iter()
                .filter(|m| m.action == Action::Flag)
                .map(|m| m.pos),
        );
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
                guess = best_guess_among(&board, &analysis, Some(mines), policy, candidates);
            }
        }
        if let Some(g) = guess {
            result.guesses += 1;
            let pos = choose(GuessPoint {
                number: result.guesses,
                board: &board,
                game,
                guess: &g,
            });
            if !board.get(pos).is_unrevealed() {
                break;
            }
            last = Some(board);
            if game.open(pos, rng) == Opened::Mine {
                result.lost_on = Some(Loss::of(g.kind));
            }
            continue;
        }
        last = Some(board);
        if safe.is_empty() {
            break;
        }
        for pos in safe {
            if game.is_mine(pos) {
                result.false_safe += 1;
            }
            if game.open(pos, rng) == Opened::Mine {
                result.lost_on = Some(Loss::CertainMove);
                break;
            }
        }
    }
    result.won = game.is_won();
    result
}

/// The rules' certain moves on `board` (the game's view), with `found_mines` flagged. Since the
/// last round's board `last`, only the tiles opened since have changed it, and a rule that fires
/// afresh needs a number they changed: the numbers near them are read first, and the whole board
/// only when those give no safe tile (moves left from before, or a chain from far off).
///
/// Which round finds a safe tile does not change the game: a tile safe on a board stays safe
/// when more is revealed, so every order of certain moves reaches the same board before the next
/// guess.
fn rules(board: &Board, last: Option<&Board>, found_mines: &[Pos], mines: u64) -> Deduced {
    let mut flagged = board.clone();
    for &pos in found_mines {
        flagged.set(pos, Cell::Flag);
    }
    if let Some(last) = last {
        let opened: Vec<Pos> = board
            .positions()
            .filter(|&p| last.get(p).is_unrevealed() && !board.get(p).is_unrevealed())
            .collect();
        let near = deduce_around(&flagged, Some(mines), Depth::Triple, &opened);
        if near.has_safe() {
            return near;
        }
    }
    deduce(&flagged, Some(mines), Depth::Triple)
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
        self.play_with(index, policy, &mut |point| point.guess.pos)
    }

    /// [`Series::play`] with [`play_with`]'s `choose`.
    pub fn play_with(
        &self,
        index: u64,
        policy: &GuessPolicy,
        choose: &mut dyn FnMut(GuessPoint) -> Pos,
    ) -> Result<GameResult, super::GameError> {
        let mut rng = self.rng(index);
        let mut game = self.new_game()?;
        Ok(play_with(&mut game, self.start, policy, &mut rng, choose))
    }

    /// The mines of game number `index` as [`Series::play`] places them on its first click, each
    /// as `row * cols + col`, in increasing order: another player given them plays the same game.
    pub fn layout(&self, index: u64) -> Result<Vec<usize>, super::GameError> {
        let mut game = self.new_game()?;
        game.open(self.start, &mut self.rng(index));
        Ok((0..self.rows * self.cols)
            .filter(|&i| game.is_mine(Pos::new(i / self.cols, i % self.cols)))
            .collect())
    }

    /// Game `index`'s generator: ChaCha8 seeded with the series seed, on stream `index`.
    fn rng(&self, index: u64) -> rand_chacha::ChaCha8Rng {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(self.seed);
        rng.set_stream(index);
        rng
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::advice::testing::opened_tiles;
    use crate::advice::FirstClick;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn rules_read_the_whole_board_when_the_opened_tiles_settle_nothing() {
        use crate::board::parse_board;
        let last = parse_board(".........\n.........\n.........\n........0\n").unwrap();
        let board = parse_board("1........\n.........\n.........\n........0\n").unwrap();
        // The new 1 settles nothing; the 0 far off still frees its neighbours.
        let d = rules(&board, Some(&last), &[], 10);
        assert_eq!(opened_tiles(&d), [(2, 7), (2, 8), (3, 7)]);
    }

    #[test]
    fn rules_use_the_mines_found_before() {
        use crate::board::parse_board;
        let board = parse_board("1..\n...\n").unwrap();
        assert_eq!(opened_tiles(&rules(&board, None, &[], 2)), []);
        let d = rules(&board, None, &[Pos::new(0, 1)], 2);
        assert_eq!(opened_tiles(&d), [(1, 0), (1, 1)]);
    }

    #[test]
    fn beginner_games_are_played_to_the_end_without_false_safes() {
        let mut wins = 0;
        for seed in 0..100 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = Game::new(9, 9, 10, FirstClick::Safe).unwrap();
            let r = play(&mut game, Pos::new(0, 0), &GuessPolicy::default(), &mut rng);
            assert_eq!(r.false_safe, 0);
            assert!(game.is_won() || game.is_lost());
            // A lost game names the guess that lost it; a won one names nothing.
            assert_eq!(r.lost_on.is_some(), game.is_lost());
            assert_ne!(r.lost_on, Some(Loss::CertainMove));
            if r.lost_on.is_some() {
                assert!(r.guesses >= 1);
            }
            wins += u32::from(r.won);
        }
        // Beginner is won about nine times in ten: far fewer means the advice is broken.
        assert!(wins >= 75, "{wins} wins in 100");
    }

    #[test]
    fn a_games_layout_is_the_mines_it_is_played_on() {
        let series = Series {
            rows: 16,
            cols: 30,
            mines: 99,
            first_click: FirstClick::Zero,
            start: Pos::new(4, 4),
            seed: 7,
        };
        let mut guessed = 0;
        for index in 0..30 {
            let layout = series.layout(index).unwrap();
            assert_eq!(layout.len(), 99);
            // The zero start keeps the first click and its neighbours free.
            assert!(layout
                .iter()
                .all(|&i| (i / 30).abs_diff(4) > 1 || (i % 30).abs_diff(4) > 1));
            let mut checked = false;
            series
                .play_with(index, &GuessPolicy::default(), &mut |point| {
                    for i in 0..480 {
                        let pos = Pos::new(i / 30, i % 30);
                        assert_eq!(point.game.is_mine(pos), layout.contains(&i), "{pos:?}");
                    }
                    checked = true;
                    point.guess.pos
                })
                .unwrap();
            guessed += usize::from(checked);
        }
        // Only games with a guess show their mines to the closure; most expert games guess.
        assert!(guessed >= 10, "{guessed} of 30 games guessed");
        assert!(series.layout(0).unwrap() != series.layout(1).unwrap());
    }

    #[test]
    fn play_with_numbers_the_guesses_and_opens_the_tile_chosen() {
        let series = Series {
            rows: 16,
            cols: 30,
            mines: 99,
            first_click: FirstClick::Safe,
            start: Pos::new(0, 0),
            seed: 3,
        };
        let policy = GuessPolicy::default();
        for index in 0..20 {
            // Choosing the policy's own guess is `play`, guess for guess.
            let mut numbers = Vec::new();
            let own = series
                .play_with(index, &policy, &mut |p| {
                    numbers.push(p.number);
                    assert!(p.board.get(p.guess.pos).is_unrevealed());
                    p.guess.pos
                })
                .unwrap();
            assert_eq!(own, series.play(index, &policy).unwrap());
            assert_eq!(numbers, (1..=own.guesses).collect::<Vec<_>>());
            // A first guess on a known mine loses there, whatever the policy would have done.
            let mut mine_at = None;
            let replaced = series
                .play_with(index, &policy, &mut |p| {
                    if p.number == 1 {
                        let mine = p.board.positions().find(|&q| p.game.is_mine(q)).unwrap();
                        mine_at = Some(mine);
                        mine
                    } else {
                        p.guess.pos
                    }
                })
                .unwrap();
            if own.guesses > 0 {
                assert!(mine_at.is_some());
                assert!(!replaced.won);
                assert_eq!(replaced.guesses, 1);
            }
        }
    }
}
