//! Chained Betza rewritten in XBetza and back (notes C7). These are the rewritings only: a
//! rewriting is offered where it has the same moves as the text, which is decided above the
//! board by generating both (`explain::xbetza_equivalent`, `explain::chained_equivalent`).

use super::directions::relative;
use super::{Link, Lower, Prefix, written_moves};
use crate::model::directions::{System, select, terms};
use crate::model::{
    Initial, Leg, LegSteps, Modes, Move, MoveKind, Piece, Reach, Step, orientations,
};
use crate::notation::chained::vocabulary::Operator;
use crate::tree::SyntaxNode;

/// The same piece written in XBetza by one simple rewriting: one leaper or slider per leg,
/// later legs as turns of the first leg's atom (XBetza's continuation legs), operators as
/// modes. `None` when the rewriting does not apply.
pub(crate) fn to_xbetza(root: &SyntaxNode) -> Option<String> {
    let mut lower = Lower::default();
    let mut out = String::new();
    for written in written_moves(root) {
        for (prefix, links) in lower.a_move(&written)? {
            for end in 0..links.len() {
                let ends_here =
                    end + 1 == links.len() || links[end + 1].operator == Some(Operator::Then);
                if ends_here {
                    out.push_str(&path_in_xbetza(&prefix, &links[..=end])?);
                }
            }
            if out.len() > LONGEST_REWRITING {
                return None;
            }
        }
    }
    (lower.not_drawn.is_empty() && !out.is_empty()).then_some(out)
}

/// A rewriting much longer than the text (a one-way Rose) helps no reader; a piece of thousands
/// of moves stops being rewritten as soon as it is this long.
const LONGEST_REWRITING: usize = 64;

/// An XBetza piece with several legs written in chained Betza (the reverse rewriting): each
/// leg's atom, later legs' turns as relative letters, leg modes as operators. `None` when the
/// rewriting does not apply.
pub(crate) fn from_xbetza(xbetza: &Piece) -> Option<String> {
    let mut out = String::new();
    for a_move in &xbetza.moves {
        // Each written move in parentheses keeps the moves apart (`W-F` then `N`).
        out.push_str(&format!("({})", move_in_chained(a_move)?));
        if out.len() > LONGEST_REWRITING {
            return None;
        }
    }
    (!out.is_empty()).then_some(out)
}

/// The direction letters tried, in order, to select a leg's steps among its atom's.
const LETTERS: [&str; 16] = [
    "f", "b", "l", "r", "s", "v", "fr", "fl", "br", "bl", "rf", "lf", "ff", "bb", "fs", "a",
];

/// One XBetza move in chained Betza, or `None` when this rewriting cannot write it (an initial
/// move, a hidden leg, lameness, jumping, `i`, a bent rider, steps no letters select).
fn move_in_chained(a_move: &Move) -> Option<String> {
    if a_move.kind != MoveKind::Legs || a_move.initial != Initial::Always {
        return None;
    }
    let mut text = String::new();
    let mut previous: Option<Step> = None;
    for (index, leg) in a_move.legs.iter().enumerate() {
        if leg.hidden || leg.lame.is_some() || leg.jumping || leg.iso || leg.bend.is_some() {
            return None;
        }
        let (shapes, letters) = shapes_and_letters(leg, previous)?;
        let atom = xbetza_atom(&shapes)?;
        if index > 0 {
            text.push(operator(a_move.legs[index - 1].modes)?.symbol());
            text.push_str(letters);
        }
        text.push_str(atom);
        text.push_str(&written_reach(leg.reach)?);
        if index == 0 {
            text.insert_str(0, letters);
        }
        // The next leg turns from one representative step of this one.
        previous = match (&leg.steps, previous) {
            (LegSteps::Absolute(steps), _) => steps.first().copied(),
            (LegSteps::Relative(turns), Some(before)) => turns.first().map(|t| before.turned(*t)),
            _ => None,
        };
    }
    let last = a_move.legs.last()?;
    if !last.default_modes {
        let m = last.modes;
        let prefix = match (m.to_empty, m.capture_enemy) {
            (true, false) => "m",
            (false, true) => "c",
            _ => "",
        };
        text.insert_str(0, prefix);
    }
    Some(text)
}

/// A leg's atom as every orientation of its shape, and the direction letters that select the
/// leg's steps among them: absolute on the first leg, turns from `previous` on a later one.
fn shapes_and_letters(leg: &Leg, previous: Option<Step>) -> Option<(Vec<Step>, &'static str)> {
    match (&leg.steps, previous) {
        (LegSteps::Absolute(steps), None) => {
            let all = orientations(&[steps.first()?.shape()]);
            let letters = if steps.len() == all.len() {
                ""
            } else {
                LETTERS.into_iter().find(|l| {
                    let chars: Vec<char> = l.chars().collect();
                    let chosen = select(&terms(&chars), &all, System::Atom);
                    chosen.len() == steps.len() && chosen.iter().all(|s| steps.contains(s))
                })?
            };
            Some((all, letters))
        }
        (LegSteps::Relative(turns), Some(before)) => {
            let turned = before.turned(*turns.first()?);
            let all = orientations(&[turned.shape()]);
            let wanted: Vec<Step> = turns.iter().map(|t| before.turned(*t)).collect();
            let letters = LETTERS.into_iter().find(|l| {
                let chosen = relative(before, &all, l);
                chosen.len() == wanted.len() && chosen.iter().all(|s| wanted.contains(s))
            })?;
            Some((all, letters))
        }
        _ => None,
    }
}

/// The operator that joins a leg on, from what the leg before may do where it ends (seed
/// 001's table of operators); `None` for modes no operator has.
fn operator(before: Modes) -> Option<Operator> {
    match (
        before.to_empty,
        before.capture_enemy,
        before.capture_friend,
        before.hop,
    ) {
        (true, false, false, false) => Some(Operator::Block),
        (false, true, false, false) => Some(Operator::Capture),
        (false, true, true, false) => Some(Operator::Destroy),
        (false, false, false, true) => Some(Operator::Hop),
        _ => None,
    }
}

/// A reach as both notations write it after the atom: nothing for one step, the count of
/// steps, or `0` for as many as the board allows. `*` has no rewriting.
fn written_reach(reach: Reach) -> Option<String> {
    match reach {
        Reach::Steps(1) => Some(String::new()),
        Reach::Steps(n) => Some(n.to_string()),
        Reach::Unlimited => Some("0".to_owned()),
        Reach::ToEnemyHalf => None,
    }
}

/// One path (no `t` inside) in XBetza letters.
fn path_in_xbetza(prefix: &Prefix, links: &[Link]) -> Option<String> {
    const TURNS: [&str; 8] = ["f", "fr", "r", "br", "b", "bl", "l", "fl"];
    let first = links.first()?;
    let atom = xbetza_atom(&first.shapes)?;
    let mut text = String::new();
    for (index, link) in links.iter().enumerate() {
        if index > 0 {
            // A later leg: the turns from the leg before that its letters select.
            let previous = *first.shapes.first()?;
            let chosen = relative(previous, &link.shapes, &link.letters);
            let turns: String = (0u8..8)
                .filter(|k| chosen.contains(&previous.turned(*k)))
                .map(|k| TURNS[usize::from(k)])
                .collect();
            if turns.is_empty() || link.reach != first.reach || link.equal {
                return None;
            }
            text.push_str(&turns);
        } else {
            text.push_str(&prefix.directions);
        }
        if index + 1 < links.len() {
            text.push_str(match links[index + 1].operator {
                Some(Operator::Capture) => "c",
                Some(Operator::Destroy) => "cd",
                Some(Operator::Hop) => "p",
                Some(Operator::Block | Operator::Then) => "",
                _ => return None,
            });
            text.push('a');
        } else if let Some(modes) = prefix.modes {
            if modes.to_empty {
                text.push('m');
            }
            if modes.capture_enemy {
                text.push('c');
            }
        }
    }
    if prefix.initial {
        text.insert(0, 'i');
    }
    text.push_str(atom);
    text.push_str(&written_reach(first.reach)?);
    Some(text)
}

/// The XBetza atom with exactly these orientations.
fn xbetza_atom(shapes: &[Step]) -> Option<&'static str> {
    [
        ("W", &[(0, 1)][..]),
        ("F", &[(1, 1)]),
        ("D", &[(0, 2)]),
        ("A", &[(2, 2)]),
        ("H", &[(0, 3)]),
        ("N", &[(1, 2)]),
        ("C", &[(1, 3)]),
        ("Z", &[(2, 3)]),
        ("G", &[(3, 3)]),
        ("K", &[(0, 1), (1, 1)]),
    ]
    .into_iter()
    .find(|(_, leaps)| {
        let all = orientations(leaps);
        all.len() == shapes.len() && all.iter().all(|s| shapes.contains(s))
    })
    .map(|(letter, _)| letter)
}
