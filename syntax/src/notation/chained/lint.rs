//! Lints for chained Betza (seed 001), read from the model: a written move that gives no path
//! can never be made, and a move that adds nothing to the rest of the piece is redundant.

use rowan::{TextRange, TextSize};
use rustc_hash::FxHashSet;

use crate::diagnostic::codes;
use crate::lint::Findings;
use crate::notation::xbetza::lint as meaning;
use crate::{BetzaString, SyntaxKind};

pub(crate) fn check(string: &BetzaString, findings: &mut Findings<'_>) {
    let piece = string.model();
    let text = string.text();
    // Looked up, not scanned for each move: a piece may have thousands of moves.
    let drawn: FxHashSet<TextRange> = piece.moves.iter().map(|m| m.source).collect();
    let said = Said::new(&piece.not_drawn);
    for written in string
        .parse()
        .syntax()
        .children()
        .filter(|n| n.kind() == SyntaxKind::MOVE)
    {
        let range = written.text_range();
        let drawn = drawn.contains(&range);
        let said = said.touches(range);
        let broken = written.descendants().any(|n| n.kind() == SyntaxKind::ERROR);
        if !drawn && !said && !broken {
            findings.push_with_help(
                codes::NO_MOVES,
                range,
                format!(
                    "`{}` can never move: its direction letters select no path",
                    &text[range]
                ),
                meaning::no_moves_help(&text[range]),
                None,
            );
        }
    }
    meaning::redundant_moves(string, findings);
}

/// The ranges the model says it does not draw, sorted by start, each with the furthest end of
/// those up to it.
struct Said(Vec<(TextSize, TextSize)>);

impl Said {
    fn new(not_drawn: &[(TextRange, String)]) -> Said {
        let mut ranges: Vec<TextRange> = not_drawn.iter().map(|(r, _)| *r).collect();
        ranges.sort_by_key(|r| r.start());
        let mut furthest = TextSize::from(0);
        Said(
            ranges
                .iter()
                .map(|r| {
                    furthest = furthest.max(r.end());
                    (r.start(), furthest)
                })
                .collect(),
        )
    }

    /// Whether a range said overlaps or touches `range` (as [`TextRange::intersect`] has it).
    fn touches(&self, range: TextRange) -> bool {
        let starting_by_its_end = self.0.partition_point(|(start, _)| *start <= range.end());
        starting_by_its_end
            .checked_sub(1)
            .is_some_and(|last| self.0[last].1 >= range.start())
    }
}

#[cfg(test)]
mod tests {
    use crate::Dialect;
    use crate::fixture::{Host, check_diagnostics};

    /// `h` alone selects no direction (seed 001 has it only in `fh`, `bh`, …), so `hW-F` has no
    /// path; in `KW` the `W` adds no square to the King.
    #[test]
    fn moves_that_can_never_be_made_and_moves_that_add_nothing() {
        let chained = Host::Lint(Dialect::Chained);
        check_diagnostics(chained, "W-F");
        check_diagnostics(
            chained,
            r#"
            KW
             ^ hint redundant-move: `W` adds nothing: the rest of the piece already makes every one of its moves [fix: remove `W`]
            "#,
        );
        check_diagnostics(
            chained,
            r#"
            hW-F
            ^^^^ error no-moves: `hW-F` can never move: its direction letters select no path
            "#,
        );
    }
}
