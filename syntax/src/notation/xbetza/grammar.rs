//! How XBetza is read: the shared Betza grammar with its digit rule, lowered by the seeds'
//! reading. The lints and words of [`super`] are built on it, and the notations that read a
//! string as XBetza (chained Betza's rewritings, Fairy-Stockfish's comparison, XBoard's
//! reading) ask this alone.

use crate::Dialect;
use crate::SyntaxError;
use crate::lexer::Token;
use crate::model;
use crate::notation::Grammar;
use crate::parser::{DigitRule, Problem, SpanNode};
use crate::tree::ast;

pub(crate) struct XBetza;

/// Seed 000 gives no limit on a number; XBoard reads two digits (../shared/reference), and no
/// board is larger.
const DIGITS: DigitRule = DigitRule {
    most: 2,
    too_long: &Problem::RangeTooLong,
};

impl Grammar for XBetza {
    fn dialect(&self) -> Dialect {
        Dialect::XBetza
    }

    fn parse(&self, text: &str, tokens: &[Token]) -> (SpanNode, Vec<SyntaxError>) {
        crate::parser::parse_betza(text, tokens, Dialect::XBetza, DIGITS)
    }

    fn lower(&self, piece: &ast::Piece) -> model::Piece {
        super::lower::build(piece)
    }
}
