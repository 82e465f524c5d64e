//! Which of a list of tile sets hold each tile: for every tile, the sets' indices, ascending, as
//! one slice of a flat list. The tiles' groups (`groups`) and the certain moves' equations
//! (`advice::deduce`) both ask it of every tile; a list per tile was an allocation per tile,
//! grown push by push.

/// For tile `t`, the indices of the sets that hold it: `sets[starts[t]..starts[t + 1]]`.
#[derive(Clone, Debug, Default)]
pub(crate) struct ByTile {
    starts: Vec<usize>,
    sets: Vec<usize>,
}

impl ByTile {
    /// The index of `sets` (each a list of tiles below `tile_count`, each tile at most once).
    pub fn new<'a, I>(sets: I, tile_count: usize) -> ByTile
    where
        I: IntoIterator<Item = &'a [usize]>,
        I::IntoIter: Clone,
    {
        let sets = sets.into_iter();
        let mut starts = vec![0usize; tile_count + 1];
        for set in sets.clone() {
            for &t in set {
                starts[t + 1] += 1;
            }
        }
        for t in 0..tile_count {
            starts[t + 1] += starts[t];
        }
        let mut next = starts.clone();
        let mut flat = vec![0usize; starts[tile_count]];
        for (s, set) in sets.enumerate() {
            for &t in set {
                flat[next[t]] = s;
                next[t] += 1;
            }
        }
        ByTile { starts, sets: flat }
    }

    /// The sets holding `tile`, ascending.
    pub fn of(&self, tile: usize) -> &[usize] {
        &self.sets[self.starts[tile]..self.starts[tile + 1]]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_tile_lists_the_sets_holding_it() {
        let sets: [&[usize]; 3] = [&[0, 2], &[2, 3], &[]];
        let index = ByTile::new(sets, 5);
        assert_eq!(index.of(0), [0]);
        assert_eq!(index.of(1), [] as [usize; 0]);
        assert_eq!(index.of(2), [0, 1]);
        assert_eq!(index.of(3), [1]);
        assert_eq!(index.of(4), [] as [usize; 0]);
    }
}
