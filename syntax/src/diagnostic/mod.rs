//! Diagnostics: every finding the project makes, of every layer (syntax errors of each
//! dialect, problems of the host file, MBN macros, lints), is one [`Diagnostic`] whose code is a
//! constant of one catalogue ([`codes`]), so a misspelt code does not compile. Each code has its
//! severity, family, engine, whether its letters change nothing, a one-line summary, why it
//! matters, and an example that gets it next to the same text corrected (a test checks both).
//! The command line's `--allow`/`--deny`, the server's `rules` setting and
//! `syntax/DIAGNOSTICS.md` all read the catalogue, and [`level`] is the one place the user's
//! levels are applied.

pub mod codes;
mod fix;
mod rule;

#[cfg(test)]
mod tests;

use rowan::TextRange;

pub use fix::{Edit, Fix};
pub use rule::{Code, Engine, Example, Family, Promise, Rule, Severity};

/// One finding: what the analysis hands to the command line and the editor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Bytes of the text it was found in: a string's own, or the file's once placed there.
    pub range: TextRange,
    /// The code's severity, or the level the user set, or what the engine's behaviour makes it.
    pub severity: Severity,
    pub code: Code,
    pub message: String,
    /// Help about this finding itself: with a fix, the string as the fix leaves it. (The
    /// code's general explanation, with examples of its own, is in the catalogue.)
    pub help: Option<String>,
    /// An exact edit.
    pub fix: Option<Fix>,
}

impl Diagnostic {
    pub fn new(range: TextRange, code: Code, severity: Severity, message: String) -> Self {
        Diagnostic {
            range,
            severity,
            code,
            message,
            help: None,
            fix: None,
        }
    }

    /// The letters change nothing (editors grey them out).
    pub fn unnecessary(&self) -> bool {
        self.code.unnecessary
    }

    /// The same finding with a help text.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// The same finding with a fix, whose title is also its help when it has none.
    pub fn with_fix(mut self, title: impl Into<String>, edits: Vec<(TextRange, String)>) -> Self {
        let title = title.into();
        self.help.get_or_insert_with(|| title.clone());
        self.fix = Some(Fix {
            title,
            edits: (edits.into_iter())
                .map(|(range, text)| Edit { range, text })
                .collect(),
        });
        self
    }
}

/// The user's levels: per code name, a new severity, or `None` to turn it off; the last one
/// given for a code counts.
pub type Levels = [(String, Option<Severity>)];

/// The severity the user gave `code`, `default` when none; `None` when it is turned off.
pub fn level(levels: &Levels, code: Code, default: Severity) -> Option<Severity> {
    match levels.iter().rev().find(|(name, _)| name == code.name()) {
        Some((_, level)) => *level,
        None => Some(default),
    }
}

/// Every code, syntax first, then the host file, macros and lints.
pub fn all_codes() -> impl Iterator<Item = Code> {
    codes::ALL.iter().flat_map(|family| family.iter().copied())
}

/// The code named `name`.
pub fn lookup(name: &str) -> Option<Code> {
    all_codes().find(|c| c.name() == name)
}
