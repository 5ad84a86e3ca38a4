//! Definitions and their heads: piece and macro identifiers, castling heads, and the piece lists
//! of promotion and drop rules (seed 002, sections 1–5, 13 and 16).

use super::{MbnProblem, Parser};
use crate::SyntaxKind::{self, *};
use crate::parser::grammar::SpanNode;

/// The prefixes a piece identifier may carry (seed 002, section 2), `'` aside.
const PREFIXES: [SyntaxKind; 9] = [
    PLUS, MINUS, HASH, STAR, DOLLAR, PERCENT, AMPERSAND, QUESTION, BANG,
];

impl Parser<'_> {
    /// One whitespace-separated definition.
    pub(super) fn definition(&mut self) -> SpanNode {
        let mut children = Vec::new();
        match self.top_level_equals() {
            Some(equals) => {
                children.extend(self.head(equals));
                let promotion = self.kind_at(equals + 1) == EQUALS;
                self.bump();
                if promotion {
                    self.bump();
                    if self.at_end() {
                        self.report(equals, equals + 2, MbnProblem::EmptyDefinition);
                    }
                    children.push(self.piece_list());
                } else {
                    let castling = children.first().is_some_and(|c| c.kind == CASTLING);
                    self.body(equals, castling, &mut children);
                }
            }
            None => {
                let identifier = self.identifier_alone();
                match identifier {
                    Some(identifier) => children.push(identifier),
                    None => self.body(usize::MAX, false, &mut children),
                }
            }
        }
        while !self.at_end() {
            let error = self.error_token(MbnProblem::Unexpected("here"));
            children.push(error);
        }
        self.node(DEFINITION, 0, self.sig.len(), children)
    }

    /// The position of the first `=` outside brackets.
    fn top_level_equals(&self) -> Option<usize> {
        let mut i = 0;
        while i < self.sig.len() {
            match self.kind_at(i) {
                EQUALS => return Some(i),
                L_PAREN | L_BRACKET | L_BRACE | LESS => {
                    i = self.partner[i].map_or(self.sig.len(), |p| p + 1);
                }
                _ => i += 1,
            }
        }
        None
    }

    /// Moves after `=` (at `equals`, or none for a bare move), and the castling rule's second
    /// move after another `=`.
    fn body(&mut self, equals: usize, castling: bool, children: &mut Vec<SpanNode>) {
        if self.at_end() || self.at(EQUALS) {
            self.report(equals, equals + 1, MbnProblem::EmptyDefinition);
        }
        children.extend(self.chain_list(None));
        if self.at(EQUALS) {
            let second = self.pos;
            self.bump();
            if !castling {
                self.report(second, second + 1, MbnProblem::SecondEquals);
            }
            children.extend(self.chain_list(None));
        }
    }

    /// Identifiers (or a castling head) before the `=` at `equals`.
    fn head(&mut self, equals: usize) -> Vec<SpanNode> {
        let mut children = Vec::new();
        if equals == 0 {
            self.report(0, 1, MbnProblem::Expected("a piece letter before `=`"));
            return children;
        }
        let castling_from = usize::from(self.at(L_BRACE));
        if self.kind_at(castling_from) == CAPITAL_O
            && self.kind_at(castling_from + 1) == MINUS
            && self.kind_at(castling_from + 2) == CAPITAL_O
        {
            let from = self.pos;
            if castling_from == 1 {
                let set = self.piece_set();
                children.push(set);
            }
            self.bump();
            while self.at(MINUS) && self.peek_nth(1) == Some(CAPITAL_O) {
                self.bump();
                self.bump();
            }
            let node = self.node(CASTLING, from, self.pos, children);
            children = vec![node];
        }
        while self.pos < equals {
            match self.identifier() {
                Some(identifier) => children.push(identifier),
                None if self.at(AT) => {
                    let error = self.error_token(MbnProblem::Expected("a macro name after `@`"));
                    children.push(error);
                }
                None => {
                    let error = self.error_token(MbnProblem::Unexpected("in a piece name"));
                    children.push(error);
                }
            }
        }
        children
    }

    /// The whole definition as one identifier (`B`, `+P`, `I|Nightrider|`), or `None` with
    /// nothing consumed when it is more than that.
    fn identifier_alone(&mut self) -> Option<SpanNode> {
        let findings = self.findings.len();
        let identifier = self.identifier();
        if identifier.is_some() && self.at_end() && self.findings.len() == findings {
            return identifier;
        }
        self.pos = 0;
        self.findings.truncate(findings);
        self.furthest = self.findings.iter().map(|f| f.0).max();
        None
    }

    /// `'`? `@`? prefixes, a letter or compound letter, then a suffix, a board and an
    /// announcement, each optional. `None` (nothing consumed) when no letter follows.
    pub(super) fn identifier(&mut self) -> Option<SpanNode> {
        let from = self.pos;
        self.eat(APOSTROPHE);
        let macro_at = self.at(AT).then_some(self.pos);
        self.eat(AT);
        let prefixes = self.pos;
        while self.peek().is_some_and(|k| PREFIXES.contains(&k)) {
            self.bump();
        }
        let letter = self.pos;
        let mut children = Vec::new();
        match self.piece_letter() {
            Some(compound) => children.extend(compound),
            None => {
                self.pos = from;
                return None;
            }
        }
        if macro_at.is_some() && letter > prefixes {
            self.report(prefixes, letter, MbnProblem::MacroWithPrefix);
        }
        while self.at(LESS) {
            let angle = self.angle(true);
            children.push(angle);
        }
        if self.at(SLASH) {
            let condition = self.condition();
            children.push(condition);
        }
        Some(self.node(IDENTIFIER, from, self.pos, children))
    }

    /// A letter (consumed, no node) or a compound letter `:AB:` (its node). `None` with nothing
    /// consumed when neither stands here.
    pub(super) fn piece_letter(&mut self) -> Option<Option<SpanNode>> {
        match self.peek() {
            Some(kind) if kind.letter().is_some() => {
                self.bump();
                Some(None)
            }
            Some(COLON) if self.peek_nth(1).is_some_and(|k| k.letter().is_some()) => {
                Some(Some(self.compound()))
            }
            _ => None,
        }
    }

    /// `:AB:`: a letter, then up to two letters, digits or `+` (the seed's `:GC+:`).
    fn compound(&mut self) -> SpanNode {
        let from = self.pos;
        self.bump();
        let mut length = 0;
        while let Some(kind) = self.peek() {
            if kind == COLON || !(kind.letter().is_some() || kind == DIGITS || kind == PLUS) {
                break;
            }
            length += self.text_at(self.pos).len();
            self.bump();
        }
        if !self.eat(COLON) {
            self.report(from, self.pos, MbnProblem::Unclosed(':'));
        } else if length > 3 {
            self.report(from, self.pos, MbnProblem::CompoundTooLong);
        }
        self.node(COMPOUND, from, self.pos, Vec::new())
    }

    /// `<...>`: a suffix when it holds a letter (`<s>`), else a board (`<2>`, `<*>`, `<1;2>`,
    /// `<<5>>`, `<+-1>`). Outside identifiers (`for_identifier` false) always a board.
    pub(super) fn angle(&mut self, for_identifier: bool) -> SpanNode {
        let from = self.pos;
        let to = self.partner[from].map_or(self.sig.len(), |p| p + 1);
        let inner_letter = (from + 1..to).any(|i| self.kind_at(i).letter().is_some());
        let numbers_only = (from + 1..to.saturating_sub(1)).all(|i| {
            matches!(
                self.kind_at(i),
                DIGITS | STAR | COMMA | SEMICOLON | PLUS | MINUS | LESS | GREATER
            )
        });
        let kind = if for_identifier && inner_letter {
            SUFFIX
        } else {
            BOARD
        };
        if kind == BOARD && !numbers_only && !inner_letter {
            self.report(
                from,
                to,
                MbnProblem::Expected("board numbers such as `<2>` or `<+-1>`"),
            );
        }
        self.pos = to;
        self.node(kind, from, to, Vec::new())
    }

    /// The pieces after `==`: letters, compound letters, prefixed letters, piece sets, and
    /// `@` drops (seed 002, sections 4 and 5).
    fn piece_list(&mut self) -> SpanNode {
        let from = self.pos;
        let mut children = Vec::new();
        while !self.at_end() {
            if self.at(L_BRACE) {
                let set = self.piece_set();
                children.push(set);
                continue;
            }
            match self.identifier() {
                Some(identifier) => children.push(identifier),
                None => {
                    let error = self.error_token(MbnProblem::Unexpected("in a list of pieces"));
                    children.push(error);
                }
            }
        }
        self.node(PIECE_LIST, from, self.pos, children)
    }
}
