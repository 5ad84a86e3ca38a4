//! Every notation's letter table: each answers with its own seed's letters and words.

use crate::Dialect;
use crate::vocabulary::dialects::{DialectTable, Letter, LetterKind};

fn table(dialect: Dialect) -> &'static dyn DialectTable {
    crate::registry::notation(dialect).letters()
}

fn offered(dialect: Dialect, letter: char) -> Option<Letter> {
    table(dialect)
        .letters(false)
        .into_iter()
        .find(|l| l.letter == letter)
}

/// Seed 002: `w` swaps, `d` is any direction, `a` is "all"; seed 000: XBetza's `d` destroys
/// and `a` starts another leg; seed 001: chained Betza's `d` is the destroy operator and its
/// `a` means all directions.
#[test]
fn each_dialect_offers_its_own_letters_with_its_own_meanings() {
    let mbn_w = offered(Dialect::Mbn, 'w').expect("MBN offers w");
    assert!(mbn_w.detail.starts_with("swap"));
    assert!(offered(Dialect::Mbn, 'd').is_some_and(|d| d.detail.starts_with("any direction")));
    assert_eq!(
        offered(Dialect::Mbn, 'a').map(|a| a.kind),
        Some(LetterKind::Modifier)
    );
    assert!(offered(Dialect::Mbn, 'Y').is_some_and(|y| y.detail.starts_with("Boyscout")));
    assert!(offered(Dialect::XBetza, 'w').is_none());
    assert_eq!(
        offered(Dialect::XBetza, 'a').map(|a| a.kind),
        Some(LetterKind::Operator)
    );
    let chained_d = offered(Dialect::Chained, 'd').expect("chained offers d");
    assert_eq!(chained_d.kind, LetterKind::Operator);
    assert!(chained_d.detail.starts_with("destroy"));
    assert!(offered(Dialect::Chained, '-').is_some());
    assert!(offered(Dialect::Chained, 'a').is_some_and(|a| a.detail.starts_with("all")));
    assert!(offered(Dialect::Chained, 'I').is_some());
}

/// Fairy-Stockfish skips `a`, `j` and `U` (reference/fairy-stockfish.md): not offered.
#[test]
fn fairy_offers_only_what_the_engine_reads() {
    let fairy = table(Dialect::Fairy).letters(false);
    assert!(!fairy.iter().any(|l| matches!(l.letter, 'a' | 'j' | 'U')));
    assert!(fairy.iter().any(|l| l.letter == 'n'));
}

/// Every letter a dialect offers has hover words in that dialect, and they agree with the
/// completion's label.
#[test]
fn every_offered_letter_has_hover_words() {
    for dialect in [
        Dialect::XBetza,
        Dialect::Fairy,
        Dialect::Mbn,
        Dialect::Chained,
    ] {
        let table = table(dialect);
        for letter in table.letters(false) {
            let doc = table.symbol_doc(letter.letter);
            assert!(!doc.is_empty(), "{dialect:?} {}", letter.letter);
        }
    }
}
