//! The `betza` command's parts: the command line (`cli`) and the language server (`lsp`). They
//! adapt `betza-syntax` to a terminal and to the protocol and hold no notation knowledge of their
//! own. A library so that benches and fuzz targets can drive them in-process.

pub mod cli;
pub mod lsp;
