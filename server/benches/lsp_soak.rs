//! A user typing into a large `variants.ini` for minutes, against the real `betza lsp` over
//! stdio: keystrokes sent at a steady rate whatever the server answers (a person does not wait
//! for diagnostics), each timed until the first diagnostics of its version or a later one
//! arrive whole. The text typed is a line of broken moves after line after line
//! (`customPiece9 = y:W+W+…`, about one finding a keystroke), in a section in the middle of a
//! generated file, so that the file crosses the server's limit on findings (3,000 by default)
//! while the typing goes on before the last finding listed. Prints the latency per minute and
//! over the whole run (p50 / p90 / p99 / max), the findings the server listed, and its resident
//! memory (now and at peak).
//!
//! `cargo bench -p betza-server --bench lsp_soak`; `SECONDS=600` (default 600), `RATE=20`
//! keystrokes a second (default 20), `BYTES=1000000` (the file's size, default 1 MB),
//! `MAX_FINDINGS=N` (the server's limit; 0: none). Figures go in docs/speed.md.

#[path = "../../syntax/benches/support/large_variants.rs"]
mod large_variants;
#[path = "../../tests/common/lsp_framing.rs"]
mod lsp_framing;
#[path = "support/stdio_server.rs"]
mod stdio_server;

use std::io::Write;
use std::process::ChildStdin;
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// What is typed, over and over: about one finding a keystroke.
const LINE: &str = "customPiece9 = y:W+W+W+W+W+W+W+W+W+W+W+W+W+W+W+W+\n";

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn send(stdin: &mut ChildStdin, message: &Value) {
    let frame = lsp_framing::frame(message.to_string().as_bytes());
    stdin.write_all(&frame).expect("write");
    stdin.flush().expect("flush");
}

/// The line after the `customPiece` line nearest the middle of `text`, where typing starts.
fn typing_line(text: &str) -> u32 {
    let lines: Vec<&str> = text.lines().collect();
    let middle = lines.len() / 2;
    (middle..lines.len())
        .find(|&n| lines[n].starts_with("customPiece"))
        .map_or(middle, |n| n + 1) as u32
}

/// Percentiles of latencies in milliseconds: p50, p90, p99, max.
fn summary(mut samples: Vec<f64>) -> String {
    if samples.is_empty() {
        return "–".into();
    }
    samples.sort_by(f64::total_cmp);
    let at = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize];
    format!(
        "{:.1} / {:.1} / {:.1} / {:.1} ms",
        at(0.5),
        at(0.9),
        at(0.99),
        samples[samples.len() - 1]
    )
}

fn main() {
    let seconds = setting("SECONDS", 600);
    let rate = setting("RATE", 20).max(1);
    let bytes = setting("BYTES", 1_000_000) as usize;
    let server =
        std::env::var("BETZA_SERVER").unwrap_or_else(|_| env!("CARGO_BIN_EXE_betza").into());
    let (mut child, mut stdin, messages) = stdio_server::spawn(&server, &["lsp"]);
    let options = match std::env::var("MAX_FINDINGS")
        .ok()
        .and_then(|n| n.parse::<u64>().ok())
    {
        Some(max) => json!({ "maxFindings": max }),
        None => Value::Null,
    };
    send(
        &mut stdin,
        &json!({ "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": { "capabilities": {}, "initializationOptions": options, "processId": null, "rootUri": null } }),
    );
    send(
        &mut stdin,
        &json!({ "jsonrpc": "2.0", "method": "initialized", "params": {} }),
    );
    let text = large_variants::generate(bytes);
    let uri = "file:///bench/soak/variants.ini";
    send(
        &mut stdin,
        &json!({ "jsonrpc": "2.0", "method": "textDocument/didOpen", "params": { "textDocument": { "uri": uri, "languageId": "fairy-variants", "version": 1, "text": text } } }),
    );
    let (mut line, mut column) = (typing_line(&text), 0u32);
    let pid = child.id();
    println!(
        "{} bytes, typing at line {} at {rate} keystrokes a second for {seconds} s",
        text.len(),
        line + 1
    );
    // When each version was sent; the latencies of those answered, with the minute they were
    // sent in; the findings the last diagnostics listed.
    let mut sent: Vec<Instant> = vec![Instant::now()];
    let mut answered = 0usize;
    let mut latencies: Vec<(u64, f64)> = Vec::new();
    // Until the first byte of those diagnostics (the server's own work), and the client's
    // parse of each list.
    let mut server_work: Vec<f64> = Vec::new();
    let mut parses: Vec<f64> = Vec::new();
    let mut findings = 0usize;
    let mut findings_by_minute: Vec<usize> = Vec::new();
    let mut rss_by_minute: Vec<u64> = Vec::new();
    let started = Instant::now();
    let interval = Duration::from_secs_f64(1.0 / rate as f64);
    let mut typed = LINE.chars().cycle();
    let mut next = started;
    let end = started + Duration::from_secs(seconds);
    while Instant::now() < end {
        // Takes what arrived until the next keystroke is due.
        loop {
            let wait = next.saturating_duration_since(Instant::now());
            match messages.recv_timeout(wait) {
                Ok(received) => {
                    let message = &received.message;
                    if message["method"] != "textDocument/publishDiagnostics" {
                        continue;
                    }
                    let version = message["params"]["version"].as_u64().unwrap_or(0) as usize;
                    findings = message["params"]["diagnostics"]
                        .as_array()
                        .map_or(0, Vec::len);
                    parses.push(received.parse.as_secs_f64() * 1000.0);
                    // Keystroke k made version k + 1: this list answers every one up to it.
                    let upto = version.saturating_sub(1).min(sent.len() - 1);
                    while answered < upto {
                        answered += 1;
                        let at = sent[answered];
                        let minute = (at - started).as_secs() / 60;
                        latencies.push((minute, (received.arrived - at).as_secs_f64() * 1000.0));
                        server_work.push((received.first_byte - at).as_secs_f64() * 1000.0);
                    }
                }
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => panic!("the server ended"),
            }
        }
        let minute = (Instant::now() - started).as_secs() as usize / 60;
        if findings_by_minute.len() <= minute {
            findings_by_minute.push(findings);
            rss_by_minute.push(stdio_server::memory_kb(pid, "VmRSS"));
        }
        let c = typed.next().unwrap_or('W');
        let version = sent.len() + 1;
        let (to_line, to_column) = if c == '\n' {
            (line + 1, 0)
        } else {
            (line, column + 1)
        };
        send(
            &mut stdin,
            &json!({ "jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                "textDocument": { "uri": uri, "version": version },
                "contentChanges": [{ "range": { "start": { "line": line, "character": column }, "end": { "line": line, "character": column } }, "text": c.to_string() }],
            } }),
        );
        sent.push(Instant::now());
        (line, column) = (to_line, to_column);
        next += interval;
    }
    let unanswered = sent.len() - 1 - answered;
    println!();
    println!(
        "| minute | keystrokes answered | edit → diagnostics p50 / p90 / p99 / max | findings listed at its start | resident memory at its start |"
    );
    println!("|---|---|---|---|---|");
    for (minute, (listed, rss)) in findings_by_minute.iter().zip(&rss_by_minute).enumerate() {
        let of_minute: Vec<f64> = (latencies.iter())
            .filter(|(m, _)| *m == minute as u64)
            .map(|(_, ms)| *ms)
            .collect();
        println!(
            "| {} | {} | {} | {listed} | {} MB |",
            minute + 1,
            of_minute.len(),
            summary(of_minute.clone()),
            rss / 1024
        );
    }
    let all: Vec<f64> = latencies.iter().map(|(_, ms)| *ms).collect();
    println!(
        "| all | {} ({unanswered} not yet when the run ended) | {} | {findings} at the end | peak {} MB |",
        all.len(),
        summary(all.clone()),
        stdio_server::memory_kb(pid, "VmHWM") / 1024
    );
    println!();
    println!(
        "until the diagnostics' first byte (the server's work) p50 / p90 / p99 / max: {}; the \
         client's parse of a list: {}",
        summary(server_work),
        summary(parses)
    );
    let _ = child.kill();
    let _ = child.wait();
}
