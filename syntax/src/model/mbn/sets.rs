//! MBN's piece sets read from the tree (seed 002, "Piece Sets").

use crate::model::piece_set::{Member, PieceSet};
use crate::tree::ast::mbn as ast;

/// `{QRBN}`, `{^C}`, `{!Qb}`, `{:GC+:}`: the set as data. "In general the piece set includes the
/// pieces of both colors"; with `!`, "{!QRBN} … contains only friendly pieces, … {!qrbn} only
/// … enemy pieces, and … {!Qb} … friendly Queen, and opponent Bishop".
pub(super) fn piece_set(set: &ast::PieceSet) -> PieceSet {
    let by_colour = set.by_colour();
    let members = set
        .identifiers()
        .map(|identifier| {
            let written = identifier.syntax().text().to_string();
            let name = written.trim_matches(':').to_ascii_uppercase();
            let lower = written.chars().any(|c| c.is_ascii_lowercase());
            Member {
                name,
                friendly: by_colour.then_some(!lower),
            }
        })
        .collect();
    PieceSet {
        complement: set.is_complement(),
        members,
        source: set.syntax().text_range(),
    }
}
