//! MBN's leapers (seed 002, sections 6 and 14): the basic pieces' leaps, the one-step legs
//! built from them, and `g`, which turns a slide into leaps.

use rowan::TextRange;

use super::directions::{selects, sizes};
use super::path::{Ends, Path};
use crate::model::{Initial, LONGEST_LINE, Leg, LegSteps, Reach, Step, orientations};
use crate::notation::mbn::vocabulary::Directional;

/// `g` (seed 002): "it moves like the given slider, but it is jumping (leaping) instead of
/// sliding": each distance of the slide becomes a leap of its own. `false` when the path is not
/// one slide.
pub(super) fn leap_over(path: &mut Path) -> bool {
    let [leg] = path.legs.as_mut_slice() else {
        return false;
    };
    let LegSteps::Absolute(steps) = &leg.steps else {
        return false;
    };
    let most = match leg.reach {
        Reach::Steps(n) if n > 1 => n,
        Reach::Unlimited => u32::try_from(LONGEST_LINE).unwrap_or(u32::MAX),
        _ => return false,
    };
    let mut leaps = Vec::new();
    for k in (1..=most).filter_map(|k| i8::try_from(k).ok()) {
        for step in steps {
            if let (Some(dx), Some(dy)) = (step.dx.checked_mul(k), step.dy.checked_mul(k)) {
                leaps.push(Step::new(dx, dy));
            }
        }
    }
    leg.steps = LegSteps::Absolute(leaps);
    leg.reach = Reach::Steps(1);
    path.ends = Ends::of(&path.legs);
    true
}

/// The leaps of the basic pieces that are plain leapers (section 14), by their shortest part
/// first; `K` is `W+F`.
pub(super) fn leaps_of(letter: char) -> Option<&'static [(i8, i8)]> {
    Some(match letter {
        'W' => &[(0, 1)],
        'F' => &[(1, 1)],
        'D' => &[(0, 2)],
        'N' => &[(1, 2)],
        'A' => &[(2, 2)],
        'H' => &[(0, 3)],
        'C' | 'L' => &[(1, 3)],
        'Z' | 'J' => &[(2, 3)],
        'T' | 'G' => &[(3, 3)],
        'K' => &[(0, 1), (1, 1)],
        _ => return None,
    })
}

/// The leaps of the basic leaper `letter` that direction letters `letters` (one letter, a
/// doubled one or an amalgam) select, for the lints; `None` when `letter` is no plain leaper or
/// `letters` no directional modifier.
pub(crate) fn selected_leaps(letters: &str, letter: char) -> Option<Vec<Step>> {
    let directional = Directional::from_letters(letters)?;
    let path = leaper(leaps_of(letter)?, TextRange::default());
    match &path.legs.first()?.steps {
        LegSteps::Absolute(steps) => Some(
            steps
                .iter()
                .copied()
                .filter(|s| selects(directional, *s))
                .collect(),
        ),
        _ => None,
    }
}

/// The definitions of seed 002's basic pieces that are not plain leapers (section 14).
pub(super) fn basic_piece(letter: char) -> Option<&'static str> {
    crate::notation::mbn::vocabulary::basic_piece(letter).map(|piece| piece.moves)
}

/// A one-step leg in every orientation of the given leaps.
pub(super) fn leaper(leaps: &[(i8, i8)], source: TextRange) -> Path {
    let leg = Leg::plain(
        LegSteps::Absolute(orientations(leaps)),
        Reach::Steps(1),
        source,
    );
    let legs = vec![leg];
    Path {
        first_sizes: sizes(&legs[0]),
        ends: Ends::of(&legs),
        legs,
        initial: Initial::Always,
        directions: Vec::new(),
        regions: Default::default(),
        universal: false,
    }
}
