//! Semantic tokens: the library's highlights, delta-encoded in the negotiated positions. Errors
//! share the comment colour, the one most themes dim.

use betza_syntax::ide::{Document, TokenClass, highlight};
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
/// file order, a stretch of the file at a time: the highlights of a whole 10 MB file took
/// 6 MB, and a list of the protocol's tokens, or of their positions, beside them 16 to 20 bytes
/// a token (issue 56). A token the client cannot take (one that spans lines) is left out.
pub fn tokens(document: &Document, encoding: Encoding, from: usize, to: usize) -> Result<Vec<u8>> {
    /// About the bytes of the answer for a byte of the file (a token's five numbers are about
    /// 14 bytes written, and a `variants.ini` has a token every 40 bytes or so).
    const WRITTEN_PER_BYTE: f64 = 0.35;
    let to = to.min(document.text().len_bytes());
    let size = (to.saturating_sub(from) as f64 * WRITTEN_PER_BYTE) as usize;
    let tokens = Tokens {
        document,
        encoding,
        from,
        to,
        stretch: STRETCH,
    };
    answers::written(&tokens, size + 16)
}

/// A token where it stands: its line, its first character, its length and its type.
#[derive(Debug, Clone, Copy)]
struct Absolute {
    line: u32,
    character: u32,
    length: u32,
    token_type: u32,
}

/// The five numbers of each of `tokens`, in order, placed from the token before (the
/// library's highlights do not overlap and come in file order, so none is placed before
/// another; one that were would be put on its neighbour's place, not end the request).
fn encoded(tokens: impl Iterator<Item = Absolute>) -> impl Iterator<Item = u32> {
    let mut before = (0, 0);
    tokens.flat_map(move |token| {
        let delta_line = token.line.saturating_sub(before.0);
        let delta_start = if delta_line == 0 {
            token.character.saturating_sub(before.1)
        } else {
            token.character
        };
        before = (token.line, token.character);
        [delta_line, delta_start, token.length, token.token_type, 0]
    })
}

/// The bytes of the file whose highlights are taken at a time.
const STRETCH: usize = 1 << 20;

/// The tokens of a document that touch bytes `from..=to`, written as the protocol's
/// `SemanticTokens`.
struct Tokens<'a> {
    document: &'a Document,
    encoding: Encoding,
    from: usize,
    to: usize,
    /// The bytes whose highlights are taken at a time.
    stretch: usize,
}

impl Tokens<'_> {
    /// Where each token the client can take stands, in order: the highlights of each stretch
    /// of the file that start in it. Those of the first stretch may start before it, and those
    /// of the last after it, as a string that touches a range has all its tokens.
    fn absolute(&self) -> impl Iterator<Item = Absolute> + '_ {
        let rope = self.document.text();
        let stretch = self.stretch.max(1);
        let stretches = (self.from..=self.to).step_by(stretch).map(move |start| {
            let end = start.saturating_add(stretch - 1).min(self.to);
            let highlights = highlight::highlights(self.document, start, end);
            let after = if start == self.from { 0 } else { start };
            let before = if end == self.to { usize::MAX } else { end };
            highlights
                .into_iter()
                .filter(move |h| (after..=before).contains(&usize::from(h.range.start())))
        });
        stretches.flatten().filter_map(move |h| {
            let start = to_position(rope, h.range.start().into(), self.encoding);
            let end = to_position(rope, h.range.end().into(), self.encoding);
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
    use betza_syntax::analysis::Options;
    use betza_syntax::ide::Document;

    use super::{Absolute, Tokens, encoded};
    use crate::lsp::position::Encoding;

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

    /// The tokens written a stretch of the file at a time are those of the whole range at
    /// once: none twice where a token or a string crosses from one stretch to the next, none
    /// lost, and a range's first token may start before it.
    #[test]
    fn tokens_taken_a_stretch_at_a_time_are_those_of_the_whole() {
        let text = "[v:chess]\ncustomPiece1 = a:mWfceF # a pawn\nking = k:WF\n\
                    ; a comment\n[w:v]\ncustomPiece2 = b:NN\nstartFen = 8/8 w - - 0 1\n";
        let document = Document::new("variants.ini", "", text, &Options::default());
        let written = |from, to, stretch| {
            let tokens = Tokens {
                document: &document,
                encoding: Encoding::Utf16,
                from,
                to,
                stretch,
            };
            serde_json::to_value(&tokens).expect("written")
        };
        let whole = written(0, text.len(), usize::MAX);
        assert!(whole["data"].as_array().is_some_and(|data| data.len() > 40));
        for stretch in [1, 2, 3, 5, 8, 13, 64] {
            assert_eq!(
                written(0, text.len(), stretch),
                whole,
                "stretches of {stretch}"
            );
            assert_eq!(written(12, 60, stretch), written(12, 60, usize::MAX));
        }
    }
}
