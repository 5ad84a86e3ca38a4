//! The pieces a text holds, each to be explained on its own: in MBN, every definition and
//! macro with its macros dissolved ("all the macro definitions have to be dissolved" before a
//! piece's moves are read, seed 002); any other text is one piece.

use super::Described;
use crate::model;
use crate::notation::mbn::pieces::definitions;
use crate::tree::Parse;

/// One piece of a text: a line saying which (empty for a text of one piece), and its parse,
/// `None` where its macros cannot be dissolved (the header says why).
#[derive(Debug, Clone)]
pub struct Piece {
    pub header: String,
    pub parse: Option<Parse>,
    /// The whole text, when this piece is one of several: the game its attacking sets
    /// (`K=K+{C}W2F2`) look up their pieces in.
    pub game: Option<Parse>,
    /// Its model, built once for everything said and drawn of it.
    built: std::sync::OnceLock<model::Piece>,
}

impl Piece {
    /// Its model, the pieces of its attacking sets moving as the game defines them.
    pub fn model(&self) -> Option<&model::Piece> {
        let parse = self.parse.as_ref()?;
        Some(self.built.get_or_init(|| match &self.game {
            Some(game) => crate::notation::mbn::build_in_game(&parse.piece(), &[game.piece()]),
            None => model::build(&parse.piece(), parse.dialect()),
        }))
    }
}

/// The pieces of `parse`, in the order written. An MBN text of one definition without macros
/// is one piece, as is any text of another dialect.
pub fn pieces(parse: &Parse) -> Vec<Piece> {
    let whole = || {
        vec![Piece {
            header: String::new(),
            parse: Some(parse.clone()),
            game: None,
            built: std::sync::OnceLock::new(),
        }]
    };
    if !crate::notation::of(parse.dialect()).has_macros() {
        return whole();
    }
    let read = definitions(parse);
    let parse_of_game = parse;
    if read.len() <= 1 && !read.iter().any(|d| d.is_macro || d.uses_macros()) {
        return whole();
    }
    read.into_iter()
        .map(|d| {
            let mut header = match (&d.name, d.is_macro) {
                (Some(name), true) => format!("macro {name} = {}", d.written),
                (Some(name), false) => format!("piece {name} = {}", d.written),
                (None, _) => d.written.clone(),
            };
            if let Some(title) = &d.title {
                header.push_str(&format!(" ({title})"));
            }
            header.push('\n');
            let parse = match d.dissolved {
                Ok(text) => {
                    if text != d.written {
                        header.push_str(&format!("with macros dissolved: {text}\n"));
                    }
                    Some(crate::parse(&text, parse_of_game.dialect()))
                }
                Err(error) => {
                    header.push_str(&format!("cannot be dissolved: {error}\n"));
                    None
                }
            };
            Piece {
                header,
                parse,
                game: Some(parse_of_game.clone()),
                built: std::sync::OnceLock::new(),
            }
        })
        .collect()
}

/// The pieces said one after another, each under its header and separated by a rule, `say`
/// giving what is said of each parsed piece (its explanation, its diagram).
pub fn said_in_turn(pieces: &[Piece], say: impl Fn(&Described) -> String) -> String {
    let mut out = String::new();
    for (index, piece) in pieces.iter().enumerate() {
        if index > 0 {
            out.push_str("\n----\n\n");
        }
        out.push_str(&piece.header);
        if let (Some(parse), Some(model)) = (&piece.parse, piece.model()) {
            out.push_str(&say(&Described::with_model(parse, model)));
        }
    }
    out
}

#[cfg(test)]
mod tests;
