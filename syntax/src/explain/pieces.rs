//! The pieces a text holds, each to be explained on its own: in MBN, every definition and
//! macro with its macros dissolved ("all the macro definitions have to be dissolved" before a
//! piece's moves are read, seed 002); any other text is one piece.

use std::sync::OnceLock;

use super::Described;
use crate::model;
use crate::tree::Parse;
use crate::{BetzaString, parse};

/// One piece of a text: a line saying which (empty for a text of one piece), and how it reads.
#[derive(Debug)]
pub struct Piece<'s> {
    pub header: String,
    read: Read<'s>,
}

#[derive(Debug)]
enum Read<'s> {
    /// The whole text is the piece: its parse and model are the string's own.
    Whole(&'s BetzaString),
    /// One definition of several, its macros dissolved: the game its attacking sets
    /// (`K=K+{C}W2F2`) look up their pieces in is the whole text, `game`.
    InGame {
        parse: Parse,
        game: &'s BetzaString,
        built: OnceLock<model::Piece>,
    },
    /// Its macros cannot be dissolved (the header says why).
    Undissolved,
}

impl Piece<'_> {
    /// Its parse, `None` where its macros cannot be dissolved.
    pub fn parse(&self) -> Option<&Parse> {
        match &self.read {
            Read::Whole(string) => Some(string.parse()),
            Read::InGame { parse, .. } => Some(parse),
            Read::Undissolved => None,
        }
    }

    /// Its model, the pieces of its attacking sets moving as the game defines them; built
    /// once for everything said and drawn of it.
    pub fn model(&self) -> Option<&model::Piece> {
        match &self.read {
            Read::Whole(string) => Some(string.model()),
            Read::InGame { parse, game, built } => Some(built.get_or_init(|| {
                (game.notation()).model_in_game(&parse.piece(), &[game.parse().piece()])
            })),
            Read::Undissolved => None,
        }
    }
}

/// The pieces of `string`, in the order written. An MBN text of one definition without macros
/// is one piece, as is any text of another dialect.
pub fn pieces(string: &BetzaString) -> Vec<Piece<'_>> {
    let whole = || {
        vec![Piece {
            header: String::new(),
            read: Read::Whole(string),
        }]
    };
    // A notation without definitions has none: its text is one piece.
    let read = string.notation().definitions(string.parse());
    if read.len() <= 1 && !read.iter().any(|d| d.is_macro || d.uses_macros()) {
        return whole();
    }
    read.into_iter()
        .map(|d| {
            let (written, length) = crate::quote::shown(&d.written);
            let mut header = match (&d.name, d.is_macro) {
                (Some(name), true) => format!("macro {name} = {written}{length}"),
                (Some(name), false) => format!("piece {name} = {written}{length}"),
                (None, _) => format!("{written}{length}"),
            };
            if let Some(title) = &d.title {
                header.push_str(&format!(" ({title})"));
            }
            header.push('\n');
            let read = match d.dissolved {
                Ok(text) => {
                    if text != d.written {
                        let (shown, length) = crate::quote::shown(&text);
                        header.push_str(&format!("with macros dissolved: {shown}{length}\n"));
                    }
                    Read::InGame {
                        parse: parse(&text, string.dialect()),
                        game: string,
                        built: OnceLock::new(),
                    }
                }
                Err(error) => {
                    header.push_str(&format!("cannot be dissolved: {error}\n"));
                    Read::Undissolved
                }
            };
            Piece { header, read }
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
        if let (Some(parse), Some(model)) = (piece.parse(), piece.model()) {
            out.push_str(&say(&Described::with_model(parse, model)));
        }
    }
    out
}

#[cfg(test)]
mod tests;
