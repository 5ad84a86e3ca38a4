//! Converting a Betza string from one reading to another: XBetza as the seeds define it,
//! Fairy-Stockfish's reading, and XBoard's reading.
//!
//! What this module promises:
//! - **Proof, not patterns**: a result is `exact` only when generating both readings on the
//!   proof positions (`board::reference::proof_positions`) shows the same moves, by the
//!   machinery the lints prove their fixes with (`lint::Original::same_as`).
//! - **Short**: of the exact candidates the shortest wins, so a string the target already reads
//!   as the source does never comes back longer; with none exact, the candidate with the
//!   fewest differing moves, and those moves.
//! - **Total**: any text gives a result or [`NoMeaning`], within the budgets generation has.

mod candidates;
mod choose;
mod conversion;
mod part;
mod search;
mod spell;
#[cfg(test)]
mod tests;
mod unseen;

use crate::diagnostic::{Code, codes};
use crate::lint::Engine;
use std::fmt;
use std::sync::PoisonError;

pub use crate::dialect::Reading;
use crate::{BetzaString, Dialect};
pub use conversion::{Conversion, Difference, Landing};

impl BetzaString {
    /// The string, read as `from`, written so that `to` reads it the same: proven by
    /// generation ([`convert`]), and different from the string; `None` when no such string is
    /// found.
    pub fn converted(&self, from: Reading, to: Reading) -> Option<String> {
        let mut conversions = self
            .conversions()
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        conversions
            .entry((from, to))
            .or_insert_with(|| {
                // Read as written when `from` is the string's own dialect's reading.
                let conversion = if from.dialect() == self.dialect() {
                    convert_read(self, from, to)
                } else {
                    convert(self.text(), from, to)
                }
                .ok()?;
                (conversion.exact && conversion.betza != self.text()).then_some(conversion.betza)
            })
            .clone()
    }
}

/// What a conversion asks of a reading.
impl Reading {
    /// The conversion that answers a finding of `code` on a string read this way: from the
    /// reading meant to the reading of the engine that plays it. On `engines-disagree` on an
    /// XBetza string: Fairy-Stockfish plays it as the XBetza description reads it. On an
    /// XBoard finding: XBoard plays the string as it is meant here (in a `variants.ini`, as
    /// Fairy-Stockfish plays it).
    pub(crate) fn port_for(self, code: Code) -> Option<(Reading, Reading)> {
        match code.engine {
            _ if code == codes::ENGINES_DISAGREE => {
                (self == Reading::XBETZA).then_some((self, Reading::FAIRY))
            }
            Some(Engine::XBoard) => Some((self, Reading::XBOARD)),
            _ => None,
        }
    }

    /// The text this reading reads and the reading it is read in, where it is not the text as
    /// written: XBoard's reading is the seed's reading of the letters XBoard actually reads.
    fn text_read(self, text: &str) -> Option<(String, Reading)> {
        match self {
            Reading::XBOARD => crate::notation::xboard::text::as_xboard_reads(text)
                .map(|read| (read, Reading::XBETZA)),
            _ => None,
        }
    }

    /// Whether the reading's letters can castle (`O`): Fairy-Stockfish's Betza cannot, a
    /// variant gives castling with its own options.
    fn writes_castling(self) -> bool {
        self.dialect() != Dialect::Fairy
    }

    /// Whether the reading has quirks where it reads letters otherwise than the seed, so a
    /// conversion also tries the letters it reads as the seed does.
    fn has_quirks(self) -> bool {
        self == Reading::XBOARD
    }
}

/// The string has no meaning in its reading: no moves to convert.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoMeaning {
    pub reading: Reading,
    /// It reads, but makes no move in any reference position (Fairy-Stockfish's `HH`, `icD`).
    pub no_moves: bool,
    /// Its only moves are castling (`icO1`), which the target cannot write (Fairy-Stockfish's
    /// Betza has none).
    pub only_castles: bool,
}

impl fmt::Display for NoMeaning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.only_castles {
            return write!(
                f,
                "{} only castles with this piece, which Fairy-Stockfish's Betza cannot write (a \
                 variants.ini gives castling with its `castling` options)",
                self.reading.reader()
            );
        }
        match (self.reading, self.no_moves) {
            (reading, true) => write!(
                f,
                "{} reads no move in this string on any reference board",
                reading.reader()
            ),
            (Reading::Engine(Engine::XBoard), false) => {
                write!(f, "XBoard reads no move in this string")
            }
            (Reading::Dialect(Dialect::Fairy) | Reading::Engine(Engine::FairyStockfish), false) => {
                write!(f, "Fairy-Stockfish reads no atom in this string")
            }
            (Reading::Dialect(dialect), false) => {
                write!(f, "the string has no meaning in {}", dialect.title())
            }
        }
    }
}

impl std::error::Error for NoMeaning {}

/// `text` read as `from`, written so that `to` reads it the same; `from == to` gives the
/// shortest string of the same moves.
pub fn convert(text: &str, from: Reading, to: Reading) -> Result<Conversion, NoMeaning> {
    convert_read(&BetzaString::new(text, from.dialect()), from, to)
}

/// Where `conversion`, of `text` read as `from` written for `to`, differs from the original,
/// told for a reader who sees `seen` (the playground's board, piece and pieces around it): in
/// that position where the moves differ there; else on its board, the piece on its square
/// first, where a proof position moved there shows the difference, said to be another position
/// than the one shown; else where the moves differ, said to be the same on every position
/// tried on its board. The conversion's own [`Conversion::difference`] is the command line's,
/// told without a board. `None` when the conversion is exact or makes the same moves (it
/// differs in castling or en passant alone, which its own difference says).
pub fn difference_seen(
    text: &str,
    (from, to): (Reading, Reading),
    conversion: &Conversion,
    seen: &crate::board::Position,
) -> Option<Difference> {
    if conversion.exact {
        return None;
    }
    let string = BetzaString::new(text, from.dialect());
    choose::seen_from(&string, (from, to), &conversion.betza, seen)
}

/// [`convert`] of a string already read in `from`'s dialect, whose parse and model every
/// step reads.
pub(crate) fn convert_read(
    string: &BetzaString,
    from: Reading,
    to: Reading,
) -> Result<Conversion, NoMeaning> {
    if unreadable(string, from) {
        return Err(NoMeaning {
            reading: from,
            no_moves: false,
            only_castles: false,
        });
    }
    // Castling makes no move on a proof position in XBoard's reading (it needs the start
    // position): a piece that only castles has its castling to write.
    let unseen = unseen::Unseen::of_string(string, from);
    if moveless(string, from, &unseen) && (!unseen.castles() || !to.writes_castling()) {
        return Err(NoMeaning {
            reading: from,
            no_moves: true,
            only_castles: unseen.castles(),
        });
    }
    let candidates = candidates::candidates(string, from, to);
    Ok(choose::best((string, &unseen), from, to, candidates))
}

/// Whether `text` cannot be read as `from`, as `betza moves` decides: an empty string, or a
/// syntax error the model cannot read past (Fairy-Stockfish reads any string with an atom).
/// XBoard reads what it can of any string: for it only a string with no move is unreadable.
fn unreadable(string: &BetzaString, from: Reading) -> bool {
    string.text().trim().is_empty()
        || (from != Reading::XBOARD && string.notation().is_meaningless(string.parse()))
}

/// Whether `text` read as `from` makes no move in any reference position: there is nothing
/// to write, and no other string proven to make no move either.
fn moveless(string: &BetzaString, from: Reading, unseen: &unseen::Unseen) -> bool {
    let mut original = choose::original(string, from, unseen);
    let generator = original.generator();
    crate::board::reference::shown_positions(None)
        .iter()
        .chain(crate::board::reference::proof_positions())
        .all(|position| {
            let generated = generator(position);
            generated.moves.is_empty() && !generated.truncated
        })
}
