//! Issue 29: where MBN moves apply on a board (seed 002's ranges, edge riders, conditions),
//! what they may do to whom (piece sets with typed pieces), its direction tables, and Black's
//! moves as White's mirrored, each as the seed states it.

use super::tests::{built, squares, squares_among, squares_on};
use crate::board::{BoardSize, PlacedPiece, Position, Side, Square, generate};
use crate::{Dialect, parse};

/// Issue 29, seed 002's own Pawn (L837, written without the table's space: notes MB1): "We are
/// using [1-2]mefW02 instead of imefW02. The former definition is needed when used inside
/// drop/switching chess variants": the double step from ranks 1 and 2, whether moved or not;
/// Black counts ranks from its side ("a reflection about the horizontal bisector").
#[test]
fn the_seeds_pawn_double_steps_from_its_first_two_ranks() {
    let pawn = "P=mfW+cefF+[1-2]mefW02";
    assert_eq!(squares_on(pawn, "8x8", "d2", Side::White), ["d3", "d4"]);
    assert_eq!(squares_on(pawn, "8x8", "d3", Side::White), ["d4"]);
    assert_eq!(squares_on(pawn, "8x8", "d1", Side::White), ["d2", "d3"]);
    assert_eq!(squares_on(pawn, "8x8", "d7", Side::Black), ["d5", "d6"]);
    assert_eq!(squares_on(pawn, "8x8", "d2", Side::Black), ["d1"]);
    // Seen only from the centre it would look like the Shatranj Pawn: it is not compared.
    let summary = crate::explain::explain(&parse(pawn, Dialect::Mbn)).summary;
    assert!(!summary.contains("Shatranj"), "{summary}");
}

/// Issue 29, the seed's Berolina Pawn (L900) `S=mfsF+cefW+[1-2]mefF02`: `fsF` is `fF+sF`
/// (L369: "fsW is combining the modifiers"), and `s` selects no diagonal ("The s modifier in
/// Pawn definition is superfluous in 2D chess", L850; notes MB23), so it moves only forward.
#[test]
fn the_seeds_berolina_pawn_moves_forward_only() {
    let berolina = "S=mfsF+cefW+[1-2]mefF02";
    assert_eq!(
        squares_on(berolina, "8x8", "d2", Side::White),
        ["b4", "c3", "e3", "f4"]
    );
    assert_eq!(squares_on(berolina, "8x8", "d3", Side::White), ["c4", "e4"]);
}

/// Seed 002's direction tables (L313–361), one assertion per table, from d4: T1 `l`/`r` with
/// `f`/`b` (first letter on the shorter part), T2 doubled letters (the longer part strictly),
/// T3 `s` with `f`/`b` (diagonals take the vertical letter), T4 `l`/`r` with `v`, T5 `s` with
/// `v`, T6 single `s`/`v` by the longer part (a diagonal to `v` alone: notes MB23), T7 single
/// `l`/`r`/`f`/`b` by the longer part, diagonals counting for both.
#[test]
fn each_direction_table_of_the_seed() {
    let at_d4 = |text: &str| squares(text, "d4");
    assert_eq!(at_d4("(rf)N"), ["e6"], "T1");
    assert_eq!(at_d4("(fr)N"), ["f5"], "T1");
    assert_eq!(at_d4("rrN"), ["f3", "f5"], "T2");
    assert_eq!(at_d4("(sf)N"), ["c6", "e6"], "T3");
    assert_eq!(at_d4("(fs)F"), ["c5", "e5"], "T3");
    assert_eq!(at_d4("(lv)N"), ["c2", "c6"], "T4");
    assert_eq!(at_d4("(vs)N"), ["b3", "b5", "f3", "f5"], "T5");
    assert_eq!(at_d4("(sv)F"), ["c3", "c5", "e3", "e5"], "T5");
    assert_eq!(at_d4("sN"), ["b3", "b5", "f3", "f5"], "T6");
    assert_eq!(at_d4("vF"), ["c3", "c5", "e3", "e5"], "T6");
    assert_eq!(at_d4("sW"), ["c4", "e4"], "T6");
    assert!(at_d4("sF").is_empty(), "T6, notes MB23");
    assert_eq!(at_d4("lF"), ["c3", "c5"], "T7");
    assert_eq!(at_d4("fN"), ["c6", "e6"], "T7");
    assert_eq!(at_d4("rN"), ["f3", "f5"], "T7");
}

/// Issue 29, board ranges (seed 002, "Board Ranges"): "A range operator given before the move
/// will restrict the range of the origin squares, and a range operator given after the move
/// will restrict this move to the destination squares".
#[test]
fn board_ranges_limit_where_a_move_starts_and_ends() {
    // L499: "G=W[d-f1-3]", the Xiangqi Guard in its palace, Black's counted from its side.
    let guard = "G=W[d-f1-3]";
    assert_eq!(
        squares_on(guard, "9x10", "e2", Side::White),
        ["d2", "e1", "e3", "f2"]
    );
    assert_eq!(
        squares_on(guard, "9x10", "e9", Side::Black),
        ["d9", "e10", "e8", "f9"]
    );
    assert_eq!(squares_on(guard, "9x10", "d1", Side::White), ["d2", "e1"]);
    // L429: "K[1-5] … don't cross the river".
    assert_eq!(
        squares_on("K[1-5]", "9x10", "e5", Side::White),
        ["d4", "d5", "e4", "f4", "f5"]
    );
    // L251: "B0[a,h,1,8]" goes to an edge square.
    assert_eq!(squares("B0[a,h,1,8]", "c1"), ["a3", "h6"]);
    // L1069, the Dolphin on 6x6: "D=[1-5]fW+[6]bB".
    let dolphin = "D=[1-5]fW+[6]bB";
    assert_eq!(squares_on(dolphin, "6x6", "c3", Side::White), ["c4"]);
    assert_eq!(
        squares_on(dolphin, "6x6", "c6", Side::White),
        ["a4", "b5", "d5", "e4", "f3"]
    );
    // L460–468: complements, `[]` the empty range and `[^]` the whole board; L476: `[#]` the
    // edge squares and `[.]` the inner ones.
    assert!(squares("[^a-h1-2]K", "d2").is_empty());
    assert_eq!(squares("[^a-h1-2]K", "d3").len(), 8);
    assert!(squares("[]K", "d4").is_empty());
    assert_eq!(squares("[^]K", "d4").len(), 8);
    assert_eq!(squares("[#]K", "a4"), ["a3", "a5", "b3", "b4", "b5"]);
    assert!(squares("[#]K", "d4").is_empty());
    assert_eq!(squares("K[#]", "b2"), ["a1", "a2", "a3", "b1", "c1"]);
    assert_eq!(squares("[.]K", "d4").len(), 8);
    // L478: "[1-4](K+[1]N) is equivalent to [1-4]K+[1]N".
    assert_eq!(squares("[1-4](K+[1]N)", "b1"), squares("[1-4]K+[1]N", "b1"));
    assert_eq!(squares("[1-4](K+[1]N)", "b3"), squares("K", "b3"));
}

/// Issue 29 (notes MB24): "p Must hop over any single hurdle, the hurdle can be anywhere in the
/// path" — `pD` jumps the square between ("jumping the adjacent square to reach the second"),
/// "(pmD)03 is equal to pmD-pmD-pmD"; "e … In conjunction with m: this move allows capturing en
/// passant by the opponent" (`imefW02`).
#[test]
fn p_jumps_the_square_between_and_me_gives_ep_rights() {
    assert!(squares("pD", "d4").is_empty());
    assert_eq!(squares_among("pD", "d4", &["d5"], &[]), ["d6"]);
    assert_eq!(
        squares_among("(pmD)03", "a1", &["a2", "a4", "a6"], &[]),
        ["a7"]
    );
    let pawn = parse("mfW+cefF+[1-2]mefW02", Dialect::Mbn);
    let piece = crate::registry::lower(&pawn.piece(), Dialect::Mbn);
    let size: BoardSize = "8x8".parse().expect("size");
    let position = Position::new(
        size,
        "d2".parse().expect("square"),
        Side::White,
        false,
        &[],
        &[],
    )
    .expect("position");
    let generated = generate(&piece, &position);
    let double = generated
        .moves
        .iter()
        .find(|m| m.to.to_string() == "d4")
        .expect("the double step");
    assert_eq!(double.ep_rights, ["d3".parse::<Square>().expect("square")]);
}

/// Issue 29: `K-dfK` is `K--fK` ("This is equivalent to K-dfK"); the Monkey's `(dcK-mK)0`
/// captures "by jumping over it to the vacant square immediately beyond" (notes MB11).
#[test]
fn d_makes_a_leg_independent_and_f_goes_straight_on() {
    assert_eq!(squares("K-dfK", "d4"), squares("K--fK", "d4"));
    assert_eq!(
        squares_among("(dcK-mK)0", "d4", &[], &["d5", "d7"]),
        ["d6", "d8"]
    );
    assert_eq!(
        squares("K02", "d4"),
        ["b2", "b4", "b6", "d2", "d6", "f2", "f4", "f6"]
    );
    // A leap of twice a step goes on with that step, in the same direction (`gfF3-[B]`: "then
    // it has the option to move like a bishop, but in same direction as prior leg").
    assert_eq!(squares("D-fW", "d4"), ["a4", "d1", "d7", "g4"]);
}

/// Destinations from d4 on 8x8 (White) among typed pieces, `N@e4` (upper case White, so a
/// friend) or `n@e4` (an enemy); also the piece sets taken to hold a piece of unknown type.
pub(super) fn among_typed(
    text: &str,
    typed: &[&str],
    untyped_enemies: &[&str],
) -> (Vec<String>, usize) {
    let parsed = parse(text, Dialect::Mbn);
    assert!(parsed.errors().is_empty(), "{text}: {:?}", parsed.errors());
    let piece = crate::registry::lower(&parsed.piece(), Dialect::Mbn);
    let placed: Vec<PlacedPiece> = typed.iter().map(|t| t.parse().expect("piece")).collect();
    let side = |white: bool| {
        placed
            .iter()
            .filter(move |p| p.white == white)
            .map(|p| p.square)
    };
    let mut enemies: Vec<Square> = side(false).collect();
    enemies.extend(
        untyped_enemies
            .iter()
            .map(|s| s.parse::<Square>().expect("square")),
    );
    let friends: Vec<Square> = side(true).collect();
    let size: BoardSize = "8x8".parse().expect("size");
    let from: Square = "d4".parse().expect("square");
    let mut position =
        Position::new(size, from, Side::White, false, &friends, &enemies).expect("position");
    for p in &placed {
        position.name_piece(p.square, &p.name);
    }
    let generated = generate(&piece, &position);
    let mut out: Vec<String> = generated
        .destinations()
        .iter()
        .map(ToString::to_string)
        .collect();
    out.sort();
    (out, generated.assumed.len())
}

/// Issue 29, piece sets (seed 002, "Piece Set" and the modifier table): `c{L}RB` "Allows to move
/// like a rook or like a bishop, but only if this move is capturing opponent piece L";
/// `ac{^C}p{^C}R` (the Janggi Cannon) "cannot hop over another Cannon, and it cannot capture
/// another Cannon"; `p{!P}` "hops over a friendly (and only over a friendly) pawn" ("{!QRBN} …
/// contains only friendly pieces"). A piece of unknown type is taken to be in the set, and said.
#[test]
fn piece_sets_follow_the_types_of_the_pieces() {
    assert_eq!(
        among_typed("c{L}RB", &["l@d6", "n@f6"], &[]),
        (vec!["d6".to_owned()], 0)
    );
    assert_eq!(
        among_typed("c{L}RB", &[], &["d6"]),
        (vec!["d6".to_owned()], 1)
    );
    let cannon = "mR+ac{^C}p{^C}R";
    let (over_a_cannon, _) = among_typed(cannon, &["C@d6", "r@d8"], &[]);
    assert!(
        !over_a_cannon.contains(&"d7".to_owned()),
        "{over_a_cannon:?}"
    );
    let (over_a_pawn, _) = among_typed(cannon, &["P@d6", "c@d8"], &[]);
    assert!(over_a_pawn.contains(&"d7".to_owned()), "{over_a_pawn:?}");
    assert!(
        !over_a_pawn.contains(&"d8".to_owned()),
        "a Cannon is not taken: {over_a_pawn:?}"
    );
    let bocksprung = "mp{!P}R";
    assert_eq!(among_typed(bocksprung, &["P@d6"], &[]).0, ["d7", "d8"]);
    assert!(among_typed(bocksprung, &["p@d6"], &[]).0.is_empty());
    // `w{Q}K` swaps only with a Queen, and moves like a King otherwise.
    let (swaps, _) = among_typed("w{Q}K", &["q@d5", "r@e5"], &[]);
    assert!(swaps.contains(&"d5".to_owned()) && !swaps.contains(&"e5".to_owned()));
}

/// Issue 29 (notes MB26): "All the move definitions will be done from White's point of view, the
/// black moves will be derived implicitly with a reflection about the horizontal bisector of
/// the board": Black's `lW` goes left as White sees it too, and a right turn is mirrored.
#[test]
fn black_moves_are_white_moves_reflected() {
    assert_eq!(squares_on("lW", "8x8", "d4", Side::Black), ["c4"]);
    assert_eq!(squares_on("(fr)N", "8x8", "d4", Side::White), ["f5"]);
    assert_eq!(squares_on("(fr)N", "8x8", "d4", Side::Black), ["f3"]);
    let mirrored: Vec<String> = squares_on("K-(fr)K", "8x8", "e3", Side::White)
        .iter()
        .map(|s| {
            let rank: u8 = s[1..].parse().expect("rank");
            format!("{}{}", &s[..1], 9 - rank)
        })
        .collect();
    let mut mirrored = mirrored;
    mirrored.sort();
    assert_eq!(squares_on("K-(fr)K", "8x8", "e6", Side::Black), mirrored);
}

/// Found by a random-string run: the basic Pawn's board range came with the range of the
/// Pawn's own definition text, which `P9` then quoted past its end. Every range a piece says
/// lies in the text written, and each part is said once however many joins meet it.
#[test]
fn a_basic_piece_says_its_ranges_in_the_text_written() {
    for text in ["P9", "S3", "(P)0", "P-P"] {
        let piece = built(text);
        assert!(
            piece
                .not_drawn
                .iter()
                .all(|(range, _)| usize::from(range.end()) <= text.len()),
            "{text}: {:?}",
            piece.not_drawn
        );
        let mut said = piece.not_drawn.clone();
        said.dedup();
        assert_eq!(said.len(), piece.not_drawn.len(), "{text}");
        crate::explain::explain(&parse(text, Dialect::Mbn)).to_text();
    }
}

/// Issue 29: "If a piece set is used as a prefix (before any modifier) then it means: do this
/// move only if the start square is attacked by any of the pieces in this piece set", the
/// attacker moving as the same string defines it (`C=RN`, the seed's Chancellor), else as MBN's
/// basic piece of its letter (notes MB27).
#[test]
fn a_set_before_a_move_asks_for_an_attacker() {
    let escapes =
        |text: &str, typed: &[&str]| among_typed(text, typed, &[]).0.contains(&"b2".to_owned());
    // The Chancellor on d8 checks along the file; on e1 it does not.
    assert!(escapes("C=RN K=K+{C}W2F2", &["c@d8"]));
    assert!(!escapes("C=RN K=K+{C}W2F2", &["c@e1"]));
    // MBN's basic C is the Camel, which from e1 does.
    assert!(escapes("K=K+{C}W2F2", &["c@e1"]));
    // A friendly C attacks nothing; an enemy of unknown type may be one, and is said to be.
    assert!(!escapes("K=K+{C}W2F2", &["C@e1"]));
    let (squares, assumed) = among_typed("K=K+{C}W2F2", &[], &["e1"]);
    assert!(squares.contains(&"b2".to_owned()) && assumed == 1);
}

/// Seed 002, L403: "p Must hop over any single hurdle … When doubled (pp) it must hop over any
/// number of hurdles (but at least one) … This modifier can be declared as optional"; L410's
/// `pp?{QRNP}B` "may hop over any number of pieces, including zero pieces (the latter is a
/// slide)".
#[test]
fn p_doubled_or_optional_hops_any_number_of_pieces() {
    // Over the friend on d5 alone it takes d6; over both it goes on to d7 and d8; over b4 alone
    // to a4. It never slides without a hop.
    assert_eq!(
        squares_among("ppR", "d4", &["d5"], &["d6", "b4"]),
        ["a4", "d6", "d7", "d8"]
    );
    assert_eq!(
        squares_among("pR", "d4", &["d5"], &["d6", "b4"]),
        ["a4", "d6"]
    );
    let optional = squares_among("p?R", "d4", &["d5"], &["d6", "b4"]);
    assert!(optional.contains(&"d6".to_owned()) && optional.contains(&"c4".to_owned()));
    assert!(!optional.contains(&"d7".to_owned()), "one hurdle at most");
    // Other optional modifiers are said, not drawn.
    assert!(built("c?R").moves.is_empty());
}

/// Issue 29: the seed's Pawn `[1-2]mefW02` ("only from ranks 1–2") double-steps nowhere near
/// the centre, where a diagram stands the piece: a second board shows it from the nearest
/// square where it starts, d2 on 8x8 (and the centre's own board is not changed).
#[test]
fn a_diagram_shows_limited_moves_from_where_they_start() {
    let pawn = parse("P=mfW+cefF+[1-2]mefW02", Dialect::Mbn);
    let board = "8x8".parse().ok();
    let diagram = crate::explain::diagram(&pawn, board);
    let (centre, from_d2) = diagram
        .split_once("\nFrom d2, where the moves limited to some squares of the board start:\n")
        .expect("a board from d2");
    assert!(
        centre.contains("  5  . . x o x . . .\n  4  . . . @"),
        "{centre}"
    );
    assert!(
        from_d2.contains("  4  . . . o . . . .\n  3  . . x o x"),
        "{from_d2}"
    );
    // A piece without ranges gets no second board.
    let plain = crate::explain::diagram(&parse("P=mfW+cefF", Dialect::Mbn), board);
    assert!(!plain.contains("From "), "{plain}");
}

/// A range after the move (`W[d-f1-3]`, the Xiangqi Guard's palace) limits where it ends, and
/// the squares the diagram marks with it: from e3, e4 is outside, neither a move nor a
/// capture.
#[test]
fn a_range_after_the_move_limits_what_the_diagram_marks() {
    let guard = built("W[d-f1-3]");
    let size: BoardSize = "8x8".parse().expect("size");
    let e3: Square = "e3".parse().expect("square");
    let position = Position::new(size, e3, Side::White, false, &[], &[]).expect("position");
    let marked: Vec<String> = generate(&guard, &position)
        .summary()
        .keys()
        .map(ToString::to_string)
        .collect();
    assert_eq!(marked, ["d3", "e2", "f3"]);
}
