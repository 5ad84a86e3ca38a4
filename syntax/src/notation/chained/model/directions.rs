//! Directions in chained Betza (seed 001): a later leg's letters relative to the step before,
//! measured by angle (notes C3), and a move's own letters by where its whole path ends (C4).

use crate::model::directions::{System, select, terms};
use crate::model::{Step, orientations};

/// The signed angle from `a` to `b` in degrees, anticlockwise (left) positive.
fn angle(a: Step, b: Step) -> f64 {
    let (ax, ay, bx, by) = (
        f64::from(a.dx),
        f64::from(a.dy),
        f64::from(b.dx),
        f64::from(b.dy),
    );
    (ax * by - ay * bx).atan2(ax * bx + ay * by).to_degrees()
}

/// Angles closer than this are equal: the candidates' angles come from `atan2` of small
/// integers.
const EPSILON: f64 = 1e-6;

/// The candidates that direction letters select relative to `previous` (seed 001: `f` the
/// most forward single or pair, `b` the most backward, `l`/`r` the left- or right-most, `s`
/// and `v` both, `a` all; a pair such as `rf` the first opportunity to that side that is not
/// straight ahead, `rb` the last before straight back). Notes C3.
pub(super) fn relative(previous: Step, candidates: &[Step], letters: &str) -> Vec<Step> {
    let around = Around::new(previous, candidates);
    let chars: Vec<char> = if letters.is_empty() {
        vec!['f']
    } else {
        letters.chars().collect()
    };
    let mut chosen: Vec<Step> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let pair = chars
            .get(i + 1)
            .and_then(|next| around.pair(chars[i], *next));
        let (found, width) = match pair {
            Some(found) => (found, 2),
            None => (around.single(chars[i]), 1),
        };
        for step in found {
            if !chosen.contains(&step) {
                chosen.push(step);
            }
        }
        i += width;
    }
    // `e` alone, or letters that select nothing: straight on, the default.
    if chosen.is_empty() && chars.iter().all(|c| *c == 'e') {
        return relative(previous, candidates, "f");
    }
    candidates
        .iter()
        .copied()
        .filter(|s| chosen.contains(s))
        .collect()
}

/// Candidate steps with their signed angle from the previous step (left positive).
struct Around {
    angles: Vec<(Step, f64)>,
}

impl Around {
    fn new(previous: Step, candidates: &[Step]) -> Around {
        Around {
            angles: candidates
                .iter()
                .map(|s| (*s, angle(previous, *s)))
                .collect(),
        }
    }

    /// The candidates that `keep` allows with the lowest `score`, all of them on a tie.
    fn extreme(&self, keep: impl Fn(f64) -> bool, score: impl Fn(f64) -> f64) -> Vec<Step> {
        let pool: Vec<&(Step, f64)> = self.angles.iter().filter(|(_, a)| keep(*a)).collect();
        let best = pool
            .iter()
            .map(|(_, a)| score(*a))
            .fold(f64::INFINITY, f64::min);
        pool.iter()
            .filter(|(_, a)| (score(*a) - best).abs() < EPSILON)
            .map(|(s, _)| *s)
            .collect()
    }

    /// Every candidate that `keep` allows.
    fn pick(&self, keep: impl Fn(f64) -> bool) -> Vec<Step> {
        self.angles
            .iter()
            .filter(|(_, a)| keep(*a))
            .map(|(s, _)| *s)
            .collect()
    }

    /// Two letters read as one direction, or `None` when they are read one by one.
    fn pair(&self, first: char, second: char) -> Option<Vec<Step>> {
        Some(match (first, second) {
            ('f', 'r') | ('r', 'f') => self.extreme(right, |a| a.abs()),
            ('f', 'l') | ('l', 'f') => self.extreme(left, |a| a.abs()),
            ('b', 'r') | ('r', 'b') => self.extreme(right, |a| -a.abs()),
            ('b', 'l') | ('l', 'b') => self.extreme(left, |a| -a.abs()),
            // "fh forward half: forward-most four of 8"; "fs … fh but not f"; "ff … forward-most
            // two of 8"; "Similar for b (bb, bh, bs), l and r".
            (side, 'h') if "fblr".contains(side) => self.pick(|a| toward(side, a) < 90.0 - EPSILON),
            (side, 's') if "fb".contains(side) => {
                let nearest = self.extreme(|_| true, |a| toward(side, a));
                self.pick(|a| toward(side, a) < 90.0 - EPSILON)
                    .into_iter()
                    .filter(|s| !nearest.contains(s))
                    .collect()
            }
            (side, again) if side == again && "fblr".contains(side) => {
                let mut by_angle: Vec<(Step, f64)> = self
                    .angles
                    .iter()
                    .map(|(s, a)| (*s, toward(side, *a)))
                    .collect();
                by_angle.sort_by(|x, y| x.1.total_cmp(&y.1));
                let cut = by_angle.get(1).map_or(f64::INFINITY, |(_, a)| *a);
                by_angle
                    .iter()
                    .filter(|(_, a)| *a <= cut + EPSILON)
                    .map(|(s, _)| *s)
                    .collect()
            }
            _ => return None,
        })
    }

    /// One letter read alone.
    fn single(&self, letter: char) -> Vec<Step> {
        match letter {
            'f' => self.extreme(|_| true, |a| a.abs()),
            'b' => self.extreme(|_| true, |a| -a.abs()),
            'l' => self.extreme(left, |a| (a - 90.0).abs()),
            'r' => self.extreme(right, |a| (a + 90.0).abs()),
            's' => {
                let mut both = self.single('l');
                both.extend(self.single('r'));
                both
            }
            'v' => {
                let mut both = self.single('f');
                both.extend(self.single('b'));
                both
            }
            'a' => self.angles.iter().map(|(s, _)| *s).collect(),
            // `e` is a length, not a direction.
            _ => Vec::new(),
        }
    }
}

/// Whether a candidate at angle `a` lies to the left, not straight on nor straight back.
fn left(a: f64) -> bool {
    a > EPSILON && a < 180.0 - EPSILON
}

/// Whether a candidate at angle `a` lies to the right, not straight on nor straight back.
fn right(a: f64) -> bool {
    a < -EPSILON && a > -180.0 + EPSILON
}

/// How far (in degrees) a candidate at angle `a` is from the way `letter` points.
fn toward(letter: char, a: f64) -> f64 {
    match letter {
        'f' => a.abs(),
        'b' => 180.0 - a.abs(),
        'l' => (a - 90.0).abs(),
        _ => (a + 90.0).abs(),
    }
}

/// Whether the move's direction letters select the path by its overall displacement (each
/// leg counted once, slides by their first step; a path back to the start by its first step).
pub(super) fn selected_overall(directions: &str, steps: &[Step]) -> bool {
    if directions.is_empty() {
        return true;
    }
    let (dx, dy) = steps.iter().fold((0i32, 0i32), |(x, y), s| {
        (x + i32::from(s.dx), y + i32::from(s.dy))
    });
    // A displacement beyond any board is no destination.
    let (Ok(dx), Ok(dy)) = (i8::try_from(dx), i8::try_from(dy)) else {
        return false;
    };
    let mut total = Step::new(dx, dy);
    if total == Step::new(0, 0) {
        total = steps.first().copied().unwrap_or(total);
    }
    // -128 has no i8 opposite; such a path is off every board anyway.
    let (Some(x), Some(y)) = (total.dx.checked_abs(), total.dy.checked_abs()) else {
        return false;
    };
    let all = orientations(&[(x, y)]);
    let letters: Vec<char> = directions.chars().collect();
    select(&terms(&letters), &all, System::Atom).contains(&total)
}
