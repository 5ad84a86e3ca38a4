//! The search's shortcuts (remembered states, stopping when all is found, hunting missing
//! squares) against following every path, on random multi-leg strings and positions.

use proptest::prelude::*;

use super::generate::generate_searching;
use super::walk::Search;
use super::{BoardSize, Position, Side, Square};
use crate::{Dialect, parse};

fn leg() -> impl Strategy<Value = String> {
    // Plain and `mp` legs are more likely, so most strings have moves.
    let mode = prop::sample::select(vec![
        "", "", "", "m", "mp", "mp", "c", "mc", "p", "g", "y", "d", "u", "n", "o",
    ]);
    let direction = prop::sample::select(vec!["", "f", "b", "fs", "s", "l", "r", "v", "q", "z"]);
    (mode, direction).prop_map(|(m, d)| format!("{m}{d}"))
}

fn piece() -> impl Strategy<Value = String> {
    let atom = prop::sample::select(vec!["K", "W", "F", "N", "R", "B", "Q", "D"]);
    (prop::collection::vec(leg(), 1..5), atom).prop_map(|(legs, atom)| legs.join("a") + atom)
}

fn square() -> impl Strategy<Value = Square> {
    (0u8..6, 0u8..6).prop_map(|(file, rank)| Square { file, rank })
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 1000,
        max_global_rejects: 20_000,
        ..ProptestConfig::default()
    })]

    #[test]
    fn shortcuts_find_the_same_moves_as_every_path(
        betza in piece(),
        from in square(),
        friends in prop::collection::vec(square(), 0..10),
        enemies in prop::collection::vec(square(), 0..10),
    ) {
        let size: BoardSize = "6x6".parse().expect("board");
        let mut friends: Vec<Square> = friends.into_iter().filter(|s| *s != from).collect();
        friends.sort();
        friends.dedup();
        let mut enemies: Vec<Square> = enemies
            .into_iter()
            .filter(|s| *s != from && !friends.contains(s))
            .collect();
        enemies.sort();
        enemies.dedup();
        let position = Position::new(size, from, Side::White, false, &friends, &enemies)
            .expect("position");
        let parsed = parse(&betza, Dialect::XBetza);
        let piece = crate::registry::lower(&parsed.piece(), Dialect::XBetza);
        let every = generate_searching(&piece, &position, Search::EveryPath);
        prop_assume!(!every.truncated && !every.moves.is_empty());
        // With a budget too small for a free search, the hunt for missing squares finds the
        // rest, or says the result is cut short and shows only true moves.
        let hunted = generate_searching(&piece, &position, Search::ShortcutsWithin(400));
        if hunted.truncated {
            let all = every.destinations();
            prop_assert!(hunted.destinations().iter().all(|s| all.contains(s)), "{}", betza);
        } else {
            prop_assert_eq!(hunted.destinations(), every.destinations(), "{}", betza);
        }
        let quick = generate_searching(&piece, &position, Search::Shortcuts);
        prop_assert!(!quick.truncated, "{betza}");
        let moves = |g: &super::Generated| {
            let mut keys: Vec<String> = g
                .moves
                .iter()
                .map(|m| format!("{}{:?}{:?}{:?}", m.to, m.capture, m.captured, m.unload))
                .collect();
            keys.sort();
            keys.dedup();
            keys
        };
        prop_assert_eq!(moves(&quick), moves(&every), "{}", betza);
        // The squares marked beside the moves; which path a move keeps (its hops) may differ.
        prop_assert_eq!(&quick.could_capture, &every.could_capture, "{}", betza);
        let sorted = |mut v: Vec<Square>| {
            v.sort();
            v
        };
        prop_assert_eq!(sorted(quick.en_passant.clone()), sorted(every.en_passant.clone()));
        prop_assert_eq!(sorted(quick.borrowed_from.clone()), sorted(every.borrowed_from.clone()));
    }
}
