//! Completion, as plain data: inside a Betza string the letters its dialect reads, each with
//! its own table's words (MBN's `w` swaps, XBetza's `d` destroys); `a` where another leg may
//! start. In a `variants.ini`, outside any string, the next free `customPieceN` key with a free
//! piece letter, the options the section does not set yet, and the words of a value.

use super::Document;
use crate::host::HostFormat;
use crate::host::ini::options::CUSTOM_PIECES;
use crate::host::ini::{Model, SectionText};
use crate::vocabulary::dialects::Letter;
use crate::{Source, TextRange, TextSize};

/// One completion item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Completion {
    /// A letter added at the cursor. A Betza string is one word to an editor, and many
    /// editors (Helix, Emacs's Eglot) keep only the items that start with the word before the
    /// cursor: so the item replaces `word` (the letters and digits around the cursor, maybe
    /// none) with the word and the letter at the cursor. In the middle of a word the edit
    /// covers the part after the cursor too: Eglot 1.9 replaces the whole word with the item
    /// and filters by both halves, so an item of the part before alone would be inserted
    /// unasked (`e:R|N` became `e:RNN`, issue 55).
    Letter { letter: Letter, word: TextRange },
    /// A `customPieceN = x:` line.
    CustomPiece(CustomPiece),
    /// A `variants.ini` key or value.
    Ini(super::ini::IniCompletion),
}

/// The completion items at byte `offset` of `document`.
pub fn completion(document: &Document, offset: usize) -> Vec<Completion> {
    let at = TextSize::new(u32::try_from(offset).unwrap_or(u32::MAX));
    let as_items = |letters: Vec<Letter>, word: TextRange| {
        letters
            .into_iter()
            .map(|letter| Completion::Letter { letter, word })
            .collect()
    };
    if let Some(region) = document.region_at(offset) {
        let before = document
            .text()
            .text_at(usize::from(region.range.start())..offset)
            .unwrap_or_default();
        let word_length = before
            .chars()
            .rev()
            .take_while(char::is_ascii_alphanumeric)
            .count();
        let after = document
            .text()
            .text_at(offset..usize::from(region.range.end()))
            .unwrap_or_default();
        let after_length = after
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .count();
        // ASCII: one byte a character.
        let word = TextRange::new(
            at - TextSize::new(word_length as u32),
            at + TextSize::new(after_length as u32),
        );
        let notation = crate::registry::notation(region.dialect);
        let continuation = notation.continues_leg(&before);
        return as_items(notation.letters().letters(continuation), word);
    }
    match document.format() {
        Some(HostFormat::VariantsIni) => {
            let Some(model) = document.ini() else {
                return Vec::new();
            };
            let rope = document.text();
            let offset = offset.min(rope.len_bytes());
            let line_start = rope.line_to_byte(rope.byte_to_line(offset));
            let before = rope.text_at(line_start..offset).unwrap_or_default();
            // A piece's Betza not typed yet (`customPiece3 = z:`): the letters of its start.
            if betza_starts_at(model, rope, offset) {
                let letters =
                    crate::registry::notation(HostFormat::VariantsIni.dialect()).letters();
                return as_items(letters.letters(false), TextRange::empty(at));
            }
            let options = super::ini::completion(model, rope, &before, offset);
            let at_key = options
                .iter()
                .any(|o| matches!(o, super::ini::IniCompletion::Key { .. }));
            let section = model.sections()[model.section_at(offset)].read_in(rope);
            at_key
                .then(|| next_custom_piece(&section))
                .flatten()
                .map(Completion::CustomPiece)
                .into_iter()
                .chain(options.into_iter().map(Completion::Ini))
                .collect()
        }
        Some(HostFormat::Betza) => {
            let letters = crate::registry::notation(HostFormat::Betza.dialect()).letters();
            as_items(letters.letters(false), TextRange::empty(at))
        }
        _ => Vec::new(),
    }
}

/// Whether byte `offset` of a variants.ini is right after the `x:` of a piece key whose Betza
/// is still empty (a string is a region only once it has a letter).
fn betza_starts_at(model: &Model, file: &dyn Source, offset: usize) -> bool {
    let Some(section) = (model.sections().get(model.section_at(offset))).map(|s| s.read_in(file))
    else {
        return false;
    };
    let Some(entry) = super::ini::entry_at(&section, offset) else {
        return false;
    };
    let is_piece = entry
        .option
        .is_some_and(|o| o.kind == crate::host::ini::options::ValueKind::PieceWithBetza);
    let mut letters = entry.trimmed_value().chars();
    is_piece
        && letters.next().is_some_and(|c| c.is_ascii_alphabetic())
        && letters.next() == Some(':')
        && letters.next().is_none()
        && offset == section.start + entry.value_at + 2
}

/// A `customPieceN = x:` line to offer in a `variants.ini` section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CustomPiece {
    /// `customPieceN`.
    pub key: String,
    /// `customPieceN = x:`, ready for the piece's Betza string.
    pub insert: String,
    pub detail: String,
    pub documentation: String,
}

/// Fairy-Stockfish's custom piece with the first number (1 to 25) and letter `section` does not
/// use yet, or `None` when all 25 are taken.
pub fn next_custom_piece(section: &SectionText) -> Option<CustomPiece> {
    let mut numbers = Vec::new();
    let mut letters = Vec::new();
    for entry in section.entries() {
        if let Some(n) = (entry.key.trim())
            .strip_prefix("customPiece")
            .and_then(|n| n.parse::<u8>().ok())
        {
            numbers.push(n);
        }
        if let Some(letter) = entry.trimmed_value().chars().next() {
            letters.push(letter.to_ascii_lowercase());
        }
    }
    let number = (1..=CUSTOM_PIECES).find(|n| !numbers.contains(n))?;
    let letter = ('a'..='z').find(|l| !letters.contains(l)).unwrap_or('x');
    Some(CustomPiece {
        key: format!("customPiece{number}"),
        insert: format!("customPiece{number} = {letter}:"),
        detail: format!("a custom piece with the free letter `{letter}`"),
        documentation:
            "Fairy-Stockfish's custom piece: a letter, `:`, and the piece's Betza string.".into(),
    })
}

#[cfg(test)]
mod tests;
