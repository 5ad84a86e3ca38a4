//! Piece names. The catalogue (corpus/pieces.tsv: name, XBetza string, source) is compiled in;
//! a piece is recognised by comparing what it does on reference boards, never by its text, so
//! `WF`, `K` and `FW` are all the King. A piece that matches nothing gets no name.

use std::sync::OnceLock;

use crate::board::reference::{Fingerprint, empty_board_trace, fingerprint};
use crate::{Dialect, model, parse};

const CATALOGUE: &str = include_str!("../../../corpus/pieces.tsv");

/// One named piece of the catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NamedPiece {
    pub name: &'static str,
    pub betza: &'static str,
    pub source: &'static str,
}

/// The catalogue's entries, in file order.
pub fn catalogue() -> &'static [NamedPiece] {
    static ENTRIES: OnceLock<Vec<NamedPiece>> = OnceLock::new();
    ENTRIES.get_or_init(|| {
        CATALOGUE
            .lines()
            .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
            .filter_map(|line| {
                let mut fields = line.split('\t');
                Some(NamedPiece {
                    name: fields.next()?,
                    betza: fields.next()?,
                    source: fields.next().unwrap_or(""),
                })
            })
            .collect()
    })
}

fn fingerprints() -> &'static [(NamedPiece, Fingerprint)] {
    static PRINTS: OnceLock<Vec<(NamedPiece, Fingerprint)>> = OnceLock::new();
    PRINTS.get_or_init(|| {
        catalogue()
            .iter()
            .map(|entry| {
                let piece = crate::registry::lower(
                    &parse(entry.betza, Dialect::XBetza).piece(),
                    Dialect::XBetza,
                );
                (*entry, fingerprint(&piece))
            })
            .collect()
    })
}

/// What the catalogue knows of a piece.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Identity {
    /// Its names (several when the catalogue lists aliases), or none.
    pub names: Vec<&'static NamedPiece>,
    /// Pieces that move exactly like it on an empty board but differ once other pieces stand
    /// around (the Xiangqi Horse is a Knight on an empty board).
    pub twins: Vec<&'static NamedPiece>,
}

/// Names and twins of `piece`. The empty board comes first, within a small budget: only a
/// piece that matches a catalogue entry there is generated on the other reference boards, so
/// an unusual or costly piece is generated once, and briefly.
pub fn identify(piece: &model::Piece) -> Identity {
    // A move limited to parts of the board or to a position (MBN's `[1-2]`, `/Ta1/`) is not
    // seen from the squares the comparison uses: the seed's Pawn is no Shatranj Pawn. Nor is a
    // reach that depends on the piece's rank (`*`, as far as the enemy half): from the board's
    // centre `fmW*fceF` steps once, from its start square up to half the board (issue 54).
    let depends_on_square = |m: &model::Move| {
        !m.regions.is_empty() || (m.legs.iter()).any(|leg| leg.reach == model::Reach::ToEnemyHalf)
    };
    if piece.is_empty() || piece.moves.iter().any(depends_on_square) {
        return Identity::default();
    }
    // Every catalogue piece is cheap to generate: one that is not matches none of them.
    let Some(empty) = empty_board_trace(piece) else {
        return Identity::default();
    };
    let candidates: Vec<&(NamedPiece, Fingerprint)> = fingerprints()
        .iter()
        .filter(|(_, other)| other.first() == Some(&empty))
        .collect();
    if candidates.is_empty() {
        return Identity::default();
    }
    let print = fingerprint(piece);
    let (same, differ): (Vec<_>, Vec<_>) = candidates.into_iter().partition(|(_, p)| *p == print);
    Identity {
        names: same.into_iter().map(|(entry, _)| entry).collect(),
        // A piece with no moves on an empty board says nothing by matching another.
        twins: if empty.0.is_empty() {
            Vec::new()
        } else {
            differ.into_iter().map(|(entry, _)| entry).collect()
        },
    }
}

/// Whether a catalogue piece (written in XBetza) has no feature that sets it apart from the
/// pieces moving like it on an empty board: no lameness, hop, capture on the way.
pub(super) fn is_plain(betza: &str) -> bool {
    let parse = crate::parse(betza, Dialect::XBetza);
    super::summary::difference_words(&crate::registry::lower(&parse.piece(), Dialect::XBetza))
        .is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names_of(betza: &str) -> Vec<&'static str> {
        let piece = crate::registry::lower(&parse(betza, Dialect::XBetza).piece(), Dialect::XBetza);
        identify(&piece).names.iter().map(|e| e.name).collect()
    }

    /// Issue 54: an Interactive Diagram's pawn `fmW*fceF` steps once from the board's centre,
    /// where the catalogue is compared, but up to the enemy half from its start square (seed
    /// 000: `*` is "a location-dependent range, namely the number of ranks between the
    /// current square and the enemy board half"): it is named as no piece, and twins none.
    #[test]
    fn a_reach_that_depends_on_the_square_names_no_piece() {
        let piece =
            crate::registry::lower(&parse("fmW*fceF", Dialect::XBetza).piece(), Dialect::XBetza);
        let identity = identify(&piece);
        assert!(identity.names.is_empty() && identity.twins.is_empty());
        assert_eq!(names_of("fmWfceF"), names_of("fmWfcF"));
    }

    /// Another way to write the same piece: the moves in reverse order, or an explicit default.
    fn rewritten(betza: &str) -> String {
        let parsed = parse(betza, Dialect::XBetza);
        let moves: Vec<String> = parsed
            .piece()
            .moves()
            .map(|m| m.syntax().text().to_string())
            .collect();
        match moves.as_slice() {
            [only] if only.chars().next().is_some_and(|c| c.is_ascii_uppercase()) => {
                format!("mc{only}")
            }
            [only] => format!("{only}{only}"),
            // Reversed; a bare atom gets its default written out, so `F` after `yafsF` does not
            // read as the rider `FF`.
            several => several
                .iter()
                .rev()
                .map(|m| {
                    if m.starts_with(|c: char| c.is_ascii_uppercase()) {
                        format!("mc{m}")
                    } else {
                        m.clone()
                    }
                })
                .collect(),
        }
    }

    #[test]
    fn the_catalogue_has_at_least_80_sourced_pieces_that_parse() {
        let entries = catalogue();
        assert!(entries.len() >= 80, "{}", entries.len());
        for entry in entries {
            assert!(!entry.source.is_empty(), "{} has no source", entry.name);
            let parsed = parse(entry.betza, Dialect::XBetza);
            assert!(
                parsed.errors().is_empty(),
                "{}: {:?}",
                entry.betza,
                parsed.errors()
            );
        }
    }

    #[test]
    fn every_entry_is_recognised_from_an_equivalent_rewriting() {
        for entry in catalogue() {
            let rewriting = rewritten(entry.betza);
            assert_ne!(rewriting, entry.betza);
            assert!(
                names_of(&rewriting).contains(&entry.name),
                "{} ({}) not recognised from {rewriting}: {:?}",
                entry.name,
                entry.betza,
                names_of(&rewriting)
            );
        }
    }

    #[test]
    fn names_come_from_moves_not_text() {
        // The task's own examples: WF, K and FW are all the King; afsW shows as the Mao.
        for king in ["K", "WF", "FW"] {
            assert!(names_of(king).contains(&"King"), "{king}");
        }
        assert!(names_of("afsW").contains(&"Mao"));
        assert!(names_of("afsW").contains(&"Xiangqi Horse"));
        assert!(
            !names_of("afsW").contains(&"Knight"),
            "a lame leaper is not the Knight"
        );
        assert_eq!(names_of("N"), ["Knight"]);
        // The seed's long forms: the Falcon is nCnZ.
        assert!(names_of("nCnZ").contains(&"Falcon"));
        // Unknown pieces get no name.
        assert!(names_of("fDbA").is_empty());
        // The Xiangqi Horse moves like a Knight on an empty board, and only there.
        let horse =
            crate::registry::lower(&parse("mafsW", Dialect::XBetza).piece(), Dialect::XBetza);
        let twins: Vec<&str> = identify(&horse).twins.iter().map(|e| e.name).collect();
        assert!(twins.contains(&"Knight"), "{twins:?}");
    }

    /// Found by the `explain` fuzz target: `(aK)` (up to 25 direction-less king legs) took
    /// seconds to name, generated on seven 15x15 boards. Its empty board alone exceeds the small
    /// budget, so it is compared with nothing, and the catalogue's pieces are still named.
    #[test]
    fn a_costly_piece_is_not_compared() {
        let costly =
            crate::registry::lower(&parse("(aK)", Dialect::XBetza).piece(), Dialect::XBetza);
        assert!(empty_board_trace(&costly).is_none());
        assert_eq!(identify(&costly), Identity::default());
        assert_eq!(names_of("mafsW"), ["Xiangqi Horse", "Mao"]);
    }
}
