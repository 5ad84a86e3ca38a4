//! The shared Betza grammar's problems against the catalogue of codes; each notation checks its
//! own problems the same way.

use super::{Problem, SyntaxProblem};
use crate::diagnostic::lookup;

/// Asserts that each problem's code is in the catalogue, at the problem's own severity.
pub(crate) fn assert_registered(problems: &[&dyn SyntaxProblem]) {
    for problem in problems {
        let code = problem.code();
        let registered = lookup(code.name).unwrap_or_else(|| panic!("{code} is not registered"));
        assert_eq!(registered.severity, code.severity, "{code}");
    }
}

/// Every kind of problem of the shared grammar, one value each.
#[test]
fn every_betza_grammar_problem_is_registered() {
    assert_registered(&[
        &Problem::UnknownModifier,
        &Problem::UnknownAtom,
        &Problem::UnknownCharacter,
        &Problem::StrayPunctuation,
        &Problem::MissingAtom {
            ends_with_again: false,
            at_end: false,
            before_space: false,
        },
        &Problem::StrayNumber,
        &Problem::StrayStar,
        &Problem::StrayExtension,
        &Problem::UnclosedParen,
        &Problem::UnmatchedParen,
        &Problem::EmptyGroup,
        &Problem::NestedParen,
        &Problem::DuplicateRange,
        &Problem::DuplicateExtension,
        &Problem::ExtensionOnNonLeaper,
        &Problem::RangeTooLong,
        &Problem::CastlingBadStep,
        &Problem::RangeWithoutEffect,
        &Problem::RangeOnDoubledAtom,
    ]);
}
