//! Replays every checked-in fuzzing input through its target (`minehint::fuzzing`): the seed
//! corpus in `fuzz/corpus/TARGET` and each input a fuzzer once found to crash or hang in
//! `fuzz/regressions/TARGET`. A target panics on any broken expectation, so a regression fails
//! here without AFL++ installed.

use std::path::{Path, PathBuf};

fn inputs(folder: &str, target: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz")
        .join(folder)
        .join(target);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.file_name().is_some_and(|n| n != ".gitkeep"))
        .collect();
    files.sort();
    files
}

fn replay(folder: &str) -> usize {
    let mut count = 0;
    for (target, run) in minehint::fuzzing::TARGETS {
        for path in inputs(folder, target) {
            let data = std::fs::read(&path).unwrap();
            eprintln!("{target}: {}", path.display());
            run(&data);
            count += 1;
        }
    }
    count
}

#[test]
fn the_seed_corpus_runs_clean() {
    let count = replay("corpus");
    assert!(count >= 60, "only {count} corpus inputs");
}

#[test]
fn every_past_finding_stays_fixed() {
    replay("regressions");
}
