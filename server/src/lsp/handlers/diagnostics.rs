//! The findings of a document's analysis as protocol diagnostics, sent to the client
//! (`textDocument/publishDiagnostics`) or asked for by it (`textDocument/diagnostic`).

use betza_syntax::Severity;
use betza_syntax::ide::{Document, message_lines};
use tower_lsp_server::ls_types::{
    Diagnostic, DiagnosticSeverity, DiagnosticTag, DocumentDiagnosticReport,
    DocumentDiagnosticReportResult, FullDocumentDiagnosticReport, NumberOrString,
    RelatedFullDocumentDiagnosticReport, RelatedUnchangedDocumentDiagnosticReport,
    UnchangedDocumentDiagnosticReport,
};

use crate::lsp::position::{Encoding, to_range};

pub fn diagnostics(document: &Document, encoding: Encoding) -> Vec<Diagnostic> {
    document
        .diagnostics()
        .iter()
        .map(|finding| {
            // A list no longer wanted (the client cancelled its request) stops here.
            betza_syntax::cancel::checkpoint();
            Diagnostic {
                range: to_range(document.text(), finding.range, encoding),
                severity: Some(match finding.severity {
                    Severity::Error => DiagnosticSeverity::ERROR,
                    Severity::Warning => DiagnosticSeverity::WARNING,
                    Severity::Info => DiagnosticSeverity::INFORMATION,
                    Severity::Hint => DiagnosticSeverity::HINT,
                }),
                code: Some(NumberOrString::String(finding.code.name().to_owned())),
                source: Some("betza".into()),
                // The help text on a line of its own, and lines a list of problems shows whole.
                message: message_lines(&match &finding.help {
                    Some(help) => format!("{}\n{help}", finding.message),
                    None => finding.message.clone(),
                }),
                tags: (finding.unnecessary()).then(|| vec![DiagnosticTag::UNNECESSARY]),
                ..Diagnostic::default()
            }
        })
        .collect()
}

/// The answer to `textDocument/diagnostic` for a document holding analysis `analysis`, which is
/// the result id: a client that already holds that list (`previous`) is told it is unchanged,
/// and not sent it again.
pub fn report(
    document: &Document,
    analysis: u64,
    previous: Option<&str>,
    encoding: Encoding,
) -> DocumentDiagnosticReportResult {
    let result_id = analysis.to_string();
    let report = if previous == Some(result_id.as_str()) {
        DocumentDiagnosticReport::Unchanged(RelatedUnchangedDocumentDiagnosticReport {
            related_documents: None,
            unchanged_document_diagnostic_report: UnchangedDocumentDiagnosticReport { result_id },
        })
    } else {
        full_report(Some(result_id), diagnostics(document, encoding))
    };
    DocumentDiagnosticReportResult::Report(report)
}

/// A report of every finding, `items`.
pub fn full_report(result_id: Option<String>, items: Vec<Diagnostic>) -> DocumentDiagnosticReport {
    DocumentDiagnosticReport::Full(RelatedFullDocumentDiagnosticReport {
        related_documents: None,
        full_document_diagnostic_report: FullDocumentDiagnosticReport { result_id, items },
    })
}
