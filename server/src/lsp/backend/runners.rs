//! The runners the requests share: work on a document on the blocking pool, with its
//! cancellation and panics turned into answers, and changes of the state in order.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use betza_syntax::cancel;
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::Uri;

use super::{Backend, quoted};
use crate::lsp::position::Encoding;
use crate::lsp::snapshot::{RaiseOnDrop, Snapshot};
use crate::lsp::state::{State, run_on};

impl Backend {
    /// Runs `work` on the blocking pool against the open document `uri` as it is now (see the
    /// module's comment); a cancelled request is answered with `RequestCancelled`, a panic
    /// with an internal error, a document not open with an invalid-params error.
    pub(super) async fn on_document<T: Send + 'static>(
        &self,
        name: &'static str,
        uri: &Uri,
        work: impl FnOnce(&Snapshot) -> Result<T> + Send + 'static,
    ) -> Result<T> {
        self.on_document_if_open(name, uri, work)
            .await?
            .ok_or_else(|| {
                let (uri, length) = quoted(uri.as_str());
                Error::invalid_params(format!("{uri} is not open{length}"))
            })
    }

    /// [`Backend::on_document`] for an answer over the whole document (its tokens, its
    /// outline), which can be megabytes: the work writes it as JSON text, and it is sent
    /// apart from the protocol library, which would first make a JSON tree of it, thirty times
    /// its size (issue 56; see `answers`). The work writes what the handler's answer `R` would
    /// be written as, so the `Ok` of what this returns never comes.
    pub(super) async fn on_document_written<R>(
        &self,
        name: &'static str,
        uri: &Uri,
        work: impl FnOnce(&Snapshot) -> Result<Vec<u8>> + Send + 'static,
    ) -> Result<R> {
        let written = self.on_document(name, uri, work).await?;
        // Left for the framing layer with no wait between, so a cancelled request leaves
        // nothing behind.
        Err(self.answers.instead(written))
    }

    /// [`Backend::on_document`], answering `None` for a document not open.
    pub(super) async fn on_document_if_open<T: Send + 'static>(
        &self,
        name: &'static str,
        uri: &Uri,
        work: impl FnOnce(&Snapshot) -> Result<T> + Send + 'static,
    ) -> Result<Option<T>> {
        // In line behind the changes taken before this request (the lock is fair), so the
        // snapshot has them all.
        let reading = self.readers.clone().read_owned().await;
        let snapshot = self.with_state(name, |state| {
            Ok(state.documents.get(uri).map(|open| Snapshot {
                document: open.document.clone(),
                analysis: open.analysis,
                settings: state.settings.clone(),
                encoding: state.encoding.unwrap_or(Encoding::Utf16),
                shows_documents: state.shows_documents,
                described_labels: state.described_labels,
            }))
        })?;
        let Some(snapshot) = snapshot else {
            return Ok(None);
        };
        let flag = Arc::new(AtomicBool::new(false));
        let _cancel_when_dropped = RaiseOnDrop(flag.clone());
        let task = tokio::task::spawn_blocking(move || {
            let outcome = catch_unwind(AssertUnwindSafe(|| cancel::run(flag, || work(&snapshot))));
            // The document first: an edit waiting for `reading` then finds it unshared.
            drop(snapshot);
            drop(reading);
            outcome
        });
        match task.await {
            Ok(Ok(Ok(answer))) => answer.map(Some),
            Ok(Ok(Err(cancel::Cancelled))) => Err(Error::request_cancelled()),
            Ok(Err(_)) | Err(_) => {
                say!(
                    "betza lsp: {name} failed unexpectedly; the request is answered with an error"
                );
                Err(Error::internal_error())
            }
        }
    }

    /// Runs a change of the documents or settings once no request's work reads them.
    pub(super) async fn change<T>(
        &self,
        name: &str,
        work: impl FnOnce(&mut State) -> Result<T>,
    ) -> Result<T> {
        let _writing = self.readers.write().await;
        self.with_state(name, work)
    }

    /// Runs `work` on the state, turning a panic into an internal error.
    pub(super) fn with_state<T>(
        &self,
        name: &str,
        work: impl FnOnce(&mut State) -> Result<T>,
    ) -> Result<T> {
        run_on(&self.state, name, work)
    }
}
