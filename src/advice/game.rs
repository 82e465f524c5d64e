//! A Minesweeper game with classic rules, for playing the advice against: mines are placed at the
//! first click (with `Safe` never a mine; with `Zero` its neighbours are mine-free too), opening a 0
//! opens its neighbours, and the game is won when every safe tile is open (flags are never needed).
//!
//! Mines are drawn with the caller's seeded RNG (a portable generator such as ChaCha gives the same
//! boards on every machine), uniformly among the tiles the first-click rule allows.

use super::GameError;
use crate::board::{Board, Cell, Pos, MAX_SIDE};
use rand::Rng;

/// What the first click guarantees (`first_click = "safe"` in a profile).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FirstClick {
    /// The first tile opened is never a mine.
    Safe,
    /// The first tile and its neighbours are mine-free (so it opens a region).
    Zero,
    /// No guarantee: the first tile is as likely a mine as any other.
    Any,
}

impl FirstClick {
    pub fn as_str(self) -> &'static str {
        match self {
            FirstClick::Safe => "safe",
            FirstClick::Zero => "zero",
            FirstClick::Any => "any",
        }
    }
}

/// The result of opening a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opened {
    /// The tile was safe; this many tiles opened (more than one when a 0 cascades).
    Safe(usize),
    /// The tile held a mine: the game is lost.
    Mine,
    /// The tile was already open, or the game is over: nothing changed.
    Nothing,
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Game {
    rows: usize,
    cols: usize,
    mines: usize,
    first_click: FirstClick,
    /// What the player sees, kept up to date as tiles open (the advice reads it every move); also
    /// the game's neighbour lookups.
    view: Board,
    /// Mine layout, row-major; empty until the first click.
    mine: Vec<bool>,
    /// Mines around each tile, row-major; set with the mines.
    around: Vec<u8>,
    open: Vec<bool>,
    safe_left: usize,
    lost: bool,
}

impl Game {
    /// A new game; mines are placed at the first [`Game::open`].
    pub fn new(
        rows: usize,
        cols: usize,
        mines: usize,
        first_click: FirstClick,
    ) -> Result<Game, GameError> {
        if rows == 0 || cols == 0 || rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(GameError::BadSize {
                rows,
                cols,
                limit: MAX_SIDE,
            });
        }
        let tiles = rows * cols;
        // The first click keeps one tile free (safe), or up to nine (zero; fewer on small boards).
        let kept = match first_click {
            FirstClick::Any => 0,
            FirstClick::Safe => 1,
            FirstClick::Zero => rows.min(3) * cols.min(3),
        };
        if mines + kept > tiles {
            return Err(GameError::TooManyMines {
                mines,
                tiles,
                rule: first_click.as_str(),
                most: tiles - kept,
            });
        }
        Ok(Game {
            rows,
            cols,
            mines,
            first_click,
            view: Board::new(rows, cols),
            mine: Vec::new(),
            around: Vec::new(),
            open: vec![false; tiles],
            safe_left: tiles - mines,
            lost: false,
        })
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Total mines.
    pub fn mines(&self) -> usize {
        self.mines
    }

    pub fn is_won(&self) -> bool {
        self.safe_left == 0 && !self.lost
    }

    pub fn is_lost(&self) -> bool {
        self.lost
    }

    /// Whether the first click has happened (mines are placed).
    pub fn started(&self) -> bool {
        !self.mine.is_empty()
    }

    /// Whether `pos` holds a mine (always false before the first click).
    pub fn is_mine(&self, pos: Pos) -> bool {
        self.mine
            .get(pos.row * self.cols + pos.col)
            .copied()
            .unwrap_or(false)
    }

    /// Opens `pos`; the first call places the mines with `rng`.
    pub fn open(&mut self, pos: Pos, rng: &mut impl Rng) -> Opened {
        if pos.row >= self.rows || pos.col >= self.cols || self.lost || self.is_won() {
            return Opened::Nothing;
        }
        if !self.started() {
            self.place_mines(pos, rng);
        }
        let i = pos.row * self.cols + pos.col;
        if self.open[i] {
            return Opened::Nothing;
        }
        if self.mine[i] {
            self.open[i] = true;
            self.view.set(pos, Cell::Exploded);
            self.lost = true;
            return Opened::Mine;
        }
        let mut opened = 0;
        let mut stack = vec![pos];
        self.open[i] = true;
        while let Some(p) = stack.pop() {
            opened += 1;
            let count = self.around[p.row * self.cols + p.col];
            self.view.set(p, Cell::Number(count));
            if count == 0 {
                for n in self.view.neighbors(p) {
                    let j = n.row * self.cols + n.col;
                    if !self.open[j] {
                        self.open[j] = true;
                        stack.push(n);
                    }
                }
            }
        }
        self.safe_left -= opened;
        Opened::Safe(opened)
    }

    /// The board as the player sees it: numbers where open, unrevealed elsewhere; after a loss the
    /// exploded mine shows as `Exploded`.
    pub fn board(&self) -> Board {
        self.view.clone()
    }

    /// Draws the mines uniformly among the tiles the first-click rule allows (partial shuffle).
    fn place_mines(&mut self, first: Pos, rng: &mut impl Rng) {
        let mut kept = vec![false; self.rows * self.cols];
        kept[first.row * self.cols + first.col] = self.first_click != FirstClick::Any;
        if self.first_click == FirstClick::Zero {
            for n in self.view.neighbors(first) {
                kept[n.row * self.cols + n.col] = true;
            }
        }
        let mut candidates: Vec<usize> = (0..kept.len()).filter(|&i| !kept[i]).collect();
        self.mine = vec![false; kept.len()];
        for k in 0..self.mines {
            let pick = rng.random_range(k..candidates.len());
            candidates.swap(k, pick);
            self.mine[candidates[k]] = true;
        }
        self.around = self
            .view
            .positions()
            .map(|p| {
                self.view
                    .neighbors(p)
                    .filter(|n| self.mine[n.row * self.cols + n.col])
                    .count() as u8
            })
            .collect();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn first_click_rules_hold() {
        for seed in 0..200 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = Game::new(16, 30, 99, FirstClick::Zero).unwrap();
            let first = Pos::new(3, 3);
            assert!(matches!(game.open(first, &mut rng), Opened::Safe(n) if n >= 9));
            assert_eq!(game.board().get(first), Cell::Number(0));
            let mines = game
                .board()
                .positions()
                .filter(|&p| game.is_mine(p))
                .count();
            assert_eq!(mines, 99);

            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = Game::new(9, 9, 10, FirstClick::Safe).unwrap();
            assert!(matches!(
                game.open(Pos::new(0, 0), &mut rng),
                Opened::Safe(_)
            ));
        }
    }

    #[test]
    fn same_seed_same_board() {
        let play = |seed| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = Game::new(16, 16, 40, FirstClick::Safe).unwrap();
            game.open(Pos::new(0, 0), &mut rng);
            game.board().to_text()
        };
        assert_eq!(play(7), play(7));
        assert_ne!(play(7), play(8));
    }

    #[test]
    fn opening_every_safe_tile_wins() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut game = Game::new(9, 9, 10, FirstClick::Safe).unwrap();
        game.open(Pos::new(4, 4), &mut rng);
        let all: Vec<Pos> = game.board().positions().collect();
        for p in all {
            if !game.is_mine(p) {
                assert_ne!(game.open(p, &mut rng), Opened::Mine);
            }
        }
        assert!(game.is_won());
        assert!(!game.is_lost());
    }

    #[test]
    fn a_mine_loses() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let mut game = Game::new(9, 9, 10, FirstClick::Safe).unwrap();
        game.open(Pos::new(0, 0), &mut rng);
        let mine = game.board().positions().find(|&p| game.is_mine(p)).unwrap();
        assert_eq!(game.open(mine, &mut rng), Opened::Mine);
        assert!(game.is_lost());
        assert_eq!(game.board().get(mine), Cell::Exploded);
    }

    #[test]
    fn refuses_impossible_games() {
        assert!(Game::new(0, 5, 1, FirstClick::Safe).is_err());
        assert!(Game::new(3, 3, 9, FirstClick::Safe).is_err());
        assert!(Game::new(3, 3, 1, FirstClick::Zero).is_err());
        assert!(Game::new(3, 3, 8, FirstClick::Safe).is_ok());
    }
}
