//! Fairy-Stockfish `variants.ini`: sections `[name]` or `[child:parent]`, `#` and `;` comment
//! lines, `key = value`. Betza is the value after `x:` of `customPiece1` to `customPiece25`, and
//! of `king = k:BETZA`.

use super::interface::Host;
use super::kinds::{FileKind, IniContent, SharedExtension};
use super::{FileBoard, HostFormat, Region, Scan};
use crate::Dialect;
use crate::board::BoardSize;

mod board;
pub mod builtin_pieces;
#[cfg(test)]
mod cases;
#[cfg(test)]
mod differential;
mod fen;
mod incremental;
mod intent;
mod keys;
mod letters;
mod model;
pub mod options;
mod recognition;
mod rules;
mod scanner;
mod sections;
pub mod values;

use board::Board;
pub(crate) use fen::placement::{Placement, PlacementItem};
pub(crate) use incremental::edit;
#[cfg(test)]
pub(crate) use model::header_parts;
pub use model::{Entry, Header, Line, LineKind, Model, Outcome, Parent, Section, SectionText};
pub use recognition::is_variants_file;
#[cfg(test)]
pub(crate) use scanner::boards;

/// Fairy-Stockfish's `variants.ini` files.
pub(super) struct VariantsIni;

const KIND: FileKind = FileKind {
    format: HostFormat::VariantsIni,
    dialect: Dialect::Fairy,
    language: "fairy-variants",
    other_languages: &[],
    title: "Fairy-Stockfish variants",
    extensions: &[],
    shared: Some(SharedExtension {
        extension: "ini",
        name_word: "variants",
        host_languages: &["ini", "dosini"],
        content: IniContent {
            keys: recognition::keys,
            numbered_keys: recognition::NUMBERED_KEYS,
            piece_keys: recognition::piece_keys,
            switch_keys: recognition::switch_keys,
            holds: is_variants_file,
            built_in_parents: built_in_variants,
        },
    }),
    line_comments: &["#", ";"],
};

/// The variants Fairy-Stockfish has built in, which a section may inherit from.
fn built_in_variants() -> Vec<&'static str> {
    options::built_ins()
        .iter()
        .map(|variant| variant.name.as_str())
        .collect()
}

impl Host for VariantsIni {
    fn kind(&self) -> &'static FileKind {
        &KIND
    }

    fn scan(&self, text: &str, _: Dialect, per_code: Option<usize>) -> Scan {
        scanner::scan(text, per_code)
    }

    /// The board Fairy-Stockfish makes of the section that holds the string, once its parents
    /// are applied: none for a section the engine does not register.
    fn board_of(&self, region: &Region, model: Option<&Model>) -> Option<FileBoard> {
        let model = model?;
        let section = model
            .sections()
            .get(model.section_at(region.range.start().into()))?;
        let board = section.board()?;
        Some(FileBoard {
            size: BoardSize {
                files: board.files,
                ranks: board.ranks,
            },
            whose: "the section's",
            start_fen: Some(board.start_fen.to_string()),
        })
    }
}
