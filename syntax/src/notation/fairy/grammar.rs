//! How Fairy-Stockfish reads a string: the shared Betza grammar with the engine's one-digit
//! ranges, and the meaning the engine builds from the text. The lints and words of [`super`]
//! are built on it, and XBetza's comparison with the engine asks this alone.

use crate::lexer::Token;
use crate::notation::Grammar;
use crate::parser::SpanNode;
use crate::tree::{Parse, ast};
use crate::{Dialect, SyntaxError};

use super::{model, parser, skipped};

pub(crate) struct Fairy;

impl Grammar for Fairy {
    fn dialect(&self) -> Dialect {
        Dialect::Fairy
    }

    fn parse(&self, text: &str, tokens: &[Token]) -> (SpanNode, Vec<SyntaxError>) {
        let (tree, mut errors) =
            crate::parser::parse_betza(text, tokens, Dialect::Fairy, parser::DIGITS);
        super::help::in_engine_terms(text, &mut errors);
        (tree, skipped::engine_errors(text, errors))
    }

    /// The meaning is what the engine builds, read from the text as the engine reads it.
    fn lower(&self, piece: &ast::Piece) -> crate::model::Piece {
        model::piece(&piece.syntax().text().to_string())
    }

    fn model_of_text(&self, text: &str) -> Option<crate::model::Piece> {
        Some(model::piece(text))
    }

    /// The engine reads every string: only one with no atom it knows has no meaning (notes F6).
    fn reads_despite_errors(&self, parse: &Parse) -> bool {
        !model::EnginePiece::read(&parse.syntax().text().to_string())
            .atoms
            .is_empty()
    }
}
