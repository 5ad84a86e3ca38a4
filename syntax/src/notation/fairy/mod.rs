//! Fairy-Stockfish's reading of Betza, quirk for quirk.

pub(crate) mod explain;
pub(crate) mod grammar;
mod help;
pub(crate) mod lint;
pub mod model;
mod parser;
pub(crate) mod skipped;

use super::Notation;
use super::spelling::Spelling;
use crate::BetzaString;
use crate::board::BoardSize;
use crate::lint::{Engine, Findings};
use crate::tree::Parse;
use crate::vocabulary::dialects::DialectTable;
use crate::wording::Paragraphs;
pub(crate) use grammar::Fairy;

/// Fairy-Stockfish's files put the mode first (`mfW`, `imfnA`), write the Nightrider `NN`, and
/// a lame Knight `nN` (the engine's steps along the longer axis first).
const SPELLING: Spelling = Spelling {
    lame: Some(&["D", "N", "A", "Z"]),
    riders: &["R", "B", "NN", "Q", "N0"],
    mode_first: true,
};

impl Notation for Fairy {
    fn lint(&self, string: &BetzaString, findings: &mut Findings<'_>) {
        lint::check(string, findings);
        // The other engine the piece meets is XBoard (the GUI), whose findings compare its
        // reading with Fairy-Stockfish's; the XBetza description is no reference here.
        super::xboard::lint::check(string, findings);
    }

    /// The fixes of what the engine skips are proven by generating its moves.
    fn syntax_findings(&self, string: &BetzaString) -> Vec<crate::diagnostic::Diagnostic> {
        skipped::proven(string)
    }

    fn own_engine(&self) -> Option<Engine> {
        Some(Engine::FairyStockfish)
    }

    fn largest_board(&self) -> Option<BoardSize> {
        Some(model::LARGEST_BOARD)
    }

    /// An `e` anywhere in a custom piece's string puts it among the pieces that capture en
    /// passant (`parser.cpp` 279–283, notes F9), though the move reader skips the letter.
    fn captures_en_passant(&self, text: &str, _: &crate::model::Piece) -> bool {
        text.contains('e')
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
