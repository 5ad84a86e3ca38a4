//! End-to-end: the built `betza lsp` binary spoken to over its real stdin and stdout.

#[path = "../common/lsp_framing.rs"]
mod lsp_framing;
mod protocol;
#[path = "../common/scratch.rs"]
mod scratch;

use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::{Value, json};

struct Server {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_betza"))
            .args(["lsp", "--stdio"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("betza lsp starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = BufReader::new(child.stdout.take().expect("stdout"));
        Server {
            child,
            stdin,
            stdout,
        }
    }

    /// A server past `initialize` and `initialized`, with the `.betza` document `uri` open.
    fn with_open(uri: &str, text: &str) -> Server {
        let mut server = Server::start();
        server.send(json!({ "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": { "capabilities": {} } }));
        server.reply_to(1);
        server.send(json!({ "jsonrpc": "2.0", "method": "initialized", "params": {} }));
        server.send(json!({
            "jsonrpc": "2.0",
            "method": "textDocument/didOpen",
            "params": { "textDocument": { "uri": uri, "languageId": "betza", "version": 1, "text": text } },
        }));
        server
    }

    fn send_raw(&mut self, body: &[u8]) {
        self.stdin
            .write_all(&lsp_framing::frame(body))
            .expect("write");
        self.stdin.flush().expect("flush");
    }

    fn send(&mut self, message: Value) {
        self.send_raw(message.to_string().as_bytes());
    }

    fn receive(&mut self) -> Value {
        lsp_framing::read_message(&mut self.stdout)
            .expect("a message before the server's output ends")
    }

    fn reply_to(&mut self, id: i64) -> Value {
        loop {
            let message = self.receive();
            if message["id"] == json!(id) {
                return message;
            }
        }
    }
}

/// The codes of a `publishDiagnostics` notification.
fn codes_of(published: &Value) -> Vec<&str> {
    published["params"]["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .filter_map(|d| d["code"].as_str())
        .collect()
}

#[test]
fn a_session_over_stdio_ends_with_status_0() {
    let mut server = Server::start();
    server.send(json!({ "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": { "capabilities": {} } }));
    let init = server.reply_to(1);
    assert_eq!(init["result"]["serverInfo"]["name"], "betza");
    server.send(json!({ "jsonrpc": "2.0", "method": "initialized", "params": {} }));
    server.send(json!({
        "jsonrpc": "2.0",
        "method": "textDocument/didOpen",
        "params": { "textDocument": {
            "uri": "file:///tmp/variants.ini", "languageId": "fairy-variants", "version": 1,
            "text": "[v:chess]\ncustomPiece1 = x:mafsW\n",
        } },
    }));
    let published = server.receive();
    assert_eq!(published["method"], "textDocument/publishDiagnostics");
    let codes = codes_of(&published);
    assert!(codes.contains(&"fairy-skipped-letter"), "{codes:?}");
    // A broken message does not end the session.
    server.send_raw(b"Content-Type: nothing");
    server.send_raw(b"][");
    let error = server.receive();
    assert_eq!(error["error"]["code"], -32700);
    server.send(json!({
        "jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
        "params": { "textDocument": { "uri": "file:///tmp/variants.ini" }, "position": { "line": 1, "character": 21 } },
    }));
    let hover = server.reply_to(2);
    assert!(
        hover["result"]["contents"]["value"]
            .as_str()
            .is_some_and(|v| v.contains("Wazir"))
    );
    server.send(json!({ "jsonrpc": "2.0", "id": 3, "method": "shutdown" }));
    assert_eq!(server.reply_to(3)["result"], Value::Null);
    server.send(json!({ "jsonrpc": "2.0", "method": "exit" }));
    let status = server.child.wait().expect("the server exits");
    assert_eq!(status.code(), Some(0));
}

/// Issue 27: around the Betza strings, a variants.ini's keys and headers are hovered and its
/// keys and values completed, by the real server over stdio.
#[test]
fn a_variants_ini_is_hovered_and_completed_around_its_strings() {
    let mut server = Server::start();
    server.send(json!({ "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": { "capabilities": {} } }));
    server.reply_to(1);
    server.send(json!({ "jsonrpc": "2.0", "method": "initialized", "params": {} }));
    let uri = "file:///tmp/variants.ini";
    server.send(json!({
        "jsonrpc": "2.0",
        "method": "textDocument/didOpen",
        "params": { "textDocument": {
            "uri": uri, "languageId": "fairy-variants", "version": 1,
            "text": "[v:chess]\nmaxRank = 6\nmaxRanks = 7\ncastling = \nstal\n[w:v]\n\
                     customPiece1 = a:WF\npromotionPieceTypes = q\n\
                     startFen = 8/8/8/8/8/KAk5 w - - 0 1\n[x:\n",
        } },
    }));
    let published = server.receive();
    let codes = codes_of(&published);
    assert!(
        codes.contains(&"unknown-key") && codes.contains(&"start-position"),
        "{codes:?}"
    );
    let request = |id: i64, method: &str, line: u32, character: u32| {
        json!({
            "jsonrpc": "2.0", "id": id, "method": method,
            "params": { "textDocument": { "uri": uri }, "position": { "line": line, "character": character } },
        })
    };
    let hover_text = |reply: &Value| {
        reply["result"]["contents"]["value"]
            .as_str()
            .unwrap_or("")
            .to_owned()
    };
    server.send(request(2, "textDocument/hover", 1, 2));
    let key = hover_text(&server.reply_to(2));
    assert!(
        key.contains("**`maxRank`**") && key.contains("`6` (set in this section)"),
        "{key}"
    );
    server.send(request(3, "textDocument/hover", 0, 1));
    let header = hover_text(&server.reply_to(3));
    assert!(
        header.starts_with("**Variant `v`** ← `chess` (built in)\n")
            && header.contains("8 files × 6 ranks"),
        "{header}"
    );
    let labels = |reply: &Value| -> Vec<String> {
        reply["result"]
            .as_array()
            .expect("items")
            .iter()
            .filter_map(|item| item["label"].as_str().map(str::to_owned))
            .collect()
    };
    server.send(request(4, "textDocument/completion", 3, 11));
    let values = labels(&server.reply_to(4));
    assert_eq!(values, ["true", "false"]);
    server.send(request(5, "textDocument/completion", 4, 4));
    let keys = server.reply_to(5);
    let stalemate = keys["result"]
        .as_array()
        .expect("items")
        .iter()
        .find(|item| item["label"] == "stalemateValue")
        .expect("stalemateValue offered");
    assert_eq!(stalemate["textEdit"]["newText"], "stalemateValue = ");
    assert!(
        stalemate["labelDetails"]["description"]
            .as_str()
            .is_some_and(|d| !d.is_empty() && d.chars().count() <= 49),
        "{stalemate}"
    );
    assert_eq!(
        stalemate["textEdit"]["range"]["start"],
        json!({ "line": 4, "character": 0 })
    );
    // A parent's name leads to its section.
    server.send(request(6, "textDocument/definition", 5, 3));
    let definition = server.reply_to(6);
    assert_eq!(
        definition["result"][0]["range"],
        json!({ "start": { "line": 0, "character": 1 }, "end": { "line": 0, "character": 2 } })
    );
    // A promotion list is completed with the pieces it does not list yet, each with its line.
    server.send(request(7, "textDocument/completion", 7, 23));
    let letters = server.reply_to(7);
    let items = letters["result"].as_array().expect("items");
    let custom = items
        .iter()
        .find(|item| item["label"] == "a")
        .expect("the custom piece offered");
    assert_eq!(custom["detail"], "`customPiece1 = a:WF` in `[w]`");
    // Issue 28: what an item is, said in the list itself.
    assert_eq!(
        custom["labelDetails"]["description"],
        "customPiece1 = a:WF in [w]"
    );
    assert!(items.iter().all(|item| item["label"] != "q"), "{items:?}");
    // A letter of the start position leads to the line that defines its piece.
    server.send(request(8, "textDocument/definition", 8, 22));
    assert_eq!(
        server.reply_to(8)["result"][0]["range"],
        json!({ "start": { "line": 6, "character": 15 }, "end": { "line": 6, "character": 16 } })
    );
    // After `[x:`, the sections above (nearest first) and the built-in variants.
    server.send(request(9, "textDocument/completion", 9, 3));
    let parents = labels(&server.reply_to(9));
    assert_eq!(parents[..2], ["w", "v"]);
    assert!(parents.iter().any(|p| p == "shogi"), "{parents:?}");
    server.send(json!({ "jsonrpc": "2.0", "id": 10, "method": "shutdown" }));
    server.reply_to(10);
    server.send(json!({ "jsonrpc": "2.0", "method": "exit" }));
    server.child.wait().expect("the server exits");
}

/// Issues 44 and 54: the real server offers, on the finding that XBoard (the GUI
/// Fairy-Stockfish sends the string to) reads `mafsW` otherwise, the string XBoard reads as
/// Fairy-Stockfish plays this one (`fsmW`), as a quick fix for that diagnostic; and the
/// shortest string of the same moves (`WF` is `K`) as a rewrite. Both replace the string
/// alone.
#[test]
fn conversions_are_offered_as_code_actions() {
    let mut server = Server::start();
    server.send(json!({ "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": { "capabilities": {} } }));
    server.reply_to(1);
    server.send(json!({ "jsonrpc": "2.0", "method": "initialized", "params": {} }));
    let uri = "file:///tmp/ported.variants.ini";
    server.send(json!({
        "jsonrpc": "2.0",
        "method": "textDocument/didOpen",
        "params": { "textDocument": {
            "uri": uri, "languageId": "fairy-variants", "version": 1,
            "text": "[v:chess]\ncustomPiece1 = a:mafsW\ncustomPiece2 = b:WF\n",
        } },
    }));
    let published = server.receive();
    let disagreement = published["params"]["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .find(|d| d["code"] == "xboard-reads-differently")
        .cloned()
        .expect("XBoard reads mafsW otherwise");
    let actions = |server: &mut Server, id: i64, line: u32, diagnostics: Value| {
        server.send(json!({
            "jsonrpc": "2.0", "id": id, "method": "textDocument/codeAction",
            "params": {
                "textDocument": { "uri": uri },
                "range": { "start": { "line": line, "character": 18 }, "end": { "line": line, "character": 18 } },
                "context": { "diagnostics": diagnostics },
            },
        }));
        server.reply_to(id)["result"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    };
    let found = actions(&mut server, 2, 1, json!([disagreement]));
    let port = found
        .iter()
        .find(|a| {
            a["title"]
                .as_str()
                .is_some_and(|t| t.starts_with("Write it for XBoard"))
        })
        .expect("the port to XBoard offered");
    assert_eq!(port["kind"], "quickfix");
    let edits = &port["edit"]["changes"][uri];
    assert_eq!(
        edits,
        &json!([{ "range": { "start": { "line": 1, "character": 17 }, "end": { "line": 1, "character": 22 } }, "newText": "fsmW" }])
    );
    let found = actions(&mut server, 3, 2, json!([]));
    let shortest = found
        .iter()
        .find(|a| a["title"] == "Rewrite `WF` as the shortest equivalent: `K`")
        .expect("the shortest string offered");
    assert_eq!(shortest["kind"], "refactor.rewrite");
    server.send(json!({ "jsonrpc": "2.0", "id": 4, "method": "shutdown" }));
    server.reply_to(4);
    server.send(json!({ "jsonrpc": "2.0", "method": "exit" }));
    server.child.wait().expect("the server exits");
}

/// Issue 41: `betza check` and the server place every finding on the same lines and columns
/// whatever ends the lines, `\n`, `\r\n` or a lone `\r` (LSP's three line breaks; the command
/// line used to count only `\n`), findings that reach across a line break included.
#[test]
fn check_and_the_server_agree_on_lines_and_columns() {
    let text = "W+\r\nfmW+\rWé+\n\rW+ W+\r\nW+";
    let scratch = scratch::Scratch::new("lines");
    let path = scratch.0.join("lines.betza");
    std::fs::write(&path, text).expect("a file");
    let output = Command::new(env!("CARGO_BIN_EXE_betza"))
        .args([std::ffi::OsStr::new("check"), path.as_os_str()])
        .args(["--format", "json"])
        .output()
        .expect("betza check runs");
    let items: Vec<Value> = serde_json::from_slice(&output.stdout).expect("a JSON array");
    let number = |v: &Value| v.as_u64().unwrap_or(0);
    let mut checked: Vec<[u64; 4]> = items
        .iter()
        .map(|d| ["line", "column", "end_line", "end_column"].map(|key| number(&d[key])))
        .collect();
    let mut server = Server::with_open("file:///tmp/lines.betza", text);
    let published = server.receive();
    // UTF-16 positions, 0-based; every character of the text is one unit, as it is one
    // character for the command line.
    let mut served: Vec<[u64; 4]> = published["params"]["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| {
            let at = |end: &str, key: &str| number(&d["range"][end][key]) + 1;
            [
                at("start", "line"),
                at("start", "character"),
                at("end", "line"),
                at("end", "character"),
            ]
        })
        .collect();
    checked.sort_unstable();
    served.sort_unstable();
    assert!(checked.iter().any(|p| p[0] == 6), "{checked:?}");
    assert_eq!(checked, served);
    server.send(json!({ "jsonrpc": "2.0", "id": 2, "method": "shutdown" }));
    server.reply_to(2);
    server.send(json!({ "jsonrpc": "2.0", "method": "exit" }));
    let _ = server.child.wait();
}
