//! Issue 56: single well-formed frames that are not JSON-RPC 2.0 as the protocol library reads
//! it (an id of 2^63 or more, `jsonrpc` missing or not `"2.0"`, a member named twice) ended the
//! server with status 1, and a `$/` request was never answered. Each is sent to the real server
//! here: it answers what the protocol says (or drops a broken response, which nobody waits an
//! answer to), then still answers a hover and shuts down cleanly.

use serde_json::{Value, json};

use super::{Server, lsp_framing};

const URI: &str = "file:///tmp/protocol.betza";

/// A hover request on the open document (`W`, the Wazir) with the id written as `id`.
fn hover(id: &str) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","id":{id},"method":"textDocument/hover","params":{{"textDocument":{{"uri":"{URI}"}},"position":{{"line":0,"character":0}}}}}}"#
    )
}

/// The bodies of the server's answers (messages without a method) up to and including the
/// answer to the request `id`.
fn answers_until(server: &mut Server, id: i64) -> Vec<String> {
    let mut answers = Vec::new();
    loop {
        let body = lsp_framing::read_body(&mut server.stdout)
            .expect("a message before the server's output ends");
        // An id past a float's range is no `Value`: such an answer is kept as text.
        let message: Option<Value> = serde_json::from_slice(&body).ok();
        if message.as_ref().is_some_and(|m| m.get("method").is_some()) {
            continue;
        }
        answers.push(String::from_utf8(body).expect("UTF-8"));
        if message.is_some_and(|m| m["id"] == json!(id)) {
            return answers;
        }
    }
}

/// An initialized server with the document `W` open.
fn opened() -> Server {
    Server::with_open(URI, "W\n")
}

/// Sends `body` as one frame to an initialized server with one document open; returns the
/// answers it got, after checking that the server then answers a hover on the document and
/// ends with status 0 after `shutdown` and `exit`.
fn answers_to(body: &str) -> Vec<Value> {
    let mut server = opened();
    server.send_raw(body.as_bytes());
    server.send_raw(hover("2").as_bytes());
    let mut answers = answers_until(&mut server, 2);
    let hovered: Value =
        serde_json::from_str(&answers.pop().expect("the hover's answer")).expect("JSON");
    assert!(
        hovered["result"]["contents"]["value"]
            .as_str()
            .is_some_and(|text| text.contains("Wazir")),
        "after {body}: {hovered}"
    );
    server.send(json!({ "jsonrpc": "2.0", "id": 3, "method": "shutdown" }));
    answers_until(&mut server, 3);
    server.send(json!({ "jsonrpc": "2.0", "method": "exit" }));
    let status = server.child.wait().expect("the server exits");
    assert_eq!(status.code(), Some(0), "after {body}");
    answers
        .iter()
        .map(|answer| serde_json::from_str(answer).expect("JSON"))
        .collect()
}

/// The one answer to `body`: an error with `code` to the request `id`.
fn one_error(body: &str, code: i64, id: Value) -> Value {
    let answers = answers_to(body);
    assert_eq!(answers.len(), 1, "{body}: {answers:?}");
    let answer = &answers[0];
    assert_eq!(answer["error"]["code"], code, "{body}: {answer}");
    assert_eq!(answer["id"], id, "{body}: {answer}");
    answer.clone()
}

/// JSON-RPC lets an id be any number: one past every integer type is served, and answered
/// under the id digit for digit.
#[test]
fn ids_beyond_every_integer_type_are_served_and_echoed_digit_for_digit() {
    for id in [
        "9223372036854775808",
        "123456789012345678901234567890",
        "-9223372036854775809",
        &"9".repeat(400),
    ] {
        let mut server = Server::start();
        server.send(json!({ "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": { "capabilities": {} } }));
        server.reply_to(1);
        server.send_raw(hover(id).as_bytes());
        // The one answer before the shutdown's; no document is open: the protocol error for
        // that, under the id as written.
        let answer = loop {
            let body = lsp_framing::read_body(&mut server.stdout).expect("an answer");
            let body = String::from_utf8(body).expect("UTF-8");
            if !body.contains("\"method\"") {
                break body;
            }
        };
        assert!(
            answer.contains(&format!("\"id\":{id}")) && answer.contains("-32602"),
            "{id}: {answer}"
        );
        server.send(json!({ "jsonrpc": "2.0", "id": 3, "method": "shutdown" }));
        answers_until(&mut server, 3);
        server.send(json!({ "jsonrpc": "2.0", "method": "exit" }));
        assert_eq!(server.child.wait().expect("exits").code(), Some(0));
    }
}

#[test]
fn a_response_with_an_id_of_2_to_the_63_is_dropped() {
    let answers = answers_to(r#"{"jsonrpc":"2.0","id":9223372036854775808,"result":null}"#);
    assert_eq!(answers, Vec::<Value>::new());
}

#[test]
fn a_request_without_jsonrpc_is_refused_with_its_id() {
    let body = hover("7").replace(r#""jsonrpc":"2.0","#, "");
    one_error(&body, -32600, json!(7));
}

#[test]
fn a_request_of_jsonrpc_1_0_is_refused_with_its_id() {
    one_error(&hover("7").replace("\"2.0\"", "\"1.0\""), -32600, json!(7));
}

#[test]
fn a_request_whose_jsonrpc_is_a_number_is_refused_with_its_id() {
    one_error(&hover("7").replace("\"2.0\"", "2"), -32600, json!(7));
}

#[test]
fn a_member_named_twice_is_refused() {
    // Which id is meant cannot be told: the answer's id is null.
    let twice_id = hover("7").replace(r#""id":7"#, r#""id":7,"id":8"#);
    one_error(&twice_id, -32600, Value::Null);
    let twice_version =
        hover("7").replace(r#""jsonrpc":"2.0""#, r#""jsonrpc":"2.0","jsonrpc":"2.0""#);
    one_error(&twice_version, -32600, json!(7));
    // A response's error named twice is dropped, as a broken response is.
    let answers =
        answers_to(r#"{"jsonrpc":"2.0","id":5,"error":{"code":1,"code":2,"message":"no"}}"#);
    assert_eq!(answers, Vec::<Value>::new());
}

#[test]
fn a_dollar_request_gets_method_not_found() {
    one_error(
        r#"{"jsonrpc":"2.0","id":7,"method":"$/ping"}"#,
        -32601,
        json!(7),
    );
}

#[test]
fn broken_notifications_and_responses_keep_the_session() {
    // A notification without `jsonrpc` is no valid notification: -32600 with a null id, as
    // JSON-RPC's own example of an invalid request without an id.
    one_error(
        r#"{"method":"initialized","params":{}}"#,
        -32600,
        Value::Null,
    );
    // Responses nobody waits for an answer to: dropped.
    for response in [
        r#"{"id":4,"result":null}"#,
        r#"{"jsonrpc":"1.0","id":4,"result":null}"#,
        r#"{"jsonrpc":"2.0","id":4.5,"result":null}"#,
        r#"{"jsonrpc":"2.0","id":4,"result":null,"error":{"code":1,"message":"both"}}"#,
        r#"{"jsonrpc":"2.0","id":4,"error":{"code":"one","message":"no"}}"#,
    ] {
        assert_eq!(answers_to(response), Vec::<Value>::new(), "{response}");
    }
}

/// A string id is served and answered as it came (the library holds strings whole).
#[test]
fn string_ids_round_trip() {
    let mut server = opened();
    server.send_raw(hover(r#""a \"quoted\" id""#).as_bytes());
    let answer = loop {
        let message = server.receive();
        if message.get("method").is_none() {
            break message;
        }
    };
    assert_eq!(answer["id"], "a \"quoted\" id");
    assert!(
        answer["result"]["contents"]["value"].is_string(),
        "{answer}"
    );
}

/// Issue 56: a URI or command name of a megabyte is quoted in its error by its ends and its
/// length, not echoed whole.
#[test]
fn a_megabyte_uri_or_command_is_quoted_short() {
    let mut server = opened();
    let long = "a".repeat(1 << 20);
    server.send(json!({
        "jsonrpc": "2.0", "id": 2, "method": "textDocument/documentSymbol",
        "params": { "textDocument": { "uri": format!("file:///{long}") } },
    }));
    server.send(json!({
        "jsonrpc": "2.0", "id": 3, "method": "workspace/executeCommand",
        "params": { "command": long },
    }));
    for id in [2, 3] {
        let answer = server.reply_to(id);
        let message = answer["error"]["message"].as_str().expect("an error");
        assert!(
            message.len() < 200 && message.contains(" characters long"),
            "{}",
            &message[..message.len().min(200)]
        );
    }
}
