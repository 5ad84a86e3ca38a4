//! What a conversion gives: the string in the target reading, whether it is proven exact, and
//! where it differs.

use crate::board::Square;

/// One move the other reading lacks or has in addition: where it lands, and the squares it
/// captures on the way (a locust's victims, an unload square).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Landing {
    pub to: Square,
    pub capturing: Vec<Square>,
}

/// Where a result that is not exact differs from the original.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// The position and the squares, in words ("from d4 on an empty 8x8 board: only
    /// Fairy-Stockfish goes to c6").
    pub words: String,
    /// The moves the original makes there and the result does not.
    pub lost: Vec<Landing>,
    /// The moves the result makes there and the original does not.
    pub added: Vec<Landing>,
}

/// A string converted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conversion {
    /// The string in the target reading.
    pub betza: String,
    /// Proven to make exactly the original's moves on every proof position.
    pub exact: bool,
    /// What differs, when not exact.
    pub difference: Option<Difference>,
}
