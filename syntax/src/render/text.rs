//! A monospace text grid: one ASCII symbol per square, so it lines up in every editor hover,
//! terminal and font (Unicode symbols differ in width between fonts), with a legend of only the
//! symbols used.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::ops::RangeInclusive;

use crate::board::{Occupant, Position, Square, SquareUse, file_letter};

/// What a square of the diagram shows, in order of precedence. A square holding a friend or
/// an enemy shows which, and what the piece does with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    Piece,
    /// The piece's square is also where a move ends: a pass, or a capture without moving.
    PieceStays,
    CaptureOrSwap,
    MoveOrSwap,
    Swap,
    MoveOrCapture,
    Capture,
    InitialOnly,
    Move,
    EnPassant,
    EpRight,
    Friend(WithIt),
    Enemy(WithIt),
    Empty,
}

/// What the piece does with a friend or an enemy on a square, in order of precedence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum WithIt {
    /// A move ends there taking it.
    Captures,
    /// A locust move takes it and goes on.
    CapturesOnTheWay,
    SwapsWith,
    HopsOver,
    /// A move could end there, were the square empty or the piece the other side's.
    InTheWay,
    Nothing,
}

impl WithIt {
    /// The symbol and the meaning of a friend (`friend`) or an enemy the piece does this with.
    fn legend(self, friend: bool) -> (char, &'static str) {
        match (self, friend) {
            (WithIt::Captures, true) => ('D', "friend, which it captures"),
            (WithIt::Captures, false) => ('X', "enemy, which it captures"),
            (WithIt::CapturesOnTheWay, true) => ('K', "friend, captured on the way"),
            (WithIt::CapturesOnTheWay, false) => ('V', "enemy, captured on the way"),
            (WithIt::SwapsWith, true) => ('Y', "friend, which it swaps places with"),
            (WithIt::SwapsWith, false) => ('Z', "enemy, which it swaps places with"),
            (WithIt::HopsOver, true) => ('J', "friend, hopped over"),
            (WithIt::HopsOver, false) => ('H', "enemy, hopped over"),
            (WithIt::InTheWay, true) => ('B', "friend in the way of a move there"),
            (WithIt::InTheWay, false) => ('N', "enemy it cannot take, in the way of a move there"),
            (WithIt::Nothing, true) => ('F', "friend"),
            (WithIt::Nothing, false) => ('E', "enemy"),
        }
    }
}

impl Mark {
    pub fn symbol(self) -> char {
        self.legend().0
    }

    pub fn meaning(self) -> &'static str {
        self.legend().1
    }

    /// The symbol in the grid and the meaning in the legend.
    fn legend(self) -> (char, &'static str) {
        match self {
            Mark::Piece => ('@', "the piece"),
            Mark::PieceStays => ('&', "the piece, which may also end its move here"),
            Mark::CaptureOrSwap => ('W', "captures the piece there, or swaps places with it"),
            Mark::MoveOrSwap => ('S', "moves there, or swaps places with the piece there"),
            Mark::Swap => ('s', "swaps places with a piece there"),
            Mark::MoveOrCapture => ('*', "moves there, or captures an enemy there"),
            Mark::Capture => ('x', "captures an enemy there"),
            Mark::InitialOnly => ('i', "moves there on its first move only"),
            Mark::Move => ('o', "moves there"),
            Mark::EnPassant => ('e', "captures en passant there (given e.p. rights)"),
            Mark::EpRight => ('r', "gets e.p. rights"),
            Mark::Friend(with) => with.legend(true),
            Mark::Enemy(with) => with.legend(false),
            Mark::Empty => ('.', "empty"),
        }
    }

    pub(super) fn of(position: &Position, square: Square, used: SquareUse) -> Mark {
        let captures = used.captures || used.could_capture;
        if square == position.from {
            return if used.moves || captures {
                Mark::PieceStays
            } else {
                Mark::Piece
            };
        }
        if let Some(occupant) = position.occupant(square) {
            let with = if used.captures {
                WithIt::Captures
            } else if used.locust_victim {
                WithIt::CapturesOnTheWay
            } else if used.swaps {
                WithIt::SwapsWith
            } else if used.hop_mount {
                WithIt::HopsOver
            } else if used.in_the_way {
                WithIt::InTheWay
            } else {
                WithIt::Nothing
            };
            return match occupant {
                Occupant::Friend => Mark::Friend(with),
                Occupant::Enemy => Mark::Enemy(with),
            };
        }
        if used.swaps && captures {
            Mark::CaptureOrSwap
        } else if used.swaps && used.moves {
            Mark::MoveOrSwap
        } else if used.swaps {
            Mark::Swap
        } else if captures && used.moves {
            Mark::MoveOrCapture
        } else if captures {
            Mark::Capture
        } else if used.moves && used.initial_only {
            Mark::InitialOnly
        } else if used.moves {
            Mark::Move
        } else if used.en_passant {
            Mark::EnPassant
        } else if used.ep_right {
            Mark::EpRight
        } else {
            Mark::Empty
        }
    }
}

/// The files and ranks shown: the whole board, or `radius` squares around the piece.
pub(super) fn window(
    position: &Position,
    radius: Option<u8>,
) -> (RangeInclusive<u8>, RangeInclusive<u8>) {
    let size = position.size;
    match radius {
        Some(r) => (
            position.from.file.saturating_sub(r)
                ..=(position.from.file.saturating_add(r)).min(size.files - 1),
            position.from.rank.saturating_sub(r)
                ..=(position.from.rank.saturating_add(r)).min(size.ranks - 1),
        ),
        None => (0..=size.files - 1, 0..=size.ranks - 1),
    }
}

/// The board (or the `radius` squares around the piece) from white's side, top rank first,
/// with rank and file labels and a legend of the symbols that appear.
pub fn grid(position: &Position, uses: &BTreeMap<Square, SquareUse>, radius: Option<u8>) -> String {
    let (files, ranks) = window(position, radius);
    let mut out = String::new();
    let mut used_marks = Vec::new();
    for rank in ranks.clone().rev() {
        let _ = write!(out, "{:>3} ", u32::from(rank) + 1);
        for file in files.clone() {
            let square = Square { file, rank };
            let mark = Mark::of(
                position,
                square,
                uses.get(&square).copied().unwrap_or_default(),
            );
            if !used_marks.contains(&mark) {
                used_marks.push(mark);
            }
            out.push(' ');
            out.push(mark.symbol());
        }
        out.push('\n');
    }
    out.push_str("    ");
    for file in files {
        out.push(' ');
        out.push(file_letter(file));
    }
    out.push('\n');
    used_marks.sort();
    let legend: Vec<String> = used_marks
        .iter()
        .filter(|m| **m != Mark::Empty)
        .map(|m| format!("{} {}", m.symbol(), m.meaning()))
        .collect();
    out.push_str(&legend.join("   "));
    out.push('\n');
    out
}
