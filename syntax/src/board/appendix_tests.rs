//! The case studies of seed 000's appendix, each as a named test with the squares the seed's
//! words imply, worked out by hand (not by running the generator), on an empty board and with
//! pieces that show the lameness, hop or capture.

use super::{BoardSize, Generated, Position, Side, Square, generate};
use crate::{Dialect, parse};

pub(super) struct Setup<'a> {
    pub(super) board: &'a str,
    pub(super) from: &'a str,
    pub(super) friends: &'a [&'a str],
    pub(super) enemies: &'a [&'a str],
    pub(super) moved: bool,
}

pub(super) const EMPTY_9X9: Setup<'static> = Setup {
    board: "9x9",
    from: "e5",
    friends: &[],
    enemies: &[],
    moved: false,
};

pub(super) fn run(betza: &str, setup: &Setup<'_>) -> Generated {
    let squares = |names: &[&str]| {
        names
            .iter()
            .map(|n| n.parse::<Square>().expect("square"))
            .collect::<Vec<_>>()
    };
    let size: BoardSize = setup.board.parse().expect("board");
    let position = Position::new(
        size,
        setup.from.parse().expect("square"),
        Side::White,
        setup.moved,
        &squares(setup.friends),
        &squares(setup.enemies),
    )
    .expect("position");
    let parsed = parse(betza, Dialect::XBetza);
    assert!(parsed.errors().is_empty(), "{betza}: {:?}", parsed.errors());
    generate(
        &crate::registry::lower(&parsed.piece(), Dialect::XBetza),
        &position,
    )
}

pub(super) fn destinations(betza: &str, setup: &Setup<'_>) -> Vec<String> {
    run(betza, setup)
        .destinations()
        .iter()
        .map(|s| s.to_string())
        .collect()
}

pub(super) fn sorted(squares: &str) -> Vec<String> {
    let mut list: Vec<Square> = squares
        .split_whitespace()
        .map(|s| s.parse().expect("square"))
        .collect();
    list.sort();
    list.iter().map(|s| s.to_string()).collect()
}

#[test]
fn xiangqi_horse_is_blocked_on_the_orthogonal_square() {
    // "a Xiangqi Horse would step to a W square, then continue at 45-degree angle (i.e. fs) for
    // a second step, so you get afsW". A friend on e6 blocks d7 and f7.
    assert_eq!(
        destinations("mafsW", &EMPTY_9X9),
        sorted("c4 c6 d3 d7 f3 f7 g4 g6")
    );
    let blocked = Setup {
        friends: &["e6"],
        enemies: &["g4"],
        ..EMPTY_9X9
    };
    assert_eq!(destinations("mafsW", &blocked), sorted("c4 c6 d3 f3 g4 g6"));
}

#[test]
fn falcon_and_lame_camel_equal_their_short_forms() {
    // "*) This can now be written as nC, and the Falcon as nCnZ."
    for (long, short) in [
        ("afafsWafsafFafraflWaflafrW", "nC"),
        ("afafsKafsafKafraflKaflafrK", "nCnZ"),
    ] {
        for friends in [
            &[][..],
            &["e6"],
            &["e6", "f6"],
            &["d6", "f5", "f6"],
            &["e6", "e7", "f7"],
        ] {
            let setup = Setup {
                friends,
                ..EMPTY_9X9
            };
            assert_eq!(
                destinations(long, &setup),
                destinations(short, &setup),
                "{long} {friends:?}"
            );
        }
    }
}

#[test]
fn hook_movers_and_the_sissa() {
    // "RaisR would be a hook mover with equal length legs, reaching the same targets as a Bishop".
    assert_eq!(
        destinations("aisR", &EMPTY_9X9),
        destinations("B", &EMPTY_9X9)
    );
    // asR turns one corner: every square off the piece's file and rank.
    assert_eq!(destinations("asR", &EMPTY_9X9).len(), 64);
    // The Sissa aivsQ: k Queen steps, then k steps turned 45 or 135 degrees: the Knight squares,
    // every square on its file and rank, and the (2,4) leaps that fit the board.
    let expected = sorted(
        "c4 c6 d3 d7 f3 f7 g4 g6 \
         a5 b5 c5 d5 f5 g5 h5 i5 e1 e2 e3 e4 e6 e7 e8 e9 \
         c1 c9 g1 g9 a3 a7 i3 i7",
    );
    assert_eq!(destinations("aivsQ", &EMPTY_9X9), expected);
}

#[test]
fn picket_and_griffon_toggle_range() {
    // "yafF would be a Ferz step followed by a second FF (= B) leg in the same direction ...
    // this move cannot end on an F square": the Bishop's squares without the four nearest.
    let bishop = destinations("B", &EMPTY_9X9);
    let picket: Vec<String> = bishop
        .into_iter()
        .filter(|s| !["d4", "d6", "f4", "f6"].contains(&s.as_str()))
        .collect();
    assert_eq!(destinations("yafF", &EMPTY_9X9), picket);
    // "it cannot capture on the first step (as the default mode there is m)".
    let screened = Setup {
        enemies: &["f6"],
        ..EMPTY_9X9
    };
    assert!(!destinations("yafF", &screened).contains(&"g7".to_owned()));
    // Griffon = FyafsF: F squares, then rook slides bent 45 degrees away from them.
    let griffon = destinations("FyafsF", &EMPTY_9X9);
    assert!(griffon.contains(&"f9".to_owned()) && griffon.contains(&"i6".to_owned()));
    assert!(!griffon.contains(&"g7".to_owned()));
}

#[test]
fn area_moves_reach_every_square_within_range() {
    // "So aK would be a piece that makes two K steps, but the second doesn't go exactly back.
    // It can thus reach all K, N, A and D squares on an empty board."
    let k_n_a_d = destinations("KNAD", &EMPTY_9X9);
    assert_eq!(k_n_a_d.len(), 24);
    assert_eq!(destinations("aK", &EMPTY_9X9), k_n_a_d);
    // Three steps that never revisit a square reach the whole 7×7 area but the start.
    assert_eq!(destinations("KaKaaK", &EMPTY_9X9).len(), 48);
}

#[test]
fn checker_captures_by_jumping() {
    // "A Checker captures by jumping to the second square diagonally (which must be empty),
    // capturing what it jumped over ... Checker = fmFfcafmF."
    let setup = Setup {
        board: "8x8",
        from: "d4",
        friends: &["c5"],
        enemies: &["e5"],
        moved: false,
    };
    let generated = run("fmFfcafmF", &setup);
    assert_eq!(destinations("fmFfcafmF", &setup), sorted("f6"));
    assert_eq!(
        generated.moves[0].captured,
        ["e5".parse::<Square>().expect("square")]
    );
    let landing_taken = Setup {
        enemies: &["e5", "f6"],
        ..setup
    };
    assert!(destinations("fmFfcafmF", &landing_taken).is_empty());
}

#[test]
fn lion_reaches_its_area_and_can_pass_or_capture_and_return() {
    // "Lion = KNADcaKmcabK": every K, N, A and D square, and with mcabK a return to its own
    // square (a turn pass, or a capture without moving).
    let setup = Setup {
        enemies: &["e6"],
        ..EMPTY_9X9
    };
    let mut expected = destinations("KNAD", &EMPTY_9X9);
    expected.push("e5".into());
    expected.sort_by_key(|s| s.parse::<Square>().ok());
    assert_eq!(destinations("KNADcaKmcabK", &setup), expected);
}

#[test]
fn rifle_rook_captures_without_moving() {
    // "Rifle Rook = caibR": capture, then come back the same number of steps.
    let setup = Setup {
        board: "8x8",
        from: "d4",
        friends: &["b4"],
        enemies: &["d7", "g4"],
        moved: false,
    };
    let generated = run("caibR", &setup);
    assert_eq!(destinations("caibR", &setup), sorted("d4"));
    let mut victims: Vec<String> = generated
        .moves
        .iter()
        .flat_map(|m| m.captured.iter().map(|s| s.to_string()))
        .collect();
    victims.sort();
    assert_eq!(victims, ["d7", "g4"]);
}

#[test]
fn valkyrie_puts_the_friend_anywhere_on_its_path() {
    // "the full Valkyrie = QudQafudQ": a Queen, a swap with a friend, and a displacement of the
    // friend to a square the Valkyrie passed through.
    let setup = Setup {
        board: "8x8",
        from: "d4",
        friends: &["d7"],
        enemies: &[],
        moved: false,
    };
    let generated = run("QudQafudQ", &setup);
    let mut unloads: Vec<String> = generated
        .moves
        .iter()
        .filter(|m| m.to.to_string() == "d7")
        .filter_map(|m| m.unload.map(|s| s.to_string()))
        .collect();
    unloads.sort();
    assert_eq!(unloads, ["d4", "d5", "d6"]);
}

#[test]
fn relay_knight_lends_its_leap_to_friends() {
    // "The full Relay Knight is thus mNxaN": it moves but never captures with N, and a friend a
    // Knight's leap away may leap on as a Knight.
    let setup = Setup {
        friends: &["g6"],
        enemies: &["c4"],
        ..EMPTY_9X9
    };
    assert_eq!(
        destinations("mNxaN", &setup),
        sorted("c6 d3 d7 f3 f7 g4 e7 f4 f8 h4 h8 i5 i7")
    );
}

#[test]
fn move_borrowing_has_no_squares_of_its_own() {
    // "xK describes a piece that can move like all friendly pieces adjacent to it": what it
    // borrows depends on those pieces, so nothing is drawn.
    let setup = Setup {
        friends: &["e6"],
        ..EMPTY_9X9
    };
    assert!(destinations("xK", &setup).is_empty());
}

#[test]
fn fide_and_metamachy_pawns() {
    // "This allowed a full decription of the FIDE Pawn: fmWfceFifmnD."
    let start = Setup {
        board: "8x8",
        from: "e2",
        friends: &[],
        enemies: &["d3"],
        moved: false,
    };
    assert_eq!(destinations("fmWfceFifmnD", &start), sorted("d3 e3 e4"));
    assert_eq!(
        run("fmWfceFifmnD", &start).en_passant,
        ["f3".parse::<Square>().expect("square")]
    );
    let blocked = Setup {
        friends: &["e3"],
        ..start
    };
    assert_eq!(destinations("fmWfceFifmnD", &blocked), sorted("d3"));
    let moved = Setup {
        moved: true,
        from: "e3",
        enemies: &[],
        ..start
    };
    assert_eq!(destinations("fmWfceFifmnD", &moved), sorted("e4"));
    // "Metamachy allows non-initial double pushes ... (fmWfceFfmnnD)".
    assert_eq!(destinations("fmWfceFfmnnD", &moved), sorted("e4 e5"));
}

#[test]
fn juggernaut_rook_captures_everything_in_its_path() {
    // "(caf)R would be 'Juggernaut Rook', which can capture arbitrarily many enemies in its path."
    let setup = Setup {
        board: "8x8",
        from: "d4",
        friends: &[],
        enemies: &["d6", "d7", "f4"],
        moved: false,
    };
    assert_eq!(
        destinations("(caf)R", &setup),
        sorted("a4 b4 c4 d1 d2 d3 d5 d6 d7 d8 e4 f4 g4 h4")
    );
    // "A number behind the closing parenthesis would put a maximum on the number of repeats."
    assert!(!destinations("(caf)1R", &setup).contains(&"d8".to_owned()));
}

#[test]
fn circular_and_zig_zag_riders_bend_on_every_step() {
    // Seed 000: "q ('circular') rider bends 45-degrees in same direction on every step (qN =
    // Rose)"; "z ('zig-zag') rider bends 90-degrees in opposit directions on every step (zB =
    // Crooked Bishop)".
    let rose = destinations("qN", &EMPTY_9X9);
    for square in ["f7", "h8", "e9"] {
        assert!(rose.contains(&square.to_owned()), "{square} in {rose:?}");
    }
    assert!(
        !rose.contains(&"g9".to_owned()),
        "the Rose does not ride straight"
    );
    let crooked = destinations("zB", &EMPTY_9X9);
    for square in ["f6", "g5", "h6", "i5", "e7", "f8", "e9"] {
        assert!(
            crooked.contains(&square.to_owned()),
            "{square} in {crooked:?}"
        );
    }
    assert!(
        !crooked.contains(&"g7".to_owned()),
        "the Crooked Bishop does not ride straight"
    );
}

#[test]
fn lame_moves_create_en_passant_rights_where_they_could_be_blocked() {
    let rights = |betza: &str, from: &str, to: &str| -> Vec<String> {
        let setup = Setup {
            board: "8x8",
            from,
            friends: &[],
            enemies: &[],
            moved: false,
        };
        run(betza, &setup)
            .moves
            .iter()
            .filter(|m| m.to.to_string() == to)
            .flat_map(|m| m.ep_rights.iter().map(|s| s.to_string()))
            .collect()
    };
    // "any move (initial leg) that carries an in modifier combination will create e.p. rights on
    // the squares it passes through": the FIDE pawn's double step, on e3.
    assert_eq!(rights("fmWfceFifmnD", "e2", "e4"), ["e3"]);
    // "ifnmW6 would describe an initial (non-capturing) move of up to 6 (orthogonal) steps
    // forward, creating e.p. rights on every square passed through, while ifmW6 would not".
    assert_eq!(rights("ifnmW6", "a2", "a5"), ["a3", "a4"]);
    assert!(rights("ifmW6", "a2", "a5").is_empty());
    // "fnafsmW to make sure they could be e.p. captured on the W square they moved through".
    assert_eq!(rights("fnafsmW", "d4", "e6"), ["d5"]);
}
