//! Typed tree to model. Each dialect's reading is decided here, from the vocabulary tables:
//! `xbetza` follows seed 000; `fairy` does what Fairy-Stockfish does
//! (../shared/reference/fairy-stockfish.md), skipped letters and quirks included.

use rowan::TextRange;

use super::directions::{self, DirectionTerm, System};
use super::repeat::{self, LegLetters};
use super::{
    Bend, Initial, Lameness, Leg, LegSteps, Modes, Move, MoveKind, Piece, Reach, Wrap, fairy as fsf,
};
use crate::Dialect;
use crate::board::{COMPASS, Step};
use crate::tree::ast::{self, RangeValue};
use crate::vocabulary::{Atom, AtomShape, FairySupport, Modifier, ModifierClass};

/// The model of a parsed piece. Moves whose atom is missing or unknown (syntax errors) are left
/// out; everything else is kept.
pub fn build(piece: &ast::Piece, dialect: Dialect) -> Piece {
    match dialect {
        Dialect::Mbn => return super::mbn::build(piece.syntax()),
        Dialect::Chained => return super::chained::build(piece.syntax()),
        Dialect::XBetza | Dialect::Fairy => {}
    }
    let mut moves = Vec::new();
    let mut incomplete = false;
    for a_move in piece.moves() {
        if dialect == Dialect::Fairy {
            // Fairy-Stockfish skips the letters it does not know, `a` and parentheses included:
            // one flat leg.
            let mut letters = all_letters(&a_move);
            letters.retain(|(m, _)| m.entry().fairy == FairySupport::Understood);
            moves.extend(build_move(
                &a_move,
                dialect,
                &[(letters, a_move.text_range())],
            ));
        } else {
            let (expansions, capped) = repeat::expansions(&a_move);
            incomplete |= capped;
            for legs in expansions {
                moves.extend(build_move(&a_move, dialect, &legs));
            }
        }
    }
    Piece {
        dialect,
        moves,
        incomplete,
        not_drawn: Vec::new(),
    }
}

/// Every modifier of the move, groups included, in order (Fairy-Stockfish reads one flat leg).
fn all_letters(a_move: &ast::Move) -> LegLetters {
    a_move
        .syntax()
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter_map(ast::Modifier::cast)
        .filter_map(|m| Some((m.modifier()?, m.text_range())))
        .collect()
}

fn count(letters: &[(Modifier, TextRange)], wanted: Modifier) -> usize {
    letters.iter().filter(|(m, _)| *m == wanted).count()
}

fn direction_letters(letters: &[(Modifier, TextRange)]) -> Vec<char> {
    letters
        .iter()
        .filter(|(m, _)| m.entry().class == ModifierClass::Direction)
        .map(|(m, _)| m.entry().letter)
        .collect()
}

/// One move from its atom and the modifiers of each of its legs.
fn build_move(
    a_move: &ast::Move,
    dialect: Dialect,
    legs_letters: &[(LegLetters, TextRange)],
) -> Option<Move> {
    let atom_node = a_move.atom()?;
    let atom = atom_node.atom()?;
    let source = a_move.text_range();
    let fairy = dialect == Dialect::Fairy;
    let (first, _) = legs_letters.first()?;
    let initial = match count(first, Modifier::I) {
        0 => Initial::Always,
        1 => Initial::FirstMove,
        _ => Initial::FromStartSquare,
    };
    let kind = match atom.entry().shape {
        AtomShape::Universal if !fairy => MoveKind::Universal,
        AtomShape::Castling if !fairy => MoveKind::Castling {
            king_step: match atom_node.range().and_then(|r| r.value()) {
                Some(RangeValue::Steps(n)) if n > 0 => n,
                _ => 2,
            },
            directions: directions::select(
                &directions::terms(&direction_letters(first)),
                &[Step::new(1, 0), Step::new(-1, 0)],
                System::Atom,
            ),
            next_closer: count(first, Modifier::J) > 0,
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

    let first_steps = if fairy {
        fairy_steps(
            atom,
            &fsf::tokens(&prefix_letters(a_move)),
            reach_of(&atom_node, atom, dialect),
        )
    } else {
        steps_of(
            atom,
            atom_node.extension(),
            &directions::terms(&direction_letters(first)),
        )
    };
    // Atoms with eight directions of their own (K, Q, oblique leaps) continue in all eight by
    // default; the others only along their own four (seed 000: "all directions belonging to the
    // atom").
    let eight_fold = matches!(atom, Atom::K | Atom::Q | Atom::S | Atom::T)
        || first_steps
            .iter()
            .any(|s| s.dx != 0 && s.dy != 0 && s.dx.abs() != s.dy.abs());
    let own_turns: Vec<u8> = if eight_fold {
        (0..8).collect()
    } else {
        vec![0, 2, 4, 6]
    };

    let mut legs = Vec::new();
    let mut reach = reach_of(&atom_node, atom, dialect);
    let count_legs = legs_letters.len();
    for (index, (letters, leg_range)) in legs_letters.iter().enumerate() {
        let is_final = index + 1 == count_legs;
        let has = |wanted: Modifier| count(letters, wanted) > 0;
        let steps = if index == 0 {
            LegSteps::Absolute(first_steps.clone())
        } else {
            let sense_letter = if has(Modifier::Q) {
                Some(true)
            } else if has(Modifier::Z) {
                Some(false)
            } else {
                None
            };
            let letters = direction_letters(letters);
            match sense_letter {
                // `q` stands for the side the previous leg bent to, `z` for the other one.
                Some(same_way) => {
                    let with = |side: char| {
                        let mut letters = letters.clone();
                        letters.push(side);
                        relative_turns(&letters)
                    };
                    let (same, other) = (with('r'), with('l'));
                    let (after_right, after_left) = if same_way {
                        (same, other)
                    } else {
                        (other, same)
                    };
                    LegSteps::Chiral {
                        after_right,
                        after_left,
                        same_way,
                    }
                }
                None if letters.is_empty() => LegSteps::Unvisited(own_turns.clone()),
                None => LegSteps::Relative(relative_turns(&letters)),
            }
        };
        let mut modes = Modes {
            to_empty: has(Modifier::M) || (!is_final && has(Modifier::Y)),
            capture_enemy: has(Modifier::C),
            capture_friend: has(Modifier::D),
            en_passant: has(Modifier::E),
            hop: !is_final && (has(Modifier::P) || has(Modifier::G)),
            royal: has(Modifier::K),
            excite: has(Modifier::X),
            ..Modes::default()
        };
        let default_modes = modes.is_empty();
        // `t` restricts whatever modes the leg has, written or default.
        let tame = !fairy && has(Modifier::T);
        if default_modes {
            // Seed 000: "non-final legs (before an a) by default have mode m"; the final leg
            // moves or captures.
            modes = if is_final {
                Modes::MOVE_OR_CAPTURE
            } else {
                Modes::MOVE
            };
        }
        modes.tame = tame;
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
        // Seed 000: "o ('off-board') in a non-final leg means the destination square must be
        // off board"; on a final leg one `o` is XBoard's cylinder (notes L7).
        let ends_off_board = !fairy && !is_final && count(letters, Modifier::O) == 1;
        let wrap = match count(letters, Modifier::O) {
            0 => Wrap::None,
            _ if ends_off_board => Wrap::None,
            1 => Wrap::Cylinder,
            _ => Wrap::Torus,
        };
        let toggles_next = !is_final && (has(Modifier::G) || has(Modifier::Y));
        // On a later leg `q` and `z` are directions (see above), not bent riders.
        let bend = if index > 0 {
            None
        } else if has(Modifier::Q) {
            Some(Bend::Circular)
        } else if has(Modifier::Z) {
            Some(Bend::ZigZag)
        } else {
            None
        };
        if bend.is_some() && index == 0 && atom_node.range().is_none() {
            // `q` and `z` make riders of leapers: qN is the Rose.
            reach = Reach::Unlimited;
        }
        let leg = Leg {
            steps,
            reach,
            modes,
            default_modes,
            lame,
            ep_rights: creates_ep_rights(
                count(letters, Modifier::N),
                initial != Initial::Always && index == 0,
                &first_steps,
                index,
            ),
            jumping: has(Modifier::J),
            unload: has(Modifier::U),
            wrap,
            hidden: false,
            toggles_next,
            iso: index > 0 && has(Modifier::I),
            bend,
            ends_off_board,
            when_open: false,
            source: if leg_range.is_empty() {
                source
            } else {
                *leg_range
            },
        };
        if toggles_next {
            reach = toggled(reach);
        }
        if is_final && (has(Modifier::P) || has(Modifier::G)) {
            legs.extend(hopper_legs(leg, has(Modifier::G), fairy, atom)?);
        } else {
            legs.push(leg);
        }
    }
    Some(Move {
        kind,
        initial,
        legs,
        source,
    })
}

/// Seed 000: "n on a (repeated) stepper atom (W, F, B, R): creates e.p. rights on the
/// square(s) it steps to or slides through"; on a leaper only "in" and "nn" do ("in besides the
/// normal meaning of non-jumping initial move, this creates e.p. rights"). Continuation legs
/// are K steps, where `n` always creates them.
fn creates_ep_rights(n_count: usize, initial: bool, first_steps: &[Step], index: usize) -> bool {
    if n_count == 0 {
        return false;
    }
    let stepper = index > 0 || first_steps.iter().all(|s| s.king_distance() == 1);
    stepper || initial || n_count >= 2
}

/// Range toggling (seed 000): "continuing slider as leaper, and vice versa".
fn toggled(reach: Reach) -> Reach {
    match reach {
        Reach::Steps(1) => Reach::Unlimited,
        _ => Reach::Steps(1),
    }
}

/// A continuation leg's direction letters as turns: they name compass directions relative to
/// the previous leg, "f should be read as 'in the same direction' ... and fs as 'deflected by 45
/// degrees left or right'" (seed 000).
fn relative_turns(letters: &[char]) -> Vec<u8> {
    let chosen = directions::select(&directions::terms(letters), &COMPASS, System::Compass);
    (0u8..8)
        .filter(|turn| chosen.contains(&COMPASS[usize::from(*turn)]))
        .collect()
}

/// `pR` is `pafR` and `gQ` is `gafQ` (seed 000): a leg that ends on the mount, then a hidden
/// leg straight on, which takes the move's other modes. `g` toggles the hidden leg's reach
/// (a rider hops off as a leaper, a leaper as a rider: gK is the Contra-Grasshopper).
pub(super) fn hopper_legs(
    mut leg: Leg,
    grasshop: bool,
    fairy: bool,
    atom: Atom,
) -> Option<Vec<Leg>> {
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
    let hop_off_reach = if grasshop {
        toggled(leg.reach)
    } else {
        leg.reach
    };
    let hop_off = Leg {
        steps: LegSteps::Relative(vec![0]),
        reach: hop_off_reach,
        modes: leg.modes,
        default_modes: leg.default_modes,
        // "an npDD on a1 can hop over a mount on a3 or a5, but not over obstacles on a2 or a4".
        lame: leg.lame,
        ep_rights: false,
        jumping: false,
        unload: leg.unload,
        wrap: leg.wrap,
        hidden: true,
        toggles_next: false,
        iso: false,
        bend: None,
        ends_off_board: false,
        when_open: false,
        source: leg.source,
    };
    leg.modes = Modes {
        hop: true,
        tame: leg.modes.tame,
        ..Modes::default()
    };
    leg.default_modes = false;
    leg.unload = false;
    leg.toggles_next = grasshop;
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
