//! Document symbols: the library's variants and pieces as protocol symbols.

use betza_syntax::cancel;
use betza_syntax::ide::Document;
use betza_syntax::ide::symbols::{self, Symbol};
use ropey::Rope;
use tower_lsp_server::ls_types::{DocumentSymbol, SymbolKind};

use crate::lsp::position::{Encoding, to_range};

pub fn symbols(document: &Document, encoding: Encoding) -> Vec<DocumentSymbol> {
    symbols::symbols(document)
        .into_iter()
        .map(|symbol| convert(symbol, document.text(), encoding))
        .collect()
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
