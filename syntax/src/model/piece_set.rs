//! Piece sets that limit what a leg captures, hops over or swaps with (seed 002, "Piece Sets":
//! `c{L}RB`, `ac{^C}p{^C}R`, `P=P+mp{!P}D`), decided for a piece of known type and colour.

use rowan::TextRange;

/// `{QRBN}`, `{^C}`, `{!Qb}`: piece types, all but them with `^`, and with `!` the letter's
/// case says the colour (upper friendly, lower enemy); without it both colours count.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PieceSet {
    pub complement: bool,
    pub members: Vec<Member>,
    pub source: TextRange,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Member {
    /// The type's letters as written, upper case (`N`, `GC+` for `:GC+:`).
    pub name: String,
    /// `Some(true)`: only a friendly piece of the type; `Some(false)`: only an enemy one.
    pub friendly: Option<bool>,
}

impl PieceSet {
    /// Whether a piece of type `name` (`None`: not known) and side (`friendly`) is in the
    /// set; `None` when that needs its type.
    pub fn holds(&self, name: Option<&str>, friendly: bool) -> Option<bool> {
        let colour_fits = |m: &Member| m.friendly.is_none_or(|f| f == friendly);
        let inside = match name {
            Some(name) => self
                .members
                .iter()
                .any(|m| colour_fits(m) && m.name.eq_ignore_ascii_case(name)),
            // `{^}` holds every piece and `{}` none, whatever their types.
            None if self.members.is_empty() => false,
            None => return None,
        };
        Some(inside != self.complement)
    }
}

/// The sets written on a leg, each limiting one thing it does where it lands.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct LegSets {
    /// `c{…}`: the pieces it may capture.
    pub capture: Option<PieceSet>,
    /// `p{…}`, `j{…}`: the pieces it may hop over or visit.
    pub hop: Option<PieceSet>,
    /// `w{…}`: the pieces it may swap places with.
    pub swap: Option<PieceSet>,
}
