//! Typed views over the tree of chained Extended Betza (seed 001), so the lowering and the
//! explanation ask for "the operator before this leg" or "the leap of `(4,1)`" and never re-read
//! text. As with the XBetza views, each is a cheap handle on a node or token and keeps its range.
//!
//! They read the shape `parser::chained` builds: a PIECE of MOVEs; a MOVE of a prefix (MODIFIER
//! nodes), then LEGs joined by operator tokens, each operator followed by the next leg's
//! MODIFIER; a LEG of an ATOM (a letter, or a VECTOR `(m,n)`) or a GROUP of MOVEs, then its
//! exponent (RANGE). ERROR nodes hold what fits nowhere and no view reads them.

use rowan::{Direction, TextRange};

use crate::SyntaxKind::{self, *};
use crate::notation::chained::vocabulary;
use crate::tree::ast::node_view;
use crate::tree::{SyntaxNode, SyntaxToken};

node_view!(
    /// A whole chained Betza string: moves side by side, their move sets joined (seed 001:
    /// "When a number of atoms is concatenated, like WF, it joins their move sets").
    Piece,
    PIECE
);
node_view!(
    /// One written move: prefix modifiers, then legs joined by operators. Seed 001: "the binary
    /// operators t-+xdy couple more tightly than the prefix modifiers mc", so `frmWxlW` is one
    /// move, frm(WxlW).
    Move,
    MOVE
);
node_view!(
    /// One leg of a chain: an atom or a group, with its exponent.
    Leg,
    LEG
);
node_view!(
    /// Moves in parentheses, used as one leg: `(FtlF)` in `(FtlF)r0`.
    Group,
    GROUP
);
node_view!(
    /// An atom: a letter, or the leap vector of a longer-range atom (`(4,1)`).
    Atom,
    ATOM
);
node_view!(
    /// A leap written by its numbers: "(4,1) for the Giraffe leap" (seed 001).
    Vector,
    VECTOR
);
node_view!(
    /// A run of modifier letters: a move's prefix, or the letters after an operator.
    Modifiers,
    MODIFIER
);
node_view!(
    /// What follows a leg's atom or group to repeat it: an operator, modifiers, then the count
    /// (`3`, `-3`, `x3`, `rf8`, `r0`).
    Exponent,
    RANGE
);

impl Piece {
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.0.children().filter_map(Move::cast)
    }
}

impl Move {
    /// The modifiers before the first leg, which apply to the whole path (seed 001: "The latter
    /// are only allowed in front of a complete path"). One run, unless an error splits it.
    pub fn prefix(&self) -> impl Iterator<Item = Modifiers> + '_ {
        self.0
            .children()
            .take_while(|n| n.kind() != LEG)
            .filter_map(Modifiers::cast)
    }

    /// The legs of the chain, in order.
    pub fn legs(&self) -> impl Iterator<Item = Leg> + '_ {
        self.0.children().filter_map(Leg::cast)
    }
}

/// What a leg repeats: an atom, or a group of moves.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum LegElement {
    Atom(Atom),
    Group(Group),
}

impl Leg {
    /// `None` when the group was too deep to read (an ERROR stands there).
    pub fn element(&self) -> Option<LegElement> {
        self.0.children().find_map(|n| match n.kind() {
            ATOM => Atom::cast(n).map(LegElement::Atom),
            GROUP => Group::cast(n).map(LegElement::Group),
            _ => None,
        })
    }

    pub fn exponent(&self) -> Option<Exponent> {
        self.0.children().find_map(Exponent::cast)
    }

    /// The operator that joins this leg to the leg before; `None` on the first leg.
    pub fn operator(&self) -> Option<Operator> {
        self.joint().map(|(operator, _)| operator)
    }

    /// The modifiers written after the operator: directions "in a coordinate system relative to
    /// the previous step" and `e`, "equal in length to previous step" (seed 001). `None` on the
    /// first leg, whose letters are the move's prefix.
    pub fn modifiers(&self) -> Option<Modifiers> {
        self.joint().and_then(|(_, modifiers)| modifiers)
    }

    /// What stands between the leg before and this one: an operator, then any modifiers.
    fn joint(&self) -> Option<(Operator, Option<Modifiers>)> {
        let mut before = self.0.siblings_with_tokens(Direction::Prev).skip(1);
        let mut element = before.next()?;
        let modifiers = element.as_node().cloned().and_then(Modifiers::cast);
        if modifiers.is_some() {
            element = before.next()?;
        }
        Some((Operator::cast(element.into_token()?)?, modifiers))
    }
}

impl Group {
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.0.children().filter_map(Move::cast)
    }
}

impl Atom {
    /// The atom its letter names; `None` for a vector.
    pub fn atom(&self) -> Option<vocabulary::Atom> {
        let letter = self.0.first_token()?.kind().letter()?;
        vocabulary::Atom::from_letter(letter)
    }

    pub fn vector(&self) -> Option<Vector> {
        self.0.children().find_map(Vector::cast)
    }
}

impl Vector {
    /// The two numbers `(m, n)`, or `None` if either does not fit an `i8` (no board is that
    /// large).
    pub fn leap(&self) -> Option<(i8, i8)> {
        let mut numbers = tokens_of(&self.0)
            .filter(|t| t.kind() == DIGITS)
            .map(|t| t.text().parse::<i8>().ok());
        Some((numbers.next()??, numbers.next()??))
    }
}

impl Modifiers {
    pub fn letters(&self) -> impl Iterator<Item = char> + '_ {
        tokens_of(&self.0).filter_map(|t| t.kind().letter())
    }
}

/// How many factors an exponent asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Count {
    /// `0`: "To indicate an arbitrary number of steps can be taken, we use 0" (seed 001).
    Any,
    /// "AmN … with N factors A"; digits past `usize` count as `usize::MAX`, more than any board
    /// holds.
    Factors(usize),
}

impl Exponent {
    /// The operator between the factors, if written ("If the modifier string m does not contain
    /// one of the chaining operators, it is prefixed with the default 't'").
    pub fn operator(&self) -> Option<Operator> {
        tokens_of(&self.0).find_map(Operator::cast)
    }

    /// The modifier letters between the factors (the operator's letter is not among them).
    pub fn letters(&self) -> impl Iterator<Item = char> + '_ {
        tokens_of(&self.0)
            .filter(|t| Operator::cast(t.clone()).is_none())
            .filter_map(|t| t.kind().letter())
    }

    /// The digits as written, for words that quote them.
    pub fn digits(&self) -> Option<SyntaxToken> {
        tokens_of(&self.0).find(|t| t.kind() == DIGITS)
    }

    pub fn count(&self) -> Option<Count> {
        let digits = self.digits()?;
        Some(match digits.text().parse().unwrap_or(usize::MAX) {
            0 => Count::Any,
            factors => Count::Factors(factors),
        })
    }
}

/// A chaining operator between two legs, or between the factors of an exponent.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Operator {
    token: SyntaxToken,
    operator: vocabulary::Operator,
}

impl Operator {
    pub fn cast(token: SyntaxToken) -> Option<Operator> {
        let operator = vocabulary::Operator::from_symbol(symbol(token.kind())?)?;
        Some(Operator { token, operator })
    }

    pub fn syntax(&self) -> &SyntaxToken {
        &self.token
    }

    pub fn text_range(&self) -> TextRange {
        self.token.text_range()
    }

    /// Which operator it is, from seed 001's table.
    pub fn operator(&self) -> vocabulary::Operator {
        self.operator
    }
}

/// The character a token kind always stands for: its letter, or the punctuation operators are
/// written with.
fn symbol(kind: SyntaxKind) -> Option<char> {
    match kind {
        MINUS => Some('-'),
        PLUS => Some('+'),
        QUESTION => Some('?'),
        BANG => Some('!'),
        _ => kind.letter(),
    }
}

fn tokens_of(node: &SyntaxNode) -> impl Iterator<Item = SyntaxToken> + '_ {
    node.children_with_tokens().filter_map(|e| e.into_token())
}

#[cfg(test)]
mod tests {
    use super::{Count, LegElement, Move, Piece};
    use crate::notation::chained::vocabulary::{Atom, Operator};
    use crate::{Dialect, SyntaxKind};

    fn moves(text: &str) -> Vec<Move> {
        let parse = crate::parse(text, Dialect::Chained);
        assert!(parse.errors().is_empty(), "{text}: {:?}", parse.errors());
        let piece = Piece::cast(parse.syntax()).expect("a piece");
        piece.moves().collect()
    }

    fn one_move(text: &str) -> Move {
        let mut all = moves(text);
        assert_eq!(all.len(), 1, "{text}");
        all.remove(0)
    }

    fn atom_of(element: Option<LegElement>) -> Option<Atom> {
        match element? {
            LegElement::Atom(atom) => atom.atom(),
            LegElement::Group(_) => None,
        }
    }

    #[test]
    fn a_chain_is_legs_joined_by_operators() {
        // Seed 001: "The F after '-' would by default mean fF"; here the `f` is written.
        let written = one_move("W-fF");
        let legs: Vec<_> = written.legs().collect();
        assert_eq!(legs.len(), 2);
        assert_eq!(atom_of(legs[0].element()), Some(Atom::W));
        assert_eq!(atom_of(legs[1].element()), Some(Atom::F));
        assert!(legs[0].operator().is_none() && legs[0].modifiers().is_none());
        let block = legs[1].operator().expect("an operator");
        assert_eq!(block.operator(), Operator::Block);
        assert_eq!(
            block.text_range(),
            rowan::TextRange::new(1.into(), 2.into())
        );
        let turn: String = legs[1].modifiers().expect("modifiers").letters().collect();
        assert_eq!(turn, "f");
        assert!(written.prefix().next().is_none());
    }

    #[test]
    fn the_prefix_stands_before_the_whole_path() {
        // Seed 001: "frmWxlW, which, as we have seen, means frm(WxlW)".
        let written = one_move("frmWxlW");
        let prefix: Vec<String> = written.prefix().map(|m| m.letters().collect()).collect();
        assert_eq!(prefix, ["frm"]);
        let second = written.legs().nth(1).expect("two legs");
        assert_eq!(
            second.operator().map(|o| o.operator()),
            Some(Operator::Capture)
        );
        let turn: String = second.modifiers().expect("modifiers").letters().collect();
        assert_eq!(turn, "l");
        // "fmWfcF is a Pawn": two moves, each with its own prefix.
        let prefixes: Vec<String> = moves("fmWfcF")
            .iter()
            .flat_map(|m| m.prefix().map(|p| p.letters().collect()))
            .collect();
        assert_eq!(prefixes, ["fm", "fc"]);
    }

    #[test]
    fn a_vector_atom_has_its_leap_numbers() {
        // Seed 001: "these can be written using the numeric coordinates of their leap vector,
        // e.g. (4,1) for the Giraffe leap".
        let leg = one_move("f(4,1)").legs().next().expect("a leg");
        let Some(LegElement::Atom(atom)) = leg.element() else {
            panic!("expected an atom");
        };
        assert_eq!(atom.atom(), None);
        assert_eq!(atom.vector().and_then(|v| v.leap()), Some((4, 1)));
    }

    #[test]
    fn an_exponent_has_its_operator_letters_and_count() {
        let exponent = |text: &str| {
            let leg = one_move(text).legs().next().expect("a leg");
            let exponent = leg.exponent().expect("an exponent");
            let letters: String = exponent.letters().collect();
            (
                exponent.operator().map(|o| o.operator()),
                letters,
                exponent.count(),
            )
        };
        // "So W3 means WtfWtfW … But W-3 would mean W-fW-fW".
        assert_eq!(
            exponent("W3"),
            (None, String::new(), Some(Count::Factors(3)))
        );
        assert_eq!(
            exponent("W-3"),
            (
                Some(Operator::Block),
                String::new(),
                Some(Count::Factors(3))
            )
        );
        // "Nrf8 would mean NtrfNtrfN..., upto 8 Knight moves".
        assert_eq!(
            exponent("Nrf8"),
            (None, "rf".to_owned(), Some(Count::Factors(8)))
        );
        // "W0 would be the Rook".
        assert_eq!(exponent("W0"), (None, String::new(), Some(Count::Any)));
        assert_eq!(
            exponent("Wx3"),
            (
                Some(Operator::Capture),
                String::new(),
                Some(Count::Factors(3))
            )
        );
    }

    #[test]
    fn a_group_is_one_leg_of_moves() {
        // Seed 001: "(FtlF)r0 expands to FtlFtrFtlFtrFtl..., … the Crooked Bishop".
        let leg = one_move("(FtlF)r0").legs().next().expect("a leg");
        let Some(LegElement::Group(group)) = leg.element() else {
            panic!("expected a group");
        };
        let inner: Vec<Move> = group.moves().collect();
        assert_eq!(inner.len(), 1);
        let then = inner[0].legs().nth(1).and_then(|l| l.operator());
        assert_eq!(then.map(|o| o.operator()), Some(Operator::Then));
        assert_eq!(leg.exponent().and_then(|e| e.count()), Some(Count::Any));
    }

    #[test]
    fn the_operators_are_the_ones_the_grammar_reads() {
        // Seed 001's "Overview of chaining operators": t - + ? ! x d y, and no other token.
        for raw in 0..=u16::from(u8::MAX) {
            let kind = SyntaxKind::from_raw(raw);
            let operator = super::symbol(kind).and_then(Operator::from_symbol);
            assert_eq!(
                operator.is_some(),
                crate::notation::chained::parser::is_operator(kind),
                "{kind:?}"
            );
        }
    }
}
