//! Document symbols: the library's variants and pieces as protocol symbols.

use betza_syntax::cancel;
use betza_syntax::ide::Document;
use betza_syntax::ide::symbols::{self, LeftOut, Outline, Symbol};
use ropey::Rope;
use serde::{Serialize, Serializer};
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{DocumentSymbol, SymbolKind};

use crate::lsp::answers;
use crate::lsp::position::{Encoding, to_range};

/// The most symbols an outline lists: more is no outline a person reads, and every symbol is
/// hundreds of bytes in the answer (100,000 sections were 643 MB of the server's memory).
pub const MOST_SYMBOLS: usize = 10_000;

/// The outline as the JSON text of the answer to `textDocument/documentSymbol`, in a buffer
/// about its size (see `answers`): cut after [`MOST_SYMBOLS`] symbols with one more that says
/// how many are left out and stands where the first of them does.
pub fn written(document: &Document, encoding: Encoding) -> Result<Vec<u8>> {
    /// About the bytes of a symbol written: its name, detail, kind and two ranges.
    const WRITTEN: usize = 240;
    let outline = symbols::symbols(document, MOST_SYMBOLS);
    let count = outline.count;
    let answer = Written {
        outline: &outline,
        rope: document.text(),
        encoding,
    };
    answers::written(&answer, (count + 1) * WRITTEN + 16)
}

/// An outline written as the protocol's nested symbols, each variant (with its pieces) made only
/// while it is written, so that the answer's text is the one large thing held.
struct Written<'a> {
    outline: &'a Outline<'a>,
    rope: &'a Rope,
    encoding: Encoding,
}

impl Serialize for Written<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        let Written {
            outline,
            rope,
            encoding,
        } = *self;
        let listed = (outline.symbols()).map(|symbol| convert(symbol, rope, encoding));
        let note = (outline.left_out).map(|left| left_out(left, rope, encoding));
        serializer.collect_seq(listed.chain(note))
    }
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
    let children: Vec<DocumentSymbol> = (symbol.children.into_iter())
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
