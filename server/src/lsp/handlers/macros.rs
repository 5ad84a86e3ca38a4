//! MBN macros: go to definition, references, highlights, prepareRename and rename. The syntax
//! crate finds the names; this file turns them into locations and edits.

use std::collections::HashMap;

use betza_syntax::TextRange;
use betza_syntax::mbn::macros::Occurrence;
use betza_syntax::mbn::scope::MacroScope;
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::{
    DocumentHighlight, DocumentHighlightKind, Location, PrepareRenameResponse, Range, TextEdit,
    Uri, WorkspaceEdit,
};

use crate::lsp::position::{Encoding, to_range};
use crate::lsp::state::Document;

/// The macro scope at `offset` and the occurrence of a macro name there.
fn occurrence_at(document: &Document, offset: usize) -> Option<(MacroScope, Occurrence)> {
    let analysis = document.analysis.as_ref()?;
    let scope = MacroScope::at(analysis.format, &document.rope, &analysis.regions, offset)?;
    let at = scope.to_scope(&analysis.regions, offset)?;
    let occurrence = scope.macros.occurrence_at(at)?.clone();
    Some((scope, occurrence))
}

fn file_range(
    document: &Document,
    scope: &MacroScope,
    range: TextRange,
    encoding: Encoding,
) -> Range {
    let regions = document
        .analysis
        .as_ref()
        .map_or(&[][..], |a| a.regions.as_slice());
    let range = scope.to_file(regions, range);
    to_range(
        &document.rope,
        range.start().into(),
        range.end().into(),
        encoding,
    )
}

/// Every place the macro at `offset` stands, its definitions first when asked for.
fn places(
    document: &Document,
    offset: usize,
    encoding: Encoding,
    definitions: bool,
    uses: bool,
) -> Vec<(Range, bool)> {
    let Some((scope, occurrence)) = occurrence_at(document, offset) else {
        return Vec::new();
    };
    scope
        .macros
        .occurrences_of(&occurrence.key)
        .filter(|o| (o.definition && definitions) || (!o.definition && uses))
        .map(|o| {
            (
                file_range(document, &scope, o.range, encoding),
                o.definition,
            )
        })
        .collect()
}

fn locations(
    document: &Document,
    uri: &Uri,
    offset: usize,
    encoding: Encoding,
    (definitions, uses): (bool, bool),
) -> Vec<Location> {
    places(document, offset, encoding, definitions, uses)
        .into_iter()
        .map(|(range, _)| Location::new(uri.clone(), range))
        .collect()
}

pub fn definition(
    document: &Document,
    uri: &Uri,
    offset: usize,
    encoding: Encoding,
) -> Vec<Location> {
    locations(document, uri, offset, encoding, (true, false))
}

pub fn references(
    document: &Document,
    uri: &Uri,
    offset: usize,
    encoding: Encoding,
    include_declaration: bool,
) -> Vec<Location> {
    locations(document, uri, offset, encoding, (include_declaration, true))
}

pub fn highlights(
    document: &Document,
    offset: usize,
    encoding: Encoding,
) -> Vec<DocumentHighlight> {
    places(document, offset, encoding, true, true)
        .into_iter()
        .map(|(range, definition)| DocumentHighlight {
            range,
            kind: Some(if definition {
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
    match occurrence_at(document, offset) {
        Some((scope, occurrence)) => Ok(Some(PrepareRenameResponse::Range(file_range(
            document,
            &scope,
            occurrence.range,
            encoding,
        )))),
        None => Err(Error::invalid_params("only MBN macro names can be renamed")),
    }
}

/// The edits of a rename, or an error response saying why it is refused.
pub fn rename(
    document: &Document,
    uri: &Uri,
    offset: usize,
    new_name: &str,
    encoding: Encoding,
) -> Result<WorkspaceEdit> {
    let analysis = document
        .analysis
        .as_ref()
        .ok_or_else(|| Error::invalid_params("only MBN macro names can be renamed"))?;
    let scope = MacroScope::at(analysis.format, &document.rope, &analysis.regions, offset)
        .ok_or_else(|| Error::invalid_params("only MBN macro names can be renamed"))?;
    let at = scope
        .to_scope(&analysis.regions, offset)
        .ok_or_else(|| Error::invalid_params("only MBN macro names can be renamed"))?;
    let edits = scope
        .macros
        .rename(at, new_name)
        .map_err(|e| Error::invalid_params(e.to_string()))?;
    let edits: Vec<TextEdit> = edits
        .into_iter()
        .map(|(range, text)| TextEdit::new(file_range(document, &scope, range, encoding), text))
        .collect();
    Ok(WorkspaceEdit::new(HashMap::from([(uri.clone(), edits)])))
}
