//! Peak resident memory for a whole `variants.ini`, which issue 56 bounds at 4 MiB per MB of
//! input: `betza check` (human report and JSON), and the server opening the file for a client
//! that is sent its diagnostics and for one that asks for them (`textDocument/diagnostic`),
//! then, as VS Code does next, asking for the whole file's semantic tokens and its outline.
//! `cargo bench -p betza-server --bench memory`; `SIZES=10MB,50MB` (the default) picks the
//! generated files. The command line's peak is read by GNU time (`/usr/bin/time`, Debian's
//! `time` package), the server's from `/proc` once its list has come. Figures go in
//! docs/robustness.md.

#[path = "../../syntax/benches/support/large_variants.rs"]
mod large_variants;
#[path = "../../tests/common/lsp_framing.rs"]
mod lsp_framing;
// Shared with the latency benches, whose messages' timings this one does not read.
#[path = "support/client.rs"]
mod client;
#[allow(dead_code)]
#[path = "support/stdio_server.rs"]
mod stdio_server;

use std::path::Path;
use std::process::{Command, Stdio};

use client::Client;
use serde_json::{Value, json};

/// The goal: MiB of peak resident memory per MB of input.
const GOAL: f64 = 4.0;

/// The peak resident memory of `betza check FILE args`, in kB, as GNU time reads it.
fn check_peak_kb(file: &Path, args: &[&str]) -> Option<u64> {
    let report = std::env::temp_dir().join(format!("betza-memory-{}", std::process::id()));
    let status = Command::new("/usr/bin/time")
        .arg("-f")
        .arg("%M")
        .arg("-o")
        .arg(&report)
        .arg(env!("CARGO_BIN_EXE_betza"))
        .arg("check")
        .arg(file)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .ok()?;
    // `check` exits 1 when the file has errors; GNU time says so before the figure.
    let written = std::fs::read_to_string(&report).ok()?;
    let _ = std::fs::remove_file(&report);
    let peak = written.lines().last()?.trim().parse().ok();
    status.code().filter(|code| *code <= 1).and(peak)
}

/// The server's peak resident memory, in kB, once it has given the diagnostics of `text`
/// opened, sent to a client that does not ask (`asks` false) or as the answer to one that
/// does; then once it has answered for the whole file's semantic tokens and its outline.
fn server_peaks_kb(text: &str, asks: bool) -> (u64, u64) {
    let capabilities = if asks {
        json!({ "textDocument": { "diagnostic": { "dynamicRegistration": false } } })
    } else {
        json!({})
    };
    let (mut client, _) = Client::start(
        env!("CARGO_BIN_EXE_betza"),
        &["lsp"],
        capabilities,
        Value::Null,
    );
    let uri = "file:///bench/variants.ini";
    let document = json!({ "textDocument": { "uri": uri } });
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "fairy-variants", "version": 1,
                                  "text": text } }),
    );
    if asks {
        let answer = client.request("textDocument/diagnostic", document.clone());
        assert_eq!(answer["result"]["kind"], "full", "a list of findings");
    } else {
        client.wait(|message| message["method"] == "textDocument/publishDiagnostics");
    }
    let opened = client.peak_memory_kb();
    for method in [
        "textDocument/semanticTokens/full",
        "textDocument/documentSymbol",
    ] {
        let answer = client.request(method, document.clone());
        assert!(answer.get("result").is_some(), "{method}: {answer}");
    }
    let asked = client.peak_memory_kb();
    client.stop();
    (opened, asked)
}

/// `kb` as MB and as MiB per MB of a file of `bytes`.
fn said(kb: u64, bytes: usize) -> String {
    let per_mb = kb as f64 / 1024.0 / (bytes as f64 / 1e6);
    let mark = if per_mb <= GOAL {
        ""
    } else {
        ", over the goal"
    };
    format!("{:.1} MB ({per_mb:.2}{mark})", kb as f64 / 1000.0)
}

fn main() {
    let sizes = std::env::var("SIZES").unwrap_or_else(|_| "10MB,50MB".into());
    let folder = std::env::temp_dir().join(format!("betza-memory-bench-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a temporary folder");
    println!(
        "peak resident memory (MiB per MB of input; goal at most {GOAL}), the server's list \
         with the default limit of 3,000 findings"
    );
    println!(
        "| file | `betza check` | `betza check --format json` | server, list sent | server, list asked for | then its tokens and outline |"
    );
    println!("|---|---|---|---|---|---|");
    for size in sizes.split(',') {
        let Some(megabytes) = size
            .trim()
            .strip_suffix("MB")
            .and_then(|n| n.parse::<usize>().ok())
        else {
            eprintln!("SIZES takes sizes such as 10MB; skipped `{size}`");
            continue;
        };
        let text = large_variants::generate(megabytes * 1_000_000);
        let file = folder.join(format!("{megabytes}MB.variants.ini"));
        std::fs::write(&file, &text).expect("the file is written");
        let check = |args: &[&str]| {
            check_peak_kb(&file, args).map_or_else(
                || "– (no /usr/bin/time: install Debian's `time`)".to_owned(),
                |kb| said(kb, text.len()),
            )
        };
        let (sent, _) = server_peaks_kb(&text, false);
        let (asked, then) = server_peaks_kb(&text, true);
        println!(
            "| {size} ({} bytes) | {} | {} | {} | {} | {} |",
            text.len(),
            check(&[]),
            check(&["--format", "json"]),
            said(sent, text.len()),
            said(asked, text.len()),
            said(then, text.len()),
        );
    }
    let _ = std::fs::remove_dir_all(&folder);
}
