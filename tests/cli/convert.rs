//! `betza convert` end to end: the new string and its verdict, the JSON, and the exit status on
//! a string with no meaning and on bad arguments (DESIGN.md's contract).

use super::{betza, stderr, stdout};

#[test]
fn an_exact_conversion_prints_the_string_then_exact() {
    let output = betza(["convert", "mfWcfF", "--from", "fairy", "--to", "xbetza"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stdout(&output), "fmWfcF\nexact\n");
}

#[test]
fn a_conversion_that_loses_moves_says_where_and_exits_0() {
    // Fairy-Stockfish has no initial captures: the seed's `iK` captures on its first move.
    let output = betza(["convert", "iK", "--from", "xbetza", "--to", "fairy"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let out = stdout(&output);
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("iK"));
    let verdict = lines.next().unwrap_or_default();
    assert!(verdict.starts_with("not exact: from "), "{out}");
    assert!(verdict.contains("only XBetza goes to"), "{out}");
}

#[test]
fn json_lists_the_moves_lost_and_added() {
    let output = betza([
        "convert", "iK", "--from", "xbetza", "--to", "fairy", "--json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let value: serde_json::Value = serde_json::from_str(&stdout(&output)).expect("JSON");
    assert_eq!(value["betza"], "iK");
    assert_eq!(value["exact"], false);
    let lost = value["lost"].as_array().expect("lost");
    assert!(!lost.is_empty());
    assert!(lost[0]["to"].is_string() && lost[0]["capturing"].is_array());
    assert_eq!(value["added"], serde_json::json!([]));
    assert!(value["difference"].is_string());

    let output = betza([
        "convert", "WF", "--from", "xbetza", "--to", "xbetza", "--json",
    ]);
    let value: serde_json::Value = serde_json::from_str(&stdout(&output)).expect("JSON");
    assert_eq!(
        value,
        serde_json::json!({"betza": "K", "exact": true, "lost": [], "added": [], "difference": null})
    );
}

#[test]
fn xboard_is_a_reading_to_convert_from_and_to() {
    let output = betza(["convert", "mfW", "--from", "xboard", "--to", "xbetza"]);
    assert_eq!(stdout(&output), "mW\nexact\n", "{}", stderr(&output));
    let output = betza(["convert", "NN", "--from", "fairy", "--to", "xboard"]);
    assert_eq!(stdout(&output), "N0\nexact\n", "{}", stderr(&output));
}

#[test]
fn a_string_with_no_meaning_exits_2_with_its_errors() {
    let output = betza(["convert", "+", "--from", "xbetza", "--to", "fairy"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout(&output), "");
    let errors = stderr(&output);
    assert!(errors.contains("not part of XBetza notation"), "{errors}");
    assert!(errors.contains("nothing to convert"), "{errors}");
}

#[test]
fn bad_arguments_exit_2_with_a_message() {
    for args in [
        vec!["convert", "K", "--from", "mbn", "--to", "fairy"],
        vec!["convert", "K", "--from", "xbetza"],
        vec!["convert", "--from", "xbetza", "--to", "fairy"],
    ] {
        let output = betza(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(!stderr(&output).is_empty(), "{args:?}");
        assert!(!stderr(&output).contains("panicked"), "{args:?}");
    }
    let output = betza(["convert", "K", "--from", "mbn", "--to", "fairy"]);
    assert!(stderr(&output).contains("expected one of xbetza, fairy, xboard"));
}
