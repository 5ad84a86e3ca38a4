//! `betza check FILE... [--format human|json|sarif|github] [--dialect D] [--allow CODE]
//! [--deny CODE] [--max-findings N]`: every Betza string in the given files (directories: every recognised
//! file inside), checked, each file once. Exit 1 if anything is an error, else 0. A file that
//! cannot be read, is not UTF-8 or has an unknown format gets its own message; the rest are
//! still checked. Files are checked and written one at a time, so memory follows the largest
//! file, not all of them.

use std::collections::{HashMap, HashSet};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use betza_syntax::Severity;
use betza_syntax::analysis::{self, LineIndex, Options};
use betza_syntax::diagnostic::Diagnostic;
use betza_syntax::host;
use serde_json::json;

use super::output::output_failed;
use super::report;

mod github;
mod sarif;
mod sink;

use sink::{Checked, Sink, Totals};

/// How findings are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Reports drawn under the text, on stderr.
    Human,
    /// A JSON array of findings, on stdout.
    Json,
    /// SARIF 2.1.0 for code scanning, on stdout.
    Sarif,
    /// GitHub Actions annotations (`::error file=…::…`), on stdout.
    Github,
}

pub fn run(paths: &[PathBuf], format: Format, options: &Options, summary: bool) -> ExitCode {
    let mut walk = Walk {
        roots: paths
            .iter()
            .filter(|p| p.is_dir())
            .filter_map(|p| p.canonicalize().ok())
            .collect(),
        ..Walk::default()
    };
    for path in paths {
        if path.is_dir() {
            walk.folder(path);
        } else {
            walk.file(path.clone(), true);
        }
    }
    for (path, why) in &walk.skipped {
        say!("note: {}: skipped: {why}", shown(path));
    }
    let mut failed = !walk.errors.is_empty();
    for (path, why) in &walk.errors {
        say!("error: {}: {why}", shown(path));
    }
    let written = match format {
        // One buffer: ariadne writes a long line in many small pieces.
        Format::Human => check_each(
            &walk.files,
            options,
            &mut Human {
                out: BufWriter::new(std::io::stderr().lock()),
                summary,
            },
        ),
        Format::Json => check_each(
            &walk.files,
            options,
            &mut Json {
                out: BufWriter::new(std::io::stdout().lock()),
                items: 0,
            },
        ),
        Format::Sarif => sarif::Sarif::start(BufWriter::new(std::io::stdout().lock()))
            .and_then(|mut sink| check_each(&walk.files, options, &mut sink)),
        Format::Github => check_each(
            &walk.files,
            options,
            &mut github::GitHub {
                out: BufWriter::new(std::io::stdout().lock()),
            },
        ),
    };
    match written {
        Ok(any_failed) => failed |= any_failed,
        Err(error) => return output_failed(&error),
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Checks each file and hands its findings to `sink` before the next is read, so that only one
/// file and its findings are held at a time. Whether anything failed: a file that could not be
/// checked, or an error found.
fn check_each(
    files: &[(PathBuf, bool)],
    options: &Options,
    sink: &mut impl Sink,
) -> std::io::Result<bool> {
    let mut totals = Totals::default();
    let mut failed = false;
    for (path, named) in files {
        match check_file(path, *named, options) {
            Ok(Some(file)) => {
                totals.add(&file);
                sink.file(&file)?;
            }
            Ok(None) => {}
            Err(message) => {
                sink.error(&format!("error: {}: {message}", shown(path)))?;
                failed = true;
            }
        }
    }
    sink.end(&totals)?;
    Ok(failed || totals.by_severity[Severity::Error as usize] > 0)
}

/// The human report, on stderr: each file's reports, then the counts.
struct Human<W: Write> {
    out: W,
    summary: bool,
}

impl<W: Write> Sink for Human<W> {
    fn file(&mut self, file: &Checked) -> std::io::Result<()> {
        report::write_file_diagnostics(
            &mut self.out,
            &shown(&file.path),
            &file.text,
            &file.diagnostics,
        )
    }

    fn error(&mut self, line: &str) -> std::io::Result<()> {
        // In the report's own stream, in its place among the files.
        writeln!(self.out, "{line}")
    }

    fn end(&mut self, totals: &Totals) -> std::io::Result<()> {
        writeln!(self.out, "{}", totals.said(self.summary))?;
        self.out.flush()
    }
}

/// The JSON array of DESIGN.md on stdout, written an item at a time.
struct Json<W: Write> {
    out: W,
    items: usize,
}

impl<W: Write> Sink for Json<W> {
    fn file(&mut self, file: &Checked) -> std::io::Result<()> {
        let lines = LineIndex::new(&file.text);
        let file_name = file.path.display().to_string();
        for d in &file.diagnostics {
            self.out
                .write_all(if self.items == 0 { b"[" } else { b"," })?;
            self.items += 1;
            serde_json::to_writer(&mut self.out, &json_item(&lines, &file_name, d))?;
        }
        Ok(())
    }

    fn error(&mut self, line: &str) -> std::io::Result<()> {
        say!("{line}");
        Ok(())
    }

    fn end(&mut self, _: &Totals) -> std::io::Result<()> {
        if self.items == 0 {
            self.out.write_all(b"[")?;
        }
        self.out.write_all(b"]\n")?;
        self.out.flush()
    }
}

/// The largest file read; a larger one is said and skipped.
const MAX_FILE: u64 = 64 * 1024 * 1024;

/// A path as a person reads it on a terminal: control characters escaped, so a file name can
/// neither hide nor forge report lines.
fn shown(path: &Path) -> String {
    path.display()
        .to_string()
        .chars()
        .flat_map(|c| {
            let escaped: Vec<char> = if c.is_control() {
                c.escape_default().collect()
            } else {
                vec![c]
            };
            escaped
        })
        .collect()
}

/// Whether a file found in a folder may hold Betza, by its name alone (an `.ini` is read to
/// see whether its content is a variants file); nothing else is opened.
fn may_hold_betza(path: &Path) -> bool {
    let name = path.to_string_lossy();
    host::detect(&name, "").is_some() || name.to_ascii_lowercase().ends_with(".ini")
}

/// How deep below a folder given the walk goes: a folder deeper down is an error, said, and
/// the check fails, so that no file slips past a check unseen.
const MAX_DEPTH: usize = 4096;

/// The files named and those below the folders given, each once (by its device and inode,
/// however many paths lead to it), in the order first met: each folder visited once (so links
/// to itself or to a parent add nothing, at a cost that does not grow with its depth), links
/// followed only inside the folders given, and only regular files whose name may hold Betza
/// kept. What is passed over, and why, is noted; what cannot be read is an error. The walk
/// keeps its own stack, so a tree thousands of folders deep takes the time of a flat one and
/// no stack of calls.
#[derive(Default)]
struct Walk {
    /// The folders given, resolved.
    roots: Vec<PathBuf>,
    visited: HashSet<NodeId>,
    /// Each file to check, and whether it was named on the command line.
    files: Vec<(PathBuf, bool)>,
    /// Where each file met so far is in `files`.
    met: HashMap<NodeId, usize>,
    skipped: Vec<(PathBuf, &'static str)>,
    /// What could not be walked, and why: each fails the check.
    errors: Vec<(PathBuf, String)>,
}

/// What makes a file or folder the same whatever the path to it.
#[cfg(unix)]
type NodeId = (u64, u64);
#[cfg(not(unix))]
type NodeId = PathBuf;

#[cfg(unix)]
fn node_id(_: &Path, metadata: &std::fs::Metadata) -> Option<NodeId> {
    use std::os::unix::fs::MetadataExt as _;
    Some((metadata.dev(), metadata.ino()))
}

#[cfg(not(unix))]
fn node_id(path: &Path, _: &std::fs::Metadata) -> Option<NodeId> {
    path.canonicalize().ok()
}

impl Walk {
    /// A file to check, unless it was met already; one named on the command line is said
    /// to be named, so that a format it is not is said even if a folder led to it first. A
    /// path that cannot be resolved is kept, for the check to say why it cannot be read.
    fn file(&mut self, path: PathBuf, named: bool) {
        let id = std::fs::metadata(&path)
            .ok()
            .and_then(|metadata| node_id(&path, &metadata));
        if let Some(id) = id {
            if let Some(&at) = self.met.get(&id) {
                self.files[at].1 |= named;
                return;
            }
            self.met.insert(id, self.files.len());
        }
        self.files.push((path, named));
    }

    fn folder(&mut self, root: &Path) {
        // Depth first, in name order: the entries still to visit, last first, with their depth.
        let mut pending: Vec<(PathBuf, usize)> = vec![(root.to_path_buf(), 0)];
        while let Some((path, depth)) = pending.pop() {
            if depth == 0 {
                self.enter(&path, depth, &mut pending);
            } else {
                self.entry(path, depth, &mut pending);
            }
        }
    }

    /// The entries of the folder `dir`, pushed to visit next.
    fn enter(&mut self, dir: &Path, depth: usize, pending: &mut Vec<(PathBuf, usize)>) {
        let id = std::fs::metadata(dir)
            .ok()
            .and_then(|metadata| node_id(dir, &metadata));
        let Some(id) = id else {
            self.errors
                .push((dir.to_path_buf(), "the folder cannot be resolved".into()));
            return;
        };
        if !self.visited.insert(id) {
            return;
        }
        if depth >= MAX_DEPTH {
            self.errors.push((
                dir.to_path_buf(),
                format!("more than {MAX_DEPTH} folders deep: not checked"),
            ));
            return;
        }
        let entries = match std::fs::read_dir(dir) {
            Ok(entries) => entries,
            Err(error) => {
                self.errors.push((
                    dir.to_path_buf(),
                    format!("cannot read the folder: {error}"),
                ));
                return;
            }
        };
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for path in paths.into_iter().rev() {
            let hidden = path.file_name().is_some_and(|n| {
                n.to_string_lossy().starts_with('.') || n == "target" || n == "node_modules"
            });
            if !hidden {
                pending.push((path, depth + 1));
            }
        }
    }

    fn entry(&mut self, path: PathBuf, depth: usize, pending: &mut Vec<(PathBuf, usize)>) {
        let own = match std::fs::symlink_metadata(&path) {
            Ok(own) => own,
            // Gone since the folder was read: nothing to check.
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return,
            Err(error) => {
                self.errors.push((path, format!("cannot read it: {error}")));
                return;
            }
        };
        if own.file_type().is_symlink() {
            let skipped = match path.canonicalize() {
                // A loop of links, or one whose target is gone: it leads to no file.
                Err(_) => Some("a link that leads to no file (a loop of links, or a broken link)"),
                Ok(target) if !self.roots.iter().any(|root| target.starts_with(root)) => {
                    Some("a link to outside the folders being checked")
                }
                Ok(_) => None,
            };
            if let Some(why) = skipped {
                self.skipped.push((path, why));
                return;
            }
        }
        // Through a link (inside the roots), what it points to.
        let Ok(kind) = std::fs::metadata(&path).map(|m| m.file_type()) else {
            return;
        };
        if kind.is_dir() {
            self.enter(&path, depth, pending);
        } else if !kind.is_file() {
            if may_hold_betza(&path) {
                self.skipped
                    .push((path, "not a regular file (a pipe, device or socket)"));
            }
        } else if may_hold_betza(&path) {
            self.file(path, false);
        }
    }
}

/// The bytes of a regular file of at most [`MAX_FILE`] bytes; anything else (a pipe, a device,
/// a file too large) is refused without reading it, so no file can hang or flood the check.
fn read_regular(path: &Path) -> Result<Vec<u8>, String> {
    use std::io::Read as _;
    let metadata = std::fs::metadata(path).map_err(|e| format!("cannot read it: {e}"))?;
    if !metadata.is_file() {
        return Err("not a regular file (a folder, pipe, device or socket): not read".into());
    }
    if metadata.len() > MAX_FILE {
        return Err(format!(
            "{} bytes, over the {} MiB a file may have: not read",
            metadata.len(),
            MAX_FILE / 1024 / 1024
        ));
    }
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read it: {e}"))?;
    // Room for the file as it is now and the one byte that would say it grew: reading into a
    // buffer that doubles as it fills would hold up to twice the file (issue 56).
    let mut bytes = Vec::with_capacity(usize::try_from(metadata.len()).map_or(0, |n| n + 1));
    // A file that grows while it is read stops at the limit too.
    file.take(MAX_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read it: {e}"))?;
    if bytes.len() as u64 > MAX_FILE {
        return Err(format!(
            "grew over the {} MiB a file may have while it was read: not read",
            MAX_FILE / 1024 / 1024
        ));
    }
    Ok(bytes)
}

/// `Ok(None)`: a file found in a directory that is not a recognised format.
fn check_file(path: &Path, named: bool, options: &Options) -> Result<Option<Checked>, String> {
    let bytes = read_regular(path)?;
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
    // A file named on the command line is read as its extension says, whatever its content:
    // any `.ini` is a variants file. One found in a folder must also look like its format.
    let format = if named {
        host::detect_named(&name, &text)
    } else {
        host::detect(&name, &text)
    };
    let Some(format) = format else {
        return if named {
            Err("not a file with Betza in it: expected a Fairy-Stockfish variants file (.ini), .pgn, .diagram, .cif, .ccif, .betza or .mbn".into())
        } else {
            Ok(None)
        };
    };
    let analysis = analysis::analyse(format, &text, options);
    Ok(Some(Checked {
        path: path.to_path_buf(),
        text,
        diagnostics: analysis.diagnostics,
        left_out: analysis.left_out,
    }))
}

/// An item of DESIGN.md's JSON array: 1-based lines and columns in characters, end exclusive.
fn json_item(lines: &LineIndex, file_name: &str, d: &Diagnostic) -> serde_json::Value {
    let mut item = positions(lines, d.range);
    item["file"] = json!(file_name);
    item["severity"] = json!(d.severity.as_str());
    item["code"] = json!(d.code.name());
    item["message"] = json!(d.message);
    item["help"] = json!(d.help);
    item["fix"] = json!(d.fix.as_ref().map(|fix| json!({
        "message": fix.title,
        "edits": fix.edits.iter().map(|edit| {
            let mut json = positions(lines, edit.range);
            json["new_text"] = json!(edit.text);
            json
        }).collect::<Vec<_>>(),
    })));
    item
}

/// `{"line", "column", "end_line", "end_column"}` of a byte range: 1-based, in characters, end
/// exclusive.
fn positions(lines: &LineIndex, range: betza_syntax::TextRange) -> serde_json::Value {
    let (line, column) = lines.line_column_one_based(usize::from(range.start()));
    let (end_line, end_column) = lines.line_column_one_based(usize::from(range.end()));
    json!({ "line": line, "column": column, "end_line": end_line, "end_column": end_column })
}
