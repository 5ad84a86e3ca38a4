//! The textual tree dump used by snapshot tests and `betza tree`.

use std::fmt::Write;

use rowan::NodeOrToken;

use super::SyntaxNode;

pub(super) fn dump(root: &SyntaxNode) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    for event in root.preorder_with_tokens() {
        match event {
            rowan::WalkEvent::Enter(element) => {
                let indent = "  ".repeat(depth);
                match element {
                    NodeOrToken::Node(node) => {
                        let _ = writeln!(out, "{indent}{:?}@{:?}", node.kind(), node.text_range());
                    }
                    NodeOrToken::Token(token) => {
                        let _ = writeln!(
                            out,
                            "{indent}{:?}@{:?} {:?}",
                            token.kind(),
                            token.text_range(),
                            token.text()
                        );
                    }
                }
                depth += 1;
            }
            rowan::WalkEvent::Leave(_) => depth = depth.saturating_sub(1),
        }
    }
    out
}
