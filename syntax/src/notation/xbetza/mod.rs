//! XBetza as the seeds define it (seeds 000, 003, 004).

mod explain;
pub(crate) mod grammar;
pub(crate) mod letters;
pub(crate) mod lint;
pub(crate) mod lower;

use super::{Equivalent, Notation};
use crate::BetzaString;
use crate::Dialect;
use crate::board::BoardSize;
use crate::lint::Findings;
use crate::model;
use crate::tree::Parse;
use crate::vocabulary::dialects::DialectTable;
use crate::wording::Paragraphs;
pub(crate) use grammar::XBetza;

impl Notation for XBetza {
    fn lint(&self, string: &BetzaString, findings: &mut Findings<'_>) {
        lint::check(string, findings);
        super::xboard::lint::check(string, findings);
        super::fairy::lint::check_engines(string, findings);
    }

    fn reader(&self) -> &'static str {
        "the XBetza description"
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
