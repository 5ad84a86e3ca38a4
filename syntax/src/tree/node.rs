//! The tree's nodes and tokens: rowan's, over our kinds.

use crate::SyntaxKind;

/// rowan's view of our kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum BetzaLanguage {}

impl rowan::Language for BetzaLanguage {
    type Kind = SyntaxKind;

    fn kind_from_raw(raw: rowan::SyntaxKind) -> SyntaxKind {
        SyntaxKind::from_raw(raw.0)
    }

    fn kind_to_raw(kind: SyntaxKind) -> rowan::SyntaxKind {
        rowan::SyntaxKind(kind as u16)
    }
}

pub type SyntaxNode = rowan::SyntaxNode<BetzaLanguage>;
pub type SyntaxToken = rowan::SyntaxToken<BetzaLanguage>;
pub type SyntaxElement = rowan::SyntaxElement<BetzaLanguage>;
