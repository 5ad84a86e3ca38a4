//! What lets a search stop early: a quiet move is only its destination, so once every square
//! within reach is found the rest is skipped, and a free search cut short hunts each missing
//! square on its own.

use super::{Arrival, REACHED, Trail, Walker, plain_bit};
use crate::board::generated::Generated;
use crate::board::{Occupant, Square};
use crate::model::{Leg, LegSteps, Modes};

impl Walker<'_> {
    pub(in crate::board) fn run(&self, legs: &[Leg], out: &mut Generated) {
        let earlier = std::mem::take(&mut out.truncated);
        let quiet = self
            .quiet_final_leg(legs)
            .filter(|_| self.search.shortcuts());
        let Some(last) = quiet else {
            self.walk_from_start(legs, out);
            out.truncated |= earlier;
            return;
        };
        // A quiet move is its destination. A quarter of the budget goes to a free search;
        // if that is cut short, each square still missing is searched for on its own, which
        // prunes every path that can no longer reach it.
        let total = self.budget.get();
        self.budget.set(total / 4);
        self.walk_from_start(legs, out);
        let mut left = total - total / 4 + self.budget.get();
        if out.truncated {
            out.truncated = false;
            let unvisited_only = matches!(last.steps, LegSteps::Unvisited(_));
            let missing: Vec<Square> = self
                .window(self.position.from, self.horizon(legs, None))
                .filter(|&square| {
                    let occupant = self.position.occupant(square);
                    let landable = match occupant {
                        None => !(unvisited_only && square == self.position.from),
                        Some(Occupant::Enemy) => last.modes.capture_enemy,
                        Some(Occupant::Friend) => last.modes.capture_friend,
                    };
                    landable && !self.plain_found(square, occupant)
                })
                .collect();
            let mut unsure = Vec::new();
            for (index, square) in missing.iter().enumerate() {
                if self.reached_at(*square) {
                    // Found on the way to another one.
                    continue;
                }
                let share = left / u32::try_from(missing.len() - index).unwrap_or(1);
                self.budget.set(share);
                self.target.set(Some(*square));
                self.explored.borrow_mut().clear();
                out.truncated = false;
                self.walk_from_start(legs, out);
                left = left - share + self.budget.get();
                // A search that ran to its end without the square proves it unreachable.
                if out.truncated {
                    unsure.push(*square);
                }
            }
            self.target.set(None);
            // A square whose search was cut short may have been found by a later one.
            out.truncated = unsure.iter().any(|square| !self.reached_at(*square));
        }
        self.budget.set(left);
        out.truncated |= earlier;
    }

    /// Whether the search for one missing square can stop here: the square is found, or it
    /// is out of reach of the remaining legs.
    pub(super) fn off_target(&self, legs: &[Leg], from: Square, incoming: Option<Arrival>) -> bool {
        let Some(target) = self.target.get() else {
            return false;
        };
        self.reached_at(target)
            || self
                .horizon(legs, incoming)
                .is_some_and(|h| from.distance(target) > h)
    }

    /// Whether every move `legs` could still make from `from` has been found already: when the
    /// remaining legs cannot capture or unload on the way, a move is only its destination, so
    /// once each square within reach is found (or cannot be landed on) the rest is skipped.
    pub(super) fn nothing_new(
        &self,
        legs: &[Leg],
        from: Square,
        incoming: Option<Arrival>,
        trail: &Trail,
    ) -> bool {
        // Nothing found yet: the window has something left (the cheapest test).
        if self.plain_count.get() == 0 {
            return false;
        }
        let Some(last) = self.quiet_final_leg(legs) else {
            return false;
        };
        let horizon = self.horizon(legs, incoming);
        // Only moves without captures so far have the plain keys counted by square.
        if !trail.captured.is_empty() {
            return false;
        }
        // Cheap test first: too few moves found to cover the window.
        let unlandable = trail.waypoints.len() + 1 + self.occupied + trail.changed.len();
        let window = self.window_len(from, horizon);
        if self.plain_count.get() + unlandable < window {
            return false;
        }
        // The scan costs the budget like the steps it may save.
        if !self.spend_many(window / 16) {
            return false;
        }
        let unvisited_only = matches!(last.steps, LegSteps::Unvisited(_));
        // Nested loops and one borrow: this scan is most of the time of a long chain's search
        // (`aaaQ`), and a flattened iterator over the window made it a fifth slower.
        let (files, ranks) = self.window_sides(from, horizon);
        let reached = self.reached.borrow();
        for file in files {
            for rank in ranks.clone() {
                let square = Square { file, rank };
                let occupant = self.occupant(square, trail);
                let landable = match occupant {
                    None => true,
                    Some(Occupant::Enemy) => last.modes.capture_enemy,
                    Some(Occupant::Friend) => last.modes.capture_friend,
                };
                let covered = !landable
                    || (unvisited_only && trail.visited(self.position.from, square))
                    || reached[self.position.index(square)] & plain_bit(occupant) != 0;
                if !covered {
                    return false;
                }
            }
        }
        true
    }

    pub(super) fn reached_at(&self, square: Square) -> bool {
        self.reached.borrow()[self.position.index(square)] & REACHED != 0
    }

    pub(super) fn plain_found(&self, square: Square, occupant: Option<Occupant>) -> bool {
        self.reached.borrow()[self.position.index(square)] & plain_bit(occupant) != 0
    }

    /// The final leg of `legs` when no leg can capture, induce or unload before it, so that a
    /// move's identity is its destination; and that leg can land on empty squares without
    /// marking anything else (e.p., borrowing).
    pub(super) fn quiet_final_leg<'l>(&self, legs: &'l [Leg]) -> Option<&'l Leg> {
        let (last, before) = legs.split_last()?;
        let quiet = |m: Modes| {
            !m.capture_enemy && !m.capture_friend && !m.excite && !m.swap_enemy && !m.swap_friend
        };
        let modes = last.modes;
        let plain = before.iter().all(|l| quiet(l.modes))
            && !modes.swap_enemy
            && !modes.swap_friend
            && legs.iter().all(|l| !l.unload && !l.when_open)
            && modes.to_empty
            && !modes.en_passant
            && !modes.excite;
        plain.then_some(last)
    }
}
