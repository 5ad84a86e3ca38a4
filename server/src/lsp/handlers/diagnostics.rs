//! The findings of a document's analysis as protocol diagnostics, for
//! `textDocument/publishDiagnostics`.

use betza_syntax::Severity;
use betza_syntax::ide::{Document, message_lines};
use tower_lsp_server::ls_types::{Diagnostic, DiagnosticSeverity, DiagnosticTag, NumberOrString};

use crate::lsp::position::{Encoding, to_range};

pub fn diagnostics(document: &Document, encoding: Encoding) -> Vec<Diagnostic> {
    document
        .diagnostics()
        .iter()
        .map(|finding| Diagnostic {
            range: to_range(document.text(), finding.range, encoding),
            severity: Some(match finding.severity {
                Severity::Error => DiagnosticSeverity::ERROR,
                Severity::Warning => DiagnosticSeverity::WARNING,
                Severity::Info => DiagnosticSeverity::INFORMATION,
                Severity::Hint => DiagnosticSeverity::HINT,
            }),
            code: Some(NumberOrString::String(finding.code.clone())),
            source: Some("betza".into()),
            // The help text on a line of its own, and lines a list of problems shows whole.
            message: message_lines(&match &finding.help {
                Some(help) => format!("{}\n{help}", finding.message),
                None => finding.message.clone(),
            }),
            tags: finding
                .unnecessary
                .then(|| vec![DiagnosticTag::UNNECESSARY]),
            ..Diagnostic::default()
        })
        .collect()
}
