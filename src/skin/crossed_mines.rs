//! A lost game's mines in a look the classifier takes for wrong flags. JSMinesweeper draws its
//! mines after a loss as a spiked ball on a raised square, whose spikes cross the tile like a
//! wrong flag's cross: in Chromium's forced dark the model reads them as wrong flags at 0.9999,
//! every one of them, and the lost board read as showing no mine but the exploded one.
//!
//! The board tells them apart. A game shows every mine once it is lost (the exploded one, each
//! mine not flagged, and each wrong flag crossed out), so each number then sees exactly its
//! count in shown mines and standing flags. A wrong flag holds no mine; a mine does. Where a
//! look read as a wrong flag on a board that shows a mine leaves the numbers beside
//! it short of their count, and read as mines makes each of them exact, it is the mines (with
//! mines read right elsewhere on the board: at another sampling phase some of them are). A mine
//! with no number beside it says nothing, and stays as read. A lost board gets no advice either
//! way: this is the board read as the game shows it. A shown mine is enough: the rounded
//! clone draws every mine of a lost board alike, the one clicked among them, as a white cross
//! on a red tile the model reads as a wrong flag, a "7" or a "2", and where the board-level
//! reading read some of them as mines (`meanings::with_cross_as_mine`), the rest stood as wrong
//! flags beside numbers that needed them.
//!
//! The rules let a cross on a lost board hold a mine (`rules`), so that a labelling holds at
//! all where the crosses are its mines; a look in doubt between a mine and a cross alone is
//! then settled by the numbers beside it the same way, either way.

use super::families::Families;
use crate::board::{Cell, Pos};
use crate::vision::{standard_mines, Doubt, Reading, TileClass};

/// Reads as shown mines the families settled as wrong flags (`settled`, each family's class; in
/// no doubt) on a board that shows a mine, where every number beside their tiles
/// sees exactly its count once they are mines, and some of them less while they are wrong flags
/// (a player's wrong flag beside a number makes it see more than its count as a mine): all of
/// them together where they hold so, else each family that holds so on its own, given those
/// settled before it (again until none more settles). Together first: at 29 px on a screen
/// scaled 1.35 JSMinesweeper's 37 lost mines came as several families (phases of the
/// sampling), every 2 between two of them, and no family alone made it exact.
///
/// The families in doubt between a mark that holds a mine (a shown mine or a flag) and a wrong
/// flag are settled with them, the same way: as that mark where the numbers count them, or as
/// wrong flags where each number sees exactly its count without them and some number more with
/// them, and the doubt offers nothing else. Since a cross on a lost board may hold a mine
/// either way (`rules`), both labellings of such a family hold the rules, and the doubt is the
/// board's to settle: GNOME Mines' classic mines, which the model reads as mines at large tiles
/// with a wrong flag as runner-up, and its flag beside a "3" that needs it, were left in doubt
/// on lost boards of the 8×8 game; JSMinesweeper's at 67% had four of its crosses in doubt
/// beside numbers that its sure ones left short. Where the numbers say neither, the doubt
/// stays. `settled` follows.
pub(super) fn settle_crossed_mines(
    reading: &mut Reading,
    families: &Families,
    settled: &mut [TileClass],
) {
    if !reading.board.shows_mines() {
        return;
    }
    // Per family in doubt: what its doubts settle to, where they all agree.
    let mut doubted = vec![None::<Option<MineOrCross>>; settled.len()];
    for doubt in &reading.doubt {
        let family = families.of[doubt.look];
        let this = mine_or_cross(&doubt.classes);
        doubted[family] = Some(match doubted[family] {
            None => this,
            Some(before) => this.filter(|&t| Some(t) == before),
        });
    }
    let crossed = MineOrCross {
        mine: TileClass::Mine,
        cross_alone: false,
        other_mine: None,
    };
    let mut open: Vec<(usize, MineOrCross)> = (0..settled.len())
        .filter_map(|family| match doubted[family] {
            None => (settled[family] == TileClass::WrongFlag).then_some((family, crossed)),
            Some(choice) => Some((family, choice?)),
        })
        .collect();
    let all: Vec<usize> = open.iter().map(|&(family, _)| family).collect();
    if mines_by_the_numbers(reading, families, &all) {
        for (family, choice) in open {
            settle(reading, families, settled, family, choice.mine);
            if let Some(other) = choice.other_mine {
                doubt_between(reading, families, family, [choice.mine, other]);
            }
        }
        return;
    }
    // One by one, again while one settles: a number beside two families is exact only once
    // both are settled.
    loop {
        let before = open.len();
        open.retain(|&(family, choice)| {
            let class = if mines_by_the_numbers(reading, families, &[family]) {
                choice.mine
            } else if choice.cross_alone && crosses_by_the_numbers(reading, families, &[family]) {
                TileClass::WrongFlag
            } else {
                return true;
            };
            settle(reading, families, settled, family, class);
            if let (true, Some(other)) = (class == choice.mine, choice.other_mine) {
                doubt_between(reading, families, family, [choice.mine, other]);
            }
            false
        });
        if open.len() == before {
            break;
        }
    }
    // Where the numbers left some crosses unsettled (most of a lost Expert board's mines touch
    // no open number), the game's mine total may: a lost game shows every mine it does not
    // flag, so its shown mines and standing flags are all its mines, and its wrong flags none.
    if !open.is_empty() && mines_by_the_total(reading, families, &open) {
        for (family, choice) in open {
            settle(reading, families, settled, family, choice.mine);
            if let Some(other) = choice.other_mine {
                doubt_between(reading, families, family, [choice.mine, other]);
            }
        }
    }
}

/// Whether the crosses of the families `open` (with what each settles to as a mine) are the
/// mines that the board's mine total counts: a lost game shows every mine it does not flag, so
/// its shown mines and standing flags are all its mines and its wrong flags none. The total is
/// the game's own count where the reading has one, else the standard one of the board's size
/// (an Expert board's 99). JSMinesweeper draws a lost board's mines as spiked balls the model
/// reads as wrong flags at 0.9999: on a lost Expert board at 19 px (seed 501), 94 of its 99
/// mines, few beside a number, so none settled by its numbers.
///
/// Tiles the reading is unsure of (a doubt that may hold a mine or a flag, a tile hidden under
/// a note or the page's tooltip) may each be a mine or not, so the crosses are mines where
/// both hold: with them as mines the board does not show more than the total, and the unsure
/// tiles can make up the rest; without them, fewer than the total even were every unsure tile
/// a mine. With no unsure tile that is the shown mines, flags and crosses making exactly the
/// total. JSMinesweeper's tooltip over a lost board hid one of its mines (seed 511, 34 px):
/// its 38 crosses, one short of the total, stood as wrong flags.
fn mines_by_the_total(
    reading: &Reading,
    families: &Families,
    open: &[(usize, MineOrCross)],
) -> bool {
    let board = &reading.board;
    let ours = |look: usize| open.iter().any(|&(family, _)| families.of[look] == family);
    let holds_a_mine = |c: &TileClass| {
        matches!(
            c,
            TileClass::Mine | TileClass::Exploded | TileClass::Flag | TileClass::WrongFlag
        )
    };
    let mut unsure_at = vec![false; board.rows() * board.cols()];
    for doubt in (reading.doubt.iter())
        .filter(|doubt| !ours(doubt.look) && doubt.classes.iter().any(holds_a_mine))
    {
        for &(r, c) in &doubt.cells {
            unsure_at[board.index(Pos::new(r, c))] = true;
        }
    }
    let (mut marked, mut crosses, mut unsure) = (0u64, 0u64, 0u64);
    for p in board.positions() {
        let at = board.index(p);
        if unsure_at[at] {
            unsure += 1;
        } else if ours(reading.look_of[at]) {
            crosses += 1;
        } else if board.get(p).is_shown_mine() || board.get(p) == Cell::Flag {
            marked += 1;
        }
    }
    let totals = [reading.mines, standard_mines(board.rows(), board.cols())];
    let counted = totals.iter().flatten().any(|&total| {
        let as_mines = marked + crosses <= total && total <= marked + crosses + unsure;
        let as_wrong_flags = total <= marked + unsure;
        as_mines && !as_wrong_flags
    });
    tracing::debug!(
        marked,
        crosses,
        unsure,
        ?totals,
        counted,
        "board-level reading: a lost board's crosses against its mine total"
    );
    crosses > 0 && counted
}

/// Settles `family` as `class`, as the lost board's numbers count it; a doubt on it is dropped.
fn settle(
    reading: &mut Reading,
    families: &Families,
    settled: &mut [TileClass],
    family: usize,
    class: TileClass,
) {
    tracing::debug!(
        family,
        ?class,
        "board-level reading: a cross or a mine on a lost board, as its numbers count it"
    );
    reading
        .doubt
        .retain(|doubt| families.of[doubt.look] != family);
    // Sure as the board makes it: each number beside them counts them so.
    families.relabel(reading, family, class);
    settled[family] = class;
}

/// Leaves the looks of `family` in doubt between the two marks that hold a mine (`classes`, the
/// one it is settled as first): a lost board's numbers count either. The rounded clone's
/// crosses in a dark page at 37 px, in doubt between a wrong flag, a mine and a flag, stood as
/// wrong flags beside numbers that needed them as mines, and the lost board read impossible.
fn doubt_between(
    reading: &mut Reading,
    families: &Families,
    family: usize,
    classes: [TileClass; 2],
) {
    for look in (0..reading.looks.len()).filter(|&look| families.of[look] == family) {
        let cells = reading.cells_showing(|l| l == look);
        reading.doubt.push(Doubt {
            look,
            classes: classes.to_vec(),
            cells,
        });
    }
}

/// What a doubt between a mark that holds a mine and a wrong flag settles to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct MineOrCross {
    /// The one class of the doubt that holds a mine: a shown mine or a flag.
    mine: TileClass,
    /// Whether the wrong flag is the doubt's only other class (a question mark or a covered
    /// tile holds no mine either, so where it is one too, no mine says nothing of which).
    cross_alone: bool,
    /// The doubt's other class that holds a mine, if it has both a shown mine and a flag: the
    /// numbers, which count either, settle the cross, and the doubt stays between the two.
    other_mine: Option<TileClass>,
}

/// [`MineOrCross`] for a doubt of `classes`: a wrong flag, one shown mine or flag, and
/// otherwise a question mark or a covered tile at most (a lost game shows every mine it does
/// not flag, so neither holds one there); `None` for any other doubt.
fn mine_or_cross(classes: &[TileClass]) -> Option<MineOrCross> {
    use TileClass::{Flag, Mine, Question, Unrevealed, WrongFlag};
    let marks = |c: &&TileClass| matches!(c, Mine | Flag | WrongFlag | Question | Unrevealed);
    if !classes.contains(&WrongFlag) || !classes.iter().all(|c| marks(&c)) {
        return None;
    }
    let mut holding = classes.iter().filter(|c| matches!(c, Mine | Flag));
    let mine = *holding.next()?;
    Some(MineOrCross {
        mine,
        cross_alone: classes.len() == 2,
        other_mine: holding.next().copied(),
    })
}

/// The numbers of `reading`'s board beside the tiles of the families `ours`, each with how many
/// mines it sees with those tiles as mines and as wrong flags (no mine): shown mines and flags
/// elsewhere count as mines.
fn counts_beside(
    reading: &Reading,
    families: &Families,
    ours: &[usize],
) -> Vec<(u8, usize, usize)> {
    let board = &reading.board;
    let is_ours = |p: Pos| ours.contains(&families.of[reading.look_of[board.index(p)]]);
    (board.positions())
        .filter_map(|p| match board.get(p) {
            Cell::Number(count) if board.neighbors(p).any(is_ours) => {
                let others = (board.neighbors(p))
                    .filter(|&q| !is_ours(q))
                    .filter(|&q| board.get(q).is_shown_mine() || board.get(q) == Cell::Flag)
                    .count();
                let mine = board.neighbors(p).filter(|&q| is_ours(q)).count();
                Some((count, others + mine, others))
            }
            _ => None,
        })
        .collect()
}

/// Whether the numbers beside the tiles of the families `crossed` count them as mines: each
/// sees exactly its count in shown mines and flags with them as mines, and one at least sees
/// less with them as wrong flags.
fn mines_by_the_numbers(reading: &Reading, families: &Families, crossed: &[usize]) -> bool {
    let numbers = counts_beside(reading, families, crossed);
    // With no number beside them, none falls short: nothing says they are mines.
    let short = (numbers.iter()).any(|&(count, _, as_crosses)| as_crosses < usize::from(count));
    let exact = (numbers.iter()).all(|&(count, as_mines, _)| as_mines == usize::from(count));
    short && exact
}

/// Whether the numbers beside the tiles of the families `crossed` count them as no mines: each
/// sees exactly its count in shown mines and flags without them, and one at least sees more
/// with them as mines.
fn crosses_by_the_numbers(reading: &Reading, families: &Families, crossed: &[usize]) -> bool {
    let numbers = counts_beside(reading, families, crossed);
    let over = (numbers.iter()).any(|&(count, as_mines, _)| as_mines > usize::from(count));
    let exact = (numbers.iter()).all(|&(count, _, as_crosses)| as_crosses == usize::from(count));
    over && exact
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::skin::testing::{a_family_a_look, doubt_look, flat_reading};
    use crate::vision::Verdict;

    /// `rows` read with `.` covered, `x` a wrong flag, `!` the exploded mine, `F` a flag, `*` a
    /// shown mine and digits, each char a look and a family (the crosses in doubt with a "2"
    /// where `doubt_the_crossed`); returns the board as settled and the class of the crosses.
    fn settle(rows: &[&str], doubt_the_crossed: bool) -> (String, TileClass) {
        let chars = ".x!F*0123";
        let mut verdicts = vec![
            Verdict::certain(TileClass::Unrevealed),
            Verdict::certain(TileClass::WrongFlag),
            Verdict::certain(TileClass::Exploded),
            Verdict::certain(TileClass::Flag),
            Verdict::certain(TileClass::Mine),
        ];
        verdicts.extend((0..4).map(|n| Verdict::certain(TileClass::Number(n))));
        let mut reading = flat_reading(rows, chars, verdicts);
        if doubt_the_crossed {
            doubt_look(
                &mut reading,
                1,
                &[TileClass::WrongFlag, TileClass::Number(2)],
            );
        }
        let (mut reading, families, mut settled) = a_family_a_look(reading);
        settle_crossed_mines(&mut reading, &families, &mut settled);
        (reading.board.to_text(), settled[1])
    }

    #[test]
    fn crossed_tiles_the_numbers_count_are_the_mines() {
        let rows = ["x1001!", "11002.", "00001x"];
        let (board, crossed) = settle(&rows, false);
        assert_eq!(crossed, TileClass::Mine);
        assert_eq!(board.lines().next(), Some("*1001!"));
    }

    #[test]
    fn a_wrong_flag_the_numbers_do_not_count_stays() {
        // The 1 beside the crossed tile already sees the exploded mine: the cross is no mine.
        let (_, crossed) = settle(&["x1!", "111", "000"], false);
        assert_eq!(crossed, TileClass::WrongFlag);
        // A number would see more than its count with the crosses as mines.
        let (_, crossed) = settle(&["x1x", "111", "00!"], false);
        assert_eq!(crossed, TileClass::WrongFlag);
    }

    #[test]
    fn crossed_tiles_beside_mines_read_right_are_mines_too() {
        let (board, crossed) = settle(&["x1001!", "11002.", "00001*"], false);
        assert_eq!(crossed, TileClass::Mine);
        assert_eq!(board.lines().next(), Some("*1001!"));
    }

    #[test]
    fn crossed_tiles_of_two_looks_that_the_numbers_count_together_are_mines() {
        // `x` and `y`: one cross at two phases of the sampling, two looks and two families.
        // Each 2 sees one of each; neither family alone makes it exact.
        let chars = ".xy!2";
        let mut verdicts = vec![Verdict::certain(TileClass::Unrevealed)];
        verdicts.extend([TileClass::WrongFlag; 2].map(Verdict::certain));
        verdicts.push(Verdict::certain(TileClass::Exploded));
        verdicts.push(Verdict::certain(TileClass::Number(2)));
        let reading = flat_reading(&["xy..!", "22...", "....."], chars, verdicts);
        let (mut reading, families, mut settled) = a_family_a_look(reading);
        settle_crossed_mines(&mut reading, &families, &mut settled);
        assert_eq!(&settled[1..3], [TileClass::Mine; 2]);
        assert_eq!(reading.board.to_text().lines().next(), Some("**..!"));
    }

    /// `rows` read with `.` covered, `m` a mark in doubt with a wrong flag (`classes`), `!` the
    /// exploded mine, `*` a shown mine and `1`s; returns the class of `m` once settled and
    /// whether its doubt stays.
    fn settle_doubted(rows: &[&str], classes: &[TileClass]) -> (TileClass, bool) {
        let (class, doubt) = settle_doubted_to(rows, classes);
        (class, !doubt.is_empty())
    }

    /// [`settle_doubted`], with the classes of the doubt left on `m` (none where it settled).
    fn settle_doubted_to(rows: &[&str], classes: &[TileClass]) -> (TileClass, Vec<TileClass>) {
        let verdicts = vec![
            Verdict::certain(TileClass::Unrevealed),
            Verdict::certain(classes[0]),
            Verdict::certain(TileClass::Exploded),
            Verdict::certain(TileClass::Mine),
            Verdict::certain(TileClass::Number(1)),
        ];
        let mut reading = flat_reading(rows, ".m!*1", verdicts);
        doubt_look(&mut reading, 1, classes);
        let (mut reading, families, mut settled) = a_family_a_look(reading);
        settle_crossed_mines(&mut reading, &families, &mut settled);
        let doubt = (reading.doubt.iter()).find(|d| d.look == 1);
        (
            settled[1],
            doubt.map_or_else(Vec::new, |d| d.classes.clone()),
        )
    }

    #[test]
    fn a_mine_or_a_cross_in_doubt_on_a_lost_board_is_what_its_numbers_count() {
        let both = [TileClass::Mine, TileClass::WrongFlag];
        // Each 1 beside `m` sees no other mine: `m` is one.
        let counted = ["m1.1!", "11.11"];
        assert_eq!(settle_doubted(&counted, &both), (TileClass::Mine, false));
        // The 1s beside `m` see the exploded mine already: `m` is a player's wrong flag.
        let crossed = ["m1!", ".11"];
        let cross_first = [TileClass::WrongFlag, TileClass::Mine];
        assert_eq!(
            settle_doubted(&crossed, &cross_first),
            (TileClass::WrongFlag, false)
        );
        // No number beside it: the doubt stays.
        let alone = ["m..!", "...1"];
        assert_eq!(settle_doubted(&alone, &both), (TileClass::Mine, true));
        // A flag in doubt with a cross and a question mark, which the 1s need as a mine.
        let flag = [TileClass::Flag, TileClass::WrongFlag, TileClass::Question];
        assert_eq!(settle_doubted(&counted, &flag), (TileClass::Flag, false));
        // No mine there, but a question mark holds none either: the doubt stays.
        let cross_or_question = [TileClass::WrongFlag, TileClass::Flag, TileClass::Question];
        assert_eq!(
            settle_doubted(&crossed, &cross_or_question),
            (TileClass::WrongFlag, true)
        );
        // A flag the classifier read unsurely, in doubt with a covered tile too.
        let unsure = [
            TileClass::Flag,
            TileClass::WrongFlag,
            TileClass::Question,
            TileClass::Unrevealed,
        ];
        assert_eq!(settle_doubted(&counted, &unsure), (TileClass::Flag, false));
        // A doubt with a number, or with two marks that hold a mine, stays.
        let number = [TileClass::Mine, TileClass::WrongFlag, TileClass::Number(1)];
        assert_eq!(settle_doubted(&counted, &number), (TileClass::Mine, true));
        // Two marks that hold a mine: the numbers settle the cross as the first, and the doubt
        // stays between the two, which they count alike.
        let two = [TileClass::WrongFlag, TileClass::Mine, TileClass::Flag];
        let settled = (TileClass::Mine, vec![TileClass::Mine, TileClass::Flag]);
        assert_eq!(settle_doubted_to(&counted, &two), settled);
        // A shown mine but no exploded one (the rounded clone draws every mine of a lost board
        // alike): a lost game all the same.
        let alike = ["m1.1*", "11.11"];
        assert_eq!(settle_doubted(&alike, &both), (TileClass::Mine, false));
    }

    #[test]
    fn crosses_no_number_counts_are_mines_where_the_mine_total_counts_them() {
        // A lost Beginner board (10 mines): the exploded one, a flag, and eight crosses that
        // touch no number; with them as mines, the board shows exactly its 10.
        let rows = [
            "x.x.x.x.!",
            ".........",
            "x.......x",
            ".........",
            "x...F...x",
            ".........",
            ".........",
            ".....0000",
            ".....0000",
        ];
        let (board, crossed) = settle(&rows, false);
        assert_eq!(crossed, TileClass::Mine);
        assert_eq!(board.lines().next(), Some("*.*.*.*.!"));
        // One cross more than the total has room for: they may be a player's wrong flags.
        let mut over = rows;
        over[6] = "x........";
        let (_, crossed) = settle(&over, false);
        assert_eq!(crossed, TileClass::WrongFlag);
        // Tiles in doubt with a mine elsewhere: the crosses are mines where those tiles cannot
        // make up the total without them (one tile for eight crosses), not where they can.
        let verdicts = [
            TileClass::Unrevealed,
            TileClass::WrongFlag,
            TileClass::Exploded,
            TileClass::Flag,
            TileClass::Mine,
            TileClass::Number(0),
            TileClass::Number(1),
        ]
        .map(Verdict::certain)
        .to_vec();
        let crossed_beside = |unsure: &[&str]| {
            let mut reading = flat_reading(unsure, ".x!F*01", verdicts.clone());
            doubt_look(&mut reading, 6, &[TileClass::Number(1), TileClass::Mine]);
            let (mut reading, families, mut settled) = a_family_a_look(reading);
            settle_crossed_mines(&mut reading, &families, &mut settled);
            settled[1]
        };
        // The tiles in doubt touch no cross, so that only the total can settle them.
        let mut one = rows;
        one[7] = "..1..0000";
        assert_eq!(crossed_beside(&one), TileClass::Mine);
        let mut eight = rows;
        eight[7] = "1111.0000";
        eight[8] = "1111.0000";
        assert_eq!(crossed_beside(&eight), TileClass::WrongFlag);
        // One cross too many for the total, with a tile in doubt: not mines either.
        let mut over_unsure = over;
        over_unsure[7] = "..1..0000";
        assert_eq!(crossed_beside(&over_unsure), TileClass::WrongFlag);
    }

    #[test]
    fn nothing_changes_on_a_board_that_shows_no_mine_or_in_doubt() {
        // No mine: no loss shown.
        let (_, crossed) = settle(&["x1.", "11.", "..."], false);
        assert_eq!(crossed, TileClass::WrongFlag);
        // In doubt: left to the doubt.
        let (_, crossed) = settle(&["x1001!", "11002.", "00001x"], true);
        assert_eq!(crossed, TileClass::WrongFlag);
    }
}
