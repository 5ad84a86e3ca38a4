use super::*;
use crate::{Dialect, parse};

fn shapes(betza: &str) -> Vec<String> {
    let parsed = parse(betza, Dialect::XBetza);
    let a_move = parsed.piece().moves().next().expect("a move");
    expansions(&a_move, EXPANSION_LIMIT)
        .0
        .into_iter()
        .map(|legs| {
            legs.iter()
                .map(|(letters, _)| {
                    letters
                        .iter()
                        .map(|(m, _)| m.entry().letter)
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
                .join("a")
        })
        .collect()
}

#[test]
fn a_group_repeats_from_zero_up_to_its_count() {
    // Seed 003 "Ideas": "(s(paf)2cR)" — repeat the group at most twice.
    assert_eq!(shapes("s(paf)2cR"), ["sc", "spafc", "spafpafc"]);
    // The Juggernaut Rook: R, cafR, cafcafR, ...
    let juggernaut = shapes("(caf)R");
    assert_eq!(&juggernaut[..3], ["", "caf", "cafcaf"]);
    assert_eq!(juggernaut.len(), REPEAT_LIMIT as usize + 1);
    assert_eq!(shapes("fmW"), ["fm"]);
}

#[test]
fn an_empty_group_is_one_move() {
    // Seed 000: the parenthesised letters "can be repeated"; with none there is nothing to
    // repeat, and `()K` or the unclosed `(K` is the King once, not 26 copies of it.
    assert_eq!(shapes("(K"), [""]);
    assert_eq!(shapes("()K"), [""]);
}

#[test]
fn a_piece_of_many_moves_with_groups_is_cut_at_its_budget() {
    let text = "(caf)K".repeat(1000);
    let piece = crate::registry::lower(&parse(&text, Dialect::XBetza).piece(), Dialect::XBetza);
    assert!(piece.incomplete);
    // Each move past the budget is still its plain King move.
    assert!(piece.moves.len() < PIECE_EXPANSION_LIMIT + 1000);
    assert!(piece.moves.len() >= 1000);
}
