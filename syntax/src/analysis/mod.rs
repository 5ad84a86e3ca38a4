//! A whole file at once: its host format's regions, each parsed and linted, with every finding
//! mapped back to the file's bytes. The command line's `check` and the language server both
//! read files through this.

use crate::BetzaString;
use crate::board::BoardSize;
use crate::diagnostic::{self, Diagnostic};
use crate::host::{self, HostFormat, Region};
use crate::notation::scope::MacroScope;

mod bounded;
mod edit;
mod findings;
mod held;
mod options;
mod placed;
mod strings;

pub use crate::source::lines::{LineColumn, LineIndex, Lines, Unit};
use bounded::Bounded;
pub use bounded::LeftOut;
use findings::findings_of;
use held::Held;
pub use options::{DEFAULT_MAX_FINDINGS, Options, findings_limit};
use placed::{help, offer_region_findings};
pub use strings::Strings;

/// The board `region` is seen on, when it is not 8×8: the one the user asked for, else the one
/// its file gives it (a `variants.ini` section's as Fairy-Stockfish registers it, an
/// Interactive Diagram's, a PGN game's), as its host reads it.
fn region_board(
    host: &dyn host::Host,
    ini: Option<&host::ini::Model>,
    region: &Region,
    options: &Options,
) -> Option<BoardSize> {
    let file_board = || Some(host.board_of(region, ini)?.size);
    seen_board(options.board.or_else(file_board))
}

/// A board findings speak of: `None` for 8×8, which they speak of anyway, so that a string
/// seen on it shares its findings with one seen on no board in particular.
fn seen_board(board: Option<BoardSize>) -> Option<BoardSize> {
    board.filter(|size| *size != BoardSize::CHESS)
}

/// Everything found in one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    pub format: HostFormat,
    pub regions: Vec<Region>,
    /// Host keys, sections and comments, for colouring.
    pub host_tokens: host::HostTokens,
    pub diagnostics: Vec<Diagnostic>,
    /// The findings left out past [`Options::max_findings`], counted (the last of
    /// `diagnostics` says so).
    pub left_out: Vec<LeftOut>,
    /// A `variants.ini` as Fairy-Stockfish reads it, kept in step with every edit.
    pub ini: Option<Box<host::ini::Model>>,
    /// Past [`Options::max_findings`], every finding, for edits to keep the first ones with;
    /// `None` also where a whole analysis alone says which are first (the host left some of its
    /// own out, or MBN macros tie the strings together).
    held: Option<Box<Held>>,
}

impl Analysis {
    /// Whether findings were left out, past [`Options::max_findings`].
    pub fn is_cut_short(&self) -> bool {
        !self.left_out.is_empty()
    }
}

/// Offers the problems of the file itself to `found`, as findings at the user's levels.
/// How many host errors of each code a scan keeps: one past the findings a file keeps, which
/// is enough to place the summary of those left out (see `host::HostErrors`).
fn errors_per_code(options: &Options) -> Option<usize> {
    options.max_findings.map(|max| max.saturating_add(1))
}

fn offer_host_findings(found: &mut Bounded, errors: &host::HostErrors, options: &Options) {
    for (code, severity, count) in errors.left_out() {
        if let Some(severity) = diagnostic::level(&options.levels, code, severity) {
            found.count_omitted(code, severity, count);
        }
    }
    for error in errors {
        let Some(severity) = diagnostic::level(&options.levels, error.code, error.severity) else {
            continue;
        };
        found.offer((error.range, error.code, &error.message), severity, || {
            Diagnostic {
                severity,
                ..error.clone()
            }
        });
    }
}

/// The host's findings at the user's levels, all built: `None` when the host left some out,
/// whose places only a whole scan knows.
fn host_findings(errors: &host::HostErrors, options: &Options) -> Option<Vec<Diagnostic>> {
    if errors.left_out().next().is_some() {
        return None;
    }
    let leveled = errors.iter().filter_map(|error| {
        let severity = diagnostic::level(&options.levels, error.code, error.severity)?;
        Some(Diagnostic {
            severity,
            ..error.clone()
        })
    });
    Some(leveled.collect())
}

/// [`host_findings`] made of the errors themselves, in their own place: a large file's are
/// megabytes, and a whole analysis has no other use for them (issue 56).
fn into_host_findings(errors: host::HostErrors, options: &Options) -> Option<Vec<Diagnostic>> {
    if errors.left_out().next().is_some() {
        return None;
    }
    let leveled = errors.into_iter().filter_map(|mut error| {
        error.severity = diagnostic::level(&options.levels, error.code, error.severity)?;
        Some(error)
    });
    // Collected in the errors' own room, which those dropped at the user's levels leave.
    let mut host: Vec<Diagnostic> = leveled.collect();
    host.shrink_to_fit();
    Some(host)
}

/// Analyses `text`, in `format`.
pub fn analyse(format: HostFormat, text: &str, options: &Options) -> Analysis {
    analyse_cached(format, text, options, &mut Strings::default())
}

/// [`analyse`], reusing every string `strings` has read and its findings (the options must be
/// the same as when it was filled) and dropping those no longer in the file.
pub fn analyse_cached(
    format: HostFormat,
    text: &str,
    options: &Options,
    strings: &mut Strings,
) -> Analysis {
    let scan = host::scan_bounded(
        format,
        text,
        options.default_dialect,
        errors_per_code(options),
    );
    let mut found = Bounded::new(options.max_findings);
    offer_host_findings(&mut found, &scan.errors, options);
    let mut kept = Strings::default();
    let host = host::of(format);
    let mut in_strings = Vec::with_capacity(scan.regions.len());
    for region in &scan.regions {
        let board = region_board(host, scan.ini.as_deref(), region, options);
        let string = region.text(text);
        let local = kept.findings_moved(
            strings,
            (region.dialect, string.to_string()),
            board,
            options,
        );
        offer_region_findings(&mut found, region, &string, &local);
        in_strings.push(local);
    }
    *strings = kept;
    let read = &mut |text: &str, dialect| strings.read_in_budget(text, dialect);
    let mut tied = false;
    for scope in MacroScope::all(host.macros_per_string(), text, &scan.regions, read) {
        for finding in scope.findings(&scan.regions) {
            if let Some(finding) = options.leveled(finding) {
                tied = true;
                found.push(finding);
            }
        }
    }
    let (diagnostics, left_out) = found.finish();
    let held = (!left_out.is_empty() && !tied)
        .then(|| into_host_findings(scan.errors, options))
        .flatten()
        .map(|host| Box::new(Held::new(host, in_strings)));
    Analysis {
        format,
        regions: scan.regions,
        host_tokens: host::HostTokens::new(scan.host_tokens),
        diagnostics,
        left_out,
        ini: scan.ini,
        held,
    }
}

/// The findings of one Betza string on its own, outside any file, in its own bytes: what
/// `check` says of each string of a file (a page that checks one typed string reads this).
pub fn analyse_string(string: &BetzaString, options: &Options) -> Vec<Diagnostic> {
    let mut findings = findings_of(string, seen_board(options.board), options);
    for d in &mut findings {
        d.help = help(d, string.text());
    }
    findings
}

#[cfg(test)]
pub(crate) mod tests;
