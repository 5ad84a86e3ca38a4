//! Direction modifiers to step vectors (seed 000, "Directional modifiers").
//!
//! The letters of one leg are read left to right into terms: a vertical letter (`f b v`) next to
//! a horizontal one (`l r s`) forms a pair (`fr`, `rf`); a doubled letter (`ff`) stands alone
//! ("combining ... can be prevented by doubling the modifier"); `h` after a direction is a half
//! (`fh`: every move with a component that way), `h` before `l`/`r` a chiral set (`hr`). `v` and
//! `s` distribute over the letter they pair with ("vr means fr or br"). A leg's steps are the
//! union of what its terms select; no direction letters select every step of the atom.

use super::Step;

/// A direction letter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    Forward,
    Backward,
    Left,
    Right,
    /// `v`: forward or backward.
    Vertical,
    /// `s`: left or right.
    Sideways,
}

impl Direction {
    pub fn from_letter(letter: char) -> Option<Direction> {
        Some(match letter {
            'f' => Direction::Forward,
            'b' => Direction::Backward,
            'l' => Direction::Left,
            'r' => Direction::Right,
            'v' => Direction::Vertical,
            's' => Direction::Sideways,
            _ => return None,
        })
    }

    fn is_vertical(self) -> bool {
        matches!(
            self,
            Direction::Forward | Direction::Backward | Direction::Vertical
        )
    }

    /// The single directions it stands for: `v` is f or b, `s` is l or r.
    fn expand(self) -> &'static [Direction] {
        match self {
            Direction::Vertical => &[Direction::Forward, Direction::Backward],
            Direction::Sideways => &[Direction::Left, Direction::Right],
            Direction::Forward => &[Direction::Forward],
            Direction::Backward => &[Direction::Backward],
            Direction::Left => &[Direction::Left],
            Direction::Right => &[Direction::Right],
        }
    }

    /// How far `step` goes this way (negative: the other way).
    fn component(self, step: Step) -> i8 {
        match self {
            Direction::Forward => step.dy,
            Direction::Backward => -step.dy,
            Direction::Right => step.dx,
            Direction::Left => -step.dx,
            // Callers expand v and s first.
            Direction::Vertical | Direction::Sideways => 0,
        }
    }
}

/// One unit of meaning among a leg's direction letters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DirectionTerm {
    /// `f`, or `ff` when `doubled` (which only prevents combining).
    Single { direction: Direction, doubled: bool },
    /// Two perpendicular letters in the order written: `fr` (first Forward, second Right).
    Pair { first: Direction, second: Direction },
    /// `fh`, `rh`: every move with a component in that direction.
    Half(Direction),
    /// `hr` or `hl`: the four oblique moves related by rotation that stray right (left) of the
    /// orthogonals.
    Chiral { right: bool },
    /// `h` with nothing to combine with: selects nothing.
    LoneHalf,
}

/// Reads direction letters (`f b l r v s h`, in order) into terms.
pub fn terms(letters: &[char]) -> Vec<DirectionTerm> {
    let spanned: Vec<(char, ())> = letters.iter().map(|c| (*c, ())).collect();
    terms_with_sources(&spanned)
        .into_iter()
        .map(|(term, _)| term)
        .collect()
}

/// [`terms`], keeping for each term the sources (`S`: a text range, say) of its letters.
pub fn terms_with_sources<S: Copy>(letters: &[(char, S)]) -> Vec<(DirectionTerm, Vec<S>)> {
    let mut terms = Vec::new();
    let mut i = 0;
    while i < letters.len() {
        let (here, here_source) = letters[i];
        let next = letters.get(i + 1).map(|(c, _)| *c);
        let pair_sources = || {
            letters[i..(i + 2).min(letters.len())]
                .iter()
                .map(|(_, s)| *s)
                .collect()
        };
        let direction = Direction::from_letter(here);
        let next_direction = next.and_then(Direction::from_letter);
        let (term, width) = match (direction, next_direction) {
            (Some(d), _) if next == Some(here) => (
                DirectionTerm::Single {
                    direction: d,
                    doubled: true,
                },
                2,
            ),
            (Some(d), _) if next == Some('h') => (DirectionTerm::Half(d), 2),
            (Some(first), Some(second)) if first.is_vertical() != second.is_vertical() => {
                (DirectionTerm::Pair { first, second }, 2)
            }
            (Some(d), _) => (
                DirectionTerm::Single {
                    direction: d,
                    doubled: false,
                },
                1,
            ),
            (None, _) if matches!(next, Some('l' | 'r')) => (
                DirectionTerm::Chiral {
                    right: next == Some('r'),
                },
                2,
            ),
            (None, _) => (DirectionTerm::LoneHalf, 1),
        };
        let sources = if width == 2 {
            pair_sources()
        } else {
            vec![here_source]
        };
        terms.push((term, sources));
        i += width;
    }
    terms
}

/// How an atom's directions are named.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum System {
    /// Each atom its own: single letters select the moves that go furthest that way (one move
    /// for orthogonal atoms, a pair for diagonal and oblique ones); pairs narrow a pair down.
    Atom,
    /// K and Q: eight compass directions; `f` is straight forward only, `fr` the forward-right
    /// diagonal ("continuation legs always use the same system for specifying directions as the
    /// K atom", seed 000).
    Compass,
}

/// The steps of `all` (one atom's step set, white's orientation) that `terms` select.
pub fn select(terms: &[DirectionTerm], all: &[Step], system: System) -> Vec<Step> {
    if terms.is_empty() {
        return all.to_vec();
    }
    let mut chosen: Vec<Step> = Vec::new();
    for term in terms {
        for step in select_term(*term, all, system) {
            if !chosen.contains(&step) {
                chosen.push(step);
            }
        }
    }
    // Keep the atom's own order so output is deterministic whatever the letters' order.
    all.iter().copied().filter(|s| chosen.contains(s)).collect()
}

fn select_term(term: DirectionTerm, all: &[Step], system: System) -> Vec<Step> {
    match term {
        DirectionTerm::Single { direction, .. } => direction
            .expand()
            .iter()
            .flat_map(|d| furthest(*d, all, system))
            .collect(),
        DirectionTerm::Pair { first, second } => {
            let mut out = Vec::new();
            for a in first.expand() {
                for b in second.expand() {
                    out.extend(pair(*a, *b, all, system));
                }
            }
            out
        }
        DirectionTerm::Half(direction) => direction
            .expand()
            .iter()
            .flat_map(|d| all.iter().copied().filter(move |s| d.component(*s) > 0))
            .collect(),
        DirectionTerm::Chiral { right } => chiral(right, all),
        DirectionTerm::LoneHalf => Vec::new(),
    }
}

/// `f`: on the compass, the one step straight ahead; otherwise the steps that go furthest
/// forward (a pair for diagonal and oblique atoms, seed 000).
fn furthest(direction: Direction, all: &[Step], system: System) -> Vec<Step> {
    let along = |s: &Step| direction.component(*s);
    match system {
        System::Compass => all
            .iter()
            .copied()
            .filter(|s| along(s) > 0 && perpendicular(direction, *s) == 0)
            .collect(),
        System::Atom => {
            let Some(best) = all.iter().map(along).max().filter(|m| *m > 0) else {
                return Vec::new();
            };
            all.iter().copied().filter(|s| along(s) == best).collect()
        }
    }
}

fn perpendicular(direction: Direction, step: Step) -> i8 {
    if direction.is_vertical() {
        step.dx
    } else {
        step.dy
    }
}

/// A pair of perpendicular letters. Orthogonal atoms add them up (`frR` is "two slides, one
/// forward, the other to the right"); on the compass they name the diagonal between; otherwise
/// the *second* letter picks the pair and the first picks one move of it, so `frN` is the flat
/// forward-right leap and `rfN` the steep one (as XBoard and Fairy-Stockfish read it).
fn pair(first: Direction, second: Direction, all: &[Step], system: System) -> Vec<Step> {
    let orthogonal = all.iter().all(|s| s.dx == 0 || s.dy == 0);
    match system {
        System::Compass => all
            .iter()
            .copied()
            .filter(|s| first.component(*s) > 0 && second.component(*s) > 0)
            .collect(),
        System::Atom if orthogonal => {
            let mut out = furthest(first, all, system);
            out.extend(furthest(second, all, system));
            out
        }
        System::Atom => furthest(second, all, system)
            .into_iter()
            .filter(|s| first.component(*s) > 0)
            .collect(),
    }
}

/// The orbit under quarter turns of the forward move that leans right (`hr`) or left (`hl`).
/// On e4, hrN reaches f6, g3, d2 and c5 (seed 000). On an atom whose moves are all related by
/// quarter turns (W, F, K) the orbit is every move.
fn chiral(right: bool, all: &[Step]) -> Vec<Step> {
    let leaning = |s: &Step| if right { s.dx >= 0 } else { s.dx <= 0 };
    let Some(seed) = all
        .iter()
        .copied()
        .filter(|s| s.dy > 0 && leaning(s))
        .max_by_key(|s| (s.dy, -s.dx.abs()))
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut step = seed;
    for _ in 0..4 {
        out.push(step);
        step = step.clockwise();
    }
    all.iter().copied().filter(|s| out.contains(s)).collect()
}
