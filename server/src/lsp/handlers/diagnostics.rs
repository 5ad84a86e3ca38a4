//! Findings of the analysis as a `textDocument/publishDiagnostics` notification, serialised
//! straight to its frame. A large file has thousands of findings, all sent again on every edit
//! (the protocol has no partial update), so each finding's JSON is kept between edits: an edit
//! serialises again only the findings it replaced and the positions it moved within its line,
//! and the runs of findings it left as they were are copied from the last notification whole.
//!
//! A client that says it takes them (our VS Code and Neovim clients do) gets deltas instead
//! (`deltas.rs`).

pub mod deltas;

use std::io::Write;
use std::sync::Arc;

use betza_syntax::Severity;
use betza_syntax::document::{FileDiagnostic as Finding, Splice};
use ropey::Rope;
use serde::Serialize;
use tower_lsp_server::ls_types::{DiagnosticSeverity, DiagnosticTag, Position, Range, Uri};

use crate::lsp::framing::{Frame, HEADER_ROOM};
use crate::lsp::position::{Encoding, to_range};
use crate::lsp::state::Document;

/// A finding as last sent: its range in the protocol's positions and the rest of its JSON
/// object, which both ways of sending use; then what one of them needs. Parts that are `None`
/// are made again at the next publish.
#[derive(Debug, Clone, Default)]
struct Sent {
    range: Option<Range>,
    rest: Option<Box<[u8]>>,
    /// Whole lists: where its JSON stands in the last notification while it is still the same.
    written: Option<(usize, usize)>,
    /// Deltas: where it stands in the list the client has while it is the same finding at the
    /// same place in its line, and how many lines it moved down (or up) since.
    listed: Option<usize>,
    lines_moved: isize,
}

/// The findings of a document as last sent, index for index with its analysis's findings.
#[derive(Debug, Default)]
pub struct SentFindings {
    sent: Vec<Sent>,
    encoding: Option<Encoding>,
    /// The buffer of the last notification, which `Sent::written` points into.
    last: Option<Arc<Vec<u8>>>,
    /// The buffer of the notification before, once written out: the next one is made in it,
    /// so that megabytes of fresh memory are not faulted in on every edit.
    spare: Option<Vec<u8>>,
    /// The size of the last notification, to allocate the next one at once.
    last_size: usize,
}

impl SentFindings {
    /// After a whole analysis, every finding is serialised again.
    pub fn forget(&mut self) {
        self.sent.clear();
        self.last = None;
    }

    /// Follows an incremental edit that ended on line `edit_line` (counted before it) and
    /// added `lines_added` lines: the replaced findings are made again, those after them on
    /// the edit's line get new positions, and those on later lines only move down or up.
    pub fn follow(&mut self, splice: Splice, edit_line: usize, lines_added: isize) {
        let Splice {
            at,
            removed,
            inserted,
        } = splice;
        if self.sent.len() < at + removed {
            self.sent.clear();
            return;
        }
        self.sent.splice(
            at..at + removed,
            std::iter::repeat_n(Sent::default(), inserted),
        );
        let moved = |line: u32| {
            u32::try_from(isize::try_from(line).unwrap_or(isize::MAX) + lines_added).unwrap_or(0)
        };
        for sent in &mut self.sent[at + inserted..] {
            match &mut sent.range {
                Some(range) if range.start.line as usize > edit_line => {
                    if lines_added == 0 {
                        break;
                    }
                    range.start.line = moved(range.start.line);
                    range.end.line = moved(range.end.line);
                    sent.lines_moved += lines_added;
                }
                _ => {
                    sent.range = None;
                    sent.listed = None;
                }
            }
            sent.written = None;
        }
    }
}

/// What follows a diagnostic's range, as the protocol spells it.
#[derive(Serialize)]
struct Rest<'a> {
    severity: DiagnosticSeverity,
    code: &'a str,
    source: &'static str,
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    tags: Option<[DiagnosticTag; 1]>,
}

/// The JSON of `finding` after its range: `"severity":…}`.
fn rest_of(finding: &Finding) -> Box<[u8]> {
    let rest = Rest {
        severity: match finding.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
            Severity::Info => DiagnosticSeverity::INFORMATION,
            Severity::Hint => DiagnosticSeverity::HINT,
        },
        code: &finding.code,
        source: "betza",
        // The help text on a line of its own.
        message: match finding.help {
            Some(help) => format!("{}\n{help}", finding.message),
            None => finding.message.clone(),
        },
        tags: finding.unnecessary.then_some([DiagnosticTag::UNNECESSARY]),
    };
    // Strings, numbers and a list of them: serialising cannot fail.
    let json = serde_json::to_vec(&rest).unwrap_or_default();
    json.get(1..).unwrap_or_default().into()
}

/// `{"line":…,"character":…}`. Four numbers per finding and thousands of findings per edit:
/// digits are written directly rather than through the formatting machinery.
fn write_position(out: &mut Vec<u8>, position: Position) {
    out.extend_from_slice(br#"{"line":"#);
    write_number(out, position.line);
    out.extend_from_slice(br#","character":"#);
    write_number(out, position.character);
    out.push(b'}');
}

fn write_number(out: &mut Vec<u8>, mut number: u32) {
    let mut digits = [0u8; 10];
    let mut at = digits.len();
    loop {
        at -= 1;
        // A digit: the remainder is below ten.
        digits[at] = b'0' + (number % 10) as u8;
        number /= 10;
        if number == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at..]);
}

/// How a client takes its diagnostics.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Delivery {
    /// `textDocument/publishDiagnostics`: the whole list every time.
    #[default]
    Whole,
    /// `betza/publishDiagnosticsDelta`: what changed in the list the client has.
    Deltas,
}

/// The framed notification of the findings of `document` (none for a closed one), as the
/// client takes them.
pub fn publish_frame(
    uri: &Uri,
    mut document: Option<&mut Document>,
    encoding: Encoding,
    delivery: Delivery,
) -> Frame {
    let capacity = HEADER_ROOM + document.as_ref().map_or(0, |d| d.sent.last_size);
    let mut body = document
        .as_mut()
        .and_then(|d| d.sent.spare.take())
        .unwrap_or_default();
    body.clear();
    body.reserve(capacity + capacity / 8);
    body.resize(HEADER_ROOM, 0);
    let (method, list) = match delivery {
        Delivery::Whole => ("textDocument/publishDiagnostics", "diagnostics"),
        Delivery::Deltas => (deltas::METHOD, "parts"),
    };
    let _ = write!(
        body,
        r#"{{"jsonrpc":"2.0","method":"{method}","params":{{"uri":"#
    );
    // A URI is a string: serialising cannot fail.
    let _ = serde_json::to_writer(&mut body, uri);
    let _ = write!(body, r#","{list}":["#);
    let Some(document) = document else {
        body.extend_from_slice(b"]}}");
        return Frame::around_body(body);
    };
    if delivery == Delivery::Deltas {
        deltas::write_parts(&mut body, document, encoding);
        let _ = write!(body, r#"],"version":{}}}}}"#, document.version);
        return Frame::around_body(body);
    }
    // Taken out while the findings are written, so that were this cut short, the next publish
    // would find no last frame and make every finding afresh.
    let last = document.sent.last.take();
    write_findings(&mut body, document, last.as_deref(), encoding);
    document.sent.last_size = body.len();
    let _ = write!(body, r#"],"version":{}}}}}"#, document.version);
    let frame = Frame::around_body(body);
    let sent = &mut document.sent;
    sent.last = frame.body_buffer();
    // The writer is usually done with the last frame by now; if not, its buffer is let go.
    sent.spare = last.and_then(Arc::into_inner);
    frame
}

/// The findings of `document` and what is known of them as sent; all of them unknown when they
/// were last sent in another encoding or another number, or when what was sent cannot be
/// built on (`reusable` false: whole lists need the last frame).
fn findings_and_sent(
    document: &mut Document,
    encoding: Encoding,
    reusable: bool,
) -> (&Rope, &[Finding], &mut [Sent]) {
    let Document {
        rope,
        analysis,
        sent,
        ..
    } = document;
    let findings = analysis.as_ref().map_or(&[][..], |a| &a.diagnostics[..]);
    let SentFindings {
        sent,
        encoding: sent_in,
        ..
    } = sent;
    if sent.len() != findings.len() || *sent_in != Some(encoding) || !reusable {
        *sent = vec![Sent::default(); findings.len()];
        *sent_in = Some(encoding);
    }
    (rope, findings, sent)
}

/// One finding's JSON object, its range made again if it moved within its line.
fn write_diagnostic(
    out: &mut Vec<u8>,
    finding: &Finding,
    sent: &mut Sent,
    rope: &Rope,
    encoding: Encoding,
) {
    let range = *sent.range.get_or_insert_with(|| {
        let (start, end) = (finding.range.start(), finding.range.end());
        to_range(rope, start.into(), end.into(), encoding)
    });
    out.extend_from_slice(br#"{"range":{"start":"#);
    write_position(out, range.start);
    out.extend_from_slice(br#","end":"#);
    write_position(out, range.end);
    out.extend_from_slice(b"},");
    out.extend_from_slice(sent.rest.get_or_insert_with(|| rest_of(finding)));
}

/// A run of findings copied from the last notification: its bytes there (separators between
/// the findings included), and where the run starts in the new one.
struct Run {
    from: usize,
    to: usize,
    at: usize,
}

/// The findings of `document` as a JSON list's items, made from what was sent before (`last`,
/// the last frame) where it still holds.
fn write_findings(
    out: &mut Vec<u8>,
    document: &mut Document,
    last: Option<&Vec<u8>>,
    encoding: Encoding,
) {
    let (rope, findings, sent) = findings_and_sent(document, encoding, last.is_some());
    let last = last.map_or(&[][..], Vec::as_slice);
    let mut run: Option<Run> = None;
    let copy = |out: &mut Vec<u8>, run: Option<Run>| {
        if let Some(Run { from, to, .. }) = run {
            out.extend_from_slice(last.get(from..to).unwrap_or_default());
        }
    };
    for (index, (finding, sent)) in findings.iter().zip(sent).enumerate() {
        if let Some((from, to)) = sent.written {
            match &mut run {
                // The next finding in the last notification too, after its comma.
                Some(run) if run.to + 1 == from => run.to = to,
                _ => {
                    copy(out, run.take());
                    if index > 0 {
                        out.push(b',');
                    }
                    run = Some(Run {
                        from,
                        to,
                        at: out.len(),
                    });
                }
            }
            // Where it lands in the new one: as far into the run as it was.
            sent.written = run
                .as_ref()
                .map(|run| (run.at + (from - run.from), run.at + (to - run.from)));
            continue;
        }
        copy(out, run.take());
        if index > 0 {
            out.push(b',');
        }
        let start = out.len();
        write_diagnostic(out, finding, sent, rope, encoding);
        sent.written = Some((start, out.len()));
    }
    copy(out, run);
}

#[cfg(test)]
pub(crate) mod tests {
    use serde_json::{Value, json};
    use tower_lsp_server::ls_types::{Position, Range, TextDocumentContentChangeEvent};

    use super::deltas::apply;
    use super::{Delivery, publish_frame};
    use crate::lsp::framing::Frame;
    use crate::lsp::position::Encoding;
    use crate::lsp::state::{Document, Settings};

    type Edit = ((u32, u32), (u32, u32), &'static str);

    /// The parameters of a framed notification.
    pub(crate) fn params_of(frame: &Frame) -> Value {
        let bytes = frame.as_bytes();
        let body = bytes
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .map_or(bytes, |at| &bytes[at + 4..]);
        let message: Value = serde_json::from_slice(body).expect("a JSON body");
        message["params"].clone()
    }

    /// Makes `edits` in turn, each after the diagnostics were sent: each time the diagnostics
    /// sent, made partly from those sent before, are those of a fresh document, and so is the
    /// list of a client that takes deltas. Returns the deltas.
    pub(crate) fn sent_as_fresh(uri: &str, text: &str, edits: &[Edit]) -> Vec<Value> {
        let settings = Settings::default();
        let uri = uri.parse().expect("uri");
        let mut document = Document::new(&uri, text.to_owned(), 1, "", &settings);
        let mut by_deltas = Document::new(&uri, text.to_owned(), 1, "", &settings);
        let first = publish_frame(
            &uri,
            Some(&mut by_deltas),
            Encoding::Utf16,
            Delivery::Deltas,
        );
        let mut client_list = apply(&[], &params_of(&first)).expect("a delta");
        let mut deltas = Vec::new();
        for (version, &((l1, c1), (l2, c2), inserted)) in edits.iter().enumerate() {
            publish_frame(&uri, Some(&mut document), Encoding::Utf16, Delivery::Whole);
            let change = TextDocumentContentChangeEvent {
                range: Some(Range {
                    start: Position::new(l1, c1),
                    end: Position::new(l2, c2),
                }),
                range_length: None,
                text: inserted.to_owned(),
            };
            let version = version as i32 + 2;
            document.apply(vec![change.clone()], version, Encoding::Utf16, &settings);
            by_deltas.apply(vec![change], version, Encoding::Utf16, &settings);
            let mut fresh = Document::new(&uri, document.rope.to_string(), version, "", &settings);
            let sent = publish_frame(&uri, Some(&mut document), Encoding::Utf16, Delivery::Whole);
            let expected = publish_frame(&uri, Some(&mut fresh), Encoding::Utf16, Delivery::Whole);
            assert_eq!(
                String::from_utf8_lossy(sent.as_bytes()),
                String::from_utf8_lossy(expected.as_bytes()),
                "after {inserted:?}"
            );
            let delta = params_of(&publish_frame(
                &uri,
                Some(&mut by_deltas),
                Encoding::Utf16,
                Delivery::Deltas,
            ));
            client_list = apply(&client_list, &delta).expect("a delta");
            let expected = params_of(&expected);
            assert_eq!(
                Value::from(client_list.clone()),
                expected["diagnostics"],
                "deltas after {inserted:?}"
            );
            assert_eq!(delta["version"], expected["version"]);
            deltas.push(delta);
        }
        deltas
    }

    #[test]
    fn numbers_are_written_in_decimal() {
        for number in [0, 7, 10, 99, 1_000_000, u32::MAX] {
            let mut out = Vec::new();
            super::write_number(&mut out, number);
            assert_eq!(String::from_utf8_lossy(&out), number.to_string());
        }
    }

    /// Lines added or removed in one section move the findings of the next (for a client that
    /// takes deltas, without sending them again).
    #[test]
    fn findings_on_later_lines_move_with_the_lines() {
        let text = "[v:chess]\ncustomPiece1 = x:mfW\n[w:v]\ncustomPiece2 = y:lvF\n😀\ncustomPiece3 = z:NN\n";
        let deltas = sent_as_fresh(
            "file:///p/variants.ini",
            text,
            &[
                ((1, 0), (1, 0), "\n"),
                ((1, 0), (2, 0), ""),
                // A string fixed, then a break inside it.
                ((1, 17), (1, 20), "fmW"),
                ((1, 18), (1, 18), "\r\n"),
                // Emoji typed on a line of their own move nothing.
                ((4, 0), (4, 0), "😀"),
            ],
        );
        // A client that takes deltas is sent the findings of the next section as a run of
        // what it has, moved down a line and back; the fix only drops the fixed finding.
        assert_eq!(
            deltas[0]["parts"][1],
            json!({ "keep": [1, 3], "lineDelta": 1 })
        );
        assert_eq!(
            deltas[1]["parts"][1],
            json!({ "keep": [1, 3], "lineDelta": -1 })
        );
        assert_eq!(deltas[2]["parts"], json!([{ "keep": [1, 3] }]));
    }

    /// Typing in one piece of a PGN `VariantMen` line moves the findings of the pieces after it
    /// on that line.
    #[test]
    fn findings_later_on_the_edited_line_get_new_positions() {
        let text = "[VariantMen \"P:mfW;N:lvF;A:NN\"]\n\n1. e4 *\n";
        sent_as_fresh(
            "file:///p/game.pgn",
            text,
            &[
                ((0, 16), (0, 16), "WW"),
                ((0, 16), (0, 18), ""),
                ((0, 16), (0, 16), "😀"),
            ],
        );
    }
}
