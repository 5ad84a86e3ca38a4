//! `betza tree BETZA [--dialect D]`: the syntax tree on stdout, each error on stderr; exit 0 when
//! the string has no syntax error, 2 when it has one.

use std::io::Write;
use std::process::ExitCode;

use betza_syntax::Dialect;

use super::{EXIT_BAD_INPUT, report};

pub fn run(betza: &str, dialect: Dialect) -> ExitCode {
    let parse = betza_syntax::parse(betza, dialect);
    // A closed stdout (`betza tree … | head -0`) is not worth a panic.
    let _ = std::io::stdout().write_all(parse.debug_dump_tree().as_bytes());
    report::eprint_syntax_errors("<betza>", betza, parse.errors());
    if parse.has_errors() {
        ExitCode::from(EXIT_BAD_INPUT)
    } else {
        ExitCode::SUCCESS
    }
}
