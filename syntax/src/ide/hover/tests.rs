use expect_test::expect;

use super::*;
use crate::analysis::Options;
use crate::fixture::{Fixture, Host, check_hover, check_hover_with, hover_text};
use crate::parse;

#[test]
fn base64_matches_rfc_4648_examples() {
    for (input, expected) in [
        ("", ""),
        ("f", "Zg=="),
        ("fo", "Zm8="),
        ("foo", "Zm9v"),
        ("foobar", "Zm9vYmFy"),
    ] {
        assert_eq!(base64(input.as_bytes()), expected);
    }
}

#[test]
fn a_letter_is_documented_by_its_dialects_table() {
    // Seed 002: MBN's `d` is any direction; seed 000: XBetza's `d` destroys (captures a
    // friend); seed 001: chained Betza's `-` is an operator.
    assert!(token_doc(&parse("dK", Dialect::Mbn), 0).contains("any direction"));
    assert!(token_doc(&parse("dK", Dialect::XBetza), 0).contains("friend"));
    assert!(!token_doc(&parse("W-F", Dialect::Chained), 1).is_empty());
    assert!(token_doc(&parse("R4", Dialect::XBetza), 1).starts_with("**range**"));
}

/// Issue 24: a hover (explanation, diagram, picture) builds no model of its own, and hovers
/// after it on the same string build none; issue 43: the one model is the analysis's, which its
/// lints built. (A string an engine reads otherwise also has its conversions built on the
/// first hover, once: `converted_strings_are_built_once`.)
#[test]
fn the_analysis_and_every_hover_build_the_model_once() {
    for (file, text) in [
        ("p.betza", "mafsWcK"),
        ("variants.ini", "fRbpRnN"),
        ("p.betza", "W-fF"),
    ] {
        // The cursor after the string's first letter.
        let marked = format!("{}$0{}", &text[..1], &text[1..]);
        let contents = match file {
            "variants.ini" => format!("[v:chess]\ncustomPiece1 = a:{marked}\n"),
            _ if text.contains('-') => format!("# dialect: chained\n{marked}\n"),
            _ => format!("{marked}\n"),
        };
        let fixture = Fixture::parse(Host::File(file), &contents);
        let options = Options {
            levels: vec![("engines-disagree".to_owned(), None)],
            ..Options::default()
        };
        crate::model::BUILT.with(|built| built.borrow_mut().clear());
        let document = Document::new(file, "", &fixture.text, &options);
        let offset = fixture.cursor();
        let options = HoverOptions {
            image: true,
            ..HoverOptions::default()
        };
        for _ in 0..3 {
            let shown = hover(&document, offset, options).expect("a hover");
            assert!(shown.markdown.contains("data:image/svg+xml;base64,"));
        }
        let builds = crate::model::BUILT
            .with(|built| built.borrow().iter().filter(|t| t.as_str() == text).count());
        assert_eq!(builds, 1, "{text}");
    }
}

/// Issue 44: the strings a hover converts a piece into are built on the first hover, and the
/// hovers after it build nothing.
#[test]
fn converted_strings_are_built_once() {
    let fixture = Fixture::parse(
        Host::File("variants.ini"),
        "[v:chess]\ncustomPiece1 = a:m$0afsW\n",
    );
    let document = Document::new("variants.ini", "", &fixture.text, &Options::default());
    let first = hover(&document, fixture.cursor(), HoverOptions::default()).expect("a hover");
    assert!(
        first.markdown.contains("reads this string otherwise"),
        "{}",
        first.markdown
    );
    crate::model::BUILT.with(|built| built.borrow_mut().clear());
    for _ in 0..2 {
        hover(&document, fixture.cursor(), HoverOptions::default()).expect("a hover");
    }
    let builds = crate::model::BUILT.with(|built| built.borrow().len());
    assert_eq!(builds, 0);
}

/// Issues 44 and 54: a string XBoard reads otherwise than Fairy-Stockfish plays it (`mafsW`:
/// the engine skips the `a`, XBoard reads a Xiangqi horse) says in its hover what to write for
/// XBoard, which the engine sends the string to, to read the piece the engine plays, proven by
/// generation; not the XBetza description's piece (`nN`), which no engine here plays.
#[test]
fn a_string_an_engine_reads_otherwise_says_what_to_write_for_it() {
    let text = hover_text(
        "variants.ini",
        "[v:chess]\ncustomPiece1 = a:m$0afsW\n",
        HoverOptions::default(),
    );
    assert!(
        text.contains(
            "XBoard reads this string otherwise: for it to play the piece as Fairy-Stockfish \
             reads it, write `fsmW`."
        ),
        "{text}"
    );
    assert!(!text.contains("`nN`"), "{text}");
}

/// Issue 27: a piece of a variants.ini is drawn on its section's board (its parents'
/// size, its own `maxFile` and `maxRank`), unless the user set a board of their own.
#[test]
fn a_piece_of_a_section_is_drawn_on_the_sections_board() {
    let fixture = "[big:chess]\nmaxFile = 10\n[v:big]\nmaxRank = 6\ncustomPiece1 = a:$0R\n";
    check_hover(
        "variants.ini",
        fixture,
        expect![[r#"
            hover on `R`

            ```text
              6  . . . . * . . . . .
              5  . . . . * . . . . .
              4  . . . . * . . . . .
              3  * * * * @ * * * * *
              2  . . . . * . . . . .
              1  . . . . * . . . . .
                 a b c d e f g h i j
            @ the piece   * moves there, or captures an enemy there
            ```

            **`R`** (Fairy-Stockfish Betza) · piece `a` in `[v]`

            Drawn on the section's board, 10 files × 6 ranks.

            The Rook. Moves or captures: Rook rider, any distance, in every direction. 1 move in Fairy-Stockfish Betza; it can capture.

            - `R`
              - Rook rider, any distance, in every direction; moves to an empty square or captures an enemy (mc, the default)

            ---

            **`R`** (Rook): any distance orthogonally (R = WW)

        "#]],
    );
    let chosen = HoverOptions {
        board: Some(BoardSize::CHESS),
        ..HoverOptions::default()
    };
    check_hover_with(
        "variants.ini",
        fixture,
        chosen,
        expect![[r#"
            hover on `R`

            ```text
              8  . . . * . . . .
              7  . . . * . . . .
              6  . . . * . . . .
              5  . . . * . . . .
              4  * * * @ * * * *
              3  . . . * . . . .
              2  . . . * . . . .
              1  . . . * . . . .
                 a b c d e f g h
            @ the piece   * moves there, or captures an enemy there
            ```

            **`R`** (Fairy-Stockfish Betza) · piece `a` in `[v]`

            The Rook. Moves or captures: Rook rider, any distance, in every direction. 1 move in Fairy-Stockfish Betza; it can capture.

            - `R`
              - Rook rider, any distance, in every direction; moves to an empty square or captures an enemy (mc, the default)

            ---

            **`R`** (Rook): any distance orthogonally (R = WW)

        "#]],
    );
}

/// Issue 28: where the section's start position holds the piece, the hover also draws it
/// on its start square among the other pieces: the Cannon on b1 reaches along the first
/// rank only by hopping, and up the b-file to its own pawn (`o` marks a move, `@` a friend).
#[test]
fn a_piece_is_drawn_on_its_start_square() {
    let fixture = "[v:chess]\ncustomPiece1 = a:m$0RcpR\n\
                   startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RANQKBNR w KQkq - 0 1\n";
    let options = HoverOptions {
        start_position: true,
        ..HoverOptions::default()
    };
    check_hover_with(
        "variants.ini",
        fixture,
        options,
        expect![[r#"
            hover on `mRcpR`

            ```text
              8  . . . o . . . .
              7  . . . o . . . .
              6  . . . o . . . .
              5  . . . o . . . .
              4  o o o @ o o o o
              3  . . . o . . . .
              2  . . . o . . . .
              1  . . . o . . . .
                 a b c d e f g h
            @ the piece   o moves there

            With other pieces around (F friend, E enemy):
              8  . . . . . . . .
              7  . . . X . . . .
              6  . . . x . . . .
              5  . . . J E . . .
              4  x N o @ o o o o
              3  . . F o . . . .
              2  . . . o . E . .
              1  . . . o . . . .
                 a b c d e f g h
            @ the piece   x captures an enemy there   o moves there   J friend, hopped over   F friend   X enemy, which it captures   N enemy it cannot take, in the way of a move there   E enemy
            ```

            **`mRcpR`** (Fairy-Stockfish Betza) · piece `a` in `[v]`

            Drawn on the section's board, 8 files × 8 ranks.

            The Cannon. Moves: Rook rider, any distance, in every direction; captures: Rook cannon: over the first piece in the line, then on up to the next piece, any distance, in every direction. 2 moves in Fairy-Stockfish Betza; it can capture.

            - `mR`
              - Rook rider, any distance, in every direction; moves to an empty square (m)
            - `cpR`
              - Rook cannon: over the first piece in the line, then on up to the next piece, any distance, in every direction; captures an enemy (c)

            On its start square b1, among the start position's pieces (F friend, E enemy):

            ```text
              8  E E E E E E E E
              7  E X E E E E E E
              6  . x . . . . . .
              5  . x . . . . . .
              4  . x . . . . . .
              3  . x . . . . . .
              2  F J F F F F F F
              1  B @ B B F F F F
                 a b c d e f g h
            @ the piece   x captures an enemy there   J friend, hopped over   B friend in the way of a move there   F friend   X enemy, which it captures   E enemy
            ```

            ---

            **`R`** (Rook): any distance orthogonally (R = WW)

        "#]],
    );
    // Without the option, the same hover but for its start-square section.
    let with = hover_text("variants.ini", fixture, options);
    let (before, section) = with.split_once("On its start square").expect("the section");
    let after = &section[section.find("---").expect("the rule below")..];
    assert_eq!(
        hover_text("variants.ini", fixture, HoverOptions::default()),
        format!("{before}{after}")
    );
}

/// Issue 40: a string that is only part of its piece (an Interactive Diagram bracket group
/// left out, host/diagram.rs) says so; inside the group there is nothing to explain or draw.
#[test]
fn a_string_beside_a_bracket_group_is_only_part_of_its_piece() {
    check_hover(
        "a.diagram",
        "files=8 ranks=8\nbeast:B:$0K[F?fsR]:beast:e1\n",
        expect![[r#"
            hover on `K`

            ```text
              8  . . . . . . . .
              7  . . . . . . . .
              6  . . . . . . . .
              5  . . * * * . . .
              4  . . * @ * . . .
              3  . . * * * . . .
              2  . . . . . . . .
              1  . . . . . . . .
                 a b c d e f g h
            @ the piece   * moves there, or captures an enemy there
            ```

            **`K`** (XBetza) · piece `B`

            Only part of the piece: its bracket group (Interactive Diagram notation) is not read, so its moves are not explained or drawn here.

            Drawn on the diagram's board, 8 files × 8 ranks.

            The King (also known as: Commoner). Moves or captures: King step, in every direction. 1 move in XBetza; it can capture.

            - `K`
              - King step, in every direction; moves to an empty square or captures an enemy (mc, the default)

            ---

            **`K`** (King): one step in any of the eight directions (K = WF)

        "#]],
    );
    check_hover(
        "a.diagram",
        "files=8 ranks=8\nbeast:B:K[F$0?fsR]:beast:e1\n",
        expect![[r#"
            no hover
        "#]],
    );
}

/// Issue 28: an Interactive Diagram's `files=`/`ranks=` and a PGN game's `FEN` tag give
/// the board a piece is drawn on; the game's start position holds its pieces.
#[test]
fn diagrams_and_games_give_their_own_boards() {
    check_hover(
        "a.diagram",
        "satellite=x files=10 ranks=6\nbetza1:X:m$0RcpR:cannon:b1\n",
        expect![[r#"
            hover on `mRcpR`

            ```text
              6  . . . . o . . . . .
              5  . . . . o . . . . .
              4  . . . . o . . . . .
              3  o o o o @ o o o o o
              2  . . . . o . . . . .
              1  . . . . o . . . . .
                 a b c d e f g h i j
            @ the piece   o moves there

            With other pieces around (F friend, E enemy):
              6  . . . . X . . . . .
              5  . . . . x . . . . .
              4  . . . . J E . . . .
              3  x x N o @ o o o o o
              2  . . . F o . . . . .
              1  . . . . o . E . . .
                 a b c d e f g h i j
            @ the piece   x captures an enemy there   o moves there   J friend, hopped over   F friend   X enemy, which it captures   N enemy it cannot take, in the way of a move there   E enemy
            ```

            **`mRcpR`** (XBetza) · piece `X`

            Drawn on the diagram's board, 10 files × 6 ranks.

            The Cannon. Moves: Rook slide, any distance, in every direction; captures: Rook slide, any distance, in every direction, onto a piece, then hops off the piece it landed on, straight on, any distance. 2 moves in XBetza; it can capture.

            - `mR`
              - Rook slide, any distance, in every direction; moves to an empty square
            - `cpR`
              1. Rook slide, any distance, in every direction; must land on a piece of either colour, which stays where it is (a hop)
              - then hops off the piece it landed on, straight on, any distance; captures an enemy there

            ---

            **`R`** (Rook): any distance orthogonally (R = WW)

        "#]],
    );
    let game = "[Variant \"fairy\"]\n[FEN \"4k4/9/9/9/9/9/9/9/4K3A w - - 0 1\"]\n\
                [VariantMen \"A:$0BN\"]\n\n1. Ah9 *\n";
    let options = HoverOptions {
        start_position: true,
        ..HoverOptions::default()
    };
    check_hover_with(
        "g.pgn",
        game,
        options,
        expect![[r#"
            hover on `BN`

            ```text
              9  * . . . . . . . *
              8  . * . . . . . * .
              7  . . * * . * * . .
              6  . . * * . * * . .
              5  . . . . @ . . . .
              4  . . * * . * * . .
              3  . . * * . * * . .
              2  . * . . . . . * .
              1  * . . . . . . . *
                 a b c d e f g h i
            @ the piece   * moves there, or captures an enemy there
            ```

            **`BN`** (XBetza) · piece `A`

            Drawn on the game's board, 9 files × 9 ranks.

            The Archbishop. Moves or captures: Bishop slide, any distance, in every direction; Knight leap (1,2), in every direction. 2 moves in XBetza; it can capture.

            - `B`
              - Bishop slide, any distance, in every direction; moves to an empty square or captures an enemy (mc, the default)
            - `N`
              - Knight leap (1,2), in every direction; moves to an empty square or captures an enemy (mc, the default)

            On its start square i1, among the start position's pieces (F friend, E enemy):

            ```text
              9  * . . . E . . . .
              8  . * . . . . . . .
              7  . . * . . . . . .
              6  . . . * . . . . .
              5  . . . . * . . . .
              4  . . . . . * . . .
              3  . . . . . . * * .
              2  . . . . . . * * .
              1  . . . . F . . . @
                 a b c d e f g h i
            @ the piece   * moves there, or captures an enemy there   F friend   E enemy
            ```

            ---

            **`B`** (Bishop): any distance diagonally (B = FF)

        "#]],
    );
}

/// Issue 28: the legs of a move are one ordered list under the move, not a list nested in a
/// bullet (which a Markdown view indents deeper than the move's other lines).
#[test]
fn the_legs_of_a_move_are_one_ordered_list() {
    // On the chess board, to keep the diagram apart from the explanation's own snapshot.
    let chess = HoverOptions {
        board: Some(BoardSize::CHESS),
        ..HoverOptions::default()
    };
    check_hover_with(
        "p.betza",
        "m$0afsW\n",
        chess,
        expect![[r#"
            hover on `mafsW`

            ```text
              8  . . . . . . . .
              7  . . . . . . . .
              6  . . * . * . . .
              5  . * . . . * . .
              4  . . . @ . . . .
              3  . * . . . * . .
              2  . . * . * . . .
              1  . . . . . . . .
                 a b c d e f g h
            @ the piece   * moves there, or captures an enemy there
            ```

            **`mafsW`** (XBetza)

            The Xiangqi Horse (also known as: Mao). Moves like the Knight on an empty board, but it can be blocked on the way. Moves or captures: Wazir step (0,1), in every direction, onto an empty square, then turning 45° left or right, continuing as a Ferz step. 1 move in XBetza; it can capture; some moves have several legs. In chained Betza: `(W-fF)`.

            - `mafsW`
              1. Wazir step (0,1), in every direction; must land on an empty square
              2. then turning 45° left or right, continuing as a Ferz step; moves to an empty square or captures an enemy (mc, the default)

            ---

            **`a`** (again): ends one leg's modifiers; the next leg starts here

        "#]],
    );
}

mod cancellation {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    use super::*;
    use crate::analysis::Options;
    use crate::cancel;
    use crate::fixture::{Fixture, Host};

    /// Issue 41: the work of a hover on a costly piece (`(aK)` repeats a King step up to 25
    /// times: the explanation takes most of a second) stops once its flag goes up. The flag
    /// goes up a few milliseconds in, long before the hover could be done.
    #[test]
    fn hover_work_stops_when_cancelled() {
        let fixture = Fixture::parse(Host::File("p.betza"), "($0aK)\n");
        let document = Document::new("p.betza", "betza", &fixture.text, &Options::default());
        let flag = Arc::new(AtomicBool::new(false));
        let raise = flag.clone();
        let raiser = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(5));
            raise.store(true, Ordering::Relaxed);
        });
        let at = fixture.cursor();
        let outcome = cancel::run(flag, || hover(&document, at, HoverOptions::default()));
        raiser.join().expect("the flag is raised");
        assert!(outcome.is_err(), "the hover ran to its end");
    }
}

/// Issue 54: an Interactive Diagram pawn `fmW*fceF` on a 12×12 board steps once from the
/// board's centre but up to four squares from its start square (seed 000: `*` is "the number
/// of ranks between the current square and the enemy board half"); the hover draws it there,
/// among the pieces White starts with, and names it as no catalogue piece.
#[test]
fn a_diagram_piece_is_drawn_on_its_start_square() {
    let text = hover_text(
        "pieces.diagram",
        "files=12 ranks=12\npawn:P:f$0mW*fceF:pawn:a2-l2\nrook:R:R:rook:a1,l1\n",
        HoverOptions {
            start_position: true,
            ..HoverOptions::default()
        },
    );
    assert!(
        text.contains("On its start square a2, among White's other pieces"),
        "{text}"
    );
    for rank in [
        "  7  . . . .",
        "  6  o . . .",
        "  3  o x . .",
        "  2  @ F F F",
        "  1  F . . .",
    ] {
        assert!(text.contains(rank), "{rank}: {text}");
    }
    assert!(!text.contains("Shatranj"), "{text}");
}

/// Issue 56: a macro's text is shown whole in its hover up to 500 characters, and beyond by its
/// ends with its length: a chain of 300 macros comes to 598 brackets, and a chain of 17,000 made
/// a hover of 34 KB.
#[test]
fn a_macro_that_dissolves_to_pages_is_quoted_by_its_ends() {
    let chain = |count: usize| -> String {
        let mut text: String = (1..count)
            .map(|i| format!("@:M{i}:=:M{}: ", i + 1))
            .collect();
        text.push_str(&format!("@:M{count}:=W P=:M1:\n"));
        text
    };
    let hover_on_first = |count: usize| {
        let text = chain(count);
        let document = Document::new("game.mbn", "", &text, &Options::default());
        let at = text.rfind(":M1:").expect("a use") + 1;
        hover(&document, at, Default::default())
            .expect("a hover")
            .markdown
    };
    // 100 macros: `(((…W…)))`, 199 characters, shown whole.
    let short = hover_on_first(100);
    let whole = format!("{}W{}", "(".repeat(99), ")".repeat(99));
    assert!(
        short.contains(&format!("with macros dissolved: `{whole}`\n")),
        "{short}"
    );
    // 300 macros: 599 characters, quoted by their ends.
    let long = hover_on_first(300);
    let ends = format!(
        "`{}…{}`; it is 599 characters long",
        "(".repeat(30),
        ")".repeat(15)
    );
    assert!(
        long.contains(&format!("with macros dissolved: {ends}\n")),
        "{long}"
    );
    assert!(long.len() < 2_000, "{}", long.len());
}
