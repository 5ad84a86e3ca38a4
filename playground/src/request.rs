//! The page's state: one borrowed string per control, read from the JSON object the page
//! passes. The view and the position both read it, so it belongs to neither.

use serde_json::Value;

/// The page's state, as its controls and its URL hold it.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    pub betza: &'a str,
    /// A dialect's id, or `xboard` for XBoard's own reading of XBetza.
    pub dialect: &'a str,
    /// `FILESxRANKS`.
    pub board: &'a str,
    /// The piece's square; empty for the centre of the board.
    pub from: &'a str,
    /// `white` or `black`; empty for white.
    pub side: &'a str,
    /// Whether the piece has moved (its initial `i` moves are gone).
    pub moved: bool,
    /// Squares, comma-separated.
    pub friends: &'a str,
    pub enemies: &'a str,
    /// Pieces of known type, comma-separated: `N@e4,p@d5`.
    pub pieces: &'a str,
    /// The reading to write the string for (`xbetza`, `fairy`, `xboard`); empty for none.
    pub convert: &'a str,
}

impl<'a> Request<'a> {
    /// The state as the page passes it, a JSON object with the URL's keys: `betza`,
    /// `dialect`, `board`, `from`, `side`, `friend`, `enemy`, `pieces`, `convert` (strings) and
    /// `moved` (a boolean). A key missing, or of another type, is empty (false).
    pub fn from_json(state: &'a Value) -> Request<'a> {
        let text = |key: &str| state[key].as_str().unwrap_or_default();
        Request {
            betza: text("betza"),
            dialect: text("dialect"),
            board: text("board"),
            from: text("from"),
            side: text("side"),
            moved: state["moved"].as_bool().unwrap_or_default(),
            friends: text("friend"),
            enemies: text("enemy"),
            pieces: text("pieces"),
            convert: text("convert"),
        }
    }
}
