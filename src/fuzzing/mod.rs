//! Fuzz targets: each takes arbitrary bytes and puts them through what minehint does with that
//! kind of input, checking along the way what must always hold. They must return, never panic,
//! for every input. The coverage-guided fuzzer (`fuzz/`, run by `scripts/fuzz.sh`) calls them
//! with mutated inputs; `tests/fuzz_corpus.rs` replays the checked-in corpus and every input a
//! fuzzer once found wrong, so a regression fails `cargo test` without the fuzzer.
//!
//! Not part of the program's interface: nothing outside the fuzzing harness calls these.

mod board_text;
mod image_file;
mod profile_file;
mod stream_line;

pub use board_text::board_text;
pub use image_file::image_file;
pub use profile_file::profile_file;
pub use stream_line::stream_line;

use crate::vision::Classifier;
use std::sync::OnceLock;

/// The built-in classifier, loaded once per process (a fuzzer runs thousands of inputs in one).
fn classifier() -> &'static Classifier {
    static CLASSIFIER: OnceLock<Classifier> = OnceLock::new();
    CLASSIFIER.get_or_init(|| Classifier::embedded().expect("the built-in model loads"))
}

/// A target's entry point.
pub type Target = fn(&[u8]);

/// The names of the targets, as `fuzz/` and the corpus folders spell them, with their entry
/// points.
pub const TARGETS: [(&str, Target); 4] = [
    ("board_text", board_text),
    ("stream_line", stream_line),
    ("image_file", image_file),
    ("profile_file", profile_file),
];
