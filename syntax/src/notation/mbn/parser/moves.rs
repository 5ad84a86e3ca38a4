//! Move expressions: chains and sequences, optional legs, alternatives, terms with their
//! prefix operators, ranges, modifiers and juxtaposed moves (seed 002, sections 6 and 16).

use super::{MbnProblem, Parser};
use crate::SyntaxKind::{self, *};
use crate::parser::grammar::SpanNode;
use crate::parser::limits::MAX_DEPTH;

/// Direction letters (seed 002, "Modifier Prefixes").
pub(crate) const DIRECTIONS: [SyntaxKind; 9] = [
    SMALL_B, SMALL_D, SMALL_F, SMALL_L, SMALL_R, SMALL_S, SMALL_T, SMALL_V, SMALL_Z,
];

impl Parser<'_> {
    /// Chains until `closer` (or the end, or a top-level `=`); tokens that start nothing are
    /// reported and kept as errors, and parsing goes on after them.
    pub(super) fn chain_list(&mut self, closer: Option<SyntaxKind>) -> Vec<SpanNode> {
        let mut nodes = Vec::new();
        loop {
            match self.peek() {
                None => break,
                Some(kind) if Some(kind) == closer || (closer.is_none() && kind == EQUALS) => {
                    break;
                }
                Some(kind) if self.starts_part(kind) => {
                    let before = self.pos;
                    nodes.push(self.chain());
                    // A lone `:` starts nothing after all: keep it as an error and go on.
                    if self.pos == before {
                        nodes.push(self.error_token(MbnProblem::Unexpected("in a move")));
                    }
                }
                Some(MINUS) => {
                    self.report(
                        self.pos,
                        self.pos + 1,
                        MbnProblem::Expected("a leg before `-`"),
                    );
                    nodes.push(self.chain());
                }
                Some(_) => nodes.push(self.error_token(MbnProblem::Unexpected("in a move"))),
            }
        }
        nodes
    }

    fn starts_part(&self, kind: SyntaxKind) -> bool {
        matches!(
            kind,
            BANG | HASH | QUESTION | LESS | SLASH | L_BRACKET | L_BRACE | L_PAREN | COLON
        ) || kind.letter().is_some()
    }

    /// Parts joined by `-` (chaining) or `--` (sequence).
    fn chain(&mut self) -> SpanNode {
        let from = self.pos;
        let mut parts = vec![self.part()];
        while self.at(MINUS) {
            let dash = self.pos;
            self.bump();
            self.eat(MINUS);
            match self.peek() {
                Some(kind) if self.starts_part(kind) => parts.push(self.part()),
                _ => {
                    self.report(dash, self.pos, MbnProblem::Expected("a leg after `-`"));
                    break;
                }
            }
        }
        self.join(CHAIN, from, parts)
    }

    /// One part stays itself; several become a `kind` node.
    fn join(&self, kind: SyntaxKind, from: usize, mut parts: Vec<SpanNode>) -> SpanNode {
        match parts.len() {
            1 => parts
                .pop()
                .unwrap_or_else(|| self.node(ERROR, from, from, Vec::new())),
            _ => self.node(kind, from, self.pos, parts),
        }
    }

    /// An optional leg, or alternatives.
    fn part(&mut self) -> SpanNode {
        if self.optional_leg_here() {
            if self.depth >= MAX_DEPTH {
                return self.too_deep();
            }
            let from = self.pos;
            let closer = if self.at(L_BRACKET) {
                R_BRACKET
            } else {
                R_BRACE
            };
            self.bump();
            self.depth += 1;
            let mut children = self.chain_list(Some(closer));
            self.depth -= 1;
            self.eat(closer);
            children.extend(self.steps());
            return self.node(OPTIONAL, from, self.pos, children);
        }
        self.alternatives()
    }

    /// The seed's rule: a bracket at the start or after `(` or `-`, whose partner ends the
    /// text or comes before `)` or `-`, opens an optional leg. We also count `=` and an outer
    /// bracket as a start, and an exponent (`{jy{X}F}0-F`, seed 002) as an end.
    fn optional_leg_here(&self) -> bool {
        let at = self.pos;
        let Some(partner) = self.partner.get(at).copied().flatten() else {
            return false;
        };
        if !matches!(self.kind_at(at), L_BRACKET | L_BRACE) {
            return false;
        }
        let starts = at == 0
            || matches!(
                self.kind_at(at - 1),
                L_PAREN | MINUS | EQUALS | L_BRACKET | L_BRACE
            );
        let ends = partner + 1 >= self.sig.len()
            || matches!(
                self.kind_at(partner + 1),
                R_PAREN | MINUS | EQUALS | R_BRACKET | R_BRACE | DIGITS | STAR
            );
        starts && ends
    }

    /// Terms joined by `+`, or juxtaposed when the next one starts with a modifier.
    fn alternatives(&mut self) -> SpanNode {
        let from = self.pos;
        let mut terms = vec![self.term()];
        loop {
            if self.at(PLUS) {
                let plus = self.pos;
                self.bump();
                match self.peek() {
                    Some(kind) if self.starts_part(kind) => terms.push(self.term()),
                    next => {
                        self.report(plus, plus + 1, MbnProblem::Expected("a move after `+`"));
                        if next != Some(PLUS) {
                            break;
                        }
                    }
                }
            } else if self.small_at(self.pos) || self.at(L_BRACE) {
                // Seed 002 writes `PS=mfWcfF` for `mfW+cfF`: modifiers after a move start the
                // next alternative (notes MB3).
                terms.push(self.term());
            } else {
                break;
            }
        }
        self.join(ALTERNATIVES, from, terms)
    }

    /// Prefix operators, an origin range, attackers and modifiers, the moves, a destination
    /// range.
    fn term(&mut self) -> SpanNode {
        let from = self.pos;
        let mut children = Vec::new();
        loop {
            match self.peek() {
                Some(BANG | HASH | QUESTION) => self.bump(),
                Some(LESS) => children.push(self.angle(false)),
                Some(SLASH) => children.push(self.condition()),
                _ => break,
            }
        }
        if self.at(L_BRACKET) {
            children.push(self.board_range());
        }
        loop {
            if self.at(L_BRACE) {
                children.push(self.piece_set());
            } else if self.small_at(self.pos) {
                children.push(self.modifier());
            } else if self.amalgam_here() {
                children.push(self.amalgam());
            } else {
                break;
            }
        }
        let mut moves = 0;
        while let Some(a_move) = self.a_move() {
            children.push(a_move);
            moves += 1;
        }
        // An unclosed bracket inside already said what is wrong here.
        let start = self.token_index(from);
        let reported = self.furthest.is_some_and(|f| f >= start);
        if moves == 0 && !reported {
            self.report(from, self.pos, MbnProblem::MissingMove);
        }
        if self.at(L_BRACKET) && !self.optional_leg_here() {
            children.push(self.board_range());
        }
        self.node(TERM, from, self.pos, children)
    }

    /// A leaper, compound letter (a macro), vector or complex rider, with its circular
    /// direction and steps.
    fn a_move(&mut self) -> Option<SpanNode> {
        let from = self.pos;
        let mut children = Vec::new();
        let kind = match self.peek()? {
            kind if kind.is_capital_letter() => {
                self.bump();
                ATOM
            }
            COLON if self.peek_nth(1) == Some(DIGITS) => {
                children.push(self.vector());
                ATOM
            }
            COLON if self.peek_nth(1).is_some_and(|k| k.letter().is_some()) => {
                if let Some(Some(compound)) = self.piece_letter() {
                    children.push(compound);
                }
                ATOM
            }
            L_PAREN if !self.amalgam_here() => {
                if self.depth >= MAX_DEPTH {
                    return Some(self.too_deep());
                }
                self.bump();
                self.depth += 1;
                children.extend(self.chain_list(Some(R_PAREN)));
                self.depth -= 1;
                self.eat(R_PAREN);
                GROUP
            }
            _ => return None,
        };
        if self.circular_here() {
            if self.amalgam_here() {
                children.push(self.amalgam());
            } else {
                children.push(self.modifier());
            }
        }
        children.extend(self.steps());
        Some(self.node(kind, from, self.pos, children))
    }

    /// `:1,4:`: an extended leaper.
    fn vector(&mut self) -> SpanNode {
        let from = self.pos;
        self.bump();
        let complete = self.eat(DIGITS) && self.eat(COMMA) && self.eat(DIGITS);
        if !complete {
            self.report(
                from,
                self.pos,
                MbnProblem::Expected("a leap such as `:1,4:` (two numbers, a comma between)"),
            );
        }
        if !self.eat(COLON) && complete {
            self.report(from, self.pos, MbnProblem::Unclosed(':'));
        }
        self.node(VECTOR, from, self.pos, Vec::new())
    }

    /// A direction (letter or amalgam) right before steps: a circular rider, `(N)(rf)8`.
    fn circular_here(&self) -> bool {
        let steps_at = |i: usize| matches!(self.kind_at(i), DIGITS | STAR) && i < self.sig.len();
        if self.amalgam_here() {
            return steps_at(self.pos + 4);
        }
        self.peek().is_some_and(|k| DIRECTIONS.contains(&k)) && steps_at(self.pos + 1)
    }

    /// `0`, `4`, `03`, `0*`, `*`, `**`, `#`.
    fn steps(&mut self) -> Option<SpanNode> {
        let from = self.pos;
        match self.peek()? {
            DIGITS => {
                let zero = self.text_at(self.pos) == "0";
                self.bump();
                if zero {
                    self.eat(STAR);
                }
            }
            STAR => {
                self.bump();
                self.eat(STAR);
            }
            HASH => self.bump(),
            _ => return None,
        }
        if matches!(self.peek(), Some(DIGITS | STAR)) {
            self.report(self.pos, self.pos + 1, MbnProblem::SecondSteps);
            self.bump();
        }
        Some(self.node(RANGE, from, self.pos, Vec::new()))
    }

    /// `(lf)`: two direction letters in parentheses.
    fn amalgam_here(&self) -> bool {
        self.at(L_PAREN)
            && self.peek_nth(1).is_some_and(|k| DIRECTIONS.contains(&k))
            && self.peek_nth(2).is_some_and(|k| DIRECTIONS.contains(&k))
            && self.peek_nth(3) == Some(R_PAREN)
    }

    fn amalgam(&mut self) -> SpanNode {
        let from = self.pos;
        self.pos += 4;
        self.node(AMALGAM, from, self.pos, Vec::new())
    }

    /// A modifier letter, doubled or with `y`, optional with `?`, and its piece set (or, for
    /// `o`, its board range).
    fn modifier(&mut self) -> SpanNode {
        let from = self.pos;
        let letter = self.kind_at(from);
        self.bump();
        if self.at(letter) {
            self.bump();
        }
        if letter != SMALL_Y
            && self.at(SMALL_Y)
            && matches!(letter, SMALL_C | SMALL_J | SMALL_W | SMALL_X)
        {
            self.bump();
        }
        match letter {
            SMALL_Q => self.report(from, from + 1, MbnProblem::UnusedModifier),
            SMALL_Y => self.report(from, from + 1, MbnProblem::LoneY),
            _ => {}
        }
        self.eat(QUESTION);
        let mut children = Vec::new();
        if self.at(L_BRACE) && !DIRECTIONS.contains(&letter) && !self.optional_leg_here() {
            children.push(self.piece_set());
        } else if letter == SMALL_O && self.at(L_BRACKET) {
            children.push(self.board_range());
        }
        self.node(MODIFIER, from, self.pos, children)
    }

    /// `{...}`: `!`, `^`, then piece letters, possibly prefixed or compound.
    pub(super) fn piece_set(&mut self) -> SpanNode {
        let from = self.pos;
        let to = self.partner[from].unwrap_or(self.sig.len());
        self.bump();
        self.eat(BANG);
        self.eat(CARET);
        let mut children = Vec::new();
        while self.pos < to {
            match self.identifier() {
                Some(identifier) if self.pos <= to => children.push(identifier),
                Some(_) => self.pos = to,
                None => {
                    let error = self.error_token(MbnProblem::Unexpected("in a piece set"));
                    children.push(error);
                }
            }
        }
        self.eat(R_BRACE);
        self.node(PIECE_SET, from, self.pos, children)
    }

    /// `[...]`: squares, files, ranks, complements, iterators and the special ranges. The
    /// parts are checked; what they mean is read from the tokens later.
    fn board_range(&mut self) -> SpanNode {
        let from = self.pos;
        let to = self.partner[from].unwrap_or(self.sig.len());
        self.bump();
        let mut children = Vec::new();
        while self.pos < to {
            let kind = self.kind_at(self.pos);
            let fits = kind.letter().is_some_and(|c| c.is_ascii_lowercase())
                || matches!(
                    kind,
                    DIGITS
                        | MINUS
                        | COMMA
                        | CARET
                        | PLUS
                        | HASH
                        | DOT
                        | STAR
                        | COLON
                        | L_PAREN
                        | R_PAREN
                );
            if fits {
                self.bump();
            } else {
                children.push(self.error_token(MbnProblem::Unexpected("in a board range")));
            }
        }
        self.eat(R_BRACKET);
        self.node(BOARD_RANGE, from, self.pos, children)
    }

    /// `/.../`: a condition (a piece set or letter, and a range or square) or an announcement.
    pub(super) fn condition(&mut self) -> SpanNode {
        let from = self.pos;
        self.bump();
        let close = (self.pos..self.sig.len()).find(|&i| self.kind_at(i) == SLASH);
        if close.is_none() {
            self.report(from, from + 1, MbnProblem::Unclosed('/'));
        }
        self.pos = close.map_or(self.sig.len(), |c| c + 1);
        self.node(CONDITION, from, self.pos, Vec::new())
    }
}
