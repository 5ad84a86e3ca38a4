//! The chained Extended Betza grammar (seed 001) by hand-written recursive descent.
//!
//! ```text
//! piece     = move*
//! move      = modifier* leg (operator modifier* leg)*      -- `frmWxlW` is frm(W x lW)
//! leg       = element exponent?
//! element   = ATOM | "(" DIGITS "," DIGITS ")" | "(" move* ")"
//! exponent  = operator? modifier* DIGITS                   -- `W3`, `W-3`, `Nrf8`, `(FtlF)r0`
//! operator  = "t" | "-" | "+" | "?" | "!" | "x" | "d" | "y"
//! ```
//!
//! The seed: "the binary operators t-+xdy couple more tightly than the prefix modifiers mc",
//! so a move's prefix letters stand before its first leg and the letters after an operator
//! belong to the next leg. After a leg, a run of letters and operators is an exponent when
//! digits follow it, a chain when it starts with an operator, and otherwise the prefix of the
//! next move (`fmWfcF`). Groups nest at most [`MAX_DEPTH`] deep.

mod problem;

use crate::SyntaxKind::{self, *};
use crate::parser::Problem;
use crate::parser::grammar::{Source, SpanNode};
use crate::parser::limits::MAX_DEPTH;

use problem::ChainedProblem;

/// A finding, in token indices.
type Finding = (usize, usize, ChainedProblem);

/// The modifiers of seed 001's table: modality, blocking, directions, `i`, `e` and `k`.
pub(crate) const MODIFIERS: &str = "cmnjpgqzofblrsvahiek";

/// Whether `kind` is a chaining operator.
pub(crate) fn is_operator(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        SMALL_T | MINUS | PLUS | QUESTION | BANG | SMALL_X | SMALL_D | SMALL_Y
    )
}

fn is_modifier(kind: SyntaxKind) -> bool {
    kind.letter()
        .is_some_and(|c| c.is_ascii_lowercase() && MODIFIERS.contains(c))
}

/// Atoms and shortcuts of seed 001 (`H` and `I` are both the (3,0) leap: the seed's table writes
/// `I`, its board grid `H`).
pub(crate) fn is_atom(kind: SyntaxKind) -> bool {
    kind.letter()
        .is_some_and(|c| "OWFDAHILJGNKBRQCZ".contains(c))
}

struct Parser<'a> {
    kinds: &'a [SyntaxKind],
    at: usize,
    findings: Vec<Finding>,
}

pub(crate) fn parse(source: Source<'_>) -> (SpanNode, Vec<Finding>) {
    let mut parser = Parser {
        kinds: source.kinds,
        at: 0,
        findings: Vec::new(),
    };
    let mut children = Vec::new();
    while !parser.done() {
        if parser.peek() == Some(WHITESPACE) {
            parser.at += 1;
        } else if parser.peek() == Some(R_PAREN) {
            parser.error(Problem::UnmatchedParen, &mut children);
        } else {
            children.push(parser.a_move(0));
        }
    }
    let root = SpanNode {
        kind: PIECE,
        start: 0,
        end: source.kinds.len(),
        children,
    };
    (root, parser.findings)
}

impl Parser<'_> {
    fn done(&self) -> bool {
        self.at >= self.kinds.len()
    }

    fn peek(&self) -> Option<SyntaxKind> {
        self.kinds.get(self.at).copied()
    }

    fn nth(&self, n: usize) -> Option<SyntaxKind> {
        self.kinds.get(self.at + n).copied()
    }

    /// One token as an ERROR node, with its finding.
    fn error(&mut self, problem: impl Into<ChainedProblem>, into: &mut Vec<SpanNode>) {
        self.findings.push((self.at, self.at + 1, problem.into()));
        into.push(SpanNode {
            kind: ERROR,
            start: self.at,
            end: self.at + 1,
            children: Vec::new(),
        });
        self.at += 1;
    }

    /// Modifier letters into one MODIFIER node, if there are any.
    fn modifiers(&mut self, into: &mut Vec<SpanNode>) {
        let start = self.at;
        while self.peek().is_some_and(is_modifier) {
            self.at += 1;
        }
        if self.at > start {
            into.push(SpanNode {
                kind: MODIFIER,
                start,
                end: self.at,
                children: Vec::new(),
            });
        }
    }

    fn a_move(&mut self, depth: u32) -> SpanNode {
        let start = self.at;
        let mut children = Vec::new();
        loop {
            self.modifiers(&mut children);
            match self.peek() {
                Some(kind) if is_operator(kind) => {
                    self.error(ChainedProblem::OperatorFirst, &mut children);
                }
                Some(kind) if kind.letter().is_some_and(|c| c.is_ascii_lowercase()) => {
                    self.error(ChainedProblem::UnknownLetter, &mut children);
                }
                _ => break,
            }
        }
        if !self.leg(depth, &mut children) {
            self.missing_leg(start, &mut children);
            return SpanNode {
                kind: MOVE,
                start,
                end: self.at,
                children,
            };
        }
        // Operators and the next legs, while the run after a leg starts with an operator.
        while self.peek().is_some_and(is_operator) {
            let operator = self.at;
            self.at += 1;
            self.modifiers(&mut children);
            if !self.leg(depth, &mut children) {
                self.findings
                    .push((operator, operator + 1, ChainedProblem::MissingLeg));
                break;
            }
        }
        SpanNode {
            kind: MOVE,
            start,
            end: self.at,
            children,
        }
    }

    /// After modifiers with no leg: the next token is consumed as an error, or the end is.
    fn missing_leg(&mut self, start: usize, children: &mut Vec<SpanNode>) {
        match self.peek() {
            None | Some(R_PAREN) => self.findings.push((
                start,
                self.at.max(start + 1).min(self.kinds.len()),
                ChainedProblem::MissingLeg,
            )),
            Some(kind) if kind.letter().is_some_and(|c| c.is_ascii_uppercase()) => {
                self.error(ChainedProblem::UnknownAtom, children)
            }
            Some(DIGITS) => self.error(Problem::StrayNumber, children),
            Some(WHITESPACE) => self.at += 1,
            Some(UNKNOWN) => self.error(Problem::UnknownCharacter, children),
            Some(_) => self.error(Problem::StrayPunctuation, children),
        }
    }

    /// A leg: an element and its exponent. `false` (nothing consumed) when none starts here.
    fn leg(&mut self, depth: u32, into: &mut Vec<SpanNode>) -> bool {
        let start = self.at;
        let mut children = Vec::new();
        match self.peek() {
            Some(kind) if is_atom(kind) => {
                children.push(SpanNode {
                    kind: ATOM,
                    start: self.at,
                    end: self.at + 1,
                    children: Vec::new(),
                });
                self.at += 1;
            }
            Some(L_PAREN)
                if self.nth(1) == Some(DIGITS)
                    && self.nth(2) == Some(COMMA)
                    && self.nth(3) == Some(DIGITS)
                    && self.nth(4) == Some(R_PAREN) =>
            {
                let vector = SpanNode {
                    kind: VECTOR,
                    start: self.at,
                    end: self.at + 5,
                    children: Vec::new(),
                };
                children.push(SpanNode {
                    kind: ATOM,
                    start: self.at,
                    end: self.at + 5,
                    children: vec![vector],
                });
                self.at += 5;
            }
            Some(L_PAREN) => children.push(self.group(depth)),
            _ => return false,
        }
        self.exponent(&mut children);
        into.push(SpanNode {
            kind: LEG,
            start,
            end: self.at,
            children,
        });
        true
    }

    fn group(&mut self, depth: u32) -> SpanNode {
        let start = self.at;
        self.at += 1;
        let mut children = Vec::new();
        if depth >= MAX_DEPTH {
            // Too deep to read: skip to the matching `)` without descending.
            let mut open = 1usize;
            while let Some(kind) = self.peek() {
                open = match kind {
                    L_PAREN => open + 1,
                    R_PAREN => open - 1,
                    _ => open,
                };
                self.at += 1;
                if open == 0 {
                    break;
                }
            }
            self.findings
                .push((start, self.at, ChainedProblem::NestingTooDeep));
            return SpanNode {
                kind: ERROR,
                start,
                end: self.at,
                children,
            };
        }
        while !self.done() && self.peek() != Some(R_PAREN) {
            if self.peek() == Some(WHITESPACE) {
                self.at += 1;
            } else {
                children.push(self.a_move(depth + 1));
            }
        }
        if self.peek() == Some(R_PAREN) {
            self.at += 1;
            if children.is_empty() {
                self.findings
                    .push((start, self.at, Problem::EmptyGroup.into()));
            }
        } else {
            self.findings
                .push((start, start + 1, Problem::UnclosedParen.into()));
        }
        SpanNode {
            kind: GROUP,
            start,
            end: self.at,
            children,
        }
    }

    /// `3`, `-3`, `x3`, `rf8`, `r0`: letters and at most one operator, then digits.
    fn exponent(&mut self, into: &mut Vec<SpanNode>) {
        let mut end = self.at;
        let mut operators = 0;
        while let Some(kind) = self.kinds.get(end).copied() {
            if is_operator(kind) {
                operators += 1;
            } else if !is_modifier(kind) {
                break;
            }
            end += 1;
        }
        if operators <= 1 && self.kinds.get(end) == Some(&DIGITS) {
            into.push(SpanNode {
                kind: RANGE,
                start: self.at,
                end: end + 1,
                children: Vec::new(),
            });
            self.at = end + 1;
        }
    }
}

#[cfg(test)]
mod tests;
