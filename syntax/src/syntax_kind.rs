//! One kind enum for every token and every node of every dialect (taplo's approach): the lexer
//! produces the token kinds, the parser arranges them under the node kinds, and rowan stores both.
//!
//! Letters get a kind each, named after the letter rather than its role, because a letter's role
//! depends on the dialect and on where it stands (`s` is "sideways" in XBetza; MBN reads letters in
//! its own way). The roles live in [`crate::vocabulary`].

use logos::Logos;

/// A token or node kind. Tokens come first; `PIECE` and later are nodes.
#[derive(Logos, Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u16)]
#[allow(non_camel_case_types)]
pub enum SyntaxKind {
    #[token("a")]
    SMALL_A,
    #[token("b")]
    SMALL_B,
    #[token("c")]
    SMALL_C,
    #[token("d")]
    SMALL_D,
    #[token("e")]
    SMALL_E,
    #[token("f")]
    SMALL_F,
    #[token("g")]
    SMALL_G,
    #[token("h")]
    SMALL_H,
    #[token("i")]
    SMALL_I,
    #[token("j")]
    SMALL_J,
    #[token("k")]
    SMALL_K,
    #[token("l")]
    SMALL_L,
    #[token("m")]
    SMALL_M,
    #[token("n")]
    SMALL_N,
    #[token("o")]
    SMALL_O,
    #[token("p")]
    SMALL_P,
    #[token("q")]
    SMALL_Q,
    #[token("r")]
    SMALL_R,
    #[token("s")]
    SMALL_S,
    #[token("t")]
    SMALL_T,
    #[token("u")]
    SMALL_U,
    #[token("v")]
    SMALL_V,
    #[token("w")]
    SMALL_W,
    #[token("x")]
    SMALL_X,
    #[token("y")]
    SMALL_Y,
    #[token("z")]
    SMALL_Z,
    #[token("A")]
    CAPITAL_A,
    #[token("B")]
    CAPITAL_B,
    #[token("C")]
    CAPITAL_C,
    #[token("D")]
    CAPITAL_D,
    #[token("E")]
    CAPITAL_E,
    #[token("F")]
    CAPITAL_F,
    #[token("G")]
    CAPITAL_G,
    #[token("H")]
    CAPITAL_H,
    #[token("I")]
    CAPITAL_I,
    #[token("J")]
    CAPITAL_J,
    #[token("K")]
    CAPITAL_K,
    #[token("L")]
    CAPITAL_L,
    #[token("M")]
    CAPITAL_M,
    #[token("N")]
    CAPITAL_N,
    #[token("O")]
    CAPITAL_O,
    #[token("P")]
    CAPITAL_P,
    #[token("Q")]
    CAPITAL_Q,
    #[token("R")]
    CAPITAL_R,
    #[token("S")]
    CAPITAL_S,
    #[token("T")]
    CAPITAL_T,
    #[token("U")]
    CAPITAL_U,
    #[token("V")]
    CAPITAL_V,
    #[token("W")]
    CAPITAL_W,
    #[token("X")]
    CAPITAL_X,
    #[token("Y")]
    CAPITAL_Y,
    #[token("Z")]
    CAPITAL_Z,
    /// A run of decimal digits: a range (`W4`), a repeat count (`(caf)3`) or a stray number.
    #[regex("[0-9]+")]
    DIGITS,
    /// `*`: the location-dependent range of the Interactive Diagram (seed 000).
    #[token("*")]
    STAR,
    #[token("(")]
    L_PAREN,
    #[token(")")]
    R_PAREN,
    #[token("[")]
    L_BRACKET,
    #[token("]")]
    R_BRACKET,
    #[token("{")]
    L_BRACE,
    #[token("}")]
    R_BRACE,
    #[token("+")]
    PLUS,
    #[token("-")]
    MINUS,
    #[token(",")]
    COMMA,
    #[token(":")]
    COLON,
    #[token(";")]
    SEMICOLON,
    #[token("=")]
    EQUALS,
    #[token("@")]
    AT,
    #[token("|")]
    PIPE,
    #[token("/")]
    SLASH,
    #[token("!")]
    BANG,
    #[token("#")]
    HASH,
    #[token("<")]
    LESS,
    #[token(">")]
    GREATER,
    #[token("'")]
    APOSTROPHE,
    #[token("?")]
    QUESTION,
    #[token("$")]
    DOLLAR,
    #[token("%")]
    PERCENT,
    #[token("&")]
    AMPERSAND,
    #[token(".")]
    DOT,
    /// `^`: the complement of an MBN piece set or board range.
    #[token("^")]
    CARET,
    /// Spaces, tabs and ASCII line breaks.
    #[regex("[ \\t\\r\\n]+")]
    WHITESPACE,
    /// A run of characters that belong to no token of any dialect (emoji, NUL, `~`, `é`, ...).
    UNKNOWN,

    /// The root: a whole Betza string, a sequence of moves.
    PIECE,
    /// One move: its legs, separated by `a`, then its atom.
    MOVE,
    /// The modifiers of one leg (possibly none).
    LEG,
    /// A parenthesised repeat group of modifiers and `a`s, with an optional count: `(caf)3`.
    GROUP,
    /// The atom letter (doubled for a rider), its extension suffix and its range.
    ATOM,
    /// The range after an atom: digits or `*`.
    RANGE,
    /// Tokens that fit nowhere, kept so the tree stays lossless.
    ERROR,

    // MBN (seed 002) nodes.
    /// One whitespace-separated MBN item: a head (identifiers and `=` or `==`) and a body, or
    /// either alone.
    DEFINITION,
    /// A piece or macro name with its prefixes, suffix, board and announcement: `+P`, `@:NR:`,
    /// `R<s>`, `C<2>`, `+G/DragonResurrection/`.
    IDENTIFIER,
    /// A compound piece letter: `:NR:`.
    COMPOUND,
    /// An identifier's `<s>` suffix.
    SUFFIX,
    /// A board identifier or board transition: `<2>`, `<+-1>`, `<<5>>`, `<1;2>`.
    BOARD,
    /// Legs joined by `-` (chaining) or `--` (sequence).
    CHAIN,
    /// Moves joined by `+`.
    ALTERNATIVES,
    /// An optional leg: `[...]` (a choice) or `{...}` (taken when unblocked).
    OPTIONAL,
    /// One partial move: prefix operators, ranges, modifiers and juxtaposed moves.
    TERM,
    /// A modifier letter, doubled or with `y`, `?` and a piece set or board range.
    MODIFIER,
    /// An amalgamated direction: `(lf)`.
    AMALGAM,
    /// `{...}`: a set of pieces.
    PIECE_SET,
    /// `[...]`: a set of squares.
    BOARD_RANGE,
    /// `/.../`: a condition, or an identifier's announcement.
    CONDITION,
    /// `|...|`: a comment.
    COMMENT,
    /// What follows `==`: the pieces of a promotion or a drop rule.
    PIECE_LIST,
    /// The head of a castling rule: `O-O`, `O-O-O`, `O-O-O-O`.
    CASTLING,
    /// An extended leaper: `:1,4:`.
    VECTOR,
}

impl SyntaxKind {
    /// Every kind, indexed by its `repr`; lets rowan's raw kinds convert back without `unsafe`.
    const ALL: [SyntaxKind; 107] = [
        SyntaxKind::SMALL_A,
        SyntaxKind::SMALL_B,
        SyntaxKind::SMALL_C,
        SyntaxKind::SMALL_D,
        SyntaxKind::SMALL_E,
        SyntaxKind::SMALL_F,
        SyntaxKind::SMALL_G,
        SyntaxKind::SMALL_H,
        SyntaxKind::SMALL_I,
        SyntaxKind::SMALL_J,
        SyntaxKind::SMALL_K,
        SyntaxKind::SMALL_L,
        SyntaxKind::SMALL_M,
        SyntaxKind::SMALL_N,
        SyntaxKind::SMALL_O,
        SyntaxKind::SMALL_P,
        SyntaxKind::SMALL_Q,
        SyntaxKind::SMALL_R,
        SyntaxKind::SMALL_S,
        SyntaxKind::SMALL_T,
        SyntaxKind::SMALL_U,
        SyntaxKind::SMALL_V,
        SyntaxKind::SMALL_W,
        SyntaxKind::SMALL_X,
        SyntaxKind::SMALL_Y,
        SyntaxKind::SMALL_Z,
        SyntaxKind::CAPITAL_A,
        SyntaxKind::CAPITAL_B,
        SyntaxKind::CAPITAL_C,
        SyntaxKind::CAPITAL_D,
        SyntaxKind::CAPITAL_E,
        SyntaxKind::CAPITAL_F,
        SyntaxKind::CAPITAL_G,
        SyntaxKind::CAPITAL_H,
        SyntaxKind::CAPITAL_I,
        SyntaxKind::CAPITAL_J,
        SyntaxKind::CAPITAL_K,
        SyntaxKind::CAPITAL_L,
        SyntaxKind::CAPITAL_M,
        SyntaxKind::CAPITAL_N,
        SyntaxKind::CAPITAL_O,
        SyntaxKind::CAPITAL_P,
        SyntaxKind::CAPITAL_Q,
        SyntaxKind::CAPITAL_R,
        SyntaxKind::CAPITAL_S,
        SyntaxKind::CAPITAL_T,
        SyntaxKind::CAPITAL_U,
        SyntaxKind::CAPITAL_V,
        SyntaxKind::CAPITAL_W,
        SyntaxKind::CAPITAL_X,
        SyntaxKind::CAPITAL_Y,
        SyntaxKind::CAPITAL_Z,
        SyntaxKind::DIGITS,
        SyntaxKind::STAR,
        SyntaxKind::L_PAREN,
        SyntaxKind::R_PAREN,
        SyntaxKind::L_BRACKET,
        SyntaxKind::R_BRACKET,
        SyntaxKind::L_BRACE,
        SyntaxKind::R_BRACE,
        SyntaxKind::PLUS,
        SyntaxKind::MINUS,
        SyntaxKind::COMMA,
        SyntaxKind::COLON,
        SyntaxKind::SEMICOLON,
        SyntaxKind::EQUALS,
        SyntaxKind::AT,
        SyntaxKind::PIPE,
        SyntaxKind::SLASH,
        SyntaxKind::BANG,
        SyntaxKind::HASH,
        SyntaxKind::LESS,
        SyntaxKind::GREATER,
        SyntaxKind::APOSTROPHE,
        SyntaxKind::QUESTION,
        SyntaxKind::DOLLAR,
        SyntaxKind::PERCENT,
        SyntaxKind::AMPERSAND,
        SyntaxKind::DOT,
        SyntaxKind::CARET,
        SyntaxKind::WHITESPACE,
        SyntaxKind::UNKNOWN,
        SyntaxKind::PIECE,
        SyntaxKind::MOVE,
        SyntaxKind::LEG,
        SyntaxKind::GROUP,
        SyntaxKind::ATOM,
        SyntaxKind::RANGE,
        SyntaxKind::ERROR,
        SyntaxKind::DEFINITION,
        SyntaxKind::IDENTIFIER,
        SyntaxKind::COMPOUND,
        SyntaxKind::SUFFIX,
        SyntaxKind::BOARD,
        SyntaxKind::CHAIN,
        SyntaxKind::ALTERNATIVES,
        SyntaxKind::OPTIONAL,
        SyntaxKind::TERM,
        SyntaxKind::MODIFIER,
        SyntaxKind::AMALGAM,
        SyntaxKind::PIECE_SET,
        SyntaxKind::BOARD_RANGE,
        SyntaxKind::CONDITION,
        SyntaxKind::COMMENT,
        SyntaxKind::PIECE_LIST,
        SyntaxKind::CASTLING,
        SyntaxKind::VECTOR,
    ];

    /// The kind with this raw value; out-of-range values (never produced by this crate) map to
    /// `ERROR`.
    pub fn from_raw(raw: u16) -> SyntaxKind {
        Self::ALL
            .get(usize::from(raw))
            .copied()
            .unwrap_or(SyntaxKind::ERROR)
    }

    /// The letter a letter token stands for.
    pub fn letter(self) -> Option<char> {
        let raw = self as u16;
        let small = SyntaxKind::SMALL_A as u16;
        let capital = SyntaxKind::CAPITAL_A as u16;
        // Letters are declared in alphabetical runs of 26, small then capital.
        let (base, offset) = match raw {
            _ if raw < small + 26 => (b'a', raw - small),
            _ if (capital..capital + 26).contains(&raw) => (b'A', raw - capital),
            _ => return None,
        };
        u8::try_from(offset).ok().map(|o| char::from(base + o))
    }

    /// Every small letter but `a` stands where XBetza's modifiers stand (`w`, the one without
    /// a meaning, included, so it can be reported there).
    pub fn is_modifier_letter(self) -> bool {
        (SyntaxKind::SMALL_B..=SyntaxKind::SMALL_Z).contains(&self)
    }

    pub fn is_capital_letter(self) -> bool {
        (SyntaxKind::CAPITAL_A..=SyntaxKind::CAPITAL_Z).contains(&self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_values_round_trip() {
        for (index, kind) in SyntaxKind::ALL.iter().enumerate() {
            assert_eq!(*kind as usize, index);
            assert_eq!(SyntaxKind::from_raw(*kind as u16), *kind);
        }
        assert_eq!(SyntaxKind::from_raw(u16::MAX), SyntaxKind::ERROR);
    }

    #[test]
    fn letters_map_to_their_characters() {
        assert_eq!(SyntaxKind::SMALL_A.letter(), Some('a'));
        assert_eq!(SyntaxKind::SMALL_Z.letter(), Some('z'));
        assert_eq!(SyntaxKind::CAPITAL_A.letter(), Some('A'));
        assert_eq!(SyntaxKind::CAPITAL_W.letter(), Some('W'));
        assert_eq!(SyntaxKind::DIGITS.letter(), None);
    }
}
