//! Chained Extended Betza (seed 001) lowered to the shared move model.
//!
//! A written move is a chain of legs joined by operators. It is expanded into concrete paths:
//! the first leg in each orientation of its atom, every later leg in the orientations its
//! direction letters select relative to the leg before ("The continuation steps are to be
//! described in a coordinate system relative to the previous step"; `f` when none is written).
//! Each path becomes a model move of absolute single-direction legs, the operators deciding what
//! a leg may do where it ends. A move's own direction letters select by the path's overall
//! displacement ("frm(WxlW) … an F step … to your forward right"), its `m`/`c` what the last leg
//! may do. What the model cannot express (`!`, `y`, and the modifiers j p g q z o) is listed in
//! [`Piece::not_drawn`]; `k` (royalty) does not change the moves.

use rowan::{NodeOrToken, TextRange};
use rustc_hash::FxHashSet;

use super::{
    Initial, LONGEST_LINE, Lameness, Leg, LegSteps, Modes, Move, MoveKind, Piece, Reach, Step,
    Wrap, orientations,
};
use crate::parser::chained::is_operator;
use crate::tree::SyntaxNode;
use crate::{Dialect, SyntaxKind::*};
use directions::{relative, selected_overall};

/// A move expands into at most this many paths.
const PATH_LIMIT: usize = 512;
/// A move's expansion places at most this many legs in all.
const NODE_LIMIT: usize = 65_536;
/// A piece expands into at most this many paths in all.
const PIECE_PATH_LIMIT: usize = 4096;
/// A path has at most this many legs (the expansion recurses once per leg).
const LEG_LIMIT: usize = 256;

/// One leg as written, before its orientation is chosen.
#[derive(Debug, Clone)]
struct Link {
    /// Every orientation of the atom.
    shapes: Vec<Step>,
    reach: Reach,
    /// Direction letters relative to the previous leg (the first leg's are unused).
    letters: String,
    /// The operator that joins it to the leg before.
    operator: Option<char>,
    /// `e`: as many steps as the leg before.
    equal: bool,
    source: TextRange,
}

/// What a move's prefix letters say about the whole path.
#[derive(Debug, Clone, Default)]
struct Prefix {
    directions: String,
    modes: Option<Modes>,
    initial: bool,
    lame: bool,
    /// `j`: "must jump exactly one" piece on the way, as XBetza's `p`.
    jump_one: bool,
    /// `o`: "wraps around on cylinder board".
    cylinder: bool,
}

/// One way to make a written move: its prefix and its legs.
type Template = (Prefix, Vec<Link>);

#[derive(Default)]
struct Lower {
    not_drawn: Vec<(TextRange, String)>,
    incomplete: bool,
}

pub(super) fn build(root: &SyntaxNode) -> Piece {
    let mut lower = Lower::default();
    let mut moves: Vec<Move> = Vec::new();
    for written in root.children().filter(|n| n.kind() == MOVE) {
        if moves.len() >= PIECE_PATH_LIMIT {
            lower.incomplete = true;
            break;
        }
        let Some(templates) = lower.a_move(&written) else {
            continue;
        };
        let mut paths = 0;
        // Different ways often make the same path: keep the first of each.
        let mut own: FxHashSet<Move> = FxHashSet::default();
        'ways: for (prefix, links) in &templates {
            for a_move in lower.paths(prefix, links, written.text_range(), &mut paths) {
                if moves.len() >= PIECE_PATH_LIMIT {
                    lower.incomplete = true;
                    break 'ways;
                }
                if own.insert(a_move.clone()) {
                    moves.push(a_move);
                }
            }
        }
    }
    Piece {
        dialect: Dialect::Chained,
        moves,
        incomplete: lower.incomplete,
        not_drawn: lower.not_drawn,
        fairy: None,
    }
}

/// The leap `(a, b)` of a vector node, if its numbers fit.
pub(crate) fn vector_leap(vector: &SyntaxNode) -> Option<(i8, i8)> {
    let numbers: Vec<i8> = vector
        .text()
        .to_string()
        .trim_matches(['(', ')'])
        .split(',')
        .filter_map(|n| n.parse().ok())
        .collect();
    match numbers.as_slice() {
        [a, b] => Some((*a, *b)),
        _ => None,
    }
}

/// The leaps and reach of an atom letter (seed 001's table and shortcuts).
pub(crate) fn atom_leaps(letter: char) -> Option<(Vec<(i8, i8)>, Reach)> {
    let one = |leaps: &[(i8, i8)]| Some((leaps.to_vec(), Reach::Steps(1)));
    let slide = |leaps: &[(i8, i8)]| Some((leaps.to_vec(), Reach::Unlimited));
    match letter {
        'W' => one(&[(0, 1)]),
        'F' => one(&[(1, 1)]),
        'D' => one(&[(0, 2)]),
        'A' => one(&[(2, 2)]),
        'H' | 'I' => one(&[(0, 3)]),
        'N' => one(&[(1, 2)]),
        'L' | 'C' => one(&[(1, 3)]),
        'J' | 'Z' => one(&[(2, 3)]),
        'G' => one(&[(3, 3)]),
        'K' => one(&[(0, 1), (1, 1)]),
        'R' => slide(&[(0, 1)]),
        'B' => slide(&[(1, 1)]),
        'Q' => slide(&[(0, 1), (1, 1)]),
        _ => None,
    }
}

fn letters_of(node: &SyntaxNode) -> String {
    node.children_with_tokens()
        .filter_map(NodeOrToken::into_token)
        .filter_map(|t| t.kind().letter())
        .collect()
}

impl Lower {
    fn skip(&mut self, node: &SyntaxNode, why: &str) {
        self.not_drawn.push((node.text_range(), why.to_owned()));
    }

    /// Every way of `before` continued by every way of `after`, joined by `operator` with
    /// `letters` on the joining leg. `None` (and said) past the bounds on legs and ways, or
    /// when a joined group has a prefix of its own.
    fn join(
        &mut self,
        written: &SyntaxNode,
        before: &[Template],
        after: &[Template],
        operator: Option<char>,
        letters: &str,
    ) -> Option<Vec<Template>> {
        if after
            .iter()
            .any(|(prefix, _)| !prefix.directions.is_empty() || prefix.modes.is_some())
        {
            self.skip(
                written,
                "a group with its own prefix after an operator is not drawn yet",
            );
            return None;
        }
        if before.len().saturating_mul(after.len()) > PATH_LIMIT {
            self.skip(
                written,
                &format!("more than {PATH_LIMIT} ways to make one move are not drawn"),
            );
            return None;
        }
        let mut joined = Vec::new();
        for (before_prefix, links) in before {
            for (_, rest) in after {
                let mut links = links.clone();
                let mut rest = rest.clone();
                if let Some(first) = rest.first_mut() {
                    first.operator = operator;
                    first.equal = letters.contains('e');
                    if !letters.is_empty() {
                        first.letters = letters.to_owned();
                    }
                }
                links.extend(rest);
                // Checked as the chain grows: joining copies the legs so far.
                if links.len() > LEG_LIMIT {
                    self.skip(
                        written,
                        &format!("a path of more than {LEG_LIMIT} legs is not drawn"),
                    );
                    return None;
                }
                joined.push((before_prefix.clone(), links));
            }
        }
        Some(joined)
    }

    /// The ways to make a written move, or `None` when part of it cannot be drawn.
    fn a_move(&mut self, written: &SyntaxNode) -> Option<Vec<Template>> {
        let mut prefix = Prefix::default();
        let mut templates: Vec<Template> = Vec::new();
        let mut operator: Option<char> = None;
        let mut letters = String::new();
        for element in written.children_with_tokens() {
            match element {
                NodeOrToken::Token(token) if is_operator(token.kind()) => {
                    let symbol = token.text().chars().next().unwrap_or('-');
                    operator = Some(symbol);
                }
                NodeOrToken::Node(node) if node.kind() == MODIFIER => {
                    if templates.is_empty() {
                        self.prefix(&node, &mut prefix)?;
                    } else {
                        letters = letters_of(&node);
                    }
                }
                NodeOrToken::Node(node) if node.kind() == LEG => {
                    let ways = self.leg(&node)?;
                    templates = if templates.is_empty() {
                        ways
                    } else {
                        self.join(written, &templates, &ways, operator, &letters)?
                    };
                    operator = None;
                    letters.clear();
                }
                _ => {}
            }
        }
        // The move's prefix applies to every way of making it (distributivity: m(AB) = mAmB).
        for (own, _) in &mut templates {
            own.directions.push_str(&prefix.directions);
            own.initial |= prefix.initial;
            own.lame |= prefix.lame;
            own.jump_one |= prefix.jump_one;
            own.cylinder |= prefix.cylinder;
            if let Some(modes) = prefix.modes {
                let mine = own.modes.get_or_insert_with(Modes::default);
                mine.to_empty |= modes.to_empty;
                mine.capture_enemy |= modes.capture_enemy;
            }
        }
        Some(templates)
    }

    /// A move's prefix letters: directions, `m`/`c`, `i`, `n`, and `e` (used by legs).
    fn prefix(&mut self, node: &SyntaxNode, prefix: &mut Prefix) -> Option<()> {
        for letter in letters_of(node).chars() {
            match letter {
                'f' | 'b' | 'l' | 'r' | 's' | 'v' | 'h' => prefix.directions.push(letter),
                'a' => {}
                'm' => prefix.modes.get_or_insert_with(Modes::default).to_empty = true,
                'c' => {
                    prefix
                        .modes
                        .get_or_insert_with(Modes::default)
                        .capture_enemy = true;
                }
                'i' => prefix.initial = true,
                'n' => prefix.lame = true,
                'j' if !prefix.jump_one => prefix.jump_one = true,
                'o' => prefix.cylinder = true,
                // "a 'k' prefix could be used to indicate royalty": not part of the movement.
                'k' => {}
                _ => {
                    self.skip(
                        node,
                        &format!("the modifier `{letter}` is not drawn yet in chained Betza"),
                    );
                    return None;
                }
            }
        }
        Some(())
    }

    /// A leg: an atom, a vector or a group, with its exponent.
    fn leg(&mut self, leg: &SyntaxNode) -> Option<Vec<Template>> {
        let mut ways: Vec<Template> = Vec::new();
        for child in leg.children() {
            match child.kind() {
                ATOM => ways.push((Prefix::default(), vec![self.atom(&child)?])),
                GROUP => {
                    for inner in child.children().filter(|n| n.kind() == MOVE) {
                        ways.extend(self.a_move(&inner)?);
                    }
                    if ways.len() > PATH_LIMIT {
                        self.skip(
                            leg,
                            &format!("more than {PATH_LIMIT} ways to make one move are not drawn"),
                        );
                        return None;
                    }
                }
                RANGE => ways = self.exponent(&child, ways)?,
                _ => {}
            }
        }
        (!ways.is_empty()).then_some(ways)
    }

    fn atom(&mut self, node: &SyntaxNode) -> Option<Link> {
        let text = node.text().to_string();
        let (leaps, reach) = if let Some(vector) = node.children().find(|n| n.kind() == VECTOR) {
            match vector_leap(&vector) {
                Some(leap) if leap != (0, 0) => (vec![leap], Reach::Steps(1)),
                _ => {
                    self.skip(node, "a leap that is null or longer than any board");
                    return None;
                }
            }
        } else if text == "O" {
            self.skip(node, "`O` is the null move: the piece passes its turn");
            return None;
        } else {
            atom_leaps(text.chars().next()?)?
        };
        Some(Link {
            shapes: orientations(&leaps),
            reach,
            letters: String::new(),
            operator: None,
            equal: false,
            source: node.text_range(),
        })
    }

    /// "AmN … to mean AmAm…mA with N factors A": the default operator `t`, the default
    /// direction `f`. A plain `W3` is a slide of up to three steps. With `0` and an operator that
    /// cannot stop on the way (`W-0`), every length up to a line of the largest board is a way.
    fn exponent(&mut self, range: &SyntaxNode, ways: Vec<Template>) -> Option<Vec<Template>> {
        let mut operator = 't';
        let mut letters = String::new();
        let mut count = 0usize;
        for token in range
            .children_with_tokens()
            .filter_map(NodeOrToken::into_token)
        {
            if is_operator(token.kind()) {
                operator = token.text().chars().next().unwrap_or('t');
            } else if let Some(letter) = token.kind().letter() {
                letters.push(letter);
            } else if token.kind() == DIGITS {
                count = token.text().parse().unwrap_or(usize::MAX);
            }
        }
        let unlimited = count == 0;
        let copies = if unlimited {
            LONGEST_LINE
        } else {
            count.min(LONGEST_LINE)
        };
        if letters.is_empty() {
            letters.push('f');
        }
        let single = matches!(ways.as_slice(), [(_, links)] if matches!(links.as_slice(), [one] if one.reach == Reach::Steps(1)));
        if single && operator == 't' && letters == "f" {
            let mut ways = ways;
            if let Some(link) = ways[0].1.first_mut() {
                link.reach = if unlimited {
                    Reach::Unlimited
                } else {
                    Reach::Steps(u32::try_from(copies).unwrap_or(u32::MAX))
                };
            }
            return Some(ways);
        }
        // Every factor may be any of the ways: (WF)-3 mixes W and F legs.
        let mut out = ways.clone();
        let mut shorter = Vec::new();
        for _ in 1..copies {
            if unlimited && operator != 't' {
                shorter.extend(out.iter().cloned());
            }
            out = self.join(range, &out, &ways, Some(operator), &letters)?;
        }
        shorter.extend(out);
        Some(shorter)
    }

    /// The model moves of one way of making a written move: every orientation, every ending
    /// that a `t` allows, the prefix's directions kept.
    fn paths(
        &mut self,
        prefix: &Prefix,
        links: &[Link],
        source: TextRange,
        count: &mut usize,
    ) -> Vec<Move> {
        let mut out = Vec::new();
        let mut steps = Vec::new();
        self.walk(prefix, links, source, &mut steps, &mut out, count);
        out
    }

    fn walk(
        &mut self,
        prefix: &Prefix,
        links: &[Link],
        source: TextRange,
        steps: &mut Vec<Step>,
        out: &mut Vec<Move>,
        count: &mut usize,
    ) {
        let index = steps.len();
        let Some(link) = links.get(index) else {
            return;
        };
        let choices: Vec<Step> = match steps.last() {
            None => link.shapes.clone(),
            Some(previous) => relative(*previous, &link.shapes, &link.letters),
        };
        for step in choices {
            // Every leg placed counts, whether a path comes of it or not: letters that select
            // nothing further on must not leave the search unbounded.
            if *count >= NODE_LIMIT || out.len() >= PATH_LIMIT {
                self.incomplete = true;
                return;
            }
            *count += 1;
            steps.push(step);
            let ends_here = index + 1 == links.len() || links[index + 1].operator == Some('t');
            if ends_here && selected_overall(&prefix.directions, steps) {
                out.push(to_move(prefix, &links[..=index], steps, source));
            }
            self.walk(prefix, links, source, steps, out, count);
            steps.pop();
        }
    }
}

/// One concrete path as a model move.
fn to_move(prefix: &Prefix, links: &[Link], steps: &[Step], source: TextRange) -> Move {
    let last = links.len() - 1;
    let mut legs = Vec::new();
    for (index, (link, step)) in links.iter().zip(steps).enumerate() {
        let (modes, default_modes) = if index == last {
            match prefix.modes {
                Some(modes) => (modes, false),
                None => (Modes::MOVE_OR_CAPTURE, true),
            }
        } else {
            (operator_modes(links[index + 1].operator), false)
        };
        let leaper = link.reach == Reach::Steps(1) && step.king_distance() > 1;
        legs.push(Leg {
            modes,
            default_modes,
            lame: (prefix.lame && leaper).then_some(Lameness::ShortestPaths),
            iso: link.equal,
            ..Leg::plain(LegSteps::Absolute(vec![*step]), link.reach, link.source)
        });
        // `y`: "connection square is one step before first obstacle": the leg runs into the
        // obstacle (a hop that leaves it alone), then one step back, where the move goes on.
        if index < last && links[index + 1].operator == Some('y') {
            legs.push(Leg {
                modes: Modes::MOVE,
                default_modes: false,
                ..Leg::plain(
                    LegSteps::Absolute(vec![Step::new(-step.dx, -step.dy)]),
                    Reach::Steps(1),
                    link.source,
                )
            });
        }
    }
    if prefix.cylinder {
        for leg in &mut legs {
            leg.wrap = Wrap::Cylinder;
        }
    }
    if prefix.jump_one
        && let Some(last) = legs.pop()
    {
        // The last leg hops one piece and goes on beyond it, as XBetza's `pR`.
        legs.extend(last.hopping(false));
    }
    Move {
        kind: MoveKind::Legs,
        initial: if prefix.initial {
            Initial::FirstMove
        } else {
            Initial::Always
        },
        legs,
        source,
    }
}

/// What a leg may do where the next operator joins on (seed 001's table of operators).
fn operator_modes(operator: Option<char>) -> Modes {
    let mut modes = Modes::default();
    match operator {
        // "connection square must be occupied and remains untouched"
        Some('+') => modes.hop = true,
        // "must contain own piece and remains untouched"
        Some('?') => {
            modes.hop = true;
            modes.tame = true;
        }
        // `y`: the leg ends on the first obstacle, and a step back follows (see `to_move`).
        Some('y') => modes.hop = true,
        // "must contain enemy and remains untouched"
        Some('!') => {
            modes.hop = true;
            modes.hop_enemy_only = true;
        }
        // "must contain enemy, which is captured"
        Some('x') => modes.capture_enemy = true,
        // "must be occupied, friend or foe there is destroyed"
        Some('d') => {
            modes.capture_enemy = true;
            modes.capture_friend = true;
        }
        // `t` and `-`: "continue (if empty)".
        _ => modes.to_empty = true,
    }
    modes
}

mod directions;
mod xbetza;

pub(crate) use xbetza::{from_xbetza, to_xbetza};

#[cfg(test)]
mod tests;
