//! `betza`: the command-line tool and language server for Betza notation (see the library).

use std::process::ExitCode;

fn main() -> ExitCode {
    betza_server::cli::run()
}
