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

use crate::lsp::answers;
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

/// The findings of a document (none for a document closed), written as a JSON array one
/// finding at a time: neither a list of diagnostics nor a JSON tree of them is built, which
/// took 4.4 KB a finding (issue 56).
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

/// The `textDocument/publishDiagnostics` notification of `document`'s findings (none for a
/// document closed), as the JSON text of its body.
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
    let notification = Notification {
        jsonrpc: "2.0",
        method: "textDocument/publishDiagnostics",
        params: Params {
            uri,
            diagnostics: Findings(document, encoding),
            version,
        },
    };
    written(&notification, document)
}

/// `message`, whose findings are `document`'s, as JSON text in a buffer about its size.
fn written(message: &impl Serialize, document: Option<&Document>) -> Vec<u8> {
    /// About what a finding takes beside its message and help: its range, code, severity,
    /// source, the names of its members, and the frame's header for the list.
    const AROUND: usize = 200;
    let size = document.map_or(0, |document| {
        (document.diagnostics().iter())
            .map(|finding| {
                let help = finding.help.as_ref().map_or(0, String::len);
                finding.message.len() + help + AROUND
            })
            .sum()
    });
    answers::written(message, size + AROUND).unwrap_or_default()
}

/// An answer to `textDocument/diagnostic`: short, or the JSON text of a full report, written
/// finding by finding (see `answers`).
#[derive(Debug)]
pub enum Report {
    Unchanged(DocumentDiagnosticReportResult),
    Written(Vec<u8>),
}

/// The answer to `textDocument/diagnostic` for a document holding analysis `analysis`, which is
/// the result id: a client that already holds that list (`previous`) is told it is unchanged,
/// and not sent it again.
pub fn report(
    document: &Document,
    analysis: u64,
    previous: Option<&str>,
    encoding: Encoding,
) -> Report {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Full<'a> {
        kind: &'static str,
        result_id: &'a str,
        items: Findings<'a>,
    }
    let result_id = analysis.to_string();
    if previous == Some(result_id.as_str()) {
        return Report::Unchanged(DocumentDiagnosticReportResult::Report(
            DocumentDiagnosticReport::Unchanged(RelatedUnchangedDocumentDiagnosticReport {
                related_documents: None,
                unchanged_document_diagnostic_report: UnchangedDocumentDiagnosticReport {
                    result_id,
                },
            }),
        ));
    }
    let full = Full {
        kind: "full",
        result_id: &result_id,
        items: Findings(Some(document), encoding),
    };
    Report::Written(written(&full, Some(document)))
}

/// The report of a document not open: no findings known here.
pub fn nothing_known() -> DocumentDiagnosticReportResult {
    DocumentDiagnosticReportResult::Report(DocumentDiagnosticReport::Full(
        RelatedFullDocumentDiagnosticReport {
            related_documents: None,
            full_document_diagnostic_report: FullDocumentDiagnosticReport {
                result_id: None,
                items: Vec::new(),
            },
        },
    ))
}
