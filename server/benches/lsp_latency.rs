//! Latency of the real `betza lsp` binary as an editor feels it, over stdio, on generated
//! variants.ini files of 70 kB, 1 MB and 10 MB: open to first diagnostics, a one-character
//! edit to updated diagnostics, hover, completion and semantic tokens (p50/p99), and peak
//! resident memory. `cargo bench -p betza-server --bench lsp_latency`; figures go in the README.
//! With `PEER=path/to/taplo` it also measures taplo's language server on a 1 MB TOML file;
//! `SIZES=10MB` measures one file only.

#[path = "../../syntax/benches/support/large_variants.rs"]
mod large_variants;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// A message from the server, with when its last byte arrived and how long the JSON parse took
/// (the client's work, not the server's).
struct Received {
    message: Value,
    arrived: Instant,
    parse: Duration,
}

struct Client {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Received>,
    next_id: i64,
}

impl Client {
    fn start(command: &str, args: &[&str]) -> Client {
        let mut child = Command::new(command)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server starts");
        let stdin = child.stdin.take().expect("stdin");
        let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let (sender, messages) = channel();
        std::thread::spawn(move || {
            loop {
                let mut length = 0;
                loop {
                    let mut line = String::new();
                    if stdout.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(value) = line.to_ascii_lowercase().strip_prefix("content-length: ")
                    {
                        length = value.parse().unwrap_or(0);
                    }
                }
                let mut body = vec![0; length];
                if stdout.read_exact(&mut body).is_err() {
                    return;
                }
                let arrived = Instant::now();
                if let Ok(message) = serde_json::from_slice(&body)
                    && sender
                        .send(Received {
                            message,
                            arrived,
                            parse: arrived.elapsed(),
                        })
                        .is_err()
                {
                    return;
                }
            }
        });
        let mut client = Client {
            child,
            stdin,
            messages,
            next_id: 0,
        };
        client.request(
            "initialize",
            json!({ "capabilities": {}, "processId": null, "rootUri": null }),
        );
        client.notify("initialized", json!({}));
        client
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("write");
        self.stdin.flush().expect("flush");
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        self.wait(|m| m["id"] == json!(id)).message
    }

    fn wait(&mut self, wanted: impl Fn(&Value) -> bool) -> Received {
        loop {
            let received = self
                .messages
                .recv_timeout(Duration::from_secs(120))
                .expect("the server answers");
            let message = &received.message;
            if message.get("method").is_some() && message.get("id").is_some() {
                // A request from the server (configuration, registration): answer it.
                let id = message["id"].clone();
                self.send(json!({ "jsonrpc": "2.0", "id": id, "result": null }));
                continue;
            }
            if wanted(message) {
                return received;
            }
        }
    }

    fn peak_memory_kb(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or(0)
    }

    fn stop(mut self) {
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        let _ = self.child.wait();
    }
}

fn percentiles(mut samples: Vec<Duration>) -> (f64, f64) {
    samples.sort();
    let at = |q: f64| {
        let index = ((samples.len() as f64 - 1.0) * q).round() as usize;
        samples[index].as_secs_f64() * 1000.0
    };
    (at(0.5), at(0.99))
}

/// The line and column of the first Betza string in `text` (the value after `x:` of a
/// customPiece line).
fn first_piece(text: &str) -> (u32, u32) {
    for (line, content) in text.lines().enumerate() {
        if content.starts_with("customPiece")
            && let Some(colon) = content.find(':')
        {
            return (line as u32, colon as u32 + 1);
        }
    }
    (0, 0)
}

fn measure_betza(label: &str, text: &str, rounds: usize) {
    // `BETZA_SERVER=path` measures another build (one with symbols, for a profiler).
    let server =
        std::env::var("BETZA_SERVER").unwrap_or_else(|_| env!("CARGO_BIN_EXE_betza").into());
    let mut client = Client::start(&server, &["lsp"]);
    let uri = format!("file:///bench/{}/variants.ini", label.replace(' ', ""));
    let opened = Instant::now();
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "fairy-variants", "version": 1, "text": text } }),
    );
    let open = client
        .wait(|m| m["method"] == "textDocument/publishDiagnostics")
        .arrived
        - opened;
    let (line, column) = first_piece(text);
    let mut edits = Vec::new();
    let mut parses = Vec::new();
    for round in 0..rounds {
        // Replace the string's first letter by F or W in turn: a real change to one Betza string
        // that keeps its length.
        let letter = if round % 2 == 0 { "F" } else { "W" };
        let version = round as i64 + 2;
        let started = Instant::now();
        client.notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": uri, "version": version },
                "contentChanges": [{ "range": { "start": { "line": line, "character": column }, "end": { "line": line, "character": column + 1 } }, "text": letter }],
            }),
        );
        let received = client.wait(|m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["version"] == json!(version)
        });
        edits.push(received.arrived - started);
        parses.push(received.parse);
    }
    let position = json!({ "line": line, "character": column });
    let timed = |client: &mut Client, method: &str, params: Value| -> Vec<Duration> {
        (0..rounds)
            .map(|_| {
                let started = Instant::now();
                client.request(method, params.clone());
                started.elapsed()
            })
            .collect()
    };
    let hovers = timed(
        &mut client,
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": position }),
    );
    let completions = timed(
        &mut client,
        "textDocument/completion",
        json!({ "textDocument": { "uri": uri }, "position": position }),
    );
    let screen = json!({ "start": { "line": line, "character": 0 }, "end": { "line": line + 60, "character": 0 } });
    let tokens = timed(
        &mut client,
        "textDocument/semanticTokens/range",
        json!({ "textDocument": { "uri": uri }, "range": screen }),
    );
    let memory = client.peak_memory_kb();
    client.stop();
    let (e50, e99) = percentiles(edits);
    let (p50, _) = percentiles(parses);
    let (h50, h99) = percentiles(hovers);
    let (c50, c99) = percentiles(completions);
    let (t50, t99) = percentiles(tokens);
    println!(
        "| betza | {label} | {:.0} ms | {e50:.2} / {e99:.2} ms | {p50:.2} ms | {h50:.2} / {h99:.2} ms | {c50:.2} / {c99:.2} ms | {t50:.2} / {t99:.2} ms | {} MB |",
        open.as_secs_f64() * 1000.0,
        memory / 1024
    );
}

/// taplo's language server on a TOML file of about 1 MB: open, one-character edits, hovers.
fn measure_peer(taplo: &str, rounds: usize) {
    let mut toml = String::new();
    let mut table = 0;
    while toml.len() < 1_000_000 {
        toml.push_str(&format!(
            "[table{table}]\nname = \"piece {table}\"\nbetza = \"fmWfcF\"\nvalue = {table}\n\n"
        ));
        table += 1;
    }
    let mut client = Client::start(taplo, &["lsp", "stdio"]);
    let uri = "file:///bench/peer.toml";
    let opened = Instant::now();
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "toml", "version": 1, "text": toml } }),
    );
    let open = client
        .wait(|m| m["method"] == "textDocument/publishDiagnostics")
        .arrived
        - opened;
    let mut edits = Vec::new();
    let mut parses = Vec::new();
    for round in 0..rounds {
        let version = round as i64 + 2;
        let started = Instant::now();
        client.notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": uri, "version": version },
                "contentChanges": [{ "range": { "start": { "line": 2, "character": 9 }, "end": { "line": 2, "character": 10 } }, "text": if round % 2 == 0 { "F" } else { "W" } }],
            }),
        );
        let received = client.wait(|m| m["method"] == "textDocument/publishDiagnostics");
        edits.push(received.arrived - started);
        parses.push(received.parse);
    }
    let hovers: Vec<Duration> = (0..rounds)
        .map(|_| {
            let started = Instant::now();
            client.request("textDocument/hover", json!({ "textDocument": { "uri": uri }, "position": { "line": 1, "character": 2 } }));
            started.elapsed()
        })
        .collect();
    let memory = client.peak_memory_kb();
    client.stop();
    let (e50, e99) = percentiles(edits);
    let (p50, _) = percentiles(parses);
    let (h50, h99) = percentiles(hovers);
    println!(
        "| taplo | 1 MB TOML | {:.0} ms | {e50:.2} / {e99:.2} ms | {p50:.2} ms | {h50:.2} / {h99:.2} ms | – | – | {} MB |",
        open.as_secs_f64() * 1000.0,
        memory / 1024
    );
}

fn main() {
    // `cargo bench` passes `--bench`; nothing to parse.
    let rounds = 500;
    println!(
        "| server | file | open → diagnostics | edit → diagnostics p50 / p99 | client's JSON parse of them p50 | hover p50 / p99 | completion p50 / p99 | semantic tokens (60 lines) p50 / p99 | peak memory |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    // `SIZES=10MB` (labels without spaces, comma-separated) measures only those files.
    let only = std::env::var("SIZES").ok();
    for (label, bytes) in [
        ("70 kB", 70_000),
        ("1 MB", 1_000_000),
        ("10 MB", 10_000_000),
    ] {
        if only
            .as_deref()
            .is_some_and(|o| !o.split(',').any(|s| s == label.replace(' ', "")))
        {
            continue;
        }
        measure_betza(label, &large_variants::generate(bytes), rounds);
    }
    if let Ok(taplo) = std::env::var("PEER") {
        measure_peer(&taplo, rounds);
    }
}
