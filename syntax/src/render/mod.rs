//! Drawing what a piece can do. The diagram is data first ([`crate::board::SquareUse`] per
//! square); renderers turn it into text for hovers and terminals.

pub(crate) mod diagram;
mod svg;
mod text;

pub use diagram::Picture;
pub use svg::{CELL as SVG_CELL, svg, svg_fitted};
pub use text::{Mark, grid};

#[cfg(test)]
mod tests;
