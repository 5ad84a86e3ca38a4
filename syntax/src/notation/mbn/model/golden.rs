//! Seed 002's examples whose moves the seed states, checked against their golden destinations
//! (`test_data/mbn/seed_moves.tsv`, one row per example and position), and the strings the seed
//! says are equal, compared everywhere (`test_data/mbn/seed_equivalences.tsv`).

use super::tests::made;
use crate::board::{BoardSize, PlacedPiece, Position, Side, Square, generate};
use crate::{Dialect, parse};

const ROWS: &str = include_str!("../../../../test_data/mbn/seed_moves.tsv");

/// One row's position: the friends and enemies around, and the typed pieces among them.
fn position(board: &str, from: &str, side: &str, pieces: &str) -> Position {
    let size: BoardSize = board.parse().expect("board");
    let side = if side == "black" {
        Side::Black
    } else {
        Side::White
    };
    let (mut friends, mut enemies, mut typed) = (Vec::new(), Vec::new(), Vec::new());
    for piece in pieces.split(',').filter(|p| *p != "-") {
        if let Some(square) = piece.strip_prefix('+') {
            friends.push(square.parse::<Square>().expect("square"));
        } else if let Some(square) = piece.strip_prefix('-') {
            enemies.push(square.parse::<Square>().expect("square"));
        } else {
            let placed: PlacedPiece = piece.parse().expect("piece");
            let ours = placed.white == (side == Side::White);
            if ours { &mut friends } else { &mut enemies }.push(placed.square);
            typed.push(placed);
        }
    }
    let from = from.parse().expect("square");
    let mut position =
        Position::new(size, from, side, false, &friends, &enemies).expect("a position");
    for placed in &typed {
        position.name_piece(placed.square, &placed.name);
    }
    position
}

#[test]
fn every_seed_example_with_stated_moves_makes_them() {
    let mut checked = 0;
    for row in ROWS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let [line, text, board, from, side, pieces, destinations, _said] =
            row.split('\t').collect::<Vec<_>>()[..]
        else {
            panic!("a row of eight columns: {row}");
        };
        let parsed = parse(text, Dialect::Mbn);
        assert!(
            parsed.errors().is_empty(),
            "{line} {text}: {:?}",
            parsed.errors()
        );
        let piece = crate::registry::lower(&parsed.piece(), Dialect::Mbn);
        let generated = generate(&piece, &position(board, from, side, pieces));
        let found: Vec<String> = generated
            .destinations()
            .iter()
            .map(ToString::to_string)
            .collect();
        let found = if found.is_empty() {
            "none".to_owned()
        } else {
            found.join(" ")
        };
        assert_eq!(
            found, destinations,
            "{line} `{text}` from {from} among {pieces}"
        );
        checked += 1;
    }
    assert!(checked >= 45, "{checked} rows");
}

const EQUIVALENCES: &str = include_str!("../../../../test_data/mbn/seed_equivalences.tsv");

#[test]
fn every_equivalence_the_seed_states_holds_everywhere() {
    let around = ["-", "+d5,-f6,+b2,-c3,-e4", "-d6,+e5,-b4,+g3,-c7"];
    let mut checked = 0;
    for row in EQUIVALENCES
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let [line, one, other, _said] = row.split('\t').collect::<Vec<_>>()[..] else {
            panic!("a row of four columns: {row}");
        };
        let built = |text: &str| {
            let parsed = parse(text, Dialect::Mbn);
            assert!(
                parsed.errors().is_empty(),
                "{line} {text}: {:?}",
                parsed.errors()
            );
            crate::registry::lower(&parsed.piece(), Dialect::Mbn)
        };
        let (a, b) = (built(one), built(other));
        assert!(!a.moves.is_empty(), "{line} `{one}` draws nothing");
        for side in ["white", "black"] {
            for pieces in around {
                for file in 'a'..='h' {
                    for rank in 1..=8 {
                        let from = format!("{file}{rank}");
                        let taken = pieces.split(',').any(|p| p.get(1..) == Some(from.as_str()));
                        if taken {
                            continue;
                        }
                        let position = position("8x8", &from, side, pieces);
                        assert_eq!(
                            made(&a, &position),
                            made(&b, &position),
                            "{line} `{one}` and `{other}` from {from} ({side}) among {pieces}"
                        );
                    }
                }
            }
        }
        checked += 1;
    }
    assert!(checked >= 25, "{checked} rows");
}
