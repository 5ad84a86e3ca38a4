//! Completion: the library's items as protocol items. A letter replaces nothing and goes where
//! the cursor is; a custom piece line is inserted as text.

use betza_syntax::ide::ini::IniCompletion;
use betza_syntax::ide::{self, Completion, Document, LetterKind};
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

/// What an item is, shown beside its label in the list itself (not only in the details pane
/// of the selected item): plain text, a line short.
fn beside(text: &str) -> Option<CompletionItemLabelDetails> {
    let plain = text.replace('`', "");
    let short = match plain.char_indices().nth(48) {
        Some((cut, _)) => format!("{}…", plain[..cut].trim_end()),
        None => plain,
    };
    Some(CompletionItemLabelDetails {
        detail: None,
        description: Some(short),
    })
}

/// The first clause of an option's meaning, to say beside its key.
fn first_clause(meaning: &str) -> &str {
    meaning
        .split_terminator(['.', ':', ';', ','])
        .next()
        .unwrap_or(meaning)
}

/// The items at byte `offset`.
pub fn completion(document: &Document, offset: usize, encoding: Encoding) -> Vec<CompletionItem> {
    ide::completion::completion(document, offset)
        .into_iter()
        .map(|item| match item {
            Completion::Letter { letter, at } => CompletionItem {
                label: letter.letter.to_string(),
                kind: Some(match letter.kind {
                    LetterKind::Atom => CompletionItemKind::CLASS,
                    LetterKind::Modifier => CompletionItemKind::KEYWORD,
                    LetterKind::Operator => CompletionItemKind::OPERATOR,
                }),
                label_details: beside(&letter.detail),
                detail: Some(letter.detail),
                documentation: doc(letter.documentation),
                text_edit: Some(CompletionTextEdit::Edit(TextEdit {
                    range: to_range(document.text(), at, encoding),
                    new_text: letter.letter.to_string(),
                })),
                ..CompletionItem::default()
            },
            Completion::CustomPiece(piece) => CompletionItem {
                label: piece.key,
                kind: Some(CompletionItemKind::PROPERTY),
                label_details: beside(&piece.detail),
                detail: Some(piece.detail),
                insert_text: Some(piece.insert),
                documentation: doc(piece.documentation),
                // Listed before the options: a new piece is what a section most often gets.
                sort_text: Some("0".to_owned()),
                preselect: Some(true),
                ..CompletionItem::default()
            },
            Completion::Ini(IniCompletion::Key {
                key,
                detail,
                documentation,
                replace,
            }) => CompletionItem {
                label: key.clone(),
                kind: Some(CompletionItemKind::PROPERTY),
                sort_text: Some(format!("1{key}")),
                label_details: beside(first_clause(&documentation)),
                detail: Some(detail),
                documentation: doc(documentation),
                text_edit: Some(CompletionTextEdit::Edit(TextEdit {
                    range: to_range(document.text(), replace, encoding),
                    new_text: format!("{key} = "),
                })),
                ..CompletionItem::default()
            },
            Completion::Ini(IniCompletion::Value {
                value,
                detail,
                replace,
            }) => CompletionItem {
                label: value.clone(),
                kind: Some(CompletionItemKind::VALUE),
                label_details: detail.as_deref().and_then(beside),
                detail,
                text_edit: Some(CompletionTextEdit::Edit(TextEdit {
                    range: to_range(document.text(), replace, encoding),
                    new_text: value,
                })),
                ..CompletionItem::default()
            },
        })
        .collect()
}
