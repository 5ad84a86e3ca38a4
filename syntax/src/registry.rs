//! The one place a dialect is dispatched to its notation. It sits above the notations, so no
//! lower layer can ask it: what a lower floor needs of a reading reaches it as data in the
//! model (the lowering writes it) or through the `Notation` interface, resolved here once per
//! string and kept in what is built from it.

use crate::board::{BoardSize, Generated, Position, generate, without_repeats};
use crate::lint::proof::Generator;
use crate::lint::{Engine, LintConfig};
use crate::notation::{Notation, chained, fairy, mbn, xbetza, xboard};
use crate::tree::{Parse, ast};
use crate::{BetzaString, Dialect, Reading, model};

/// The notation of `dialect`.
pub(crate) fn notation(dialect: Dialect) -> &'static dyn Notation {
    match dialect {
        Dialect::XBetza => &xbetza::XBetza,
        Dialect::Fairy => &fairy::Fairy,
        Dialect::Mbn => &mbn::Mbn,
        Dialect::Chained => &chained::Chained,
    }
}

impl BetzaString {
    /// `text` read in `dialect`'s notation; the rest is built when first asked for.
    pub fn new(text: &str, dialect: Dialect) -> BetzaString {
        BetzaString::read(text, notation(dialect), generator)
    }
}

impl LintConfig {
    /// XBoard for `xbetza`; for `fairy`, Fairy-Stockfish and XBoard: a piece in a
    /// `variants.ini` meets both, since Fairy-Stockfish sends its Betza to an XBoard-protocol
    /// GUI (`piece X& BETZA`), which reads it again to show and test moves (issue 54).
    pub fn for_dialect(dialect: Dialect) -> LintConfig {
        let own = notation(dialect).own_engine();
        LintConfig {
            engines: own.into_iter().chain([Engine::XBoard]).collect(),
            levels: Vec::new(),
            seen: None,
            boards: Engine::ALL
                .into_iter()
                .filter_map(|engine| Some((engine, engine_board(engine)?)))
                .collect(),
        }
    }
}

/// The largest board `engine` plays, where it has a limit: that of the notation that is its
/// reading (Fairy-Stockfish's, `fairy`; XBoard's reading is no notation, and has none here).
pub(crate) fn engine_board(engine: Engine) -> Option<BoardSize> {
    Dialect::ALL
        .into_iter()
        .map(notation)
        .find(|notation| notation.own_engine() == Some(engine))?
        .largest_board()
}

/// Parses one Betza string in `dialect`. Inputs are limited to 4 GiB (rowan's 32-bit offsets).
pub fn parse(text: &str, dialect: Dialect) -> Parse {
    notation(dialect).read(text)
}

/// The model of a parsed piece, by its dialect's own lowering. Moves whose atom is missing or
/// unknown (syntax errors) are left out; everything else is kept.
pub fn lower(piece: &ast::Piece, dialect: Dialect) -> model::Piece {
    notation(dialect).model(piece)
}

/// Whether a parse's errors leave the model no meaning to show.
pub fn is_meaningless(parse: &Parse) -> bool {
    notation(parse.dialect()).is_meaningless(parse)
}

/// The moves of `text` read as `reading`, position by position, built once for every position:
/// the proofs' reader (`lint::Reader`), which every string read here keeps. Each engine's
/// reading is a notation's (Fairy-Stockfish's is `fairy`, XBoard's is `xboard`).
pub(crate) fn generator(text: &str, reading: Reading) -> Generator<'static> {
    match reading {
        Reading::Dialect(dialect) => {
            let piece = without_repeats(&lower(&parse(text, dialect).piece(), dialect));
            Box::new(move |position: &Position| generate(&piece, position))
        }
        Reading::Engine(Engine::FairyStockfish) => {
            let piece = without_repeats(&fairy::model::piece(text));
            Box::new(move |position: &Position| generate(&piece, position))
        }
        Reading::Engine(Engine::XBoard) => {
            let text = text.to_owned();
            Box::new(move |position: &Position| xboard::board::generate(&text, position))
        }
    }
}

/// The moves of `text` read as `reading` in `position`, once: the playground's and the
/// command line's drawing of an engine's own reading.
pub fn generate_as(reading: Reading, text: &str, position: &Position) -> Generated {
    generator(text, reading)(position)
}

/// What an engine's own reading makes of `string` beside ours, in words with a diagram of its
/// moves, where the tooling says it (XBoard's, of XBetza); `board` is the board asked for.
pub fn engine_reading_said(
    reading: Reading,
    string: &BetzaString,
    board: Option<BoardSize>,
) -> Option<String> {
    (reading == Reading::Engine(Engine::XBoard)).then(|| xboard::xboard_reading(string, board))
}
