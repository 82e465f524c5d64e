//! Guard: the pure layers (board, solver) do no I/O, read no clock or environment, and use no
//! unseeded randomness, so their results depend on their inputs alone.

use std::path::Path;

const FORBIDDEN: [&str; 9] = [
    "std::fs",
    "std::net",
    "std::time",
    "std::env",
    "println!",
    "eprintln!",
    "print!(",
    "thread_rng",
    "Instant::now",
];

fn scan(dir: &Path, hits: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            scan(&path, hits);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            for (n, line) in text.lines().enumerate() {
                for word in FORBIDDEN {
                    if line.contains(word) {
                        hits.push(format!("{}:{}: {}", path.display(), n + 1, word));
                    }
                }
            }
        }
    }
}

#[test]
fn pure_layers_do_no_io() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut hits = Vec::new();
    let mut scanned = 0;
    for layer in ["board", "solver", "advice"] {
        let dir = root.join(layer);
        assert!(dir.is_dir(), "{} is missing", dir.display());
        scan(&dir, &mut hits);
        scanned += 1;
    }
    assert_eq!(scanned, 3);
    assert!(hits.is_empty(), "I/O in a pure layer:\n{}", hits.join("\n"));
}
