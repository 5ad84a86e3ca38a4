//! Findings of the analysis as a `textDocument/publishDiagnostics` notification, serialised
//! straight to its frame. A large file has thousands of findings, all sent again on every edit;
//! the protocol library would first build a JSON tree of them (one allocation per field), so
//! this path writes borrowed fields out directly instead.

use std::fmt;

use betza_syntax::Severity;
use betza_syntax::document::FileDiagnostic as Finding;
use serde::{Serialize, Serializer};
use tower_lsp_server::ls_types::{DiagnosticSeverity, DiagnosticTag, Position, Range, Uri};

use crate::lsp::framing::frame;
use crate::lsp::position::Encoding;
use crate::lsp::state::Document;

#[derive(Serialize)]
struct Notification<'a> {
    jsonrpc: &'static str,
    method: &'static str,
    params: Params<'a>,
}

#[derive(Serialize)]
struct Params<'a> {
    uri: &'a Uri,
    diagnostics: Vec<Wire<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    version: Option<i32>,
}

/// One diagnostic as the protocol spells it, borrowing the finding's text.
#[derive(Serialize)]
struct Wire<'a> {
    range: Range,
    severity: DiagnosticSeverity,
    code: &'a str,
    source: &'static str,
    message: Message<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tags: Option<[DiagnosticTag; 1]>,
}

/// The message, with the help text on a line of its own.
struct Message<'a>(&'a Finding);

impl fmt::Display for Message<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.help {
            Some(help) => write!(f, "{}\n{help}", self.0.message),
            None => f.write_str(&self.0.message),
        }
    }
}

impl Serialize for Message<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// The framed notification with every finding of `document`, or none for a closed one.
pub fn publish_frame(uri: &Uri, document: Option<&Document>, encoding: Encoding) -> Vec<u8> {
    let findings = document
        .and_then(|d| d.analysis.as_ref())
        .map_or(&[][..], |a| &a.diagnostics[..]);
    let mut hint = 0;
    let mut position = |offset| {
        document.map_or_else(Position::default, |d| {
            d.lines
                .position(&d.text, usize::from(offset), encoding, &mut hint)
        })
    };
    let diagnostics = findings
        .iter()
        .map(|finding| Wire {
            range: Range {
                start: position(finding.range.start()),
                end: position(finding.range.end()),
            },
            severity: match finding.severity {
                Severity::Error => DiagnosticSeverity::ERROR,
                Severity::Warning => DiagnosticSeverity::WARNING,
                Severity::Info => DiagnosticSeverity::INFORMATION,
                Severity::Hint => DiagnosticSeverity::HINT,
            },
            code: &finding.code,
            source: "betza",
            message: Message(finding),
            tags: finding.unnecessary.then_some([DiagnosticTag::UNNECESSARY]),
        })
        .collect();
    let notification = Notification {
        jsonrpc: "2.0",
        method: "textDocument/publishDiagnostics",
        params: Params {
            uri,
            diagnostics,
            version: document.map(|d| d.version),
        },
    };
    // Every field is a string, a number or a list of them: serialising cannot fail.
    frame(&serde_json::to_vec(&notification).unwrap_or_default())
}
