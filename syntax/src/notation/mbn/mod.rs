//! Modified Betza Notation of C/CIF (seed 002), with the macros shared by the definitions of a
//! file or a C/CIF `pieces` attribute.

pub mod ast;
mod explain;
pub(crate) mod letters;
pub(crate) mod lint;
pub mod macros;
pub(crate) mod model;
pub(crate) mod parser;
pub mod pieces;
pub mod scope;
pub mod vocabulary;

use std::sync::Arc;

use rowan::TextSize;

use super::definitions::{Definition, SharedDefinitions};
use super::{Grammar, Notation};
use crate::BetzaString;
use crate::Dialect;
use crate::board::BoardSize;
use crate::lint::Findings;
use crate::tree::{Parse, SyntaxNode, ast as tree_ast};
use crate::vocabulary::dialects::DialectTable;
use crate::wording::{Paragraphs, slicer};

pub(crate) struct Mbn;

impl Grammar for Mbn {
    fn dialect(&self) -> Dialect {
        Dialect::Mbn
    }

    fn parse(
        &self,
        text: &str,
        tokens: &[crate::lexer::Token],
    ) -> (crate::parser::SpanNode, Vec<crate::SyntaxError>) {
        parser::parse_tokens(text, tokens)
    }

    fn lower(&self, piece: &tree_ast::Piece) -> crate::model::Piece {
        model::build(piece.syntax(), &[])
    }
}

impl Notation for Mbn {
    fn lint(&self, string: &BetzaString, findings: &mut Findings<'_>) {
        lint::check(string, findings);
    }

    fn reader(&self) -> &'static str {
        "the MBN description"
    }

    fn letters(&self) -> &'static dyn DialectTable {
        &letters::Mbn
    }

    fn explain_moves(
        &self,
        (_, text): (&Parse, &str),
        piece: &crate::model::Piece,
        _: Option<BoardSize>,
    ) -> Paragraphs {
        Paragraphs {
            moves: explain::moves(piece, &slicer(text)),
            together: None,
        }
    }

    /// Macros tie the strings of a file together.
    fn has_macros(&self) -> bool {
        true
    }

    /// Every definition and macro of the text, its macros dissolved.
    fn definitions(&self, parse: &Parse) -> Vec<Definition> {
        pieces::definitions(parse)
    }

    fn model_in_game(
        &self,
        piece: &tree_ast::Piece,
        game: &[tree_ast::Piece],
    ) -> crate::model::Piece {
        build_in_game(piece, game)
    }

    /// The macros the strings of a scope define and use.
    fn shared_definitions(
        &self,
        roots: &[(TextSize, SyntaxNode)],
    ) -> Option<Arc<dyn SharedDefinitions>> {
        let macros = macros::Macros::collect(roots.iter().map(|(start, root)| (*start, root)));
        Some(Arc::new(macros))
    }
}

/// The model of one MBN piece of a game (the texts of its definitions, `game`): the pieces of
/// its attacking sets move as the game defines them (seed 002: "do this move only if the start
/// square is attacked by any of the pieces in this piece set").
pub fn build_in_game(piece: &tree_ast::Piece, game: &[tree_ast::Piece]) -> crate::model::Piece {
    let roots: Vec<&crate::tree::SyntaxNode> = game.iter().map(tree_ast::Piece::syntax).collect();
    model::build(piece.syntax(), &roots)
}
