//! Fuzz target: an image file through the whole reading, as `advise --out` takes it.

use crate::advice::{Action, GuessPolicy};
use crate::board::Pos;
use crate::overlay::draw_marks;
use crate::pipeline::{outcome, read_board, Outcome};
use crate::vision::{decode_image, Hints};
use std::path::Path;

/// Decodes `data`; on a picture, finds the board, reads it, solves it, advises and draws the
/// marks on it. The grid found lies inside the picture (but for a sliver at an edge), and no move or guess rests on a cell
/// read in doubt.
pub fn image_file(data: &[u8]) {
    let Ok(mut image) = decode_image(data, Path::new("fuzzed image")) else {
        return;
    };
    let Ok(reading) = read_board(&image, Hints::default(), super::classifier()) else {
        return;
    };
    // The grid lies in the picture, but for at most a quarter tile at an edge (`locate`).
    let grid = &reading.grid;
    let (width, height) = (f64::from(image.width()), f64::from(image.height()));
    assert!(grid.x >= -0.25 * grid.pitch_x && grid.y >= -0.25 * grid.pitch_y);
    assert!(grid.x + grid.cols as f64 * grid.pitch_x <= width + 0.25 * grid.pitch_x + 1e-6);
    assert!(grid.y + grid.rows as f64 * grid.pitch_y <= height + 0.25 * grid.pitch_y + 1e-6);
    assert_eq!(
        (reading.board.rows(), reading.board.cols()),
        (reading.grid.rows, reading.grid.cols)
    );
    let doubt: Vec<Pos> = reading
        .doubt_cells()
        .iter()
        .map(|&(r, c)| Pos::new(r, c))
        .collect();
    let result = outcome(&reading, reading.mines, &GuessPolicy::default());
    if let Outcome::Advice { advice, .. } = &result {
        let opened = advice.moves.iter().filter(|m| m.action == Action::Open);
        for pos in opened
            .map(|m| m.pos)
            .chain(advice.best_guess.as_ref().map(|g| g.pos))
        {
            assert!(
                !doubt.contains(&pos),
                "advice rests on {pos:?}, read in doubt"
            );
        }
    }
    let marks = result.marks(true).with_doubt(doubt);
    draw_marks(&mut image, &reading.grid, &marks);
}
