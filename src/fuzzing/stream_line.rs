//! Fuzz target: one request line of `solve --stream`.

use crate::advice::answer_request;

/// Answers `data` as a request line, with and without number probabilities, and renders the
/// advice as its JSON parts.
pub fn stream_line(data: &[u8]) {
    let Ok(line) = std::str::from_utf8(data) else {
        return;
    };
    for numbers in [false, true] {
        if let Ok((analysis, advice)) = answer_request(line, numbers) {
            assert!(analysis.tiles.iter().all(|t| t.mine.to_f64() <= 1.0));
            let _ = serde_json::to_string(&advice.moves_json());
            let _ = serde_json::to_string(&advice.guess_json());
        }
    }
}
