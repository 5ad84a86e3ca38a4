//! Diagnostics as deltas, for a client that asks for them (the README's "Diagnostics as
//! deltas" is the specification): the document's new list as runs of the list the client has,
//! moved by whole lines, and the findings that are new, so that an edit's message is as small as
//! the edit however many findings the file has.

use std::io::Write;

use serde_json::Value;

use super::{Encoding, findings_and_sent, write_diagnostic};
use crate::lsp::state::Document;

/// The notification's method, and the client capability (under `experimental`) that asks for it.
pub const METHOD: &str = "betza/publishDiagnosticsDelta";
pub const CAPABILITY: &str = "betzaDiagnosticDeltas";

/// A part of a delta being written: a run of the client's list, or new findings (whose JSON
/// is written as they come).
enum Part {
    Keep {
        start: usize,
        end: usize,
        lines_moved: isize,
    },
    Add,
}

/// Opens a part in `out`: a comma first unless it is the list's first.
fn separate(out: &mut Vec<u8>) {
    if out.last() != Some(&b'[') {
        out.push(b',');
    }
}

/// Ends `part` in `out`: a run is written whole once its end is known; new findings only need
/// their list closed.
fn close_part(out: &mut Vec<u8>, part: Option<Part>) {
    match part {
        Some(Part::Keep {
            start,
            end,
            lines_moved,
        }) => {
            separate(out);
            let _ = write!(out, r#"{{"keep":[{start},{end}]"#);
            if lines_moved != 0 {
                let _ = write!(out, r#","lineDelta":{lines_moved}"#);
            }
            out.push(b'}');
        }
        Some(Part::Add) => out.extend_from_slice(b"]}"),
        None => {}
    }
}

/// The parts of a delta: the client's new list as runs of the one it has and new findings.
/// What the client has is recorded only once every part is written, so that were this cut
/// short, the next delta would still start from the list the client really has.
pub(super) fn write_parts(out: &mut Vec<u8>, document: &mut Document, encoding: Encoding) {
    let (rope, findings, sent) = findings_and_sent(document, encoding, true);
    let mut part = None;
    for (finding, sent) in findings.iter().zip(sent.iter_mut()) {
        match (sent.listed, &mut part) {
            (
                Some(listed),
                Some(Part::Keep {
                    end, lines_moved, ..
                }),
            ) if *end == listed && *lines_moved == sent.lines_moved => {
                *end += 1;
            }
            (Some(listed), _) => {
                close_part(out, part.take());
                part = Some(Part::Keep {
                    start: listed,
                    end: listed + 1,
                    lines_moved: sent.lines_moved,
                });
            }
            (None, Some(Part::Add)) => {
                out.push(b',');
                write_diagnostic(out, finding, sent, rope, encoding);
            }
            (None, _) => {
                close_part(out, part.take());
                separate(out);
                out.extend_from_slice(br#"{"add":["#);
                part = Some(Part::Add);
                write_diagnostic(out, finding, sent, rope, encoding);
            }
        }
    }
    close_part(out, part);
    for (index, sent) in sent.iter_mut().enumerate() {
        sent.listed = Some(index);
        sent.lines_moved = 0;
    }
}

/// The list a client has for a document after the delta `params`, given the list it had: the
/// specification as a client reads it, for clients in Rust, tests and the fuzzer. `None` when
/// the delta is not one: no parts, a part of neither kind, a run outside `list`, or a move
/// that takes a line out of the numbers a line can have.
pub fn apply(list: &[Value], params: &Value) -> Option<Vec<Value>> {
    let mut next = Vec::new();
    for part in params.get("parts")?.as_array()? {
        if let Some(added) = part.get("add") {
            next.extend(added.as_array()?.iter().cloned());
            continue;
        }
        let keep = part.get("keep")?.as_array()?;
        let (start, end) = (keep.first()?.as_u64()?, keep.get(1)?.as_u64()?);
        let kept = list.get(usize::try_from(start).ok()?..usize::try_from(end).ok()?)?;
        let lines = match part.get("lineDelta") {
            Some(lines) => lines.as_i64()?,
            None => 0,
        };
        for diagnostic in kept {
            let mut diagnostic = diagnostic.clone();
            for end in ["start", "end"] {
                let line = diagnostic.get_mut("range")?.get_mut(end)?.get_mut("line")?;
                let moved = line.as_i64()?.checked_add(lines)?;
                *line = u32::try_from(moved).ok()?.into();
            }
            next.push(diagnostic);
        }
    }
    Some(next)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::apply;
    use crate::lsp::handlers::diagnostics::tests::sent_as_fresh;

    /// A delta that is not one is refused, not half applied.
    #[test]
    fn a_malformed_delta_is_refused() {
        let list = [
            json!({ "range": { "start": { "line": 1, "character": 0 }, "end": { "line": 1, "character": 2 } } }),
        ];
        for params in [
            json!({}),
            json!({ "parts": [{ "keep": [0, 2] }] }),
            json!({ "parts": [{ "keep": [1, 0] }] }),
            json!({ "parts": [{ "keep": [0] }] }),
            json!({ "parts": [{ "keep": [0, 1], "lineDelta": "1" }] }),
            json!({ "parts": [{ "keep": [0, 1], "lineDelta": -2 }] }),
            json!({ "parts": [{ "keep": [0, 1], "lineDelta": i64::MAX }] }),
            json!({ "parts": [{ "add": {} }] }),
            json!({ "parts": [{ "neither": [] }] }),
        ] {
            assert_eq!(apply(&list, &params), None, "{params}");
        }
        let moved = apply(
            &list,
            &json!({ "parts": [{ "keep": [0, 1], "lineDelta": -1 }] }),
        );
        assert_eq!(moved.expect("a delta")[0]["range"]["end"]["line"], 0);
    }

    /// A finding fixed between two that stay leaves two runs, not one across it.
    #[test]
    fn a_finding_gone_between_two_splits_the_run() {
        let text = "[a:chess]\ncustomPiece1 = x:mfW\n[b:chess]\ncustomPiece1 = x:mfW\n[c:chess]\ncustomPiece1 = x:mfW\n";
        let deltas = sent_as_fresh("file:///p/variants.ini", text, &[((3, 17), (3, 19), "fm")]);
        assert_eq!(
            deltas[0]["parts"],
            json!([{ "keep": [0, 1] }, { "keep": [2, 3] }])
        );
    }
}
