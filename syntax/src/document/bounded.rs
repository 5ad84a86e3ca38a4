//! The first findings of a file, at most a given number, chosen as they come: a file of a
//! million broken lines keeps a few thousand findings, not a million, and one more finding says
//! what the rest were. A finding is built (mapped to the file, its strings copied) only when it
//! is kept.

use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashMap};

use rowan::{TextRange, TextSize};

use super::FileDiagnostic;
use crate::Severity;

/// The code of the finding that stands for those past the limit.
pub const TOO_MANY_FINDINGS: &str = "too-many-findings";

/// Codes named, with their counts, in that finding; the others are counted together.
const CODES_NAMED: usize = 8;

/// What orders a file's findings: place, then code and message, so that the order does not
/// depend on how the analysis was reached.
type Key<'a> = (TextSize, TextSize, &'a str, &'a str);

fn key(d: &FileDiagnostic) -> Key<'_> {
    (d.range.start(), d.range.end(), &d.code, &d.message)
}

/// A kept finding and when it came: findings equal in their key keep the order they came in.
#[derive(Debug)]
struct Ranked {
    came: usize,
    finding: FileDiagnostic,
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
    pub code: String,
    pub severity: Severity,
    pub count: usize,
}

/// The findings past the limit, counted.
#[derive(Debug, Default)]
struct Omitted {
    count: usize,
    /// By code, then by level (errors first).
    by_code: HashMap<String, [usize; 4]>,
    severity: Option<Severity>,
    /// The range of the first in file order.
    first: Option<TextRange>,
}

impl Omitted {
    fn add(&mut self, range: TextRange, code: &str, severity: Severity) {
        self.add_many(code, severity, 1);
        let place = |r: TextRange| (r.start(), r.end());
        if self.first.is_none_or(|first| place(range) < place(first)) {
            self.first = Some(range);
        }
    }

    fn add_many(&mut self, code: &str, severity: Severity, count: usize) {
        self.count += count;
        let level = severity as usize;
        match self.by_code.get_mut(code) {
            Some(counts) => counts[level] += count,
            None => {
                let mut counts = [0; 4];
                counts[level] = count;
                self.by_code.insert(code.to_owned(), counts);
            }
        }
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
        about: (TextRange, &str, &str),
        severity: Severity,
        make: impl FnOnce() -> FileDiagnostic,
    ) {
        if self.admits(about, severity) {
            self.keep(make());
        }
    }

    /// `count` findings with `code` at `severity` left out before they were offered: they come
    /// after others of their code that were offered, so the first left out is among those.
    pub(super) fn count_omitted(&mut self, code: &str, severity: Severity, count: usize) {
        self.omitted.add_many(code, severity, count);
    }

    /// A finding already built.
    pub(super) fn push(&mut self, d: FileDiagnostic) {
        if self.admits((d.range, &d.code, &d.message), d.severity) {
            self.keep(d);
        }
    }

    fn full(&self) -> bool {
        self.max.is_some_and(|max| self.kept.len() >= max)
    }

    /// Whether a finding is kept, for now; one that is not is counted.
    fn admits(
        &mut self,
        (range, code, message): (TextRange, &str, &str),
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
    fn keep(&mut self, finding: FileDiagnostic) {
        if self.full()
            && let Some(last) = self.kept.pop()
        {
            let d = last.finding;
            self.omitted.add(d.range, &d.code, d.severity);
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
    pub(super) fn finish(self) -> (Vec<FileDiagnostic>, Vec<LeftOut>) {
        let mut findings: Vec<FileDiagnostic> = (self.kept.into_sorted_vec().into_iter())
            .map(|r| r.finding)
            .collect();
        let omitted = self.omitted;
        if let (Some(severity), Some(range)) = (omitted.severity, omitted.first) {
            findings.push(FileDiagnostic {
                range,
                severity,
                code: TOO_MANY_FINDINGS.to_owned(),
                message: summary(&omitted, self.max.unwrap_or_default()),
                help: None,
                unnecessary: false,
                fix: None,
            });
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
                        code: code.clone(),
                        severity,
                        count,
                    })
            })
            .collect();
        left_out.sort_by(|a, b| (&a.code, a.severity).cmp(&(&b.code, b.severity)));
        (findings, left_out)
    }
}

/// What the findings past the limit were: ``3 more findings in this file, not listed (the first
/// 3000 are): 2 `stray-number`, 1 `unknown-atom`; raise the limit …``.
fn summary(omitted: &Omitted, max: usize) -> String {
    let counted = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    let mut codes: Vec<(&str, usize)> = (omitted.by_code.iter())
        .map(|(code, counts)| (code.as_str(), counts.iter().sum()))
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

    fn finding(at: u32, code: &str, severity: Severity) -> FileDiagnostic {
        FileDiagnostic {
            range: TextRange::new(at.into(), (at + 1).into()),
            severity,
            code: code.to_owned(),
            message: format!("at {at}"),
            help: None,
            unnecessary: false,
            fix: None,
        }
    }

    /// Whatever order they come in, the first findings in file order are kept, equal ones in
    /// the order they came, and the rest are summed up on the first of them.
    #[test]
    fn keeps_the_first_in_file_order_and_sums_up_the_rest() {
        let mut all = Vec::new();
        for at in [9, 3, 7, 1, 5, 3, 8, 2] {
            all.push(finding(at, "stray-number", Severity::Hint));
        }
        all.push(finding(6, "unknown-atom", Severity::Error));
        all.push(finding(4, "unknown-atom", Severity::Warning));
        let mut bounded = Bounded::new(Some(4));
        for d in all {
            bounded.push(d);
        }
        let (kept, left_out) = bounded.finish();
        let places: Vec<u32> = kept.iter().map(|d| d.range.start().into()).collect();
        assert_eq!(places, [1, 2, 3, 3, 4]);
        let summary = &kept[4];
        assert_eq!(summary.code, TOO_MANY_FINDINGS);
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
        let counted: Vec<(&str, Severity, usize)> = (left_out.iter())
            .map(|l| (l.code.as_str(), l.severity, l.count))
            .collect();
        assert_eq!(
            counted,
            [
                ("stray-number", Severity::Hint, 4),
                ("unknown-atom", Severity::Error, 1),
                ("unknown-atom", Severity::Warning, 1)
            ]
        );
    }

    /// Without a limit, every finding, sorted, and nothing more.
    #[test]
    fn without_a_limit_all_are_kept() {
        let mut bounded = Bounded::new(None);
        for at in (0..100).rev() {
            bounded.push(finding(at, "stray-number", Severity::Error));
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
        bounded.push(finding(0, "stray-number", Severity::Error));
        let range = TextRange::new(5.into(), 6.into());
        bounded.offer((range, "stray-number", "later"), Severity::Error, || {
            panic!("built")
        });
        assert!(bounded.omitted_any());
    }

    /// Many codes: the most frequent are named, the others counted together.
    #[test]
    fn many_codes_are_named_up_to_a_bound() {
        let mut bounded = Bounded::new(Some(0));
        for (n, code) in ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]
            .iter()
            .enumerate()
        {
            for at in 0..=n as u32 {
                bounded.push(finding(at, code, Severity::Info));
            }
        }
        let (kept, _) = bounded.finish();
        assert_eq!(kept.len(), 1);
        assert!(
            kept[0].message.contains("10 `j`, 9 `i`")
                && kept[0].message.contains("3 findings of 2 other codes"),
            "{}",
            kept[0].message
        );
    }
}
