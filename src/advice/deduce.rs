//! The fast deduction pass: certain moves found by rules a player can follow, before (and usually
//! instead of) the exact count.
//!
//! Every revealed number gives an equation: its covered neighbours hold (number − known mines
//! around it) mines. The rules, tried cheapest first and repeated until nothing changes:
//! - single: an equation needing 0 mines clears its tiles; one needing as many mines as it has
//!   tiles fills them;
//! - pair: for equations A and B, B∖A holds at least need(B) − need(A) mines; when that equals
//!   |B∖A|, B∖A is all mines and A∖B all safe (with A ⊂ B this is the subset rule);
//! - triple: for A, B inside reach of C, C∖(A∪B) holds at least need(C) − need(A) − need(B) mines;
//!   when that equals its size, it is all mines, and A∖C, B∖C and A∩B∩C are safe (equality
//!   forces A and B to spend all their mines inside C, and none on tiles they share there).
//!
//! When few covered tiles remain, the mine total is one more equation over all of them.
//! Tiles settled by one rule shrink the other equations, so the rules chain. Each move keeps the
//! rule and the numbers that gave it, for the player to check.
//!
//! Sound only on a consistent board: on an impossible one the rules may contradict each other,
//! which is reported as [`Deduced::contradiction`] (the exact solver says where).

use crate::board::{Board, Cell, Pos};
use crate::solver::ByTile;
use std::fmt;

/// The mine total joins the equations when at most this many covered tiles are undecided: beyond
/// that it rarely settles anything and would be compared with every other equation.
const TOTAL_EQUATION_TILES: usize = 64;

/// What a certain move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// The tile is safe: open it.
    Open,
    /// The tile is a mine: flag it (or just leave it).
    Flag,
}

impl Action {
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Open => "open",
            Action::Flag => "flag",
        }
    }
}

/// Where an equation comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// The revealed number `value` at `pos`.
    Number { pos: Pos, value: u8 },
    /// The mine total: `left` mines among the covered tiles not yet decided.
    Total { left: u64 },
}

impl Source {
    /// The source in words ("the 3 at (4, 5)", "the 12 mine(s) left"), appended to `out`. Written
    /// piece by piece: a JSON answer writes this for every move, and through `write!` (each
    /// number through the formatter's padding) writing its moves took 68% more instructions.
    pub fn push_words(&self, out: &mut String) {
        let mut digits = itoa::Buffer::new();
        out.push_str("the ");
        match self {
            Source::Number { pos, value } => {
                out.push_str(digits.format(*value));
                out.push_str(" at (");
                out.push_str(digits.format(pos.row));
                out.push_str(", ");
                out.push_str(digits.format(pos.col));
                out.push(')');
            }
            Source::Total { left } => {
                out.push_str(digits.format(*left));
                out.push_str(" mine(s) left");
            }
        }
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut words = String::new();
        self.push_words(&mut words);
        f.write_str(&words)
    }
}

/// Why a move is certain.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// One equation settles the tile by itself.
    Single(Source),
    /// Two equations compared (the subset rule and its generalisation).
    Pair(Source, Source),
    /// Three equations: the first two spend all their mines inside the third.
    Triple(Source, Source, Source),
    /// Only the exact count shows it: the tile is the same in all this many layouts.
    AllLayouts(num_bigint::BigUint),
}

/// A certain move with its reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub pos: Pos,
    pub action: Action,
    pub reason: Reason,
}

impl Move {
    /// The reason in words, for a player.
    pub fn explain(&self) -> String {
        let mut text = String::new();
        self.write_explanation(&mut text);
        text
    }

    /// [`Move::explain`]'s words appended to `out`: a JSON answer with dozens of moves writes
    /// them all through one buffer instead of a new string each.
    pub fn write_explanation(&self, out: &mut String) {
        let rule = |out: &mut String, name: &str, sources: &[&Source], joins: &[&str]| {
            out.push_str(name);
            for (source, join) in sources.iter().zip(joins) {
                out.push_str(join);
                source.push_words(out);
            }
        };
        match (&self.reason, self.action) {
            (Reason::Single(s @ Source::Number { .. }), Action::Open) => {
                s.push_words(out);
                out.push_str(" already touches all its mines");
            }
            (Reason::Single(s @ Source::Number { .. }), Action::Flag) => {
                s.push_words(out);
                out.push_str(" needs a mine on every covered tile it touches");
            }
            (Reason::Single(s @ Source::Total { .. }), Action::Open) => {
                s.push_words(out);
                out.push_str(" are all placed");
            }
            (Reason::Single(s @ Source::Total { .. }), Action::Flag) => {
                s.push_words(out);
                out.push_str(" fill every covered tile");
            }
            (Reason::Pair(a, b), _) => rule(out, "pair rule:", &[a, b], &[" ", " and "]),
            (Reason::Triple(a, b, c), _) => {
                rule(out, "triple rule:", &[a, b, c], &[" ", " and ", " inside "])
            }
            (Reason::AllLayouts(n), action) => {
                out.push_str(match action {
                    Action::Open => "safe in all ",
                    Action::Flag => "a mine in all ",
                });
                out.push_str(&n.to_string());
                out.push_str(" layouts");
            }
        }
    }
}

/// The result of the deduction pass.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deduced {
    /// Certain moves in the order found.
    pub moves: Vec<Move>,
    /// The rules reached a contradiction: the board is inconsistent.
    pub contradiction: bool,
}

impl Deduced {
    /// Whether some tile was found safe.
    pub fn has_safe(&self) -> bool {
        self.moves.iter().any(|m| m.action == Action::Open)
    }
}

/// How far the rules go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Depth {
    /// Single equations only.
    Single,
    /// Single and pair rules.
    Pair,
    /// All three rules.
    Triple,
}

/// An equation: `need` mines among `tiles` (board indices, sorted, undecided tiles only).
#[derive(Clone, Debug)]
struct Equation {
    tiles: Vec<usize>,
    need: i64,
    source: Source,
}

/// What the pass knows about a covered tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Known {
    Unknown,
    Safe,
    Mine,
}

/// Runs the rules up to `depth` on `board`; `mines` is the total (flags included), if known.
pub fn deduce(board: &Board, mines: Option<u64>, depth: Depth) -> Deduced {
    deduce_near(board, mines, depth, None)
}

/// [`deduce`] with only the numbers within `reach` (row and column distance) of `center`: what
/// one newly revealed number can settle, cheaply. `None` takes every number.
pub fn deduce_near(
    board: &Board,
    mines: Option<u64>,
    depth: Depth,
    near: Option<(Pos, usize)>,
) -> Deduced {
    run_pass(board, mines, depth, Scope::from(near), false)
}

/// [`deduce`] with only the numbers within [`AROUND_REACH`] of a tile in `changed`: most of what
/// tiles revealed since the last pass can settle, cheaply. A rule that fires afresh needs an
/// equation that changed: a number at or beside a revealed tile. Its partners overlap it, so they
/// lie within two tiles more; reading all of them (and a triple's, within four) costs more than
/// it finds, and what is missed here is found by a pass over the whole board.
pub(crate) fn deduce_around(
    board: &Board,
    mines: Option<u64>,
    depth: Depth,
    changed: &[Pos],
) -> Deduced {
    let mut read = vec![false; board.rows() * board.cols()];
    for &p in changed {
        for q in board.square(p, AROUND_REACH) {
            read[board.index(q)] = true;
        }
    }
    run_pass(board, mines, depth, Scope::Marked(&read), false)
}

/// How far from a changed tile [`deduce_around`] reads numbers (row and column distance). In a
/// game's play loop 2 took the fewest instructions: 0.4% fewer than 1, 1.2% fewer than 3 and 2.5%
/// fewer than 4.
const AROUND_REACH: usize = 2;

/// Which numbers a pass reads.
#[derive(Clone, Copy)]
enum Scope<'a> {
    /// Every number.
    All,
    /// Those within a distance (rows and columns) of a tile.
    Square(Pos, usize),
    /// Those whose board index is marked.
    Marked(&'a [bool]),
}

impl From<Option<(Pos, usize)>> for Scope<'_> {
    fn from(near: Option<(Pos, usize)>) -> Self {
        match near {
            None => Scope::All,
            Some((center, reach)) => Scope::Square(center, reach),
        }
    }
}

/// [`deduce_near`] that stops as soon as a sweep of one rule has found a safe tile: for callers
/// that only need some safe tile (a game opens what it gets and asks again on the board that
/// leaves, where the cheap rules usually find more). The costlier rules then run only on boards
/// the cheaper ones cannot move. The moves found are certain all the same; only fewer of them.
pub(crate) fn deduce_until_safe(
    board: &Board,
    mines: Option<u64>,
    depth: Depth,
    near: Option<(Pos, usize)>,
) -> Deduced {
    run_pass(board, mines, depth, Scope::from(near), true)
}

fn run_pass(
    board: &Board,
    mines: Option<u64>,
    depth: Depth,
    scope: Scope<'_>,
    stop_at_safe: bool,
) -> Deduced {
    let mut pass = Pass::new(board, mines, scope);
    pass.run(depth, stop_at_safe);
    Deduced {
        moves: pass.moves,
        contradiction: pass.contradiction,
    }
}

struct Pass<'a> {
    board: &'a Board,
    equations: Vec<Equation>,
    known: Vec<Known>,
    /// The numbers' equations (by index, ascending) that contain each board index. The mine
    /// total's equation, which holds every undecided covered tile, is `total_equation` once
    /// added.
    containing: ByTile,
    total_equation: Option<usize>,
    /// Mines left to place among undecided covered tiles, and how many those are.
    total: Option<(i64, usize)>,
    moves: Vec<Move>,
    contradiction: bool,
}

impl<'a> Pass<'a> {
    fn new(board: &'a Board, mines: Option<u64>, scope: Scope<'_>) -> Pass<'a> {
        let tiles = board.rows() * board.cols();
        let mut equations = Vec::new();
        // Each number read becomes an equation over its covered neighbours.
        let mut read = |pos: Pos| {
            let Cell::Number(value) = board.get(pos) else {
                return;
            };
            let mut covered = Vec::with_capacity(8);
            let mut need = i64::from(value);
            for n in board.neighbors(pos) {
                match board.get(n) {
                    Cell::Unrevealed => covered.push(board.index(n)),
                    c if c.is_known_mine() => need -= 1,
                    _ => {}
                }
            }
            if covered.is_empty() {
                return;
            }
            covered.sort_unstable();
            equations.push(Equation {
                tiles: covered,
                need,
                source: Source::Number { pos, value },
            });
        };
        match scope {
            Scope::All => board.positions().for_each(&mut read),
            Scope::Square(center, reach) => board.square(center, reach).for_each(&mut read),
            Scope::Marked(marked) => board
                .positions()
                .filter(|&p| marked[board.index(p)])
                .for_each(&mut read),
        }
        let containing = ByTile::new(equations.iter().map(|eq| eq.tiles.as_slice()), tiles);
        let covered = (0..tiles)
            .filter(|&i| board.get_index(i).is_unrevealed())
            .count();
        let total = mines.map(|m| (m as i64 - board.known_mines() as i64, covered));
        Pass {
            board,
            equations,
            known: vec![Known::Unknown; tiles],
            containing,
            total_equation: None,
            total,
            moves: Vec::new(),
            contradiction: false,
        }
    }

    /// Applies the rules, cheapest first, until none finds anything (or, with `stop_at_safe`,
    /// until one has found a safe tile).
    fn run(&mut self, depth: Depth, stop_at_safe: bool) {
        loop {
            if self.contradiction {
                return;
            }
            if stop_at_safe && self.moves.iter().any(|m| m.action == Action::Open) {
                return;
            }
            self.add_total_if_small();
            if self.singles() {
                continue;
            }
            if depth >= Depth::Pair && self.pairs() {
                continue;
            }
            if depth >= Depth::Triple && self.triples() {
                continue;
            }
            return;
        }
    }

    /// Adds the mine total as an equation once few undecided covered tiles remain.
    fn add_total_if_small(&mut self) {
        let Some((left, undecided)) = self.total else {
            return;
        };
        if self.total_equation.is_some() || undecided > TOTAL_EQUATION_TILES {
            return;
        }
        let tiles: Vec<usize> = self
            .board
            .positions()
            .map(|p| self.board.index(p))
            .filter(|&i| self.board.get_index(i).is_unrevealed() && self.known[i] == Known::Unknown)
            .collect();
        self.total_equation = Some(self.equations.len());
        self.equations.push(Equation {
            tiles,
            need: left,
            source: Source::Total {
                left: left.max(0) as u64,
            },
        });
    }

    /// Records that tile `t` is `what`, shrinking every equation that holds it.
    fn settle(&mut self, t: usize, what: Known, reason: &Reason) {
        match self.known[t] {
            Known::Unknown => {}
            k if k == what => return,
            _ => {
                self.contradiction = true;
                return;
            }
        }
        self.known[t] = what;
        let total = self.total_equation;
        for &e in self.containing.of(t).iter().chain(&total) {
            let eq = &mut self.equations[e];
            if let Ok(i) = eq.tiles.binary_search(&t) {
                eq.tiles.remove(i);
                if what == Known::Mine {
                    eq.need -= 1;
                }
            }
        }
        if let Some((left, undecided)) = &mut self.total {
            *undecided -= 1;
            if what == Known::Mine {
                *left -= 1;
            }
        }
        let pos = self.board.pos_of(t);
        let action = match what {
            Known::Mine => Action::Flag,
            _ => Action::Open,
        };
        self.moves.push(Move {
            pos,
            action,
            reason: reason.clone(),
        });
    }

    fn settle_all(&mut self, tiles: &[usize], what: Known, reason: &Reason) {
        for &t in tiles {
            self.settle(t, what, reason);
        }
    }

    /// The single rule on every equation; true when something was settled.
    fn singles(&mut self) -> bool {
        let before = self.moves.len();
        for e in 0..self.equations.len() {
            let eq = &self.equations[e];
            if eq.tiles.is_empty() {
                if eq.need != 0 {
                    self.contradiction = true;
                }
                continue;
            }
            if eq.need < 0 || eq.need > eq.tiles.len() as i64 {
                self.contradiction = true;
                return true;
            }
            let what = if eq.need == 0 {
                Known::Safe
            } else if eq.need == eq.tiles.len() as i64 {
                Known::Mine
            } else {
                continue;
            };
            let tiles = eq.tiles.clone();
            let reason = Reason::Single(eq.source);
            self.settle_all(&tiles, what, &reason);
        }
        self.moves.len() > before || self.contradiction
    }

    /// Equations sharing a tile with equation `e` (each once, `e` excluded), into `found`: one
    /// list for every equation of a pass, not a new one each.
    fn overlapping(&self, e: usize, found: &mut Vec<usize>) {
        found.clear();
        let tiles = &self.equations[e].tiles;
        found.extend(
            (tiles.iter())
                .flat_map(|&t| self.containing.of(t).iter().copied())
                .filter(|&o| o != e && !self.equations[o].tiles.is_empty()),
        );
        // The total's equation holds every undecided tile, so every other equation with tiles
        // left: it shares them all with it.
        if let Some(total) = self.total_equation {
            if total != e && !tiles.is_empty() && !self.equations[total].tiles.is_empty() {
                found.push(total);
            }
        }
        found.sort_unstable();
        found.dedup();
    }

    /// The pair rule on every ordered pair of overlapping equations.
    fn pairs(&mut self) -> bool {
        let before = self.moves.len();
        let mut near = Vec::new();
        for b in 0..self.equations.len() {
            self.overlapping(b, &mut near);
            for &a in &near {
                let (ea, eb) = (&self.equations[a], &self.equations[b]);
                // Counted before anything is built: the rule rarely fires. A count of B's tiles
                // lies between 0 and all of them, so most pairs are ruled out by their needs.
                let outside = eb.need - ea.need;
                if !(0..=eb.tiles.len() as i64).contains(&outside)
                    || outside != count_outside(&eb.tiles, &ea.tiles, &[]) as i64
                {
                    continue;
                }
                let only_b = minus(&eb.tiles, &ea.tiles);
                let only_a = minus(&ea.tiles, &eb.tiles);
                if only_a.is_empty() && only_b.is_empty() {
                    continue;
                }
                let reason = Reason::Pair(ea.source, eb.source);
                self.settle_all(&only_b, Known::Mine, &reason);
                self.settle_all(&only_a, Known::Safe, &reason);
            }
            if self.contradiction {
                return true;
            }
        }
        self.moves.len() > before
    }

    /// The triple rule: for each equation C, every two equations A, B overlapping it.
    fn triples(&mut self) -> bool {
        let before = self.moves.len();
        let mut near = Vec::new();
        for c in 0..self.equations.len() {
            self.overlapping(c, &mut near);
            for (i, &a) in near.iter().enumerate() {
                for &b in &near[i + 1..] {
                    let (ea, eb, ec) = (&self.equations[a], &self.equations[b], &self.equations[c]);
                    // As for pairs: C's tiles outside A and B number between 0 and all of C's.
                    let rest = ec.need - ea.need - eb.need;
                    if !(0..=ec.tiles.len() as i64).contains(&rest)
                        || rest != count_outside(&ec.tiles, &ea.tiles, &eb.tiles) as i64
                    {
                        continue;
                    }
                    let rest = minus(&minus(&ec.tiles, &ea.tiles), &eb.tiles);
                    let mut safe = minus(&ea.tiles, &ec.tiles);
                    safe.extend(minus(&eb.tiles, &ec.tiles));
                    safe.extend(
                        intersect(&ea.tiles, &eb.tiles)
                            .into_iter()
                            .filter(|t| ec.tiles.binary_search(t).is_ok()),
                    );
                    if rest.is_empty() && safe.is_empty() {
                        continue;
                    }
                    let reason = Reason::Triple(ea.source, eb.source, ec.source);
                    self.settle_all(&rest, Known::Mine, &reason);
                    self.settle_all(&safe, Known::Safe, &reason);
                    if self.contradiction {
                        return true;
                    }
                }
            }
            if self.moves.len() > before {
                // Cheaper rules first again: what was settled often unlocks singles.
                return true;
            }
        }
        false
    }
}

/// `|a ∖ (b ∪ c)|`, without building it.
fn count_outside(a: &[usize], b: &[usize], c: &[usize]) -> usize {
    a.iter()
        .filter(|t| b.binary_search(t).is_err() && c.binary_search(t).is_err())
        .count()
}

/// Sorted `a ∖ b`.
fn minus(a: &[usize], b: &[usize]) -> Vec<usize> {
    a.iter()
        .copied()
        .filter(|t| b.binary_search(t).is_err())
        .collect()
}

/// Sorted `a ∩ b`.
fn intersect(a: &[usize], b: &[usize]) -> Vec<usize> {
    a.iter()
        .copied()
        .filter(|t| b.binary_search(t).is_ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::advice::testing::opened_tiles;
    use crate::board::parse_board;

    fn moves(text: &str, mines: Option<u64>, depth: Depth) -> Vec<(usize, usize, Action)> {
        let board = parse_board(text).unwrap();
        let d = deduce(&board, mines, depth);
        assert!(!d.contradiction);
        let mut m: Vec<_> = d
            .moves
            .iter()
            .map(|m| (m.pos.row, m.pos.col, m.action))
            .collect();
        m.sort_by_key(|&(r, c, _)| (r, c));
        m
    }

    #[test]
    fn around_reads_only_the_numbers_near_changed_tiles() {
        let board = parse_board("0........\n.........\n.........\n........0\n").unwrap();
        let near = deduce_around(&board, Some(10), Depth::Triple, &[Pos::new(0, 0)]);
        assert_eq!(opened_tiles(&near), [(0, 1), (1, 0), (1, 1)]);
        // Two rows and columns away the far 0 is still read; three rows away it is not.
        let near = deduce_around(&board, Some(10), Depth::Triple, &[Pos::new(1, 6)]);
        assert_eq!(opened_tiles(&near), [(2, 7), (2, 8), (3, 7)]);
        let near = deduce_around(&board, Some(10), Depth::Triple, &[Pos::new(0, 5)]);
        assert_eq!(opened_tiles(&near), []);
        let all = deduce(&board, Some(10), Depth::Triple);
        assert_eq!(opened_tiles(&all).len(), 6);
    }

    #[test]
    fn single_rule_clears_and_fills() {
        // The 1 touches its flag: the other covered tile is safe.
        assert_eq!(
            moves("F1.\n11x\n", None, Depth::Single),
            vec![(0, 2, Action::Open)]
        );
        // The 2 has two covered neighbours: both mines.
        assert_eq!(
            moves("..\n22\n", None, Depth::Single),
            vec![(0, 0, Action::Flag), (0, 1, Action::Flag)]
        );
    }

    #[test]
    fn pair_rule_is_the_one_two_pattern() {
        // Row of covered tiles over "1 2 1" style numbers: the classic 1-2-1.
        let found = moves("...\n121\n", None, Depth::Pair);
        assert_eq!(
            found,
            vec![
                (0, 0, Action::Flag),
                (0, 1, Action::Open),
                (0, 2, Action::Flag)
            ]
        );
        // Single rules alone see nothing there.
        assert!(moves("...\n121\n", None, Depth::Single).is_empty());
    }

    /// Every move the rules find on positions from seeded games is certain by the exact count,
    /// and the triple rule finds moves the pair rule misses.
    #[test]
    fn rules_agree_with_the_exact_count_on_real_positions() {
        use crate::solver::{analyze, SolveOptions};
        let options = SolveOptions {
            mines: Some(20),
            ..SolveOptions::default()
        };
        let mut triple_only = 0;
        for board in crate::advice::testing::seeded_positions(9, 12, 20, Pos::new(4, 6), 60) {
            let exact = analyze(&board, &options).unwrap();
            let with_total = deduce(&board, Some(20), Depth::Triple);
            let pair = deduce(&board, None, Depth::Pair);
            let triple = deduce(&board, None, Depth::Triple);
            assert!(!with_total.contradiction && !triple.contradiction);
            for m in &with_total.moves {
                match m.action {
                    Action::Open => assert!(exact.safe.contains(&m.pos), "{m:?}"),
                    Action::Flag => assert!(exact.certain_mines.contains(&m.pos), "{m:?}"),
                }
            }
            if triple.moves.len() > pair.moves.len() {
                triple_only += 1;
            }
        }
        assert!(triple_only > 0, "the triple rule never added a move");
    }

    #[test]
    fn total_equation_finishes_an_endgame() {
        // The 1 holds the only mine left, so the tile it does not touch is safe.
        let text = "..x.\n1xxx\n";
        let board = parse_board(text).unwrap();
        assert!(deduce(&board, None, Depth::Triple).moves.is_empty());
        let m = moves(text, Some(1), Depth::Triple);
        assert_eq!(m, vec![(0, 3, Action::Open)]);
    }

    #[test]
    fn contradiction_is_reported() {
        let board = parse_board("..\n4.\n").unwrap();
        assert!(deduce(&board, None, Depth::Single).contradiction);
    }

    #[test]
    fn reasons_read_as_sentences() {
        let board = parse_board("F1.\n11x\n").unwrap();
        let d = deduce(&board, None, Depth::Single);
        assert_eq!(
            d.moves[0].explain(),
            "the 1 at (0, 1) already touches all its mines"
        );
    }

    #[test]
    fn every_reason_has_its_sentence() {
        let three = Source::Number {
            pos: Pos::new(4, 12),
            value: 3,
        };
        let one = Source::Number {
            pos: Pos::new(0, 7),
            value: 1,
        };
        let total = Source::Total { left: 12 };
        let said = |reason: Reason, action: Action| {
            let m = Move {
                pos: Pos::new(0, 0),
                action,
                reason,
            };
            // The words appended to what a buffer holds already, and alone.
            let mut buffer = String::from("> ");
            m.write_explanation(&mut buffer);
            assert_eq!(buffer, format!("> {}", m.explain()));
            m.explain()
        };
        let big = num_bigint::BigUint::from(u64::MAX) * 1000u32;
        let reasons = [
            (Reason::Single(three), Action::Open),
            (Reason::Single(three), Action::Flag),
            (Reason::Single(total), Action::Open),
            (Reason::Single(total), Action::Flag),
            (Reason::Pair(one, three), Action::Open),
            (Reason::Triple(one, total, three), Action::Flag),
            (Reason::AllLayouts(40u32.into()), Action::Open),
            (Reason::AllLayouts(big), Action::Flag),
        ];
        let sentences = [
            "the 3 at (4, 12) already touches all its mines",
            "the 3 at (4, 12) needs a mine on every covered tile it touches",
            "the 12 mine(s) left are all placed",
            "the 12 mine(s) left fill every covered tile",
            "pair rule: the 1 at (0, 7) and the 3 at (4, 12)",
            "triple rule: the 1 at (0, 7) and the 12 mine(s) left inside the 3 at (4, 12)",
            "safe in all 40 layouts",
            "a mine in all 18446744073709551615000 layouts",
        ];
        for ((reason, action), sentence) in reasons.into_iter().zip(sentences) {
            assert_eq!(said(reason, action), sentence);
        }
        assert_eq!(three.to_string(), "the 3 at (4, 12)");
        assert_eq!(total.to_string(), "the 12 mine(s) left");
    }
}
