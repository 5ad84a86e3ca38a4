//! What a section's board is once its parents are applied: its size, its pieces' letters and
//! its start position, and the checks that read them (the start position, and piece letters in
//! options), each as Fairy-Stockfish reads them.

use std::collections::BTreeSet;

use super::options::{self, ValueKind};

/// A variant's board as far as the checks need it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    pub files: u8,
    pub ranks: u8,
    /// Its pieces' letters, lower case.
    pub letters: BTreeSet<char>,
    pub start_fen: String,
}

impl Board {
    /// A section without parent: chess's board and start position, and no pieces.
    pub fn without_parent() -> Board {
        Board {
            files: 8,
            ranks: 8,
            letters: BTreeSet::new(),
            start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_owned(),
        }
    }

    pub fn built_in(name: &str) -> Option<Board> {
        options::built_in(name).map(|b| Board {
            files: b.files,
            ranks: b.ranks,
            letters: b.letters.chars().collect(),
            start_fen: b.start_fen.clone(),
        })
    }

    /// Why the engine does not accept `fen` as a start position on this board, if it does not.
    pub fn fen_problem(&self, fen: &str) -> Option<String> {
        // Six fields, and one more for the checks left in a variant that counts them (`3+3`).
        let fields = fen.split_whitespace().count();
        let counts_checks = fen.split_whitespace().any(|field| {
            field
                .split_once('+')
                .is_some_and(|(a, b)| a.parse::<u8>().is_ok() && b.parse::<u8>().is_ok())
        });
        let most = 6 + usize::from(counts_checks);
        if fields > most {
            return Some(format!(
                "a start position has at most {most} fields, this one {fields}: there are no \
                 comments after a value, and Fairy-Stockfish rejects the position"
            ));
        }
        let placement = fen.split_whitespace().next().unwrap_or("");
        // Pieces in hand follow the board in brackets (`…/RNBQKBNR[]`).
        let placement = placement.split('[').next().unwrap_or(placement);
        let rows: Vec<&str> = placement.split('/').collect();
        if rows.len() != usize::from(self.ranks) {
            return Some(format!(
                "the start position has {} ranks, the board {}",
                rows.len(),
                self.ranks
            ));
        }
        for (index, row) in rows.iter().enumerate() {
            let rank = usize::from(self.ranks) - index;
            let mut width = 0usize;
            let mut digits = String::new();
            for c in row.chars() {
                if c.is_ascii_digit() {
                    digits.push(c);
                    continue;
                }
                width += digits.parse::<usize>().unwrap_or(0);
                digits.clear();
                match c {
                    // A promoted piece's mark, and a wall square.
                    '+' | '~' => {}
                    '*' => width += 1,
                    letter if letter.is_ascii_alphabetic() => {
                        if !self.letters.contains(&letter.to_ascii_lowercase()) {
                            return Some(format!(
                                "`{letter}` on rank {rank} of the start position is no piece of \
                                 this variant{}",
                                self.letters_said()
                            ));
                        }
                        width += 1;
                    }
                    other => {
                        return Some(format!(
                            "`{other}` on rank {rank} of the start position is neither a piece \
                             letter nor a number of empty squares"
                        ));
                    }
                }
            }
            width += digits.parse::<usize>().unwrap_or(0);
            if width != usize::from(self.files) {
                return Some(format!(
                    "rank {rank} of the start position has {width} squares, the board {} files",
                    self.files
                ));
            }
        }
        None
    }

    /// Where a list of piece letters stops being read: Fairy-Stockfish reads letters of this
    /// variant's pieces (and spaces) and stops at anything else, keeping what came before.
    pub fn piece_list_problem(&self, kind: ValueKind, value: &str) -> Option<String> {
        if matches!(value, "*" | "-") {
            return None;
        }
        let stop = value
            .chars()
            .find(|c| !c.is_whitespace() && !self.letters.contains(&c.to_ascii_lowercase()))?;
        let kept: String = value
            .chars()
            .take_while(|c| *c != stop)
            .filter(|c| !c.is_whitespace())
            .collect();
        let what = if kind == ValueKind::PieceType {
            "the letter"
        } else {
            "the list"
        };
        let kept = if kept.is_empty() {
            "nothing".to_owned()
        } else {
            format!("`{}`", crate::quote::shortened(&kept))
        };
        Some(format!(
            "`{stop}` is no piece of this variant{}: Fairy-Stockfish stops reading {what} there \
             and keeps {kept}",
            self.letters_said()
        ))
    }

    fn letters_said(&self) -> String {
        if self.letters.is_empty() {
            " (it has none: a section without parent starts with no pieces)".to_owned()
        } else {
            format!(" (its pieces: {})", self.letters.iter().collect::<String>())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_start_position_is_read_as_the_engine_reads_it() {
        let chess = Board::built_in("chess").expect("chess");
        assert_eq!(chess.fen_problem(&chess.start_fen), None);
        let seven = "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert!(
            chess
                .fen_problem(seven)
                .is_some_and(|p| p.contains("7 ranks"))
        );
        let shogi = Board::built_in("shogi").expect("shogi");
        assert_eq!(shogi.fen_problem(&shogi.start_fen), None);
        for variant in options::built_ins() {
            let board = Board::built_in(&variant.name).expect("built in");
            assert_eq!(
                board.fen_problem(&board.start_fen),
                None,
                "{}",
                variant.name
            );
        }
    }
}
