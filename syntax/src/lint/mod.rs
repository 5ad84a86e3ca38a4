//! Lints: notation that parses but means nothing, repeats itself, or means something else to
//! the engine that will read it. Each finding names its rule from the catalogue (`diagnostic::codes`),
//! points at the exact letters and, where one exists, carries an exact text edit that fixes it.

mod comparison;
pub(crate) mod proof;

#[cfg(test)]
mod tests;

use rowan::TextRange;

pub use crate::diagnostic::{Diagnostic, Edit, Engine, Fix, Promise};
pub use comparison::Comparison;
pub(crate) use comparison::{
    Boards, Found, Largest, Move, difference, difference_words, first_difference,
};
pub(crate) use proof::{Original, Reader, drop_conflicting_fixes};

use crate::Severity;
use crate::board::{BoardSize, Position};
use crate::diagnostic::{self, Code};

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
    /// The largest board each engine plays, where it has a limit (Fairy-Stockfish's 12x10):
    /// a difference between two readings is shown on a board both play where one shows it.
    pub boards: Vec<(Engine, BoardSize)>,
}

impl LintConfig {
    fn level(&self, code: Code) -> Option<Severity> {
        if let Some(engine) = code.engine
            && !self.engines.contains(&engine)
        {
            return None;
        }
        diagnostic::level(&self.levels, code, code.severity)
    }
}

/// Collects findings for one rule.
pub(crate) struct Findings<'c> {
    config: &'c LintConfig,
    pub(crate) out: Vec<Diagnostic>,
}

impl<'c> Findings<'c> {
    /// None yet, for the rules and levels of `config`.
    pub(crate) fn new(config: &'c LintConfig) -> Self {
        Findings {
            config,
            out: Vec::new(),
        }
    }

    /// The position the user sees the piece in, when it is not the empty 8×8 board.
    pub(crate) fn seen(&self) -> Option<Position> {
        self.config.seen.clone()
    }

    /// The largest board `engine` plays, where it has a limit.
    pub(crate) fn largest(&self, engine: Engine) -> Option<Largest> {
        (self.config.boards.iter())
            .find(|(e, _)| *e == engine)
            .map(|(e, size)| Largest::of(*e, *size))
    }

    pub(crate) fn wants(&self, code: Code) -> bool {
        self.config.level(code).is_some()
    }

    /// A finding whose help, if any, is its fix's.
    pub(crate) fn push(&mut self, code: Code, range: TextRange, message: String, fix: Option<Fix>) {
        self.add(code, range, message, None, fix);
    }

    /// A finding that says what to write: `help`, which stands when no fix is kept (a fix
    /// proven by generation says what it writes instead), so it must hold without the fix.
    pub(crate) fn push_with_help(
        &mut self,
        code: Code,
        range: TextRange,
        message: String,
        help: String,
        fix: Option<Fix>,
    ) {
        self.add(code, range, message, Some(help), fix);
    }

    fn add(
        &mut self,
        code: Code,
        range: TextRange,
        message: String,
        help: Option<String>,
        fix: Option<Fix>,
    ) {
        let Some(severity) = self.config.level(code) else {
            return;
        };
        self.out.push(Diagnostic {
            help,
            fix,
            ..Diagnostic::new(range, code, severity, message)
        });
    }
}
