//! The adapter on the host: what the page gets for a state, as JSON.

use serde_json::Value;

fn view(betza: &str, dialect: &str, board: &str, friends: &str, enemies: &str) -> Value {
    let text = super::update(betza, dialect, board, friends, enemies);
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
    let view = view("fmWfcF", "xbetza", "8x8", "", "");
    let explanation = said(&view, "explanation");
    assert!(
        explanation.starts_with("The Shatranj Pawn."),
        "{explanation}"
    );
    assert!(explanation.contains("\nfcF:\n"), "{explanation}");
    assert_eq!(view["findings"], serde_json::json!([]));
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
    let view = view("R", "xbetza", "8x8", "d6", "f4");
    let mut squares = destinations(&view);
    squares.sort_unstable();
    assert_eq!(
        squares,
        ["a4", "b4", "c4", "d1", "d2", "d3", "d5", "e4", "f4"]
    );
}

#[test]
fn a_fix_is_given_as_edits_of_the_string() {
    let view = view("fmWfcFz", "xbetza", "8x8", "", "");
    let finding = &view["findings"][0];
    assert_eq!(finding["code"], "missing-atom");
    assert_eq!(finding["severity"], "error");
    assert_eq!((&finding["start"], &finding["end"]), (&6.into(), &7.into()));
    assert_eq!(finding["fix"]["title"], "remove `z`");
    assert_eq!(
        finding["fix"]["edits"],
        serde_json::json!([{ "start": 6, "end": 7, "text": "" }])
    );
}

/// `é` is two bytes but one UTF-16 unit, `😀` four bytes but two: the page underlines the
/// letters after them where JavaScript counts them.
#[test]
fn ranges_are_utf16_offsets_of_the_string() {
    let text = "é😀Nx";
    let view = view(text, "xbetza", "8x8", "", "");
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
    let bad_board = view("N", "xbetza", "8y8", "", "");
    assert!(
        said(&bad_board, "problem").contains("is not a board size"),
        "{bad_board}"
    );
    assert!(bad_board.get("diagram").is_none());
    assert!(said(&bad_board, "explanation").contains("Knight"));
    let off_board = view("N", "xbetza", "5x5", "h8", "");
    assert_eq!(off_board["problem"], "square h8 is off the 5x5 board");
    let overlap = view("N", "xbetza", "8x8", "d4", "");
    assert!(said(&overlap, "problem").contains("given twice"));
    let not_a_square = view("N", "xbetza", "8x8", "4d", "");
    assert!(said(&not_a_square, "problem").contains("is not a square"));
    let bad_dialect = view("N", "betza", "8x8", "", "");
    assert!(said(&bad_dialect, "problem").ends_with(", or xboard"));
}

/// XBoard's reading: its own words after the seed's, and its own generator.
#[test]
fn xboard_reads_the_string_itself() {
    let view = view("WW", "xboard", "8x8", "", "");
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
    for text in texts {
        for dialect in ["xbetza", "fairy", "mbn", "chained", "xboard", "", "?"] {
            for board in ["8x8", "1x1", "26x26", "0x0", "x", ""] {
                let _ = view(text, dialect, board, "a1,,b2", "z26");
            }
        }
    }
}

/// An MBN text with a macro is explained a piece at a time with its macros dissolved, as
/// `betza explain` does, and the diagram is the first piece's: here the macro's Nightrider.
#[test]
fn an_mbn_text_of_several_pieces_is_explained_piece_by_piece() {
    let view = view("@:NR:=N0 Z|Amazon-Rider|=Q+:NR:", "mbn", "8x8", "", "");
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
    let view = view("c{L}RB", "mbn", "8x8", "", "d6");
    assert_eq!(destinations(&view), ["d6"]);
    let notes = strings(&view["notes"]);
    assert!(
        notes.iter().any(|n| n.contains("taken to be in `{L}`")),
        "{notes:?}"
    );
}
