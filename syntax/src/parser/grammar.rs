//! The XBetza / Fairy Betza grammar (seed 000) as chumsky combinators over token kinds.
//!
//! ```text
//! piece    = (move | stray)*
//! move     = element* atom?            -- at least one of the two; no atom is an error
//! element  = modifier | "a" | group
//! group    = "(" (modifier | "a")* ")" digits?   -- a nested "(" … ")" is one error
//! atom     = CAPITAL CAPITAL?          -- the second only when it doubles a leaper (NN)
//!            (extension | range)*      -- extension = X | Y, range = digits | "*"
//! stray    = anything else: whitespace (trivia), or an error
//! ```
//!
//! The grammar is total: every token sequence parses. Mistakes do not stop the parser; each one
//! is emitted as a [`Problem`] with its span and the parser carries on, so the moves around a
//! mistake keep their full structure. Nothing recurses (groups do not nest), so deep or long input
//! cannot exhaust the stack, and every token is looked at a bounded number of times. The one rule
//! the two readings differ on, how many digits a number may have, comes from the notation as a
//! [`DigitRule`], so the grammar names no notation.

use chumsky::input::{Checkpoint, Cursor, InputRef};
use chumsky::inspector::Inspector;
use chumsky::prelude::*;

use super::error::{Problem, SyntaxProblem};
use crate::SyntaxKind::{self, *};
use crate::lexer::Token;
use crate::vocabulary::{Atom, LetterRole, letter_role};

pub(crate) type Span = SimpleSpan<usize>;
type Input<'a> = &'a [SyntaxKind];
// Failures carry no data (they are only ever the end of a repetition or an alternative);
// problems are collected in the parser state instead.
type Extra<'a> = extra::Full<EmptyErr, Findings, ()>;

/// How many digits a number (a range, a group's repeat count) may have in a dialect, and what a
/// longer one is: the rule XBetza and Fairy-Stockfish's reading of this grammar differ on,
/// given by each notation.
#[derive(Clone, Copy)]
pub(crate) struct DigitRule {
    pub most: usize,
    pub too_long: &'static dyn SyntaxProblem,
}

/// What the grammar found wrong: one of its own problems, or a number longer than the
/// [`DigitRule`] allows (the rule says what that is).
#[derive(Debug, Clone, Copy)]
pub(crate) enum Found {
    Problem(Problem),
    LongNumber,
}

impl From<Problem> for Found {
    fn from(problem: Problem) -> Found {
        Found::Problem(problem)
    }
}

/// The problems found so far, in the parser's state. A rewind drops those found on the
/// abandoned path, so only problems of the parse that was kept are reported.
#[derive(Debug, Default)]
pub(crate) struct Findings(pub Vec<(Span, Found)>);

impl Findings {
    fn push(&mut self, start: usize, end: usize, found: impl Into<Found>) {
        self.0.push((Span::from(start..end), found.into()));
    }
}

impl<'a> Inspector<'a, Input<'a>> for Findings {
    type Checkpoint = usize;

    fn on_token(&mut self, _: &SyntaxKind) {}

    fn on_save<'parse>(&self, _: &Cursor<'a, 'parse, Input<'a>>) -> usize {
        self.0.len()
    }

    fn on_rewind<'parse>(&mut self, marker: &Checkpoint<'a, 'parse, Input<'a>, usize>) {
        self.0.truncate(*marker.inspector());
    }
}

/// A node of the parse result: its kind and the tokens it spans (indices into the token list).
/// Tokens inside the span but outside every child belong to the node itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SpanNode {
    pub kind: SyntaxKind,
    pub start: usize,
    pub end: usize,
    pub children: Vec<SpanNode>,
}

impl SpanNode {
    fn leaf(kind: SyntaxKind, span: Span) -> SpanNode {
        SpanNode {
            kind,
            start: span.start,
            end: span.end,
            children: Vec::new(),
        }
    }
}

/// What the parser needs to know about the text besides token kinds.
#[derive(Clone, Copy)]
pub(crate) struct Source<'a> {
    pub text: &'a str,
    pub tokens: &'a [Token],
    pub kinds: &'a [SyntaxKind],
}

impl Source<'_> {
    fn token_text(&self, index: usize) -> &str {
        self.tokens
            .get(index)
            .map_or("", |token| &self.text[token.range])
    }
}

/// One piece of a move before its atom.
#[derive(Debug, Clone)]
enum Element {
    Modifier(usize),
    Again(usize),
    Node(SpanNode),
}

impl Element {
    fn span(&self) -> (usize, usize) {
        match self {
            Element::Modifier(i) | Element::Again(i) => (*i, *i + 1),
            Element::Node(node) => (node.start, node.end),
        }
    }
}

fn role(kind: SyntaxKind) -> Option<LetterRole> {
    kind.letter().map(letter_role)
}

/// A modifier letter at token `index`; `w`, which has no meaning, is reported.
fn modifier(kind: SyntaxKind, index: usize, findings: &mut Findings) -> Element {
    if role(kind) == Some(LetterRole::Unknown) {
        findings.push(index, index + 1, Problem::UnknownModifier);
    }
    Element::Modifier(index)
}

/// Splits a move's (or a group's) elements into legs at each top-level `a`. A leg with no
/// modifiers is an empty node at the position where it would start.
fn legs(elements: Vec<Element>, first_position: usize) -> Vec<SpanNode> {
    let empty_leg = |position| SpanNode {
        kind: LEG,
        start: position,
        end: position,
        children: Vec::new(),
    };
    let mut legs = Vec::new();
    let mut leg = empty_leg(first_position);
    let mut leg_is_empty = true;
    for element in elements {
        let (start, end) = element.span();
        match element {
            Element::Again(index) => {
                legs.push(std::mem::replace(&mut leg, empty_leg(index + 1)));
                leg_is_empty = true;
            }
            Element::Modifier(_) | Element::Node(_) => {
                if leg_is_empty {
                    leg.start = start;
                    leg_is_empty = false;
                }
                leg.end = end;
                if let Element::Node(node) = element {
                    leg.children.push(node);
                }
            }
        }
    }
    legs.push(leg);
    legs
}

/// The parser for a whole Betza string in XBetza or Fairy Betza.
pub(crate) fn piece<'a>(
    source: Source<'a>,
    digits: DigitRule,
) -> impl Parser<'a, Input<'a>, SpanNode, Extra<'a>> {
    let modifier = any::<Input<'a>, Extra<'a>>()
        .filter(|kind: &SyntaxKind| kind.is_modifier_letter())
        .map_with(|kind, e| {
            let span: Span = e.span();
            modifier(kind, span.start, e.state())
        });
    let again = just(SMALL_A).map_with(|_, e| {
        let span: Span = e.span();
        Element::Again(span.start)
    });
    let group = custom(move |input| group(input, source, digits));
    let elements = choice((modifier, again, group))
        .repeated()
        .collect::<Vec<_>>();
    let atom = custom(move |input| atom(input, source, digits));

    let a_move = elements
        .then(atom.or_not())
        .filter(|(elements, atom)| !elements.is_empty() || atom.is_some())
        .map_with(move |(elements, atom), e| {
            let span: Span = e.span();
            let ends_with_again = matches!(elements.last(), Some(Element::Again(_)));
            let mut children = legs(elements, span.start);
            match atom {
                Some(atom) => children.push(atom),
                None => e.state().push(
                    span.start,
                    span.end,
                    Problem::MissingAtom {
                        ends_with_again,
                        at_end: span.end == source.kinds.len(),
                        before_space: source.kinds.get(span.end) == Some(&WHITESPACE),
                    },
                ),
            }
            Some(SpanNode {
                kind: MOVE,
                start: span.start,
                end: span.end,
                children,
            })
        });

    let stray = any::<Input<'a>, Extra<'a>>().map_with(|kind: SyntaxKind, e| {
        let span: Span = e.span();
        let found = match kind {
            WHITESPACE => return None,
            DIGITS => Problem::StrayNumber,
            STAR => Problem::StrayStar,
            R_PAREN => Problem::UnmatchedParen,
            CAPITAL_X | CAPITAL_Y => Problem::StrayExtension,
            UNKNOWN => Problem::UnknownCharacter,
            _ => Problem::StrayPunctuation,
        };
        e.state().push(span.start, span.end, found);
        Some(SpanNode::leaf(ERROR, span))
    });

    choice((a_move, stray))
        .repeated()
        .collect::<Vec<_>>()
        .map(move |items| SpanNode {
            kind: PIECE,
            start: 0,
            end: source.kinds.len(),
            children: items.into_iter().flatten().collect(),
        })
}

/// A repeat group. Parentheses do not nest (seed 000 shows one level); a nested pair is kept as
/// error tokens and reported once, and depth is counted rather than recursed into, so any number
/// of `(` is safe.
fn group<'a>(
    input: &mut InputRef<'a, '_, Input<'a>, Extra<'a>>,
    source: Source<'a>,
    digits: DigitRule,
) -> Result<Element, EmptyErr> {
    let start = input.cursor();
    let open = input.span_since(&start).start;
    if input.peek() != Some(L_PAREN) {
        return Err(EmptyErr::default());
    }
    input.skip();
    let mut elements = Vec::new();
    let mut depth = 0usize;
    let mut closed = false;
    loop {
        let index = input.span_since(&start).end;
        let Some(kind) = input.peek() else { break };
        let element = match kind {
            SMALL_A => Element::Again(index),
            _ if kind.is_modifier_letter() => modifier(kind, index, input.state()),
            L_PAREN => {
                if depth == 0 {
                    input.state().push(index, index + 1, Problem::NestedParen);
                }
                depth += 1;
                Element::Node(SpanNode::leaf(ERROR, Span::from(index..index + 1)))
            }
            R_PAREN if depth > 0 => {
                depth -= 1;
                Element::Node(SpanNode::leaf(ERROR, Span::from(index..index + 1)))
            }
            // The count of a nested group belongs to the nested pair already reported.
            DIGITS
                if depth > 0
                    || matches!(elements.last(), Some(Element::Node(n)) if n.kind == ERROR) =>
            {
                Element::Node(SpanNode::leaf(ERROR, Span::from(index..index + 1)))
            }
            R_PAREN => {
                input.skip();
                closed = true;
                break;
            }
            _ => break,
        };
        input.skip();
        elements.push(element);
    }
    if closed {
        if input.peek() == Some(DIGITS) {
            let index = input.span_since(&start).end;
            input.skip();
            if source.token_text(index).len() > digits.most {
                input.state().push(index, index + 1, Found::LongNumber);
            }
        }
        if elements.is_empty() {
            input.state().push(open, open + 2, Problem::EmptyGroup);
        }
    } else {
        input.state().push(open, open + 1, Problem::UnclosedParen);
    }
    let span = input.span_since(&start);
    Ok(Element::Node(SpanNode {
        kind: GROUP,
        start: span.start,
        end: span.end,
        children: legs(elements, span.start + 1),
    }))
}

/// An atom letter (doubled for a rider) followed by its extension suffix and its range, in any
/// order, checked as it is read.
fn atom<'a>(
    input: &mut InputRef<'a, '_, Input<'a>, Extra<'a>>,
    source: Source<'a>,
    digits: DigitRule,
) -> Result<SpanNode, EmptyErr> {
    let start = input.cursor();
    let first = input.span_since(&start).start;
    let Some(kind) = input.peek() else {
        return Err(EmptyErr::default());
    };
    let atom = match role(kind) {
        Some(LetterRole::Atom(atom)) => Some(atom),
        Some(LetterRole::Unknown) if kind.is_capital_letter() => None,
        _ => return Err(EmptyErr::default()),
    };
    input.skip();
    let mut doubled = false;
    match atom {
        None => input.state().push(first, first + 1, Problem::UnknownAtom),
        Some(atom) if atom.rides_when_doubled() && input.peek() == Some(kind) => {
            input.skip();
            doubled = true;
        }
        Some(_) => {}
    }

    let mut children = Vec::new();
    let mut has_range = false;
    let mut has_extension = false;
    loop {
        let index = input.span_since(&start).end;
        match input.peek() {
            Some(CAPITAL_X | CAPITAL_Y) => {
                input.skip();
                if has_extension {
                    input
                        .state()
                        .push(index, index + 1, Problem::DuplicateExtension);
                } else if doubled || atom.is_some_and(|atom| !atom.takes_extension()) {
                    input
                        .state()
                        .push(index, index + 1, Problem::ExtensionOnNonLeaper);
                }
                has_extension = true;
            }
            Some(range @ (DIGITS | STAR)) => {
                input.skip();
                let span = Span::from(index..index + 1);
                if has_range {
                    input
                        .state()
                        .push(index, index + 1, Problem::DuplicateRange);
                    children.push(SpanNode::leaf(ERROR, span));
                } else {
                    if let Some(found) = range_problem(source, digits, atom, doubled, range, index)
                    {
                        input.state().push(index, index + 1, found);
                    }
                    children.push(SpanNode::leaf(RANGE, span));
                }
                has_range = true;
            }
            _ => break,
        }
    }
    let span = input.span_since(&start);
    Ok(SpanNode {
        kind: ATOM,
        start: span.start,
        end: span.end,
        children,
    })
}

/// What is wrong with the range token at `index` after `atom`, if anything.
fn range_problem(
    source: Source<'_>,
    rule: DigitRule,
    atom: Option<Atom>,
    doubled: bool,
    range: SyntaxKind,
    index: usize,
) -> Option<Found> {
    let digits = source.token_text(index);
    match atom {
        Some(Atom::O) if range == STAR || digits.bytes().all(|b| b == b'0') => {
            return Some(Problem::CastlingBadStep.into());
        }
        Some(Atom::U | Atom::I) => return Some(Problem::RangeWithoutEffect.into()),
        _ if doubled => return Some(Problem::RangeOnDoubledAtom.into()),
        _ => {}
    }
    (range == DIGITS && digits.len() > rule.most).then_some(Found::LongNumber)
}
