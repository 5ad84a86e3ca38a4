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

/// The candidates that direction letters select relative to `previous` (seed 001: `f` the
/// most forward single or pair, `b` the most backward, `l`/`r` the left- or right-most, `s`
/// and `v` both, `a` all; a pair such as `rf` the first opportunity to that side that is not
/// straight ahead, `rb` the last before straight back). Notes C3.
pub(super) fn relative(previous: Step, candidates: &[Step], letters: &str) -> Vec<Step> {
    const EPSILON: f64 = 1e-6;
    let angles: Vec<(Step, f64)> = candidates
        .iter()
        .map(|s| (*s, angle(previous, *s)))
        .collect();
    let extreme = |keep: &dyn Fn(f64) -> bool, score: &dyn Fn(f64) -> f64| -> Vec<Step> {
        let pool: Vec<&(Step, f64)> = angles.iter().filter(|(_, a)| keep(*a)).collect();
        let best = pool
            .iter()
            .map(|(_, a)| score(*a))
            .fold(f64::INFINITY, f64::min);
        pool.iter()
            .filter(|(_, a)| (score(*a) - best).abs() < EPSILON)
            .map(|(s, _)| *s)
            .collect()
    };
    // How far (in degrees) a candidate at angle `a` is from the way a letter points.
    let toward = |letter: char, a: f64| match letter {
        'f' => a.abs(),
        'b' => 180.0 - a.abs(),
        'l' => (a - 90.0).abs(),
        _ => (a + 90.0).abs(),
    };
    let pick = |keep: &dyn Fn(f64) -> bool| -> Vec<Step> {
        angles
            .iter()
            .filter(|(_, a)| keep(*a))
            .map(|(s, _)| *s)
            .collect()
    };
    let left = |a: f64| a > EPSILON && a < 180.0 - EPSILON;
    let right = |a: f64| a < -EPSILON && a > -180.0 + EPSILON;
    let chars: Vec<char> = if letters.is_empty() {
        vec!['f']
    } else {
        letters.chars().collect()
    };
    let mut chosen: Vec<Step> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let pair = chars.get(i + 1).map(|next| (chars[i], *next));
        let (found, width) = match pair {
            Some(('f', 'r') | ('r', 'f')) => (extreme(&right, &|a| a.abs()), 2),
            Some(('f', 'l') | ('l', 'f')) => (extreme(&left, &|a| a.abs()), 2),
            Some(('b', 'r') | ('r', 'b')) => (extreme(&right, &|a| -a.abs()), 2),
            Some(('b', 'l') | ('l', 'b')) => (extreme(&left, &|a| -a.abs()), 2),
            // "fh forward half: forward-most four of 8"; "fs … fh but not f"; "ff … forward-most
            // two of 8"; "Similar for b (bb, bh, bs), l and r".
            Some((side, 'h')) if "fblr".contains(side) => {
                (pick(&|a| toward(side, a) < 90.0 - EPSILON), 2)
            }
            Some((side, 's')) if "fb".contains(side) => {
                let nearest = extreme(&|_| true, &|a| toward(side, a));
                (
                    pick(&|a| toward(side, a) < 90.0 - EPSILON)
                        .into_iter()
                        .filter(|s| !nearest.contains(s))
                        .collect(),
                    2,
                )
            }
            Some((first, second)) if first == second && "fblr".contains(first) => {
                let mut by_angle: Vec<(Step, f64)> = angles
                    .iter()
                    .map(|(s, a)| (*s, toward(first, *a)))
                    .collect();
                by_angle.sort_by(|x, y| x.1.total_cmp(&y.1));
                let cut = by_angle.get(1).map_or(f64::INFINITY, |(_, a)| *a);
                (
                    by_angle
                        .iter()
                        .filter(|(_, a)| *a <= cut + EPSILON)
                        .map(|(s, _)| *s)
                        .collect(),
                    2,
                )
            }
            _ => {
                let found = match chars[i] {
                    'f' => extreme(&|_| true, &|a| a.abs()),
                    'b' => extreme(&|_| true, &|a| -a.abs()),
                    'l' => extreme(&left, &|a| (a - 90.0).abs()),
                    'r' => extreme(&right, &|a| (a + 90.0).abs()),
                    's' => {
                        let mut both = extreme(&left, &|a| (a - 90.0).abs());
                        both.extend(extreme(&right, &|a| (a + 90.0).abs()));
                        both
                    }
                    'v' => {
                        let mut both = extreme(&|_| true, &|a| a.abs());
                        both.extend(extreme(&|_| true, &|a| -a.abs()));
                        both
                    }
                    'a' => candidates.to_vec(),
                    // `e` is a length, not a direction.
                    _ => Vec::new(),
                };
                (found, 1)
            }
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
