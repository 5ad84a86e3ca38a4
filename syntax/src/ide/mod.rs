//! What an editor shows, as plain data and without a protocol, in the spirit of rust-analyzer's
//! `ide` crate: one [`Document`] per open file holds its analysis, and each feature reads it and
//! returns positions as byte ranges of the file. Completion, highlighting and hover read the
//! dialect's own vocabulary. A language server only turns these into its protocol's types.

pub mod actions;
mod answers;
pub mod completion;
mod conversions;
mod document;
pub mod highlight;
pub mod hover;
pub mod ini;
pub mod macros;
mod message_lines;
pub mod symbols;

pub use crate::vocabulary::dialects::{Letter, LetterKind};
pub use completion::{Completion, CustomPiece};
pub use document::{Document, Edits};
pub use highlight::{Highlight, TokenClass};
pub use hover::{Hover, HoverOptions};
pub use message_lines::message_lines;
