//! Findings on the exact letters, written under each string as an editor shows them, and the
//! quick fix under the cursor.

use crate::Dialect;
use crate::diagnostic::codes;
use crate::fixture::{Host, check_diagnostics, check_fix, check_no_fix};
use crate::lint::{Engine, LintConfig};

const XBETZA: Host = Host::Lint(Dialect::XBetza);
const FAIRY: Host = Host::Lint(Dialect::Fairy);
const CHAINED: Host = Host::Lint(Dialect::Chained);

#[test]
fn findings_point_at_the_exact_letters() {
    check_diagnostics(
        XBETZA,
        r#"
        mafmcW
        ^ hint default-mode: `m` changes nothing: a leg before an `a` moves (m) by default [fix: remove `m`]
           ^^ hint default-mode: `mc` changes nothing: a final leg moves or captures (mc) by default [fix: remove `mc`]
        "#,
    );
    check_diagnostics(
        XBETZA,
        r#"
        mfW
         ^ warning xboard-modifier-order: XBoard drops `f` here: it comes after a letter XBoard reads later (its order is i, directions, u m c d e x t p g o y n j) (from d4 on an empty 8x8 board: XBoard also goes to c4 d3 e4) [fix: write `fm`]
        "#,
    );
    check_diagnostics(
        XBETZA,
        r#"
        WN1
          ^ hint range-one: range 1 changes nothing: `N` already leaps once [fix: remove the range]
        "#,
    );
    // The seed's `j` has nothing to jump on a single step; XBoard's skips the only square.
    check_diagnostics(
        XBETZA,
        r#"
        jK
        ^ hint jump-without-effect: `j` on a single step: there is no square to jump [fix: remove `j`]
        ^ warning xboard-reads-differently: XBoard generates no moves for `j` on a single step: it skips the first square, and the step ends there (from d4 on an empty 8x8 board: only the XBetza description goes to c3 c4 c5 d3 d5 e3 e4 e5)
        "#,
    );
    check_diagnostics(
        XBETZA,
        r#"
        KW
         ^ hint redundant-move: `W` adds nothing: the rest of the piece already makes every one of its moves [fix: remove `W`]
        "#,
    );
    // In Fairy-Stockfish `a` is skipped, so the `m` is not a default there.
    check_diagnostics(
        FAIRY,
        r#"
        mafsW
        ^^^^^ warning xboard-reads-differently: XBoard reads this piece differently: from d4 on an empty 8x8 board: XBoard also goes to b3 b5 c2 c6 e2 e6 f3 f5; only Fairy-Stockfish goes to c4 d5 e4
         ^ warning fairy-skipped-letter: Fairy-Stockfish skips `a`: it reads `mafsW` as `mfsW` [fix: remove `a`]
        "#,
    );
}

#[test]
fn near_misses_stay_quiet() {
    // m on a final leg alone is not the default; mc on an earlier leg is a locust.
    check_diagnostics(XBETZA, "afmW");
    check_diagnostics(XBETZA, "mcafW");
    // Range 1 on a slider is meaningful: R1 is W.
    check_diagnostics(XBETZA, "R1");
    // j on a slider skips a square.
    check_diagnostics(XBETZA, "jR");
    // y before an a toggles the next leg.
    check_diagnostics(XBETZA, "yafsF");
    // iso after a slider leg.
    check_diagnostics(XBETZA, "RaiR");
    // u with a capture.
    check_diagnostics(XBETZA, "udQ");
    // fh and hr are real directions.
    check_diagnostics(XBETZA, "fhN");
    check_diagnostics(XBETZA, "hrN");
    // XBoard's own order, and C/Z; different moves, nothing redundant.
    check_diagnostics(XBETZA, "fmWfcF");
    check_diagnostics(XBETZA, "CZ");
    check_diagnostics(XBETZA, "WF");
}

#[test]
fn a_non_final_o_is_read_as_wrapping_by_xboard() {
    // XBoard's moves.c sets its cylinder mode for `o` on any leg; seed 000 ends a non-final
    // `o` leg off the board. A final `o` and `oo` are read alike.
    check_diagnostics(
        XBETZA,
        r#"
        oabyaK
        ^ warning xboard-reads-differently: XBoard wraps this leg around the left and right edges; the XBetza description ends it just off the board (from d4 on an empty 8x8 board: XBoard also goes to a1 a4 a7 b2 b4 b6 c3 c4 and 19 more)
        ^^^^^^ warning xboard-reads-differently: XBoard lets this leg go anywhere but straight back, revisiting squares the XBetza description excludes
        "#,
    );
    check_diagnostics(XBETZA, "oW");
    // XBoard reads one `o` and stops at the second, so it never reaches the `a`: `ooafK` is
    // a King there (found by generating XBoard's reading).
    check_diagnostics(
        XBETZA,
        r#"
        ooafK
         ^ warning xboard-modifier-order: XBoard reads `o` once in a leg and drops this one (from d4 on an empty 8x8 board: XBoard also goes to c3 c4 c5 d3 d5 e3 e4 e5; only the XBetza description goes to b2 b4 b6 d2 d6 f2 f4 f6)
        "#,
    );
}

/// Found by the `lint_fixes` fuzz target: `LC` fixed to `CC` made a Camel rider, and `movesF`
/// reordered to `vsmeoF` paired `v` with `s`. Such fixes are no longer offered; a doubled `LL`
/// is rewritten whole, as `C0` (proving fixes by generation found that XBoard reads `CC` as
/// two Camels).
#[test]
fn fixes_never_join_atoms_or_pair_directions() {
    check_no_fix(XBETZA, "$0LC");
    // XBoard reads `CC` as two Camels: the rider every engine reads alike is `C0`.
    check_fix(XBETZA, "$0LL", "C0");
    // Fairy-Stockfish pairs adjacent direction letters (`vs`); in XBetza both mean the same.
    // XBoard asked for, as by one who runs Fairy-Stockfish under an XBoard GUI.
    let mut config = LintConfig::for_dialect(Dialect::Fairy);
    config.engines.push(Engine::XBoard);
    let order = crate::BetzaString::new("movesF", Dialect::Fairy)
        .lint(&config)
        .into_iter()
        .find(|d| d.code == codes::XBOARD_MODIFIER_ORDER)
        .map(|d| d.fix.is_some());
    assert_eq!(order, Some(false));
    check_diagnostics(
        XBETZA,
        r#"
        movesF
           ^ warning xboard-modifier-order: XBoard drops `e` here: it comes after a letter XBoard reads later (its order is i, directions, u m c d e x t p g o y n j) [fix: write `vsmeo`]
        "#,
    );
    check_fix(XBETZA, "mov$0esF", "vsmeoF");
    check_fix(XBETZA, "m$0fW", "fmW");
}

/// Fairy-Stockfish's own answers (pyffish 0.0.90, `fsf_oracle.py`): `D1` has no move (golden
/// case fr-1300), `nR` is a full Rook, `RmR1` moves one square and captures as a Rook, `fR1fDD`
/// reaches d5 d6 d8 from d4, so `fDD` is not "no moves" there. The rules decide by generating.
#[test]
fn fairy_rules_follow_the_engines_answers() {
    check_diagnostics(
        FAIRY,
        r#"
        D1W
        ^^ error fairy-no-moves: Fairy-Stockfish builds no moves from `D1`: the range `1` makes `D` a rider, and the engine has riders only along W, F and N lines (write `D` for the leap)
        ^^^ warning xboard-reads-differently: XBoard reads this piece differently: from d4 on an empty 8x8 board: XBoard also goes to b4 d2 d6 f4
        "#,
    );
    check_diagnostics(
        FAIRY,
        r#"
        nR
        ^ warning fairy-lame-ignored: Fairy-Stockfish ignores `n` on a rider: it plays `nR` as `R`, which is not lame [fix: remove `n`]
        "#,
    );
    check_diagnostics(
        FAIRY,
        r#"
        nN
        "#,
    );
    // In XBetza `mR1` adds nothing to `R`; in Fairy-Stockfish it takes moves away.
    check_diagnostics(
        FAIRY,
        r#"
        RmR1
        ^^^^ warning xboard-reads-differently: XBoard reads this piece differently: from d4 on an empty 8x8 board: XBoard also goes to a4 b4 d1 d2 d6 d7 d8 f4 and 2 more
         ^^^ warning fairy-range-overwritten: `mR1` takes moves away: Fairy-Stockfish keeps one range per direction and move kind, and `mR1` replaces what `R` stored for its quiet moves
        "#,
    );
    check_diagnostics(
        XBETZA,
        r#"
        RmR1
         ^^^ hint redundant-move: `mR1` adds nothing: the rest of the piece already makes every one of its moves [fix: remove `mR1`]
        "#,
    );
    check_diagnostics(
        FAIRY,
        r#"
        fR1fDD
            ^^ warning xboard-doubled-atom: XBoard reads `DD` as two D atoms, not a rider (from d4 on an empty 8x8 board: XBoard also goes to b4 d2 f4; only Fairy-Stockfish goes to d8); no rewrite is offered, since XBoard would not read `fR1fD0` as Fairy-Stockfish reads this string either (from f5 on a 12x10 board, friends on c5 e3 f6 f9 g4 h4, enemies on c8 d4 d7 e5 f3 g6 h6 i5: XBoard also goes to f7)
        "#,
    );
    // `W1` is `W` for the engine too; removing `W` from `NWN` would join `NN`, a Nightrider.
    check_diagnostics(
        FAIRY,
        r#"
        W1
         ^ hint range-one: range 1 changes nothing: Fairy-Stockfish plays `W1` as `W` [fix: remove the range]
        "#,
    );
    check_diagnostics(
        FAIRY,
        r#"
        NWN
        ^ hint redundant-move: `N` adds nothing: in Fairy-Stockfish the rest of the piece already makes every one of its moves [fix: remove `N`]
          ^ hint redundant-move: `N` adds nothing: in Fairy-Stockfish the rest of the piece already makes every one of its moves [fix: remove `N`]
        "#,
    );
    check_diagnostics(
        FAIRY,
        r#"
        KW
         ^ hint redundant-move: `W` adds nothing: in Fairy-Stockfish the rest of the piece already makes every one of its moves [fix: remove `W`]
        "#,
    );
    // The digit after a doubled atom, which the grammar finds too: said with the syntax
    // findings (`notation::fairy::skipped`), not twice; XBoard, which the engine sends the
    // string to, reads two Knights, and `N0` is the Nightrider both read.
    check_diagnostics(
        FAIRY,
        r#"
        NN2
        ^^^ warning xboard-doubled-atom: XBoard reads `NN2` as two N atoms, not a rider (from f5 on a 12x10 board: only Fairy-Stockfish goes to l2 l8) [fix: write `N0`]
        "#,
    );
}

/// Issue 25: one cause, one finding. XBoard drops both `f` and `h` of `mfhNcfW`'s first leg,
/// which one reordering fixes: one finding names both, with its fix; the second leg's `f` is
/// another cause, with another fix.
#[test]
fn a_leg_out_of_xboard_order_is_one_finding() {
    check_diagnostics(
        XBETZA,
        r#"
        mfhNcfW
         ^^ warning xboard-modifier-order: XBoard drops `f` and `h` here: each comes after a letter XBoard reads later (its order is i, directions, u m c d e x t p g o y n j) (from d4 on an empty 8x8 board: XBoard also goes to b3 c2 e2 f3) [fix: write `fhm`]
             ^ warning xboard-modifier-order: XBoard drops `f` here: it comes after a letter XBoard reads later (its order is i, directions, u m c d e x t p g o y n j) [fix: write `fc`]
        "#,
    );
}

/// Note F9: Fairy-Stockfish's move reader skips `e`, but a custom piece with an `e` captures en
/// passant (parser.cpp 279–283), so `fceF` gets no skipped-letter finding; `a` still does
/// (`mafsW`, above).
#[test]
fn fairy_e_is_en_passant_not_a_skipped_letter() {
    check_diagnostics(FAIRY, "fmWfceF");
}

/// parser.cpp 279–283, recorded by the differential (m1305): an `e` in a comment after a
/// custom piece's Betza string lets the piece capture en passant, which the comment's finding
/// says; a comment without one does not claim it. Its letters are said with the syntax
/// findings (the modifiers at the end with no atom, the run with `#`), not here again.
#[test]
fn an_e_in_an_inline_comment_is_said_as_en_passant() {
    check_diagnostics(
        FAIRY,
        r#"
        mR3 ; note
           ^^^^^^^ warning fairy-inline-comment: Fairy-Stockfish has no inline comments and reads `; note` as part of the Betza string: here it changes no move, and its `e` lets the piece capture en passant; put the comment on a line of its own [fix: remove the comment from the value]
                 ^ warning xboard-modifier-order: XBoard drops `e` here: it comes after a letter XBoard reads later (its order is i, directions, u m c d e x t p g o y n j)
        "#,
    );
    check_diagnostics(
        FAIRY,
        r#"
        mR3 # x
           ^^^^ warning fairy-inline-comment: Fairy-Stockfish has no inline comments and reads `# x` as part of the Betza string: here it changes no move; put the comment on a line of its own [fix: remove the comment from the value]
        "#,
    );
    check_diagnostics(
        FAIRY,
        r#"
        fmWfceF # note
               ^^^^^^^ warning fairy-inline-comment: Fairy-Stockfish has no inline comments and reads `# note` as part of the Betza string: here it changes no move; put the comment on a line of its own [fix: remove the comment from the value]
                     ^ warning xboard-modifier-order: XBoard drops `e` here: it comes after a letter XBoard reads later (its order is i, directions, u m c d e x t p g o y n j)
        "#,
    );
}

#[test]
fn of_two_moves_that_make_the_same_moves_only_the_later_is_redundant() {
    // Removing both would lose the Wazir: `WW` in chained Betza is two Wazir moves.
    check_diagnostics(
        CHAINED,
        r#"
        WW
         ^ hint redundant-move: `W` adds nothing: the rest of the piece already makes every one of its moves [fix: remove `W`]
        "#,
    );
    // Both of `W` and `F` can go when `K` stays: each is judged against the moves kept.
    check_diagnostics(
        XBETZA,
        r#"
        KWF
         ^ hint redundant-move: `W` adds nothing: the rest of the piece already makes every one of its moves [fix: remove `W`]
          ^ hint redundant-move: `F` adds nothing: the rest of the piece already makes every one of its moves [fix: remove `F`]
        "#,
    );
}

#[test]
fn a_move_not_drawn_whole_is_never_called_redundant() {
    // Seed 001's exponent `0` repeats `(WF)` any number of times; past the bound of ways drawn
    // it is said in words, not drawn, so the drawn Wazir cannot prove it adds nothing.
    check_diagnostics(CHAINED, "W(WF)0");
}
