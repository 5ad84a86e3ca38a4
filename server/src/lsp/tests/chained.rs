//! Chained Betza (seed 001) over the protocol: diagnostics, hover, and the rewriting in XBetza.

use serde_json::{Value, json};

use super::{Session, position};

/// The `refactor.rewrite` code action at a position.
async fn rewrite_at(session: &mut Session, uri: &str, line: u32, character: u32) -> Value {
    let actions = session
        .request(
            "textDocument/codeAction",
            json!({
                "textDocument": { "uri": uri },
                "range": { "start": position(line, character), "end": position(line, character) },
                "context": { "diagnostics": [] },
            }),
        )
        .await;
    actions["result"]
        .as_array()
        .expect("actions")
        .iter()
        .find(|a| a["kind"] == "refactor.rewrite")
        .cloned()
        .expect("a rewrite")
}

/// A `.betza` file switched to chained Betza: a clean string has no finding, a broken one has
/// its own; hover explains leg by leg; the code action rewrites `W-F` in XBetza between
/// `# dialect:` lines, and the result analyses cleanly.
#[tokio::test]
async fn chained_strings_are_checked_explained_and_rewritten() {
    let (mut session, _) = Session::start(&["utf-16"], Value::Null).await;
    let uri = "file:///w/pieces.betza";
    let text = "# dialect: chained\nHorse: W-F\nBroken: W-\n";
    let diagnostics = session.open(uri, "betza", text).await;
    let codes: Vec<&str> = diagnostics["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .filter_map(|d| d["code"].as_str())
        .collect();
    assert_eq!(codes, ["missing-leg"]);
    let at = |line, character| json!({ "textDocument": { "uri": uri }, "position": position(line, character) });
    let hover = session.request("textDocument/hover", at(1, 8)).await;
    let value = hover["result"]["contents"]["value"].as_str().unwrap_or("");
    assert!(
        value.contains("```\n\n**`W-F`** (chained Extended Betza)"),
        "{value}"
    );
    assert!(value.contains("The Xiangqi Horse"), "{value}");
    assert!(value.contains("**`-`** (operator: block)"), "{value}");
    let rewrite = rewrite_at(&mut session, uri, 1, 8).await;
    let edits = rewrite["edit"]["changes"][uri].as_array().expect("edits");
    assert_eq!(edits.len(), 3);
    assert_eq!(edits[0]["newText"], "# dialect: xbetza\n");
    assert_eq!(edits[2]["newText"], "\n# dialect: chained");
    assert!(session.finish().await);
}

/// The reverse, where possible: a multi-leg XBetza string rewritten in chained Betza.
#[tokio::test]
async fn xbetza_strings_are_rewritten_in_chained_betza() {
    let (mut session, _) = Session::start(&["utf-16"], Value::Null).await;
    let uri = "file:///w/xbetza.betza";
    session.open(uri, "betza", "Horse: mafsW\n").await;
    let rewrite = rewrite_at(&mut session, uri, 0, 8).await;
    let edits = rewrite["edit"]["changes"][uri].as_array().expect("edits");
    assert_eq!(edits[0]["newText"], "# dialect: chained\n");
    assert_eq!(edits[1]["newText"], "(W-fF)");
    assert_eq!(edits[2]["newText"], "\n# dialect: xbetza");
    assert!(session.finish().await);
}
