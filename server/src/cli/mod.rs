//! Argument parsing and dispatch. The contract (DESIGN.md, "Command line contract"): results on
//! stdout, findings on stderr, exit 2 for a bad argument or a bad Betza string, never a panic.

mod report;
mod tree;

use std::process::ExitCode;

use betza_syntax::Dialect;
use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "betza",
    version,
    about = "Tooling for Betza notation of chess-variant pieces"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print the syntax tree of a Betza string; errors go to stderr.
    Tree {
        /// The Betza string, e.g. `fmWfcF`.
        betza: String,
        /// The notation the string is written in: xbetza, fairy, mbn or chained.
        #[arg(long, default_value_t = Dialect::XBetza)]
        dialect: Dialect,
    },
}

/// Exit status when the input or an argument is bad (clap uses the same for usage errors).
const EXIT_BAD_INPUT: u8 = 2;

pub fn run() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Tree { betza, dialect } => tree::run(&betza, dialect),
    }
}
