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
use crate::tree::ast;
use crate::vocabulary::{Atom, ModifierClass};

/// `text` as XBoard reads it, in the seed's letters; `None` when XBoard reads it as written.
pub(crate) fn as_xboard_reads(text: &str) -> Option<String> {
    let piece = XBetza.read(text).piece();
    // First, so that they win over a reading of the same letters below.
    let mut edits: Vec<Edit> = oblique_directions(text, &piece);
    let mut end = text.len();
    let letters = |range: TextRange| text.get(std::ops::Range::<usize>::from(range));
    for reading in readings(&piece) {
        let (range, replacement) = match reading {
            XBoardReading::DropsOutOfOrder { letter } => (letter, String::new()),
            XBoardReading::HalfOnKingGivesAll { directions }
            | XBoardReading::LoneHalfGivesAll { directions, .. }
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

/// The first legs' direction letters on oblique atoms (N, C, Z, XBoard's J and L) that XBoard
/// reads as other leaps than the seed does, written as the leaps XBoard reads (`fsvrN` is seven
/// leaps to XBoard: a `v` or `s` before another letter is read on its own; `hN` is a chiral
/// set, moves.c `case 'N'`).
fn oblique_directions(text: &str, piece: &ast::Piece) -> Vec<Edit> {
    let mut edits = Vec::new();
    for a_move in piece.moves() {
        let oblique = a_move.atom().and_then(|a| a.atom());
        if !matches!(
            oblique,
            Some(Atom::N | Atom::C | Atom::Z | Atom::J | Atom::L)
        ) {
            continue;
        }
        let Some(leg) = a_move.legs().next() else {
            continue;
        };
        let directions: Vec<TextRange> = leg
            .modifiers()
            .filter(|m| {
                m.modifier()
                    .is_some_and(|d| d.entry().class == ModifierClass::Direction)
            })
            .map(|m| m.text_range())
            .collect();
        let (Some(first), Some(last)) = (directions.first(), directions.last()) else {
            continue;
        };
        let range = first.cover(*last);
        let Some(letters) = text.get(std::ops::Range::<usize>::from(range)) else {
            continue;
        };
        if let Some(named) = oblique_leaps_named(letters) {
            edits.push(Edit { range, text: named });
        }
    }
    edits
}

/// The leaps XBoard's direction letters `letters` select on an oblique atom, named one by one
/// in the seed's letters (notes M2: `fr` the flat forward-right leap, `rf` the steep one; none
/// for all eight), when the seed reads the letters otherwise; `None` when they are not only
/// direction letters or both read them alike. XBoard reads the letters alike on every oblique
/// atom, so both readings are generated on N.
fn oblique_leaps_named(letters: &str) -> Option<String> {
    if !letters.chars().all(|c| "fbvslrh".contains(c)) {
        return None;
    }
    let size = crate::board::BoardSize { files: 8, ranks: 8 };
    let position = crate::board::reference::centred(size)?;
    let text = format!("{letters}N");
    let landings = |generated: crate::board::Generated| {
        let mut squares: Vec<crate::board::Square> = generated.moves.iter().map(|m| m.to).collect();
        squares.sort();
        squares.dedup();
        squares
    };
    let xboard = landings(super::board::generate(&text, &position));
    let seed = XBetza.model(&XBetza.read(&text).piece());
    if xboard == landings(crate::board::generate(&seed, &position)) {
        return None;
    }
    let mut named = String::new();
    for to in &xboard {
        let dx = i32::from(to.file) - i32::from(position.from.file);
        let dy = i32::from(to.rank) - i32::from(position.from.rank);
        let vertical = if dy > 0 { 'f' } else { 'b' };
        let horizontal = if dx > 0 { 'r' } else { 'l' };
        // The second letter picks the pair, the first the leap in it.
        let name = if dx.abs() > dy.abs() {
            [vertical, horizontal]
        } else {
            [horizontal, vertical]
        };
        named.extend(name);
    }
    Some(if xboard.len() == 8 {
        String::new()
    } else {
        named
    })
}
