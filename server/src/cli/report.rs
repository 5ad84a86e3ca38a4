//! Human-readable reports of findings, drawn by ariadne under the offending text.

use std::io::{BufWriter, IsTerminal, Write};

use ariadne::{Color, Config, IndexType, Label, Report, ReportKind, Source};
use betza_syntax::document::{FileDiagnostic, LineIndex};
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

/// Writes one ariadne report per error to stderr. `name` labels the source (a file name, or
/// `<betza>` for a string given on the command line).
pub fn eprint_syntax_errors(name: &str, text: &str, errors: &[SyntaxError]) {
    let config = Config::default()
        .with_index_type(IndexType::Byte)
        .with_color(std::io::stderr().is_terminal());
    // Beyond the first hundred, reports of one string only bury the start.
    const SHOWN: usize = 100;
    let source = Source::from(text);
    // One buffer: ariadne writes a long line in many small pieces.
    let mut out = BufWriter::new(std::io::stderr().lock());
    for error in errors.iter().take(SHOWN) {
        let (kind, color) = kind_of(error.severity());
        let span = (
            name,
            usize::from(error.range.start())..usize::from(error.range.end()),
        );
        let report = Report::build(kind, span.clone())
            .with_config(config)
            .with_code(error.code())
            .with_message(&error.message)
            .with_label(
                Label::new(span)
                    .with_message(error.code().replace('-', " "))
                    .with_color(color),
            )
            .finish();
        // stderr going away is no reason to stop.
        let _ = report.write((name, &source), &mut out);
    }
    if errors.len() > SHOWN {
        let _ = writeln!(out, "… and {} more", errors.len() - SHOWN);
    }
    let _ = out.flush();
}

/// The ariadne reports of a file's findings: one per finding, or one per run of findings of one
/// code on one line (a string with many of one mistake), each finding a label of its own. A fix,
/// if any, is the help.
pub fn write_file_diagnostics(
    out: &mut impl Write,
    name: &str,
    text: &str,
    diagnostics: &[betza_syntax::document::FileDiagnostic],
) -> std::io::Result<()> {
    let config = Config::default()
        .with_index_type(IndexType::Byte)
        .with_color(std::io::stderr().is_terminal());
    // The file's lines are indexed once for all its reports.
    let source = Source::from(text);
    let lines = LineIndex::new(text);
    let line_of = |d: &FileDiagnostic| lines.line_column(usize::from(d.range.start())).0;
    // Beyond the first reports of a file, more only bury them (the counts at the end and the
    // JSON have every finding).
    const SHOWN_PER_FILE: usize = 200;
    let mut rest = diagnostics;
    let mut reports = 0;
    while let Some(first) = rest.first() {
        if reports == SHOWN_PER_FILE {
            writeln!(out, "{name}: … and {} more findings", rest.len())?;
            break;
        }
        reports += 1;
        let run = rest
            .iter()
            .take_while(|d| d.code == first.code && line_of(d) == line_of(first))
            .count();
        let (group, after) = rest.split_at(run);
        rest = after;
        let (kind, color) = kind_of(first.severity);
        let span = |d: &FileDiagnostic| {
            (
                name,
                usize::from(d.range.start())..usize::from(d.range.end()),
            )
        };
        let title = match group {
            [one] => one.message.clone(),
            _ => format!("{} findings of `{}` on this line", group.len(), first.code),
        };
        let mut report = Report::build(kind, span(first))
            .with_config(config)
            .with_code(&first.code)
            .with_message(title);
        for d in group {
            let words = match group {
                [_] => d.code.replace('-', " "),
                _ => d.message.clone(),
            };
            report = report.with_label(Label::new(span(d)).with_message(words).with_color(color));
        }
        // The help names the fix and shows the string it leaves.
        report.with_helps(group.iter().filter_map(|d| d.help.as_ref()));
        report.finish().write((name, &source), &mut *out)?;
    }
    Ok(())
}
