//! Lints: notation that parses but means nothing, repeats itself, or means something else to
//! the engine that will read it. Each finding names its rule from the [`rules::RULES`] table,
//! points at the exact letters and, where one exists, carries an exact text edit that fixes it.

mod comparison;
pub(crate) mod proof;
pub mod rules;

#[cfg(test)]
mod tests;

use rowan::TextRange;

pub use comparison::Comparison;
pub(crate) use comparison::{Found, Move, difference, difference_words, first_difference};
pub(crate) use proof::{Original, Reading, drop_conflicting_fixes};
pub use rules::{Engine, Promise, RULES, Rule, rule_by_code};

use crate::board::Position;
use crate::tree::Parse;
use crate::{Dialect, Severity};

/// A text edit: replace `range` with `text`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Edit {
    pub range: TextRange,
    pub text: String,
}

/// Characters quoted either side of a fix's edits in its preview.
const PREVIEW_CONTEXT: usize = 16;

/// A fix: a title for the editor's menu and the edits to apply together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fix {
    pub title: String,
    pub edits: Vec<Edit>,
}

impl Fix {
    pub(crate) fn replace(
        title: impl Into<String>,
        range: TextRange,
        text: impl Into<String>,
    ) -> Fix {
        Fix {
            title: title.into(),
            edits: vec![Edit {
                range,
                text: text.into(),
            }],
        }
    }

    /// The fix a syntax error comes with: letters with no atom after them are removed (the
    /// string is often half typed, and the quick fix is the way back to the piece before).
    pub fn for_syntax_error(error: &crate::SyntaxError, text: &str) -> Option<Fix> {
        let letters = text.get(std::ops::Range::<usize>::from(error.range))?;
        matches!(error.problem, crate::parser::Problem::MissingAtom { .. }).then(|| {
            Fix::delete(
                format!("remove `{}`", crate::quote::shortened(letters)),
                &[error.range],
            )
        })
    }

    pub(crate) fn delete(title: impl Into<String>, ranges: &[TextRange]) -> Fix {
        Fix {
            title: title.into(),
            edits: ranges
                .iter()
                .map(|range| Edit {
                    range: *range,
                    text: String::new(),
                })
                .collect(),
        }
    }

    /// The part of `text` the fix changes, before and after: the whole string when it is
    /// short, else the edits with [`PREVIEW_CONTEXT`] characters either side and `…` where it
    /// is cut, so that a help line stays short on a string of thousands of letters.
    pub fn preview(&self, text: &str) -> (String, String) {
        let start = self
            .edits
            .iter()
            .map(|e| usize::from(e.range.start()))
            .min();
        let end = self.edits.iter().map(|e| usize::from(e.range.end())).max();
        let (Some(start), Some(end)) = (start, end) else {
            return (text.to_owned(), text.to_owned());
        };
        let from = text[..start]
            .char_indices()
            .rev()
            .nth(PREVIEW_CONTEXT - 1)
            .map_or(0, |(i, _)| i);
        let to = text[end..]
            .char_indices()
            .nth(PREVIEW_CONTEXT)
            .map_or(text.len(), |(i, _)| end + i);
        let shift = rowan::TextSize::try_from(from).unwrap_or_default();
        let shifted = Fix {
            title: String::new(),
            edits: self
                .edits
                .iter()
                .map(|e| Edit {
                    range: e.range - shift,
                    text: e.text.clone(),
                })
                .collect(),
        };
        let part = &text[from..to];
        let cut = |s: String| {
            let head = if from > 0 { "…" } else { "" };
            let tail = if to < text.len() { "…" } else { "" };
            format!("{head}{s}{tail}")
        };
        (cut(part.to_owned()), cut(shifted.apply(part)))
    }

    pub fn apply(&self, text: &str) -> String {
        let mut edits = self.edits.clone();
        edits.sort_by_key(|e| std::cmp::Reverse(e.range.start()));
        let mut out = text.to_owned();
        for edit in edits {
            out.replace_range(
                usize::from(edit.range.start())..usize::from(edit.range.end()),
                &edit.text,
            );
        }
        out
    }
}

/// One finding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub rule: &'static Rule,
    /// The rule's severity, or the level the configuration set.
    pub severity: Severity,
    pub range: TextRange,
    pub message: String,
    pub fix: Option<Fix>,
}

/// Which rules run, at what level, for which engines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LintConfig {
    pub engines: Vec<Engine>,
    /// Per rule code: a new level, or `None` to turn it off.
    pub levels: Vec<(String, Option<Severity>)>,
    /// The position the user sees the piece in (the playground's board and pieces, a
    /// `variants.ini` section's empty board), which findings that name squares speak of first;
    /// `None`: the empty 8×8 board.
    pub seen: Option<Position>,
}

impl LintConfig {
    /// DESIGN.md: XBoard for `xbetza`; Fairy-Stockfish alone for `fairy`, since a
    /// `variants.ini` is read by Fairy-Stockfish. XBoard is added on request (setting or
    /// `--engine`), for those whose XBoard-protocol GUI reads the string again.
    pub fn for_dialect(dialect: Dialect) -> LintConfig {
        let own = crate::notation::of(dialect).own_engine();
        LintConfig {
            engines: vec![own.unwrap_or(Engine::XBoard)],
            levels: Vec::new(),
            seen: None,
        }
    }

    fn level(&self, rule: &Rule) -> Option<Severity> {
        if let Some(engine) = rule.engine
            && !self.engines.contains(&engine)
        {
            return None;
        }
        match self.levels.iter().rev().find(|(code, _)| code == rule.code) {
            Some((_, level)) => *level,
            None => Some(rule.severity),
        }
    }
}

/// Collects findings for one rule.
pub(crate) struct Findings<'c> {
    config: &'c LintConfig,
    pub(crate) out: Vec<Diagnostic>,
}

impl Findings<'_> {
    /// The position the user sees the piece in, when it is not the empty 8×8 board.
    pub(crate) fn seen(&self) -> Option<Position> {
        self.config.seen.clone()
    }

    pub(crate) fn wants(&self, code: &str) -> bool {
        rule_by_code(code).is_some_and(|rule| self.config.level(rule).is_some())
    }

    pub(crate) fn push(&mut self, code: &str, range: TextRange, message: String, fix: Option<Fix>) {
        let Some(rule) = rule_by_code(code) else {
            return;
        };
        let Some(severity) = self.config.level(rule) else {
            return;
        };
        self.out.push(Diagnostic {
            rule,
            severity,
            range,
            message,
            fix,
        });
    }
}

/// Every finding for a parsed string, in source order.
pub fn lint(parse: &Parse, config: &LintConfig) -> Vec<Diagnostic> {
    let mut findings = Findings {
        config,
        out: Vec::new(),
    };
    crate::notation::of(parse.dialect()).lint(parse, &mut findings);
    let mut out = findings.out;
    out.sort_by_key(|d| (d.range.start(), d.range.end(), d.rule.code));
    proof::prove_fixes(
        &parse.syntax().text().to_string(),
        parse.dialect(),
        &mut out,
        config.seen.as_ref(),
    );
    out
}
