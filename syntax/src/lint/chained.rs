//! Lints for chained Betza (seed 001), read from the model: a written move that gives no path
//! can never be made, and a move that adds nothing to the rest of the piece is redundant.

use super::{Findings, meaning};
use crate::tree::Parse;
use crate::{Dialect, SyntaxKind, model};

pub(super) fn check(parse: &Parse, findings: &mut Findings<'_>) {
    let piece = model::build(&parse.piece(), Dialect::Chained);
    let text = parse.syntax().text().to_string();
    for written in parse
        .syntax()
        .children()
        .filter(|n| n.kind() == SyntaxKind::MOVE)
    {
        let range = written.text_range();
        let drawn = piece.moves.iter().any(|m| m.source == range);
        let said = piece
            .not_drawn
            .iter()
            .any(|(r, _)| r.intersect(range).is_some());
        let broken = written.descendants().any(|n| n.kind() == SyntaxKind::ERROR);
        if !drawn && !said && !broken {
            findings.push(
                "no-moves",
                range,
                format!(
                    "`{}` can never move: its direction letters select no path",
                    &text[range]
                ),
                None,
            );
        }
    }
    meaning::redundant_moves(parse, &piece, findings);
}

#[cfg(test)]
mod tests {
    use crate::lint::{LintConfig, lint};
    use crate::{Dialect, parse};

    fn codes(text: &str) -> Vec<&'static str> {
        lint(
            &parse(text, Dialect::Chained),
            &LintConfig::for_dialect(Dialect::Chained),
        )
        .iter()
        .map(|d| d.rule.code)
        .collect()
    }

    /// `h` alone selects no direction (seed 001 has it only in `fh`, `bh`, …), so `hW-F` has no
    /// path; in `KW` the `W` adds no square to the King.
    #[test]
    fn moves_that_can_never_be_made_and_moves_that_add_nothing() {
        assert!(codes("W-F").is_empty());
        assert_eq!(codes("KW"), ["redundant-move"]);
        assert_eq!(codes("hW-F"), ["no-moves"]);
    }
}
