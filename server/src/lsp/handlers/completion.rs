//! Completion: the library's items as protocol items. A letter rewrites the word around the
//! cursor with the letter added at the cursor, and is filtered by that (clients filter by the
//! word before the cursor); a custom piece line is inserted as text. No item is preselected or
//! committed by a character: a letter the user types is text, never a choice.

use betza_syntax::ide::ini::IniCompletion;
use betza_syntax::ide::{self, Completion, CustomPiece, Document, Letter, LetterKind};
use betza_syntax::{Source, TextRange};
use tower_lsp_server::ls_types::{
    CompletionItem, CompletionItemKind, CompletionItemLabelDetails, CompletionTextEdit,
    Documentation, MarkupContent, MarkupKind, TextEdit,
};

use crate::lsp::position::{Encoding, to_range};

fn doc(text: String) -> Option<Documentation> {
    Some(Documentation::MarkupContent(MarkupContent {
        kind: MarkupKind::Markdown,
        value: text,
    }))
}

/// What an item is, in plain text a line short.
fn short(text: &str) -> String {
    let plain = text.replace('`', "");
    match plain.char_indices().nth(48) {
        Some((cut, _)) => format!("{}…", plain[..cut].trim_end()),
        None => plain,
    }
}

/// What an item is, shown beside its label in the list itself (not only in the details pane
/// of the selected item).
fn beside(text: &str) -> Option<CompletionItemLabelDetails> {
    Some(CompletionItemLabelDetails {
        detail: None,
        description: Some(short(text)),
    })
}

/// The first clause of an option's meaning, to say beside its key.
fn first_clause(meaning: &str) -> &str {
    meaning
        .split_terminator(['.', ':', ';', ','])
        .next()
        .unwrap_or(meaning)
}

/// The items at byte `offset`; with `described_labels`, a letter's label says what it is too,
/// for clients whose list shows nothing else of an item.
pub fn completion(
    document: &Document,
    offset: usize,
    encoding: Encoding,
    described_labels: bool,
) -> Vec<CompletionItem> {
    ide::completion::completion(document, offset)
        .into_iter()
        .map(|item| match item {
            Completion::Letter { letter, word } => {
                letter_item(document, encoding, letter, word, offset, described_labels)
            }
            Completion::CustomPiece(piece) => custom_piece_item(piece),
            Completion::Ini(item) => ini_item(document, encoding, item),
        })
        .collect()
}

/// The edit that types `new_text` over `replace`.
fn edit(
    document: &Document,
    encoding: Encoding,
    replace: TextRange,
    new_text: String,
) -> Option<CompletionTextEdit> {
    Some(CompletionTextEdit::Edit(TextEdit {
        range: to_range(document.text(), replace, encoding),
        new_text,
    }))
}

/// A letter added at byte `cursor` of `word`: the item rewrites the whole word, so that clients
/// filtering by the part before the cursor keep the item, and a client that replaces the whole
/// word with the item (Eglot 1.9) writes the word's rest once.
fn letter_item(
    document: &Document,
    encoding: Encoding,
    letter: Letter,
    word: TextRange,
    cursor: usize,
    described_labels: bool,
) -> CompletionItem {
    let text = document.text();
    let (start, end) = (usize::from(word.start()), usize::from(word.end()));
    let before = text.text_at(start..cursor).unwrap_or_default();
    let after = text.text_at(cursor..end).unwrap_or_default();
    let written = format!("{before}{}{after}", letter.letter);
    let label = if described_labels {
        format!("{}  {}", letter.letter, short(&letter.detail))
    } else {
        letter.letter.to_string()
    };
    CompletionItem {
        label,
        kind: Some(match letter.kind {
            // One of the fixed set of basic moves.
            LetterKind::Atom => CompletionItemKind::VALUE,
            LetterKind::Modifier => CompletionItemKind::KEYWORD,
            LetterKind::Operator => CompletionItemKind::OPERATOR,
        }),
        label_details: beside(&letter.detail),
        detail: Some(letter.detail),
        documentation: doc(letter.documentation),
        filter_text: Some(written.clone()),
        // The text a client without edit ranges inserts, and what Eglot 1.9 puts in place of
        // the word before it applies the edit.
        insert_text: Some(written.clone()),
        text_edit: edit(document, encoding, word, written),
        ..CompletionItem::default()
    }
}

/// A `customPieceN = x:` line, inserted as text.
fn custom_piece_item(piece: CustomPiece) -> CompletionItem {
    CompletionItem {
        label: piece.key,
        kind: Some(CompletionItemKind::PROPERTY),
        label_details: beside(&piece.detail),
        detail: Some(piece.detail),
        insert_text: Some(piece.insert),
        documentation: doc(piece.documentation),
        // Listed first, so selected first, without `preselect`: a new piece is what a section
        // most often gets.
        sort_text: Some("0".to_owned()),
        ..CompletionItem::default()
    }
}

/// A `variants.ini` key (typed with its `=`, listed after a new piece) or value.
fn ini_item(document: &Document, encoding: Encoding, item: IniCompletion) -> CompletionItem {
    match item {
        IniCompletion::Key {
            key,
            detail,
            documentation,
            replace,
        } => CompletionItem {
            label: key.clone(),
            kind: Some(CompletionItemKind::PROPERTY),
            sort_text: Some(format!("1{key}")),
            label_details: beside(first_clause(&documentation)),
            detail: Some(detail),
            documentation: doc(documentation),
            text_edit: edit(document, encoding, replace, format!("{key} = ")),
            ..CompletionItem::default()
        },
        IniCompletion::Value {
            value,
            detail,
            replace,
        } => CompletionItem {
            label: value.clone(),
            kind: Some(CompletionItemKind::VALUE),
            label_details: detail.as_deref().and_then(beside),
            detail,
            text_edit: edit(document, encoding, replace, value),
            ..CompletionItem::default()
        },
    }
}

#[cfg(test)]
mod tests {
    use betza_syntax::analysis::Options;
    use serde_json::{Value, json};

    use super::*;

    /// The items at the `|` of `text` in a variants.ini, as JSON.
    fn items(text: &str) -> Vec<Value> {
        let offset = text.find('|').expect("a cursor");
        let text = text.replace('|', "");
        let document = Document::new(
            "/v/variants.ini",
            "fairy-variants",
            &text,
            &Options::default(),
        );
        completion(&document, offset, Encoding::Utf16, false)
            .into_iter()
            .map(|item| serde_json::to_value(item).expect("JSON"))
            .collect()
    }

    /// Issue 55: between `R` and `N` of `e:RN` each letter rewrites the whole word with itself
    /// at the cursor, the same text in the edit, in `insertText` (Eglot's candidate) and in
    /// `filterText`; no item is preselected or committed by a character.
    #[test]
    fn a_letter_in_the_middle_of_a_word_writes_the_whole_word() {
        let items = items("[v:chess]\ncustomPiece5 = e:R|N\n");
        let a = items
            .iter()
            .find(|item| item["label"] == "A")
            .expect("A offered");
        assert_eq!(
            a["textEdit"],
            json!({
                "range": { "start": { "line": 1, "character": 17 }, "end": { "line": 1, "character": 19 } },
                "newText": "RAN",
            })
        );
        assert_eq!(
            (&a["insertText"], &a["filterText"]),
            (&json!("RAN"), &json!("RAN"))
        );
        for item in items.iter().chain(&self::items("[v:chess]\n|\n")) {
            assert!(item.get("preselect").is_none(), "{item}");
            assert!(item.get("commitCharacters").is_none(), "{item}");
        }
    }
}
