//! Bounds of the comparisons behind XBoard's findings on strings far heavier than anyone
//! writes: each answers, and says when it could not compare everything.

use crate::diagnostic::{Code, codes};
use rowan::TextRange;

use crate::lint::Comparison;
use crate::lint::LintConfig;
use crate::lint::proof::PROOF_LETTERS;
use crate::notation::xboard::xboard_difference;
use crate::{BetzaString, Dialect};

fn findings(text: &str) -> Vec<crate::lint::Diagnostic> {
    BetzaString::new(text, Dialect::XBetza).lint(&LintConfig::for_dialect(Dialect::XBetza))
}

/// Five slider legs found everything in reach on no board within their budgets, and were
/// generated in every one of the seventy positions (seconds): the comparison stops at the
/// first position where a search was cut short, and says so.
#[test]
fn a_comparison_cut_short_stops_and_says_so() {
    assert_eq!(
        xboard_difference(&BetzaString::new("mamamamamaB", Dialect::XBetza), None),
        Comparison::SameSoFar
    );
    // Cheaper legs are compared in full, where XBoard's null move shows.
    let Comparison::Differs(words) =
        xboard_difference(&BetzaString::new("mamamaB", Dialect::XBetza), None)
    else {
        panic!("mamamaB differs on the empty board");
    };
    assert!(words.contains("XBoard also goes to d4"), "{words}");
}

/// Thirty locust captures among a board of enemies end in millions of ways: XBoard's reading
/// keeps a bounded number of them, and the difference it shows is still found.
#[test]
fn a_chain_of_locust_captures_is_compared_within_bounds() {
    let text = "ca".repeat(30) + "K";
    assert!(matches!(
        xboard_difference(&BetzaString::new(&text, Dialect::XBetza), None),
        Comparison::Differs(_)
    ));
}

/// Each fix is proven by generating the whole string: a string of thousands of legs out of
/// XBoard's order would prove thousands of fixes on itself. The proofs look over a bounded
/// number of letters; every leg is still said.
#[test]
fn fixes_are_checked_within_a_bound_on_letters() {
    let text = "mfW".repeat(2000);
    let found = findings(&text);
    let order: Vec<_> = found
        .iter()
        .filter(|d| d.code == codes::XBOARD_MODIFIER_ORDER)
        .collect();
    assert_eq!(order.len(), 2000);
    // Each proof costs the string's length; the fixes proven alone cannot port the piece
    // while the other legs stay out of order, so none is offered.
    let fixed = order.iter().filter(|d| d.fix.is_some()).count();
    assert!(fixed <= PROOF_LETTERS / text.len(), "{fixed}");
}

/// XBoard stops at the first atom it does not know: that one is said, and nothing it never
/// reads after it (the 19,999 other `U`s, the `mfW` whose order it would have dropped).
#[test]
fn only_the_first_unknown_atom_is_said() {
    let found = findings(&format!("{}mfW", "U".repeat(20_000)));
    let codes: Vec<Code> = found.iter().map(|d| d.code).collect();
    assert_eq!(codes, [codes::XBOARD_STOPS_READING]);
    assert_eq!(found[0].range, TextRange::new(0.into(), 1.into()));
}

/// XBoard's `i` on a leg after a leaper leg asks whether the piece is unmoved (X10):
/// `bcaiblafrW` with an enemy behind it reaches f4 from d4 unmoved and nothing after the piece
/// has moved (corpus/golden/xboard-longtail.jsonl, lt-iso-1 and lt-iso-2), where the XBetza
/// description reaches f4 either way. No proof position that is moved has the room it needs,
/// so the unmoved positions where a first move is made are compared again after a move.
#[test]
fn a_first_move_test_on_a_later_leg_is_compared_after_the_piece_has_moved() {
    let Comparison::Differs(words) =
        xboard_difference(&BetzaString::new("bcaiblafrW", Dialect::XBetza), None)
    else {
        panic!("bcaiblafrW differs once the piece has moved");
    };
    assert!(words.contains("after the piece has moved"), "{words}");
    assert!(
        words.contains("only the XBetza description goes to"),
        "{words}"
    );
}

/// A move that differs is compared with the same move of the other reading, not with the whole
/// piece: in `afgamQ5irdRmQ4` XBoard's `afgamQ5` does not reach j8 where the XBetza
/// description's does (lt-move-2 in corpus/golden/xboard-longtail.jsonl), while `mQ4` reaches
/// j8 in both (lt-move-1), which once hid the difference.
#[test]
fn a_difference_in_one_move_is_not_masked_by_another_move() {
    let text = "afgamQ5irdRmQ4";
    let found = findings(text);
    let xboard: Vec<_> = found
        .iter()
        .filter(|d| d.code == codes::XBOARD_READS_DIFFERENTLY)
        .collect();
    assert!(!xboard.is_empty(), "{found:?}");
    let first_move = TextRange::new(0.into(), 7.into());
    assert!(
        xboard
            .iter()
            .any(|d| first_move.contains_range(d.range) && d.message.contains("j8")),
        "{xboard:?}"
    );
}
