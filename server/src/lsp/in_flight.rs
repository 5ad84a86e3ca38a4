//! Requests about a document that an edit of it makes stale. The framing layer notes each
//! request about a document as it passes to the server, and forgets it when its answer goes
//! out. When an edit of that document arrives first, the request is cancelled before the edit
//! is passed on, as if the client had cancelled it: one still waiting is answered without
//! running, one running stops at its next checkpoint. Its answer then says the content was
//! modified (-32801), which clients take as "ask again if still wanted", as they do with
//! rust-analyzer; a request for the document's diagnostics says the server cancelled it and
//! should be asked again (-32802, `retriggerRequest`), as the protocol has it for those.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::Value;

/// JSON-RPC's "request cancelled", which the protocol library answers a cancelled request with.
const REQUEST_CANCELLED: i64 = -32800;
/// LSP's "content modified": the document changed under the request.
const CONTENT_MODIFIED: i64 = -32801;
/// LSP's "server cancelled", which a diagnostics request is answered with.
const SERVER_CANCELLED: i64 = -32802;

/// A request's id as a key: its JSON text (`1` and `"1"` are different ids).
type IdKey = String;

#[derive(Debug, Default)]
struct Ledger {
    /// Unanswered requests about a document: id → the document's URI as the client wrote it,
    /// and whether the request asks for its diagnostics.
    about: HashMap<IdKey, (String, bool)>,
    /// Requests cancelled here because an edit made them stale, until their answer goes out:
    /// id → whether the request asks for diagnostics.
    superseded: HashMap<IdKey, bool>,
}

/// Shared by the reading and the writing side of the framing layer.
#[derive(Debug, Clone, Default)]
pub struct InFlight(Arc<Mutex<Ledger>>);

/// The parts of a server message the ledger reads; the rest is skipped, not built.
#[derive(Deserialize)]
struct Head {
    id: Option<Value>,
    method: Option<IgnoredAny>,
    error: Option<ErrorHead>,
}

#[derive(Deserialize)]
struct ErrorHead {
    code: i64,
}

impl InFlight {
    fn ledger(&self) -> std::sync::MutexGuard<'_, Ledger> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Notes a client message on its way to the server; returns the `$/cancelRequest` bodies to
    /// pass on before it: those of the requests an edit makes stale.
    pub fn client_message(&self, message: &Value) -> Vec<Vec<u8>> {
        let Some(method) = message.get("method").and_then(Value::as_str) else {
            return Vec::new();
        };
        if method == "$/cancelRequest" {
            // The client's own cancellation: its answer says so, as it is.
            if let Some(id) = message.pointer("/params/id") {
                self.ledger().about.remove(&id.to_string());
            }
            return Vec::new();
        }
        let Some(uri) = message
            .pointer("/params/textDocument/uri")
            .and_then(Value::as_str)
        else {
            return Vec::new();
        };
        let mut ledger = self.ledger();
        if let Some(id) = message.get("id") {
            let pull = method == "textDocument/diagnostic";
            ledger.about.insert(id.to_string(), (uri.to_owned(), pull));
            return Vec::new();
        }
        if !matches!(method, "textDocument/didChange" | "textDocument/didClose") {
            return Vec::new();
        }
        let stale: Vec<IdKey> = ledger
            .about
            .iter()
            .filter(|(_, (about, _))| about == uri)
            .map(|(id, _)| id.clone())
            .collect();
        stale
            .into_iter()
            .filter_map(|key| {
                let (_, pull) = ledger.about.remove(&key)?;
                let id: Value = serde_json::from_str(&key).ok()?;
                let body = serde_json::json!({
                    "jsonrpc": "2.0",
                    "method": "$/cancelRequest",
                    "params": { "id": id },
                });
                ledger.superseded.insert(key, pull);
                Some(body.to_string().into_bytes())
            })
            .collect()
    }

    /// Notes a server message on its way to the client; returns the body to send instead when
    /// it is the cancellation answer of a request an edit made stale.
    pub fn server_message(&self, body: &[u8]) -> Option<Vec<u8>> {
        let mut ledger = self.ledger();
        if ledger.about.is_empty() && ledger.superseded.is_empty() {
            return None;
        }
        let head: Head = serde_json::from_slice(body).ok()?;
        if head.method.is_some() {
            return None;
        }
        let key = head.id?.to_string();
        ledger.about.remove(&key);
        let pull = ledger.superseded.remove(&key)?;
        if head.error.is_none_or(|e| e.code != REQUEST_CANCELLED) {
            return None;
        }
        let mut answer: Value = serde_json::from_slice(body).ok()?;
        let message = "the document changed after the request was sent; ask again";
        answer["error"] = if pull {
            serde_json::json!({
                "code": SERVER_CANCELLED,
                "message": message,
                "data": { "retriggerRequest": true },
            })
        } else {
            serde_json::json!({ "code": CONTENT_MODIFIED, "message": message })
        };
        Some(answer.to_string().into_bytes())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::InFlight;

    fn hover(id: Value) -> Value {
        json!({"jsonrpc": "2.0", "id": id, "method": "textDocument/hover",
               "params": {"textDocument": {"uri": "file:///a.betza"},
                          "position": {"line": 0, "character": 0}}})
    }

    fn edit(uri: &str) -> Value {
        json!({"jsonrpc": "2.0", "method": "textDocument/didChange",
               "params": {"textDocument": {"uri": uri, "version": 2}, "contentChanges": []}})
    }

    fn cancelled(id: Value) -> Vec<u8> {
        json!({"jsonrpc": "2.0", "error": {"code": -32800, "message": "Canceled"}, "id": id})
            .to_string()
            .into_bytes()
    }

    #[test]
    fn an_edit_cancels_the_unanswered_requests_about_its_document_only() {
        let in_flight = InFlight::default();
        assert!(in_flight.client_message(&hover(json!(1))).is_empty());
        assert!(in_flight.client_message(&hover(json!("two"))).is_empty());
        // Answered: no longer in flight.
        let answer = json!({"jsonrpc": "2.0", "result": null, "id": 1}).to_string();
        assert_eq!(in_flight.server_message(answer.as_bytes()), None);
        assert!(
            in_flight
                .client_message(&edit("file:///b.betza"))
                .is_empty()
        );
        let cancels = in_flight.client_message(&edit("file:///a.betza"));
        let cancels: Vec<Value> = cancels
            .iter()
            .map(|c| serde_json::from_slice(c).expect("json"))
            .collect();
        assert_eq!(
            cancels,
            [json!({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": "two"}})]
        );
        // Its cancellation answer says why; a second edit finds nothing left to cancel.
        assert!(
            in_flight
                .client_message(&edit("file:///a.betza"))
                .is_empty()
        );
        let rewritten = in_flight
            .server_message(&cancelled(json!("two")))
            .expect("rewritten");
        let rewritten: Value = serde_json::from_slice(&rewritten).expect("json");
        assert_eq!(rewritten["id"], json!("two"));
        assert_eq!(rewritten["error"]["code"], json!(-32801));
    }

    #[test]
    fn a_request_the_client_cancelled_itself_keeps_its_answer() {
        let in_flight = InFlight::default();
        in_flight.client_message(&hover(json!(5)));
        assert_eq!(in_flight.server_message(&cancelled(json!(5))), None);
        // Cancelled by the client before an edit: the edit leaves it to that cancellation.
        in_flight.client_message(&hover(json!(6)));
        let cancel = json!({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 6}});
        assert!(in_flight.client_message(&cancel).is_empty());
        assert!(
            in_flight
                .client_message(&edit("file:///a.betza"))
                .is_empty()
        );
        assert_eq!(in_flight.server_message(&cancelled(json!(6))), None);
    }

    #[test]
    fn a_stale_request_answered_before_the_cancel_arrived_keeps_its_answer() {
        let in_flight = InFlight::default();
        in_flight.client_message(&hover(json!(3)));
        assert_eq!(in_flight.client_message(&edit("file:///a.betza")).len(), 1);
        let answer = json!({"jsonrpc": "2.0", "result": {"contents": "x"}, "id": 3}).to_string();
        assert_eq!(in_flight.server_message(answer.as_bytes()), None);
        // Forgotten once answered.
        assert_eq!(in_flight.server_message(&cancelled(json!(3))), None);
    }

    /// A request for diagnostics that an edit made stale is answered as the protocol has it
    /// for those: cancelled by the server, to be asked again (LSP 3.17,
    /// `DiagnosticServerCancellationData`).
    #[test]
    fn a_stale_diagnostics_request_is_to_be_asked_again() {
        let in_flight = InFlight::default();
        let pull = json!({"jsonrpc": "2.0", "id": 9, "method": "textDocument/diagnostic",
                          "params": {"textDocument": {"uri": "file:///a.betza"}}});
        in_flight.client_message(&pull);
        assert_eq!(in_flight.client_message(&edit("file:///a.betza")).len(), 1);
        let rewritten = in_flight
            .server_message(&cancelled(json!(9)))
            .expect("rewritten");
        let rewritten: Value = serde_json::from_slice(&rewritten).expect("json");
        assert_eq!(rewritten["error"]["code"], json!(-32802));
        assert_eq!(
            rewritten["error"]["data"],
            json!({"retriggerRequest": true})
        );
    }
}
