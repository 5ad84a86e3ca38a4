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

use rowan::TextRange;
use rustc_hash::FxHashSet;

use crate::model::WalkRules;
use crate::model::region::Regions;

use crate::Dialect;
use crate::model::{
    Initial, LONGEST_LINE, Lameness, Leg, LegSteps, Modes, Move, MoveKind, Piece, Reach, Step,
    Wrap, orientations,
};
use crate::notation::chained::ast::{self as written, Count, LegElement};
use crate::notation::chained::vocabulary::{Atom, Operator};
use crate::tree::SyntaxNode;
use directions::{relative, selected_overall};

/// A move expands into at most this many paths.
const PATH_LIMIT: usize = 512;
/// A move's expansion places at most this many legs in all.
const NODE_LIMIT: usize = 65_536;
/// A piece expands into at most this many paths in all.
const PIECE_PATH_LIMIT: usize = 4096;
/// A path has at most this many legs (the expansion recurses once per leg).
const LEG_LIMIT: usize = 256;
/// A piece's expansion copies and places at most this many legs in all, however many moves it
/// has: thousands of moves that each expand to their own bounds must not add up unbounded.
const PIECE_WORK_LIMIT: usize = 4 * NODE_LIMIT;

/// One leg as written, before its orientation is chosen.
#[derive(Debug, Clone)]
struct Link {
    /// Every orientation of the atom.
    shapes: Vec<Step>,
    reach: Reach,
    /// Direction letters relative to the previous leg (the first leg's are unused).
    letters: String,
    /// The operator that joins it to the leg before.
    operator: Option<Operator>,
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
    /// Legs copied by joins and placed by walks so far, for [`PIECE_WORK_LIMIT`].
    work: usize,
}

pub(crate) fn build(root: &SyntaxNode) -> Piece {
    let mut lower = Lower::default();
    let mut moves: Vec<Move> = Vec::new();
    for written in written_moves(root) {
        if moves.len() >= PIECE_PATH_LIMIT || lower.work > PIECE_WORK_LIMIT {
            // Said, so that no later move reads as one that can never be made.
            lower.incomplete = true;
            lower.skip(
                TextRange::new(written.text_range().start(), root.text_range().end()),
                "past the piece's bound on expanding moves",
            );
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
        engine: None,
        walk: WalkRules::default(),
    }
}

/// The written moves of a chained piece's tree.
fn written_moves(root: &SyntaxNode) -> Vec<written::Move> {
    written::Piece::cast(root.clone()).map_or_else(Vec::new, |piece| piece.moves().collect())
}

/// The leaps and reach of an atom (seed 001's table and shortcuts); `O`, the null move, has
/// none.
pub(crate) fn atom_leaps(atom: Atom) -> Option<(Vec<(i8, i8)>, Reach)> {
    let reach = if atom.slides() {
        Reach::Unlimited
    } else {
        Reach::Steps(1)
    };
    (atom != Atom::O).then(|| (atom.leaps().to_vec(), reach))
}

impl Lower {
    fn skip(&mut self, source: TextRange, why: &str) {
        self.not_drawn.push((source, why.to_owned()));
    }

    /// Counts `legs` copied or placed for the move at `source`; false past the piece's bound,
    /// which is said the first time, on the move that reached it.
    fn spend(&mut self, legs: usize, source: TextRange) -> bool {
        let before = self.work;
        self.work = self.work.saturating_add(legs);
        if self.work <= PIECE_WORK_LIMIT {
            return true;
        }
        if before <= PIECE_WORK_LIMIT {
            self.skip(
                source,
                "the piece's bound on expanding moves is reached here",
            );
        }
        self.incomplete = true;
        false
    }

    /// Every way of `before` continued by every way of `after`, joined by `operator` with
    /// `letters` on the joining leg. `None` (and said) past the bounds on legs and ways, or
    /// when a joined group has a prefix of its own.
    fn join(
        &mut self,
        source: TextRange,
        before: &[Template],
        after: &[Template],
        operator: Option<Operator>,
        letters: &str,
    ) -> Option<Vec<Template>> {
        if after
            .iter()
            .any(|(prefix, _)| !prefix.directions.is_empty() || prefix.modes.is_some())
        {
            self.skip(
                source,
                "a group with its own prefix after an operator is not drawn yet",
            );
            return None;
        }
        if before.len().saturating_mul(after.len()) > PATH_LIMIT {
            self.skip(
                source,
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
                        source,
                        &format!("a path of more than {LEG_LIMIT} legs is not drawn"),
                    );
                    return None;
                }
                if !self.spend(links.len(), source) {
                    return None;
                }
                joined.push((before_prefix.clone(), links));
            }
        }
        Some(joined)
    }

    /// The ways to make a written move, or `None` when part of it cannot be drawn.
    fn a_move(&mut self, written: &written::Move) -> Option<Vec<Template>> {
        let mut prefix = Prefix::default();
        for modifiers in written.prefix() {
            self.prefix(&modifiers, &mut prefix)?;
        }
        let mut templates: Vec<Template> = Vec::new();
        for leg in written.legs() {
            let ways = self.leg(&leg)?;
            templates = if templates.is_empty() {
                ways
            } else {
                let letters: String = leg
                    .modifiers()
                    .map(|m| m.letters().collect())
                    .unwrap_or_default();
                let operator = leg.operator().map(|o| o.operator());
                self.join(written.text_range(), &templates, &ways, operator, &letters)?
            };
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
    fn prefix(&mut self, modifiers: &written::Modifiers, prefix: &mut Prefix) -> Option<()> {
        for letter in modifiers.letters() {
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
                        modifiers.text_range(),
                        &format!("the modifier `{letter}` is not drawn yet in chained Betza"),
                    );
                    return None;
                }
            }
        }
        Some(())
    }

    /// A leg: an atom, a vector or a group, with its exponent.
    fn leg(&mut self, leg: &written::Leg) -> Option<Vec<Template>> {
        let mut ways: Vec<Template> = Vec::new();
        match leg.element() {
            Some(LegElement::Atom(atom)) => ways.push((Prefix::default(), vec![self.atom(&atom)?])),
            Some(LegElement::Group(group)) => {
                for inner in group.moves() {
                    ways.extend(self.a_move(&inner)?);
                }
                if ways.len() > PATH_LIMIT {
                    self.skip(
                        leg.text_range(),
                        &format!("more than {PATH_LIMIT} ways to make one move are not drawn"),
                    );
                    return None;
                }
            }
            None => {}
        }
        if let Some(exponent) = leg.exponent() {
            ways = self.exponent(&exponent, ways)?;
        }
        (!ways.is_empty()).then_some(ways)
    }

    fn atom(&mut self, atom: &written::Atom) -> Option<Link> {
        let (leaps, reach) = match (atom.vector(), atom.atom()) {
            (Some(vector), _) => match vector.leap() {
                Some(leap) if leap != (0, 0) => (vec![leap], Reach::Steps(1)),
                _ => {
                    self.skip(
                        atom.text_range(),
                        "a leap that is null or longer than any board",
                    );
                    return None;
                }
            },
            (None, Some(Atom::O)) => {
                self.skip(
                    atom.text_range(),
                    "`O` is the null move: the piece passes its turn",
                );
                return None;
            }
            (None, letter) => atom_leaps(letter?)?,
        };
        Some(Link {
            shapes: orientations(&leaps),
            reach,
            letters: String::new(),
            operator: None,
            equal: false,
            source: atom.text_range(),
        })
    }

    /// "AmN … to mean AmAm…mA with N factors A": the default operator `t`, the default
    /// direction `f`. A plain `W3` is a slide of up to three steps. With `0` and an operator that
    /// cannot stop on the way (`W-0`), every length up to a line of the largest board is a way.
    fn exponent(
        &mut self,
        exponent: &written::Exponent,
        ways: Vec<Template>,
    ) -> Option<Vec<Template>> {
        let operator = exponent.operator().map_or(Operator::Then, |o| o.operator());
        let mut letters: String = exponent.letters().collect();
        // The parser makes an exponent only where digits end it.
        let (unlimited, copies) = match exponent.count().unwrap_or(Count::Any) {
            Count::Any => (true, LONGEST_LINE),
            Count::Factors(count) => (false, count.min(LONGEST_LINE)),
        };
        if letters.is_empty() {
            letters.push('f');
        }
        let single = matches!(ways.as_slice(), [(_, links)] if matches!(links.as_slice(), [one] if one.reach == Reach::Steps(1)));
        if single && operator == Operator::Then && letters == "f" {
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
        let source = exponent.text_range();
        for _ in 1..copies {
            if unlimited && operator != Operator::Then {
                shorter.extend(out.iter().cloned());
            }
            out = self.join(source, &out, &ways, Some(operator), &letters)?;
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
            if !self.spend(1, source) {
                return;
            }
            *count += 1;
            steps.push(step);
            // "the move could be terminated at that point" only where a `t` joins on (seed 001).
            let ends_here =
                index + 1 == links.len() || links[index + 1].operator == Some(Operator::Then);
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
        if index < last && links[index + 1].operator == Some(Operator::Split) {
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
        regions: Regions::default(),
        source,
    }
}

/// What a leg may do where the next operator joins on (seed 001's table of operators).
fn operator_modes(operator: Option<Operator>) -> Modes {
    let mut modes = Modes::default();
    match operator {
        // "connection square must be occupied and remains untouched"
        Some(Operator::Hop) => modes.hop = true,
        // "must contain own piece and remains untouched"
        Some(Operator::Own) => {
            modes.hop = true;
            modes.tame = true;
        }
        // `y`: the leg ends on the first obstacle, and a step back follows (see `to_move`).
        Some(Operator::Split) => modes.hop = true,
        // "must contain enemy and remains untouched"
        Some(Operator::Foe) => {
            modes.hop = true;
            modes.hop_enemy_only = true;
        }
        // "must contain enemy, which is captured"
        Some(Operator::Capture) => modes.capture_enemy = true,
        // "must be occupied, friend or foe there is destroyed"
        Some(Operator::Destroy) => {
            modes.capture_enemy = true;
            modes.capture_friend = true;
        }
        // `t` and `-`: "continue (if empty)".
        Some(Operator::Then | Operator::Block) | None => modes.to_empty = true,
    }
    modes
}

mod directions;
mod xbetza;

pub(crate) use xbetza::{from_xbetza, to_xbetza};

#[cfg(test)]
mod tests;
