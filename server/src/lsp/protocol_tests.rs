//! Issue 56, protocol hygiene, as transcripts: single well-formed frames that ended the server,
//! request ids of every size and form, `$/` requests and long names in error messages. After
//! each, the server still answers.

use serde_json::{Value, json};

use super::abuse_tests::{Raw, hover, open_costly, still_answers, within_a_minute};
use super::lsp_framing::{frame, read_body_async};

const URI: &str = "file:///w/protocol.betza";

/// An initialized session with `W` (the Wazir) open at [`URI`].
async fn opened() -> Raw {
    let mut raw = Raw::start();
    raw.initialize().await;
    raw.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": URI, "languageId": "betza", "version": 1, "text": "W\n" } }),
    )
    .await;
    raw
}

/// A hover on the Wazir with the id written `id`.
fn hover_written(id: &str) -> String {
    let body = hover(0, URI, 0).to_string();
    body.replacen(r#""id":0"#, &format!(r#""id":{id}"#), 1)
}

/// The bodies of the answers (messages without a method) up to the one whose body contains
/// `last`, as text: an id past every integer type is no `Value`.
async fn answers_until(raw: &mut Raw, last: &str) -> Vec<String> {
    let mut answers = Vec::new();
    loop {
        let body = read_body_async(&mut raw.from_server)
            .await
            .expect("a message before the server's output ends");
        let body = String::from_utf8(body).expect("UTF-8");
        let message: Option<Value> = serde_json::from_str(&body).ok();
        if message.is_some_and(|m| m.get("method").is_some()) {
            continue;
        }
        let done = body.contains(last);
        answers.push(body);
        if done {
            return answers;
        }
    }
}

/// Sends `body` as one frame, then a hover with id 99; returns the answers up to the hover's,
/// after checking that the hover was answered with the Wazir.
async fn answers_to(raw: &mut Raw, body: &str) -> Vec<Value> {
    raw.bytes(&frame(body.as_bytes())).await;
    raw.bytes(&frame(hover_written("99").as_bytes())).await;
    let mut answers: Vec<Value> = answers_until(raw, r#""id":99"#)
        .await
        .iter()
        .map(|answer| serde_json::from_str(answer).expect("JSON"))
        .collect();
    let hovered = answers.pop().expect("the hover's answer");
    let shown = hovered["result"]["contents"]["value"].as_str();
    assert!(
        shown.is_some_and(|text| text.contains("Wazir")),
        "after {body}: {hovered}"
    );
    answers
}

/// Each of the seven frames that ended the server (exit 1) gets what the protocol says, and
/// the server goes on: a request whose id is 2^63 is served under that id; the same id in a
/// response, and a response with a member named twice, are dropped (nobody waits for their
/// answer); a request without `jsonrpc`, of `"1.0"`, of `2`, or with a member named twice gets
/// -32600.
#[tokio::test]
async fn the_seven_frames_that_ended_the_server_are_answered_and_it_goes_on() {
    within_a_minute(async {
        let mut raw = opened().await;
        let large = hover_written("9223372036854775808");
        raw.bytes(&frame(large.as_bytes())).await;
        let answers = answers_until(&mut raw, r#""id":9223372036854775808"#).await;
        assert_eq!(answers.len(), 1, "{answers:?}");
        let answer: Value = serde_json::from_str(&answers[0]).expect("JSON");
        assert_eq!(answer["id"], json!(1_u64 << 63));
        assert!(answer["result"]["contents"].is_object(), "{answer}");
        for response in [
            r#"{"jsonrpc":"2.0","id":9223372036854775808,"result":null}"#,
            r#"{"jsonrpc":"2.0","id":5,"error":{"code":1,"code":2,"message":"no"}}"#,
        ] {
            assert_eq!(answers_to(&mut raw, response).await, Vec::<Value>::new());
        }
        let invalid = [
            (
                hover_written("7").replace(r#""jsonrpc":"2.0","#, ""),
                json!(7),
            ),
            (hover_written("7").replace(r#""2.0""#, r#""1.0""#), json!(7)),
            (hover_written("7").replace(r#""2.0""#, "2"), json!(7)),
            // Which of two ids is meant cannot be told.
            (
                hover_written("7").replace(r#""id":7"#, r#""id":7,"id":8"#),
                Value::Null,
            ),
            (
                hover_written("7").replace(r#""method""#, r#""method":"x","method""#),
                json!(7),
            ),
        ];
        for (body, id) in invalid {
            let answers = answers_to(&mut raw, &body).await;
            assert_eq!(answers.len(), 1, "{body}: {answers:?}");
            assert_eq!(answers[0]["error"]["code"], -32600, "{body}");
            assert_eq!(answers[0]["id"], id, "{body}");
        }
        raw.request(100, "shutdown", Value::Null).await;
        raw.notify("exit", Value::Null).await;
        assert!(raw.server.await.expect("ends"), "a clean exit");
    })
    .await;
}

/// JSON-RPC lets an id be any number or string; each is served and answered under the id
/// character for character, including those the protocol library cannot hold (past 64 bits,
/// past 32 bits for its cancellation, `-0`, fractions, exponents, a lone surrogate) and a string
/// of the form the server's own stand-ins take.
#[tokio::test]
async fn ids_of_every_size_and_form_round_trip_exactly() {
    within_a_minute(async {
        let mut raw = opened().await;
        let long = "9".repeat(400);
        let ids = [
            "0",
            "-2147483648",
            "2147483648",
            "9223372036854775807",
            "9223372036854775808",
            "18446744073709551616",
            "-9223372036854775809",
            &long,
            "-0",
            "1.5",
            "1.50",
            "-2.5e-3",
            "1E400",
            r#""a \"quoted\" id""#,
            r#""\ud800""#,
            r#""betza-stand-in:0""#,
        ];
        for id in ids {
            raw.bytes(&frame(hover_written(id).as_bytes())).await;
            let written = format!(r#""id":{id}"#);
            let answers = answers_until(&mut raw, &written).await;
            assert_eq!(answers.len(), 1, "{id}: {answers:?}");
            assert!(answers[0].contains("Wazir"), "{id}: {}", answers[0]);
        }
        still_answers(&mut raw, 5).await;
    })
    .await;
}

/// A request under a stood-in id is cancelled by its id as written: the answer says it was
/// cancelled, under that id.
#[tokio::test]
async fn a_request_with_an_id_past_64_bits_can_be_cancelled() {
    within_a_minute(async {
        let mut raw = Raw::start();
        raw.initialize().await;
        let uri = "file:///w/costly.betza";
        open_costly(&mut raw, uri).await;
        let id = "123456789012345678901234567890";
        let request =
            hover(0, uri, 0)
                .to_string()
                .replacen(r#""id":0"#, &format!(r#""id":{id}"#), 1);
        raw.bytes(&frame(request.as_bytes())).await;
        let cancel =
            format!(r#"{{"jsonrpc":"2.0","method":"$/cancelRequest","params":{{"id":{id}}}}}"#);
        raw.bytes(&frame(cancel.as_bytes())).await;
        // A cancellation of an id no request has is dropped, as the library drops it.
        let unknown = cancel.replace(id, "1.25");
        raw.bytes(&frame(unknown.as_bytes())).await;
        let answers = answers_until(&mut raw, &format!(r#""id":{id}"#)).await;
        assert_eq!(answers.len(), 1, "{answers:?}");
        assert!(answers[0].contains("-32800"), "{}", answers[0]);
        still_answers(&mut raw, 5).await;
    })
    .await;
}

/// No `$/` method is a request the server serves: one with an id gets -32601 (the protocol
/// library left it unanswered).
#[tokio::test]
async fn a_dollar_request_gets_method_not_found() {
    let mut raw = opened().await;
    for (id, written) in [(json!(7), "7"), (json!("p"), r#""p""#)] {
        let body = format!(r#"{{"jsonrpc":"2.0","id":{written},"method":"$/ping"}}"#);
        let answers = answers_to(&mut raw, &body).await;
        assert_eq!(answers.len(), 1, "{answers:?}");
        assert_eq!(answers[0]["error"]["code"], -32601);
        assert_eq!(answers[0]["id"], id);
    }
}

/// Frames of odd shapes that are still JSON: each is answered or dropped, and the server goes
/// on.
#[tokio::test]
async fn odd_frames_never_end_the_server() {
    within_a_minute(async {
        let mut raw = opened().await;
        for body in [
            r#"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":5}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":null}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover"}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"","params":{}}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"betza/none","extra":[1,2]}"#,
            r#"{"jsonrpc":"2.0","id":{},"method":"textDocument/hover"}"#,
            r#"{"jsonrpc":"2.0","id":[],"method":"textDocument/hover"}"#,
            r#"{"jsonrpc":"2.0","id":null,"method":"textDocument/hover"}"#,
            r#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1e999}}"#,
            r#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":2147483648}}"#,
            r#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":5}"#,
            r#"{"jsonrpc":"2.0","method":"$/cancelRequest"}"#,
            r#"{"jsonrpc":"2.0","method":"initialized","id":3}"#,
            r#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{}}}"#,
            r#"{"jsonrpc":"2.0","id":"\ud800","result":null}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"\ud800"}"#,
            r#"{"jsonrpc":"2.0","id":1e999,"method":"textDocument/hover"}"#,
        ] {
            // Answers as text: an id written 1e999 is no `Value`.
            raw.bytes(&frame(body.as_bytes())).await;
            raw.bytes(&frame(hover_written("99").as_bytes())).await;
            let answers = answers_until(&mut raw, r#""id":99"#).await;
            let last = answers.last().map_or("", String::as_str);
            assert!(last.contains("Wazir"), "after {body}: {last}");
        }
    })
    .await;
}

/// A megabyte URI or command name is quoted in its error by a short window and its length.
#[tokio::test]
async fn a_megabyte_uri_or_command_is_quoted_short() {
    let mut raw = opened().await;
    let long = "a".repeat(1 << 20);
    let uri = format!("file:///{long}");
    let not_open = raw
        .request(
            2,
            "textDocument/hover",
            json!({ "textDocument": { "uri": uri }, "position": { "line": 0, "character": 0 } }),
        )
        .await;
    let command = raw
        .request(
            3,
            "workspace/executeCommand",
            json!({ "command": long, "arguments": [] }),
        )
        .await;
    for reply in [not_open, command] {
        let message = reply["error"]["message"].as_str().unwrap_or_default();
        assert!(
            !message.is_empty() && message.len() < 400,
            "{}",
            &reply.to_string()[..400.min(reply.to_string().len())]
        );
    }
}

/// The Explain command's files outlive no server: one that ends by `exit` without `shutdown`
/// (a client that crashed, or was killed) removes them too.
#[tokio::test]
async fn explanation_files_are_removed_when_the_server_ends_without_shutdown() {
    let mut raw = opened().await;
    let reply = raw
        .request(
            2,
            "workspace/executeCommand",
            json!({ "command": "betza.explain", "arguments": [URI, 0] }),
        )
        .await;
    let path = std::path::PathBuf::from(reply["result"].as_str().expect("a path"));
    assert!(path.exists());
    raw.notify("exit", Value::Null).await;
    assert!(!raw.server.await.expect("ends"), "exit without shutdown");
    assert!(!path.exists(), "{} outlived the server", path.display());
}
