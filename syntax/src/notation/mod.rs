//! The notations, one module each, behind one trait: `Notation`. A module owns its grammar
//! hooks, typed views, letter table, lowering to the move model, lints and wording; the generic
//! layers (tree, model, board, explain, ide) ask `of` for the notation of a string's dialect
//! and call it, so they name no particular dialect.
//!
//! | module      | what                                                            |
//! |-------------|-----------------------------------------------------------------|
//! | [`xbetza`]  | XBetza as the seeds define it (seeds 000, 003, 004)             |
//! | [`fairy`]   | Fairy-Stockfish's reading, quirk for quirk                      |
//! | [`mbn`]     | Modified Betza Notation of C/CIF (seed 002), with its macros    |
//! | [`chained`] | Extended Betza with chaining operators (seed 001)               |
//! | [`xboard`]  | XBoard's reading of XBetza: where it departs, and its generator |
//!
//! XBoard's reading is no dialect a string is written in, so it has no `Notation` of its own:
//! the lints of the dialects XBoard reads call it.

pub mod chained;
pub mod fairy;
pub mod mbn;
pub mod xbetza;
pub mod xboard;

#[cfg(test)]
mod tests;

use crate::BetzaString;
use crate::board::{BoardSize, Generated, Position, generate, without_repeats};
use crate::convert::Spelling;
use crate::explain::Paragraphs;
use crate::lexer::Token;
use crate::lint::proof::Generator;
use crate::lint::{Engine, Findings};
use crate::model;
use crate::parser::SpanNode;
use crate::tree::{Parse, ast};
use crate::vocabulary::dialects::DialectTable;
use crate::{Dialect, SyntaxError};

/// One notation: everything a generic layer needs to ask of a dialect.
pub(crate) trait Notation: Sync {
    /// The tokens of `text` as a tree of spans, and the syntax errors found on the way.
    fn parse(&self, text: &str, tokens: &[Token]) -> (SpanNode, Vec<SyntaxError>);

    /// The move model of a parsed piece. Moves whose atom is missing or unknown (syntax errors)
    /// are left out; everything else is kept.
    fn lower(&self, piece: &ast::Piece) -> model::Piece;

    /// The model of `text` built without a parse, for a notation read from its text rather
    /// than its tree (an engine's reading); `None`: parse and [`Notation::lower`].
    fn model_of_text(&self, _text: &str) -> Option<model::Piece> {
        None
    }

    /// Whether a string with syntax errors still has a meaning to show (its reader reads on).
    fn reads_despite_errors(&self, _parse: &Parse) -> bool {
        false
    }

    /// The moves of `piece` in `position` by the notation's own generator, where it has one
    /// (an engine's reading generated as the engine does); `None`: the legs are walked.
    fn generate_own(&self, _piece: &model::Piece, _position: &Position) -> Option<Generated> {
        None
    }

    /// Whether directions are each player's own, so black's moves are white's mirrored.
    fn mirrors_for_black(&self) -> bool {
        false
    }

    /// Whether a move may end on its start square only where the notation allows it.
    fn forbids_return_to_start(&self) -> bool {
        false
    }

    /// The notation's own findings, and those of the engines that read it.
    fn lint(&self, string: &BetzaString, findings: &mut Findings<'_>);

    /// The engine whose reading the notation is, if any: its findings are facts about the
    /// string's meaning, not about portability.
    fn own_engine(&self) -> Option<Engine> {
        None
    }

    /// Who reads a string as this notation means it, in a sentence comparing readings.
    fn reader(&self) -> &'static str {
        "the seed"
    }

    /// The letters, colours and hover words of the notation.
    fn letters(&self) -> &'static dyn DialectTable;

    /// Whether the letters before the cursor start a leg that continues another one, where
    /// directions are relative.
    fn continues_leg(&self, _before: &str) -> bool {
        false
    }

    /// The explanation of each move, from the piece's model (and, where the notation reads its
    /// own tree, the parse of `text`). `seen`: the board the reader sees, `None` for 8×8.
    fn explain_moves(
        &self,
        parse_and_text: (&Parse, &str),
        piece: &model::Piece,
        seen: Option<BoardSize>,
    ) -> Paragraphs;

    /// The piece written in another notation with the same moves, proven by generation.
    fn equivalent(&self, _parse: &Parse, _piece: &model::Piece) -> Option<Equivalent> {
        None
    }

    /// Whether the notation reads a move's letters in any order, so writing them in another
    /// order says nothing new.
    fn reads_in_any_order(&self) -> bool {
        false
    }

    /// How the notation's authors write moves, for the strings a conversion offers.
    fn spelling(&self) -> &'static Spelling {
        &crate::convert::SEED
    }

    /// Whether the strings of a file depend on each other (macros), so a change to one is
    /// analysed with the whole file.
    fn has_macros(&self) -> bool {
        false
    }
}

/// A piece written in another dialect with the same moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Equivalent {
    pub dialect: Dialect,
    /// The notation's name in a sentence: "chained Betza".
    pub named: &'static str,
    pub text: String,
}

/// The notation of `dialect`: the one place a dialect is dispatched to its implementation.
pub(crate) fn of(dialect: Dialect) -> &'static dyn Notation {
    match dialect {
        Dialect::XBetza => &xbetza::XBetza,
        Dialect::Fairy => &fairy::Fairy,
        Dialect::Mbn => &mbn::Mbn,
        Dialect::Chained => &chained::Chained,
    }
}

/// The moves of `text` as `engine` reads it, position by position: each engine's reading is a
/// notation's (Fairy-Stockfish's is `fairy`, XBoard's is `xboard`).
pub(crate) fn engine_generator(engine: Engine, text: &str) -> Generator<'static> {
    match engine {
        Engine::FairyStockfish => {
            let piece = without_repeats(&fairy::model::piece(text));
            Box::new(move |position| generate(&piece, position))
        }
        Engine::XBoard => {
            let text = text.to_owned();
            Box::new(move |position| xboard::board::generate(&text, position))
        }
    }
}
