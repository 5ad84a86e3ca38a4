//! MBN's direction letters (seed 002, "Modifier Prefixes" and its tables): which leaps a
//! first leg's letters select, and which turns or reflections (`z`) a chained leg's letters
//! allow.

use crate::model::{Leg, LegSteps, Step};
use crate::notation::mbn::vocabulary::Direction::{self, *};
use crate::notation::mbn::vocabulary::Directional::{self, Amalgam, One};

/// A leap's size, its shorter part first: the same for every orientation.
pub(super) type Size = (u8, u8);

pub(super) fn size(step: Step) -> Size {
    let (short, long) = step.shape();
    (short.unsigned_abs(), long.unsigned_abs())
}

/// A leap of size `(short, long)`, in one orientation: turning it gives the sizes of the others.
pub(super) fn representative((short, long): Size) -> Step {
    Step::new(
        i8::try_from(short).unwrap_or(i8::MAX),
        i8::try_from(long).unwrap_or(i8::MAX),
    )
}

/// The sizes of the leaps a leg written with its own steps makes, each once; none for a leg
/// that turns from the one before.
pub(super) fn sizes(leg: &Leg) -> Vec<Size> {
    let mut sizes: Vec<Size> = Vec::new();
    if let LegSteps::Absolute(steps) = &leg.steps {
        for s in steps.iter().map(|s| size(*s)) {
            if !sizes.contains(&s) {
                sizes.push(s);
            }
        }
    }
    sizes
}

/// The turns (eighths, clockwise) from a leap of size `previous` that give one of `next`'s
/// sizes and go the way the directional modifiers say, relative to the leg before (seed 002:
/// "directions are always measured relative to the previous leg"; "in the right-hand part of a
/// chaining operator f is implied by default"). A doubled letter keeps to its own line (`ff`
/// straight on) and an amalgam to the diagonal between its letters (`(fr)` one eighth right:
/// notes MB17).
pub(super) fn relative_turns(previous: Size, next: &[Size], directions: &[Directional]) -> Vec<u8> {
    let allowed = |turn: u8| {
        if directions.is_empty() {
            return [7, 0, 1].contains(&turn);
        }
        directions.iter().any(|directional| {
            let turns: &[u8] = match directional {
                One(Forward) => &[7, 0, 1],
                One(Backward) => &[3, 4, 5],
                One(Left) => &[5, 6, 7],
                One(Right) => &[1, 2, 3],
                One(Vertical) => &[7, 0, 1, 3, 4, 5],
                One(Sideways) => &[1, 2, 3, 5, 6, 7],
                One(Any) => &[0, 1, 2, 3, 4, 5, 6, 7],
                // "t … moves into the opposite direction as in the previous move. But when
                // doubled (tt) then it means: the piece don't makes a turn" (notes MB29).
                One(Turn) => &[4],
                Amalgam(Turn, Turn) => &[0, 1, 2, 3, 5, 6, 7],
                Amalgam(Forward, Forward) => &[0],
                Amalgam(Backward, Backward) => &[4],
                Amalgam(Right, Right) => &[2],
                Amalgam(Left, Left) => &[6],
                Amalgam(Vertical, Vertical) => &[0, 4],
                Amalgam(Sideways, Sideways) => &[2, 6],
                Amalgam(Forward, Right) | Amalgam(Right, Forward) => &[1],
                Amalgam(Backward, Right) | Amalgam(Right, Backward) => &[3],
                Amalgam(Backward, Left) | Amalgam(Left, Backward) => &[5],
                Amalgam(Forward, Left) | Amalgam(Left, Forward) => &[7],
                _ => &[],
            };
            turns.contains(&turn)
        })
    };
    let from = representative(previous);
    let fits = |t: &u8| next.contains(&size(from.turned(*t)));
    let mut turns: Vec<u8> = (0..8u8).filter(|t| allowed(*t) && fits(t)).collect();
    // `f` (written or implied) goes straight on where the next leg can ("subsequent legs will
    // go in the same direction as the previous one", the Monkey's "square immediately
    // beyond"), and bends 45° only where it cannot (`W-fF`, the Xiangqi Horse): notes MB11.
    let forward = directions.is_empty() || directions.contains(&One(Forward));
    let others_allow = |t: u8| {
        directions
            .iter()
            .filter(|d| **d != One(Forward))
            .any(|d| relative_turns(previous, next, std::slice::from_ref(d)).contains(&t))
    };
    if forward && fits(&0) {
        turns.retain(|t| *t == 0 || others_allow(*t));
    }
    turns
}

/// Which line a direction selects along: (vertical?, sign: 0 = either way); `None` for `d`, `t`
/// and `z`, which select no line of their own.
fn along(direction: Direction) -> Option<(bool, i8)> {
    Some(match direction {
        Forward => (true, 1),
        Backward => (true, -1),
        Vertical => (true, 0),
        Right => (false, 1),
        Left => (false, -1),
        Sideways => (false, 0),
        Any | Turn | Reflection => return None,
    })
}

/// Whether a directional modifier (one letter, a doubled one, or an amalgam) selects `step`, by
/// seed 002's tables: a single letter takes the leaps whose longer part goes its way (diagonals
/// count for both), a doubled one those whose longer part strictly does, and an amalgam `(xy)`
/// puts x on the shorter part and y on the longer.
pub(super) fn selects(directional: Directional, step: Step) -> bool {
    let (dx, dy) = (step.dx, step.dy);
    let sign_ok = |sign: i8, value: i8| value != 0 && (sign == 0 || sign == value.signum());
    match directional {
        One(Any) => true,
        // `s` is purely sideways: a diagonal belongs to the vertical letters and to `l`/`r`,
        // not to `s` (notes MB23: "the s modifier in Pawn definition is superfluous in 2D").
        One(Sideways) => sign_ok(0, dx) && dx.abs() > dy.abs(),
        One(one) => along(one).is_some_and(|(vertical, sign)| {
            if vertical {
                sign_ok(sign, dy) && dy.abs() >= dx.abs()
            } else {
                sign_ok(sign, dx) && dx.abs() >= dy.abs()
            }
        }),
        Amalgam(a, b) if a == b => along(a).is_some_and(|(vertical, sign)| {
            if vertical {
                sign_ok(sign, dy) && dy.abs() > dx.abs()
            } else {
                sign_ok(sign, dx) && dx.abs() > dy.abs()
            }
        }),
        Amalgam(short, long) => {
            let (Some(s), Some(l)) = (along(short), along(long)) else {
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
    }
}

/// The steps of a leg written with `directions` that chains on after a leap of size
/// `previous` (the last leg of `before`), or `None` when no leap of its sizes `next` goes so.
pub(super) fn turned_steps(
    before: &[Leg],
    previous: Size,
    next: &[Size],
    directions: &[Directional],
) -> Option<LegSteps> {
    if directions.contains(&One(Reflection)) {
        return reflected(before, previous, next, directions);
    }
    let turns = relative_turns(previous, next, directions);
    (!turns.is_empty()).then_some(LegSteps::Relative(turns))
}

/// `z` after a leap of size `previous`: seed 002's "If the last move can be described with
/// vector (α β), then the succeeding move (prefixed with z) will be either (-α β), if last move
/// was a sidewards move, or (α -β), if last move was a vertical move", so a Wazir's step comes
/// back (as `t`) and an oblique leap keeps its longer part. A diagonal step is neither: it is
/// reflected either way after a leg that went straight, and after a bend the way that undoes
/// it, so `(zF)0` goes "a zig-zag line" (the Boyscout `F-[(zF)0]`), as XBetza's Crooked
/// Bishop (notes MB29). An oblique leap is drawn after its own leg only: a turned leg's lean is
/// its turn's, not its shape's.
fn reflected(
    before: &[Leg],
    previous: Size,
    next: &[Size],
    directions: &[Directional],
) -> Option<LegSteps> {
    if directions.len() != 1 || !next.contains(&previous) {
        return None;
    }
    let (short, long) = previous;
    if short == 0 {
        return Some(LegSteps::Relative(vec![4]));
    }
    let diagonal = short == long;
    let after_own_leg = matches!(before.last().map(|l| &l.steps), Some(LegSteps::Absolute(_)));
    if !diagonal && !after_own_leg {
        return None;
    }
    // Eighths clockwise: a diagonal reflected turns a quarter, the other way from its last
    // bend; an oblique leap leaning right of its line, (1,2), turns three eighths to (1,-2).
    let (after_right, after_left, unbent) = if diagonal {
        (vec![6], vec![2], vec![2, 6])
    } else {
        (vec![3], vec![5], Vec::new())
    };
    Some(LegSteps::Chiral {
        after_right,
        after_left,
        unbent,
        same_way: false,
    })
}
