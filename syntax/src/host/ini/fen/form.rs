//! What Fairy-Stockfish's own position check lets pass but its position reader
//! (`Position::set`, position.cpp 300–420) reads otherwise than written: a start position of
//! the board alone, a side to move of more than one letter, castling letters it skips or `-`
//! among them, and one side without a king.

use super::super::board::Board;
use super::super::rules::PieceType;
use super::super::values::Misreading;
use crate::Severity;

/// How the engine misreads `fen`, a start position its check accepts on `board`; `parent` is
/// the start position the section would otherwise inherit.
pub fn misread(fen: &str, board: &Board, parent: &str) -> Option<Misreading> {
    let trimmed = fen.trim_end();
    let fields: Vec<(usize, &str)> = trimmed
        .split(' ')
        .scan(0, |at, field| {
            let start = *at;
            *at += field.len() + 1;
            Some((start, field))
        })
        .filter(|(_, field)| !field.is_empty())
        .collect();
    let [(_, placement), rest @ ..] = fields.as_slice() else {
        return None;
    };
    let Some(&(side_at, side)) = rest.first() else {
        return Some(board_only(trimmed, placement, board, parent));
    };
    if side.len() > 1 {
        return Some(side_of_more_letters(side_at, side));
    }
    // A field starting with a digit is the counters: castling and en passant are skipped
    // (position.cpp 353).
    let castling_field = rest
        .get(1)
        .filter(|(_, field)| !field.starts_with(|c: char| c.is_ascii_digit()));
    if let Some(misread) = castling_field.and_then(|&field| castling_misread(field, board)) {
        return Some(misread);
    }
    if fen != trimmed {
        return Some(Misreading {
            severity: Severity::Warning,
            range: trimmed.len()..fen.len(),
            message: "the whitespace after the start position is part of it: Fairy-Stockfish \
                      stores it so and sends it so to XBoard-protocol GUIs"
                .to_owned(),
            help: "remove the whitespace".to_owned(),
            instead: Some(String::new()),
        });
    }
    one_side_without_king(placement, board, parent)
}

/// A start position `trimmed` of the board `placement` alone: `ss >> token` finds no side, and
/// the last letter read stays, which is no `b`. A warning only where castling rights are lost:
/// many variants mean white to move and no castling by a board alone.
fn board_only(trimmed: &str, placement: &str, board: &Board, parent: &str) -> Misreading {
    let parent_rights = parent.split(' ').nth(2).unwrap_or("-");
    let rights_lost = board.rules.castling
        && parent_rights != "-"
        && !parent_rights.starts_with(|c: char| c.is_ascii_digit());
    // The parent's own board written out loses its rights for sure; a board of the section's
    // own is how many variants write a start position (nim, alapo), a hint.
    let same_board = parent.split(' ').next() == Some(placement);
    let tail = match parent.split_once(' ') {
        Some((_, tail)) if same_board => tail.to_owned(),
        _ => "w - - 0 1".to_owned(),
    };
    Misreading {
        severity: if same_board && rights_lost {
            Severity::Warning
        } else {
            Severity::Hint
        },
        range: 0..trimmed.len(),
        message: "the start position gives only the board: Fairy-Stockfish starts it with white \
                  to move, no castling rights and no en-passant square"
            .to_owned(),
        help: "add the side to move, the castling rights, the en-passant square and the move \
               counters after the board"
            .to_owned(),
        instead: Some(format!("{trimmed} {tail}")),
    }
}

/// A side to move of more than one letter, at `side_at`: the engine reads the first, and the
/// rest as the castling rights.
fn side_of_more_letters(side_at: usize, side: &str) -> Misreading {
    let first = &side[..side.chars().next().map_or(0, char::len_utf8)];
    Misreading {
        severity: Severity::Error,
        range: side_at..side_at + side.len(),
        message: format!(
            "Fairy-Stockfish reads one letter for the side to move, `{first}`, and takes `{}` as \
             the castling rights, so the fields after it are misread",
            &side[first.len()..]
        ),
        help: format!("write `{first}`"),
        instead: Some(first.to_owned()),
    }
}

/// Castling rights (the field at `castling_at`) the engine reads otherwise than written: `-`
/// among letters, letters it skips, letters out of FEN's order.
fn castling_misread((castling_at, castling): (usize, &str), board: &Board) -> Option<Misreading> {
    let range = castling_at..castling_at + castling.len();
    if castling.len() > 1 && castling.contains('-') {
        let rights: String = castling.chars().filter(|c| *c != '-').collect();
        return Some(Misreading {
            severity: Severity::Error,
            range,
            message: format!(
                "`{castling}` says both none and some: Fairy-Stockfish skips the `-` and reads \
                 the castling rights `{rights}`"
            ),
            help: format!("write `-` for no castling, or `{rights}`"),
            instead: None,
        });
    }
    if castling == "-" {
        return None;
    }
    // Letters other than `KQkq` and the board's files are skipped (Shredder-FEN files).
    let last_file = char::from(b'A' + board.files.saturating_sub(1));
    let skipped: String = castling
        .chars()
        .filter(|c| {
            !matches!(c.to_ascii_uppercase(), 'K' | 'Q')
                && !('A'..=last_file).contains(&c.to_ascii_uppercase())
        })
        .collect();
    if !skipped.is_empty() {
        let kept: String = castling.chars().filter(|c| !skipped.contains(*c)).collect();
        return Some(Misreading {
            severity: Severity::Warning,
            range,
            message: format!(
                "Fairy-Stockfish skips `{skipped}` in the castling rights `{castling}` and reads \
                 `{kept}`"
            ),
            help: format!("write `{kept}`"),
            instead: (!kept.is_empty()).then_some(kept),
        });
    }
    let order = |c: &char| "KQkq".find(*c).unwrap_or(4);
    let mut sorted: Vec<char> = castling.chars().collect();
    sorted.sort_by_key(order);
    let sorted: String = sorted.into_iter().collect();
    (sorted != castling && castling.chars().all(|c| "KQkq".contains(c))).then(|| Misreading {
        severity: Severity::Hint,
        range,
        message: format!(
            "Fairy-Stockfish reads `{castling}` as the rights `{sorted}`, which is how FEN \
             writes them and how GUIs send them on"
        ),
        help: format!("write `{sorted}`"),
        instead: Some(sorted.clone()),
    })
}

/// A start position where a side has no king, in a variant with a king, when the parent's had
/// both: the engine plays it as written, but the side without a king can never be checkmated.
/// Variants do this on purpose too (the Maharajah has none), so it is information.
fn one_side_without_king(placement: &str, board: &Board, parent: &str) -> Option<Misreading> {
    let king = board.rules.letter(PieceType::KING)?;
    let count = |text: &str, letter: u8| text.bytes().filter(|b| *b == letter).count();
    let kings = |text: &str| [count(text, king.to_ascii_uppercase()), count(text, king)];
    let parent_placement = parent.split(' ').next().unwrap_or("");
    let [white, black] = kings(placement);
    let had_both = kings(parent_placement).iter().all(|n| *n > 0);
    if !had_both || (white > 0 && black > 0) {
        return None;
    }
    let (upper, lower) = (char::from(king.to_ascii_uppercase()), char::from(king));
    let who = match (white, black) {
        (0, 0) => format!("neither side has a king (`{upper}`, `{lower}`)"),
        (0, _) => format!("white has no king (`{upper}`)"),
        _ => format!("black has no king (`{lower}`)"),
    };
    Some(Misreading {
        severity: Severity::Info,
        range: 0..placement.len(),
        message: format!(
            "{who} in this start position, though the variant has a king and the position it \
             would otherwise start from has both: Fairy-Stockfish plays it, but a side without \
             a king can never be checkmated"
        ),
        help: "put the missing king on the board".to_owned(),
        instead: None,
    })
}
