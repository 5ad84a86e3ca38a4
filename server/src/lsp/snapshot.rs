//! What a request's work reads while it runs on the blocking pool, and the guard that stops
//! that work when the request is dropped.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use betza_syntax::ide::Document;
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::{Position, Range};

use super::position::{Encoding, to_offset};
use super::state::Settings;

/// Raises a request's cancellation flag when the request's future is dropped: the protocol
/// library drops it when the client cancels the request.
pub struct RaiseOnDrop(pub Arc<AtomicBool>);

impl Drop for RaiseOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// What a request's work reads: the document as it was when the request was taken, and the
/// settings then.
pub struct Snapshot {
    pub document: Arc<Document>,
    /// Which analysis `document` holds (see `Open::analysis`).
    pub analysis: u64,
    pub settings: Settings,
    pub encoding: Encoding,
    pub shows_documents: bool,
    pub described_labels: bool,
}

impl Snapshot {
    /// The byte offset of `position`, or the protocol error for a line past the end.
    pub fn offset(&self, position: Position) -> Result<usize> {
        to_offset(self.document.text(), position, self.encoding)
            .ok_or_else(|| Error::invalid_params("the position is past the end of the document"))
    }

    /// The byte offsets of `range`; an end past the end of the document means its end.
    pub fn offsets(&self, range: Range) -> Result<(usize, usize)> {
        let start = self.offset(range.start)?;
        let end = to_offset(self.document.text(), range.end, self.encoding)
            .unwrap_or(self.document.text().len_bytes());
        Ok((start, end))
    }
}
