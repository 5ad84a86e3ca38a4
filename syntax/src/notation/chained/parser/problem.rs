//! What the chained Betza grammar (seed 001) finds wrong, with each problem's code and message.

use rowan::TextRange;

use crate::Dialect;
use crate::diagnostic::{Code, codes};
use crate::parser::limits::nesting_too_deep;
use crate::parser::{Problem, SyntaxProblem};

/// A problem of a chained Betza string: one of its own, or one it shares with the Betza grammar
/// (a stray number, an unclosed group), said the same way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum ChainedProblem {
    /// A chaining operator with no leg before it.
    OperatorFirst,
    /// A lower-case letter that is no modifier of seed 001.
    UnknownLetter,
    /// A capital that is no atom of seed 001.
    UnknownAtom,
    /// Modifiers or an operator with no leg after them.
    MissingLeg,
    /// Groups nested deeper than the parser descends.
    NestingTooDeep,
    Betza(Problem),
}

impl From<Problem> for ChainedProblem {
    fn from(problem: Problem) -> ChainedProblem {
        ChainedProblem::Betza(problem)
    }
}

impl SyntaxProblem for ChainedProblem {
    fn code(&self) -> Code {
        match self {
            ChainedProblem::OperatorFirst => codes::OPERATOR_WITHOUT_LEG,
            ChainedProblem::UnknownLetter => codes::UNKNOWN_MODIFIER,
            ChainedProblem::UnknownAtom => codes::UNKNOWN_ATOM,
            ChainedProblem::MissingLeg => codes::MISSING_LEG,
            ChainedProblem::NestingTooDeep => codes::NESTING_TOO_DEEP,
            ChainedProblem::Betza(problem) => problem.code(),
        }
    }

    fn message(&self, text: &str, dialect: Dialect) -> String {
        match self {
            ChainedProblem::OperatorFirst => format!(
                "`{text}` chains two legs, but no leg stands before it (as in `W-F` or `FtR`)"
            ),
            ChainedProblem::UnknownLetter => format!(
                "`{text}` is no modifier of chained Betza (its description has c m n j p g q z o f b l r s \
                 v a h i e k, and the operators t - + ? ! x d y between legs)"
            ),
            ChainedProblem::UnknownAtom => format!(
                "`{text}` is no atom of chained Betza (O W F D A H L J G N, and K B R Q C Z)"
            ),
            ChainedProblem::MissingLeg if text.is_empty() => {
                "a leg (an atom or a group) is missing here".into()
            }
            ChainedProblem::MissingLeg => {
                format!("`{text}` needs a leg (an atom or a group) after it")
            }
            ChainedProblem::NestingTooDeep => nesting_too_deep(),
            ChainedProblem::Betza(problem) => problem.message(text, dialect),
        }
    }

    fn help(&self, found: &str, at: (&str, TextRange), dialect: Dialect) -> Option<String> {
        Some(match self {
            ChainedProblem::OperatorFirst => {
                format!("write a leg before `{found}` (as `W{found}F`), or remove `{found}`")
            }
            ChainedProblem::UnknownLetter => format!(
                "remove `{found}`, or write the modifier or operator of chained Betza you \
                 meant in its place"
            ),
            ChainedProblem::UnknownAtom => format!(
                "write an atom of chained Betza in place of `{found}` (as `W`), or remove it"
            ),
            ChainedProblem::MissingLeg if found.is_empty() => {
                "write a leg here: an atom (as `W`) or a group in parentheses".into()
            }
            ChainedProblem::MissingLeg => {
                format!("write a leg after `{found}` (as `{found}W`), or remove `{found}`")
            }
            ChainedProblem::NestingTooDeep => {
                "write the groups less deeply nested, or split the piece into several moves".into()
            }
            ChainedProblem::Betza(problem) => return problem.help(found, at, dialect),
        })
    }
}
