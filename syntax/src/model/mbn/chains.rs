//! Legs put together: chains (`-`, `--`) turning from the leg before, complex riders
//! (`(X)n`, `0`, `0n`) and circular riders (`(P)mλ`).

use rowan::TextRange;

use super::directions::{Size, relative_turns, representative, size, sizes};
use super::{LONGEST_LINE, Lower, MOVE_LIMIT, Path, rules};
use crate::model::{Initial, Leg, LegSteps, Modes, Reach};
use crate::tree::ast::mbn::{self as ast, StepsValue};
use crate::vocabulary::mbn::{Direction, Directional};

impl Lower {
    /// `before` then `after`; a chained (`-`) `after` turns relative to `before`'s last step,
    /// one path for each size that step can have (a King's leg chains on as a Wazir and as a
    /// Ferz, each turning its own way).
    pub(super) fn join(
        &mut self,
        before: &Path,
        after: &Path,
        chained: bool,
        source: TextRange,
    ) -> Vec<Path> {
        if before
            .legs
            .iter()
            .any(|l| l.modes.swap_enemy || l.modes.swap_friend)
        {
            self.skip(
                source,
                "a swap (`w`) on a leg before the last is not drawn yet",
            );
            return Vec::new();
        }
        let mut legs = before.legs.clone();
        // A leg that goes on must land on an empty square; one that may end the move (before a
        // `{}` leg that is blocked) keeps its own modes.
        let may_end: Vec<bool> = legs
            .iter()
            .skip(1)
            .chain(after.legs.first())
            .map(|next| next.when_open)
            .collect();
        for (leg, may_end) in legs.iter_mut().zip(may_end) {
            if leg.default_modes && !may_end {
                leg.modes = Modes::MOVE;
            }
        }
        let initial = if after.initial == Initial::Always {
            before.initial
        } else {
            after.initial
        };
        let joined = |mut legs: Vec<Leg>, rest: Vec<Leg>| {
            legs.extend(rest);
            Path {
                legs,
                initial,
                directions: before.directions.clone(),
                first_sizes: before.first_sizes.clone(),
            }
        };
        // "N--N is equal to N-dN": `d` alone makes the leg independent of the one before.
        let any = Directional::One(Direction::Any);
        let independent =
            !after.directions.is_empty() && after.directions.iter().all(|d| *d == any);
        if !chained || independent {
            return vec![joined(legs, after.legs.clone())];
        }
        let next = &after.first_sizes;
        let mut out = Vec::new();
        for previous in last_sizes(&legs) {
            let mut head = legs.clone();
            let turns = relative_turns(previous, next, &after.directions);
            if turns.is_empty() || !restrict_last(&mut head, previous) {
                continue;
            }
            let mut rest = after.legs.clone();
            rest[0].steps = LegSteps::Relative(turns);
            out.push(joined(head, rest));
        }
        if out.is_empty() {
            let letters: String = after.directions.iter().map(ToString::to_string).collect();
            self.skip(
                source,
                &format!(
                    "no leap of this leg goes `{}` from the leg before",
                    if letters.is_empty() { "f" } else { &letters }
                ),
            );
        }
        out
    }

    /// A circular rider `(P)mλ`: seed 002 defines it as "P-{(mP)(λ-1)}", P and then up to λ-1
    /// more P, each turned m from the one before ("(P)m0 := P-{(mP)0}" has no bound). Like
    /// every rider it may stop after any of its leaps, so the `{}` leg never forces one (the
    /// Rose, `(N)(rf)8`, is "a circular Nightrider"): notes MB17.
    pub(super) fn circular(
        &mut self,
        rider: &ast::Move,
        turn: Option<Directional>,
        steps: Option<ast::Steps>,
    ) -> Vec<Path> {
        let count = steps.as_ref().and_then(ast::Steps::value);
        // "(P)m0* := P-{(mP)0*}", the completed circular rider, goes round as far as it can.
        let maximal = count == Some(StepsValue::Maximal);
        let total = match count {
            Some(StepsValue::Unlimited | StepsValue::Exactly(0) | StepsValue::Maximal) => {
                LONGEST_LINE
            }
            Some(StepsValue::AtMost(n) | StepsValue::Exactly(n)) => n.min(LONGEST_LINE),
            _ => {
                let why = rules::circular(rider);
                self.skip(rider.text_range(), &why);
                return Vec::new();
            }
        };
        // "Note that the parentheses are mandatory": a turn after a bare letter turns nothing.
        let base: Vec<Path> = match rider {
            ast::Move::Rider(group) => group.parts().flat_map(|p| self.expression(&p)).collect(),
            ast::Move::Atom(_) => Vec::new(),
        };
        let mut turned: Vec<Path> = base
            .iter()
            .cloned()
            .map(|mut path| {
                path.directions = turn.into_iter().collect();
                path
            })
            .collect();
        let source = rider.text_range();
        if maximal {
            when_open(&mut turned);
            return self.times(&base, &turned, total, total, source);
        }
        self.times(&base, &turned, 1, total, source)
    }

    /// Steps after a move: `0` unlimited, `n` up to n, `0n` exactly n (seed 002, Riders).
    pub(super) fn repeat(
        &mut self,
        base: Vec<Path>,
        steps: Option<StepsValue>,
        source: TextRange,
    ) -> Vec<Path> {
        // A leaper that may capture on every step is a chain of captures, not a slide: "(aW)3
        // … may capture up to three pieces … W3 only allows a capture at final destination".
        // Direction letters are relative on every repeat after the first ("(dcK-mK)0 … the
        // direction of each pair is independent"), so they make a chain too.
        let simple_leaper = base.len() == 1
            && base[0].legs.len() == 1
            && base[0].legs[0].reach == Reach::Steps(1)
            && base[0].directions.is_empty()
            && (base[0].legs[0].default_modes || !base[0].legs[0].modes.captures());
        match steps {
            Some(StepsValue::Unlimited) if simple_leaper => self.reach(base, Reach::Unlimited),
            Some(StepsValue::AtMost(n)) if simple_leaper => {
                self.reach(base, Reach::Steps(u32::try_from(n).unwrap_or(u32::MAX)))
            }
            Some(StepsValue::Exactly(0)) => {
                self.skip(source, "`00` is the null move: the piece stays where it is");
                Vec::new()
            }
            // Found by the `explain` fuzz target: `Y0004000000000000000` repeated a join 4·10^15
            // times. No line of any board holds more than LONGEST_LINE repeats.
            Some(StepsValue::Exactly(n)) if n > LONGEST_LINE => {
                self.skip(
                    source,
                    &format!("exactly {n} repeats do not fit on any board (26×26 at most)"),
                );
                Vec::new()
            }
            Some(StepsValue::Exactly(n)) => self.times(&base, &base, n, n, source),
            Some(StepsValue::Unlimited) => self.times(&base, &base, 1, LONGEST_LINE, source),
            Some(StepsValue::AtMost(n)) => self.times(&base, &base, 1, n.min(LONGEST_LINE), source),
            // "Such a rider has to be applied the maximal number of times, but a square will not
            // be affected (visited) more than once": every repeat after the first is a `{}` leg,
            // taken whenever it is open (notes MB21).
            Some(StepsValue::Maximal) => {
                // A lone slider or leaper goes straight on, a step at a time: "the slider B0*
                // moves to the forward-most square".
                let mut base = base;
                let line = matches!(base.as_slice(), [one] if one.legs.len() == 1 && one.directions.is_empty());
                let mut again = base.clone();
                if line {
                    let straight_on = Directional::Amalgam(Direction::Forward, Direction::Forward);
                    base[0].legs[0].reach = Reach::Steps(1);
                    again[0].legs[0].reach = Reach::Steps(1);
                    again[0].directions = vec![straight_on];
                }
                when_open(&mut again);
                self.times(&base, &again, LONGEST_LINE, LONGEST_LINE, source)
            }
            Some(StepsValue::ToEdge) => {
                self.skip(source, "`*` rides to the edge of the board, not drawn yet");
                Vec::new()
            }
            Some(StepsValue::Halfling) => {
                self.skip(source, "`#` is a halfling's count, not drawn yet");
                Vec::new()
            }
            None => {
                self.skip(source, "this count of steps is not drawn yet");
                Vec::new()
            }
        }
    }

    fn reach(&mut self, mut base: Vec<Path>, reach: Reach) -> Vec<Path> {
        for leg in base.iter_mut().flat_map(|p| p.legs.iter_mut()) {
            leg.reach = reach;
        }
        base
    }

    /// `first`, then `then` chained on again and again: every chain of `from..=to` parts.
    fn times(
        &mut self,
        first: &[Path],
        then: &[Path],
        from: usize,
        to: usize,
        source: TextRange,
    ) -> Vec<Path> {
        let mut out = Vec::new();
        let mut current: Vec<Path> = first.to_vec();
        for count in 1..=to {
            if count >= from {
                out.extend(current.iter().cloned());
            }
            if count == to {
                break;
            }
            let mut next = Vec::new();
            for before in &current {
                for after in then {
                    next.extend(self.join(before, after, true, source));
                }
            }
            if next.is_empty() || out.len() + next.len() > MOVE_LIMIT {
                self.incomplete |= !next.is_empty();
                break;
            }
            current = next;
        }
        out
    }
}

/// The sizes the last leap of `legs` can have: its own, or those its turns give from the
/// leg before.
fn last_sizes(legs: &[Leg]) -> Vec<Size> {
    let mut current: Vec<Size> = Vec::new();
    for leg in legs {
        current = match &leg.steps {
            LegSteps::Absolute(_) => sizes(leg),
            LegSteps::Relative(turns) | LegSteps::Unvisited(turns) => {
                let mut next: Vec<Size> = Vec::new();
                for turned in current
                    .iter()
                    .flat_map(|s| turns.iter().map(|t| size(representative(*s).turned(*t))))
                {
                    if !next.contains(&turned) {
                        next.push(turned);
                    }
                }
                next
            }
            LegSteps::Chiral { .. } => Vec::new(),
        };
    }
    current
}

/// Keeps only the ways the last leg of `legs` leaps `wanted`; `false` when that cannot be
/// told apart (its turns start from more than one size).
fn restrict_last(legs: &mut [Leg], wanted: Size) -> bool {
    let Some((last, earlier)) = legs.split_last_mut() else {
        return false;
    };
    match &mut last.steps {
        LegSteps::Absolute(steps) => steps.retain(|s| size(*s) == wanted),
        LegSteps::Relative(turns) | LegSteps::Unvisited(turns) => {
            let [from] = last_sizes(earlier)[..] else {
                return false;
            };
            turns.retain(|t| size(representative(from).turned(*t)) == wanted);
        }
        LegSteps::Chiral { .. } => return false,
    }
    true
}

/// Makes the first leg of each path a `{}` leg.
pub(super) fn when_open(paths: &mut [Path]) {
    for first in paths.iter_mut().filter_map(|p| p.legs.first_mut()) {
        first.when_open = true;
    }
}
