//! The strings tried as a conversion, before any is proven: the piece written again from its
//! parts in the target's letters, the catalogue's names for it, the text as it is and the text
//! in XBoard's letter order. None is trusted: `choose` proves each by generation.

use super::Reading;
use super::part::parts;
use super::spell::spell;
use crate::BetzaString;
use crate::explain::names::identify;
use crate::lint::Fix;
use crate::notation::xboard::lint::xboard_order;

/// A text longer than this is not looked up in the catalogue: no catalogue piece is written
/// that long, and recognising a piece generates it on every reference board.
const LONGEST_LOOKED_UP: usize = 512;

/// A candidate and where it came from; on equal lengths the earlier source wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Source {
    /// A catalogue piece's conventional string (`corpus/pieces.tsv`).
    Catalogue,
    /// Written again from the piece's parts.
    Parts,
    /// The text with each leg's letters in XBoard's order.
    Reordered,
    /// The text XBoard actually reads, in the seed's letters.
    AsXBoardReads,
    /// The text unchanged.
    Text,
}

/// Every candidate for converting `string` from `from` to `to`, each once.
pub(crate) fn candidates(
    string: &BetzaString,
    from: Reading,
    to: Reading,
) -> Vec<(Source, String)> {
    let text = string.text();
    let mut found: Vec<(Source, String)> = Vec::new();
    // XBoard's reading is the seed's reading of the text XBoard actually reads.
    let read = (from.text_read(text)).map(|(read, reading)| {
        found.push((Source::AsXBoardReads, read.clone()));
        BetzaString::new(&read, reading.dialect())
    });
    let string_read = read.as_ref().unwrap_or(string);
    // For XBoard also in the letters it reads as the seed does, in case its quirks differ.
    for plainly in [false, to.has_quirks()] {
        found.extend(
            from_parts(string_read, to, plainly)
                .into_iter()
                .map(|written| (Source::Parts, written)),
        );
    }
    if text.len() <= LONGEST_LOOKED_UP {
        found.extend(catalogue(string_read).map(|betza| (Source::Catalogue, betza)));
    }
    if !crate::registry::notation(to.dialect()).reads_in_any_order()
        && let Some(reordered) = reordered(string)
    {
        found.push((Source::Reordered, reordered));
    }
    found.push((Source::Text, text.to_owned()));
    let mut unique: Vec<(Source, String)> = Vec::new();
    for (source, betza) in found {
        if !betza.is_empty() && !unique.iter().any(|(_, b)| *b == betza) {
            unique.push((source, betza));
        }
    }
    unique
}

/// The piece's parts written in the target's letters, when at least one part was found; and,
/// where some written moves are no parts, those moves' letters as written after them.
fn from_parts(string: &BetzaString, to: Reading, plainly: bool) -> Vec<String> {
    let read = parts(string.model());
    let mut written = String::new();
    for group in &read.groups {
        // A part the target cannot write is left out: the closest string, if none is exact.
        if let Some(spelled) = spell(group, to.dialect(), plainly) {
            written.push_str(&spelled);
        }
    }
    if written.is_empty() {
        return Vec::new();
    }
    let kept: String = (read.kept.iter())
        .filter_map(|range| string.text().get(std::ops::Range::<usize>::from(*range)))
        .collect();
    let with_kept = format!("{written}{kept}");
    let mut out = vec![written];
    if !kept.is_empty() {
        out.push(with_kept);
    }
    out
}

/// The catalogue's strings for the piece, if it is one of them (recognised by its moves).
fn catalogue(string: &BetzaString) -> impl Iterator<Item = String> {
    identify(string.model())
        .names
        .into_iter()
        .map(|named| named.betza.to_owned())
}

/// The text with each leg's modifiers in XBoard's order (`mfW` → `fmW`), when one moved.
fn reordered(string: &BetzaString) -> Option<String> {
    let (text, tree) = (string.text(), string.parse().piece());
    let edits = tree
        .moves()
        .flat_map(|m| m.legs().collect::<Vec<_>>())
        .filter_map(|leg| xboard_order(&leg))
        .filter(|(range, ordered)| {
            text.get(std::ops::Range::<usize>::from(*range)) != Some(ordered)
        })
        .map(|(range, ordered)| crate::lint::Edit {
            range,
            text: ordered,
        })
        .collect::<Vec<_>>();
    (!edits.is_empty()).then(|| {
        Fix {
            title: String::new(),
            edits,
        }
        .apply(text)
    })
}
