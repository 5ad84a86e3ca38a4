//! The leg-by-leg search behind move generation: from the piece's square, each leg slides or
//! leaps along its steps, checks what it may do where it ends, and hands over to the next leg.
//! Captures on the way empty their squares for the later legs; an induced friend (`x`) makes the
//! remaining legs from its own square. A step budget bounds every search.

use std::cell::{Cell, RefCell};

use rowan::TextRange;
// A fast hasher: the keys are small and never come from outside.
use rustc_hash::FxHashSet as HashSet;

mod land;
mod reach;
mod search;
mod shortcuts;

pub(super) use search::Search;

use super::generated::Generated;
use super::{Lean, Occupant, Position, Square, Step};
use crate::model::{Bend, Lameness, Leg, Reach, Wrap};

/// What the move has done so far.
#[derive(Debug, Default)]
struct Trail {
    /// Squares slid over.
    path: Vec<Square>,
    hopped: Vec<Square>,
    captured: Vec<Square>,
    /// Where each finished leg ended.
    waypoints: Vec<Square>,
    /// The steps of the last slider leg, for `i` (iso).
    last_slide: Option<u32>,
    /// Squares whose occupant changed during the move.
    changed: Vec<(Square, Option<Occupant>)>,
    /// Squares on which the move creates e.p. rights.
    ep_rights: Vec<Square>,
    /// Where a captured piece reappears: the start of the leg that carries `u`.
    unload_at: Option<Square>,
    /// The square of the piece making the current legs (an induced friend after `x`).
    mover: Option<Square>,
    /// Legs started so far: each is a level of recursion.
    depth: usize,
}

/// The most legs one move is followed through; a deeper move is cut short, so that a string of
/// thousands of legs costs a bounded stack.
const LEG_DEPTH_LIMIT: usize = 256;

impl Trail {
    fn visited(&self, from: Square, square: Square) -> bool {
        square == from || self.waypoints.contains(&square)
    }
}

/// How a leg arrives on a square: where the next leg starts, or, along a ride, on each square
/// it may end on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Arrival {
    /// Its last step.
    step: Step,
    /// The way the move last bent.
    lean: Option<Lean>,
    /// The leg ended off the board (`o`), one `step` past the square the walk goes on from.
    off_board: bool,
}

/// A leg as it starts from one square, with what stays the same on each of its lines.
struct LegStart<'l> {
    leg: &'l Leg,
    /// The legs after it.
    rest: &'l [Leg],
    from: Square,
    /// After a leg that ended off the board (`o`), the step from `from` to the square past the
    /// edge where this leg starts.
    beyond: Option<Step>,
    /// The most steps it may take on this board.
    limit: u32,
    /// It may only land on squares the move has not stood on.
    unvisited_only: bool,
    /// Where its squares start in the trail's path.
    path_start: usize,
}

/// Where a leg ends, and the legs that go on from there (none after the final leg).
struct Continuation<'l> {
    rest: &'l [Leg],
    to: Square,
    heading: Arrival,
    slide: Option<u32>,
}

/// What a non-final leg did on the square where it ended.
#[derive(Clone, Copy)]
enum Landing {
    Moved,
    Hopped,
    Captured,
}

pub(super) struct Walker<'a> {
    position: &'a Position,
    initial_only: bool,
    source: TextRange,
    /// Squares this move's search may still look at.
    budget: &'a Cell<u32>,
    seen: RefCell<HashSet<MoveKey>>,
    explored: RefCell<HashSet<StateKey>>,
    /// Occupied squares of the position.
    occupied: usize,
    /// The one destination searched for, once a free search was cut short.
    target: Cell<Option<Square>>,
    /// By square: [`REACHED`] when some move ends there, and a [`plain_bit`] for each
    /// occupant a move without captures on the way ends on (the keys of quiet moves).
    reached: RefCell<Vec<u8>>,
    /// How many plain bits are set.
    plain_count: Cell<usize>,
    search: Search,
    /// Black's moves are White's reflected about the board's horizontal bisector (MBN, seed
    /// 002), not turned 180° (XBetza and the engines): left stays left.
    reflected: bool,
}

const REACHED: u8 = 1;

fn plain_bit(occupant: Option<Occupant>) -> u8 {
    match occupant {
        None => 2,
        Some(Occupant::Enemy) => 4,
        Some(Occupant::Friend) => 8,
    }
}

/// What makes two generated moves the same move.
type MoveKey = (Square, Option<Occupant>, Vec<Square>, Option<Square>, bool);

/// Everything the rest of a move depends on when a leg starts: the legs left, the square, the
/// heading and lean, the last slide (for `i`), the squares changed so far, the captures, the
/// unload square, the moving piece and the visited squares a later leg could land on again.
/// Two arrivals in the same state make the same moves, so only the first goes on.
type StateKey = (
    usize,
    Square,
    Option<Arrival>,
    Option<u32>,
    Vec<(Square, Option<Occupant>)>,
    Vec<Square>,
    Option<Square>,
    Option<Square>,
    Vec<Square>,
);

impl<'a> Walker<'a> {
    pub(super) fn new(
        position: &'a Position,
        initial_only: bool,
        source: TextRange,
        budget: &'a Cell<u32>,
        search: Search,
        reflected: bool,
    ) -> Self {
        Walker {
            position,
            initial_only,
            source,
            budget,
            seen: RefCell::new(HashSet::default()),
            explored: RefCell::new(HashSet::default()),
            occupied: position.occupied_count(),
            target: Cell::new(None),
            reached: RefCell::new(vec![
                0;
                usize::from(position.size.files)
                    * usize::from(position.size.ranks)
            ]),
            plain_count: Cell::new(0),
            search,
            reflected,
        }
    }

    fn walk_from_start(&self, legs: &[Leg], out: &mut Generated) {
        let mut trail = Trail::default();
        // The piece leaves its square: later legs find it empty (XBoard: "The start square
        // counts as empty").
        trail.changed.push((self.position.from, None));
        self.walk(legs, self.position.from, None, &mut trail, out);
    }

    fn occupant(&self, square: Square, trail: &Trail) -> Option<Occupant> {
        match trail.changed.iter().rev().find(|(s, _)| *s == square) {
            Some((_, occupant)) => *occupant,
            None => self.position.occupant(square),
        }
    }

    fn spend(&self, out: &mut Generated) -> bool {
        crate::cancel::checkpoint();
        let left = self.budget.get();
        if left == 0 {
            out.truncated = true;
            return false;
        }
        self.budget.set(left - 1);
        true
    }

    /// Takes `units` from the budget for work other than steps; when too few are left the
    /// budget is emptied, so the next step reports the search as cut short.
    fn spend_many(&self, units: usize) -> bool {
        crate::cancel::checkpoint();
        let units = u32::try_from(units).unwrap_or(u32::MAX);
        let left = self.budget.get();
        self.budget.set(left.saturating_sub(units));
        left >= units
    }

    /// Walks the first of `legs` from `from` (arrived at by `incoming`; none for a move's
    /// first leg) along each of its lines; each line hands over to the legs after it.
    fn walk(
        &self,
        legs: &[Leg],
        from: Square,
        incoming: Option<Arrival>,
        trail: &mut Trail,
        out: &mut Generated,
    ) {
        let Some((leg, rest)) = legs.split_first() else {
            return;
        };
        if !self.worth_starting(legs, from, incoming, trail, out) {
            return;
        }
        let (steps, unvisited_only) = self.steps_toward_target(leg, from, incoming);
        let start = LegStart {
            leg,
            rest,
            from,
            beyond: incoming.filter(|a| a.off_board).map(|a| a.step),
            limit: self.limit(leg.reach, leg.wrap, from),
            unvisited_only,
            path_start: trail.path.len(),
        };
        let saved_unload = trail.unload_at;
        // A leg that starts off the board has no square to set a piece down on.
        if leg.unload && start.beyond.is_none() {
            // Seed 000: "the (empty) starting square of the leg will receive the piece
            // captured by the move".
            trail.unload_at = Some(from);
        }
        self.walk_lines(legs, &start, steps, incoming, trail, out);
        trail.unload_at = saved_unload;
    }

    /// Whether starting `legs` from `from` may still find a move: not when the budget cannot
    /// pay for looking them over, nor when a shortcut shows this start has been walked or
    /// leads nowhere new.
    fn worth_starting(
        &self,
        legs: &[Leg],
        from: Square,
        incoming: Option<Arrival>,
        trail: &Trail,
        out: &mut Generated,
    ) -> bool {
        // Starting a leg looks over the legs left and the trail so far (its state, the squares
        // visited): a move of thousands of legs pays for that, so the budget bounds its time too.
        let weight = (legs.len() + trail.waypoints.len() + trail.changed.len()) / 32;
        if weight > 0 && !self.spend_many(weight) {
            out.truncated = true;
            return false;
        }
        // A move's first leg starts once; later legs can be reached again by other paths, and
        // remembering where they started pays when more than the final leg is left.
        if incoming.is_none() || !self.search.shortcuts() {
            return true;
        }
        !(self.off_target(legs, from, incoming)
            || (legs.len() > 1
                && !self
                    .explored
                    .borrow_mut()
                    .insert(self.state(legs, from, incoming, trail)))
            || self.nothing_new(legs, from, incoming, trail))
    }

    /// The first steps of `leg` from `from` (and whether they may enter only unvisited
    /// squares), when a square is sought the spare steps first.
    fn steps_toward_target(
        &self,
        leg: &Leg,
        from: Square,
        incoming: Option<Arrival>,
    ) -> (Vec<(Step, Option<Lean>)>, bool) {
        let (mut steps, unvisited_only) = self.first_steps(leg, incoming);
        if let Some(target) = self.target.get() {
            // Spend the spare steps first: go on the farthest from the missing square that can
            // still reach it (the rest are cut at once), which keeps the path out of its own way.
            steps.sort_by_key(|(step, _)| {
                std::cmp::Reverse(
                    self.advance(from, *step, leg.wrap)
                        .map_or(0, |next| next.distance(target)),
                )
            });
        }
        (steps, unvisited_only)
    }

    /// Each line of the leg `start` begins, one per first step (two for a bent rider, which
    /// turns one way or the other on its second step).
    fn walk_lines(
        &self,
        legs: &[Leg],
        start: &LegStart<'_>,
        steps: Vec<(Step, Option<Lean>)>,
        incoming: Option<Arrival>,
        trail: &mut Trail,
        out: &mut Generated,
    ) {
        let leg = start.leg;
        let from = start.from;
        let senses: &[u8] = if leg.bend.is_some() { &[1, 7] } else { &[0] };
        for (step, lean) in steps {
            let heading = Arrival {
                step,
                lean,
                off_board: false,
            };
            // A `{}` part that starts the move is taken along each line where it is open; along
            // the others the move goes on without it, heading that way (`F={jy{X}F}0-F`, "a
            // jump over zero pieces"; notes MB18).
            if incoming.is_none() && leg.when_open && !self.opens_towards(leg, from, step, trail) {
                let after = legs.get(leg.brace_legs.max(1)..).unwrap_or_default();
                let rest = self.without_blocked(after, from, heading, None, trail);
                self.walk(rest, from, Some(heading), trail, out);
                continue;
            }
            for &sense in senses {
                self.ride(start, heading, sense, trail, out);
                trail.path.truncate(start.path_start);
            }
        }
    }

    /// One line of a leg: leaps or slides from where it starts, starting out as `heading` says
    /// and turning by `sense` eighths between steps for a bent rider.
    fn ride(
        &self,
        start: &LegStart<'_>,
        mut heading: Arrival,
        sense: u8,
        trail: &mut Trail,
        out: &mut Generated,
    ) {
        let leg = start.leg;
        let slider = leg.reach != Reach::Steps(1);
        let mut current = start.from;
        for distance in 1..=start.limit {
            if !self.spend(out) {
                return;
            }
            // The first step of a leg that starts off the board comes back from there.
            let from_off_board = distance == 1 && start.beyond.is_some();
            let Some(next) = self.next_square(start, current, heading.step, from_off_board) else {
                if leg.ends_off_board && !from_off_board && leg.modes.to_empty {
                    let slide = slider.then_some(distance);
                    self.go_on_past_edge(start, current, heading, slide, trail, out);
                }
                break;
            };
            let wrapped_home = leg.wrap != Wrap::None || leg.bend == Some(Bend::Circular);
            if next == self.position.from && wrapped_home && start.rest.is_empty() {
                break;
            }
            // Nothing off the board can block the way back onto it.
            let leaper = heading.step.king_distance() > 1 && !from_off_board;
            if self.lame_blocked(leg, current, heading.step, leaper, from_off_board, trail) {
                break;
            }
            let occupant = self.occupant(next, trail);
            // `j` on a slider skips the first square.
            let skip = leg.jumping && slider && !leaper && distance == 1;
            let end = Continuation {
                rest: start.rest,
                to: next,
                heading,
                slide: slider.then_some(distance),
            };
            let jump_refused = leaper && self.jump_refused(leg, current, heading.step, trail, out);
            if !skip && !jump_refused && self.may_end(start, current, &end, leaper, distance, trail)
            {
                self.end_leg(start, current, &end, occupant, trail, out);
            }
            if occupant.is_some() && !skip {
                break;
            }
            trail.path.push(next);
            current = next;
            heading = bent(heading, leg.bend, sense, distance);
        }
    }

    /// An `o` leg ends past the edge, one `heading.step` beyond `edge` (seed 000: the leg's
    /// destination "must be off board"); the walk goes on from there.
    fn go_on_past_edge(
        &self,
        start: &LegStart<'_>,
        edge: Square,
        heading: Arrival,
        slide: Option<u32>,
        trail: &mut Trail,
        out: &mut Generated,
    ) {
        let past_edge = Continuation {
            rest: start.rest,
            to: edge,
            heading: Arrival {
                off_board: true,
                ..heading
            },
            slide,
        };
        self.go_on(&past_edge, &[], Landing::Moved, trail, out);
    }

    /// The square one `step` on from `current`. The first step of a leg that starts off the
    /// board comes back from the square past the edge, where the board does not wrap.
    fn next_square(
        &self,
        start: &LegStart<'_>,
        current: Square,
        step: Step,
        from_off_board: bool,
    ) -> Option<Square> {
        match start.beyond.filter(|_| from_off_board) {
            Some(b) => self.advance(
                current,
                Step::new(b.dx.saturating_add(step.dx), b.dy.saturating_add(step.dy)),
                Wrap::None,
            ),
            None => self.advance(current, step, start.leg.wrap),
        }
    }

    /// Whether a lame (`n`) leap from `current` along `step` finds every path blocked.
    fn lame_blocked(
        &self,
        leg: &Leg,
        current: Square,
        step: Step,
        leaper: bool,
        from_off_board: bool,
        trail: &Trail,
    ) -> bool {
        match leg.lame {
            None => false,
            Some(_) if from_off_board => false,
            Some(Lameness::ShortestPaths) => {
                leaper && !self.some_path_clear(current, step, leg.wrap, trail)
            }
        }
    }

    /// Whether the leg may end on `end.to`, its `distance`th step, made from `current`.
    fn may_end(
        &self,
        start: &LegStart<'_>,
        current: Square,
        end: &Continuation<'_>,
        leaper: bool,
        distance: u32,
        trail: &Trail,
    ) -> bool {
        let (leg, to, step) = (start.leg, end.to, end.heading.step);
        // `j` on a leaper: the leap must jump over something, which is what a blocked lame
        // path means.
        let must_jump_fails =
            leg.jumping && leaper && self.some_path_clear(current, step, leg.wrap, trail);
        let iso_fails = leg.iso && trail.last_slide.is_some_and(|n| n != distance);
        let revisit = start.unvisited_only && trail.visited(self.position.from, to);
        // A leg that must end off the board cannot stop on it.
        !must_jump_fails && !iso_fails && !revisit && !leg.ends_off_board
    }

    /// The leg ends on `end.to`, coming from `current`, and finds `occupant` there. The e.p.
    /// rights it creates hold for what follows from there, and only for that.
    fn end_leg(
        &self,
        start: &LegStart<'_>,
        current: Square,
        end: &Continuation<'_>,
        occupant: Option<Occupant>,
        trail: &mut Trail,
        out: &mut Generated,
    ) {
        let saved = trail.ep_rights.len();
        if start.leg.ep_rights {
            self.ep_rights(start, (current, end.to), end.heading.step, trail);
        }
        self.land(start.leg, end, occupant, trail, out);
        trail.ep_rights.truncate(saved);
    }

    /// E.p. rights an `n` leg creates on its way to `to` (seed 000): a stepper or slider on the
    /// squares it "steps to or slides through" (the leg's squares in the trail's path, and its
    /// end square when another leg follows); a lame leap on the square where it could be
    /// blocked (the middle of a D or A leap).
    fn ep_rights(
        &self,
        start: &LegStart<'_>,
        (current, to): (Square, Square),
        heading: Step,
        trail: &mut Trail,
    ) {
        if heading.king_distance() == 1 {
            trail
                .ep_rights
                .extend_from_slice(&trail.path[start.path_start..]);
            if !start.rest.is_empty() {
                trail.ep_rights.push(to);
            }
        } else if heading.king_distance() == 2 && heading.dx % 2 == 0 && heading.dy % 2 == 0 {
            let middle = Step::new(heading.dx / 2, heading.dy / 2);
            trail
                .ep_rights
                .extend(self.advance(current, middle, start.leg.wrap));
        }
    }
}

/// How a bent rider heads on after its `distance`th step, turning by `sense` eighths.
fn bent(heading: Arrival, bend: Option<Bend>, sense: u8, distance: u32) -> Arrival {
    let turn = match bend {
        None => 0,
        Some(Bend::Circular) => sense,
        // Zig-zag: turn by 90 degrees one way, then back the other way.
        Some(Bend::ZigZag) if distance % 2 == 1 => sense * 2 % 8,
        Some(Bend::ZigZag) => (8 - sense * 2 % 8) % 8,
    };
    if turn == 0 {
        return heading;
    }
    let step = heading.step.turned(turn);
    Arrival {
        step,
        lean: Lean::of_turn(turn, step),
        ..heading
    }
}
