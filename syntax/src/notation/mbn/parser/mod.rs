//! The MBN grammar (seed 002, sections 1–17) by hand-written recursive descent.
//!
//! ```text
//! text        = (definition | COMMENT | WHITESPACE)*      -- whitespace ends a definition
//! definition  = head ("=" body ("=" body)? | "==" piece_list)   -- the second body: castling
//!             | identifier                                 -- `B`, `+P`: a default definition
//!             | body                                       -- a bare move, as the seed's examples
//! head        = castling | identifier+
//! identifier  = "'"? "@"? prefix* (LETTER | compound) suffix? board? condition?
//! body        = chain
//! chain       = part (("-" | "--") part)*
//! part        = ("[" chain "]" | "{" chain "}") steps?     -- optional legs, by the seed's
//!             | alternatives                               -- disambiguation rule
//! alternatives= term ("+" term)*
//! term        = ("!" | "#" | "?" | board | condition)* board_range? (piece_set | modifier)*
//!               move+ board_range?                        -- `mPQ`: one term, two moves
//! move        = (CAPITAL | compound | vector | "(" chain ")") circular? steps?
//! steps       = DIGITS "*"? | "*" "*"? | "#"
//! ```
//!
//! Comments (`|...|`) may stand anywhere; they are set aside before parsing and put back into
//! the tree where they were. Brackets are matched in one pass first, so deciding whether `[`
//! opens an optional leg or a board range costs nothing, and nesting deeper than
//! [`MAX_DEPTH`](crate::parser::limits::MAX_DEPTH) is reported and skipped rather than recursed into: any input is safe.

mod head;
mod moves;
mod problem;

use crate::SyntaxKind::{self, *};
use crate::parser::grammar::{Source, SpanNode};

use problem::MbnProblem;

/// A finding, in token indices.
pub(crate) type Finding = (usize, usize, MbnProblem);

/// The tokens of `text` parsed as MBN, and the syntax errors found on the way: the grammar of
/// the notation `Mbn`.
pub(crate) fn parse_tokens(
    text: &str,
    tokens: &[crate::lexer::Token],
) -> (SpanNode, Vec<crate::SyntaxError>) {
    crate::parser::parse_own(text, tokens, crate::Dialect::Mbn, parse)
}

/// `text` read as MBN, as `Mbn` reads it: for the model, which lowers the definitions of basic
/// pieces and attackers, and the lints, which read the moves they check.
pub(crate) fn read(text: &str) -> crate::tree::Parse {
    crate::notation::read_with(text, crate::Dialect::Mbn, parse_tokens)
}

/// The syntax errors of `text` read as MBN, with no tree built: for the macros, each of whose
/// expansions is parsed only to be told whether it reads.
pub(crate) fn errors_of(text: &str) -> Vec<crate::SyntaxError> {
    parse_tokens(text, &crate::lexer::lex(text)).1
}

/// Parses a whole MBN text: every whitespace-separated definition.
pub(crate) fn parse(source: Source<'_>) -> (SpanNode, Vec<Finding>) {
    let kinds = source.kinds;
    let mut findings = Vec::new();
    let mut comments = Vec::new();
    let mut words: Vec<Vec<usize>> = Vec::new();
    let mut word: Vec<usize> = Vec::new();
    let mut index = 0;
    while index < kinds.len() {
        match kinds[index] {
            PIPE => {
                let close = (index + 1..kinds.len()).find(|&i| kinds[i] == PIPE);
                let end = close.map_or(kinds.len(), |c| c + 1);
                if close.is_none() {
                    findings.push((index, index + 1, MbnProblem::Unclosed('|')));
                }
                comments.push(SpanNode {
                    kind: COMMENT,
                    start: index,
                    end,
                    children: Vec::new(),
                });
                index = end;
                continue;
            }
            WHITESPACE => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            _ => word.push(index),
        }
        index += 1;
    }
    if !word.is_empty() {
        words.push(word);
    }
    let mut root = SpanNode {
        kind: PIECE,
        start: 0,
        end: kinds.len(),
        children: Vec::new(),
    };
    for word in words {
        let mut parser = Parser::new(source, word);
        root.children.push(parser.definition());
        findings.append(&mut parser.findings);
    }
    insert(&mut root, comments);
    (root, findings)
}

/// Puts each of `leaves` (in order, apart from each other) into the deepest node whose span
/// holds it, among that node's children in order. One pass over each node's children for all
/// the leaves, not one per leaf: a definition of thousands of titled pieces (`K|c|K|c|…`) has
/// as many comments as children.
fn insert(node: &mut SpanNode, leaves: Vec<SpanNode>) {
    if leaves.is_empty() {
        return;
    }
    let children = std::mem::take(&mut node.children);
    let mut held: Vec<Vec<SpanNode>> = children.iter().map(|_| Vec::new()).collect();
    let mut here: Vec<SpanNode> = Vec::new();
    // The children are in order and apart, so the only one that can hold a leaf is the first
    // that ends after the leaf starts; for the next leaf it is that one or a later one.
    let mut next = 0;
    for leaf in leaves {
        while children.get(next).is_some_and(|c| c.end <= leaf.start) {
            next += 1;
        }
        match children.get(next) {
            Some(c) if c.start <= leaf.start && leaf.end <= c.end && c.start < c.end => {
                held[next].push(leaf);
            }
            _ => here.push(leaf),
        }
    }
    // A leaf left here goes before the first child that starts where it ends or later.
    let mut here = here.into_iter().peekable();
    for (mut child, leaves) in children.into_iter().zip(held) {
        while let Some(leaf) = here.next_if(|l| child.start >= l.end) {
            node.children.push(leaf);
        }
        insert(&mut child, leaves);
        node.children.push(child);
    }
    node.children.extend(here);
}

/// The parser of one definition: its significant tokens (comments and whitespace left out)
/// and their bracket partners.
pub(crate) struct Parser<'s> {
    source: Source<'s>,
    /// Token indices of the definition's significant tokens.
    sig: Vec<usize>,
    /// For each significant token that is a bracket, the position of its partner.
    partner: Vec<Option<usize>>,
    pos: usize,
    depth: u32,
    findings: Vec<Finding>,
    /// Where the finding that starts furthest on starts: a term asks whether one lies in it
    /// without reading them all (a definition can hold thousands).
    furthest: Option<usize>,
}

impl<'s> Parser<'s> {
    fn new(source: Source<'s>, sig: Vec<usize>) -> Parser<'s> {
        let mut parser = Parser {
            source,
            partner: vec![None; sig.len()],
            sig,
            pos: 0,
            depth: 0,
            findings: Vec::new(),
            furthest: None,
        };
        parser.match_brackets();
        parser
    }

    /// Pairs `( [ { <` with their closers in one pass; reports the ones left alone.
    fn match_brackets(&mut self) {
        let mut open: Vec<usize> = Vec::new();
        for i in 0..self.sig.len() {
            let kind = self.kind_at(i);
            if closer_of(kind).is_some() {
                open.push(i);
            } else if let Some(opener) = opener_of(kind) {
                match open.last() {
                    Some(&top) if self.kind_at(top) == opener => {
                        open.pop();
                        self.partner[top] = Some(i);
                        self.partner[i] = Some(top);
                    }
                    _ => self.report(i, i + 1, MbnProblem::Unmatched(char_of(kind))),
                }
            }
        }
        for i in open {
            self.report(i, i + 1, MbnProblem::Unclosed(char_of(self.kind_at(i))));
        }
    }

    fn kind_at(&self, i: usize) -> SyntaxKind {
        self.sig
            .get(i)
            .map_or(WHITESPACE, |&t| self.source.kinds[t])
    }

    /// The kind of the current token; `None` at the end of the definition.
    fn peek(&self) -> Option<SyntaxKind> {
        self.peek_nth(0)
    }

    fn peek_nth(&self, n: usize) -> Option<SyntaxKind> {
        (self.pos + n < self.sig.len()).then(|| self.kind_at(self.pos + n))
    }

    fn at(&self, kind: SyntaxKind) -> bool {
        self.peek() == Some(kind)
    }

    fn at_end(&self) -> bool {
        self.pos >= self.sig.len()
    }

    fn bump(&mut self) {
        self.pos = (self.pos + 1).min(self.sig.len());
    }

    fn eat(&mut self, kind: SyntaxKind) -> bool {
        let found = self.at(kind);
        if found {
            self.bump();
        }
        found
    }

    /// The text of the significant token at `i`.
    fn text_at(&self, i: usize) -> &'s str {
        self.sig.get(i).map_or("", |&t| {
            let source = self.source;
            &source.text[source.tokens[t].range]
        })
    }

    /// The token index where significant position `i` starts (the end of the definition past
    /// its last token).
    fn token_index(&self, i: usize) -> usize {
        match self.sig.get(i) {
            Some(&t) => t,
            None => self.sig.last().map_or(0, |&t| t + 1),
        }
    }

    /// A node over significant positions `from..to`; empty spans sit where `from` would start.
    fn node(&self, kind: SyntaxKind, from: usize, to: usize, children: Vec<SpanNode>) -> SpanNode {
        let start = self.token_index(from);
        let end = if to > from {
            self.token_index(to - 1) + 1
        } else {
            start
        };
        SpanNode {
            kind,
            start,
            end,
            children,
        }
    }

    fn report(&mut self, from: usize, to: usize, problem: MbnProblem) {
        let start = self.token_index(from);
        let end = if to > from {
            self.token_index(to - 1) + 1
        } else {
            start
        };
        self.findings.push((start, end, problem));
        self.furthest = self.furthest.max(Some(start));
    }

    /// Reports the current token as out of place and keeps it as an `ERROR` node. A closer
    /// without a partner was reported when brackets were matched.
    fn error_token(&mut self, problem: MbnProblem) -> SpanNode {
        let at = self.pos;
        let unmatched_closer = opener_of(self.kind_at(at)).is_some() && self.partner[at].is_none();
        if !unmatched_closer {
            self.report(at, at + 1, problem);
        }
        self.bump();
        self.node(ERROR, at, at + 1, Vec::new())
    }

    /// Skips a bracketed stretch too deep to descend into, reporting it once.
    fn too_deep(&mut self) -> SpanNode {
        let from = self.pos;
        let to = self.partner[from].map_or(self.sig.len(), |p| p + 1);
        self.report(from, to, MbnProblem::NestingTooDeep);
        self.pos = to;
        self.node(ERROR, from, to, Vec::new())
    }

    /// Whether the token at `i` is a small letter.
    fn small_at(&self, i: usize) -> bool {
        (SMALL_A..=SMALL_Z).contains(&self.kind_at(i)) && i < self.sig.len()
    }
}

fn closer_of(kind: SyntaxKind) -> Option<SyntaxKind> {
    match kind {
        L_PAREN => Some(R_PAREN),
        L_BRACKET => Some(R_BRACKET),
        L_BRACE => Some(R_BRACE),
        LESS => Some(GREATER),
        _ => None,
    }
}

fn opener_of(kind: SyntaxKind) -> Option<SyntaxKind> {
    match kind {
        R_PAREN => Some(L_PAREN),
        R_BRACKET => Some(L_BRACKET),
        R_BRACE => Some(L_BRACE),
        GREATER => Some(LESS),
        _ => None,
    }
}

fn char_of(kind: SyntaxKind) -> char {
    match kind {
        L_PAREN => '(',
        R_PAREN => ')',
        L_BRACKET => '[',
        R_BRACKET => ']',
        L_BRACE => '{',
        R_BRACE => '}',
        LESS => '<',
        GREATER => '>',
        SLASH => '/',
        _ => '|',
    }
}

#[cfg(test)]
mod tests;
