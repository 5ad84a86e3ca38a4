//! How a file is analysed: the dialect of lines that declare none, the lint settings, the
//! board findings speak of, and how many findings a file keeps.

use crate::board::reference::centred;
use crate::board::{BoardSize, Position};
use crate::diagnostic::{self, Diagnostic};
use crate::lint::{self, LintConfig};
use crate::{Dialect, Severity};

/// How to analyse: the dialect of `.betza` lines that declare none, the lint settings per
/// dialect (a dialect's default target engines unless `engines` is given), and how many
/// findings a file keeps.
#[derive(Debug, Clone, PartialEq)]
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
    pub(super) fn leveled(&self, mut finding: Diagnostic) -> Option<Diagnostic> {
        finding.severity = diagnostic::level(&self.levels, finding.code, finding.severity)?;
        Some(finding)
    }

    pub(super) fn lint_config(&self, dialect: Dialect, board: Option<BoardSize>) -> LintConfig {
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
