//! Semantic tokens: the library's highlights, delta-encoded in the negotiated positions. Errors
//! share the comment colour, the one most themes dim.

use betza_syntax::ide::{Document, TokenClass, highlight};
use tower_lsp_server::ls_types::{SemanticToken, SemanticTokenType, SemanticTokensLegend};

use crate::lsp::position::{Encoding, to_position};

/// The token types, in legend order.
const TYPES: [SemanticTokenType; 8] = [
    SemanticTokenType::TYPE,
    SemanticTokenType::PARAMETER,
    SemanticTokenType::KEYWORD,
    SemanticTokenType::OPERATOR,
    SemanticTokenType::NUMBER,
    SemanticTokenType::COMMENT,
    SemanticTokenType::PROPERTY,
    SemanticTokenType::NAMESPACE,
];

pub fn legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: TYPES.to_vec(),
        token_modifiers: Vec::new(),
    }
}

/// The legend index of a class.
fn token_type(class: TokenClass) -> u32 {
    match class {
        TokenClass::Atom => 0,
        TokenClass::Direction => 1,
        TokenClass::Mode => 2,
        TokenClass::Operator => 3,
        TokenClass::Number => 4,
        TokenClass::Invalid | TokenClass::Comment => 5,
        TokenClass::HostKey => 6,
        TokenClass::Section => 7,
    }
}

/// The tokens that touch bytes `from..=to`, delta-encoded. A token the client cannot take (one
/// that spans lines) is left out.
pub fn tokens(
    document: &Document,
    encoding: Encoding,
    from: usize,
    to: usize,
) -> Vec<SemanticToken> {
    let rope = document.text();
    let mut absolute: Vec<(u32, u32, u32, u32)> = highlight::highlights(document, from, to)
        .into_iter()
        .filter_map(|h| {
            let start = to_position(rope, h.range.start().into(), encoding);
            let end = to_position(rope, h.range.end().into(), encoding);
            (start.line == end.line && end.character > start.character).then_some((
                start.line,
                start.character,
                end.character - start.character,
                token_type(h.class),
            ))
        })
        .collect();
    absolute.sort_unstable();
    let (mut line, mut character) = (0, 0);
    absolute
        .into_iter()
        .map(|(l, c, length, token_type)| {
            let delta_line = l - line;
            let delta_start = if delta_line == 0 { c - character } else { c };
            (line, character) = (l, c);
            SemanticToken {
                delta_line,
                delta_start,
                length,
                token_type,
                token_modifiers_bitset: 0,
            }
        })
        .collect()
}
