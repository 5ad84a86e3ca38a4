//! What a conversion compares beside the generated moves: castling, which needs the game's
//! start position, and capturing en passant, which needs e.p. rights. No proof position has
//! either, so a result that lost them would pass the proof (`fscRO1` as `cfsR`); each reading's
//! letters say them instead (issue 54).

use crate::board::{Position, generate, without_repeats};
use crate::lint::proof::Generator;
use crate::model::{self, MoveKind, Step};
use crate::{BetzaString, Reading};
use rowan::TextRange;

/// One castling rule as written: the king's step, the sideways directions, and whether the
/// partner is the next piece in (`j`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Castling {
    king_step: u32,
    directions: Vec<Step>,
    next_closer: bool,
}

/// The most castling moves a message quotes.
const QUOTED: usize = 3;

/// What a reading of a string does that no proof position shows.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(super) struct Unseen {
    castling: Vec<Castling>,
    /// The text of the castling moves, as read (`O1`), for the words.
    castling_written: Vec<String>,
    en_passant: bool,
}

impl Unseen {
    /// `text` as `reading` reads it: XBoard castles and captures en passant as the XBetza
    /// description says, on the letters it reads (`Reading::text_read`); Fairy-Stockfish's
    /// Betza has no castling (the variant's `castling` options give it), and its own rule
    /// says which piece captures en passant.
    pub(super) fn of(text: &str, reading: Reading) -> Unseen {
        let (read, reading) = reading
            .text_read(text)
            .unwrap_or_else(|| (text.to_owned(), reading));
        let dialect = reading.dialect();
        let piece = crate::registry::lower(&crate::parse(&read, dialect).piece(), dialect);
        Unseen::of_model(&read, reading, &piece)
    }

    /// The string as `reading` reads it, from the model its analysis built where that is the
    /// reading's.
    pub(super) fn of_string(string: &BetzaString, reading: Reading) -> Unseen {
        if reading == Reading::Dialect(string.dialect()) {
            return Unseen::of_model(string.text(), reading, string.model());
        }
        Unseen::of(string.text(), reading)
    }

    /// `read`, whose model as `reading` reads it is `piece`.
    fn of_model(read: &str, reading: Reading, piece: &model::Piece) -> Unseen {
        let dialect = reading.dialect();
        let mut out = Unseen {
            en_passant: crate::registry::notation(dialect).captures_en_passant(read, piece),
            ..Unseen::default()
        };
        for a_move in &piece.moves {
            if let MoveKind::Castling {
                king_step,
                directions,
                next_closer,
            } = &a_move.kind
            {
                let mut directions = directions.clone();
                directions.sort_unstable();
                out.castling.push(Castling {
                    king_step: *king_step,
                    directions,
                    next_closer: *next_closer,
                });
                if let Some(written) = read.get(std::ops::Range::<usize>::from(a_move.source)) {
                    out.castling_written.push(written.to_owned());
                }
            }
        }
        out.castling.sort_unstable();
        out.castling.dedup();
        out
    }

    /// Whether `other` does the same unseen things.
    pub(super) fn same(&self, other: &Unseen) -> bool {
        self.castling == other.castling && self.en_passant == other.en_passant
    }

    /// What `result`, read as `to`, loses or adds beside this, read as `from`, in words.
    pub(super) fn differences(
        &self,
        result: &Unseen,
        (from, to): (Reading, Reading),
    ) -> Vec<String> {
        let mut out = Vec::new();
        if self.castling != result.castling {
            // A few quoted, however many the string writes.
            let written = |unseen: &Unseen| {
                let all = &unseen.castling_written;
                let mut said: Vec<String> = (all.iter().take(QUOTED))
                    .map(|w| format!("`{}`", crate::quote::shortened(w)))
                    .collect();
                if all.len() > QUOTED {
                    said.push(format!("{} more", all.len() - QUOTED));
                }
                said.join(", ")
            };
            out.push(
                match (self.castling.is_empty(), result.castling.is_empty()) {
                    (false, true) if !to.writes_castling() => format!(
                        "{} castles ({}), which {}'s Betza cannot write: a variants.ini \
                         gives castling with its `castling` options",
                        from.reader(),
                        written(self),
                        to.reader()
                    ),
                    (false, true) => format!(
                        "{} castles ({}) and the new string does not",
                        from.reader(),
                        written(self)
                    ),
                    (true, false) => format!("the new string castles ({})", written(result)),
                    (false, false) | (true, true) => format!(
                        "{} castles otherwise ({}) than the new string ({})",
                        from.reader(),
                        written(self),
                        written(result)
                    ),
                },
            );
        }
        if self.en_passant != result.en_passant {
            out.push(if self.en_passant {
                format!(
                    "{} captures en passant and {} reading the new string does not",
                    from.reader(),
                    to.reader()
                )
            } else {
                format!(
                    "{} reading the new string captures en passant, which {} does not",
                    to.reader(),
                    from.reader()
                )
            });
        }
        out
    }

    /// Whether the reading castles.
    pub(super) fn castles(&self) -> bool {
        !self.castling.is_empty()
    }
}

/// The moves of `text` read as `reading`, but its castling, which [`Unseen`] compares: the
/// XBetza description's castling is generated with the piece at the board's edge, XBoard's is
/// not (it needs the start position), so the proof would part them for that alone.
pub(super) fn without_castling(text: &str, reading: Reading) -> Generator<'static> {
    let Reading::Dialect(dialect) = reading else {
        // XBoard's reading castles on positions too (notes X14); its moves carry the letters
        // they come from, and `O` is castling only.
        let generator = crate::registry::generator(text, reading);
        let text = text.to_owned();
        return Box::new(move |position: &Position| {
            let mut generated = generator(position);
            generated.moves.retain(|m| {
                !text
                    .get(std::ops::Range::<usize>::from(m.source))
                    .is_some_and(|letters| letters.contains('O'))
            });
            generated
        });
    };
    // Read once: its castling moves are known by their source in the model generated.
    let piece = without_repeats(&crate::registry::lower(
        &crate::parse(text, dialect).piece(),
        dialect,
    ));
    let castling: Vec<TextRange> = (piece.moves.iter())
        .filter(|m| matches!(m.kind, MoveKind::Castling { .. }))
        .map(|m| m.source)
        .collect();
    Box::new(move |position: &Position| {
        let mut generated = generate(&piece, position);
        generated.moves.retain(|m| !castling.contains(&m.source));
        generated
    })
}
