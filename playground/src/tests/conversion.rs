//! The page's conversion: the readings offered, the string written, and where it differs,
//! told on the page's board.

use serde_json::{Value, json};

use super::{destinations, said, strings, view};

/// The conversion of `betza` read in `dialect` to the reading `to`, in the page's position.
fn conversion(betza: &str, dialect: &str, to: &str) -> Value {
    view(json!({ "betza": betza, "dialect": dialect, "convert": to }))["conversion"].clone()
}

/// The menu of readings to convert to, as `betza convert --to` takes them.
#[test]
fn the_readings_to_convert_to_are_offered() {
    let readings: Value = serde_json::from_str(&crate::conversions()).unwrap();
    assert_eq!(
        readings,
        json!([
            { "id": "xbetza", "title": "XBetza" },
            { "id": "fairy", "title": "Fairy-Stockfish" },
            { "id": "xboard", "title": "XBoard" },
        ])
    );
}

/// No reading chosen, no conversion: the page's answer is as before.
#[test]
fn without_a_reading_to_convert_to_there_is_no_conversion() {
    assert!(
        view(json!({ "betza": "mafsW" }))
            .get("conversion")
            .is_none()
    );
    assert!(
        view(json!({ "betza": "mafsW", "convert": " " }))
            .get("conversion")
            .is_none()
    );
}

/// The Xiangqi horse, as `betza convert mafsW --from xbetza --to fairy` writes it, proven exact,
/// and drawn as Fairy-Stockfish reads `nN`: the same eight squares.
#[test]
fn the_xiangqi_horse_is_nn_for_fairy_stockfish() {
    let conversion = conversion("mafsW", "xbetza", "fairy");
    assert_eq!(conversion["to"], "fairy");
    assert_eq!(conversion["title"], "Fairy-Stockfish");
    assert_eq!(conversion["betza"], "nN");
    assert_eq!(conversion["exact"], true);
    assert_eq!(conversion["difference"], Value::Null);
    assert_eq!(conversion["lost"], json!([]));
    assert!(conversion.get("problem").is_none());
    assert_eq!(strings(&conversion["diagram"]["destinations"]).len(), 8);
    assert!(
        conversion["diagram"]["svg"]
            .as_str()
            .unwrap()
            .starts_with("<svg")
    );
}

/// The converted string is drawn in the page's position: a friend beside the horse blocks two
/// of `nN`'s leaps, as it blocks `mafsW`'s.
#[test]
fn the_converted_string_is_drawn_in_the_pages_position() {
    let view = view(json!({ "betza": "mafsW", "convert": "fairy", "friend": "d5" }));
    let mut original = destinations(&view);
    let mut converted = strings(&view["conversion"]["diagram"]["destinations"]);
    original.sort_unstable();
    converted.sort_unstable();
    assert_eq!(converted, ["b3", "b5", "c2", "e2", "f3", "f5"]);
    assert_eq!(converted, original);
}

/// `WF` for XBoard is `K`, drawn by XBoard's own generator; and Fairy-Stockfish's `mfWcfF` is
/// the Shatranj Pawn in XBetza's order.
#[test]
fn a_string_is_written_shortest_and_in_the_targets_order() {
    let king = conversion("WF", "xbetza", "xboard");
    assert_eq!(
        (&king["betza"], &king["exact"]),
        (&"K".into(), &true.into())
    );
    assert_eq!(strings(&king["diagram"]["destinations"]).len(), 8);
    let pawn = conversion("mfWcfF", "fairy", "xbetza");
    assert_eq!(pawn["betza"], "fmWfcF");
    assert_eq!(strings(&pawn["diagram"]["destinations"]), ["d5"]);
    // From XBoard's reading of the page, as `--from xboard`: XBoard reads `mfW` as `mW`.
    assert_eq!(conversion("mfW", "xboard", "xbetza")["betza"], "mW");
}

/// What the target cannot say is said in words and listed: the seed's `iK` also captures on
/// its first move, which no Fairy-Stockfish string does (`iKD` is written `DiK`, the closest).
#[test]
fn a_conversion_that_is_not_exact_says_where_it_differs() {
    let conversion = conversion("iKD", "xbetza", "fairy");
    assert_eq!(conversion["betza"], "DiK");
    assert_eq!(conversion["exact"], false);
    let words = conversion["difference"].as_str().expect("words");
    assert!(words.contains("only XBetza goes to"), "{words}");
    assert!(!conversion["lost"].as_array().unwrap().is_empty());
    assert!(conversion["lost"][0]["to"].is_string());
}

/// A string without meaning, a dialect conversion does not read and an unknown reading are
/// problems in words; the rest of the page is shown.
#[test]
fn what_cannot_be_converted_is_said() {
    let problem = |betza: &str, dialect: &str, to: &str| {
        said(&conversion(betza, dialect, to), "problem").to_owned()
    };
    assert_eq!(
        problem("+", "xbetza", "fairy"),
        "the string has no meaning in XBetza: nothing to convert"
    );
    assert_eq!(
        problem("", "fairy", "xbetza"),
        "Fairy-Stockfish reads no atom in this string: nothing to convert"
    );
    assert_eq!(
        problem("N", "mbn", "fairy"),
        "conversion reads XBetza, Fairy-Stockfish or XBoard's reading, not Modified Betza Notation"
    );
    assert!(problem("N", "xbetza", "betza").starts_with("unknown reading `betza`"));
    // Issue 55: the string itself, not exact, is no conversion with a Copy button beside it.
    let unchanged = problem("fmWfcFzzWW", "xbetza", "xboard");
    assert!(
        unchanged.starts_with(
            "no string was found that XBoard reads as XBetza reads this one; as written, from d4"
        ),
        "{unchanged}"
    );
    // The menu is offered only for the dialects a conversion reads.
    let offered: Vec<(String, bool)> = (crate::view::dialects().as_array().expect("a list"))
        .iter()
        .map(|d| {
            (
                d["id"].as_str().unwrap_or_default().to_owned(),
                d["converts"] == true,
            )
        })
        .collect();
    for (id, converts) in offered {
        assert_eq!(
            converts,
            ["xbetza", "fairy", "xboard"].contains(&id.as_str()),
            "{id}"
        );
    }
    let view = view(json!({ "betza": "+", "convert": "fairy" }));
    assert!(view["conversion"].get("betza").is_none());
    assert!(view["diagram"].is_object());
}

/// A bad position leaves the converted string without a diagram, as the page's own.
#[test]
fn a_bad_position_draws_no_converted_diagram() {
    let view = view(json!({ "betza": "mafsW", "convert": "fairy", "from": "z9" }));
    assert_eq!(view["conversion"]["betza"], "nN");
    assert!(view["conversion"].get("diagram").is_none());
    assert!(said(&view, "problem").starts_with("Piece on:"));
}

/// The last conversion is kept for the next update of the same string (a click on the board),
/// and a new string or reading is converted afresh.
#[test]
fn the_same_question_gets_the_same_answer() {
    for _ in 0..2 {
        assert_eq!(conversion("mafsW", "xbetza", "fairy")["betza"], "nN");
        assert_eq!(conversion("mafsW", "xbetza", "xbetza")["betza"], "afsW");
        assert_eq!(conversion("WF", "xbetza", "xbetza")["betza"], "K");
    }
}

/// Issue 55: where a conversion differs is told of the page's board. `iK` captures on its
/// first move in XBetza and not in Fairy-Stockfish: on the page's empty 8x8 board both make the
/// same moves, which the words say before naming an 8x8 position with enemies, the piece on
/// the page's square (d4, then b2), where they differ; not a 12x10 or 15x15 board.
#[test]
fn a_difference_off_the_position_shown_is_told_on_the_pages_board() {
    let unchanged = said(&conversion("iK", "xbetza", "fairy"), "problem").to_owned();
    assert_eq!(
        unchanged,
        "no string was found that Fairy-Stockfish reads as XBetza reads this one; as written, \
         in the position shown both read the same moves; they differ from d4 on a 8x8 board, \
         friends on a4 c2 d5 d8 e3 f3, enemies on a7 b3 b6 c4 d2 e5 f5 g4: only XBetza goes to \
         c4 e5"
    );
    // `iKD` is written `DiK`, drawn beside it: the same squares in the position shown, as said.
    for (from, words) in [
        (
            "d4",
            "in the position shown both read the same moves; they differ from d4 on a 8x8 \
             board, friends on a4 c2 d5 d8 e3 f3, enemies on a7 b3 b6 c4 d2 e5 f5 g4: only \
             XBetza goes to c4 e5",
        ),
        (
            "b2",
            "in the position shown both read the same moves; they differ from b2 on a 8x8 \
             board, friends on b3 b6 c1 d1, enemies on a2 c3 d3 e2: only XBetza goes to a2 c3",
        ),
    ] {
        let view = view(json!({ "betza": "iKD", "convert": "fairy", "from": from }));
        assert_eq!(view["conversion"]["betza"], "DiK");
        assert_eq!(view["conversion"]["difference"], words);
        assert_eq!(
            destinations(&view),
            strings(&view["conversion"]["diagram"]["destinations"])
        );
        // The squares listed are those the words name, each an enemy there.
        let lost: Vec<&str> = (view["conversion"]["lost"].as_array().unwrap().iter())
            .filter_map(|m| m["to"].as_str())
            .collect();
        let enemies = words.split("enemies on ").nth(1).unwrap();
        assert!(
            lost.iter().all(|square| enemies.contains(square)),
            "{lost:?}"
        );
    }
}

/// Where the readings differ in the page's own position, the words name its squares, which
/// the two diagrams show: an enemy on d5 that XBetza's `iKD` takes and `DiK` does not.
#[test]
fn a_difference_in_the_position_shown_names_its_squares() {
    let view = view(json!({ "betza": "iKD", "convert": "fairy", "enemy": "d5" }));
    assert_eq!(
        view["conversion"]["difference"],
        "in the position shown, from d4 on the 8x8 board, enemies on d5: only XBetza goes to d5"
    );
    assert_eq!(
        view["conversion"]["lost"],
        json!([{ "to": "d5", "capturing": [] }])
    );
    assert!(destinations(&view).contains(&"d5"));
    assert!(!strings(&view["conversion"]["diagram"]["destinations"]).contains(&"d5"));
}

/// XBoard reads `HH` as two H leaps, not a rider, and `H0` as the rider: on the page's 5x5
/// board, where the two read alike, the page still offers the exact `H0`, with no difference
/// to tell. (How a difference beyond the page's board is told: `convert::tests`,
/// `a_difference_beyond_the_board_shown_says_they_agree_on_it`.)
#[test]
fn a_doubled_atom_is_written_as_the_rider_xboard_reads() {
    let view = view(json!({ "betza": "HH", "convert": "xboard", "board": "5x5", "from": "a1" }));
    assert_eq!(view["conversion"]["betza"], "H0", "{view}");
    assert_eq!(view["conversion"]["exact"], true, "{view}");
    assert!(view["conversion"].get("problem").is_none(), "{view}");
    assert_eq!(destinations(&view), ["a4", "d1"]);
}
