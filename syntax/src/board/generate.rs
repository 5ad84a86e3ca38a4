//! The entry point of move generation: each move of a piece is walked leg by leg, generated
//! from its engine's tables, or made directly (castling, the universal leaper), within a budget for the
//! piece as a whole.

use std::cell::Cell;
use std::collections::BTreeSet;

use rowan::TextRange;
use rustc_hash::FxHashSet as HashSet;

// The records generation returns live below it, where the walk and the engines make them too.
use super::generated::{Generated, GeneratedMove};
use super::walk::{Search, Walker};
use super::{Occupant, Position, Side, Square, Step, region};
use crate::Dialect;
use crate::model::region::{Attackers, Regions};
use crate::model::{Initial, Leg, LegSteps, Modes, Move, MoveKind, Piece, Reach, WalkRules};

/// The moves of `piece` in `position`.
pub fn generate(piece: &Piece, position: &Position) -> Generated {
    generate_searching(piece, position, Search::Shortcuts)
}

/// Like [`generate`] within a small budget (a twentieth), for comparisons that may give up
/// on a costly piece: a truncated result says so.
pub fn generate_quickly(piece: &Piece, position: &Position) -> Generated {
    generate_searching(piece, position, Search::Quick)
}

/// The moves of `piece` in `position`, searched as `search` says.
pub(super) fn generate_searching(piece: &Piece, position: &Position, search: Search) -> Generated {
    if let Some(engine) = piece.engine.as_deref() {
        return super::engine::generate(engine, position);
    }
    let mut out = Generated {
        truncated: piece.incomplete,
        ..Generated::default()
    };
    let mut total = search.piece_budget();
    let mut made = HashSet::default();
    for a_move in &piece.moves {
        let initial_only = a_move.initial != Initial::Always;
        // A move written again (`WW`, `UU`) makes the same moves: made once, a string of
        // thousands of copies costs one. A piece of one move has nothing to compare (and a move
        // of thousands of legs is not copied for it in every position).
        let repeated = piece.moves.len() > 1 && !made.insert(shape(a_move));
        if initial_only && position.moved
            || repeated
            || !may_start(&a_move.regions, (position, piece.dialect), &mut out.assumed)
        {
            continue;
        }
        let made_before = out.moves.len();
        let marked_before = MarkedBefore::of(a_move, &out);
        match &a_move.kind {
            MoveKind::Legs => {
                // Each move has its own share, so one expensive move cannot starve the others,
                // and the piece as a whole stays bounded.
                let share = search.move_budget().min(total);
                let budget = Cell::new(share);
                let reflected = piece.walk.mirrors_for_black;
                Walker::new(
                    position,
                    initial_only,
                    a_move.source,
                    &budget,
                    search,
                    reflected,
                )
                .run(&a_move.legs, &mut out);
                total -= share - budget.get();
            }
            MoveKind::Universal(modes) => universal(position, a_move, *modes, &mut out),
            MoveKind::Castling {
                king_step,
                directions,
                next_closer,
            } => {
                if !position.moved {
                    let rule = (directions.as_slice(), *king_step, *next_closer);
                    castlings(position, a_move.source, rule, &mut out);
                }
            }
            MoveKind::Imitator => out.not_generated.push((
                a_move.source,
                "the imitator copies the piece that moved last",
            )),
        }
        if piece.walk.forbids_return_to_start {
            let mut index = 0;
            out.moves.retain(|m| {
                index += 1;
                index <= made_before || m.to != position.from || may_end_where_it_started(a_move, m)
            });
        }
        if let Some(marked) = marked_before {
            marked.take_back_where_it_may_not_end(a_move, position, made_before, &mut out);
        }
    }
    out
}

/// Whether a move limited by `regions` may start from the position's square, its conditions
/// holding; a condition that holds only if a piece of unknown type is of its set is taken to
/// hold, its text added to `assumed`. Attackers are pieces of the same game, so of the same
/// `dialect`.
fn may_start(
    regions: &Regions,
    (position, dialect): (&Position, Dialect),
    assumed: &mut Vec<TextRange>,
) -> bool {
    region::may_start(regions, position, assumed)
        && regions
            .attacked_by
            .iter()
            .all(|a| attacked(a, (position, dialect), assumed))
}

/// Whether an enemy of the set attacks the piece's square: generated from the enemy's square
/// with its type's moves, as the other side, the piece standing on its square to be taken. An
/// enemy of unknown type may be of the set: the set is then taken to attack, and said.
fn attacked(
    attackers: &Attackers,
    (position, dialect): (&Position, Dialect),
    assumed: &mut Vec<TextRange>,
) -> bool {
    let squares: Vec<Square> = position.size.squares().collect();
    let with = |wanted: Occupant| -> Vec<Square> {
        squares
            .iter()
            .copied()
            .filter(|s| position.occupant(*s) == Some(wanted))
            .collect()
    };
    let (friends, enemies) = (with(Occupant::Friend), with(Occupant::Enemy));
    let mut unsure = false;
    for &square in &enemies {
        let name = position.piece_type(square);
        match attackers.set.holds(name, false) {
            Some(false) => continue,
            None => {
                unsure = true;
                continue;
            }
            Some(true) => {}
        }
        let Some((_, moves)) = name.and_then(|n| attackers.movers.iter().find(|(m, _)| m == n))
        else {
            unsure = true;
            continue;
        };
        let piece = Piece {
            dialect,
            moves: moves.clone(),
            incomplete: false,
            not_drawn: Vec::new(),
            engine: None,
            walk: WalkRules::default(),
        };
        let its_friends: Vec<Square> = enemies.iter().copied().filter(|s| *s != square).collect();
        let mut its_enemies = friends.clone();
        its_enemies.push(position.from);
        let side = match position.side {
            Side::White => Side::Black,
            Side::Black => Side::White,
        };
        let Ok(view) = Position::new(
            position.size,
            square,
            side,
            true,
            &its_friends,
            &its_enemies,
        ) else {
            continue;
        };
        let takes = generate(&piece, &view)
            .moves
            .iter()
            .any(|m| m.to == position.from && m.capture.is_some());
        if takes {
            return true;
        }
    }
    if unsure && !assumed.contains(&attackers.set.source) {
        assumed.push(attackers.set.source);
    }
    unsure
}

/// The universal leaper's moves: to every square but its own, as its modes allow.
fn universal(position: &Position, a_move: &Move, modes: Modes, out: &mut Generated) {
    let initial_only = a_move.initial != Initial::Always;
    for to in position.size.squares().filter(|s| *s != position.from) {
        let occupant = position.occupant(to);
        // It would take an enemy standing there: the diagram says so.
        if occupant.is_none() && modes.capture_enemy {
            out.could_capture.insert(to);
        }
        let lands = match occupant {
            None => modes.to_empty,
            Some(Occupant::Enemy) => modes.capture_enemy,
            Some(Occupant::Friend) => modes.capture_friend,
        };
        if occupant.is_some() && !lands && modes.ends_somewhere() {
            out.in_the_way.insert(to);
        }
        if lands {
            out.moves.push(GeneratedMove::direct(
                to,
                occupant,
                initial_only,
                a_move.source,
            ));
        }
    }
}

/// The castlings of a castling rule (directions, the king's step, whether the next piece is
/// the closer), each direction seen from the side to move.
fn castlings(
    position: &Position,
    source: TextRange,
    (directions, king_step, next_closer): (&[Step], u32, bool),
    out: &mut Generated,
) {
    for direction in directions {
        let direction = match position.side {
            Side::White => *direction,
            Side::Black => direction.for_black(),
        };
        if let Some(to) = castling(position, direction, king_step, next_closer) {
            out.moves
                .push(GeneratedMove::direct(to, None, true, source));
        }
    }
}

/// The squares marked before a move adds its own: a range after the move takes back what it
/// added where it may not end.
struct MarkedBefore {
    could_capture: BTreeSet<Square>,
    could_swap: BTreeSet<Square>,
    in_the_way: BTreeSet<Square>,
    en_passant: usize,
}

impl MarkedBefore {
    /// What `out` marks before `a_move`, when a range limits where it ends.
    fn of(a_move: &Move, out: &Generated) -> Option<MarkedBefore> {
        let limits_end = !a_move.regions.to.is_empty() || a_move.regions.to_edge;
        limits_end.then(|| MarkedBefore {
            could_capture: out.could_capture.clone(),
            could_swap: out.could_swap.clone(),
            in_the_way: out.in_the_way.clone(),
            en_passant: out.en_passant.len(),
        })
    }

    /// Takes back the moves and marks `a_move` added (its moves those after the first
    /// `made_before`) on squares where its range does not let it end.
    fn take_back_where_it_may_not_end(
        self,
        a_move: &Move,
        position: &Position,
        made_before: usize,
        out: &mut Generated,
    ) {
        let mut index = 0;
        out.moves.retain(|m| {
            index += 1;
            index <= made_before || region::may_end(&a_move.regions, m.to, position)
        });
        let may_end = |s: &Square| region::may_end(&a_move.regions, *s, position);
        out.could_capture
            .retain(|s| self.could_capture.contains(s) || may_end(s));
        out.could_swap
            .retain(|s| self.could_swap.contains(s) || may_end(s));
        out.in_the_way
            .retain(|s| self.in_the_way.contains(s) || may_end(s));
        let mut index = 0;
        out.en_passant.retain(|s| {
            index += 1;
            index <= self.en_passant || may_end(s)
        });
    }
}

/// Seed 002: "So far as not specifically allowed, the start square and the arrival square
/// cannot be equal". The Lion's return "can effectively capture a piece on an adjacent square
/// without moving", so a move that took a piece on the way may end where it started; and its
/// `aK--[K]`, stepping "to an adjacent empty square and back without capturing anything", is
/// "effectively passing a turn", so may single steps that each go their own way (`--`, `d`):
/// a line that comes back (a rider's, `t`, `z`, a circle) may not (notes MB9).
fn may_end_where_it_started(a_move: &Move, made: &GeneratedMove) -> bool {
    let steps_its_own_way = |leg: &Leg| {
        leg.reach == Reach::Steps(1)
            && matches!(&leg.steps, LegSteps::Absolute(steps) if steps.iter().all(|s| s.king_distance() == 1))
    };
    !made.captured.is_empty() || a_move.legs.len() > 1 && a_move.legs.iter().all(steps_its_own_way)
}

/// `piece` with each move written again left out: [`generate`] makes the same moves of it, and
/// a piece generated in many positions (a comparison of readings) finds its repeats once.
pub fn without_repeats(piece: &Piece) -> Piece {
    let mut made = HashSet::default();
    Piece {
        dialect: piece.dialect,
        moves: piece
            .moves
            .iter()
            .filter(|m| made.insert(shape(m)))
            .cloned()
            .collect(),
        incomplete: piece.incomplete,
        not_drawn: piece.not_drawn.clone(),
        engine: piece.engine.clone(),
        walk: piece.walk,
    }
}

/// A move as generation sees it: all of it but where its letters stand.
fn shape(a_move: &Move) -> (MoveKind, Initial, Vec<Leg>, Regions) {
    let legs = a_move
        .legs
        .iter()
        .map(|leg| Leg {
            source: TextRange::default(),
            ..leg.clone()
        })
        .collect();
    // The same move from another part of the board (`[a1]W+[h7]W`) is another move.
    (
        a_move.kind.clone(),
        a_move.initial,
        legs,
        a_move.regions.clone(),
    )
}

/// Where the piece lands when it castles along `direction` (seed 000: "O Castling with the
/// piece at the board edge in the given direction. The range specifies the King step"): the
/// partner is a friend on the edge square (with `j`, the next piece in from the edge, the edge
/// square holding a piece too); every square between the piece and its partner is empty, and the
/// king's step stays short of the partner. An unmoved piece only.
fn castling(
    position: &Position,
    direction: Step,
    king_step: u32,
    next_closer: bool,
) -> Option<Square> {
    let mut ray = Vec::new();
    let mut square = position.from;
    while let Some(next) = position.size.step(square, direction, false, false) {
        ray.push(next);
        square = next;
    }
    let occupied: Vec<usize> = (0..ray.len())
        .filter(|i| position.occupant(ray[*i]).is_some())
        .collect();
    let edge = ray.len().checked_sub(1)?;
    let partner = match (next_closer, occupied.as_slice()) {
        (false, [only]) if *only == edge => *only,
        (true, [first, last]) if *last == edge => *first,
        _ => return None,
    };
    if position.occupant(ray[partner]) != Some(Occupant::Friend) {
        return None;
    }
    let step = usize::try_from(king_step).ok()?;
    (step >= 1 && step <= partner).then(|| ray[step - 1])
}
