//! The rules of a variant that Fairy-Stockfish's start-position check reads, tracked through a
//! section's parents as the engine builds them: a built-in's rules as the engine has them
//! (`builtin_rules.tsv`, recorded from the engine by `record_builtin_rules.py`), or a section
//! without parent's defaults, then each section's keys read as `VariantParser::parse` reads them
//! (parser.cpp), then what `Variant::conclude` derives (variant.cpp).
//!
//! Pieces are kept as the engine keeps them, by piece type: which letter stands for a type, and
//! which types a rule names, decide how the check reads each letter of a position.

mod recorded;
mod section;

use std::sync::Arc;

/// The options, besides the pieces, the board size and the start position, that decide how
/// the engine checks a start position.
const READ_KEYS: [&str; 24] = [
    "castling",
    "castlingDroppedPiece",
    "castlingRank",
    "castlingKingPiece",
    "castlingKingPieceWhite",
    "castlingKingPieceBlack",
    "castlingRookPiece",
    "castlingRookPieces",
    "castlingRookPiecesWhite",
    "castlingRookPiecesBlack",
    "chess960",
    "promotionPieceTypes",
    "promotionPieceTypesWhite",
    "promotionPieceTypesBlack",
    "promotedPieceType",
    "doubleStep",
    "doubleStepRegionWhite",
    "doubleStepRegionBlack",
    "doubleStepRank",
    "doubleStepRankMin",
    "pieceDrops",
    "seirawanGating",
    "checkCounting",
    "countingRule",
];

/// Whether option `key` is one of the rules a start position is checked against (a piece key
/// is one too).
pub fn reads(key: &str) -> bool {
    READ_KEYS.contains(&key)
}

/// A piece type, numbered as the engine numbers them (types.h): 0 is no piece (and, in a list
/// of pieces, `*`), 1 to 36 the pieces with names, 37 to 61 `customPiece1` to `customPiece25`,
/// 62 the slot of a king with a Betza move, 63 the king.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PieceType(pub u8);

impl PieceType {
    pub const NONE: PieceType = PieceType(0);
    pub const PAWN: PieceType = PieceType(1);
    pub const ROOK: PieceType = PieceType(4);
    pub const FIRST_CUSTOM: PieceType = PieceType(37);
    pub const CUSTOM_KING: PieceType = PieceType(62);
    pub const KING: PieceType = PieceType(63);
    /// How many piece types there are.
    pub const COUNT: usize = 64;

    /// The type a variants.ini piece key sets (`knight`, `customPiece3`, `king`), or the name
    /// the recorded tables use (`customRoyal`, `none`).
    pub fn named(name: &str) -> Option<PieceType> {
        match name {
            "none" => return Some(PieceType::NONE),
            "customRoyal" => return Some(PieceType::CUSTOM_KING),
            "king" => return Some(PieceType::KING),
            _ => {}
        }
        if let Some(number) = name.strip_prefix("customPiece") {
            return match number.parse::<u8>() {
                Ok(n @ 1..=super::options::CUSTOM_PIECES) if !number.starts_with('0') => {
                    Some(PieceType(PieceType::FIRST_CUSTOM.0 + n - 1))
                }
                _ => None,
            };
        }
        let index = NAMED_PIECES.iter().position(|n| *n == name)?;
        u8::try_from(index + 1).ok().map(PieceType)
    }

    /// The variants.ini key that sets this piece type (none for no piece and the royal slot).
    pub fn key(self) -> Option<String> {
        let custom = PieceType::FIRST_CUSTOM.0;
        match self {
            PieceType::KING => Some("king".to_owned()),
            PieceType(n @ 1..=36) => NAMED_PIECES.get(usize::from(n) - 1).map(|&n| n.to_owned()),
            PieceType(n) if (custom..custom + super::options::CUSTOM_PIECES).contains(&n) => {
                Some(format!("customPiece{}", n - custom + 1))
            }
            _ => None,
        }
    }

    fn index(self) -> usize {
        usize::from(self.0) % PieceType::COUNT
    }
}

/// The named piece types, from 1 on (piece.cpp, `PieceMap::init`).
const NAMED_PIECES: [&str; 36] = [
    "pawn",
    "knight",
    "bishop",
    "rook",
    "queen",
    "fers",
    "alfil",
    "fersAlfil",
    "silver",
    "aiwok",
    "bers",
    "archbishop",
    "chancellor",
    "amazon",
    "knibis",
    "biskni",
    "kniroo",
    "rookni",
    "shogiPawn",
    "lance",
    "shogiKnight",
    "gold",
    "dragonHorse",
    "clobber",
    "breakthrough",
    "immobile",
    "cannon",
    "janggiCannon",
    "soldier",
    "horse",
    "elephant",
    "janggiElephant",
    "banner",
    "wazir",
    "commoner",
    "centaur",
];

/// A set of piece types, one bit each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct PieceSet(pub u64);

impl PieceSet {
    pub fn contains(self, piece: PieceType) -> bool {
        self.0 & (1 << piece.index()) != 0
    }

    fn insert(&mut self, piece: PieceType) {
        self.0 |= 1 << piece.index();
    }

    fn remove(&mut self, piece: PieceType) {
        self.0 &= !(1 << piece.index());
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// White and black.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    pub const BOTH: [Colour; 2] = [Colour::White, Colour::Black];

    pub fn index(self) -> usize {
        match self {
            Colour::White => 0,
            Colour::Black => 1,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Black => "black",
        }
    }
}

/// Which side a `K` or `Q` castling right castles to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CastlingSide {
    King,
    Queen,
}

/// What the start-position check reads of a variant, besides its board size and start
/// position.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Each piece type's letter in lower case, or a space: the engine's `pieceToChar`, which
    /// has it in upper case for white and in lower case for black.
    letters: [u8; PieceType::COUNT],
    /// A second letter the position may use for a piece (xiangqi's `e` for its elephant `b`).
    /// Shared while unchanged, as `promoted` is: only built-ins have synonyms and few
    /// sections promote shogi-style, and a file holds rules for most sections (issue 56).
    synonyms: Arc<[u8; PieceType::COUNT]>,
    /// The royal piece's type: the king, or the type whose moves it has.
    pub king_type: PieceType,
    pub promotion_types: [PieceSet; 2],
    /// What each piece type promotes to, shogi-style (`promotedPieceType`).
    promoted: Arc<[PieceType; PieceType::COUNT]>,
    pub piece_drops: bool,
    pub seirawan_gating: bool,
    /// Drops without a pocket (only a built-in can have them).
    pub free_drops: bool,
    pub castling: bool,
    pub castling_dropped_piece: bool,
    pub chess960: bool,
    /// White's castling rank, counted from 0 (the engine keeps a value it cannot read as -1).
    pub castling_rank: i32,
    pub castling_king: [PieceType; 2],
    pub castling_rooks: [PieceSet; 2],
    /// Whether pawns may step twice: `doubleStep`, and for each colour whether its region has
    /// a square (`conclude` turns the rule off when neither has).
    pub double_step: bool,
    double_step_regions: [bool; 2],
    pub counting: bool,
    pub check_counting: bool,
}

impl Rules {
    /// A section without parent: the engine's defaults (chess) with no pieces at all.
    pub fn without_parent() -> Rules {
        let mut castling_rooks = PieceSet::default();
        castling_rooks.insert(PieceType::ROOK);
        Rules {
            letters: [b' '; PieceType::COUNT],
            synonyms: Arc::new([b' '; PieceType::COUNT]),
            king_type: PieceType::KING,
            promotion_types: [PieceSet::default(); 2],
            promoted: Arc::new([PieceType::NONE; PieceType::COUNT]),
            piece_drops: false,
            seirawan_gating: false,
            free_drops: false,
            castling: true,
            castling_dropped_piece: false,
            chess960: false,
            castling_rank: 0,
            castling_king: [PieceType::KING; 2],
            castling_rooks: [castling_rooks; 2],
            double_step: true,
            double_step_regions: [true; 2],
            counting: false,
            check_counting: false,
        }
    }

    /// The letter (lower case) of a piece type, if the variant has it.
    pub fn letter(&self, piece: PieceType) -> Option<u8> {
        let letter = self.letters[piece.index()];
        (letter != b' ').then_some(letter)
    }

    pub fn has(&self, piece: PieceType) -> bool {
        self.letter(piece).is_some()
    }

    /// The variant's piece letters, lower case, in the order of their types.
    pub fn piece_letters(&self) -> impl Iterator<Item = u8> + '_ {
        self.letters.iter().copied().filter(|l| *l != b' ')
    }

    /// The piece a character of a position is, read as the engine looks it up in its letter
    /// table (`pieceToChar.find`): upper case white, lower case black, the first type with
    /// that letter. A space, which fills the table's unused places, is white's "no piece".
    pub fn piece_of(&self, c: u8) -> Option<(Colour, PieceType)> {
        if c == b' ' {
            return Some((Colour::White, PieceType::NONE));
        }
        let colour = if c.is_ascii_uppercase() {
            Colour::White
        } else if c.is_ascii_lowercase() {
            Colour::Black
        } else {
            return None;
        };
        let lower = c.to_ascii_lowercase();
        let index = self.letters.iter().position(|l| *l == lower)?;
        Some((colour, PieceType(u8::try_from(index).ok()?)))
    }

    /// The white piece type an upper-case letter stands for, as a letter or else as a synonym.
    pub fn white_or_synonym(&self, c: u8) -> Option<PieceType> {
        let lower = c.to_ascii_lowercase();
        let index = (self.letters.iter().position(|l| *l == lower))
            .or_else(|| self.synonyms.iter().position(|l| *l == lower))?;
        u8::try_from(index).ok().map(PieceType)
    }

    /// Whether `c` is a letter or a synonym of one of the variant's pieces.
    pub fn is_piece_character(&self, c: u8) -> bool {
        let lower = c.to_ascii_lowercase();
        c.is_ascii_alphabetic() && (self.letters.contains(&lower) || self.synonyms.contains(&lower))
    }

    /// What a piece type promotes to, shogi-style, if anything.
    pub fn promotes_to(&self, piece: PieceType) -> Option<PieceType> {
        let to = self.promoted[piece.index()];
        (to != PieceType::NONE).then_some(to)
    }

    /// Whether any piece promotes shogi-style, which lets `+` mark a promoted piece.
    pub fn shogi_style_promotions(&self) -> bool {
        self.promoted.iter().any(|p| *p != PieceType::NONE)
    }

    /// Whether the start position may say what is in hand (`[…]`).
    pub fn has_pockets(&self) -> bool {
        !self.free_drops && (self.piece_drops || self.seirawan_gating)
    }
}
