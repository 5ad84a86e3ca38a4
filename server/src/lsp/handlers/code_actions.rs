//! Code actions: the library's actions as protocol actions; "explain this piece" as a command.

use std::collections::HashMap;

use betza_syntax::ide::Document;
use betza_syntax::ide::actions::{self, ActionKind};
use betza_syntax::lint::Edit;
use tower_lsp_server::ls_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, Command, TextEdit, Uri, WorkspaceEdit,
};

use crate::lsp::position::{Encoding, to_range};

/// The command that opens a piece's explanation in a new document.
pub const EXPLAIN: &str = "betza.explain";

fn workspace_edit(
    document: &Document,
    uri: &Uri,
    edits: &[Edit],
    encoding: Encoding,
) -> WorkspaceEdit {
    let edits = edits
        .iter()
        .map(|e| TextEdit {
            range: to_range(document.text(), e.range, encoding),
            new_text: e.text.clone(),
        })
        .collect();
    WorkspaceEdit {
        changes: Some(HashMap::from([(uri.clone(), edits)])),
        ..WorkspaceEdit::default()
    }
}

pub fn actions(
    document: &Document,
    uri: &Uri,
    start: usize,
    end: usize,
    encoding: Encoding,
) -> Vec<CodeActionOrCommand> {
    actions::actions(document, start, end)
        .into_iter()
        .map(|action| {
            let edit = || Some(workspace_edit(document, uri, &action.edits, encoding));
            let (kind, edit, is_preferred, command) = match action.kind {
                ActionKind::QuickFix { .. } => (CodeActionKind::QUICKFIX, edit(), Some(true), None),
                ActionKind::FixAll => (CodeActionKind::SOURCE_FIX_ALL, edit(), None, None),
                ActionKind::Rewrite => (CodeActionKind::REFACTOR_REWRITE, edit(), None, None),
                ActionKind::Explain { offset } => (
                    CodeActionKind::EMPTY,
                    None,
                    None,
                    Some(Command {
                        title: "Explain this piece".into(),
                        command: EXPLAIN.into(),
                        arguments: Some(vec![
                            serde_json::json!(uri.as_str()),
                            serde_json::json!(offset),
                        ]),
                    }),
                ),
            };
            CodeActionOrCommand::CodeAction(CodeAction {
                title: action.title,
                kind: Some(kind),
                edit,
                is_preferred,
                command,
                ..CodeAction::default()
            })
        })
        .collect()
}
