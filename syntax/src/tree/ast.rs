//! Typed views over the tree, so later layers ask for "the legs of this move" or "the range of
//! this atom" and never re-read text. Each view is a cheap handle on a node or token and keeps
//! its range, so diagnostics and hovers can point back at the letters.

use rowan::TextRange;

use super::{SyntaxNode, SyntaxToken};
use crate::SyntaxKind::{self, *};
use crate::vocabulary::{self, Extension, LetterRole, letter_role};

macro_rules! node_view {
    ($(#[$doc:meta])* $name:ident, $kind:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub struct $name(SyntaxNode);

        impl $name {
            pub fn cast(node: SyntaxNode) -> Option<Self> {
                (node.kind() == $kind).then(|| Self(node))
            }

            pub fn syntax(&self) -> &SyntaxNode {
                &self.0
            }

            pub fn text_range(&self) -> TextRange {
                self.0.text_range()
            }
        }
    };
}

pub(crate) use node_view;

node_view!(
    /// A whole Betza string: a sequence of moves.
    Piece,
    PIECE
);
node_view!(
    /// One move: legs separated by `a`, then an atom (missing while someone is typing).
    Move,
    MOVE
);
node_view!(
    /// The modifiers of one leg, with any repeat groups among them.
    Leg,
    LEG
);
node_view!(
    /// A parenthesised repeat group: `(caf)` in `(caf)R`.
    Group,
    GROUP
);
node_view!(
    /// The atom letter, doubled for a rider, with its extension and range.
    Atom,
    ATOM
);
node_view!(
    /// The range after an atom.
    Range,
    RANGE
);

impl Piece {
    pub(crate) fn from_root(root: SyntaxNode) -> Piece {
        Piece(root)
    }

    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.0.children().filter_map(Move::cast)
    }
}

impl Move {
    /// The legs in order; a move has one more leg than it has top-level `a`s.
    pub fn legs(&self) -> impl Iterator<Item = Leg> + '_ {
        self.0.children().filter_map(Leg::cast)
    }

    pub fn atom(&self) -> Option<Atom> {
        self.0.children().find_map(Atom::cast)
    }

    /// The `a` tokens that separate the legs.
    pub fn separators(&self) -> impl Iterator<Item = SyntaxToken> + '_ {
        tokens_of(&self.0, SMALL_A)
    }
}

/// What a leg holds, in source order.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum LegElement {
    Modifier(Modifier),
    Group(Group),
}

impl Leg {
    pub fn elements(&self) -> impl Iterator<Item = LegElement> + '_ {
        self.0
            .children_with_tokens()
            .filter_map(|element| match element {
                rowan::NodeOrToken::Token(token) => Modifier::cast(token).map(LegElement::Modifier),
                rowan::NodeOrToken::Node(node) => Group::cast(node).map(LegElement::Group),
            })
    }

    /// The modifiers written directly in this leg (not those inside its groups).
    pub fn modifiers(&self) -> impl Iterator<Item = Modifier> + '_ {
        self.0
            .children_with_tokens()
            .filter_map(|element| element.into_token().and_then(Modifier::cast))
    }
}

impl Group {
    pub fn legs(&self) -> impl Iterator<Item = Leg> + '_ {
        self.0.children().filter_map(Leg::cast)
    }

    pub fn is_closed(&self) -> bool {
        tokens_of(&self.0, R_PAREN).next().is_some()
    }

    /// The most repeats allowed: the number after `)`, if any and if it fits.
    pub fn max_repeats(&self) -> Option<u32> {
        tokens_of(&self.0, DIGITS)
            .next()
            .and_then(|t| t.text().parse().ok())
    }
}

/// One modifier letter (or `w`, which has none) in a leg.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Modifier(SyntaxToken);

impl Modifier {
    pub fn cast(token: SyntaxToken) -> Option<Modifier> {
        token.kind().is_modifier_letter().then(|| Modifier(token))
    }

    pub fn syntax(&self) -> &SyntaxToken {
        &self.0
    }

    pub fn text_range(&self) -> TextRange {
        self.0.text_range()
    }

    /// The modifier this letter is; `None` for `w`.
    pub fn modifier(&self) -> Option<vocabulary::Modifier> {
        match letter_role(self.0.kind().letter()?) {
            LetterRole::Modifier(modifier) => Some(modifier),
            _ => None,
        }
    }
}

/// The meaning of a range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RangeValue {
    /// At most this many steps; `0` means unlimited (as XBoard and Fairy-Stockfish read it).
    Steps(u32),
    /// `*`: the number of ranks up to the enemy board half, at least 1 (seed 000).
    ToEnemyHalf,
}

impl Atom {
    fn letter_tokens(&self) -> impl Iterator<Item = SyntaxToken> + '_ {
        self.0
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(|t| t.kind().is_capital_letter())
            .filter(|t| !matches!(t.kind(), CAPITAL_X | CAPITAL_Y))
    }

    /// The atom letter's token (the first one of a doubled atom).
    pub fn letter_token(&self) -> Option<SyntaxToken> {
        self.letter_tokens().next()
    }

    /// The atom; `None` for capitals that are no atom (E, M, P, V).
    pub fn atom(&self) -> Option<vocabulary::Atom> {
        match letter_role(self.letter_token()?.kind().letter()?) {
            LetterRole::Atom(atom) => Some(atom),
            _ => None,
        }
    }

    /// Whether the letter is doubled: an unlimited rider (`NN` = Nightrider, seed 000).
    pub fn is_doubled(&self) -> bool {
        self.letter_tokens().nth(1).is_some()
    }

    pub fn extension(&self) -> Option<Extension> {
        self.0
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .find_map(|t| Extension::from_char(t.kind().letter()?))
    }

    pub fn range(&self) -> Option<Range> {
        self.0.children().find_map(Range::cast)
    }
}

impl Range {
    pub fn token(&self) -> Option<SyntaxToken> {
        self.0.first_token()
    }

    /// The value, or `None` if the digits do not fit a `u32`.
    pub fn value(&self) -> Option<RangeValue> {
        let token = self.token()?;
        match token.kind() {
            STAR => Some(RangeValue::ToEnemyHalf),
            _ => token.text().parse().ok().map(RangeValue::Steps),
        }
    }
}

pub(crate) fn tokens_of(
    node: &SyntaxNode,
    kind: SyntaxKind,
) -> impl Iterator<Item = SyntaxToken> + '_ {
    node.children_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(move |t| t.kind() == kind)
}

#[cfg(test)]
mod tests;
