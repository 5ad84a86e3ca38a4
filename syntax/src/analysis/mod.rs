//! A whole file at once: its host format's regions, each parsed and linted, with every finding
//! mapped back to the file's bytes. The command line's `check` and the language server both
//! read files through this.

use std::collections::{HashMap, VecDeque};

use rowan::TextRange;

use crate::board::reference::centred;
use crate::board::{BoardSize, Position};
use crate::diagnostic::{self, Diagnostic, Edit, Fix, codes};
use crate::host::{self, HostFormat, Region};
use crate::lint::{self, Engine, LintConfig};
use crate::notation::mbn::scope::MacroScope;
use crate::{BetzaString, Dialect, Severity};

mod bounded;
mod edit;
mod strings;

pub use crate::source::lines::{LineColumn, LineIndex, Lines, Unit};
use bounded::Bounded;
pub use bounded::LeftOut;
pub use strings::Strings;

/// How to analyse: the dialect of `.betza` lines that declare none, the lint settings per
/// dialect (a dialect's default target engines unless `engines` is given), and how many
/// findings a file keeps.
#[derive(Debug, Clone)]
pub struct Options {
    pub default_dialect: Dialect,
    pub engines: Option<Vec<lint::Engine>>,
    pub levels: Vec<(String, Option<Severity>)>,
    /// The most findings a file keeps, the first in file order; one more says how many others
    /// there are and of which codes. `None`: every finding.
    pub max_findings: Option<usize>,
    /// The board the user asked pieces to be drawn on (an editor's `boardSize`, the
    /// playground's board): findings that name squares speak of it, before a section's own.
    pub board: Option<BoardSize>,
    /// The position the user sees the piece in (the playground's board with its pieces): findings
    /// that name squares speak of it first, and say it is the one shown. It outweighs `board`.
    pub position: Option<Position>,
}

/// The findings a file keeps unless the user says otherwise: far more than anyone reads, and
/// few enough that a file of a million broken lines costs megabytes, not gigabytes.
pub const DEFAULT_MAX_FINDINGS: usize = 3000;

impl Default for Options {
    fn default() -> Self {
        Options {
            default_dialect: Dialect::default(),
            engines: None,
            levels: Vec::new(),
            max_findings: Some(DEFAULT_MAX_FINDINGS),
            board: None,
            position: None,
        }
    }
}

/// The limit a number the user gives sets (`--max-findings`, `maxFindings`): 0 is none.
pub fn findings_limit(max: usize) -> Option<usize> {
    (max > 0).then_some(max)
}

impl Options {
    /// `finding` at the level the user gave its code, or `None` when it is turned off.
    /// (Lint rules read the same levels through their `LintConfig`, before proving their fixes.)
    fn leveled(&self, mut finding: Diagnostic) -> Option<Diagnostic> {
        finding.severity = diagnostic::level(&self.levels, finding.code, finding.severity)?;
        Some(finding)
    }

    fn lint_config(&self, dialect: Dialect, board: Option<BoardSize>) -> LintConfig {
        let mut config = LintConfig::for_dialect(dialect);
        if let Some(engines) = &self.engines {
            config.engines = engines.clone();
        }
        config.levels = self.levels.clone();
        config.seen = self.seen_on(board);
        config
    }

    /// The position findings speak of first: the user's own, else the empty `board`; `None`
    /// for the empty 8×8 board. Built once a string is analysed, not for every string looked
    /// up in the cache.
    fn seen_on(&self, board: Option<BoardSize>) -> Option<Position> {
        match &self.position {
            Some(position) => {
                (Some(position) != centred(BoardSize::CHESS).as_ref()).then(|| position.clone())
            }
            None => centred(board?),
        }
    }
}

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
}

impl Analysis {
    /// Whether findings were left out, past [`Options::max_findings`].
    pub fn is_cut_short(&self) -> bool {
        !self.left_out.is_empty()
    }
}

/// The help of a finding of `text` that has a fix: the fix's title and the string as it
/// leaves it. An empty side is said in words, as an empty code span reads as nothing (issue 42).
fn help_of(fix: &Fix, text: &str) -> String {
    let (before, after) = fix.preview(text);
    let title = &fix.title;
    if after.is_empty() {
        format!("{title}: the string becomes empty")
    } else if before.is_empty() {
        format!("{title}: the empty string becomes `{after}`")
    } else {
        format!("{title}: `{before}` becomes `{after}`")
    }
}

/// Offers each finding of a region (`text`, its string) to `found`, built in file coordinates,
/// with its help, only if it is kept.
fn offer_region_findings(found: &mut Bounded, region: &Region, text: &str, local: &[Diagnostic]) {
    for d in local {
        found.offer(
            (region.to_file(d.range), d.code, &d.message),
            d.severity,
            || in_file(region, text, d),
        );
    }
}

/// A finding of a region's string `text`, in file coordinates, with its help.
fn in_file(region: &Region, text: &str, d: &Diagnostic) -> Diagnostic {
    Diagnostic {
        range: region.to_file(d.range),
        help: d.fix.as_ref().map(|fix| help_of(fix, text)),
        fix: d.fix.as_ref().map(|fix| Fix {
            title: fix.title.clone(),
            edits: fix
                .edits
                .iter()
                .map(|edit| Edit {
                    range: region.to_file(edit.range),
                    text: edit.text.clone(),
                })
                .collect(),
        }),
        ..d.clone()
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
    }
    *strings = kept;
    let read = &mut |text: &str, dialect| strings.read_in_budget(text, dialect);
    for scope in MacroScope::all(host.macros_per_string(), text, &scan.regions, read) {
        for finding in scope.findings(&scan.regions) {
            if let Some(finding) = options.leveled(finding) {
                found.push(finding);
            }
        }
    }
    let (diagnostics, left_out) = found.finish();
    Analysis {
        format,
        regions: scan.regions,
        host_tokens: host::HostTokens::new(scan.host_tokens),
        diagnostics,
        left_out,
        ini: scan.ini,
    }
}

/// The findings of one Betza string on its own, outside any file, in its own bytes: what
/// `check` says of each string of a file (a page that checks one typed string reads this).
pub fn analyse_string(string: &BetzaString, options: &Options) -> Vec<Diagnostic> {
    let mut findings = findings_of(string, seen_board(options.board), options);
    for d in &mut findings {
        d.help = d.fix.as_ref().map(|fix| help_of(fix, string.text()));
    }
    findings
}

/// The findings of one string seen on `board`, in its own coordinates, without their help.
fn findings_of(
    string: &BetzaString,
    board: Option<BoardSize>,
    options: &Options,
) -> Vec<Diagnostic> {
    let (text, dialect) = (string.text(), string.dialect());
    let mut out: Vec<Diagnostic> = (string.parse().errors())
        .iter()
        .filter_map(|error| {
            options.leveled(Diagnostic {
                fix: error.fix(text),
                ..error.diagnostic()
            })
        })
        .collect();
    out.extend(string.lint(&options.lint_config(dialect, board)));
    said_once_for_a_comment(&mut out);
    one_finding_per_span(&mut out, dialect);
    // A fix handed to another finding on its span must not edit letters a fix offered on
    // another span edits too.
    lint::drop_conflicting_fixes(out.iter_mut().map(|d| &mut d.fix));
    out
}

/// Findings on exactly the same letters have one cause: only the most severe are kept (a
/// syntax error before the lints that follow from it: `z` in `fmWfcFz` is a modifier with no
/// atom, not also a move that adds nothing). What an engine does is a fact of its own, so a
/// finding that speaks for an engine is weighed only against others for the same engine (`hW`
/// selects no move, and XBoard reads it as a Wazir), unless the engine is the one whose reading
/// the dialect is (Fairy-Stockfish skipping `x` in a `fairy` string with a syntax error there).
/// A fix a dropped one offered goes to a kept one for the same engine on the span that has
/// none, whose promise it keeps.
fn one_finding_per_span(findings: &mut Vec<Diagnostic>, dialect: Dialect) {
    let own = crate::registry::notation(dialect).own_engine();
    let scope = |d: &Diagnostic| (d.range, d.code.engine.filter(|e| Some(*e) != own));
    // One pass to find each span's strongest: a string can have tens of thousands of findings.
    let mut strongest_on: HashMap<(TextRange, Option<Engine>), Severity> = HashMap::new();
    for d in findings.iter() {
        strongest_on
            .entry(scope(d))
            .and_modify(|s| *s = (*s).min(d.severity))
            .or_insert(d.severity);
    }
    let strongest: Vec<Severity> = findings
        .iter()
        .map(|d| strongest_on.get(&scope(d)).copied().unwrap_or(d.severity))
        .collect();
    let (kept, dropped): (Vec<_>, Vec<_>) = findings
        .drain(..)
        .zip(strongest)
        .partition(|(d, strongest)| d.severity == *strongest);
    let mut kept: Vec<Diagnostic> = kept.into_iter().map(|(d, _)| d).collect();
    // The kept findings without a fix, by span and engine, first first.
    let mut heirs: HashMap<(TextRange, Option<Engine>), VecDeque<usize>> = HashMap::new();
    for (index, k) in kept.iter().enumerate().filter(|(_, k)| k.fix.is_none()) {
        heirs.entry(scope(k)).or_default().push_back(index);
    }
    for (weaker, _) in dropped {
        let weaker_scope = scope(&weaker);
        let Some(fix) = weaker.fix else {
            continue;
        };
        if let Some(heir) = heirs.get_mut(&weaker_scope).and_then(VecDeque::pop_front) {
            kept[heir].fix = Some(fix);
        }
    }
    *findings = kept;
}

/// An inline comment in a `variants.ini` value is one cause: its finding says what the comment
/// does, and the findings on its letters and punctuation are not repeated.
fn said_once_for_a_comment(findings: &mut Vec<Diagnostic>) {
    let Some(comment) = findings
        .iter()
        .find(|d| d.code == codes::FAIRY_INLINE_COMMENT)
        .map(|d| d.range)
    else {
        return;
    };
    findings.retain(|d| d.range == comment || !comment.contains_range(d.range));
}

#[cfg(test)]
pub(crate) mod tests;
