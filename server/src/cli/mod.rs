//! Argument parsing and dispatch. The contract (DESIGN.md, "Command line contract"): results on
//! stdout, findings on stderr, exit 2 for a bad argument or a bad Betza string, never a panic.

mod check;
mod convert;
mod explain;
mod moves;
mod output;
mod report;
mod tree;

use std::process::ExitCode;

use betza_syntax::board::{BoardSize, PlacedPiece, Side, Square};
use betza_syntax::{Dialect, Reading};
use clap::{Parser, Subcommand};

use output::EXIT_BAD_INPUT;

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
    /// Run the language server on stdio.
    Lsp {
        /// Accepted and ignored: stdio is the only transport.
        #[arg(long)]
        stdio: bool,
    },
    /// Check every Betza string in files (directories: every recognised file inside).
    Check {
        /// Files or directories.
        #[arg(required = true)]
        paths: Vec<std::path::PathBuf>,
        /// Output: human reports on stderr; a JSON array, SARIF 2.1.0 (code scanning) or GitHub
        /// Actions annotations on stdout.
        #[arg(long, value_enum, default_value_t = check::Format::Human)]
        format: check::Format,
        /// The dialect of `.betza` lines that declare none.
        #[arg(long, default_value_t = Dialect::XBetza)]
        dialect: Dialect,
        /// Turn a diagnostic off, by code (repeatable; codes: syntax/DIAGNOSTICS.md).
        #[arg(long, value_name = "CODE")]
        allow: Vec<String>,
        /// Make a diagnostic an error, by code (repeatable).
        #[arg(long, value_name = "CODE")]
        deny: Vec<String>,
        /// Target engine for portability rules, xboard or fairy-stockfish (repeatable; default:
        /// XBoard for xbetza, Fairy-Stockfish and XBoard for fairy).
        #[arg(long)]
        engine: Vec<betza_syntax::lint::Engine>,
        /// After a human report, the number of findings of each code.
        #[arg(long)]
        summary: bool,
        /// At most N findings a file, the first in file order; one more says how many others
        /// there are, of which codes (the counts at the end count them all). 0: no limit.
        #[arg(long, value_name = "N", default_value_t = betza_syntax::analysis::DEFAULT_MAX_FINDINGS)]
        max_findings: usize,
    },
    /// Print the syntax tree of a Betza string; errors go to stderr.
    Tree {
        /// The Betza string, e.g. `fmWfcF`.
        /// An MBN prefixed piece may start with a hyphen (`-Q=fQ`).
        #[arg(allow_hyphen_values = true)]
        betza: String,
        /// The notation the string is written in: xbetza, fairy, mbn or chained (xboard reads
        /// XBetza).
        #[arg(long, default_value = "xbetza")]
        dialect: Reading,
    },
    /// Explain a piece in words, leg by leg, with a move diagram.
    Explain {
        /// The Betza string, e.g. `QudQafudQ`.
        /// An MBN prefixed piece may start with a hyphen (`-Q=fQ`).
        #[arg(allow_hyphen_values = true)]
        betza: String,
        /// The notation the string is written in: xbetza, fairy, mbn or chained; or xboard,
        /// the XBetza explanation followed by XBoard's own reading.
        #[arg(long, default_value = "xbetza")]
        dialect: Reading,
        /// Draw the whole board, FILESxRANKS, with the piece in the centre (default: a window
        /// around the piece).
        #[arg(long)]
        board: Option<BoardSize>,
        /// Also write the diagram as an SVG picture to this file (`-`: standard output, the
        /// picture alone).
        #[arg(long)]
        svg: Option<std::path::PathBuf>,
    },
    /// List where one piece can go on a board, with a diagram.
    Moves {
        /// The Betza string, e.g. `fmWfcF`.
        /// An MBN prefixed piece may start with a hyphen (`-Q=fQ`).
        #[arg(allow_hyphen_values = true)]
        betza: String,
        /// The notation the string is written in: xbetza, fairy, mbn or chained; or xboard,
        /// XBetza as XBoard's own generator reads it.
        #[arg(long, default_value = "xbetza")]
        dialect: Reading,
        /// Board size, FILESxRANKS, each 1 to 26.
        #[arg(long, default_value = "8x8")]
        board: BoardSize,
        /// The piece's square; the centre of the board by default (d4 on 8x8, e5 on 9x9).
        #[arg(long)]
        from: Option<Square>,
        /// The piece's side: black moves "forward" down the board.
        #[arg(long, value_enum, default_value_t = SideArg::White)]
        side: SideArg,
        /// The piece has moved, so its initial (`i`) moves are gone.
        #[arg(long)]
        moved: bool,
        /// Squares of friendly pieces, comma-separated.
        #[arg(long, value_delimiter = ',')]
        friend: Vec<Square>,
        /// Squares of enemy pieces, comma-separated.
        #[arg(long, value_delimiter = ',')]
        enemy: Vec<Square>,
        /// Pieces of known type, comma-separated: `N@e4` (upper case White, lower case Black),
        /// friends or enemies by the piece's side; moves limited to a set of pieces (MBN's
        /// `c{N}`) follow their types.
        #[arg(long, value_delimiter = ',')]
        piece: Vec<PlacedPiece>,
        /// Print JSON instead of the list and diagram.
        #[arg(long)]
        json: bool,
    },
    /// Write a piece for another reading, proven by generating both: the new string, then
    /// `exact` or where the moves differ.
    Convert {
        /// The Betza string, e.g. `mfWcfF`.
        #[arg(allow_hyphen_values = true)]
        betza: String,
        /// How the string is read: xbetza (H. G. Muller's XBetza description), fairy (Fairy-Stockfish) or xboard
        /// (XBoard's generator).
        #[arg(long, value_parser = Reading::conversion)]
        from: Reading,
        /// The reading to write it for: xbetza, fairy or xboard (the same as --from: the
        /// shortest string of the same moves).
        #[arg(long, value_parser = Reading::conversion)]
        to: Reading,
        /// Print JSON: {"betza", "exact", "lost", "added", "difference"}.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum SideArg {
    White,
    Black,
}

impl SideArg {
    fn side(self) -> Side {
        match self {
            SideArg::White => Side::White,
            SideArg::Black => Side::Black,
        }
    }
}

/// The levels `--allow` (off) and `--deny` (error) give, in the order given; a code that is
/// not in the catalogue is said and ends the command.
fn user_levels(
    allow: Vec<String>,
    deny: Vec<String>,
) -> Result<Vec<(String, Option<betza_syntax::Severity>)>, ExitCode> {
    let unknown: Vec<&String> = allow
        .iter()
        .chain(&deny)
        .filter(|code| betza_syntax::diagnostic::lookup(code).is_none())
        .collect();
    if let Some(code) = unknown.first() {
        say!("error: `{code}` is not a diagnostic code (see syntax/DIAGNOSTICS.md)");
        return Err(ExitCode::from(EXIT_BAD_INPUT));
    }
    Ok(allow
        .into_iter()
        .map(|code| (code, None))
        .chain(
            deny.into_iter()
                .map(|code| (code, Some(betza_syntax::Severity::Error))),
        )
        .collect())
}

pub fn run() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Lsp { .. } => crate::lsp::run(),
        Command::Tree { betza, dialect } => tree::run(&betza, dialect.dialect()),
        Command::Check {
            paths,
            format,
            dialect,
            allow,
            deny,
            engine,
            summary,
            max_findings,
        } => {
            let levels = match user_levels(allow, deny) {
                Ok(levels) => levels,
                Err(exit) => return exit,
            };
            let options = betza_syntax::analysis::Options {
                default_dialect: dialect,
                engines: (!engine.is_empty()).then_some(engine),
                levels,
                max_findings: betza_syntax::analysis::findings_limit(max_findings),
                board: None,
                position: None,
            };
            check::run(&paths, format, &options, summary)
        }
        Command::Explain {
            betza,
            dialect,
            board,
            svg,
        } => explain::run(&betza, dialect, board, svg.as_deref()),
        Command::Moves {
            betza,
            dialect,
            board,
            from,
            side,
            moved,
            friend,
            enemy,
            piece,
            json,
        } => moves::run(&moves::Request {
            betza,
            reading: dialect,
            board,
            from,
            side: side.side(),
            moved,
            friends: friend,
            enemies: enemy,
            pieces: piece,
            json,
        }),
        Command::Convert {
            betza,
            from,
            to,
            json,
        } => convert::run(&convert::Request {
            betza,
            from,
            to,
            json,
        }),
    }
}
