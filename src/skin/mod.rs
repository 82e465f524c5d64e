//! The board-level reading: which class each distinct look of one board stands for, chosen for
//! the whole board at once under the rules of the game, not tile by tile.
//!
//! A board shows a few distinct looks (covered tiles, the empty open tile, a handful of digits,
//! flags). The classifier gives each look a probability for every class; this layer takes those
//! as the prior and picks the likeliest labelling of the looks under which the board can be a
//! real position (`rules`). Where a second labelling fits the board almost as well, the looks on
//! which the two differ are *in doubt*: `doubt` turns them into a board on which no advice can
//! rest on them.
//!
//! - [`families`]: looks that differ only by noise, labelled together;
//! - [`colours`]: colour distances and a tile's background, shared by the rules below;
//! - [`background`]: which looks match the number looks' background, the empty open tiles;
//! - [`meanings`]: each look's candidate meanings and what each costs against the prior;
//! - [`pressed`]: covered tiles drawn for a moment like open 0s (under a held button or the
//!   pointer), read as covered;
//! - [`plain_digits`]: a digit read unsurely on a tile whose middle is a plain covered tile's
//!   (a covered tile the page draws otherwise under the pointer), read as covered;
//! - [`rules`]: what a labelled board must satisfy to be a position of a real game;
//! - [`symbols`]: looks read as covered that show a symbol the reading cannot name, and where
//!   they sit;
//! - [`shown_mines`]: those settled as mines shown after a loss, or left in doubt as maybe mines;
//! - [`digit_inks`]: each number in one ink, so a labelling that gives one number to two looks
//!   of clearly different ink hues is no alternative worth a doubt;
//! - [`labelling`]: the search for the likeliest labelling that obeys the rules;
//! - [`repair`]: where none of the likely ones does, a search that changes only the looks the
//!   rules point at;
//! - [`hidden_zeros`]: flags and numbers that the 0s a repair read as covered contradict, in
//!   doubt with a covered tile;
//! - [`walled_zeros`]: empty tiles on a face of their own (an emoji's white square), in doubt
//!   with covered ones, settled as 0s where numbers wall them in as only a cascade leaves them;
//! - [`raised_zeros`]: a look read surely as covered, walled in by numbers on a colour of its
//!   own beside covered tiles of another colour, read as 0s where only so the board holds;
//! - [`unknown_skin`]: a board whose numbers the classifier reads unsurely on the whole, where
//!   even its sure digits are left in doubt unless all but certain;
//! - [`same_glyph`]: a number drawn as the board's sure tiles of that number draw it, whatever
//!   its face (lit under the pointer, held down, dimmed), is that number; and, after
//!   [`forced`], a digit in doubt drawn as those the board's rules named;
//! - [`same_flag`]: a flag drawn as the board's sure flags draw it (at another phase) is a
//!   flag, not a question mark nearly as likely;
//! - [`unsure_digits`]: numbers the classifier read unsurely, in doubt with the likeliest class
//!   their tiles have room for;
//! - [`unsure_flags`]: flags the classifier read unsurely (text drawn over the board), in doubt
//!   with a covered tile;
//! - [`open_marks`]: flags and question marks read on the open tiles' face, left in doubt
//!   with a digit;
//! - [`drawn_over`]: tiles under something drawn over the board (a page's note, a dialog's
//!   corner), a patch on a face of its own: hidden, read as covered and in doubt;
//! - [`foreign_face`]: numbers on a face no open tile shows (a note over the board, a number
//!   the page lights under the pointer), left in doubt with a covered tile;
//! - [`flags_beside_strays`]: a flag on a look of its own beside a tile in doubt or a stray
//!   look (a tooltip's edge over a "1"), in doubt with a covered tile;
//! - [`lone_looks`]: a look on one tile that alone would turn many open tiles covered, hidden;
//! - [`cover_pieces`]: looks that may be mines, and numbers or flags unlike the board's own,
//!   where something drawn across tiles (a tooltip's box) reaches into the tile beside: hidden,
//!   unless the board shows a mine elsewhere;
//! - [`text_runs`]: where no labelling holds, looks of their own side by side (a tooltip's
//!   text over the game's numbers), tried as hidden;
//! - [`counted_flags`]: flags in doubt that the game's own count of flags names;
//! - [`forced`]: numbers in doubt that only one number fits, the other doubts weakened;
//! - [`crossed_mines`]: a lost board's mines read as wrong flags, read as mines where its
//!   numbers count them, and its looks in doubt between the two settled by its numbers;
//! - [`mines_drawn_alike`]: a lost board's looks in doubt between a digit and a mine, drawn as
//!   its sure mines, read as mines;
//! - [`lost_zeros`]: on a lost board, 0s among covered tiles (a cascade stopped half drawn)
//!   read as the 0s they are, not as tiles held pressed;
//! - [`set_off_mine`]: on a lost board with no exploded mine, the one mine read unsurely and
//!   drawn apart from the sure ones, read as the one that was hit;
//! - [`doubt`]: the board advice may use when looks are in doubt.

pub mod background;
pub mod colours;
pub mod counted_flags;
pub mod cover_pieces;
pub mod crossed_mines;
pub mod digit_inks;
pub mod doubt;
pub mod drawn_over;
pub mod empty_faces;
pub mod families;
pub mod flags_beside_strays;
pub mod forced;
pub mod foreign_face;
pub mod glyph_named;
pub mod hidden_zeros;
pub mod labelling;
pub mod lone_looks;
pub mod lost_zeros;
pub mod meanings;
pub mod mines_drawn_alike;
pub mod one_glyph;
pub mod open_marks;
pub mod plain_digits;
pub mod pressed;
pub mod raised_zeros;
pub mod repair;
pub mod rules;
pub mod same_flag;
pub mod same_glyph;
pub mod set_off_mine;
pub mod shown_mines;
pub mod symbols;
#[cfg(test)]
mod testing;
pub mod text_runs;
pub mod unknown_skin;
pub mod unsure_digits;
pub mod unsure_flags;
pub mod walled_zeros;

pub use doubt::advice_board;
pub use labelling::{settle, Settled};
pub use rules::{broken_rule, is_possible};
