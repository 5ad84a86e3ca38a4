//! Reference positions for comparing pieces by what they do rather than how they are written:
//! naming a piece, finding a move that adds nothing, telling where two engines disagree.

use super::{
    BoardSize, Generated, Occupant, Position, Side, Square, generate, generate_quickly,
    without_repeats,
};
use crate::model;

/// One move as a fingerprint sees it: destination, what it captures there, what it captures
/// on the way, where a captured piece reappears.
pub type MoveTrace = (Square, Option<Occupant>, Vec<Square>, Option<Square>);

/// What a piece does in each reference position: every distinct move, sorted, and the empty
/// squares where it could capture an enemy.
pub type Fingerprint = Vec<(Vec<MoveTrace>, Vec<Square>)>;

fn squares(names: &[&str]) -> Vec<Square> {
    names.iter().filter_map(|n| n.parse().ok()).collect()
}

/// The reference positions: an empty board (first), the same with friends and enemies around
/// (and with colours swapped), a piece that has moved, black, and a corner.
pub fn positions() -> &'static [Position] {
    static POSITIONS: std::sync::OnceLock<Vec<Position>> = std::sync::OnceLock::new();
    POSITIONS.get_or_init(|| {
        let size = BoardSize {
            files: 15,
            ranks: 15,
        };
        let centre = Square { file: 7, rank: 7 };
        // Pieces next to the centre on every side, and further out on lines and leaps, so lame
        // leaps, hops and locusts show.
        let near = squares(&["h9", "i7", "e8", "h12", "g6", "j7"]);
        let far = squares(&["g8", "j9", "f7", "h6", "k8", "i9", "e11", "f10"]);
        let corner = Square { file: 0, rank: 0 };
        [
            Position::new(size, centre, Side::White, false, &[], &[]),
            Position::new(size, centre, Side::White, false, &near, &far),
            Position::new(size, centre, Side::White, false, &far, &near),
            Position::new(size, centre, Side::White, true, &[], &[]),
            Position::new(size, centre, Side::Black, false, &near, &far),
            Position::new(size, corner, Side::White, false, &[], &[]),
        ]
        .into_iter()
        .filter_map(Result::ok)
        .collect()
    })
}

/// What a piece does in every reference position.
pub fn fingerprint(piece: &model::Piece) -> Fingerprint {
    // Thousands of copies of a move are found once, not once a position.
    let piece = without_repeats(piece);
    positions()
        .iter()
        .map(|p| trace(&generate(&piece, p)))
        .collect()
}

/// What a piece does on the empty board, the first part of its fingerprint: a cheap filter
/// before the whole. Searched within a small budget; `None` when that was not enough.
pub fn empty_board_trace(piece: &model::Piece) -> Option<(Vec<MoveTrace>, Vec<Square>)> {
    let generated = generate_quickly(piece, positions().first()?);
    (!generated.truncated).then(|| trace(&generated))
}

fn trace(generated: &Generated) -> (Vec<MoveTrace>, Vec<Square>) {
    let mut moves: Vec<MoveTrace> = generated
        .moves
        .iter()
        .map(|m| {
            let mut captured = m.captured.clone();
            captured.sort();
            (m.to, m.capture, captured, m.unload)
        })
        .collect();
    moves.sort_by(|a, b| {
        (a.0, a.1.map(|o| o == Occupant::Enemy), &a.2, a.3).cmp(&(
            b.0,
            b.1.map(|o| o == Occupant::Enemy),
            &b.2,
            b.3,
        ))
    });
    moves.dedup();
    (moves, generated.could_capture.iter().copied().collect())
}
