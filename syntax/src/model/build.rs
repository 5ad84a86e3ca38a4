//! Typed tree to model. Each dialect's reading is decided here, from the vocabulary tables:
//! `xbetza` follows seed 000; `fairy` does what Fairy-Stockfish does
//! (../shared/reference/fairy-stockfish.md), skipped letters and quirks included.

use rowan::TextRange;

use super::directions::{self, DirectionTerm, System};
use super::{
    Initial, Lameness, Leg, LegSteps, Modes, Move, MoveKind, Piece, Reach, Wrap, fairy as fsf,
};
use crate::Dialect;
use crate::board::Step;
use crate::tree::ast::{self, LegElement, RangeValue};
use crate::vocabulary::{Atom, AtomShape, FairySupport, Modifier};

/// The model of a parsed piece. Moves whose atom is missing or unknown (syntax errors) are left
/// out; everything else is kept.
pub fn build(piece: &ast::Piece, dialect: Dialect) -> Piece {
    Piece {
        dialect,
        moves: piece
            .moves()
            .filter_map(|m| build_move(&m, dialect))
            .collect(),
    }
}

/// The letters written before the atom, flattened, with the number of legs they span.
struct Letters {
    modifiers: Vec<(Modifier, TextRange)>,
    legs: usize,
    has_group: bool,
}

fn letters_of(a_move: &ast::Move) -> Letters {
    let mut letters = Letters {
        modifiers: Vec::new(),
        legs: 0,
        has_group: false,
    };
    for leg in a_move.legs() {
        letters.legs += 1;
        collect_leg(&leg, &mut letters);
    }
    letters
}

fn collect_leg(leg: &ast::Leg, letters: &mut Letters) {
    for element in leg.elements() {
        match element {
            LegElement::Modifier(m) => {
                if let Some(modifier) = m.modifier() {
                    letters.modifiers.push((modifier, m.text_range()));
                }
            }
            LegElement::Group(group) => {
                letters.has_group = true;
                for inner in group.legs() {
                    collect_leg(&inner, letters);
                }
            }
        }
    }
}

fn build_move(a_move: &ast::Move, dialect: Dialect) -> Option<Move> {
    let atom_node = a_move.atom()?;
    let atom = atom_node.atom()?;
    let letters = letters_of(a_move);
    let source = a_move.text_range();
    let fairy = dialect == Dialect::Fairy;
    let mut modifiers = letters.modifiers;
    if fairy {
        // Fairy-Stockfish skips the letters it does not know, `a` and parentheses included.
        modifiers.retain(|(m, _)| m.entry().fairy == FairySupport::Understood);
    } else if letters.legs > 1 || letters.has_group {
        return Some(Move {
            kind: MoveKind::MultiLeg,
            initial: Initial::Always,
            legs: Vec::new(),
            source,
        });
    }
    let count = |wanted: Modifier| modifiers.iter().filter(|(m, _)| *m == wanted).count();
    let initial = match count(Modifier::I) {
        0 => Initial::Always,
        1 => Initial::FirstMove,
        _ => Initial::FromStartSquare,
    };
    let direction_letters: Vec<char> = modifiers
        .iter()
        .filter(|(m, _)| m.entry().class == crate::vocabulary::ModifierClass::Direction)
        .map(|(m, _)| m.entry().letter)
        .collect();
    let kind = match atom.entry().shape {
        AtomShape::Universal if !fairy => MoveKind::Universal,
        AtomShape::Castling if !fairy => MoveKind::Castling {
            king_step: match atom_node.range().and_then(|r| r.value()) {
                Some(RangeValue::Steps(n)) if n > 0 => n,
                _ => 2,
            },
            directions: directions::select(
                &directions::terms(&direction_letters),
                &[Step::new(1, 0), Step::new(-1, 0)],
                System::Atom,
            ),
            next_closer: count(Modifier::J) > 0,
        },
        AtomShape::Imitator if !fairy => MoveKind::Imitator,
        // Fairy-Stockfish skips U, O and I (and S and T): no move at all.
        AtomShape::Universal | AtomShape::Castling | AtomShape::Imitator => return None,
        AtomShape::Compound { .. } if fairy && atom != Atom::K => return None,
        _ => MoveKind::Legs,
    };
    if kind != MoveKind::Legs {
        return Some(Move {
            kind,
            initial,
            legs: Vec::new(),
            source,
        });
    }

    let reach = reach_of(&atom_node, atom, dialect);
    let steps = if fairy {
        fairy_steps(atom, &fsf::tokens(&prefix_letters(a_move)), reach)
    } else {
        let terms = directions::terms(&direction_letters);
        steps_of(atom, atom_node.extension(), &terms)
    };

    let has = |wanted: Modifier| count(wanted) > 0;
    let mut modes = Modes {
        to_empty: has(Modifier::M),
        capture_enemy: has(Modifier::C),
        capture_friend: has(Modifier::D),
        en_passant: has(Modifier::E),
        hop: false,
        royal: has(Modifier::K),
        borrow: has(Modifier::X),
    };
    let hop = has(Modifier::P);
    let grasshop = has(Modifier::G);
    let default_modes = modes.is_empty();
    if default_modes {
        modes = Modes::MOVE_OR_CAPTURE;
    }
    if fairy && initial != Initial::Always {
        // Fairy-Stockfish's initial moves never capture (`icW` has no move).
        modes.capture_enemy = false;
        if modes.is_empty() {
            return None;
        }
    }
    let lame = match (has(Modifier::N), fairy) {
        (false, _) => None,
        (true, false) => Some(Lameness::ShortestPaths),
        (true, true) if lame_in_fairy(atom) => Some(Lameness::FairyPath),
        // Fairy-Stockfish gives `n` on any other atom no move at all.
        (true, true) => return None,
    };
    let wrap = match count(Modifier::O) {
        0 => Wrap::None,
        1 => Wrap::Cylinder,
        _ => Wrap::Torus,
    };
    let leg = Leg {
        steps: LegSteps::Absolute(steps),
        reach,
        modes,
        default_modes,
        lame,
        jumping: has(Modifier::J),
        unload: has(Modifier::U),
        wrap,
        hidden: false,
        source,
    };
    let legs = if hop || grasshop {
        hopper_legs(leg, grasshop, fairy, atom)?
    } else {
        vec![leg]
    };
    Some(Move {
        kind,
        initial,
        legs,
        source,
    })
}

/// `pR` is `pafR` and `gQ` is `gafQ` (seed 000): a leg that ends on the mount, then a hidden
/// leg straight on, which takes the move's other modes. `g` toggles the hidden leg's reach
/// (a rider hops off as a leaper, a leaper as a rider: gK is the Contra-Grasshopper).
fn hopper_legs(mut leg: Leg, grasshop: bool, fairy: bool, atom: Atom) -> Option<Vec<Leg>> {
    if fairy {
        // Fairy-Stockfish hops only along rook and bishop lines, and reads pW as pR.
        if !matches!(
            atom,
            Atom::W | Atom::F | Atom::R | Atom::B | Atom::Q | Atom::K
        ) {
            return None;
        }
        leg.reach = Reach::Unlimited;
    }
    let hop_off_reach = match (grasshop, leg.reach) {
        (false, reach) => reach,
        (true, Reach::Steps(1)) => Reach::Unlimited,
        (true, _) => Reach::Steps(1),
    };
    let hop_off = Leg {
        steps: LegSteps::StraightOn,
        reach: hop_off_reach,
        modes: leg.modes,
        default_modes: leg.default_modes,
        lame: None,
        jumping: false,
        unload: leg.unload,
        wrap: leg.wrap,
        hidden: true,
        source: leg.source,
    };
    leg.modes = Modes {
        hop: true,
        ..Modes::default()
    };
    leg.default_modes = false;
    leg.unload = false;
    Some(vec![leg, hop_off])
}

/// Fairy-Stockfish's `n` works on N, A, D and Z/J only (reference).
fn lame_in_fairy(atom: Atom) -> bool {
    matches!(atom, Atom::N | Atom::A | Atom::D | Atom::Z | Atom::J)
}

fn reach_of(atom_node: &ast::Atom, atom: Atom, dialect: Dialect) -> Reach {
    let slider = matches!(atom.entry().shape, AtomShape::Slider { .. });
    let written = atom_node.range().and_then(|r| {
        let token = r.token()?;
        if dialect == Dialect::Fairy {
            // One digit only: `R10` is `R1`.
            let first = token.text().chars().next()?.to_digit(10)?;
            return Some(RangeValue::Steps(first));
        }
        r.value()
    });
    match written {
        Some(RangeValue::Steps(0)) => Reach::Unlimited,
        Some(RangeValue::Steps(n)) => Reach::Steps(n),
        Some(RangeValue::ToEnemyHalf) => Reach::ToEnemyHalf,
        None if slider || atom_node.is_doubled() => Reach::Unlimited,
        None => Reach::Steps(1),
    }
}

/// The eight symmetric orientations of the leap `(a, b)`, deduplicated, in a fixed order:
/// clockwise from the forward-most, right-leaning one.
pub(crate) fn symmetric_steps(a: i8, b: i8) -> Vec<Step> {
    let (small, large) = (a.min(b), a.max(b));
    let seeds = [Step::new(small, large), Step::new(large, small)];
    let mut steps: Vec<Step> = Vec::new();
    for quarter in 0..4 {
        for seed in seeds {
            let mut step = seed;
            for _ in 0..quarter {
                step = step.clockwise();
            }
            if !steps.contains(&step) {
                steps.push(step);
            }
        }
    }
    steps
}

fn leap_of(atom: Atom, extension: Option<crate::vocabulary::Extension>) -> Option<(i8, i8)> {
    let AtomShape::Leaper { leap: (a, b) } = atom.entry().shape else {
        return None;
    };
    let (small, large) = (a.min(b), a.max(b));
    let (small, large) = match extension {
        // Seed 000's atom chart: the boost adds to the atom's own forward orientation.
        Some(extension) => {
            let (bx, by) = extension.boost();
            (small + bx, large + by)
        }
        None => (small, large),
    };
    Some((i8::try_from(small).ok()?, i8::try_from(large).ok()?))
}

/// The atom's steps that the direction terms select (XBetza).
fn steps_of(
    atom: Atom,
    extension: Option<crate::vocabulary::Extension>,
    terms: &[DirectionTerm],
) -> Vec<Step> {
    let parts: Vec<(Vec<Step>, System)> = match atom.entry().shape {
        _ if matches!(atom, Atom::K | Atom::Q) => {
            let compass = symmetric_steps(0, 1)
                .into_iter()
                .chain(symmetric_steps(1, 1));
            vec![(compass.collect(), System::Compass)]
        }
        AtomShape::Leaper { .. } => leap_of(atom, extension)
            .map(|(a, b)| vec![(symmetric_steps(a, b), System::Atom)])
            .unwrap_or_default(),
        AtomShape::Compound { parts } => parts
            .iter()
            .filter_map(|p| leap_of(*p, None))
            .map(|(a, b)| (symmetric_steps(a, b), System::Atom))
            .collect(),
        AtomShape::Slider { step } => leap_of(step, None)
            .map(|(a, b)| vec![(symmetric_steps(a, b), System::Atom)])
            .unwrap_or_default(),
        AtomShape::Universal | AtomShape::Castling | AtomShape::Imitator => Vec::new(),
    };
    parts
        .into_iter()
        .flat_map(|(all, system)| directions::select(terms, &all, system))
        .collect()
}

/// Fairy-Stockfish's steps: K is W+F and Q is R+B, read with the engine's direction table;
/// riders exist only along W, F and N lines (`DD`, `D2` have no moves).
fn fairy_steps(atom: Atom, tokens: &[[char; 2]], reach: Reach) -> Vec<Step> {
    let parts: &[Atom] = match atom.entry().shape {
        _ if matches!(atom, Atom::K | Atom::Q) => &[Atom::W, Atom::F],
        AtomShape::Slider { step: Atom::W } => &[Atom::W],
        AtomShape::Slider { step: Atom::F } => &[Atom::F],
        AtomShape::Leaper { .. } => std::slice::from_ref(&atom),
        _ => &[],
    };
    let mut steps = Vec::new();
    for part in parts {
        let Some((short, long)) = leap_of(*part, None) else {
            continue;
        };
        let all = symmetric_steps(short, long);
        if reach != Reach::Steps(1) && !rides_in_fairy(&all) {
            continue;
        }
        steps.extend(fsf::select(tokens, long, short, parts.len() == 1));
    }
    steps
}

/// The letters before the atom as written, `a` and all: Fairy-Stockfish pairs direction letters
/// only when they stand side by side.
fn prefix_letters(a_move: &ast::Move) -> Vec<char> {
    let atom_start = a_move.atom().map(|a| a.text_range().start());
    a_move
        .syntax()
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .take_while(|t| Some(t.text_range().start()) != atom_start)
        .flat_map(|t| t.text().chars().collect::<Vec<_>>())
        .collect()
}

fn rides_in_fairy(steps: &[Step]) -> bool {
    steps.first().is_some_and(|s| {
        matches!(
            (s.dx.abs().min(s.dy.abs()), s.king_distance()),
            (0, 1) | (1, 1) | (1, 2)
        )
    })
}
