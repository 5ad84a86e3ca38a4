//! Bounds the hand-written parsers keep on any input. They sit below both the parsers that
//! enforce them and the error messages that state them, so neither reaches into the other.

/// How deep brackets (MBN) or groups (chained Betza) may nest inside one definition before the
/// parser stops descending: deeper nesting is reported and skipped, never recursed into.
pub(crate) const MAX_DEPTH: u32 = 64;
