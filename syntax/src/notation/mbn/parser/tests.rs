//! Parser behaviour that the snapshots do not show at a glance.

use super::MbnProblem;
use crate::diagnostic::{Code, codes};
use crate::parser::tests::assert_registered;
use crate::{Dialect, parse};

fn codes(text: &str) -> Vec<Code> {
    parse(text, Dialect::Mbn)
        .errors()
        .iter()
        .map(|e| e.code())
        .collect()
}

#[test]
fn seed_examples_parse_cleanly() {
    for text in [
        "PS=mfW+cfF",
        "+P==QRBN",
        "B|Blue Whale|=vW+fF",
        "@:NR:=N0 I|Nightrider|=:NR: Z|Amazon-Rider|=Q+:NR:",
        "O-O=[*]isR[g]=isR[f]",
        "R<s>=[1-2](rW+(lR--[[a1]fR]))",
        ":CK:=K-{((fr)K)0*}",
        "F={jy{X}F}0-F",
        ":Ro:=(N)(rf)8",
        "K[1-5]+!cj{K}Q",
        "ac{^C}p{^C}R",
        "C=a{^C}p{^C}R+[d-f1-3]a{^C}p{^C}B[d-f1-3]+[d-f8-10]a{^C}p{^C}B[d-f8-10]",
        "H=(/Ta1/W)+(/Ta2/D)",
        "S<*>=mfW+<<+1>>mfW +S<<5>>=T",
        "$K==@k@K@w@S",
        "o[b,g]B",
        "B=pp?{QRNP}B",
        "L=ADN(aK--[K])",
        ":GC+:=mR+pRD+F",
        "C<1;1>=F0+<+-1;+-1>O",
        "[a2(+-2,+-2)]K",
        "@X|Explosion|=(!dcy{^P}OK)** Q=mQ+(cQ--X)",
    ] {
        assert_eq!(codes(text), Vec::<Code>::new(), "{text}");
    }
}

#[test]
fn mistakes_get_their_own_codes() {
    assert_eq!(codes("(W"), [codes::UNCLOSED_BRACKET]);
    assert_eq!(codes("W)"), [codes::UNMATCHED_BRACKET]);
    assert_eq!(codes("Q="), [codes::EMPTY_DEFINITION]);
    assert_eq!(codes("W-"), [codes::EXPECTED]);
    assert_eq!(codes("W++F"), [codes::EXPECTED]);
    assert_eq!(codes("@+Q=N"), [codes::MACRO_WITH_PREFIX]);
    assert_eq!(codes(":ABCD:=W"), [codes::COMPOUND_TOO_LONG]);
    assert_eq!(codes("mf"), [codes::MISSING_MOVE]);
    assert_eq!(codes("qW"), [codes::UNUSED_MODIFIER]);
    assert_eq!(codes("B|Blue"), [codes::UNCLOSED_BRACKET]);
}

/// Seed 002 allows no spaces outside comments, so whitespace ends a definition; a space after
/// `=` leaves an empty definition and a bare move.
#[test]
fn whitespace_separates_definitions() {
    let parse = parse("P|Pawn|= mfW", Dialect::Mbn);
    assert_eq!(
        parse.errors().iter().map(|e| e.code()).collect::<Vec<_>>(),
        [codes::EMPTY_DEFINITION]
    );
    assert_eq!(
        parse
            .syntax()
            .children()
            .filter(|n| n.kind() == crate::SyntaxKind::DEFINITION)
            .count(),
        2
    );
}

#[test]
fn deep_nesting_is_reported_not_recursed() {
    for text in [
        "(".repeat(100_000),
        format!("{}W{}", "(".repeat(100_000), ")".repeat(100_000)),
        format!("{}W{}", "[".repeat(100_000), "]".repeat(100_000)),
        "{".repeat(100_000),
    ] {
        let parse = parse(&text, Dialect::Mbn);
        assert_eq!(parse.syntax().text().to_string(), text);
        assert!(!parse.errors().is_empty());
    }
}

/// Every prefix of a text full of MBN punctuation parses, losslessly, without hanging: the
/// parser always moves on (`z:` once looped).
#[test]
fn every_prefix_of_punctuation_soup_parses() {
    let soup = "z:@+Q=(lf)[a1,{^!:AB:<2;<+-1>>/T/|c|}]--+O-O=#?'$%&.^*0*:1,:W";
    for end in (0..=soup.len()).filter(|&i| soup.is_char_boundary(i)) {
        let text = &soup[..end];
        let parse = parse(text, Dialect::Mbn);
        assert_eq!(parse.syntax().text().to_string(), text);
    }
    for start in (0..soup.len()).filter(|&i| soup.is_char_boundary(i)) {
        let text = &soup[start..];
        let parse = parse(text, Dialect::Mbn);
        assert_eq!(parse.syntax().text().to_string(), text);
    }
}

/// Comments go where they stand, between the moves of a term, however many there are: each
/// title of `K|c|K|c|…K` sits in the term between two `K`s, as in the short `K|c|K`, and all
/// of them are put in place in one pass.
#[test]
fn thousands_of_comments_go_where_they_stand() {
    use crate::SyntaxKind::{ATOM, COMMENT, TERM};
    let text = format!("{}K", "K|c|".repeat(3_000));
    let parse = parse(&text, Dialect::Mbn);
    assert_eq!(parse.syntax().text().to_string(), text);
    let term = parse
        .syntax()
        .descendants()
        .find(|n| n.kind() == TERM)
        .expect("a term");
    let kinds: Vec<_> = term.children().map(|n| n.kind()).collect();
    assert_eq!(kinds.len(), 6_001);
    assert!(
        kinds
            .iter()
            .enumerate()
            .all(|(i, kind)| *kind == if i % 2 == 0 { ATOM } else { COMMENT })
    );
}

/// Each term with no move is said, however many a definition holds: whether a finding already
/// lies in a term is known without reading every finding before it.
#[test]
fn every_term_without_a_move_is_said() {
    let many = codes(&"(caf)".repeat(2_000));
    assert_eq!(many.len(), 2_000);
    assert!(many.iter().all(|c| *c == codes::MISSING_MOVE), "{many:?}");
    // An unclosed bracket inside already said what is wrong there.
    assert_eq!(codes("caf(W"), [codes::UNCLOSED_BRACKET]);
}

/// Every kind of MBN problem, one value each.
#[test]
fn every_problem_is_registered() {
    assert_registered(&[
        &MbnProblem::Unclosed('{'),
        &MbnProblem::Unmatched('}'),
        &MbnProblem::NestingTooDeep,
        &MbnProblem::Expected("a number"),
        &MbnProblem::Unexpected("here"),
        &MbnProblem::EmptyDefinition,
        &MbnProblem::SecondEquals,
        &MbnProblem::MacroWithPrefix,
        &MbnProblem::CompoundTooLong,
        &MbnProblem::MissingMove,
        &MbnProblem::SecondSteps,
        &MbnProblem::UnusedModifier,
        &MbnProblem::LoneY,
    ]);
}
