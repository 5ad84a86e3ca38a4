//! How chained Betza is read: its own grammar (seed 001), lowered by its model. The lints,
//! words and rewritings of [`super`] are built on it, and XBetza's rewriting into chained
//! Betza asks this alone.

use crate::lexer::Token;
use crate::notation::Grammar;
use crate::parser::SpanNode;
use crate::tree::ast;
use crate::{Dialect, SyntaxError};

pub(crate) struct Chained;

impl Grammar for Chained {
    fn dialect(&self) -> Dialect {
        Dialect::Chained
    }

    fn parse(&self, text: &str, tokens: &[Token]) -> (SpanNode, Vec<SyntaxError>) {
        crate::parser::parse_own(text, tokens, Dialect::Chained, super::parser::parse)
    }

    fn lower(&self, piece: &ast::Piece) -> crate::model::Piece {
        super::model::build(piece.syntax())
    }
}
