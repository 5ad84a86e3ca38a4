//! A language client for the benches: the server as a child process on stdio, spoken to in
//! whole JSON messages; requests from the server are answered with `null`.

use std::io::Write;
use std::process::{Child, ChildStdin};
use std::sync::mpsc::Receiver;
use std::time::Duration;

use serde_json::{Value, json};

use super::lsp_framing;
use super::stdio_server::{self, Received};

pub struct Client {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Received>,
    next_id: i64,
}

impl Client {
    /// Starts the server and initializes it as a client of these `capabilities`, with
    /// `options`; also gives its answer to `initialize`.
    pub fn start(
        command: &str,
        args: &[&str],
        capabilities: Value,
        options: Value,
    ) -> (Client, Value) {
        let (child, stdin, messages) = stdio_server::spawn(command, args);
        let mut client = Client {
            child,
            stdin,
            messages,
            next_id: 0,
        };
        let initialized = client.request(
            "initialize",
            json!({ "capabilities": capabilities, "initializationOptions": options, "processId": null, "rootUri": null }),
        );
        client.notify("initialized", json!({}));
        (client, initialized)
    }

    pub fn send(&mut self, message: Value) {
        let frame = lsp_framing::frame(message.to_string().as_bytes());
        self.stdin.write_all(&frame).expect("write");
        self.stdin.flush().expect("flush");
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    pub fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        self.wait(|m| m["id"] == json!(id)).message
    }

    pub fn wait(&mut self, wanted: impl Fn(&Value) -> bool) -> Received {
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

    pub fn peak_memory_kb(&self) -> u64 {
        stdio_server::memory_kb(self.child.id(), "VmHWM")
    }

    pub fn stop(mut self) {
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        let _ = self.child.wait();
    }
}
