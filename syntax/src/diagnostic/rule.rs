//! What a diagnostic code is: its row of the catalogue (severity, family, engine, whether the
//! letters it marks change nothing, its words and its checked example) and the typed [`Code`]
//! every finding carries, so a code that is not in the catalogue does not compile.

use crate::Dialect;

/// How bad a finding is. Syntax errors are `Error`; a `Warning` marks text that parses but that
/// the dialect reads differently from how it looks (`R10` in Fairy-Stockfish); lints also use
/// `Info` and `Hint` (LSP's four levels).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Error,
    Warning,
    Info,
    Hint,
}

impl std::str::FromStr for Severity {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "error" => Ok(Severity::Error),
            "warning" => Ok(Severity::Warning),
            "info" => Ok(Severity::Info),
            "hint" => Ok(Severity::Hint),
            _ => Err(format!(
                "`{s}` is not a severity: error, warning, info or hint"
            )),
        }
    }
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
            Severity::Hint => "hint",
        }
    }
}

pub use crate::dialect::Engine;

/// What a rule's fix promises, and so what generating the fixed string must show before the
/// fix is offered (notes P1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Promise {
    /// The finding says the letters change nothing: without them the piece makes every move it
    /// made, in every proof position, or the claim is false and the finding is not made.
    Unchanged,
    /// The rewrite keeps every move in the string's own reading, or it is not offered.
    Keeps,
    /// The rule's engine reads the rewritten string as the string's own dialect reads the
    /// original, and the dialect's reading stays; else the finding says what cannot be kept.
    Ports,
    /// The fix changes the moves on purpose, as its title says (a comment taken out of the
    /// value, a rider range rewritten as the stepper the author meant).
    Intended,
}

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
    /// A whole file, named so that its name says its host format.
    File {
        file: &'static str,
        bad: &'static str,
        good: &'static str,
    },
    /// Too large to show: what it takes, in words.
    Described(&'static str),
}

/// One row of the catalogue: everything about a code that does not depend on where it is found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    /// Stable name, used in diagnostics and in `--allow`/`--deny`.
    pub name: &'static str,
    pub family: Family,
    /// The severity it has unless the user sets another (or, for a file's problem, the engine's
    /// behaviour the finding reports does).
    pub severity: Severity,
    /// The letters have no effect (editors grey them out).
    pub unnecessary: bool,
    /// Only reported when this engine is a target.
    pub engine: Option<Engine>,
    /// What it finds, in one line.
    pub summary: &'static str,
    /// Why it matters.
    pub explanation: &'static str,
    pub example: Example,
    /// What the rule's fix promises, when it offers one (an exact text edit, proven by
    /// generation before it is offered).
    pub fix: Option<Promise>,
}

impl Rule {
    /// The same rule, marking letters that change nothing.
    pub(super) const fn unnecessary(self) -> Rule {
        Rule {
            unnecessary: true,
            ..self
        }
    }

    /// The dialect its example is written in, when it is one string.
    pub fn dialect(&self) -> Option<Dialect> {
        match self.example {
            Example::Betza { dialect, .. } => Some(dialect),
            _ => None,
        }
    }
}

/// A diagnostic code: a row of the catalogue (`diagnostic::codes`). Codes compare, order and
/// hash by name, which is what the user sees.
#[derive(Clone, Copy)]
pub struct Code(pub(super) &'static Rule);

impl Code {
    pub fn name(self) -> &'static str {
        self.0.name
    }
}

impl std::ops::Deref for Code {
    type Target = Rule;

    fn deref(&self) -> &Rule {
        self.0
    }
}

impl PartialEq for Code {
    fn eq(&self, other: &Code) -> bool {
        self.0.name == other.0.name
    }
}

impl Eq for Code {}

impl PartialOrd for Code {
    fn partial_cmp(&self, other: &Code) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Code {
    fn cmp(&self, other: &Code) -> std::cmp::Ordering {
        self.0.name.cmp(other.0.name)
    }
}

impl std::hash::Hash for Code {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.name.hash(state);
    }
}

impl std::fmt::Debug for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.name)
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.name)
    }
}
