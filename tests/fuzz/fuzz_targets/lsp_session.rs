//! A whole language-server session in memory, driven through `betza_server::lsp::serve` over
//! `tokio::io::duplex` pipes: initialize, open a `variants.ini` or `.betza` document, then
//! incremental edits (some past the end or reversed), hovers, completions, semantic tokens,
//! code actions and symbols, and finally `shutdown` and `exit`.
//!
//! Checked: the session ends (`serve` returns, within a time limit) after a clean shutdown;
//! every range the server sends lies inside the text it was computed on (the same edits applied
//! to a plain string with the server's rules: a line past the end means the end of the text, a
//! character past a line's end means the line's end, a reversed range means the empty range at
//! its start) and does not split a character, and every semantic token lies inside its line;
//! and what the server says of the document after the last edit (its diagnostics, semantic
//! tokens and symbols) equals what a second session says of that text opened afresh, so no edit
//! was lost or misapplied.
//!
//! Input (at most 4 kB): a flags byte (bit 0: the client offers UTF-8; bit 1: `.betza` instead of
//! `variants.ini`; bit 2: settings with dialect fairy and a 10x8 board; bit 3: hover images),
//! the document text up to the first 0xFF byte, then operations, one opcode byte each followed
//! by its arguments.

#![no_main]

use std::collections::HashMap;
use std::sync::OnceLock;
use std::time::Duration;

use betza_syntax::host::HostFormat;
use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};
use tokio::io::{AsyncWriteExt, BufReader, DuplexStream};
use tokio::runtime::Runtime;

mod common;
#[path = "../../common/lsp_framing.rs"]
mod lsp_framing;

const MAX_INPUT: usize = 4096;
const MAX_OPS: usize = 48;
const MAX_INSERT: usize = 24;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Encoding {
    Utf8,
    Utf16,
}

/// Lines as LSP counts them: each line's start and the end of its content (before `\r\n`,
/// `\n` or a lone `\r`).
fn lines(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let width = match bytes[i] {
            b'\r' if bytes.get(i + 1) == Some(&b'\n') => 2,
            b'\r' | b'\n' => 1,
            _ => {
                i += 1;
                continue;
            }
        };
        out.push((start, i));
        i += width;
        start = i;
    }
    out.push((start, text.len()));
    out
}

fn units(c: char, encoding: Encoding) -> usize {
    match encoding {
        Encoding::Utf8 => c.len_utf8(),
        Encoding::Utf16 => c.len_utf16(),
    }
}

/// The length of a line's content in the encoding's units.
fn line_units(text: &str, (start, end): (usize, usize), encoding: Encoding) -> usize {
    text[start..end].chars().map(|c| units(c, encoding)).sum()
}

/// The byte offset of a position, the slow and obvious way, with the server's clamping: a line
/// past the last means the end of the text, a character past the line's end the line's end,
/// a character inside a multi-unit character that character's start.
fn offset(text: &str, line: u32, character: u32, encoding: Encoding) -> usize {
    let lines = lines(text);
    let Some(&(start, end)) = lines.get(line as usize) else {
        return text.len();
    };
    let mut count = 0;
    for (at, c) in text[start..end].char_indices() {
        if count + units(c, encoding) > character as usize {
            return start + at;
        }
        count += units(c, encoding);
    }
    end
}

/// Whether a position names a place in `text` exactly: an existing line, a character count at a
/// character boundary of its content.
fn valid_position(text: &str, position: &Value, encoding: Encoding) -> bool {
    let (Some(line), Some(character)) = (
        position.get("line").and_then(Value::as_u64),
        position.get("character").and_then(Value::as_u64),
    ) else {
        return false;
    };
    let lines = lines(text);
    let Some(&(start, end)) = lines.get(line as usize) else {
        return false;
    };
    let mut count = 0u64;
    for c in text[start..end].chars() {
        if count == character {
            return true;
        }
        count += units(c, encoding) as u64;
    }
    count == character
}

fn position_key(position: &Value) -> (u64, u64) {
    (
        position["line"].as_u64().unwrap_or(0),
        position["character"].as_u64().unwrap_or(0),
    )
}

/// Checks every `{start, end}` range anywhere in `value` against `text`.
fn check_ranges(value: &Value, text: &str, encoding: Encoding, what: &str) {
    match value {
        Value::Object(map) => {
            if let (Some(start), Some(end)) = (map.get("start"), map.get("end"))
                && start.get("line").is_some()
                && end.get("line").is_some()
            {
                assert!(
                    valid_position(text, start, encoding) && valid_position(text, end, encoding),
                    "{what}: range {value} is not inside the text {text:?} ({encoding:?})"
                );
                assert!(
                    position_key(start) <= position_key(end),
                    "{what}: range {value} ends before it starts"
                );
            }
            for item in map.values() {
                check_ranges(item, text, encoding, what);
            }
        }
        Value::Array(items) => {
            for item in items {
                check_ranges(item, text, encoding, what);
            }
        }
        _ => {}
    }
}

/// Semantic tokens (relative encoding, five numbers each) each lie inside one line.
fn check_tokens(data: &[Value], text: &str, encoding: Encoding) {
    let lines = lines(text);
    let (mut line, mut start) = (0u64, 0u64);
    for token in data.chunks(5) {
        let numbers: Vec<u64> = token.iter().filter_map(Value::as_u64).collect();
        assert_eq!(numbers.len(), 5, "semantic tokens: {data:?}");
        if numbers[0] > 0 {
            line += numbers[0];
            start = numbers[1];
        } else {
            start += numbers[1];
        }
        let Some(&bounds) = lines.get(line as usize) else {
            panic!("semantic token on line {line}, past the end of {text:?}");
        };
        let length = line_units(text, bounds, encoding) as u64;
        assert!(
            start + numbers[2] <= length,
            "semantic token {start}+{} on line {line} ({length} units) of {text:?}",
            numbers[2]
        );
    }
}

/// Reads the input as bytes, one at a time; zero when it runs out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn next(&mut self) -> Option<u8> {
        let (&first, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(first)
    }

    fn byte(&mut self) -> u8 {
        self.next().unwrap_or(0)
    }

    fn text(&mut self) -> String {
        let length = usize::from(self.byte()) % (MAX_INSERT + 1);
        let (taken, rest) = self.0.split_at(length.min(self.0.len()));
        self.0 = rest;
        String::from_utf8_lossy(taken).into_owned()
    }
}

/// A position from two bytes, mostly inside the text, sometimes past a line's end or past the
/// last line.
fn position(text: &str, line: u8, character: u8, encoding: Encoding) -> (u32, u32) {
    let lines = lines(text);
    let line = if line >= 0xF0 {
        lines.len() as u32 + u32::from(line & 0x0F) * 1000
    } else {
        u32::from(line) % (lines.len() as u32 + 1)
    };
    let width = lines
        .get(line as usize)
        .map_or(0, |&bounds| line_units(text, bounds, encoding));
    let character = if character >= 0xF0 {
        u32::MAX - u32::from(character & 0x0F)
    } else {
        u32::from(character) % (width as u32 + 2)
    };
    (line, character)
}

fn lsp_position((line, character): (u32, u32)) -> Value {
    json!({ "line": line, "character": character })
}

/// What the client sends, planned ahead with the text each message sees.
#[derive(Debug, Default)]
struct Plan {
    messages: Vec<Value>,
    /// The expected text after each version, and the text each request was asked about.
    versions: HashMap<i64, String>,
    requests: HashMap<i64, (String, &'static str)>,
    text: String,
}

/// The session to run, or `None` when a version of the text holds a string known to be slow
/// (see `common`).
fn plan(data: &[u8]) -> Option<(u8, Plan, Encoding, &'static str)> {
    let data = &data[..data.len().min(MAX_INPUT)];
    let (flags, rest) = data.split_first().map_or((0, &[][..]), |(f, r)| (*f, r));
    let encoding = if flags & 1 == 1 {
        Encoding::Utf8
    } else {
        Encoding::Utf16
    };
    let uri = if flags & 2 == 0 {
        "file:///w/variants.ini"
    } else {
        "file:///w/pieces.betza"
    };
    let split = rest.iter().position(|&b| b == 0xFF).unwrap_or(rest.len());
    let text = String::from_utf8_lossy(&rest[..split]).into_owned();
    let mut ops = Bytes(rest.get(split + 1..).unwrap_or_default());
    let mut plan = Plan {
        text: text.clone(),
        ..Plan::default()
    };
    let language = if flags & 2 == 0 {
        "fairy-variants"
    } else {
        "betza"
    };
    plan.messages.push(
        json!({ "jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": { "uri": uri, "languageId": language, "version": 1, "text": text },
        }}),
    );
    let format = if flags & 2 == 0 {
        HostFormat::VariantsIni
    } else {
        HostFormat::Betza
    };
    let slow = |text: &str| common::slow_file(format, text, common::MANY);
    if slow(&text) {
        return None;
    }
    plan.versions.insert(1, text);
    let mut version = 1;
    let mut id = 10;
    for _ in 0..MAX_OPS {
        let Some(opcode) = ops.next() else {
            break;
        };
        let before = version;
        let mut request = |plan: &mut Plan, method: &'static str, params: Value| {
            id += 1;
            plan.requests.insert(id, (plan.text.clone(), method));
            plan.messages
                .push(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        };
        match opcode % 10 {
            0..=2 | 4 => {
                let count = if opcode % 10 == 4 { 2 } else { 1 };
                let mut changes = Vec::new();
                for _ in 0..count {
                    let (l1, c1, l2, c2) = (ops.byte(), ops.byte(), ops.byte(), ops.byte());
                    let start = position(&plan.text, l1, c1, encoding);
                    let end = position(&plan.text, l2, c2, encoding);
                    let inserted = ops.text();
                    let from = offset(&plan.text, start.0, start.1, encoding);
                    let to = offset(&plan.text, end.0, end.1, encoding).max(from);
                    plan.text.replace_range(from..to, &inserted);
                    changes.push(json!({
                        "range": { "start": lsp_position(start), "end": lsp_position(end) },
                        "text": inserted,
                    }));
                }
                version += 1;
                plan.versions.insert(version, plan.text.clone());
                plan.messages.push(
                    json!({ "jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                        "textDocument": { "uri": uri, "version": version },
                        "contentChanges": changes,
                    }}),
                );
            }
            3 => {
                plan.text = ops.text();
                version += 1;
                plan.versions.insert(version, plan.text.clone());
                plan.messages.push(
                    json!({ "jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                        "textDocument": { "uri": uri, "version": version },
                        "contentChanges": [{ "text": plan.text }],
                    }}),
                );
            }
            5 | 6 => {
                let at = position(&plan.text, ops.byte(), ops.byte(), encoding);
                let method = if opcode % 10 == 5 {
                    "textDocument/hover"
                } else {
                    "textDocument/completion"
                };
                request(
                    &mut plan,
                    method,
                    json!({ "textDocument": { "uri": uri }, "position": lsp_position(at) }),
                );
            }
            7 => request(
                &mut plan,
                "textDocument/semanticTokens/full",
                json!({ "textDocument": { "uri": uri } }),
            ),
            8 => {
                let start = position(&plan.text, ops.byte(), ops.byte(), encoding);
                let end = position(&plan.text, ops.byte(), ops.byte(), encoding);
                request(
                    &mut plan,
                    "textDocument/semanticTokens/range",
                    json!({ "textDocument": { "uri": uri },
                            "range": { "start": lsp_position(start), "end": lsp_position(end) } }),
                );
            }
            _ => {
                let start = position(&plan.text, ops.byte(), ops.byte(), encoding);
                let end = position(&plan.text, ops.byte(), ops.byte(), encoding);
                request(
                    &mut plan,
                    "textDocument/codeAction",
                    json!({ "textDocument": { "uri": uri },
                            "range": { "start": lsp_position(start), "end": lsp_position(end) },
                            "context": { "diagnostics": [] } }),
                );
                request(
                    &mut plan,
                    "textDocument/documentSymbol",
                    json!({ "textDocument": { "uri": uri } }),
                );
            }
        }
        if version != before && slow(&plan.text) {
            return None;
        }
    }
    Some((flags, plan, encoding, uri))
}

/// Reads every message the server writes until it closes its output.
async fn read_all(output: DuplexStream, seen: tokio::sync::mpsc::UnboundedSender<Value>) {
    let mut output = BufReader::new(output);
    while let Some(message) = lsp_framing::read_message_async(&mut output).await {
        if seen.send(message).is_err() {
            return;
        }
    }
}

/// Waits for the reply to request `id`, keeping every other message.
async fn reply(
    messages: &mut tokio::sync::mpsc::UnboundedReceiver<Value>,
    received: &mut Vec<Value>,
    id: i64,
) -> Value {
    loop {
        let message = messages.recv().await.unwrap_or_else(|| {
            panic!("the server closed its output before answering request {id}")
        });
        if message["id"] == json!(id) {
            return message;
        }
        received.push(message);
    }
}

/// The diagnostics last published in `received`, for the newest version.
fn last_diagnostics(received: &[Value]) -> Value {
    received
        .iter()
        .filter(|m| m["method"] == "textDocument/publishDiagnostics")
        .max_by_key(|m| m["params"]["version"].as_i64())
        .map(|m| m["params"]["diagnostics"].clone())
        .unwrap_or(Value::Null)
}

async fn session(data: &[u8]) {
    let Some((flags, plan, encoding, uri)) = plan(data) else {
        return;
    };
    let (received, view) = run(flags, &plan, encoding, uri).await;
    // Edits are applied incrementally where they can be: the end result must be the final
    // text's, opened afresh.
    let mut open = plan.messages[0].clone();
    open["params"]["textDocument"]["text"] = json!(plan.text);
    let fresh = Plan {
        messages: vec![open],
        versions: HashMap::from([(1, plan.text.clone())]),
        requests: HashMap::new(),
        text: plan.text.clone(),
    };
    let (opened, fresh_view) = run(flags, &fresh, encoding, uri).await;
    assert_eq!(
        last_diagnostics(&received),
        last_diagnostics(&opened),
        "diagnostics after the edits, and of the same text opened afresh"
    );
    assert_eq!(
        view, fresh_view,
        "semantic tokens and symbols after the edits, and of the same text opened afresh"
    );
}

/// Runs the session `plan` and checks it; returns the messages the server sent, and its semantic
/// tokens and symbols of the document after the last message.
async fn run(flags: u8, plan: &Plan, encoding: Encoding, uri: &str) -> (Vec<Value>, Value) {
    let (mut to_server, server_input) = tokio::io::duplex(1 << 20);
    let (server_output, from_server) = tokio::io::duplex(1 << 20);
    let server = tokio::spawn(betza_server::lsp::serve(server_input, server_output));
    let (seen, mut messages) = tokio::sync::mpsc::unbounded_channel();
    let reader = tokio::spawn(read_all(from_server, seen));

    let mut received = Vec::new();
    let mut send = async |message: Value| {
        to_server
            .write_all(&lsp_framing::frame(message.to_string().as_bytes()))
            .await
            .expect("the server reads its input");
    };
    let options = if flags & 4 != 0 {
        json!({ "dialect": "fairy", "boardSize": "10x8", "hoverImage": flags & 8 != 0 })
    } else {
        json!({ "hoverImage": flags & 8 != 0 })
    };
    let encodings = match encoding {
        Encoding::Utf8 => json!(["utf-8", "utf-16"]),
        Encoding::Utf16 => json!(["utf-16"]),
    };
    send(
        json!({ "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "capabilities": { "general": { "positionEncodings": encodings } },
            "initializationOptions": options,
        }}),
    )
    .await;
    // A client sends nothing else before the answer to `initialize`.
    let answer = reply(&mut messages, &mut received, 1).await;
    received.push(answer);
    send(json!({ "jsonrpc": "2.0", "method": "initialized", "params": {} })).await;
    for message in &plan.messages {
        send(message.clone()).await;
    }
    let document = json!({ "textDocument": { "uri": uri } });
    let mut view = Vec::new();
    for (id, method) in [
        (2, "textDocument/semanticTokens/full"),
        (4, "textDocument/documentSymbol"),
    ] {
        send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": document })).await;
        let answer = reply(&mut messages, &mut received, id).await;
        let result = answer
            .get("result")
            .unwrap_or_else(|| panic!("{method} failed: {answer}"));
        check_ranges(result, &plan.text, encoding, method);
        view.push(result.clone());
    }
    send(json!({ "jsonrpc": "2.0", "id": 3, "method": "shutdown", "params": null })).await;
    let answer = reply(&mut messages, &mut received, 3).await;
    assert_eq!(answer["result"], Value::Null, "shutdown: {answer}");
    send(json!({ "jsonrpc": "2.0", "method": "exit", "params": null })).await;
    let clean = server.await.expect("the server task ends without a panic");
    reader.await.expect("the reader ends");
    while let Ok(message) = messages.try_recv() {
        received.push(message);
    }
    assert!(clean, "shutdown came before exit");

    for message in &received {
        if let Some(id) = message.get("id").and_then(Value::as_i64) {
            if id == 1 {
                let expected = match encoding {
                    Encoding::Utf8 => "utf-8",
                    Encoding::Utf16 => "utf-16",
                };
                assert_eq!(
                    message["result"]["capabilities"]["positionEncoding"], expected,
                    "negotiated encoding"
                );
                continue;
            }
            let Some((text, method)) = plan.requests.get(&id) else {
                continue;
            };
            if let Some(error) = message.get("error") {
                // Positions past the end are the client's mistake; anything else is a bug.
                assert_eq!(error["code"], -32602, "{method}: {message}");
                continue;
            }
            let result = &message["result"];
            check_ranges(result, text, encoding, method);
            if let Some(data) = result.get("data").and_then(Value::as_array) {
                check_tokens(data, text, encoding);
            }
        } else if message["method"] == "textDocument/publishDiagnostics" {
            let params = &message["params"];
            let version = params["version"]
                .as_i64()
                .expect("diagnostics carry a version");
            let text = plan
                .versions
                .get(&version)
                .unwrap_or_else(|| panic!("diagnostics for an unknown version {version}"));
            check_ranges(&params["diagnostics"], text, encoding, "publishDiagnostics");
        }
    }
    (received, Value::Array(view))
}

fn runtime() -> &'static Runtime {
    static RUNTIME: OnceLock<Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .expect("a tokio runtime")
    })
}

fuzz_target!(|data: &[u8]| {
    runtime().block_on(async {
        tokio::time::timeout(Duration::from_secs(20), session(data))
            .await
            .expect("the session ends within 20 s");
    });
});
