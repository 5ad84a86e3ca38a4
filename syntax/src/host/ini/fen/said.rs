//! What each rejection tells the user: which part of the position, which letter or field, and
//! what the engine wants there, in the words of a variants.ini author.

use crate::host::ini::rules::{CastlingSide, Colour, PieceType, Rules};
use crate::quote::shortened;

/// Where a character of the board field stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    Rank(i64),
    /// After as many `/` as the board has ranks: pieces in hand, for a variant with drops.
    PastLastRank,
    InHand,
}

impl Place {
    fn said(self) -> String {
        match self {
            Place::Rank(rank) => format!("on rank {rank} of the start position"),
            Place::PastLastRank => "after the start position's last rank".to_owned(),
            Place::InHand => "in the start position's pieces in hand".to_owned(),
        }
    }
}

/// A square of the engine's board (row 0 the first rank), as `e1`; `nowhere` for none.
fn square((row, file): (i64, i64)) -> String {
    match (u8::try_from(file), row) {
        (Ok(file @ 0..26), 0..) => format!("{}{}", char::from(b'a' + file), row + 1),
        _ => "nowhere".to_owned(),
    }
}

fn as_char(b: u8) -> char {
    char::from(b)
}

/// The variant's piece letters, for a message about a letter that is none: said as the
/// start position's help says them.
fn pieces_said(rules: &Rules) -> String {
    crate::host::ini::board::pieces_said(rules.piece_letters().map(char::from))
}

pub(super) fn too_many_fields(fen: &str, fields: usize, most: usize) -> String {
    let why = if fen.contains(['#', ';']) {
        " (there are no comments after a value)"
    } else if fen.contains("  ") {
        " (each space ends a field, so two in a row make an empty one)"
    } else {
        ""
    };
    let checks = if most > 6 { ", checks left" } else { "" };
    format!(
        "a start position has at most {most} fields (board, side to move, castling, en \
         passant{checks}, half-move clock, move number), this one {fields}{why}"
    )
}

pub(super) fn character(ch: char, place: &Place, rules: &Rules) -> String {
    let at = place.said();
    match ch {
        '[' | ']' | '-' if rules.free_drops => format!(
            "`{ch}` {at} is part of the pieces in hand, and this variant drops pieces from no \
             hand"
        ),
        '[' | ']' | '-' => format!(
            "`{ch}` {at} is part of the pieces in hand, which only a variant with drops \
             (`pieceDrops`) or Seirawan gating (`seirawanGating`) has"
        ),
        '+' => format!(
            "`+` {at} marks a promoted piece, which only a variant with shogi-style \
             promotions (`promotedPieceType`) has"
        ),
        '~' => format!(
            "`~` {at} marks a promoted piece, which only a variant where pieces promote \
             (`promotionPieceTypes`) has"
        ),
        letter if letter.is_ascii_alphabetic() => {
            format!(
                "`{letter}` {at} is no piece of this variant{}",
                pieces_said(rules)
            )
        }
        other => {
            format!("`{other}` {at} is neither a piece letter nor a number of empty squares")
        }
    }
}

pub(super) fn promoted(letter: u8, place: &Place) -> String {
    format!(
        "`+{}` {}: `{}` has no promoted form in this variant (`promotedPieceType` gives it \
         none), so it cannot stand promoted",
        as_char(letter),
        place.said(),
        as_char(letter)
    )
}

pub(super) fn rank_width(rank: i64, width: i64, files: i64) -> String {
    format!("rank {rank} of the start position has {width} squares, the board {files} files")
}

pub(super) fn past_last_file(letter: u8, rank: i64, files: i64) -> String {
    format!(
        "`{}` on rank {rank} of the start position stands past the board's last file (it has \
         {files})",
        as_char(letter)
    )
}

pub(super) fn rank_count(found: usize, ranks: i64, drops: bool) -> String {
    let hand = if drops {
        format!(" (or {}, the last for the pieces in hand)", ranks + 1)
    } else {
        String::new()
    };
    format!("the start position has {found} ranks, the board {ranks}{hand}")
}

pub(super) fn pocket_unclosed(pocket: &str) -> String {
    format!(
        "the pieces in hand, `{}`, do not end with `]` at the end of the board field",
        shortened(pocket)
    )
}

pub(super) fn pocket_piece(ch: char, after_slash: bool, rules: &Rules) -> String {
    let at = if after_slash {
        "after the last rank's `/` (read as pieces in hand)"
    } else {
        "in the pieces in hand"
    };
    format!(
        "`{ch}` {at} is no piece of this variant{}",
        pieces_said(rules)
    )
}

pub(super) fn kings(colour: Colour, king: u8, found: usize, start: usize) -> String {
    let colour = colour.name();
    let plural = |n: usize| if n == 1 { "king" } else { "kings" };
    if found > 1 {
        format!(
            "the start position has {found} {colour} kings (`{}`): Fairy-Stockfish allows at \
             most one of each colour",
            as_char(king)
        )
    } else {
        format!(
            "the position has {found} {colour} {} (`{}`), the variant's start position \
             {start}: Fairy-Stockfish wants as many",
            plural(found),
            as_char(king)
        )
    }
}

pub(super) fn touching_kings(white: (i64, i64), black: (i64, i64)) -> String {
    format!(
        "the kings stand next to each other (white on {}, black on {})",
        square(white),
        square(black)
    )
}

pub(super) fn side(field: &str) -> String {
    if field.is_empty() {
        return "the side to move is empty (each space ends a field, so two in a row make an \
                empty one): Fairy-Stockfish wants `w` or `b`"
            .to_owned();
    }
    format!(
        "the side to move is `{}`: Fairy-Stockfish reads its first letter and wants `w` or `b`",
        shortened(field)
    )
}

pub(super) fn en_passant(field: &str) -> String {
    let bytes = field.as_bytes();
    let rank_ten = bytes.len() > 2
        && bytes[0].is_ascii_alphabetic()
        && bytes[1..].iter().all(u8::is_ascii_digit);
    let why = if rank_ten {
        " (so no square past rank 9)"
    } else {
        ""
    };
    format!(
        "the en-passant field `{}` is no square: Fairy-Stockfish wants `-` or a file letter and \
         one digit{why}{}",
        shortened(field),
        ends_in_space(field)
    )
}

/// A note for a field whose value ends in a space or tab the user may not see.
fn ends_in_space(field: &str) -> &'static str {
    if field.ends_with(|c: char| c.is_whitespace()) {
        " (it ends in a tab or other space, which the value keeps)"
    } else {
        ""
    }
}

pub(super) fn counting(field: &str) -> String {
    format!(
        "with a counting rule (`countingRule`) and no pawn double steps, the fourth field holds \
         the count, and `{}` is neither a number nor `-`{}",
        shortened(field),
        ends_in_space(field)
    )
}

pub(super) fn checks(field: &str, at_end_too: bool) -> String {
    let end = if at_end_too {
        ", and the last field does not give them as `+1+2` either"
    } else {
        ""
    };
    format!(
        "`{}` should give the checks each side has left, as `3+3`{end}",
        shortened(field)
    )
}

pub(super) fn counter(field: &str, name: &str) -> String {
    format!(
        "the {name} `{}` is no number (or `-`){}",
        shortened(field),
        ends_in_space(field)
    )
}

pub(super) fn not_a_right(ch: char) -> String {
    format!(
        "`{ch}` in the castling field is no castling right: Fairy-Stockfish wants letters \
         (`KQkq`, or the file letter of a piece) or `-`"
    )
}

fn rank_said(row: i64) -> String {
    if row >= 0 {
        format!("rank {}", row + 1)
    } else {
        "no rank of the board".to_owned()
    }
}

/// The piece that castles, for a colour: its letter, or, when the variant has no piece of the
/// castling king's type (`king = -`), what the engine takes instead of a letter, a space, which
/// finds the first empty square.
pub(super) fn castling_king(colour: Colour, letter: u8, piece: PieceType) -> String {
    if letter != b' ' {
        return format!("the {} king (`{}`)", colour.name(), as_char(letter));
    }
    let piece = piece.key().map_or_else(
        || "no castling king".to_owned(),
        |key| format!("no `{key}`, its castling king,"),
    );
    format!(
        "the {} castling king (the variant has {piece} so Fairy-Stockfish takes the first empty \
         square for it)",
        colour.name()
    )
}

pub(super) fn king_off_rank(right: u8, king: &str, row: i64, found: (i64, i64)) -> String {
    let stands = if found.0 < 0 {
        "there is none".to_owned()
    } else {
        format!("it is on {}", square(found))
    };
    format!(
        "castling right `{}` needs {king} on the castling rank, {}, and {stands}",
        as_char(right),
        rank_said(row)
    )
}

pub(super) fn no_castling_rook(
    right: u8,
    colour: Colour,
    side: CastlingSide,
    row: i64,
    rooks: &[u8],
) -> String {
    let edge = match side {
        CastlingSide::King => "king's-side edge (the last file)",
        CastlingSide::Queen => "queen's-side edge (the a-file)",
    };
    let (rook, none) = match rooks {
        [] => (
            format!("a {} castling rook", colour.name()),
            "the variant has none: `castlingRookPieces` names none of its pieces",
        ),
        _ => {
            let listed: Vec<String> = rooks.iter().map(|r| format!("`{}`", as_char(*r))).collect();
            (
                format!("a {} {}", colour.name(), listed.join(" or ")),
                "there is none",
            )
        }
    };
    format!(
        "castling right `{}` needs {rook} between the king and the {edge} of {}, and {none}",
        as_char(right),
        rank_said(row)
    )
}

pub(super) fn no_gating_piece(right: u8, row: i64, file: i64) -> String {
    format!(
        "castling right `{}` names the piece on {} (a file letter gives that piece the right), \
         and the square is empty",
        as_char(right),
        square((row, file))
    )
}

pub(super) fn king_moved(king: &str, start: (i64, i64)) -> String {
    format!(
        "{king} is not where the variant's start position has it ({}), so it has no castling \
         rights left",
        square(start)
    )
}

pub(super) fn rook_moved(
    right: u8,
    colour: Colour,
    side: CastlingSide,
    there: Option<(i64, i64)>,
    rooks: usize,
) -> String {
    let (which, nth, needed) = match side {
        CastlingSide::King => ("king's", "second", "two"),
        CastlingSide::Queen => ("queen's", "first", "one"),
    };
    match there {
        Some(at) => format!(
            "castling right `{}`: the {} castling rook on the {which} side is no longer on {}, \
             where the variant's start position has it",
            as_char(right),
            colour.name(),
            square(at)
        ),
        None => format!(
            "castling right `{}` needs {needed} {colour} castling rook{plural} in the variant's \
             start position, which has {rooks}: Fairy-Stockfish takes the {which} rook to be the \
             {nth} {colour} one it finds, rank by rank from a1",
            as_char(right),
            colour = colour.name(),
            plural = if needed == "one" { "" } else { "s" },
        ),
    }
}
