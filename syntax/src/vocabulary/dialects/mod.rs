//! Each dialect's vocabulary as an editor reads it, one table per dialect: the letters completion
//! offers, the colour class of each letter and symbol, and the words a hover shows for it. XBetza,
//! Fairy-Stockfish's reading, MBN and chained Betza are equals here: each answers from its own
//! seed's tables, so a letter two dialects spell alike (`d`, `w`, `a`) is never explained with the
//! other dialect's meaning.

use crate::SyntaxKind;

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
