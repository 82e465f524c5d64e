//! The looks a tile can have, in the classifier's output order, and what each means on a board.

use crate::board::Cell;
use serde::Serialize;

/// A tile's look. The order is the classifier's output order (training/tiles.py lists the same).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum TileClass {
    Unrevealed,
    Flag,
    Question,
    Number(u8),
    Mine,
    Exploded,
    WrongFlag,
}

/// How many classes the model tells apart.
pub const CLASS_COUNT: usize = 15;

impl TileClass {
    /// Every class a tile of a game in play may show (no shown mine): what a tile hidden from
    /// view may be (`crate::skin::drawn_over`).
    pub const IN_PLAY: [TileClass; 12] = [
        TileClass::Unrevealed,
        TileClass::Flag,
        TileClass::Question,
        TileClass::Number(0),
        TileClass::Number(1),
        TileClass::Number(2),
        TileClass::Number(3),
        TileClass::Number(4),
        TileClass::Number(5),
        TileClass::Number(6),
        TileClass::Number(7),
        TileClass::Number(8),
    ];

    /// The class of output `index` of the model.
    pub fn from_index(index: usize) -> Option<TileClass> {
        Some(match index {
            0 => TileClass::Unrevealed,
            1 => TileClass::Flag,
            2 => TileClass::Question,
            3..=11 => TileClass::Number(index as u8 - 3),
            12 => TileClass::Mine,
            13 => TileClass::Exploded,
            14 => TileClass::WrongFlag,
            _ => return None,
        })
    }

    /// The model's output index of this class (the inverse of [`TileClass::from_index`]).
    pub fn index(self) -> Option<usize> {
        (0..CLASS_COUNT).find(|&i| TileClass::from_index(i) == Some(self))
    }

    /// The name DESIGN.md uses: `unrevealed`, `flag`, `question`, `0`…`8`, `mine`, `exploded`,
    /// `wrong_flag`.
    pub fn name(self) -> &'static str {
        const DIGITS: [&str; 9] = ["0", "1", "2", "3", "4", "5", "6", "7", "8"];
        match self {
            TileClass::Unrevealed => "unrevealed",
            TileClass::Flag => "flag",
            TileClass::Question => "question",
            TileClass::Number(n) => DIGITS[usize::from(n.min(8))],
            TileClass::Mine => "mine",
            TileClass::Exploded => "exploded",
            TileClass::WrongFlag => "wrong_flag",
        }
    }

    /// The class named `name` (the inverse of [`TileClass::name`]).
    pub fn from_name(name: &str) -> Option<TileClass> {
        (0..CLASS_COUNT)
            .filter_map(TileClass::from_index)
            .find(|class| class.name() == name)
    }

    /// The board cell this look stands for. A question mark is an unrevealed tile; a wrong flag
    /// (shown after a loss) is a revealed tile without a usable number, as DESIGN.md's `W`.
    pub fn cell(self) -> Cell {
        match self {
            TileClass::Unrevealed | TileClass::Question => Cell::Unrevealed,
            TileClass::Flag => Cell::Flag,
            TileClass::Number(n) => Cell::Number(n),
            TileClass::Mine => Cell::Mine,
            TileClass::Exploded => Cell::Exploded,
            TileClass::WrongFlag => Cell::Blank,
        }
    }

    /// Whether this is a mark a player puts on a covered tile (a flag, a question mark): no game
    /// draws one on an open tile's face.
    pub fn is_mark(self) -> bool {
        matches!(self, TileClass::Flag | TileClass::Question)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_indices_round_trip() {
        for index in 0..CLASS_COUNT {
            let class = TileClass::from_index(index).unwrap();
            assert_eq!(TileClass::from_name(class.name()), Some(class));
            assert_eq!(class.index(), Some(index));
        }
        assert_eq!(TileClass::from_index(CLASS_COUNT), None);
    }
}
