//! Which documents are variants files, over the protocol (issue 42).

use serde_json::{Value, json};

use super::{Session, position};

/// Issue 42: an `.ini` sent as plain INI is read as a variants file when its content is one
/// (the name of `rules.ini` says nothing), and left alone when it is not; a client that picks
/// languages itself asks the same question with `betza.isVariantsFile`.
#[tokio::test]
async fn an_ini_sent_as_plain_ini_is_read_by_its_content() {
    let (mut session, init) = Session::start(&["utf-16"], Value::Null).await;
    let commands = &init["result"]["capabilities"]["executeCommandProvider"]["commands"];
    assert!(
        commands
            .as_array()
            .is_some_and(|c| c.contains(&json!("betza.isVariantsFile"))),
        "{init}"
    );
    let rules = "[v:chess]\ncustomPiece1 = x:Nm\n";
    let published = session.open("file:///w/rules.ini", "ini", rules).await;
    assert_eq!(
        published["diagnostics"][0]["code"], "missing-atom",
        "{published}"
    );
    let hover = session
        .request(
            "textDocument/hover",
            json!({ "textDocument": { "uri": "file:///w/rules.ini" }, "position": position(1, 18) }),
        )
        .await;
    assert!(
        hover["result"]["contents"]["value"]
            .as_str()
            .is_some_and(|h| h.contains("Fairy-Stockfish Betza")),
        "{hover}"
    );
    let plain = "[server]\nmode = Nx\n";
    let published = session.open("file:///w/settings.ini", "ini", plain).await;
    assert_eq!(published["diagnostics"], json!([]));
    let hover = session
        .request(
            "textDocument/hover",
            json!({ "textDocument": { "uri": "file:///w/settings.ini" }, "position": position(1, 8) }),
        )
        .await;
    assert_eq!(hover["result"], Value::Null, "{hover}");

    let mut ask = async |arguments: Value| {
        let command = json!({ "command": "betza.isVariantsFile", "arguments": arguments });
        session.request("workspace/executeCommand", command).await
    };
    for (name, text, answer) in [
        ("/w/rules.ini", rules, true),
        ("/w/settings.ini", plain, false),
        ("/w/pychess-variants.ini", plain, true),
        // Issue 53: any key of the engine's; a plain word with a value the engine reads as it.
        ("/w/pieces.ini", "[v]\npawn = p\nking = k\n", true),
        ("/w/board.ini", "[v:chesss]\nmaxRank = 6\n", true),
        ("/w/economy.ini", "[money]\ngold = 100\n", false),
    ] {
        let reply = ask(json!([name, "ini", text])).await;
        assert_eq!(reply["result"], answer, "{name}: {reply}");
    }
    let reply = ask(json!(["/w/rules.ini", rules])).await;
    assert_eq!(reply["error"]["code"], -32602, "{reply}");
    assert!(session.finish().await);
}
