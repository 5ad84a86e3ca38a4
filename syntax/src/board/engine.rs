//! Generation from a piece as its engine stores it ([`EnginePiece`]), as Fairy-Stockfish generates; facts from its
//! `src/bitboard.cpp` (`init_pieces`, `sliding_attack`, the lame-leaper attacks) and
//! `bitboard.h` (`attacks_bb`, `moves_bb`); notes F1–F8 in NOTATION-NOTES.md.
//!
//! For each move kind the engine keeps two sets: the piece's reach on an empty board (every
//! table's directions, each within its range) and a set of "rider types" (rook lines, bishop
//! lines, nightrider, cannons, grasshoppers, lame leapers), each of which the engine always
//! generates in all of its directions. The moves are the plain leaps and the rider types'
//! squares in the position, kept where they fall inside the empty-board reach. That is why
//! `fRbpR` slides backward too and `D1` has no move at all.

use rowan::TextRange;

use crate::board::{Generated, GeneratedMove, Occupant, Position, Side, Square, Step};
use crate::model::engine::{Directions, EnginePiece, Modality, Table, lame_path};

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
    /// The eight (2,3) leaps (the Zebra; the engine's Janggi elephant when lame).
    Zebra,
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
            (2, 3) => Lines::Zebra,
            _ => return None,
        })
    }

    fn steps(self) -> &'static [Step] {
        match self {
            Lines::RookH => &[Step { dx: 1, dy: 0 }, Step { dx: -1, dy: 0 }],
            Lines::RookV => &[Step { dx: 0, dy: 1 }, Step { dx: 0, dy: -1 }],
            Lines::Bishop => &[
                Step { dx: 1, dy: 1 },
                Step { dx: 1, dy: -1 },
                Step { dx: -1, dy: -1 },
                Step { dx: -1, dy: 1 },
            ],
            Lines::Knight => &[
                Step { dx: 1, dy: 2 },
                Step { dx: 2, dy: 1 },
                Step { dx: 2, dy: -1 },
                Step { dx: 1, dy: -2 },
                Step { dx: -1, dy: -2 },
                Step { dx: -2, dy: -1 },
                Step { dx: -2, dy: 1 },
                Step { dx: -1, dy: 2 },
            ],
            Lines::Dabbaba => &[
                Step { dx: 0, dy: 2 },
                Step { dx: 2, dy: 0 },
                Step { dx: 0, dy: -2 },
                Step { dx: -2, dy: 0 },
            ],
            Lines::Alfil => &[
                Step { dx: 2, dy: 2 },
                Step { dx: 2, dy: -2 },
                Step { dx: -2, dy: -2 },
                Step { dx: -2, dy: 2 },
            ],
            Lines::Zebra => &[
                Step { dx: 2, dy: 3 },
                Step { dx: 3, dy: 2 },
                Step { dx: 3, dy: -2 },
                Step { dx: 2, dy: -3 },
                Step { dx: -2, dy: -3 },
                Step { dx: -3, dy: -2 },
                Step { dx: -3, dy: 2 },
                Step { dx: -2, dy: 3 },
            ],
        }
    }
}

/// Every rider type the engine has: a motion in a fixed set of directions.
const RIDER_TYPES: [(Motion, Lines); 14] = [
    (Motion::Slide, Lines::RookH),
    (Motion::Slide, Lines::RookV),
    (Motion::Slide, Lines::Bishop),
    (Motion::Slide, Lines::Knight),
    (Motion::Cannon, Lines::RookH),
    (Motion::Cannon, Lines::RookV),
    (Motion::Cannon, Lines::Bishop),
    (Motion::Grasshopper, Lines::RookH),
    (Motion::Grasshopper, Lines::RookV),
    (Motion::Grasshopper, Lines::Bishop),
    (Motion::Lame, Lines::Dabbaba),
    (Motion::Lame, Lines::Knight),
    (Motion::Lame, Lines::Alfil),
    (Motion::Lame, Lines::Zebra),
];

/// One move kind of the piece in a position: quiet or capture, initial or not.
struct Kind<'a> {
    engine: &'a EnginePiece,
    position: &'a Position,
    initial: bool,
    modality: Modality,
}

impl Kind<'_> {
    /// The rider types of this kind, as bits of [`RIDER_TYPES`] (`init_pieces`): lame steps
    /// give lame leapers on the dabbaba, knight, alfil and (2,3) lines; sliders give rook,
    /// bishop and nightrider lines; hoppers give cannons, or grasshoppers where the range is
    /// 1, on rook and bishop lines. Any other direction gives none.
    fn rider_types(&self) -> u16 {
        let mut bits = 0u16;
        for table in [Table::Steps, Table::Sliders, Table::Hoppers] {
            for (step, entry) in self.directions(table).iter() {
                let motion = match table {
                    Table::Steps if entry.range == 0 => continue,
                    Table::Steps => Motion::Lame,
                    Table::Sliders => Motion::Slide,
                    Table::Hoppers if entry.range == 1 => Motion::Grasshopper,
                    Table::Hoppers => Motion::Cannon,
                };
                let lines = Lines::of(*step);
                if let Some(index) = RIDER_TYPES
                    .iter()
                    .position(|t| Some(*t) == lines.map(|l| (motion, l)))
                {
                    bits |= 1 << index;
                }
            }
        }
        bits
    }

    fn directions(&self, table: Table) -> &Directions {
        self.engine.directions(self.initial, self.modality, table)
    }

    /// One step from `square` in the mover's orientation.
    fn towards(&self, square: Square, step: Step) -> Option<Square> {
        self.position
            .size
            .step(square, oriented(self.position.side, step), false, false)
    }

    /// The atom whose range puts `to` inside the empty-board reach (`init_pieces`' pseudo
    /// attacks: every step, and every slider and hopper direction within its range), if any.
    /// A hopper's range 1 is the grasshopper, whose reach is unlimited; a line whose step is
    /// longer than two squares reaches nothing (`sliding_attack` stops such a step at once).
    fn admits(&self, to: Square) -> Option<TextRange> {
        let from = self.position.from;
        let offset = oriented(
            self.position.side,
            Step::new(
                i8::try_from(i16::from(to.file) - i16::from(from.file)).ok()?,
                i8::try_from(i16::from(to.rank) - i16::from(from.rank)).ok()?,
            ),
        );
        for table in [Table::Steps, Table::Sliders, Table::Hoppers] {
            for (step, entry) in self.directions(table).iter() {
                let inside = if table == Table::Steps {
                    *step == offset
                } else if step.king_distance() > 2 {
                    false
                } else {
                    let last = match entry.range {
                        1 if table == Table::Hoppers => i32::MAX,
                        0 => i32::MAX,
                        range => range.max(1),
                    };
                    multiple(offset, *step).is_some_and(|k| k <= last)
                };
                if inside {
                    return Some(entry.source);
                }
            }
        }
        None
    }

    /// Every landing of this kind in the position, before occupants are looked at: the plain
    /// leaps, then each rider type in all its directions (`sliding_attack` and
    /// `lame_leaper_attack`), kept where the reach admits them.
    fn landings(&self, mut land: impl FnMut(Landing<'_>)) {
        let from = self.position.from;
        for (step, entry) in self.directions(Table::Steps).iter() {
            if entry.range == 0
                && let Some(to) = self.towards(from, *step)
            {
                land(Landing {
                    to,
                    path: &[],
                    hopped: None,
                    source: entry.source,
                });
            }
        }
        let types = self.rider_types();
        let mut path: Vec<Square> = Vec::new();
        for (index, (motion, lines)) in RIDER_TYPES.iter().enumerate() {
            if types & (1 << index) == 0 {
                continue;
            }
            for step in lines.steps() {
                path.clear();
                if *motion == Motion::Lame {
                    let Some(to) = self.towards(from, *step) else {
                        continue;
                    };
                    path.extend(lame_path(*step).filter_map(|s| self.towards(from, s)));
                    if path.iter().any(|s| self.position.occupant(*s).is_some()) {
                        continue;
                    }
                    if let Some(source) = self.admits(to) {
                        land(Landing {
                            to,
                            path: &path,
                            hopped: None,
                            source,
                        });
                    }
                    continue;
                }
                let mut square = from;
                let mut hurdle: Option<Square> = None;
                while let Some(next) = self.towards(square, *step) {
                    if (*motion == Motion::Slide || hurdle.is_some())
                        && let Some(source) = self.admits(next)
                    {
                        land(Landing {
                            to: next,
                            path: &path,
                            hopped: hurdle,
                            source,
                        });
                    }
                    if *motion == Motion::Grasshopper && hurdle.is_some() {
                        break;
                    }
                    if self.position.occupant(next).is_some() {
                        if *motion == Motion::Slide || hurdle.is_some() {
                            break;
                        }
                        hurdle = Some(next);
                    }
                    path.push(next);
                    square = next;
                }
            }
        }
    }
}

/// White's step as the mover makes it.
fn oriented(side: Side, step: Step) -> Step {
    match side {
        Side::White => step,
        Side::Black => step.for_black(),
    }
}

/// `k` when `offset` is `k` times `step` with `k >= 1`.
fn multiple(offset: Step, step: Step) -> Option<i32> {
    let k = if step.dx != 0 {
        i32::from(offset.dx) / i32::from(step.dx)
    } else {
        i32::from(offset.dy) / i32::from(step.dy)
    };
    (k >= 1
        && i32::from(offset.dx) == k * i32::from(step.dx)
        && i32::from(offset.dy) == k * i32::from(step.dy))
    .then_some(k)
}

/// A square the piece can end on, with how it gets there.
struct Landing<'p> {
    to: Square,
    /// The squares passed on the way.
    path: &'p [Square],
    hopped: Option<Square>,
    /// The atom whose range admits the square.
    source: TextRange,
}

/// The moves Fairy-Stockfish generates for `engine` in `position` (`generate_moves`): quiet
/// moves to empty squares, from the normal and, for a piece that has not moved, the initial
/// quiet tables; captures of enemies from the normal capture table (the engine has no
/// initial captures).
// Kept out of `generate_searching`, which walks legs: inlined there it slows the walk of long
// chains by a third (`cargo bench -p betza-syntax --bench corpus -- worst`).
#[inline(never)]
pub(crate) fn generate(engine: &EnginePiece, position: &Position) -> Generated {
    let mut out = Generated::default();
    // Without `m` or `c` the quiet and capture tables are the same: one walk serves both.
    let alike = engine.quiet_and_capture_alike();
    let kinds = [
        (false, Modality::Quiet),
        (true, Modality::Quiet),
        (false, Modality::Capture),
    ];
    for (initial, modality) in kinds {
        if (initial && position.moved) || (alike && modality == Modality::Capture) {
            continue;
        }
        let kind = Kind {
            engine,
            position,
            initial,
            modality,
        };
        let captures = modality == Modality::Capture || (alike && !initial);
        let quiet = modality == Modality::Quiet;
        kind.landings(|landing| {
            let occupant = position.occupant(landing.to);
            if captures && occupant.is_none() {
                out.could_capture.insert(landing.to);
            }
            let wanted = match occupant {
                None => quiet,
                Some(Occupant::Enemy) => captures,
                Some(Occupant::Friend) => false,
            };
            if occupant.is_some() && !wanted {
                out.in_the_way.insert(landing.to);
            }
            let seen = out
                .moves
                .iter()
                .any(|m| m.to == landing.to && m.capture == occupant);
            if !wanted || seen {
                return;
            }
            out.moves.push(GeneratedMove {
                to: landing.to,
                capture: occupant,
                swap: false,
                path: landing.path.to_vec(),
                hopped: landing.hopped.into_iter().collect(),
                // The normal quiet moves come first, so a quiet move not seen yet is one that
                // only the initial table makes.
                initial_only: initial,
                unload: None,
                captured: Vec::new(),
                waypoints: Vec::new(),
                ep_rights: Vec::new(),
                source: landing.source,
            });
        });
    }
    out
}
