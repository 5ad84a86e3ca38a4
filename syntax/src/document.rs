//! A whole file at once: its host format's regions, each parsed and linted, with every finding
//! mapped back to the file's bytes. The command line's `check` and the language server both
//! read files through this.

use rowan::TextRange;

use crate::host::{self, HostFormat, Region};
use crate::lint::{self, Edit, Fix, LintConfig};
use crate::{Dialect, Problem, Severity, parse};

/// A finding in a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileDiagnostic {
    /// Bytes of the file.
    pub range: TextRange,
    pub severity: Severity,
    pub code: String,
    pub message: String,
    /// The rule's longer explanation, for help texts.
    pub help: Option<&'static str>,
    /// The letters change nothing (editors grey them out).
    pub unnecessary: bool,
    /// An exact edit, in file bytes.
    pub fix: Option<Fix>,
}

/// How to analyse: the dialect of `.betza` lines that declare none, and the lint settings per
/// dialect (a dialect's default target engines unless `engines` is given).
#[derive(Debug, Clone, Default)]
pub struct Options {
    pub default_dialect: Dialect,
    pub engines: Option<Vec<lint::Engine>>,
    pub levels: Vec<(String, Option<Severity>)>,
}

impl Options {
    fn lint_config(&self, dialect: Dialect) -> LintConfig {
        let mut config = LintConfig::for_dialect(dialect);
        if let Some(engines) = &self.engines {
            config.engines = engines.clone();
        }
        config.levels = self.levels.clone();
        config
    }
}

/// Everything found in one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    pub format: HostFormat,
    pub regions: Vec<Region>,
    pub diagnostics: Vec<FileDiagnostic>,
}

/// Analyses `text`, in `format`.
pub fn analyse(format: HostFormat, text: &str, options: &Options) -> Analysis {
    let scan = host::scan(format, text, options.default_dialect);
    let mut diagnostics: Vec<FileDiagnostic> = scan
        .errors
        .iter()
        .map(|e| FileDiagnostic {
            range: e.range,
            severity: e.severity,
            code: e.code.to_owned(),
            message: e.message.clone(),
            help: None,
            unnecessary: false,
            fix: None,
        })
        .collect();
    for region in &scan.regions {
        analyse_region(text, region, options, &mut diagnostics);
    }
    diagnostics.sort_by_key(|d| (d.range.start(), d.range.end()));
    Analysis {
        format,
        regions: scan.regions,
        diagnostics,
    }
}

fn analyse_region(file: &str, region: &Region, options: &Options, out: &mut Vec<FileDiagnostic>) {
    let text = region.text(file);
    let parsed = parse(text, region.dialect);
    for error in parsed.errors() {
        // Dialects without a grammar yet are noted, not failed.
        let (severity, message) = if error.problem == Problem::UnsupportedDialect {
            (
                Severity::Info,
                format!("{} strings are not checked yet", region.dialect.title()),
            )
        } else {
            (error.severity(), error.message.clone())
        };
        out.push(FileDiagnostic {
            range: region.to_file(error.range),
            severity,
            code: error.code().to_owned(),
            message,
            help: None,
            unnecessary: false,
            fix: None,
        });
    }
    for finding in lint::lint(&parsed, &options.lint_config(region.dialect)) {
        let fix = finding.fix.map(|fix| Fix {
            title: fix.title,
            edits: fix
                .edits
                .into_iter()
                .map(|edit| Edit {
                    range: region.to_file(edit.range),
                    text: edit.text,
                })
                .collect(),
        });
        out.push(FileDiagnostic {
            range: region.to_file(finding.range),
            severity: finding.severity,
            code: finding.rule.code.to_owned(),
            message: finding.message,
            help: Some(finding.rule.explanation),
            unnecessary: finding.rule.unnecessary,
            fix,
        });
    }
}

/// 1-based line and column (in characters) of a byte offset; the column of a line end is one
/// past its last character.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1)
}
