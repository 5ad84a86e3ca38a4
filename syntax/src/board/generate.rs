//! Walking the legs of each move over the board.

use std::collections::BTreeMap;

use rowan::TextRange;

use super::{Occupant, Position, Side, Square, Step};
use crate::model::{Initial, Lameness, Leg, LegSteps, MoveKind, Piece, Reach, Wrap, fairy};

/// One way the piece can end its move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneratedMove {
    pub to: Square,
    /// What it captures on `to`, if anything.
    pub capture: Option<Occupant>,
    /// Squares passed over on the way (not including `to`).
    pub path: Vec<Square>,
    /// Squares hopped over (mounts of `p`/`g`).
    pub hopped: Vec<Square>,
    /// Only on the piece's first move.
    pub initial_only: bool,
    /// Where the captured piece reappears (`u`).
    pub unload: Option<Square>,
    /// The move of the piece (its source letters) this comes from.
    pub source: TextRange,
}

/// What the piece can do on one square, for diagrams.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SquareUse {
    pub moves: bool,
    pub captures: bool,
    pub initial_only: bool,
    pub hop_mount: bool,
    /// An `e` leg could capture en passant here, given e.p. rights on the square.
    pub en_passant: bool,
}

/// Every move of a piece in a position, in generation order (the piece's moves in order, each
/// move's steps in the atom's order, nearest square first), plus what was not generated.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Generated {
    pub moves: Vec<GeneratedMove>,
    /// Moves this layer does not generate yet (written continuation legs, the imitator),
    /// by source range.
    pub not_generated: Vec<TextRange>,
    /// Empty squares where an `e` leg would capture en passant if the square had e.p. rights
    /// (a position has none, so these are not moves).
    pub en_passant: Vec<Square>,
}

impl Generated {
    /// The destinations, each once, sorted by file then rank.
    pub fn destinations(&self) -> Vec<Square> {
        let mut squares: Vec<Square> = self.moves.iter().map(|m| m.to).collect();
        squares.sort();
        squares.dedup();
        squares
    }

    /// What happens on each square the piece can reach or hop over.
    pub fn summary(&self) -> BTreeMap<Square, SquareUse> {
        let mut map: BTreeMap<Square, SquareUse> = BTreeMap::new();
        for m in &self.moves {
            let entry = map.entry(m.to).or_default();
            if m.capture.is_some() {
                entry.captures = true;
            } else {
                entry.moves = true;
            }
            entry.initial_only |= m.initial_only;
            for mount in &m.hopped {
                map.entry(*mount).or_default().hop_mount = true;
            }
        }
        for square in &self.en_passant {
            map.entry(*square).or_default().en_passant = true;
        }
        map
    }
}

/// The moves of `piece` in `position`.
pub fn generate(piece: &Piece, position: &Position) -> Generated {
    let mut out = Generated::default();
    for a_move in &piece.moves {
        let initial_only = a_move.initial != Initial::Always;
        if initial_only && position.moved {
            continue;
        }
        match &a_move.kind {
            MoveKind::Legs => {
                let walker = Walker {
                    position,
                    initial_only,
                    source: a_move.source,
                };
                walker.walk(
                    &a_move.legs,
                    position.from,
                    None,
                    &mut Trail::default(),
                    &mut out,
                );
            }
            MoveKind::Universal => {
                for to in position.size.squares().filter(|s| *s != position.from) {
                    let occupant = position.occupant(to);
                    if occupant != Some(Occupant::Friend) {
                        out.moves.push(GeneratedMove {
                            to,
                            capture: occupant,
                            path: Vec::new(),
                            hopped: Vec::new(),
                            initial_only,
                            unload: None,
                            source: a_move.source,
                        });
                    }
                }
            }
            MoveKind::Castling {
                king_step,
                directions,
                next_closer,
            } => {
                if !position.moved {
                    for direction in directions {
                        let direction = match position.side {
                            Side::White => *direction,
                            Side::Black => direction.for_black(),
                        };
                        if let Some(to) = castling(position, direction, *king_step, *next_closer) {
                            out.moves.push(GeneratedMove {
                                to,
                                capture: None,
                                path: Vec::new(),
                                hopped: Vec::new(),
                                initial_only: true,
                                unload: None,
                                source: a_move.source,
                            });
                        }
                    }
                }
            }
            MoveKind::Imitator | MoveKind::MultiLeg => {
                out.not_generated.push(a_move.source);
            }
        }
    }
    out
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
    while let Some(next) = offset(position, square, direction) {
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

fn offset(position: &Position, square: Square, step: Step) -> Option<Square> {
    let file = u8::try_from(i16::from(square.file) + i16::from(step.dx)).ok()?;
    let rank = u8::try_from(i16::from(square.rank) + i16::from(step.dy)).ok()?;
    let next = Square { file, rank };
    position.size.contains(next).then_some(next)
}

#[derive(Debug, Default, Clone)]
struct Trail {
    path: Vec<Square>,
    hopped: Vec<Square>,
}

struct Walker<'a> {
    position: &'a Position,
    initial_only: bool,
    source: TextRange,
}

impl Walker<'_> {
    fn walk(
        &self,
        legs: &[Leg],
        from: Square,
        incoming: Option<Step>,
        trail: &mut Trail,
        out: &mut Generated,
    ) {
        let Some((leg, rest)) = legs.split_first() else {
            return;
        };
        let steps: Vec<Step> = match (&leg.steps, incoming) {
            (LegSteps::Absolute(steps), _) => steps
                .iter()
                .map(|s| match self.position.side {
                    Side::White => *s,
                    Side::Black => s.for_black(),
                })
                .collect(),
            (LegSteps::StraightOn, Some(step)) => vec![step],
            (LegSteps::StraightOn, None) => Vec::new(),
        };
        let limit = self.limit(leg.reach, from);
        for step in steps {
            let saved = trail.path.len();
            let mut current = from;
            for distance in 1..=limit {
                let Some(next) = self.advance(current, step, leg.wrap) else {
                    break;
                };
                if next == self.position.from && leg.wrap != Wrap::None {
                    break;
                }
                let leaper = step.king_distance() > 1;
                let blocked = match leg.lame {
                    None => false,
                    Some(Lameness::ShortestPaths) => {
                        leaper && !self.some_path_clear(current, step, leg.wrap)
                    }
                    Some(Lameness::FairyPath) => fairy::lame_path(step).into_iter().any(|s| {
                        self.advance(current, s, leg.wrap)
                            .is_none_or(|sq| self.position.occupant(sq).is_some())
                    }),
                };
                if blocked {
                    break;
                }
                let occupant = self.position.occupant(next);
                // `j` on a slider skips the first square; on a leaper the leap must jump over
                // something, which is what a blocked lame path means.
                let skip = leg.jumping && !leaper && distance == 1;
                let must_jump_fails =
                    leg.jumping && leaper && self.some_path_clear(current, step, leg.wrap);
                if !skip && !must_jump_fails {
                    self.land(leg, rest, next, step, occupant, trail, out);
                }
                if occupant.is_some() && !skip {
                    break;
                }
                trail.path.push(next);
                current = next;
            }
            trail.path.truncate(saved);
        }
    }

    /// The leg ends on `to`: record a move or go on with the next leg.
    #[allow(clippy::too_many_arguments)]
    fn land(
        &self,
        leg: &Leg,
        rest: &[Leg],
        to: Square,
        step: Step,
        occupant: Option<Occupant>,
        trail: &mut Trail,
        out: &mut Generated,
    ) {
        let modes = leg.modes;
        if !rest.is_empty() {
            // A hop-on leg: it must end on an occupied square, which it leaves alone.
            if modes.hop && occupant.is_some() {
                let mut next_trail = trail.clone();
                next_trail.hopped.push(to);
                self.walk(rest, to, Some(step), &mut next_trail, out);
            }
            return;
        }
        let allowed = match occupant {
            None => modes.to_empty,
            Some(Occupant::Enemy) => modes.capture_enemy,
            Some(Occupant::Friend) => modes.capture_friend,
        };
        if occupant.is_none() && modes.en_passant && !out.en_passant.contains(&to) {
            out.en_passant.push(to);
        }
        if allowed {
            out.moves.push(GeneratedMove {
                to,
                capture: occupant,
                path: trail.path.clone(),
                hopped: trail.hopped.clone(),
                initial_only: self.initial_only,
                unload: (leg.unload && occupant.is_some()).then_some(self.position.from),
                source: self.source,
            });
        }
    }

    fn limit(&self, reach: Reach, from: Square) -> u32 {
        let size = self.position.size;
        let longest = u32::from(size.files.max(size.ranks));
        match reach {
            Reach::Steps(n) => n.min(longest),
            Reach::Unlimited => longest,
            Reach::ToEnemyHalf => {
                // Steps needed to reach the first rank of the enemy half, at least 1.
                let ranks = u32::from(size.ranks);
                let rank = u32::from(from.rank);
                let own = match self.position.side {
                    Side::White => rank,
                    Side::Black => ranks - 1 - rank,
                };
                ranks.div_ceil(2).saturating_sub(own).max(1)
            }
        }
    }

    fn advance(&self, square: Square, step: Step, wrap: Wrap) -> Option<Square> {
        let size = self.position.size;
        let wrapped = |value: i16, size: u8, wraps: bool| -> Option<u8> {
            let size = i16::from(size);
            if wraps {
                u8::try_from(value.rem_euclid(size)).ok()
            } else if (0..size).contains(&value) {
                u8::try_from(value).ok()
            } else {
                None
            }
        };
        let file = wrapped(
            i16::from(square.file) + i16::from(step.dx),
            size.files,
            wrap != Wrap::None,
        )?;
        let rank = wrapped(
            i16::from(square.rank) + i16::from(step.dy),
            size.ranks,
            wrap == Wrap::Torus,
        )?;
        Some(Square { file, rank })
    }

    /// Whether some geometrically shortest path of king steps from `from` along the leap `step`
    /// has only empty squares between (seed 000: XBetza takes "all geometrically shortest paths
    /// to a destination" for `n` on oblique atoms).
    fn some_path_clear(&self, from: Square, step: Step, wrap: Wrap) -> bool {
        let moves = step.king_distance();
        self.path_clear_from(from, i16::from(step.dx), i16::from(step.dy), moves, wrap)
    }

    fn path_clear_from(&self, at: Square, dx: i16, dy: i16, moves: i8, wrap: Wrap) -> bool {
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
                let Ok(kx) = i8::try_from(ax) else { continue };
                let Ok(ky) = i8::try_from(ay) else { continue };
                let Some(next) = self.advance(at, Step::new(kx, ky), wrap) else {
                    continue;
                };
                if self.position.occupant(next).is_none()
                    && self.path_clear_from(next, rx, ry, moves - 1, wrap)
                {
                    return true;
                }
            }
        }
        false
    }
}
