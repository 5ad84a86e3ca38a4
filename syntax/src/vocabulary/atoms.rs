//! Atoms: the capital letters that name a set of symmetric leaps (seed 000, "Basics" and the list
//! of new XBetza atoms).

use super::FairySupport::{self, Skipped, Understood};

/// An atom letter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Atom {
    W,
    F,
    D,
    N,
    A,
    H,
    C,
    Z,
    G,
    L,
    J,
    K,
    R,
    B,
    Q,
    U,
    O,
    I,
    S,
    T,
}

/// What kind of move an atom stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AtomShape {
    /// A single leap `(x, y)` in all its symmetric orientations.
    Leaper { leap: (u8, u8) },
    /// A union of leapers: K = WF, S = AD, T = GH.
    Compound { parts: &'static [Atom] },
    /// An unlimited rider of a leaper, or of a compound for Q: R = WW, B = FF, Q = RB.
    Slider { step: Atom },
    /// U: every square of the board but its own.
    Universal,
    /// O: castling with the piece at the board edge; the range is the king's step.
    Castling,
    /// I: the moves of the piece type that moved last.
    Imitator,
}

/// One row of the atom table.
#[derive(Debug, Clone, Copy)]
pub struct AtomEntry {
    pub atom: Atom,
    pub letter: char,
    pub name: &'static str,
    pub shape: AtomShape,
    /// One sentence for hover and completion.
    pub summary: &'static str,
    pub fairy: FairySupport,
}

const fn leaper(x: u8, y: u8) -> AtomShape {
    AtomShape::Leaper { leap: (x, y) }
}

/// Every atom, in the order of [`Atom`].
pub const ATOMS: [AtomEntry; 20] = [
    AtomEntry {
        atom: Atom::W,
        letter: 'W',
        name: "Wazir",
        shape: leaper(0, 1),
        summary: "one step orthogonally",
        fairy: Understood,
    },
    AtomEntry {
        atom: Atom::F,
        letter: 'F',
        name: "Ferz",
        shape: leaper(1, 1),
        summary: "one step diagonally",
        fairy: Understood,
    },
    AtomEntry {
        atom: Atom::D,
        letter: 'D',
        name: "Dabbaba",
        shape: leaper(0, 2),
        summary: "a leap two squares orthogonally",
        fairy: Understood,
    },
    AtomEntry {
        atom: Atom::N,
        letter: 'N',
        name: "Knight",
        shape: leaper(1, 2),
        summary: "the Knight's (1,2) leap",
        fairy: Understood,
    },
    AtomEntry {
        atom: Atom::A,
        letter: 'A',
        name: "Alfil",
        shape: leaper(2, 2),
        summary: "a leap two squares diagonally",
        fairy: Understood,
    },
    AtomEntry {
        atom: Atom::H,
        letter: 'H',
        name: "Threeleaper",
        shape: leaper(0, 3),
        summary: "a leap three squares orthogonally",
        fairy: Understood,
    },
    AtomEntry {
        atom: Atom::C,
        letter: 'C',
        name: "Camel",
        shape: leaper(1, 3),
        summary: "the Camel's (1,3) leap; synonymous with L",
        fairy: Understood,
    },
    AtomEntry {
        atom: Atom::Z,
        letter: 'Z',
        name: "Zebra",
        shape: leaper(2, 3),
        summary: "the Zebra's (2,3) leap; synonymous with J",
        fairy: Understood,
    },
    AtomEntry {
        atom: Atom::G,
        letter: 'G',
        name: "Tripper",
        shape: leaper(3, 3),
        summary: "a leap three squares diagonally",
        fairy: Understood,
    },
    AtomEntry {
        atom: Atom::L,
        letter: 'L',
        name: "Camel",
        shape: leaper(1, 3),
        summary: "the Camel's (1,3) leap; synonymous with C",
        fairy: Understood,
    },
    AtomEntry {
        atom: Atom::J,
        letter: 'J',
        name: "Zebra",
        shape: leaper(2, 3),
        summary: "the Zebra's (2,3) leap; synonymous with Z",
        fairy: Understood,
    },
    AtomEntry {
        atom: Atom::K,
        letter: 'K',
        name: "King",
        shape: AtomShape::Compound {
            parts: &[Atom::W, Atom::F],
        },
        summary: "one step in any of the eight directions (K = WF)",
        fairy: Understood,
    },
    AtomEntry {
        atom: Atom::R,
        letter: 'R',
        name: "Rook",
        shape: AtomShape::Slider { step: Atom::W },
        summary: "any distance orthogonally (R = WW)",
        fairy: Understood,
    },
    AtomEntry {
        atom: Atom::B,
        letter: 'B',
        name: "Bishop",
        shape: AtomShape::Slider { step: Atom::F },
        summary: "any distance diagonally (B = FF)",
        fairy: Understood,
    },
    AtomEntry {
        atom: Atom::Q,
        letter: 'Q',
        name: "Queen",
        shape: AtomShape::Slider { step: Atom::K },
        summary: "any distance in any of the eight directions (Q = RB)",
        fairy: Understood,
    },
    AtomEntry {
        atom: Atom::U,
        letter: 'U',
        name: "Universal Leaper",
        shape: AtomShape::Universal,
        summary: "a leap to any square of the board except its own",
        fairy: Skipped,
    },
    AtomEntry {
        atom: Atom::O,
        letter: 'O',
        name: "Castling",
        shape: AtomShape::Castling,
        summary: "castling with the piece at the board edge; the range is the king's step",
        fairy: Skipped,
    },
    AtomEntry {
        atom: Atom::I,
        letter: 'I',
        name: "Imitator",
        shape: AtomShape::Imitator,
        summary: "all moves of the most recently moved piece type",
        fairy: Skipped,
    },
    AtomEntry {
        atom: Atom::S,
        letter: 'S',
        name: "Second square",
        shape: AtomShape::Compound {
            parts: &[Atom::A, Atom::D],
        },
        summary: "a leap to any square two steps away (S = AD)",
        fairy: Skipped,
    },
    AtomEntry {
        atom: Atom::T,
        letter: 'T',
        name: "Third square",
        shape: AtomShape::Compound {
            parts: &[Atom::G, Atom::H],
        },
        summary: "a leap three squares orthogonally or diagonally (T = GH)",
        fairy: Skipped,
    },
];

impl Atom {
    pub fn from_char(letter: char) -> Option<Atom> {
        ATOMS.iter().find(|e| e.letter == letter).map(|e| e.atom)
    }

    pub fn entry(self) -> &'static AtomEntry {
        &ATOMS[self as usize]
    }

    /// Whether doubling the letter makes an unlimited rider (`NN` = Nightrider, seed 000
    /// "Basics"): true for atoms that are fixed leaps. Sliders already ride, and the special
    /// atoms have no leap to repeat.
    pub fn rides_when_doubled(self) -> bool {
        matches!(
            self.entry().shape,
            AtomShape::Leaper { .. } | AtomShape::Compound { .. }
        )
    }

    /// Whether an X or Y suffix can extend it ("Suffix to leaper atoms", seed 000).
    pub fn takes_extension(self) -> bool {
        matches!(self.entry().shape, AtomShape::Leaper { .. })
    }
}

/// The suffixes that lengthen a leaper atom (seed 000: "X Extended ... boosts those by 3
/// orthogonal steps (FX = Giraffe)", "Y ... gives a 2-step diagonal boost (DY = Di-Knight)").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Extension {
    X,
    Y,
}

impl Extension {
    pub fn from_char(letter: char) -> Option<Extension> {
        match letter {
            'X' => Some(Extension::X),
            'Y' => Some(Extension::Y),
            _ => None,
        }
    }

    pub fn letter(self) -> char {
        match self {
            Extension::X => 'X',
            Extension::Y => 'Y',
        }
    }

    /// The leap added to the atom's own, in the atom's forward orientation.
    pub fn boost(self) -> (u8, u8) {
        match self {
            Extension::X => (0, 3),
            Extension::Y => (2, 2),
        }
    }

    pub fn summary(self) -> &'static str {
        match self {
            Extension::X => "extends the leaper by three orthogonal steps (FX = Giraffe)",
            Extension::Y => "extends the leaper by a two-step diagonal (DY = Di-Knight)",
        }
    }
}
