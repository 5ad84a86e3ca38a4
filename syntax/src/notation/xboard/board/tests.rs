//! Bounds of XBoard's reading on strings far longer than XBoard itself takes: the legs after an
//! `a` come from XBoard's 80-byte copy, and a move or a path made again is kept once.

use super::{MOVE_LIMIT, generate};
use crate::board::{BoardSize, Position, Side, Square};

fn empty_board() -> Position {
    let size = BoardSize { files: 8, ranks: 8 };
    Position::new(size, size.centre(), Side::White, false, &[], &[]).expect("position")
}

/// A move of thousands of legs once recursed a leg at a time over a copy of the rest of the
/// string (a stack overflow, gigabytes of copies). XBoard copies at most 80 bytes of what
/// follows an `a`: past them there is no atom, so no move, and the reading stops at once.
#[test]
fn the_legs_after_an_a_are_read_from_an_80_byte_copy() {
    let position = empty_board();
    assert!(!generate("maaW", &position).moves.is_empty());
    for betza in [
        "m".to_owned() + &"a".repeat(100) + "W",
        "a".repeat(3000) + "K",
    ] {
        let generated = generate(&betza, &position);
        assert!(generated.moves.is_empty(), "{betza}");
        assert!(!generated.truncated, "{betza}");
    }
}

/// A move written again makes the same moves, and many paths of a long move end alike: each
/// move is kept once, so thousands of copies neither walk nor store thousands of times.
#[test]
fn a_move_made_again_is_kept_once() {
    let position = empty_board();
    let once = generate("QudQafudQ", &position);
    let copies = generate(&"QudQafudQ".repeat(2000), &position);
    assert_eq!(copies.moves.len(), once.moves.len());
    assert_eq!(copies.destinations(), once.destinations());
    assert!(!copies.truncated);
    // `mamaK`: three King steps without going straight back reach a square by several paths.
    let generated = generate("mamaK", &position);
    let mut destinations: Vec<_> = generated.moves.iter().map(|m| m.to).collect();
    let all = destinations.len();
    destinations.sort();
    destinations.dedup();
    assert_eq!(all, destinations.len());
}

/// Thirty locust captures among a board of enemies end in over a million distinct ways (seven
/// gigabytes printed as moves): the reading keeps a bounded number, and says it stopped.
#[test]
fn a_chain_of_locust_captures_keeps_a_bounded_number_of_moves() {
    let size = BoardSize {
        files: 12,
        ranks: 10,
    };
    let from = Square { file: 8, rank: 5 };
    let enemies: Vec<Square> = size
        .squares()
        .filter(|s| *s != from && (s.file + s.rank) % 2 == 0)
        .collect();
    let position = Position::new(size, from, Side::White, false, &[], &enemies).expect("position");
    let generated = generate(&("ca".repeat(30) + "K"), &position);
    assert!(generated.truncated);
    assert_eq!(generated.moves.len(), MOVE_LIMIT);
}

/// The destinations of `betza` from d4 on 8×8, white, with friends and enemies.
fn destinations(betza: &str, moved: bool, friends: &[&str], enemies: &[&str]) -> String {
    let size = BoardSize { files: 8, ranks: 8 };
    let squares = |names: &[&str]| -> Vec<Square> {
        names.iter().map(|n| n.parse().expect("square")).collect()
    };
    let position = Position::new(
        size,
        size.centre(),
        Side::White,
        moved,
        &squares(friends),
        &squares(enemies),
    )
    .expect("position");
    names(&generate(betza, &position))
}

/// The destinations generated, by name, in order.
fn names(generated: &crate::board::Generated) -> String {
    let names: Vec<String> = generated
        .destinations()
        .iter()
        .map(ToString::to_string)
        .collect();
    names.join(" ")
}

/// XBoard tests an `i` leg after an `x` leg on the piece the move was handed to: the friend
/// (or enemy, after `xp`) on its start square, which an unmoved position is for every piece;
/// or, after `xy` and `xn` on a step, the empty square the leg ended on, which was empty at
/// the start too (moves.c 549-555, answers of XBoard's generator).
#[test]
fn an_initial_leg_after_induction_tests_the_induced_square() {
    assert_eq!(destinations("xairmnW", false, &["d5"], &[]), "e5");
    assert_eq!(destinations("xairmnW", true, &["d5"], &[]), "");
    // `xy`: the move is handed to the empty square c4, whose `i` leg (a rook's, `y` made the
    // step a slide) goes on, moved or not.
    for moved in [false, true] {
        assert_eq!(destinations("lxyaifW", moved, &[], &[]), "a4 b4", "{moved}");
    }
}

/// XBoard's `ii` compares the piece with the start position one rank behind it (moves.c
/// 544-548), which a position cannot say: no move, and the reading says why.
#[test]
fn a_double_initial_needs_the_start_position() {
    let size = BoardSize { files: 8, ranks: 8 };
    let position = Position::new(size, size.centre(), Side::White, false, &[], &[]).expect("pos");
    for betza in ["iiW", "WiiN", "maiiW"] {
        let generated = generate(betza, &position);
        assert_eq!(generated.not_generated.len(), 1, "{betza}");
        assert!(generated.moves.iter().all(|m| !m.initial_only), "{betza}");
    }
    assert!(generate("iiW", &position).moves.is_empty());
    // Three `i` are one: a first move.
    assert_eq!(destinations("iiiW", false, &[], &[]), "c4 d3 d5 e4");
    assert_eq!(destinations("iiiW", true, &[], &[]), "");
}

/// The destinations of `betza` on a board of `size` from `from`, white, unmoved or moved,
/// with friends: every move generated.
fn castles(betza: &str, size: (u8, u8), from: &str, moved: bool, friends: &[&str]) -> String {
    let size = BoardSize {
        files: size.0,
        ranks: size.1,
    };
    let friends: Vec<Square> = friends.iter().map(|n| n.parse().expect("sq")).collect();
    let from = from.parse().expect("square");
    let position = Position::new(size, from, Side::White, moved, &friends, &[]).expect("position");
    let generated = generate(betza, &position);
    assert!(generated.not_generated.is_empty(), "{betza}");
    names(&generated)
}

/// XBoard's castling (`O` with a range, moves.c 739-773) runs along each of the atom's four
/// directions to the first piece, of either side, and castles with it when it stands on its
/// start square (an unmoved position's pieces all do, a moved one's none) on the file `j`
/// squares in from an edge, even along a file: the piece lands its range away from its own
/// file, on the partner's rank. XBoard's answers: corpus/golden/xboard-longtail.jsonl
/// (lt-castle-1 to lt-castle-10).
#[test]
fn castling_reads_the_start_position_along_every_line() {
    // lt-castle-1, lt-castle-2: from c1 the ray up the c-file meets c10, two files in from
    // the left edge as `jj` asks, and the piece lands on a10.
    let long_tail = "lfdmFasKmafscpjBjjO2";
    assert_eq!(
        castles(long_tail, (10, 10), "c1", false, &["c10"]),
        "a1 a10 b2 c3 d2 e1"
    );
    assert_eq!(
        castles(long_tail, (10, 10), "c1", true, &["c10"]),
        "a1 b2 c3 d2 e1"
    );
    // lt-castle-3, lt-castle-4: `jj` castles with the piece two files in, the first met.
    assert_eq!(
        castles("jjO2", (10, 10), "e1", false, &["c1", "h1"]),
        "c1 g1"
    );
    assert_eq!(
        castles("jjO2", (10, 10), "e1", false, &["a1", "c1", "h1", "j1"]),
        "c1 g1"
    );
    // lt-castle-5, lt-castle-9: the ordinary castling, and none with a piece off the edge.
    assert_eq!(castles("O2", (8, 8), "e1", false, &["a1", "h1"]), "c1 g1");
    assert_eq!(castles("O2", (8, 8), "e1", false, &["b1", "h1"]), "g1");
}

/// A sideways leg on a cylinder with nothing to stop it goes round without end: XBoard counts
/// its range down from 0 for some 2^32 squares, and then has its moves. `oaudoR` from d4 on an
/// empty board comes back to its own square from every square of its rank, where it finds
/// itself, a friend, to take (lt-cyl-1, an answer XBoard's generator gave after ten minutes).
#[test]
fn an_endless_cylinder_leg_ends_with_the_moves_xboard_makes() {
    let generated = generate("oaudoR", &empty_board());
    assert!(!generated.truncated);
    let mut vias: Vec<String> = generated
        .moves
        .iter()
        .flat_map(|m| {
            assert_eq!(m.to.to_string(), "d4");
            m.captured.iter().map(ToString::to_string)
        })
        .collect();
    vias.sort();
    vias.dedup();
    assert_eq!(vias, ["a4", "b4", "c4", "e4", "f4", "g4", "h4"]);
}
