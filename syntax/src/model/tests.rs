//! Each rule of the model, checked on an empty board against the seed sentence it implements.

use crate::board::{BoardSize, Position, Side, generate};
use crate::{Dialect, parse};

fn destinations_as(betza: &str, dialect: Dialect, from: &str, side: Side) -> String {
    let size: BoardSize = "9x9".parse().expect("size");
    let position = Position::new(size, from.parse().expect("square"), side, false, &[], &[])
        .expect("position");
    reached(betza, dialect, &position)
}

/// The destinations of `betza` in `position`, sorted and space-separated.
fn reached(betza: &str, dialect: Dialect, position: &Position) -> String {
    let parsed = parse(betza, dialect);
    assert!(!parsed.has_errors(), "{betza}: {:?}", parsed.errors());
    let piece = crate::registry::lower(&parsed.piece(), dialect);
    let squares: Vec<String> = generate(&piece, position)
        .destinations()
        .iter()
        .map(|s| s.to_string())
        .collect();
    squares.join(" ")
}

fn destinations(betza: &str, from: &str) -> String {
    destinations_as(betza, Dialect::XBetza, from, Side::White)
}

#[test]
fn single_letters_select_one_orthogonal_move_or_a_pair_of_others() {
    // Seed 000: "the first four indicate single directions for the orthogonal (e.g. W) atoms,
    // they indicate pairs of moves for diagonal (e.g. B) or oblique (e.g. N) atoms".
    assert_eq!(destinations("fW", "e5"), "e6");
    assert_eq!(destinations("fF", "e5"), "d6 f6");
    assert_eq!(destinations("fN", "e5"), "d7 f7");
    // "e.g. fB, a Bishop that only has the two forward slides".
    assert_eq!(destinations("fB", "e5"), "a9 b8 c7 d6 f6 g7 h8 i9");
}

#[test]
fn perpendicular_pairs_intersect_on_diagonals_and_add_up_on_orthogonals() {
    // Seed 000: "So frB is one diagonal slide to the forward right, frR is two slides, one
    // forward, the other to the right!"
    assert_eq!(destinations("frB", "e5"), "f6 g7 h8 i9");
    assert_eq!(destinations("frR", "e5"), "e6 e7 e8 e9 f5 g5 h5 i5");
}

#[test]
fn oblique_pairs_depend_on_the_order_of_the_letters() {
    // Reference (both engines): `frN` is the flat forward-right leap, `rfN` the steep one.
    assert_eq!(destinations("frN", "e5"), "g6");
    assert_eq!(destinations("rfN", "e5"), "f7");
}

#[test]
fn doubling_a_letter_prevents_combining() {
    // Seed 000: "ffrrN describes a piece with 4 of the Knight's 8 moves: the two forwardmost,
    // and the two furthest to the right".
    assert_eq!(destinations("ffrrN", "e5"), "d7 f7 g4 g6");
}

#[test]
fn vertical_and_sideways_distribute_over_the_other_letter() {
    // Seed 000: "In combinations with a 'two-way' direction (v or s) the other direction is
    // distributed: vr means fr or br."
    assert_eq!(destinations("vrF", "e5"), "f4 f6");
    // The Sissa: "vs = (f+b)s = fs+bs = f(r+l)+b(r+l) = fr+fl+br+bl" on Q.
    assert_eq!(destinations("vsK", "e5"), "d4 d6 f4 f6");
}

#[test]
fn half_extends_a_pair_to_every_move_with_that_component() {
    // Seed 000: "An h can combine with a preceding direction on oblique atoms to extend the
    // meaning from a pair to all four moves that have a component in that direction (fhN)."
    assert_eq!(destinations("fhN", "e5"), "c6 d7 f7 g6");
}

#[test]
fn chiral_sets_are_related_by_rotation() {
    // Seed 000: "a hrN on e4 has moves to f6, g3, d2 and c5".
    assert_eq!(destinations("hrN", "e4"), "c5 d2 f6 g3");
    assert_eq!(destinations("hlN", "e4"), "c3 d6 f2 g5");
}

#[test]
fn king_and_queen_name_compass_directions() {
    // Seed 000: "continuation legs always use the same system for specifying directions as the
    // K atom: even for oblique and diagonal atoms, f in a continuation leg specifies only a
    // single move."
    assert_eq!(destinations("fK", "e5"), "e6");
    assert_eq!(destinations("frK", "e5"), "f6");
    assert_eq!(destinations("fsK", "e5"), "d6 f6");
    assert_eq!(destinations("vK", "e5"), "e4 e6");
}

#[test]
fn black_directions_are_white_rotated_half_a_turn() {
    assert_eq!(
        destinations_as("fN", Dialect::XBetza, "e5", Side::Black),
        "d3 f3"
    );
    assert_eq!(
        destinations_as("frF", Dialect::XBetza, "e5", Side::Black),
        "d4"
    );
}

#[test]
fn ranges_riders_and_shorthands() {
    // Seed 000: "W4 is a range-4 Rook", "R4 means the same as W4", "NN for Nightrider",
    // "B = FF, R = WW", "Q = RB, K = WF".
    assert_eq!(destinations("W4", "a1"), destinations("R4", "a1"));
    assert_eq!(destinations("W4", "a1"), "a2 a3 a4 a5 b1 c1 d1 e1");
    assert_eq!(destinations("NN", "a1"), "b3 c2 c5 d7 e3 e9 g4 i5");
    assert_eq!(destinations("FF", "e5"), destinations("B", "e5"));
    assert_eq!(destinations("WW", "e5"), destinations("R", "e5"));
    assert_eq!(destinations("RB", "e5"), destinations("Q", "e5"));
    assert_eq!(destinations("WF", "e5"), destinations("K", "e5"));
}

#[test]
fn extension_suffixes_lengthen_the_leap() {
    // Seed 000: "X Extended ... boosts those by 3 orthogonal steps. (FX = Giraffe)", "Y ...
    // gives a 2-step diagonal boost. (DY = Di-Knight)".
    assert_eq!(destinations("fFX", "e1"), "d5 f5");
    assert_eq!(destinations("fDY", "e1"), "c5 g5");
}

#[test]
fn second_and_third_square_are_shorthands() {
    // Seed 000: "S 'Second square'. Shorthand for AD", "T 'Third square'. Shorthand for GH".
    assert_eq!(destinations("S", "e5"), destinations("AD", "e5"));
    assert_eq!(destinations("T", "e5"), destinations("GH", "e5"));
}

#[test]
fn the_universal_leaper_reaches_every_other_square() {
    // Seed 000: "U Universal Leaper (Kraken), can teleport to every square except the one it
    // is on."
    assert_eq!(destinations("U", "e5").split(' ').count(), 80);
}

#[test]
fn universal_leaper_takes_its_modes() {
    // Seed 000 lists "d for friendly capture" beside "U for a Universal Leaper": `dU` goes to
    // every friend, `mU` to every empty square, `cU` to every enemy (notes M13).
    let size: BoardSize = "5x5".parse().expect("size");
    let square = |s: &str| s.parse().expect("square");
    let position = Position::new(
        size,
        square("c3"),
        Side::White,
        false,
        &[square("a1"), square("e5")],
        &[square("b4")],
    )
    .expect("position");
    assert_eq!(reached("dU", Dialect::XBetza, &position), "a1 e5");
    assert_eq!(reached("cU", Dialect::XBetza, &position), "b4");
    assert_eq!(
        reached("mU", Dialect::XBetza, &position).split(' ').count(),
        21
    );
    assert_eq!(
        reached("U", Dialect::XBetza, &position).split(' ').count(),
        22
    );
}

#[test]
fn fairy_stockfish_reads_k_as_a_compound() {
    // Reference: `fK` is one square in XBoard and three in Fairy-Stockfish.
    assert_eq!(
        destinations_as("fK", Dialect::Fairy, "e5", Side::White),
        "d6 e6 f6"
    );
    // And skips letters it does not know: `mafsW` moves as `mfsW`.
    assert_eq!(
        destinations_as("mafsW", Dialect::Fairy, "e5", Side::White),
        "d5 e6 f5"
    );
}

fn destinations_with(
    betza: &str,
    from: &str,
    friends: &[&str],
    enemies: &[&str],
    moved: bool,
) -> String {
    let squares = |names: &[&str]| {
        names
            .iter()
            .map(|n| n.parse().expect("square"))
            .collect::<Vec<_>>()
    };
    let position = Position::new(
        BoardSize::CHESS,
        from.parse().expect("square"),
        Side::White,
        moved,
        &squares(friends),
        &squares(enemies),
    )
    .expect("position");
    reached(betza, Dialect::XBetza, &position)
}

#[test]
fn castling_moves_the_king_toward_a_friend_on_the_edge() {
    // Seed 000: "O Castling with the piece at the board edge in the given direction. The range
    // specifies the King step."
    assert_eq!(
        destinations_with("O2", "e1", &["a1", "h1"], &[], false),
        "c1 g1"
    );
    assert_eq!(
        destinations_with("lO2", "e1", &["a1", "h1"], &[], false),
        "c1"
    );
    // Blocked path, an enemy partner, or a piece that has moved: no castling.
    assert_eq!(
        destinations_with("O2", "e1", &["a1", "b1", "h1"], &[], false),
        "g1"
    );
    assert_eq!(destinations_with("O2", "e1", &[], &["a1", "h1"], false), "");
    assert_eq!(destinations_with("O2", "e1", &["a1", "h1"], &[], true), "");
    // "j on castling means the castling partner is not the farthest piece, but the next closer
    // one. (isjO2 = Omega-Chess castling)"
    assert_eq!(
        destinations_with("isjO2", "e1", &["g1", "h1"], &[], false),
        ""
    );
    assert_eq!(
        destinations_with("sjO1", "d1", &["b1", "a1", "g1", "h1"], &[], false),
        "c1 e1"
    );
}

#[test]
fn modes_restrict_what_the_destination_may_hold() {
    // Seed 000: "mc would mean the move can capture or move to an empty square. (This is however
    // the default meaning of the atoms...)"; "d ('destroy') new mode: capture own piece".
    assert_eq!(
        destinations_with("mR", "d4", &["d6"], &["f4"], false),
        "a4 b4 c4 d1 d2 d3 d5 e4"
    );
    assert_eq!(destinations_with("cR", "d4", &["d6"], &["f4"], false), "f4");
    assert_eq!(destinations_with("dR", "d4", &["d6"], &["f4"], false), "d6");
    // "k ('king') new mode: alone or with m means the move can capture a royal piece"; a
    // position's pieces are not royal, so `kR` captures nothing and `kcR` captures as `cR`.
    assert_eq!(destinations_with("kR", "d4", &[], &["f4"], false), "");
    assert_eq!(destinations_with("kcR", "d4", &[], &["f4"], false), "f4");
    // "u ('unload') ... udQ = Swapper": the destination is the friend's square.
    assert_eq!(
        destinations_with("udQ", "d4", &["d6", "f6"], &["b4"], false),
        "d6 f6"
    );
}

#[test]
fn initial_moves_need_an_unmoved_piece() {
    // Seed 000: "i ('initial') as leading modifier: the described move is available only on a
    // piece's initial move. (KimN)"; "ii as above, but 'initial' is defined as being on a square
    // where a piece of the same type started" (an unmoved piece stands on such a square).
    assert_eq!(destinations_with("imN", "b1", &[], &[], false), "a3 c3 d2");
    assert_eq!(destinations_with("imN", "b1", &[], &[], true), "");
    assert_eq!(destinations_with("iimN", "b1", &[], &[], false), "a3 c3 d2");
}
