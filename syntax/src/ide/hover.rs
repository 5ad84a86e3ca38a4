//! The account of a piece a hover shows, as Markdown: the explanation move by move, the text
//! diagram in a code block and, when asked, the diagram as an SVG picture. The piece's model is
//! built once for all of it.

use crate::board::BoardSize;
use crate::explain::Described;
use crate::tree::Parse;

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
