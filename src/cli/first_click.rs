//! `--first-click safe|zero|any`: what the player's game guarantees of its first click, for
//! `bench` (how its games place their mines) and for the advice on a board with nothing open.

use clap::ValueEnum;
use minehint::advice::FirstClick;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FirstClickArg {
    /// The first tile opened is never a mine (GNOME Mines, Windows Minesweeper, most clones).
    Safe,
    /// The first tile and its neighbours are mine-free, so it opens a region.
    Zero,
    /// No guarantee: the first tile may be a mine.
    Any,
}

impl From<FirstClickArg> for FirstClick {
    fn from(arg: FirstClickArg) -> FirstClick {
        match arg {
            FirstClickArg::Safe => FirstClick::Safe,
            FirstClickArg::Zero => FirstClick::Zero,
            FirstClickArg::Any => FirstClick::Any,
        }
    }
}
