//! Each dialect's vocabulary as an editor reads it, one table per dialect: the letters completion
//! offers, the colour class of each letter and symbol, and the words a hover shows for it. XBetza,
//! Fairy-Stockfish's reading, MBN and chained Betza are equals here: each answers from its own
//! seed's tables, so a letter two dialects spell alike (`d`, `w`, `a`) is never explained with the
//! other dialect's meaning.

use crate::{Dialect, SyntaxKind};

/// What a letter is, for completion and colouring.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LetterKind {
    Atom,
    Modifier,
    /// Joins legs: XBetza's `a`, chained Betza's operators.
    Operator,
}

/// One letter completion offers, with its words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Letter {
    pub letter: char,
    pub kind: LetterKind,
    /// A short label: "forward (modifier)".
    pub detail: String,
    /// Markdown: what it does and an example.
    pub documentation: String,
}

/// How a token is coloured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenClass {
    Atom,
    Direction,
    Mode,
    Operator,
    Number,
    Invalid,
    /// A host key (`customPiece1`, `VariantMen`).
    HostKey,
    /// A section header (`[name:parent]`).
    Section,
    Comment,
}

/// One dialect's vocabulary.
pub trait DialectTable: Sync {
    /// The letters the dialect reads, to offer; `continuation` is a leg after an XBetza `a`,
    /// where directions are relative and `h` has nothing to combine with.
    fn letters(&self, continuation: bool) -> Vec<Letter>;

    /// The class of a letter or punctuation token (counts, parentheses, errors and spaces are
    /// the same in every dialect and never asked), `None` for one left uncoloured.
    fn class(&self, kind: SyntaxKind) -> Option<TokenClass>;

    /// Hover words for a letter or symbol, empty when it has none.
    fn symbol_doc(&self, symbol: char) -> String;

    /// Hover words for a number (or `*`) after an atom.
    fn count_doc(&self) -> &'static str;
}

/// The table of `dialect`.
pub fn table(dialect: Dialect) -> &'static dyn DialectTable {
    match dialect {
        Dialect::XBetza => &crate::notation::xbetza::letters::XBetza,
        Dialect::Fairy => &crate::notation::xbetza::letters::Fairy,
        Dialect::Mbn => &crate::notation::mbn::letters::Mbn,
        Dialect::Chained => &crate::notation::chained::letters::Chained,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
