//! Diagnostics and settings over the protocol: the standard notification every client gets,
//! rule levels from the configuration, and settings that cannot be taken.

use serde_json::{Value, json};

use super::{Session, position};

#[tokio::test]
async fn configuration_changes_rule_levels() {
    let (mut session, _) = Session::start(
        &["utf-16"],
        json!({ "rules": { "xboard-modifier-order": "off" } }),
    )
    .await;
    let uri = "file:///w/a.betza";
    let quiet = session.open(uri, "betza", "mfW\n").await;
    assert_eq!(quiet["diagnostics"], json!([]));
    session
        .notify(
            "workspace/didChangeConfiguration",
            json!({ "settings": { "betza": { "rules": { "xboard-modifier-order": "error" } } } }),
        )
        .await;
    let loud = session.diagnostics(uri).await;
    assert_eq!(loud["diagnostics"][0]["severity"], 1);
    assert!(session.finish().await);
}

/// Every client, whatever it says it takes, gets standard `textDocument/publishDiagnostics`:
/// the whole list with the document's version after each edit (here the findings of the next
/// section moved down a line), and an empty list once the document is closed. No private
/// extension is advertised, even to a client that asks for the diagnostics deltas of old.
#[tokio::test]
async fn every_client_gets_standard_diagnostics() {
    let capabilities = json!({ "experimental": { "betzaDiagnosticDeltas": true } });
    let (mut session, init) = Session::start_with(capabilities, Value::Null).await;
    assert!(init["result"]["capabilities"].get("experimental").is_none());
    let uri = "file:///w/standard/variants.ini";
    let text =
        "[v:chess]\ncustomPiece1 = x:mafsW\n[w:v]\ncustomPiece2 = y:nR\ncustomPiece3 = z:D1\n";
    let next_list = async |session: &mut Session| {
        let message = session.receive().await;
        assert_eq!(
            message["method"], "textDocument/publishDiagnostics",
            "{message}"
        );
        assert_eq!(message["params"]["uri"], uri);
        message["params"].clone()
    };
    session
        .notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "fairy-variants", "version": 1, "text": text } }),
        )
        .await;
    let first = next_list(&mut session).await;
    let lines = |list: &Value| -> Vec<u64> {
        list["diagnostics"]
            .as_array()
            .expect("a list")
            .iter()
            .map(|d| d["range"]["start"]["line"].as_u64().expect("a line"))
            .collect()
    };
    let before = lines(&first);
    assert!(before.len() >= 3, "{first}");
    assert_eq!(first["version"], 1);

    session
        .notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": uri, "version": 2 },
                "contentChanges": [{ "range": { "start": position(1, 0), "end": position(1, 0) }, "text": "\n" }],
            }),
        )
        .await;
    let moved = next_list(&mut session).await;
    assert_eq!(moved["version"], 2);
    let after: Vec<u64> = before.iter().map(|line| line + 1).collect();
    assert_eq!(lines(&moved), after, "{moved}");

    session
        .notify(
            "textDocument/didClose",
            json!({ "textDocument": { "uri": uri } }),
        )
        .await;
    let closed = next_list(&mut session).await;
    assert_eq!(closed["diagnostics"], json!([]));
    assert!(closed.get("version").is_none());
    assert!(session.finish().await);
}

/// The text of the next `window/showMessage` the server sends.
async fn shown_message(session: &mut Session) -> String {
    loop {
        let message = session.receive().await;
        if message["method"] == "window/showMessage" {
            return message["params"]["message"]
                .as_str()
                .unwrap_or_default()
                .to_owned();
        }
    }
}

/// Issue 26: settings of the wrong type or with values nothing reads are said to the user
/// (`window/showMessage`), and the valid ones are kept.
#[tokio::test]
async fn wrong_settings_are_said_and_the_valid_ones_kept() {
    let options = json!({
        "dialect": 5,
        "boardSize": "99x2",
        "rules": { "xboard-modifier-order": "off", "no-such-code": "loud" },
    });
    let (mut session, _) = Session::start(&["utf-16"], options).await;
    let shown = shown_message(&mut session).await;
    for said in ["`dialect`", "`boardSize`", "no-such-code", "loud"] {
        assert!(shown.contains(said), "{said} in {shown}");
    }
    // The valid rule level is in force.
    let diagnostics = session.open("file:///w/kept.betza", "betza", "mfW\n").await;
    assert_eq!(diagnostics["diagnostics"], json!([]), "{diagnostics}");
    assert!(session.finish().await);
}

/// Issue 41: settings problems quote the user's text by its ends and say its length (a rule
/// code of a million characters came back as a 2.6 MB message), a thousand wrong codes are said
/// as the first few and a count, and `maxFindings` limits the findings a document shows.
#[tokio::test]
async fn settings_problems_are_bounded_and_max_findings_is_read() {
    let mut rules = serde_json::Map::new();
    rules.insert("x".repeat(1_000_000), json!("loud"));
    for n in 0..1000 {
        rules.insert(format!("no-such-code-{n}"), json!("off"));
    }
    let options = json!({ "rules": rules, "engines": "y".repeat(100_000), "maxFindings": 5 });
    let (mut session, _) = Session::start(&["utf-16"], options).await;
    let shown = shown_message(&mut session).await;
    assert!(shown.len() < 3_000, "{} bytes: {shown}", shown.len());
    assert!(shown.contains("it is 100000 characters long"), "{shown}");
    assert!(shown.contains(" more"), "{shown}");
    let many = "W+\n".repeat(50);
    let diagnostics = session.open("file:///w/many.betza", "betza", &many).await;
    let list = diagnostics["diagnostics"].as_array().expect("a list");
    assert_eq!(list.len(), 6, "{diagnostics}");
    assert_eq!(list[5]["code"], "too-many-findings");
    assert!(session.finish().await);
}

/// Issue 56: a configuration change that changes no finding (the hover's picture) analyses
/// nothing again and publishes nothing: the one list that comes is the next change's, which
/// turns a rule to an error.
#[tokio::test]
async fn a_configuration_change_that_changes_no_finding_publishes_nothing() {
    let (mut session, _) = Session::start(
        &["utf-16"],
        json!({ "rules": { "xboard-modifier-order": "warning" } }),
    )
    .await;
    let uri = "file:///w/a.betza";
    let first = session.open(uri, "betza", "mfW\n").await;
    assert_eq!(first["diagnostics"][0]["severity"], 2);
    let settings = |level: &str, image: bool| {
        json!({ "settings": { "betza": {
            "rules": { "xboard-modifier-order": level },
            "hoverImage": image,
        } } })
    };
    session
        .notify(
            "workspace/didChangeConfiguration",
            settings("warning", true),
        )
        .await;
    session
        .notify("workspace/didChangeConfiguration", settings("error", true))
        .await;
    let next = session.diagnostics(uri).await;
    assert_eq!(next["diagnostics"][0]["severity"], 1, "{next}");
    assert!(session.finish().await);
}

/// Issue 56: edits sent faster than the server answers are answered in their order, each list
/// newer than the one before (the lists of edits that came while one was made are skipped, not
/// sent late), and the last is the list of the last edit, as a fresh open of its text gives.
#[tokio::test]
async fn edits_sent_together_are_answered_in_order_the_newest_last() {
    let (mut session, _) = Session::start(&["utf-16"], Value::Null).await;
    let uri = "file:///w/typed/variants.ini";
    let mut text = "[v:chess]\ncustomPiece1 = x:W\n".to_owned();
    session.open(uri, "fairy-variants", &text).await;
    let edits = 40;
    for version in 2..edits + 2 {
        let typed = if version % 3 == 0 { "+" } else { "F" };
        text.insert_str(27, typed);
        session
            .notify(
                "textDocument/didChange",
                json!({
                    "textDocument": { "uri": uri, "version": version },
                    "contentChanges": [{ "range": { "start": position(1, 17), "end": position(1, 17) }, "text": typed }],
                }),
            )
            .await;
    }
    let mut versions = Vec::new();
    let last = loop {
        let list = session.diagnostics(uri).await;
        versions.push(list["version"].as_i64().expect("a version"));
        if versions.last() == Some(&(edits + 1)) {
            break list;
        }
    };
    assert!(versions.windows(2).all(|w| w[0] < w[1]), "{versions:?}");
    let fresh = session
        .open("file:///w/fresh/variants.ini", "fairy-variants", &text)
        .await;
    assert_eq!(last["diagnostics"], fresh["diagnostics"], "{text}");
    assert!(session.finish().await);
}

/// Issue 56: a client that asks for diagnostics (`textDocument/diagnostic`, LSP 3.17) is
/// offered them so, and is sent none: it asks, and is answered the whole list with a result id;
/// asking again with that id while nothing changed is answered "unchanged", with no list; an
/// edit gives a new list and id; a settings change that changes the findings has the client
/// told to ask again (`workspace/diagnostic/refresh`).
#[tokio::test]
async fn a_client_that_asks_for_diagnostics_is_answered_and_sent_none() {
    let capabilities = json!({
        "textDocument": { "diagnostic": { "dynamicRegistration": false } },
        "workspace": { "diagnostics": { "refreshSupport": true } },
    });
    let (mut session, init) = Session::start_with(capabilities, Value::Null).await;
    assert_eq!(
        init["result"]["capabilities"]["diagnosticProvider"],
        json!({ "identifier": "betza", "interFileDependencies": false, "workspaceDiagnostics": false })
    );
    let uri = "file:///w/pulled.betza";
    session
        .notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "betza", "version": 1, "text": "mfW\n" } }),
        )
        .await;
    let ask = async |session: &mut Session, previous: Option<&Value>| {
        let mut params = json!({ "textDocument": { "uri": uri } });
        if let Some(previous) = previous {
            params["previousResultId"] = previous.clone();
        }
        session.request("textDocument/diagnostic", params).await["result"].clone()
    };
    let first = ask(&mut session, None).await;
    assert_eq!(first["kind"], "full", "{first}");
    assert_eq!(first["items"][0]["code"], "xboard-modifier-order");
    let same = ask(&mut session, Some(&first["resultId"])).await;
    assert_eq!(
        same,
        json!({ "kind": "unchanged", "resultId": first["resultId"] })
    );
    session
        .notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": uri, "version": 2 },
                    "contentChanges": [{ "text": "mfW\nfwW\n" }] }),
        )
        .await;
    let edited = ask(&mut session, Some(&first["resultId"])).await;
    assert_eq!(edited["kind"], "full");
    assert_ne!(edited["resultId"], first["resultId"]);
    let codes: Vec<&Value> = edited["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|d| &d["code"])
        .collect();
    assert_eq!(
        codes,
        [&json!("xboard-modifier-order"), &json!("unknown-modifier")]
    );
    // A document not open has no findings known.
    let unknown = session
        .request(
            "textDocument/diagnostic",
            json!({ "textDocument": { "uri": "file:///w/x.betza" } }),
        )
        .await;
    assert_eq!(unknown["result"], json!({ "kind": "full", "items": [] }));
    session
        .notify(
            "workspace/didChangeConfiguration",
            json!({ "settings": { "betza": { "rules": { "xboard-modifier-order": "off" } } } }),
        )
        .await;
    // Nothing is sent: the next message is the server asking the client to ask again.
    let refresh = session.receive().await;
    assert_eq!(
        refresh["method"], "workspace/diagnostic/refresh",
        "{refresh}"
    );
    let answer = json!({ "jsonrpc": "2.0", "id": refresh["id"], "result": null });
    session.send_raw(answer.to_string().as_bytes()).await;
    let quieter = ask(&mut session, Some(&edited["resultId"])).await;
    assert_eq!(
        quieter["items"].as_array().map(Vec::len),
        Some(1),
        "{quieter}"
    );
    assert!(session.finish().await);
}

/// A client that does not say it asks for diagnostics is not offered them (it is sent them).
#[tokio::test]
async fn a_client_that_does_not_ask_is_not_offered_diagnostics_on_request() {
    let (session, init) = Session::start(&["utf-16"], Value::Null).await;
    assert!(
        init["result"]["capabilities"]
            .get("diagnosticProvider")
            .is_none()
    );
    assert!(session.finish().await);
}

/// Issue 56: a list asked for is written apart from the protocol library and sent in its
/// response's place; it is the list a client that does not ask is sent, item for item, and
/// it comes under the request's id as written, even one the library cannot carry.
#[tokio::test]
async fn a_list_asked_for_is_the_list_sent_under_the_id_as_written() {
    let uri = "file:///w/variants.ini";
    let text = "[a:chess]\ncustomPiece1 = x:mfW\ncustomPiece2 = y:NN\n\n".repeat(40);
    let (mut pushed, _) = Session::start(&["utf-16"], Value::Null).await;
    let sent = pushed.open(uri, "fairy-variants", &text).await;
    assert!(pushed.finish().await);
    let capabilities =
        json!({ "textDocument": { "diagnostic": { "dynamicRegistration": false } } });
    let (mut pulling, _) = Session::start_with(capabilities, Value::Null).await;
    pulling
        .notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "fairy-variants", "version": 1,
                                      "text": text } }),
        )
        .await;
    let id = "18446744073709551616";
    let ask = format!(
        r#"{{"jsonrpc":"2.0","id":{id},"method":"textDocument/diagnostic","params":{{"textDocument":{{"uri":"{uri}"}}}}}}"#
    );
    pulling.send_raw(ask.as_bytes()).await;
    let (written, answer) = loop {
        let written = String::from_utf8(pulling.receive_body().await).expect("text");
        let message: Value = serde_json::from_str(&written).expect("JSON");
        if message.get("method").is_none() {
            break (written, message);
        }
    };
    assert!(written.contains(&format!(r#""id":{id},"#)), "{written}");
    assert_eq!(answer["result"]["kind"], "full");
    let items = &answer["result"]["items"];
    assert!(
        items.as_array().is_some_and(|items| items.len() > 40),
        "{items}"
    );
    assert_eq!(items, &sent["diagnostics"]);
    assert!(pulling.finish().await);
}
