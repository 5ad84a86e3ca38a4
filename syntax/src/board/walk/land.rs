//! Where a leg ends: the move is recorded (each distinct move once), or the next legs go on
//! from there and the search backtracks; and the keys that tell moves and search states apart.

use super::{
    Arrival, Continuation, LEG_DEPTH_LIMIT, Landing, MoveKey, REACHED, StateKey, Trail, Walker,
    plain_bit,
};
use crate::board::generated::{Generated, GeneratedMove};
use crate::board::{Occupant, Square, Step};
use crate::model::piece_set::PieceSet;
use crate::model::{Leg, LegSteps, Modes};

impl Walker<'_> {
    /// The leg ends on `end.to`, where it finds `occupant`: record a move or go on with the
    /// next leg.
    pub(super) fn land(
        &self,
        leg: &Leg,
        end: &Continuation<'_>,
        occupant: Option<Occupant>,
        trail: &mut Trail,
        out: &mut Generated,
    ) {
        // A `{}` part that is blocked "does not belong to the move": the move goes on without
        // it, and with nothing after it ends here (the circular King "stops before the next
        // square is blocked").
        // A visit (`j`) stands on a piece without taking it: the next part is not blocked by
        // an enemy it did not take ("jumps over an arbitrary number of consecutive pieces").
        let standing = occupant.filter(|_| !leg.modes.hop || leg.modes.captures());
        let rest = self.without_blocked(end.rest, end.to, end.heading, standing, trail);
        let modes = self.within_sets(leg, end.to, occupant, trail, out);
        if rest.is_empty() {
            if occupant.is_some_and(|o| in_the_way(leg.modes, modes, o)) {
                out.in_the_way.insert(end.to);
            }
            self.end_move(modes, end.to, occupant, trail, out);
        } else {
            let end = Continuation {
                rest,
                to: end.to,
                heading: end.heading,
                slide: end.slide,
            };
            self.go_on_from(modes, &end, occupant, trail, out);
        }
    }

    /// The leg's modes on `to`, less those its piece sets refuse for the piece standing there
    /// (seed 002: `c{L}` "only if this move is capturing opponent piece L"). A piece of unknown
    /// type is taken to be in the set, and the set is listed as assumed.
    fn within_sets(
        &self,
        leg: &Leg,
        to: Square,
        occupant: Option<Occupant>,
        trail: &Trail,
        out: &mut Generated,
    ) -> Modes {
        let mut modes = leg.modes;
        let (Some(sets), Some(occupant)) = (leg.sets.as_deref(), occupant) else {
            return modes;
        };
        // A set is asked only where its modifier could act on the piece there: a friend in the
        // way of `c{R}R` is no rook assumed.
        let friend = occupant == Occupant::Friend;
        let mut holds = |acts: bool, set: &Option<PieceSet>| {
            !acts
                || set
                    .as_ref()
                    .is_none_or(|set| self.in_set(set, to, occupant, trail, out))
        };
        if !holds(modes.takes(friend), &sets.capture) {
            modes.capture_enemy = false;
            modes.capture_friend = false;
        }
        if !holds(modes.hop, &sets.hop) {
            modes.hop = false;
        }
        if !holds(modes.swaps_with(friend), &sets.swap) {
            modes.swap_enemy = false;
            modes.swap_friend = false;
        }
        modes
    }

    /// Whether the piece (`occupant`) on `square` is in `set`; one whose type the position
    /// does not give is taken to be, and the set is listed as assumed.
    fn in_set(
        &self,
        set: &PieceSet,
        square: Square,
        occupant: Occupant,
        trail: &Trail,
        out: &mut Generated,
    ) -> bool {
        let name = self.type_on(square, trail);
        set.holds(name, occupant == Occupant::Friend)
            .unwrap_or_else(|| {
                if !out.assumed.contains(&set.source) {
                    out.assumed.push(set.source);
                }
                true
            })
    }

    /// A leap that must jump a piece of a set over the square between (MBN's `p{!P}D`, "it
    /// hops over a friendly (and only over a friendly) pawn"): whether the piece there is
    /// refused. An empty square between is the jump check's to refuse.
    pub(super) fn jump_refused(
        &self,
        leg: &Leg,
        current: Square,
        step: Step,
        trail: &Trail,
        out: &mut Generated,
    ) -> bool {
        let Some(set) = leg.sets.as_deref().and_then(|s| s.hop.as_ref()) else {
            return false;
        };
        if !leg.jumping || step.king_distance() != 2 || step.dx % 2 != 0 || step.dy % 2 != 0 {
            return false;
        }
        let middle = Step::new(step.dx / 2, step.dy / 2);
        let Some(between) = self.advance(current, middle, leg.wrap) else {
            return false;
        };
        self.occupant(between, trail)
            .is_some_and(|occupant| !self.in_set(set, between, occupant, trail, out))
    }

    /// A non-final leg ends on `next.to`: each mode the leg allows on this square is a way to
    /// go on (seed 000: "specifying two modes in general means that it can do one as well as
    /// the other").
    fn go_on_from(
        &self,
        modes: Modes,
        next: &Continuation<'_>,
        occupant: Option<Occupant>,
        trail: &mut Trail,
        out: &mut Generated,
    ) {
        let to = next.to;
        if occupant.is_none() && modes.en_passant && !out.en_passant.contains(&to) {
            // An e.p. capture here needs e.p. rights from the opponent's last move, which a
            // diagram's position does not have: the square is marked, the move not followed
            // (notes L10).
            out.en_passant.push(to);
        }
        let Some(occupant) = occupant else {
            if modes.to_empty {
                self.go_on(next, &[], Landing::Moved, trail, out);
            }
            return;
        };
        // `t`: "with p/g: hop only over own pieces" (XBoard).
        let refused = match occupant {
            Occupant::Enemy => modes.tame,
            Occupant::Friend => modes.hop_enemy_only,
        };
        if modes.hop && !refused {
            self.go_on(next, &[], Landing::Hopped, trail, out);
        }
        let captures = match occupant {
            Occupant::Enemy => modes.capture_enemy,
            Occupant::Friend => modes.capture_friend,
        };
        if captures {
            self.go_on(next, &[(to, None)], Landing::Captured, trail, out);
        }
        if modes.excite && occupant == Occupant::Friend {
            // Induction: the friend makes the remaining legs; the piece that excited it stays
            // where it stood.
            let inducer = trail.mover.unwrap_or(self.position.from);
            let changes = [(to, None), (inducer, Some(Occupant::Friend))];
            let mover = trail.mover.replace(to);
            self.go_on(next, &changes, Landing::Moved, trail, out);
            trail.mover = mover;
        }
    }

    /// The final leg ends on `to`: the moves it makes there, and what a diagram marks on the
    /// square for moves a position cannot show.
    fn end_move(
        &self,
        modes: Modes,
        to: Square,
        occupant: Option<Occupant>,
        trail: &Trail,
        out: &mut Generated,
    ) {
        let allowed = match occupant {
            None => modes.to_empty,
            Some(Occupant::Enemy) => modes.capture_enemy,
            Some(Occupant::Friend) => modes.capture_friend,
        };
        if occupant.is_none() && modes.capture_enemy {
            out.could_capture.insert(to);
        }
        if occupant.is_none() && modes.en_passant && !out.en_passant.contains(&to) {
            out.en_passant.push(to);
        }
        if modes.excite && occupant == Some(Occupant::Friend) && !out.borrowed_from.contains(&to) {
            // Borrowing (seed 000, xK): the moves depend on the friend's type.
            out.borrowed_from.push(to);
        }
        if occupant.is_none() && (modes.swap_enemy || modes.swap_friend) {
            out.could_swap.insert(to);
        }
        let swaps = match occupant {
            None => false,
            Some(Occupant::Enemy) => modes.swap_enemy,
            Some(Occupant::Friend) => modes.swap_friend,
        };
        if allowed {
            self.record(to, occupant, false, trail, out);
        }
        if swaps {
            self.record(to, occupant, true, trail, out);
        }
    }

    /// A move ending on `to`, taking what stands there or swapping places with it. Many paths
    /// can make the same move; the first of each (destination, what it captures there and on
    /// the way, where a piece reappears, whether it swaps) is kept.
    pub(super) fn record(
        &self,
        to: Square,
        occupant: Option<Occupant>,
        swap: bool,
        trail: &Trail,
        out: &mut Generated,
    ) {
        let key = self.key(to, occupant, swap, trail);
        let unload = key.3;
        if !self.seen.borrow_mut().insert(key) {
            return;
        }
        let mut reached = self.reached.borrow_mut();
        let bits = &mut reached[self.position.index(to)];
        *bits |= REACHED;
        if !swap
            && trail.captured.is_empty()
            && unload.is_none()
            && *bits & plain_bit(occupant) == 0
        {
            *bits |= plain_bit(occupant);
            self.plain_count.set(self.plain_count.get() + 1);
        }
        out.moves.push(GeneratedMove {
            to,
            capture: if swap { None } else { occupant },
            swap,
            path: trail.path.clone(),
            hopped: trail.hopped.clone(),
            initial_only: self.initial_only,
            unload,
            captured: trail.captured.clone(),
            waypoints: trail.waypoints.clone(),
            ep_rights: trail.ep_rights.clone(),
            source: self.source,
        });
    }

    /// Goes on with the next legs after landing as `landing`, then undoes what it changed, so
    /// the search backtracks on one trail instead of copying it.
    pub(super) fn go_on(
        &self,
        next: &Continuation<'_>,
        changes: &[(Square, Option<Occupant>)],
        landing: Landing,
        trail: &mut Trail,
        out: &mut Generated,
    ) {
        if trail.depth == LEG_DEPTH_LIMIT {
            out.truncated = true;
            return;
        }
        let saved = (
            trail.waypoints.len(),
            trail.changed.len(),
            trail.hopped.len(),
            trail.captured.len(),
            trail.path.len(),
            trail.last_slide,
        );
        if !next.heading.off_board {
            trail.waypoints.push(next.to);
        }
        if let Some(slide) = next.slide {
            trail.last_slide = Some(slide);
        }
        trail.changed.extend_from_slice(changes);
        match landing {
            Landing::Moved => {}
            Landing::Hopped => trail.hopped.push(next.to),
            Landing::Captured => trail.captured.push(next.to),
        }
        trail.depth += 1;
        self.walk(next.rest, next.to, Some(next.heading), trail, out);
        trail.depth -= 1;
        trail.waypoints.truncate(saved.0);
        trail.changed.truncate(saved.1);
        trail.hopped.truncate(saved.2);
        trail.captured.truncate(saved.3);
        trail.path.truncate(saved.4);
        trail.last_slide = saved.5;
    }

    /// The state in which `legs` start from `from` (see [`StateKey`]).
    pub(super) fn state(
        &self,
        legs: &[Leg],
        from: Square,
        incoming: Option<Arrival>,
        trail: &Trail,
    ) -> StateKey {
        let last_slide = trail.last_slide.filter(|_| legs.iter().any(|l| l.iso));
        // The board as it now stands: the last change of each square.
        let mut changed: Vec<(Square, Option<Occupant>)> = Vec::new();
        for &(square, occupant) in trail.changed.iter().rev() {
            if !changed.iter().any(|(s, _)| *s == square) {
                changed.push((square, occupant));
            }
        }
        changed.sort_by_key(|(s, _)| *s);
        let mut visited = Vec::new();
        if legs
            .iter()
            .any(|l| matches!(l.steps, LegSteps::Unvisited(_)))
        {
            // Only squares the remaining legs could land on again matter.
            let horizon = self.horizon(legs, incoming);
            visited = trail
                .waypoints
                .iter()
                .copied()
                .filter(|s| horizon.is_none_or(|h| s.distance(from) <= h))
                .collect();
            visited.sort();
            visited.dedup();
        }
        (
            legs.len(),
            from,
            incoming,
            last_slide,
            changed,
            trail.captured.clone(),
            trail.unload_at,
            trail.mover,
            visited,
        )
    }

    /// What identifies a move ending on `to` (see [`MoveKey`]).
    pub(super) fn key(
        &self,
        to: Square,
        occupant: Option<Occupant>,
        swap: bool,
        trail: &Trail,
    ) -> MoveKey {
        let captures_any = (occupant.is_some() && !swap) || !trail.captured.is_empty();
        let unload = trail.unload_at.filter(|_| captures_any);
        (to, occupant, trail.captured.clone(), unload, swap)
    }
}

/// Whether the piece on a square stops a final leg that arrives there: the leg could end on
/// some square (its `written` modes), but `modes` (less what its piece sets refuse) neither take
/// this piece, nor swap with it, nor borrow its moves.
fn in_the_way(written: Modes, modes: Modes, occupant: Occupant) -> bool {
    let friend = occupant == Occupant::Friend;
    written.ends_somewhere()
        && !(modes.takes(friend) || modes.swaps_with(friend) || (friend && modes.excite))
}
