//! MBN's directional modifiers (seed 002, "Modifier Prefixes"): the nine direction letters and
//! the ways they are written, one letter or an amalgam of two.

use std::fmt;

/// A directional modifier letter (seed 002, "Modifier Prefixes": "At first we will define the
/// directional modifiers").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    Forward,
    Backward,
    /// `v`: forward and backward.
    Vertical,
    Right,
    Left,
    /// `s`: left and right.
    Sideways,
    /// `d`: any direction, independent of the leg before.
    Any,
    /// `t`: "makes a turn".
    Turn,
    /// `z`: "reflection".
    Reflection,
}

impl Direction {
    pub fn from_letter(letter: char) -> Option<Direction> {
        Some(match letter {
            'f' => Direction::Forward,
            'b' => Direction::Backward,
            'v' => Direction::Vertical,
            'r' => Direction::Right,
            'l' => Direction::Left,
            's' => Direction::Sideways,
            'd' => Direction::Any,
            't' => Direction::Turn,
            'z' => Direction::Reflection,
            _ => return None,
        })
    }

    /// Whether the letter picks directions by side (`f b v r l s`), rather than any direction
    /// (`d`) or a turn or a reflection of the leg before (`t z`).
    pub fn is_sided(self) -> bool {
        !matches!(
            self,
            Direction::Any | Direction::Turn | Direction::Reflection
        )
    }

    /// Whether the letter follows the leg before: a turn `t` or a reflection `z`.
    pub fn follows_leg_before(self) -> bool {
        matches!(self, Direction::Turn | Direction::Reflection)
    }

    pub fn letter(self) -> char {
        match self {
            Direction::Forward => 'f',
            Direction::Backward => 'b',
            Direction::Vertical => 'v',
            Direction::Right => 'r',
            Direction::Left => 'l',
            Direction::Sideways => 's',
            Direction::Any => 'd',
            Direction::Turn => 't',
            Direction::Reflection => 'z',
        }
    }
}

/// A directional modifier as seed 002 writes it: one letter, or an amalgam of two, `(lf)`. A
/// doubled letter is an amalgam too: "doubled directional modifier letters will always be
/// interpreted as an amalgamation" (`ffN` is `(ff)N`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Directional {
    One(Direction),
    /// "the first letter will belong to the shorter directional path … and the second letter
    /// belongs to the wider directional path".
    Amalgam(Direction, Direction),
}

impl Directional {
    /// `f`, `ff` or `lf` (an amalgam without its parentheses); `None` for anything else.
    pub fn from_letters(letters: &str) -> Option<Directional> {
        let mut chars = letters.chars().map(Direction::from_letter);
        match (chars.next(), chars.next(), chars.next()) {
            (Some(one), None, None) => Some(Directional::One(one?)),
            (Some(short), Some(long), None) => Some(Directional::Amalgam(short?, long?)),
            _ => None,
        }
    }

    /// Whether `direction` is one of its letters.
    pub fn has(self, direction: Direction) -> bool {
        match self {
            Directional::One(one) => one == direction,
            Directional::Amalgam(short, long) => short == direction || long == direction,
        }
    }

    /// Whether it says how to turn from the leg before (`t`, `tt`, `z`) rather than which lines
    /// of the board to go along: a move cannot start with it.
    pub fn turns_from_before(self) -> bool {
        self.has(Direction::Turn) || self.has(Direction::Reflection)
    }
}

/// Its letters, an amalgam without parentheses: `f`, `ff`, `lf`.
impl fmt::Display for Directional {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Directional::One(one) => write!(f, "{}", one.letter()),
            Directional::Amalgam(short, long) => write!(f, "{}{}", short.letter(), long.letter()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Seed 002: "(lf)W … here (lf) is amalgamated, and not combined"; "fsW is combining the
    /// modifiers" (two directional modifiers, not one).
    #[test]
    fn directional_modifiers_are_read_from_their_letters() {
        let amalgam = Directional::from_letters("lf").expect("an amalgam");
        assert_eq!(
            amalgam,
            Directional::Amalgam(Direction::Left, Direction::Forward)
        );
        assert_eq!(amalgam.to_string(), "lf");
        assert!(amalgam.has(Direction::Left) && !amalgam.has(Direction::Right));
        assert_eq!(
            Directional::from_letters("d"),
            Some(Directional::One(Direction::Any))
        );
        assert_eq!(Directional::from_letters("fsW"), None);
        assert_eq!(Directional::from_letters("fc"), None);
        for letter in "fbvrlsdtz".chars() {
            let direction = Direction::from_letter(letter).expect("a direction");
            assert_eq!(direction.letter(), letter);
        }
    }
}
