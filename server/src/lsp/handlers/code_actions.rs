//! Code actions: every lint fix under the cursor as a quick fix, "rewrite in XBoard order" for
//! the whole document, a string rewritten between chained Betza and XBetza, and "explain this
//! piece in a new document".

use std::collections::HashMap;

use betza_syntax::explain::{chained_equivalent, xbetza_equivalent};
use betza_syntax::host::HostFormat;
use betza_syntax::lint::{Edit, Fix};
use betza_syntax::{Dialect, TextRange, TextSize, parse};
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
    if let Some(rewrite) = rewritten(document, start) {
        out.push(CodeActionOrCommand::CodeAction(CodeAction {
            title: rewrite.title.clone(),
            kind: Some(CodeActionKind::REFACTOR_REWRITE),
            edit: Some(edit(document, uri, &rewrite, encoding)),
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

/// A chained string in a `.betza` file rewritten in XBetza, or a multi-leg XBetza string in
/// chained Betza (when the move sets agree): the string replaced, between `# dialect:` lines
/// that switch for its line and back.
fn rewritten(document: &Document, offset: usize) -> Option<Fix> {
    let analysis = document.analysis.as_ref()?;
    let region = super::region_at(document, offset)?;
    if analysis.format != HostFormat::Betza {
        return None;
    }
    let text = region.text(&document.rope);
    let parsed = parse(&text, region.dialect);
    let (other, into) = match region.dialect {
        Dialect::Chained => (xbetza_equivalent(&parsed)?, Dialect::XBetza),
        Dialect::XBetza => (chained_equivalent(&parsed)?, Dialect::Chained),
        _ => return None,
    };
    let (start, end) = (
        usize::from(region.range.start()),
        usize::from(region.range.end()),
    );
    // The `.betza` scanner's lines end at `\n`.
    let mut before = document.rope.get_bytes_at(start)?;
    let line_start = start
        - std::iter::from_fn(|| before.prev())
            .take_while(|&b| b != b'\n')
            .count();
    let line_end = end
        + document
            .rope
            .get_bytes_at(end)?
            .take_while(|&b| b != b'\r' && b != b'\n')
            .count();
    let at = |offset: usize| TextSize::new(u32::try_from(offset).unwrap_or(u32::MAX));
    let insert = |offset: usize, text: String| Edit {
        range: TextRange::empty(at(offset)),
        text,
    };
    Some(Fix {
        title: format!(
            "Rewrite `{text}` in {}: `{other}` (the same moves)",
            into.title()
        ),
        edits: vec![
            insert(line_start, format!("# dialect: {}\n", into.id())),
            Edit {
                range: TextRange::new(at(start), at(end)),
                text: other,
            },
            insert(line_end, format!("\n# dialect: {}", region.dialect.id())),
        ],
    })
}
