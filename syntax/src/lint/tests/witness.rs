//! Positions the user can reproduce (issue 53): a difference between two readings is named on
//! the board the user sees where it shows there (a `variants.ini` section's own 9×9 or 10×10
//! board), else on a board the engines compared play (Fairy-Stockfish's at most 12×10), and a
//! larger board is named only when no such board shows it, with the reason said.

use crate::analysis::{Options, analyse};
use crate::board::{BoardSize, Position, Side, Square, generate};
use crate::host::HostFormat;
use crate::lint::{Boards, Comparison, Largest, difference};
use crate::{BetzaString, Dialect, Reading};

/// A position named in a message, as `difference_words` writes it, and the squares each
/// reading alone goes to there: (who, squares).
struct Witness {
    position: Position,
    named: Vec<Square>,
    only: Vec<(String, Vec<Square>)>,
}

fn squares(words: &str) -> Vec<Square> {
    words
        .split_whitespace()
        .map_while(|w| w.parse::<Square>().ok())
        .collect()
}

/// The witness of a message that names one: its position (from, board, pieces, side, moved),
/// every square named, and the squares each reading alone goes to.
fn witness(message: &str) -> Witness {
    let at = message.find("from ").expect("a position") + "from ".len();
    let (place, moves) = message[at..]
        .split_once(": ")
        .expect("the squares after `: `");
    let mut parts = place.split(", ");
    let head: Vec<&str> = parts.next().expect("a square").split(' ').collect();
    let from: Square = head[0].parse().expect("the piece's square");
    let size: BoardSize = (head.iter().find(|w| w.contains('x')))
        .expect("a board size")
        .parse()
        .expect("a board size");
    let (mut friends, mut enemies) = (Vec::new(), Vec::new());
    let (mut side, mut moved) = (Side::White, false);
    for part in parts {
        if let Some(list) = part.strip_prefix("friends on ") {
            friends = squares(list);
        } else if let Some(list) = part.strip_prefix("enemies on ") {
            enemies = squares(list);
        } else if part == "for black" {
            side = Side::Black;
        } else if part == "after the piece has moved" {
            moved = true;
        }
    }
    // What a move captures on the way, in parentheses, is not where it goes.
    let mut bare = String::new();
    let mut depth = 0usize;
    for c in moves.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            c if depth == 0 => bare.push(c),
            _ => {}
        }
    }
    let only: Vec<(String, Vec<Square>)> = bare
        .split("; ")
        .filter_map(|clause| {
            let (who, list) = clause.split_once(" goes to ")?;
            let who = who
                .trim_start_matches("only ")
                .trim_end_matches(" also")
                .to_owned();
            Some((who, squares(list)))
        })
        .collect();
    let mut named: Vec<Square> = [from].into_iter().chain(friends.clone()).collect();
    named.extend(enemies.iter().copied());
    named.extend(only.iter().flat_map(|(_, s)| s.iter().copied()));
    let position = Position::new(size, from, side, moved, &friends, &enemies)
        .unwrap_or_else(|e| panic!("{message}: {e}"));
    Witness {
        position,
        named,
        only,
    }
}

/// The two engines a `variants.ini` string is compared with (issue 54), by their names in a
/// message.
const ENGINES: [(&str, Reading); 2] = [
    ("XBoard", Reading::XBOARD),
    ("Fairy-Stockfish", Reading::FAIRY),
];

/// Each engine's destinations in the witness's position: those the message says only one
/// engine (or one "also") goes to are its and not the other's.
fn reproduce(text: &str, message: &str) -> Witness {
    let found = witness(message);
    let reading = |reading: Reading| {
        let mut to: Vec<Square> = crate::registry::generate_as(reading, text, &found.position)
            .moves
            .iter()
            .map(|m| m.to)
            .collect();
        to.sort();
        to.dedup();
        to
    };
    let moves = ENGINES.map(|(_, engine)| reading(engine));
    assert!(!found.only.is_empty(), "{message}");
    for (who, squares) in &found.only {
        let index = (ENGINES.iter().position(|(name, _)| name == who))
            .unwrap_or_else(|| panic!("{who} in {message}"));
        let (goes, not) = (&moves[index], &moves[1 - index]);
        for square in squares {
            assert!(
                goes.contains(square) && !not.contains(square),
                "{text}: {who} alone to {square}? {message}"
            );
        }
    }
    found
}

/// XBoard's finding that it reads a piece otherwise on each piece of a `variants.ini` text, by
/// line.
fn disagreements(ini: &str) -> Vec<(usize, String)> {
    analyse(HostFormat::VariantsIni, ini, &Options::default())
        .diagnostics
        .into_iter()
        .filter(|d| d.code == crate::diagnostic::codes::XBOARD_READS_DIFFERENTLY)
        .map(|d| {
            let line = ini[..usize::from(d.range.start())].matches('\n').count() + 1;
            (line, d.message)
        })
        .collect()
}

#[test]
fn a_difference_a_section_board_shows_is_named_on_that_board() {
    // `nZ`: Fairy-Stockfish steps along the longer axis first, XBoard checks the square
    // halfway along the leap; the difference needs pieces, which the section's empty board
    // lacks.
    let ini = "[nine:chess]\nmaxFile = 9\nmaxRank = 9\ncustomPiece1 = a:nZ\n\
               [ten:chess]\nmaxFile = 10\nmaxRank = 10\ncustomPiece1 = a:nZ\n";
    let pieces = [(4, "nZ", 9), (8, "nZ", 10)];
    let found = disagreements(ini);
    assert_eq!(found.len(), pieces.len(), "{found:?}");
    for ((line, message), (at, text, side)) in found.iter().zip(pieces) {
        assert_eq!(*line, at, "{message}");
        let witness = reproduce(text, message);
        let board = BoardSize {
            files: side,
            ranks: side,
        };
        assert_eq!(witness.position.size, board, "{message}");
        assert!(
            witness.named.iter().all(|s| board.contains(*s)),
            "{message}"
        );
        assert!(!message.contains("larger than"), "{message}");
    }
}

#[test]
fn without_a_board_of_its_own_a_difference_is_named_on_one_fairy_stockfish_plays() {
    // Found first on the 15×15 reference board, then on a board the engine plays.
    let found = BetzaString::new("nZ", Dialect::Fairy)
        .lint(&crate::lint::LintConfig::for_dialect(Dialect::Fairy))
        .into_iter()
        .find(|d| d.code == crate::diagnostic::codes::XBOARD_READS_DIFFERENTLY)
        .expect("XBoard reads it otherwise");
    let witness = reproduce("nZ", &found.message);
    let size = witness.position.size;
    assert!(size.files <= 12 && size.ranks <= 10, "{}", found.message);
    assert!(!found.message.contains("larger than"), "{}", found.message);
}

/// A Rook and a Wazir rider of range 11 differ only where a line has twelve squares or more
/// beyond the piece: on no board Fairy-Stockfish plays.
#[test]
fn a_difference_only_a_larger_board_shows_says_so() {
    let rook = BetzaString::new("R", Dialect::XBetza);
    let short = BetzaString::new("W11", Dialect::XBetza);
    let compare = |boards: Boards<'_>| {
        let Comparison::Differs(words) = difference(
            ("XBetza", &|p| generate(rook.model_to_generate(), p)),
            ("Fairy-Stockfish", &|p| {
                generate(short.model_to_generate(), p)
            }),
            boards,
        ) else {
            panic!("R and W11 differ on 15x15");
        };
        words
    };
    let largest = Some(Largest {
        engine: "Fairy-Stockfish",
        size: BoardSize {
            files: 12,
            ranks: 10,
        },
    });
    let limited = compare(Boards {
        seen: None,
        largest,
        by_move: false,
    });
    assert!(
        limited.starts_with("only on a board larger than Fairy-Stockfish plays (12x10), from "),
        "{limited}"
    );
    let witness = witness(&limited);
    assert!(witness.position.size.files > 12 || witness.position.size.ranks > 10);
    // With no engine's limit, or on the user's own large board, nothing is said of it.
    assert!(!compare(Boards::default()).contains("larger than"));
    let own = crate::board::reference::centred(BoardSize {
        files: 15,
        ranks: 15,
    });
    let on_own = compare(Boards {
        seen: own.as_ref(),
        largest,
        by_move: false,
    });
    assert!(!on_own.contains("larger than"), "{on_own}");
}

#[test]
fn a_position_moved_onto_another_board_keeps_its_picture_where_there_is_room() {
    use crate::board::reference::fitted;
    let nine = BoardSize { files: 9, ranks: 9 };
    let square = |name: &str| name.parse::<Square>().expect("a square");
    // The centre of 15×15 to the centre of 9×9, a friend two squares up with it; one seven
    // squares away falls off.
    let big = Position::new(
        BoardSize {
            files: 15,
            ranks: 15,
        },
        square("h8"),
        Side::Black,
        true,
        &[square("h10"), square("h15")],
        &[square("a1")],
    )
    .expect("a position");
    let moved = fitted(&big, nine).expect("fits");
    assert_eq!(
        moved,
        Position::new(nine, square("e5"), Side::Black, true, &[square("e7")], &[])
            .expect("a position")
    );
    // Near an edge the piece keeps its distance to it.
    let corner =
        Position::new(big.size, square("b14"), Side::White, false, &[], &[]).expect("a position");
    assert_eq!(fitted(&corner, nine).map(|p| p.from), Some(square("b8")));
    assert_eq!(fitted(&moved, nine), Some(moved));
}
