//! The transcript tests' client: the real service over in-memory pipes, spoken to in whole
//! JSON messages through the shared test framing.

use serde_json::{Value, json};
use tokio::io::{AsyncWriteExt, BufReader, DuplexStream};

use super::super::lsp_framing::{frame, read_body_async, read_message_async};

pub(super) struct Session {
    to_server: DuplexStream,
    from_server: BufReader<DuplexStream>,
    pub(super) server: tokio::task::JoinHandle<bool>,
    next_id: i64,
}

impl Session {
    pub(super) async fn start(encodings: &[&str], options: Value) -> (Session, Value) {
        Session::start_with(
            json!({ "general": { "positionEncodings": encodings } }),
            options,
        )
        .await
    }

    pub(super) async fn start_with(capabilities: Value, options: Value) -> (Session, Value) {
        Session::start_initialized(
            json!({ "capabilities": capabilities, "initializationOptions": options }),
        )
        .await
    }

    /// A session begun with `initialize` of these parameters, then `initialized`.
    pub(super) async fn start_initialized(params: Value) -> (Session, Value) {
        let (to_server, server_input) = tokio::io::duplex(1 << 20);
        let (server_output, from_server) = tokio::io::duplex(1 << 20);
        let server = tokio::spawn(super::super::serve(server_input, server_output));
        let mut session = Session {
            to_server,
            from_server: BufReader::new(from_server),
            server,
            next_id: 0,
        };
        let result = session.request("initialize", params).await;
        session.notify("initialized", json!({})).await;
        (session, result)
    }

    pub(super) async fn send_raw(&mut self, body: &[u8]) {
        self.to_server.write_all(&frame(body)).await.expect("write");
    }

    pub(super) async fn notify(&mut self, method: &str, params: Value) {
        let message = json!({ "jsonrpc": "2.0", "method": method, "params": params });
        self.send_raw(message.to_string().as_bytes()).await;
    }

    /// The semantic tokens of the whole document, delta-encoded.
    pub(super) async fn semantic_tokens(&mut self, uri: &str) -> Value {
        let tokens = self
            .request(
                "textDocument/semanticTokens/full",
                json!({ "textDocument": { "uri": uri } }),
            )
            .await;
        tokens["result"]["data"].clone()
    }

    /// Sends a request and returns its whole response (notifications before it are skipped).
    pub(super) async fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let message = json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params });
        self.send_raw(message.to_string().as_bytes()).await;
        loop {
            let reply = self.receive().await;
            if reply.get("id") == Some(&json!(id)) {
                return reply;
            }
        }
    }

    pub(super) async fn receive(&mut self) -> Value {
        read_message_async(&mut self.from_server)
            .await
            .expect("a message before the server's output ends")
    }

    /// The next message as written, for what a JSON value would change (a large id).
    pub(super) async fn receive_body(&mut self) -> Vec<u8> {
        read_body_async(&mut self.from_server)
            .await
            .expect("a message before the server's output ends")
    }

    /// The next diagnostics published for `uri`.
    pub(super) async fn diagnostics(&mut self, uri: &str) -> Value {
        loop {
            let message = self.receive().await;
            if message["method"] == "textDocument/publishDiagnostics"
                && message["params"]["uri"] == uri
            {
                return message["params"].clone();
            }
        }
    }

    pub(super) async fn open(&mut self, uri: &str, language: &str, text: &str) -> Value {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": language, "version": 1, "text": text } }),
        )
        .await;
        self.diagnostics(uri).await
    }

    pub(super) async fn finish(mut self) -> bool {
        let reply = self.request("shutdown", Value::Null).await;
        assert_eq!(
            reply,
            json!({ "jsonrpc": "2.0", "id": self.next_id, "result": null })
        );
        self.notify("exit", Value::Null).await;
        self.server.await.expect("the server task ends")
    }
}

pub(super) fn position(line: u32, character: u32) -> Value {
    json!({ "line": line, "character": character })
}
