//! Rules of legs beyond the appendix's case studies, each checked by hand against seed 000.

use super::appendix_tests::{EMPTY_9X9, Setup, destinations, run, sorted};

#[test]
fn unload_on_an_earlier_leg_puts_the_victim_where_that_leg_started() {
    // "u ('unload') the (empty) starting square of the leg will receive the piece captured by
    // the move": ucaK captures on d5 and sets the victim down on d4.
    let setup = Setup {
        board: "8x8",
        from: "d4",
        friends: &[],
        enemies: &["d5"],
        moved: false,
    };
    let generated = run("ucaK", &setup);
    assert!(!generated.moves.is_empty());
    for m in &generated.moves {
        assert_eq!(m.unload.map(|s| s.to_string()).as_deref(), Some("d4"));
    }
}

#[test]
fn a_lame_hopper_is_lame_on_both_legs() {
    // "an npDD on a1 can hop over a mount on a3 or a5, but not over obstacles on a2 or a4".
    let mount = |enemies: &'static [&'static str]| Setup {
        board: "8x8",
        from: "a1",
        friends: &[],
        enemies,
        moved: false,
    };
    assert_eq!(destinations("npDD", &mount(&["a3"])), sorted("a5 a7"));
    assert!(destinations("npDD", &mount(&["a3", "a4"])).is_empty());
    assert!(destinations("npDD", &mount(&["a2", "a3"])).is_empty());
}

#[test]
fn compound_atoms_continue_in_all_eight_directions() {
    // S = AD and T = GH have eight directions, like K: aS is two steps of S.
    let setup = Setup {
        board: "13x13",
        from: "g7",
        ..EMPTY_9X9
    };
    assert_eq!(destinations("aS", &setup).len(), 24);
}

#[test]
fn an_induced_friend_that_induces_another_stays_put() {
    // Induction passes the move on; each piece that passed it on stays where it stood, so the
    // second friend cannot come back through the first one's square.
    let setup = Setup {
        board: "8x8",
        from: "d4",
        friends: &["d5", "d6"],
        enemies: &[],
        moved: false,
    };
    assert!(destinations("xafxabR", &setup).is_empty());
}

#[test]
fn borrowing_names_the_friends_it_borrows_from() {
    let setup = Setup {
        friends: &["e6"],
        ..EMPTY_9X9
    };
    let generated = run("xK", &setup);
    assert!(generated.moves.is_empty());
    assert_eq!(generated.borrowed_from.len(), 1);
}

#[test]
fn a_torus_rider_follows_its_line_until_it_comes_back() {
    // "oo ('cylinder') moves wrap in toroidal fashion (left <-> right and top <-> bottom)".
    let setup = Setup {
        board: "3x2",
        from: "a1",
        ..EMPTY_9X9
    };
    assert_eq!(destinations("frooB", &setup), sorted("a2 b1 b2 c1 c2"));
}

#[test]
fn an_off_board_leg_ends_just_past_the_edge() {
    // "o ('off-board') in a non-final leg means the destination square must be off board"
    // (notes L7): oabR slides to the edge over empty squares, one step past it, then back, so
    // it reaches its whole rank and file (its own square too, a pass). A piece on d6 stops the
    // way north before the edge, and the way back from the south edge captures it.
    let setup = Setup {
        board: "8x8",
        from: "d4",
        ..EMPTY_9X9
    };
    assert_eq!(
        destinations("oabR", &setup),
        sorted("a4 b4 c4 d1 d2 d3 d4 d5 d6 d7 d8 e4 f4 g4 h4")
    );
    let blocked = Setup {
        enemies: &["d6"],
        ..setup
    };
    assert_eq!(
        destinations("oabR", &blocked),
        sorted("a4 b4 c4 d1 d2 d3 d4 d5 d6 e4 f4 g4 h4")
    );
    assert!(
        run("oabR", &blocked)
            .moves
            .iter()
            .any(|m| m.to.to_string() == "d6" && m.capture.is_some())
    );
}

#[test]
fn an_off_board_leg_makes_a_reflecting_bishop() {
    // oasB: a Bishop slide to just past the edge, then a 90° turn back onto the board. From
    // c1: north-east to i7 (past h6), back to h8; north-west to z4 (past a3), back a5 to d8;
    // south-west to b0, back to a1; south-east to d0, back e1 to h4.
    let setup = Setup {
        board: "8x8",
        from: "c1",
        ..EMPTY_9X9
    };
    assert_eq!(
        destinations("oasB", &setup),
        sorted("a1 a5 b6 c7 d8 e1 f2 g3 h4 h8")
    );
}

#[test]
fn a_plain_lame_leap_creates_no_en_passant_rights() {
    // Seed 000: only "in" and "nn" make a leaper create e.p. rights; plain `n` is only lame.
    let setup = Setup {
        board: "8x8",
        from: "e2",
        ..EMPTY_9X9
    };
    let rights = |betza: &str| -> usize {
        run(betza, &setup)
            .moves
            .iter()
            .map(|m| m.ep_rights.len())
            .sum()
    };
    assert_eq!(rights("fmnD"), 0);
    assert_eq!(rights("fmnnD"), 1);
    assert_eq!(rights("ifmnD"), 1);
}

#[test]
fn a_bent_lame_wrapping_rider_stays_bounded() {
    // Regression (found by the property test): `znoQ` once re-walked its bent, wrapping path
    // straight to collect e.p. squares and never arrived, filling memory.
    let setup = Setup {
        board: "7x9",
        from: "d5",
        friends: &["d7"],
        enemies: &["f5", "c4"],
        moved: false,
    };
    let generated = run("znoQN", &setup);
    for m in &generated.moves {
        assert!(
            m.ep_rights.len() <= 63,
            "{} e.p. squares",
            m.ep_rights.len()
        );
    }
}

#[test]
fn q_on_a_later_leg_turns_the_way_the_move_last_bent() {
    // Seed 000: "q in leg after s or oblique leap breaks symmetry stands for l or r in same
    // direction as previous bend"; "z ... in opposit direction". From d4: d5, then e6 (a right
    // bend); q turns right again to f5, z turns left to d7. Mirrored for the left bend.
    let setup = Setup {
        board: "8x8",
        from: "d4",
        ..EMPTY_9X9
    };
    let north = |s: &str| format!("f{s}");
    assert_eq!(destinations(&north("afsaqW"), &setup), sorted("b5 f5"));
    assert_eq!(destinations(&north("afsazW"), &setup), sorted("d7"));
}

#[test]
fn q_after_an_oblique_leap_follows_its_lean() {
    // (1,2) leans right of forward, so `fq` is `fr`: the second leap is the next orientation
    // clockwise, (2,1), as a Rose's next step. The Knight to e6 goes on to g7; the one to c6
    // (leaning left) goes on to a7.
    let setup = Setup {
        board: "8x8",
        from: "d4",
        ..EMPTY_9X9
    };
    assert_eq!(destinations("ffafqN", &setup), sorted("a7 g7"));
    // With `z` each turns back to the orientation before its own: both come to d8.
    assert_eq!(destinations("ffafzN", &setup), sorted("d8"));
}

#[test]
fn q_after_a_leg_that_did_not_bend_has_no_move() {
    // No bend yet means no side for `q` to repeat (see NOTATION-NOTES L9).
    let setup = Setup {
        board: "8x8",
        from: "d4",
        ..EMPTY_9X9
    };
    assert!(destinations("afaqW", &setup).is_empty());
    // A straight leg between keeps the earlier bend: d5, e6, f7, then right to g6 (and the
    // mirror image through c6 and b7 to a6).
    assert_eq!(destinations("fafsafaqW", &setup), sorted("a6 g6"));
}

/// Every square of the board within `reach` king steps of `from`, but `from`.
fn squares_within(board: &str, from: &str, reach: u8) -> Vec<String> {
    let size: super::BoardSize = board.parse().expect("board");
    let from: super::Square = from.parse().expect("square");
    let mut all = Vec::new();
    for file in 0..size.files {
        for rank in 0..size.ranks {
            let square = super::Square { file, rank };
            if square != from && square.distance(from) <= u32::from(reach) {
                all.push(square);
            }
        }
    }
    all.sort();
    all.iter().map(|s| s.to_string()).collect()
}

#[test]
fn long_king_chains_are_searched_to_the_end() {
    // Seed 000: continuation legs without directions go "in all directions belonging to the
    // atom, except to squares that it already visited". Eleven such King steps from m13 on a
    // 26x26 board reach every square within eleven steps but the start: 528, none missed and
    // the search not cut short, although the paths number in the billions.
    let setup = Setup {
        board: "26x26",
        from: "m13",
        ..EMPTY_9X9
    };
    let generated = run("aaaaaaaaaaK", &setup);
    assert!(!generated.truncated);
    let found: Vec<String> = generated
        .destinations()
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(found, squares_within("26x26", "m13", 11));
    // Thirty-one steps that may pass over pieces (mp) reach the whole board.
    let chain = format!("{}K", "mpa".repeat(30));
    let generated = run(&chain, &setup);
    assert!(!generated.truncated);
    assert_eq!(generated.destinations().len(), 26 * 26 - 1);
}

#[test]
fn searched_chains_still_respect_blockers() {
    // Three King steps that must land on empty squares: a ring of friends two squares away
    // from d4 (b2-f2-f6-b6) cannot be landed on, and the squares beyond it (distance 3) can
    // only be reached through the ring's gaps, of which there are none.
    let ring = [
        "b2", "c2", "d2", "e2", "f2", "f3", "f4", "f5", "f6", "e6", "d6", "c6", "b6", "b5", "b4",
        "b3",
    ];
    let setup = Setup {
        board: "8x8",
        from: "d4",
        friends: &ring,
        enemies: &[],
        moved: false,
    };
    assert_eq!(
        destinations("aaK", &setup),
        sorted("c3 c4 c5 d3 d5 e3 e4 e5")
    );
}

#[test]
fn an_off_board_probe_finds_the_edge() {
    // Seed 003: off-board legs "allow moves to 'probe' for the presence of a board edge by
    // attempting to step off-board and back. E.g. oabyaK for a (partial) Edge-Hog move": on an
    // edge the probe succeeds and the piece goes on as a Queen; in the middle it has no move.
    let edge = Setup {
        board: "8x8",
        from: "a4",
        ..EMPTY_9X9
    };
    assert_eq!(destinations("oabyaK", &edge), destinations("Q", &edge));
    let middle = Setup { from: "d4", ..edge };
    assert!(destinations("oabyaK", &middle).is_empty());
}

#[test]
fn a_non_final_e_marks_its_square() {
    // Seed 000: "e ('en passant') new mode: capture a lame leaper on a square it just passed
    // through". feafsW: a forward step that may capture e.p., then a diagonal step; without
    // e.p. rights the step is marked on d5 and nothing follows from it (notes L10).
    let setup = Setup {
        board: "8x8",
        from: "d4",
        ..EMPTY_9X9
    };
    let generated = run("feafsW", &setup);
    assert!(generated.moves.is_empty());
    assert_eq!(
        generated
            .en_passant
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>(),
        ["d5"]
    );
}

#[test]
fn a_tame_hopper_mounts_only_friends() {
    // XBoard (reference xboard.md): `t` "may not capture royals", and "with p/g: hop only over
    // own pieces". tpR on d4 with a friend on d2 and an enemy on d6 hops only over d2.
    let setup = Setup {
        board: "8x8",
        from: "d4",
        friends: &["d2"],
        enemies: &["d6"],
        moved: false,
    };
    assert_eq!(destinations("tpR", &setup), sorted("d1"));
    assert_eq!(destinations("pR", &setup), sorted("d1 d7 d8"));
}
