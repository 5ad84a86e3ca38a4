//! Semantic tokens: the library's highlights, delta-encoded in the negotiated positions. Errors
//! share the comment colour, the one most themes dim.

use betza_syntax::ide::{Document, Highlight, TokenClass, highlight};
use ropey::Rope;
use serde::ser::{Serialize, SerializeStruct, Serializer};
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{SemanticTokenType, SemanticTokensLegend};

use crate::lsp::answers;
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

/// The tokens that touch bytes `from..=to`, as the JSON text of the answer to a semantic
/// tokens request: the protocol's `SemanticTokens`, `{"data": […]}`, five numbers a token, each
/// placed from the one before. Written straight from the library's highlights, which are in
/// file order: a list of the protocol's tokens, or of their positions, beside them took 16 to
/// 20 bytes a token (issue 56). A token the client cannot take (one that spans lines) is left
/// out.
pub fn tokens(document: &Document, encoding: Encoding, from: usize, to: usize) -> Result<Vec<u8>> {
    /// About the bytes of a token's five numbers, written.
    const WRITTEN: usize = 14;
    let highlights = highlight::highlights(document, from, to);
    let tokens = Tokens {
        highlights: &highlights,
        rope: document.text(),
        encoding,
    };
    answers::written(&tokens, highlights.len() * WRITTEN + 16)
}

/// A token where it stands: its line, its first character, its length and its type.
#[derive(Debug, Clone, Copy)]
struct Absolute {
    line: u32,
    character: u32,
    length: u32,
    token_type: u32,
}

/// The five numbers of each of `tokens`, in order, placed from the token before.
fn encoded(tokens: impl Iterator<Item = Absolute>) -> impl Iterator<Item = u32> {
    let mut before = (0, 0);
    tokens.flat_map(move |token| {
        let delta_line = token.line - before.0;
        let delta_start = if delta_line == 0 {
            token.character - before.1
        } else {
            token.character
        };
        before = (token.line, token.character);
        [delta_line, delta_start, token.length, token.token_type, 0]
    })
}

/// Highlights in file order, written as the protocol's `SemanticTokens`.
struct Tokens<'a> {
    highlights: &'a [Highlight],
    rope: &'a Rope,
    encoding: Encoding,
}

impl Tokens<'_> {
    /// Where each highlight the client can take stands.
    fn absolute(&self) -> impl Iterator<Item = Absolute> + '_ {
        self.highlights.iter().filter_map(|h| {
            let start = to_position(self.rope, h.range.start().into(), self.encoding);
            let end = to_position(self.rope, h.range.end().into(), self.encoding);
            (start.line == end.line && end.character > start.character).then_some(Absolute {
                line: start.line,
                character: start.character,
                length: end.character - start.character,
                token_type: token_type(h.class),
            })
        })
    }
}

impl Serialize for Tokens<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        struct Data<'t, 'a>(&'t Tokens<'a>);
        impl Serialize for Data<'_, '_> {
            fn serialize<S: Serializer>(
                &self,
                serializer: S,
            ) -> std::result::Result<S::Ok, S::Error> {
                serializer.collect_seq(encoded(self.0.absolute()))
            }
        }
        let mut answer = serializer.serialize_struct("SemanticTokens", 1)?;
        answer.serialize_field("data", &Data(self))?;
        answer.end()
    }
}

#[cfg(test)]
mod tests {
    use super::{Absolute, encoded};

    /// Each token is written as five numbers placed from the one before (LSP 3.16, semantic
    /// tokens): the line from the line before, the character from the one before on a line.
    #[test]
    fn tokens_are_written_placed_from_the_one_before() {
        let at = |line, character, length, token_type| Absolute {
            line,
            character,
            length,
            token_type,
        };
        let tokens = [at(0, 2, 1, 0), at(0, 5, 3, 2), at(2, 4, 1, 7)];
        assert_eq!(
            encoded(tokens.into_iter()).collect::<Vec<_>>(),
            [0, 2, 1, 0, 0, 0, 3, 3, 2, 0, 2, 4, 1, 7, 0]
        );
    }
}
