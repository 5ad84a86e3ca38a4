//! The findings of one Betza string: its syntax errors and lints at the levels the user gave,
//! one cause said once.

use std::collections::{HashMap, VecDeque};

use rowan::TextRange;

use super::Options;
use crate::board::BoardSize;
use crate::diagnostic::{Diagnostic, codes};
use crate::lint::{self, Engine};
use crate::{BetzaString, Dialect, Severity};

/// The findings of one string seen on `board`, in its own coordinates, with the help they were
/// made with (not yet their fixes').
pub(super) fn findings_of(
    string: &BetzaString,
    board: Option<BoardSize>,
    options: &Options,
) -> Vec<Diagnostic> {
    let dialect = string.dialect();
    let mut out: Vec<Diagnostic> = (string.syntax_findings().into_iter())
        .filter_map(|finding| options.leveled(finding))
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
    // An error in the string's own reading outweighs what another engine makes of the same
    // letters (`D1`, which Fairy-Stockfish builds nothing from: its fix answers XBoard too).
    let under_own_error = |d: &Diagnostic| {
        scope(d).1.is_some() && strongest_on.get(&(d.range, None)) == Some(&Severity::Error)
    };
    let strongest: Vec<Option<Severity>> = findings
        .iter()
        .map(|d| {
            (!under_own_error(d))
                .then(|| strongest_on.get(&scope(d)).copied().unwrap_or(d.severity))
        })
        .collect();
    let (kept, dropped): (Vec<_>, Vec<_>) = findings
        .drain(..)
        .zip(strongest)
        .partition(|(d, strongest)| Some(d.severity) == *strongest);
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
