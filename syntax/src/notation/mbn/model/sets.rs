//! MBN's piece sets read from the tree (seed 002, "Piece Sets"), and the pieces an attacking
//! set names with the moves they attack by.

use rowan::TextRange;

use super::leapers::basic_piece;
use super::{Lower, lowered};
use crate::model::piece_set::{Member, PieceSet};
use crate::model::region::Attackers;
use crate::model::{Move, MoveKind};
use crate::notation::mbn::ast;

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

impl Lower {
    /// The pieces of an attacking set with the moves they attack by: each letter's definition
    /// in the same text, else MBN's basic piece of that letter. `None` (the set is said in
    /// words) for a complement, or a piece whose moves are not all drawn.
    pub(super) fn attackers(&mut self, set: &ast::PieceSet) -> Option<Attackers> {
        let set = piece_set(set);
        if set.complement || set.members.is_empty() {
            return None;
        }
        let mut movers = Vec::new();
        let mut said = Vec::new();
        for member in &set.members {
            let (text, whence) = match self.definitions.get(&member.name) {
                Some(text) => (text.clone(), "its definition"),
                None => {
                    let mut letters = member.name.chars();
                    let (Some(letter), None) = (letters.next(), letters.next()) else {
                        return None;
                    };
                    let whence = "MBN's basic piece; a piece of this letter defined apart from this string is not read";
                    (basic_piece(letter)?.to_owned(), whence)
                }
            };
            let (paths, why) = lowered(&text, true);
            if why.is_some() || paths.is_empty() {
                return None;
            }
            let moves = paths
                .into_iter()
                .map(|path| Move {
                    kind: MoveKind::Legs,
                    initial: path.initial,
                    legs: path.legs,
                    regions: path.regions,
                    source: TextRange::default(),
                })
                .collect();
            said.push(format!("{} moving `{text}` ({whence})", member.name));
            movers.push((member.name.clone(), moves));
        }
        Some(Attackers { set, movers, said })
    }
}
