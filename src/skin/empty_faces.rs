//! Two faces of many tiles, both read as empty open tiles: one of them is the covered face.
//!
//! A dark theme may draw covered and open tiles in nearly one grey (the table clone in
//! Chromium's forced dark at 19 px: covered tiles with a faint bevel, open ones flat), and the
//! classifier then reads both faces as empty tiles, each at 0.99 or more. No labelling with both
//! empty holds on a game in play (its numbers see no covered tile), and the walk over
//! labellings, cheapest first, meets more of those that change a few small families than its
//! bound allows before it reaches the one that reads the covered face as covered. The repairs
//! that follow point at the numbers, not at the faces, and hid every 0 and most numbers.
//!
//! Each such face is tried as covered, the others as read: where one alone holds, it is the
//! covered face. Where none or several do, the repairs go on as before: a lost game whose
//! covered tiles read as empty ones holds with either face covered, and the rules' pointing at
//! the 0s beside its mines reads it exactly.

use super::meanings::Meaning;
use crate::vision::TileClass;

/// The share of the board's cells from which a family is a face the board is drawn in, not a
/// look of a few tiles.
const MANY: f64 = 0.1;

/// The families (`options`: each family's meanings, cheapest first; `family_of`: each cell's
/// family) whose first meaning is an empty open tile, that may be covered tiles, and that
/// show on at least [`MANY`] of the cells; none unless there are two or more.
pub fn empty_faces(options: &[Vec<Meaning>], family_of: &[usize]) -> Vec<usize> {
    let mut cells = vec![0usize; options.len()];
    for &family in family_of {
        cells[family] += 1;
    }
    let many = (MANY * family_of.len() as f64).ceil() as usize;
    let faces: Vec<usize> = (0..options.len())
        .filter(|&f| {
            let empty = options[f].first().map(|m| m.class) == Some(TileClass::Number(0));
            let may_be_covered = options[f].iter().any(|m| m.class == TileClass::Unrevealed);
            empty && may_be_covered && cells[f] >= many.max(1)
        })
        .collect();
    if faces.len() >= 2 {
        faces
    } else {
        Vec::new()
    }
}

/// `options` with family `face` left with its covered meaning alone (at its own cost).
pub fn as_covered(options: &[Vec<Meaning>], face: usize) -> Vec<Vec<Meaning>> {
    let mut tried = options.to_vec();
    tried[face].retain(|m| m.class == TileClass::Unrevealed);
    tried
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meaning(class: TileClass, cost: f64) -> Meaning {
        Meaning { class, cost }
    }

    /// A family read as an empty tile, a covered one second.
    fn empty() -> Vec<Meaning> {
        vec![
            meaning(TileClass::Number(0), 0.0),
            meaning(TileClass::Unrevealed, 10.0),
        ]
    }

    #[test]
    fn two_faces_of_many_tiles_read_as_empty_are_found() {
        let one = vec![meaning(TileClass::Number(1), 0.0)];
        let options = vec![empty(), one, empty(), empty()];
        // Family 3 is on one cell of twelve: a look of a few tiles, not a face.
        let family_of = [0, 0, 0, 1, 2, 2, 2, 2, 2, 0, 1, 3];
        assert_eq!(empty_faces(&options, &family_of), [0, 2]);
        let tried = as_covered(&options, 2);
        assert_eq!(tried[2], [meaning(TileClass::Unrevealed, 10.0)]);
        assert_eq!(tried[0], options[0]);
    }

    #[test]
    fn one_face_read_as_empty_or_one_that_cannot_be_covered_is_none() {
        let sure = vec![meaning(TileClass::Number(0), 0.0)];
        let family_of = [0, 0, 0, 1, 1, 1];
        assert!(empty_faces(&[empty(), sure], &family_of).is_empty());
        let covered = vec![meaning(TileClass::Unrevealed, 0.0)];
        assert!(empty_faces(&[empty(), covered], &family_of).is_empty());
    }
}
