//! A start position checked exactly as Fairy-Stockfish checks it (`FEN::validate_fen`,
//! src/apiutil.h): the check its `check` command reports as "Invalid starting position" and
//! GUIs such as pychess run before they accept a position. The rules it reads come from the
//! variant ([`Rules`]); what it rejects is said in the user's terms, at the part of the
//! position at fault.
//!
//! The engine's reading is kept, quirks included, because a finding must never contradict it:
//! fields are split at single spaces, a run of digits counts each digit plus nine times the
//! one before (`10` is ten, `100` is also ten), the width of the last rank is never checked,
//! and only the first letter of the side to move is read. Where the engine reads memory that is
//! not its board, the port claims nothing it could contradict (a castling letter whose square
//! lies past the board passes), or takes what the engine shows in practice (with one castling
//! rook in the variant's start position, `K` fails). Work is linear in the position's length,
//! on a board of at most 12 × 10 squares.
//!
//! `fen/verdicts.tsv` holds the engine's verdicts on thousands of positions (recorded by
//! `fen/record.py`); `fen/tests.rs` checks that this port agrees on each, and that a case of
//! `cases/` has a start-position finding exactly where the engine rejected its position.

use std::ops::Range;

use super::board::Board;
use super::rules::{Colour, PieceType, Rules};
use placement::{Placement, PlacementItem};

mod castling;
pub mod form;
pub(crate) mod placement;
mod said;
#[cfg(test)]
mod tests;

/// The part of the engine's check a position fails, with the engine's number for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    Empty = 0,
    MoveNumber = -1,
    HalfMoves = -2,
    Kings = -3,
    EnPassant = -4,
    Castling = -5,
    SideToMove = -6,
    Pocket = -7,
    Geometry = -8,
    TouchingKings = -9,
    Character = -10,
    Fields = -11,
    PromotedPiece = -12,
    ChecksLeft = -13,
    Counting = -14,
}

impl Check {
    /// Whether a section's option `key` can make a position fail this check: of the keys of a
    /// section that inherits its start position, the last such one is said to make it fail.
    pub fn depends_on(self, key: &str) -> bool {
        let piece = PieceType::named(key).is_some();
        match self {
            Check::Fields | Check::ChecksLeft | Check::HalfMoves | Check::MoveNumber => {
                key == "checkCounting"
            }
            Check::Character | Check::Pocket => {
                piece
                    || key.starts_with("promotionPieceTypes")
                    || matches!(key, "pieceDrops" | "seirawanGating" | "promotedPieceType")
            }
            Check::PromotedPiece => piece || key == "promotedPieceType",
            Check::Geometry => matches!(key, "maxRank" | "maxFile" | "pieceDrops"),
            Check::Kings | Check::TouchingKings => piece,
            Check::Castling => {
                piece
                    || key == "chess960"
                    || key.starts_with("castlingRank")
                    || key.starts_with("castlingKingPiece")
                    || key.starts_with("castlingRookPiece")
                    || key == "castling"
                    || key == "castlingDroppedPiece"
            }
            Check::EnPassant | Check::Counting => {
                key == "pawn" || key == "countingRule" || key.starts_with("doubleStep")
            }
            Check::SideToMove | Check::Empty => false,
        }
    }
}

/// Why the engine rejects a position: the check, the bytes of the position at fault and what
/// to tell the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejection {
    pub check: Check,
    pub range: Range<usize>,
    pub message: String,
}

/// The engine's verdict on `fen` as a position of the variant whose board (size, start position
/// and rules) is `board`.
pub fn check(fen: &str, board: &Board) -> Result<(), Rejection> {
    Position::new(fen, board).check()
}

/// A position being checked, with what the checks share.
struct Position<'a> {
    fen: &'a str,
    board: &'a Board,
    rules: &'a Rules,
    /// The fields, as byte ranges of `fen`.
    fields: Vec<Range<usize>>,
    ranks: i64,
    files: i64,
}

/// Where each piece letter of a position's board field stands, as the engine fills its board:
/// row 0 is the first rank, and a letter past the last file is written into the next row (or
/// nowhere, past the end).
struct Squares {
    files: i64,
    cells: Vec<u8>,
}

impl Squares {
    fn new(ranks: i64, files: i64) -> Squares {
        let size = usize::try_from(ranks * files).unwrap_or(0);
        Squares {
            files,
            cells: vec![b' '; size],
        }
    }

    fn index(&self, row: i64, file: i64) -> Option<usize> {
        usize::try_from(row.checked_mul(self.files)?.checked_add(file)?)
            .ok()
            .filter(|i| *i < self.cells.len())
    }

    fn set(&mut self, row: i64, file: i64, c: u8) {
        if let Some(i) = self.index(row, file) {
            self.cells[i] = c;
        }
    }

    /// The character on a square; `None` past the board's end, where the engine reads memory
    /// that is not its board.
    fn get(&self, row: i64, file: i64) -> Option<u8> {
        self.index(row, file).map(|i| self.cells[i])
    }

    /// The first square holding `c`, rank by rank from a1; (-1, -1) when there is none.
    fn find(&self, c: u8) -> (i64, i64) {
        self.cells
            .iter()
            .position(|cell| *cell == c)
            .and_then(|i| i64::try_from(i).ok())
            .map_or((-1, -1), |i| (i / self.files, i % self.files))
    }
}

/// The fields of a position as the engine splits it: at each single space, the empty field
/// after a final space dropped.
fn fields(fen: &str) -> Vec<Range<usize>> {
    let mut fields = Vec::new();
    let mut start = 0;
    for (i, _) in fen.match_indices(' ') {
        fields.push(start..i);
        start = i + 1;
    }
    if start < fen.len() {
        fields.push(start..fen.len());
    }
    fields
}

/// `-`, or digits only (none at all passes too).
fn is_number_or_dash(field: &str) -> bool {
    field == "-" || field.bytes().all(|b| b.is_ascii_digit())
}

/// The letter of a piece type for a colour, as the engine looks it up: a space when the variant
/// has no such piece (and a space on the board is an empty square).
fn letter(rules: &Rules, colour: Colour, piece: PieceType) -> u8 {
    match (rules.letter(piece), colour) {
        (Some(l), Colour::White) => l.to_ascii_uppercase(),
        (Some(l), Colour::Black) => l,
        (None, _) => b' ',
    }
}

impl<'a> Position<'a> {
    fn new(fen: &'a str, board: &'a Board) -> Position<'a> {
        Position {
            fen,
            board,
            rules: &board.rules,
            fields: fields(fen),
            ranks: i64::from(board.ranks),
            files: i64::from(board.files),
        }
    }

    fn field(&self, index: usize) -> &'a str {
        self.fields
            .get(index)
            .and_then(|range| self.fen.get(range.clone()))
            .unwrap_or("")
    }

    /// The range of field `index`; an empty field is shown by the space before it.
    fn field_range(&self, index: usize) -> Range<usize> {
        let range = self.fields.get(index).cloned().unwrap_or(0..0);
        if range.is_empty() && range.start > 0 {
            range.start - 1..range.start
        } else {
            range
        }
    }

    fn check(&self) -> Result<(), Rejection> {
        if self.fen.is_empty() {
            return Err(self.rejection(
                Check::Empty,
                0..0,
                "the start position is empty".to_owned(),
            ));
        }
        let most = 6 + usize::from(self.rules.check_counting);
        if self.fields.len() > most {
            let from = self.fields[most].start;
            let message = said::too_many_fields(self.fen, self.fields.len(), most);
            return Err(self.rejection(Check::Fields, from..self.fen.len(), message));
        }
        let placement = self.field(0);
        self.characters(placement)?;
        self.promoted_pieces(placement)?;
        let (squares, fits) = self.fill(placement);
        fits?;
        let pocket = if self.rules.piece_drops || self.rules.seirawan_gating {
            self.pocket(placement)?
        } else {
            String::new()
        };
        if self.rules.has(PieceType::KING) {
            self.kings(placement, &pocket, &squares)?;
        }
        let side = self.field(1);
        if self.fields.len() >= 2 && !matches!(side.bytes().next(), Some(b'w' | b'b')) {
            return Err(self.rejection(Check::SideToMove, self.field_range(1), said::side(side)));
        }
        // With four or five fields and a number third, the castling and en-passant fields
        // are taken as left out.
        let count = self.fields.len();
        let skipped = (4..=5).contains(&count)
            && self
                .field(2)
                .bytes()
                .next()
                .is_some_and(|b| b.is_ascii_digit());
        if count >= 3 && !skipped && self.rules.castling {
            self.castling(&squares)?;
        }
        if count >= 4 && !skipped {
            let field = self.field(3);
            if self.rules.double_step && self.rules.has(PieceType::PAWN) {
                let square = field.as_bytes();
                let readable = field == "-"
                    || square.len() == 2
                        && square[0].is_ascii_alphabetic()
                        && square[1].is_ascii_digit();
                if !readable {
                    let message = said::en_passant(field);
                    return Err(self.rejection(Check::EnPassant, self.field_range(3), message));
                }
            } else if self.rules.counting && !is_number_or_dash(field) {
                let message = said::counting(field);
                return Err(self.rejection(Check::Counting, self.field_range(3), message));
            }
        }
        self.counters(skipped)
    }

    /// Every character of the board field is a digit, a piece's letter, `/` or `*`, or a mark
    /// the variant's rules allow: `+` with shogi-style promotions, `~` where pieces promote,
    /// `[`, `-` and `]` where the position says what is in hand.
    fn characters(&self, placement: &str) -> Result<(), Rejection> {
        for (i, b) in placement.bytes().enumerate() {
            if b.is_ascii_digit() || self.rules.is_piece_character(b) || self.is_mark(b) {
                continue;
            }
            let c = placement
                .get(i..)
                .and_then(|rest| rest.chars().next())
                .unwrap_or('?');
            let message = said::character(c, &self.place(placement, i), self.rules);
            return Err(self.rejection(Check::Character, i..i + c.len_utf8(), message));
        }
        Ok(())
    }

    fn is_mark(&self, b: u8) -> bool {
        match b {
            b'/' | b'*' => true,
            b'+' => self.rules.shogi_style_promotions(),
            b'~' => self.rules.promotion_types.iter().any(|set| !set.is_empty()),
            b'[' | b'-' | b']' => self.rules.has_pockets(),
            _ => false,
        }
    }

    /// Where byte `at` of the board field stands, for a message: on which rank, or in hand.
    fn place(&self, placement: &str, at: usize) -> said::Place {
        let before = &placement.as_bytes()[..at];
        if before.contains(&b'[') {
            return said::Place::InHand;
        }
        let slashes = before.iter().filter(|b| **b == b'/').count();
        let rank = self.ranks - i64::try_from(slashes).unwrap_or(i64::MAX);
        if rank >= 1 {
            said::Place::Rank(rank)
        } else {
            said::Place::PastLastRank
        }
    }

    /// With shogi-style promotions, a `+` before a white piece's letter needs a promoted form
    /// of that piece. The engine looks only at white pieces (a black letter is not found among
    /// the types it checks), so `+p` always passes.
    fn promoted_pieces(&self, placement: &str) -> Result<(), Rejection> {
        if !self.rules.shogi_style_promotions() {
            return Ok(());
        }
        let bytes = placement.as_bytes();
        for (i, pair) in bytes.windows(2).enumerate() {
            let [b'+', letter] = *pair else { continue };
            if !letter.is_ascii_uppercase() {
                continue;
            }
            let Some(piece) = self.rules.white_or_synonym(letter) else {
                continue;
            };
            if piece != PieceType::NONE && self.rules.promotes_to(piece).is_none() {
                let message = said::promoted(letter, &self.place(placement, i));
                return Err(self.rejection(Check::PromotedPiece, i..i + 2, message));
            }
        }
        Ok(())
    }

    /// The board as the engine fills it from a board field, and whether the field fits the
    /// board: each rank as wide as the board (but the last, which is never measured), and as
    /// many ranks as the board has. Filling stops at the first misfit, as the engine's does.
    fn fill(&self, placement: &str) -> (Squares, Result<(), Rejection>) {
        let mut squares = Squares::new(self.ranks, self.files);
        let mut walk = Placement::new(placement, |b| self.is_mark(b));
        for (i, item) in walk.by_ref() {
            match item {
                PlacementItem::RankEnd { rank, width, range } => {
                    if width != self.files {
                        let message = said::rank_width(self.ranks - rank, width, self.files);
                        let misfit = self.rejection(Check::Geometry, range, message);
                        return (squares, Err(misfit));
                    }
                    if rank + 1 == self.ranks {
                        break;
                    }
                }
                PlacementItem::OnSquare { rank, file, byte } => {
                    if file == self.files {
                        let message = said::past_last_file(byte, self.ranks - rank, self.files);
                        let misfit = self.rejection(Check::Geometry, i..i + 1, message);
                        return (squares, Err(misfit));
                    }
                    squares.set(self.ranks - 1 - rank, file, byte);
                }
            }
        }
        let rank_index = walk.rank();
        // A variant with drops may give the pieces in hand as one more rank.
        let fits =
            rank_index + 1 == self.ranks || self.rules.piece_drops && rank_index == self.ranks;
        if fits {
            return (squares, Ok(()));
        }
        let field = placement.split(' ').next().unwrap_or("");
        let found = field.split('[').next().unwrap_or("").split('/').count();
        let message = said::rank_count(found, self.ranks, self.rules.piece_drops);
        let misfit = self.rejection(Check::Geometry, 0..field.len(), message);
        (squares, Err(misfit))
    }

    fn rejection(&self, check: Check, range: Range<usize>, message: String) -> Rejection {
        Rejection {
            check,
            range,
            message,
        }
    }

    /// The pieces in hand, after the last rank's `/` (when there are as many `/` as ranks) or
    /// between `[` and a final `]`, each a piece's letter or `-`.
    fn pocket(&self, placement: &str) -> Result<String, Rejection> {
        let bytes = placement.as_bytes();
        let slashes = bytes.iter().filter(|b| **b == b'/').count();
        let (stop, end) = if i64::try_from(slashes).ok() == Some(self.ranks) {
            (b'/', bytes.len())
        } else if bytes.iter().filter(|b| **b == b'[').count() == 1 {
            if bytes.last() != Some(&b']') {
                let at = placement.find('[').unwrap_or(0);
                let message = said::pocket_unclosed(&placement[at..]);
                return Err(self.rejection(Check::Pocket, at..placement.len(), message));
            }
            (b'[', bytes.len() - 1)
        } else {
            return Ok(String::new());
        };
        let mut pocket = String::new();
        for i in (0..end).rev() {
            let b = bytes[i];
            if b == stop {
                return Ok(pocket);
            }
            if b == b'-' {
                continue;
            }
            if !self.rules.is_piece_character(b) {
                let c = placement
                    .get(i..)
                    .and_then(|rest| rest.chars().next())
                    .unwrap_or('?');
                let message = said::pocket_piece(c, stop == b'/', self.rules);
                return Err(self.rejection(Check::Pocket, i..i + c.len_utf8(), message));
            }
            pocket.push(char::from(b));
        }
        Ok(pocket)
    }

    /// One king of each colour at most, as many as in the variant's start position, and, for
    /// two kings on the board that are true kings, not on neighbouring squares.
    fn kings(&self, placement: &str, pocket: &str, squares: &Squares) -> Result<(), Rejection> {
        let start_placement = &self.board.start_fen[fields(&self.board.start_fen)
            .first()
            .cloned()
            .unwrap_or(0..0)];
        let count = |text: &str, king: u8| text.bytes().filter(|b| *b == king).count();
        let mut on_board = [0; 2];
        for colour in Colour::BOTH {
            let king = letter(self.rules, colour, PieceType::KING);
            let (found, start) = (count(placement, king), count(start_placement, king));
            if found > 1 || found != start {
                let at = placement
                    .bytes()
                    .enumerate()
                    .filter(|(_, b)| *b == king)
                    .nth(1)
                    .map_or(0..placement.len(), |(i, _)| i..i + 1);
                let message = said::kings(colour, king, found, start);
                return Err(self.rejection(Check::Kings, at, message));
            }
            on_board[colour.index()] = found.saturating_sub(count(pocket, king));
        }
        if self.rules.king_type == PieceType::KING && on_board == [1, 1] {
            let [white, black] =
                Colour::BOTH.map(|c| squares.find(letter(self.rules, c, PieceType::KING)));
            let distance = (white.0 - black.0).pow(2) + (white.1 - black.1).pow(2);
            if distance <= 2 {
                let message = said::touching_kings(white, black);
                return Err(self.rejection(Check::TouchingKings, 0..placement.len(), message));
            }
        }
        Ok(())
    }

    /// The half-move clock and move number (after the checks left, in a variant that counts
    /// them, as `3+3` in the fifth field or `+1+2` at the end): each `-` or digits.
    fn counters(&self, skipped: bool) -> Result<(), Rejection> {
        let count = self.fields.len();
        let mut between = if skipped { 0 } else { 2 };
        let mut trailing = 0;
        if count >= 3 + between && self.rules.check_counting && count % 2 == 1 {
            let checks = self.field(2 + between).as_bytes();
            if checks.len() == 3 && checks[0].is_ascii_digit() && checks[2].is_ascii_digit() {
                between += 1;
            } else {
                let last = self.field(count - 1).as_bytes();
                let up_to_three = |b: u8| (b'0'..=b'3').contains(&b);
                let lichess = last.len() == 4 && up_to_three(last[1]) && up_to_three(last[3]);
                if count < 5 + between || !lichess {
                    let field = self.field(2 + between);
                    let message = said::checks(field, count >= 5 + between);
                    return Err(self.rejection(
                        Check::ChecksLeft,
                        self.field_range(2 + between),
                        message,
                    ));
                }
                trailing = 1;
            }
        }
        // Counted from the end, so with fewer fields they are others (`… w KQkq e3 0` reads
        // `e3` as the half-move clock).
        let counters = [
            (3, 2, Check::HalfMoves, "half-move clock"),
            (4, 1, Check::MoveNumber, "move number"),
        ];
        for (needed, from_end, check, name) in counters {
            if count < needed + between {
                continue;
            }
            let index = count - from_end - trailing;
            let field = self.field(index);
            if !is_number_or_dash(field) {
                return Err(self.rejection(
                    check,
                    self.field_range(index),
                    said::counter(field, name),
                ));
            }
        }
        Ok(())
    }
}
