//! What the editor features answer, where more than one file builds the answer: a hover (a
//! Betza string's, or a `variants.ini` key's), a place a name stands (an MBN macro's, a
//! variant's, a piece letter's), a code action (a fix's, a conversion's) and a completion on a
//! line of a `variants.ini`. Here, the files that build one import it without importing each
//! other; each feature's module re-exports its own.

use crate::TextRange;
use crate::diagnostic::Code;
use crate::lint::Edit;

/// A hover's Markdown and the bytes of the document it speaks of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hover {
    pub markdown: String,
    pub range: TextRange,
}

/// One place a name stands: an MBN macro's, a variant's in a `variants.ini` header, a piece
/// letter's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    pub range: TextRange,
    /// Where the macro is defined, rather than used.
    pub definition: bool,
}

/// What an action does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActionKind {
    /// A finding's own fix; `code` is the finding's.
    QuickFix { code: Code },
    /// One fix for every finding of a kind in the document.
    FixAll,
    /// The same moves written another way.
    Rewrite,
    /// Explain the piece at this byte of the document (a command, no edit).
    Explain { offset: usize },
}

/// One code action: its title, what it is, and its edits in document bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Action {
    pub title: String,
    pub kind: ActionKind,
    pub edits: Vec<Edit>,
}

/// What completion offers on a line of a `variants.ini`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IniCompletion {
    /// An option the section does not set yet, typed over `replace`.
    Key {
        key: String,
        detail: String,
        documentation: String,
        replace: TextRange,
    },
    /// A value of the key on the line (or a parent's name in a header), typed over
    /// `replace`, with where it comes from.
    Value {
        value: String,
        detail: Option<String>,
        replace: TextRange,
    },
}
