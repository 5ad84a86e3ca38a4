//! Human-readable reports of findings, drawn by ariadne under the offending text.

use std::io::{BufWriter, IsTerminal, Write};
use std::sync::OnceLock;

use ariadne::{Color, Config, IndexType, Label, Report, ReportKind, Source};
use betza_syntax::analysis::LineIndex;
use betza_syntax::diagnostic::{Diagnostic, codes};
use betza_syntax::{Severity, SyntaxError};

/// How a severity is labelled and coloured.
fn kind_of(severity: Severity) -> (ReportKind<'static>, Color) {
    match severity {
        Severity::Error => (ReportKind::Error, Color::Red),
        Severity::Warning => (ReportKind::Warning, Color::Yellow),
        Severity::Info => (ReportKind::Custom("Info", Color::Cyan), Color::Cyan),
        Severity::Hint => (ReportKind::Custom("Hint", Color::Blue), Color::Blue),
    }
}

/// Whether reports are coloured, decided once for the process: only when stderr is a terminal
/// and `NO_COLOR` is unset or empty (no-color.org). ariadne's own switch leaves the header of a
/// custom kind (Info, Hint) coloured, so painting is turned off at its root, yansi, as well.
fn coloured() -> bool {
    static COLOURED: OnceLock<bool> = OnceLock::new();
    *COLOURED.get_or_init(|| {
        let coloured = std::io::stderr().is_terminal()
            && std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty());
        if !coloured {
            yansi::disable();
        }
        coloured
    })
}

/// Writes the reports of a string's syntax errors to stderr, as `check` reports a file's
/// findings (runs grouped, long lines windowed). `name` labels the source (a file name, or
/// `<betza>` for a string given on the command line).
pub fn eprint_syntax_errors(name: &str, text: &str, errors: &[SyntaxError]) {
    let findings: Vec<Diagnostic> = errors.iter().map(SyntaxError::diagnostic).collect();
    // One buffer: ariadne writes a long line in many small pieces.
    let mut out = BufWriter::new(std::io::stderr().lock());
    // stderr going away is no reason to stop.
    let _ = write_file_diagnostics(&mut out, name, text, &findings);
    let _ = out.flush();
}

/// A line longer than this many characters is shown as a window around its findings.
const LONG_LINE: usize = 160;

/// How many characters of a long line a report shows, starting a few before its first finding.
const WINDOW: usize = 100;

/// Characters of a long line shown before its first finding.
const WINDOW_LEAD: usize = 12;

/// Helps shown in one report.
const HELPS_SHOWN: usize = 3;

/// Labels drawn in one report; the rest of a run on the line are counted in a note.
const LABELS_SHOWN: usize = 10;

/// The ariadne reports of a file's findings: one per finding, or one per run of findings of one
/// code on one line (a string with many of one mistake), each finding a label of its own (the
/// first [`LABELS_SHOWN`]). A fix, if any, is the help. A long line is shown as a window
/// around the run's first finding.
pub fn write_file_diagnostics(
    out: &mut impl Write,
    name: &str,
    text: &str,
    diagnostics: &[Diagnostic],
) -> std::io::Result<()> {
    if diagnostics.is_empty() {
        // Nothing to draw: a large clean file is not indexed for nothing.
        return Ok(());
    }
    let text = lsp_lines(text);
    let text = text.as_ref();
    // The file's lines are indexed once for all its reports, up to the last the findings
    // reach: past the limit of findings they stand in a large file's first part, and an index
    // of every line was most of a report's memory (issue 56).
    let indexed = text.get(..indexed_end(text, diagnostics)).unwrap_or(text);
    let file = File {
        name,
        text,
        source: Source::from(indexed),
        lines: LineIndex::new(indexed),
    };
    let line_of = |d: &Diagnostic| {
        file.lines
            .line_column_one_based(usize::from(d.range.start()))
            .0
    };
    // Beyond the first reports of a file, more only bury them (the counts at the end and the
    // JSON have every finding).
    const SHOWN_PER_FILE: usize = 200;
    let mut rest = diagnostics;
    let mut reports = 0;
    while let Some(first) = rest.first() {
        // The finding that says what the analysis left out, always last, is always shown.
        if reports == SHOWN_PER_FILE && first.code != codes::TOO_MANY_FINDINGS {
            let listed = rest.len()
                - usize::from(
                    rest.last()
                        .is_some_and(|d| d.code == codes::TOO_MANY_FINDINGS),
                );
            writeln!(out, "{name}: … and {listed} more findings")?;
            rest = &rest[listed..];
            continue;
        }
        reports += 1;
        let line = line_of(first);
        let run = rest
            .iter()
            .take_while(|d| d.code == first.code && line_of(d) == line)
            .count();
        let (group, after) = rest.split_at(run);
        rest = after;
        write_run(out, &file, line, group)?;
    }
    Ok(())
}

/// Where the part of `text` that the reports of `diagnostics` read ends: two whole lines past
/// the last byte any of them reaches (a range may end where the next line starts), or the
/// text's end.
fn indexed_end(text: &str, diagnostics: &[Diagnostic]) -> usize {
    let reached = diagnostics.iter().map(|d| usize::from(d.range.end())).max();
    let mut end = reached.unwrap_or(0);
    for _ in 0..2 {
        match text.get(end..).and_then(|rest| rest.find('\n')) {
            Some(at) => end += at + 1,
            None => return text.len(),
        }
    }
    end
}

/// A file being reported on: its name, its text (with LSP's line breaks), and its lines as
/// far as its reports read them.
struct File<'f> {
    name: &'f str,
    text: &'f str,
    source: Source<&'f str>,
    lines: LineIndex<'f>,
}

/// The report of a run of findings of one code on `line` of `file`.
fn write_run(
    out: &mut impl Write,
    file: &File<'_>,
    line: usize,
    group: &[Diagnostic],
) -> std::io::Result<()> {
    let config = Config::default()
        .with_index_type(IndexType::Byte)
        .with_color(coloured());
    let (name, first) = (file.name, &group[0]);
    let window = Window::around(
        file.text,
        (line, file.lines.line_range_one_based(line)),
        usize::from(first.range.start()),
    );
    let span = |d: &Diagnostic| {
        let bytes = usize::from(d.range.start())..usize::from(d.range.end());
        match &window {
            Some(window) => window.span(bytes).map(|s| (name, s)),
            None => Some((name, bytes)),
        }
    };
    let (kind, color) = kind_of(first.severity);
    let title = match group {
        [one] => one.message.clone(),
        _ => format!("{} findings of `{}` on this line", group.len(), first.code),
    };
    let Some(first_span) = span(first) else {
        return Ok(());
    };
    let mut report = Report::build(kind, first_span.clone())
        .with_config(config)
        .with_code(first.code.name())
        .with_message(title);
    let mut shown = 0;
    for (d, span) in group.iter().filter_map(|d| span(d).map(|s| (d, s))) {
        if shown == LABELS_SHOWN {
            break;
        }
        shown += 1;
        let words = match group {
            [_] => d.code.name().replace('-', " "),
            _ => d.message.clone(),
        };
        report = report.with_label(Label::new(span).with_message(words).with_color(color));
    }
    if shown < group.len() {
        report = report.with_note(format!(
            "{} more on this line are not drawn here (the JSON report lists every one)",
            group.len() - shown
        ));
    }
    // The help names the fix and shows the string it leaves.
    // A run's fixes are alike: the first few are enough to show what they do.
    report.with_helps(
        group
            .iter()
            .filter_map(|d| d.help.as_ref())
            .take(HELPS_SHOWN),
    );
    let report = report.finish();
    let Some(window) = &window else {
        return report.write((name, &file.source), &mut *out);
    };
    let mut drawn = Vec::new();
    report.write((name, &Source::from(window.drawn.as_str())), &mut drawn)?;
    // The header gives the column in the window; the file's column is the true one.
    let shown_column = window.drawn[window.above..first_span.1.start]
        .chars()
        .count()
        + 1;
    let file_column = file
        .lines
        .line_column_one_based(usize::from(first.range.start()))
        .1;
    let drawn = String::from_utf8_lossy(&drawn).replacen(
        &format!("{name}:{line}:{shown_column} "),
        &format!("{name}:{line}:{file_column} "),
        1,
    );
    out.write_all(drawn.as_bytes())
}

/// `text` with the characters ariadne ends a line at and LSP does not (vertical tab, form feed,
/// U+0085, U+2028, U+2029) replaced by spaces of as many bytes, so that a report numbers lines
/// as the editor and the JSON do (at `\n`, `\r\n` and a lone `\r`).
fn lsp_lines(text: &str) -> std::borrow::Cow<'_, str> {
    const NOT_BREAKS: [char; 5] = ['\x0B', '\x0C', '\u{85}', '\u{2028}', '\u{2029}'];
    if !text.contains(NOT_BREAKS) {
        return text.into();
    }
    text.chars()
        .map(|c| match c {
            '\x0B' | '\x0C' => ' ',
            // A no-break space (two bytes) and an en space (three).
            '\u{85}' => '\u{A0}',
            '\u{2028}' | '\u{2029}' => '\u{2002}',
            c => c,
        })
        .collect::<String>()
        .into()
}

/// The part of a long line a report shows: where it is in the file and the text drawn, with
/// `…` where the line is cut.
struct Window {
    /// Its bytes in the file.
    start: usize,
    end: usize,
    /// The window's line, after as many empty lines as come before it in the file, so that
    /// the report numbers it as the file does.
    drawn: String,
    /// The empty lines' bytes.
    above: usize,
    /// Bytes drawn before the window's text: the empty lines and the `…`.
    lead: usize,
}

impl Window {
    /// A window of `line` (its bytes in `text`) starting a little before byte `first`, or `None`
    /// when the line is short enough to show whole.
    fn around(
        text: &str,
        (number, line): (usize, std::ops::Range<usize>),
        first: usize,
    ) -> Option<Window> {
        let whole = &text[line.clone()];
        if whole.chars().count() <= LONG_LINE {
            return None;
        }
        let at = first.clamp(line.start, line.end);
        let start = text[line.start..at]
            .char_indices()
            .rev()
            .nth(WINDOW_LEAD - 1)
            .map_or(line.start, |(i, _)| line.start + i);
        let end = text[start..line.end]
            .char_indices()
            .nth(WINDOW)
            .map_or(line.end, |(i, _)| start + i);
        let above = "\n".repeat(number.saturating_sub(1));
        let lead = if start > line.start { "…" } else { "" };
        let tail = if end < line.end { "…" } else { "" };
        Some(Window {
            start,
            end,
            drawn: format!("{above}{lead}{}{tail}", &text[start..end]),
            above: above.len(),
            lead: above.len() + lead.len(),
        })
    }

    /// `bytes` of the file as bytes of the drawn text, cut to the window; `None` outside it.
    fn span(&self, bytes: std::ops::Range<usize>) -> Option<std::ops::Range<usize>> {
        if bytes.start > self.end || bytes.end < self.start {
            return None;
        }
        let shift = |at: usize| at.clamp(self.start, self.end) - self.start + self.lead;
        Some(shift(bytes.start)..shift(bytes.end))
    }
}
