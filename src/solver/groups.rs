//! Groups: tiles that touch exactly the same numbers are interchangeable, so the solver counts
//! mines per group (a group of s tiles holding k mines stands for C(s, k) layouts) instead of per tile.
//!
//! Every frontier tile touches a number and so lies among that number's eight neighbours: a group
//! never holds more than eight tiles, which keeps the binomials tiny.

use super::by_tile::ByTile;
use super::constraints::Constraint;
use rustc_hash::FxHashMap;

/// Tiles sharing one set of equations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Group {
    /// Frontier tile indices, ascending.
    pub tiles: Vec<usize>,
    /// Indices of the constraints every tile of the group is in, ascending.
    pub constraints: Vec<usize>,
}

impl Group {
    pub fn size(&self) -> u8 {
        self.tiles.len() as u8
    }
}

/// Partitions the tiles the constraints mention into groups, in order of their first tile.
///
/// `tile_count` bounds the tile indices. Tiles in no constraint form no group.
pub(crate) fn group_tiles(constraints: &[Constraint], tile_count: usize) -> Vec<Group> {
    // Each tile's signature: the constraints it is in, ascending.
    let signatures = ByTile::new(constraints.iter().map(|c| c.tiles.as_slice()), tile_count);
    let mut groups: Vec<Group> = Vec::new();
    let mut by_signature: FxHashMap<&[usize], usize> = FxHashMap::default();
    for tile in 0..tile_count {
        let sig = signatures.of(tile);
        if sig.is_empty() {
            continue;
        }
        match by_signature.get(sig) {
            Some(&g) => groups[g].tiles.push(tile),
            None => {
                by_signature.insert(sig, groups.len());
                groups.push(Group {
                    tiles: vec![tile],
                    constraints: sig.to_vec(),
                });
            }
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Pos;

    fn constraint(need: u8, tiles: &[usize]) -> Constraint {
        Constraint {
            pos: Pos::new(0, 0),
            need,
            tiles: tiles.to_vec(),
        }
    }

    #[test]
    fn tiles_with_the_same_numbers_share_a_group() {
        // Two numbers over tiles 0..=3 and 2..=5: groups {0,1}, {2,3}, {4,5}.
        let cs = [constraint(1, &[0, 1, 2, 3]), constraint(1, &[2, 3, 4, 5])];
        let groups = group_tiles(&cs, 6);
        assert_eq!(groups.len(), 3);
        assert_eq!(groups[0].tiles, vec![0, 1]);
        assert_eq!(groups[1].tiles, vec![2, 3]);
        assert_eq!(groups[1].constraints, vec![0, 1]);
        assert_eq!(groups[2].tiles, vec![4, 5]);
    }
}
