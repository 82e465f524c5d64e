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
/// quarter the tiles is still a board a player could be looking at...
const MIN_SHARE: f64 = 0.25;
/// ...and so is one of fewer, where its squares fill most of a lattice this many tiles wide
/// and high at least: a Beginner board (81 tiles) beside a picture of an Expert one (480) on a
/// screen at device scale 2. A counter, a legend of tiles or a toolbar is a row or two.
const MIN_SIDE: usize = 5;

/// How far apart, as a share, a lattice's pitch must be from twice, three times, a half and a
/// third of the board's, for its squares to be no squares of the board...
const OTHER_PITCH: f64 = 0.08;
/// ...and from the board's own pitch: a lattice fitted over many squares measures its pitch to
/// a fraction of a percent, and one at 5% from the board's drifts half a tile from it in ten
/// tiles (react-minesweeper's 10x10 board at 20 px beside a picture of a board at 21 px).
const OTHER_OWN_PITCH: f64 = 0.03;

/// The largest of `lattices` (every group of squares that fits a lattice, with its squares)
/// that holds enough squares to be a board of its own and lies outside `grid`: wholly, or
/// starting outside it at a pitch of its own. (A lattice fitted across both boards spans the
/// two: a small board beside a picture of a larger one, at 18 px beside 21.) `squares` is how
/// many the board's own group holds.
pub fn second_board(grid: &Grid, squares: usize, lattices: &[(Grid, usize)]) -> Option<Grid> {
    let board = grid.rect();
    lattices
        .iter()
        .filter(|(other, count)| {
            let apart = !overlap(board, other.rect())
                || (of_another_pitch(grid, other) && !overlap(board, first_tile(other)));
            let a_board = *count as f64 >= MIN_SHARE * squares as f64
                || (other.rows >= MIN_SIDE
                    && other.cols >= MIN_SIDE
                    && 2 * count >= other.rows * other.cols);
            *count >= MIN_SQUARES && a_board && apart
        })
        .map(|(other, _)| *other)
        .max_by_key(|other| other.rows * other.cols)
}

/// Whether `other`'s pitch is no simple multiple of `grid`'s (`OTHER_PITCH`): a lattice over
/// every second tile of the board, or over its squares' halves, is the board's own.
fn of_another_pitch(grid: &Grid, other: &Grid) -> bool {
    let ratio = (other.pitch_x + other.pitch_y) / (grid.pitch_x + grid.pitch_y);
    (ratio - 1.0).abs() > OTHER_OWN_PITCH
        && [2.0, 3.0, 0.5, 1.0 / 3.0]
            .iter()
            .all(|&multiple| (ratio / multiple - 1.0).abs() > OTHER_PITCH)
}

/// The rectangle of `grid`'s first tile, top left.
fn first_tile(grid: &Grid) -> Rect {
    Grid {
        rows: 1,
        cols: 1,
        ..*grid
    }
    .rect()
}

/// Whether two rectangles share a pixel.
pub(super) fn overlap(a: Rect, b: Rect) -> bool {
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
        // Device scale 2: a 9x9 board at 41 px beside a 30x16 picture at 21 px, far fewer
        // squares than the picture's; scattered over its lattice, fewer than half its cells, no
        // board.
        let beginner = Grid::square(699.0, 520.0, 41.3, 9, 9);
        for (squares, named) in [(81, Some(beginner)), (30, None)] {
            let lattices = [(picture, 472), (beginner, squares)];
            assert_eq!(second_board(&picture, 472, &lattices), named);
        }
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

    #[test]
    fn a_lattice_fitted_across_a_small_board_and_a_larger_one_names_the_small_one() {
        // A 16x16 board at 18 px left of a picture of a 30x16 one at 21 px: the small board's
        // squares fit a lattice whose columns run on over the picture.
        let picture = Grid::square(1100.0, 235.0, 21.0, 16, 30);
        let across = Grid::square(739.0, 205.0, 18.0, 14, 42);
        assert_eq!(
            second_board(&picture, 485, &[(picture, 485), (across, 256)]),
            Some(across)
        );
        // So do a 10x10 board's squares at 20 px beside the same picture.
        let small = Grid::square(800.0, 280.0, 20.0, 14, 38);
        assert_eq!(
            second_board(&picture, 485, &[(picture, 485), (small, 149)]),
            Some(small)
        );
        // At the board's own pitch, or twice it, such a lattice is the board's own squares
        // with others of the page in line with them.
        for pitch in [21.0, 21.4, 42.0] {
            let own = Grid::square(739.0, 205.0, pitch, 14, 42);
            assert_eq!(
                second_board(&picture, 485, &[(picture, 485), (own, 256)]),
                None
            );
        }
        // Starting on the board, it is a lattice over the board's own squares.
        let inside = Grid::square(1120.0, 240.0, 18.0, 14, 30);
        assert_eq!(
            second_board(&picture, 485, &[(picture, 485), (inside, 256)]),
            None
        );
    }
}
