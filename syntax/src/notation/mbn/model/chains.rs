//! Legs put together: chains (`-`, `--`) turning from the leg before, complex riders
//! (`(X)n`, `0`, `0n`) and circular riders (`(P)mλ`).

use rowan::TextRange;

use super::directions::{Size, relative_turns, representative, selects, size, turned_steps};
use super::path::{Ends, Path, when_open};
use super::{Lower, MOVE_LIMIT, rules};
use crate::model::{Initial, LONGEST_LINE, Leg, LegSteps, Modes, Reach, Step};
use crate::notation::mbn::ast::{self as ast, StepsValue};
use crate::notation::mbn::vocabulary::{Direction, Directional};

impl Lower {
    /// Every path of `befores` joined with every path of `afters`, in that order, each `before`
    /// moved into its last join rather than copied: a long chain grows in place, not copied at
    /// every leg. The joins stop once more than `most` paths are made: past [`MOVE_LIMIT`] the
    /// caller keeps none or only the first ones.
    pub(super) fn join_all(
        &mut self,
        befores: Vec<Path>,
        afters: &[Path],
        chained: bool,
        source: TextRange,
        most: usize,
    ) -> Vec<Path> {
        let Some((last, others)) = afters.split_last() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for before in befores {
            if self.over_budget() || out.len() > most {
                break;
            }
            for after in others {
                self.spend(before.legs.len());
                out.extend(self.join(before.clone(), after, chained, source));
            }
            out.extend(self.join(before, last, chained, source));
        }
        out
    }

    /// `before` then `after`; a chained (`-`) `after` turns relative to `before`'s last step,
    /// one path for each size that step can have (a King's leg chains on as a Wazir and as a
    /// Ferz, each turning its own way).
    fn join(
        &mut self,
        mut before: Path,
        after: &Path,
        chained: bool,
        source: TextRange,
    ) -> Vec<Path> {
        if !self.joinable(&before, after, source) {
            return Vec::new();
        }
        settle_joint(&mut before, after);
        // "N--N is equal to N-dN": `d` makes the leg independent of the one before, and the
        // letters beside it then say its own directions ("K--fK … is equivalent to K-dfK").
        let independent = after.directions.contains(&ANY_DIRECTION);
        if !chained || independent {
            if after.directions.iter().any(|d| d.turns_from_before()) {
                self.skip(
                    source,
                    "`t` and `z` turn from the leg before, which `--` or `d` has made independent",
                );
                return Vec::new();
            }
            return vec![self.join_independent(before, after, chained)];
        }
        self.join_turned(before, after, source)
    }

    /// Whether `after` can be drawn joined on `before`; said where it cannot.
    fn joinable(&mut self, before: &Path, after: &Path, source: TextRange) -> bool {
        let why = if before.universal || after.universal {
            "the universal leaper `U` in a chain is not drawn yet"
        } else if before
            .legs
            .last()
            .is_some_and(|l| l.modes.swap_enemy || l.modes.swap_friend)
        {
            // Only a path's last leg can swap: `w` is put on the last leg, and a path whose
            // last leg swaps is never joined on.
            "a swap (`w`) on a leg before the last is not drawn yet"
        } else if !before.regions.to.is_empty()
            || !after.regions.from.is_empty()
            || !after.regions.conditions.is_empty()
        {
            // A range on the square where one part ends and the next starts limits a square
            // the move passes through, which the board does not check.
            "a board range or condition on a square the move passes through is not drawn yet"
        } else {
            return true;
        };
        self.skip(source, why);
        false
    }

    /// `after` joined on `before` with its own directions (not chained, or made independent
    /// by `d`): its first leg's steps kept where its own letters select them.
    fn join_independent(&mut self, mut before: Path, after: &Path, chained: bool) -> Path {
        self.spend(after.legs.len());
        let mut legs = after.legs.clone();
        let own: Vec<Directional> = after
            .directions
            .iter()
            .copied()
            .filter(|d| *d != ANY_DIRECTION)
            .collect();
        if chained
            && !own.is_empty()
            && let Some(LegSteps::Absolute(steps)) = legs.first_mut().map(|l| &mut l.steps)
        {
            steps.retain(|s| own.iter().any(|d| selects(*d, *s)));
        }
        before.ends = before.ends.then(&legs);
        before.legs.extend(legs);
        before
    }

    /// `after` chained on `before`, turning from its last step: a path for each size that
    /// step can have, and for each leap of twice or three times a step.
    fn join_turned(&mut self, mut before: Path, after: &Path, source: TextRange) -> Vec<Path> {
        let next = &after.first_sizes;
        let mut ways: Vec<(Size, LegSteps)> = Vec::new();
        if can_restrict_last(&before) {
            for previous in &before.ends.last {
                if let Some(steps) = turned_steps(&before.legs, *previous, next, &after.directions)
                {
                    ways.push((*previous, steps));
                }
            }
        }
        let scaled = scaled_ways(&before, &ways, next, &after.directions);
        if ways.is_empty() && scaled.is_empty() {
            let letters: String = after.directions.iter().map(ToString::to_string).collect();
            self.skip(
                source,
                &format!(
                    "no leap of this leg goes `{}` from the leg before",
                    if letters.is_empty() { "f" } else { &letters }
                ),
            );
            return Vec::new();
        }
        let mut out = Vec::with_capacity(ways.len() + scaled.len());
        // A leap of twice or three times a step (`gfF3`'s (2,2)) goes on with that step:
        // "then it has the option to move like a bishop, but in same direction as prior leg".
        // Each of its directions is a path of its own, the next leg's steps written out.
        for (leap, steps) in scaled {
            self.spend(before.legs.len() + after.legs.len());
            out.push(scaled_head(&before, after, leap, steps));
        }
        let mut ways = ways.into_iter().peekable();
        while let Some((previous, steps)) = ways.next() {
            let head = if ways.peek().is_some() {
                self.spend(before.legs.len());
                before.clone()
            } else {
                std::mem::take(&mut before)
            };
            self.spend(after.legs.len());
            out.push(turned_head(head, after, previous, steps));
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
        let simple_leaper = is_simple_leaper(&base);
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
            // "B--(dcK)0*: When the piece stops (any bishop move), *all* adjacent opposing
            // enemy pieces will be removed from the board (this is like an explosion …)": a
            // maximal rider of captures alone removes pieces around the piece, which stays.
            // The removal is said; the move is what comes before it (notes MB28). The seed's
            // macro `@X|Explosion|=(!dcy{^P}OK)**` writes the same explosion with `**`: riding
            // captures to the board's edge means nothing else.
            Some(StepsValue::Maximal | StepsValue::ToEdge) if explodes(&base) => {
                self.explosion(&base, source)
            }
            Some(StepsValue::Maximal) => self.maximal(base, source),
            // "* … denoting an edge rider, which moves to the end of the board … provided that
            // all intermediate squares are unblocked".
            Some(StepsValue::ToEdge)
                if base.iter().all(|p| {
                    matches!(p.legs.as_slice(), [leg] if matches!(leg.steps, LegSteps::Absolute(_)))
                }) =>
            {
                let mut riders = self.reach(base, Reach::Unlimited);
                for rider in &mut riders {
                    rider.regions.to_edge = true;
                }
                riders
            }
            Some(StepsValue::ToEdge) => {
                self.skip(
                    source,
                    "`*` on a move of several legs rides to the edge, not drawn yet",
                );
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

    /// A maximal rider of captures alone: said as the explosion it is, the piece staying.
    fn explosion(&mut self, base: &[Path], source: TextRange) -> Vec<Path> {
        let friends_too = base
            .iter()
            .flat_map(|p| &p.legs)
            .any(|l| l.modes.capture_friend);
        self.skip(
            source,
            if friends_too {
                "removes every piece it can capture around the piece once it stops, friends \
                 too, as an explosion: said, not drawn"
            } else {
                "removes every enemy it can capture around the piece once it stops, as an \
                 explosion, the piece staying where it is: said, not drawn"
            },
        );
        vec![Path::default()]
    }

    /// `base` ridden the maximal number of times, every repeat after the first taken whenever
    /// it is open. A lone slider or leaper goes straight on, a step at a time: "the slider B0*
    /// moves to the forward-most square".
    fn maximal(&mut self, mut base: Vec<Path>, source: TextRange) -> Vec<Path> {
        let line =
            matches!(base.as_slice(), [one] if one.legs.len() == 1 && one.directions.is_empty());
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

    /// A `{}` part with steps, `{jy{X}F}0`: "A complex rider will be resolved into a chain,
    /// thus it's possible to use the zero operator for optional arguments". Each repeat is a
    /// `{}` part of its own, taken while it is open; a part that is blocked is left out, so
    /// the one chain of as many repeats as a line holds makes every count (notes MB18).
    pub(super) fn repeat_when_open(
        &mut self,
        base: Vec<Path>,
        steps: Option<StepsValue>,
        source: TextRange,
    ) -> Vec<Path> {
        let count = match steps {
            Some(StepsValue::Unlimited) => LONGEST_LINE,
            Some(StepsValue::AtMost(n)) if n > 0 => n.min(LONGEST_LINE),
            _ => {
                self.skip(source, "this count on a `{}` leg is not drawn yet");
                return Vec::new();
            }
        };
        self.times(&base, &base, count, count, source)
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
                self.spend(current.iter().map(|p| p.legs.len()).sum());
                out.extend(current.iter().cloned());
            }
            if count == to {
                break;
            }
            let most = MOVE_LIMIT.saturating_sub(out.len());
            let next = self.join_all(current, then, true, source, most);
            if next.is_empty() || self.over_budget() || out.len() + next.len() > MOVE_LIMIT {
                self.incomplete |= !next.is_empty();
                break;
            }
            current = next;
        }
        out
    }
}

/// A leaper whose repeats make a slide. One that may capture on every step is a chain of
/// captures, not a slide: "(aW)3 … may capture up to three pieces … W3 only allows a capture at
/// final destination". Direction letters are relative on every repeat after the first
/// ("(dcK-mK)0 … the direction of each pair is independent"), so they make a chain too.
fn is_simple_leaper(base: &[Path]) -> bool {
    matches!(base, [one] if one.legs.len() == 1
        && one.legs[0].reach == Reach::Steps(1)
        && one.directions.is_empty()
        && (one.legs[0].default_modes || !one.legs[0].modes.captures()))
}

/// Any direction (`d`): the leg is independent of the one before.
const ANY_DIRECTION: Directional = Directional::One(Direction::Any);

/// What joining `after` settles on `before`: where the move may end, and its last leg's modes
/// and initial-only flag.
fn settle_joint(before: &mut Path, after: &Path) {
    before.regions.to.clone_from(&after.regions.to);
    // A leg that goes on must land on an empty square; one that may end the move (before a
    // `{}` leg that is blocked) keeps its own modes. The legs before the last were settled
    // when they were joined on.
    // An effect with no leg of its own (an explosion) leaves the move ending here.
    let may_end = after.legs.first().is_none_or(|next| next.when_open);
    if let Some(leg) = before.legs.last_mut()
        && leg.default_modes
        && !may_end
    {
        leg.modes = Modes::MOVE;
    }
    if after.initial != Initial::Always {
        before.initial = after.initial;
    }
}

/// `before` ending in the leap `leap`, then `after` going on with `steps`.
fn scaled_head(before: &Path, after: &Path, leap: Step, steps: Vec<Step>) -> Path {
    let mut head = before.clone();
    if let Some(LegSteps::Absolute(last)) = head.legs.last_mut().map(|l| &mut l.steps) {
        last.retain(|s| *s == leap);
    }
    let mut rest = after.legs.iter().cloned();
    if let Some(mut first) = rest.next() {
        first.steps = LegSteps::Absolute(steps);
        head.legs.push(first);
    }
    head.legs.extend(rest);
    head.ends = Ends::of(&head.legs);
    head
}

/// `head` with its last step of size `previous`, then `after` going on with `steps`, turned
/// from it.
fn turned_head(mut head: Path, after: &Path, previous: Size, steps: LegSteps) -> Path {
    restrict_last(&mut head, previous);
    let mut rest = after.legs.iter().cloned();
    if let Some(mut first) = rest.next() {
        first.steps = steps;
        head.legs.push(first);
    }
    head.legs.extend(rest);
    head.ends = Ends {
        before_last: head.ends.before_last,
        last: vec![previous],
    }
    .then(&head.legs[head.legs.len() - after.legs.len()..]);
    head
}

/// Whether the ways the last leg of `path` leaps each of its sizes can be told apart: not when
/// its turns start from more than one size. A reflected leg (`z`) is one size, or none.
fn can_restrict_last(path: &Path) -> bool {
    match path.legs.last().map(|l| &l.steps) {
        Some(LegSteps::Absolute(_)) => true,
        Some(LegSteps::Relative(_) | LegSteps::Unvisited(_)) => path.ends.before_last.len() == 1,
        Some(LegSteps::Chiral { .. }) => path.ends.last.len() == 1,
        None => false,
    }
}

/// Whether every path only captures (`dcK`), or captures and is set back (`!dcyK`, the
/// setup operator's way back): repeated as far as it can, such a rider is the seed's explosion.
fn explodes(base: &[Path]) -> bool {
    let captures_only =
        |l: &Leg| l.modes.captures() && !l.modes.to_empty && !l.default_modes && !l.modes.hop;
    let way_back = |l: &Leg| {
        matches!(&l.steps, LegSteps::Relative(turns) if turns == &[4]) && l.modes == Modes::MOVE
    };
    !base.is_empty()
        && base.iter().all(|p| match p.legs.split_first() {
            Some((first, rest)) => {
                captures_only(first) && rest.iter().all(|l| captures_only(l) || way_back(l))
            }
            None => false,
        })
}

/// For a path whose last leg leaps a multiple of a step (`:2,2:`, `gfF3`'s longer leaps) that no
/// turn of the leap itself continues (`ways` has none of its size): each such leap, with the
/// steps the next leg takes from it, turned from the step it is made of.
fn scaled_ways(
    before: &Path,
    ways: &[(Size, LegSteps)],
    next: &[Size],
    directions: &[Directional],
) -> Vec<(Step, Vec<Step>)> {
    let Some(LegSteps::Absolute(leaps)) = before.legs.last().map(|l| &l.steps) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for leap in leaps {
        let (step, times) = leap.reduced();
        if times < 2 || ways.iter().any(|(s, _)| *s == size(*leap)) {
            continue;
        }
        let turns = relative_turns(size(step), next, directions);
        if !turns.is_empty() {
            out.push((*leap, turns.iter().map(|t| step.turned(*t)).collect()));
        }
    }
    out
}

/// Keeps only the ways the last leg of `path` leaps `wanted`, which [`can_restrict_last`]
/// allows.
fn restrict_last(path: &mut Path, wanted: Size) {
    let from = path.ends.before_last.first().copied();
    let Some(last) = path.legs.last_mut() else {
        return;
    };
    match (&mut last.steps, from) {
        (LegSteps::Absolute(steps), _) => steps.retain(|s| size(*s) == wanted),
        (LegSteps::Relative(turns) | LegSteps::Unvisited(turns), Some(from)) => {
            turns.retain(|t| size(representative(from).turned(*t)) == wanted);
        }
        _ => {}
    }
}
