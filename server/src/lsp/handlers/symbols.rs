//! Document symbols: the library's variants and pieces as protocol symbols.

use betza_syntax::cancel;
use betza_syntax::ide::Document;
use betza_syntax::ide::symbols::{self, LeftOut, Symbol};
use ropey::Rope;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{DocumentSymbol, DocumentSymbolResponse, SymbolKind};

use crate::lsp::answers;
use crate::lsp::position::{Encoding, to_range};

/// The most symbols an outline lists: more is no outline a person reads, and every symbol is
/// hundreds of bytes in the answer (100,000 sections were 643 MB of the server's memory).
pub const MOST_SYMBOLS: usize = 10_000;

/// The outline, cut after [`MOST_SYMBOLS`] symbols with one more that says how many are left
/// out and stands where the first of them does.
pub fn symbols(document: &Document, encoding: Encoding) -> Vec<DocumentSymbol> {
    let outline = symbols::symbols(document, MOST_SYMBOLS);
    let rope = document.text();
    let mut out: Vec<DocumentSymbol> = (outline.symbols.into_iter())
        .map(|symbol| convert(symbol, rope, encoding))
        .collect();
    out.extend(outline.left_out.map(|left| left_out(left, rope, encoding)));
    out
}

/// The outline as the JSON text of the answer to `textDocument/documentSymbol`, in a buffer
/// about its size (see `answers`).
pub fn written(document: &Document, encoding: Encoding) -> Result<Vec<u8>> {
    /// About the bytes of a symbol written: its name, detail, kind and two ranges.
    const WRITTEN: usize = 240;
    let symbols = symbols(document, encoding);
    let count: usize = (symbols.iter())
        .map(|symbol| 1 + symbol.children.as_ref().map_or(0, Vec::len))
        .sum();
    let answer = Some(DocumentSymbolResponse::Nested(symbols));
    answers::written(&answer, count * WRITTEN + 16)
}

/// The symbol that says how many are not listed, at the first of them.
#[allow(deprecated)] // `DocumentSymbol::deprecated` must be written out.
fn left_out(left: LeftOut, rope: &Rope, encoding: Encoding) -> DocumentSymbol {
    let range = to_range(rope, left.range, encoding);
    DocumentSymbol {
        name: format!("… {} more not listed (from here)", left.count),
        detail: Some(format!("the outline lists the first {MOST_SYMBOLS}")),
        kind: SymbolKind::NAMESPACE,
        tags: None,
        deprecated: None,
        range,
        selection_range: range,
        children: None,
    }
}

#[allow(deprecated)] // `DocumentSymbol::deprecated` must be written out.
fn convert(symbol: Symbol, rope: &Rope, encoding: Encoding) -> DocumentSymbol {
    // A file of 100,000 sections is as many symbols: an answer no longer wanted stops here too.
    cancel::checkpoint();
    let range = to_range(rope, symbol.range, encoding);
    let children: Vec<DocumentSymbol> = symbol
        .children
        .into_iter()
        .map(|child| convert(child, rope, encoding))
        .collect();
    DocumentSymbol {
        name: symbol.name,
        detail: symbol.detail,
        kind: match symbol.kind {
            symbols::SymbolKind::Variant => SymbolKind::NAMESPACE,
            symbols::SymbolKind::Piece => SymbolKind::CLASS,
        },
        tags: None,
        deprecated: None,
        range,
        selection_range: range,
        children: (symbol.kind == symbols::SymbolKind::Variant).then_some(children),
    }
}
