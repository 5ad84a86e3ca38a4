//! The moves of MBN definitions (seed 002, sections 6 and 17): chains, alternatives, optional
//! legs, terms with their operators, restrictions and modifiers, and the atoms and complex
//! riders they move as, with their steps.

use rowan::{NodeOrToken, TextRange};

use super::{Board, BoardRange, Compound, Condition, PieceSet, direct_tokens};
use crate::SyntaxKind::*;
use crate::notation::mbn::vocabulary::{
    self as vocabulary, Direction, Directional, ModifierLetters, Operator,
};
use crate::tree::ast::node_view;
use crate::tree::ast::tokens_of;
use crate::tree::{SyntaxNode, SyntaxToken};

node_view!(
    /// Parts joined by `-` (chaining) or `--` (sequence).
    Chain,
    CHAIN
);
node_view!(
    /// Terms joined by `+`, or written side by side (`WF`, `mfWcfF`).
    Alternatives,
    ALTERNATIVES
);
node_view!(
    /// An optional leg: `[...]` or `{...}`.
    Optional,
    OPTIONAL
);
node_view!(
    /// One partial move: operators, restrictions, modifiers and moves.
    Term,
    TERM
);
node_view!(
    /// A modifier letter, doubled or with `y`, optional with `?`, with its piece set (or, for
    /// `o`, its board range).
    Modifier,
    MODIFIER
);
node_view!(
    /// An amalgamated direction: `(lf)`.
    Amalgam,
    AMALGAM
);
node_view!(
    /// A basic piece's letter, a leap vector or a compound letter, with its steps.
    Atom,
    ATOM
);
node_view!(
    /// `(...)` with its circular direction and steps: "(pD)3 is limited to maximal 3 jumps".
    ComplexRider,
    GROUP
);
node_view!(
    /// An extended leaper: `:1,4:` (section 7).
    Vector,
    VECTOR
);
node_view!(
    /// The steps after a move: `0`, `3`, `03`, `0*`, `*`, `#`.
    Steps,
    RANGE
);

/// A stretch of moves: what a definition, a group or an optional leg holds.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Expression {
    Term(Term),
    Alternatives(Alternatives),
    Chain(Chain),
    Optional(Optional),
    /// What the parser kept as an error: a token that starts nothing, nesting too deep to read.
    Error(SyntaxNode),
}

impl Expression {
    pub fn cast(node: SyntaxNode) -> Option<Expression> {
        Some(match node.kind() {
            TERM => Expression::Term(Term(node)),
            ALTERNATIVES => Expression::Alternatives(Alternatives(node)),
            CHAIN => Expression::Chain(Chain(node)),
            OPTIONAL => Expression::Optional(Optional(node)),
            ERROR => Expression::Error(node),
            _ => return None,
        })
    }

    pub fn syntax(&self) -> &SyntaxNode {
        match self {
            Expression::Term(Term(node))
            | Expression::Alternatives(Alternatives(node))
            | Expression::Chain(Chain(node))
            | Expression::Optional(Optional(node))
            | Expression::Error(node) => node,
        }
    }

    pub fn text_range(&self) -> TextRange {
        self.syntax().text_range()
    }
}

/// How a part of a chain joins the one before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Joint {
    /// `-`: "by default later legs go in the same direction as the previous one".
    Chained,
    /// `--`: "the subsequent move is not implying the same direction as the preceding move".
    Sequenced,
}

impl Chain {
    /// The parts in order, each with how it joins the one before (`None` for the first).
    pub fn parts(&self) -> impl Iterator<Item = (Option<Joint>, Expression)> + '_ {
        let mut dashes = 0;
        self.0
            .children_with_tokens()
            .filter_map(move |element| match element {
                NodeOrToken::Token(t) if t.kind() == MINUS => {
                    dashes += 1;
                    None
                }
                NodeOrToken::Token(_) => None,
                NodeOrToken::Node(node) => {
                    let part = Expression::cast(node)?;
                    let joint = match std::mem::take(&mut dashes) {
                        0 => None,
                        1 => Some(Joint::Chained),
                        _ => Some(Joint::Sequenced),
                    };
                    Some((joint, part))
                }
            })
    }
}

impl Alternatives {
    pub fn terms(&self) -> impl Iterator<Item = Term> + '_ {
        self.0.children().filter_map(Term::cast)
    }
}

impl Optional {
    /// `[...]`, the player's choice ("it may belong to the whole move, or it may not"), rather
    /// than `{...}`, taken exactly when "the square is unblocked".
    pub fn is_choice(&self) -> bool {
        self.0.first_token().is_some_and(|t| t.kind() == L_BRACKET)
    }

    /// The leg inside the brackets.
    pub fn body(&self) -> Option<Expression> {
        self.0.children().find_map(Expression::cast)
    }

    /// The steps after the brackets: `{jy{X}F}0`, "the zero operator for optional arguments".
    pub fn steps(&self) -> Option<Steps> {
        self.0.children().find_map(Steps::cast)
    }
}

/// What a term holds, in source order.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TermElement {
    Operator(Operator),
    Restriction(Restriction),
    Modification(Modification),
    Move(Move),
}

/// What makes a move depend on the board or the position: a board transition, a condition, a
/// range of squares, a set of pieces.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Restriction {
    Board(Board),
    Condition(Condition),
    BoardRange(BoardRange),
    PieceSet(PieceSet),
}

impl Restriction {
    pub fn syntax(&self) -> &SyntaxNode {
        match self {
            Restriction::Board(Board(node))
            | Restriction::Condition(Condition(node))
            | Restriction::BoardRange(BoardRange(node))
            | Restriction::PieceSet(PieceSet(node)) => node,
        }
    }
}

impl Term {
    pub fn elements(&self) -> impl Iterator<Item = TermElement> + '_ {
        self.0
            .children_with_tokens()
            .filter_map(|element| match element {
                NodeOrToken::Token(t) => match t.kind() {
                    BANG => Some(TermElement::Operator(Operator::Setup)),
                    HASH => Some(TermElement::Operator(Operator::Decision)),
                    QUESTION => Some(TermElement::Operator(Operator::Precondition)),
                    _ => None,
                },
                NodeOrToken::Node(node) => term_element(node),
            })
    }
}

fn term_element(node: SyntaxNode) -> Option<TermElement> {
    Some(match node.kind() {
        BOARD => TermElement::Restriction(Restriction::Board(Board(node))),
        CONDITION => TermElement::Restriction(Restriction::Condition(Condition(node))),
        BOARD_RANGE => TermElement::Restriction(Restriction::BoardRange(BoardRange(node))),
        PIECE_SET => TermElement::Restriction(Restriction::PieceSet(PieceSet(node))),
        _ => match Modification::cast(node.clone()) {
            Some(modification) => TermElement::Modification(modification),
            None => TermElement::Move(Move::cast(node)?),
        },
    })
}

/// A modifier as the grammar has it, "<Modification> ::= <DirectionalModifier> |
/// [aceghijkmnopquwy] <PieceSet>?": a letter or an amalgam.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Modification {
    Letter(Modifier),
    Amalgam(Amalgam),
}

impl Modification {
    pub fn cast(node: SyntaxNode) -> Option<Modification> {
        Some(match node.kind() {
            MODIFIER => Modification::Letter(Modifier(node)),
            AMALGAM => Modification::Amalgam(Amalgam(node)),
            _ => return None,
        })
    }

    pub fn syntax(&self) -> &SyntaxNode {
        match self {
            Modification::Letter(Modifier(node)) | Modification::Amalgam(Amalgam(node)) => node,
        }
    }

    pub fn text_range(&self) -> TextRange {
        self.syntax().text_range()
    }

    /// The direction it gives, when it is a directional modifier.
    pub fn directional(&self) -> Option<Directional> {
        match self {
            Modification::Letter(modifier) => modifier.letters()?.directional(),
            Modification::Amalgam(amalgam) => amalgam.directional(),
        }
    }
}

impl Modifier {
    /// The letter, doubled or followed by `y` as written.
    pub fn letters(&self) -> Option<ModifierLetters> {
        let mut letters = direct_tokens(&self.0).filter(|t| t.kind().letter().is_some());
        let first = letters.next()?;
        let modifier = vocabulary::Modifier::from_letter(first.kind().letter()?)?;
        let mut next = letters.next();
        let doubled = next.as_ref().is_some_and(|t| t.kind() == first.kind());
        if doubled {
            next = letters.next();
        }
        Some(ModifierLetters {
            modifier,
            doubled,
            any: next.is_some_and(|t| t.kind() == SMALL_Y),
        })
    }

    /// `?`: "If a (doubled) modifier is suffixed with an exclamation mark (?), then this
    /// modification is optional."
    pub fn is_optional(&self) -> bool {
        tokens_of(&self.0, QUESTION).next().is_some()
    }

    /// The pieces it acts on: `c{L}`.
    pub fn piece_set(&self) -> Option<PieceSet> {
        self.0.children().find_map(PieceSet::cast)
    }

    /// `o[b,g]`: "This modifier can be followed by board range, defining the connected files."
    pub fn board_range(&self) -> Option<BoardRange> {
        self.0.children().find_map(BoardRange::cast)
    }
}

impl Amalgam {
    pub fn directional(&self) -> Option<Directional> {
        let mut directions = direct_tokens(&self.0)
            .filter_map(|t| t.kind().letter())
            .map(Direction::from_letter);
        Some(Directional::Amalgam(
            directions.next()??,
            directions.next()??,
        ))
    }
}

/// One move of a term: "<Move> ::= <ComplexRider> | <BasicLeaper> ( <Circular>? <Steps> )?".
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Move {
    Atom(Atom),
    Rider(ComplexRider),
}

impl Move {
    pub fn cast(node: SyntaxNode) -> Option<Move> {
        Some(match node.kind() {
            ATOM => Move::Atom(Atom(node)),
            GROUP => Move::Rider(ComplexRider(node)),
            _ => return None,
        })
    }

    pub fn syntax(&self) -> &SyntaxNode {
        match self {
            Move::Atom(Atom(node)) | Move::Rider(ComplexRider(node)) => node,
        }
    }

    pub fn text_range(&self) -> TextRange {
        self.syntax().text_range()
    }

    /// The direction a circular rider turns by, before its steps: `(rf)` in `(N)(rf)8`.
    pub fn circular(&self) -> Option<Modification> {
        self.syntax().children().find_map(Modification::cast)
    }

    pub fn steps(&self) -> Option<Steps> {
        self.syntax().children().find_map(Steps::cast)
    }
}

/// What an atom moves as.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Base {
    /// A basic piece's letter (section 14's table).
    Letter(char),
    Vector(Vector),
    /// A compound letter, which only a macro gives moves.
    Compound(Compound),
}

impl Atom {
    pub fn base(&self) -> Option<Base> {
        self.0
            .children_with_tokens()
            .find_map(|element| match element {
                NodeOrToken::Token(t) => t.kind().letter().map(Base::Letter),
                NodeOrToken::Node(n) => match n.kind() {
                    VECTOR => Some(Base::Vector(Vector(n))),
                    COMPOUND => Some(Base::Compound(Compound(n))),
                    _ => None,
                },
            })
    }
}

impl ComplexRider {
    /// The moves inside the parentheses.
    pub fn parts(&self) -> impl Iterator<Item = Expression> + '_ {
        self.0.children().filter_map(Expression::cast)
    }
}

impl Vector {
    /// `(m, n)` of `:m,n:`; `None` when a number is missing or does not fit a `u32`.
    pub fn leap(&self) -> Option<(u32, u32)> {
        let mut numbers = tokens_of(&self.0, DIGITS).map(|t| t.text().parse().ok());
        match (numbers.next(), numbers.next(), numbers.next()) {
            (Some(m), Some(n), None) => Some((m?, n?)),
            _ => None,
        }
    }
}

/// What steps say (section 6, "Riders" to "Edge Riders", and "Complex Riders").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StepsValue {
    /// `0`: "A rider with unlimited distance will be notated with a suffixed zero".
    Unlimited,
    /// `n`: "suffixed by a number (greater than zero) that is restricting the number of steps".
    AtMost(usize),
    /// `0n`: "an exact number of cells … prefixed with a zero"; `00` is "a null slider".
    Exactly(usize),
    /// `0*`: "moving the maximal number of possible squares".
    Maximal,
    /// `*` (or `**`, which the grammar also allows): "an edge rider, which moves to the end of
    /// the board".
    ToEdge,
    /// `#`, which the grammar allows as steps.
    Halfling,
}

impl Steps {
    /// The value; `None` for a number too large for a `usize` or steps written twice (`4*`).
    pub fn value(&self) -> Option<StepsValue> {
        let tokens: Vec<SyntaxToken> = direct_tokens(&self.0).collect();
        Some(match tokens.as_slice() {
            [digits] if digits.kind() == DIGITS => {
                let text = digits.text();
                let count: usize = text.parse().ok()?;
                match (text.starts_with('0'), text.len() > 1) {
                    (true, true) => StepsValue::Exactly(count),
                    (true, false) => StepsValue::Unlimited,
                    _ => StepsValue::AtMost(count),
                }
            }
            [zero, star] if zero.text() == "0" && star.kind() == STAR => StepsValue::Maximal,
            [_] | [_, _] if tokens.iter().all(|t| t.kind() == STAR) => StepsValue::ToEdge,
            [hash] if hash.kind() == HASH => StepsValue::Halfling,
            _ => return None,
        })
    }
}
