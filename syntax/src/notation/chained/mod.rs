//! Extended Betza with chaining operators (seed 001).

pub mod ast;
pub(crate) mod explain;
pub(crate) mod grammar;
pub(crate) mod letters;
pub(crate) mod lint;
pub(crate) mod model;
pub(crate) mod parser;
pub(crate) mod rewriting;
pub mod vocabulary;

use super::{Equivalent, Notation};
use crate::BetzaString;
use crate::Dialect;
use crate::board::BoardSize;
use crate::lint::Findings;
use crate::tree::Parse;
use crate::vocabulary::dialects::DialectTable;
use crate::wording::{Paragraphs, not_drawn, slicer};
pub(crate) use grammar::Chained;

impl Notation for Chained {
    fn lint(&self, string: &BetzaString, findings: &mut Findings<'_>) {
        lint::check(string, findings);
    }

    fn reader(&self) -> &'static str {
        "the chained Betza description"
    }

    fn letters(&self) -> &'static dyn DialectTable {
        &letters::Chained
    }

    /// The words follow the text, not the model's expanded paths, so each move is said once.
    fn explain_moves(
        &self,
        (parse, text): (&Parse, &str),
        piece: &crate::model::Piece,
        _: Option<BoardSize>,
    ) -> Paragraphs {
        let mut moves = explain::moves(&parse.syntax());
        moves.extend(not_drawn(piece, &slicer(text)));
        Paragraphs {
            moves,
            together: None,
        }
    }

    fn equivalent(&self, parse: &Parse, piece: &crate::model::Piece) -> Option<Equivalent> {
        rewriting::written_in_xbetza(parse, piece).map(|text| Equivalent {
            dialect: Dialect::XBetza,
            named: "XBetza",
            text,
        })
    }
}
