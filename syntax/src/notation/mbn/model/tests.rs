//! MBN meanings the seed states, on an empty board (seed 002 quotes in each test).

use crate::board::{BoardSize, Position, Side, Square, generate};
use crate::{Dialect, model, parse};

/// Each move of `piece` in `position`: where it ends and what it took on the way, sorted.
pub(super) fn made(piece: &model::Piece, position: &Position) -> Vec<(Square, Vec<Square>)> {
    let mut moves: Vec<(Square, Vec<Square>)> = generate(piece, position)
        .moves
        .iter()
        .map(|m| (m.to, m.captured.clone()))
        .collect();
    moves.sort();
    moves.dedup();
    moves
}

pub(super) fn squares(text: &str, from: &str) -> Vec<String> {
    squares_among(text, from, &[], &[])
}

/// Destinations on an 8x8 board with friends and enemies on the given squares.
pub(super) fn squares_among(
    text: &str,
    from: &str,
    friends: &[&str],
    enemies: &[&str],
) -> Vec<String> {
    destinations(text, "8x8", from, Side::White, friends, enemies)
}

/// Destinations of `text` on a board of `board` from `from`, for `side`.
pub(super) fn squares_on(text: &str, board: &str, from: &str, side: Side) -> Vec<String> {
    destinations(text, board, from, side, &[], &[])
}

fn destinations(
    text: &str,
    board: &str,
    from: &str,
    side: Side,
    friends: &[&str],
    enemies: &[&str],
) -> Vec<String> {
    let parsed = parse(text, Dialect::Mbn);
    assert!(parsed.errors().is_empty(), "{text}: {:?}", parsed.errors());
    let piece = crate::registry::lower(&parsed.piece(), Dialect::Mbn);
    let size: BoardSize = board.parse().expect("size");
    let from: Square = from.parse().expect("square");
    let on = |names: &[&str]| -> Vec<Square> {
        names.iter().map(|n| n.parse().expect("square")).collect()
    };
    let position =
        Position::new(size, from, side, false, &on(friends), &on(enemies)).expect("position");
    let mut out: Vec<String> = generate(&piece, &position)
        .destinations()
        .iter()
        .map(ToString::to_string)
        .collect();
    out.sort();
    out
}

fn same(mbn: &str, xbetza: &str) {
    let parsed = parse(xbetza, Dialect::XBetza);
    let piece = crate::registry::lower(&parsed.piece(), Dialect::XBetza);
    let size: BoardSize = "8x8".parse().expect("size");
    let position =
        Position::new(size, size.centre(), Side::White, false, &[], &[]).expect("position");
    let mut expected: Vec<String> = generate(&piece, &position)
        .destinations()
        .iter()
        .map(ToString::to_string)
        .collect();
    expected.sort();
    assert_eq!(
        squares(mbn, &size.centre().to_string()),
        expected,
        "{mbn} vs {xbetza}"
    );
}

/// "S=W4 ... the Short Rook moves up to four squares"; "R4 ... is nothing else than (W0)4,
/// and this is equivalent to W0, a normal rook"; "B ... F0"; "Q ... R+B".
#[test]
fn riders_and_the_short_rook() {
    same("S=W4", "W4");
    same("R4", "R");
    same("B", "B");
    same("Q", "Q");
    // "W03 specifies a slider which moves exact three steps".
    assert_eq!(squares("W03", "d4"), ["a4", "d1", "d7", "g4"]);
}

/// "mfW Move one step forward, but do not capture"; "W-fF This is the Horse in Xiangqi";
/// "PQ := (P+Q)"; "fsW is combining the modifiers and can also be expressed as fW+sW".
#[test]
fn modifiers_chains_and_juxtaposition() {
    same("mfW", "mfW");
    same("W-fF", "nN");
    same("fsW", "fsW");
    same("WF", "K");
    same("mfWcfF", "mfWcfF");
}

/// Seed 002's direction tables: `ffN` is "one square forward followed by one square diagonally
/// forward", the two narrow forward knight leaps; `(lf)N` puts l on the short part.
#[test]
fn knight_directions_follow_the_tables() {
    assert_eq!(squares("ffN", "d4"), ["c6", "e6"]);
    assert_eq!(squares("fN", "d4"), ["c6", "e6"]);
    assert_eq!(squares("(lf)N", "d4"), ["c6"]);
    assert_eq!(squares("(fl)N", "d4"), ["b5"]);
    assert_eq!(squares("llN", "d4"), ["b3", "b5"]);
}

/// "[K]--[K]--K is defining a piece which can step in any direction up to three times … this
/// simple example could also be expressed with (dK)3": every square within three king steps,
/// its own too: steps that each go their own way may come back, as the Lion's `aK--[K]`
/// (`(adK)2`) does, "effectively passing a turn" (notes MB9). A line that comes back may not:
/// `W-tW` goes and turns straight back.
#[test]
fn optional_legs_and_sequences() {
    let sequence = squares("[K]--[K]--K", "d4");
    assert_eq!(sequence.len(), 49);
    assert!(sequence.contains(&"d4".to_owned()));
    assert_eq!(squares("(dK)3", "d4"), sequence);
    assert_eq!(squares("(adK)2", "d4"), squares("aK--[K]", "d4"));
    assert!(squares("W-tW", "d4").is_empty());
    assert!(squares("(zW)0", "d4").is_empty());
}

/// Rules of the game are not drawn, and say so; a board range the board decides is drawn.
#[test]
fn what_is_not_drawn_is_listed() {
    let parsed = parse("K[1-5]+!cj{K}Q", Dialect::Mbn);
    let piece = crate::registry::lower(&parsed.piece(), Dialect::Mbn);
    assert_eq!(piece.moves.len(), 1, "K[1-5] is drawn");
    assert_eq!(piece.not_drawn.len(), 1, "{:?}", piece.not_drawn);
}

/// "The Rampager moves up to three squares orthogonally, and may capture up to three pieces.
/// :Ra:=(aW)3 … This modifier allows to capture an opponent piece with any single step from
/// square to square. A definition like W3 only allows a capture at final destination square."
#[test]
fn the_rampager_captures_on_every_step_unlike_w3() {
    let reach = |text: &str| crate::tests::north_from_d4(text, Dialect::Mbn, &[], &["d5", "d6"]);
    assert_eq!(reach(":Ra:=(aW)3"), ["d5", "d6", "d7"]);
    assert_eq!(reach("W3"), ["d5"]);
}

/// Seed 002: "g Defines a leaping slider. This means it moves like the given slider, but it is
/// jumping (leaping) instead of sliding."
#[test]
fn a_leaping_slider_ignores_what_stands_between() {
    let parsed = parse("gW3", Dialect::Mbn);
    let piece = crate::registry::lower(&parsed.piece(), Dialect::Mbn);
    let size: BoardSize = "8x8".parse().expect("size");
    let friends: Vec<Square> = ["d5", "d6"].map(|s| s.parse().expect("square")).to_vec();
    let from: Square = "d4".parse().expect("square");
    let position = Position::new(size, from, Side::White, false, &friends, &[]).expect("position");
    let north: Vec<String> = generate(&piece, &position)
        .destinations()
        .iter()
        .map(ToString::to_string)
        .filter(|s| s.starts_with('d') && s.as_str() > "d4")
        .collect();
    assert_eq!(north, ["d7"]);
    assert_eq!(squares("gR", "a1").len(), 14);
}

/// Seed 002: "j … means: move to any opponent piece, but without capturing (visit a piece).
/// Either a succeeding leg is required for the destination square …; jj any friendly piece …
/// jy any piece": `jR-W` visits an enemy on the file and steps on past it.
#[test]
fn a_visit_lands_on_a_piece_and_goes_on() {
    let north = |text: &str, friends: &[&str], enemies: &[&str]| {
        crate::tests::north_from_d4(text, Dialect::Mbn, friends, enemies)
    };
    assert_eq!(north("jR-W", &[], &["d6"]), ["d7"]);
    assert!(north("jR-W", &["d6"], &[]).is_empty());
    assert_eq!(north("jjR-W", &["d6"], &[]), ["d7"]);
    assert_eq!(north("jyR-W", &["d6"], &[]), ["d7"]);
    // Ending on the visit is said, not drawn.
    let parsed = parse("jR", Dialect::Mbn);
    assert!(
        !crate::registry::lower(&parsed.piece(), Dialect::Mbn)
            .not_drawn
            .is_empty()
    );
}

/// Found by the `explain` fuzz target: an exact count of 4·10^15 (`Y0004000000000000000`)
/// joined legs that many times and never finished. Counts past a line of the largest board
/// are said, not expanded; `(W)99999` is bounded the same way.
#[test]
fn counts_beyond_any_board_are_bounded() {
    let parsed = parse("Y0004000000000000000", Dialect::Mbn);
    let piece = crate::registry::lower(&parsed.piece(), Dialect::Mbn);
    assert!(piece.moves.is_empty());
    assert!(!piece.not_drawn.is_empty());
    assert_eq!(squares("(W)99999", "d4"), squares("(W)0", "d4"));
}

/// "The first leg is a normal king move, the next moves are along a circular path 45 degrees
/// … e3-d4-d5-e6-f6-g5-g4-f3-e3": `(fr)` after `-` is one eighth to the right of the leg
/// before, and a King's leg chains on as a Wazir and as a Ferz, each turning its own way
/// (notes MB11, MB17).
#[test]
fn a_chained_amalgam_turns_one_eighth_from_either_size_of_king_step() {
    // e3-d4 (north-west) then d5 (north): the seed's circle, one turn of it.
    assert!(squares("K-(fr)K", "e3").contains(&"d5".to_owned()));
    assert_eq!(
        squares("K-(fr)K", "e3"),
        ["c2", "c4", "d1", "d5", "f1", "f5", "g2", "g4"]
    );
    assert_eq!(squares("F-(fr)W", "e3"), ["c2", "d5", "f1", "g4"]);
    // `f` after a King's leg goes straight on, which both of its sizes can (notes MB11); after
    // a Wazir step a Ferz leg cannot, so it bends 45° (the Xiangqi Horse).
    assert_eq!(squares("fK-fK", "e3"), ["c5", "e5", "g5"]);
    assert_eq!(squares("W-fF", "d4"), squares("N", "d4"));
}

/// "One example for a circular rider is the Rose … a circular Nightrider (N0) … the Rose must
/// make a 45 degree turn with each leap … starting from e1, it moves along the path
/// e1-g2-h4-g6-e7-c6-b4-c2-e1. :Ro:=(N)(rf)8", and "(P)mλ := P-{(mP)(λ-1)}".
#[test]
fn the_rose_is_a_circular_nightrider() {
    let rose = squares(":Ro:=(N)(rf)8", "e1");
    // Every square of the seed's octagon is a destination (it turns the other way round the
    // same octagon: notes MB17)...
    for square in ["g2", "h4", "g6", "e7", "c6", "b4", "c2"] {
        assert!(rose.contains(&square.to_owned()), "{square} in {rose:?}");
    }
    // ...and so are the first squares of the octagons that leave the board.
    assert_eq!(
        rose,
        ["b4", "c2", "c6", "d3", "e5", "e7", "f3", "g2", "g6", "h4"]
    );
    // No bound (`0`) reaches no further on 8x8; `(P)m1 := P`.
    assert_eq!(squares("(N)(rf)0", "e1"), rose);
    assert_eq!(squares("(N)(rf)1", "e1"), squares("N", "e1"));
}

/// "Also for complex riders we allow the special 0* notations. Such a rider has to be applied
/// the maximal number of times, but a square will not be affected (visited) more than once";
/// the completed circular rider "(P)m0* := P-{(mP)0*}"; the circular King ":CK:=K-{((fr)K)0*}"
/// goes "e3-d4-d5-e6-f6-g5-g4-f3-e3 … it stops before the next square is blocked" (notes
/// MB21).
#[test]
fn zero_star_goes_as_far_as_it_can() {
    // "the slider B0* moves to the forward-most square … until it is bumping with a friendly
    // piece, or until it is capturing an enemy piece, or until the end of board is reached".
    assert_eq!(squares("B0*", "a1"), ["h8"]);
    assert_eq!(squares_among("B0*", "a1", &["d4"], &[]), ["c3"]);
    assert_eq!(squares("N0*", "a1"), ["d7", "g4"]);
    // A Wazir applied as often as it can: to the edge, a friend, or the enemy it takes.
    assert_eq!(squares("W0*", "d4"), ["a4", "d1", "d8", "h4"]);
    assert_eq!(
        squares_among("W0*", "d4", &["d6"], &["f4"]),
        ["a4", "d1", "d5", "f4"]
    );
    // The circular King from e3 via d4 goes round to f3 and stops before e3, where it started.
    let king = squares("K-{((fr)K)0*}", "e3");
    assert!(king.contains(&"f3".to_owned()) && !king.contains(&"d5".to_owned()));
    // A friend on e6 blocks that circle after d5.
    assert!(squares_among("K-{((fr)K)0*}", "e3", &["e6"], &[]).contains(&"d5".to_owned()));
    // The completed circular rider is drawn the same way.
    let parsed = parse("(K)(fr)0*", Dialect::Mbn);
    let piece = crate::registry::lower(&parsed.piece(), Dialect::Mbn);
    assert!(piece.not_drawn.is_empty() && !squares("(K)(fr)0*", "e3").is_empty());
}

/// "If a leg is enclosed in curly brackets, then this leg belongs to the move if the square is
/// unblocked, and it does not belong to the move if the square is blocked. If the square is
/// unblocked, then this move is compulsory … it stops before the next square is blocked
/// (either the next square is occupied by a friendly piece, or the current square is occupied
/// by an opponent piece)" (notes MB18).
#[test]
fn a_brace_leg_is_taken_exactly_when_it_is_unblocked() {
    // On an empty board every first step has a free square to turn to: the leg is compulsory.
    assert_eq!(squares("K-{(fr)K}", "e3"), squares("K-(fr)K", "e3"));
    assert!(!squares("K-{(fr)K}", "e3").contains(&"e4".to_owned()));
    // A friend on f5 blocks the turn from e4: the King stops on e4.
    let blocked = squares_among("K-{(fr)K}", "e3", &["f5"], &[]);
    assert!(blocked.contains(&"e4".to_owned()) && !blocked.contains(&"f5".to_owned()));
    // An enemy taken on f3 blocks the leg after it: no going on to g2.
    let taken = squares_among("K-{(fr)K}", "e3", &[], &["f3"]);
    assert!(taken.contains(&"f3".to_owned()) && !taken.contains(&"g2".to_owned()));
    // At the edge the next square is off the board: e1-f1 stops there.
    assert!(squares("K-{(fr)K}", "e1").contains(&"f1".to_owned()));
    // The explanation says both halves of the rule.
    let text = crate::explain::explain(&parse("K-{(fr)K}", Dialect::Mbn)).to_text();
    assert!(
        text.contains("taken exactly when it is unblocked ({})"),
        "{text}"
    );
    assert!(
        text.contains("the move ends here when the next leg is blocked"),
        "{text}"
    );
    // A `{}` leg that starts a move is taken along each line where it is open; along the
    // others the move goes on without it, heading that way: with a friend on d5, north is
    // the Ferz's step from d4 turned 45° (c5, e5), not the Wazir's and then the Ferz's.
    assert_eq!(squares("{W}-F", "d4"), squares("W-F", "d4"));
    let without = squares_among("{W}-F", "d4", &["d5"], &[]);
    assert!(without.contains(&"c5".to_owned()) && !without.contains(&"c6".to_owned()));
}

/// Seed 002, L571: "F={jy{X}F}0-F This piece jumps over an arbitrary number of consecutive
/// pieces of type X, inclusively a jump over zero pieces, before it moves as a Ferz": a blocked
/// `{}` part "does not belong to the move", which goes on with what follows (notes MB18).
#[test]
fn a_blocked_brace_part_is_left_out_and_the_move_goes_on() {
    let (jumps, _) = super::board_tests::among_typed(
        "F={jy{X}F}0-F",
        &["x@e5", "X@f6", "x@c3", "n@c5", "p@e3"],
        &[],
    );
    // Over e5 and f6 to g7, over c3 to b2; the knight and the pawn are no X: taken.
    assert_eq!(jumps, ["b2", "c5", "e3", "g7"]);
    // With no piece around it is the Ferz.
    assert_eq!(squares("F={jy{X}F}0-F", "d4"), ["c3", "c5", "e3", "e5"]);
}

/// "w Instead of capturing this piece it will swap the piece, the position of the piece at
/// destination square will be swapped with the piece at starting square … If doubled (ww)
/// then swapping will be done only with friendly pieces. And if suffixed with y (wy) then
/// swapping can be done with all pieces."
#[test]
fn w_swaps_places_instead_of_capturing() {
    let swaps = |text: &str| -> Vec<(String, bool, bool)> {
        let piece = crate::registry::lower(&parse(text, Dialect::Mbn).piece(), Dialect::Mbn);
        let size: BoardSize = "8x8".parse().expect("size");
        let on = |name: &str| -> Square { name.parse().expect("square") };
        let position = Position::new(size, on("d4"), Side::White, false, &[on("d5")], &[on("e5")])
            .expect("position");
        let mut out: Vec<(String, bool, bool)> = generate(&piece, &position)
            .moves
            .iter()
            .filter(|m| m.to == on("d5") || m.to == on("e5"))
            .map(|m| (m.to.to_string(), m.swap, m.capture.is_some()))
            .collect();
        out.sort();
        out
    };
    // `w` swaps with the enemy on e5 and takes nothing; the friend on d5 stays.
    assert_eq!(swaps("wK"), [("e5".to_owned(), true, false)]);
    assert_eq!(swaps("wwK"), [("d5".to_owned(), true, false)]);
    assert_eq!(
        swaps("wyK"),
        [
            ("d5".to_owned(), true, false),
            ("e5".to_owned(), true, false)
        ]
    );
    // With `c` as well, taking and swapping are two moves.
    assert_eq!(
        swaps("cwK"),
        [
            ("e5".to_owned(), false, true),
            ("e5".to_owned(), true, false)
        ]
    );
    // "wK Move to any adjacent square. If this square is occupied, then move the piece at
    // destination square to the start square": `w` alone keeps the moves to empty squares.
    assert_eq!(squares("wK", "d4"), squares("K", "d4"));
    // On an empty board the swaps are drawn where a piece would be swapped with, and said.
    let explanation = crate::explain::explain(&parse("mwK", Dialect::Mbn)).to_text();
    assert!(
        explanation.contains("swaps places with an enemy there (w)"),
        "{explanation}"
    );
    let diagram = crate::explain::diagram(&parse("mwK", Dialect::Mbn), None);
    assert!(
        diagram.contains("S moves there, or swaps places with the piece there"),
        "{diagram}"
    );
}

/// "o This modifier makes the move cylindrical. Cylindrical pieces do not stop at the left or
/// right edge of the board … If doubled (oo) also the top and bottom edges of the board will be
/// connected": as XBetza's `o` and `oo` (seed 000), on the same boards.
#[test]
fn o_joins_the_edges() {
    assert_eq!(
        squares("oB", "a1"),
        [
            "b2", "b8", "c3", "c7", "d4", "d6", "e5", "f4", "f6", "g3", "g7", "h2", "h8"
        ]
    );
    same("oB", "oB");
    same("ooN", "ooN");
    assert!(squares("oN", "a1").contains(&"g2".to_owned()));
}

pub(super) fn built(text: &str) -> model::Piece {
    crate::registry::lower(&parse(text, Dialect::Mbn).piece(), Dialect::Mbn)
}

/// `X` stands for `(!dcy{^P}OK)0*` (section 14), an explosion built and then said, not
/// drawn. Thousands of `X`s lower it once, each saying the same.
#[test]
fn a_basic_piece_written_thousands_of_times_says_the_same_each_time() {
    let once = built("X");
    let often = built(&"X".repeat(5_000));
    assert!(often.moves.is_empty() && once.not_drawn.len() == 1);
    assert_eq!(often.not_drawn.len(), 5_000);
    assert!(
        often
            .not_drawn
            .iter()
            .all(|(_, why)| *why == once.not_drawn[0].1)
    );
}

/// `W-W-…-W`: "by default later legs go in the same direction as the previous one", one move
/// of as many legs as written, grown in place rather than copied at every leg (it took more
/// than a minute for thirty thousand legs).
#[test]
fn a_long_chain_of_one_way_is_one_move_of_every_leg() {
    let legs = 10_000;
    let piece = built(&format!("{}W", "W-".repeat(legs - 1)));
    assert!(piece.not_drawn.is_empty() && !piece.incomplete);
    assert_eq!(piece.moves.len(), 1);
    assert_eq!(piece.moves[0].legs.len(), legs);
    assert_eq!(
        squares(&format!("{}W", "W-".repeat(2)), "d4"),
        squares("W03", "d4")
    );
}

/// `K-sK-…-sK`: each King leg chains on sideways as a Wazir and as a Ferz, doubling the ways
/// the move goes on. Past the budget of legs the chain is left out whole (a chain cut short would be another
/// move), and said.
#[test]
fn a_chain_past_the_budget_is_left_out_and_said() {
    let text = format!("{}K", "K-s".repeat(100));
    let piece = built(&text);
    assert!(piece.moves.is_empty() && piece.incomplete);
    let [(range, why)] = piece.not_drawn.as_slice() else {
        panic!("one part said: {:?}", piece.not_drawn);
    };
    assert_eq!(&text[*range], text);
    assert!(
        why.contains("every move written after it are left out"),
        "{why}"
    );
}

/// `(WF)0` written thousands of times: each rider builds its 254 moves (seed 002: "(WF)0" is a
/// complex rider, a Wazir or Ferz leg again and again) until the budget is spent; the rider
/// where it ran out and those after it are left out, said once.
#[test]
fn riders_past_the_budget_are_left_out_and_said_once() {
    let one = built("(WF)0").moves.len();
    let piece = built(&"(WF)0".repeat(100));
    assert!(piece.incomplete);
    let [(range, why)] = piece.not_drawn.as_slice() else {
        panic!("one part said: {:?}", piece.not_drawn);
    };
    assert_eq!(usize::from(range.len()), "(WF)0".len());
    assert!(why.contains("budget"), "{why}");
    let riders = usize::from(range.start()) / "(WF)0".len();
    assert!(riders > 1 && riders < 100, "{riders}");
    assert_eq!(piece.moves.len(), riders * one);
}

/// `jKjK…`: every path of the expression ends on a visit, which is said once for it, not once
/// per path.
#[test]
fn a_visit_that_ends_the_move_is_said_once_per_expression() {
    let piece = built(&"jK".repeat(1_000));
    assert!(piece.moves.is_empty());
    assert_eq!(piece.not_drawn.len(), 1);
}
