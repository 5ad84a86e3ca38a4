//! What the texts of a notation define for each other, as the layers above read it without
//! knowing the notation: the definitions one text holds ([`Definition`], from
//! `Notation::definitions`) and the names that the strings of one scope share
//! ([`SharedDefinitions`], from `Notation::shared_definitions`, which `scope.rs` places in a
//! file). MBN's pieces and macros are the only ones so far (seed 002, section 16); a notation
//! without definitions has none, and its text is one piece.

use rowan::{TextRange, TextSize};

use crate::diagnostic::Diagnostic;
use crate::tree::SyntaxNode;

/// Expansions longer than this are refused: `@A=BB @B=CC …` doubles at every level.
pub const EXPANSION_LIMIT: usize = 64 * 1024;

/// Why a definition's uses of other definitions cannot be dissolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExpandError {
    /// The cycle it leads into.
    Recursive(Cycle),
    TooLong,
}

impl std::fmt::Display for ExpandError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExpandError::Recursive(cycle) => write!(f, "it refers to itself: {cycle}"),
            ExpandError::TooLong => write!(
                f,
                "its expansion is longer than {EXPANSION_LIMIT} characters"
            ),
        }
    }
}

/// A cycle of definitions as a message quotes it: its first few names, from the one where it
/// is entered, and how many it holds. A cycle of 1,000 macros quoted whole was a message of
/// 1,000 names for each of them (issue 56).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cycle {
    pub names: Vec<String>,
    pub length: usize,
}

impl std::fmt::Display for Cycle {
    /// `A → B → A`, or `A → B → C → D → … 996 more → A`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for name in &self.names {
            write!(f, "{name} → ")?;
        }
        let more = self.length.saturating_sub(self.names.len());
        if more > 0 {
            write!(f, "… {more} more → ")?;
        }
        write!(f, "{}", self.names.first().map_or("", String::as_str))
    }
}

/// One place a defined name (a macro's) stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Occurrence {
    pub key: String,
    /// In the coordinates of the texts the names were collected from (a scope's).
    pub range: TextRange,
    pub definition: bool,
}

/// One definition of a text, read for its meaning.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Definition {
    /// The whole definition, in the coordinates its tree was given in.
    pub range: TextRange,
    /// Its identifier as written (`Z`, `@:NR:`), comments left out, when it has one.
    pub name: Option<String>,
    /// The comment in its identifier, which names the piece (`Z|Amazon-Rider|`).
    pub title: Option<String>,
    /// `@NAME=…`: a macro, which has no moves of its own until it is used.
    pub is_macro: bool,
    /// The moves as written, comments left out.
    pub written: String,
    /// The moves with every use of another definition dissolved, or why that fails.
    pub dissolved: Result<String, ExpandError>,
}

impl Definition {
    /// Whether dissolving changed the text: another definition (a macro) was used.
    pub fn uses_macros(&self) -> bool {
        self.dissolved.as_ref().is_ok_and(|d| *d != self.written)
    }
}

/// The names the strings of one scope share (MBN's macros), in the scope's coordinates: where
/// each stands, what it is written as and dissolves to, how it is renamed, and the mistakes
/// around them. It holds no tree, so a document keeps it between requests, across threads.
pub trait SharedDefinitions: std::fmt::Debug + Send + Sync {
    /// The occurrence of a name at `at` (its end included, for a cursor after the name).
    fn occurrence_at(&self, at: TextSize) -> Option<&Occurrence>;

    /// Every occurrence of the name `key`, in order.
    fn occurrences_of<'s>(&'s self, key: &'s str) -> Box<dyn Iterator<Item = &'s Occurrence> + 's>;

    /// A name's definition as written, comments left out.
    fn written(&self, key: &str) -> Option<String>;

    /// The text a name stands for, every use inside it dissolved.
    fn expand(&self, key: &str) -> Result<String, ExpandError>;

    /// The edits that rename the name at `at` to `new_name`, or why that is refused.
    fn rename(&self, at: TextSize, new_name: &str) -> Result<Vec<(TextRange, String)>, String>;

    /// The meaning of `definition` (a definition's tree whose text starts at `start`) under
    /// the scope's names.
    fn meaning(&self, definition: &SyntaxNode, start: TextSize) -> Definition;

    /// The mistakes around the names, in the scope's coordinates, made one at a time as they
    /// are taken: the analysis keeps only the file's first thousands.
    fn findings(&self) -> Box<dyn Iterator<Item = Diagnostic> + '_>;
}
