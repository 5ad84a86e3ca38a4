//! The pieces of each built-in variant by letter, as Fairy-Stockfish has them: the piece type,
//! its Betza and whether it is the king (`builtin_pieces.tsv`, made from the engine's source by
//! `record_builtin_pieces.py`, which also compares every row with the engine's own moves and
//! says in the table where they differ).

use std::collections::HashMap;
use std::sync::OnceLock;

/// How the recorder's comparison with the engine's moves came out for one piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    /// The engine's moves and the Betza's are the same on every square tried.
    Agrees,
    /// They differ: the variant's rules move the piece beyond its Betza (a palace, a river,
    /// no checking moves, …); the note says where.
    Differs,
    /// The recorder could not compare them; the note says why.
    Unchecked,
}

/// One piece letter of a built-in variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuiltInPiece {
    /// Lower case.
    pub letter: char,
    /// The piece type as the engine names it and as `variants.ini` keys it (`queen`,
    /// `shogiPawn`, `customPiece1`, `king`); `-` for a letter of no type.
    pub piece: String,
    /// How it moves, in Fairy-Stockfish's Betza (the king: as its `kingType`); empty for an
    /// immobile piece.
    pub betza: String,
    /// Whether it is the royal king.
    pub king: bool,
    pub check: Check,
    pub note: String,
}

impl BuiltInPiece {
    /// The piece type in words: `shogiPawn` is "shogi pawn", `customPiece1` "custom piece".
    pub fn words(&self) -> String {
        if self.piece.starts_with("customPiece") {
            return "custom piece".to_owned();
        }
        let mut words = String::new();
        for c in self.piece.chars() {
            if c.is_ascii_uppercase() {
                words.push(' ');
            }
            words.push(c.to_ascii_lowercase());
        }
        words
    }

    /// The settings of the variant that move the piece beyond its Betza, as the recorder found
    /// them in the engine's source (`a mobilityRegion for fers, flyingGeneral`), for a piece
    /// whose moves differ from its Betza's.
    pub fn rules_beyond_betza(&self) -> Option<&str> {
        (self.check == Check::Differs)
            .then(|| self.note.split_once("the variant sets ").map(|(_, s)| s))
            .flatten()
    }
}

fn table() -> &'static HashMap<&'static str, Vec<BuiltInPiece>> {
    static TABLE: OnceLock<HashMap<&'static str, Vec<BuiltInPiece>>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table: HashMap<&'static str, Vec<BuiltInPiece>> = HashMap::new();
        for line in include_str!("builtin_pieces.tsv").lines().skip(1) {
            let columns: Vec<&'static str> = line.split('\t').collect();
            let [variant, letter, piece, betza, king, check, note] = columns[..] else {
                continue;
            };
            let Some(letter) = letter.chars().next() else {
                continue;
            };
            table.entry(variant).or_default().push(BuiltInPiece {
                letter,
                piece: piece.to_owned(),
                betza: if betza == "-" { "" } else { betza }.to_owned(),
                king: king == "true",
                check: match check {
                    "agrees" => Check::Agrees,
                    "differs" => Check::Differs,
                    _ => Check::Unchecked,
                },
                note: note.to_owned(),
            });
        }
        table
    })
}

/// The pieces of built-in variant `variant`, in the table's order (none for a name that is no
/// built-in).
pub fn pieces(variant: &str) -> &'static [BuiltInPiece] {
    table().get(variant).map_or(&[], Vec::as_slice)
}

/// The piece of built-in `variant` with `letter` (either case).
pub fn piece(variant: &str, letter: char) -> Option<&'static BuiltInPiece> {
    let letter = letter.to_ascii_lowercase();
    pieces(variant).iter().find(|p| p.letter == letter)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::ini::options;

    /// Every letter builtins.tsv found the engine accepting has its row, a gap is said in the
    /// note, and the table names no variant or letter the engine lacks.
    #[test]
    fn the_table_covers_every_built_in_letter() {
        for built_in in options::built_ins() {
            let pieces = pieces(&built_in.name);
            for letter in built_in.letters.chars() {
                let piece = piece(&built_in.name, letter)
                    .unwrap_or_else(|| panic!("`{letter}` of `{}` has no row", built_in.name));
                if piece.piece == "-" {
                    assert!(!piece.note.is_empty(), "{piece:?}");
                }
            }
            for piece in pieces {
                assert!(
                    built_in.letters.contains(piece.letter),
                    "`{}` of `{}` is no letter of builtins.tsv",
                    piece.letter,
                    built_in.name
                );
            }
        }
        for variant in table().keys() {
            assert!(options::built_in(variant).is_some(), "{variant}");
        }
    }

    #[test]
    fn a_built_in_names_its_pieces() {
        let queen = piece("chess", 'Q').expect("chess has a queen");
        assert_eq!((queen.piece.as_str(), queen.betza.as_str()), ("queen", "Q"));
        assert!(!queen.king && piece("chess", 'k').is_some_and(|k| k.king));
        let dragon = piece("shogi", 'h').expect("shogi's dragon horse");
        assert_eq!(
            (dragon.words().as_str(), dragon.betza.as_str()),
            ("dragon horse", "BW")
        );
        // Xiangqi's advisor keeps to the palace: its Betza alone says more than the engine does.
        let advisor = piece("xiangqi", 'a').expect("xiangqi's advisor");
        assert_eq!(advisor.check, Check::Differs);
        assert!(
            advisor
                .rules_beyond_betza()
                .is_some_and(|r| r.contains("mobilityRegion"))
        );
        assert!(piece("nightrider", 'n').is_some_and(|n| n.betza == "NN"));
        assert!(pieces("no such variant").is_empty());
    }
}
