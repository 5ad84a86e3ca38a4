//! `betza explain BETZA [--dialect D] [--board WxH] [--svg FILE]`: the piece in words, move by
//! move and leg by leg, and its diagram (also as an SVG file). Syntax errors are reported first;
//! what parsed is still explained.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use betza_syntax::Dialect;
use betza_syntax::board::BoardSize;
use betza_syntax::explain::{diagram, diagram_svg, explain};

use super::{EXIT_BAD_INPUT, report};

pub fn run(
    betza: &str,
    dialect: Dialect,
    board: Option<BoardSize>,
    svg: Option<&Path>,
) -> ExitCode {
    let parse = betza_syntax::parse(betza, dialect);
    if let Some(path) = svg
        && let Err(error) = std::fs::write(path, diagram_svg(&parse, board))
    {
        eprintln!("error: cannot write {}: {error}", path.display());
        return ExitCode::from(EXIT_BAD_INPUT);
    }
    report::eprint_syntax_errors("<betza>", betza, parse.errors());
    let mut out = explain(&parse).to_text();
    out.push('\n');
    out.push_str(&diagram(&parse, board));
    // A closed stdout is not worth a panic.
    let _ = std::io::stdout().write_all(out.as_bytes());
    if parse.has_errors() {
        ExitCode::from(EXIT_BAD_INPUT)
    } else {
        ExitCode::SUCCESS
    }
}
