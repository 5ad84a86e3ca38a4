use expect_test::expect;

use super::*;
use crate::fixture::{Fixture, Host, check_completion, check_hover, completions, hover_text};
use crate::ide::HoverOptions;

/// The model of `text`, read and checked.
pub fn model(text: &str) -> Model {
    let scan = crate::host::scan(
        crate::host::HostFormat::VariantsIni,
        text,
        crate::Dialect::Fairy,
    );
    scan.ini.map(|model| *model).expect("a model")
}

fn places(text: &str, offset: usize) -> Vec<crate::ide::macros::Place> {
    super::places(&model(text), &text, offset)
}

/// A key says what it means, where its value comes from and how the engine reads it.
#[test]
fn a_key_says_its_meaning_and_where_its_value_comes_from() {
    check_hover(
        "variants.ini",
        "[a:chess]\nmaxRank = 6\ncastling = false\n[b:a]\nma$0xFile = 7\n",
        expect![[r#"
            hover on `maxFile`

            **`maxFile`** (Fairy-Stockfish option)

            Number of files on the board, given as a count or as the letter of the last file, at most 12 (l) in the large-board build.

            - value: a number of files, 1 to 12, or the last file's letter (a to l)
            - default: `8`
            - builds: every build reads it; ranks 9–10 and files i–l exist only in an engine compiled with LARGEBOARDS (pyffish is), 8 × 8 without

            In `[b]`: `7` (set in this section)
        "#]],
    );
    check_hover(
        "variants.ini",
        "[a:chess]\nmaxRank = 6\ncastling = false\n[b:a]\nmaxFile = 7\n$0maxRank = \n",
        expect![[r#"
            hover on `maxRank`

            **`maxRank`** (Fairy-Stockfish option)

            Number of ranks on the board, at most 10 in the large-board build.

            - value: a number of ranks, 1 to 10
            - default: `8`
            - builds: every build reads it; ranks 9–10 and files i–l exist only in an engine compiled with LARGEBOARDS (pyffish is), 8 × 8 without

            In `[b]`: `6` (inherited from `[a]`)
        "#]],
    );
    // A value is said as the engine reads it (case 06-bool-yes), a line set again as
    // overridden (case 34-duplicate-key).
    check_hover(
        "variants.ini",
        "[a:chess]\nc$0astling = yes\ncastling = no\n",
        expect![[r#"
            hover on `castling`

            **`castling`** (Fairy-Stockfish option)

            Castling is allowed.

            - value: `true` or `false` (anything else is false)
            - default: `true`

            In `[a]`: `no` (set in this section), which Fairy-Stockfish reads as `false`

            This line is overridden: the engine keeps the last value of a key in a section.
        "#]],
    );
    // The last line is the one the engine keeps.
    let first = hover_text(
        "variants.ini",
        "[a:chess]\nc$0astling = yes\ncastling = no\n",
        HoverOptions::default(),
    );
    let (kept, _) = first
        .split_once("\nThis line is overridden")
        .expect("said overridden");
    let last = hover_text(
        "variants.ini",
        "[a:chess]\ncastling = yes\n$0castling = no\n",
        HoverOptions::default(),
    );
    assert_eq!(last, kept);
    check_hover(
        "variants.ini",
        "[a:chess]\nma$0xRanks = 6\n",
        expect![[r#"
        hover on `maxRanks`

        `maxRanks` is no Fairy-Stockfish option: the engine ignores it (did you mean `maxRank`?)"#]],
    );
}

/// Issue 42: the section's name once in the title, not again as the chain's start; a parent
/// built in only with large boards says so.
#[test]
fn a_header_says_its_parents_and_its_board() {
    check_hover(
        "variants.ini",
        "[a:chess]\nmaxRank = 6\ncastling = false\n[$0b:a]\nmaxFile = 7\n",
        expect![[r#"
            hover on `[b:a]`

            **Variant `b`** ← `a` ← `chess` (built in)

            Pieces:

            - **B** bishop `B`, of the built-in `chess`
            - **K** king `K`, of the built-in `chess`
            - **N** knight `N`, of the built-in `chess`
            - **P** pawn `fmWfceF`, of the built-in `chess`
            - **Q** queen `Q`, of the built-in `chess`
            - **R** rook `R`, of the built-in `chess`

            - board: 7 files × 6 ranks
            - pieces: bknpqr
            - start position: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`
        "#]],
    );
    let hover = |fixture| hover_text("variants.ini", fixture, HoverOptions::default());
    let alone = hover("[$0v]\n");
    assert_eq!(alone.lines().nth(2), Some("**Variant `v`**"), "{alone}");
    let shogi = hover("[$0s:shogi]\n");
    assert!(shogi.contains("compiled with LARGEBOARDS"), "{shogi}");
    let chess = hover("[$0a:chess]\nmaxRank = 6\ncastling = false\n[b:a]\nmaxFile = 7\n");
    assert!(!chess.contains("compiled"), "{chess}");
}

/// Issue 55, the variant at a glance: a header (and `startFen`) draws the start position on
/// the section's board and lists each piece with its Betza string, its name where the
/// catalogue knows its moves, and where it is defined.
#[test]
fn a_header_draws_the_start_position_and_lists_the_pieces() {
    let hover = hover_text(
        "variants.ini",
        "[$0capablanca-lite:chess]\nmaxFile = 10\ncustomPiece1 = a:BN\ncustomPiece2 = c:RN\n\
         startFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\n",
        HoverOptions::default(),
    );
    let grid = "Start position (10 files × 8 ranks; white upper case, black lower case):\n\n\
                ```text\n\
                8  r n a b q k b c n r\n\
                7  p p p p p p p p p p\n\
                6  . . . . . . . . . .\n\
                5  . . . . . . . . . .\n\
                4  . . . . . . . . . .\n\
                3  . . . . . . . . . .\n\
                2  P P P P P P P P P P\n\
                1  R N A B Q K B C N R\n   \
                a b c d e f g h i j\n\
                ```\n";
    assert!(hover.contains(grid), "{hover}");
    for piece in [
        "- **A** `BN`, the Archbishop: `customPiece1` in `[capablanca-lite]`",
        "- **C** `RN`, the Chancellor: `customPiece2` in `[capablanca-lite]`",
        "- **P** pawn `fmWfceF`, of the built-in `chess`",
    ] {
        assert!(hover.contains(piece), "{piece}: {hover}");
    }
    let at_fen = hover_text(
        "variants.ini",
        "[v:chess]\ncustomPiece1 = a:BN\nstart$0Fen = 8/8/8/8/8/8/8/RA2K3 w - - 0 1\n",
        HoverOptions::default(),
    );
    assert!(at_fen.contains("1  R A . . K . . ."), "{at_fen}");
}

#[test]
fn a_variant_name_leads_to_its_section_and_its_children() {
    let at_parent = Fixture::parse(Host::File("variants.ini"), "[a:chess]\n[b:a]\n[c:$0a]\n");
    let text = at_parent.text.as_str();
    let found: Vec<(TextRange, bool)> = places(text, at_parent.cursor())
        .into_iter()
        .map(|p| (p.range, p.definition))
        .collect();
    assert_eq!(
        found,
        [
            (range(1, 2), true),
            (range(13, 14), false),
            (range(19, 20), false)
        ]
    );
    // A built-in parent has no section in the file, only its children.
    let at_built_in = Fixture::parse(Host::File("variants.ini"), "[a:c$0hess]\n[b:a]\n[c:a]\n");
    assert_eq!(places(text, at_built_in.cursor()).len(), 1);
}

#[test]
fn a_header_offers_the_sections_above_and_the_built_ins_as_parents() {
    let offered = completions("variants.ini", "[a:chess]\n[b:a]\n[c:$0");
    // The nearest section first.
    assert_eq!(
        offered[..2],
        [
            "value `b` over ``: a section above",
            "value `a` over ``: a section above"
        ]
    );
    assert!(
        offered.contains(&"value `chess` over ``: built in: 8 files × 8 ranks".to_owned()),
        "{offered:?}"
    );
    // A name, not a parent, is typed.
    check_completion("variants.ini", "[c$0", expect![[""]]);
}

#[test]
fn completion_offers_keys_not_set_and_the_words_of_a_value() {
    let items = completions("variants.ini", "[a:chess]\nmaxRank = 6\nca$0");
    let offered = |key: &str| {
        items
            .iter()
            .any(|item| item.starts_with(&format!("key `{key}` ")))
    };
    assert!(offered("castling") && offered("stalemateValue"));
    assert!(!offered("maxRank"), "already set");
    assert!(!offered("promotionRank"), "deprecated");
    check_completion(
        "variants.ini",
        "[a:chess]\nstalemateValue = l$0",
        expect![[r#"
            value `win` over `l`: -
            value `loss` over `l`: -
            value `draw` over `l`: -
            value `none` over `l`: -
        "#]],
    );
}
