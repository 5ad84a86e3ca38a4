//! What each letter means in MBN (seed 002), for hover and completion: the table of prefixes
//! ("this table covers the full alphabet") and the table of basic pieces (section 14). MBN
//! gives many letters another meaning than XBetza (`a` is "all", `w` swaps, `z` reflects),
//! so it has its own table.

/// Seed 002's table of prefixes, one row for each small letter: the letter, its name and what
/// it does, in a line.
const MODIFIERS: [(char, &str, &str); 26] = [
    (
        'a',
        "all",
        "moves or captures; used with a piece set to limit one of the two",
    ),
    ('b', "backward", "direction: backward"),
    (
        'c',
        "capture",
        "captures only; `cc` captures friends instead, `cy` any piece; a piece set limits which",
    ),
    (
        'd',
        "any direction",
        "direction: any, independent of the previous leg",
    ),
    (
        'e',
        "en passant",
        "with `c`: may also capture en passant (`ee`: only en passant); with `m`: lets the opponent capture this move en passant",
    ),
    ('f', "forward", "direction: forward"),
    (
        'g',
        "leaping slider",
        "moves like the slider but leaps over what stands between (`gg`: only over friends)",
    ),
    (
        'h',
        "halfling",
        "goes half the way to the board's edge, rounded up",
    ),
    (
        'i',
        "initial",
        "only on the piece's first move (`ii`: also lost by the first check)",
    ),
    (
        'j',
        "visit",
        "moves to a piece without capturing it, for a later leg to go on from (`jj`: friends, `jy`: any)",
    ),
    (
        'k',
        "no check",
        "cannot give check (`kk`: can check but not mate at once)",
    ),
    ('l', "left", "direction: left"),
    ('m', "move", "moves to an empty square, never captures"),
    (
        'n',
        "non-jumping",
        "a leaping rider becomes a sliding one: the squares between must be empty",
    ),
    (
        'o',
        "cylinder",
        "the left and right edges are joined (`oo`: also top and bottom)",
    ),
    (
        'p',
        "hop",
        "must hop over one piece anywhere on the way (`pp`: one or more)",
    ),
    ('q', "unused", "has no meaning yet in MBN"),
    ('r', "right", "direction: right"),
    ('s', "sideways", "direction: left or right"),
    (
        't',
        "turn",
        "goes back the way the previous leg came (`tt`: any way but back)",
    ),
    (
        'u',
        "unblocked",
        "moves only if no enemy blocks any of its directions",
    ),
    ('v', "vertical", "direction: forward or backward"),
    (
        'w',
        "swap",
        "swaps places with the piece instead of capturing it (`ww`: friends, `wy`: any)",
    ),
    (
        'x',
        "flip",
        "turns an enemy piece into a friendly one (`xx`: the other way, `xy`: any)",
    ),
    (
        'y',
        "any",
        "a suffix: `cy`, `jy`, `wy`, `xy` act on any piece",
    ),
    (
        'z',
        "reflection",
        "mirrors the previous leg's step, for zig-zag and reflecting lines",
    ),
];

/// One small letter: its name and what it does, in a line.
pub fn modifier(letter: char) -> Option<(&'static str, &'static str)> {
    MODIFIERS
        .iter()
        .find(|(small, ..)| *small == letter)
        .map(|&(_, name, summary)| (name, summary))
}

/// A basic piece (section 14's table): its name and its moves written in MBN.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BasicPiece {
    pub name: &'static str,
    pub moves: &'static str,
}

/// Every capital letter is a basic piece. `M` reads `W0+N` rather than the table's `WF`: the
/// seed says the Marshall is the Empress (notes MB8).
pub fn basic_piece(letter: char) -> Option<BasicPiece> {
    let (name, moves) = match letter {
        'A' => ("Alfil", ":2,2:"),
        'B' => ("Bishop", "F0"),
        'C' => ("Camel", ":1,3:"),
        'D' => ("Dabbaba", ":0,2:"),
        'E' => ("Empress", "W0+N"),
        'F' => ("Ferz", ":1,1:"),
        'G' => ("Tripper (old letter)", ":3,3:"),
        'H' => ("Threeleaper", ":0,3:"),
        'I' => ("Janus", "F0+N"),
        'J' => ("Zebra (old letter)", ":2,3:"),
        'K' => ("King", "W+F"),
        'L' => ("Camel (old letter)", ":1,3:"),
        'M' => ("Marshall", "W0+N"),
        'N' => ("Knight", ":1,2:"),
        'O' => ("Zero", ":0,0:"),
        'P' => ("Pawn", "mfW+cefF+[1-2]mefW02"),
        'Q' => ("Queen", "W0+F0"),
        'R' => ("Rook", "W0"),
        'S' => ("Berolina Pawn", "mfsF+cefW+[1-2]mefF02"),
        'T' => ("Tripper", ":3,3:"),
        'U' => ("Universal Leaper", "g(WF)0"),
        'V' => ("Vizir", "F0+N"),
        'W' => ("Wazir", ":0,1:"),
        'X' => ("Explosion", "(!dcy{^P}OK)0*"),
        'Y' => ("Boyscout", "F-[(zF)0]"),
        'Z' => ("Zebra", ":2,3:"),
        _ => return None,
    };
    Some(BasicPiece { name, moves })
}

/// The basic pieces redefined for hexagonal boards mapped to rectangular coordinates (section
/// 15's table): horizontally and vertically oriented boards.
pub fn hexagonal(letter: char) -> Option<(&'static str, &'static str)> {
    Some(match letter {
        'P' => ("mfF+imefF02+cesC", "mfD+imefD02+cefF"),
        'N' => ("vC+s:1,5:+s:2,4:", "sC+v:1,5:+v:2,4:"),
        'B' => ("sC0+vD0", "vC0+sD0"),
        'R' => ("F0+sD0", "F0+vD0"),
        'Q' => ("R+B", "R+B"),
        'K' => ("D+F+sC", "D+F+vC"),
        _ => return None,
    })
}

/// Hover text for one letter in MBN.
pub fn letter_doc(letter: char) -> String {
    if let Some((name, summary)) = modifier(letter) {
        format!("**`{letter}`** ({name}): {summary}\n\n")
    } else if let Some(piece) = basic_piece(letter) {
        let hexagonal = hexagonal(letter).map_or_else(String::new, |(horizontal, vertical)| {
            format!(
                " On a hexagonal board mapped to squares it is `{horizontal}` (horizontal \
                 board) or `{vertical}` (vertical board); the diagram shows the square board."
            )
        });
        format!(
            "**`{letter}`** ({}): `{}`.{hexagonal}\n\n",
            piece.name, piece.moves
        )
    } else {
        format!("**`{letter}`** has no meaning in MBN\n\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Seed 002: "Note that this table covers the full alphabet", and section 14's table of
    /// basic pieces covers every capital letter.
    #[test]
    fn every_letter_has_a_meaning() {
        for letter in 'a'..='z' {
            assert!(modifier(letter).is_some(), "{letter}");
        }
        for letter in 'A'..='Z' {
            assert!(basic_piece(letter).is_some(), "{letter}");
        }
    }

    /// Seed 002, section 15: "For these surrogated boards we overwite the definition of the
    /// basic chess pieces K, Q, R, B, N, and P", and its table (King: D+F+sC horizontal,
    /// D+F+vC vertical).
    #[test]
    fn the_hexagonal_redefinitions_are_in_the_letter_docs() {
        assert!(letter_doc('K').contains("`D+F+sC` (horizontal board) or `D+F+vC`"));
        for letter in ['P', 'N', 'B', 'R', 'Q', 'K'] {
            let (horizontal, vertical) = hexagonal(letter).expect("redefined");
            for moves in [horizontal, vertical] {
                let parsed = crate::parse(moves, crate::Dialect::Mbn);
                assert!(parsed.errors().is_empty(), "{moves}");
            }
        }
        assert!(hexagonal('W').is_none() && !letter_doc('W').contains("hexagonal"));
    }

    /// Seed 002: "a All means: move or capture", unlike XBetza's `a` (another leg).
    #[test]
    fn small_a_is_all_not_again() {
        assert!(letter_doc('a').contains("(all)"));
    }
}
