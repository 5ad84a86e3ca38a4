//! The castling field: each right needs its king on the castling rank with a castling rook
//! between it and that side's edge (`K`, `Q`), or a piece on the file a letter names (gating
//! and Chess960-style rights, `A` to `L`); where the variant's start position fixes where the
//! king and rooks stand, they must still stand there.

use super::{Check, Position, Rejection, Squares, letter, said};
use crate::host::ini::rules::{CastlingSide, Colour};

/// Each colour's rights, with where each is written in the position.
type Rights = [Vec<(u8, usize)>; 2];

impl Position<'_> {
    /// The castling field checked against the board: each right on the castling rank, then,
    /// where the start position fixes them, its king and rook where they started.
    pub(super) fn castling(&self, squares: &Squares) -> Result<(), Rejection> {
        let rights = self.rights()?;
        if rights.iter().all(Vec::is_empty) {
            return Ok(());
        }
        let kings = Colour::BOTH.map(|c| squares.find(self.castling_king(c)));
        for colour in Colour::BOTH {
            for &(right, at) in &rights[colour.index()] {
                self.right_on_rank(squares, colour, right, kings[colour.index()])
                    .map_err(|message| self.rejection(Check::Castling, at..at + 1, message))?;
            }
        }
        // With the king and rooks placed at random (Chess960) or dropped, no start square is
        // known to compare with.
        if self.rules.chess960 || self.rules.castling_dropped_piece {
            return Ok(());
        }
        self.where_they_started(squares, &rights, kings)
    }

    /// The rights the field writes, each colour's apart; a character that is no right
    /// (neither a letter nor `-`) is rejected.
    fn rights(&self) -> Result<Rights, Rejection> {
        let field = self.field(2);
        let range = self.field_range(2);
        let mut rights: Rights = [Vec::new(), Vec::new()];
        for (i, b) in field.bytes().enumerate() {
            if b == b'-' {
                continue;
            }
            if !b.is_ascii_alphabetic() {
                let c = field
                    .get(i..)
                    .and_then(|rest| rest.chars().next())
                    .unwrap_or('?');
                let at = range.start + i;
                return Err(self.rejection(
                    Check::Castling,
                    at..at + c.len_utf8(),
                    said::not_a_right(c),
                ));
            }
            let colour = if b.is_ascii_uppercase() {
                Colour::White
            } else {
                Colour::Black
            };
            rights[colour.index()].push((b, range.start + i));
        }
        Ok(rights)
    }

    /// A colour with rights still has its king on the square where the variant's start
    /// position puts it, and each `K` or `Q` right its rook.
    fn where_they_started(
        &self,
        squares: &Squares,
        rights: &Rights,
        kings: [(i64, i64); 2],
    ) -> Result<(), Rejection> {
        // The start position's own faults are not this position's: its board is taken as far
        // as the engine fills it.
        let (start, _) = self.fill(&self.board.start_fen);
        for colour in Colour::BOTH {
            let rights = &rights[colour.index()];
            if rights.is_empty() {
                continue;
            }
            let start_king = start.find(self.castling_king(colour));
            if kings[colour.index()] != start_king {
                let message = said::king_moved(&self.castling_king_said(colour), start_king);
                return Err(self.rejection(Check::Castling, self.field_range(2), message));
            }
            self.rooks_where_they_started(squares, &start, colour, rights)?;
        }
        Ok(())
    }

    /// The rook of each `K` and `Q` right of a colour stands where it stood in the variant's
    /// start position `start`.
    fn rooks_where_they_started(
        &self,
        squares: &Squares,
        start: &Squares,
        colour: Colour,
        rights: &[(u8, usize)],
    ) -> Result<(), Rejection> {
        let rooks = self.start_rooks(start, colour);
        for side in [CastlingSide::King, CastlingSide::Queen] {
            let flag = match (side, colour) {
                (CastlingSide::King, Colour::White) => b'K',
                (CastlingSide::King, Colour::Black) => b'k',
                (CastlingSide::Queen, Colour::White) => b'Q',
                (CastlingSide::Queen, Colour::Black) => b'q',
            };
            let Some(&(_, at)) = rights.iter().find(|(right, _)| *right == flag) else {
                continue;
            };
            // The queen side's rook is the first castling rook of the start position (rank by
            // rank from a1), the king side's the second. With fewer, the engine reads past its
            // list and, in practice, finds no rook.
            let nth = if side == CastlingSide::Queen { 0 } else { 1 };
            let there = rooks.get(nth).copied();
            let stands = there.is_some_and(|(row, file)| {
                squares
                    .get(row, file)
                    .is_some_and(|c| self.is_castling_rook(c, colour))
            });
            if !stands {
                let message = said::rook_moved(flag, colour, side, there, rooks.len());
                return Err(self.rejection(Check::Castling, at..at + 1, message));
            }
        }
        Ok(())
    }

    /// The letter of the piece that castles, for a colour (a space, which finds the first
    /// empty square, when the variant has no such piece).
    fn castling_king(&self, colour: Colour) -> u8 {
        letter(self.rules, colour, self.rules.castling_king[colour.index()])
    }

    /// The piece that castles, for a colour, in words.
    fn castling_king_said(&self, colour: Colour) -> String {
        said::castling_king(
            colour,
            self.castling_king(colour),
            self.rules.castling_king[colour.index()],
        )
    }

    fn is_castling_rook(&self, c: u8, colour: Colour) -> bool {
        self.rules.piece_of(c).is_some_and(|(owner, piece)| {
            owner == colour && self.rules.castling_rooks[colour.index()].contains(piece)
        })
    }

    /// The castling rank's row for a colour: black's is counted from the far side.
    fn castling_row(&self, colour: Colour) -> i64 {
        let rank = i64::from(self.rules.castling_rank);
        match colour {
            Colour::White => rank,
            Colour::Black => self.ranks - 1 - rank,
        }
    }

    /// One right checked on the castling rank: `K` and `Q` need the king on that rank and a
    /// castling rook between it and the edge; another letter needs a piece on its file.
    fn right_on_rank(
        &self,
        squares: &Squares,
        colour: Colour,
        right: u8,
        king: (i64, i64),
    ) -> Result<(), String> {
        let row = self.castling_row(colour);
        let side = match right.to_ascii_lowercase() {
            b'k' => CastlingSide::King,
            b'q' => CastlingSide::Queen,
            file_letter => {
                let file = i64::from(file_letter - b'a');
                // Past the board's end the engine reads other memory, which is not a space.
                return match squares.get(row, file) {
                    Some(b' ') => Err(said::no_gating_piece(right, row, file)),
                    _ => Ok(()),
                };
            }
        };
        if king.0 != row {
            let king_said = self.castling_king_said(colour);
            return Err(said::king_off_rank(right, &king_said, row, king));
        }
        let mut files: Box<dyn Iterator<Item = i64>> = match side {
            CastlingSide::King => Box::new((0..self.files).rev()),
            CastlingSide::Queen => Box::new(0..self.files),
        };
        let rook = files
            .by_ref()
            .take_while(|file| *file != king.1)
            .any(|file| {
                squares
                    .get(row, file)
                    .is_some_and(|c| self.is_castling_rook(c, colour))
            });
        if rook {
            return Ok(());
        }
        let rooks: Vec<u8> = self
            .rules
            .piece_letters()
            .filter_map(|l| {
                let (_, piece) = self.rules.piece_of(l)?;
                self.rules.castling_rooks[colour.index()]
                    .contains(piece)
                    .then_some(letter(self.rules, colour, piece))
            })
            .collect();
        Err(said::no_castling_rook(right, colour, side, row, &rooks))
    }

    /// The squares of the castling rooks of a colour in the variant's start position, rank by
    /// rank from a1.
    fn start_rooks(&self, start: &Squares, colour: Colour) -> Vec<(i64, i64)> {
        let mut rooks = Vec::new();
        for row in 0..self.ranks {
            for file in 0..self.files {
                if start
                    .get(row, file)
                    .is_some_and(|c| self.is_castling_rook(c, colour))
                {
                    rooks.push((row, file));
                }
            }
        }
        rooks
    }
}
