//! The findings of a document's analysis as protocol diagnostics, sent to the client
//! (`textDocument/publishDiagnostics`) or asked for by it (`textDocument/diagnostic`).

use betza_syntax::Severity;
use betza_syntax::diagnostic::Diagnostic as Finding;
use betza_syntax::ide::{Document, message_lines};
use serde::{Serialize, Serializer};
use tower_lsp_server::ls_types::{
    Diagnostic, DiagnosticSeverity, DiagnosticTag, DocumentDiagnosticReport,
    DocumentDiagnosticReportResult, FullDocumentDiagnosticReport, NumberOrString,
    RelatedFullDocumentDiagnosticReport, RelatedUnchangedDocumentDiagnosticReport,
    UnchangedDocumentDiagnosticReport, Uri,
};

use crate::lsp::position::{Encoding, to_range};

/// Every finding of `document` as a protocol diagnostic.
pub fn diagnostics(document: &Document, encoding: Encoding) -> Vec<Diagnostic> {
    document
        .diagnostics()
        .iter()
        .map(|finding| diagnostic(document, finding, encoding))
        .collect()
}

/// `finding` as a protocol diagnostic.
fn diagnostic(document: &Document, finding: &Finding, encoding: Encoding) -> Diagnostic {
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
}

/// The `textDocument/publishDiagnostics` notification of `document`'s findings (none for a
/// document closed), as the JSON text of its body. Written one finding at a time: neither a
/// list of diagnostics nor a JSON tree of them is built, which took 4.4 KB a finding (issue 56).
pub fn notification(
    document: Option<&Document>,
    encoding: Encoding,
    uri: &Uri,
    version: Option<i32>,
) -> Vec<u8> {
    #[derive(Serialize)]
    struct Notification<'a> {
        jsonrpc: &'static str,
        method: &'static str,
        params: Params<'a>,
    }
    #[derive(Serialize)]
    struct Params<'a> {
        uri: &'a Uri,
        diagnostics: Findings<'a>,
        #[serde(skip_serializing_if = "Option::is_none")]
        version: Option<i32>,
    }
    #[derive(Clone, Copy)]
    struct Findings<'a>(Option<&'a Document>, Encoding);
    impl Serialize for Findings<'_> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let Findings(document, encoding) = *self;
            match document {
                Some(document) => serializer.collect_seq(
                    (document.diagnostics().iter())
                        .map(|finding| diagnostic(document, finding, encoding)),
                ),
                None => serializer.collect_seq(std::iter::empty::<Diagnostic>()),
            }
        }
    }
    let notification = Notification {
        jsonrpc: "2.0",
        method: "textDocument/publishDiagnostics",
        params: Params {
            uri,
            diagnostics: Findings(document, encoding),
            version,
        },
    };
    // Only a map with keys that are not strings fails to be written; there is none.
    serde_json::to_vec(&notification).unwrap_or_default()
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
