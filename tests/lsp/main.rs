//! End-to-end: the built `betza lsp` binary spoken to over its real stdin and stdout.

use std::io::{BufRead, BufReader, Read, Write};
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

    fn send_raw(&mut self, body: &[u8]) {
        write!(self.stdin, "Content-Length: {}\r\n\r\n", body.len()).expect("write");
        self.stdin.write_all(body).expect("write");
        self.stdin.flush().expect("flush");
    }

    fn send(&mut self, message: Value) {
        self.send_raw(message.to_string().as_bytes());
    }

    fn receive(&mut self) -> Value {
        let mut length = 0;
        loop {
            let mut line = String::new();
            self.stdout.read_line(&mut line).expect("read");
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(value) = line.strip_prefix("Content-Length: ") {
                length = value.parse().expect("length");
            }
        }
        let mut body = vec![0; length];
        self.stdout.read_exact(&mut body).expect("body");
        serde_json::from_slice(&body).expect("JSON")
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
    let codes: Vec<&str> = published["params"]["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .filter_map(|d| d["code"].as_str())
        .collect();
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
