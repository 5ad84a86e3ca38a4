//! MBN's direction letters (seed 002, "Modifier Prefixes" and its tables): which leaps a
//! first leg's letters select, and which turns a chained leg's letters allow.

use crate::board::Step;
use crate::model::{Leg, LegSteps};

/// A leap's size, its shorter part first: the same for every orientation.
fn size(step: Step) -> (u8, u8) {
    let (a, b) = (step.dx.unsigned_abs(), step.dy.unsigned_abs());
    (a.min(b), a.max(b))
}

/// The leap a leg makes, when it has one shape (for chaining).
pub(super) fn shape(leg: &Leg) -> Option<Step> {
    match &leg.steps {
        LegSteps::Absolute(steps) => {
            let first = *steps.first()?;
            let size = |s: Step| {
                let (a, b) = (s.dx.unsigned_abs(), s.dy.unsigned_abs());
                (a.min(b), a.max(b))
            };
            steps
                .iter()
                .all(|s| size(*s) == size(first))
                .then_some(first)
        }
        _ => Some(Step::new(0, 1)),
    }
}

/// The turns (eighths, clockwise) from `previous` that give `next`'s shape and go the way the
/// letters say, relative to the leg before (seed 002: "directions are always measured relative
/// to the previous leg"; "in the right-hand part of a chaining operator f is implied by
/// default"). Amalgams and doubled letters have no relative reading yet: no turns.
pub(super) fn relative_turns(previous: Step, next: Step, letters: &[String]) -> Vec<u8> {
    let allowed = |turn: u8| {
        if letters.is_empty() {
            return [7, 0, 1].contains(&turn);
        }
        letters.iter().any(|l| match l.as_str() {
            "f" => [7, 0, 1].contains(&turn),
            "b" => [3, 4, 5].contains(&turn),
            "l" => [5, 6, 7].contains(&turn),
            "r" => [1, 2, 3].contains(&turn),
            "v" => ![2, 6].contains(&turn),
            "s" => ![0, 4].contains(&turn),
            "d" => true,
            _ => false,
        })
    };
    (0..8u8)
        .filter(|t| allowed(*t) && size(previous.turned(*t)) == size(next))
        .collect()
}

/// Whether direction letters `letters` (one letter, a doubled one, or an amalgam) select
/// `step`, by seed 002's tables: a single letter takes the leaps whose longer part goes its
/// way (diagonals count for both), a doubled one those whose longer part strictly does, and
/// an amalgam `(xy)` puts x on the shorter part and y on the longer.
pub(super) fn selects(letters: &str, step: Step) -> bool {
    let (dx, dy) = (step.dx, step.dy);
    let along = |letter: char| -> Option<(bool, i8)> {
        // (vertical?, sign: 0 = either)
        Some(match letter {
            'f' => (true, 1),
            'b' => (true, -1),
            'v' => (true, 0),
            'r' => (false, 1),
            'l' => (false, -1),
            's' => (false, 0),
            _ => return None,
        })
    };
    let sign_ok = |sign: i8, value: i8| value != 0 && (sign == 0 || sign == value.signum());
    let chars: Vec<char> = letters.chars().collect();
    match chars.as_slice() {
        ['d'] => true,
        [one] => along(*one).is_some_and(|(vertical, sign)| {
            if vertical {
                sign_ok(sign, dy) && dy.abs() >= dx.abs()
            } else {
                sign_ok(sign, dx) && dx.abs() >= dy.abs()
            }
        }),
        [a, b] if a == b => along(*a).is_some_and(|(vertical, sign)| {
            if vertical {
                sign_ok(sign, dy) && dy.abs() > dx.abs()
            } else {
                sign_ok(sign, dx) && dx.abs() > dy.abs()
            }
        }),
        [short, long] => {
            let (Some(s), Some(l)) = (along(*short), along(*long)) else {
                return false;
            };
            let on = |(vertical, sign): (bool, i8)| {
                if vertical {
                    sign_ok(sign, dy)
                } else {
                    sign_ok(sign, dx)
                }
            };
            if dx.abs() == dy.abs() {
                s.0 != l.0 && on(s) && on(l)
            } else {
                let short_vertical = dy.abs() < dx.abs();
                s.0 == short_vertical && l.0 != short_vertical && on(s) && on(l)
            }
        }
        _ => false,
    }
}
