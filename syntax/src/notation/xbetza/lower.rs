//! Typed tree to model for XBetza (seed 000), from the vocabulary tables. The other dialects
//! have models of their own: `fairy` is Fairy-Stockfish's data model ([`crate::notation::fairy::model`]), `mbn`
//! and `chained` lower their own trees.

use rowan::TextRange;

use crate::model::WalkRules;
use crate::model::region::Regions;

use crate::Dialect;
use crate::model::directions::{self, DirectionTerm, System};
use crate::model::repeat::{self, LegLetters};
use crate::model::{
    Bend, COMPASS, Initial, Lameness, Leg, LegSteps, Modes, Move, MoveKind, Piece, Reach, Step,
    Wrap,
};
use crate::tree::ast::{self, RangeValue};
use crate::vocabulary::{Atom, AtomShape, Modifier, ModifierClass};

/// The model of an XBetza piece: every expansion of its repeat groups, one move each.
pub(crate) fn build(piece: &ast::Piece) -> Piece {
    let mut moves = Vec::new();
    let mut incomplete = false;
    for a_move in piece.moves() {
        let budget = repeat::PIECE_EXPANSION_LIMIT.saturating_sub(moves.len());
        let (expansions, capped) = repeat::expansions(&a_move, budget);
        incomplete |= capped;
        for legs in expansions {
            moves.extend(build_move(&a_move, &legs));
        }
    }
    Piece {
        dialect: Dialect::XBetza,
        moves,
        incomplete,
        not_drawn: Vec::new(),
        engine: None,
        walk: WalkRules::default(),
    }
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
fn build_move(a_move: &ast::Move, legs_letters: &[(LegLetters, TextRange)]) -> Option<Move> {
    let atom_node = a_move.atom()?;
    let atom = atom_node.atom()?;
    let source = a_move.text_range();
    let (first, _) = legs_letters.first()?;
    let initial = match count(first, Modifier::I) {
        0 => Initial::Always,
        1 => Initial::FirstMove,
        _ => Initial::FromStartSquare,
    };
    let kind = kind_of(&atom_node, atom, first);
    let legs = if kind == MoveKind::Legs {
        legs_of(&atom_node, atom, legs_letters, initial, source)
    } else {
        Vec::new()
    };
    Some(Move {
        kind,
        initial,
        legs,
        regions: Regions::default(),
        source,
    })
}

/// What sort of move the atom makes: U, O and I are whole moves of their own, every other atom
/// leaps or slides along legs.
fn kind_of(atom_node: &ast::Atom, atom: Atom, first: &LegLetters) -> MoveKind {
    match atom.entry().shape {
        AtomShape::Universal => MoveKind::Universal(modes_of(first, true).0),
        AtomShape::Castling => MoveKind::Castling {
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
        AtomShape::Imitator => MoveKind::Imitator,
        _ => MoveKind::Legs,
    }
}

/// The legs of a move of leaps and slides, each from its own letters. The atom and its range
/// belong to the first leg; the reach passes from leg to leg, toggled after `g` and `y`.
fn legs_of(
    atom_node: &ast::Atom,
    atom: Atom,
    legs_letters: &[(LegLetters, TextRange)],
    initial: Initial,
    source: TextRange,
) -> Vec<Leg> {
    let Some((first, _)) = legs_letters.first() else {
        return Vec::new();
    };
    let first_steps = steps_of(
        atom,
        atom_node.extension(),
        &directions::terms(&direction_letters(first)),
    );
    let own_turns = own_turns(atom, &first_steps);
    let mut reach = reach_of(atom_node, atom);
    if bend_of(first).is_some() && atom_node.range().is_none() {
        // `q` and `z` make riders of leapers: qN is the Rose.
        reach = Reach::Unlimited;
    }
    let mut legs = Vec::new();
    for (index, (letters, leg_range)) in legs_letters.iter().enumerate() {
        let is_final = index + 1 == legs_letters.len();
        let steps = if index == 0 {
            LegSteps::Absolute(first_steps.clone())
        } else {
            continuation_steps(letters, &own_turns)
        };
        let source = if leg_range.is_empty() {
            source
        } else {
            *leg_range
        };
        let mut leg = leg_of(letters, index, is_final, steps, reach, source);
        leg.ep_rights = creates_ep_rights(
            count(letters, Modifier::N),
            initial != Initial::Always && index == 0,
            &first_steps,
            index,
        );
        if leg.toggles_next {
            reach = reach.toggled();
        }
        let grasshop = count(letters, Modifier::G) > 0;
        if is_final && (grasshop || count(letters, Modifier::P) > 0) {
            legs.extend(leg.hopping(grasshop));
        } else {
            legs.push(leg);
        }
    }
    legs
}

/// The turns a continuation leg without direction letters may take (seed 000: "all directions
/// belonging to the atom"): atoms with eight directions of their own (K, Q, oblique leaps)
/// continue in all eight, the others only along their own four.
fn own_turns(atom: Atom, first_steps: &[Step]) -> Vec<u8> {
    let eight_fold = matches!(atom, Atom::K | Atom::Q | Atom::S | Atom::T)
        || first_steps
            .iter()
            .any(|s| s.dx != 0 && s.dy != 0 && s.dx.abs() != s.dy.abs());
    if eight_fold {
        (0..8).collect()
    } else {
        vec![0, 2, 4, 6]
    }
}

/// Where a continuation leg's steps point: its direction letters as turns from the previous
/// leg, the atom's own turns when it has none, and with `q` or `z` a turn that depends on the
/// side the previous leg bent to (`q` stands for that side, `z` for the other one).
fn continuation_steps(letters: &LegLetters, own_turns: &[u8]) -> LegSteps {
    let same_way = if count(letters, Modifier::Q) > 0 {
        Some(true)
    } else if count(letters, Modifier::Z) > 0 {
        Some(false)
    } else {
        None
    };
    let directions = direction_letters(letters);
    match same_way {
        Some(same_way) => {
            let with = |side: char| {
                let mut directions = directions.clone();
                directions.push(side);
                relative_turns(&directions)
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
                unbent: Vec::new(),
                same_way,
            }
        }
        None if directions.is_empty() => LegSteps::Unvisited(own_turns.to_vec()),
        None => LegSteps::Relative(relative_turns(&directions)),
    }
}

/// `q` or `z` on the first leg: a rider that bends on every step.
fn bend_of(letters: &LegLetters) -> Option<Bend> {
    if count(letters, Modifier::Q) > 0 {
        Some(Bend::Circular)
    } else if count(letters, Modifier::Z) > 0 {
        Some(Bend::ZigZag)
    } else {
        None
    }
}

/// The leg that `letters` make at place `index` (the last when `is_final`), going `steps` up to
/// `reach`. Whether it creates e.p. rights depends on the first leg's atom: the move sets it.
fn leg_of(
    letters: &LegLetters,
    index: usize,
    is_final: bool,
    steps: LegSteps,
    reach: Reach,
    source: TextRange,
) -> Leg {
    let has = |wanted: Modifier| count(letters, wanted) > 0;
    let (modes, default_modes) = modes_of(letters, is_final);
    // Seed 000: "o ('off-board') in a non-final leg means the destination square must be off
    // board"; on a final leg one `o` is XBoard's cylinder (notes L7).
    let ends_off_board = !is_final && count(letters, Modifier::O) == 1;
    let wrap = match count(letters, Modifier::O) {
        0 => Wrap::None,
        _ if ends_off_board => Wrap::None,
        1 => Wrap::Cylinder,
        _ => Wrap::Torus,
    };
    Leg {
        steps,
        reach,
        modes,
        default_modes,
        lame: has(Modifier::N).then_some(Lameness::ShortestPaths),
        ep_rights: false,
        jumping: has(Modifier::J),
        unload: has(Modifier::U),
        wrap,
        hidden: false,
        toggles_next: !is_final && (has(Modifier::G) || has(Modifier::Y)),
        iso: index > 0 && has(Modifier::I),
        // On a later leg `q` and `z` are directions (see `continuation_steps`), not bent riders.
        bend: if index == 0 { bend_of(letters) } else { None },
        ends_off_board,
        when_open: false,
        brace_legs: 0,
        sets: None,
        source,
    }
}

/// What a leg may do where it ends, and whether that is its place's default (no mode letter
/// written).
fn modes_of(letters: &LegLetters, is_final: bool) -> (Modes, bool) {
    let has = |wanted: Modifier| count(letters, wanted) > 0;
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
    if default_modes {
        // Seed 000: "non-final legs (before an a) by default have mode m"; the final leg
        // moves or captures.
        modes = if is_final {
            Modes::MOVE_OR_CAPTURE
        } else {
            Modes::MOVE
        };
    }
    // `t` restricts whatever modes the leg has, written or default.
    modes.tame = has(Modifier::T);
    (modes, default_modes)
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

/// A continuation leg's direction letters as turns: they name compass directions relative to
/// the previous leg, "f should be read as 'in the same direction' ... and fs as 'deflected by 45
/// degrees left or right'" (seed 000).
fn relative_turns(letters: &[char]) -> Vec<u8> {
    let chosen = directions::select(&directions::terms(letters), &COMPASS, System::Compass);
    (0u8..8)
        .filter(|turn| chosen.contains(&COMPASS[usize::from(*turn)]))
        .collect()
}

fn reach_of(atom_node: &ast::Atom, atom: Atom) -> Reach {
    let slider = matches!(atom.entry().shape, AtomShape::Slider { .. });
    let written = atom_node.range().and_then(|r| r.value());
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
fn symmetric_steps(a: i8, b: i8) -> Vec<Step> {
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

/// Whether the letters `before` the cursor are in a continuation leg (after an `a` of the move
/// being typed), where directions are relative and `h` has nothing to combine with.
pub(crate) fn continues_leg(before: &str) -> bool {
    let move_start = before
        .rfind(|c: char| c.is_ascii_uppercase() || c.is_ascii_digit())
        .map_or(0, |i| i + 1);
    before[move_start..].contains('a')
}
