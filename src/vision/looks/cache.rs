//! Remembered verdicts for tile looks already classified, for reading the same game frame after
//! frame: a click changes a few tiles, so only their new looks reach the classifier.

use super::classes::TileClass;
use super::classify::{Classifier, Verdict};
use super::second_look::look_again;
use super::shape_look::read_shapes;
use super::tiles::{sample_grid, TileImage};
use super::zoom_look::look_closer;
use crate::vision::grid::Grid;
use crate::vision::read::{assemble, not_blanked, Doubt, Reading};
use crate::vision::VisionError;
use image::RgbImage;
use std::collections::{HashMap, HashSet};

/// Looks kept at most; a game shows a few dozen, so this only bounds memory over a long run
/// across many games and skins (48 KB of pixels per 64 looks).
const CAPACITY: usize = 4096;

/// Verdicts by tile look.
#[derive(Default)]
pub struct LookCache {
    verdicts: HashMap<TileImage, Verdict>,
    /// Looks the board-level reading left in doubt, with the classes in play.
    doubtful: HashMap<TileImage, Vec<TileClass>>,
    /// Looks whose class the board-level reading has settled (`learn`).
    settled: HashSet<TileImage>,
}

impl LookCache {
    pub fn new() -> LookCache {
        LookCache::default()
    }

    /// How many looks are remembered.
    pub fn len(&self) -> usize {
        self.verdicts.len()
    }

    pub fn is_empty(&self) -> bool {
        self.verdicts.is_empty()
    }

    /// Reads the board at `grid` in `image`, classifying only looks not seen before.
    /// `distinct_looks` in the reading counts the looks that were new.
    pub fn read_grid(
        &mut self,
        image: &RgbImage,
        grid: Grid,
        classifier: &Classifier,
    ) -> Result<Reading, VisionError> {
        let sampled = sample_grid(image, &grid);
        not_blanked(&sampled, &grid)?;
        let mut new: Vec<TileImage> = sampled
            .looks
            .iter()
            .filter(|look| !self.verdicts.contains_key(*look))
            .copied()
            .collect();
        if self.verdicts.len() + new.len() > CAPACITY {
            // Forget everything rather than track ages: this happens once in a long while.
            self.verdicts.clear();
            self.doubtful.clear();
            self.settled.clear();
            new = sampled.looks.clone();
        }
        let verdicts = classifier.classify(&new)?;
        self.verdicts.extend(new.iter().copied().zip(verdicts));
        let mut looks: Vec<Verdict> = sampled.looks.iter().map(|l| self.verdicts[l]).collect();
        // The new looks' unsure numbers, looked at again once, as a fresh read does; the
        // verdict kept is the second look's.
        let fresh: HashSet<&TileImage> = new.iter().collect();
        let first_seen = (0..looks.len()).filter(|&l| fresh.contains(&sampled.looks[l]));
        look_again(
            image,
            &grid,
            &sampled,
            &mut looks,
            first_seen.clone(),
            classifier,
        )?;
        look_closer(image, &sampled, &mut looks, first_seen.clone(), classifier)?;
        read_shapes(image, &sampled, &mut looks, first_seen);
        for (look, verdict) in sampled.looks.iter().zip(&looks) {
            if fresh.contains(look) {
                self.verdicts.insert(*look, *verdict);
            }
        }
        let mut reading = assemble(image, grid, looks, sampled, new.len())?;
        let mut doubt = Vec::new();
        for (look, image) in reading.pixels.iter().enumerate() {
            if let Some(classes) = self.doubtful.get(image) {
                doubt.push(Doubt {
                    look,
                    classes: classes.clone(),
                    cells: reading.cells_showing(|of| of == look),
                });
            }
        }
        reading.doubt = doubt;
        Ok(reading)
    }

    /// Starts from looks learned before (a calibration profile): each is read as its class
    /// without asking the classifier, and counts as settled.
    pub fn seed(&mut self, looks: impl IntoIterator<Item = (TileImage, TileClass)>) {
        for (image, class) in looks {
            self.verdicts.insert(image, Verdict::certain(class));
            self.settled.insert(image);
        }
    }

    /// Whether `reading` shows a look the board-level reading has not settled yet: a look
    /// classified while the board was being looked for, before any board was settled.
    pub fn has_unsettled(&self, reading: &Reading) -> bool {
        reading.pixels.iter().any(|p| !self.settled.contains(p))
    }

    /// Keeps the classes the board-level reading settled on for the looks of `reading` and
    /// which of them are in doubt: later frames read them so.
    pub fn learn(&mut self, reading: &Reading) {
        for (look, (image, verdict)) in reading.pixels.iter().zip(&reading.looks).enumerate() {
            self.verdicts.insert(*image, *verdict);
            self.settled.insert(*image);
            // Every look of a doubtful family stays in doubt, not only the one the doubt names.
            match reading.doubt_of(look) {
                Some(doubt) => self.doubtful.insert(*image, doubt.classes.clone()),
                None => self.doubtful.remove(image),
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::{load_image, locate, read_grid, Hints};
    use std::path::Path;

    /// A real board (xdemineur, 16x16, fresh), its grid and the built-in classifier.
    fn fixture_board() -> (RgbImage, Grid, Classifier) {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/xdemineur-16-16-40-fresh.png");
        let image = load_image(&path).unwrap();
        let grid = locate(&image, Hints::default()).unwrap();
        (image, grid, Classifier::embedded().unwrap())
    }

    #[test]
    fn a_second_read_classifies_nothing_and_agrees_with_a_fresh_read() {
        let (image, grid, classifier) = fixture_board();
        let fresh = read_grid(&image, grid, &classifier).unwrap();
        let mut cache = LookCache::new();
        let first = cache.read_grid(&image, grid, &classifier).unwrap();
        assert_eq!(first.distinct_looks, fresh.distinct_looks);
        assert_eq!(cache.len(), fresh.distinct_looks);
        let second = cache.read_grid(&image, grid, &classifier).unwrap();
        assert_eq!(second.distinct_looks, 0);
        assert_eq!(second.board, fresh.board);
        assert_eq!(second.tiles, fresh.tiles);
    }

    #[test]
    fn seeded_looks_are_read_as_given_without_the_classifier() {
        let (image, grid, classifier) = fixture_board();
        let fresh = read_grid(&image, grid, &classifier).unwrap();
        let mut cache = LookCache::new();
        // Learned before: every look, each as the class a fresh read gives it.
        cache.seed((fresh.pixels.iter().copied()).zip(fresh.looks.iter().map(|v| v.class)));
        let seeded = cache.read_grid(&image, grid, &classifier).unwrap();
        assert_eq!(seeded.distinct_looks, 0);
        assert!(!cache.has_unsettled(&seeded));
        assert_eq!(seeded.board, fresh.board);
    }

    #[test]
    fn every_look_of_a_doubt_stays_in_doubt_on_later_frames() {
        let (image, grid, classifier) = fixture_board();
        let mut cache = LookCache::new();
        let mut first = cache.read_grid(&image, grid, &classifier).unwrap();
        assert!(first.looks.len() >= 2);
        // One doubt over a family of two looks: it names the first, and covers both.
        first.doubt = vec![Doubt {
            look: 0,
            classes: vec![TileClass::Unrevealed, TileClass::Number(0)],
            cells: first.cells_showing(|look| look < 2),
        }];
        cache.learn(&first);
        let next = cache.read_grid(&image, grid, &classifier).unwrap();
        assert!(next.doubt_of(0).is_some());
        assert!(next.doubt_of(1).is_some());
        assert!((2..next.looks.len()).all(|look| next.doubt_of(look).is_none()));
    }
}
