//! The first findings of a file, at most a given number, chosen as they come: a file of a
//! million broken lines keeps a few thousand findings, not a million, and one more finding says
//! what the rest were. A finding is built (mapped to the file, its strings copied) only when it
//! is kept.

use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashMap};

use rowan::{TextRange, TextSize};

use crate::Severity;
use crate::diagnostic::{Code, Diagnostic, codes};

/// Codes named, with their counts, in that finding; the others are counted together.
const CODES_NAMED: usize = 8;

/// What orders a file's findings: place, then code and message, so that the order does not
/// depend on how the analysis was reached.
type Key<'a> = (TextSize, TextSize, Code, &'a str);

fn key(d: &Diagnostic) -> Key<'_> {
    (d.range.start(), d.range.end(), d.code, &d.message)
}

/// A kept finding and when it came: findings equal in their key keep the order they came in.
#[derive(Debug)]
struct Ranked {
    came: usize,
    finding: Diagnostic,
}

impl Ord for Ranked {
    fn cmp(&self, other: &Self) -> Ordering {
        (key(&self.finding), self.came).cmp(&(key(&other.finding), other.came))
    }
}

impl PartialOrd for Ranked {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Ranked {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Ranked {}

/// Findings of one code and level left out of a file, past the limit: they are counted, so
/// that a check can still count every finding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeftOut {
    pub code: Code,
    pub severity: Severity,
    pub count: usize,
}

/// The findings past the limit, counted.
#[derive(Debug, Default)]
struct Omitted {
    count: usize,
    /// By code, then by level (errors first).
    by_code: HashMap<Code, [usize; 4]>,
    severity: Option<Severity>,
    /// The range of the first in file order.
    first: Option<TextRange>,
}

impl Omitted {
    fn add(&mut self, range: TextRange, code: Code, severity: Severity) {
        self.add_many(code, severity, 1);
        let place = |r: TextRange| (r.start(), r.end());
        if self.first.is_none_or(|first| place(range) < place(first)) {
            self.first = Some(range);
        }
    }

    fn add_many(&mut self, code: Code, severity: Severity, count: usize) {
        self.count += count;
        let level = severity as usize;
        self.by_code.entry(code).or_insert([0; 4])[level] += count;
        self.severity = Some(self.severity.map_or(severity, |s| s.min(severity)));
    }
}

/// The findings of a file as they come, in any order; [`Bounded::finish`] gives the first
/// `max` in file order.
#[derive(Debug)]
pub(super) struct Bounded {
    max: Option<usize>,
    /// The largest kept finding on top, to give way to a smaller one.
    kept: BinaryHeap<Ranked>,
    came: usize,
    omitted: Omitted,
}

impl Bounded {
    /// At most `max` findings (`None`: all of them).
    pub(super) fn new(max: Option<usize>) -> Bounded {
        Bounded {
            max,
            kept: BinaryHeap::new(),
            came: 0,
            omitted: Omitted::default(),
        }
    }

    /// Whether a finding came that is not kept.
    pub(super) fn omitted_any(&self) -> bool {
        self.omitted.count > 0
    }

    /// A finding at `range` (in the file) with `code`, `message` and `severity`, which `make`
    /// builds if it is kept.
    pub(super) fn offer(
        &mut self,
        about: (TextRange, Code, &str),
        severity: Severity,
        make: impl FnOnce() -> Diagnostic,
    ) {
        if self.admits(about, severity) {
            self.keep(make());
        }
    }

    /// `count` findings with `code` at `severity` left out before they were offered: they come
    /// after others of their code that were offered, so the first left out is among those.
    pub(super) fn count_omitted(&mut self, code: Code, severity: Severity, count: usize) {
        self.omitted.add_many(code, severity, count);
    }

    /// A finding already built.
    pub(super) fn push(&mut self, d: Diagnostic) {
        if self.admits((d.range, d.code, &d.message), d.severity) {
            self.keep(d);
        }
    }

    fn full(&self) -> bool {
        self.max.is_some_and(|max| self.kept.len() >= max)
    }

    /// Whether a finding is kept, for now; one that is not is counted.
    fn admits(
        &mut self,
        (range, code, message): (TextRange, Code, &str),
        severity: Severity,
    ) -> bool {
        let admitted = !self.full()
            || self.kept.peek().is_some_and(|last| {
                ((range.start(), range.end(), code, message), self.came)
                    < (key(&last.finding), last.came)
            });
        if !admitted {
            self.came += 1;
            self.omitted.add(range, code, severity);
        }
        admitted
    }

    /// Keeps a finding [`Bounded::admits`], in place of the last kept when there is no room.
    fn keep(&mut self, finding: Diagnostic) {
        if self.full()
            && let Some(last) = self.kept.pop()
        {
            let d = last.finding;
            self.omitted.add(d.range, d.code, d.severity);
        }
        self.kept.push(Ranked {
            came: self.came,
            finding,
        });
        self.came += 1;
    }

    /// The kept findings in file order, then, when any were left out, one that says how many
    /// and of which codes, at the level of the most severe of them (a check still fails on an
    /// error it does not list), on the first of them; and those left out, counted by code and
    /// level, in code order.
    pub(super) fn finish(self) -> (Vec<Diagnostic>, Vec<LeftOut>) {
        let mut findings: Vec<Diagnostic> = (self.kept.into_sorted_vec().into_iter())
            .map(|r| r.finding)
            .collect();
        let omitted = self.omitted;
        if let (Some(severity), Some(range)) = (omitted.severity, omitted.first) {
            let max = self.max.unwrap_or_default();
            let message = summary(&omitted, max);
            let all = max.saturating_add(omitted.count);
            findings.push(
                Diagnostic::new(range, codes::TOO_MANY_FINDINGS, severity, message).with_help(
                    format!(
                        "run `betza check --max-findings {all}` (or 0) to list all {all}, or \
                         mend the findings listed first"
                    ),
                ),
            );
        }
        let levels = [
            Severity::Error,
            Severity::Warning,
            Severity::Info,
            Severity::Hint,
        ];
        let mut left_out: Vec<LeftOut> = (omitted.by_code.into_iter())
            .flat_map(|(code, counts)| {
                (levels.into_iter().zip(counts))
                    .filter(|(_, count)| *count > 0)
                    .map(move |(severity, count)| LeftOut {
                        code,
                        severity,
                        count,
                    })
            })
            .collect();
        left_out.sort_by_key(|l| (l.code, l.severity));
        (findings, left_out)
    }
}

/// What the findings past the limit were: ``3 more findings in this file, not listed (the first
/// 3000 are): 2 `stray-number`, 1 `unknown-atom`; raise the limit …``.
fn summary(omitted: &Omitted, max: usize) -> String {
    let counted = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    let mut codes: Vec<(&str, usize)> = (omitted.by_code.iter())
        .map(|(code, counts)| (code.name(), counts.iter().sum()))
        .collect();
    codes.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let mut named: Vec<String> = (codes.iter().take(CODES_NAMED))
        .map(|(code, n)| format!("{n} `{code}`"))
        .collect();
    if codes.len() > CODES_NAMED {
        let rest = &codes[CODES_NAMED..];
        let findings = rest.iter().map(|(_, n)| n).sum();
        named.push(format!(
            "{} of {} other codes",
            counted(findings, "finding"),
            rest.len()
        ));
    }
    format!(
        "{} in this file, not listed (the first {max} are): {}; raise the limit with \
         `betza check --max-findings N` or the editor setting `maxFindings` (0: no limit)",
        counted(omitted.count, "more finding"),
        named.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(at: u32, code: Code, severity: Severity) -> Diagnostic {
        let range = TextRange::new(at.into(), (at + 1).into());
        Diagnostic::new(range, code, severity, format!("at {at}"))
    }

    /// Whatever order they come in, the first findings in file order are kept, equal ones in
    /// the order they came, and the rest are summed up on the first of them.
    #[test]
    fn keeps_the_first_in_file_order_and_sums_up_the_rest() {
        let mut all = Vec::new();
        for at in [9, 3, 7, 1, 5, 3, 8, 2] {
            all.push(finding(at, codes::STRAY_NUMBER, Severity::Hint));
        }
        all.push(finding(6, codes::UNKNOWN_ATOM, Severity::Error));
        all.push(finding(4, codes::UNKNOWN_ATOM, Severity::Warning));
        let mut bounded = Bounded::new(Some(4));
        for d in all {
            bounded.push(d);
        }
        let (kept, left_out) = bounded.finish();
        let places: Vec<u32> = kept.iter().map(|d| d.range.start().into()).collect();
        assert_eq!(places, [1, 2, 3, 3, 4]);
        let summary = &kept[4];
        assert_eq!(summary.code, codes::TOO_MANY_FINDINGS);
        assert_eq!(summary.severity, Severity::Error);
        assert_eq!(summary.range, TextRange::new(4.into(), 5.into()));
        assert!(
            summary.message.starts_with(
                "6 more findings in this file, not listed (the first 4 are): \
                 4 `stray-number`, 2 `unknown-atom`;"
            ),
            "{}",
            summary.message
        );
        let counted: Vec<(Code, Severity, usize)> = (left_out.iter())
            .map(|l| (l.code, l.severity, l.count))
            .collect();
        assert_eq!(
            counted,
            [
                (codes::STRAY_NUMBER, Severity::Hint, 4),
                (codes::UNKNOWN_ATOM, Severity::Error, 1),
                (codes::UNKNOWN_ATOM, Severity::Warning, 1)
            ]
        );
    }

    /// Without a limit, every finding, sorted, and nothing more.
    #[test]
    fn without_a_limit_all_are_kept() {
        let mut bounded = Bounded::new(None);
        for at in (0..100).rev() {
            bounded.push(finding(at, codes::STRAY_NUMBER, Severity::Error));
        }
        assert!(!bounded.omitted_any());
        let (kept, _) = bounded.finish();
        assert_eq!(kept.len(), 100);
        assert!(
            kept.windows(2)
                .all(|w| w[0].range.start() < w[1].range.start())
        );
    }

    /// A finding that is not kept is never built.
    #[test]
    fn a_finding_left_out_is_not_built() {
        let mut bounded = Bounded::new(Some(1));
        bounded.push(finding(0, codes::STRAY_NUMBER, Severity::Error));
        let range = TextRange::new(5.into(), 6.into());
        bounded.offer(
            (range, codes::STRAY_NUMBER, "later"),
            Severity::Error,
            || panic!("built"),
        );
        assert!(bounded.omitted_any());
    }

    /// Many codes: the most frequent are named, the others counted together.
    #[test]
    fn many_codes_are_named_up_to_a_bound() {
        let mut bounded = Bounded::new(Some(0));
        let ten: Vec<Code> = crate::diagnostic::all_codes().take(10).collect();
        for (n, code) in ten.iter().enumerate() {
            for at in 0..=n as u32 {
                bounded.push(finding(at, *code, Severity::Info));
            }
        }
        let (kept, _) = bounded.finish();
        assert_eq!(kept.len(), 1);
        assert!(
            kept[0]
                .message
                .contains(&format!("10 `{}`, 9 `{}`", ten[9], ten[8]))
                && kept[0].message.contains("3 findings of 2 other codes"),
            "{}",
            kept[0].message
        );
    }
}
