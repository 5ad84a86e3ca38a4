//! Completion: the library's items as protocol items. A letter replaces nothing and goes where
//! the cursor is; a custom piece line is inserted as text.

use betza_syntax::ide::ini::IniCompletion;
use betza_syntax::ide::{self, Completion, Document, LetterKind};
use tower_lsp_server::ls_types::{
    CompletionItem, CompletionItemKind, CompletionTextEdit, Documentation, MarkupContent,
    MarkupKind, TextEdit,
};

use crate::lsp::position::{Encoding, to_range};

fn doc(text: String) -> Option<Documentation> {
    Some(Documentation::MarkupContent(MarkupContent {
        kind: MarkupKind::Markdown,
        value: text,
    }))
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
