//! A look's candidate meanings. Classes that put the same cell on the board (a plain covered
//! tile and a question mark) are one meaning: telling them apart never changes the advice, so
//! the search does not spend its effort on them.

use crate::board::Cell;
use crate::skin::background::{Evidence, Face};
use crate::vision::classes::CLASS_COUNT;
use crate::vision::{TileClass, Verdict};

/// The classifier is never trusted beyond this probability: a class it gave less still costs
/// only `-ln(FLOOR)` to take, so the rules can overrule a confident but wrong verdict.
const FLOOR: f64 = 1e-6;
/// Meanings kept per look, the likeliest first (a plain covered tile is always kept too).
const KEPT: usize = 4;
/// How much the board's own evidence (`background`) moves the odds of an empty open tile, up or
/// down.
const EVIDENCE: f64 = 1000.0;

/// What reading a look the classifier took for a wrong flag as a shown mine costs more than
/// the wrong flag ([`with_cross_as_mine`]): half as likely (a cross on a red tile is some
/// clones' mine, most games' wrong flag).
const CROSS_AS_MINE: f64 = std::f64::consts::LN_2;

/// One way to read a look.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Meaning {
    /// The likeliest class with this meaning.
    pub class: TileClass,
    /// `-ln` of the probability of the meaning (its classes' probabilities summed), less that
    /// of the look's likeliest meaning: 0 for the first choice, more for the others.
    pub cost: f64,
}

impl Meaning {
    /// The cell this meaning puts on the board.
    pub fn cell(&self) -> Cell {
        self.class.cell()
    }
}

/// The candidate meanings of a look, cheapest first, with the classifier's probabilities moved
/// by what the board says of the look (`evidence`). Always holds the plain covered tile:
/// reading an open tile as covered loses advice but never makes it wrong, so the rules may fall
/// back on it whatever the classifier said.
pub fn meanings(verdict: &Verdict, evidence: Evidence, face: Face) -> Vec<Meaning> {
    // Sum the probabilities of the classes that put the same cell on the board.
    let mut by_cell: Vec<(Cell, TileClass, f64, f64)> = Vec::new();
    for index in 0..CLASS_COUNT {
        let Some(class) = TileClass::from_index(index) else {
            continue;
        };
        let mut p = f64::from(verdict.probs[index]).max(0.0);
        // Question marks and flags are drawn on covered tiles: a symbol on the open face is
        // neither (a covered tile's own meaning, which hides what it shows at worst, stays).
        if face == Face::Open && class.is_mark() {
            p /= EVIDENCE;
        }
        match by_cell.iter_mut().find(|m| m.0 == class.cell()) {
            Some(entry) => {
                entry.2 += p;
                if p > entry.3 {
                    (entry.1, entry.3) = (class, p);
                }
            }
            None => by_cell.push((class.cell(), class, p, p)),
        }
    }
    // Only the empty tile's odds move: the evidence says nothing between the other meanings
    // (a flag differs from the open background as much as a plain covered tile does).
    let empty = match evidence {
        Evidence::Empty => EVIDENCE,
        Evidence::NotEmpty => 1.0 / EVIDENCE,
        Evidence::None => 1.0,
    };
    if let Some(entry) = by_cell.iter_mut().find(|m| m.0 == Cell::Number(0)) {
        entry.2 = entry.2.max(FLOOR) * empty;
    }
    // A symbol on a covered face is read as covered unless the classifier is sure of its digit:
    // reading it so hides a number at worst, never invents one.
    if face == Face::Covered {
        if let Some(entry) = by_cell.iter_mut().find(|m| m.0 == Cell::Unrevealed) {
            entry.2 = entry.2.max(FLOOR) * EVIDENCE;
        }
    }
    by_cell.sort_by(|a, b| b.2.total_cmp(&a.2));
    let best = by_cell.first().map_or(1.0, |m| m.2).max(FLOOR);
    let cost = |p: f64| (best / p.max(FLOOR)).ln();
    let mut kept: Vec<Meaning> = by_cell
        .iter()
        .take(KEPT)
        .map(|m| Meaning {
            class: m.1,
            cost: cost(m.2),
        })
        .collect();
    if !kept.iter().any(|m| m.cell() == Cell::Unrevealed) {
        if let Some(covered) = by_cell.iter().find(|m| m.0 == Cell::Unrevealed) {
            kept.push(Meaning {
                class: covered.1,
                cost: cost(covered.2),
            });
        }
    }
    // The classifier's own first choice stays a meaning, however far the board's evidence
    // moved it: the evidence rests on how most skins draw an empty tile (the numbers' face
    // without a digit), and a skin that draws it otherwise (an emoji clone's white square on a
    // dark page) would leave no labelling of its 0s that the rules allow.
    let own = verdict.class.cell();
    if !kept.iter().any(|m| m.cell() == own) {
        if let Some(entry) = by_cell.iter().find(|m| m.0 == own) {
            kept.push(Meaning {
                class: entry.1,
                cost: cost(entry.2),
            });
        }
    }
    kept
}

/// Gives `kept` (a look's meanings, cheapest first) a lost game's mine among them where it is
/// likeliest a wrong flag, at [`CROSS_AS_MINE`] over the wrong flag's cost. A cross may be a lost
/// game's mine as well as a wrong flag: the rounded clone shows every mine of a lost board as a
/// white cross on a red tile, which the model reads as a wrong flag (0.94 at 37 px) or a "7";
/// with no mine shown elsewhere the rules allow no wrong flag, and the lost board was read with
/// its crosses as flags and "2"s, its "2"s as question marks, and advised. Either meaning is a
/// lost board's, which gets no advice, so the mine can only take advice away; the numbers tell
/// the two apart (`crossed_mines`). A look that may be the exploded mine has its lost game's
/// mine already, and is left as it is.
pub fn with_cross_as_mine(kept: &mut Vec<Meaning>) {
    // Only a look read as a cross first: one the classifier found likelier a digit (a thin
    // "2" beside the crosses) keeps its meanings, and the walk its breadth.
    let cross = kept
        .first()
        .filter(|m| m.class == TileClass::WrongFlag)
        .copied();
    let exploded = kept.iter().any(|m| m.class == TileClass::Exploded);
    let (Some(cross), false) = (cross, exploded) else {
        return;
    };
    let cost = cross.cost + CROSS_AS_MINE;
    match kept.iter_mut().find(|m| m.cell() == TileClass::Mine.cell()) {
        Some(mine) => mine.cost = mine.cost.min(cost),
        None => kept.push(Meaning {
            class: TileClass::Mine,
            cost,
        }),
    }
    // Cheapest first again: the walk steps through each look's meanings in order.
    kept.sort_by(|a, b| a.cost.total_cmp(&b.cost));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict(pairs: &[(TileClass, f32)]) -> Verdict {
        Verdict::from_probs(pairs)
    }

    #[test]
    fn covered_and_question_are_one_meaning_and_covered_is_always_kept() {
        let v = verdict(&[
            (TileClass::Question, 0.5),
            (TileClass::Unrevealed, 0.3),
            (TileClass::Flag, 0.2),
        ]);
        let m = meanings(&v, Evidence::None, Face::Unknown);
        assert_eq!(m[0].class, TileClass::Question);
        assert!(m[0].cost.abs() < 1e-9);
        assert_eq!(m[1].class, TileClass::Flag);
        assert!((m[1].cost - (0.8f64 / 0.2).ln()).abs() < 1e-6);

        let sure = verdict(&[(TileClass::Number(3), 1.0)]);
        let m = meanings(&sure, Evidence::None, Face::Unknown);
        assert_eq!(m[0].class, TileClass::Number(3));
        assert!(m.iter().any(|m| m.cell() == Cell::Unrevealed));
        let floor_cost = (1.0 / FLOOR).ln();
        assert!(m[1..].iter().all(|m| (m.cost - floor_cost).abs() < 1e-6));
    }

    #[test]
    fn a_cross_may_be_a_lost_games_mine_at_twice_the_wrong_flags_odds() {
        let cross = verdict(&[
            (TileClass::WrongFlag, 0.94),
            (TileClass::Number(2), 0.03),
            (TileClass::Flag, 0.02),
            (TileClass::Number(7), 0.01),
        ]);
        let mut m = meanings(&cross, Evidence::None, Face::Unknown);
        with_cross_as_mine(&mut m);
        let mine = m.iter().position(|m| m.class == TileClass::Mine).unwrap();
        assert!((m[mine].cost - CROSS_AS_MINE).abs() < 1e-9);
        // Cheapest first: the walk steps through them in order.
        assert!(m.windows(2).all(|w| w[0].cost <= w[1].cost));
        assert_eq!(
            m[..2].iter().map(|m| m.class).collect::<Vec<_>>(),
            [TileClass::WrongFlag, TileClass::Mine]
        );
        // A look that may be the exploded mine has a lost game's mine already.
        let exploded = verdict(&[(TileClass::Exploded, 0.9), (TileClass::WrongFlag, 0.1)]);
        let mut m = meanings(&exploded, Evidence::None, Face::Unknown);
        with_cross_as_mine(&mut m);
        assert!(!m.iter().any(|m| m.class == TileClass::Mine));
    }
}
