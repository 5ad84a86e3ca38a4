//! The account of a piece a hover shows, as Markdown: the explanation move by move, the text
//! diagram in a code block and, when asked, the diagram as an SVG picture. The piece's model is
//! built once for all of it.

use crate::board::BoardSize;
use crate::explain::Described;
use crate::tree::Parse;
use crate::vocabulary::{Atom, Extension, LetterRole, chained, letter_role, mbn};
use crate::{Dialect, SyntaxKind, TextSize};

/// The documentation of the token at byte `offset` of a parsed string, from the dialect's own
/// tables: a letter, a chained operator, a range; empty for anything else.
pub fn token_doc(parsed: &Parse, offset: usize) -> String {
    let dialect = parsed.dialect();
    let token = parsed
        .syntax()
        .token_at_offset(TextSize::new(u32::try_from(offset).unwrap_or(0)))
        .right_biased();
    let Some(token) = token else {
        return String::new();
    };
    if dialect == Dialect::Chained
        && let Some(doc) = token.text().chars().next().and_then(chained::symbol_doc)
    {
        return doc;
    }
    match token.kind() {
        kind if kind.letter().is_some() => {
            let letter = kind.letter().unwrap_or('?');
            if dialect == Dialect::Mbn {
                mbn::letter_doc(letter)
            } else {
                letter_doc(letter)
            }
        }
        SyntaxKind::DIGITS | SyntaxKind::STAR if dialect == Dialect::Mbn => {
            "**steps**: how often the move repeats (`0`: any number, `3`: up to three, `03`: exactly three, `0*`: as often as it can, `*`: to the edge); after a rider letter it repeats whole rider moves (`R4` is a rook)\n\n".to_owned()
        }
        SyntaxKind::DIGITS | SyntaxKind::STAR => {
            "**range**: how many times the step may repeat (`0` or a doubled atom: any number; `*`: up to the enemy half)\n\n".to_owned()
        }
        _ => String::new(),
    }
}

/// The documentation of one XBetza letter, from the vocabulary's tables.
fn letter_doc(letter: char) -> String {
    match letter_role(letter) {
        LetterRole::Modifier(m) => {
            let e = m.entry();
            format!("**`{letter}`** ({}): {}\n\n", e.name, e.summary)
        }
        LetterRole::Again => {
            "**`a`** (again): ends one leg's modifiers; the next leg starts here\n\n".into()
        }
        LetterRole::Atom(atom) => atom_doc(atom),
        LetterRole::Extension(extension) => extension_doc(extension),
        LetterRole::Unknown => format!("**`{letter}`** has no meaning in Betza\n\n"),
    }
}

fn atom_doc(atom: Atom) -> String {
    let e = atom.entry();
    format!("**`{}`** ({}): {}\n\n", e.letter, e.name, e.summary)
}

fn extension_doc(extension: Extension) -> String {
    format!(
        "**`{}`** (extension): {}\n\n",
        extension.letter(),
        extension.summary()
    )
}

/// What a hover says about a parsed piece; `image` adds the SVG diagram as a data URL (only for
/// clients that render images: others would show the data).
pub fn meaning(parsed: &Parse, board: Option<BoardSize>, image: bool) -> String {
    let described = Described::new(parsed);
    let explanation = described.explanation();
    let mut markdown = explanation.summary.clone();
    markdown.push_str("\n\n");
    for m in &explanation.moves {
        markdown.push_str(&format!("- `{}`\n", m.text));
        for line in &m.lines {
            markdown.push_str(&format!("  - {line}\n"));
        }
    }
    if !explanation.ignored.is_empty() {
        markdown.push_str(&format!(
            "\nFairy-Stockfish skips: {}\n",
            explanation.ignored.join(" ")
        ));
    }
    markdown.push_str("\n```text\n");
    markdown.push_str(&described.diagram(board));
    markdown.push_str("```\n");
    if image {
        let svg = described.diagram_svg(board);
        markdown.push_str(&format!(
            "\n![move diagram](data:image/svg+xml;base64,{})\n",
            base64(svg.as_bytes())
        ));
    }
    markdown
}

/// Standard base64 (RFC 4648, with padding).
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Dialect, parse};

    #[test]
    fn base64_matches_rfc_4648_examples() {
        for (input, expected) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(input.as_bytes()), expected);
        }
    }

    #[test]
    fn a_letter_is_documented_by_its_dialects_table() {
        // Seed 002: MBN's `d` is any direction; seed 000: XBetza's `d` destroys (captures a
        // friend); seed 001: chained Betza's `-` is an operator.
        assert!(token_doc(&parse("dK", Dialect::Mbn), 0).contains("any direction"));
        assert!(token_doc(&parse("dK", Dialect::XBetza), 0).contains("friend"));
        assert!(!token_doc(&parse("W-F", Dialect::Chained), 1).is_empty());
        assert!(token_doc(&parse("R4", Dialect::XBetza), 1).starts_with("**range**"));
    }

    /// Issue 24: a hover (explanation, diagram, second diagram, picture) builds its model once.
    #[test]
    fn a_hover_builds_the_model_once() {
        for (text, dialect) in [
            ("mafsWcK", Dialect::XBetza),
            ("fRbpRnN", Dialect::Fairy),
            ("W-fF", Dialect::Chained),
        ] {
            crate::model::BUILT.with(|built| built.borrow_mut().clear());
            let parsed = parse(text, dialect);
            let markdown = meaning(&parsed, None, true);
            assert!(markdown.contains("data:image/svg+xml;base64,"));
            let builds = crate::model::BUILT
                .with(|built| built.borrow().iter().filter(|t| t.as_str() == text).count());
            assert_eq!(builds, 1, "{text}");
        }
    }
}
