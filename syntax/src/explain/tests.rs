//! Snapshot tests of explanations and diagrams.

use expect_test::{Expect, expect};

use super::explain;
use crate::{Dialect, parse};

fn check(betza: &str, dialect: Dialect, expected: Expect) {
    let parsed = parse(betza, dialect);
    let mut text = super::explain(&parsed).to_text();
    text.push_str(&super::diagram(&parsed, None));
    expected.assert_eq(&text);
}

#[test]
fn xiangqi_horse_leg_by_leg() {
    // Seed 000: "mafsW is the Xiangqi Horse, and after the initial mW the second leg is
    // really an F move."
    check(
        "mafsW",
        Dialect::XBetza,
        expect![[r#"
            The Xiangqi Horse (also known as: Mao). Moves like the Knight on an empty board, but it can be blocked on the way. Moves or captures: Wazir step (0,1), in every direction, onto an empty square, then turning 45° left or right, continuing as a Ferz step. 1 move in XBetza; it can capture; some moves have several legs. In chained Betza: `(W-fF)`.

            mafsW:
              1. Wazir step (0,1), in every direction; must land on an empty square
              2. then turning 45° left or right, continuing as a Ferz step; moves to an empty square or captures an enemy (mc, the default)
             11  . . . . . . .
             10  . . * . * . .
              9  . * . . . * .
              8  . . . @ . . .
              7  . * . . . * .
              6  . . * . * . .
              5  . . . . . . .
                 e f g h i j k
            @ the piece   * moves there, or captures an enemy there
        "#]],
    );
}

#[test]
fn valkyrie_move_by_move() {
    check(
        "QudQafudQ",
        Dialect::XBetza,
        expect![[r#"
            The Valkyrie. Moves like the Queen on an empty board, but it can be blocked on the way. `udQ` swaps places with a friendly piece it reaches (Queen slide, any distance, in every direction). 3 moves in XBetza; it can capture; some moves have several legs.

            Q:
              Queen slide, any distance, in every direction; moves to an empty square or captures an enemy (mc, the default)

            udQ:
              Queen slide, any distance, in every direction; captures a friendly piece there; the captured piece reappears where this leg started (u)

            afudQ:
              1. Queen slide, any distance, in every direction; must land on an empty square (m, the default on a leg before the last)
              2. then straight on, any distance; captures a friendly piece there; the captured piece reappears where this leg started (u)
             15  * . . . . . . * . . . . . . *
             14  . * . . . . . * . . . . . * .
             13  . . * . . . . * . . . . * . .
             12  . . . * . . . * . . . * . . .
             11  . . . . * . . * . . * . . . .
             10  . . . . . * . * . * . . . . .
              9  . . . . . . * * * . . . . . .
              8  * * * * * * * @ * * * * * * *
              7  . . . . . . * * * . . . . . .
              6  . . . . . * . * . * . . . . .
              5  . . . . * . . * . . * . . . .
              4  . . . * . . . * . . . * . . .
              3  . . * . . . . * . . . . * . .
              2  . * . . . . . * . . . . . * .
              1  * . . . . . . * . . . . . . *
                 a b c d e f g h i j k l m n o
            @ the piece   * moves there, or captures an enemy there
        "#]],
    );
}

#[test]
fn fide_pawn_with_initial_and_en_passant() {
    check(
        "fmWfceFifmnD",
        Dialect::XBetza,
        expect![[r#"
            The Pawn. It can be blocked on the way. 3 moves in XBetza; it can capture.

            fmW:
              Wazir step (0,1), forward; moves to an empty square

            fceF:
              Ferz step (1,1), forward-right, forward-left; captures an enemy there, or captures en passant

            ifmnD:
              Dabbaba leap (0,2), forward; moves to an empty square; non-jumping: it is blocked by a piece on the way; creates e.p. rights where it could be blocked
              (only on the piece's first move)
             11  . . . . . . .
             10  . . . i . . .
              9  . . x o x . .
              8  . . . @ . . .
              7  . . . . . . .
              6  . . . . . . .
              5  . . . . . . .
                 e f g h i j k
            @ the piece   x captures an enemy there   i moves there on its first move only   o moves there

            With other pieces around (F friend, E enemy):
             11  . . . E . . .
             10  . . . . . . .
              9  . . x B X . .
              8  . E . @ . . .
              7  . . F . . . .
              6  . . . . . E .
              5  . . . . . . .
                 e f g h i j k
            @ the piece   x captures an enemy there   B friend in the way of a move there   F friend   X enemy, which it captures   E enemy
        "#]],
    );
}

/// Explanation and diagram of many strings, one after the other, for a file snapshot.
fn explain_all<'a>(strings: impl Iterator<Item = (&'a str, &'a str)>) -> String {
    let mut out = String::new();
    for (title, betza) in strings {
        let parsed = parse(betza, Dialect::XBetza);
        out.push_str(&format!("===== {title}: {betza}\n"));
        out.push_str(&super::explain(&parsed).to_text());
        out.push_str(&super::diagram(&parsed, None));
        out.push('\n');
    }
    out
}

#[test]
fn every_catalogue_piece_is_explained_and_drawn() {
    let entries = super::names::catalogue();
    let text = explain_all(entries.iter().map(|e| (e.name, e.betza)));
    expect_test::expect_file!["../../test_data/explain/catalogue.txt"].assert_eq(&text);
}

#[test]
fn every_seed_example_is_explained_and_drawn() {
    let folder =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/parser/xbetza/ok");
    let mut inputs: Vec<(String, String)> = std::fs::read_dir(folder)
        .expect("snapshot inputs")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "betza"))
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().contains("_seed_"))
        })
        .filter_map(|p| {
            Some((
                p.file_stem()?.to_string_lossy().into_owned(),
                std::fs::read_to_string(&p).ok()?,
            ))
        })
        .collect();
    inputs.sort();
    let text = explain_all(
        inputs
            .iter()
            .map(|(name, betza)| (name.as_str(), betza.as_str())),
    );
    expect_test::expect_file!["../../test_data/explain/seed_examples.txt"].assert_eq(&text);
}

#[test]
fn fairy_says_which_letters_the_engine_skips() {
    check(
        "mafsW",
        Dialect::Fairy,
        expect![[r#"
            Moves: Wazir leap, forward, right, left. 1 move in Fairy-Stockfish Betza; it never captures.

            mafsW:
              Wazir leap, forward, right, left; moves to an empty square (m)

            Fairy-Stockfish skips these letters without a word: a
             11  . . . . . . .
             10  . . . . . . .
              9  . . . o . . .
              8  . . o @ o . .
              7  . . . . . . .
              6  . . . . . . .
              5  . . . . . . .
                 e f g h i j k
            @ the piece   o moves there
        "#]],
    );
}

/// Note F9: in `fairy`, the `e` of `fmWfceF` is said as what it does in a variants.ini (the
/// piece captures en passant), not listed among the letters the engine skips.
#[test]
fn fairy_e_is_explained_as_en_passant() {
    let explanation = super::explain(&parse("fmWfceF", Dialect::Fairy));
    assert!(
        explanation.summary.contains("capture en passant"),
        "{}",
        explanation.summary
    );
    assert!(explanation.ignored.is_empty(), "{:?}", explanation.ignored);
}

/// Issue 26: an explanation lists the first 64 moves and counts the rest, so a string of
/// thousands of moves makes a hover of kilobytes, not megabytes; the summary counts them all.
#[test]
fn a_long_list_of_moves_is_cut_and_counted() {
    for dialect in [Dialect::XBetza, Dialect::Fairy] {
        let explanation = super::explain(&parse(&"fWbW".repeat(50), dialect));
        assert_eq!(explanation.moves.len(), 65, "{dialect:?}");
        let last = explanation.moves.last().expect("the count");
        assert_eq!(last.text, "…");
        assert_eq!(last.lines, ["and 36 more, not listed"], "{dialect:?}");
    }
    let explanation = super::explain(&parse(&"fWbW".repeat(50), Dialect::XBetza));
    assert!(
        explanation.summary.contains("100 moves"),
        "{}",
        explanation.summary
    );
}

/// Issue 26: an explanation quotes the user's text by its two ends, so a prefix or a list of
/// skipped letters thousands long stays a few lines long.
#[test]
fn long_text_is_quoted_by_its_ends() {
    let prefix = explain(&parse(
        &format!("{}K", "caf".repeat(2000)),
        Dialect::Chained,
    ))
    .to_text();
    assert!(prefix.len() < 2_000, "{} bytes", prefix.len());
    assert!(prefix.contains("prefix `cafcaf") && prefix.contains('…'));
    let skipped = explain(&parse(&format!("{}K", "a".repeat(5000)), Dialect::Fairy)).to_text();
    assert!(skipped.len() < 2_000, "{} bytes", skipped.len());
    assert!(skipped.contains("(and 4936 more)"));
}

/// Issue 28: a summary says in plain words what the piece does; a named piece is not said to
/// move like another named piece with features of its own (the Pawn like the Metamachy Pawn),
/// only like a plain one (the Xiangqi Horse like the Knight); a swap is said as a swap (seed 000's `u`: the captured piece reappears where the
/// leg started).
#[test]
fn a_summary_says_what_the_piece_does_in_plain_words() {
    let summary = |text: &str| explain(&parse(text, Dialect::XBetza)).summary;
    let pawn = summary("fmWfcFifmnD");
    assert!(
        pawn.starts_with(
            "The Pawn. Moves: Wazir step (0,1), forward; Dabbaba leap (0,2), forward, unless \
             blocked on the way (first move only); captures: Ferz step (1,1)"
        ),
        "{pawn}"
    );
    assert!(!pawn.contains("Moves like"), "{pawn}");
    let horse = summary("mafsW");
    assert!(
        horse.contains("Moves like the Knight on an empty board, but it can be blocked"),
        "{horse}"
    );
    // A piece of plain one-leg moves says what they do, grouped by what they do.
    assert!(
        summary("fmWfcF").starts_with(
            "The Shatranj Pawn. Moves: Wazir step (0,1), forward; captures: Ferz step (1,1), \
             forward-right, forward-left."
        ),
        "{}",
        summary("fmWfcF")
    );
    assert!(summary("ifmW").starts_with("Moves: Wazir step (0,1), forward (first move only)."));
    // In Fairy-Stockfish's reading, an atom that builds nothing on its own (a Dabbaba rider,
    // `cD1`) is not said to capture (reference: only some lines have riders).
    let fairy = |text: &str| explain(&parse(text, Dialect::Fairy)).summary;
    assert!(fairy("fmWfcF").contains("Moves: Wazir leap, forward; captures: Ferz leap"));
    assert!(!fairy("cD1").contains("Captures:"), "{}", fairy("cD1"));
    let swapper = summary("ucdQ");
    assert!(
        swapper.starts_with("`ucdQ` swaps places with any piece it reaches (Queen slide"),
        "{swapper}"
    );
}

/// Issue 28: a piece of several-leg moves is said in a sentence too, leg after leg, with what
/// each earlier leg lands on (seed 000: `p` hops over the piece it lands on, `c` on an earlier
/// leg is a locust capture, an `a` leg goes on from where the one before ended); a move with
/// any other feature is left to the list of moves, which says it whole.
#[test]
fn a_summary_says_several_leg_moves_leg_after_leg() {
    let summary = |text: &str| explain(&parse(text, Dialect::XBetza)).summary;
    let cannon = summary("mRcpR");
    assert!(
        cannon.starts_with(
            "The Cannon. Moves: Rook slide, any distance, in every direction; captures: Rook \
             slide, any distance, in every direction, onto a piece, then hops off the piece it \
             landed on, straight on, any distance."
        ),
        "{cannon}"
    );
    let horse = summary("mafsW");
    assert!(
        horse.contains(
            "Moves or captures: Wazir step (0,1), in every direction, onto an empty square, \
             then turning 45° left or right, continuing as a Ferz step."
        ),
        "{horse}"
    );
    let checker = summary("mfFcafmF");
    assert!(
        checker.contains("onto an enemy, capturing it, then straight on, continuing as a Ferz"),
        "{checker}"
    );
    // `mpafsW` may hop but needs nothing to hop over: it is the Knight, said so and no more.
    let knight = summary("mpafsW");
    assert!(!knight.contains("needs a piece"), "{knight}");
    assert!(
        knight.contains("onto an empty square or a piece"),
        "{knight}"
    );
    // A first leg of two shapes (`K`: W and F) is not said to continue as one of them.
    assert!(summary("cabK").contains("then straight back, one step."));
    // A rider that bends (the Rose, `qN`) is not a straight line: no sentence says it is.
    assert!(
        !summary("qN").contains("Moves or captures"),
        "{}",
        summary("qN")
    );
    // Fairy-Stockfish's lame leaps and hoppers are said by what the engine builds.
    let fairy = |text: &str| explain(&parse(text, Dialect::Fairy)).summary;
    assert!(
        fairy("mRcpR").contains("captures: Rook cannon:"),
        "{}",
        fairy("mRcpR")
    );
    assert!(fairy("nN").contains("Moves or captures: lame Knight leap"));
    // Chained Betza's leg labels are not said as motions, nor a prefix's line as a leg.
    let chained = |text: &str| explain(&parse(text, Dialect::Chained)).summary;
    assert!(chained("W").contains("Moves or captures: Wazir step (0,1)."));
    assert!(!chained("mR").contains("prefix"), "{}", chained("mR"));
}

/// Issue 55: letters with no atom in an XBetza string were said to be something
/// "Fairy-Stockfish builds nothing from"; XBetza's explanation speaks of XBetza alone.
#[test]
fn letters_with_no_atom_are_said_without_another_engine() {
    let text = super::explain(&parse("Wqq", Dialect::XBetza)).to_text();
    assert!(
        text.contains("(no move: these letters have no atom to move by)"),
        "{text}"
    );
    assert!(!text.contains("Fairy-Stockfish"), "{text}");
}
