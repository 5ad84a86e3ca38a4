//! Quoting the user's text in a message: a long run (thousands of modifiers with no atom) is
//! shown by its two ends, so a message stays a line long however long the string is.

use std::borrow::Cow;

/// The most characters a message quotes of the user's text.
pub const MOST_QUOTED: usize = 60;

/// `text` when at most [`MOST_QUOTED`] characters long; otherwise its first half and last
/// quarter around an ellipsis.
pub fn shortened(text: &str) -> Cow<'_, str> {
    // A control character (a carriage return inside a line) is shown as its picture, `␍`.
    let text: Cow<'_, str> = if text.contains(|c: char| c.is_control() && c != '\t') {
        Cow::Owned(
            text.chars()
                .map(|c| match u32::from(c) {
                    code @ 0..=0x1f if c != '\t' => char::from_u32(0x2400 + code).unwrap_or(c),
                    _ => c,
                })
                .collect(),
        )
    } else {
        Cow::Borrowed(text)
    };
    let count = text.chars().count();
    if count <= MOST_QUOTED {
        return text;
    }
    let head: String = text.chars().take(MOST_QUOTED / 2).collect();
    let tail: String = text.chars().skip(count - MOST_QUOTED / 4).collect();
    Cow::Owned(format!("{head}…{tail}"))
}

/// `text` as one argument of a command a message tells the user to run (`'fmW'`), or `STRING`
/// when it is too long to quote whole or holds a quote of its own.
pub fn argument(text: &str) -> String {
    if text.chars().count() <= MOST_QUOTED && !text.contains(['\'', '\n', '\r']) {
        format!("'{text}'")
    } else {
        "STRING".to_owned()
    }
}

/// How long `text` is, said after a quote of it that [`shortened`] cut (`; it is 5000
/// characters long`), or nothing: a message that echoes text a user may have made any length
/// (a setting, a new name) quotes its ends and says what was left out.
pub fn length_if_cut(text: &str) -> String {
    match text.chars().count() {
        count if count > MOST_QUOTED => format!("; it is {count} characters long"),
        _ => String::new(),
    }
}

/// The most characters of a macro's text a hover or an explanation shows whole: its reader
/// wants to see what the macro comes to, but a chain of macros can come to megabytes.
pub const MOST_SHOWN: usize = 500;

/// `text` whole when at most [`MOST_SHOWN`] characters long, else [`shortened`]; and its length
/// when cut, as [`length_if_cut`] says it.
pub fn shown(text: &str) -> (Cow<'_, str>, String) {
    if text.chars().nth(MOST_SHOWN).is_none() {
        (Cow::Borrowed(text), String::new())
    } else {
        (shortened(text), length_if_cut(text))
    }
}

/// `line` with each `` `quoted` `` part of it [`shortened`]: explanations quote the user's text
/// in many places, and each quote stays short however long the text is.
pub fn shortened_quotes(line: &str) -> Cow<'_, str> {
    // Every other part between backticks is quoted (after an unpaired one, the rest is).
    let quoted = |index: usize| index % 2 == 1;
    let long = |part: &str| part.chars().nth(MOST_QUOTED).is_some();
    if !line
        .split('`')
        .enumerate()
        .any(|(index, part)| quoted(index) && long(part))
    {
        return Cow::Borrowed(line);
    }
    let parts: Vec<Cow<'_, str>> = line
        .split('`')
        .enumerate()
        .map(|(index, part)| {
            if quoted(index) {
                shortened(part)
            } else {
                Cow::Borrowed(part)
            }
        })
        .collect();
    Cow::Owned(parts.join("`"))
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

    #[test]
    fn the_length_of_a_cut_text_is_said() {
        assert_eq!(length_if_cut("fmWfcF"), "");
        assert_eq!(
            length_if_cut(&"W".repeat(5000)),
            "; it is 5000 characters long"
        );
    }

    /// A macro's text in a hover: whole up to [`MOST_SHOWN`] characters, then by its ends.
    #[test]
    fn a_text_is_shown_whole_up_to_a_page() {
        let page = "(".repeat(MOST_SHOWN);
        assert_eq!(shown(&page), (Cow::Borrowed(page.as_str()), String::new()));
        let longer = format!("{page}W");
        let (quoted, length) = shown(&longer);
        assert_eq!(quoted, shortened(&longer));
        assert_eq!(
            length,
            format!("; it is {} characters long", MOST_SHOWN + 1)
        );
    }

    #[test]
    fn each_quote_of_a_line_is_shortened_and_the_words_kept() {
        assert_eq!(shortened_quotes("prefix `fm`: moves"), "prefix `fm`: moves");
        let long = "caf".repeat(100);
        let line = format!("prefix `{long}`: moves, then `W`");
        let expected = format!("prefix `{}`: moves, then `W`", shortened(&long));
        assert_eq!(shortened_quotes(&line), expected);
    }
}
