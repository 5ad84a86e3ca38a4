//! Bounds the hand-written parsers keep on any input. They sit below both the parsers that
//! enforce them and the error messages that state them, so neither reaches into the other.

/// How deep brackets (MBN) or groups (chained Betza) may nest inside one definition before the
/// parser stops descending: deeper nesting is reported and skipped, never recursed into.
pub(crate) const MAX_DEPTH: u32 = 64;

/// The message of nesting deeper than [`MAX_DEPTH`], which MBN and chained Betza both report.
pub(crate) fn nesting_too_deep() -> String {
    format!("brackets nested deeper than {MAX_DEPTH} levels; this part is not read")
}
