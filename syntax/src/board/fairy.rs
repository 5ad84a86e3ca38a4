//! Fairy-Stockfish's move generation over its own data model ([`EnginePiece`]); facts from its
//! `src/bitboard.cpp` (`init_pieces`, `sliding_attack`, the lame-leaper attacks) and
//! `bitboard.h` (`attacks_bb`, `moves_bb`); notes F1–F6 in NOTATION-NOTES.md.
//!
//! For each move kind the engine keeps two sets: the piece's reach on an empty board (every
//! table's directions, each within its range) and a set of "rider types" (rook lines, bishop
//! lines, nightrider, cannons, grasshoppers, lame leapers), each of which the engine always
//! generates in all of its directions. The moves are the plain leaps and the rider types'
//! squares in the position, kept where they fall inside the empty-board reach. That is why
//! `fRbpR` slides backward too and `D1` has no move at all.

use rowan::TextRange;

use super::{Generated, GeneratedMove, Occupant, Position, Side, Square, Step};
use crate::model::fairy::{EnginePiece, Modality, Table, lame_path};

/// The ways the engine generates a line or a lame leap in a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Motion {
    /// Along each direction up to and including the first piece.
    Slide,
    /// Over the first piece, then up to and including the next one (a cannon).
    Cannon,
    /// Over the first piece to the square just behind it.
    Grasshopper,
    /// One leap, when the engine's single path to it is empty.
    Lame,
}

/// One of the engine's rider types: a motion in a fixed set of directions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct RiderType {
    motion: Motion,
    lines: Lines,
}

/// The direction sets of the engine's rider types.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Lines {
    /// Left and right.
    RookH,
    /// Forward and backward.
    RookV,
    Bishop,
    /// The eight (1,2) leaps.
    Knight,
    /// The four (2,0) leaps.
    Dabbaba,
    /// The four (2,2) leaps.
    Alfil,
    /// The eight (2,3) leaps.
    Camel32,
}

impl Lines {
    fn of(step: Step) -> Option<Lines> {
        let (x, y) = (step.dx.abs(), step.dy.abs());
        Some(match (x.min(y), x.max(y)) {
            (0, 1) if y == 0 => Lines::RookH,
            (0, 1) => Lines::RookV,
            (1, 1) => Lines::Bishop,
            (1, 2) => Lines::Knight,
            (0, 2) => Lines::Dabbaba,
            (2, 2) => Lines::Alfil,
            (2, 3) => Lines::Camel32,
            _ => return None,
        })
    }

    fn steps(self) -> Vec<Step> {
        let leap = match self {
            Lines::RookH => return vec![Step::new(1, 0), Step::new(-1, 0)],
            Lines::RookV => return vec![Step::new(0, 1), Step::new(0, -1)],
            Lines::Bishop => (1, 1),
            Lines::Knight => (1, 2),
            Lines::Dabbaba => (0, 2),
            Lines::Alfil => (2, 2),
            Lines::Camel32 => (2, 3),
        };
        crate::model::orientations(&[leap])
    }
}

/// The rider types a move kind has (`init_pieces`): lame steps give lame leapers on the
/// dabbaba, knight, alfil and (2,3) lines; sliders give rook, bishop and nightrider lines;
/// hoppers give cannons, or grasshoppers where the range is 1, on rook and bishop lines. Any
/// other direction gives none.
fn rider_types(engine: &EnginePiece, initial: bool, modality: Modality) -> Vec<RiderType> {
    let mut types = Vec::new();
    let mut add = |motion: Motion, lines: Option<Lines>| {
        if let Some(lines) = lines {
            let found = RiderType { motion, lines };
            if !types.contains(&found) {
                types.push(found);
            }
        }
    };
    for (step, entry) in engine.directions(initial, modality, Table::Steps) {
        let lines = Lines::of(*step).filter(|l| {
            matches!(
                l,
                Lines::Dabbaba | Lines::Knight | Lines::Alfil | Lines::Camel32
            )
        });
        if entry.range != 0 {
            add(Motion::Lame, lines);
        }
    }
    for step in engine.directions(initial, modality, Table::Sliders).keys() {
        let lines = Lines::of(*step).filter(|l| {
            matches!(
                l,
                Lines::RookH | Lines::RookV | Lines::Bishop | Lines::Knight
            )
        });
        add(Motion::Slide, lines);
    }
    for (step, entry) in engine.directions(initial, modality, Table::Hoppers) {
        let lines =
            Lines::of(*step).filter(|l| matches!(l, Lines::RookH | Lines::RookV | Lines::Bishop));
        let motion = if entry.range == 1 {
            Motion::Grasshopper
        } else {
            Motion::Cannon
        };
        add(motion, lines);
    }
    types
}

/// A square the piece can end on, with how it gets there.
#[derive(Debug, Clone)]
struct Landing {
    to: Square,
    path: Vec<Square>,
    hopped: Vec<Square>,
}

/// What one move kind can do in the position, before occupants are looked at.
struct Reach<'a> {
    position: &'a Position,
    /// The empty-board reach: for each square, the atom whose range admits it.
    admitted: Vec<Option<TextRange>>,
    landings: Vec<Landing>,
}

impl<'a> Reach<'a> {
    fn of(engine: &EnginePiece, position: &'a Position, initial: bool, modality: Modality) -> Self {
        let mut reach = Reach {
            position,
            admitted: vec![
                None;
                usize::from(position.size.files) * usize::from(position.size.ranks)
            ],
            landings: Vec::new(),
        };
        reach.admit(engine, initial, modality);
        for (step, entry) in engine.directions(initial, modality, Table::Steps) {
            if entry.range == 0
                && let Some(to) = reach.towards(position.from, *step)
            {
                reach.landings.push(Landing {
                    to,
                    path: Vec::new(),
                    hopped: Vec::new(),
                });
            }
        }
        for rider in rider_types(engine, initial, modality) {
            for step in rider.lines.steps() {
                reach.land(rider.motion, step);
            }
        }
        reach
    }

    /// One step from `square` in the mover's orientation.
    fn towards(&self, square: Square, step: Step) -> Option<Square> {
        let step = match self.position.side {
            Side::White => step,
            Side::Black => step.for_black(),
        };
        self.position.size.step(square, step, false, false)
    }

    /// The empty-board reach (`init_pieces`' pseudo attacks): every step, and every slider
    /// and hopper direction within its range. Lines whose step is longer than two squares
    /// reach nothing (`sliding_attack` stops a step of king distance 3 at once).
    fn admit(&mut self, engine: &EnginePiece, initial: bool, modality: Modality) {
        for table in [Table::Steps, Table::Sliders, Table::Hoppers] {
            for (step, entry) in engine.directions(initial, modality, table) {
                if table == Table::Steps {
                    if let Some(to) = self.towards(self.position.from, *step) {
                        self.mark(to, entry.source);
                    }
                    continue;
                }
                if step.king_distance() > 2 {
                    continue;
                }
                // A hopper's range 1 is the grasshopper, whose reach is unlimited.
                let limit = if table == Table::Hoppers && entry.range == 1 {
                    0
                } else {
                    entry.range
                };
                let mut square = self.position.from;
                let mut count = 0;
                while let Some(next) = self.towards(square, *step) {
                    self.mark(next, entry.source);
                    count += 1;
                    if limit != 0 && count >= limit {
                        break;
                    }
                    square = next;
                }
            }
        }
    }

    fn mark(&mut self, square: Square, source: TextRange) {
        let index = self.position.index(square);
        self.admitted[index].get_or_insert(source);
    }

    /// The squares of one direction of a rider type in the position (`sliding_attack` and
    /// `lame_leaper_attack`, in every position rather than as magic tables).
    fn land(&mut self, motion: Motion, step: Step) {
        let position = self.position;
        if motion == Motion::Lame {
            let Some(to) = self.towards(position.from, step) else {
                return;
            };
            let path: Option<Vec<Square>> = lame_path(step)
                .into_iter()
                .map(|s| self.towards(position.from, s))
                .collect();
            if let Some(path) = path
                && path.iter().all(|s| position.occupant(*s).is_none())
            {
                self.landings.push(Landing {
                    to,
                    path,
                    hopped: Vec::new(),
                });
            }
            return;
        }
        let mut square = position.from;
        let mut path = Vec::new();
        let mut hurdle: Option<Square> = None;
        while let Some(next) = self.towards(square, step) {
            let occupied = position.occupant(next).is_some();
            if motion == Motion::Slide || hurdle.is_some() {
                self.landings.push(Landing {
                    to: next,
                    path: path.clone(),
                    hopped: hurdle.into_iter().collect(),
                });
                if motion == Motion::Grasshopper {
                    break;
                }
            }
            if occupied {
                if motion != Motion::Slide && hurdle.is_none() {
                    hurdle = Some(next);
                } else {
                    break;
                }
            }
            path.push(next);
            square = next;
        }
    }

    /// The landings inside the empty-board reach, with the atom that admits each.
    fn moves(&self) -> impl Iterator<Item = (&Landing, TextRange)> {
        self.landings.iter().filter_map(|landing| {
            self.admitted[self.position.index(landing.to)].map(|source| (landing, source))
        })
    }
}

/// The moves Fairy-Stockfish generates for `engine` in `position` (`generate_moves`): quiet
/// moves to empty squares, from the normal and, for a piece that has not moved, the initial
/// quiet tables; captures of enemies from the normal capture table (the engine has no
/// initial captures).
pub(super) fn generate(engine: &EnginePiece, position: &Position) -> Generated {
    let mut out = Generated::default();
    let quiet = Reach::of(engine, position, false, Modality::Quiet);
    let initial = (!position.moved).then(|| Reach::of(engine, position, true, Modality::Quiet));
    let capture = Reach::of(engine, position, false, Modality::Capture);
    let normal_quiet: Vec<Square> = quiet.moves().map(|(l, _)| l.to).collect();
    let kinds = [
        (Some(&quiet), None),
        (initial.as_ref(), None),
        (Some(&capture), Some(Occupant::Enemy)),
    ];
    for (reach, wanted) in kinds {
        let Some(reach) = reach else { continue };
        for (landing, source) in reach.moves() {
            let occupant = position.occupant(landing.to);
            if wanted == Some(Occupant::Enemy) && occupant.is_none() {
                out.could_capture.insert(landing.to);
            }
            if occupant != wanted
                || out
                    .moves
                    .iter()
                    .any(|m| m.to == landing.to && m.capture == occupant)
            {
                continue;
            }
            out.moves.push(GeneratedMove {
                to: landing.to,
                capture: occupant,
                swap: false,
                path: landing.path.clone(),
                hopped: landing.hopped.clone(),
                initial_only: wanted.is_none() && !normal_quiet.contains(&landing.to),
                unload: None,
                captured: Vec::new(),
                waypoints: Vec::new(),
                ep_rights: Vec::new(),
                source,
            });
        }
    }
    out
}
