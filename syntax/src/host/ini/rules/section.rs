//! A section's keys read over its parent's rules, as `VariantParser::parse` reads them
//! (parser.cpp), then what `Variant::conclude` derives (variant.cpp).

use std::sync::Arc;

use super::{Colour, PieceSet, PieceType, Rules};

impl Rules {
    /// These rules with a section's keys applied over them, as the engine applies them:
    /// `values` are the section's keys and values in file order (a key's last value counts),
    /// `ranks` the section's number of ranks. The order of what is read here is the engine's,
    /// not the file's: it decides which of two keys on the same rule wins.
    pub fn with_section(&self, values: &[(&str, &str)], ranks: u8) -> Rules {
        let value = |key: &str| {
            (values.iter().rev())
                .find(|(set, _)| *set == key)
                .map(|(_, value)| *value)
        };
        let mut rules = self.clone();
        rules.read_pieces(values, &value);
        rules.read_deprecated_double_step(&value, i32::from(ranks) - 1);
        rules.read_colour_rules(&value);
        rules.read_flags(&value);
        if let Some(text) = value("castlingRank") {
            rules.castling_rank = read_int(text) - 1;
        }
        rules.conclude();
        rules
    }

    /// The section's piece keys, in the order of their types as the engine reads them: of two
    /// types given one letter, the later keeps it.
    fn read_pieces<'v>(
        &mut self,
        values: &[(&str, &str)],
        value: &impl Fn(&str) -> Option<&'v str>,
    ) {
        let mut pieces: Vec<(PieceType, &str)> = values
            .iter()
            .filter_map(|(key, _)| Some((PieceType::named(key)?, *key)))
            .filter(|(piece, _)| piece.key().is_some())
            .collect();
        pieces.sort_unstable();
        pieces.dedup();
        for (piece, key) in pieces {
            if let Some(text) = value(key) {
                self.read_piece(piece, text);
            }
        }
    }

    /// The rules each colour has its own of (promotion, the castling pieces, the double-step
    /// regions), in the engine's order: a key without `White` or `Black` after it sets both
    /// colours, and one with it, read later, sets its own.
    fn read_colour_rules<'v>(&mut self, value: &impl Fn(&str) -> Option<&'v str>) {
        if let Some(text) = value("castlingRookPiece") {
            self.castling_rooks = [self.read_piece_set(text); 2];
        }
        let per_colour = |rules: &mut Rules, key: &str, apply: &dyn Fn(&mut Rules, usize, &str)| {
            if let Some(text) = value(key) {
                apply(rules, 0, text);
                apply(rules, 1, text);
            }
            for (colour, suffix) in ["White", "Black"].iter().enumerate() {
                if let Some(text) = value(&format!("{key}{suffix}")) {
                    apply(rules, colour, text);
                }
            }
        };
        per_colour(self, "promotionPieceTypes", &|r, c, text| {
            r.promotion_types[c] = r.read_piece_set(text);
        });
        if let Some(text) = value("promotedPieceType") {
            self.read_promoted(text);
        }
        per_colour(self, "castlingRookPieces", &|r, c, text| {
            r.castling_rooks[c] = r.read_piece_set(text);
        });
        per_colour(self, "castlingKingPiece", &|r, c, text| {
            r.castling_king[c] = r.read_piece_type(text);
        });
        for (colour, key) in ["doubleStepRegionWhite", "doubleStepRegionBlack"]
            .iter()
            .enumerate()
        {
            if let Some(text) = value(key) {
                self.double_step_regions[colour] = region_has_square(text);
            }
        }
    }

    /// The rules a section turns on or off.
    fn read_flags<'v>(&mut self, value: &impl Fn(&str) -> Option<&'v str>) {
        let flags: [(&str, &mut bool); 8] = [
            ("chess960", &mut self.chess960),
            ("doubleStep", &mut self.double_step),
            ("castling", &mut self.castling),
            ("castlingDroppedPiece", &mut self.castling_dropped_piece),
            ("pieceDrops", &mut self.piece_drops),
            ("seirawanGating", &mut self.seirawan_gating),
            ("checkCounting", &mut self.check_counting),
            ("countingRule", &mut self.counting),
        ];
        for (key, flag) in flags {
            if let Some(text) = value(key) {
                // A bool is exactly `true`; a counting rule is one of three words (anything
                // else is none, `cambodian` included though the engine's check calls it wrong).
                *flag = match key {
                    "countingRule" => matches!(text, "makruk" | "cambodian" | "asean"),
                    _ => text == "true",
                };
            }
        }
    }

    /// A piece key's value: a letter adds the piece (taking the letter from any other piece
    /// that has it), anything else removes it. The king's value also says whether it is the
    /// king or a royal piece with its own moves (any value longer than one character).
    fn read_piece(&mut self, piece: PieceType, text: &str) {
        match text.bytes().next() {
            Some(letter) if letter.is_ascii_alphabetic() => {
                let lower = letter.to_ascii_lowercase();
                if let Some(owner) = self.letters.iter().position(|l| *l == lower) {
                    self.remove_piece(PieceType(u8::try_from(owner).unwrap_or(0)));
                }
                self.letters[piece.index()] = lower;
                self.clear_synonym(piece);
            }
            Some(_) => self.remove_piece(piece),
            None => return,
        }
        if piece == PieceType::KING {
            self.king_type = if text.len() > 1 {
                PieceType::CUSTOM_KING
            } else {
                PieceType::KING
            };
        }
    }

    /// Removing a piece also takes it out of what pawns promote to.
    fn remove_piece(&mut self, piece: PieceType) {
        self.letters[piece.index()] = b' ';
        self.clear_synonym(piece);
        for set in &mut self.promotion_types {
            set.remove(piece);
        }
    }

    /// Takes a piece's synonym away, copying the table shared with the parent only when
    /// there is one.
    fn clear_synonym(&mut self, piece: PieceType) {
        if self.synonyms[piece.index()] != b' ' {
            Arc::make_mut(&mut self.synonyms)[piece.index()] = b' ';
        }
    }

    /// The types named by a list of letters: `*` is type 0, and reading stops at the first
    /// character that is no piece's letter.
    fn read_piece_set(&self, text: &str) -> PieceSet {
        let mut set = PieceSet::default();
        for piece in self.listed(text) {
            set.insert(piece);
        }
        set
    }

    /// One piece type from a list of letters: the last one read.
    fn read_piece_type(&self, text: &str) -> PieceType {
        self.listed(text).last().unwrap_or(PieceType::NONE)
    }

    fn listed<'t>(&'t self, text: &'t str) -> impl Iterator<Item = PieceType> + 't {
        text.bytes()
            .filter(|b| !is_space(*b))
            .map_while(|b| match b {
                b'*' => Some(PieceType::NONE),
                _ => self.white_type(b),
            })
    }

    /// The type whose white letter is `b` in upper case.
    fn white_type(&self, b: u8) -> Option<PieceType> {
        let upper = b.to_ascii_uppercase();
        if !upper.is_ascii_uppercase() {
            return None;
        }
        match self.piece_of(upper)? {
            (Colour::White, piece) => Some(piece),
            (Colour::Black, _) => None,
        }
    }

    /// `promotedPieceType = p:g s:g`: a letter, any separator, a letter or `-` (no promotion),
    /// pair after pair until one cannot be read; the pairs change what the parent had.
    fn read_promoted(&mut self, text: &str) {
        let mut tokens = text.bytes().filter(|b| !is_space(*b));
        while let Some(from) = tokens.next().and_then(|b| self.white_type(b)) {
            let Some(to) = tokens.nth(1).and_then(|b| match b {
                b'-' => Some(PieceType::NONE),
                _ => self.white_type(b),
            }) else {
                return;
            };
            if self.promoted[from.index()] != to {
                Arc::make_mut(&mut self.promoted)[from.index()] = to;
            }
        }
    }

    /// The deprecated `doubleStepRank` (and, only when that is absent or unreadable,
    /// `doubleStepRankMin`) set both double-step regions to the ranks from the lowest to the
    /// highest, computed on the engine's 128-bit boards, whose spare bits the computation
    /// fills too: such a region is never empty.
    fn read_deprecated_double_step<'v>(
        &mut self,
        value: &impl Fn(&str) -> Option<&'v str>,
        max_rank: i32,
    ) {
        let rank = |key: &str| {
            value(key).map(|text| {
                let rank = read_int(text).saturating_sub(1);
                (rank, (0..=MAX_RANK).contains(&rank))
            })
        };
        let highest = rank("doubleStepRank");
        let lowest = match highest {
            Some((_, true)) => None,
            _ => rank("doubleStepRankMin"),
        };
        if !highest.is_some_and(|(_, ok)| ok) && !lowest.is_some_and(|(_, ok)| ok) {
            return;
        }
        let (highest, lowest) = (highest.map_or(1, |r| r.0), lowest.map_or(1, |r| r.0));
        for colour in Colour::BOTH {
            let zone = bitboard::zone(colour, lowest, max_rank);
            let beyond =
                bitboard::forward_ranks(colour, bitboard::relative(colour, highest, max_rank));
            self.double_step_regions[colour.index()] = zone & !beyond != 0;
        }
    }

    /// `Variant::conclude`: double steps need a region, and a region needs double steps.
    fn conclude(&mut self) {
        if !self.double_step {
            self.double_step_regions = [false; 2];
        }
        if self.double_step_regions == [false; 2] {
            self.double_step = false;
        }
    }
}

/// The last rank of the engine's largest board, counted from 0.
const MAX_RANK: i32 = 9;

/// The engine's bitboards (bitboard.h, with LARGEBOARDS): 128 bits, 12 files a rank, the board
/// in the low 120. A shift the engine leaves undefined (negative, or past 128) gives none here.
mod bitboard {
    use super::{Colour, MAX_RANK};

    const FILES: i32 = 12;
    const ALL_SQUARES: u128 = u128::MAX >> 8;
    const FIRST_RANK: u128 = 0xFFF;

    fn shifted_left(bits: u128, by: i32) -> u128 {
        u32::try_from(by)
            .ok()
            .and_then(|by| bits.checked_shl(by))
            .unwrap_or(0)
    }

    fn shifted_right(bits: u128, by: i32) -> u128 {
        u32::try_from(by)
            .ok()
            .and_then(|by| bits.checked_shr(by))
            .unwrap_or(0)
    }

    fn rank(rank: i32) -> u128 {
        shifted_left(FIRST_RANK, FILES.saturating_mul(rank))
    }

    /// A colour's rank seen from its own side.
    pub(super) fn relative(colour: Colour, rank: i32, max_rank: i32) -> i32 {
        match colour {
            Colour::White => rank,
            Colour::Black => max_rank.saturating_sub(rank),
        }
    }

    /// The ranks ahead of `rank` for a colour.
    pub(super) fn forward_ranks(colour: Colour, rank: i32) -> u128 {
        match colour {
            Colour::White => shifted_left(ALL_SQUARES ^ FIRST_RANK, FILES.saturating_mul(rank)),
            Colour::Black => shifted_right(
                ALL_SQUARES ^ self::rank(MAX_RANK),
                FILES.saturating_mul(MAX_RANK.saturating_sub(rank)),
            ),
        }
    }

    /// The ranks from a colour's relative `rank` forward.
    pub(super) fn zone(colour: Colour, rank: i32, max_rank: i32) -> u128 {
        let relative = relative(colour, rank, max_rank);
        forward_ranks(colour, relative) | self::rank(relative)
    }
}

/// The whitespace a C++ stream skips between tokens.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r')
}

/// A number as a C++ stream reads one: after whitespace, a sign and digits, the rest ignored;
/// 0 when there is none, the nearest limit when it is too large.
fn read_int(text: &str) -> i32 {
    let text = text.trim_start_matches(|c: char| c.is_ascii() && is_space(c as u8));
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let digits = &digits[..digits
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(digits.len())];
    if digits.is_empty() {
        return 0;
    }
    let magnitude = digits.parse::<i64>().unwrap_or(i64::MAX);
    let signed = if negative { -magnitude } else { magnitude };
    i32::try_from(signed).unwrap_or(if negative { i32::MIN } else { i32::MAX })
}

/// Whether a list of squares (`e2 *3 h*`) gives the region a square: the engine reads tokens
/// until `-` or one it cannot read, keeping those before.
fn region_has_square(text: &str) -> bool {
    for token in text.split(|c: char| c.is_ascii() && is_space(c as u8)) {
        if token.is_empty() {
            continue;
        }
        if token == "-" {
            return false;
        }
        let bytes = token.as_bytes();
        let file_ok = |b: u8| (b'a'..=b'l').contains(&b.to_ascii_lowercase());
        let rank_ok = |digits: &str| (1..=MAX_RANK + 1).contains(&read_int(digits));
        let square = match bytes {
            [file, b'*'] => file_ok(*file),
            [b'*', ..] => rank_ok(&token[1..]),
            [file, ..] if file.is_ascii_alphabetic() && bytes.len() > 1 => {
                file_ok(*file) && rank_ok(&token[1..])
            }
            _ => false,
        };
        return square;
    }
    false
}
