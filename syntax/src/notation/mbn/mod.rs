//! What MBN (seed 002) means beyond a single string: macros shared by the definitions of a
//! file or a C/CIF `pieces` attribute.

pub mod ast;
pub(crate) mod letters;
pub(crate) mod lint;
pub mod macros;
pub(crate) mod model;
pub(crate) mod parser;
pub mod pieces;
pub mod scope;
pub mod vocabulary;
