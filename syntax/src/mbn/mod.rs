//! What MBN (seed 002) means beyond a single string: macros shared by the definitions of a
//! file or a C/CIF `pieces` attribute.

pub mod macros;
pub mod pieces;
pub mod scope;
