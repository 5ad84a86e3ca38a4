//! `betza tree BETZA [--dialect D]`: the syntax tree on stdout, each error on stderr; exit 0 when
//! the string has no syntax error, 2 when it has one.

use std::process::ExitCode;

use betza_syntax::Dialect;

use super::output::{EXIT_BAD_INPUT, print};
use super::report;

pub fn run(betza: &str, dialect: Dialect) -> ExitCode {
    let parse = betza_syntax::parse(betza, dialect);
    if let Err(status) = print(&parse.debug_dump_tree()) {
        return status;
    }
    report::eprint_syntax_errors("<betza>", betza, parse.errors());
    if parse.has_errors() {
        ExitCode::from(EXIT_BAD_INPUT)
    } else {
        ExitCode::SUCCESS
    }
}
