//! A monospace text grid: one ASCII symbol per square, so it lines up in every editor hover,
//! terminal and font (Unicode symbols differ in width between fonts), with a legend of only the
//! symbols used.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::ops::RangeInclusive;

use crate::board::{Occupant, Position, Square, SquareUse, file_letter};

/// What a square of the diagram shows, in order of precedence.
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
    LocustVictim,
    HopMount,
    EnPassant,
    EpRight,
    Friend,
    Enemy,
    Empty,
}

impl Mark {
    pub fn symbol(self) -> char {
        match self {
            Mark::Piece => '@',
            Mark::PieceStays => '&',
            Mark::CaptureOrSwap => 'W',
            Mark::MoveOrSwap => 'S',
            Mark::Swap => 's',
            Mark::MoveOrCapture => '*',
            Mark::Capture => 'x',
            Mark::InitialOnly => 'i',
            Mark::Move => 'o',
            Mark::LocustVictim => 'v',
            Mark::HopMount => 'h',
            Mark::EnPassant => 'e',
            Mark::EpRight => 'r',
            Mark::Friend => 'F',
            Mark::Enemy => 'E',
            Mark::Empty => '.',
        }
    }

    pub fn meaning(self) -> &'static str {
        match self {
            Mark::Piece => "the piece",
            Mark::PieceStays => "the piece, which may also end its move here",
            Mark::CaptureOrSwap => "captures the piece there, or swaps places with it",
            Mark::MoveOrSwap => "moves there, or swaps places with the piece there",
            Mark::Swap => "swaps places with a piece there",
            Mark::MoveOrCapture => "moves there, or captures an enemy there",
            Mark::Capture => "captures an enemy there",
            Mark::InitialOnly => "moves there on its first move only",
            Mark::Move => "moves there",
            Mark::LocustVictim => "captured on the way",
            Mark::HopMount => "hopped over",
            Mark::EnPassant => "captures en passant there (given e.p. rights)",
            Mark::EpRight => "gets e.p. rights",
            Mark::Friend => "friend",
            Mark::Enemy => "enemy",
            Mark::Empty => "empty",
        }
    }

    pub(super) fn of(position: &Position, square: Square, used: SquareUse) -> Mark {
        let captures = used.captures || used.could_capture;
        if square == position.from {
            if used.moves || captures {
                Mark::PieceStays
            } else {
                Mark::Piece
            }
        } else if used.swaps && captures {
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
        } else if used.locust_victim {
            Mark::LocustVictim
        } else if used.hop_mount {
            Mark::HopMount
        } else if used.en_passant {
            Mark::EnPassant
        } else if used.ep_right {
            Mark::EpRight
        } else {
            match position.occupant(square) {
                Some(Occupant::Friend) => Mark::Friend,
                Some(Occupant::Enemy) => Mark::Enemy,
                None => Mark::Empty,
            }
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
