//! Highlighting, as plain data: the class of every token of the Betza inside a document (atoms,
//! directions, modes, leg separators and parentheses, ranges and counts, errors), read from the
//! dialect's own tables, and of the host syntax around it (piece keys, sections, comments).

use super::Document;
use crate::host::HostToken;
use crate::vocabulary::{LetterRole, ModifierClass, chained, letter_role};
use crate::{Dialect, NodeOrToken, SyntaxKind, TextRange, TextSize};

/// MBN's direction letters (seed 002): the rest of its lower-case letters are other modifiers.
const MBN_DIRECTIONS: &str = "bdflrsv";

/// How a token is coloured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenClass {
    Atom,
    Direction,
    Mode,
    Operator,
    Number,
    Invalid,
    /// A host key (`customPiece1`, `VariantMen`).
    HostKey,
    /// A section header (`[name:parent]`).
    Section,
    Comment,
}

/// The class of a token of `dialect`, or `None` for tokens left uncoloured (spaces).
pub fn token_class(dialect: Dialect, kind: SyntaxKind, in_error: bool) -> Option<TokenClass> {
    if in_error || kind == SyntaxKind::UNKNOWN {
        return Some(TokenClass::Invalid);
    }
    match kind {
        SyntaxKind::DIGITS | SyntaxKind::STAR => return Some(TokenClass::Number),
        SyntaxKind::L_PAREN | SyntaxKind::R_PAREN => return Some(TokenClass::Operator),
        _ => {}
    }
    let Some(letter) = kind.letter() else {
        // Punctuation: MBN's and chained Betza's operators and brackets.
        return matches!(dialect, Dialect::Mbn | Dialect::Chained)
            .then_some(TokenClass::Operator)
            .filter(|_| kind != SyntaxKind::WHITESPACE);
    };
    match dialect {
        Dialect::Mbn if letter.is_ascii_uppercase() => Some(TokenClass::Atom),
        Dialect::Mbn if MBN_DIRECTIONS.contains(letter) => Some(TokenClass::Direction),
        Dialect::Mbn => Some(TokenClass::Mode),
        Dialect::Chained if chained::operator_meaning(letter).is_some() => {
            Some(TokenClass::Operator)
        }
        _ => Some(match letter_role(letter) {
            LetterRole::Again => TokenClass::Operator,
            LetterRole::Atom(_) | LetterRole::Extension(_) => TokenClass::Atom,
            LetterRole::Modifier(m) if m.entry().class == ModifierClass::Direction => {
                TokenClass::Direction
            }
            LetterRole::Modifier(_) => TokenClass::Mode,
            LetterRole::Unknown => TokenClass::Invalid,
        }),
    }
}

/// A coloured stretch of the document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Highlight {
    pub range: TextRange,
    pub class: TokenClass,
}

/// The tokens that touch bytes `from..=to` of `document`, in file order.
pub fn highlights(document: &Document, from: usize, to: usize) -> Vec<Highlight> {
    let Some(analysis) = document.analysis() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    // Regions are in file order and do not overlap: those in the range follow one another.
    let first = analysis
        .regions
        .partition_point(|region| usize::from(region.range.end()) < from);
    for region in &analysis.regions[first..] {
        if usize::from(region.range.start()) > to {
            break;
        }
        let piece = document.piece(&document.region_text(region), region.dialect);
        for element in piece.parse.syntax().descendants_with_tokens() {
            let NodeOrToken::Token(token) = element else {
                continue;
            };
            let in_error = token
                .parent()
                .is_some_and(|p| p.kind() == SyntaxKind::ERROR);
            if let Some(class) = token_class(region.dialect, token.kind(), in_error) {
                let range = region.to_file(token.text_range());
                out.push(Highlight { range, class });
            }
        }
    }
    // Tokens do not overlap: only the last one starting before the range can reach into it.
    let start = TextSize::new(u32::try_from(from).unwrap_or(u32::MAX));
    let host_tokens = analysis.host_tokens.before(start).take(1);
    for (range, token) in host_tokens.chain(analysis.host_tokens.from(start)) {
        if usize::from(range.start()) > to {
            break;
        }
        if usize::from(range.end()) < from {
            continue;
        }
        let class = match token {
            HostToken::Key => TokenClass::HostKey,
            HostToken::Section => TokenClass::Section,
            HostToken::Comment => TokenClass::Comment,
        };
        out.push(Highlight { range, class });
    }
    out.sort_by_key(|h| (h.range.start(), h.range.end()));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::Options;

    #[test]
    fn mbn_colours_w_as_a_mode_and_f_as_a_direction() {
        let class = |text: &str, dialect| {
            crate::parse(text, dialect)
                .syntax()
                .descendants_with_tokens()
                .filter_map(|e| e.into_token())
                .map(|t| token_class(dialect, t.kind(), false))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            class("wfK", Dialect::Mbn),
            [
                Some(TokenClass::Mode),
                Some(TokenClass::Direction),
                Some(TokenClass::Atom)
            ]
        );
        assert_eq!(class("wK", Dialect::XBetza)[0], Some(TokenClass::Invalid));
    }

    /// A range that starts inside a key or a string, or ends inside one, still colours it
    /// whole; what lies wholly outside is left out.
    #[test]
    fn a_range_colours_what_it_touches() {
        let text = "[v:chess]\ncustomPiece1 = x:mfW\ncustomPiece2 = y:N\n[w:v]\n";
        let document = Document::new("variants.ini", "", text, &Options::default());
        let shown = |from: usize, to: usize| {
            highlights(&document, from, to)
                .into_iter()
                .map(|h| (&text[h.range], h.class))
                .collect::<Vec<_>>()
        };
        let key = text.find("Piece1").expect("key");
        let touched = shown(key, text.find("mfW").expect("string") + 1);
        assert!(
            touched.contains(&("customPiece1", TokenClass::HostKey)),
            "{touched:?}"
        );
        assert!(touched.contains(&("W", TokenClass::Atom)), "{touched:?}");
        assert!(!touched.iter().any(|t| t.0 == "N"), "{touched:?}");
        let letter = text.find("fW").expect("letter");
        assert!(shown(letter, letter + 1).contains(&("f", TokenClass::Direction)));
        let all = shown(0, text.len());
        assert!(all.contains(&("[v:chess]", TokenClass::Section)));
        assert!(all.contains(&("[w:v]", TokenClass::Section)));
        assert!(all.contains(&("N", TokenClass::Atom)), "{all:?}");
    }
}
