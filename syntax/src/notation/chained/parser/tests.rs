//! The grammar of seed 001 on its own examples and on mistakes.

use super::ChainedProblem;
use crate::diagnostic::{Code, codes};
use crate::parser::tests::assert_registered;
use crate::{Dialect, parse};

fn codes(text: &str) -> Vec<Code> {
    parse(text, Dialect::Chained)
        .errors()
        .iter()
        .map(|e| e.code())
        .collect()
}

/// Every example string of seed 001 parses without a finding.
#[test]
fn every_seed_example_parses() {
    for text in [
        "fR",
        "fmWfcF",
        "(4,1)",
        "f(4,1)",
        "(fmW)(fcF)",
        "m(AB)",
        "WF",
        "F3",
        "W0",
        "F0",
        "FtR",
        "FR",
        "W-F",
        "W-rW-lW",
        "Q+K",
        "mRcR+R",
        "frmWxlW",
        "fmFfmFxF",
        "RxebR",
        "mQmKxbK-Q",
        "KxaK",
        "K-bK",
        "O",
        "W3",
        "W-3",
        "Wx3",
        "Nrf8",
        "(FtlF)r0",
    ] {
        assert_eq!(codes(text), Vec::<Code>::new(), "{text}");
    }
}

/// "the operator priorities are such that the binary operators t-+xdy couple more tightly
/// than the prefix modifiers mc": `frmWxlW` is one move of two legs; `fmWfcF` two moves.
#[test]
fn operators_bind_tighter_than_prefixes() {
    let moves = |text: &str| {
        parse(text, Dialect::Chained)
            .syntax()
            .children()
            .filter(|n| n.kind() == crate::SyntaxKind::MOVE)
            .count()
    };
    assert_eq!(moves("frmWxlW"), 1);
    assert_eq!(moves("fmWfcF"), 2);
    assert_eq!(moves("mRcR+R"), 2);
    assert_eq!(moves("mQmKxbK-Q"), 2);
}

#[test]
fn mistakes_get_their_own_codes() {
    assert_eq!(codes("-W"), [codes::OPERATOR_WITHOUT_LEG]);
    assert_eq!(codes("W-"), [codes::MISSING_LEG]);
    assert_eq!(codes("fm"), [codes::MISSING_LEG]);
    assert_eq!(codes("uW"), [codes::UNKNOWN_MODIFIER]);
    assert_eq!(codes("fE"), [codes::UNKNOWN_ATOM]);
    assert_eq!(codes("(W"), [codes::UNCLOSED_PAREN]);
    assert_eq!(codes("W)"), [codes::UNMATCHED_PAREN]);
    assert_eq!(codes("()"), [codes::EMPTY_GROUP]);
    assert_eq!(codes("3"), [codes::STRAY_NUMBER]);
}

#[test]
fn deep_nesting_is_reported_not_recursed() {
    let text = "(".repeat(100_000) + "W" + &")".repeat(100_000);
    assert_eq!(codes(&text), [codes::NESTING_TOO_DEEP]);
}

/// Every kind of problem of its own, one value each (the shared ones are checked with the
/// Betza grammar).
#[test]
fn every_problem_is_registered() {
    assert_registered(&[
        &ChainedProblem::OperatorFirst,
        &ChainedProblem::UnknownLetter,
        &ChainedProblem::UnknownAtom,
        &ChainedProblem::MissingLeg,
        &ChainedProblem::NestingTooDeep,
    ]);
}
