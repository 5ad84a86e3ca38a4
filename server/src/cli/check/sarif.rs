//! `--format sarif`: the findings as SARIF 2.1.0, the format code scanning reads (GitHub's
//! `upload-sarif`, editors' SARIF viewers). One run whose rules are every code of the registry,
//! so the header is known before any file is read: it is written first, then each file's
//! results as the file is checked, as the JSON is.

use std::collections::HashMap;
use std::io::Write;

use betza_syntax::analysis::LineIndex;
use betza_syntax::diagnostic::{self, Code, Diagnostic};
use betza_syntax::{Severity, TextRange};
use serde_json::{Value, json};

use super::sink::{Checked, Sink, Totals, slashed, with_help};

const SCHEMA: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/os/schemas/sarif-schema-2.1.0.json";

pub(super) struct Sarif<W: Write> {
    out: W,
    results: usize,
    /// Where each code's rule is in the run's `rules`.
    rule_index: HashMap<&'static str, usize>,
}

impl<W: Write> Sarif<W> {
    /// Writes everything before the first result.
    pub(super) fn start(mut out: W) -> std::io::Result<Self> {
        let codes: Vec<Code> = diagnostic::all_codes().collect();
        let driver = json!({
            "name": "betza",
            "version": env!("CARGO_PKG_VERSION"),
            "rules": codes.iter().map(rule).collect::<Vec<_>>(),
        });
        write!(
            out,
            r#"{{"$schema":"{SCHEMA}","version":"2.1.0","runs":[{{"tool":{{"driver":"#
        )?;
        serde_json::to_writer(&mut out, &driver)?;
        // Columns count characters, as the JSON's do; SARIF's default is UTF-16 code units.
        out.write_all(br#"},"columnKind":"unicodeCodePoints","results":["#)?;
        Ok(Sarif {
            out,
            results: 0,
            rule_index: codes.iter().enumerate().map(|(i, c)| (c.name, i)).collect(),
        })
    }

    fn result(&self, lines: &LineIndex, uri: &str, d: &Diagnostic) -> Value {
        let mut result = json!({
            "ruleId": d.code.name(),
            "level": level(d.severity),
            "message": { "text": with_help(d) },
            "locations": [{
                "physicalLocation": {
                    "artifactLocation": { "uri": uri },
                    "region": region(lines, d.range),
                },
            }],
        });
        if let Some(&index) = self.rule_index.get(d.code.name()) {
            result["ruleIndex"] = json!(index);
        }
        if let Some(fix) = &d.fix {
            let replacements: Vec<Value> = (fix.edits.iter())
                .map(|edit| {
                    json!({
                        "deletedRegion": region(lines, edit.range),
                        "insertedContent": { "text": edit.text },
                    })
                })
                .collect();
            result["fixes"] = json!([{
                "description": { "text": fix.title },
                "artifactChanges": [{
                    "artifactLocation": { "uri": uri },
                    "replacements": replacements,
                }],
            }]);
        }
        result
    }
}

impl<W: Write> Sink for Sarif<W> {
    fn file(&mut self, file: &Checked) -> std::io::Result<()> {
        if file.diagnostics.is_empty() {
            return Ok(());
        }
        let lines = LineIndex::new(&file.text);
        let uri = uri(&file.path);
        for d in &file.diagnostics {
            if self.results > 0 {
                self.out.write_all(b",")?;
            }
            self.results += 1;
            let result = self.result(&lines, &uri, d);
            serde_json::to_writer(&mut self.out, &result)?;
        }
        Ok(())
    }

    fn error(&mut self, line: &str) -> std::io::Result<()> {
        say!("{line}");
        Ok(())
    }

    fn end(&mut self, _: &Totals) -> std::io::Result<()> {
        self.out.write_all(b"]}]}\n")?;
        self.out.flush()
    }
}

/// A code's rule: what it finds, why it matters, and the level it has unless set otherwise.
fn rule(code: &Code) -> Value {
    json!({
        "id": code.name,
        "shortDescription": { "text": code.summary },
        "fullDescription": { "text": code.explanation },
        "help": { "text": code.explanation },
        "defaultConfiguration": { "level": level(code.severity) },
        "properties": { "tags": [code.family.name()] },
    })
}

/// SARIF has no info or hint level: both are notes.
fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info | Severity::Hint => "note",
    }
}

/// 1-based lines and columns in characters, the end column the one after the range, as the
/// JSON's.
fn region(lines: &LineIndex, range: TextRange) -> Value {
    let (start_line, start_column) = lines.line_column_one_based(usize::from(range.start()));
    let (end_line, end_column) = lines.line_column_one_based(usize::from(range.end()));
    json!({
        "startLine": start_line,
        "startColumn": start_column,
        "endLine": end_line,
        "endColumn": end_column,
    })
}

/// The path as given, as a URI reference: relative paths stay relative (code scanning resolves
/// them against the repository), absolute ones become `file:` URIs; every other byte outside
/// the unreserved characters is percent-encoded, so a space or `#` cannot end the path, nor a
/// `:` make a relative path look like a scheme.
fn uri(path: &std::path::Path) -> String {
    let slashed = slashed(path);
    let mut uri = String::with_capacity(slashed.len());
    if path.has_root() {
        uri.push_str("file://");
        if !slashed.starts_with('/') {
            uri.push('/');
        }
    }
    for byte in slashed.bytes() {
        if byte.is_ascii_alphanumeric()
            || b"-._~/".contains(&byte)
            || (byte == b':' && path.has_root())
        {
            uri.push(char::from(byte));
        } else {
            uri.push_str(&format!("%{byte:02X}"));
        }
    }
    uri
}
