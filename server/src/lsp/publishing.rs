//! Diagnostics made apart from the edits that change them, for a client that waits for them to
//! be sent (`textDocument/publishDiagnostics`). A client that asks for them itself
//! (`textDocument/diagnostic`) is answered by the handler instead, and nothing is sent to it.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use tower_lsp_server::ls_types::Uri;

use super::handlers::diagnostics;
use super::header::framed;
use super::outbox::Outbox;
use super::position::Encoding;
use super::state::{State, locked, run_on};

/// The diagnostics being sent: for each open document, the analysis its last list was made
/// from, held while a list is made and sent; and the documents whose list waits for that.
#[derive(Default)]
pub struct Publishing {
    sent: tokio::sync::Mutex<HashMap<Uri, u64>>,
    waiting: Mutex<HashSet<Uri>>,
}

impl Publishing {
    /// Has the document's diagnostics sent as they will be then, or cleared once it is
    /// closed, apart from the edit that asks, which goes on at once. One list is made and sent
    /// at a time, so the lists go out in the order of the edits; one more waits at most (a
    /// list asked for while one waits is that one), and a list of an analysis already sent is
    /// not made again. So edits that come while a list is made or sent (a client that reads
    /// slowly, a user faster than the server can list 3,000 findings) are answered together by
    /// the list of the newest, never by a queue of lists behind (issue 56).
    ///
    /// The list is written straight to the client's output (`outbox`), around the protocol
    /// library, which would first build a JSON tree of it.
    pub fn publish(self: &Arc<Self>, outbox: &Outbox, state: &Arc<Mutex<State>>, uri: &Uri) {
        if !locked(&self.waiting).insert(uri.clone()) {
            return;
        }
        let (outbox, state, publishing, uri) =
            (outbox.clone(), state.clone(), self.clone(), uri.clone());
        tokio::spawn(async move {
            let mut sent = publishing.sent.lock().await;
            locked(&publishing.waiting).remove(&uri);
            let list = run_on(&state, "diagnostics", |state| {
                if state.pulls_diagnostics {
                    return Ok(None);
                }
                let encoding = state.encoding.unwrap_or(Encoding::Utf16);
                let open = state.documents.get(&uri);
                if open.is_some_and(|open| sent.get(&uri) == Some(&open.analysis)) {
                    return Ok(None);
                }
                let body = diagnostics::notification(
                    open.map(|open| &*open.document),
                    encoding,
                    &uri,
                    open.map(|open| open.version),
                );
                Ok(Some((body, open.map(|open| open.analysis))))
            });
            if let Ok(Some((body, analysis))) = list {
                match analysis {
                    Some(analysis) => sent.insert(uri.clone(), analysis),
                    None => sent.remove(&uri),
                };
                outbox.send(framed(&[], body, &[])).await;
            }
        });
    }
}
