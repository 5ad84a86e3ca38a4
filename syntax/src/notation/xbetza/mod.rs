//! XBetza as the seeds define it (seeds 000, 003, 004).

mod explain;
pub(crate) mod letters;
pub(crate) mod lint;
pub(crate) mod lower;

use super::{Equivalent, Notation};
use crate::BetzaString;
use crate::board::BoardSize;
use crate::lexer::Token;
use crate::lint::Findings;
use crate::model;
use crate::parser::{DigitRule, Problem};
use crate::tree::{Parse, ast};
use crate::vocabulary::dialects::DialectTable;
use crate::wording::Paragraphs;
use crate::{Dialect, SyntaxError};

pub(crate) struct XBetza;

/// Seed 000 gives no limit on a number; XBoard reads two digits (../shared/reference), and no
/// board is larger.
const DIGITS: DigitRule = DigitRule {
    most: 2,
    too_long: &Problem::RangeTooLong,
};

impl Notation for XBetza {
    fn dialect(&self) -> Dialect {
        Dialect::XBetza
    }

    fn parse(&self, text: &str, tokens: &[Token]) -> (crate::parser::SpanNode, Vec<SyntaxError>) {
        crate::parser::parse_betza(text, tokens, Dialect::XBetza, DIGITS)
    }

    fn lower(&self, piece: &ast::Piece) -> model::Piece {
        lower::build(piece)
    }

    fn lint(&self, string: &BetzaString, findings: &mut Findings<'_>) {
        lint::check(string, findings);
        super::xboard::lint::check(string, findings);
        super::fairy::lint::check_engines(string, findings);
    }

    fn letters(&self) -> &'static dyn DialectTable {
        &letters::XBetza
    }

    fn continues_leg(&self, before: &str) -> bool {
        lower::continues_leg(before)
    }

    fn explain_moves(
        &self,
        (parse, text): (&Parse, &str),
        piece: &model::Piece,
        _: Option<BoardSize>,
    ) -> Paragraphs {
        Paragraphs {
            moves: explain::moves(&parse.piece(), piece, &crate::wording::slicer(text)),
            together: None,
        }
    }

    fn equivalent(&self, parse: &Parse, piece: &model::Piece) -> Option<Equivalent> {
        if parse.has_errors() {
            return None;
        }
        super::chained::rewriting::written_in_chained(piece).map(|text| Equivalent {
            dialect: Dialect::Chained,
            named: "chained Betza",
            text,
        })
    }
}
