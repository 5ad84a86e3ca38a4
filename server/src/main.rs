//! `betza`: the command-line tool (and, in a later issue, the language server) for Betza notation.
//! This crate adapts `betza-syntax` to a terminal; it holds no notation knowledge of its own.

mod cli;
mod lsp;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::run()
}
