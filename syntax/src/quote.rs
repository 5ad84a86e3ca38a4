//! Quoting the user's text in a message: a long run (thousands of modifiers with no atom) is
//! shown by its two ends, so a message stays a line long however long the string is.

use std::borrow::Cow;

/// The most characters a message quotes of the user's text.
pub const MOST_QUOTED: usize = 60;

/// `text` when at most [`MOST_QUOTED`] characters long; otherwise its first half and last
/// quarter around an ellipsis.
pub fn shortened(text: &str) -> Cow<'_, str> {
    let count = text.chars().count();
    if count <= MOST_QUOTED {
        return Cow::Borrowed(text);
    }
    let head: String = text.chars().take(MOST_QUOTED / 2).collect();
    let tail: String = text.chars().skip(count - MOST_QUOTED / 4).collect();
    Cow::Owned(format!("{head}…{tail}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_text_is_quoted_by_its_two_ends() {
        assert_eq!(shortened("fmWfcF"), "fmWfcF");
        let long = format!("{}K", "caf".repeat(1000));
        let quoted = shortened(&long);
        assert_eq!(
            quoted.chars().count(),
            MOST_QUOTED / 2 + 1 + MOST_QUOTED / 4
        );
        assert!(quoted.starts_with("cafcaf") && quoted.ends_with("afcafK"));
    }
}
