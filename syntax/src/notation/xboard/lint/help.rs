//! What XBoard's findings tell the user to write: the letters to spell otherwise, and how to
//! find a string XBoard reads as meant. Guidance only: a rewrite is claimed only by a fix,
//! proven by generation.

use rowan::TextRange;

use crate::Dialect;
use crate::notation::xboard::reading::XBoardReading;

/// What to write where XBoard reads `reading` differently: the letters to spell otherwise.
pub(super) fn instead(reading: XBoardReading, text: &str) -> String {
    let quoted = |range: TextRange| crate::quote::shortened(&text[range]).into_owned();
    match reading {
        XBoardReading::HalfOnKingGivesAll { directions } => format!(
            "write the King moves `{}` means on `W` and `F` with plain directions",
            quoted(directions)
        ),
        XBoardReading::LoneHalfGivesAll { directions, .. } => format!(
            "write a direction with `{}` (as `fh`), or remove it",
            quoted(directions)
        ),
        XBoardReading::DiagonalPairWithVOrSGivesAll { directions } => format!(
            "write the diagonals `{}` means with `f`, `b`, `l`, `r` or their pairs (`fl`, `br`)",
            quoted(directions)
        ),
        XBoardReading::LeadingVOrSNotDistributed { directions } => format!(
            "write the directions of `{}` one by one, without the leading `{}`",
            quoted(directions),
            &text[directions][..1]
        ),
        XBoardReading::LeaperHopperHasNoMoves { modifier } => format!(
            "hop on a sliding leg (as `{}R`) or remove `{}`",
            quoted(modifier),
            quoted(modifier)
        ),
        XBoardReading::JumpOnSingleStepHasNoMoves { .. } => {
            "remove `j`, which XBetza reads as nothing on a single step".into()
        }
        XBoardReading::LameChecksOneSquare { modifier, .. } => format!(
            "write the leap as legs (`a`) through the squares that must be empty, in place of `{}`",
            quoted(modifier)
        ),
        XBoardReading::WrapsInsteadOfLeavingBoard { modifier } => format!(
            "keep `{}` only where XBoard's wrapping is meant",
            quoted(modifier)
        ),
        XBoardReading::ContinuationExcludesOnlyStraightBack { leg } if leg.is_empty() => {
            "give the leg direction letters that say where it may go".into()
        }
        XBoardReading::ContinuationExcludesOnlyStraightBack { leg } => format!(
            "give the leg `{}` direction letters that say where it may go",
            quoted(leg)
        ),
        XBoardReading::DropsOutOfOrder { .. }
        | XBoardReading::DoubledAtomIsNoRider { .. }
        | XBoardReading::SwapsCamelAndZebra { .. }
        | XBoardReading::LeadingZeroEndsString { .. }
        | XBoardReading::UnknownAtomEndsString { .. } => "write it as XBoard reads it".into(),
    }
}

/// The end of every XBoard finding's help: how to find a string XBoard reads as meant (the
/// conversion proves it by generation), or to stop asking for XBoard.
pub(super) fn port_help(text: &str, dialect: Dialect) -> String {
    let leave = "or, if the piece is not for XBoard, leave XBoard out of the target engines";
    let from = match dialect {
        Dialect::XBetza | Dialect::Fairy => dialect.id(),
        _ => return format!("write the move as XBoard reads it, {leave}"),
    };
    let command = format!(
        "betza convert {} --from {from} --to xboard",
        crate::quote::argument(text)
    );
    format!("`{command}` finds a string XBoard reads alike if there is one, {leave}")
}
