//! The letters chained Extended Betza (seed 001) reads its own way: the operators between
//! legs, `a` (all directions) and `e` (equal length), and its atoms (`O` the null move, `I` the
//! (3,0) leap). Every other letter means what it means in XBetza.

/// A chaining operator: what the move asks of the square where two legs meet (seed 001,
/// "Overview of chaining operators").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Operator {
    /// `t`: "terminate on connection square (if empty or enemy) or continue (if empty)".
    Then,
    /// `-`: "must continue if connection square empty; otherwise entire path is considered
    /// blocked".
    Block,
    /// `+`: "connection square must be occupied and remains untouched".
    Hop,
    /// `?`: "connection square must contain own piece and remains untouched".
    Own,
    /// `!`: "connection square must contain enemy and remains untouched".
    Foe,
    /// `x`: "connection square must contain enemy, which is captured".
    Capture,
    /// `d`: "connection square must be occupied, friend or foe there is destroyed".
    Destroy,
    /// `y`: "connection square is one step before first obstacle".
    Split,
}

/// One row of the operator table.
struct OperatorEntry {
    operator: Operator,
    symbol: char,
    name: &'static str,
    /// What it asks of the square where the legs meet, in words.
    words: &'static str,
}

/// Seed 001's table of operators, in its order and in the order of [`Operator`]'s variants.
const OPERATORS: [OperatorEntry; 8] = [
    OperatorEntry {
        operator: Operator::Then,
        symbol: 't',
        name: "then",
        words: "it may stop there (if empty or an enemy's), or go on if it is empty",
    },
    OperatorEntry {
        operator: Operator::Block,
        symbol: '-',
        name: "block",
        words: "it must be empty, and the move goes on",
    },
    OperatorEntry {
        operator: Operator::Hop,
        symbol: '+',
        name: "hop",
        words: "it must be occupied; the piece there stays, and the move goes on",
    },
    OperatorEntry {
        operator: Operator::Own,
        symbol: '?',
        name: "own",
        words: "it must hold a friend, which stays, and the move goes on",
    },
    OperatorEntry {
        operator: Operator::Foe,
        symbol: '!',
        name: "foe",
        words: "it must hold an enemy, which stays, and the move goes on",
    },
    OperatorEntry {
        operator: Operator::Capture,
        symbol: 'x',
        name: "capture",
        words: "it must hold an enemy, which is captured, and the move goes on",
    },
    OperatorEntry {
        operator: Operator::Destroy,
        symbol: 'd',
        name: "destroy",
        words: "it must be occupied; the piece there, friend or foe, is destroyed, and the move goes on",
    },
    OperatorEntry {
        operator: Operator::Split,
        symbol: 'y',
        name: "split",
        words: "the move goes on from one step before the first obstacle",
    },
];

impl Operator {
    pub fn from_symbol(symbol: char) -> Option<Operator> {
        OPERATORS
            .iter()
            .find(|e| e.symbol == symbol)
            .map(|e| e.operator)
    }

    fn entry(self) -> &'static OperatorEntry {
        &OPERATORS[self as usize]
    }

    pub fn symbol(self) -> char {
        self.entry().symbol
    }

    pub fn name(self) -> &'static str {
        self.entry().name
    }

    /// What it asks of the square where the legs meet.
    pub fn words(self) -> &'static str {
        self.entry().words
    }
}

/// An operator's name and what it asks of the square where two legs meet.
pub fn operator_meaning(operator: char) -> Option<(&'static str, &'static str)> {
    Operator::from_symbol(operator).map(|o| (o.name(), o.words()))
}

/// An atom of seed 001: its table of basic atoms, the letters of its board grid (`N`, `H`) and
/// its shortcuts (`K`, `B`, `R`, `Q`, `C`, `Z`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Atom {
    O,
    W,
    F,
    D,
    A,
    H,
    I,
    L,
    J,
    G,
    N,
    C,
    Z,
    K,
    R,
    B,
    Q,
}

/// One row of the atom table.
struct AtomEntry {
    atom: Atom,
    letter: char,
    /// One orientation of each leap it makes.
    leaps: &'static [(i8, i8)],
    /// Whether it repeats its leaps until blocked: "R W0 (WW) Rook".
    slides: bool,
}

const fn leaper(atom: Atom, letter: char, leaps: &'static [(i8, i8)]) -> AtomEntry {
    AtomEntry {
        atom,
        letter,
        leaps,
        slides: false,
    }
}

const fn slider(atom: Atom, letter: char, leaps: &'static [(i8, i8)]) -> AtomEntry {
    AtomEntry {
        atom,
        letter,
        leaps,
        slides: true,
    }
}

/// Seed 001's atoms, in the order of [`Atom`]'s variants. `H` and `I` are both the (3,0) leap:
/// the seed's table writes `I`, its board grid `H`; `C` "stands for" `L` and `Z` for `J`.
const ATOMS: [AtomEntry; 17] = [
    // "O (0,0) Null move".
    leaper(Atom::O, 'O', &[(0, 0)]),
    leaper(Atom::W, 'W', &[(0, 1)]),
    leaper(Atom::F, 'F', &[(1, 1)]),
    leaper(Atom::D, 'D', &[(0, 2)]),
    leaper(Atom::A, 'A', &[(2, 2)]),
    leaper(Atom::H, 'H', &[(0, 3)]),
    leaper(Atom::I, 'I', &[(0, 3)]),
    leaper(Atom::L, 'L', &[(1, 3)]),
    leaper(Atom::J, 'J', &[(2, 3)]),
    leaper(Atom::G, 'G', &[(3, 3)]),
    leaper(Atom::N, 'N', &[(1, 2)]),
    leaper(Atom::C, 'C', &[(1, 3)]),
    leaper(Atom::Z, 'Z', &[(2, 3)]),
    // "K WF King".
    leaper(Atom::K, 'K', &[(0, 1), (1, 1)]),
    slider(Atom::R, 'R', &[(0, 1)]),
    slider(Atom::B, 'B', &[(1, 1)]),
    // "Q RB Queen".
    slider(Atom::Q, 'Q', &[(0, 1), (1, 1)]),
];

impl Atom {
    pub fn from_letter(letter: char) -> Option<Atom> {
        ATOMS.iter().find(|e| e.letter == letter).map(|e| e.atom)
    }

    fn entry(self) -> &'static AtomEntry {
        &ATOMS[self as usize]
    }

    /// One orientation of each leap; the atom goes "in all directions" of each (seed 001).
    pub fn leaps(self) -> &'static [(i8, i8)] {
        self.entry().leaps
    }

    /// Whether it slides, repeating its leaps until blocked (`R`, `B`, `Q`).
    pub fn slides(self) -> bool {
        self.entry().slides
    }
}

/// Hover text for a letter or operator that chained Betza reads its own way, if it is one.
pub fn symbol_doc(symbol: char) -> Option<String> {
    if let Some((name, words)) = operator_meaning(symbol) {
        return Some(format!(
            "**`{symbol}`** (operator: {name}): joins two legs; on the square where they meet, {words}\n\n"
        ));
    }
    let words = match symbol {
        'a' => "(all): every direction, relative to the leg before",
        'e' => "(equal): as many steps as the leg before",
        'I' => "(Threeleaper): leaps (0,3), as `H` does",
        _ => return None,
    };
    Some(format!("**`{symbol}`** {words}\n\n"))
}

#[cfg(test)]
mod tests {
    use super::{ATOMS, Atom, OPERATORS, Operator};

    /// Seed 001's table names eight operators: "t - + ? ! x d y".
    #[test]
    fn every_operator_has_a_meaning() {
        for operator in "t-+?!xdy".chars() {
            assert!(super::operator_meaning(operator).is_some(), "{operator}");
        }
        assert!(super::symbol_doc('x').is_some_and(|d| d.contains("captured")));
    }

    /// The tables are read by index: each row must stand at its variant's place.
    #[test]
    fn every_row_stands_at_its_variant() {
        for (index, entry) in OPERATORS.iter().enumerate() {
            assert_eq!(entry.operator as usize, index, "{}", entry.symbol);
            assert_eq!(Operator::from_symbol(entry.symbol), Some(entry.operator));
        }
        for (index, entry) in ATOMS.iter().enumerate() {
            assert_eq!(entry.atom as usize, index, "{}", entry.letter);
            assert_eq!(Atom::from_letter(entry.letter), Some(entry.atom));
        }
    }

    /// Seed 001's shortcuts: "K WF King", "B F0 (FF) Bishop", "R W0 (WW) Rook", "Q RB Queen",
    /// "C L Camel", "Z J Zebra".
    #[test]
    fn shortcuts_stand_for_their_atoms() {
        assert_eq!(Atom::K.leaps(), [Atom::W.leaps(), Atom::F.leaps()].concat());
        assert!(Atom::B.slides() && Atom::B.leaps() == Atom::F.leaps());
        assert!(Atom::R.slides() && Atom::R.leaps() == Atom::W.leaps());
        assert_eq!(Atom::Q.leaps(), [Atom::R.leaps(), Atom::B.leaps()].concat());
        assert_eq!(Atom::C.leaps(), Atom::L.leaps());
        assert_eq!(Atom::Z.leaps(), Atom::J.leaps());
        assert!(!Atom::K.slides() && Atom::Q.slides());
    }
}
