//! What each letter and sign means in MBN (seed 002): the table of prefixes ("this table covers
//! the full alphabet") as typed modifiers and directions, the prefixes of piece names and the
//! operators before a move (section 2, "Setup Operator", "Decision Operator"), and the table of
//! basic pieces (section 14). Hover, completion and the MBN model all read them from here.

use std::fmt;

mod directions;

pub use directions::{Direction, Directional};

/// A small letter of seed 002's table of prefixes ("Note that this table covers the full
/// alphabet"), named as the table names it. MBN gives many letters another meaning than XBetza
/// (`a` is "all", `w` swaps, `z` reflects), so this is not [`crate::vocabulary::Modifier`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Modifier {
    All,
    Backward,
    Capture,
    AnyDirection,
    EnPassant,
    Forward,
    LeapingSlider,
    Halfling,
    Initial,
    Visit,
    NoCheck,
    Left,
    Move,
    NonJumping,
    Cylinder,
    Hop,
    Unused,
    Right,
    Sideways,
    Turn,
    Unblocked,
    Vertical,
    Swap,
    Flip,
    Any,
    Reflection,
}

/// One row of the table of prefixes.
struct ModifierEntry {
    modifier: Modifier,
    letter: char,
    name: &'static str,
    /// What it does, in a line.
    summary: &'static str,
}

const fn entry(
    modifier: Modifier,
    letter: char,
    name: &'static str,
    summary: &'static str,
) -> ModifierEntry {
    ModifierEntry {
        modifier,
        letter,
        name,
        summary,
    }
}

/// Seed 002's table of prefixes, one row for each small letter, in the order of [`Modifier`].
const MODIFIERS: [ModifierEntry; 26] = [
    entry(
        Modifier::All,
        'a',
        "all",
        "moves or captures; used with a piece set to limit one of the two",
    ),
    entry(Modifier::Backward, 'b', "backward", "direction: backward"),
    entry(
        Modifier::Capture,
        'c',
        "capture",
        "captures only; `cc` captures friends instead, `cy` any piece; a piece set limits which",
    ),
    entry(
        Modifier::AnyDirection,
        'd',
        "any direction",
        "direction: any, independent of the previous leg",
    ),
    entry(
        Modifier::EnPassant,
        'e',
        "en passant",
        "with `c`: may also capture en passant (`ee`: only en passant); with `m`: lets the opponent capture this move en passant",
    ),
    entry(Modifier::Forward, 'f', "forward", "direction: forward"),
    entry(
        Modifier::LeapingSlider,
        'g',
        "leaping slider",
        "moves like the slider but leaps over what stands between (`gg`: only over friends)",
    ),
    entry(
        Modifier::Halfling,
        'h',
        "halfling",
        "goes half the way to the board's edge, rounded up",
    ),
    entry(
        Modifier::Initial,
        'i',
        "initial",
        "only on the piece's first move (`ii`: also lost by the first check)",
    ),
    entry(
        Modifier::Visit,
        'j',
        "visit",
        "moves to a piece without capturing it, for a later leg to go on from (`jj`: friends, `jy`: any)",
    ),
    entry(
        Modifier::NoCheck,
        'k',
        "no check",
        "cannot give check (`kk`: can check but not mate at once)",
    ),
    entry(Modifier::Left, 'l', "left", "direction: left"),
    entry(
        Modifier::Move,
        'm',
        "move",
        "moves to an empty square, never captures",
    ),
    entry(
        Modifier::NonJumping,
        'n',
        "non-jumping",
        "a leaping rider becomes a sliding one: the squares between must be empty",
    ),
    entry(
        Modifier::Cylinder,
        'o',
        "cylinder",
        "the left and right edges are joined (`oo`: also top and bottom)",
    ),
    entry(
        Modifier::Hop,
        'p',
        "hop",
        "must hop over one piece anywhere on the way (`pp`: one or more)",
    ),
    entry(Modifier::Unused, 'q', "unused", "has no meaning yet in MBN"),
    entry(Modifier::Right, 'r', "right", "direction: right"),
    entry(
        Modifier::Sideways,
        's',
        "sideways",
        "direction: left or right",
    ),
    entry(
        Modifier::Turn,
        't',
        "turn",
        "goes back the way the previous leg came (`tt`: any way but back)",
    ),
    entry(
        Modifier::Unblocked,
        'u',
        "unblocked",
        "moves only if no enemy blocks any of its directions",
    ),
    entry(
        Modifier::Vertical,
        'v',
        "vertical",
        "direction: forward or backward",
    ),
    entry(
        Modifier::Swap,
        'w',
        "swap",
        "swaps places with the piece instead of capturing it (`ww`: friends, `wy`: any)",
    ),
    entry(
        Modifier::Flip,
        'x',
        "flip",
        "turns an enemy piece into a friendly one (`xx`: the other way, `xy`: any)",
    ),
    entry(
        Modifier::Any,
        'y',
        "any",
        "a suffix: `cy`, `jy`, `wy`, `xy` act on any piece",
    ),
    entry(
        Modifier::Reflection,
        'z',
        "reflection",
        "mirrors the previous leg's step, for zig-zag and reflecting lines",
    ),
];

impl Modifier {
    /// The modifier a small letter is; `None` for anything else.
    pub fn from_letter(letter: char) -> Option<Modifier> {
        MODIFIERS
            .iter()
            .find(|entry| entry.letter == letter)
            .map(|entry| entry.modifier)
    }

    fn entry(self) -> &'static ModifierEntry {
        &MODIFIERS[self as usize]
    }

    pub fn letter(self) -> char {
        self.entry().letter
    }

    /// The direction this letter is, for the nine directional modifiers.
    pub fn direction(self) -> Option<Direction> {
        Direction::from_letter(self.letter())
    }
}

/// One small letter: its name and what it does, in a line.
pub fn modifier(letter: char) -> Option<(&'static str, &'static str)> {
    let entry = Modifier::from_letter(letter)?.entry();
    Some((entry.name, entry.summary))
}

/// A modifier letter as written: doubled, or followed by `y`, each of which the table gives a
/// meaning of its own ("A doubled modifier (cc) allows capturing of friendly pieces … if
/// suffixed with y (cy) all pieces").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ModifierLetters {
    pub modifier: Modifier,
    pub doubled: bool,
    /// Followed by `y`: "(This is not an autonomous modifier, it will be used as a suffix with
    /// the meaning: any.)"
    pub any: bool,
}

impl ModifierLetters {
    /// The directional modifier these letters are, if a direction: a doubled one is an amalgam.
    pub fn directional(self) -> Option<Directional> {
        let direction = self.modifier.direction()?;
        Some(if self.doubled {
            Directional::Amalgam(direction, direction)
        } else {
            Directional::One(direction)
        })
    }
}

/// The letters as written: `c`, `cc`, `cy`.
impl fmt::Display for ModifierLetters {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = self.modifier.letter();
        write!(f, "{letter}")?;
        if self.doubled {
            write!(f, "{letter}")?;
        }
        if self.any {
            write!(f, "y")?;
        }
        Ok(())
    }
}

/// A prefix of a piece name (seed 002, section 2, "Prefixed Pieces"); `'` (a side-mover) and
/// `@` (a macro, or a drop in a drop rule) stand apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Prefix {
    /// `+`: "Per default the prefix "+" denotes a promoted piece".
    Promoted,
    /// `-`: "The prefix "-" denotes a piece before promotion".
    Unpromoted,
    /// `!`: "With prefix "!" a move definition can be canceled".
    Cancel,
    /// `?`: "With prefix "?" a precondition rule will be declared".
    Precondition,
    /// `#`, `*`, `$`, `%`, `&`: "can be defined in FBR for additional promotion rules (or other
    /// rules)"; `$` is the one section 5's drop rules use.
    Game(char),
}

impl Prefix {
    pub fn from_symbol(symbol: char) -> Option<Prefix> {
        Some(match symbol {
            '+' => Prefix::Promoted,
            '-' => Prefix::Unpromoted,
            '!' => Prefix::Cancel,
            '?' => Prefix::Precondition,
            '#' | '*' | '$' | '%' | '&' => Prefix::Game(symbol),
            _ => return None,
        })
    }

    pub fn symbol(self) -> char {
        match self {
            Prefix::Promoted => '+',
            Prefix::Unpromoted => '-',
            Prefix::Cancel => '!',
            Prefix::Precondition => '?',
            Prefix::Game(symbol) => symbol,
        }
    }
}

/// An operator written before a move's modifiers ("this operator will be used like a modifier,
/// but is has to precede any modifier").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Operator {
    /// `!`, the setup operator: "it allows to remove pieces (without doing a move), or to
    /// specify conditions after a move has been done".
    Setup,
    /// `#`, the decision operator: "designating a decisive move".
    Decision,
    /// `?`, which the seed gives piece names (a precondition) and the parser also takes here.
    Precondition,
}

impl Operator {
    pub fn symbol(self) -> char {
        match self {
            Operator::Setup => '!',
            Operator::Decision => '#',
            Operator::Precondition => '?',
        }
    }
}

/// A basic piece (section 14's table): its name and its moves written in MBN.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BasicPiece {
    pub name: &'static str,
    pub moves: &'static str,
}

/// Every capital letter is a basic piece. `M` reads `W0+N` rather than the table's `WF`: the
/// seed says the Marshall is the Empress (notes MB8).
pub fn basic_piece(letter: char) -> Option<BasicPiece> {
    let (name, moves) = match letter {
        'A' => ("Alfil", ":2,2:"),
        'B' => ("Bishop", "F0"),
        'C' => ("Camel", ":1,3:"),
        'D' => ("Dabbaba", ":0,2:"),
        'E' => ("Empress", "W0+N"),
        'F' => ("Ferz", ":1,1:"),
        'G' => ("Tripper (old letter)", ":3,3:"),
        'H' => ("Threeleaper", ":0,3:"),
        'I' => ("Janus", "F0+N"),
        'J' => ("Zebra (old letter)", ":2,3:"),
        'K' => ("King", "W+F"),
        'L' => ("Camel (old letter)", ":1,3:"),
        'M' => ("Marshall", "W0+N"),
        'N' => ("Knight", ":1,2:"),
        'O' => ("Zero", ":0,0:"),
        'P' => ("Pawn", "mfW+cefF+[1-2]mefW02"),
        'Q' => ("Queen", "W0+F0"),
        'R' => ("Rook", "W0"),
        'S' => ("Berolina Pawn", "mfsF+cefW+[1-2]mefF02"),
        'T' => ("Tripper", ":3,3:"),
        'U' => ("Universal Leaper", "g(WF)0"),
        'V' => ("Vizir", "F0+N"),
        'W' => ("Wazir", ":0,1:"),
        'X' => ("Explosion", "(!dcy{^P}OK)0*"),
        'Y' => ("Boyscout", "F-[(zF)0]"),
        'Z' => ("Zebra", ":2,3:"),
        _ => return None,
    };
    Some(BasicPiece { name, moves })
}

/// The basic pieces redefined for hexagonal boards mapped to rectangular coordinates (section
/// 15's table): horizontally and vertically oriented boards.
pub fn hexagonal(letter: char) -> Option<(&'static str, &'static str)> {
    Some(match letter {
        'P' => ("mfF+imefF02+cesC", "mfD+imefD02+cefF"),
        'N' => ("vC+s:1,5:+s:2,4:", "sC+v:1,5:+v:2,4:"),
        'B' => ("sC0+vD0", "vC0+sD0"),
        'R' => ("F0+sD0", "F0+vD0"),
        'Q' => ("R+B", "R+B"),
        'K' => ("D+F+sC", "D+F+vC"),
        _ => return None,
    })
}

/// Hover text for one letter in MBN.
pub fn letter_doc(letter: char) -> String {
    if let Some((name, summary)) = modifier(letter) {
        format!("**`{letter}`** ({name}): {summary}\n\n")
    } else if let Some(piece) = basic_piece(letter) {
        let hexagonal = hexagonal(letter).map_or_else(String::new, |(horizontal, vertical)| {
            format!(
                " On a hexagonal board mapped to squares it is `{horizontal}` (horizontal \
                 board) or `{vertical}` (vertical board); the diagram shows the square board."
            )
        });
        format!(
            "**`{letter}`** ({}): `{}`.{hexagonal}\n\n",
            piece.name, piece.moves
        )
    } else {
        format!("**`{letter}`** has no meaning in MBN\n\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Seed 002: "Note that this table covers the full alphabet", and section 14's table of
    /// basic pieces covers every capital letter.
    #[test]
    fn every_letter_has_a_meaning() {
        for letter in 'a'..='z' {
            assert!(modifier(letter).is_some(), "{letter}");
        }
        for letter in 'A'..='Z' {
            assert!(basic_piece(letter).is_some(), "{letter}");
        }
    }

    /// Seed 002, section 15: "For these surrogated boards we overwite the definition of the
    /// basic chess pieces K, Q, R, B, N, and P", and its table (King: D+F+sC horizontal,
    /// D+F+vC vertical).
    #[test]
    fn the_hexagonal_redefinitions_are_in_the_letter_docs() {
        assert!(letter_doc('K').contains("`D+F+sC` (horizontal board) or `D+F+vC`"));
        for letter in ['P', 'N', 'B', 'R', 'Q', 'K'] {
            let (horizontal, vertical) = hexagonal(letter).expect("redefined");
            for moves in [horizontal, vertical] {
                let parsed = crate::parse(moves, crate::Dialect::Mbn);
                assert!(parsed.errors().is_empty(), "{moves}");
            }
        }
        assert!(hexagonal('W').is_none() && !letter_doc('W').contains("hexagonal"));
    }

    /// Seed 002: "a All means: move or capture", unlike XBetza's `a` (another leg).
    #[test]
    fn small_a_is_all_not_again() {
        assert!(letter_doc('a').contains("(all)"));
    }

    #[test]
    fn the_table_lists_each_letter_once_in_enum_order() {
        for (index, entry) in MODIFIERS.iter().enumerate() {
            assert_eq!(entry.modifier as usize, index, "{}", entry.letter);
            assert_eq!(Modifier::from_letter(entry.letter), Some(entry.modifier));
            assert_eq!(entry.modifier.letter(), entry.letter);
        }
        assert_eq!(Modifier::from_letter('A'), None);
    }

    /// Seed 002, "Modifier Prefixes": the directional modifiers are f b v r l s d t z, and "The
    /// modifiers d, t, and z are useful for succeeding legs in chained moves".
    #[test]
    fn nine_letters_are_directions() {
        let directions: String = ('a'..='z')
            .filter(|&letter| {
                Modifier::from_letter(letter)
                    .and_then(Modifier::direction)
                    .is_some()
            })
            .collect();
        assert_eq!(directions, "bdflrstvz");
        assert_eq!(Modifier::Any.direction(), None);
    }

    /// Seed 002: "(ff)N can also be expressed as ffN, because here it's clear that this cannot
    /// be a combination".
    #[test]
    fn a_doubled_direction_is_an_amalgam() {
        let doubled = ModifierLetters {
            modifier: Modifier::Forward,
            doubled: true,
            any: false,
        };
        assert_eq!(
            doubled.directional(),
            Some(Directional::Amalgam(Direction::Forward, Direction::Forward))
        );
        assert_eq!(doubled.directional(), Directional::from_letters("ff"));
    }

    /// Seed 002: "A doubled modifier (cc) allows capturing of friendly pieces … And if suffixed
    /// with y (cy) all pieces"; neither is a direction.
    #[test]
    fn modifier_letters_are_written_as_read() {
        let any = ModifierLetters {
            modifier: Modifier::Capture,
            doubled: false,
            any: true,
        };
        assert_eq!(any.to_string(), "cy");
        assert_eq!(any.directional(), None);
    }

    /// Seed 002, section 2: "+" promoted, "-" before promotion, "#", "*", "$", "%", and "&" for
    /// FBR, "?" a precondition, "!" cancels.
    #[test]
    fn prefixes_and_operators_keep_their_symbols() {
        for symbol in "+-!?#*$%&".chars() {
            let prefix = Prefix::from_symbol(symbol).expect("a prefix");
            assert_eq!(prefix.symbol(), symbol);
        }
        assert_eq!(Prefix::from_symbol('+'), Some(Prefix::Promoted));
        assert_eq!(Prefix::from_symbol('@'), None);
        assert_eq!(Operator::Decision.symbol(), '#');
    }
}
