//! Semantic tokens for the Betza inside a document (atoms, directions, modes, leg separators
//! and parentheses, ranges and counts, errors) and the host syntax around it (piece keys,
//! sections, comments). Errors share the comment colour, the one most themes dim.

use betza_syntax::NodeOrToken;
use betza_syntax::host::HostToken;
use betza_syntax::ide::{self, TokenClass};
use betza_syntax::{Dialect, SyntaxKind, TextSize, parse};
use tower_lsp_server::ls_types::{SemanticToken, SemanticTokenType, SemanticTokensLegend};

use crate::lsp::position::{Encoding, to_position};
use crate::lsp::state::Document;

/// The token types, in legend order.
pub const TYPES: [SemanticTokenType; 8] = [
    SemanticTokenType::TYPE,
    SemanticTokenType::PARAMETER,
    SemanticTokenType::KEYWORD,
    SemanticTokenType::OPERATOR,
    SemanticTokenType::NUMBER,
    SemanticTokenType::COMMENT,
    SemanticTokenType::PROPERTY,
    SemanticTokenType::NAMESPACE,
];

const ATOM: u32 = 0;
const DIRECTION: u32 = 1;
const MODE: u32 = 2;
const OPERATOR: u32 = 3;
const NUMBER: u32 = 4;
const INVALID: u32 = 5;
const COMMENT: u32 = 5;
const HOST_KEY: u32 = 6;
const SECTION: u32 = 7;

pub fn legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: TYPES.to_vec(),
        token_modifiers: Vec::new(),
    }
}

/// The legend index of a token of `dialect`.
fn token_type(dialect: Dialect, kind: SyntaxKind, in_error: bool) -> Option<u32> {
    Some(match ide::token_class(dialect, kind, in_error)? {
        TokenClass::Atom => ATOM,
        TokenClass::Direction => DIRECTION,
        TokenClass::Mode => MODE,
        TokenClass::Operator => OPERATOR,
        TokenClass::Number => NUMBER,
        TokenClass::Invalid => INVALID,
    })
}

/// The tokens between byte offsets `from` and `to`, delta-encoded.
pub fn tokens(
    document: &Document,
    encoding: Encoding,
    from: usize,
    to: usize,
) -> Vec<SemanticToken> {
    let Some(analysis) = &document.analysis else {
        return Vec::new();
    };
    let mut absolute: Vec<(u32, u32, u32, u32)> = Vec::new();
    // Regions are in file order and do not overlap: those in the range follow one another.
    let first = analysis
        .regions
        .partition_point(|region| usize::from(region.range.end()) < from);
    for region in &analysis.regions[first..] {
        if usize::from(region.range.start()) > to {
            break;
        }
        let parsed = parse(&region.text(&document.rope), region.dialect);
        for element in parsed.syntax().descendants_with_tokens() {
            let NodeOrToken::Token(token) = element else {
                continue;
            };
            let in_error = token
                .parent()
                .is_some_and(|p| p.kind() == SyntaxKind::ERROR);
            let Some(kind) = token_type(region.dialect, token.kind(), in_error) else {
                continue;
            };
            let range = region.to_file(token.text_range());
            let start = to_position(&document.rope, usize::from(range.start()), encoding);
            let end = to_position(&document.rope, usize::from(range.end()), encoding);
            if start.line != end.line || end.character <= start.character {
                continue;
            }
            absolute.push((
                start.line,
                start.character,
                end.character - start.character,
                kind,
            ));
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
        let kind = match token {
            HostToken::Key => HOST_KEY,
            HostToken::Section => SECTION,
            HostToken::Comment => COMMENT,
        };
        let start = to_position(&document.rope, usize::from(range.start()), encoding);
        let end = to_position(&document.rope, usize::from(range.end()), encoding);
        if start.line == end.line && end.character > start.character {
            absolute.push((
                start.line,
                start.character,
                end.character - start.character,
                kind,
            ));
        }
    }
    absolute.sort();
    let mut out = Vec::with_capacity(absolute.len());
    let (mut line, mut character) = (0, 0);
    for (l, c, length, kind) in absolute {
        let delta_line = l - line;
        let delta_start = if delta_line == 0 { c - character } else { c };
        out.push(SemanticToken {
            delta_line,
            delta_start,
            length,
            token_type: kind,
            token_modifiers_bitset: 0,
        });
        line = l;
        character = c;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{ATOM, HOST_KEY, SECTION, tokens};
    use crate::lsp::position::Encoding;
    use crate::lsp::state::{Document, Settings};

    /// The (line, start, length, type) of each token between `from` and `to`.
    fn absolute(text: &str, from: usize, to: usize) -> Vec<(u32, u32, u32, u32)> {
        let uri = "file:///p/variants.ini".parse().expect("uri");
        let document = Document::new(&uri, text.into(), 1, "fairy-variants", &Settings::default());
        let (mut line, mut start) = (0, 0);
        tokens(&document, Encoding::Utf16, from, to)
            .into_iter()
            .map(|t| {
                line += t.delta_line;
                start = if t.delta_line == 0 {
                    start + t.delta_start
                } else {
                    t.delta_start
                };
                (line, start, t.length, t.token_type)
            })
            .collect()
    }

    /// A range that starts inside a key or a string, or ends inside one, still colours it
    /// whole; what lies wholly outside is left out.
    #[test]
    fn a_range_colours_what_it_touches() {
        let text = "[v:chess]\ncustomPiece1 = x:mfW\ncustomPiece2 = y:N\n[w:v]\n";
        let key = text.find("Piece1").expect("key");
        let touched = absolute(text, key, text.find("mfW").expect("string") + 1);
        assert!(touched.contains(&(1, 0, 12, HOST_KEY)), "{touched:?}");
        assert!(touched.contains(&(1, 19, 1, ATOM)), "{touched:?}");
        assert!(!touched.iter().any(|t| t.0 != 1), "{touched:?}");
        let letter = text.find("fW").expect("letter");
        let inside = absolute(text, letter, letter + 1);
        assert!(inside.contains(&(1, 19, 1, ATOM)), "{inside:?}");
        let all = absolute(text, 0, text.len());
        assert!(all.contains(&(0, 0, 9, SECTION)) && all.contains(&(3, 0, 5, SECTION)));
        assert!(all.contains(&(2, 17, 1, ATOM)), "{all:?}");
    }
}
