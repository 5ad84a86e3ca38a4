//! Human-readable reports of findings, drawn by ariadne under the offending text.

use std::io::{BufWriter, IsTerminal, Write};

use ariadne::{Color, Config, IndexType, Label, Report, ReportKind, Source};
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

/// One ariadne report per finding of a file, with its fix, if any, as help.
pub fn eprint_file_diagnostics(
    name: &str,
    text: &str,
    diagnostics: &[betza_syntax::document::FileDiagnostic],
) {
    let config = Config::default()
        .with_index_type(IndexType::Byte)
        .with_color(std::io::stderr().is_terminal());
    let mut out = BufWriter::new(std::io::stderr().lock());
    // The file's lines are indexed once for all its reports.
    let source = Source::from(text);
    for d in diagnostics {
        let (kind, color) = kind_of(d.severity);
        let span = (
            name,
            usize::from(d.range.start())..usize::from(d.range.end()),
        );
        let mut report = Report::build(kind, span.clone())
            .with_config(config)
            .with_code(&d.code)
            .with_message(&d.message)
            .with_label(
                Label::new(span)
                    .with_message(d.code.replace('-', " "))
                    .with_color(color),
            );
        // The help names the fix and shows the string it leaves.
        if let Some(help) = &d.help {
            report = report.with_help(help);
        }
        // stderr going away is no reason to stop.
        let _ = report.finish().write((name, &source), &mut out);
    }
    let _ = out.flush();
}
