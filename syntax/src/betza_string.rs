//! One Betza string, read once: its parse, and what is built from it the first time something
//! asks (its model, the model generation reads, the string converted to other readings). The
//! lints, the engine comparisons, the proofs of fixes and every editor feature read the same
//! one, so a string is parsed and lowered once however many of them look at it.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock, PoisonError};

use crate::board::without_repeats;
use crate::convert::{Reading, convert, convert_read};
use crate::tree::Parse;
use crate::{Dialect, model, parse};

#[derive(Debug)]
pub struct BetzaString {
    text: String,
    parse: Parse,
    model: OnceLock<model::Piece>,
    /// The model with each move written again left out, which a comparison or proof generates
    /// in many positions.
    to_generate: OnceLock<model::Piece>,
    /// The string converted between readings, proven exact, by (from, to): each asked for once.
    conversions: Mutex<HashMap<(Reading, Reading), Option<String>>>,
}

impl BetzaString {
    /// `text` parsed as `dialect`; the rest is built when first asked for.
    pub fn new(text: &str, dialect: Dialect) -> BetzaString {
        BetzaString {
            text: text.to_owned(),
            parse: parse(text, dialect),
            model: OnceLock::new(),
            to_generate: OnceLock::new(),
            conversions: Mutex::default(),
        }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn dialect(&self) -> Dialect {
        self.parse.dialect()
    }

    pub fn parse(&self) -> &Parse {
        &self.parse
    }

    /// The piece as its dialect reads it.
    pub fn model(&self) -> &model::Piece {
        self.model
            .get_or_init(|| model::build(&self.parse.piece(), self.dialect()))
    }

    /// [`Self::model`] without repeated moves: the same moves, found once each in every
    /// position it is generated in.
    pub fn model_to_generate(&self) -> &model::Piece {
        self.to_generate
            .get_or_init(|| without_repeats(self.model()))
    }

    /// The piece as `dialect` reads the same text: its own model when that is its dialect.
    pub fn model_as(&self, dialect: Dialect) -> Cow<'_, model::Piece> {
        if dialect == self.dialect() {
            Cow::Borrowed(self.model())
        } else {
            Cow::Owned(model::build(&parse(&self.text, dialect).piece(), dialect))
        }
    }

    /// The string, read as `from`, written so that `to` reads it the same: proven by
    /// generation (`convert`), and different from the string; `None` when no such string is
    /// found.
    pub fn converted(&self, from: Reading, to: Reading) -> Option<String> {
        let mut conversions = self
            .conversions
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        conversions
            .entry((from, to))
            .or_insert_with(|| {
                // Read as written when `from` is the string's own dialect's reading.
                let conversion = if from.dialect() == self.dialect() {
                    convert_read(self, from, to)
                } else {
                    convert(&self.text, from, to)
                }
                .ok()?;
                (conversion.exact && conversion.betza != self.text).then_some(conversion.betza)
            })
            .clone()
    }
}
