//! A second board in the picture: a picture of another game beside the game, a bot's panel that
//! draws the board again, a page with two. The grid finder takes the lattice with the most
//! squares, so it can read the other board, and advise on it, while the player looks at their
//! own. A picture with two boards is refused, naming both, for the user to crop it or give the
//! board's place.

use super::grid::{Grid, Rect};

/// The fewest squares a group must hold to count as a board: fewer are a counter, a legend of
/// tiles, a toolbar.
const MIN_SQUARES: usize = 20;
/// The least a second group must hold, as a share of the board's own squares: a board of a
/// quarter the tiles is still a board a player could be looking at.
const MIN_SHARE: f64 = 0.25;

/// The largest of `lattices` (every group of squares that fits a lattice, with its squares)
/// that lies wholly outside `grid` and holds enough squares to be a board of its own. `squares`
/// is how many the board's own group holds.
pub fn second_board(grid: &Grid, squares: usize, lattices: &[(Grid, usize)]) -> Option<Grid> {
    let board = grid.rect();
    lattices
        .iter()
        .filter(|(other, count)| {
            *count >= MIN_SQUARES
                && *count as f64 >= MIN_SHARE * squares as f64
                && !overlap(board, other.rect())
        })
        .map(|(other, _)| *other)
        .max_by_key(|other| other.rows * other.cols)
}

/// Whether two rectangles share a pixel.
fn overlap(a: Rect, b: Rect) -> bool {
    let (ax1, ay1) = (a.x + a.width, a.y + a.height);
    let (bx1, by1) = (b.x + b.width, b.y + b.height);
    a.x < bx1 && b.x < ax1 && a.y < by1 && b.y < ay1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_beside_the_board_is_named() {
        let board = Grid::square(100.0, 100.0, 24.0, 16, 16);
        let picture = Grid::square(600.0, 100.0, 21.0, 16, 30);
        let found = second_board(&board, 200, &[(board, 200), (picture, 300)]);
        assert_eq!(found, Some(picture));
    }

    #[test]
    fn groups_inside_the_board_and_small_ones_are_not_boards() {
        let board = Grid::square(100.0, 100.0, 24.0, 16, 30);
        // Covered tiles on the far side of an open region: part of the same board.
        let part = Grid::square(400.0, 150.0, 24.0, 8, 8);
        // A counter's digits, a row of tiles in a legend.
        let counter = Grid::square(900.0, 40.0, 20.0, 1, 3);
        let legend = Grid::square(900.0, 500.0, 20.0, 1, 8);
        let lattices = [(board, 300), (part, 60), (counter, 3), (legend, 8)];
        assert_eq!(second_board(&board, 300, &lattices), None);
        // A board of a twentieth of the squares is not one a player is looking at.
        let tiny = Grid::square(900.0, 500.0, 20.0, 4, 5);
        assert_eq!(second_board(&board, 480, &[(board, 480), (tiny, 20)]), None);
    }
}
