//! Chained Extended Betza (seed 001): XBetza's letters, but for its operators between legs
//! (`t - + ? ! x d y`), `a` (all directions), `e` (equal length) and the atom `I`.

use crate::SyntaxKind;
use crate::notation::chained::vocabulary::{operator_meaning, symbol_doc};
use crate::notation::xbetza::letters as xbetza;
use crate::vocabulary::dialects::{DialectTable, Letter, LetterKind, TokenClass};

pub struct Chained;

/// The operators in seed 001's table, in its order.
const OPERATORS: &str = "t-+?!xdy";

/// Letters chained Betza reads its own way that are not operators.
const OWN_LETTERS: [(char, LetterKind, &str); 3] = [
    (
        'a',
        LetterKind::Modifier,
        "all: every direction, relative to the leg before",
    ),
    (
        'e',
        LetterKind::Modifier,
        "equal: as many steps as the leg before",
    ),
    ('I', LetterKind::Atom, "Threeleaper: leaps (0,3)"),
];

impl DialectTable for Chained {
    fn letters(&self, continuation: bool) -> Vec<Letter> {
        let own = |letter: char| {
            OPERATORS.contains(letter) || OWN_LETTERS.iter().any(|(own, ..)| *own == letter)
        };
        let mut out: Vec<Letter> = xbetza::XBetza
            .letters(continuation)
            .into_iter()
            .filter(|l| !own(l.letter))
            .collect();
        out.extend(OPERATORS.chars().filter_map(|operator| {
            let (name, words) = operator_meaning(operator)?;
            Some(Letter {
                letter: operator,
                kind: LetterKind::Operator,
                detail: format!("{name} (operator)"),
                documentation: format!(
                    "Joins two legs; on the square where they meet, {words}.\n\nExample: `W{operator}F`"
                ),
            })
        }));
        out.extend(OWN_LETTERS.iter().map(|&(letter, kind, words)| Letter {
            letter,
            kind,
            detail: words.split(':').next().unwrap_or(words).to_owned(),
            documentation: words.to_owned(),
        }));
        out
    }

    fn class(&self, kind: SyntaxKind) -> Option<TokenClass> {
        match kind.letter() {
            Some(letter) if operator_meaning(letter).is_some() => Some(TokenClass::Operator),
            Some('a') => Some(TokenClass::Direction),
            Some('e') => Some(TokenClass::Mode),
            Some(_) => xbetza::class(kind),
            // Punctuation: operators and brackets.
            None => Some(TokenClass::Operator),
        }
    }

    fn symbol_doc(&self, symbol: char) -> String {
        symbol_doc(symbol).unwrap_or_else(|| xbetza::letter_doc(symbol))
    }

    fn count_doc(&self) -> &'static str {
        "**range**: how many times the step may repeat (`0`: any number)\n\n"
    }
}
