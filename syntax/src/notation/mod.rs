//! The notations, one module each, behind one trait: `Notation`. A module owns its grammar
//! hooks, typed views, letter table, lowering to the move model, lints and wording. The
//! registry, above, resolves a string's dialect to its notation once and the [`BetzaString`]
//! keeps it; the layers below receive what they need as data (the digit rule, the model's
//! engine tables and walk rules), so they name no particular dialect.
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
pub mod definitions;
pub mod fairy;
pub mod mbn;
pub mod scope;
pub(crate) mod spelling;
pub mod xbetza;
pub mod xboard;

#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use rowan::TextSize;

use crate::board::{BoardSize, without_repeats};
use crate::lexer::Token;
use crate::lint::proof::prove_fixes;
use crate::lint::{Boards, Diagnostic, Engine, Findings, Largest, LintConfig, Original, Reader};
use crate::parser::SpanNode;
use crate::tree::{Parse, SyntaxNode, ast};
use crate::vocabulary::dialects::DialectTable;
use crate::wording::Paragraphs;
use crate::{Dialect, Reading, SyntaxError};
use crate::{lexer, model, tree};
use definitions::{Definition, SharedDefinitions};
use spelling::Spelling;

/// How a notation reads a text: its grammar and its lowering to the move model. It is all
/// another file needs to read a string in a notation, so each notation's `grammar.rs` (or, for
/// MBN, its parser and model) holds it, below the lints and words its [`Notation`] adds.
pub(crate) trait Grammar: Sync {
    /// The dialect strings of this notation are written in.
    fn dialect(&self) -> Dialect;

    /// The tokens of `text` as a tree of spans, and the syntax errors found on the way.
    fn parse(&self, text: &str, tokens: &[Token]) -> (SpanNode, Vec<SyntaxError>);

    /// The move model of a parsed piece. Moves whose atom is missing or unknown (syntax errors)
    /// are left out; everything else is kept.
    fn lower(&self, piece: &ast::Piece) -> model::Piece;

    /// `text` read in this notation: lexed, parsed and built into its lossless tree. Inputs
    /// are limited to 4 GiB (rowan's 32-bit offsets).
    fn read(&self, text: &str) -> Parse {
        read_with(text, self.dialect(), |text, tokens| {
            self.parse(text, tokens)
        })
    }

    /// [`Grammar::lower`], which every model is built by (and tests count).
    fn model(&self, piece: &ast::Piece) -> model::Piece {
        #[cfg(test)]
        model::BUILT.with(|built| built.borrow_mut().push(piece.syntax().text().to_string()));
        self.lower(piece)
    }

    /// Whether a parse's errors leave the model no meaning to show.
    fn is_meaningless(&self, parse: &Parse) -> bool {
        parse.has_errors() && !self.reads_despite_errors(parse)
    }

    /// The model of `text` built without a parse, for a notation read from its text rather
    /// than its tree (an engine's reading); `None`: parse and [`Grammar::lower`].
    fn model_of_text(&self, _text: &str) -> Option<model::Piece> {
        None
    }

    /// Whether a string with syntax errors still has a meaning to show (its reader reads on).
    fn reads_despite_errors(&self, _parse: &Parse) -> bool {
        false
    }
}

/// `text` lexed, parsed by `parse` and built into its lossless tree as `dialect`: what
/// [`Grammar::read`] does, for a notation's own files that read without a `Grammar`.
pub(crate) fn read_with(
    text: &str,
    dialect: Dialect,
    parse: impl FnOnce(&str, &[Token]) -> (SpanNode, Vec<SyntaxError>),
) -> Parse {
    let tokens = lexer::lex(text);
    let (root, errors) = parse(text, &tokens);
    let green = tree::build(text, &tokens, &root);
    Parse::new(green, errors, dialect)
}

/// One notation: everything a generic layer needs to ask of a dialect, its [`Grammar`] and
/// what is built on it (lints, letters, words, conversions).
pub(crate) trait Notation: Grammar {
    /// The notation's own findings, and those of the engines that read it.
    fn lint(&self, string: &BetzaString, findings: &mut Findings<'_>);

    /// The string's syntax findings with their fixes: the parse's errors, each with the fix it
    /// comes with, unless the notation proves its fixes first.
    fn syntax_findings(&self, string: &BetzaString) -> Vec<Diagnostic> {
        (string.parse().errors().iter())
            .map(|error| Diagnostic {
                fix: error.fix(),
                ..error.diagnostic()
            })
            .collect()
    }

    /// The engine whose reading the notation is, if any: its findings are facts about the
    /// string's meaning, not about portability.
    fn own_engine(&self) -> Option<Engine> {
        None
    }

    /// The largest board its engine accepts, where it has a limit.
    fn largest_board(&self) -> Option<BoardSize> {
        None
    }

    /// Whether the piece `text` writes (its model `piece`) may capture en passant, which no
    /// position without e.p. rights shows: where a leg says so (`e`).
    fn captures_en_passant(&self, _text: &str, piece: &model::Piece) -> bool {
        (piece.moves.iter())
            .flat_map(|m| &m.legs)
            .any(|leg| leg.modes.en_passant)
    }

    /// Who reads a string as this notation means it, in a sentence comparing readings: the
    /// description users know it from, or the engine whose reading it is.
    fn reader(&self) -> &'static str;

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
        &spelling::SEED
    }

    /// Whether the strings of a file depend on each other (macros), so a change to one is
    /// analysed with the whole file.
    fn has_macros(&self) -> bool {
        false
    }

    /// The definitions a text holds, in the order written, each with its name, whether it is
    /// a macro and its uses of the others dissolved; none for a notation without definitions,
    /// whose text is one piece.
    fn definitions(&self, _parse: &Parse) -> Vec<Definition> {
        Vec::new()
    }

    /// The model of one piece of a game (the pieces of the text it was defined in, `game`):
    /// where its moves name other pieces (MBN's attacking sets), they move as the game defines
    /// them.
    fn model_in_game(&self, piece: &ast::Piece, _game: &[ast::Piece]) -> model::Piece {
        self.model(piece)
    }

    /// What the strings of one scope share (macros), read from their trees, each with where
    /// its text starts in the scope (`scope.rs` places them in the file); `None` for a
    /// notation whose strings share nothing.
    fn shared_definitions(
        &self,
        _roots: &[(TextSize, SyntaxNode)],
    ) -> Option<Arc<dyn SharedDefinitions>> {
        None
    }
}

/// One Betza string, read once in its notation: its parse, and what is built from it the first
/// time something asks (its model, the model generation reads, the string converted to other
/// readings). The lints, the engine comparisons, the proofs of fixes and every editor feature
/// read the same one, so a string is parsed and lowered once however many of them look at it.
/// Its notation is resolved once, when it is read (`BetzaString::new`, in the registry).
#[derive(Debug)]
pub struct BetzaString {
    text: String,
    notation: &'static dyn Notation,
    /// How its proofs read the texts they compare it with, in any reading.
    reader: Reader,
    parse: Parse,
    model: OnceLock<model::Piece>,
    /// The model with each move written again left out, which a comparison or proof generates
    /// in many positions.
    to_generate: OnceLock<model::Piece>,
    /// The string converted between readings, proven exact, by (from, to): each asked for
    /// once (`convert`).
    conversions: Mutex<HashMap<(Reading, Reading), Option<String>>>,
}

impl BetzaString {
    /// `text` read in `notation`, its proofs reading other texts with `reader`; the rest is
    /// built when first asked for.
    pub(crate) fn read(text: &str, notation: &'static dyn Notation, reader: Reader) -> BetzaString {
        BetzaString {
            text: text.to_owned(),
            notation,
            reader,
            parse: notation.read(text),
            model: OnceLock::new(),
            to_generate: OnceLock::new(),
            conversions: Mutex::default(),
        }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn dialect(&self) -> Dialect {
        self.parse.dialect()
    }

    pub fn parse(&self) -> &Parse {
        &self.parse
    }

    /// The notation the string is read in.
    pub(crate) fn notation(&self) -> &'static dyn Notation {
        self.notation
    }

    /// The engine whose reading the string's notation is, and the largest board it accepts,
    /// where it has a limit (Fairy-Stockfish's).
    pub fn board_limit(&self) -> Option<(Engine, BoardSize)> {
        Some((self.notation.own_engine()?, self.notation.largest_board()?))
    }

    /// The largest board the engine whose reading the string's notation is plays, with the
    /// engine's name, where it has a limit: the boards a difference is shown on.
    pub(crate) fn largest(&self) -> Option<Largest> {
        let (engine, size) = self.board_limit()?;
        Some(Largest::of(engine, size))
    }

    /// How the string's proofs read other texts.
    pub(crate) fn reader(&self) -> Reader {
        self.reader
    }

    /// The piece as its dialect reads it.
    pub fn model(&self) -> &model::Piece {
        self.model
            .get_or_init(|| self.notation.model(&self.parse.piece()))
    }

    /// [`Self::model`] without repeated moves: the same moves, found once each in every
    /// position it is generated in.
    pub fn model_to_generate(&self) -> &model::Piece {
        self.to_generate
            .get_or_init(|| without_repeats(self.model()))
    }

    /// The piece as `notation` reads the same text: its own model when that is its notation.
    pub(crate) fn model_as(&self, notation: &dyn Grammar) -> Cow<'_, model::Piece> {
        if notation.dialect() == self.dialect() {
            Cow::Borrowed(self.model())
        } else {
            Cow::Owned(notation.model(&notation.read(&self.text).piece()))
        }
    }

    /// The syntax findings, each with its fix ([`Notation::syntax_findings`]).
    pub fn syntax_findings(&self) -> Vec<Diagnostic> {
        self.notation.syntax_findings(self)
    }

    /// Every finding for the string, in source order, each fix proven by generation.
    pub fn lint(&self, config: &LintConfig) -> Vec<Diagnostic> {
        let mut findings = Findings::new(config);
        self.notation.lint(self, &mut findings);
        let mut out = findings.out;
        out.sort_by_key(|d| (d.range.start(), d.range.end(), d.code));
        let original = (self.original(), self.notation.reader());
        let boards = Boards {
            seen: config.seen.as_ref(),
            largest: self.largest(),
            by_move: false,
        };
        prove_fixes(original, &mut out, boards, &config.boards);
        out
    }

    /// The string as its proofs compare with: its text in its dialect, generated from its
    /// model.
    pub(crate) fn original(&self) -> Original<'_> {
        Original::read(
            self.text(),
            self.dialect(),
            self.model_to_generate(),
            self.reader,
        )
    }

    /// The conversions asked of the string so far.
    pub(crate) fn conversions(&self) -> &Mutex<HashMap<(Reading, Reading), Option<String>>> {
        &self.conversions
    }
}

impl std::fmt::Debug for dyn Notation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.dialect().id())
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
