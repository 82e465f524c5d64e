//! A second board in the picture: a picture of another game beside the game, a bot's panel that
//! draws the board again, a page with two. The grid finder takes the lattice with the most
//! squares, so it can read the other board, and advise on it, while the player looks at their
//! own. A picture with two boards is refused, naming both, for the user to crop it or give the
//! board's place.

use super::blobs::Blob;
use super::grid::{Grid, Rect, MIN_PITCH};

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

/// The fewest faces of one size, under the pitch the reading is made for, that make a board too
/// small to read beside the one read ([`small_board_beside`]): fewer are icons, a counter, a
/// legend.
const SMALL_FACES: usize = 40;
/// How much of their bounding box those faces, each with a gap of a fifth of its side round
/// it, must cover: a board's tiles are packed; icons spread over a toolbar or a page are not.
const SMALL_PACKED: f64 = 0.5;
/// How near (as a share) a face's side must be to the faces' median to count as one of them.
const SAME_SIZE: f64 = 0.2;

/// Where a board whose tiles are too small to read (faces under [`MIN_PITCH`]) lies beside
/// `board`, among `blobs` outside it: [`SMALL_FACES`] square faces or more of about one size
/// ([`SAME_SIZE`]), packed as tiles are ([`SMALL_PACKED`]). Simon Tatham's Mines in a window
/// of 450×240 draws its 30×16 board at 9 px, which no reading takes; a picture of another game
/// beside it was read and advised as the player's board (46 calls on 4 captures of the Debian
/// sweep of seed 470).
pub fn small_board_beside(board: Rect, blobs: &[Blob]) -> Option<Rect> {
    let small: Vec<&Blob> = (blobs.iter())
        .filter(|b| !overlap(board, b.rect()))
        .filter(|b| {
            let (w, h) = (f64::from(b.width()), f64::from(b.height()));
            let side = w.max(h);
            (0.3 * MIN_PITCH..MIN_PITCH).contains(&side)
                && (w - h).abs() <= 0.2 * side + 1.0
                && f64::from(b.area) >= 0.8 * w * h
        })
        .collect();
    if small.len() < SMALL_FACES {
        return None;
    }
    let mut sides: Vec<u32> = small.iter().map(|b| b.width().max(b.height())).collect();
    sides.sort_unstable();
    let median = f64::from(sides[sides.len() / 2]);
    let alike: Vec<&&Blob> = (small.iter())
        .filter(|b| (f64::from(b.width().max(b.height())) - median).abs() <= SAME_SIZE * median)
        .collect();
    if alike.len() < SMALL_FACES {
        return None;
    }
    // The box of the faces but a few strays on each side (a letter of a window's title, an
    // icon of the size): the 2nd to the 98th percentile of their corners, each way.
    let bound = |mut values: Vec<u32>, low: bool| {
        values.sort_unstable();
        let at = (values.len() as f64 * if low { 0.02 } else { 0.98 }) as usize;
        values[at.min(values.len() - 1)]
    };
    let x0 = bound(alike.iter().map(|b| b.x0).collect(), true);
    let y0 = bound(alike.iter().map(|b| b.y0).collect(), true);
    let x1 = bound(alike.iter().map(|b| b.x1).collect(), false);
    let y1 = bound(alike.iter().map(|b| b.y1).collect(), false);
    if x1 <= x0 || y1 <= y0 {
        return None;
    }
    let inside = (alike.iter())
        .filter(|b| b.x0 >= x0 && b.y0 >= y0 && b.x1 <= x1 && b.y1 <= y1)
        .count();
    let cell = 1.4 * median;
    let covered = inside as f64 * cell * cell;
    let box_area = f64::from(x1 - x0) * f64::from(y1 - y0);
    tracing::debug!(
        faces = alike.len(),
        median,
        covered,
        box_area,
        "faces too small to read"
    );
    (covered >= SMALL_PACKED * box_area).then_some(Rect {
        x: x0,
        y: y0,
        width: x1 - x0,
        height: y1 - y0,
    })
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

    /// `cols` x `rows` faces 7 px wide, 9 px apart, from (`x`, `y`), each `spread` pitches
    /// from the next.
    fn faces(x: u32, y: u32, cols: u32, rows: u32, spread: u32) -> Vec<Blob> {
        let pitch = 9 * spread;
        (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (c, r)))
            .map(|(c, r)| {
                let (x0, y0) = (x + c * pitch, y + r * pitch);
                Blob {
                    x0,
                    y0,
                    x1: x0 + 7,
                    y1: y0 + 7,
                    area: 49,
                }
            })
            .collect()
    }

    #[test]
    fn a_board_of_tiles_too_small_to_read_beside_the_board_is_named() {
        let board = Grid::square(600.0, 100.0, 21.0, 16, 30).rect();
        // Simon Tatham's 30x16 board at 9 px beside it.
        let found = small_board_beside(board, &faces(100, 100, 30, 16, 1));
        assert_eq!(found.map(|r| (r.x, r.y)), Some((100, 100)));
        // A row of icons, or faces spread over a page: no board.
        assert_eq!(small_board_beside(board, &faces(100, 100, 30, 1, 1)), None);
        assert_eq!(small_board_beside(board, &faces(100, 100, 10, 8, 3)), None);
        // The board's own digits and faces inside it are its own.
        assert_eq!(small_board_beside(board, &faces(610, 110, 30, 16, 1)), None);
    }

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
