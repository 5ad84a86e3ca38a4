//! MBN macros: go to definition, references, highlights, prepareRename and rename, from the
//! library's places and edits.

use std::collections::HashMap;

use betza_syntax::ide::{Document, macros};
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::{
    DocumentHighlight, DocumentHighlightKind, Location, PrepareRenameResponse, TextEdit, Uri,
    WorkspaceEdit,
};

use crate::lsp::position::{Encoding, to_range};

/// The places of the macro at `offset`, definitions and uses as asked, as locations.
pub fn locations(
    document: &Document,
    uri: &Uri,
    offset: usize,
    encoding: Encoding,
    (definitions, uses): (bool, bool),
) -> Vec<Location> {
    macros::places(document, offset)
        .into_iter()
        .filter(|place| if place.definition { definitions } else { uses })
        .map(|place| {
            Location::new(
                uri.clone(),
                to_range(document.text(), place.range, encoding),
            )
        })
        .collect()
}

pub fn highlights(
    document: &Document,
    offset: usize,
    encoding: Encoding,
) -> Vec<DocumentHighlight> {
    macros::places(document, offset)
        .into_iter()
        .map(|place| DocumentHighlight {
            range: to_range(document.text(), place.range, encoding),
            kind: Some(if place.definition {
                DocumentHighlightKind::WRITE
            } else {
                DocumentHighlightKind::READ
            }),
        })
        .collect()
}

pub fn prepare_rename(
    document: &Document,
    offset: usize,
    encoding: Encoding,
) -> Result<Option<PrepareRenameResponse>> {
    let range = macros::prepare_rename(document, offset).map_err(Error::invalid_params)?;
    Ok(Some(PrepareRenameResponse::Range(to_range(
        document.text(),
        range,
        encoding,
    ))))
}

/// The edits of a rename, or an error response saying why it is refused.
pub fn rename(
    document: &Document,
    uri: &Uri,
    offset: usize,
    new_name: &str,
    encoding: Encoding,
) -> Result<WorkspaceEdit> {
    let edits = macros::rename(document, offset, new_name).map_err(Error::invalid_params)?;
    let edits = edits
        .into_iter()
        .map(|(range, text)| TextEdit::new(to_range(document.text(), range, encoding), text))
        .collect();
    Ok(WorkspaceEdit::new(HashMap::from([(uri.clone(), edits)])))
}
