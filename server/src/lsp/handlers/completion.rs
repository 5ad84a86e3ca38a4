//! Completion inside Betza: the atoms and modifiers the dialect reads, each with its
//! documentation; `a` where another leg may start. In `variants.ini`, outside any string, the
//! next free `customPieceN` key with the next free piece letter.

use betza_syntax::host::HostFormat;
use betza_syntax::ide::{self, LetterKind};
use betza_syntax::{Dialect, Source};
use ropey::Rope;
use tower_lsp_server::ls_types::{
    CompletionItem, CompletionItemKind, CompletionTextEdit, Documentation, MarkupContent,
    MarkupKind, Position, Range, TextEdit,
};

use super::region_at;
use crate::lsp::state::Document;

/// The items at byte `offset`, which is `position` in the client's terms.
pub fn completion(document: &Document, offset: usize, position: Position) -> Vec<CompletionItem> {
    if let Some(region) = region_at(document, offset) {
        let before = document
            .rope
            .text_at(usize::from(region.range.start())..offset)
            .unwrap_or_default();
        // In a continuation leg (after an `a` of the move being typed), directions are relative
        // and `h` has nothing to combine with.
        let move_start = before
            .rfind(|c: char| c.is_ascii_uppercase() || c.is_ascii_digit())
            .map_or(0, |i| i + 1);
        let continuation = before[move_start..].contains('a');
        return letters(region.dialect, continuation, position);
    }
    match document.format {
        Some(HostFormat::VariantsIni) => custom_piece(document, offset),
        Some(HostFormat::Betza) => letters(Dialect::XBetza, false, position),
        _ => Vec::new(),
    }
}

/// The text of the section around byte `offset`: from the last line before it that starts
/// with `[` (or the file's start) to the next such line.
fn section_around(rope: &Rope, offset: usize) -> String {
    let offset = offset.min(rope.len_bytes());
    let header_after = |newline: usize| rope.get_byte(newline + 1) == Some(b'[');
    let mut before = rope.bytes_at(offset);
    let start = (0..offset)
        .rev()
        .zip(std::iter::from_fn(|| before.prev()))
        .find(|&(at, byte)| byte == b'\n' && at + 1 < offset && header_after(at))
        .map_or(0, |(at, _)| at + 1);
    // The next header after this one's first line.
    let end = (start + 1..rope.len_bytes())
        .zip(rope.bytes_at((start + 1).min(rope.len_bytes())))
        .find(|&(at, byte)| byte == b'\n' && header_after(at))
        .map_or(rope.len_bytes(), |(at, _)| at);
    // Both ends follow or are a line break: character boundaries.
    rope.get_byte_slice(start..end)
        .map(String::from)
        .unwrap_or_default()
}

fn doc(text: String) -> Option<Documentation> {
    Some(Documentation::MarkupContent(MarkupContent {
        kind: MarkupKind::Markdown,
        value: text,
    }))
}

/// The dialect's letters (the library's `ide::letters`) as completion items. Each inserts its
/// letter at the cursor: a Betza string is one word to an editor, which would otherwise filter
/// the letters by everything typed before them (`fmW` matches no single letter).
fn letters(dialect: Dialect, continuation: bool, position: Position) -> Vec<CompletionItem> {
    let here = Range {
        start: position,
        end: position,
    };
    ide::letters(dialect, continuation)
        .into_iter()
        .map(|letter| CompletionItem {
            label: letter.letter.to_string(),
            kind: Some(match letter.kind {
                LetterKind::Atom => CompletionItemKind::CLASS,
                LetterKind::Modifier => CompletionItemKind::KEYWORD,
                LetterKind::Again => CompletionItemKind::OPERATOR,
            }),
            detail: Some(letter.detail),
            documentation: doc(letter.documentation),
            text_edit: Some(CompletionTextEdit::Edit(TextEdit {
                range: here,
                new_text: letter.letter.to_string(),
            })),
            ..CompletionItem::default()
        })
        .collect()
}

/// `customPieceN = x:` with the first free number and letter of the current section.
fn custom_piece(document: &Document, offset: usize) -> Vec<CompletionItem> {
    let section = section_around(&document.rope, offset);
    ide::next_custom_piece(&section)
        .map(|piece| CompletionItem {
            label: piece.key.clone(),
            kind: Some(CompletionItemKind::PROPERTY),
            detail: Some(piece.detail),
            insert_text: Some(piece.insert),
            documentation: doc(piece.documentation),
            ..CompletionItem::default()
        })
        .into_iter()
        .collect()
}
