//! A move while MBN's lowering builds it: its legs, the board ranges written on it, and what
//! its last leaps can be, for the next leg to turn from.

use rowan::TextRange;

use super::directions::{Size, representative, size, sizes};
use crate::model::region::Regions;
use crate::model::{Initial, Leg, LegSteps, Modes, Move, MoveKind};
use crate::notation::mbn::vocabulary::Directional;

/// A move being built: its legs and initial-only flag.
#[derive(Debug, Clone, Default)]
pub(super) struct Path {
    pub(super) legs: Vec<Leg>,
    pub(super) initial: Initial,
    /// The directional modifiers written for the first leg: relative when it is chained.
    pub(super) directions: Vec<Directional>,
    /// The sizes of the first leg's leaps before its letters chose among them as if it stood
    /// alone: a chained leg turns from the leg before instead.
    pub(super) first_sizes: Vec<Size>,
    /// What its last leaps can be, for the next leg to turn from.
    pub(super) ends: Ends,
    /// The board ranges written on it: where it may start and end.
    pub(super) regions: Regions,
    /// MBN's `U`, the universal leaper: a leap to every square of the board but its own, with
    /// no legs.
    pub(super) universal: bool,
}

impl Path {
    /// The move this path makes, written at `source`.
    pub(super) fn into_move(self, source: TextRange) -> Move {
        Move {
            kind: if self.universal {
                MoveKind::Universal(Modes::MOVE_OR_CAPTURE)
            } else {
                MoveKind::Legs
            },
            initial: self.initial,
            legs: self.legs,
            regions: self.regions,
            source,
        }
    }
}

/// The sizes the last leap of a path can have (its own, or those its turns give from the leg
/// before), and those of the leg before it: kept with the path as legs are added, so a join
/// does not read a long chain again from its start.
#[derive(Debug, Clone, Default)]
pub(super) struct Ends {
    pub(super) last: Vec<Size>,
    pub(super) before_last: Vec<Size>,
}

impl Ends {
    /// The ends of the legs of a path built some other way than by joining.
    pub(super) fn of(legs: &[Leg]) -> Ends {
        Ends::default().then(legs)
    }

    /// The ends once `legs` follow.
    pub(super) fn then(mut self, legs: &[Leg]) -> Ends {
        for leg in legs {
            let next = match &leg.steps {
                LegSteps::Absolute(_) => sizes(leg),
                LegSteps::Relative(turns) | LegSteps::Unvisited(turns) => {
                    turned_sizes(&self.last, turns)
                }
                LegSteps::Chiral {
                    after_right,
                    after_left,
                    unbent,
                    ..
                } => {
                    let turns: Vec<u8> = [after_right, after_left, unbent]
                        .into_iter()
                        .flatten()
                        .copied()
                        .collect();
                    turned_sizes(&self.last, &turns)
                }
            };
            self.before_last = std::mem::replace(&mut self.last, next);
        }
        self
    }
}

/// The sizes of the leaps that `turns` make from leaps of the sizes `from`, each once.
fn turned_sizes(from: &[Size], turns: &[u8]) -> Vec<Size> {
    let mut sizes: Vec<Size> = Vec::new();
    for turned in from
        .iter()
        .flat_map(|s| turns.iter().map(|t| size(representative(*s).turned(*t))))
    {
        if !sizes.contains(&turned) {
            sizes.push(turned);
        }
    }
    sizes
}

/// Makes the first leg of each path a `{}` leg, the whole path its part.
pub(super) fn when_open(paths: &mut [Path]) {
    for path in paths.iter_mut() {
        let legs = path.legs.len();
        if let Some(first) = path.legs.first_mut() {
            first.when_open = true;
            first.brace_legs = legs;
        }
    }
}
