//! A piece as a set of simple parts, the form every dialect can be written from: for each step
//! (white's orientation), whether it is an initial move, which way it goes (leap, lame leap,
//! ride, hop) and whether it moves, captures or both. Only what both XBetza and Fairy-Stockfish
//! share is a part; anything else (several legs, `e`, `d`, …) is left out and said to be.

use std::collections::BTreeMap;

use rowan::TextRange;

use crate::model::engine::{EnginePiece, Modality, Table};
use crate::model::{self, Initial, LegSteps, Modes, Move, MoveKind, Reach, Step};
use crate::{Dialect, parse};

/// How a part goes from its square to where it lands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Kind {
    /// A plain leap.
    Leap,
    /// A lame leap: blocked by a piece on the way (`n`).
    Lame,
    /// A ride of at most this many steps; 0 is unlimited.
    Ride(u8),
    /// A cannon: over one piece, then any distance (`p`).
    Cannon,
    /// A grasshopper: over one piece, landing just behind it (`g`).
    Grasshopper,
    /// A cannon that lands at most this many squares (2 or more) from its start, counted from
    /// the start and not from the piece it hops (Fairy-Stockfish's `pB2`); in XBetza a hop
    /// and the legs after it (`pafF`).
    RangedCannon(u8),
    /// One move of a ranged cannon written in legs: the hop from the `hop`-th square of its
    /// line, landing `land` squares beyond. Gathered into [`Kind::RangedCannon`] where a step's
    /// moves are every one of a range; never a group of its own.
    HopAt { hop: u8, land: u8 },
}

/// What a part may do where it lands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Landing {
    /// Move there or capture there: no `m` or `c` written.
    Both,
    /// `m`: only to an empty square.
    Quiet,
    /// `c`: only onto an enemy.
    Capture,
}

/// Several steps that share everything else, written as one or more atoms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Group {
    pub(crate) initial: bool,
    pub(crate) landing: Landing,
    pub(crate) kind: Kind,
    /// Sorted, each once.
    pub(crate) steps: Vec<Step>,
}

/// The parts of a piece, and whether some of its moves could not be made parts.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Parts {
    pub(crate) groups: Vec<Group>,
    pub(crate) left_out: bool,
    /// Where the written moves are that some of whose moves are no parts, in order: a
    /// conversion may keep their letters as written beside the parts (`fafscWifsmnD`, whose
    /// `ifsmnD` makes e.p. rights, is `cfnN` and `ifsmnD` to Fairy-Stockfish).
    pub(crate) kept: Vec<TextRange>,
}

/// One step of one kind, for one landing, initial or not.
type Entry = (bool, Kind, Step);

/// The parts of `text` as `dialect` reads it.
pub(crate) fn parts_of_text(text: &str, dialect: Dialect) -> Parts {
    // An engine's reading is read from the text, as the engine reads it: no parse is needed.
    let piece = crate::registry::notation(dialect)
        .model_of_text(text)
        .unwrap_or_else(|| crate::registry::lower(&parse(text, dialect).piece(), dialect));
    parts(&piece)
}

/// The parts of a piece (XBoard's reading is taken as the seed's: the proof then tells where
/// they part).
pub(crate) fn parts(piece: &model::Piece) -> Parts {
    if let Some(engine) = &piece.engine {
        return from_engine(engine);
    }
    let mut entries = BTreeMap::new();
    let mut left_out = piece.incomplete || !piece.not_drawn.is_empty();
    let mut kept: Vec<TextRange> = Vec::new();
    for a_move in &piece.moves {
        if !add_move(a_move, &mut entries) {
            left_out = true;
            if !kept.contains(&a_move.source) {
                kept.push(a_move.source);
            }
        }
    }
    kept.sort_by_key(|range| range.start());
    left_out |= !gather_hops(&mut entries);
    Parts {
        groups: grouped(&entries),
        left_out,
        kept,
    }
}

/// Fairy-Stockfish's moves as parts. The engine stores tables of directions
/// (`piece.cpp`, `from_betza`) but generates each "rider type" a table names in all of its
/// line's directions, as far as any table reaches that way (`bitboard.cpp`, `init_pieces`;
/// `board::engine`): `fRbpR` slides backward too. The parts follow the generation.
fn from_engine(engine: &EnginePiece) -> Parts {
    let mut entries = BTreeMap::new();
    let mut left_out = false;
    // The engine has no initial captures (`icW` gives nothing).
    for (initial, modality) in [
        (false, Modality::Quiet),
        (false, Modality::Capture),
        (true, Modality::Quiet),
    ] {
        let tables = |table| engine.directions(initial, modality, table);
        for (step, entry) in tables(Table::Steps).iter() {
            if entry.range == 0 {
                add(&mut entries, (initial, Kind::Leap, *step), modality);
            }
        }
        for (motion, step) in rider_types(engine, initial, modality) {
            for along in line(step, motion == Motion::Lame) {
                // A grasshopper's range 1 reaches without end, as a cannon's 0 does.
                let reach = [Table::Sliders, Table::Hoppers]
                    .into_iter()
                    .flat_map(|table| tables(table).iter().map(move |e| (table, e)))
                    .filter(|(_, (s, _))| **s == along)
                    .map(|(table, (_, entry))| match (table, entry.range) {
                        (Table::Hoppers, 1) => 0,
                        (_, range) => range,
                    })
                    .reduce(|a, b| if a == 0 || b == 0 { 0 } else { a.max(b) });
                let admitted =
                    reach.is_some() || tables(Table::Steps).iter().any(|(s, _)| *s == along);
                let kind = match (motion, reach) {
                    (Motion::Lame, _) if admitted => Kind::Lame,
                    (Motion::Slide, Some(range)) => match u8::try_from(range) {
                        Ok(range) => Kind::Ride(range),
                        Err(_) => continue,
                    },
                    (Motion::Cannon, Some(0)) => Kind::Cannon,
                    (Motion::Cannon, Some(range)) if range >= 2 => match u8::try_from(range) {
                        Ok(range) => Kind::RangedCannon(range),
                        Err(_) => continue,
                    },
                    (Motion::Grasshopper, Some(0)) => Kind::Grasshopper,
                    (_, None) if !admitted => continue,
                    _ => {
                        // A reach the parts cannot say (a cannon of a few steps, a leap
                        // inside a line): that move is left out.
                        left_out = true;
                        continue;
                    }
                };
                add(&mut entries, (initial, kind, along), modality);
            }
        }
    }
    Parts {
        groups: grouped(&entries),
        left_out,
        kept: Vec::new(),
    }
}

/// How the engine generates a rider type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Motion {
    Slide,
    Cannon,
    Grasshopper,
    Lame,
}

/// The rider types the tables of one move kind name, each with one of its steps: sliders along
/// rook, bishop and knight lines, cannons and grasshoppers along rook and bishop lines, lame
/// leaps of D, N, A and (2,3). Other directions make no rider (`HH`, `pN`: no moves).
fn rider_types(engine: &EnginePiece, initial: bool, modality: Modality) -> Vec<(Motion, Step)> {
    let mut types: Vec<(Motion, Step)> = Vec::new();
    for table in [Table::Steps, Table::Sliders, Table::Hoppers] {
        for (step, entry) in engine.directions(initial, modality, table).iter() {
            let motion = match (table, entry.range) {
                (Table::Steps, 0) => continue,
                (Table::Steps, _) => Motion::Lame,
                (Table::Sliders, _) => Motion::Slide,
                (Table::Hoppers, 1) => Motion::Grasshopper,
                (Table::Hoppers, _) => Motion::Cannon,
            };
            let shape = (
                step.dx.abs().min(step.dy.abs()),
                step.dx.abs().max(step.dy.abs()),
            );
            let rides = match motion {
                Motion::Slide => matches!(shape, (0, 1) | (1, 1) | (1, 2)),
                Motion::Cannon | Motion::Grasshopper => matches!(shape, (0, 1) | (1, 1)),
                Motion::Lame => matches!(shape, (0, 2) | (1, 2) | (2, 2) | (2, 3)),
            };
            let first = line(*step, motion == Motion::Lame).first().copied();
            if let Some(first) = first.filter(|_| rides)
                && !types.contains(&(motion, first))
            {
                types.push((motion, first));
            }
        }
    }
    types
}

/// The steps of the engine's line through `step`: a rook's line is horizontal or vertical (two
/// steps), a bishop's has four, a knight's and a lame leaper's every orientation. The first
/// step names the line.
fn line(step: Step, lame: bool) -> Vec<Step> {
    let (x, y) = (step.dx.abs(), step.dy.abs());
    let mut steps = match (x.min(y), lame) {
        (0, false) if y == 0 => vec![Step::new(1, 0), Step::new(-1, 0)],
        (0, false) => vec![Step::new(0, 1), Step::new(0, -1)],
        _ => model::orientations(&[(x, y)]),
    };
    steps.sort();
    steps
}

/// Records that `entry` lands as `modality`.
fn add(entries: &mut BTreeMap<Entry, (bool, bool)>, entry: Entry, modality: Modality) {
    // A ride of one step is the leap (Fairy-Stockfish's `W1` is a slider table entry).
    let entry = match entry {
        (initial, Kind::Ride(1), step) => (initial, Kind::Leap, step),
        entry => entry,
    };
    let landing = entries.entry(entry).or_insert((false, false));
    match modality {
        Modality::Quiet => landing.0 = true,
        Modality::Capture => landing.1 = true,
    }
}

/// Adds the parts of one XBetza move; `false` when it is no part (several legs, modes other
/// than moving and capturing, conditions).
fn add_move(a_move: &Move, entries: &mut BTreeMap<Entry, (bool, bool)>) -> bool {
    let initial = match a_move.initial {
        Initial::Always => false,
        Initial::FirstMove => true,
        Initial::FromStartSquare => return false,
    };
    if a_move.kind != MoveKind::Legs || !a_move.regions.is_empty() {
        return false;
    }
    let Some((kind, steps, modes)) = shape(a_move) else {
        return false;
    };
    for step in &steps {
        if modes.to_empty {
            add(entries, (initial, kind, *step), Modality::Quiet);
        }
        if modes.capture_enemy {
            add(entries, (initial, kind, *step), Modality::Capture);
        }
    }
    true
}

/// The kind, steps and final modes of a move of one leg, or of a hopper (a leg and the hidden
/// hop-off leg `p` and `g` imply, seed 000: "pR is really shorthand for pafR").
fn shape(a_move: &Move) -> Option<(Kind, Vec<Step>, Modes)> {
    let first = a_move.legs.first()?;
    let LegSteps::Absolute(steps) = &first.steps else {
        return None;
    };
    let (plain, only_moves_and_captures) = (is_plain, moves_or_captures);
    match a_move.legs.as_slice() {
        [leg] if plain(leg) && only_moves_and_captures(leg.modes) && !leg.ep_rights => {
            let kind = match (leg.lame, leg.reach) {
                (None, Reach::Steps(1)) => Kind::Leap,
                // The seed's lame N and Z may take either path; only D and A, whose halfway
                // square is one, are the engine's lame leaps.
                (Some(_), Reach::Steps(1)) if steps.iter().all(|s| s.shape().0 % 2 == 0) => {
                    Kind::Lame
                }
                (None, Reach::Unlimited) => Kind::Ride(0),
                (None, Reach::Steps(range)) => Kind::Ride(u8::try_from(range).ok()?),
                _ => return None,
            };
            Some((kind, steps.clone(), leg.modes))
        }
        // A hop and steps straight on (`pafF`, `afpafF`, or `pF` with the hop-off leg hidden):
        // one move of a ranged cannon.
        legs if legs.iter().all(plain)
            && let Some((hop, land)) = hop_at(legs) =>
        {
            let off = legs.last()?;
            let unit = steps.iter().all(|s| matches!(s.shape(), (0, 1) | (1, 1)));
            unit.then(|| (Kind::HopAt { hop, land }, steps.clone(), off.modes))
        }
        [hop, off] if off.hidden && plain(hop) && leg_is_hop(hop) => {
            let kind = match (hop.reach, off.reach) {
                (Reach::Unlimited, Reach::Unlimited) => Kind::Cannon,
                (Reach::Unlimited, Reach::Steps(1)) => Kind::Grasshopper,
                _ => return None,
            };
            only_moves_and_captures(off.modes).then(|| (kind, steps.clone(), off.modes))
        }
        [step, turn] if plain(step) && plain(turn) && only_moves_and_captures(turn.modes) => {
            let steps = lame_leaps(step, turn, None)?;
            Some((Kind::Lame, steps, turn.modes))
        }
        [step, turn, on] if [step, turn, on].into_iter().all(plain) => {
            let straight_on = on.steps == LegSteps::Relative(vec![0]) && !on.hidden;
            let (modes, one_square) = (on.modes, on.reach == Reach::Steps(1));
            let simple = only_moves_and_captures(modes) && on.lame.is_none();
            if !straight_on || !one_square || !simple || turn.modes != Modes::MOVE {
                return None;
            }
            Some((Kind::Lame, lame_leaps(step, turn, Some(on))?, modes))
        }
        _ => None,
    }
}

/// A leg with nothing but steps, a reach, modes and lameness: no jumping, bending, wrapping,
/// piece sets or conditions.
fn is_plain(leg: &model::Leg) -> bool {
    !leg.jumping
        && !leg.iso
        && !leg.unload
        && leg.bend.is_none()
        && leg.wrap == model::Wrap::None
        && leg.sets.is_none()
        && !leg.ends_off_board
        && !leg.when_open
        && leg.brace_legs == 0
}

/// Modes that move to an empty square, capture an enemy, or both, and nothing else.
fn moves_or_captures(modes: Modes) -> bool {
    modes.ends_somewhere()
        && modes
            == Modes {
                to_empty: modes.to_empty,
                capture_enemy: modes.capture_enemy,
                ..Modes::default()
            }
}

/// The leaps of a move that steps orthogonally to an empty square, then turns 45° out (the
/// Xiangqi horse, `mafsW`) and, with a third leg, goes on diagonally (the Janggi elephant,
/// `mafsmafW`): the lame Knight and (2,3) leap of Fairy-Stockfish, whose one path steps along
/// the longer axis first (reference/fairy-stockfish.md; `model::engine::lame_path`).
fn lame_leaps(step: &model::Leg, turn: &model::Leg, on: Option<&model::Leg>) -> Option<Vec<Step>> {
    let (LegSteps::Absolute(firsts), LegSteps::Relative(turns)) = (&step.steps, &turn.steps) else {
        return None;
    };
    let one_square = step.reach == Reach::Steps(1) && turn.reach == Reach::Steps(1);
    let orthogonal = firsts.iter().all(|s| s.shape() == (0, 1));
    let outward = turns.iter().all(|t| *t == 1 || *t == 7);
    if !one_square || !orthogonal || !outward || step.modes != Modes::MOVE {
        return None;
    }
    if step.lame.is_some() || turn.lame.is_some() || turn.hidden {
        return None;
    }
    let mut knights: Vec<Step> = firsts
        .iter()
        .flat_map(|first| {
            turns.iter().map(move |t| {
                let diagonal = first.turned(*t);
                let times = if on.is_some() { 2 } else { 1 };
                Step::new(
                    first.dx + times * diagonal.dx,
                    first.dy + times * diagonal.dy,
                )
            })
        })
        .collect();
    knights.sort();
    knights.dedup();
    Some(knights)
}

/// Where a move of single steps hops: each leg one step, every later leg straight on, one
/// leg that only hops, the legs before and after it to empty squares, the last one moving or
/// capturing. The hop's square and how far beyond it the move lands.
fn hop_at(legs: &[model::Leg]) -> Option<(u8, u8)> {
    let (last, before) = legs.split_last()?;
    let one = |leg: &model::Leg| leg.reach == Reach::Steps(1) && leg.lame.is_none();
    let straight = legs
        .iter()
        .skip(1)
        .all(|leg| leg.steps == LegSteps::Relative(vec![0]));
    let only_hops = Modes {
        hop: true,
        ..Modes::default()
    };
    let hop = before.iter().position(|leg| leg.modes == only_hops)?;
    let empty = (before.iter().enumerate()).all(|(i, leg)| i == hop || leg.modes == Modes::MOVE);
    let fine = straight && empty && legs.iter().all(one) && moves_or_captures(last.modes);
    let hop = u8::try_from(hop).ok()?;
    let land = u8::try_from(legs.len()).ok()?.checked_sub(hop + 1)?;
    fine.then_some((hop + 1, land))
}

/// The moves of ranged cannons written in legs gathered, for each step and landing, into the
/// cannon whose range they are all the moves of (`pafafF`, `afpafF` and `pafF` are `pB3`);
/// `false` where some are not, which are left out.
fn gather_hops(entries: &mut BTreeMap<Entry, (bool, bool)>) -> bool {
    // Initial or not, the step and its landing: the hops and landings written for them.
    type Written = (bool, Step, (bool, bool));
    let mut by_step: BTreeMap<Written, Vec<(u8, u8)>> = BTreeMap::new();
    entries.retain(|&(initial, kind, step), landing| match kind {
        Kind::HopAt { hop, land } => {
            by_step
                .entry((initial, step, *landing))
                .or_default()
                .push((hop, land));
            false
        }
        _ => true,
    });
    let mut whole = true;
    for ((initial, step, landing), mut moves) in by_step {
        moves.sort_unstable();
        moves.dedup();
        let farthest = moves.iter().map(|(h, l)| h + l).max().unwrap_or(0);
        let every: Vec<(u8, u8)> = (1..farthest)
            .flat_map(|hop| (1..=farthest - hop).map(move |land| (hop, land)))
            .collect();
        if moves != every {
            whole = false;
            continue;
        }
        let entry = entries
            .entry((initial, Kind::RangedCannon(farthest), step))
            .or_insert((false, false));
        entry.0 |= landing.0;
        entry.1 |= landing.1;
    }
    whole
}

/// Whether a leg only finds the piece to hop over.
fn leg_is_hop(leg: &model::Leg) -> bool {
    leg.modes.hop && leg.lame.is_none() && !leg.modes.captures()
}

/// The entries gathered into groups: a step that both moves and captures is one `Both` entry;
/// an initial entry the piece makes anyway is dropped.
fn grouped(entries: &BTreeMap<Entry, (bool, bool)>) -> Vec<Group> {
    let mut groups: BTreeMap<(bool, Landing, Kind), Vec<Step>> = BTreeMap::new();
    for (&(initial, kind, step), &(quiet, capture)) in entries {
        let always = entries.get(&(false, kind, step)).copied();
        let (quiet, capture) = match (initial, always) {
            (true, Some((q, c))) => (quiet && !q, capture && !c),
            _ => (quiet, capture),
        };
        let landing = match (quiet, capture) {
            (true, true) => Landing::Both,
            (true, false) => Landing::Quiet,
            (false, true) => Landing::Capture,
            (false, false) => continue,
        };
        groups
            .entry((initial, landing, kind))
            .or_default()
            .push(step);
    }
    groups
        .into_iter()
        .map(|((initial, landing, kind), mut steps)| {
            steps.sort();
            steps.dedup();
            Group {
                initial,
                landing,
                kind,
                steps,
            }
        })
        .collect()
}
