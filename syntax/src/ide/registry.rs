//! Every diagnostic code the project emits, in one registry: syntax errors of each dialect,
//! problems of the host file, MBN macros, and the lint rules (whose own table is
//! `lint::RULES`). Each code has its severity, a one-line summary, why it matters, and an
//! example that gets it next to the same text corrected (a test checks both). The command line's
//! `--allow`/`--deny`, the server's `rules` setting and `syntax/DIAGNOSTICS.md` all read it.

use crate::host::HostFormat;
use crate::lint::{RULES, Rule};
use crate::{Dialect, Severity};

/// Where a finding comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// The string does not parse in its dialect.
    Syntax,
    /// The file around the strings (a `variants.ini` section, an XML attribute, a header).
    Host,
    /// MBN macros across a file.
    Macro,
    /// The string parses but says something other than it seems to, or not what an engine reads.
    Lint,
}

impl Family {
    pub fn name(self) -> &'static str {
        match self {
            Family::Syntax => "syntax",
            Family::Host => "host file",
            Family::Macro => "MBN macros",
            Family::Lint => "lint",
        }
    }
}

/// A text that gets a finding, and the same text corrected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Example {
    /// One Betza string read in a dialect.
    Betza {
        dialect: Dialect,
        bad: &'static str,
        good: &'static str,
    },
    /// A whole file of a host format.
    File {
        format: HostFormat,
        bad: &'static str,
        good: &'static str,
    },
    /// Too large to show: what it takes, in words.
    Described(&'static str),
}

/// One diagnostic code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Code {
    pub code: &'static str,
    pub family: Family,
    /// The severity it has unless the user sets another.
    pub severity: Severity,
    /// What it finds, in one line.
    pub summary: &'static str,
    /// Why it matters.
    pub explanation: &'static str,
    pub example: Example,
}

const fn syntax(
    code: &'static str,
    severity: Severity,
    summary: &'static str,
    explanation: &'static str,
    (dialect, bad, good): (Dialect, &'static str, &'static str),
) -> Code {
    Code {
        code,
        family: Family::Syntax,
        severity,
        summary,
        explanation,
        example: Example::Betza { dialect, bad, good },
    }
}

const fn file(
    code: &'static str,
    family: Family,
    severity: Severity,
    (summary, explanation): (&'static str, &'static str),
    (format, bad, good): (HostFormat, &'static str, &'static str),
) -> Code {
    Code {
        code,
        family,
        severity,
        summary,
        explanation,
        example: Example::File { format, bad, good },
    }
}

mod file_codes;
mod syntax_codes;

use file_codes::FILE;
use syntax_codes::SYNTAX;

/// The dialect a lint rule's example is written in: the one whose reading is the rule's
/// engine, or whose codes the rule's bears; else the default dialect.
pub(crate) fn lint_dialect(rule: &Rule) -> Dialect {
    let owns = |dialect: &Dialect| {
        let notation = crate::notation::of(*dialect);
        rule.engine.is_some() && notation.own_engine() == rule.engine
            || (notation.code_prefix()).is_some_and(|prefix| rule.code.starts_with(prefix))
    };
    Dialect::ALL.into_iter().find(owns).unwrap_or_default()
}

fn lint_code(rule: &'static Rule) -> Code {
    Code {
        code: rule.code,
        family: Family::Lint,
        severity: rule.severity,
        summary: rule.summary,
        explanation: rule.explanation,
        example: Example::Betza {
            dialect: lint_dialect(rule),
            bad: rule.example.0,
            good: rule.example.1,
        },
    }
}

/// Every code, syntax first, then the host file, macros and lints.
pub fn codes() -> impl Iterator<Item = Code> {
    SYNTAX
        .into_iter()
        .chain(FILE)
        .chain(RULES.iter().map(lint_code))
}

/// The code named `code`.
pub fn lookup(code: &str) -> Option<Code> {
    codes().find(|c| c.code == code)
}

#[cfg(test)]
mod tests;
