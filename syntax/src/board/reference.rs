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

/// The piece alone on the centre square of an empty `size` board, as diagrams draw it.
pub fn centred(size: BoardSize) -> Option<Position> {
    Position::new(size, size.centre(), Side::White, false, &[], &[]).ok()
}

/// The positions a message speaks of first: the one `seen` beside the message (the
/// playground's board and pieces, a `variants.ini` section's empty board), then the empty 8×8
/// board the diagrams of the command line, the playground and most hovers show (the piece on
/// d4), then an empty 9×9 board, where a difference two squares away on every side still shows.
pub fn shown_positions(seen: Option<&Position>) -> Vec<Position> {
    let mut shown: Vec<Position> = seen.into_iter().cloned().collect();
    for size in [8, 9].map(|n| BoardSize { files: n, ranks: n }) {
        if let Some(empty) = centred(size)
            && !shown.contains(&empty)
        {
            shown.push(empty);
        }
    }
    shown
}

/// How near an edge (in squares between the piece and the edge) a piece keeps its distance to
/// that edge when a position is moved onto a board of another size.
const NEAR_EDGE: u8 = 3;

/// `position` moved onto a `size` board, so that what it shows of a piece shows there too where
/// the board leaves room: the piece keeps its distance to an edge it stands near (within
/// [`NEAR_EDGE`] squares), else its place relative to the centre, and the other pieces keep
/// theirs to it; those that fall off the new board are left out. A position already of that
/// size is itself. `None` for an empty board size.
pub fn fitted(position: &Position, size: BoardSize) -> Option<Position> {
    if position.size == size {
        return Some(position.clone());
    }
    let place = |at: u8, old: u8, new: u8, centre: (u8, u8)| -> Option<u8> {
        let last = new.checked_sub(1)?;
        let from_far = old.checked_sub(1)?.checked_sub(at)?;
        Some(if at <= NEAR_EDGE {
            at.min(last)
        } else if from_far <= NEAR_EDGE {
            last.saturating_sub(from_far)
        } else {
            let moved = i16::from(at) - i16::from(centre.0) + i16::from(centre.1);
            u8::try_from(moved.clamp(0, i16::from(last))).unwrap_or(0)
        })
    };
    let (old_centre, new_centre) = (position.size.centre(), size.centre());
    let from = Square {
        file: place(
            position.from.file,
            position.size.files,
            size.files,
            (old_centre.file, new_centre.file),
        )?,
        rank: place(
            position.from.rank,
            position.size.ranks,
            size.ranks,
            (old_centre.rank, new_centre.rank),
        )?,
    };
    moved_to(position, size, from)
}

/// `position` moved so that its piece stands where the piece of `seen` stands, on `seen`'s
/// board (the square the reader sees the piece on), the other pieces keeping their places
/// relative to it; those that fall off the board are left out. `None` when `seen`'s square is
/// not on its board.
pub fn placed(position: &Position, seen: &Position) -> Option<Position> {
    moved_to(position, seen.size, seen.from)
}

/// `position` on a `size` board with its piece on `from`, the other pieces keeping their
/// places relative to it; those that fall off the board are left out.
fn moved_to(position: &Position, size: BoardSize, from: Square) -> Option<Position> {
    if !size.contains(from) {
        return None;
    }
    let shift = |square: Square| {
        let file = i16::from(square.file) - i16::from(position.from.file) + i16::from(from.file);
        let rank = i16::from(square.rank) - i16::from(position.from.rank) + i16::from(from.rank);
        let square = Square {
            file: u8::try_from(file).ok()?,
            rank: u8::try_from(rank).ok()?,
        };
        (size.contains(square) && square != from).then_some(square)
    };
    let (mut friends, mut enemies) = (Vec::new(), Vec::new());
    for square in position.size.squares() {
        let Some(moved) = shift(square) else {
            continue;
        };
        match position.occupant(square) {
            Some(Occupant::Friend) => friends.push(moved),
            Some(Occupant::Enemy) => enemies.push(moved),
            None => {}
        }
    }
    Position::new(
        size,
        from,
        position.side,
        position.moved,
        &friends,
        &enemies,
    )
    .ok()
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

/// Whether two pieces make the same moves on every proof position, which the reference
/// positions (their fingerprints) are a cheap first look at. A search cut short proves
/// nothing, so it counts as a difference.
pub fn same_on_proof_positions(a: &model::Piece, b: &model::Piece) -> bool {
    let (a, b) = (without_repeats(a), without_repeats(b));
    proof_positions().iter().all(|position| {
        let (x, y) = (generate(&a, position), generate(&b, position));
        !x.truncated && !y.truncated && trace(&x) == trace(&y)
    })
}

/// What a piece does on the empty board, the first part of its fingerprint: a cheap filter
/// before the whole. Searched within a small budget; `None` when that was not enough.
pub fn empty_board_trace(piece: &model::Piece) -> Option<(Vec<MoveTrace>, Vec<Square>)> {
    let generated = generate_quickly(piece, positions().first()?);
    (!generated.truncated).then(|| trace(&generated))
}

pub fn trace(generated: &Generated) -> (Vec<MoveTrace>, Vec<Square>) {
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

/// The positions a claim about moves is proven on: the reference positions, then rings of
/// pieces on every line at one, two and three squares from the centre of a 15×15 board (all
/// enemies, all friends, and friends on one kind of line with enemies on the other), for both
/// sides, then scattered pieces near the centre and near the edges, then boards crowded with
/// enemies. Hoppers, lame legs, locust captures and the friends a `d` leg needs show on them.
pub fn proof_positions() -> &'static [Position] {
    static RINGS: std::sync::OnceLock<Vec<Position>> = std::sync::OnceLock::new();
    RINGS.get_or_init(|| {
        let mut out = positions().to_vec();
        rings(&mut out);
        // Scattered and crowded pieces come from a fixed sequence of numbers, for what regular
        // rings miss (turns onto a piece two legs on).
        let mut numbers = Numbers(0x2545_f491);
        scattered(&mut numbers, &mut out);
        one_colour_of_enemies(&mut out);
        screened_lines(&mut out);
        crowded(&mut numbers, &mut out);
        // Layers: every square at King distance one, two and three (and further) empty, a
        // friend or an enemy, in every combination, so each leg of a move finds on its own
        // layer what it needs (a screen, then a friend to capture) while the others are empty
        // or full.
        // From the centre for white, and from an edge file for black, where a wrapping leg
        // comes round.
        let layers = BoardSize { files: 9, ranks: 9 };
        for (from, side) in [
            (layers.centre(), Side::White),
            (Square { file: 0, rank: 4 }, Side::Black),
        ] {
            layered(layers, from, side, &mut out);
        }
        out
    })
}

/// A fixed sequence of numbers (xorshift), so the proof positions are the same on every run.
struct Numbers(u32);

impl Numbers {
    /// The next number below `bound`.
    fn next(&mut self, bound: u8) -> u8 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        u8::try_from(self.0 % u32::from(bound)).unwrap_or(0)
    }
}

/// Rings of pieces on every line at one, two and three squares from the centre of a 15×15
/// board: all enemies, all friends, and friends on one kind of line with enemies on the other,
/// for both sides.
fn rings(out: &mut Vec<Position>) {
    let size = BoardSize {
        files: 15,
        ranks: 15,
    };
    let centre = size.centre();
    for distance in 1..=3i8 {
        let ring: Vec<Square> = super::COMPASS
            .iter()
            .filter_map(|s| {
                let step = super::Step::new(s.dx * distance, s.dy * distance);
                size.step(centre, step, false, false)
            })
            .collect();
        // Friends on the straight lines, enemies on the diagonals.
        let (friends, enemies): (Vec<Square>, Vec<Square>) = ring
            .iter()
            .partition(|s| s.file == centre.file || s.rank == centre.rank);
        for side in [Side::White, Side::Black] {
            out.extend(Position::new(size, centre, side, false, &[], &ring).ok());
            out.extend(Position::new(size, centre, side, false, &ring, &[]).ok());
            out.extend(Position::new(size, centre, side, false, &friends, &enemies).ok());
            out.extend(Position::new(size, centre, side, false, &enemies, &friends).ok());
        }
    }
}

/// Scattered pieces near the centre and near an edge of a 15×15 board.
fn scattered(numbers: &mut Numbers, out: &mut Vec<Position>) {
    let size = BoardSize {
        files: 15,
        ranks: 15,
    };
    for round in 0..48u8 {
        // Sparse at first, then denser, so that locust captures with room behind show.
        let from = Square {
            file: [7, 13, 1][usize::from(round % 3)],
            rank: 2 + numbers.next(7),
        };
        let mut pieces: Vec<Square> = Vec::new();
        for _ in 0..6 + round / 8 {
            let square = Square {
                file: from.file.saturating_sub(3) + numbers.next(7),
                rank: from.rank.saturating_sub(3) + numbers.next(7),
            };
            if size.contains(square) && square != from && !pieces.contains(&square) {
                pieces.push(square);
            }
        }
        let (friends, enemies) = pieces.split_at(pieces.len() / 3);
        let side = if round % 4 < 2 {
            Side::White
        } else {
            Side::Black
        };
        out.extend(Position::new(size, from, side, round % 3 == 0, friends, enemies).ok());
    }
}

/// Enemies on every square of one colour, so rider captures two leaps out show, on a small
/// board from near a corner and on a larger one from inside an edge.
fn one_colour_of_enemies(out: &mut Vec<Position>) {
    for (files, ranks, from) in [
        (5, 5, Square { file: 1, rank: 1 }),
        (12, 10, Square { file: 8, rank: 5 }),
    ] {
        let size = BoardSize { files, ranks };
        for parity in [0, 1] {
            let enemies: Vec<Square> = size
                .squares()
                .filter(|s| *s != from && (s.file + s.rank) % 2 == parity)
                .collect();
            for side in [Side::White, Side::Black] {
                out.extend(Position::new(size, from, side, false, &[], &enemies).ok());
            }
        }
    }
}

/// A screen on every line (the eight of the compass and the eight of the Knight) one, two or
/// three steps from the centre of a 15×15 board, and an enemy further on with nothing between:
/// a hopper whose range counts from its start square (Fairy-Stockfish's `cpB4`, which captures
/// at most four squares out) shows the limit only where the enemy stands past it. Screens are
/// friends, then enemies.
fn screened_lines(out: &mut Vec<Position>) {
    let size = BoardSize {
        files: 15,
        ranks: 15,
    };
    let centre = size.centre();
    let knight = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    let lines: Vec<(i8, i8)> = (super::COMPASS.iter().map(|s| (s.dx, s.dy)))
        .chain(knight)
        .collect();
    for screen in 1..=3i8 {
        for far in screen + 1..=7 {
            let (mut screens, mut enemies) = (Vec::new(), Vec::new());
            for &(dx, dy) in &lines {
                let at = |n: i8| size.step(centre, super::Step::new(dx * n, dy * n), false, false);
                if let (Some(near), Some(beyond)) = (at(screen), at(far)) {
                    screens.push(near);
                    enemies.push(beyond);
                }
            }
            out.extend(Position::new(size, centre, Side::White, false, &screens, &enemies).ok());
            let all: Vec<Square> = screens.iter().chain(&enemies).copied().collect();
            out.extend(Position::new(size, centre, Side::White, false, &[], &all).ok());
        }
    }
}

/// Crowded boards of many shapes: five squares in six within three of the piece taken, friends
/// and enemies mixed, so that chains of legs that turn on pieces (a hop, then a lame leg, then
/// a capture) meet what they need.
fn crowded(numbers: &mut Numbers, out: &mut Vec<Position>) {
    for round in 0..32u8 {
        let size = BoardSize {
            files: 5 + numbers.next(8),
            ranks: 5 + numbers.next(8),
        };
        // Every other board from an edge file, where a wrapping leg comes round.
        let from = Square {
            file: match round % 4 {
                1 => 0,
                2 => size.files - 1,
                _ => numbers.next(size.files),
            },
            rank: numbers.next(size.ranks),
        };
        let (mut friends, mut enemies) = (Vec::new(), Vec::new());
        for square in size.squares().filter(|s| {
            *s != from && s.file.abs_diff(from.file) <= 3 && s.rank.abs_diff(from.rank) <= 3
        }) {
            match numbers.next(6) {
                0 | 1 => friends.push(square),
                2..=4 => enemies.push(square),
                _ => {}
            }
        }
        let side = if round % 2 == 0 {
            Side::White
        } else {
            Side::Black
        };
        let moved = round % 4 == 3;
        out.extend(Position::new(size, from, side, moved, &friends, &enemies).ok());
    }
}

/// The 81 positions with every square at King distance one, two, three and four or more from
/// `from` empty, a friend or an enemy, in every combination.
fn layered(size: BoardSize, from: Square, side: Side, out: &mut Vec<Position>) {
    for combination in 0..81u8 {
        let (mut friends, mut enemies) = (Vec::new(), Vec::new());
        for square in size.squares().filter(|s| *s != from) {
            let distance = square
                .file
                .abs_diff(from.file)
                .max(square.rank.abs_diff(from.rank))
                .min(4);
            match combination / 3u8.pow(u32::from(distance - 1)) % 3 {
                1 => friends.push(square),
                2 => enemies.push(square),
                _ => {}
            }
        }
        out.extend(Position::new(size, from, side, false, &friends, &enemies).ok());
    }
}
