//! Large messages: many small values refused before they are parsed, a document's long text
//! taken, and a document too large to hold said and left out (issue 56).

use serde_json::{Value, json};

use super::{Raw, position, still_answers};

/// Issue 56: a large message made of many small values (a 20 MB array of numbers, which a JSON
/// tree holds at 32 times its size) is refused before it is read into one, with the error the
/// protocol says; a large document, one long string, is read as before.
#[tokio::test]
async fn a_large_message_of_many_values_is_refused_unread_and_a_large_text_is_not() {
    let mut raw = Raw::start();
    raw.initialize().await;
    let numbers = vec!["1"; 10_000_000].join(",");
    let body = format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":21,\"method\":\"workspace/symbol\",\"params\":[{numbers}]}}"
    );
    raw.bytes(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes())
        .await;
    let refused = raw.receive().await;
    assert_eq!(refused["error"]["code"], -32600, "{refused}");
    assert_eq!(refused["id"], Value::Null);
    still_answers(&mut raw, 22).await;
    let text = format!("{}\n", "fmWfcF".repeat(400_000));
    raw.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": "file:///w/long.betza", "languageId": "betza", "version": 1, "text": text } }),
    )
    .await;
    let published = raw.receive().await;
    assert_eq!(
        published["method"], "textDocument/publishDiagnostics",
        "{published}"
    );
    // An edit of many small changes (a replace-all) is never refused: nothing is lost.
    let uri = "file:///w/short.betza";
    raw.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "betza", "version": 1, "text": "W\n" } }),
    )
    .await;
    raw.receive().await;
    let change = json!({ "range": { "start": position(0, 0), "end": position(0, 0) }, "text": "" });
    let changes = vec![change; 30_000];
    raw.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 2 }, "contentChanges": changes }),
    )
    .await;
    let published = raw.receive().await;
    assert_eq!(published["params"]["version"], 2, "{published}");
}

/// Issue 56: a document whose message is over 64 MiB is not held (it would be held four times
/// over while opened): the user is told, a document it replaces is closed, so its findings are
/// cleared, and the server goes on.
#[tokio::test]
async fn a_document_too_large_to_hold_is_said_and_not_held() {
    let mut raw = Raw::start();
    raw.initialize().await;
    let uri = "file:///w/grows.betza";
    raw.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "betza", "version": 1, "text": "mfW\n" } }),
    )
    .await;
    let first = raw.receive().await;
    assert_eq!(
        first["params"]["diagnostics"][0]["code"],
        "xboard-modifier-order"
    );
    let huge = "W".repeat(crate::lsp::too_large::MAX_DOCUMENT + 1);
    raw.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 2 }, "contentChanges": [{ "text": huge }] }),
    )
    .await;
    let told = raw.receive().await;
    assert_eq!(told["method"], "window/showMessage", "{told}");
    let said = told["params"]["message"].as_str().unwrap_or_default();
    assert!(
        said.contains("grows.betza is 64 MiB; betza reads documents of up to 64 MiB"),
        "{said}"
    );
    let cleared = raw.receive().await;
    assert_eq!(cleared["params"]["uri"], uri, "{cleared}");
    assert_eq!(cleared["params"]["diagnostics"], json!([]), "{cleared}");
    raw.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": "file:///w/huge.betza", "languageId": "betza", "version": 1, "text": huge } }),
    )
    .await;
    let told = raw.receive().await;
    assert_eq!(told["method"], "window/showMessage", "{told}");
    still_answers(&mut raw, 31).await;
}
