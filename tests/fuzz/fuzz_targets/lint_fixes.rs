//! Every fix of every finding in a `.betza` file, applied on its own: its edits lie inside the
//! text, do not overlap, leave valid UTF-8, and the fixed text analyses again without a panic.
//!
//! A fix that leaves its own finding at the same spot, or adds an error, is not a failure here;
//! with `BETZA_FUZZ_NOTE_FIXES=1` in the environment each such case is printed to stderr
//! (`note: ...`), e.g. to survey a corpus with `-runs=0`.
//!
//! Input: one byte (bit 0: default dialect fairy instead of xbetza; bit 1: a variants.ini
//! instead), then the text.

#![no_main]

use betza_syntax::Severity;
use betza_syntax::analysis::{self, Analysis, Options, Strings};
use betza_syntax::host::HostFormat;
use betza_syntax::lint::Edit;
use betza_syntax::{Dialect, TextRange};
use libfuzzer_sys::fuzz_target;

mod common;

const MAX_TEXT: usize = 4096;
/// A garbled file has a finding on nearly every letter; past this many fixes, each one more
/// only repeats what the others exercised.
const MAX_FIXES: usize = 64;

/// Where byte `offset` of the old text is after `edits` (sorted, disjoint). An offset inside
/// an edit goes to the start of its replacement (`end` unset) or past it (`end` set); text
/// inserted right at `offset` counts as before it for an end, after it for a start.
fn map(offset: usize, edits: &[Edit], end: bool) -> usize {
    let mut delta = 0isize;
    for edit in edits {
        let (start, stop) = (
            usize::from(edit.range.start()),
            usize::from(edit.range.end()),
        );
        let grow = edit.text.len() as isize - (stop - start) as isize;
        let before = if end {
            stop <= offset
        } else {
            stop < offset || (stop == offset && start < offset)
        };
        if before {
            delta += grow;
        } else if start < offset {
            let base = start.saturating_add_signed(delta);
            return if end { base + edit.text.len() } else { base };
        } else {
            break;
        }
    }
    offset.saturating_add_signed(delta)
}

fn errors(analysis: &Analysis) -> usize {
    analysis
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count()
}

fuzz_target!(|data: &[u8]| {
    let [flags, text @ ..] = data else {
        return;
    };
    let text = String::from_utf8_lossy(&text[..text.len().min(MAX_TEXT)]);
    let text = text.as_ref();
    let options = Options {
        default_dialect: if flags & 1 == 0 {
            Dialect::XBetza
        } else {
            Dialect::Fairy
        },
        ..Options::default()
    };
    let format = if flags & 2 == 0 {
        HostFormat::Betza
    } else {
        HostFormat::VariantsIni
    };
    let note = std::env::var_os("BETZA_FUZZ_NOTE_FIXES").is_some();
    if common::slow_file(format, text, common::MANY) {
        return;
    }
    // The strings a fix leaves alone are not analysed again: every fixed text goes through one
    // cache (equal to a fresh analysis, which `document` tests), which then misses only the
    // strings the fix and the one before it changed.
    let mut cache = Strings::default();
    let analysis = analysis::analyse_cached(format, text, &options, &mut cache);
    let fixes = analysis
        .diagnostics
        .iter()
        .filter_map(|d| Some((d, d.fix.as_ref()?)));
    for (d, fix) in fixes.take(MAX_FIXES) {
        let mut edits = fix.edits.clone();
        edits.sort_by_key(|e| (e.range.start(), e.range.end()));
        for pair in edits.windows(2) {
            assert!(
                pair[0].range.end() <= pair[1].range.start(),
                "{}: fix `{}` has overlapping edits {:?} and {:?}",
                d.code,
                fix.title,
                pair[0].range,
                pair[1].range
            );
        }
        // Apply the edits on bytes, back to front, so that a range splitting a character
        // shows up as invalid UTF-8 rather than as a panic of `String::replace_range`.
        let mut bytes = text.as_bytes().to_vec();
        for edit in edits.iter().rev() {
            let (start, end) = (
                usize::from(edit.range.start()),
                usize::from(edit.range.end()),
            );
            assert!(
                start <= end && end <= bytes.len(),
                "{}: fix edit {start}..{end} outside the text ({} bytes)",
                d.code,
                text.len()
            );
            bytes.splice(start..end, edit.text.bytes());
        }
        let fixed = match String::from_utf8(bytes) {
            Ok(fixed) => fixed,
            Err(error) => panic!(
                "{}: fix `{}` leaves invalid UTF-8: {error}",
                d.code, fix.title
            ),
        };
        let again = analysis::analyse_cached(format, &fixed, &options, &mut cache);
        if !note {
            continue;
        }
        let spot = TextRange::new(
            (map(usize::from(d.range.start()), &edits, false) as u32).into(),
            (map(usize::from(d.range.end()), &edits, true) as u32).into(),
        );
        // The same code starting where the fixed letters now start, or overlapping them (merely
        // touching them is a neighbour's finding).
        let kept = again.diagnostics.iter().find(|n| {
            n.code == d.code
                && (n.range.start() == spot.start()
                    || (n.range.start() < spot.end() && spot.start() < n.range.end()))
        });
        if let Some(kept) = kept {
            eprintln!(
                "note: fix-keeps-code {}: {:?} -> {:?} ({:?} `{}` before, {:?} after: {})",
                d.code, text, fixed, d.range, fix.title, kept.range, kept.message
            );
        }
        if errors(&again) > errors(&analysis) {
            let new: Vec<String> = again
                .diagnostics
                .iter()
                .filter(|n| n.severity == Severity::Error)
                .map(|n| format!("{} {:?}", n.code, n.range))
                .collect();
            eprintln!(
                "note: fix-adds-error {}: {:?} -> {:?} (`{}`; errors after: {})",
                d.code,
                text,
                fixed,
                fix.title,
                new.join(", ")
            );
        }
    }
});
