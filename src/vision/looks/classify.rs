//! The tile classifier: a small CNN in ONNX (trained by `training/`), run with tract. The model
//! ships inside the binary; `--model PATH` loads another.
//!
//! Input `tiles` is `[N, 3, 16, 16]` (RGB / 255), output `probs` is `[N, 15]` softmax
//! probabilities in [`TileClass`] order. The plan is made for a fixed batch of [`BATCH`] tiles:
//! with a symbolic N, tract re-plans shapes on every run and took twice as long.

use super::classes::{TileClass, CLASS_COUNT};
use super::tiles::{TileImage, TILE};
use crate::vision::VisionError;
use std::path::Path;
use std::sync::Arc;
use tract_onnx::prelude::*;

/// Tiles per run of the model: a fixed batch lets tract plan every shape once.
pub const BATCH: usize = 32;

/// The model trained by `training/train.py`, built into the binary.
pub const EMBEDDED_MODEL: &[u8] = include_bytes!("../../../models/tiles.onnx");

/// A loaded, optimised classifier, ready to run.
#[derive(Clone)]
pub struct Classifier {
    plan: Arc<TypedRunnableModel>,
}

impl std::fmt::Debug for Classifier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Classifier")
    }
}

/// One tile's class and the model's confidence in it (its softmax probability), with the
/// probability of every class: the board-level reading (`crate::skin`) weighs the others when
/// the first choice cannot hold on the board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Verdict {
    pub class: TileClass,
    pub confidence: f32,
    /// The model's probability of each class, in [`TileClass::from_index`] order.
    pub probs: [f32; CLASS_COUNT],
}

impl Verdict {
    /// The verdict sure of `class`: probability 1 for it, 0 for every other class (a class
    /// learned before, not a guess).
    pub fn certain(class: TileClass) -> Verdict {
        let mut probs = [0f32; CLASS_COUNT];
        if let Some(index) = class.index() {
            probs[index] = 1.0;
        }
        Verdict {
            class,
            confidence: 1.0,
            probs,
        }
    }

    /// The verdict of the model's probabilities `probs`: their likeliest class, and its
    /// probability as the confidence.
    pub fn from_distribution(probs: [f32; CLASS_COUNT]) -> Verdict {
        let (best, &confidence) = (probs.iter().enumerate())
            .max_by(|a, b| a.1.total_cmp(b.1))
            .unwrap_or((0, &0.0));
        Verdict {
            class: TileClass::from_index(best).unwrap_or(TileClass::Unrevealed),
            confidence,
            probs,
        }
    }

    /// The class the model found likeliest, whatever the verdict was settled as since.
    pub fn likeliest(&self) -> TileClass {
        Verdict::from_distribution(self.probs).class
    }

    /// The model's probability of `class` (0 for a class it does not name).
    pub fn prob(&self, class: TileClass) -> f32 {
        class.index().map_or(0.0, |i| self.probs[i])
    }

    /// The model's probabilities summed over the classes `keep` accepts.
    pub fn prob_among(&self, keep: impl Fn(TileClass) -> bool) -> f32 {
        (0..CLASS_COUNT)
            .filter(|&i| TileClass::from_index(i).is_some_and(&keep))
            .map(|i| self.probs[i])
            .sum()
    }

    /// The class the model ranks next after `class`, the verdict's own.
    pub fn runner_up(&self) -> Option<TileClass> {
        self.runner_up_among(|_| true)
    }

    /// The class the model ranks highest, other than `class` (the verdict's own), among those
    /// `keep` accepts.
    pub fn runner_up_among(&self, keep: impl Fn(TileClass) -> bool) -> Option<TileClass> {
        (0..CLASS_COUNT)
            .filter_map(|i| TileClass::from_index(i).map(|class| (i, class)))
            .filter(|&(_, class)| class != self.class && keep(class))
            .max_by(|a, b| self.probs[a.0].total_cmp(&self.probs[b.0]))
            .map(|(_, class)| class)
    }

    /// A verdict giving each listed class its probability, the first pair being its choice.
    #[cfg(test)]
    pub(crate) fn from_probs(pairs: &[(TileClass, f32)]) -> Verdict {
        let mut probs = [0f32; CLASS_COUNT];
        for &(class, p) in pairs {
            probs[class.index().unwrap()] = p;
        }
        Verdict {
            class: pairs[0].0,
            confidence: pairs[0].1,
            probs,
        }
    }

    /// The verdict that names `class` outright, the model's probabilities kept: what the
    /// board-level reading settles on may differ from the model's first choice.
    pub fn settled(mut self, class: TileClass) -> Verdict {
        if class != self.class {
            self.class = class;
            self.confidence = self.prob(class);
        }
        self
    }
}

impl Classifier {
    /// The classifier built into the binary.
    pub fn embedded() -> Result<Classifier, VisionError> {
        Classifier::from_bytes(EMBEDDED_MODEL)
    }

    /// A classifier read from an ONNX file with the same input and output as the built-in one.
    pub fn from_file(path: &Path) -> Result<Classifier, VisionError> {
        let bytes = std::fs::read(path)
            .map_err(|err| VisionError::Model(format!("cannot read {}: {err}", path.display())))?;
        Classifier::from_bytes(&bytes)
            .map_err(|err| VisionError::Model(format!("{}: {err}", path.display())))
    }

    /// A classifier from ONNX bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Classifier, VisionError> {
        let model_error = |err: TractError| VisionError::Model(format!("{err:#}"));
        let mut reader = bytes;
        let model = tract_onnx::onnx()
            .model_for_read(&mut reader)
            .map_err(model_error)?;
        let plan = model
            .with_input_fact(0, f32::fact([BATCH, 3, TILE, TILE]).into())
            .map_err(model_error)?
            .into_optimized()
            .map_err(model_error)?
            .into_runnable()
            .map_err(model_error)?;
        let classifier = Classifier { plan };
        // Refuse a model whose output is not one probability per class now, not mid-game.
        classifier.classify(&[[0u8; crate::vision::tiles::TILE_BYTES]])?;
        Ok(classifier)
    }

    /// Classifies each tile.
    pub fn classify(&self, tiles: &[TileImage]) -> Result<Vec<Verdict>, VisionError> {
        let mut verdicts = Vec::with_capacity(tiles.len());
        for chunk in tiles.chunks(BATCH) {
            verdicts.extend(self.classify_batch(chunk)?);
        }
        Ok(verdicts)
    }

    /// Classifies, in one run of batches, the views `views` gives of each of `looks` (a look it
    /// gives none is passed over), and replaces each look's verdict in `verdicts` with what
    /// `decide` makes of the look, its verdict and its views' verdicts, where it makes one.
    /// Returns how many looks were viewed and how many changed.
    pub fn review_looks(
        &self,
        looks: impl IntoIterator<Item = usize>,
        mut views: impl FnMut(usize) -> Option<Vec<TileImage>>,
        verdicts: &mut [Verdict],
        mut decide: impl FnMut(usize, &Verdict, &[Verdict]) -> Option<Verdict>,
    ) -> Result<(usize, usize), VisionError> {
        let mut tiles = Vec::new();
        let mut viewed = Vec::new();
        for look in looks {
            if let Some(shown) = views(look) {
                viewed.push((look, shown.len()));
                tiles.extend(shown);
            }
        }
        if viewed.is_empty() {
            return Ok((0, 0));
        }
        let mut seen = self.classify(&tiles)?.into_iter();
        let mut changed = 0;
        for (look, count) in viewed.iter().copied() {
            let of_look: Vec<Verdict> = seen.by_ref().take(count).collect();
            if let Some(verdict) = decide(look, &verdicts[look], &of_look) {
                verdicts[look] = verdict;
                changed += 1;
            }
        }
        Ok((viewed.len(), changed))
    }

    /// Classifies up to [`BATCH`] tiles in one run; the batch is padded with black tiles.
    fn classify_batch(&self, tiles: &[TileImage]) -> Result<Vec<Verdict>, VisionError> {
        let plane = TILE * TILE;
        let mut input = vec![0f32; BATCH * 3 * plane];
        for (tile, chunk) in tiles.iter().zip(input.chunks_exact_mut(3 * plane)) {
            // Interleaved RGB rows become three planes.
            for (i, rgb) in tile.chunks_exact(3).enumerate() {
                for (channel, &value) in rgb.iter().enumerate() {
                    chunk[channel * plane + i] = f32::from(value) / 255.0;
                }
            }
        }
        let model_error = |err: TractError| VisionError::Model(format!("{err:#}"));
        let tensor = Tensor::from_shape(&[BATCH, 3, TILE, TILE], &input).map_err(model_error)?;
        let outputs = self.plan.run(tvec!(tensor.into())).map_err(model_error)?;
        let probs = outputs
            .first()
            .ok_or_else(|| VisionError::Model("the model has no output".into()))?
            .to_plain_array_view::<f32>()
            .map_err(model_error)?;
        if probs.shape() != [BATCH, CLASS_COUNT] {
            return Err(VisionError::Model(format!(
                "output shape {:?}, expected [{BATCH}, {CLASS_COUNT}]",
                probs.shape(),
            )));
        }
        let verdicts = probs
            .outer_iter()
            .take(tiles.len())
            .map(|row| {
                let mut probs = [0f32; CLASS_COUNT];
                for (p, &q) in probs.iter_mut().zip(row.iter()) {
                    *p = q;
                }
                Verdict::from_distribution(probs)
            })
            .collect();
        Ok(verdicts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_runner_up_is_the_likeliest_other_class_among_those_kept() {
        let verdict = Verdict::from_probs(&[
            (TileClass::Number(1), 0.04),
            (TileClass::Flag, 0.94),
            (TileClass::Number(4), 0.02),
        ]);
        assert_eq!(verdict.runner_up(), Some(TileClass::Flag));
        assert_eq!(
            verdict.runner_up_among(|class| !class.is_mark()),
            Some(TileClass::Number(4))
        );
        assert_eq!(verdict.runner_up_among(|_| false), None);
    }
}
