//! The text XBoard actually reads, written as the seed would read it: the letters XBoard drops
//! are dropped, its J and L swapped, a doubled atom single, directions it takes as "all"
//! removed, and the string cut where XBoard stops reading (`model::xboard::readings`, facts in
//! reference/xboard.md). A starting point for converting from XBoard's reading; the proof
//! decides whether it holds.

use rowan::TextRange;

use crate::lint::{Edit, Fix};
use crate::notation::Grammar;
use crate::notation::xbetza::grammar::XBetza;
use crate::notation::xboard::reading::{XBoardReading, readings};

/// `text` as XBoard reads it, in the seed's letters; `None` when XBoard reads it as written.
pub(crate) fn as_xboard_reads(text: &str) -> Option<String> {
    let mut edits: Vec<Edit> = Vec::new();
    let mut end = text.len();
    let letters = |range: TextRange| text.get(std::ops::Range::<usize>::from(range));
    for reading in readings(&XBetza.read(text).piece()) {
        let (range, replacement) = match reading {
            XBoardReading::DropsOutOfOrder { letter } => (letter, String::new()),
            XBoardReading::HalfOnKingGivesAll { directions }
            | XBoardReading::LoneHalfGivesAll { directions }
            | XBoardReading::DiagonalPairWithVOrSGivesAll { directions } => {
                (directions, String::new())
            }
            XBoardReading::DoubledAtomIsNoRider { atom } => {
                let single = letters(atom).and_then(|a| a.get(..1)).unwrap_or_default();
                (atom, single.to_owned())
            }
            // XBoard's J is the seed's C (1,3), its L the seed's Z (2,3).
            XBoardReading::SwapsCamelAndZebra { atom } => match letters(atom) {
                Some("J") => (atom, "C".to_owned()),
                Some("L") => (atom, "Z".to_owned()),
                _ => continue,
            },
            XBoardReading::UnknownAtomEndsString { atom } => {
                end = end.min(usize::from(atom.start()));
                continue;
            }
            XBoardReading::LeadingZeroEndsString { range } => {
                end = end.min(usize::from(range.end()));
                let last = letters(range).and_then(|r| r.get(r.len().saturating_sub(1)..));
                (range, last.unwrap_or_default().to_owned())
            }
            _ => continue,
        };
        edits.push(Edit {
            range,
            text: replacement,
        });
    }
    // Edits past the end, or over letters another edit already changes, are left out.
    edits.retain(|e| usize::from(e.range.end()) <= end);
    edits.sort_by_key(|e| (e.range.start(), e.range.end()));
    let mut kept: Vec<Edit> = Vec::new();
    for edit in edits {
        if kept
            .last()
            .is_none_or(|k| k.range.end() <= edit.range.start())
        {
            kept.push(edit);
        }
    }
    if kept.is_empty() && end == text.len() {
        return None;
    }
    let cut = text.get(..end)?;
    Some(
        Fix {
            title: String::new(),
            edits: kept,
        }
        .apply(cut),
    )
}
