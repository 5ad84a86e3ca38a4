//! The notation's vocabulary as data: every atom, extension suffix and modifier letter of XBetza
//! (seed 000) with its name, its documentation and how Fairy-Stockfish treats it. The parser,
//! and later completion, hover, lints and explanations, read these tables rather than keeping
//! letter knowledge of their own.

mod atoms;
pub mod dialects;
mod modifiers;
pub mod phrases;

pub use atoms::{ATOMS, Atom, AtomEntry, AtomShape, Extension};
pub use modifiers::{MODIFIERS, Modifier, ModifierClass, ModifierEntry};

/// How Fairy-Stockfish treats a letter that XBetza defines (../shared/reference/fairy-stockfish.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FairySupport {
    /// The engine reads the letter (possibly with its own quirks).
    Understood,
    /// The engine silently skips the letter and builds a different piece.
    Skipped,
}

/// What a letter is in XBetza and Fairy Betza, wherever it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LetterRole {
    Modifier(Modifier),
    /// `a`, which ends one leg's modifiers and starts the next leg's (seed 000, "The XBetza extension").
    Again,
    Atom(Atom),
    Extension(Extension),
    /// A letter with no meaning: `w` ("only the letter w is still unused") and the capitals
    /// E, M, P, V.
    Unknown,
}

/// The role of `letter`; anything that is not an ASCII letter is `Unknown`.
pub fn letter_role(letter: char) -> LetterRole {
    usize::try_from(u32::from(letter))
        .ok()
        .and_then(|index| ROLES.get(index))
        .copied()
        .unwrap_or(LetterRole::Unknown)
}

/// [`letter_role`] for every ASCII character, computed from the tables at compile time so the
/// lexer-speed path is one array read.
const ROLES: [LetterRole; 128] = {
    let mut roles = [LetterRole::Unknown; 128];
    roles['a' as usize] = LetterRole::Again;
    let mut i = 0;
    while i < MODIFIERS.len() {
        roles[MODIFIERS[i].letter as usize] = LetterRole::Modifier(MODIFIERS[i].modifier);
        i += 1;
    }
    let mut i = 0;
    while i < ATOMS.len() {
        roles[ATOMS[i].letter as usize] = LetterRole::Atom(ATOMS[i].atom);
        i += 1;
    }
    roles['X' as usize] = LetterRole::Extension(Extension::X);
    roles['Y' as usize] = LetterRole::Extension(Extension::Y);
    roles
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ascii_letter_has_exactly_the_role_seed_000_gives_it() {
        // Seed 000, "Ideas for the future": "only the letter w is still unused".
        let unknown: String = ('a'..='z')
            .chain('A'..='Z')
            .filter(|&c| letter_role(c) == LetterRole::Unknown)
            .collect();
        assert_eq!(unknown, "wEMPV");
        assert_eq!(letter_role('a'), LetterRole::Again);
        assert_eq!(letter_role('X'), LetterRole::Extension(Extension::X));
        assert_eq!(letter_role('é'), LetterRole::Unknown);
    }

    #[test]
    fn tables_list_each_letter_once_in_enum_order() {
        for (index, entry) in ATOMS.iter().enumerate() {
            assert_eq!(entry.atom as usize, index, "{}", entry.letter);
            assert_eq!(Atom::from_char(entry.letter), Some(entry.atom));
        }
        for (index, entry) in MODIFIERS.iter().enumerate() {
            assert_eq!(entry.modifier as usize, index, "{}", entry.letter);
            assert_eq!(Modifier::from_char(entry.letter), Some(entry.modifier));
        }
    }
}
