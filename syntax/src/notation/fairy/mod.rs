//! Fairy-Stockfish's reading of Betza, quirk for quirk.

pub(crate) mod explain;
pub(crate) mod lint;
pub mod model;
mod parser;

use super::Notation;
use super::spelling::Spelling;
use crate::BetzaString;
use crate::board::BoardSize;
use crate::lexer::Token;
use crate::lint::{Engine, Findings};
use crate::tree::{Parse, ast};
use crate::vocabulary::dialects::DialectTable;
use crate::wording::Paragraphs;
use crate::{Dialect, SyntaxError};

pub(crate) struct Fairy;

/// Fairy-Stockfish's files put the mode first (`mfW`, `imfnA`), write the Nightrider `NN`, and
/// a lame Knight `nN` (the engine's steps along the longer axis first).
const SPELLING: Spelling = Spelling {
    lame: Some(&["D", "N", "A", "Z"]),
    riders: &["R", "B", "NN", "Q", "N0"],
    mode_first: true,
};

impl Notation for Fairy {
    fn dialect(&self) -> Dialect {
        Dialect::Fairy
    }

    fn parse(&self, text: &str, tokens: &[Token]) -> (crate::parser::SpanNode, Vec<SyntaxError>) {
        crate::parser::parse_betza(text, tokens, Dialect::Fairy, parser::DIGITS)
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

    fn lint(&self, string: &BetzaString, findings: &mut Findings<'_>) {
        lint::check(string, findings);
        super::xboard::lint::check(string, findings);
        lint::check_engines(string, findings);
    }

    fn own_engine(&self) -> Option<Engine> {
        Some(Engine::FairyStockfish)
    }

    /// Fairy-Stockfish reads a move's letters in any order (DESIGN.md, "Dialects").
    fn reads_in_any_order(&self) -> bool {
        true
    }

    fn spelling(&self) -> &'static Spelling {
        &SPELLING
    }

    fn reader(&self) -> &'static str {
        "Fairy-Stockfish"
    }

    fn letters(&self) -> &'static dyn DialectTable {
        &super::xbetza::letters::Fairy
    }

    fn continues_leg(&self, before: &str) -> bool {
        super::xbetza::lower::continues_leg(before)
    }

    fn explain_moves(
        &self,
        (_, text): (&Parse, &str),
        piece: &crate::model::Piece,
        seen: Option<BoardSize>,
    ) -> Paragraphs {
        explain::moves(piece, text, seen)
    }
}
