//! Seed 001's own examples, each with the squares or the engine-read equivalent the seed gives.

use crate::board::reference::fingerprint;
use crate::board::{BoardSize, Position, Side, Square, generate};
use crate::diagnostic::codes;
use crate::{Dialect, model, parse};

fn piece(text: &str, dialect: Dialect) -> model::Piece {
    let parsed = parse(text, dialect);
    assert!(parsed.errors().is_empty(), "{text}: {:?}", parsed.errors());
    crate::registry::lower(&parsed.piece(), dialect)
}

fn squares(names: &[&str]) -> Vec<Square> {
    names.iter().map(|s| s.parse().expect("square")).collect()
}

/// Destinations from d4 on 8x8, with enemies where given, and the squares captured on the way.
fn moves(text: &str, enemies: &[&str]) -> Vec<(String, Vec<String>)> {
    let size: BoardSize = "8x8".parse().expect("size");
    let from: Square = "d4".parse().expect("square");
    let position =
        Position::new(size, from, Side::White, false, &[], &squares(enemies)).expect("position");
    let mut out: Vec<(String, Vec<String>)> = generate(&piece(text, Dialect::Chained), &position)
        .moves
        .iter()
        .map(|m| {
            (
                m.to.to_string(),
                m.captured.iter().map(ToString::to_string).collect(),
            )
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

fn destinations(text: &str) -> Vec<String> {
    let mut out: Vec<String> = moves(text, &[]).into_iter().map(|(to, _)| to).collect();
    out.dedup();
    out
}

/// The same moves as an XBetza string on every reference board, blockers included.
fn same_as_xbetza(chained: &str, xbetza: &str) {
    assert_eq!(
        fingerprint(&piece(chained, Dialect::Chained)),
        fingerprint(&piece(xbetza, Dialect::XBetza)),
        "{chained} vs {xbetza}"
    );
}

/// "The Xiangqi Horse … is written as the chain W-F"; "The latter would be described by
/// W-F" (blockable on the W square only). XBetza writes it `mafsW`.
#[test]
fn the_xiangqi_horse() {
    same_as_xbetza("W-F", "mafsW");
}

/// "W-rW-lW makes one step, (say moving North), then turns right … then turns left …
/// you arrive at (1,2)": one Knight square per first direction.
#[test]
fn a_knight_blocked_on_both_intermediate_squares() {
    assert_eq!(destinations("W-rW-lW"), ["b5", "c2", "e6", "f3"]);
}

/// "The 'Griffon' … first moves one step diagonally, and then continues outward as a Rook …
/// FtR"; it may stop after the first step.
#[test]
fn the_griffon() {
    let squares = destinations("FtR");
    assert_eq!(squares.len(), 24, "{squares:?}");
    for square in ["c3", "e5", "e8", "h5", "a3", "c1"] {
        assert!(squares.contains(&square.to_owned()), "{square}");
    }
    assert!(!squares.contains(&"d5".to_owned()));
}

/// "Q+K is the Grasshopper"; "mRcR+R is the Xiangqi Cannon".
#[test]
fn the_grasshopper_and_the_cannon() {
    same_as_xbetza("Q+K", "gQ");
    same_as_xbetza("mRcR+R", "mRcpR");
}

/// "e.p. capture … frmWxlW … capture through a W step, and then turning left … to your
/// forward right"; "a Checker would be fmFfmFxF".
#[test]
fn en_passant_and_the_checker() {
    assert_eq!(
        moves("frmWxlW", &["e4"]),
        [("e5".into(), vec!["e4".into()])]
    );
    assert!(moves("frmWxlW", &[]).is_empty());
    same_as_xbetza("fmFfmFxF", "fmFfcafmF");
}

/// "'Rifle capture' by a Rook would be RxebR … No overall move, but the victim is gone";
/// "A Ultima Withdrawer … mQmKxbK-Q"; "a Lion would be KxaK".
#[test]
fn weird_captures() {
    assert!(moves("RxebR", &["d7"]).contains(&("d4".into(), vec!["d7".into()])));
    let withdrawer = moves("mQmKxbK-Q", &["d5"]);
    for to in ["d3", "d2", "d1"] {
        assert!(withdrawer.contains(&(to.into(), vec!["d5".into()])), "{to}");
    }
    let lion = moves("KxaK", &["e5"]);
    for to in ["d4", "f6", "e6", "d6"] {
        assert!(lion.contains(&(to.into(), vec!["e5".into()])), "{to}");
    }
}

/// "W3 means WtfWtfW, 1 to 3 orthogonal steps … W-3 … exactly 3 such steps. And Wx3 would be
/// exactly 3 steps where the first 2 mandatorily capture."
#[test]
fn exponents_with_operators() {
    same_as_xbetza("W3", "W3");
    assert_eq!(destinations("W-3"), ["a4", "d1", "d7", "g4"]);
    assert_eq!(
        moves("fWx3", &["d5", "d6"]),
        [("d7".into(), vec!["d5".into(), "d6".into()])]
    );
}

/// "Nrf8 would mean NtrfNtrfN…, upto 8 Knight moves, each consecutive move bending ~45
/// degrees right … This describes the Rose!"; "(FtlF)r0 … the Crooked Bishop". Each turns one
/// way only, so each is part of XBetza's `qN` and `zB`, which turn both ways.
#[test]
fn circular_and_crooked_riders() {
    let rose = destinations("Nrf8");
    assert!(rose.contains(&"g7".to_owned()), "{rose:?}");
    let crooked = destinations("(FtlF)r0");
    for square in ["e5", "d6", "e7", "d8"] {
        assert!(crooked.contains(&square.to_owned()), "{square}");
    }
    for (chained, xbetza) in [("Nrf8", "qN"), ("(FtlF)r0", "zB")] {
        let wide = {
            let size: BoardSize = "8x8".parse().expect("size");
            let position =
                Position::new(size, size.centre(), Side::White, false, &[], &[]).expect("position");
            generate(&piece(xbetza, Dialect::XBetza), &position)
                .destinations()
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
        };
        for square in destinations(chained) {
            assert!(
                wide.contains(&square),
                "{chained}: {square} not in {xbetza}"
            );
        }
    }
}

/// "fmWfcF is a Pawn"; "m(AB) … is defined to mean mAmB"; "(fmW)(fcF) might read more
/// easily than fmWfcF".
#[test]
fn prefixes_and_groups() {
    same_as_xbetza("fmWfcF", "fmWfcF");
    same_as_xbetza("(fmW)(fcF)", "fmWfcF");
    same_as_xbetza("m(AD)", "mAmD");
    same_as_xbetza("fR", "fR");
    same_as_xbetza("K", "K");
    // "A piece that only leaps 4 forward and 1 left or right would be an f(4,1)."
    assert_eq!(destinations("f(4,1)"), ["c8", "e8"]);
}

/// Issue 10 asks for an XBetza rewriting where one has the same meaning: it is offered only
/// when the move sets agree on every reference board (notes C7).
#[test]
fn rewritten_in_xbetza_when_the_moves_agree() {
    let rewrite = |text: &str| {
        crate::notation::chained::rewriting::xbetza_equivalent(&parse(text, Dialect::Chained))
    };
    for text in [
        "W-F", "fmWfcF", "W3", "FtR", "W-rW-lW", "KxaK", "fmFfmFxF", "mRcR+R",
    ] {
        if let Some(xbetza) = rewrite(text) {
            same_as_xbetza(text, &xbetza);
        }
    }
    assert!(rewrite("W-F").is_some());
    assert!(rewrite("fmWfcF").is_some());
    // No XBetza leg continues a W as a (4,1) leap.
    assert_eq!(rewrite("W-(4,1)"), None);
}

/// Found in review: inputs that multiplied ways or legs without a bound, operators inside an
/// exponent, sums past an i8, and compound letters on later legs.
#[test]
fn bounds_and_corner_cases() {
    // 2^30 ways, 8^12 legs with a letter that selects nothing later on: both stop, and say so.
    let ways = piece(&vec!["(WF)"; 30].join("-"), Dialect::Chained);
    assert!(ways.moves.is_empty() && !ways.not_drawn.is_empty());
    let dead_end = format!("{}cK", "K-aK-".repeat(12));
    assert!(piece(&dead_end, Dialect::Chained).moves.is_empty());
    // An operator inside an exponent joins the factors like any other (`Wx3` above).
    assert!(piece("Wy3", Dialect::Chained).not_drawn.is_empty());
    // "0 can be used to indicate 'any number of steps'": W-0 is every length, a Rook.
    same_as_xbetza("W-0", "R");
    // "AmN … AmAm…mA": each factor may be any of the group's atoms.
    assert_eq!(destinations("(WF)-2"), destinations("(WF)-(WF)"));
    // Sums beyond any board and `k` (royalty) change nothing.
    assert!(destinations("f(100,0)-(100,0)").is_empty());
    same_as_xbetza("kK", "K");
    // "fs sideway-forward: fh but not f": a King continued as the two outward diagonals.
    same_as_xbetza("W-fsK", "mafsW");
    // A group's own prefix after an operator is said, not dropped.
    assert!(!piece("W-(lW)", Dialect::Chained).not_drawn.is_empty());
}

/// Found by the `moves` fuzz target (a 61-second unit): `(AN)9` is 512 ways of nine legs, whose
/// tens of thousands of paths were deduplicated pairwise. A piece keeps at most 4096 paths,
/// found by hashing, and says it is incomplete past them.
#[test]
fn many_ways_of_many_legs_stop_at_the_piece_bound() {
    let many = piece("(AN)9", Dialect::Chained);
    assert!(many.incomplete);
    assert_eq!(many.moves.len(), 4096);
    let distinct: std::collections::HashSet<&model::Move> = many.moves.iter().collect();
    assert_eq!(distinct.len(), many.moves.len());
}

/// `(WF)0` alone copies thousands of legs before it finds more ways than are drawn; written
/// thousands of times, that added up to seconds. A piece expands a bounded number of legs in
/// all, and says where it stopped: on the move that reached the bound, then for the rest.
#[test]
fn thousands_of_costly_moves_stop_at_the_piece_bound() {
    let text = "(WF)0".repeat(2000);
    let many = piece(&text, Dialect::Chained);
    assert!(many.incomplete);
    assert!(many.moves.is_empty());
    assert!(many.not_drawn.len() < 100, "{}", many.not_drawn.len());
    let (rest, _) = many.not_drawn.last().expect("the rest is said");
    assert_eq!(usize::from(rest.end()), text.len());
    // Said, so no move of it is taken for one that can never be made.
    let config = crate::lint::LintConfig::for_dialect(Dialect::Chained);
    let findings = crate::BetzaString::new(&text, Dialect::Chained).lint(&config);
    assert!(findings.iter().all(|d| d.code != codes::NO_MOVES));
}

/// The reverse, "where possible": an XBetza piece with several legs in chained Betza, offered
/// only when the moves agree; hoppers (a hidden leg) have none.
#[test]
fn xbetza_rewritten_in_chained_when_the_moves_agree() {
    let rewrite = |text: &str| {
        crate::notation::chained::rewriting::chained_equivalent(&parse(text, Dialect::XBetza))
    };
    for text in ["mafsW", "fmFfcafmF", "mafrW"] {
        let chained = rewrite(text).unwrap_or_else(|| panic!("{text} has a rewriting"));
        same_as_xbetza(&chained, text);
    }
    assert_eq!(rewrite("gQ"), None);
}

/// "! foe: connection square must contain enemy and remains untouched; move must go on from
/// there": `R!R` hops over an enemy only, where `R+R` hops over any piece.
#[test]
fn a_hop_over_an_enemy_only() {
    let reach = |text: &str, friends: &[&str], enemies: &[&str]| {
        crate::tests::north_from_d4(text, Dialect::Chained, friends, enemies)
    };
    assert_eq!(reach("R!R", &[], &["d6"]), ["d7", "d8"]);
    assert!(reach("R!R", &["d6"], &[]).is_empty());
    assert_eq!(reach("R+R", &["d6"], &[]), ["d7", "d8"]);
}

/// "y split: connection square is one step before first obstacle; must continue from there":
/// `RylW` slides up to the square before the first piece, then steps left from there.
#[test]
fn a_split_stops_before_the_first_obstacle() {
    let size: BoardSize = "8x8".parse().expect("size");
    let from: Square = "d4".parse().expect("square");
    let position =
        Position::new(size, from, Side::White, false, &squares(&["d7"]), &[]).expect("position");
    let found: Vec<String> = generate(&piece("fRylW", Dialect::Chained), &position)
        .destinations()
        .iter()
        .map(ToString::to_string)
        .collect();
    // Up the d-file to d6 (before the friend on d7), then one step left: c6.
    assert_eq!(found, ["c6"]);
    // With nothing in the way there is no obstacle to stop before.
    assert!(destinations("fRylW").is_empty());
}

/// Seed 001's modifier table: "j jump one: Must jump exactly one" (XBetza's hopper `p`) and
/// "o: wraps around on cylinder board" (XBetza's `o`); "jj jump many" is not drawn.
#[test]
fn jump_one_and_cylinder() {
    same_as_xbetza("jR", "pR");
    same_as_xbetza("mRcjR", "mRcpR");
    same_as_xbetza("oW3", "oW3");
    assert!(!piece("jjR", Dialect::Chained).not_drawn.is_empty());
}
