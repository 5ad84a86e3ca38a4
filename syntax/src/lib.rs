//! Betza notation as data, for editors and command-line tools.
//!
//! What this crate promises about the syntax of every dialect it parses:
//! - **Total**: any text, however broken, parses; nothing panics and nothing is rejected.
//! - **Lossless**: the tree holds every byte of the input exactly once, trivia and unknown
//!   characters included, so `parse(text).syntax().text() == text`.
//! - **Errors are data**: each mistake is a [`SyntaxError`] with an exact byte range on character
//!   boundaries and a message a person understands; the moves around it keep their structure.
//! - **Linear**: lexing, parsing and tree building look at each token a bounded number of times
//!   and never recurse on input depth.
//!
//! Data flows one way: [`lexer`] → `parser` → [`tree`] (typed views in [`tree::ast`]) →
//! [`model`] → [`board`] (move generation), with [`lint`] and [`explain`] reading the model, and
//! [`render`] drawing it. Letters' meanings come from the tables in [`vocabulary`]. No I/O, no
//! async.
//!
//! The map, by what a module knows:
//!
//! | module | knows |
//! |---|---|
//! | [`host`] | the files Betza lives in, each format one plug-in ([`host::Host`]): how its files are recognised, its regions with exact byte ranges and their dialect, the board a file gives a piece |
//! | [`lexer`], `parser`, [`tree`] | tokens, the shared Betza grammar, the lossless tree |
//! | [`notation`] | each notation, one module behind one trait: [`notation::xbetza`], [`notation::fairy`], [`notation::mbn`], [`notation::chained`] and XBoard's reading [`notation::xboard`] (grammar hooks, typed views, letters, lowering, lints, words); [`registry`] is the one dispatch |
//! | [`model`], [`board`] | moves as legs, and where they go on a board |
//! | [`diagnostic`], [`lint`], [`explain`], [`render`], [`convert`] | findings (one type, codes from one catalogue) and their proofs, words, diagrams, conversions between readings |
//! | [`BetzaString`] | one string read once: its parse, model and conversions, shared by lints, comparisons, proofs and every editor feature |
//! | [`analysis`], [`ide`] | a whole file analysed edit by edit (each distinct string read once, with its findings), and what an editor shows of an open document |
//!
//! The generic layers name no particular dialect: what one notation decides, they ask of the
//! string's notation or of the [`registry`], the one place a dialect or an engine's reading is
//! dispatched. The layers and the test that holds the code to them: `docs/architecture.md`.

pub mod analysis;
pub mod board;
pub mod cancel;
pub mod convert;
pub mod diagnostic;
pub mod dialect;
pub mod explain;
pub mod host;
pub mod ide;
pub mod lexer;
pub mod lint;
pub mod model;
pub mod notation;
mod parser;
pub mod quote;
pub mod region;
pub mod registry;
pub mod render;
mod source;
mod syntax_kind;
pub mod tree;
pub mod vocabulary;
mod wording;

#[cfg(test)]
mod fixture;
#[cfg(test)]
mod tests;
/// How a test says that the shared corpus it reads is missing (failing in CI).
#[cfg(test)]
#[allow(dead_code)]
#[path = "../../tests/common/tool.rs"]
mod tool;

pub use diagnostic::Severity;
pub use dialect::{Dialect, Reading};
pub use notation::BetzaString;
pub use parser::{Problem, SyntaxError, SyntaxProblem};
pub use registry::parse;
pub use rowan::{NodeOrToken, TextRange, TextSize};
pub use source::Source;
pub use syntax_kind::SyntaxKind;
pub use tree::{Parse, SyntaxNode, SyntaxToken};
