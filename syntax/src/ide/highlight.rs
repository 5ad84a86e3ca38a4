//! Highlighting, as plain data: the class of every token of the Betza inside a document (atoms,
//! directions, modes, leg separators and parentheses, ranges and counts, errors), read from the
//! dialect's own tables, and of the host syntax around it (piece keys, sections, comments).

use super::Document;
use crate::host::HostToken;
pub use crate::vocabulary::dialects::TokenClass;
use crate::{Dialect, NodeOrToken, SyntaxKind, TextRange, TextSize};

/// The class of a token of `dialect`, or `None` for tokens left uncoloured (spaces).
pub fn token_class(dialect: Dialect, kind: SyntaxKind, in_error: bool) -> Option<TokenClass> {
    match kind {
        _ if in_error => Some(TokenClass::Invalid),
        SyntaxKind::UNKNOWN => Some(TokenClass::Invalid),
        SyntaxKind::WHITESPACE => None,
        SyntaxKind::DIGITS | SyntaxKind::STAR => Some(TokenClass::Number),
        SyntaxKind::L_PAREN | SyntaxKind::R_PAREN => Some(TokenClass::Operator),
        _ => crate::registry::notation(dialect).letters().class(kind),
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
        let string = document.string(&document.region_text(region), region.dialect);
        for element in string.parse().syntax().descendants_with_tokens() {
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
mod tests;
