//! A scan's findings about the file itself, bounded: a file of a million junk lines keeps the
//! first few thousand findings of each code, not a million, and counts the rest. A file's
//! findings are later cut to its first `max` in file order; each code's first `max + 1` are
//! all that cut can keep or place its summary on, whatever the user's levels drop (they drop
//! whole codes).

use std::collections::BTreeMap;
use std::ops::{Deref, DerefMut};

use crate::Severity;
use crate::diagnostic::{Code, Diagnostic};

/// Findings are kept as they come until there are this many (or twice as many as the last
/// cut kept), then cut to each code's first: the cost of a cut is spread over the findings
/// that made it.
const CUT_AT_LEAST: usize = 1024;

/// A scan's errors, in the order they came (sorted in file order where the scan says so).
/// They are read as a slice.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct HostErrors {
    kept: Vec<Diagnostic>,
    /// How many of each code are kept; `None`: all.
    per_code: Option<usize>,
    /// Findings not kept, counted by code and level.
    left_out: BTreeMap<(Code, Severity), usize>,
    cut_at: usize,
}

impl HostErrors {
    /// Errors of which at most the first `per_code` of each code (in file order) are kept.
    pub fn bounded(per_code: Option<usize>) -> HostErrors {
        HostErrors {
            per_code,
            ..HostErrors::default()
        }
    }

    pub fn push(&mut self, error: Diagnostic) {
        self.kept.push(error);
        if self.per_code.is_some() && self.kept.len() >= self.cut_at.max(CUT_AT_LEAST) {
            self.cut();
        }
    }

    /// Adds the errors of a later part of the file, with those it left out.
    pub fn append(&mut self, other: HostErrors) {
        for ((code, severity), count) in other.left_out {
            *self.left_out.entry((code, severity)).or_default() += count;
        }
        self.extend(other.kept);
    }

    /// Frees the room left for errors to come: a scan's list grows by doubling.
    pub fn shrink_to_fit(&mut self) {
        self.kept.shrink_to_fit();
    }

    /// The errors left out, counted by code and level.
    pub fn left_out(&self) -> impl Iterator<Item = (Code, Severity, usize)> + '_ {
        (self.left_out.iter()).map(|((code, severity), count)| (*code, *severity, *count))
    }

    /// Keeps each code's first `per_code` errors in file order (those equal in place in the
    /// order they came), counting the others.
    fn cut(&mut self) {
        let Some(per_code) = self.per_code else {
            return;
        };
        let place = |e: &Diagnostic| (e.code, e.range.start(), e.range.end());
        // Stable: errors in one place keep the order they came in.
        self.kept
            .sort_by(|a, b| (place(a), &a.message).cmp(&(place(b), &b.message)));
        let mut kept_of_code = 0;
        let mut code = None;
        let left_out = &mut self.left_out;
        self.kept.retain(|error| {
            if code != Some(error.code) {
                code = Some(error.code);
                kept_of_code = 0;
            }
            kept_of_code += 1;
            let keep = kept_of_code <= per_code;
            if !keep {
                *left_out.entry((error.code, error.severity)).or_default() += 1;
            }
            keep
        });
        self.kept.sort_by_key(|e| e.range.start());
        self.cut_at = 2 * self.kept.len();
    }
}

impl Extend<Diagnostic> for HostErrors {
    fn extend<T: IntoIterator<Item = Diagnostic>>(&mut self, errors: T) {
        for error in errors {
            self.push(error);
        }
    }
}

impl Deref for HostErrors {
    type Target = [Diagnostic];

    fn deref(&self) -> &[Diagnostic] {
        &self.kept
    }
}

impl DerefMut for HostErrors {
    fn deref_mut(&mut self) -> &mut [Diagnostic] {
        &mut self.kept
    }
}

impl IntoIterator for HostErrors {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;

    fn into_iter(self) -> Self::IntoIter {
        self.kept.into_iter()
    }
}

impl<'a> IntoIterator for &'a HostErrors {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;

    fn into_iter(self) -> Self::IntoIter {
        self.kept.iter()
    }
}

#[cfg(test)]
mod tests {
    use rowan::TextRange;

    use super::*;
    use crate::diagnostic::codes;

    fn error(at: u32, code: Code) -> Diagnostic {
        Diagnostic::new(
            TextRange::new(at.into(), (at + 1).into()),
            code,
            Severity::Warning,
            format!("at {at}"),
        )
    }

    #[test]
    fn each_code_keeps_its_first_errors_and_counts_the_rest() {
        let mut errors = HostErrors::bounded(Some(3));
        // Out of file order, as a section's findings about earlier lines come last.
        for at in (0..5000).rev() {
            errors.push(error(at, codes::NO_EQUALS));
        }
        errors.push(error(9999, codes::UNKNOWN_KEY));
        errors.cut();
        let kept: Vec<(u32, Code)> = (errors.iter())
            .map(|e| (e.range.start().into(), e.code))
            .collect();
        assert_eq!(
            kept,
            [
                (0, codes::NO_EQUALS),
                (1, codes::NO_EQUALS),
                (2, codes::NO_EQUALS),
                (9999, codes::UNKNOWN_KEY)
            ]
        );
        assert_eq!(
            errors.left_out().collect::<Vec<_>>(),
            [(codes::NO_EQUALS, Severity::Warning, 4997)]
        );
    }

    #[test]
    fn memory_stays_bounded_however_many_come() {
        let mut errors = HostErrors::bounded(Some(10));
        for at in 0..100_000 {
            errors.push(error(at, codes::NO_EQUALS));
        }
        assert!(
            errors.kept.capacity() <= 2 * CUT_AT_LEAST,
            "{}",
            errors.kept.capacity()
        );
        let counted: usize = errors.left_out().map(|(_, _, n)| n).sum();
        assert_eq!(errors.len() + counted, 100_000);
    }

    #[test]
    fn unbounded_errors_keep_everything() {
        let mut errors = HostErrors::default();
        for at in 0..5000 {
            errors.push(error(at, codes::NO_EQUALS));
        }
        assert_eq!(errors.len(), 5000);
        assert_eq!(errors.left_out().count(), 0);
    }

    #[test]
    fn a_later_part_adds_its_counts() {
        let mut first = HostErrors::bounded(Some(1));
        let mut second = HostErrors::bounded(Some(1));
        for at in 0..1500 {
            first.push(error(at, codes::NO_EQUALS));
            second.push(error(10_000 + at, codes::NO_EQUALS));
        }
        first.append(second);
        first.cut();
        assert_eq!(first.len(), 1);
        assert_eq!(first[0].range.start(), 0.into());
        let counted: usize = first.left_out().map(|(_, _, n)| n).sum();
        assert_eq!(counted, 2999);
    }
}
