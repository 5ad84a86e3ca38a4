//! The catalogue: one constant per code, each a row read by the analysis, the command line, the
//! server and the generated syntax/DIAGNOSTICS.md.

use super::{Code, Example, Family, Rule, Severity};
use crate::Dialect;

/// Declares each code as a constant and lists them, in order, as `$list`.
macro_rules! catalogue {
    ($list:ident: [$($name:ident = $rule:expr),* $(,)?]) => {
        $(pub const $name: Code = Code(&$rule);)*
        pub const $list: &[Code] = &[$($name),*];
    };
}

mod file;
mod lint;
mod syntax;

pub use file::*;
pub use lint::*;
pub use syntax::*;

/// Every code by family, in the order of the generated documentation.
pub(super) const ALL: [&[Code]; 3] = [SYNTAX, FILE, RULES];

/// A row with no engine, no fix, whose letters are not marked as changing nothing.
const fn row(
    name: &'static str,
    family: Family,
    severity: Severity,
    (summary, explanation): (&'static str, &'static str),
    example: Example,
) -> Rule {
    Rule {
        name,
        family,
        severity,
        unnecessary: false,
        engine: None,
        summary,
        explanation,
        example,
        fix: None,
    }
}

const fn syntax(
    name: &'static str,
    severity: Severity,
    summary: &'static str,
    explanation: &'static str,
    (dialect, bad, good): (Dialect, &'static str, &'static str),
) -> Rule {
    let example = Example::Betza { dialect, bad, good };
    row(
        name,
        Family::Syntax,
        severity,
        (summary, explanation),
        example,
    )
}

const fn file(
    name: &'static str,
    family: Family,
    severity: Severity,
    words: (&'static str, &'static str),
    (file, bad, good): (&'static str, &'static str, &'static str),
) -> Rule {
    row(
        name,
        family,
        severity,
        words,
        Example::File { file, bad, good },
    )
}

/// A code whose example is too large to show.
const fn described(
    name: &'static str,
    family: Family,
    severity: Severity,
    words: (&'static str, &'static str),
    example: &'static str,
) -> Rule {
    row(name, family, severity, words, Example::Described(example))
}
