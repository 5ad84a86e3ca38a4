//! One file per LSP feature; each converts the syntax crate's `ide` data to protocol types.

pub mod code_actions;
pub mod completion;
pub mod diagnostics;
pub mod hover;
pub mod macros;
pub mod recognition;
pub mod semantic_tokens;
pub mod symbols;
