//! Protocol abuse, as transcripts: broken framing, unknown methods, requests out of order,
//! impossible edits, floods and cancellations. The server answers with protocol errors where
//! the specification says so, keeps serving, and loses no edit.

use serde_json::{Value, json};
use tokio::io::{AsyncWriteExt, BufReader};

use super::lsp_framing::{frame, read_message_async};

mod large;

/// A bare session: nothing sent yet.
pub(super) struct Raw {
    to_server: tokio::io::DuplexStream,
    pub(super) from_server: BufReader<tokio::io::DuplexStream>,
    pub(super) server: tokio::task::JoinHandle<bool>,
}

impl Raw {
    pub(super) fn start() -> Raw {
        Raw::with_pipes(1 << 22)
    }

    /// A session whose pipes to and from the server each hold `capacity` bytes.
    fn with_pipes(capacity: usize) -> Raw {
        let (to_server, server_input) = tokio::io::duplex(capacity);
        let (server_output, from_server) = tokio::io::duplex(capacity);
        Raw {
            to_server,
            from_server: BufReader::new(from_server),
            server: tokio::spawn(super::serve(server_input, server_output)),
        }
    }

    pub(super) async fn bytes(&mut self, bytes: &[u8]) {
        self.to_server.write_all(bytes).await.expect("write");
    }

    pub(super) async fn send(&mut self, message: Value) {
        self.bytes(&frame(message.to_string().as_bytes())).await;
    }

    pub(super) async fn receive(&mut self) -> Value {
        read_message_async(&mut self.from_server)
            .await
            .expect("a message before the server's output ends")
    }

    async fn reply(&mut self, id: i64) -> Value {
        loop {
            let message = self.receive().await;
            if message["id"] == json!(id) {
                return message;
            }
        }
    }

    pub(super) async fn request(&mut self, id: i64, method: &str, params: Value) -> Value {
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }))
            .await;
        self.reply(id).await
    }

    pub(super) async fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({ "jsonrpc": "2.0", "method": method, "params": params }))
            .await;
    }

    pub(super) async fn initialize(&mut self) {
        self.request(1, "initialize", json!({ "capabilities": {} }))
            .await;
        self.notify("initialized", json!({})).await;
    }

    /// The text of a `.betza` document of one string per line, read back through the standard
    /// protocol: its symbols' details are its strings.
    async fn text(&mut self, id: i64, uri: &str) -> String {
        let reply = self
            .request(
                id,
                "textDocument/documentSymbol",
                json!({ "textDocument": { "uri": uri } }),
            )
            .await;
        let symbols = reply["result"].as_array().cloned().unwrap_or_default();
        symbols
            .iter()
            .map(|symbol| format!("{}\n", symbol["detail"].as_str().unwrap_or_default()))
            .collect()
    }
}

fn position(line: u32, character: u32) -> Value {
    json!({ "line": line, "character": character })
}

#[tokio::test]
async fn broken_framing_gets_parse_errors_and_the_session_goes_on() {
    let mut raw = Raw::start();
    raw.initialize().await;
    // A non-numeric length, then a header block with no length at all.
    raw.bytes(b"Content-Length: lots\r\n\r\n").await;
    assert_eq!(raw.receive().await["error"]["code"], -32700);
    raw.bytes(b"Content-Type: application/json\r\n\r\n").await;
    assert_eq!(raw.receive().await["error"]["code"], -32700);
    // Well-framed JSON that is not a request or notification (issue 26): each gets -32600
    // (with its id when it has a usable one), and the session goes on.
    for (body, id) in [
        ("42", Value::Null),
        ("{}", Value::Null),
        ("[]", Value::Null),
        (
            r#"[{"jsonrpc":"2.0","id":3,"method":"shutdown"}]"#,
            Value::Null,
        ),
        (r#"{"jsonrpc":"2.0","id":4,"method":5}"#, json!(4)),
        (
            r#"{"jsonrpc":"2.0","id":true,"method":"shutdown"}"#,
            Value::Null,
        ),
    ] {
        raw.bytes(&frame(body.as_bytes())).await;
        let reply = raw.receive().await;
        assert_eq!(reply["error"]["code"], -32600, "{body}: {reply}");
        assert_eq!(reply["id"], id, "{body}");
    }
    let reply = raw
        .request(
            9,
            "textDocument/documentSymbol",
            json!({ "textDocument": { "uri": "file:///none" } }),
        )
        .await;
    assert_eq!(reply["error"]["code"], -32602);
}

/// Issue 26: a Content-Length smaller than its body puts the rest of the body before the next
/// header; the server reads the length from where it stands and answers the next request. A
/// header line that never ends is read and dropped, not kept.
#[tokio::test]
async fn a_wrong_content_length_is_recovered_from() {
    let mut raw = Raw::start();
    raw.initialize().await;
    let body = json!({ "jsonrpc": "2.0", "method": "initialized", "params": {} }).to_string();
    raw.bytes(format!("Content-Length: 10\r\n\r\n{body}").as_bytes())
        .await;
    assert_eq!(raw.receive().await["error"]["code"], -32700);
    still_answers(&mut raw, 7).await;
    // A megabyte of header with no line break: one parse error, and the session goes on.
    raw.bytes(&vec![b'x'; 1 << 20]).await;
    raw.bytes(b"\r\n\r\n").await;
    assert_eq!(raw.receive().await["error"]["code"], -32700);
    still_answers(&mut raw, 8).await;
}

/// Issue 41: a frame announcing more than the server will ever read (3,000,000,000 bytes, or
/// 2^62) is answered, and its body skipped only until the header of the next frame shows up
/// among the bytes that follow: the server goes on answering (it used to take everything after
/// it as that body, and never answered again).
#[tokio::test]
async fn a_frame_announcing_gigabytes_does_not_deafen_the_server() {
    let mut raw = Raw::start();
    raw.initialize().await;
    for (length, id) in [("3000000000", 11), ("4611686018427387904", 12)] {
        raw.bytes(format!("Content-Length: {length}\r\n\r\n{{\"jsonrpc\"").as_bytes())
            .await;
        assert_eq!(raw.receive().await["error"]["code"], -32700);
        // A deaf server never answers: waiting is bounded, so that shows as a failure.
        let answered = tokio::time::timeout(
            std::time::Duration::from_secs(30),
            still_answers(&mut raw, id),
        )
        .await;
        assert!(
            answered.is_ok(),
            "no answer after a frame of {length} bytes"
        );
    }
}

/// Issue 56: a frame whose Content-Length announces more than it sends (200,000,000 bytes for
/// a 2-byte message) is answered with a parse error where the next frame's header comes, and
/// that frame is read: the server used to take every message after it as part of that body.
#[tokio::test]
async fn a_content_length_longer_than_its_message_does_not_deafen_the_server() {
    let mut raw = Raw::start();
    raw.initialize().await;
    raw.bytes(b"Content-Length: 200000000\r\n\r\n{}").await;
    let request = json!({ "jsonrpc": "2.0", "id": 23, "method": "textDocument/documentSymbol", "params": { "textDocument": { "uri": "file:///none" } } });
    raw.send(request).await;
    let answered = tokio::time::timeout(std::time::Duration::from_secs(30), async {
        let error = raw.receive().await;
        assert_eq!(error["error"]["code"], -32700, "{error}");
        let reply = raw.reply(23).await;
        assert_eq!(reply["error"]["code"], -32602, "{reply}");
    })
    .await;
    assert!(answered.is_ok(), "no answer after a frame that lied");
}

/// A request (`id`) still gets its answer: the protocol error for a document not open.
pub(super) async fn still_answers(raw: &mut Raw, id: i64) {
    let reply = raw
        .request(
            id,
            "textDocument/documentSymbol",
            json!({ "textDocument": { "uri": "file:///none" } }),
        )
        .await;
    assert_eq!(reply["error"]["code"], -32602, "{reply}");
}

#[tokio::test]
async fn unknown_methods_and_requests_out_of_order() {
    let mut raw = Raw::start();
    let early = raw
        .request(
            1,
            "textDocument/hover",
            json!({ "textDocument": { "uri": "file:///a" }, "position": position(0, 0) }),
        )
        .await;
    assert_eq!(early["error"]["code"], -32002, "before initialize: {early}");
    raw.request(2, "initialize", json!({ "capabilities": {} }))
        .await;
    let unknown = raw.request(3, "betza/noSuchThing", json!({})).await;
    assert_eq!(unknown["error"]["code"], -32601);
    raw.request(4, "shutdown", Value::Null).await;
    let late = raw
        .request(
            5,
            "textDocument/hover",
            json!({ "textDocument": { "uri": "file:///a" }, "position": position(0, 0) }),
        )
        .await;
    assert_eq!(late["error"]["code"], -32600, "after shutdown: {late}");
    raw.notify("exit", Value::Null).await;
    assert!(raw.server.await.expect("ends"));
}

#[tokio::test]
async fn impossible_edits_lose_nothing_and_other_documents_keep_working() {
    let mut raw = Raw::start();
    raw.initialize().await;
    let a = "file:///w/a.betza";
    let b = "file:///w/b.betza";
    raw.notify("textDocument/didOpen", json!({ "textDocument": { "uri": a, "languageId": "betza", "version": 5, "text": "mfW\nN\n" } })).await;
    raw.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": b, "languageId": "betza", "version": 1, "text": "K\n" } }),
    )
    .await;
    let mut expected = String::from("mfW\nN\n");
    let edits: [(Value, Value, &str); 5] = [
        // Past the end of the document: inserted at the end.
        (position(40, 0), position(41, 3), "R\n"),
        // Reversed: read as the empty range at its start.
        (position(0, 2), position(0, 1), "c"),
        // Past the end of a line: the line's end.
        (position(1, 99), position(1, 99), "D"),
        // A plain replacement.
        (position(0, 0), position(0, 1), "f"),
        // Deleting across lines.
        (position(0, 3), position(1, 0), ""),
    ];
    // Versions go backwards; the edits still apply in order.
    for (index, (start, end, text)) in edits.iter().enumerate() {
        raw.notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": a, "version": 4 - index as i64 },
                "contentChanges": [{ "range": { "start": start, "end": end }, "text": text }],
            }),
        )
        .await;
    }
    // By hand: `mfW\nN\nR\n`, `mfcW\nN\nR\n`, `mfcW\nND\nR\n`, `ffcW\nND\nR\n`, `ffcND\nR\n`.
    expected.replace_range(.., "ffcND\nR\n");
    assert_eq!(raw.text(10, a).await, expected);
    assert_eq!(raw.text(11, b).await, "K\n");
    // Closing twice is harmless; the other document is unaffected.
    raw.notify(
        "textDocument/didClose",
        json!({ "textDocument": { "uri": a } }),
    )
    .await;
    raw.notify(
        "textDocument/didClose",
        json!({ "textDocument": { "uri": a } }),
    )
    .await;
    assert_eq!(raw.text(12, b).await, "K\n");
    let gone = raw
        .request(
            13,
            "textDocument/documentSymbol",
            json!({ "textDocument": { "uri": a } }),
        )
        .await;
    assert_eq!(gone["error"]["code"], -32602);
}

#[tokio::test]
async fn thousands_of_unread_requests_and_cancellations() {
    let mut raw = Raw::start();
    raw.initialize().await;
    let uri = "file:///w/a.betza";
    raw.notify("textDocument/didOpen", json!({ "textDocument": { "uri": uri, "languageId": "betza", "version": 1, "text": "fmWfcF\n" } })).await;
    // Send 3,000 hovers without reading a single reply, cancelling every tenth.
    let requests = 3000;
    for id in 100..100 + requests {
        raw.send(json!({ "jsonrpc": "2.0", "id": id, "method": "textDocument/hover", "params": { "textDocument": { "uri": uri }, "position": position(0, 2) } })).await;
        if id % 10 == 0 {
            raw.notify("$/cancelRequest", json!({ "id": id })).await;
        }
    }
    let mut answered = 0;
    while answered < requests {
        let message = raw.receive().await;
        if message.get("id").is_some() {
            let ok = message.get("result").is_some() || message["error"]["code"] == -32800;
            assert!(ok, "{message}");
            answered += 1;
        }
    }
    assert_eq!(raw.text(99, uri).await, "fmWfcF\n");
}

/// A client that writes and never reads: the replies wait in a bounded queue and then the
/// server stops reading its input, so nothing piles up; once the client reads, every message
/// is answered.
#[tokio::test]
async fn a_client_that_never_reads_holds_the_server_up_instead_of_filling_its_memory() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let mut raw = Raw::with_pipes(1 << 12);
    raw.initialize().await;
    let flood = 10_000;
    let written = Arc::new(AtomicUsize::new(0));
    let (mut to_server, _) = tokio::io::duplex(1);
    std::mem::swap(&mut to_server, &mut raw.to_server);
    let count = written.clone();
    let writer = tokio::spawn(async move {
        for _ in 0..flood {
            to_server
                .write_all(b"Content-Length: 1\r\n\r\n{")
                .await
                .expect("write");
            count.fetch_add(1, Ordering::SeqCst);
        }
        to_server
    });
    // Wait until the client's writes stop going through (or all have).
    let mut last = usize::MAX;
    while written.load(Ordering::SeqCst) != last {
        last = written.load(Ordering::SeqCst);
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    }
    assert!(
        last < flood / 10,
        "{last} unread replies were buffered instead of holding the client up"
    );
    for _ in 0..flood {
        assert_eq!(raw.receive().await["error"]["code"], -32700);
    }
    raw.to_server = writer.await.expect("the client's writes all go through");
    still_answers(&mut raw, 7).await;
}

/// Runs `session`, failing instead of hanging when an answer never comes.
pub(super) async fn within_a_minute(session: impl std::future::Future<Output = ()>) {
    tokio::time::timeout(std::time::Duration::from_secs(60), session)
        .await
        .expect("every request is answered within a minute");
}

/// A document whose every line takes the server a long time to explain: `(aK)` repeats a King
/// step up to 25 times.
pub(super) async fn open_costly(raw: &mut Raw, uri: &str) {
    let text = "(aK)\n".repeat(40);
    raw.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "betza", "version": 1, "text": text } }),
    )
    .await;
}

pub(super) fn hover(id: i64, uri: &str, line: u32) -> Value {
    json!({ "jsonrpc": "2.0", "id": id, "method": "textDocument/hover",
            "params": { "textDocument": { "uri": uri }, "position": position(line, 1) } })
}

/// Issue 41: a mouse sweeping over a file sends hovers and cancels each right after. Each is
/// answered as cancelled (a hover that ran in full would come back with its result), the work
/// of the one running stops (the library's test `hover_work_stops_when_cancelled` shows the
/// checkpoints), and an edit sent after them is applied.
#[tokio::test]
async fn cancelled_hovers_are_answered_as_cancelled() {
    within_a_minute(async {
        let mut raw = Raw::start();
        raw.initialize().await;
        let uri = "file:///w/sweep.betza";
        open_costly(&mut raw, uri).await;
        for id in 200..230 {
            raw.send(hover(id, uri, (id - 200) as u32)).await;
            raw.notify("$/cancelRequest", json!({ "id": id })).await;
        }
        raw.notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": uri, "version": 2 },
                    "contentChanges": [{ "text": "fmWfcF\n" }] }),
        )
        .await;
        let mut answered = 0;
        while answered < 30 {
            let message = raw.receive().await;
            if message.get("id").is_some() {
                assert_eq!(message["error"]["code"], -32800, "{message}");
                answered += 1;
            }
        }
        assert_eq!(raw.text(300, uri).await, "fmWfcF\n");
    })
    .await;
}

/// Issue 41: a request that an edit of its document overtakes is not worth its work: the one
/// running stops, those waiting do not start, and each is answered "content modified"
/// (-32801), on which clients ask again; a request about another document is answered, and a
/// request after the edit reads the new text.
#[tokio::test]
async fn an_edit_cancels_the_requests_about_its_document_it_overtakes() {
    within_a_minute(async {
        let mut raw = Raw::start();
        raw.initialize().await;
        let (costly, other) = ("file:///w/costly.betza", "file:///w/other.betza");
        open_costly(&mut raw, costly).await;
        raw.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": other, "languageId": "betza", "version": 1, "text": "fmWfcF\n" } }),
        )
        .await;
        raw.send(hover(400, costly, 0)).await;
        raw.send(hover(401, costly, 1)).await;
        raw.send(hover(402, other, 0)).await;
        raw.notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": costly, "version": 2 },
                    "contentChanges": [{ "text": "R\n" }] }),
        )
        .await;
        // Answers may come in any order: requests run side by side.
        let mut replies = std::collections::HashMap::new();
        while replies.len() < 3 {
            let message = raw.receive().await;
            if let Some(id) = message["id"].as_i64() {
                replies.insert(id, message);
            }
        }
        for id in [400, 401] {
            assert_eq!(replies[&id]["error"]["code"], -32801, "{}", replies[&id]);
        }
        assert!(
            replies[&402]["result"]["contents"].is_object(),
            "{}",
            replies[&402]
        );
        let reply = raw
            .request(
                403,
                "textDocument/hover",
                hover(403, costly, 0)["params"].clone(),
            )
            .await;
        let shown = reply["result"]["contents"]["value"]
            .as_str()
            .unwrap_or_default();
        assert!(shown.contains("Rook"), "{reply}");
    })
    .await;
}

/// Issue 41: an `initialize` whose `positionEncodings` is a string, not a list, left the server
/// uninitialized for good. The capability is left out and the rest read: the server answers.
#[tokio::test]
async fn an_unreadable_capability_does_not_leave_the_server_uninitialized() {
    let mut raw = Raw::start();
    let reply = raw
        .request(
            1,
            "initialize",
            json!({ "capabilities": { "general": { "positionEncodings": "utf-8" } } }),
        )
        .await;
    assert_eq!(
        reply["result"]["capabilities"]["positionEncoding"], "utf-16",
        "{reply}"
    );
    raw.notify("initialized", json!({})).await;
    still_answers(&mut raw, 2).await;
}

/// Issue 56: an outline is cut after the symbols a person can use, with one more that says how
/// many are left out and stands where the first of them does (100,000 sections were 643 MB
/// of the server's memory as one answer).
#[tokio::test]
async fn an_outline_of_thousands_of_sections_is_cut_with_a_note() {
    let mut raw = Raw::start();
    raw.initialize().await;
    let sections = super::handlers::symbols::MOST_SYMBOLS + 2_000;
    let text: String = (0..sections).map(|n| format!("[s{n}]\n")).collect();
    let uri = "file:///w/many.variants.ini";
    raw.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "fairy-variants", "version": 1, "text": text } }),
    )
    .await;
    let reply = raw
        .request(
            7,
            "textDocument/documentSymbol",
            json!({ "textDocument": { "uri": uri } }),
        )
        .await;
    let symbols = reply["result"].as_array().cloned().unwrap_or_default();
    assert_eq!(symbols.len(), super::handlers::symbols::MOST_SYMBOLS + 1);
    let note = symbols.last().expect("the note");
    assert_eq!(note["name"], "… 2000 more not listed (from here)");
    let first_left_out = u64::try_from(super::handlers::symbols::MOST_SYMBOLS).unwrap_or(0);
    assert_eq!(note["range"]["start"]["line"], first_left_out);
}
