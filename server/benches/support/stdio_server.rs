//! A language server as a child process on stdio, for the benches: started, its messages read
//! on a thread as they arrive and timed, its memory read from `/proc`.

use std::io::BufRead;
use std::io::BufReader;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::lsp_framing;

/// A message from the server, with when its first and last bytes arrived and how long the JSON
/// parse took (the client's work, not the server's). The server writes a message only once it is
/// whole, so until the first byte is the server's work; from there to the last, the transfer.
pub struct Received {
    pub message: Value,
    pub first_byte: Instant,
    pub arrived: Instant,
    pub parse: Duration,
}

/// Starts `command args` with its output read on a thread: the child, its input and the
/// messages it sends, in order.
pub fn spawn(command: &str, args: &[&str]) -> (Child, ChildStdin, Receiver<Received>) {
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
            // Waits for the message's first byte without taking it.
            if stdout.fill_buf().map_or(true, |bytes| bytes.is_empty()) {
                return;
            }
            let first_byte = Instant::now();
            let Some(body) = lsp_framing::read_body(&mut stdout) else {
                return;
            };
            let arrived = Instant::now();
            if let Ok(message) = serde_json::from_slice(&body)
                && sender
                    .send(Received {
                        message,
                        first_byte,
                        arrived,
                        parse: arrived.elapsed(),
                    })
                    .is_err()
            {
                return;
            }
        }
    });
    (child, stdin, messages)
}

/// A figure of the process's `/proc` status in kB: `VmHWM` (peak resident memory), `VmRSS`.
pub fn memory_kb(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}
