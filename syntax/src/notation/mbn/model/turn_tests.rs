//! Issue 29: seed 002's turns (`t`, `tt`), reflections (`z`, the Boyscout), the setup operator
//! (`!c{R}R`, capture by withdrawal), `{}` legs with a written mode, and the Lion's pass.

use super::tests::{built, made, squares, squares_among, squares_on};
use crate::board::{BoardSize, Position, Side, Square, generate};
use crate::{Dialect, parse};

/// Each move of `text` in `position` read as `dialect`: where it ends and what it took on the
/// way, sorted.
fn moves_in(text: &str, dialect: Dialect, position: &Position) -> Vec<(Square, Vec<Square>)> {
    let parsed = parse(text, dialect);
    assert!(parsed.errors().is_empty(), "{text}: {:?}", parsed.errors());
    made(&crate::registry::lower(&parsed.piece(), dialect), position)
}

fn position(from: Square, side: Side, friends: &[&str], enemies: &[&str]) -> Position {
    let squares = |names: &[&str]| -> Vec<Square> {
        names
            .iter()
            .map(|s| s.parse().expect("square"))
            .filter(|s| *s != from)
            .collect()
    };
    let size: BoardSize = "8x8".parse().expect("size");
    Position::new(
        size,
        from,
        side,
        false,
        &squares(friends),
        &squares(enemies),
    )
    .expect("position")
}

/// Seed 002 L373: "z … If the last move can be described with vector (α β), then the succeeding
/// move (prefixed with z) will be either (-α β), if last move was a sidewards move, or (α -β),
/// if last move was a vertical move. For instance this will be useful for the description of
/// the Boyscout (Crooked Bishop), B=F-[(zF)0], that goes a zig-zag line." A diagonal step is
/// neither, so it reflects either way and then keeps to its zig-zag (notes MB29): the moves of
/// XBetza's Crooked Bishop `zB`, from every square, for both sides, with pieces in the way.
#[test]
fn the_boyscout_goes_the_crooked_bishops_zig_zag_lines() {
    let around: [(&[&str], &[&str]); 3] = [
        (&[], &[]),
        (&["e5", "b2"], &["c5", "f2"]),
        (&["d6", "g3"], &["e3", "b6", "c7"]),
    ];
    for side in [Side::White, Side::Black] {
        for (friends, enemies) in around {
            for file in 0..8 {
                for rank in 0..8 {
                    let at = position(Square { file, rank }, side, friends, enemies);
                    assert_eq!(
                        moves_in("B=F-[(zF)0]", Dialect::Mbn, &at),
                        moves_in("zB", Dialect::XBetza, &at),
                        "from {} ({side:?}) among {friends:?} {enemies:?}",
                        at.from
                    );
                }
            }
        }
    }
}

/// The other readings of `z` (L373) and `t` (L399: "t The piece makes a turn, this means that
/// it moves into the opposite direction as in the previous move. But when doubled (tt) then it
/// means: the piece don't makes a turn"). A move cannot start with either.
#[test]
fn turns_and_reflections_follow_the_leg_before() {
    // A Knight's (1,2) reflected vertically is (1,-2): two squares sideways in all.
    assert_eq!(squares("N-zN", "d4"), ["b4", "d2", "d6", "f4"]);
    // A Wazir's step reflected comes straight back, as `t` does: no square but its own, which
    // a line that comes back may not end on (notes MB9).
    assert!(squares("W-zW", "d4").is_empty());
    assert!(squares("W-tW", "d4").is_empty());
    // `tt` is every turn but back: the King's second step never returns to d4.
    let no_return = squares("K-ttK", "d4");
    assert_eq!(no_return.len(), 24);
    assert!(!no_return.contains(&"d4".to_owned()));
    let starts_turning = built("zF");
    assert!(starts_turning.moves.is_empty());
    assert!(
        starts_turning.not_drawn[0]
            .1
            .contains("turn from the leg before")
    );
    // Black's zig-zag is White's mirrored: from d5 it reaches what White does from d4, turned
    // over.
    assert!(squares_on("F-[(zF)0]", "8x8", "d5", Side::Black).contains(&"c2".to_owned()));
}

/// L604: "Q=mQ-{!cK} Do a queen move, and then, if this is possible, do a single step into same
/// direction, capture the opponent piece on this square, and step back … In this simple case
/// we could also use the expression mQ-{cK-tK}"; L428: "!c{R}R Remove one enemy rook which is
/// reachable … with a sliding rook move, but without leaving the position (don't move)".
#[test]
fn the_setup_operator_sets_the_piece_back() {
    let d2: Square = "d2".parse().expect("square");
    for (friends, enemies) in [
        (&[][..], &["d6"][..]),
        (&["e3"][..], &["d6", "g5", "a5", "b2"][..]),
    ] {
        let at = position(d2, Side::White, friends, enemies);
        let by_setup = moves_in("Q=mQ-{!cK}", Dialect::Mbn, &at);
        assert_eq!(by_setup, moves_in("Q=mQ-{cK-tK}", Dialect::Mbn, &at));
        let d5: Square = "d5".parse().expect("square");
        assert!(by_setup.contains(&(d5, vec!["d6".parse().expect("square")])));
        // "if this is possible": a step onto an empty square takes nothing and the queen
        // stops where it stopped.
        assert!(by_setup.contains(&("d3".parse().expect("square"), Vec::new())));
    }
    let d4: Square = "d4".parse().expect("square");
    let mut at = position(d4, Side::White, &[], &["d7", "b4"]);
    at.name_piece("d7".parse().expect("square"), "r");
    at.name_piece("b4".parse().expect("square"), "n");
    assert_eq!(
        moves_in("!c{R}R", Dialect::Mbn, &at),
        [(d4, vec!["d7".parse().expect("square")])]
    );
    // With `j` the seed's `!cj{K}Q` is a rule about the kings, said and not drawn.
    let kings = built("K[1-5]+!cj{K}Q");
    assert_eq!(kings.moves.len(), 1, "K[1-5] is drawn");
    assert!(
        kings.not_drawn[0]
            .1
            .contains("kings from facing each other")
    );
}

/// L1050: the Lion "can step to an adjacent empty square and back without capturing anything;
/// this leaves the board unchanged, effectively passing a turn: aK--[K] (this is equivalent to
/// (adK)2)". The pass ends on its own square, which the diagram marks.
#[test]
fn the_lion_can_pass() {
    assert!(squares("L=ADN(aK--[K])", "d4").contains(&"d4".to_owned()));
    assert!(squares_among("(adK)2", "d4", &[], &["c5"]).contains(&"d4".to_owned()));
    let at = position("d4".parse().expect("square"), Side::White, &[], &[]);
    let lion = built("L=ADN(aK--[K])");
    let grid = crate::render::grid(&at, &generate(&lion, &at).summary(), None);
    assert!(
        grid.contains("& the piece, which may also end its move here"),
        "{grid}"
    );
}
