//! Typed views over MBN trees (seed 002), so the MBN model asks for "the steps of this rider" or
//! "the leap of this vector" and never re-reads text. MBN shares the root and the `ATOM`, `GROUP`
//! and `RANGE` kinds with XBetza but arranges them its own way (a group is a complex rider, a
//! range the rider's steps), so it has views of its own. Each view is a cheap handle on a node or
//! token and keeps its range; modifiers come out as values of [`crate::notation::mbn::vocabulary`].

use std::fmt;

use rowan::{NodeOrToken, TextRange};

use crate::SyntaxKind::{self, *};
use crate::notation::mbn::vocabulary::Prefix;
use crate::tree::ast::node_view;
use crate::tree::ast::tokens_of;
use crate::tree::{SyntaxNode, SyntaxToken};

mod moves;

pub use moves::{
    Alternatives, Amalgam, Atom, Base, Chain, ComplexRider, Expression, Joint, Modification,
    Modifier, Move, Optional, Restriction, Steps, StepsValue, Term, TermElement, Vector,
};

node_view!(
    /// One whitespace-separated definition (seed 002, section 1): identifiers, `=` and moves;
    /// identifiers, `==` and pieces; a castling head and two moves; or a name or moves alone.
    Definition,
    DEFINITION
);
node_view!(
    /// A piece or macro name: `+P`, `@:NR:`, `R<s>`, `C<2>`, `+G/DragonResurrection/`.
    Identifier,
    IDENTIFIER
);
node_view!(
    /// A compound piece letter: `:BM:` ("as an abbreviation for "Blind Monkey"").
    Compound,
    COMPOUND
);
node_view!(
    /// A piece's suffix: `<s>` in `R<s>` (section 3, "Suffixed Pieces").
    Suffix,
    SUFFIX
);
node_view!(
    /// A board or a board transition: `<2>`, `<+-1>`, `<<5>>`, `<1;2>` (sections 8 to 10).
    Board,
    BOARD
);
node_view!(
    /// `/.../`: a condition on the position (`/Ta1/`), or a name's announcement
    /// (`/DragonResurrection/`).
    Condition,
    CONDITION
);
node_view!(
    /// The head of a castling rule: `O-O`, `O-O-O`, `O-O-O-O` (section 13).
    Castling,
    CASTLING
);
node_view!(
    /// The pieces after `==`: a promotion's or a drop's (sections 4 and 5).
    PieceList,
    PIECE_LIST
);
node_view!(
    /// `{...}`: a set of pieces ("Piece Set").
    PieceSet,
    PIECE_SET
);
node_view!(
    /// `[...]`: a set of squares ("Range Operator").
    BoardRange,
    BOARD_RANGE
);
node_view!(
    /// `|...|`: a comment (section 11).
    Comment,
    COMMENT
);

impl crate::tree::ast::Piece {
    /// The definitions of an MBN string, whitespace and comments left out.
    pub fn definitions(&self) -> impl Iterator<Item = Definition> + '_ {
        self.syntax().children().filter_map(Definition::cast)
    }
}

impl Definition {
    /// The names before `=` or `==`, or the lone name.
    pub fn identifiers(&self) -> impl Iterator<Item = Identifier> + '_ {
        self.0.children().filter_map(Identifier::cast)
    }

    /// The name of a definition that is nothing else (`B`, `+P`): "If a move notation consists
    /// only of a piece letter then it will move like the identically named basic piece."
    pub fn lone_identifier(&self) -> Option<Identifier> {
        let alone = self.0.children().all(|c| c.kind() == IDENTIFIER);
        alone.then(|| self.identifiers().next()).flatten()
    }

    pub fn castling(&self) -> Option<Castling> {
        self.0.children().find_map(Castling::cast)
    }

    pub fn piece_list(&self) -> Option<PieceList> {
        self.0.children().find_map(PieceList::cast)
    }

    /// The moves: after `=` (two of them in a castling rule), or alone. Stretches the parser
    /// kept as errors are among them, so a reader can tell a move it cannot read from none.
    pub fn moves(&self) -> impl Iterator<Item = Expression> + '_ {
        self.0.children().filter_map(Expression::cast)
    }

    /// The comment that names the piece: between the name and `=` (`B|Blue Whale|=vW+fF`), or
    /// right after a lone name (`I|Nightrider|`). Section 11: "Comments are especially useful
    /// for the description of the piece letter."
    pub fn title(&self) -> Option<Comment> {
        let inside = self
            .0
            .children_with_tokens()
            .take_while(|e| e.kind() != EQUALS)
            .find_map(|e| e.into_node().and_then(Comment::cast));
        inside.or_else(|| {
            let next = self.0.next_sibling().and_then(Comment::cast)?;
            (next.text_range().start() == self.text_range().end()).then_some(next)
        })
    }
}

impl Identifier {
    /// `'`: a side-mover, "The move of a side-mover is rotated by 90 degrees (clockwise)".
    pub fn is_side_mover(&self) -> bool {
        tokens_of(&self.0, APOSTROPHE).next().is_some()
    }

    /// `@`: a macro's name in a definition's head (section 16), a drop in a drop rule (section 5).
    pub fn has_at(&self) -> bool {
        tokens_of(&self.0, AT).next().is_some()
    }

    pub fn prefixes(&self) -> impl Iterator<Item = Prefix> + '_ {
        direct_tokens(&self.0).filter_map(|t| prefix(t.kind()))
    }

    pub fn letter(&self) -> Option<PieceLetter> {
        self.0
            .children_with_tokens()
            .find_map(|element| match element {
                NodeOrToken::Token(t) => t.kind().letter().map(|_| PieceLetter::Single(t)),
                NodeOrToken::Node(n) => Compound::cast(n).map(PieceLetter::Compound),
            })
    }

    /// The letter of a name that starts with it, nothing before it (`B`, `R<s>`, `b`).
    pub fn bare_letter(&self) -> Option<char> {
        self.0.first_child_or_token()?.into_token()?.kind().letter()
    }

    pub fn suffix(&self) -> Option<Suffix> {
        self.0.children().find_map(Suffix::cast)
    }

    pub fn boards(&self) -> impl Iterator<Item = Board> + '_ {
        self.0.children().filter_map(Board::cast)
    }

    /// `/DragonResurrection/`: "moves fulfilling an announcement" (section 3).
    pub fn announcement(&self) -> Option<Condition> {
        self.0.children().find_map(Condition::cast)
    }
}

fn prefix(kind: SyntaxKind) -> Option<Prefix> {
    Some(match kind {
        PLUS => Prefix::Promoted,
        MINUS => Prefix::Unpromoted,
        BANG => Prefix::Cancel,
        QUESTION => Prefix::Precondition,
        HASH => Prefix::Game('#'),
        STAR => Prefix::Game('*'),
        DOLLAR => Prefix::Game('$'),
        PERCENT => Prefix::Game('%'),
        AMPERSAND => Prefix::Game('&'),
        _ => return None,
    })
}

/// A piece's letter: one letter, or a compound letter between colons.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PieceLetter {
    Single(SyntaxToken),
    Compound(Compound),
}

impl PieceLetter {
    /// Its letters, digits and `+` left out: `B`; `G`, `C` for `:GC+:`.
    pub fn letters(&self) -> Vec<char> {
        match self {
            PieceLetter::Single(token) => token.kind().letter().into_iter().collect(),
            PieceLetter::Compound(compound) => compound.letters().collect(),
        }
    }
}

/// As written: `B`, `:GC+:`.
impl fmt::Display for PieceLetter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PieceLetter::Single(token) => write!(f, "{}", token.text()),
            PieceLetter::Compound(compound) => write!(f, "{}", compound.syntax().text()),
        }
    }
}

impl Compound {
    pub fn letters(&self) -> impl Iterator<Item = char> + '_ {
        direct_tokens(&self.0).filter_map(|t| t.kind().letter())
    }
}

/// Which castling a head names (section 13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastlingKind {
    /// `O-O`: "short" castling "always means castling to right side".
    Short,
    /// `O-O-O`: "long" castling "always means castling to left side".
    Long,
    /// `O-O-O-O`: "This will castle forward (vertically, not horizontally)".
    Forward,
}

impl Castling {
    /// `None` for a head of more than four `O`s.
    pub fn kind(&self) -> Option<CastlingKind> {
        match tokens_of(&self.0, CAPITAL_O).count() {
            2 => Some(CastlingKind::Short),
            3 => Some(CastlingKind::Long),
            4 => Some(CastlingKind::Forward),
            _ => None,
        }
    }

    /// `{k}O-O`: "an optional piece set before first equal sign helps defining the castling for
    /// the specified piece".
    pub fn piece_set(&self) -> Option<PieceSet> {
        self.0.children().find_map(PieceSet::cast)
    }

    /// The moves after `=`: the king's, then its partner's ("the move definition includes the
    /// moves of both pieces, the royal piece (King) and the associate (Rook), respectively").
    pub fn moves(&self) -> Vec<Expression> {
        let Some(definition) = self.0.parent() else {
            return Vec::new();
        };
        definition
            .children_with_tokens()
            .skip_while(|e| e.kind() != EQUALS)
            .filter_map(|e| e.into_node().and_then(Expression::cast))
            .collect()
    }
}

impl PieceList {
    pub fn identifiers(&self) -> impl Iterator<Item = Identifier> + '_ {
        self.0.children().filter_map(Identifier::cast)
    }
}

impl PieceSet {
    pub fn identifiers(&self) -> impl Iterator<Item = Identifier> + '_ {
        self.0.children().filter_map(Identifier::cast)
    }

    /// `{^AB}`: "a set which matches all pieces that is not in the piece set".
    pub fn is_complement(&self) -> bool {
        tokens_of(&self.0, CARET).next().is_some()
    }

    /// `{!Qb}`: the letters' case says the colour ("{!QRBN} are friendly pieces").
    pub fn by_colour(&self) -> bool {
        tokens_of(&self.0, BANG).next().is_some()
    }
}

/// The ranges with a meaning of their own ("We define some special ranges").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SpecialRange {
    /// `[#]`: "all edge squares".
    Edge,
    /// `[.]`: "all inner squares".
    Inner,
    /// `[+]`: "the set of all threatened squares".
    Threatened,
    /// `[*]`: "the set off all unthreatened squares".
    Unthreatened,
    /// `[:]`: "all squares occupied by unmoved pieces".
    Unmoved,
}

impl BoardRange {
    /// The special range this is, when its brackets hold one sign and nothing else.
    pub fn special(&self) -> Option<SpecialRange> {
        let kinds: Vec<SyntaxKind> = self.0.children_with_tokens().map(|e| e.kind()).collect();
        let [L_BRACKET, sign, R_BRACKET] = kinds.as_slice() else {
            return None;
        };
        Some(match sign {
            HASH => SpecialRange::Edge,
            DOT => SpecialRange::Inner,
            PLUS => SpecialRange::Threatened,
            STAR => SpecialRange::Unthreatened,
            COLON => SpecialRange::Unmoved,
            _ => return None,
        })
    }

    /// `[^a1,a8]`: "the complement operator".
    pub fn is_complement(&self) -> bool {
        self.0.children_with_tokens().nth(1).map(|e| e.kind()) == Some(CARET)
    }
}

impl Comment {
    /// The words between the bars.
    pub fn words(&self) -> String {
        direct_tokens(&self.0)
            .filter(|t| t.kind() != PIPE)
            .map(|t| t.text().to_owned())
            .collect()
    }
}

fn direct_tokens(node: &SyntaxNode) -> impl Iterator<Item = SyntaxToken> + '_ {
    node.children_with_tokens().filter_map(|e| e.into_token())
}

#[cfg(test)]
mod tests;
