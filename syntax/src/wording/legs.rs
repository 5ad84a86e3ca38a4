//! One move in words, leg by leg: what each leg leaps or slides as, where it may land, and
//! the conditions written on it.

use super::words::{
    atom_words, continues_as, directions_words, reach_words, region_words, set_words, steps_words,
    turn_words,
};
use crate::board::{Step, file_letter};
use crate::model::{Bend, Initial, Leg, LegSteps, Modes, Move, MoveKind, Reach, Wrap};
use crate::vocabulary::phrases::{self, DEFAULT_EARLIER, DEFAULT_FINAL};
use crate::vocabulary::{Atom, Modifier};

pub(crate) fn explain_move(a_move: &Move, atom: Option<Atom>, doubled: bool) -> Vec<String> {
    let mut lines = Vec::new();
    match &a_move.kind {
        MoveKind::Universal(modes) if *modes == Modes::MOVE_OR_CAPTURE => lines.push("leaps to any square of the board except its own (U)".to_owned()),
        MoveKind::Universal(modes) => lines.push(format!(
            "leaps to any square of the board except its own (U); {}",
            modes_words(*modes, false, true)
        )),
        MoveKind::Castling { king_step, directions, next_closer } => lines.push(format!(
            "castles {}: moves {king_step} squares toward {} friendly piece on the edge, which jumps over it",
            directions_words(directions),
            if *next_closer { "the next" } else { "the" }
        )),
        MoveKind::Imitator => lines.push("moves like the piece that moved last (I); it has no squares of its own".to_owned()),
        MoveKind::Legs => legs_lines(a_move, atom, doubled, &mut lines),
    }
    match a_move.initial {
        Initial::Always => {}
        Initial::FirstMove => lines.push(format!("({})", phrases::INITIAL)),
        Initial::FromStartSquare => lines.push(format!("({})", phrases::INITIAL_SQUARE)),
    }
    region_lines(a_move, &mut lines);
    lines
}

/// The lines of a move of legs, one per leg, numbered when there are several.
fn legs_lines(a_move: &Move, atom: Option<Atom>, doubled: bool, lines: &mut Vec<String>) {
    let count = a_move.legs.len();
    // The shape the move has reached: turns rotate it (W↔F, D↔A, H↔G), so later legs
    // can say what they continue as.
    // A first leg of several shapes (`K`: W and F) continues as a different atom from
    // each, so none is named.
    let mut shape = match a_move.legs.first().map(|l| &l.steps) {
        Some(LegSteps::Absolute(steps)) => steps
            .first()
            .copied()
            .filter(|first| steps.iter().all(|s| s.shape() == first.shape())),
        _ => None,
    };
    for (index, leg) in a_move.legs.iter().enumerate() {
        let number = if count > 1 && !leg.hidden {
            format!("{}. ", index + 1)
        } else {
            String::new()
        };
        // A leg before MBN's `{}` part ends the move when that part is blocked and
        // nothing follows it; else the move goes on without the part.
        let brace = a_move.legs.get(index + 1).filter(|l| l.when_open);
        let may_end = brace.is_some_and(|l| index + 1 + l.brace_legs.max(1) >= count);
        let line = leg_line(leg, index + 1 == count || may_end, atom, doubled, shape);
        lines.push(match brace {
            Some(_) if may_end => format!("{number}{line}; {}", phrases::ENDS_BEFORE_BLOCKED),
            Some(_) => format!("{number}{line}; {}", phrases::SKIPS_BLOCKED),
            None => format!("{number}{line}"),
        });
        let turns = match &leg.steps {
            LegSteps::Relative(turns) => Some(turns),
            // Both sides turn by the same angle, so the shape is the same.
            LegSteps::Chiral { after_right, .. } => Some(after_right),
            _ => None,
        };
        if let (Some(turns), Some(step)) = (turns, shape) {
            shape = turns.first().map(|t| step.turned(*t));
        }
    }
}

/// The lines of what a move's regions and conditions allow: to the edge, only when a piece
/// stands somewhere or attacks, only from or to some squares.
fn region_lines(a_move: &Move, lines: &mut Vec<String>) {
    if a_move.regions.to_edge {
        lines.push(
            "(only to the end of its line, on the edge of the board: an edge rider, `*`)"
                .to_owned(),
        );
    }
    for condition in &a_move.regions.conditions {
        let who = match &condition.pieces {
            None => "a piece".to_owned(),
            Some(set) => match set.members.as_slice() {
                [one] if !set.complement && one.friendly.is_none() => format!("a {}", one.name),
                [_] => set_words(set),
                _ if set.complement => set_words(set),
                _ => format!("one of {}", set_words(set)),
            },
        };
        let place = condition
            .place
            .as_ref()
            .map_or("on the board".to_owned(), |p| {
                format!("on {}", region_words(p))
            });
        lines.push(format!("(only when {who} stands {place})"));
    }
    for attackers in &a_move.regions.attacked_by {
        lines.push(format!(
            "(only when an enemy {} attacks its square: {})",
            set_words(&attackers.set),
            attackers.said.join("; ")
        ));
    }
    for (way, regions) in [("from", &a_move.regions.from), ("to", &a_move.regions.to)] {
        for region in regions {
            lines.push(format!("(only {way} {})", region_words(region)));
        }
    }
}

/// One leg in words: how it moves, where it may land (`is_final`: the move may end there) and
/// the conditions written on it. `shape` is the step the move has reached, for a leg that turns.
fn leg_line(
    leg: &Leg,
    is_final: bool,
    atom: Option<Atom>,
    doubled: bool,
    shape: Option<Step>,
) -> String {
    let mut parts = vec![motion_words(leg, atom, doubled, shape)];
    if leg.ends_off_board {
        parts.push(phrases::OFF_BOARD_END.to_owned());
    } else {
        parts.push(mode_words(leg, is_final || leg.hidden));
    }
    parts.extend(conditions(leg).into_iter().map(str::to_owned));
    if let Wrap::Files { first, last } = leg.wrap {
        parts.push(format!(
            "wraps from file {} to file {} and back, as if they were neighbours, when the \
             piece stands on the files between (o[{},{}])",
            file_letter(last),
            file_letter(first),
            file_letter(first),
            file_letter(last)
        ));
    }
    if let Some(sets) = &leg.sets {
        let m = leg.modes;
        for (set, what, does) in [
            (&sets.capture, "takes", m.capture_enemy || m.capture_friend),
            (&sets.hop, "hops over", m.hop),
            (&sets.swap, "swaps with", m.swap_enemy || m.swap_friend),
        ] {
            if let Some(set) = set.as_ref().filter(|_| does) {
                parts.push(format!("only {what} {}", set_words(set)));
            }
        }
    }
    parts.join("; ")
}

/// What a leg leaps or slides as: its atom (or steps) and directions, or how it turns from the
/// move's `shape`.
fn motion_words(leg: &Leg, atom: Option<Atom>, doubled: bool, shape: Option<Step>) -> String {
    match &leg.steps {
        LegSteps::Absolute(steps) => format!(
            "{}, {}",
            atom.map_or_else(
                || steps_words(steps, leg.reach),
                |a| atom_words(a, leg.reach, doubled, steps)
            ),
            directions_words(steps)
        ),
        LegSteps::Relative(_) if leg.hidden => {
            format!("{}, {}", phrases::HIDDEN_HOP_OFF, reach_words(leg.reach))
        }
        LegSteps::Relative(turns) => match shape {
            Some(step) => format!(
                "then {}, {}",
                turn_words(turns),
                continues_as(step, turns, leg.reach)
            ),
            None => format!("then {}, {}", turn_words(turns), reach_words(leg.reach)),
        },
        LegSteps::Chiral {
            after_right,
            after_left,
            unbent,
            same_way,
        } => format!(
            "then {} ({}): {} after a right bend, {} after a left one{}, {}",
            if *same_way {
                phrases::SAME_BEND
            } else {
                phrases::OTHER_BEND
            },
            if *same_way { 'q' } else { 'z' },
            turn_words(after_right),
            turn_words(after_left),
            if unbent.is_empty() {
                String::new()
            } else {
                format!(", {} after a leg that went straight", turn_words(unbent))
            },
            reach_words(leg.reach)
        ),
        LegSteps::Unvisited(_) => format!(
            "then in any direction of its atom, except onto a square already visited, {}",
            reach_words(leg.reach)
        ),
    }
}

/// Whether the leg's `n` makes it blockable on the way: on a stepper `n` only creates e.p.
/// rights, as nothing can stand between its squares.
pub(crate) fn can_be_blocked(leg: &Leg) -> bool {
    let stepper = matches!(&leg.steps, LegSteps::Absolute(steps) if steps.iter().all(|s| s.king_distance() == 1))
        || !matches!(leg.steps, LegSteps::Absolute(_));
    leg.lame.is_some() && !stepper
}

/// The conditions written on a leg beyond how it moves and lands, in the order they are said.
fn conditions(leg: &Leg) -> Vec<&'static str> {
    let mut said = Vec::new();
    if leg.when_open {
        said.push(phrases::WHEN_OPEN);
    }
    if leg.modes.hop_enemy_only {
        said.push(phrases::HOP_ENEMY_ONLY);
    }
    if leg.modes.tame {
        said.push(if leg.modes.hop {
            phrases::TAME_HOP
        } else {
            phrases::TAME
        });
    }
    if can_be_blocked(leg) {
        said.push(phrases::LAME);
    }
    if leg.ep_rights {
        said.push(phrases::EP_RIGHTS);
    }
    if leg.jumping {
        said.push(if leg.reach == Reach::Steps(1) {
            phrases::MUST_JUMP
        } else {
            phrases::SKIPS_FIRST
        });
    }
    if leg.iso {
        said.push(phrases::ISO);
    }
    if leg.unload {
        said.push(phrases::UNLOAD);
    }
    match leg.wrap {
        Wrap::None => {}
        Wrap::Cylinder => said.push(phrases::CYLINDER),
        Wrap::Torus => said.push(phrases::TORUS),
        // Said with its files by `leg_line`.
        Wrap::Files { .. } => {}
    }
    match leg.bend {
        None => {}
        Some(Bend::Circular) => said.push(phrases::CIRCULAR),
        Some(Bend::ZigZag) => said.push(phrases::ZIG_ZAG),
    }
    said
}

fn mode_words(leg: &Leg, is_final: bool) -> String {
    if leg.default_modes {
        return if is_final {
            DEFAULT_FINAL
        } else {
            DEFAULT_EARLIER
        }
        .to_owned();
    }
    modes_words(leg.modes, leg.toggles_next, is_final)
}

/// The modes written on a leg, in words; `toggles` when the leg toggles the next one's range.
fn modes_words(m: Modes, toggles: bool, is_final: bool) -> String {
    let letters = [
        (m.to_empty && !(toggles && !m.hop && !is_final), Modifier::M),
        (m.to_empty && toggles && !m.hop && !is_final, Modifier::Y),
        (m.capture_enemy, Modifier::C),
        (m.capture_friend, Modifier::D),
        (m.en_passant, Modifier::E),
        (m.hop && !toggles, Modifier::P),
        (m.hop && toggles, Modifier::G),
        (m.royal, Modifier::K),
        (m.excite, Modifier::X),
    ];
    let mut words: Vec<&str> = letters
        .iter()
        .filter(|(on, _)| *on)
        .filter_map(|(_, modifier)| modifier.mode_phrase())
        .map(|p| if is_final { p.final_leg } else { p.earlier_leg })
        .collect();
    words.extend(match (m.swap_enemy, m.swap_friend) {
        (true, true) => Some(phrases::SWAP_ANY),
        (true, false) => Some(phrases::SWAP_ENEMY),
        (false, true) => Some(phrases::SWAP_FRIEND),
        (false, false) => None,
    });
    words.join(", or ")
}
