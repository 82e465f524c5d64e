//! Option values clap cannot check well by type alone: a mine total written as `-1` would be
//! taken for an option and get clap's "use '-- -1'" tip; here it gets a message about mines.

/// Parses a mine total: a whole number, 0 or more.
pub fn parse_mines(text: &str) -> Result<u64, String> {
    text.trim().parse::<u64>().map_err(|_| {
        format!(
            "the mine total is a whole number of mines, 0 or more (flags included); got '{text}'"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mine_totals_parse_and_negative_ones_say_why() {
        assert_eq!(parse_mines("99"), Ok(99));
        for bad in ["-1", "ten", "1.5", ""] {
            assert!(
                parse_mines(bad).unwrap_err().contains("mine total"),
                "{bad}"
            );
        }
    }
}
