//! Transcript tests: the real service over in-memory pipes, spoken to in whole JSON messages.

use serde_json::{Value, json};

mod chained;
mod diagnostics;
mod mbn;
mod recognition;
mod session;

use session::{Session, position};

#[tokio::test]
async fn the_position_encoding_is_negotiated() {
    let (session, result) = Session::start(&["utf-8", "utf-16"], Value::Null).await;
    assert_eq!(
        result["result"]["capabilities"]["positionEncoding"],
        "utf-8"
    );
    assert!(session.finish().await);
    let (session, result) = Session::start(&["utf-16"], Value::Null).await;
    assert_eq!(
        result["result"]["capabilities"]["positionEncoding"],
        "utf-16"
    );
    // No private extension is advertised.
    assert!(
        result["result"]["capabilities"]
            .get("experimental")
            .is_none()
    );
    assert!(session.finish().await);
}

#[tokio::test]
async fn diagnostics_after_an_emoji_use_the_negotiated_encoding() {
    // `🐴: mfW`: the Betza string starts after a four-byte, two-unit emoji.
    for (encodings, start) in [(["utf-16"], 4), (["utf-8"], 6)] {
        let (mut session, _) = Session::start(&encodings, Value::Null).await;
        let published = session
            .open("file:///w/horses.betza", "betza", "🐴: mfW\n")
            .await;
        let order = published["diagnostics"]
            .as_array()
            .expect("diagnostics")
            .iter()
            .find(|d| d["code"] == "xboard-modifier-order")
            .cloned()
            .expect("the order warning");
        assert_eq!(order["range"]["start"], position(0, start + 1));
        assert_eq!(order["range"]["end"], position(0, start + 2));
        assert_eq!(published["version"], 1);
        assert!(session.finish().await);
    }
}

#[tokio::test]
async fn the_whole_diagnostic_message() {
    let (mut session, _) = Session::start(&["utf-16"], Value::Null).await;
    let published = session.open("file:///w/a.betza", "betza", "fwW\n").await;
    assert_eq!(
        published,
        json!({
            "uri": "file:///w/a.betza",
            "version": 1,
            "diagnostics": [{
                "range": { "start": position(0, 1), "end": position(0, 2) },
                "severity": 1,
                "code": "unknown-modifier",
                "source": "betza",
                // The help on lines of its own (issue 53: every error says what to write).
                "message": "`w` is not a modifier\nremove `w`,\nor write the modifier you meant \
                            in its place (a direction f b l r v s, a mode m c)",
            }],
        })
    );
    assert!(session.finish().await);
}

#[tokio::test]
async fn rapid_incremental_edits_apply_in_order() {
    let (mut session, _) = Session::start(&["utf-16"], Value::Null).await;
    let uri = "file:///w/variants.ini";
    session
        .open(uri, "fairy-variants", "[v:chess]\ncustomPiece1 = x:W\n")
        .await;
    // Type `fmN` over `W` one keystroke at a time, without waiting in between.
    let edits = [
        (position(1, 17), position(1, 18), "f"),
        (position(1, 18), position(1, 18), "m"),
        (position(1, 19), position(1, 19), "N"),
        (position(1, 19), position(1, 20), "W"),
    ];
    for (version, (start, end, text)) in edits.iter().enumerate() {
        session
            .notify(
                "textDocument/didChange",
                json!({
                    "textDocument": { "uri": uri, "version": version + 2 },
                    "contentChanges": [{ "range": { "start": start, "end": end }, "text": text }],
                }),
            )
            .await;
    }
    let hover = session
        .request(
            "textDocument/hover",
            json!({ "textDocument": { "uri": uri }, "position": position(1, 19) }),
        )
        .await;
    let text = hover["result"]["contents"]["value"]
        .as_str()
        .expect("markdown");
    assert!(text.contains("**`fmW`**"), "{text}");
    assert!(session.finish().await);
}

#[tokio::test]
async fn hover_explains_the_piece_then_the_letter() {
    let (mut session, _) = Session::start(&["utf-16"], Value::Null).await;
    let uri = "file:///w/variants.ini";
    session
        .open(uri, "fairy-variants", "[v:chess]\ncustomPiece1 = h:nN\n")
        .await;
    let hover = session
        .request(
            "textDocument/hover",
            json!({ "textDocument": { "uri": uri }, "position": position(1, 18) }),
        )
        .await;
    let text = hover["result"]["contents"]["value"]
        .as_str()
        .expect("markdown");
    // Issues 28, 42 and 55: the diagram first (a text grid, as this client takes no pictures),
    // the piece right under it, then its summary and the legs; the letter under the cursor
    // last.
    assert!(text.starts_with("```text\n"), "{text}");
    assert!(
        text.contains("```\n\n**`nN`** (Fairy-Stockfish Betza) · piece `h` in `[v]`\n\n"),
        "{text}"
    );
    let (summary, legs, letter) = (
        text.find("The Xiangqi Horse").expect("the summary"),
        text.find("- `nN`").expect("the legs"),
        text.find("**`N`** (Knight)").expect("the letter"),
    );
    assert!(summary < legs && legs < letter, "{text}");
    // On a header: the variant; on a blank line: no hover; unknown documents and lines past
    // the end: errors.
    let header = session
        .request(
            "textDocument/hover",
            json!({ "textDocument": { "uri": uri }, "position": position(0, 1) }),
        )
        .await;
    let header = header["result"]["contents"]["value"].as_str().unwrap_or("");
    assert!(header.starts_with("**Variant `v`**"), "{header}");
    let outside = session
        .request(
            "textDocument/hover",
            json!({ "textDocument": { "uri": uri }, "position": position(2, 0) }),
        )
        .await;
    assert_eq!(outside["result"], Value::Null);
    let unknown = session
        .request(
            "textDocument/hover",
            json!({ "textDocument": { "uri": "file:///w/none.ini" }, "position": position(0, 0) }),
        )
        .await;
    assert_eq!(unknown["error"]["code"], -32602);
    let past = session
        .request(
            "textDocument/hover",
            json!({ "textDocument": { "uri": uri }, "position": position(99, 0) }),
        )
        .await;
    assert_eq!(past["error"]["code"], -32602);
    assert!(session.finish().await);
}

#[tokio::test]
async fn hover_at_every_position_of_every_corpus_example() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/examples");
    let (mut session, _) = Session::start(&["utf-16"], Value::Null).await;
    let mut hovers = 0;
    for entry in std::fs::read_dir(folder).expect("examples").flatten() {
        let path = entry.path();
        let text = std::fs::read_to_string(&path).expect("UTF-8 examples");
        let uri = format!(
            "file:///corpus/{}",
            path.file_name().expect("name").to_string_lossy()
        );
        session.open(&uri, "plaintext", &text).await;
        for (line, content) in text.split('\n').enumerate() {
            for character in 0..=content.encode_utf16().count() {
                let reply = session
                    .request(
                        "textDocument/hover",
                        json!({ "textDocument": { "uri": uri }, "position": position(line as u32, character as u32) }),
                    )
                    .await;
                assert!(
                    reply.get("error").is_none(),
                    "{uri} {line}:{character}: {reply}"
                );
                hovers += 1;
            }
        }
    }
    assert!(hovers > 2000, "{hovers}");
    assert!(session.finish().await);
}

#[tokio::test]
async fn completion_offers_letters_and_custom_piece_keys() {
    let (mut session, _) = Session::start(&["utf-16"], Value::Null).await;
    let uri = "file:///w/variants.ini";
    session
        .open(uri, "fairy-variants", "[v:chess]\ncustomPiece1 = x:fm\n\n")
        .await;
    let letters = session
        .request(
            "textDocument/completion",
            json!({ "textDocument": { "uri": uri }, "position": position(1, 19) }),
        )
        .await;
    let labels: Vec<&str> = letters["result"]
        .as_array()
        .expect("items")
        .iter()
        .filter_map(|i| i["label"].as_str())
        .collect();
    assert!(labels.contains(&"N") && labels.contains(&"f"), "{labels:?}");
    // Each letter rewrites the word before the cursor with the letter added, and is filtered
    // by that: editors filter by the word before the cursor (`fm`), and Helix and Eglot
    // offered nothing (issue 42).
    let knight = letters["result"]
        .as_array()
        .and_then(|items| items.iter().find(|i| i["label"] == "N"))
        .expect("N");
    assert_eq!(
        knight["textEdit"],
        json!({ "range": { "start": position(1, 17), "end": position(1, 19) }, "newText": "fmN" })
    );
    assert_eq!(knight["filterText"], "fmN");
    // A cursor past the line's end is at its end, and so is the edit (found by the session
    // fuzzer: an edit range outside the text).
    let past = session
        .request(
            "textDocument/completion",
            json!({ "textDocument": { "uri": uri }, "position": position(1, 40) }),
        )
        .await;
    let knight = past["result"]
        .as_array()
        .and_then(|items| items.iter().find(|i| i["label"] == "N"))
        .expect("N");
    assert_eq!(knight["textEdit"]["range"]["end"], position(1, 19));
    // Fairy-Stockfish does not read `a`, so it is not offered in variants.ini.
    assert!(!labels.contains(&"a"));
    // After an `a`, a continuation leg takes relative directions: no `h`.
    session
        .notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": uri, "version": 2 },
                "contentChanges": [{ "text": "[v:chess]\ncustomPiece1 = x:fm\n\n" }],
            }),
        )
        .await;
    let plain = "file:///w/p.betza";
    session.open(plain, "betza", "maf\n").await;
    let continuation = session
        .request(
            "textDocument/completion",
            json!({ "textDocument": { "uri": plain }, "position": position(0, 3) }),
        )
        .await;
    let labels: Vec<&str> = continuation["result"]
        .as_array()
        .expect("items")
        .iter()
        .filter_map(|i| i["label"].as_str())
        .collect();
    assert!(
        labels.contains(&"s") && !labels.contains(&"h"),
        "{labels:?}"
    );
    let keys = session
        .request(
            "textDocument/completion",
            json!({ "textDocument": { "uri": uri }, "position": position(2, 0) }),
        )
        .await;
    assert_eq!(keys["result"][0]["label"], "customPiece2");
    assert_eq!(keys["result"][0]["insertText"], "customPiece2 = a:");
    assert!(session.finish().await);
}

#[tokio::test]
async fn semantic_tokens_symbols_and_quick_fixes() {
    // XBoard's findings in a variants.ini only when asked for (DESIGN.md).
    let engines = json!({ "engines": ["fairy-stockfish", "xboard"] });
    let (mut session, _) = Session::start(&["utf-16"], engines).await;
    let uri = "file:///w/variants.ini";
    session
        .open(
            uri,
            "fairy-variants",
            "[v:chess]\ncustomPiece1 = x:mfW\nking = k:WF\n",
        )
        .await;
    // The section (7) on line 0; the key (6), m (mode 2), f (direction 1), W (atom 0) on
    // line 1; the key `king`, W and F on line 2.
    assert_eq!(
        session.semantic_tokens(uri).await,
        json!([
            0, 0, 9, 7, 0, 1, 0, 12, 6, 0, 0, 17, 1, 2, 0, 0, 1, 1, 1, 0, 0, 1, 1, 0, 0, 1, 0, 4,
            6, 0, 0, 9, 1, 0, 0, 0, 1, 1, 0, 0
        ])
    );
    let symbols = session
        .request(
            "textDocument/documentSymbol",
            json!({ "textDocument": { "uri": uri } }),
        )
        .await;
    assert_eq!(symbols["result"][0]["name"], "v");
    assert_eq!(
        symbols["result"][0]["children"][1]["name"],
        "k: King / Commoner"
    );
    let actions = session
        .request(
            "textDocument/codeAction",
            json!({
                "textDocument": { "uri": uri },
                "range": { "start": position(1, 18), "end": position(1, 18) },
                "context": { "diagnostics": [] },
            }),
        )
        .await;
    let fix = &actions["result"][0];
    assert_eq!(fix["title"], "write `fm` (xboard-modifier-order)");
    assert_eq!(
        fix["edit"]["changes"][uri],
        json!([{ "range": { "start": position(1, 17), "end": position(1, 19) }, "newText": "fm" }])
    );
    let explain = actions["result"]
        .as_array()
        .expect("actions")
        .iter()
        .find(|a| a["command"]["command"] == "betza.explain")
        .cloned()
        .expect("an explain action");
    let written = session
        .request(
            "workspace/executeCommand",
            json!({ "command": "betza.explain", "arguments": explain["command"]["arguments"] }),
        )
        .await;
    let path = written["result"]
        .as_str()
        .expect("the path of the explanation");
    let text = std::fs::read_to_string(path).expect("the explanation was written");
    assert!(text.contains("**`mfW`**"), "{text}");
    // Issue 26: never a predictable path that a planted link could redirect: a new file each
    // time, under a name no one can guess.
    let again = session
        .request(
            "workspace/executeCommand",
            json!({ "command": "betza.explain", "arguments": explain["command"]["arguments"] }),
        )
        .await;
    let second = again["result"].as_str().expect("a second explanation");
    assert_ne!(path, second);
    for written in [path, second] {
        let _ = std::fs::remove_file(written);
    }
    assert!(session.finish().await);
}

/// Issue 56: the Explain command's files do not pile up: the newest sixteen stay while the
/// server runs (an editor may still show them), each one past them removes the oldest, and
/// shutting down removes them all.
#[tokio::test]
async fn explanation_files_are_removed_past_the_newest_and_at_shutdown() {
    let (mut session, _) = Session::start(&["utf-16"], Value::Null).await;
    let uri = "file:///w/pieces.betza";
    session.open(uri, "betza", "mfW\n").await;
    let mut written = Vec::new();
    for _ in 0..20 {
        let reply = session
            .request(
                "workspace/executeCommand",
                json!({ "command": "betza.explain", "arguments": [uri, 1] }),
            )
            .await;
        let path = reply["result"].as_str().expect("a path").to_owned();
        written.push(std::path::PathBuf::from(path));
    }
    let exists: Vec<bool> = written.iter().map(|path| path.exists()).collect();
    assert_eq!(exists[..4], [false; 4], "the four oldest are removed");
    assert_eq!(exists[4..], [true; 16], "the newest sixteen stay");
    assert!(session.finish().await);
    assert!(
        written.iter().all(|path| !path.exists()),
        "none outlives the server"
    );
}

/// Issue 28: a client that shows documents is asked to show the explanation; one that does
/// not (Neovim 0.7) is not asked, and opens the path the command returns.
#[tokio::test]
async fn the_explanation_is_shown_only_by_a_client_that_shows_documents() {
    let capabilities = json!({
        "general": { "positionEncodings": ["utf-16"] },
        "window": { "showDocument": { "support": true } },
    });
    let (session, _) = Session::start_with(capabilities, Value::Null).await;
    the_explanation_is_shown(session).await;
}

/// Issue 55: Helix 25.01 opens a document it is asked to show, though its capabilities do
/// not say so (it ignores the command's result): it is asked.
#[tokio::test]
async fn helix_is_asked_to_show_the_explanation() {
    let (session, _) = Session::start_initialized(json!({
        "capabilities": { "general": { "positionEncodings": ["utf-8", "utf-32", "utf-16"] },
                          "window": { "workDoneProgress": true } },
        "clientInfo": { "name": "helix", "version": "25.01.1" },
    }))
    .await;
    the_explanation_is_shown(session).await;
}

/// Runs the Explain command in `session` and waits for the server to ask the client to show
/// the file whose path the command returns.
async fn the_explanation_is_shown(mut session: Session) {
    let uri = "file:///w/a.betza";
    session.open(uri, "betza", "mfW\n").await;
    let command = json!({ "command": "betza.explain", "arguments": [uri, 1] });
    session.send_raw(
        json!({ "jsonrpc": "2.0", "id": 90, "method": "workspace/executeCommand", "params": command })
            .to_string()
            .as_bytes(),
    )
    .await;
    let (mut path, mut shown) = (None, None);
    while path.is_none() || shown.is_none() {
        let message = session.receive().await;
        if message["id"] == 90 {
            path = message["result"].as_str().map(str::to_owned);
        } else if message["method"] == "window/showDocument" {
            shown = message["params"]["uri"].as_str().map(str::to_owned);
        }
    }
    let path = path.expect("the path");
    assert!(
        shown.is_some_and(|uri| uri.ends_with(&path.replace('\\', "/"))),
        "{path}"
    );
    let _ = std::fs::remove_file(&path);
    assert!(session.finish().await);
}

#[tokio::test]
async fn a_body_that_is_not_json_gets_a_parse_error_and_the_session_goes_on() {
    let (mut session, _) = Session::start(&["utf-16"], Value::Null).await;
    session.send_raw(b"{this is not json").await;
    let reply = session.receive().await;
    assert_eq!(reply["error"]["code"], -32700);
    assert_eq!(reply["id"], Value::Null);
    let published = session.open("file:///w/a.betza", "betza", "W\n").await;
    assert_eq!(published["diagnostics"], json!([]));
    assert!(session.finish().await);
}

#[tokio::test]
async fn exit_without_shutdown_reports_failure() {
    let (mut session, _) = Session::start(&["utf-16"], Value::Null).await;
    session.notify("exit", Value::Null).await;
    assert!(!session.server.await.expect("the server task ends"));
}

/// Found by the `lsp_session` fuzz target: completion in an empty `variants.ini`, or one that
/// starts with a multi-byte character, sliced the text at byte 1 and failed.
#[tokio::test]
async fn completion_in_an_empty_or_non_ascii_variants_ini() {
    let (mut session, _) = Session::start(&["utf-16"], Value::Null).await;
    for (uri, text) in [
        ("file:///w/empty/variants.ini", ""),
        ("file:///w/accent/variants.ini", "é"),
    ] {
        session.open(uri, "fairy-variants", text).await;
        let reply = session
            .request(
                "textDocument/completion",
                json!({ "textDocument": { "uri": uri }, "position": position(0, 0) }),
            )
            .await;
        assert!(reply.get("error").is_none(), "{reply}");
    }
    assert!(session.finish().await);
}
