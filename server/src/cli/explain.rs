//! `betza explain BETZA [--dialect D] [--board WxH] [--svg FILE]`: the piece in words, move by
//! move and leg by leg, and its diagram (also as an SVG file). Syntax errors are reported first;
//! what parsed is still explained. MBN text with several definitions or with macros is
//! explained one definition at a time, macros dissolved; the SVG is then the first piece's.

use std::path::Path;
use std::process::ExitCode;

use betza_syntax::board::BoardSize;
use betza_syntax::explain::{Described, pieces, said_in_turn};
use betza_syntax::registry::{engine_reading_said, is_meaningless};
use betza_syntax::{BetzaString, Reading};

use super::output::{EXIT_BAD_INPUT, EXIT_OUTPUT, print};
use super::report;

pub fn run(
    betza: &str,
    reading: Reading,
    board: Option<BoardSize>,
    svg: Option<&Path>,
) -> ExitCode {
    let string = BetzaString::new(betza, reading.dialect());
    let parse = string.parse();
    report::eprint_syntax_errors("<betza>", betza, parse.errors());
    let pieces = pieces(&string);
    if let Some(path) = svg {
        let first = pieces.iter().find_map(|p| Some((p.parse()?, p.model()?)));
        let picture = match first {
            Some((parse, model)) => Described::with_model(parse, model).diagram_svg(board),
            None => Described::with_model(parse, string.model()).diagram_svg(board),
        };
        // `-` is standard output, which then holds the picture alone, for a pipe.
        if path == Path::new("-") {
            return match print(&picture) {
                Err(status) => status,
                Ok(()) if is_meaningless(parse) => ExitCode::from(EXIT_BAD_INPUT),
                Ok(()) => ExitCode::SUCCESS,
            };
        }
        if let Err(error) = std::fs::write(path, picture) {
            say!("error: cannot write {}: {error}", path.display());
            return ExitCode::from(EXIT_OUTPUT);
        }
    }
    let mut out = said_in_turn(&pieces, |piece| described(piece, board));
    if let Some(said) = engine_reading_said(reading, &string, board) {
        out.push('\n');
        out.push_str(&said);
    }
    if let Err(status) = print(&out) {
        return status;
    }
    if is_meaningless(parse) {
        ExitCode::from(EXIT_BAD_INPUT)
    } else {
        ExitCode::SUCCESS
    }
}

/// The explanation and the diagram of one piece, from one model.
fn described(described: &Described, board: Option<BoardSize>) -> String {
    let mut out = described.explanation_on(board).to_text();
    out.push('\n');
    out.push_str(&described.diagram(board));
    out
}
