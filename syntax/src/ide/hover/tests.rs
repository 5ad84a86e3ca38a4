use super::*;
use crate::document::Options;
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

/// Issue 24: a hover (explanation, diagram, picture) builds its model once, and hovers
/// after it on the same string build none.
#[test]
fn a_hover_builds_the_model_once() {
    for (file, text) in [
        ("p.betza", "mafsWcK"),
        ("variants.ini", "fRbpRnN"),
        ("p.betza", "W-fF"),
    ] {
        let contents = match file {
            "variants.ini" => format!("[v:chess]\ncustomPiece1 = a:{text}\n"),
            _ if text.contains('-') => format!("# dialect: chained\n{text}\n"),
            _ => format!("{text}\n"),
        };
        let document = Document::new(file, "", &contents, &Options::default());
        crate::model::BUILT.with(|built| built.borrow_mut().clear());
        let offset = contents.find(text).expect("the string") + 1;
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

/// Issue 27: a piece of a variants.ini is drawn on its section's board (its parents'
/// size, its own `maxFile` and `maxRank`), unless the user set a board of their own.
#[test]
fn a_piece_of_a_section_is_drawn_on_the_sections_board() {
    let contents = "[big:chess]\nmaxFile = 10\n[v:big]\nmaxRank = 6\ncustomPiece1 = a:R\n";
    let document = Document::new("variants.ini", "", contents, &Options::default());
    let offset = contents.find("a:R").expect("the string") + 2;
    let own = hover(&document, offset, HoverOptions::default()).expect("a hover");
    assert!(
        own.markdown
            .contains("Drawn on the section's board, 10 files × 6 ranks."),
        "{}",
        own.markdown
    );
    let files_drawn = |markdown: &str| markdown.contains(" a b c d e f g h i j");
    let ranks_drawn = |markdown: &str, ranks: usize| {
        markdown
            .lines()
            .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
            .count()
            == ranks
    };
    assert!(
        files_drawn(&own.markdown) && ranks_drawn(&own.markdown, 6),
        "{}",
        own.markdown
    );
    let chosen = HoverOptions {
        board: Some(BoardSize::CHESS),
        ..HoverOptions::default()
    };
    let asked = hover(&document, offset, chosen).expect("a hover");
    assert!(
        !asked.markdown.contains("drawn on its board"),
        "{}",
        asked.markdown
    );
    assert!(ranks_drawn(&asked.markdown, 8), "{}", asked.markdown);
}

/// Issue 28: where the section's start position holds the piece, the hover also draws it
/// on its start square among the other pieces: the Cannon on b1 reaches along the first
/// rank only by hopping, and up the b-file to its own pawn.
#[test]
fn a_piece_is_drawn_on_its_start_square() {
    let contents = "[v:chess]\ncustomPiece1 = a:mRcpR\n\
                    startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RANQKBNR w KQkq - 0 1\n";
    let document = Document::new("variants.ini", "", contents, &Options::default());
    let offset = contents.find("a:mRcpR").expect("the string") + 3;
    let options = HoverOptions {
        start_position: true,
        ..HoverOptions::default()
    };
    let shown = hover(&document, offset, options).expect("a hover").markdown;
    let at = shown
        .find("On its start square b1")
        .unwrap_or_else(|| panic!("{shown}"));
    let grid: Vec<&str> = shown[at..].lines().collect();
    let rank = |n: &str| {
        grid.iter()
            .find(|l| l.trim_start().starts_with(&format!("{n}  ")))
            .copied()
            .unwrap_or("")
    };
    // Blocked by its own pawn on b2: no move on the b-file; on rank 1 only its friends.
    assert_eq!(rank("1").split_whitespace().nth(2), Some("@"), "{shown}");
    assert!(
        !rank("3").contains('o') && !rank("4").contains('o'),
        "{shown}"
    );
    let off = hover(&document, offset, HoverOptions::default()).expect("a hover");
    assert!(!off.markdown.contains("On its start square"));
}

/// Issue 40: a string that is only part of its piece (an Interactive Diagram bracket group
/// left out, host/diagram.rs) says so; inside the group there is nothing to explain or draw.
#[test]
fn a_string_beside_a_bracket_group_is_only_part_of_its_piece() {
    let text = "files=8 ranks=8\nbeast:B:K[F?fsR]:beast:e1\n";
    let document = Document::new("a.diagram", "", text, &Options::default());
    let at = text.find("K[").expect("the part");
    let shown = hover(&document, at, HoverOptions::default()).expect("a hover");
    assert!(
        shown.markdown.contains("Only part of the piece"),
        "{}",
        shown.markdown
    );
    let inside = text.find("?fs").expect("the group");
    assert!(hover(&document, inside, HoverOptions::default()).is_none());
}

/// Issue 28: an Interactive Diagram's `files=`/`ranks=` and a PGN game's `FEN` tag give
/// the board a piece is drawn on; the game's start position holds its pieces.
#[test]
fn diagrams_and_games_give_their_own_boards() {
    let diagram = "satellite=x files=10 ranks=6\nbetza1:X:mRcpR:cannon:b1\n";
    let document = Document::new("a.diagram", "", diagram, &Options::default());
    let offset = diagram.find("mRcpR").expect("string") + 1;
    let shown = hover(&document, offset, HoverOptions::default()).expect("a hover");
    assert!(
        shown
            .markdown
            .contains("Drawn on the diagram's board, 10 files × 6 ranks."),
        "{}",
        shown.markdown
    );
    let game = "[Variant \"fairy\"]\n[FEN \"4k4/9/9/9/9/9/9/9/4K3A w - - 0 1\"]\n\
                [VariantMen \"A:BN\"]\n\n1. Ah9 *\n";
    let document = Document::new("g.pgn", "", game, &Options::default());
    let offset = game.find("A:BN").expect("string") + 2;
    let options = HoverOptions {
        start_position: true,
        ..HoverOptions::default()
    };
    let shown = hover(&document, offset, options).expect("a hover").markdown;
    assert!(
        shown.contains("Drawn on the game's board, 9 files × 9 ranks.")
            && shown.contains("On its start square i1"),
        "{shown}"
    );
}

/// Issue 28: the legs of a move are one ordered list under the move, not a list nested in a
/// bullet (which a Markdown view indents deeper than the move's other lines).
#[test]
fn the_legs_of_a_move_are_one_ordered_list() {
    let document = Document::new("p.betza", "", "mafsW\n", &Options::default());
    let shown = hover(&document, 1, HoverOptions::default())
        .expect("a hover")
        .markdown;
    assert!(shown.contains("- `mafsW`\n  1. Wazir"), "{shown}");
    assert!(shown.contains("\n  2. then turning"), "{shown}");
    assert!(!shown.contains("- 1."), "{shown}");
}

mod cancellation {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    use super::*;
    use crate::cancel;
    use crate::document::Options;

    /// Issue 41: the work of a hover on a costly piece (`(aK)` repeats a King step up to 25
    /// times: the explanation takes most of a second) stops once its flag goes up. The flag
    /// goes up a few milliseconds in, long before the hover could be done.
    #[test]
    fn hover_work_stops_when_cancelled() {
        let document = Document::new("p.betza", "betza", "(aK)\n", &Options::default());
        let flag = Arc::new(AtomicBool::new(false));
        let raise = flag.clone();
        let raiser = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(5));
            raise.store(true, Ordering::Relaxed);
        });
        let outcome = cancel::run(flag, || hover(&document, 1, HoverOptions::default()));
        raiser.join().expect("the flag is raised");
        assert!(outcome.is_err(), "the hover ran to its end");
    }
}
