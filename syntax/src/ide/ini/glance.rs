//! The variant at a glance (issue 55), on its section header and its `startFen`: the start
//! position drawn on the section's board, then each piece letter with its Betza string, its
//! name where the catalogue knows the moves, and where it is defined (its own line, a parent
//! section's, or the built-in variant the chain starts from).

use crate::Source;
use crate::board::{BoardSize, Square};
use crate::host::ini::{Model, builtin_pieces};
use crate::host::position::placement;

use super::pieces::{Origin, origins};

/// The board and the piece list of section `index`; `None` when the engine registers no
/// board for it.
/// `file` is the file's text.
pub(super) fn glance(model: &Model, file: &dyn Source, index: usize) -> Option<String> {
    let board = model.sections().get(index)?.board()?;
    let size = BoardSize {
        files: board.files,
        ranks: board.ranks,
    };
    let mut markdown = String::new();
    if let Some(pieces) = placement(&board.start_fen, size) {
        markdown.push_str(&format!(
            "Start position ({} files × {} ranks; white upper case, black lower case):\n\n\
             ```text\n{}```\n\n",
            board.files,
            board.ranks,
            grid(size, &pieces)
        ));
    }
    let origins = origins(model, file, index);
    if !origins.is_empty() {
        markdown.push_str("Pieces:\n\n");
        for origin in &origins {
            markdown.push_str(&piece_line(origin));
        }
    }
    Some(markdown)
}

/// The start position as a text grid: rank numbers on the left, file letters below, a piece's
/// letter or `.` on each square.
fn grid(size: BoardSize, pieces: &[(Square, char)]) -> String {
    let width = size.ranks.to_string().len();
    let mut out = String::new();
    for rank in (0..size.ranks).rev() {
        out.push_str(&format!("{:>width$}  ", rank + 1));
        let row: Vec<String> = (0..size.files)
            .map(|file| {
                let here = Square { file, rank };
                (pieces.iter())
                    .find(|(square, _)| *square == here)
                    .map_or('.', |(_, letter)| *letter)
                    .to_string()
            })
            .collect();
        out.push_str(&row.join(" "));
        out.push('\n');
    }
    let files: Vec<String> = (0..size.files)
        .map(|file| char::from(b'a' + file).to_string())
        .collect();
    out.push_str(&format!("{:width$}  {}\n", "", files.join(" ")));
    out
}

/// One piece of the list: a piece of the built-in parent by its type and Betza, a piece a
/// key defines by its Betza, its catalogue name and the key and section it comes from.
fn piece_line(origin: &Origin) -> String {
    let letter = origin.letter.to_ascii_uppercase();
    if let Some((variant, piece)) = &origin.built_in {
        let moves = if piece.betza.is_empty() {
            " (immobile)".to_owned()
        } else {
            format!(" `{}`", piece.betza)
        };
        return format!(
            "- **{letter}** {}{moves}, of the built-in `{variant}`\n",
            piece.words()
        );
    }
    let Some((key, _)) = &origin.definition else {
        return format!("- **{letter}** {}\n", origin.detail);
    };
    let betza = origin_betza(origin).unwrap_or_default();
    let moves = if betza.is_empty() {
        " (immobile)".to_owned()
    } else {
        format!(" `{}`", crate::quote::shortened(&betza))
    };
    let name = (!betza.is_empty())
        .then(|| catalogue_name(&betza))
        .flatten()
        .map(|name| format!(", the {name}"))
        .unwrap_or_default();
    let section = origin.section.as_deref().unwrap_or_default();
    format!("- **{letter}**{moves}{name}: `{key}` in `[{section}]`\n")
}

/// The Betza string of a piece a key defines: a custom piece's own, or that of the built-in
/// piece type its key names.
pub(super) fn origin_betza(origin: &Origin) -> Option<String> {
    let (key, value) = origin.definition.as_ref()?;
    if let Some((_, betza)) = value.split_once(':') {
        return Some(betza.trim().to_owned());
    }
    // A standard type given another letter (`queen = q`): its moves are the type's. A type no
    // standard variant has (orda's `centaur = h`) is found in the built-in that has it.
    let others = crate::host::ini::options::built_ins().iter();
    builtin_pieces::pieces("chess")
        .iter()
        .chain(builtin_pieces::pieces("shogi"))
        .chain(builtin_pieces::pieces("xiangqi"))
        .chain(others.flat_map(|variant| builtin_pieces::pieces(&variant.name)))
        .find(|piece| piece.piece == *key)
        .map(|piece| piece.betza.clone())
}

/// The catalogue's name for the moves `betza` makes in Fairy-Stockfish's reading.
pub(super) fn catalogue_name(betza: &str) -> Option<&'static str> {
    let dialect = crate::host::HostFormat::VariantsIni.dialect();
    let piece = crate::registry::lower(&crate::parse(betza, dialect).piece(), dialect);
    crate::explain::names::identify(&piece)
        .names
        .first()
        .map(|named| named.name)
}
