//! A region's findings placed in the file: mapped from the string's own bytes to the file's,
//! with the help a fix makes, and built only when they are kept.

use super::bounded::Bounded;
use crate::diagnostic::{Diagnostic, Edit, Fix};
use crate::host::Region;

/// The help of a finding of `text` that has a fix: the fix's title and the string as it
/// leaves it. An empty side is said in words, as an empty code span reads as nothing (issue 42).
fn help_of(fix: &Fix, text: &str) -> String {
    let (before, after) = fix.preview(text);
    let title = &fix.title;
    if after.is_empty() {
        format!("{title}: the string becomes empty")
    } else if before.is_empty() {
        format!("{title}: the empty string becomes `{after}`")
    } else {
        format!("{title}: `{before}` becomes `{after}`")
    }
}

/// The help of a finding `d` of `text`: a fix says exactly what it writes; without one, the
/// help the finding was made with.
pub(super) fn help(d: &Diagnostic, text: &str) -> Option<String> {
    (d.fix.as_ref().map(|fix| help_of(fix, text))).or_else(|| d.help.clone())
}

/// Offers each finding of a region (`text`, its string) to `found`, built in file coordinates,
/// with its help, only if it is kept.
pub(super) fn offer_region_findings(
    found: &mut Bounded,
    region: &Region,
    text: &str,
    local: &[Diagnostic],
) {
    for d in local {
        found.offer(
            (region.to_file(d.range), d.code, &d.message),
            d.severity,
            || in_file(region, text, d),
        );
    }
}

/// A finding of a region's string `text`, in file coordinates, with its help: its fix's, or
/// the one it was made with.
fn in_file(region: &Region, text: &str, d: &Diagnostic) -> Diagnostic {
    Diagnostic {
        range: region.to_file(d.range),
        help: help(d, text),
        fix: d.fix.as_ref().map(|fix| Fix {
            title: fix.title.clone(),
            edits: fix
                .edits
                .iter()
                .map(|edit| Edit {
                    range: region.to_file(edit.range),
                    text: edit.text.clone(),
                })
                .collect(),
        }),
        ..d.clone()
    }
}
