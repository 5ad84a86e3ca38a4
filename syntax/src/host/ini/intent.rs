//! Sections Fairy-Stockfish accepts but plays otherwise than their author plainly means: a
//! variant with no name, pawns with nothing to promote to, White's and Black's pieces swapped
//! in the start position. Each is decided by what the engine does (its source is cited where
//! each is read), and says what to write instead.

use std::ops::Range;

use rowan::TextRange;

use super::Header;
use super::board::Board;
use super::fen;
use super::rules::PieceType;
use crate::Severity;
use crate::diagnostic::{Diagnostic, codes};

/// A section named by nothing but spaces, or by nothing (`[:chess]`, `[]`), its header line at
/// `range`. The engine registers it (variant.cpp 2158–2159 read an empty name before the `:`,
/// and 2178–2192 register it like any other), but a GUI cannot select it: `setoption name
/// UCI_Variant value` with an empty value leaves the variant as it was (ucioption.cpp 343),
/// and so does XBoard's `variant` with no name (xboard.cpp 238). No section can inherit from it
/// either: an empty parent is none (variant.cpp 2180, 2186).
pub(super) fn unnamed_section(header: &Header, range: TextRange) -> Option<Diagnostic> {
    if !header.name().trim().is_empty() {
        return None;
    }
    let example = match header.parent() {
        Some(parent) => format!("[myvariant:{parent}]"),
        None => "[myvariant]".to_owned(),
    };
    let named = if header.name().is_empty() {
        "no name".to_owned()
    } else {
        format!("a name of spaces only (`{}`)", header.name())
    };
    Some(
        Diagnostic::new(
            range,
            codes::UNNAMED_SECTION,
            Severity::Error,
            format!(
                "`{}` has {named}: Fairy-Stockfish loads the variant, but no GUI can select it \
                 (the engine ignores a `UCI_Variant` or an XBoard `variant` with no name) and no \
                 section can inherit from it",
                crate::quote::shortened(header.text())
            ),
        )
        .with_help(format!(
            "write the variant's name at the start of the header, such as `{example}`"
        )),
    )
}

/// What a section written from scratch says about promotion, as the engine reads it.
pub(super) struct Promotion<'s> {
    /// The values the section sets (key, value), in file order.
    pub settings: &'s [(String, String)],
}

impl Promotion<'_> {
    fn value(&self, key: &str) -> Option<&str> {
        (self.settings.iter().rev())
            .find(|(set, _)| set == key)
            .map(|(_, value)| value.as_str())
    }

    fn sets(&self, keys: &[&str]) -> bool {
        keys.iter().any(|key| self.value(key).is_some())
    }

    /// A section without parent whose pawns cannot reach their last rank: the engine builds
    /// it with no promotion pieces (parser.cpp 241–245, `reset_pieces`, variant.h 212–219),
    /// a pawn must promote when it enters its promotion region (`mandatoryPawnPromotion`,
    /// default true), and a pawn move into the region is made once for each promotion piece
    /// (movegen.cpp 309–314, 355–363): with none, there is no such move. A warning: the engine
    /// does what the section says, by its defaults (Fairy-Stockfish's own `maharajah` has
    /// black pawns that never reach their last rank). Said at the header, `range`, unless the section sets what pawns promote to, lets them stay pawns, gives them
    /// a shogi-style promotion or moves their region off the board.
    pub(super) fn stuck_pawns(&self, board: &Board, range: TextRange) -> Option<Diagnostic> {
        let rules = &board.rules;
        let pawn = rules.letter(PieceType::PAWN)?;
        let chosen = [
            "promotionPieceTypes",
            "promotionPieceTypesWhite",
            "promotionPieceTypesBlack",
            // Other pieces than the pawn promote: what they become is the author's choice.
            "pawnTypes",
            "promotionPawnTypes",
            "promotionPawnTypesWhite",
            "promotionPawnTypesBlack",
        ];
        let optional = self
            .value("mandatoryPawnPromotion")
            .is_some_and(|value| value != "true");
        if self.sets(&chosen) || optional || rules.promotes_to(PieceType::PAWN).is_some() {
            return None;
        }
        let regions = [
            "promotionRegionWhite",
            "promotionRegionBlack",
            "promotionRank",
        ];
        let region_set = regions.iter().filter_map(|key| self.value(key));
        if region_set.clone().any(|value| value.trim() == "-") {
            return None;
        }
        // The default regions, `*8` and `*1`, are on the board from 8 ranks on.
        if !self.sets(&regions) && board.ranks < 8 {
            return None;
        }
        let kings = [PieceType::KING, PieceType::CUSTOM_KING].map(|king| rules.letter(king));
        let others: Vec<char> = (rules.piece_letters())
            .filter(|letter| *letter != pawn && !kings.contains(&Some(*letter)))
            .map(char::from)
            .collect();
        let pawn = char::from(pawn);
        let message = format!(
            "this variant has no parent, so Fairy-Stockfish starts it with nothing for pawns to \
             promote to, and it sets no `promotionPieceTypes`: a pawn (`{pawn}`) must promote \
             on its last rank and cannot, so it never moves there"
        );
        let help = if others.is_empty() {
            "set `mandatoryPawnPromotion = false` to let pawns stay pawns on the last rank, or \
             add the pieces they become and list them in `promotionPieceTypes`"
                .to_owned()
        } else {
            // In the order every finding says a variant's pieces in (`board::pieces_said`).
            let letters: std::collections::BTreeSet<char> = others.into_iter().collect();
            let letters: String = letters.into_iter().collect();
            format!(
                "list the pieces a pawn may become, such as `promotionPieceTypes = {letters}` \
                 (this variant's pieces but its pawn and king)"
            )
        };
        Some(
            Diagnostic::new(range, codes::PROMOTION_PIECES, Severity::Warning, message)
                .with_help(help),
        )
    }
}

/// A start position with White's pieces at the top of the board and Black's at the bottom,
/// and the castling rights of a position the right way up: the first rank of a FEN is the top
/// one, the eighth on a chess board (position.cpp reads ranks from the last down), and White
/// castles on its first rank (`castlingRank`, parser.cpp). Bundled variants put White on top
/// on purpose (`upsidedown`, `pawnsmassacre`), but give no castling rights: rights that hold
/// only once the pieces are swapped back say the author meant them the other way round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Swapped {
    /// The board field of the position.
    pub range: Range<usize>,
    /// The castling field.
    pub castling: String,
    /// The position with each rank of one side's pieces only that stands in the other side's
    /// half given to its own side: White's pieces at the bottom again, each on its file.
    pub fixed: String,
}

/// Whether `fen`, the position section's `board` starts from, is [`Swapped`].
pub(super) fn swapped_sides(fen: &str, board: &Board) -> Option<Swapped> {
    if !board.rules.castling {
        return None;
    }
    let placement_end = fen.find(' ').unwrap_or(fen.len());
    let placement = &fen[..placement_end];
    let castling = fen[placement_end..].split(' ').nth(2).unwrap_or("");
    // Rights of a side with its king where the other side's stands.
    if !castling.bytes().any(|b| b.is_ascii_alphabetic()) || !upside_down(placement) {
        return None;
    }
    let ranks = usize::from(board.ranks);
    let board_part = placement.split('[').next().unwrap_or(placement);
    let rows: Vec<&str> = board_part.split('/').collect();
    let fixed_rows: Vec<String> = (rows.iter().enumerate())
        .map(|(row, text)| {
            // Row 0 is the top rank: in the upper half for White's pieces only, in the lower
            // half for Black's (the middle rank of an odd board is neither).
            let rank = ranks.saturating_sub(row);
            let top_half = 2 * rank > ranks + 1;
            let bottom_half = rank >= 1 && 2 * rank < ranks + 1;
            let (white, black) = sides(text);
            if top_half && white && !black || bottom_half && black && !white {
                text.chars().map(swap_case).collect()
            } else {
                (*text).to_owned()
            }
        })
        .collect();
    let fixed = format!(
        "{}{}{}",
        fixed_rows.join("/"),
        &placement[board_part.len()..],
        &fen[placement_end..]
    );
    let mut fixed_board = board.clone();
    fixed_board.start_fen = fixed.as_str().into();
    let fixed_placement = fixed.split(' ').next().unwrap_or("");
    if fixed == fen || upside_down(fixed_placement) || fen::check(&fixed, &fixed_board).is_err() {
        return None;
    }
    Some(Swapped {
        range: 0..placement_end,
        castling: castling.to_owned(),
        fixed,
    })
}

/// Whether the top rank that holds pieces holds White's only, and the bottom one Black's only.
fn upside_down(placement: &str) -> bool {
    let board_part = placement.split('[').next().unwrap_or(placement);
    let mut occupied = (board_part.split('/'))
        .map(sides)
        .filter(|(white, black)| *white || *black);
    let Some(top) = occupied.next() else {
        return false;
    };
    let bottom = occupied.next_back();
    top == (true, false) && bottom == Some((false, true))
}

/// Whether a rank of a FEN holds White's pieces, and whether it holds Black's.
fn sides(rank: &str) -> (bool, bool) {
    (
        rank.bytes().any(|b| b.is_ascii_uppercase()),
        rank.bytes().any(|b| b.is_ascii_lowercase()),
    )
}

fn swap_case(c: char) -> char {
    if c.is_ascii_uppercase() {
        c.to_ascii_lowercase()
    } else {
        c.to_ascii_uppercase()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn capablanca() -> Board {
        Board::built_in("capablanca").expect("a built-in")
    }

    #[test]
    fn back_ranks_of_the_wrong_colour_are_swapped_back() {
        let fen = "RANBQKBNCR/pppppppppp/10/10/10/10/PPPPPPPPPP/ranbqkbncr w KQkq - 0 1";
        let swapped = swapped_sides(fen, &capablanca()).expect("swapped");
        assert_eq!(
            swapped.fixed,
            "ranbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RANBQKBNCR w KQkq - 0 1"
        );
        assert_eq!(swapped.range, 0..fen.find(' ').unwrap_or(0));
        // The whole board upside down: every rank goes back to its side.
        let chess = Board::built_in("chess").expect("chess");
        let flipped = "RNBQKBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbqkbnr w KQkq - 0 1";
        assert_eq!(
            swapped_sides(flipped, &chess).map(|s| s.fixed).as_deref(),
            Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        );
    }

    #[test]
    fn white_on_top_without_castling_rights_is_meant() {
        let chess = Board::built_in("chess").expect("chess");
        for fen in [
            // Fairy-Stockfish's own variants.ini: pawnsmassacre and upsidedown.
            "RNBKQBNR/pppppppp/8/8/8/8/PPPPPPPP/rnbkqbnr w - - 0 1",
            "RNBKQBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbkqbnr w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "8/8/8/8/8/8/8/8 w KQkq - 0 1",
            "",
        ] {
            assert_eq!(swapped_sides(fen, &chess), None, "{fen}");
        }
    }
}
