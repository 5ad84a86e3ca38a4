//! Code actions: every lint fix under the cursor as a quick fix, "rewrite in XBoard order" for
//! the whole document, and "explain this piece in a new document".

use std::collections::HashMap;

use betza_syntax::lint::Fix;
use tower_lsp_server::ls_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, Command, TextEdit, Uri, WorkspaceEdit,
};

use crate::lsp::position::{Encoding, to_range};
use crate::lsp::state::Document;

fn edit(document: &Document, uri: &Uri, fix: &Fix, encoding: Encoding) -> WorkspaceEdit {
    let edits = fix
        .edits
        .iter()
        .map(|e| TextEdit {
            range: to_range(
                &document.rope,
                usize::from(e.range.start()),
                usize::from(e.range.end()),
                encoding,
            ),
            new_text: e.text.clone(),
        })
        .collect();
    WorkspaceEdit {
        changes: Some(HashMap::from([(uri.clone(), edits)])),
        ..WorkspaceEdit::default()
    }
}

/// The command that opens a piece's explanation in a new document.
pub const EXPLAIN: &str = "betza.explain";

pub fn actions(
    document: &Document,
    uri: &Uri,
    start: usize,
    end: usize,
    encoding: Encoding,
) -> Vec<CodeActionOrCommand> {
    let Some(analysis) = &document.analysis else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut order_edits: Vec<betza_syntax::lint::Edit> = Vec::new();
    for d in &analysis.diagnostics {
        let (d_start, d_end) = (usize::from(d.range.start()), usize::from(d.range.end()));
        let Some(fix) = &d.fix else { continue };
        if d.code == "xboard-modifier-order" {
            for e in &fix.edits {
                if !order_edits.contains(e) {
                    order_edits.push(e.clone());
                }
            }
        }
        if d_end < start || d_start > end {
            continue;
        }
        out.push(CodeActionOrCommand::CodeAction(CodeAction {
            title: format!("{} ({})", fix.title, d.code),
            kind: Some(CodeActionKind::QUICKFIX),
            edit: Some(edit(document, uri, fix, encoding)),
            is_preferred: Some(true),
            ..CodeAction::default()
        }));
    }
    if order_edits.len() > 1 {
        let all = Fix {
            title: "Rewrite every string in XBoard's modifier order".into(),
            edits: order_edits,
        };
        out.push(CodeActionOrCommand::CodeAction(CodeAction {
            title: all.title.clone(),
            kind: Some(CodeActionKind::SOURCE_FIX_ALL),
            edit: Some(edit(document, uri, &all, encoding)),
            ..CodeAction::default()
        }));
    }
    if super::region_at(document, start).is_some() {
        out.push(CodeActionOrCommand::CodeAction(CodeAction {
            title: "Explain this piece in a new document".into(),
            kind: Some(CodeActionKind::EMPTY),
            command: Some(Command {
                title: "Explain this piece".into(),
                command: EXPLAIN.into(),
                arguments: Some(vec![
                    serde_json::json!(uri.as_str()),
                    serde_json::json!(start),
                ]),
            }),
            ..CodeAction::default()
        }));
    }
    out
}
