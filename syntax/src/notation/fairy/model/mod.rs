//! The `fairy` dialect: Fairy-Stockfish's own data model of a piece ([`EnginePiece`], read as
//! its `from_betza` reads), its direction tokens and its lame-leaper path (notes F1–F8); moves
//! are generated from the model in `board::engine`.
//!
//! Letters are read in twos: a letter followed by the same letter, or a vertical (`f b v h`)
//! followed by a horizontal (`r l s h`) or the reverse, makes one two-letter token; any other
//! letter stands for itself doubled (`f` reads as `ff`). Each of an atom's eight orientations is
//! selected by a fixed list of tokens. On a lone orthogonal atom (W D H R) a mixed token splits
//! into its two letters doubled, so `fsW` is `ff` + `ss`; K and Q are W+F and R+B, where tokens
//! do not split, which is why `frK` is only the right step and the forward-right diagonal.

mod engine;

pub use crate::model::engine::{
    AtomReading, Directions, EnginePiece, Entry, Modality, Overwrite, Table, Writes, lame_path,
};

use crate::Dialect;
use crate::model::{BoardSize, Piece, Step};

/// The model of a piece in the `fairy` dialect: the engine's data model, from which its moves
/// are generated; it has no legs of its own.
pub fn piece(text: &str) -> Piece {
    Piece {
        dialect: Dialect::Fairy,
        moves: Vec::new(),
        incomplete: false,
        not_drawn: Vec::new(),
        engine: Some(Box::new(EnginePiece::read(text))),
        walk: crate::model::WalkRules::default(),
    }
}

/// The largest board the engine accepts (its LARGEBOARDS build: 12 files by 10 ranks).
pub const LARGEST_BOARD: BoardSize = BoardSize {
    files: 12,
    ranks: 10,
};

const VERTICALS: &str = "fbvh";
const HORIZONTALS: &str = "rlsh";

/// Whether direction letter `c` followed by `next` makes one token: the same letter twice, or a
/// vertical and a horizontal in either order (`h` is both).
fn combines(c: char, next: char) -> bool {
    next == c
        || (VERTICALS.contains(c) && HORIZONTALS.contains(next))
        || (HORIZONTALS.contains(c) && VERTICALS.contains(next))
}

/// One orientation of a leap with `long` steps one way and `short` the other: the step as
/// multiples of (long, short), and the tokens that select it.
struct Orientation {
    dx: (i8, i8),
    dy: (i8, i8),
    selected_by: &'static [&'static str],
}

const fn orientation(
    dx: (i8, i8),
    dy: (i8, i8),
    selected_by: &'static [&'static str],
) -> Orientation {
    Orientation {
        dx,
        dy,
        selected_by,
    }
}

/// The engine's eight orientations, in its order.
const ORIENTATIONS: [Orientation; 8] = [
    orientation((0, 1), (1, 0), &["ff", "vv", "rf", "rv", "fh", "rh", "hr"]),
    orientation(
        (0, -1),
        (-1, 0),
        &["bb", "vv", "lb", "lv", "bh", "lh", "hr"],
    ),
    orientation((1, 0), (0, -1), &["rr", "ss", "br", "bs", "bh", "rh", "hr"]),
    orientation((-1, 0), (0, 1), &["ll", "ss", "fl", "fs", "fh", "lh", "hr"]),
    orientation((1, 0), (0, 1), &["rr", "ss", "fr", "fs", "fh", "rh", "hl"]),
    orientation(
        (-1, 0),
        (0, -1),
        &["ll", "ss", "bl", "bs", "bh", "lh", "hl"],
    ),
    orientation((0, 1), (-1, 0), &["bb", "vv", "rb", "rv", "bh", "rh", "hl"]),
    orientation((0, -1), (1, 0), &["ff", "vv", "lf", "lv", "fh", "lh", "hl"]),
];

/// The steps of the leap (`long`, `short`) that `tokens` select; `lone_orthogonal` is true for
/// W, D, H and R written alone, where mixed tokens split.
pub fn select(tokens: &[[char; 2]], long: i8, short: i8, lone_orthogonal: bool) -> Vec<Step> {
    let mut names: Vec<String> = Vec::new();
    for [a, b] in tokens {
        if lone_orthogonal && short == 0 && a != b {
            names.push(format!("{a}{a}"));
            names.push(format!("{b}{b}"));
        } else {
            names.push(format!("{a}{b}"));
        }
    }
    let mut steps: Vec<Step> = Vec::new();
    for o in &ORIENTATIONS {
        if !tokens.is_empty() && !o.selected_by.iter().any(|s| names.iter().any(|n| n == s)) {
            continue;
        }
        let step = Step::new(
            o.dx.0 * long + o.dx.1 * short,
            o.dy.0 * long + o.dy.1 * short,
        );
        if !steps.contains(&step) {
            steps.push(step);
        }
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The directions the engine stores for `letters` before `atom`.
    fn squares(letters: &str, atom: char) -> Vec<(i8, i8)> {
        let piece = EnginePiece::read(&format!("{letters}{atom}"));
        let mut out: Vec<(i8, i8)> = piece
            .atoms
            .first()
            .map(|a| a.steps.iter().map(|s| (s.dx, s.dy)).collect())
            .unwrap_or_default();
        out.sort();
        out
    }

    #[test]
    fn oblique_pairs_follow_the_engine() {
        // Reference: `fN` = `ffN` = the two narrow forward moves; `fsN` = the two wide forward;
        // `fhN` = all four forward; `frN` = one (flat), `rfN` = one (steep).
        assert_eq!(squares("f", 'N'), [(-1, 2), (1, 2)]);
        assert_eq!(squares("fs", 'N'), [(-2, 1), (2, 1)]);
        assert_eq!(squares("fh", 'N').len(), 4);
        assert_eq!(squares("fr", 'N'), [(2, 1)]);
        assert_eq!(squares("rf", 'N'), [(1, 2)]);
        // `h` alone selects nothing.
        assert_eq!(squares("h", 'N'), []);
    }

    #[test]
    fn orthogonal_atoms_split_mixed_tokens_only_when_alone() {
        // fsW (the soldier) is forward and both sideways; in K the W part of `fr` is just right.
        assert_eq!(squares("fs", 'W'), [(-1, 0), (0, 1), (1, 0)]);
        let king: Vec<(i8, i8)> = squares("fr", 'K');
        assert_eq!(king, [(1, 0), (1, 1)]);
    }

    #[test]
    fn lame_paths_step_along_the_longer_axis_first() {
        let path = |dx, dy| {
            lame_path(Step::new(dx, dy))
                .map(|s| (s.dx, s.dy))
                .collect::<Vec<_>>()
        };
        assert_eq!(path(1, 2), [(0, 1)]);
        assert_eq!(path(2, 2), [(1, 1)]);
        assert_eq!(path(0, 2), [(0, 1)]);
        assert_eq!(path(2, 3), [(0, 1), (1, 2)]);
    }
}
