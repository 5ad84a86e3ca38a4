//! Properties of `parse` on arbitrary input (proptest): it never panics, the tree is lossless,
//! every error range lies inside the input on character boundaries, and long or deeply
//! "nested" input neither blows the stack nor takes quadratic time.

use proptest::prelude::*;

use crate::{Dialect, parse};

/// Betza-like text: mostly notation characters, with some of everything else mixed in.
fn betza_like() -> impl Strategy<Value = String> {
    let notation = prop::sample::select(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789()*+-[]{},:;=@|/!#<>'?$%&. \t\r\n"
            .chars()
            .collect::<Vec<_>>(),
    );
    let anything = any::<char>();
    prop::collection::vec(prop_oneof![8 => notation, 1 => anything], 0..64)
        .prop_map(|chars| chars.into_iter().collect())
}

fn check_invariants(text: &str, dialect: Dialect) {
    let parse = parse(text, dialect);
    assert_eq!(parse.syntax().text().to_string(), text);
    for error in parse.errors() {
        let (start, end) = (
            usize::from(error.range.start()),
            usize::from(error.range.end()),
        );
        assert!(
            start <= end && end <= text.len(),
            "{error:?} outside {text:?}"
        );
        assert!(text.is_char_boundary(start) && text.is_char_boundary(end));
        assert!(!error.message.is_empty());
    }
    // Typed views never panic either.
    for a_move in parse.piece().moves() {
        for leg in a_move.legs() {
            let _ = leg.elements().count();
        }
        if let Some(atom) = a_move.atom() {
            let _ = (atom.atom(), atom.is_doubled(), atom.extension());
            let _ = atom.range().map(|r| r.value());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn betza_like_text_keeps_every_invariant(text in betza_like()) {
        for dialect in crate::Dialect::ALL {
            check_invariants(&text, dialect);
        }
    }

    #[test]
    fn arbitrary_unicode_keeps_every_invariant(text in ".{0,48}") {
        check_invariants(&text, Dialect::XBetza);
        check_invariants(&text, Dialect::Fairy);
    }
}

/// 100 kB of one character: no recursion to overflow, no rescanning to go quadratic. A quadratic
/// parser would need about 10^10 steps here, so this test would not finish.
#[test]
fn long_runs_of_one_character_parse() {
    for unit in [
        "a", "(", ")", "f", "W", "NN", "1", "(caf)", "fmW", "+", "😀", "((",
    ] {
        let text = unit.repeat(100_000 / unit.len());
        check_invariants(&text, Dialect::XBetza);
        check_invariants(&text, Dialect::Fairy);
    }
}

/// Chained Betza's long inputs: a chain of 50 000 legs, and 100 kB of exponents and groups,
/// parse, build a model (too long a path is said, not expanded) and explain without a crash.
#[test]
fn long_chains_are_bounded() {
    for unit in ["W-", "Nrf8", "(FtlF)r0", "(", "K-bK", "x"] {
        let text = unit.repeat(100_000 / unit.len());
        check_invariants(&text, Dialect::Chained);
        let parsed = parse(&text, Dialect::Chained);
        let piece = crate::registry::lower(&parsed.piece(), Dialect::Chained);
        assert!(piece.moves.iter().all(|m| m.legs.len() <= 256), "{unit}");
    }
}

#[test]
fn one_move_with_ten_thousand_legs_parses() {
    let text = format!("{}K", "ca".repeat(10_000));
    let parse = parse(&text, Dialect::XBetza);
    assert!(parse.errors().is_empty());
    let a_move = parse.piece().moves().next().expect("one move");
    assert_eq!(a_move.legs().count(), 10_001);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Any string, in either dialect, builds a model and generates moves without panicking, and
    /// every destination lies on the board.
    #[test]
    fn any_string_generates_moves_on_the_board(text in betza_like(), black in any::<bool>()) {
        use crate::board::{BoardSize, Position, Side, Square, generate};
        let size = BoardSize { files: 7, ranks: 9 };
        let side = if black { Side::Black } else { Side::White };
        let from = Square { file: 3, rank: 4 };
        let friends = [Square { file: 3, rank: 6 }];
        let enemies = [Square { file: 5, rank: 4 }, Square { file: 2, rank: 3 }];
        let position = Position::new(size, from, side, false, &friends, &enemies)
            .expect("a valid position");
        for dialect in [Dialect::XBetza, Dialect::Fairy, Dialect::Chained] {
            let piece = crate::registry::lower(&parse(&text, dialect).piece(), dialect);
            let generated = generate(&piece, &position);
            for square in generated.destinations() {
                prop_assert!(size.contains(square));
            }
        }
    }
}

/// Text made of chained Betza's own alphabet: atoms, modifiers, operators, digits, groups.
fn chained_like() -> impl Strategy<Value = String> {
    let alphabet = prop::sample::select(
        "WFDANKRQBCZHIJLGOfmcbrlsvaehintxdy-+?!()0123456789,"
            .chars()
            .collect::<Vec<_>>(),
    );
    prop::collection::vec(alphabet, 0..24).prop_map(|chars| chars.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Any chained string builds a model, generates, explains, lints and looks for an XBetza
    /// rewriting without panicking; destinations lie on the board.
    #[test]
    fn any_chained_string_is_drawn_and_explained(text in chained_like()) {
        use crate::board::{BoardSize, Position, Side, Square, generate};
        let size = BoardSize { files: 8, ranks: 8 };
        let from = Square { file: 3, rank: 3 };
        let enemies = [Square { file: 3, rank: 5 }, Square { file: 4, rank: 4 }];
        let position = Position::new(size, from, Side::White, false, &[], &enemies)
            .expect("a valid position");
        let parsed = parse(&text, Dialect::Chained);
        let piece = crate::registry::lower(&parsed.piece(), Dialect::Chained);
        for square in generate(&piece, &position).destinations() {
            prop_assert!(size.contains(square));
        }
        let _ = crate::explain::explain(&parsed);
        let _ = crate::notation::chained::rewriting::xbetza_equivalent(&parsed);
        let string = crate::BetzaString::new(&text, Dialect::Chained);
        let _ = string.lint(&crate::lint::LintConfig::for_dialect(Dialect::Chained));
    }
}
