//! Every finding of a file past [`super::Options::max_findings`], held as cheaply as the
//! strings share them: a region's findings are those its string's entry in [`super::Strings`]
//! holds, in the string's own coordinates, so a file of a million broken lines holds a pointer
//! a line, not a million findings. An edit of a file past the limit replaces its part of them,
//! and the first findings are put together again from these, never by a whole analysis (issue
//! 56: past 3,000 findings every keystroke used to analyse the whole file).

use std::sync::Arc;

use super::bounded::{Bounded, LeftOut};
use super::placed::offer_region_findings;
use crate::Source;
use crate::diagnostic::Diagnostic;
use crate::host::Region;

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Held {
    /// The host's findings at the user's levels, in file coordinates, in file order (those
    /// equal in place in the order the host found them).
    pub(super) host: Vec<Diagnostic>,
    /// Each region's findings, in step with the analysis's regions.
    pub(super) strings: Vec<Arc<[Diagnostic]>>,
}

impl Held {
    /// `host`, in any order, and the findings of each region.
    pub(super) fn new(mut host: Vec<Diagnostic>, strings: Vec<Arc<[Diagnostic]>>) -> Held {
        in_file_order(&mut host);
        Held { host, strings }
    }

    /// The first `max` findings of the file (`text`, whose regions are `regions`) and those
    /// left out, as a whole analysis gives them: offered in the same order, the host's first.
    pub(super) fn first<S: Source + ?Sized>(
        &self,
        text: &S,
        regions: &[Region],
        max: Option<usize>,
    ) -> (Vec<Diagnostic>, Vec<LeftOut>) {
        let mut found = Bounded::new(max);
        for error in &self.host {
            found.offer(
                (error.range, error.code, &error.message),
                error.severity,
                || error.clone(),
            );
        }
        for (region, local) in regions.iter().zip(&self.strings) {
            if !local.is_empty() {
                offer_region_findings(&mut found, region, &region.text(text), local);
            }
        }
        found.finish()
    }

    /// Whether any finding held reaches across `crossed` (a range of the file's bytes).
    pub(super) fn any_crossing(
        &self,
        regions: &[Region],
        crossed: impl Fn(rowan::TextRange) -> bool,
    ) -> bool {
        self.host.iter().any(|d| crossed(d.range))
            || (regions.iter().zip(&self.strings))
                .any(|(region, local)| local.iter().any(|d| crossed(region.to_file(d.range))))
    }
}

/// Sorts a part's host findings as [`Held::host`] keeps them; a stable sort keeps those equal
/// in place in the order they came, as [`Bounded`] does. The sort moves places and indices, not
/// findings: a stable sort of the findings themselves takes room for as many again, megabytes
/// for a large file (issue 56).
pub(super) fn in_file_order(host: &mut [Diagnostic]) {
    host.sort_by_cached_key(|d| (d.range.start(), d.range.end()));
}
