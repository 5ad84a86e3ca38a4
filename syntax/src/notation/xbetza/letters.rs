//! XBetza (seed 000) and Fairy-Stockfish's reading of it: the same letters, of which the engine
//! reads a subset (reference/fairy-stockfish.md), with one-digit ranges.

use crate::SyntaxKind;
use crate::vocabulary::dialects::{DialectTable, Letter, LetterKind, TokenClass};
use crate::vocabulary::{
    ATOMS, Atom, Extension, FairySupport, LetterRole, MODIFIERS, ModifierClass, letter_role,
};

pub struct XBetza;

pub struct Fairy;

/// XBetza's letters; only those the engine reads when `fairy`.
fn letters(fairy: bool, continuation: bool) -> Vec<Letter> {
    let read = |support: FairySupport| !fairy || support == FairySupport::Understood;
    let mut out: Vec<Letter> = MODIFIERS
        .iter()
        .filter(|e| read(e.fairy) && !(continuation && e.letter == 'h'))
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
            kind: LetterKind::Operator,
            detail: "again: start the next leg".into(),
            documentation: "Ends this leg's modifiers; the letters after it describe the next leg, relative to this one.\n\nExample: `mafsW` (the Xiangqi Horse)".into(),
        });
    }
    out.extend(ATOMS.iter().filter(|e| read(e.fairy)).map(|e| Letter {
        letter: e.letter,
        kind: LetterKind::Atom,
        detail: format!("{} (atom)", e.name),
        documentation: format!("{}\n\nExample: `f{}`", e.summary, e.letter),
    }));
    out
}

/// The class of an XBetza letter; other symbols mean nothing in XBetza (the parser marks them)
/// and are left uncoloured.
pub(crate) fn class(kind: SyntaxKind) -> Option<TokenClass> {
    let letter = kind.letter()?;
    Some(match letter_role(letter) {
        LetterRole::Again => TokenClass::Operator,
        LetterRole::Atom(_) | LetterRole::Extension(_) => TokenClass::Atom,
        LetterRole::Modifier(m) if m.entry().class == ModifierClass::Direction => {
            TokenClass::Direction
        }
        LetterRole::Modifier(_) => TokenClass::Mode,
        LetterRole::Unknown => TokenClass::Invalid,
    })
}

/// The hover words of an XBetza letter.
pub(crate) fn letter_doc(letter: char) -> String {
    match letter_role(letter) {
        LetterRole::Modifier(m) => {
            let e = m.entry();
            format!("**`{letter}`** ({}): {}\n\n", e.name, e.summary)
        }
        LetterRole::Again => {
            "**`a`** (again): ends one leg's modifiers; the next leg starts here\n\n".into()
        }
        LetterRole::Atom(atom) => atom_doc(atom),
        LetterRole::Extension(extension) => extension_doc(extension),
        LetterRole::Unknown if letter.is_ascii_alphabetic() => {
            format!("**`{letter}`** has no meaning in Betza\n\n")
        }
        LetterRole::Unknown => String::new(),
    }
}

fn atom_doc(atom: Atom) -> String {
    let e = atom.entry();
    format!("**`{}`** ({}): {}\n\n", e.letter, e.name, e.summary)
}

fn extension_doc(extension: Extension) -> String {
    format!(
        "**`{}`** (extension): {}\n\n",
        extension.letter(),
        extension.summary()
    )
}

const RANGE_DOC: &str = "**range**: how many times the step may repeat (`0` or a doubled atom: any number; `*`: up to the enemy half)\n\n";

impl DialectTable for XBetza {
    fn letters(&self, continuation: bool) -> Vec<Letter> {
        letters(false, continuation)
    }

    fn class(&self, kind: SyntaxKind) -> Option<TokenClass> {
        class(kind)
    }

    fn symbol_doc(&self, symbol: char) -> String {
        letter_doc(symbol)
    }

    fn count_doc(&self) -> &'static str {
        RANGE_DOC
    }
}

/// Whether Fairy-Stockfish reads `letter` (letters outside XBetza's tables it skips too).
fn engine_reads(letter: char) -> bool {
    match letter_role(letter) {
        LetterRole::Modifier(m) => m.entry().fairy == FairySupport::Understood,
        LetterRole::Atom(atom) => atom.entry().fairy == FairySupport::Understood,
        LetterRole::Again | LetterRole::Extension(_) | LetterRole::Unknown => false,
    }
}

impl DialectTable for Fairy {
    fn letters(&self, continuation: bool) -> Vec<Letter> {
        letters(true, continuation)
    }

    fn class(&self, kind: SyntaxKind) -> Option<TokenClass> {
        class(kind)
    }

    fn symbol_doc(&self, symbol: char) -> String {
        let mut doc = letter_doc(symbol);
        if !doc.is_empty() && !engine_reads(symbol) {
            doc.push_str("Fairy-Stockfish skips this letter.\n\n");
        }
        doc
    }

    fn count_doc(&self) -> &'static str {
        "**range**: how many times the step may repeat; Fairy-Stockfish reads one digit (`0` or a doubled atom: any number)\n\n"
    }
}
