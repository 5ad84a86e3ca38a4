//! The lossless syntax tree (rowan). Built after parsing from the parser's spans and the full
//! token list, so it holds every byte of the input exactly once: `tree.text() == input`, always.

pub mod ast;
mod dump;
mod node;

pub use node::{BetzaLanguage, SyntaxElement, SyntaxNode, SyntaxToken};

use rowan::{GreenNode, GreenNodeBuilder};

use crate::Dialect;
use crate::lexer::Token;
use crate::parser::{SpanNode, SyntaxError};

/// The result of parsing one Betza string: the tree and every syntax error, in source order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parse {
    green: GreenNode,
    errors: Vec<SyntaxError>,
    dialect: Dialect,
}

impl Parse {
    pub(crate) fn new(green: GreenNode, errors: Vec<SyntaxError>, dialect: Dialect) -> Parse {
        Parse {
            green,
            errors,
            dialect,
        }
    }

    pub fn syntax(&self) -> SyntaxNode {
        SyntaxNode::new_root(self.green.clone())
    }

    /// The typed root.
    pub fn piece(&self) -> ast::Piece {
        ast::Piece::from_root(self.syntax())
    }

    pub fn errors(&self) -> &[SyntaxError] {
        &self.errors
    }

    /// Whether any finding is an error rather than a warning.
    pub fn has_errors(&self) -> bool {
        self.errors.iter().any(SyntaxError::is_error)
    }

    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The tree, one node or token per line, followed by the errors: the snapshot format.
    pub fn debug_dump(&self) -> String {
        let mut out = self.debug_dump_tree();
        for error in &self.errors {
            out.push_str(&error.to_string());
            out.push('\n');
        }
        out
    }

    /// The tree alone, one node or token per line.
    pub fn debug_dump_tree(&self) -> String {
        dump::dump(&self.syntax())
    }
}

/// Builds the green tree: walks the tokens in order, opening and closing the parser's nodes
/// around them. Tokens outside every child of a node are attached to the node itself.
pub(crate) fn build(text: &str, tokens: &[Token], root: &SpanNode) -> GreenNode {
    let mut builder = GreenNodeBuilder::new();
    let mut next = 0;
    add_node(&mut builder, text, tokens, root, &mut next);
    builder.finish()
}

fn add_node(
    builder: &mut GreenNodeBuilder<'_>,
    text: &str,
    tokens: &[Token],
    node: &SpanNode,
    next: &mut usize,
) {
    builder.start_node(rowan::SyntaxKind(node.kind as u16));
    for child in &node.children {
        add_tokens(builder, text, tokens, child.start, next);
        // Depth is bounded by the grammar (PIECE > MOVE > LEG > GROUP > LEG > ERROR).
        add_node(builder, text, tokens, child, next);
    }
    add_tokens(builder, text, tokens, node.end, next);
    builder.finish_node();
}

fn add_tokens(
    builder: &mut GreenNodeBuilder<'_>,
    text: &str,
    tokens: &[Token],
    until: usize,
    next: &mut usize,
) {
    while *next < until {
        if let Some(token) = tokens.get(*next) {
            builder.token(rowan::SyntaxKind(token.kind as u16), &text[token.range]);
        }
        *next += 1;
    }
}
