//! Move generation for any string, in every dialect, on a small board chosen
//! by the input: it finishes within its budget without a panic and every destination, capture
//! and hop lies on the board.
//!
//! Input: files, ranks, from-file, from-rank, flags (side, moved, blocker count), blocker
//! squares (two bytes each), then the Betza string.

#![no_main]

use betza_syntax::board::{BoardSize, Position, Side, Square, generate};
use betza_syntax::{Dialect, model, parse};
use libfuzzer_sys::fuzz_target;

mod common;

/// Longer strings only repeat what short ones exercise, slower.
const MAX_BETZA: usize = 256;

fuzz_target!(|data: &[u8]| {
    let [files, ranks, from_file, from_rank, flags, rest @ ..] = data else {
        return;
    };
    let size = BoardSize {
        files: 5 + files % 12,
        ranks: 5 + ranks % 12,
    };
    let from = Square {
        file: from_file % size.files,
        rank: from_rank % size.ranks,
    };
    let side = if flags & 1 == 0 {
        Side::White
    } else {
        Side::Black
    };
    let moved = flags & 2 != 0;
    let blockers = usize::from((flags >> 2) % 5).min(rest.len() / 2);
    let (squares, betza) = rest.split_at(blockers * 2);
    let (mut friends, mut enemies) = (Vec::new(), Vec::new());
    let mut seen = vec![from];
    for (i, pair) in squares.chunks_exact(2).enumerate() {
        let square = Square {
            file: pair[0] % size.files,
            rank: pair[1] % size.ranks,
        };
        if seen.contains(&square) {
            continue;
        }
        seen.push(square);
        if i % 2 == 0 {
            friends.push(square);
        } else {
            enemies.push(square);
        }
    }
    let betza = String::from_utf8_lossy(&betza[..betza.len().min(MAX_BETZA)]);
    if common::slow_string(&betza, common::ONCE) {
        return;
    }
    let position = Position::new(size, from, side, moved, &friends, &enemies)
        .expect("the squares are on the board and distinct");
    for dialect in Dialect::ALL {
        let parsed = parse(&betza, dialect);
        let piece = betza_syntax::registry::lower(&parsed.piece(), dialect);
        let generated = generate(&piece, &position);
        let on_board = |square: Square, what: &str| {
            assert!(
                size.contains(square),
                "{dialect}: {what} {square:?} is off the {size} board"
            );
        };
        for square in generated.destinations() {
            on_board(square, "destination");
        }
        for m in &generated.moves {
            on_board(m.to, "move to");
            for square in &m.captured {
                on_board(*square, "captured square");
            }
            for square in &m.hopped {
                on_board(*square, "hopped square");
            }
            if let Some(square) = m.unload {
                on_board(square, "unload square");
            }
        }
        for square in generated.summary().keys() {
            on_board(*square, "diagram square");
        }
        for (range, _) in &generated.not_generated {
            assert!(usize::from(range.end()) <= betza.len());
        }
    }
});
