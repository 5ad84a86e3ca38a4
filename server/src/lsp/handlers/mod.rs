//! One file per LSP feature; each is a thin adapter from the syntax crate to protocol types.

pub mod code_actions;
pub mod completion;
pub mod diagnostics;
pub mod hover;
pub mod macros;
pub mod semantic_tokens;
pub mod symbols;

use betza_syntax::host::Region;

use super::state::Document;

/// The region of the document that contains byte `offset` (its end included, for typing).
pub fn region_at(document: &Document, offset: usize) -> Option<&Region> {
    let analysis = document.analysis.as_ref()?;
    analysis
        .regions
        .iter()
        .find(|r| usize::from(r.range.start()) <= offset && offset <= usize::from(r.range.end()))
}
