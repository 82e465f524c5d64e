//! The whole chain for one picture of a game: vision's reading, the board-level reading of its
//! looks, the solver's consistency check and analysis, the advice, and the marks to draw.
//! `parse`, `advise` and `live` all go through here, so a board that cannot be right is treated
//! the same way everywhere (no advice, only a warning), and so is a board read in doubt (no
//! advice that rests on the cells in doubt). An impossible board names its likely cause: a
//! wrong flag (`crate::solver::wrong_flag`), else a misread look (`misread`).

mod doubt_reach;
mod misread;

use doubt_reach::misread_outside_the_doubt;
pub use misread::{misread_look, misread_note};

use crate::advice::{
    advise, best_guess, first_click_avoiding, Action, Advice, Guess, GuessKind, GuessPolicy,
};
use crate::board::{Board, Cell, Pos};
use crate::overlay::Marks;
use crate::skin::{advice_board, broken_rule, settle};
use crate::solver::{
    analyze, check_consistency, name_wrong_flag, Analysis, SolveError, SolveOptions,
};
use crate::vision::{self, Classifier, Grid, Hints, Reading, TileClass, VisionError};
use image::RgbImage;

/// Reads the board in `image`: the grid, each look classified, then the looks' classes settled
/// together under the rules of the game (`crate::skin`). A board refused or refuted is read
/// again on the grid moved onto the tiles' own edges (`vision::on_the_tiles_edges`), and that
/// reading taken where it is better ([`better`]).
pub fn read_board(
    image: &RgbImage,
    hints: Hints,
    classifier: &Classifier,
) -> Result<Reading, VisionError> {
    let grid = vision::locate(image, hints)?;
    let first = read_grid(image, grid, classifier);
    if !worth_another_reading(&first) {
        return first;
    }
    match read_on_the_tiles_edges(image, grid, classifier, &first) {
        Some(second) => Ok(second),
        None => first,
    }
}

/// The grid `grid` moved onto the tiles' own edges, where [`read_board`] would take the
/// reading there over the one on `grid`: `live` reads its frames through a cache of looks, and
/// asks this once, when a board it finds does not read, before it locks on the grid.
pub fn grid_on_the_tiles_edges(
    image: &RgbImage,
    grid: Grid,
    classifier: &Classifier,
) -> Option<Grid> {
    let first = read_grid(image, grid, classifier);
    if !worth_another_reading(&first) {
        return None;
    }
    read_on_the_tiles_edges(image, grid, classifier, &first).map(|second| second.grid)
}

/// Whether a reading is one to try again on the tiles' own edges: refused as unreadable, or
/// refuted by the rules.
fn worth_another_reading(reading: &Result<Reading, VisionError>) -> bool {
    match reading {
        Ok(reading) => reading.refuted,
        Err(VisionError::Unreadable(_)) => true,
        Err(_) => false,
    }
}

/// The board read on `grid` moved onto the tiles' own edges, where that reading is better than
/// `first`, the one on `grid` ([`better`]); none where the grid does not move, or moves off the
/// picture.
fn read_on_the_tiles_edges(
    image: &RgbImage,
    grid: Grid,
    classifier: &Classifier,
    first: &Result<Reading, VisionError>,
) -> Option<Reading> {
    let moved = vision::on_the_tiles_edges(image, grid);
    let rect = moved.rect();
    let inside = moved.x >= 0.0
        && moved.y >= 0.0
        && rect.x + rect.width <= image.width()
        && rect.y + rect.height <= image.height();
    if moved == grid || !inside {
        return None;
    }
    let second = read_grid(image, moved, classifier);
    if !better(&second, first) {
        return None;
    }
    tracing::debug!(?moved, "read again on the tiles' own edges, and better");
    second.ok()
}

/// Whether reading `a` is better than `b`: read where `b` was refused, or holding where `b`
/// was refuted; and `a` a board the solver can analyse with the game's mine total (a reading a
/// pixel off may read every covered tile of a fresh board as a flag, which the rules allow and
/// the count of mines does not). Never where `b` shows a lost game's mines, or may, and `a`
/// does not: a reading that drops a sign of a lost game is the worse (the HTML-table clone in
/// forced dark at 13 px, its lost board's bombs read in doubt, read as a game in play a pixel
/// off). Fewer doubts alone are no reason: they may be fewer because a look is misread surely.
fn better(a: &Result<Reading, VisionError>, b: &Result<Reading, VisionError>) -> bool {
    let lost = |r: &Reading| r.board.shows_mines() || may_show_mines(r);
    let analysable = |r: &Reading| {
        !matches!(
            outcome(r, r.mines, &GuessPolicy::default()),
            Outcome::Impossible { .. }
        )
    };
    match (a, b) {
        (Ok(a), Err(_)) => !a.refuted && analysable(a),
        (Ok(a), Ok(b)) => {
            let keeps_a_loss = lost(a) || !lost(b);
            b.refuted && !a.refuted && keeps_a_loss && analysable(a)
        }
        _ => false,
    }
}

/// [`read_board`] for a board whose grid is already found.
pub fn read_grid(
    image: &RgbImage,
    grid: Grid,
    classifier: &Classifier,
) -> Result<Reading, VisionError> {
    let mut reading = vision::read_grid(image, grid, classifier)?;
    let settled = settle(&mut reading);
    if !settled.possible {
        // Numbers that cannot all hold are named downstream (a wrong flag is the player's, and
        // the cells tell where); a board no game can show at all is no board of ours.
        if let Some(rule) = broken_rule(&reading.board) {
            let rect = reading.grid.rect();
            return Err(VisionError::Unreadable(format!(
                "a grid of {}x{} tiles was found at {},{} ({}x{} px), but its tiles do not read \
                 as a Minesweeper position ({rule}); this skin cannot be read",
                reading.grid.cols, reading.grid.rows, rect.x, rect.y, rect.width, rect.height
            )));
        }
    }
    Ok(reading)
}

/// What the solver made of a board that was read.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// The board is possible: its analysis and the advice.
    Advice { analysis: Analysis, advice: Advice },
    /// The board cannot be right (a misread tile, a wrong flag, a wrong mine total). Where no
    /// flag explains it, `misread` holds the tiles of the one look whose misreading would
    /// ([`misread_look`]), if there is one.
    Impossible {
        error: SolveError,
        misread: Vec<Pos>,
    },
    /// The game is lost: the board shows its mines, and nothing is left to play. (A game that
    /// ends in a loss may also draw its covered tiles flat, like open ones, so such a board is
    /// not analysed: any advice on it would be about tiles that cannot be opened.)
    GameOver,
}

impl Outcome {
    /// The marks to draw: advice, or a warning at the cells involved.
    pub fn marks(&self, heat: bool) -> Marks {
        match self {
            Outcome::Advice { analysis, advice } => Marks::from_advice(advice, analysis, heat),
            Outcome::Impossible { error, misread } => {
                Marks::conflict(error.cells().to_vec(), error.wrong_flag(), misread.clone())
            }
            Outcome::GameOver => Marks::default(),
        }
    }
}

/// Whether the numbers read can all hold, whatever the mine total: the cells of a minimal
/// conflicting set when they cannot.
pub fn conflict(reading: &Reading) -> Option<Vec<Pos>> {
    match check_consistency(&reading.board) {
        Err(SolveError::Inconsistent { cells, .. }) => Some(cells),
        _ => None,
    }
}

/// Analyses and advises on the board read, with `mines` (the total, flags included) when known.
pub fn outcome(reading: &Reading, mines: Option<u64>, policy: &GuessPolicy) -> Outcome {
    if reading.board.shows_mines() || may_show_mines(reading) {
        return Outcome::GameOver;
    }
    let options = SolveOptions {
        mines,
        ..SolveOptions::default()
    };
    // A board the rules refuted as read is misread somewhere, and weakening its cells in doubt
    // does not say where: a board that holds once weakened would be advised on the misreading
    // still standing. A guard: no capture swept on 2026-12-02 reached it (the wrong calls of
    // that day were on boards read as possible).
    // Nor does it where the misreading may lie outside the doubt (`doubt_reach`): no reading
    // of the looks in doubt lets the board hold, and a sure look read as covered does.
    // The board as read is checked once, for both.
    if reading.refuted || !reading.doubt.is_empty() {
        if let Err(error) = check_consistency(&reading.board) {
            let outside = || match &error {
                SolveError::Inconsistent { cells, .. } => misread_outside_the_doubt(reading, cells),
                _ => false,
            };
            if reading.refuted || outside() {
                return impossible(error, &reading.board, &reading.look_of);
            }
        }
    }
    // Cells in doubt are weakened so that nothing certain rests on them (`skin::doubt`).
    let board = advice_board(reading);
    match analyze(&board, &options) {
        Ok(analysis) => {
            let mut advice = advise(&board, &analysis, policy);
            let doubt = reading.doubt_cells();
            if !doubt.is_empty() {
                advice.moves.retain(|m| !in_doubt(&doubt, m.pos));
                // A guess on a cell in doubt, or none where every safe tile was one (a "2" in
                // doubt with a flag is a covered cell to the advice, and the 0s beside it make
                // it safe): the game needs a click all the same. Mines to flag are no click
                // that opens anything: JSMinesweeper's tooltip over the one safe tile left two
                // flags and no guess, and `live` nothing to play.
                let off = match advice.best_guess {
                    Some(guess) => in_doubt(&doubt, guess.pos),
                    None => !advice.moves.iter().any(|m| m.action == Action::Open),
                };
                if off {
                    advice.best_guess = off_the_doubt(&board, &analysis, advice.best_guess, &doubt);
                }
            }
            Outcome::Advice { analysis, advice }
        }
        Err(error) => impossible(error, &board, &reading.look_of),
    }
}

/// The outcome for `board` (each cell showing the look `look_of` names), which the solver found
/// impossible with `error`: told to the player, a flag that explains it named first, else a
/// look that does.
fn impossible(error: SolveError, board: &Board, look_of: &[usize]) -> Outcome {
    let error = name_wrong_flag(error, board);
    let misread = match &error {
        SolveError::Inconsistent { cells, flag: None } => misread_look(board, look_of, cells),
        _ => Vec::new(),
    };
    Outcome::Impossible { error, misread }
}

/// Tiles in doubt with a crossed flag from which the board may be a lost game's.
const CROSSED_IN_DOUBT: usize = 2;

/// Whether the board shows a symbol that may be a mine (`crate::skin::symbols`), or
/// [`CROSSED_IN_DOUBT`] tiles or more that are or may be crossed flags (wrong flags, shown only
/// once the game is lost): a lost game in a skin whose mines do not read. Advice there would rest on
/// a game that may be over. The rounded clone's lost board at 40 px (device scale 1.2, zoom 67%,
/// light page) read its 20 red ✕ mines in doubt between a "2" and a wrong flag, and got a best
/// guess; the classifier found some of them likeliest crossed flags. One such tile alone is a
/// glyph misread on a game in play (a "2" of winmine.html in forced dark at 18 px), whose advice
/// rests elsewhere; and where no look of the board is likeliest a crossed flag to the
/// classifier, a wrong flag is only the runner-up of digits it read unsurely: winmine.html's red
/// 3s in forced dark at 19 px, a crossed flag to the model at 0.001 to 0.07 on an "unknown
/// skin" (`skin::unknown_skin`), left four opened boards in play with no advice.
pub fn may_show_mines(reading: &Reading) -> bool {
    // Settled as crossed flags, by the rules after the labelling: JSMinesweeper's lost board in
    // forced dark at 21 px, its spiked mines wrong flags to the model and its exploded mine
    // under the tooltip of the pointer resting on it (hidden, so no mine showed), got a guess.
    let board = &reading.board;
    let settled = (board.positions())
        .filter(|&p| board.get(p) == Cell::Blank)
        .count();
    if settled >= CROSSED_IN_DOUBT {
        return true;
    }
    let crossed: usize = (reading.doubt.iter())
        .filter(|doubt| doubt.classes.contains(&TileClass::WrongFlag))
        .map(|doubt| doubt.cells.len())
        .sum();
    let a_crossed_flag_seen =
        (reading.looks.iter()).any(|look| look.likeliest() == TileClass::WrongFlag);
    (crossed >= CROSSED_IN_DOUBT && a_crossed_flag_seen)
        || (reading.doubt.iter()).any(|doubt| crate::skin::symbols::may_be_mine(&doubt.classes))
}

/// Whether the board read shows a mine outside every doubt: a lost game, as the game draws it.
/// A mine read only in doubt (winmine.html's pale "4" in forced dark at 17 px, a mine to the
/// model at 0.55 and a "4" at the rest) may be a lost game's or a number of a game in play:
/// the board gets no advice either way, but the player is not told the game is over.
pub fn shows_a_sure_mine(reading: &Reading) -> bool {
    let doubt = reading.doubt_cells();
    let board = &reading.board;
    (board.positions()).any(|p| board.get(p).is_shown_mine() && !in_doubt(&doubt, p))
}

/// The best guess on the board read, with `policy`, given the `analysis` [`outcome`] made of it:
/// what `live` works out after the fast advice is drawn, to draw the deep policy's guess.
/// None where no guess is needed or the guess would rest on a cell in doubt, as in [`outcome`].
pub fn guess_with(reading: &Reading, analysis: &Analysis, policy: &GuessPolicy) -> Option<Guess> {
    let board = advice_board(reading);
    let guess = best_guess(&board, analysis, analysis.mines, policy)?;
    let doubt = reading.doubt_cells();
    if in_doubt(&doubt, guess.pos) {
        off_the_doubt(&board, analysis, Some(guess), &doubt)
    } else {
        Some(guess)
    }
}

/// A guess on no cell of `doubt`, for `guess`, which lies on one (or for none, where every
/// certain move lay on one): a first click goes to the next tile its rule favours (svgtag's
/// fresh board in forced dark at 67% on a 1.75 screen read its corner in doubt with a 0, and got
/// no first click); any other guess is the tile least likely a mine off the doubt, as `analysis`
/// of the weakened `board` gives it. The policy's scores were worked out with the cell in doubt
/// among the candidates, so they are not used. Winemine's white "2"s in doubt with a flag, read
/// as covered cells beside 0s, were the board's only safe tiles, and Wine's `live` test stopped
/// on boards with no move and no guess.
fn off_the_doubt(
    board: &Board,
    analysis: &Analysis,
    guess: Option<Guess>,
    doubt: &[(usize, usize)],
) -> Option<Guess> {
    if let Some(GuessKind::FirstClick { rule }) = guess.map(|g| g.kind) {
        return first_click_avoiding(board, rule, |p| in_doubt(doubt, p));
    }
    let safest = analysis.safest_tile(|p| !in_doubt(doubt, p))?;
    Some(Guess {
        pos: safest.pos,
        mine: safest.mine.to_f64(),
        kind: GuessKind::Safest,
    })
}

/// Whether `pos` is among `doubt`, cells as sorted (row, col).
fn in_doubt(doubt: &[(usize, usize)], pos: Pos) -> bool {
    doubt.binary_search(&(pos.row, pos.col)).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;
    use crate::vision::{Doubt, Verdict};

    /// The board `text` read as it is, `cells` in doubt between `classes`.
    fn with_doubt(text: &str, classes: &[TileClass], cells: &[(usize, usize)]) -> Reading {
        let mut reading = Reading::of_board(parse_board(text).unwrap());
        reading.doubt.push(Doubt {
            look: 0,
            classes: classes.to_vec(),
            cells: cells.to_vec(),
        });
        reading
    }

    /// A reading of a flag beside a 0, in doubt with a covered tile: as read the 0 refutes the
    /// flag; weakened, the tile is covered and holds no mine, and the board holds.
    fn reading(refuted: bool) -> Reading {
        let classes = [TileClass::Flag, TileClass::Unrevealed];
        let mut reading = with_doubt("0F..\n00..\n", &classes, &[(0, 1)]);
        reading.refuted = refuted;
        reading
    }

    #[test]
    fn a_mine_read_only_in_doubt_is_no_sure_sign_of_a_lost_game() {
        let classes = [TileClass::Mine, TileClass::Number(4)];
        let doubted = with_doubt("....\n.*..\n", &classes, &[(1, 1)]);
        assert!(!shows_a_sure_mine(&doubted));
        // No advice all the same: the game may be lost.
        let policy = GuessPolicy::default();
        assert!(matches!(
            outcome(&doubted, None, &policy),
            Outcome::GameOver
        ));
        let sure = Reading::of_board(parse_board("....\n.*..\n").unwrap());
        assert!(shows_a_sure_mine(&sure));
    }

    #[test]
    fn a_board_the_rules_refuted_as_read_gets_no_advice_whatever_its_doubts_weaken() {
        let policy = GuessPolicy::default();
        assert!(matches!(
            outcome(&reading(false), None, &policy),
            Outcome::Advice { .. }
        ));
        assert!(matches!(
            outcome(&reading(true), None, &policy),
            Outcome::Impossible { .. }
        ));
    }

    #[test]
    fn crossed_flags_read_with_no_mine_shown_are_a_lost_game() {
        // Two tiles settled as wrong flags ("x"), the mine that ended the game hidden: lost.
        let policy = GuessPolicy::default();
        let reading = Reading::of_board(parse_board("x...\n.1..\n...x\n").unwrap());
        assert!(!reading.board.shows_mines());
        assert!(matches!(
            outcome(&reading, None, &policy),
            Outcome::GameOver
        ));
        // One alone may be a glyph misread on a game in play.
        let reading = Reading::of_board(parse_board("x...\n.1..\n....\n").unwrap());
        assert!(matches!(
            outcome(&reading, None, &policy),
            Outcome::Advice { .. }
        ));
    }

    #[test]
    fn tiles_in_doubt_with_crossed_flags_may_be_a_lost_game_and_get_no_advice() {
        let classes = [TileClass::Number(2), TileClass::WrongFlag];
        let mut reading = with_doubt("12..\n.2..\n", &classes, &[(0, 1), (1, 1)]);
        let policy = GuessPolicy::default();
        // No look the classifier found likeliest a crossed flag: unsure digits in play.
        assert!(matches!(
            outcome(&reading, Some(3), &policy),
            Outcome::Advice { .. }
        ));
        let crossed = [(TileClass::WrongFlag, 0.8), (TileClass::Number(2), 0.2)];
        reading.looks.push(Verdict::from_probs(&crossed));
        assert!(matches!(
            outcome(&reading, Some(3), &policy),
            Outcome::GameOver
        ));
        // One alone is a misread glyph on a game in play.
        reading.doubt[0].cells.pop();
        assert!(matches!(
            outcome(&reading, Some(3), &policy),
            Outcome::Advice { .. }
        ));
        reading.doubt[0].cells.push((1, 1));
        reading.doubt[0].classes = vec![TileClass::Number(2), TileClass::Number(3)];
        assert!(matches!(
            outcome(&reading, Some(3), &policy),
            Outcome::Advice { .. }
        ));
    }

    #[test]
    fn where_every_certain_move_is_in_doubt_the_safest_tile_off_it_is_the_guess() {
        // The 0's neighbours, digits in doubt with a flag, are covered cells to the advice and
        // safe beside the 0: no move is left, and the guess goes off the doubt.
        let classes = [TileClass::Number(2), TileClass::Flag];
        let doubted = [(0, 1), (1, 0), (1, 1)];
        let reading = with_doubt("0...\n....\n", &classes, &doubted);
        let Outcome::Advice { advice, .. } = outcome(&reading, Some(1), &GuessPolicy::default())
        else {
            panic!("a board in play gets advice");
        };
        assert!(advice.moves.is_empty());
        let guess = advice.best_guess.expect("a guess off the doubt");
        assert!(!doubted.contains(&(guess.pos.row, guess.pos.col)));
        assert_eq!(guess.kind, GuessKind::Safest);
    }

    #[test]
    fn where_the_one_safe_tile_is_hidden_and_only_mines_are_certain_a_guess_is_given() {
        // The "2" makes both tiles below it mines, and the "3" then leaves (2, 2) safe: hidden
        // under a tooltip, it is no move, and flags alone open nothing.
        let hidden = [TileClass::Unrevealed, TileClass::Number(1), TileClass::Flag];
        let reading = with_doubt("01..\n23..\n....\n", &hidden, &[(2, 2)]);
        let Outcome::Advice { advice, .. } = outcome(&reading, Some(4), &GuessPolicy::default())
        else {
            panic!("a board in play gets advice");
        };
        assert!(advice.moves.iter().all(|m| m.action == Action::Flag));
        assert_eq!(advice.moves.len(), 2);
        let guess = advice.best_guess.expect("a guess off the doubt");
        assert_ne!((guess.pos.row, guess.pos.col), (2, 2));
    }

    #[test]
    fn a_fresh_board_whose_corner_is_in_doubt_gets_its_first_click_in_another_corner() {
        let classes = [TileClass::Unrevealed, TileClass::Number(0)];
        let reading = with_doubt("....\n....\n....\n", &classes, &[(0, 0)]);
        let policy = GuessPolicy::default();
        let Outcome::Advice { analysis, advice } = outcome(&reading, Some(2), &policy) else {
            panic!("a fresh board gets advice");
        };
        let corner = Pos::new(0, 3);
        assert_eq!(advice.best_guess.map(|g| g.pos), Some(corner));
        let deep = guess_with(&reading, &analysis, &policy);
        assert_eq!(deep.map(|g| g.pos), Some(corner));
    }
}
