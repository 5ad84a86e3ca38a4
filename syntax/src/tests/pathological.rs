//! Pathological input, each finishing without a crash: very long lines, very many sections,
//! every kind of line break, and NUL bytes, through the whole-file analysis.

use crate::analysis::{Options, analyse};
use crate::diagnostic::{Code, codes};
use crate::host::HostFormat;

/// A 10 MB line is one error, not seconds of work: strings over `REGION_LIMIT` are not
/// analysed. One just under the limit still is.
#[test]
fn a_ten_megabyte_line_of_betza() {
    let line = "fmWfcF".repeat(10_000_000 / 6);
    let analysis = analyse(HostFormat::Betza, &line, &Options::default());
    assert!(analysis.regions.is_empty());
    let codes: Vec<Code> = analysis.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, [codes::STRING_TOO_LONG]);
    assert_eq!(usize::from(analysis.diagnostics[0].range.len()), line.len());
    let under = "fmWfcF".repeat(crate::host::REGION_LIMIT / 6);
    let analysis = analyse(HostFormat::Betza, &under, &Options::default());
    assert_eq!(analysis.regions.len(), 1);
}

#[test]
fn a_variants_ini_with_100_000_sections() {
    let mut text = String::new();
    for i in 0..100_000 {
        text.push_str(&format!("[v{i}:chess]\ncustomPiece1 = x:fmWfcF\n"));
    }
    let analysis = analyse(HostFormat::VariantsIni, &text, &Options::default());
    assert_eq!(analysis.regions.len(), 100_000);
}

#[test]
fn every_line_break_nul_and_unicode_separator() {
    let text = "[v:chess]\r\ncustomPiece1 = x:fmW\rcustomPiece2 = y:N\u{2028}\u{85}\0\ncustomPiece3 = z:\0W\n\r\n";
    for format in HostFormat::ALL {
        let analysis = analyse(format, text, &Options::default());
        for d in &analysis.diagnostics {
            assert!(
                text.is_char_boundary(d.range.start().into())
                    && text.is_char_boundary(d.range.end().into())
            );
        }
    }
}

/// `(caf)` repeats up to 25 times and captures on every leg: on a 26x26 board the paths number
/// in the billions. The search stays within its budget and says whether it was cut short;
/// every square it gives is on the board.
#[test]
fn capturing_repeat_groups_on_the_largest_board() {
    use crate::board::{BoardSize, Position, Side, generate};
    use crate::{Dialect, parse};
    let size: BoardSize = "26x26".parse().expect("size");
    let enemies: Vec<_> = size
        .squares()
        .filter(|s| (s.file + s.rank) % 3 == 0)
        .collect();
    for text in ["(caf)", "(caf)W", "(cafmaf)K"] {
        let piece = crate::registry::lower(&parse(text, Dialect::XBetza).piece(), Dialect::XBetza);
        let from = size.centre();
        let enemies: Vec<_> = enemies.iter().copied().filter(|s| *s != from).collect();
        let position =
            Position::new(size, from, Side::White, false, &[], &enemies).expect("position");
        let generated = generate(&piece, &position);
        assert!(
            generated
                .destinations()
                .iter()
                .all(|s| s.file < 26 && s.rank < 26)
        );
    }
}

/// Found by the `moves` fuzz target: a leg with a range of billions after `a` legs (XBetza reads
/// `3323333333` as a range, with an error for its length) overflowed the search's sum of the
/// remaining legs' reach.
#[test]
fn a_huge_range_on_a_later_leg_does_not_overflow() {
    use crate::board::{BoardSize, Position, Side, Square, generate};
    use crate::{Dialect, parse};
    let text = "(p\u{fffd}\u{fffd}\u{fffd}\u{fffd}\u{fffd}\u{fffd}\u{fffd}\x0c333a33333aD3323333333(333@@@@@@@@333332paD333\x0033333\u{fffd}3aD332333333333333333333\u{fffd}3aD33233333333333333paD333\u{fffd}\u{fffd}\u{fffd}aD3323333333333333333303";
    let size: BoardSize = "8x8".parse().expect("size");
    let from = Square { file: 3, rank: 3 };
    let position = Position::new(size, from, Side::White, false, &[], &[]).expect("position");
    for dialect in [Dialect::XBetza, Dialect::Fairy] {
        let piece = crate::registry::lower(&parse(text, dialect).piece(), dialect);
        let generated = generate(&piece, &position);
        assert!(generated.destinations().iter().all(|s| size.contains(*s)));
    }
}

/// `a` twenty thousand times and a `K`: a move of 20,001 legs. Each leg start pays for the
/// legs and trail it looks over, so the search stops at its budget and says so instead of
/// taking a minute (it took 73 s in `betza check` before).
#[test]
fn a_move_of_twenty_thousand_legs_is_cut_short() {
    let text = format!("{}K", "a".repeat(20_000));
    let piece = xbetza_piece(&text);
    let position = empty_chess_board();
    assert!(crate::board::generate(&piece, &position).truncated);
}

/// A move written sixty thousand times (`UU…U`, `fWfW…fW`) is made once: the universal leaper's moves are
/// the board's squares, not sixty thousand copies of them (4.9 GB before).
#[test]
fn a_move_written_again_is_generated_once() {
    let position = empty_chess_board();
    for (once, often) in [("U", "U".repeat(60_000)), ("fW", "fW".repeat(30_000))] {
        let moves = |text: &str| {
            let piece = xbetza_piece(text);
            crate::board::generate(&piece, &position).moves.len()
        };
        assert_eq!(moves(once), moves(&often), "{once}");
    }
}

fn empty_chess_board() -> crate::board::Position {
    use crate::board::{BoardSize, Position, Side};
    Position::new(
        BoardSize::CHESS,
        BoardSize::CHESS.centre(),
        Side::White,
        false,
        &[],
        &[],
    )
    .expect("an empty board")
}

/// A move is followed through at most 256 legs, each a level of recursion: four thousand legs
/// stepping out and back (`mab` again and again, which never runs out of squares to land on)
/// are cut short on a test thread's small stack instead of overflowing it.
#[test]
fn a_move_deeper_than_the_leg_limit_is_cut_short() {
    let text = format!("{}W", "mab".repeat(4_000));
    let piece = xbetza_piece(&text);
    assert!(crate::board::generate(&piece, &empty_chess_board()).truncated);
}

fn xbetza_piece(text: &str) -> crate::model::Piece {
    crate::registry::lower(
        &crate::parse(text, crate::Dialect::XBetza).piece(),
        crate::Dialect::XBetza,
    )
}
