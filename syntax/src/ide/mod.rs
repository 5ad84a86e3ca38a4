//! What an editor shows, as plain data and without a protocol: the letters completion offers
//! and the class of each token, read from the dialect's own vocabulary. The language server only
//! turns these into its protocol's types.

pub mod hover;

use crate::vocabulary::{
    ATOMS, FairySupport, LetterRole, MODIFIERS, ModifierClass, chained, letter_role, mbn,
};
use crate::{Dialect, SyntaxKind};

/// What a letter is, for completion and colouring.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LetterKind {
    Atom,
    Modifier,
    /// Joins legs (`a` in XBetza).
    Again,
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

/// The letters `dialect` reads, as its own tables define them; `continuation` is a leg after
/// an `a`, where XBetza's directions are relative and `h` has nothing to combine with.
pub fn letters(dialect: Dialect, continuation: bool) -> Vec<Letter> {
    match dialect {
        Dialect::Mbn => mbn_letters(),
        Dialect::XBetza | Dialect::Fairy | Dialect::Chained => {
            xbetza_letters(dialect == Dialect::Fairy, continuation)
        }
    }
}

fn xbetza_letters(fairy: bool, continuation: bool) -> Vec<Letter> {
    let mut out: Vec<Letter> = MODIFIERS
        .iter()
        .filter(|e| {
            (!fairy || e.fairy == FairySupport::Understood) && !(continuation && e.letter == 'h')
        })
        .map(|e| Letter {
            letter: e.letter,
            kind: LetterKind::Modifier,
            detail: format!("{} (modifier)", e.name),
            documentation: format!("{}\n\nExample: `{}N`", e.summary, e.letter),
        })
        .collect();
    if !fairy {
        out.push(Letter {
            letter: 'a',
            kind: LetterKind::Again,
            detail: "again: start the next leg".into(),
            documentation: "Ends this leg's modifiers; the letters after it describe the next leg, relative to this one.\n\nExample: `mafsW` (the Xiangqi Horse)".into(),
        });
    }
    out.extend(
        ATOMS
            .iter()
            .filter(|e| !fairy || e.fairy == FairySupport::Understood)
            .map(|e| Letter {
                letter: e.letter,
                kind: LetterKind::Atom,
                detail: format!("{} (atom)", e.name),
                documentation: format!("{}\n\nExample: `f{}`", e.summary, e.letter),
            }),
    );
    out
}

/// MBN's direction letters (seed 002): the rest of its lower-case letters are other modifiers.
const MBN_DIRECTIONS: &str = "bdflrsv";

fn mbn_letters() -> Vec<Letter> {
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

/// A `customPieceN = x:` line to offer in a `variants.ini` section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CustomPiece {
    /// `customPieceN`.
    pub key: String,
    /// `customPieceN = x:`, ready for the piece's Betza string.
    pub insert: String,
    pub detail: String,
    pub documentation: String,
}

/// Fairy-Stockfish's custom piece with the first number (1 to 25) and letter `section` does not
/// use yet, or `None` when all 25 are taken.
pub fn next_custom_piece(section: &str) -> Option<CustomPiece> {
    let mut numbers = Vec::new();
    let mut letters = Vec::new();
    for line in section.lines() {
        let Some((key, value)) = line.trim().split_once('=') else {
            continue;
        };
        if let Some(n) = key
            .trim()
            .strip_prefix("customPiece")
            .and_then(|n| n.parse::<u32>().ok())
        {
            numbers.push(n);
        }
        if let Some(letter) = value.trim().chars().next() {
            letters.push(letter.to_ascii_lowercase());
        }
    }
    let number = (1..=25).find(|n| !numbers.contains(n))?;
    let letter = ('a'..='z').find(|l| !letters.contains(l)).unwrap_or('x');
    Some(CustomPiece {
        key: format!("customPiece{number}"),
        insert: format!("customPiece{number} = {letter}:"),
        detail: format!("a custom piece with the free letter `{letter}`"),
        documentation:
            "Fairy-Stockfish's custom piece: a letter, `:`, and the piece's Betza string.".into(),
    })
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
}

/// The class of a token of `dialect`, or `None` for tokens left uncoloured (spaces).
pub fn token_class(dialect: Dialect, kind: SyntaxKind, in_error: bool) -> Option<TokenClass> {
    if in_error || kind == SyntaxKind::UNKNOWN {
        return Some(TokenClass::Invalid);
    }
    match kind {
        SyntaxKind::DIGITS | SyntaxKind::STAR => return Some(TokenClass::Number),
        SyntaxKind::L_PAREN | SyntaxKind::R_PAREN => return Some(TokenClass::Operator),
        _ => {}
    }
    let Some(letter) = kind.letter() else {
        // Punctuation: MBN's and chained Betza's operators and brackets.
        return matches!(dialect, Dialect::Mbn | Dialect::Chained)
            .then_some(TokenClass::Operator)
            .filter(|_| kind != SyntaxKind::WHITESPACE);
    };
    match dialect {
        Dialect::Mbn if letter.is_ascii_uppercase() => Some(TokenClass::Atom),
        Dialect::Mbn if MBN_DIRECTIONS.contains(letter) => Some(TokenClass::Direction),
        Dialect::Mbn => Some(TokenClass::Mode),
        Dialect::Chained if chained::operator_meaning(letter).is_some() => {
            Some(TokenClass::Operator)
        }
        _ => Some(match letter_role(letter) {
            LetterRole::Again => TokenClass::Operator,
            LetterRole::Atom(_) | LetterRole::Extension(_) => TokenClass::Atom,
            LetterRole::Modifier(m) if m.entry().class == ModifierClass::Direction => {
                TokenClass::Direction
            }
            LetterRole::Modifier(_) => TokenClass::Mode,
            LetterRole::Unknown => TokenClass::Invalid,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mbn_offers_its_own_letters_with_its_own_meanings() {
        // Seed 002: `w` swaps, `d` is any direction, `a` is "all"; XBetza's `d` destroys.
        let mbn = letters(Dialect::Mbn, false);
        let find = |c| mbn.iter().find(|l| l.letter == c).expect("offered");
        assert!(find('w').detail.starts_with("swap"));
        assert!(find('d').detail.starts_with("any direction"));
        assert_eq!(find('a').kind, LetterKind::Modifier);
        assert!(find('Y').detail.starts_with("Boyscout"));
        let xbetza = letters(Dialect::XBetza, false);
        assert!(!xbetza.iter().any(|l| l.letter == 'w'));
        assert!(
            xbetza
                .iter()
                .any(|l| l.letter == 'a' && l.kind == LetterKind::Again)
        );
    }

    #[test]
    fn the_next_custom_piece_takes_the_first_free_number_and_letter() {
        let section = "[v:chess]\ncustomPiece1 = a:N\ncustomPiece3 = b:mW\nking = k:K\n";
        let next = next_custom_piece(section).expect("a free number");
        assert_eq!(next.insert, "customPiece2 = c:");
        let full: String = (1..=25)
            .map(|n| format!("customPiece{n} = a:W\n"))
            .collect();
        assert_eq!(next_custom_piece(&full), None);
    }

    #[test]
    fn fairy_offers_only_what_the_engine_reads() {
        let fairy = letters(Dialect::Fairy, false);
        assert!(!fairy.iter().any(|l| matches!(l.letter, 'a' | 'j' | 'U')));
        assert!(fairy.iter().any(|l| l.letter == 'n'));
    }

    #[test]
    fn mbn_colours_w_as_a_mode_and_f_as_a_direction() {
        let class = |text: &str, dialect| {
            crate::parse(text, dialect)
                .syntax()
                .descendants_with_tokens()
                .filter_map(|e| e.into_token())
                .map(|t| token_class(dialect, t.kind(), false))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            class("wfK", Dialect::Mbn),
            [
                Some(TokenClass::Mode),
                Some(TokenClass::Direction),
                Some(TokenClass::Atom)
            ]
        );
        assert_eq!(class("wK", Dialect::XBetza)[0], Some(TokenClass::Invalid));
    }
}
