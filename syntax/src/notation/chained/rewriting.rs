//! Rewriting between chained Betza and XBetza, each rewriting proven by generating both: the
//! model only rewrites, and a rewriting whose moves differ on a reference board is dropped.

use crate::board::reference::{empty_board_trace, fingerprint};
use crate::model;
use crate::notation::Grammar;
use crate::notation::xbetza::grammar::XBetza;

use super::grammar::Chained;
use crate::tree::Parse;

/// A chained Betza piece written in XBetza, when a rewriting has the same moves on every
/// reference board.
#[cfg(test)]
pub(crate) fn xbetza_equivalent(parse: &Parse) -> Option<String> {
    written_in_xbetza(parse, &Chained.model(&parse.piece()))
}

/// [`xbetza_equivalent`] of a chained piece already built.
pub(crate) fn written_in_xbetza(parse: &Parse, piece: &model::Piece) -> Option<String> {
    if parse.has_errors() {
        return None;
    }
    let rewriting = super::model::to_xbetza(&parse.syntax())?;
    same_moves_as_rewriting(piece, &rewriting, &XBetza).then_some(rewriting)
}

/// An XBetza piece with multi-leg moves written in chained Betza, when a rewriting has the same
/// moves on every reference board.
#[cfg(test)]
pub(crate) fn chained_equivalent(parse: &Parse) -> Option<String> {
    if parse.has_errors() {
        return None;
    }
    written_in_chained(&XBetza.model(&parse.piece()))
}

/// [`chained_equivalent`] of an XBetza piece already built.
pub(crate) fn written_in_chained(piece: &model::Piece) -> Option<String> {
    let multi_leg = piece
        .moves
        .iter()
        .any(|m| m.legs.iter().filter(|l| !l.hidden).count() > 1);
    if !multi_leg {
        return None;
    }
    let rewriting = super::model::from_xbetza(piece)?;
    same_moves_as_rewriting(piece, &rewriting, &Chained).then_some(rewriting)
}

/// Whether `rewriting`, read in `notation`, makes the same moves as `piece` on every reference
/// board. The quick empty-board comparison comes first, so a costly piece is not compared at
/// all.
fn same_moves_as_rewriting(piece: &model::Piece, rewriting: &str, notation: &dyn Grammar) -> bool {
    let parsed = notation.read(rewriting);
    if parsed.has_errors() {
        return false;
    }
    let rewritten = notation.model(&parsed.piece());
    match (empty_board_trace(piece), empty_board_trace(&rewritten)) {
        (Some(x), Some(y)) if x == y => fingerprint(piece) == fingerprint(&rewritten),
        _ => false,
    }
}
