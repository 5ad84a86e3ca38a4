//! Extended Betza with chaining operators (seed 001).

pub mod ast;
pub(crate) mod explain;
pub(crate) mod letters;
pub(crate) mod lint;
pub(crate) mod model;
pub(crate) mod parser;
pub mod vocabulary;
