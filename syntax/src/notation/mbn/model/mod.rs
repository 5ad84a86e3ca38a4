//! MBN (seed 002) lowered to the shared move model: its 2D core, read through the typed views
//! of [`crate::notation::mbn::ast`]; board ranges, edge riders and conditions the board decides
//! are kept with each move, piece sets on captures, hops and swaps with its legs. What has no
//! truthful drawing yet (ranges and sets that need a game, board transitions, a `{}` leg that
//! starts a move, `g` on more than one slide, `j` ending a move, `w` before the last leg, and
//! the modifiers h k u x) is listed in [`Piece::not_drawn`] with its text, and the move that
//! holds it is left out of the drawing rather than drawn wrongly.

use std::collections::HashMap;

use rowan::TextRange;

pub(crate) use leapers::selected_leaps;
use leapers::{basic_piece, leaper, leaps_of};
use path::Path;

use crate::Dialect;
use crate::model::WalkRules;
use crate::model::{LegSteps, Move, Piece};
use crate::notation::mbn::ast;
use crate::tree::SyntaxNode;

/// Complex riders expand into at most this many moves (as repeat groups do).
const MOVE_LIMIT: usize = 256;

/// Legs that joining (chains, complex and circular riders) may build for one piece. Each rider
/// is bounded by [`MOVE_LIMIT`], but a string can hold thousands of riders (`(WF)0(WF)0…`) or a
/// chain of thousands of King legs, each doubling the ways the move goes on; past this the
/// moves still to build are left out and said to be. The largest piece of the tests and the
/// corpus builds about 1,400 legs.
const LEG_BUDGET: usize = 1 << 16;

/// Why a part is not drawn.
type NotDrawn = (TextRange, String);

/// The piece `root` defines; the pieces of an attacking set (`K=K+{C}W2F2`) move as `root` or
/// else `game` (the texts it was written among, when it is one piece of several) defines them.
pub(crate) fn build(root: &SyntaxNode, game: &[&SyntaxNode]) -> Piece {
    let mut definitions = HashMap::new();
    for part in game.iter().copied().chain([root]) {
        definitions.extend(definitions_of(part));
    }
    let mut lower = Lower {
        definitions,
        ..Lower::default()
    };
    let mut moves = Vec::new();
    for definition in crate::tree::ast::Piece::from_root(root.clone()).definitions() {
        lower.definition(&definition, &mut moves);
    }
    if let Some(cut) = lower.cut {
        lower.incomplete = true;
        lower.skip(
            cut,
            &format!(
                "building the piece's moves took more than {LEG_BUDGET} legs, the budget that keeps \
                 any string quick to draw, so this move and every move written after it are left out"
            ),
        );
    }
    Piece {
        dialect: Dialect::Mbn,
        incomplete: lower.incomplete,
        moves,
        not_drawn: lower.not_drawn,
        engine: None,
        // Seed 002: directions are seen from each player's side, and "so far as not
        // specifically allowed, the start square and the arrival square cannot be equal".
        walk: WalkRules {
            mirrors_for_black: true,
            forbids_return_to_start: true,
        },
    }
}

/// The moves each upper-case piece letter of the text is defined with (`C=RN` gives `C`:
/// `RN`), the last definition of a letter winning.
fn definitions_of(root: &SyntaxNode) -> HashMap<String, String> {
    let mut out = HashMap::new();
    for definition in crate::tree::ast::Piece::from_root(root.clone()).definitions() {
        let moves: Vec<String> = definition
            .moves()
            .map(|m| m.syntax().text().to_string())
            .collect();
        if moves.is_empty() {
            continue;
        }
        for identifier in definition.identifiers() {
            let name = identifier.syntax().text().to_string();
            let name = name.trim_matches(':');
            if name
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '+')
                && !name.is_empty()
            {
                out.insert(name.to_owned(), moves.join("+"));
            }
        }
    }
    out
}

#[derive(Default)]
struct Lower {
    not_drawn: Vec<NotDrawn>,
    incomplete: bool,
    /// Legs built by joining so far, against [`LEG_BUDGET`].
    built: usize,
    /// The first part left out once the budget was spent: said once, at the end.
    cut: Option<TextRange>,
    /// The basic pieces written as MBN (section 14), each lowered once: `UU…U` would otherwise
    /// build and drop `g(WF)0`'s rider for every letter.
    basic_pieces: HashMap<char, Lowered>,
    /// What `not_drawn` holds, to say each part once.
    said: std::collections::HashSet<NotDrawn>,
    /// The moves each piece letter of the text is defined with, for the pieces of an attacking
    /// set (`K=K+{C}W2F2` with `C=RN` in the same text).
    definitions: HashMap<String, String>,
    /// Lowering an attacker's moves: a set of attackers in them is said, not followed again.
    nested: bool,
}

/// A basic piece's paths, and what of it is not drawn.
type Lowered = (Vec<Path>, Option<String>);

impl Lower {
    /// Says a part is not drawn, once however many joins meet it (`P9` joins its double step
    /// over and over).
    fn skip(&mut self, range: TextRange, why: &str) {
        let said = (range, why.to_owned());
        if self.said.insert(said.clone()) {
            self.not_drawn.push(said);
        }
    }

    /// Counts `legs` more legs built.
    fn spend(&mut self, legs: usize) {
        crate::cancel::checkpoint();
        self.built = self.built.saturating_add(legs);
    }

    fn over_budget(&self) -> bool {
        self.built > LEG_BUDGET
    }

    /// The paths `build` makes of the move or chain at `range`, or none once the budget is
    /// spent, before or while they are built: a chain or rider cut halfway would be another
    /// move. The moves of a term or of alternatives built before stay whole.
    fn budgeted(
        &mut self,
        range: TextRange,
        build: impl FnOnce(&mut Self) -> Vec<Path>,
    ) -> Vec<Path> {
        let paths = if self.over_budget() {
            Vec::new()
        } else {
            build(self)
        };
        if self.over_budget() {
            // The part that starts first is the one said: every part after it is left out too.
            let earlier = |cut: TextRange| {
                (range.start(), std::cmp::Reverse(range.end()))
                    < (cut.start(), std::cmp::Reverse(cut.end()))
            };
            if self.cut.is_none_or(earlier) {
                self.cut = Some(range);
            }
            return Vec::new();
        }
        paths
    }

    /// One definition's moves, or what it says in words.
    fn definition(&mut self, definition: &ast::Definition, moves: &mut Vec<Move>) {
        if let Some(identifier) = definition.lone_identifier() {
            self.lone(&identifier, moves);
        }
        if let Some(castling) = definition.castling() {
            // Its moves are the king's and its partner's, said in the rule's words.
            self.skip(definition.text_range(), &rules::castling_rule(&castling));
            return;
        }
        if let Some(list) = definition.piece_list() {
            let identifiers: Vec<ast::Identifier> = definition.identifiers().collect();
            self.skip(list.text_range(), &rules::list_rule(&identifiers, &list));
        }
        let first = moves.len();
        for expression in definition.moves() {
            let mut ends_on_a_visit = false;
            let mut starts_turning = false;
            // A path of no legs is an effect said in words (an explosion), no move.
            for path in self
                .expression(&expression)
                .into_iter()
                .filter(|p| !p.legs.is_empty() || p.universal)
            {
                if path.directions.iter().any(|d| d.turns_from_before()) {
                    starts_turning = true;
                    continue;
                }
                // A visit (`j`) that ends the move needs a setup, capture or swap after it
                // ("Either a succeeding leg is required … or this piece will suicide").
                if path.legs.last().is_some_and(|l| l.modes.hop) {
                    ends_on_a_visit = true;
                    continue;
                }
                moves.push(path.into_move(expression.text_range()));
            }
            // Said once for the expression, however many of its paths end or start so.
            if starts_turning {
                self.skip(
                    expression.text_range(),
                    "`t` and `z` turn from the leg before, and a move that starts with them has \
                     none",
                );
            }
            if ends_on_a_visit {
                self.skip(
                    expression.text_range(),
                    "`j` visits a piece at the end of the move; what follows (a setup, a \
                     capture, a swap) is not drawn",
                );
            }
        }
        if definition.identifiers().any(|i| i.is_side_mover()) {
            self.side_mover(moves, first);
        }
    }

    /// "The move of a side-mover is rotated by 90 degrees (clockwise)" (seed 002, section 2):
    /// `'P=mfW+cfF` moves from left to right. A board range would turn with it ("promotes on
    /// the last file"): such a move is said, not drawn.
    fn side_mover(&mut self, moves: &mut Vec<Move>, first: usize) {
        let turned: Vec<Move> = moves.drain(first..).collect();
        for mut a_move in turned {
            if !a_move.regions.is_empty() {
                self.skip(
                    a_move.source,
                    "a side-mover's board range turns with its moves, which is not drawn yet",
                );
                continue;
            }
            for leg in &mut a_move.legs {
                if let LegSteps::Absolute(steps) = &mut leg.steps {
                    for step in steps {
                        *step = step.clockwise();
                    }
                }
            }
            moves.push(a_move);
        }
    }

    /// A definition that is a name alone: "If a move notation consists only of a piece letter
    /// then it will move like the identically named basic piece."
    fn lone(&mut self, identifier: &ast::Identifier, moves: &mut Vec<Move>) {
        let source = identifier.text_range();
        match identifier.bare_letter().filter(char::is_ascii_uppercase) {
            Some(letter) => {
                for path in self.letter(letter, source) {
                    moves.push(path.into_move(source));
                }
            }
            None => self.skip(source, &rules::prefixed_piece(identifier)),
        }
    }

    fn expression(&mut self, expression: &ast::Expression) -> Vec<Path> {
        match expression {
            ast::Expression::Term(term) => self.term(term),
            ast::Expression::Alternatives(alternatives) => {
                alternatives.terms().flat_map(|t| self.term(&t)).collect()
            }
            ast::Expression::Chain(chain) => {
                self.budgeted(chain.text_range(), |lower| lower.chain(chain))
            }
            ast::Expression::Optional(leg) => {
                self.skip(leg.text_range(), "an optional leg outside a chain");
                Vec::new()
            }
            ast::Expression::Error(_) => Vec::new(),
        }
    }

    /// `A-B` continues in the direction of A (seed 002: "by default later legs go in the same
    /// direction as the previous one"); `A--B` starts afresh; `[B]` may be left out.
    fn chain(&mut self, chain: &ast::Chain) -> Vec<Path> {
        let mut paths: Vec<Path> = Vec::new();
        let mut nothing_yet = true;
        for (joint, part) in chain.parts() {
            let (inner, optional, when_open) = match &part {
                ast::Expression::Optional(leg) if leg.is_choice() => (leg.body(), true, false),
                // "this leg belongs to the move if the square is unblocked, and it does not
                // belong to the move if the square is blocked": the walk decides (notes MB18).
                ast::Expression::Optional(leg) => (leg.body(), false, true),
                _ => (Some(part.clone()), false, false),
            };
            let mut next = inner.map(|e| self.expression(&e)).unwrap_or_default();
            if when_open {
                path::when_open(&mut next);
                if let ast::Expression::Optional(leg) = &part
                    && let Some(steps) = leg.steps()
                {
                    next = self.repeat_when_open(next, steps.value(), leg.text_range());
                }
            }
            // Before the first part, nothing has moved yet: `[K]--K` may start with either.
            let mut joined = if optional {
                self.spend(paths.iter().map(|p| p.legs.len()).sum());
                paths.clone()
            } else {
                Vec::new()
            };
            if nothing_yet {
                joined.extend(next.iter().cloned());
            }
            let chained = joint == Some(ast::Joint::Chained);
            let most = MOVE_LIMIT.saturating_sub(joined.len());
            joined.extend(self.join_all(paths, &next, chained, part.text_range(), most));
            paths = joined;
            nothing_yet &= optional;
            if self.over_budget() {
                break;
            }
            if paths.len() > MOVE_LIMIT {
                paths.truncate(MOVE_LIMIT);
                self.incomplete = true;
            }
        }
        paths
    }

    /// A basic piece, vector or complex rider, with its steps.
    fn a_move(&mut self, a_move: &ast::Move) -> Vec<Path> {
        self.budgeted(a_move.text_range(), |lower| lower.unbudgeted_move(a_move))
    }

    fn unbudgeted_move(&mut self, a_move: &ast::Move) -> Vec<Path> {
        let steps = a_move.steps();
        if let Some(turn) = a_move.circular() {
            return self.circular(a_move, turn.directional(), steps);
        }
        let base = match a_move {
            ast::Move::Rider(rider) => rider.parts().flat_map(|p| self.expression(&p)).collect(),
            ast::Move::Atom(atom) => self.atom(atom),
        };
        match steps {
            None => base,
            Some(steps) => self.repeat(base, steps.value(), a_move.text_range()),
        }
    }

    fn atom(&mut self, atom: &ast::Atom) -> Vec<Path> {
        let source = atom.text_range();
        match atom.base() {
            Some(ast::Base::Letter(letter)) => self.letter(letter, source),
            Some(ast::Base::Vector(vector)) => {
                let leap = vector
                    .leap()
                    .and_then(|(m, n)| Some((i8::try_from(m).ok()?, i8::try_from(n).ok()?)));
                match leap {
                    Some((0, 0)) => {
                        self.skip(
                            source,
                            "`:0,0:` is the null move: the piece stays on its square",
                        );
                        Vec::new()
                    }
                    Some(leap) => vec![leaper(&[leap], source)],
                    None => {
                        self.skip(source, "a leap longer than any board");
                        Vec::new()
                    }
                }
            }
            Some(ast::Base::Compound(_)) | None => {
                self.skip(source, "a compound letter with no macro defining it");
                Vec::new()
            }
        }
    }

    /// A basic piece's moves (seed 002, section 14's table).
    fn letter(&mut self, letter: char, source: TextRange) -> Vec<Path> {
        if let Some(leaps) = leaps_of(letter) {
            return vec![leaper(leaps, source)];
        }
        match letter {
            // Section 14: "U Universal Leaper g(WF)0", a leap to any square: (WF)0 reaches every
            // square of an empty board, and `g` leaps there.
            'U' => vec![Path {
                universal: true,
                ..Path::default()
            }],
            'O' => {
                self.skip(
                    source,
                    "`O` is the null move: the piece stays on its square",
                );
                Vec::new()
            }
            _ => match basic_piece(letter) {
                Some(definition) => self.basic(letter, definition, source),
                None => {
                    self.skip(source, "this piece is not drawn yet");
                    Vec::new()
                }
            },
        }
    }

    /// A basic piece written in MBN, where the letter stands.
    fn basic(&mut self, letter: char, definition: &str, source: TextRange) -> Vec<Path> {
        let (mut paths, why) = self
            .basic_pieces
            .entry(letter)
            .or_insert_with(|| lowered(definition, false))
            .clone();
        if let Some(why) = why {
            self.skip(source, &why);
        }
        // Every range the definition's text gave is the letter's in the text written.
        for path in &mut paths {
            for leg in &mut path.legs {
                leg.source = source;
                if let Some(sets) = &mut leg.sets {
                    for set in [&mut sets.capture, &mut sets.hop, &mut sets.swap]
                        .into_iter()
                        .flatten()
                    {
                        set.source = source;
                    }
                }
            }
            let regions = &mut path.regions;
            for region in regions.from.iter_mut().chain(&mut regions.to) {
                region.source = source;
            }
            for condition in &mut regions.conditions {
                condition.source = source;
            }
        }
        paths
    }
}

/// The moves of a piece written in MBN, for the basic pieces' definitions and attackers
/// (`nested`), and what of them is not drawn, in words.
fn lowered(text: &str, nested: bool) -> Lowered {
    let parsed = super::parser::read(text);
    let mut inner = Lower {
        nested,
        ..Lower::default()
    };
    let mut paths = Vec::new();
    for definition in parsed.piece().definitions() {
        for expression in definition.moves() {
            paths.extend(inner.expression(&expression));
        }
    }
    let why = (!inner.not_drawn.is_empty()).then(|| {
        let parts: Vec<String> = inner
            .not_drawn
            .iter()
            .map(|(r, why)| format!("`{}` ({why})", &text[*r]))
            .collect();
        format!(
            "stands for `{text}`, of which {} is not drawn",
            parts.join(", ")
        )
    });
    (paths, why)
}

mod chains;
mod conditions;
mod directions;
mod leapers;
mod modifiers;
mod path;
mod regions;
mod rules;
mod sets;
mod setup;
mod terms;

#[cfg(test)]
mod board_tests;
#[cfg(test)]
mod golden;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod turn_tests;
