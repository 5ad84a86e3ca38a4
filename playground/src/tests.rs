//! The adapter on the host: what the page gets for a state, as JSON.

use serde_json::{Value, json};

mod conversion;

/// What the page gets for `state`, given with the URL's keys as the page passes it, over the
/// page's defaults (XBetza, 8x8).
fn view(state: Value) -> Value {
    let mut full = json!({ "dialect": "xbetza", "board": "8x8" });
    for (key, value) in state.as_object().expect("a state is an object") {
        full[key] = value.clone();
    }
    let text = super::update(&full.to_string());
    serde_json::from_str(&text).expect("the answer is JSON")
}

/// The text of `key` in a view; empty when there is none.
fn said<'v>(view: &'v Value, key: &str) -> &'v str {
    view[key].as_str().unwrap_or_default()
}

/// The strings of a JSON list.
fn strings(list: &Value) -> Vec<&str> {
    list.as_array()
        .expect("a list")
        .iter()
        .filter_map(Value::as_str)
        .collect()
}

fn destinations(view: &Value) -> Vec<&str> {
    strings(&view["diagram"]["destinations"])
}

#[test]
fn the_shatranj_pawn_is_named_explained_and_drawn() {
    let view = view(json!({ "betza": "fmWfcF" }));
    let explanation = said(&view, "explanation");
    assert!(
        explanation.starts_with("The Shatranj Pawn."),
        "{explanation}"
    );
    assert!(explanation.contains("\nfcF:\n"), "{explanation}");
    assert_eq!(view["findings"], json!([]));
    assert_eq!(view["diagram"]["from"], "d4");
    assert_eq!(view["diagram"]["files"], 8);
    // A capture-only move is drawn, not a destination on an empty board.
    assert_eq!(destinations(&view), ["d5"]);
    assert!(view["diagram"]["svg"].as_str().unwrap().starts_with("<svg"));
    assert!(view.get("problem").is_none());
}

/// The same squares as `betza moves R --friend d6 --enemy f4`.
#[test]
fn friends_and_enemies_block_a_rider() {
    let view = view(json!({ "betza": "R", "friend": "d6", "enemy": "f4" }));
    let mut squares = destinations(&view);
    squares.sort_unstable();
    assert_eq!(
        squares,
        ["a4", "b4", "c4", "d1", "d2", "d3", "d5", "e4", "f4"]
    );
}

#[test]
fn a_fix_is_given_as_edits_of_the_string() {
    let view = view(json!({ "betza": "fmWfcFz" }));
    let finding = &view["findings"][0];
    assert_eq!(finding["code"], "missing-atom");
    assert_eq!(finding["severity"], "error");
    assert_eq!((&finding["start"], &finding["end"]), (&6.into(), &7.into()));
    assert_eq!(finding["fix"]["title"], "remove `z`");
    assert_eq!(
        finding["fix"]["edits"],
        json!([{ "start": 6, "end": 7, "text": "" }])
    );
}

/// What the finding that XBoard reads `mafsW` otherwise than Fairy-Stockfish says on a page
/// of `state`.
fn disagreement(mut state: Value) -> String {
    state["betza"] = "mafsW".into();
    state["dialect"] = "fairy".into();
    let view = view(state);
    let findings = view["findings"].as_array().expect("findings");
    let disagreement = (findings.iter())
        .find(|f| f["code"] == "xboard-reads-differently")
        .expect("XBoard reads mafsW otherwise");
    disagreement["message"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// Issue 42: a finding that names squares speaks of the page's board, where the piece is
/// drawn (the centre of 10x8 is e4), not of an 8x8 board the page does not show.
#[test]
fn findings_name_squares_on_the_pages_board() {
    let message = disagreement(json!({ "board": "10x8" }));
    assert!(
        message.contains("from e4 on an empty 10x8 board"),
        "{message}"
    );
}

/// Issue 42: on a page with pieces placed, a finding that names squares speaks of that position
/// first and says it is the one shown, naming its pieces.
#[test]
fn findings_name_squares_in_the_pages_position() {
    let message = disagreement(json!({ "board": "8x8", "friend": "d5", "enemy": "f6" }));
    assert!(
        message.contains(
            "in the position shown, from d4 on the 8x8 board, friends on d5, enemies on f6"
        ),
        "{message}"
    );
}

/// `é` is two bytes but one UTF-16 unit, `😀` four bytes but two: the page underlines the
/// letters after them where JavaScript counts them.
#[test]
fn ranges_are_utf16_offsets_of_the_string() {
    let text = "é😀Nx";
    let view = view(json!({ "betza": text }));
    let missing = view["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["code"] == "missing-atom")
        .expect("`x` has no atom");
    let units: Vec<u16> = text.encode_utf16().collect();
    let (start, end) = (
        missing["start"].as_u64().unwrap() as usize,
        missing["end"].as_u64().unwrap() as usize,
    );
    assert_eq!(String::from_utf16(&units[start..end]).unwrap(), "x");
    let edit = &missing["fix"]["edits"][0];
    assert_eq!((&edit["start"], &edit["end"]), (&4.into(), &5.into()));
}

#[test]
fn a_bad_board_or_square_is_a_problem_in_words_and_the_rest_is_shown() {
    let bad_board = view(json!({ "betza": "N", "board": "8y8" }));
    assert!(
        said(&bad_board, "problem").contains("is not a board size"),
        "{bad_board}"
    );
    assert!(bad_board.get("diagram").is_none());
    assert!(said(&bad_board, "explanation").contains("Knight"));
    // Issue 55: pieces a smaller board leaves off are left out and said; the diagram stays.
    let off_board = view(json!({
        "betza": "N", "board": "5x5", "friend": "h8,b2", "enemy": "o15", "pieces": "Q@j10",
    }));
    assert!(off_board.get("problem").is_none(), "{off_board}");
    assert!(off_board["diagram"].is_object(), "{off_board}");
    assert_eq!(
        off_board["notes"][0],
        "Left out, off the 5x5 board: the pieces on h8 o15 j10."
    );
    let overlap = view(json!({ "betza": "N", "friend": "d4" }));
    assert!(said(&overlap, "problem").contains("given twice"));
    let not_a_square = view(json!({ "betza": "N", "friend": "4d" }));
    assert!(said(&not_a_square, "problem").contains("is not a square"));
    let bad_dialect = view(json!({ "betza": "N", "dialect": "betza" }));
    assert!(said(&bad_dialect, "problem").ends_with(", or xboard"));
}

/// XBoard's reading: its own words after the seed's, and its own generator.
#[test]
fn xboard_reads_the_string_itself() {
    let view = view(json!({ "betza": "WW", "dialect": "xboard" }));
    let explanation = said(&view, "explanation");
    assert!(
        explanation.contains("XBoard reads this string differently"),
        "{explanation}"
    );
    let mut squares = destinations(&view);
    squares.sort_unstable();
    assert_eq!(squares, ["c4", "d3", "d5", "e4"]);
}

#[test]
fn every_dialect_and_the_catalogue_are_offered() {
    let dialects: Value = serde_json::from_str(&super::dialects()).unwrap();
    let ids: Vec<&str> = dialects
        .as_array()
        .unwrap()
        .iter()
        .map(|d| said(d, "id"))
        .collect();
    assert_eq!(ids, ["xbetza", "fairy", "mbn", "chained", "xboard"]);
    let catalogue: Value = serde_json::from_str(&super::catalogue()).unwrap();
    let pieces = catalogue.as_array().unwrap();
    assert!(pieces.len() > 50);
    assert!(
        pieces
            .iter()
            .any(|p| p["name"] == "Shatranj Pawn" && p["betza"] == "fmWfcF")
    );
}

/// Whatever the page passes, the answer is JSON (the library is total; so is this).
#[test]
fn any_input_gets_an_answer() {
    let texts = [
        "",
        "(",
        "\u{0}",
        "😀",
        "a\u{fffd}b",
        "[W?fF]",
        "mafsW;Q=",
        "x\ny",
    ];
    // Each state with one of the readings to convert to in turn (none, the three, a bad one).
    let targets = ["", "xbetza", "fairy", "xboard", "?"];
    let mut turn = 0;
    for text in texts {
        for dialect in ["xbetza", "fairy", "mbn", "chained", "xboard", "", "?"] {
            for board in ["8x8", "1x1", "26x26", "0x0", "x", ""] {
                turn += 1;
                let state = json!({ "betza": text, "dialect": dialect, "board": board,
                    "friend": "a1,,b2", "enemy": "z26", "convert": targets[turn % targets.len()] });
                let _ = view(state);
            }
        }
    }
    // The piece's square, side and typed pieces, whatever a link holds.
    let long = "a1,".repeat(100_000);
    for from in ["", "a1", "z26", "d0", "D4", "😀", "a99999999999"] {
        for side in ["", "white", "Black", "red", "\u{0}"] {
            for pieces in [
                "N@e4",
                "@",
                "N@",
                "@e4",
                "😀@e4",
                ":GC+:@c3,,p@d5",
                "n@d4",
                &long,
            ] {
                let state = json!({ "betza": "c{N}RifmnD", "dialect": "mbn", "from": from,
                    "side": side, "moved": true, "pieces": pieces, "friend": "e4" });
                let _ = view(state);
            }
        }
    }
    // Not the state the page passes at all.
    for state in ["", "[]", "null", "{", "{\"betza\": 3, \"moved\": \"1\"}"] {
        let answer: Value = serde_json::from_str(&super::update(state)).expect("JSON");
        assert!(answer["findings"].is_array(), "{answer}");
    }
}

/// An MBN text with a macro is explained a piece at a time with its macros dissolved, as
/// `betza explain` does, and the diagram is the first piece's: here the macro's Nightrider.
#[test]
fn an_mbn_text_of_several_pieces_is_explained_piece_by_piece() {
    let view = view(json!({ "betza": "@:NR:=N0 Z|Amazon-Rider|=Q+:NR:", "dialect": "mbn" }));
    let explanation = said(&view, "explanation");
    assert!(
        explanation.starts_with("macro @:NR: = N0\n"),
        "{explanation}"
    );
    assert!(
        explanation.contains("piece Z = Q+:NR: (Amazon-Rider)\nwith macros dissolved: Q+(N0)\n"),
        "{explanation}"
    );
    assert!(destinations(&view).contains(&"b5"), "{view}");
}

/// A piece set is drawn with the pieces around taken to be in it, and the note says so.
#[test]
fn an_assumed_piece_set_is_said() {
    let view = view(json!({ "betza": "c{L}RB", "dialect": "mbn", "enemy": "d6" }));
    assert_eq!(destinations(&view), ["d6"]);
    let notes = strings(&view["notes"]);
    assert!(
        notes.iter().any(|n| n.contains("taken to be in `{L}`")),
        "{notes:?}"
    );
}

/// `betza moves 'P=mfW+cefF+[1-2]mefW02' --dialect mbn --from d2` (and `--from d3`): the MBN
/// Pawn's double step is limited to ranks 1–2, so it shows only when the piece stands there.
#[test]
fn the_piece_stands_where_the_page_puts_it() {
    let pawn = |from: &str| {
        view(json!({ "betza": "P=mfW+cefF+[1-2]mefW02", "dialect": "mbn", "from": from }))
    };
    let on_d2 = pawn("d2");
    assert_eq!(on_d2["diagram"]["from"], "d2");
    assert_eq!(destinations(&on_d2), ["d3", "d4"]);
    assert_eq!(destinations(&pawn("d3")), ["d4"]);
    // No square given: the centre, as before.
    assert_eq!(pawn("")["diagram"]["from"], "d4");
    assert_eq!(destinations(&pawn(" d2 ")), ["d3", "d4"]);
}

/// `betza moves fW --side black`: Black's forward is down the board.
#[test]
fn the_side_turns_the_piece() {
    let white = view(json!({ "betza": "fW" }));
    let black = view(json!({ "betza": "fW", "side": "black" }));
    assert_eq!(destinations(&white), ["d5"]);
    assert_eq!(destinations(&black), ["d3"]);
    assert_eq!(
        view(json!({ "betza": "fW", "side": "Black" }))["diagram"],
        black["diagram"]
    );
    assert_eq!(
        view(json!({ "betza": "fW", "side": "" }))["diagram"],
        white["diagram"]
    );
}

/// The Chess Pawn's initial double step is gone once it has moved.
#[test]
fn a_piece_that_has_moved_loses_its_initial_moves() {
    let pawn = |moved: bool| view(json!({ "betza": "fmWfceFifmnD", "moved": moved }));
    assert_eq!(destinations(&pawn(false)), ["d5", "d6"]);
    assert_eq!(destinations(&pawn(true)), ["d5"]);
}

/// `betza moves 'c{L}RB' --dialect mbn --piece l@d6`, and with `n@d6`: a typed piece is an
/// enemy or a friend by its case and the piece's side, and a set of pieces follows its type.
#[test]
fn typed_pieces_follow_their_type_and_side() {
    let bishop = |pieces: &str, side: &str| {
        view(json!({ "betza": "c{L}RB", "dialect": "mbn", "pieces": pieces, "side": side }))
    };
    let lion = bishop("l@d6", "");
    assert_eq!(destinations(&lion), ["d6"]);
    assert_eq!(
        lion["diagram"]["typed"],
        json!([{ "index": 0, "square": "d6", "name": "l", "friend": false }])
    );
    // Typed, so nothing is assumed.
    let notes = strings(&lion["notes"]);
    assert!(
        !notes.iter().any(|n| n.contains("taken to be")),
        "{notes:?}"
    );
    assert_eq!(destinations(&bishop("n@d6", "")), Vec::<&str>::new());
    // A white Lion is a friend of White, an enemy of Black.
    assert_eq!(destinations(&bishop("L@d6", "")), Vec::<&str>::new());
    assert_eq!(destinations(&bishop("L@d6", "black")), ["d6"]);
    let two = bishop(" , N@e4 ,, :GC+:@c3", "");
    assert_eq!(
        two["diagram"]["typed"],
        json!([
            { "index": 0, "square": "e4", "name": "N", "friend": true },
            { "index": 1, "square": "c3", "name": "GC+", "friend": true },
        ])
    );
}

/// A bad square, side or piece is said in words, naming the control it came from.
#[test]
fn a_bad_square_side_or_piece_names_its_control() {
    let problem = |state: Value| said(&view(state), "problem").to_owned();
    assert_eq!(
        problem(json!({ "betza": "N", "from": "4d" })),
        "Piece on: `4d` is not a square: write a file letter and a rank, as in `d4`"
    );
    assert_eq!(
        problem(json!({ "betza": "N", "from": "h8", "board": "5x5" })),
        "Piece on: square h8 is off the 5x5 board"
    );
    assert_eq!(
        problem(json!({ "betza": "N", "side": "red" })),
        "Side: `red` is not a side: white or black"
    );
    assert!(
        problem(json!({ "betza": "N", "pieces": "4@e4" }))
            .starts_with("Typed pieces: `4@e4` is not"),
    );
    assert_eq!(
        problem(json!({ "betza": "N", "pieces": "N@e" })),
        "Typed pieces: in `N@e`, `e` is not a square: write a file letter and a rank, as in `d4`"
    );
    assert!(
        problem(json!({ "betza": "N", "pieces": "N@e4", "friend": "e4" })).contains("given twice")
    );
    assert!(problem(json!({ "betza": "N", "from": "e4", "friend": "e4" })).contains("given twice"));
    assert_eq!(
        problem(json!({ "betza": "N", "board": "2x2", "friend": "a1,a2,b1,b2,a1" })),
        "friend: more pieces than the board has squares"
    );
    // What does not depend on the position is still shown.
    let bad = view(json!({ "betza": "N", "from": "4d" }));
    assert!(bad.get("diagram").is_none());
    assert!(said(&bad, "explanation").contains("Knight"));
}
