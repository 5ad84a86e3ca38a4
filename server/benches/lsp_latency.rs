//! Latency of the real `betza lsp` binary as an editor feels it, over stdio, for a standard
//! client, on generated variants.ini files of 70 kB, 200 kB, 1 MB and 10 MB: open to first
//! diagnostics, a keystroke and a line break to updated diagnostics, hover, completion and
//! semantic tokens (p50/p99), and peak resident memory. A second table times edits outside any
//! Betza string (a comment, a number, the start position, a header) in a section from the middle
//! of the file, each against the keystroke inside a string of the same run. `cargo bench -p
//! betza-server --bench lsp_latency`; figures go in docs/speed.md. With `PEER=path/to/taplo` it
//! also measures taplo's language server on a 1 MB TOML file, sending each edit the way taplo
//! asks for it (the sync kind it advertises). `SIZES=1MB,10MB` measures only those files; the
//! 10 MB one is measured only when asked for (its edits outside strings take minutes).
//! `MAX_FINDINGS=N` sets the server's limit on findings (0: none), to compare a file past the
//! default limit of 3,000 with the same file listed whole.

#[path = "support/client.rs"]
mod client;
#[path = "../../syntax/benches/support/large_variants.rs"]
mod large_variants;
#[path = "../../tests/common/lsp_framing.rs"]
mod lsp_framing;
#[path = "support/outside_edits.rs"]
mod outside_edits;
#[path = "support/stdio_server.rs"]
mod stdio_server;

use std::fmt;
use std::time::{Duration, Instant};

use client::Client;
use serde_json::{Value, json};

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

type Span = ((u32, u32), (u32, u32), &'static str);

fn is_diagnostics(message: &Value) -> bool {
    message["method"] == "textDocument/publishDiagnostics"
}

/// How a server wants edits sent (`textDocumentSync` of its capabilities).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sync {
    /// Each edit as its range and new text.
    Incremental,
    /// The whole new text after each edit.
    Full,
}

impl Sync {
    /// The kind a server advertised in its answer to `initialize`.
    fn advertised(initialize: &Value) -> Sync {
        let sync = &initialize["result"]["capabilities"]["textDocumentSync"];
        let kind = sync.get("change").unwrap_or(sync);
        if kind == 1 {
            Sync::Full
        } else {
            Sync::Incremental
        }
    }
}

/// The byte offset of a line and column (in characters; the generated files are ASCII).
fn offset_of(text: &str, (line, column): (u32, u32)) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line as usize)
        .map(str::len)
        .sum();
    (start + column as usize).min(text.len())
}

/// Latencies of edits: until the diagnostics arrived whole, until their first byte (the
/// server's own work), and the client's parse of them.
#[derive(Default)]
struct EditTimes {
    whole: Vec<Duration>,
    server: Vec<Duration>,
    parse: Vec<Duration>,
}

/// Percentiles of [`EditTimes`], in milliseconds.
struct Latency {
    whole: (f64, f64),
    server: f64,
    parse: f64,
}

impl EditTimes {
    fn latency(self) -> Latency {
        Latency {
            whole: percentiles(self.whole),
            server: percentiles(self.server).0,
            parse: percentiles(self.parse).0,
        }
    }
}

impl fmt::Display for Latency {
    /// Table cells: whole p50 / p99, the server's part p50, the client's parse p50.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let Latency {
            whole: (w50, w99),
            server,
            parse,
        } = self;
        write!(f, "{w50:.2} / {w99:.2} ms | {server:.2} ms | {parse:.2} ms")
    }
}

/// The document being edited, how its server wants edits sent, and its version.
struct Edited<'a> {
    uri: &'a str,
    text: String,
    sync: Sync,
    version: i64,
}

/// `rounds` edits made by `edit` (from, to, inserted text), each timed until the diagnostics of
/// its version arrive.
fn timed_edits(
    client: &mut Client,
    document: &mut Edited,
    rounds: usize,
    edit: impl Fn(usize) -> Span,
) -> EditTimes {
    let mut times = EditTimes::default();
    for round in 0..rounds {
        let ((l1, c1), (l2, c2), text) = edit(round);
        document.version += 1;
        let version = document.version;
        let (from, to) = (
            offset_of(&document.text, (l1, c1)),
            offset_of(&document.text, (l2, c2)),
        );
        document.text.replace_range(from..to, text);
        let change = match document.sync {
            Sync::Incremental => {
                json!({ "range": { "start": { "line": l1, "character": c1 }, "end": { "line": l2, "character": c2 } }, "text": text })
            }
            Sync::Full => json!({ "text": document.text }),
        };
        let started = Instant::now();
        client.notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": document.uri, "version": version },
                "contentChanges": [change],
            }),
        );
        // taplo's diagnostics carry no version: any of them will do.
        let received = client.wait(|m| {
            is_diagnostics(m)
                && (m["params"]["version"] == json!(version) || m["params"]["version"].is_null())
        });
        times.whole.push(received.arrived - started);
        times.server.push(received.first_byte - started);
        times.parse.push(received.parse);
    }
    times
}

/// `typed` (one character) typed at `at` and deleted again, alternately, so that the text is
/// back to what it was after every second edit.
fn type_and_delete(
    client: &mut Client,
    document: &mut Edited,
    (line, column): (u32, u32),
    typed: &'static str,
    rounds: usize,
) -> Latency {
    let after = if typed == "\n" {
        (line + 1, 0)
    } else {
        (line, column + 1)
    };
    timed_edits(client, document, rounds, |round| {
        if round % 2 == 0 {
            ((line, column), (line, column), typed)
        } else {
            ((line, column), after, "")
        }
    })
    .latency()
}

/// Typing a letter into the string at `at` and deleting it again (a change to one string that
/// moves the rest of its line), then breaking the line before it and joining it again (a change
/// to the file's structure that moves every later line).
fn typing_and_breaks(
    client: &mut Client,
    document: &mut Edited,
    at: (u32, u32),
    rounds: usize,
) -> (Latency, Latency) {
    let typing = type_and_delete(client, document, at, "F", rounds);
    let breaks = type_and_delete(client, document, at, "\n", rounds);
    (typing, breaks)
}

/// Measures one file; prints its row of the first table and returns its rows of the second
/// (the edits outside Betza strings).
fn measure_betza(label: &str, text: &str, rounds: usize) -> Vec<String> {
    // `BETZA_SERVER=path` measures another build (one with symbols, for a profiler).
    let server =
        std::env::var("BETZA_SERVER").unwrap_or_else(|_| env!("CARGO_BIN_EXE_betza").into());
    // `MAX_FINDINGS=0` lifts the limit on findings; another number sets it.
    let options = match std::env::var("MAX_FINDINGS")
        .ok()
        .and_then(|n| n.parse::<u64>().ok())
    {
        Some(max) => json!({ "maxFindings": max }),
        None => Value::Null,
    };
    let (mut client, initialized) = Client::start(&server, &["lsp"], json!({}), options);
    let uri = format!("file:///bench/{}/variants.ini", label.replace(' ', ""));
    let opened = Instant::now();
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "fairy-variants", "version": 1, "text": text } }),
    );
    let first = client.wait(is_diagnostics);
    let open = first.arrived - opened;
    let findings = first.message["params"]["diagnostics"]
        .as_array()
        .map_or(0, Vec::len);
    let (line, column) = first_piece(text);
    let mut document = Edited {
        uri: &uri,
        text: text.to_owned(),
        sync: Sync::advertised(&initialized),
        version: 1,
    };
    let (typing, breaks) = typing_and_breaks(&mut client, &mut document, (line, column), rounds);
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
    // Last, so that the edits above are measured as they were before these were added.
    let keystroke = typing.whole.0;
    let row = |section: &str, what: &str, latency: &Latency| {
        let ratio = latency.whole.0 / keystroke;
        format!("| {label} | {section} | {what} | {latency} | {ratio:.1}× |")
    };
    let mut outside = vec![row(
        "the first with a Betza string",
        &format!("a letter in a Betza string (line {})", line + 1),
        &typing,
    )];
    if let Some((section, edits)) = outside_edits::outside_edits(text) {
        for edit in edits {
            let latency = type_and_delete(&mut client, &mut document, edit.at, edit.typed, rounds);
            outside.push(row(&section, &edit.what, &latency));
        }
    } else {
        let none = "no section sets a start position with a comment and a number";
        outside.push(format!("| {label} | {none} | – | – | – | – | – |"));
    }
    let memory = client.peak_memory_kb();
    client.stop();
    let (h50, h99) = percentiles(hovers);
    let (c50, c99) = percentiles(completions);
    let (t50, t99) = percentiles(tokens);
    println!(
        "| betza | {label} ({findings} findings) | {:.0} ms | {typing} | {breaks} | {h50:.2} / {h99:.2} ms | {c50:.2} / {c99:.2} ms | {t50:.2} / {t99:.2} ms | {} MB |",
        open.as_secs_f64() * 1000.0,
        memory / 1024
    );
    outside
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
    let (mut client, initialized) = Client::start(taplo, &["lsp", "stdio"], json!({}), Value::Null);
    let uri = "file:///bench/peer.toml";
    let sync = Sync::advertised(&initialized);
    let opened = Instant::now();
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "toml", "version": 1, "text": toml } }),
    );
    let open = client.wait(is_diagnostics).arrived - opened;
    // The same edits on the value `"fmWfcF"` of line 2.
    let mut document = Edited {
        uri,
        text: toml,
        sync,
        version: 1,
    };
    let (typing, breaks) = typing_and_breaks(&mut client, &mut document, (2, 9), rounds);
    let hovers: Vec<Duration> = (0..rounds)
        .map(|_| {
            let started = Instant::now();
            client.request("textDocument/hover", json!({ "textDocument": { "uri": uri }, "position": { "line": 1, "character": 2 } }));
            started.elapsed()
        })
        .collect();
    let memory = client.peak_memory_kb();
    client.stop();
    let (h50, h99) = percentiles(hovers);
    println!(
        "| taplo ({sync:?} sync) | 1 MB TOML | {:.0} ms | {typing} | {breaks} | {h50:.2} / {h99:.2} ms | – | – | {} MB |",
        open.as_secs_f64() * 1000.0,
        memory / 1024
    );
}

fn main() {
    // `cargo bench` passes `--bench`; nothing to parse.
    let rounds = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(500);
    println!(
        "| server | file | open → diagnostics | keystroke → diagnostics p50 / p99 | until their first byte p50 | client's parse p50 | line break → diagnostics p50 / p99 | until their first byte p50 | client's parse p50 | hover p50 / p99 | completion p50 / p99 | semantic tokens (60 lines) p50 / p99 | peak memory |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    // `SIZES=1MB,10MB` (labels without spaces) measures only those files; without it, all but
    // the 10 MB one, whose whole-file edits outside strings take many minutes.
    let only = std::env::var("SIZES").ok();
    let wanted = |label: &str| match &only {
        Some(only) => only.split(',').any(|s| s == label.replace(' ', "")),
        None => label != "10 MB",
    };
    let mut outside = Vec::new();
    for (label, bytes) in [
        ("70 kB", 70_000),
        ("200 kB", 200_000),
        ("1 MB", 1_000_000),
        ("10 MB", 10_000_000),
    ] {
        if wanted(label) {
            let text = large_variants::generate(bytes);
            outside.extend(measure_betza(label, &text, rounds));
        }
    }
    if let Ok(taplo) = std::env::var("PEER") {
        measure_peer(&taplo, rounds);
    }
    println!();
    println!(
        "| file | section | edit (typed, then deleted) | → diagnostics p50 / p99 | until their first byte p50 | client's parse p50 | p50 ÷ keystroke in a string p50 |"
    );
    println!("|---|---|---|---|---|---|---|");
    for row in outside {
        println!("{row}");
    }
}
