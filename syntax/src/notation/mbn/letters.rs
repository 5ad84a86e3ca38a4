//! Modified Betza Notation (seed 002): capitals are basic pieces, lower-case letters modifiers,
//! of which seven are directions; punctuation joins and groups.

use crate::SyntaxKind;
use crate::notation::mbn::vocabulary::{self as mbn, Direction};
use crate::vocabulary::dialects::{DialectTable, Letter, LetterKind, TokenClass};

pub struct Mbn;

impl DialectTable for Mbn {
    fn letters(&self, _continuation: bool) -> Vec<Letter> {
        let modifiers = ('a'..='z').filter_map(|letter| {
            let (name, summary) = mbn::modifier(letter)?;
            Some(Letter {
                letter,
                kind: LetterKind::Modifier,
                detail: format!("{name} (MBN modifier)"),
                documentation: format!("{summary}\n\nExample: `{letter}W`"),
            })
        });
        let pieces = ('A'..='Z').filter_map(|letter| {
            let piece = mbn::basic_piece(letter)?;
            Some(Letter {
                letter,
                kind: LetterKind::Atom,
                detail: format!("{} (MBN basic piece)", piece.name),
                documentation: format!("{}: `{}`", piece.name, piece.moves),
            })
        });
        modifiers.chain(pieces).collect()
    }

    fn class(&self, kind: SyntaxKind) -> Option<TokenClass> {
        Some(match kind.letter() {
            Some(letter) if letter.is_ascii_uppercase() => TokenClass::Atom,
            // The direction letters that do not follow the leg before (`t z` are coloured as the
            // other modifiers).
            Some(letter)
                if Direction::from_letter(letter).is_some_and(|d| !d.follows_leg_before()) =>
            {
                TokenClass::Direction
            }
            Some(_) => TokenClass::Mode,
            // Punctuation: MBN's operators and brackets.
            None => TokenClass::Operator,
        })
    }

    fn symbol_doc(&self, symbol: char) -> String {
        if symbol.is_ascii_alphabetic() {
            mbn::letter_doc(symbol)
        } else {
            String::new()
        }
    }

    fn count_doc(&self) -> &'static str {
        "**steps**: how often the move repeats (`0`: any number, `3`: up to three, `03`: exactly three, `0*`: as often as it can, `*`: to the edge); after a rider letter it repeats whole rider moves (`R4` is a rook)\n\n"
    }
}
