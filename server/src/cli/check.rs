//! `betza check FILE... [--format human|json] [--dialect D] [--allow CODE] [--deny CODE]`:
//! every Betza string in the given files (directories: every recognised file inside),
//! checked. Exit 1 if anything is an error, else 0. A file that cannot be read, is not UTF-8 or
//! has an unknown format gets its own message; the rest are still checked.

use std::io::{BufWriter, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use betza_syntax::Severity;
use betza_syntax::document::{self, FileDiagnostic, LineIndex, Options};
use betza_syntax::host::{self, HostFormat};
use serde_json::json;

use super::report;

/// How findings are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Human,
    Json,
}

/// One file's outcome.
struct Checked {
    path: PathBuf,
    text: String,
    diagnostics: Vec<FileDiagnostic>,
}

pub fn run(paths: &[PathBuf], format: Format, options: &Options, summary: bool) -> ExitCode {
    let mut files = Vec::new();
    let mut failed = false;
    for path in paths {
        if path.is_dir() {
            collect_dir(path, &mut files);
        } else {
            files.push((path.clone(), true));
        }
    }
    let mut checked = Vec::new();
    for (path, named) in files {
        match check_file(&path, named, options) {
            Ok(Some(result)) => checked.push(result),
            Ok(None) => {}
            Err(message) => {
                say!("error: {}: {message}", path.display());
                failed = true;
            }
        }
    }
    failed |= checked
        .iter()
        .any(|c| c.diagnostics.iter().any(|d| d.severity == Severity::Error));
    match format {
        Format::Human => {
            // One buffer: ariadne writes a long line in many small pieces.
            let mut out = BufWriter::new(std::io::stderr().lock());
            let written = checked
                .iter()
                .try_for_each(|file| {
                    report::write_file_diagnostics(
                        &mut out,
                        &file.path.display().to_string(),
                        &file.text,
                        &file.diagnostics,
                    )
                })
                .and_then(|()| writeln!(out, "{}", totals(&checked, summary)))
                .and_then(|()| out.flush());
            if let Err(error) = written {
                return super::output_failed(&error);
            }
        }
        Format::Json => {
            if let Err(status) = super::print(&format!("{}\n", json_report(&checked))) {
                return status;
            }
        }
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// The report's last lines: how many findings of each severity (`checked 3 file(s): 2 errors,
/// 1 warning, 0 infos, 4 hints`) and, for a summary, of each code, most frequent first.
fn totals(checked: &[Checked], summary: bool) -> String {
    let findings = || checked.iter().flat_map(|c| &c.diagnostics);
    let of = |severity: Severity| findings().filter(|d| d.severity == severity).count();
    let counted = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    let mut out = format!(
        "checked {}: {}, {}, {}, {}",
        counted(checked.len(), "file"),
        counted(of(Severity::Error), "error"),
        counted(of(Severity::Warning), "warning"),
        counted(of(Severity::Info), "info"),
        counted(of(Severity::Hint), "hint"),
    );
    if summary {
        let mut codes: Vec<(&str, usize)> = Vec::new();
        for d in findings() {
            match codes.iter_mut().find(|(code, _)| *code == d.code) {
                Some((_, n)) => *n += 1,
                None => codes.push((&d.code, 1)),
            }
        }
        codes.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        for (code, n) in codes {
            out.push_str(&format!("\n{n:>6}  {code}"));
        }
    }
    out
}

/// Every file below `dir`, sorted, skipping hidden folders and build output.
fn collect_dir(dir: &Path, files: &mut Vec<(PathBuf, bool)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        files.push((dir.to_path_buf(), true));
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        let hidden = path.file_name().is_some_and(|n| {
            n.to_string_lossy().starts_with('.') || n == "target" || n == "node_modules"
        });
        if hidden {
            continue;
        }
        if path.is_dir() {
            collect_dir(&path, files);
        } else {
            files.push((path, false));
        }
    }
}

/// `Ok(None)`: a file found in a directory that is not a recognised format.
fn check_file(path: &Path, named: bool, options: &Options) -> Result<Option<Checked>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read it: {e}"))?;
    let name = path.to_string_lossy();
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(error) => {
            if !named && host::detect(&name, "").is_none() {
                return Ok(None);
            }
            return Err(format!(
                "it is not UTF-8 (invalid byte at offset {})",
                error.utf8_error().valid_up_to()
            ));
        }
    };
    let Some(format) = host::detect(&name, &text) else {
        return if named {
            Err("not a file with Betza in it: expected variants.ini (or an .ini with customPiece keys), .pgn, .diagram, .cif, .ccif, .betza or .mbn".into())
        } else {
            Ok(None)
        };
    };
    let analysis = document::analyse(format, &text, options);
    let _: HostFormat = analysis.format;
    Ok(Some(Checked {
        path: path.to_path_buf(),
        text,
        diagnostics: analysis.diagnostics,
    }))
}

/// The JSON array of DESIGN.md: 1-based lines and columns in characters, end exclusive.
fn json_report(checked: &[Checked]) -> String {
    let mut items = Vec::new();
    for file in checked {
        let lines = LineIndex::new(&file.text);
        let file_name = file.path.display().to_string();
        for d in &file.diagnostics {
            let mut item = positions(&lines, d.range);
            item["file"] = json!(file_name);
            item["severity"] = json!(d.severity.as_str());
            item["code"] = json!(d.code);
            item["message"] = json!(d.message);
            item["help"] = json!(d.help);
            item["fix"] = json!(d.fix.as_ref().map(|fix| json!({
                "message": fix.title,
                "edits": fix.edits.iter().map(|edit| {
                    let mut json = positions(&lines, edit.range);
                    json["new_text"] = json!(edit.text);
                    json
                }).collect::<Vec<_>>(),
            })));
            items.push(item);
        }
    }
    serde_json::Value::Array(items).to_string()
}

/// `{"line", "column", "end_line", "end_column"}` of a byte range: 1-based, in characters, end
/// exclusive.
fn positions(lines: &LineIndex, range: betza_syntax::TextRange) -> serde_json::Value {
    let (line, column) = lines.line_column(usize::from(range.start()));
    let (end_line, end_column) = lines.line_column(usize::from(range.end()));
    json!({ "line": line, "column": column, "end_line": end_line, "end_column": end_column })
}
