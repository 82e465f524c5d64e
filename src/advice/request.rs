//! One request line of `solve --stream`: `{"board": "...", "mines": N}` read into a board and its
//! mine total, and answered with the analysis and the advice. The command line writes the answer
//! as JSON; the fuzzer (`crate::fuzzing`) sends it arbitrary lines.

use super::{advise, Advice, GuessPolicy};
use crate::board::{parse_board, Board, BoardError};
use crate::solver::{analyze, name_wrong_flag, Analysis, SolveError, SolveOptions};
use serde::Deserialize;

#[derive(Debug, Deserialize)]
struct Request {
    board: String,
    #[serde(default)]
    mines: Option<u64>,
}

/// Why a request line got no answer.
#[derive(Debug, thiserror::Error)]
pub enum RequestError {
    #[error("bad request line")]
    Json(#[source] serde_json::Error),
    #[error(transparent)]
    Board(#[from] BoardError),
    #[error(transparent)]
    Solve(#[from] SolveError),
}

/// The board and mine total a request line asks about.
pub fn parse_request(line: &str) -> Result<(Board, Option<u64>), RequestError> {
    let request: Request = serde_json::from_str(line).map_err(RequestError::Json)?;
    Ok((parse_board(&request.board)?, request.mines))
}

/// The analysis and advice for one request line; number probabilities only when asked for and
/// the mine total is given (they need it).
pub fn answer_request(line: &str, numbers: bool) -> Result<(Analysis, Advice), RequestError> {
    let (board, mines) = parse_request(line)?;
    let options = SolveOptions {
        mines,
        numbers: numbers && mines.is_some(),
        histogram: false,
        ..SolveOptions::default()
    };
    let analysis = analyze(&board, &options).map_err(|err| name_wrong_flag(err, &board))?;
    let advice = advise(&board, &analysis, &GuessPolicy::deep());
    Ok((analysis, advice))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_is_answered_and_bad_ones_say_why() {
        let (analysis, advice) =
            answer_request(r#"{"board": "1.\n..", "mines": 1}"#, true).unwrap();
        assert_eq!(analysis.mines, Some(1));
        assert!(advice.moves.is_empty());
        assert!(matches!(
            answer_request("{board: 1}", false),
            Err(RequestError::Json(_))
        ));
        assert!(matches!(
            answer_request(r#"{"board": "9"}"#, false),
            Err(RequestError::Board(_))
        ));
        assert!(matches!(
            answer_request(r#"{"board": "1.", "mines": 5}"#, false),
            Err(RequestError::Solve(_))
        ));
    }
}
