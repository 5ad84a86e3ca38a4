//! Findings of the analysis as LSP diagnostics.

use betza_syntax::Severity;
use tower_lsp_server::ls_types::{Diagnostic, DiagnosticSeverity, DiagnosticTag, NumberOrString};

use crate::lsp::position::{Encoding, to_range};
use crate::lsp::state::Document;

pub fn diagnostics(document: &Document, encoding: Encoding) -> Vec<Diagnostic> {
    let Some(analysis) = &document.analysis else {
        return Vec::new();
    };
    analysis
        .diagnostics
        .iter()
        .map(|d| Diagnostic {
            range: to_range(
                &document.rope,
                usize::from(d.range.start()),
                usize::from(d.range.end()),
                encoding,
            ),
            severity: Some(match d.severity {
                Severity::Error => DiagnosticSeverity::ERROR,
                Severity::Warning => DiagnosticSeverity::WARNING,
                Severity::Info => DiagnosticSeverity::INFORMATION,
                Severity::Hint => DiagnosticSeverity::HINT,
            }),
            code: Some(NumberOrString::String(d.code.clone())),
            source: Some("betza".into()),
            message: match d.help {
                Some(help) => format!("{}\n{help}", d.message),
                None => d.message.clone(),
            },
            tags: d.unnecessary.then(|| vec![DiagnosticTag::UNNECESSARY]),
            ..Diagnostic::default()
        })
        .collect()
}
