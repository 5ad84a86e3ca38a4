//! MBN (seed 002) lowered to the shared move model: its 2D core. What has no truthful drawing
//! yet (ranges, piece sets, conditions, board transitions, a `{}` leg that starts a move, `*`,
//! `g` on more than one slide, `j` ending a move, `w` before the last leg, and the modifiers
//! h k u x) is listed in [`Piece::not_drawn`] with its text, and the move that holds it is
//! left out of the drawing rather than drawn wrongly.

use rowan::{NodeOrToken, TextRange};

use directions::{Size, selects};
pub(crate) use leapers::selected_leaps;
use leapers::{basic_piece, leap_over, leaper, leaps_of};

use super::{
    Initial, LONGEST_LINE, Lameness, Leg, LegSteps, Modes, Move, MoveKind, Piece, Reach, Step, Wrap,
};
use crate::parser::mbn::DIRECTIONS;
use crate::tree::SyntaxNode;
use crate::{Dialect, SyntaxKind::*, parse};

/// Complex riders expand into at most this many moves (as repeat groups do).
const MOVE_LIMIT: usize = 256;

/// A move being built: its legs and initial-only flag.
#[derive(Debug, Clone)]
struct Path {
    legs: Vec<Leg>,
    initial: Initial,
    /// The direction letters written for the first leg: relative when it is chained.
    directions: Vec<String>,
    /// The sizes of the first leg's leaps before its letters chose among them as if it stood
    /// alone: a chained leg turns from the leg before instead.
    first_sizes: Vec<Size>,
}

/// Why a part is not drawn.
type NotDrawn = (TextRange, String);

/// What a term's modifiers say about each of its moves.
#[derive(Debug, Default)]
struct Modifiers {
    /// Direction letters and amalgams, each selecting among the first leg's steps.
    directions: Vec<String>,
    /// What the last leg may do, when a mode letter is written.
    modes: Option<Modes>,
    initial: Initial,
    /// `n`: leaps may be blocked.
    lame: bool,
    /// `p`: the last leg hops over a piece and goes on.
    hop: bool,
    /// `g`: a slide that leaps over what stands between.
    leaping: bool,
    wrap: Wrap,
}

impl Modifiers {
    /// Reads one modifier other than a direction; `false` for one that needs more than a
    /// diagram of one piece.
    fn letters(&mut self, letters: &str) -> bool {
        let mut mode =
            |set: &dyn Fn(&mut Modes)| set(self.modes.get_or_insert_with(Modes::default));
        match letters {
            "m" => mode(&|m| m.to_empty = true),
            "c" => mode(&|m| m.capture_enemy = true),
            "cc" => mode(&|m| m.capture_friend = true),
            "cy" => mode(&|m| {
                m.capture_enemy = true;
                m.capture_friend = true;
            }),
            "a" => mode(&|m| {
                m.to_empty = true;
                m.capture_enemy = true;
            }),
            "e" => mode(&|m| m.en_passant = true),
            // "j … move to any opponent piece, but without capturing (visit a piece) … When
            // doubled (jj) any friendly piece … (jy) any piece".
            "j" => mode(&|m| {
                m.hop = true;
                m.hop_enemy_only = true;
            }),
            "jj" => mode(&|m| {
                m.hop = true;
                m.tame = true;
            }),
            "jy" => mode(&|m| m.hop = true),
            // "w … the position of the piece at destination square will be swapped with the
            // piece at starting square … If doubled (ww) then swapping will be done only with
            // friendly pieces. And if suffixed with y (wy) … with all pieces."
            "w" => mode(&|m| m.swap_enemy = true),
            "ww" => mode(&|m| m.swap_friend = true),
            "wy" => mode(&|m| {
                m.swap_enemy = true;
                m.swap_friend = true;
            }),
            "i" => self.initial = Initial::FirstMove,
            "ii" => self.initial = Initial::FromStartSquare,
            "n" => self.lame = true,
            "p" => self.hop = true,
            "g" => self.leaping = true,
            // "o This modifier makes the move cylindrical … If doubled (oo) also the top and
            // bottom edges of the board will be connected."
            "o" => self.wrap = Wrap::Cylinder,
            "oo" => self.wrap = Wrap::Torus,
            _ => return false,
        }
        true
    }

    /// One path as the modifiers make it: its first leg's steps selected by the directions,
    /// the initial-only flag, lameness and wrapping on its legs, the written modes on its last
    /// leg, and with `p` a hop over a piece there.
    fn apply_to(&self, path: &mut Path) {
        path.directions.clone_from(&self.directions);
        if self.initial != Initial::Always {
            path.initial = self.initial;
        }
        if let Some(first) = path.legs.first_mut()
            && !self.directions.is_empty()
            && let LegSteps::Absolute(steps) = &first.steps
        {
            let kept: Vec<Step> = steps
                .iter()
                .copied()
                .filter(|s| self.directions.iter().any(|d| selects(d, *s)))
                .collect();
            first.steps = LegSteps::Absolute(kept);
        }
        for leg in &mut path.legs {
            if self.lame && leg.reach == Reach::Steps(1) {
                leg.lame = Some(Lameness::ShortestPaths);
            }
            if self.wrap != Wrap::None {
                leg.wrap = self.wrap;
            }
        }
        if let (Some(modes), Some(last)) = (self.modes, path.legs.last_mut()) {
            last.modes = Modes {
                to_empty: modes.to_empty,
                capture_enemy: modes.capture_enemy || (modes.en_passant && !modes.to_empty),
                ..modes
            };
            last.default_modes = false;
        }
        if self.hop
            && let Some(last) = path.legs.pop()
        {
            path.legs.extend(last.hopping(false));
        }
    }
}

pub(super) fn build(root: &SyntaxNode) -> Piece {
    let mut lower = Lower::default();
    let mut moves = Vec::new();
    for definition in root.children().filter(|n| n.kind() == DEFINITION) {
        // "If a move notation consists only of a piece letter then it will move like the
        // identically named basic piece."
        let alone = definition.children().all(|c| c.kind() == IDENTIFIER);
        if let Some(identifier) = definition.children().find(|c| c.kind() == IDENTIFIER)
            && alone
        {
            let letter = identifier
                .first_token()
                .and_then(|t| t.kind().letter())
                .filter(char::is_ascii_uppercase);
            match letter {
                Some(letter) => {
                    for path in lower.letter(letter, &identifier) {
                        moves.push(Move {
                            kind: MoveKind::Legs,
                            initial: path.initial,
                            legs: path.legs,
                            source: identifier.text_range(),
                        });
                    }
                }
                None => lower.skip(&identifier, &rules::prefixed_piece(&identifier)),
            }
        }
        for child in definition.children() {
            match child.kind() {
                PIECE_LIST => {
                    let identifiers: Vec<SyntaxNode> = definition
                        .children()
                        .filter(|c| c.kind() == IDENTIFIER)
                        .collect();
                    lower.skip(&child, &rules::list_rule(&identifiers, &child));
                }
                CASTLING => {
                    // Its moves are the king's and its partner's, said in the rule's words.
                    lower.skip(&definition, &rules::castling_rule(&child));
                    break;
                }
                TERM | ALTERNATIVES | CHAIN | OPTIONAL => {
                    for path in lower.expression(&child) {
                        // A visit (`j`) that ends the move needs a setup, capture or swap after
                        // it ("Either a succeeding leg is required … or this piece will
                        // suicide").
                        if path.legs.last().is_some_and(|l| l.modes.hop) {
                            lower.skip(
                                &child,
                                "`j` visits a piece at the end of the move; what follows (a \
                                 setup, a capture, a swap) is not drawn",
                            );
                            continue;
                        }
                        moves.push(Move {
                            kind: MoveKind::Legs,
                            initial: path.initial,
                            legs: path.legs,
                            source: child.text_range(),
                        });
                    }
                }
                _ => {}
            }
        }
    }
    Piece {
        dialect: Dialect::Mbn,
        incomplete: lower.incomplete,
        moves,
        not_drawn: lower.not_drawn,
        fairy: None,
    }
}

#[derive(Default)]
struct Lower {
    not_drawn: Vec<NotDrawn>,
    incomplete: bool,
}

impl Lower {
    fn skip(&mut self, node: &SyntaxNode, why: &str) {
        self.not_drawn.push((node.text_range(), why.to_owned()));
    }

    fn expression(&mut self, node: &SyntaxNode) -> Vec<Path> {
        match node.kind() {
            TERM => self.term(node),
            ALTERNATIVES => node.children().flat_map(|c| self.expression(&c)).collect(),
            CHAIN => self.chain(node),
            OPTIONAL => {
                self.skip(node, "an optional leg outside a chain");
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    /// `A-B` continues in the direction of A (seed 002: "by default later legs go in the same
    /// direction as the previous one"); `A--B` starts afresh; `[B]` may be left out.
    fn chain(&mut self, node: &SyntaxNode) -> Vec<Path> {
        let mut paths: Vec<Path> = Vec::new();
        let mut dashes = 0;
        let mut nothing_yet = true;
        for element in node.children_with_tokens() {
            let part = match element {
                NodeOrToken::Token(t) if t.kind() == MINUS => {
                    dashes += 1;
                    continue;
                }
                NodeOrToken::Node(part) => part,
                NodeOrToken::Token(_) => continue,
            };
            let (inner, optional, when_open) = match part.kind() {
                OPTIONAL if part.first_token().is_some_and(|t| t.kind() == L_BRACKET) => {
                    (part.children().next(), true, false)
                }
                OPTIONAL if nothing_yet => {
                    self.skip(
                        &part,
                        "a `{}` leg that starts a move (taken when its square is unblocked) \
                         needs the position of other pieces; not drawn",
                    );
                    return Vec::new();
                }
                // "this leg belongs to the move if the square is unblocked, and it does not
                // belong to the move if the square is blocked": the walk decides (notes MB18).
                OPTIONAL => (part.children().next(), false, true),
                _ => (Some(part.clone()), false, false),
            };
            let mut next = inner.map(|n| self.expression(&n)).unwrap_or_default();
            if when_open {
                chains::when_open(&mut next);
            }
            // Before the first part, nothing has moved yet: `[K]--K` may start with either.
            let mut joined = if optional { paths.clone() } else { Vec::new() };
            if nothing_yet {
                joined.extend(next.iter().cloned());
            }
            for before in &paths {
                for after in &next {
                    joined.extend(self.join(before, after, dashes == 1, &part));
                }
            }
            paths = joined;
            nothing_yet &= optional;
            if paths.len() > MOVE_LIMIT {
                paths.truncate(MOVE_LIMIT);
                self.incomplete = true;
            }
            dashes = 0;
        }
        paths
    }

    /// Prefix operators, ranges, modifiers and juxtaposed moves.
    fn term(&mut self, node: &SyntaxNode) -> Vec<Path> {
        let mut modifiers: Vec<SyntaxNode> = Vec::new();
        let mut moves: Vec<SyntaxNode> = Vec::new();
        for element in node.children_with_tokens() {
            match element {
                NodeOrToken::Token(t) if matches!(t.kind(), BANG | HASH | QUESTION) => {
                    self.not_drawn.push((
                        node.text_range(),
                        format!("the `{}` operator needs a game to act in", t.text()),
                    ));
                    return Vec::new();
                }
                NodeOrToken::Node(n) => match n.kind() {
                    MODIFIER | AMALGAM => modifiers.push(n),
                    ATOM | GROUP => moves.push(n),
                    BOARD_RANGE | PIECE_SET | CONDITION | BOARD => {
                        self.skip(node, &rules::positional(&n));
                        return Vec::new();
                    }
                    _ => {}
                },
                NodeOrToken::Token(_) => {}
            }
        }
        let mut paths = Vec::new();
        for a_move in &moves {
            let mut inner = self.a_move(a_move);
            if !self.apply(&modifiers, &mut inner, node) {
                return Vec::new();
            }
            paths.extend(inner);
        }
        paths
    }

    /// Applies a term's modifiers to its moves' paths; `false` when one cannot be drawn.
    fn apply(&mut self, modifiers: &[SyntaxNode], paths: &mut [Path], term: &SyntaxNode) -> bool {
        let Some(read) = self.modifiers(modifiers) else {
            return false;
        };
        if let Some(limited) = modifiers.iter().find(|m| m.children().next().is_some()) {
            let letters: String = limited
                .children_with_tokens()
                .filter_map(|e| e.into_token())
                .map(|t| t.text().to_owned())
                .collect();
            self.skip(
                term,
                &format!(
                    "`{}`: `{letters}` acts only on the pieces of its set, which depends on the position",
                    limited.text()
                ),
            );
            return false;
        }
        if read.directions.iter().any(|d| d.contains(['t', 'z'])) {
            self.skip(term, "turns (`t`) and reflections (`z`) are not drawn yet");
            return false;
        }
        if read.leaping && !paths.iter_mut().all(leap_over) {
            self.skip(
                term,
                "`g` on a move that is not a single slide is not drawn yet",
            );
            return false;
        }
        for path in paths.iter_mut() {
            read.apply_to(path);
        }
        true
    }

    /// What a term's modifiers say, or `None` (and said) at a letter that cannot be drawn.
    fn modifiers(&mut self, modifiers: &[SyntaxNode]) -> Option<Modifiers> {
        let mut read = Modifiers::default();
        for modifier in modifiers {
            let text = modifier.text().to_string();
            if modifier.kind() == AMALGAM {
                read.directions
                    .push(text.trim_matches(['(', ')']).to_owned());
                continue;
            }
            let letters: String = text
                .chars()
                .take_while(|c| c.is_ascii_lowercase())
                .collect();
            let first = modifier.first_token().map(|t| t.kind());
            if first.is_some_and(|k| DIRECTIONS.contains(&k)) {
                read.directions.push(letters);
                continue;
            }
            if !read.letters(&letters) {
                self.not_drawn.push((
                    modifier.text_range(),
                    format!("`{letters}` needs more than a diagram of one piece can show"),
                ));
                return None;
            }
        }
        Some(read)
    }
    /// A leaper, vector, basic piece or complex rider, with its steps.
    fn a_move(&mut self, node: &SyntaxNode) -> Vec<Path> {
        let steps = node
            .children()
            .find(|n| n.kind() == RANGE)
            .map(|n| n.text().to_string());
        let turn: Vec<String> = node
            .children()
            .filter(|n| matches!(n.kind(), MODIFIER | AMALGAM))
            .map(|n| n.text().to_string().trim_matches(['(', ')']).to_owned())
            .collect();
        if !turn.is_empty() {
            return self.circular(node, turn, steps.as_deref());
        }
        let base: Vec<Path> = if node.kind() == GROUP {
            node.children()
                .filter(|n| !matches!(n.kind(), RANGE))
                .flat_map(|n| self.expression(&n))
                .collect()
        } else if let Some(vector) = node.children().find(|n| n.kind() == VECTOR) {
            let text = vector.text().to_string();
            let parts: Vec<&str> = text.trim_matches(':').split(',').collect();
            let numbers: Vec<i8> = parts.iter().filter_map(|n| n.parse().ok()).collect();
            match numbers.as_slice() {
                [0, 0] => {
                    self.skip(
                        node,
                        "`:0,0:` is the null move: the piece stays on its square",
                    );
                    Vec::new()
                }
                [a, b] => vec![leaper(&[(*a, *b)], node.text_range())],
                _ if parts.len() > 2 => {
                    self.skip(
                        node,
                        "a leap in three or four dimensions has no flat diagram",
                    );
                    Vec::new()
                }
                _ => {
                    self.skip(node, "a leap longer than any board");
                    Vec::new()
                }
            }
        } else {
            let letter = node
                .children_with_tokens()
                .find_map(|e| e.as_token().and_then(|t| t.kind().letter()));
            match letter {
                Some(letter) => self.letter(letter, node),
                None => {
                    self.skip(node, "a compound letter with no macro defining it");
                    Vec::new()
                }
            }
        };
        match steps.as_deref() {
            None => base,
            Some(steps) => self.repeat(base, steps, node),
        }
    }

    /// A basic piece's moves (seed 002, section 14's table).
    fn letter(&mut self, letter: char, node: &SyntaxNode) -> Vec<Path> {
        if let Some(leaps) = leaps_of(letter) {
            return vec![leaper(leaps, node.text_range())];
        }
        match letter {
            'O' => {
                self.skip(node, "`O` is the null move: the piece stays on its square");
                Vec::new()
            }
            _ => match basic_piece(letter) {
                Some(definition) => self.text(definition, node),
                None => {
                    self.skip(node, "this piece is not drawn yet");
                    Vec::new()
                }
            },
        }
    }

    /// The moves of a piece written in MBN, for the basic pieces' definitions.
    fn text(&mut self, text: &str, node: &SyntaxNode) -> Vec<Path> {
        let parsed = parse(text, Dialect::Mbn);
        let mut inner = Lower::default();
        let mut paths = Vec::new();
        for child in parsed
            .syntax()
            .children()
            .flat_map(|d| d.children().collect::<Vec<_>>())
        {
            paths.extend(inner.expression(&child));
        }
        if !inner.not_drawn.is_empty() {
            let parts: Vec<String> = inner
                .not_drawn
                .iter()
                .map(|(r, why)| format!("`{}` ({why})", &text[*r]))
                .collect();
            self.not_drawn.push((
                node.text_range(),
                format!(
                    "stands for `{text}`, of which {} is not drawn",
                    parts.join(", ")
                ),
            ));
        }
        for path in &mut paths {
            for leg in &mut path.legs {
                leg.source = node.text_range();
            }
        }
        paths
    }
}

mod chains;
mod directions;
mod leapers;
mod rules;

#[cfg(test)]
mod tests;
