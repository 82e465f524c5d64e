//! What the overlay shows, in board terms: safe tiles, certain mines, the best guess with its
//! mine probability, optionally a probability tint on every tile, or a warning when the board
//! that was read cannot be right.

use crate::advice::{Action, Advice};
use crate::board::Pos;
use crate::solver::Analysis;

/// The marks to draw on one board.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Marks {
    pub safe: Vec<Pos>,
    pub mines: Vec<Pos>,
    /// The best guess and its chance of being a mine.
    pub guess: Option<(Pos, f64)>,
    /// With `--heat`: every analysed tile's chance of being a mine.
    pub heat: Vec<(Pos, f64)>,
    /// Set when the board read is impossible: the cells involved. Nothing else is drawn then.
    pub conflict: Option<Vec<Pos>>,
    /// With a conflict: the flag without which the board would hold, marked above the rest.
    pub wrong_flag: Option<Pos>,
    /// With a conflict and no such flag: the tiles of the one look that, misread, would explain
    /// it, marked above the rest.
    pub misread: Vec<Pos>,
    /// Cells read in doubt: no advice rests on them, and the overlay says so.
    pub doubt: Vec<Pos>,
}

impl Marks {
    /// The marks for `advice`; with `heat`, also a tint from `analysis` on every tile.
    pub fn from_advice(advice: &Advice, analysis: &Analysis, heat: bool) -> Marks {
        let pick = |action| {
            advice
                .moves
                .iter()
                .filter(|m| m.action == action)
                .map(|m| m.pos)
                .collect()
        };
        Marks {
            safe: pick(Action::Open),
            mines: pick(Action::Flag),
            guess: advice.best_guess.as_ref().map(|g| (g.pos, g.mine)),
            heat: if heat {
                analysis
                    .tiles
                    .iter()
                    .map(|t| (t.pos, t.mine.to_f64()))
                    .collect()
            } else {
                Vec::new()
            },
            conflict: None,
            wrong_flag: None,
            misread: Vec::new(),
            doubt: Vec::new(),
        }
    }

    /// These marks with `cells` shown as read in doubt.
    pub fn with_doubt(mut self, cells: Vec<Pos>) -> Marks {
        self.doubt = cells;
        self
    }

    /// Only the next move of these marks: the first safe tile (the one with the simplest
    /// reason), else the guess. Mines and the heat map go; a warning and cells in doubt stay,
    /// as they say why there may be no move.
    pub fn only_next_move(self) -> Marks {
        let safe: Vec<Pos> = self.safe.first().copied().into_iter().collect();
        Marks {
            guess: if safe.is_empty() { self.guess } else { None },
            safe,
            mines: Vec::new(),
            heat: Vec::new(),
            ..self
        }
    }

    /// A warning about an impossible board, pointing at `cells`, and first at `wrong_flag`
    /// when one flag explains it.
    pub fn conflict(cells: Vec<Pos>, wrong_flag: Option<Pos>, misread: Vec<Pos>) -> Marks {
        Marks {
            conflict: Some(cells),
            wrong_flag,
            misread,
            ..Marks::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_first_safe_tile_or_else_the_guess_is_the_next_move() {
        let marks = Marks {
            safe: vec![Pos::new(1, 2), Pos::new(0, 0)],
            mines: vec![Pos::new(3, 3)],
            guess: Some((Pos::new(4, 4), 0.2)),
            heat: vec![(Pos::new(4, 4), 0.2)],
            doubt: vec![Pos::new(5, 5)],
            ..Marks::default()
        };
        let next = marks.clone().only_next_move();
        assert_eq!(next.safe, vec![Pos::new(1, 2)]);
        assert!(next.mines.is_empty() && next.heat.is_empty() && next.guess.is_none());
        assert_eq!(next.doubt, marks.doubt);
        let no_safe = Marks {
            safe: Vec::new(),
            ..marks
        }
        .only_next_move();
        assert_eq!(no_safe.guess, Some((Pos::new(4, 4), 0.2)));
    }
}
