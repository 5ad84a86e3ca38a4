//! Findings of the analysis as LSP diagnostics.

use betza_syntax::Severity;
use tower_lsp_server::ls_types::{
    Diagnostic, DiagnosticSeverity, DiagnosticTag, NumberOrString, Range,
};

use crate::lsp::position::{Encoding, to_positions};
use crate::lsp::state::Document;

pub fn diagnostics(document: &Document, encoding: Encoding) -> Vec<Diagnostic> {
    let Some(analysis) = &document.analysis else {
        return Vec::new();
    };
    let offsets: Vec<usize> = analysis
        .diagnostics
        .iter()
        .flat_map(|d| [usize::from(d.range.start()), usize::from(d.range.end())])
        .collect();
    let positions = to_positions(&document.text, &offsets, encoding);
    analysis
        .diagnostics
        .iter()
        .zip(positions.chunks(2))
        .map(|(d, range)| Diagnostic {
            range: Range {
                start: range[0],
                end: range[1],
            },
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
