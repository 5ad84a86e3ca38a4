//! Where a leg can go: the steps it starts with, whether MBN's `{}` leg is open, how far the
//! remaining legs reach and the squares within that reach, and whether a lame leap's path is
//! clear.

use super::{Arrival, Trail, Walker};
use crate::board::{Lean, Occupant, Side, Square, Step};
use crate::model::piece_set::PieceSet;
use crate::model::{Leg, LegSteps, Reach, Wrap};

impl Walker<'_> {
    /// The steps `leg` may start with after arriving as `incoming` (none for a first leg that
    /// turns), each with the way it bent, and whether it may only land on unvisited squares.
    pub(super) fn first_steps(
        &self,
        leg: &Leg,
        incoming: Option<Arrival>,
    ) -> (Vec<(Step, Option<Lean>)>, bool) {
        let mirrored = self.position.side == Side::Black && self.reflected;
        let side = |step: Step| match self.position.side {
            Side::White => step,
            Side::Black if self.reflected => Step::new(step.dx, step.dy.saturating_neg()),
            Side::Black => step.for_black(),
        };
        // Going straight on or back keeps the lean of the last bend. In a mirror a turn to the
        // right is one to the left.
        let turned = |turns: &[u8], Arrival { step, lean, .. }: Arrival| {
            turns
                .iter()
                .map(|t| {
                    let t = if mirrored { (8 - t % 8) % 8 } else { *t };
                    let turned = step.turned(t);
                    (turned, Lean::of_turn(t, turned).or(lean))
                })
                .collect::<Vec<_>>()
        };
        match (&leg.steps, incoming) {
            // A 180° turn keeps a leap's lean, a mirror changes it: the lean is the step's own.
            (LegSteps::Absolute(steps), _) => (
                steps
                    .iter()
                    .map(|s| (side(*s), side(*s).leaning()))
                    .collect::<Vec<_>>(),
                false,
            ),
            (LegSteps::Relative(turns), Some(heading)) => (turned(turns, heading), false),
            (LegSteps::Unvisited(turns), Some(heading)) => (turned(turns, heading), true),
            (
                LegSteps::Chiral {
                    after_right,
                    after_left,
                    unbent,
                    ..
                },
                Some(heading),
            ) => {
                // A lean is the board's; in MBN's mirror for Black the written turns bend the
                // other way, so a bend to the right was written as one to the left.
                let (after_right, after_left) = if mirrored {
                    (after_left, after_right)
                } else {
                    (after_right, after_left)
                };
                match heading.lean {
                    Some(Lean::Right) => (turned(after_right, heading), false),
                    Some(Lean::Left) => (turned(after_left, heading), false),
                    None => (turned(unbent, heading), false),
                }
            }
            (_, None) => (Vec::new(), false),
        }
    }

    /// Whether MBN's `{}` leg can start from `at`, where the leg before arrived as `heading`
    /// and found `occupant`. Seed 002: it is blocked when "the next square is occupied by a
    /// friendly piece, or the current square is occupied by an opponent piece".
    pub(super) fn open(
        &self,
        leg: &Leg,
        at: Square,
        heading: Arrival,
        occupant: Option<Occupant>,
        trail: &Trail,
    ) -> bool {
        if occupant == Some(Occupant::Enemy) {
            return false;
        }
        let (steps, _) = self.first_steps(leg, Some(heading));
        steps
            .iter()
            .any(|(step, _)| self.opens_towards(leg, at, *step, trail))
    }

    /// Whether a `{}` leg can make its first step from `at` along `step`. A square the move
    /// has stood on is no way on either: MBN's `0*` visits each square once, and no move ends
    /// where it started (notes MB21).
    pub(super) fn opens_towards(&self, leg: &Leg, at: Square, step: Step, trail: &Trail) -> bool {
        self.advance(at, step, leg.wrap).is_some_and(|next| {
            let occupant = self.occupant(next, trail);
            may_enter(leg, occupant)
                && self.sets_allow(leg, next, occupant, trail)
                && !trail.visited(self.position.from, next)
        })
    }

    /// The type of the piece on `square`, as the position gives it: a piece that moved during
    /// this move has none the position knows.
    pub(super) fn type_on(&self, square: Square, trail: &Trail) -> Option<&str> {
        let moved = trail.changed.iter().any(|(changed, _)| *changed == square);
        if moved {
            None
        } else {
            self.position.piece_type(square)
        }
    }

    /// Whether the leg's piece sets let it act on the piece on `square` (`{jy{X}F}` visits only
    /// an X): a piece of unknown type is taken to be in the set, as where the leg lands.
    fn sets_allow(
        &self,
        leg: &Leg,
        square: Square,
        occupant: Option<Occupant>,
        trail: &Trail,
    ) -> bool {
        let (Some(sets), Some(occupant)) = (leg.sets.as_deref(), occupant) else {
            return true;
        };
        let friend = occupant == Occupant::Friend;
        let name = self.type_on(square, trail);
        let holds = |set: &Option<PieceSet>| {
            set.as_ref()
                .is_none_or(|set| set.holds(name, friend).unwrap_or(true))
        };
        let modes = leg.modes;
        let (captures, swaps) = (modes.takes(friend), modes.swaps_with(friend));
        (modes.hop && holds(&sets.hop))
            || (captures && holds(&sets.capture))
            || (swaps && holds(&sets.swap))
            || (!modes.hop && !captures && !swaps)
    }

    /// `legs` without the `{}` parts at their head that are blocked on `at`, where the leg
    /// before arrived as `heading` and found `occupant`: they do not belong to the move.
    pub(super) fn without_blocked<'l>(
        &self,
        mut legs: &'l [Leg],
        at: Square,
        heading: Arrival,
        occupant: Option<Occupant>,
        trail: &Trail,
    ) -> &'l [Leg] {
        while let Some(next) = legs.first().filter(|l| l.when_open) {
            if self.open(next, at, heading, occupant, trail) {
                break;
            }
            legs = legs.get(next.brace_legs.max(1)..).unwrap_or_default();
        }
        legs
    }

    /// The squares within `horizon` king steps of `from`, or the whole board.
    pub(super) fn window(
        &self,
        from: Square,
        horizon: Option<u32>,
    ) -> impl Iterator<Item = Square> {
        let (files, ranks) = self.window_sides(from, horizon);
        files.flat_map(move |file| ranks.clone().map(move |rank| Square { file, rank }))
    }

    pub(super) fn window_len(&self, from: Square, horizon: Option<u32>) -> usize {
        let (files, ranks) = self.window_sides(from, horizon);
        files.len() * ranks.len()
    }

    pub(super) fn window_sides(
        &self,
        from: Square,
        horizon: Option<u32>,
    ) -> (std::ops::Range<u8>, std::ops::Range<u8>) {
        let size = self.position.size;
        let reach = horizon.map_or(u8::MAX, |h| u8::try_from(h).unwrap_or(u8::MAX));
        let side = |at: u8, count: u8| {
            at.saturating_sub(reach)..at.saturating_add(reach).saturating_add(1).min(count)
        };
        (side(from.file, size.files), side(from.rank, size.ranks))
    }

    /// How far (in king steps) `legs` can take the piece, when that is bounded by less than the
    /// board. Farther than the board is as good as unbounded, and stopping there keeps a move
    /// of thousands of legs from costing thousands of legs per step.
    pub(super) fn horizon(&self, legs: &[Leg], incoming: Option<Arrival>) -> Option<u32> {
        let across = u32::from(self.position.size.files.max(self.position.size.ranks));
        let mut total = 0u32;
        // Turns keep a step's length in king steps, so later legs take the last one's.
        let mut size = incoming.map_or(0, |a| a.step.king_distance().unsigned_abs());
        // From off the board the next leg starts one step farther out.
        if let Some(arrival) = incoming.filter(|a| a.off_board) {
            total = u32::from(arrival.step.king_distance().unsigned_abs());
        }
        for leg in legs {
            if leg.wrap != Wrap::None || leg.bend.is_some() {
                return None;
            }
            let Reach::Steps(n) = leg.reach else {
                return None;
            };
            if let LegSteps::Absolute(steps) = &leg.steps {
                size = steps
                    .iter()
                    .map(|s| s.king_distance().unsigned_abs())
                    .max()
                    .unwrap_or(0);
            }
            // `j` on a slider doubles its first step.
            // Saturating: an MBN count may be any number (`W99999999999` reaches u32::MAX).
            total = total.saturating_add(
                n.saturating_add(u32::from(leg.jumping))
                    .saturating_mul(u32::from(size)),
            );
            if total >= across {
                return None;
            }
        }
        Some(total)
    }

    pub(super) fn limit(&self, reach: Reach, wrap: Wrap, from: Square) -> u32 {
        let size = self.position.size;
        // On a wrapped board a line can visit every square before it comes back.
        let longest = match wrap {
            Wrap::None => u32::from(size.files.max(size.ranks)),
            Wrap::Cylinder | Wrap::Torus | Wrap::Files { .. } => {
                u32::from(size.files) * u32::from(size.ranks)
            }
        };
        match reach {
            Reach::Steps(n) => n.min(longest),
            Reach::Unlimited => longest,
            Reach::ToEnemyHalf => {
                // As many steps as there are ranks between the square and the enemy half (its
                // first rank not counted), at least 1: from the second rank of 8, two, as the
                // Pawn's double step (notes M8).
                let ranks = u32::from(size.ranks);
                let rank = u32::from(from.rank);
                let own = match self.position.side {
                    Side::White => rank,
                    Side::Black => ranks - 1 - rank,
                };
                ranks.div_ceil(2).saturating_sub(own + 1).max(1)
            }
        }
    }

    pub(super) fn advance(&self, square: Square, step: Step, wrap: Wrap) -> Option<Square> {
        let size = self.position.size;
        if let Wrap::Files { first, last } = wrap {
            // "a bishop can move from g2 to b3, but it cannot act cylindrical if the piece is
            // on file a or h" (seed 002).
            let last = last.min(size.files.saturating_sub(1));
            let within = |file: u8| (first..=last).contains(&file);
            if !within(self.position.from.file) || !within(square.file) {
                return size.step(square, step, false, false);
            }
            let width = i16::from(last - first) + 1;
            let file = (i16::from(square.file - first) + i16::from(step.dx)).rem_euclid(width);
            let on_file = Square {
                file: first + u8::try_from(file).ok()?,
                rank: square.rank,
            };
            return size.step(on_file, Step::new(0, step.dy), false, false);
        }
        size.step(square, step, wrap != Wrap::None, wrap == Wrap::Torus)
    }

    /// Whether some geometrically shortest path of king steps from `from` along the leap `step`
    /// has only empty squares between (seed 000: XBetza takes "all geometrically shortest paths
    /// to a destination" for `n` on oblique atoms).
    pub(super) fn some_path_clear(
        &self,
        from: Square,
        step: Step,
        wrap: Wrap,
        trail: &Trail,
    ) -> bool {
        let moves = step.king_distance();
        self.path_clear_from(
            from,
            i16::from(step.dx),
            i16::from(step.dy),
            moves,
            wrap,
            trail,
        )
    }

    fn path_clear_from(
        &self,
        at: Square,
        dx: i16,
        dy: i16,
        moves: i8,
        wrap: Wrap,
        trail: &Trail,
    ) -> bool {
        if moves <= 1 {
            return true;
        }
        for ax in [0, dx.signum()] {
            for ay in [0, dy.signum()] {
                if ax == 0 && ay == 0 {
                    continue;
                }
                let (rx, ry) = (dx - ax, dy - ay);
                let left = i16::from(moves - 1);
                if rx.abs() > left || ry.abs() > left {
                    continue;
                }
                let (Ok(kx), Ok(ky)) = (i8::try_from(ax), i8::try_from(ay)) else {
                    continue;
                };
                let Some(next) = self.advance(at, Step::new(kx, ky), wrap) else {
                    continue;
                };
                if self.occupant(next, trail).is_none()
                    && self.path_clear_from(next, rx, ry, moves - 1, wrap, trail)
                {
                    return true;
                }
            }
        }
        false
    }
}

/// Whether a `{}` leg can make its first step onto a square holding `occupant`. With its modes
/// not written, only a friend blocks it (the circular King); a written mode asks for what the
/// leg can do there: `Q=mQ-{!cK}` goes on "if this is possible", onto an enemy to capture it
/// (notes MB18). A slide passes empty squares whatever it may end on.
fn may_enter(leg: &Leg, occupant: Option<Occupant>) -> bool {
    let modes = leg.modes;
    match occupant {
        _ if leg.default_modes => occupant != Some(Occupant::Friend),
        None => modes.to_empty || leg.reach != Reach::Steps(1),
        Some(Occupant::Enemy) => modes.capture_enemy || modes.swap_enemy || modes.hop,
        Some(Occupant::Friend) => modes.capture_friend || modes.swap_friend || modes.hop,
    }
}
