//! Incremental analysis: an edit re-analyses only the part of the file it stays in and moves
//! everything after it.

use std::borrow::Cow;
use std::sync::Arc;

use rowan::{TextRange, TextSize};

use super::held::in_file_order;
use super::{
    Analysis, Bounded, Options, Strings, errors_per_code, host_findings, offer_host_findings,
    offer_region_findings, region_board,
};
use crate::diagnostic::Diagnostic;
use crate::host::{self, Region, Rescan, span};
use crate::{Dialect, Source};

impl Strings {
    /// Edits add the strings typed and never remove any (another region may share the text);
    /// once strings no longer in the file outnumber those in it by 4096, they are dropped. The
    /// pass over the regions that takes is paid once in thousands of edits.
    pub(crate) fn drop_unused<S: Source + ?Sized>(&mut self, text: &S, regions: &[Region]) {
        if self.len() <= 2 * regions.len() + 4096 {
            return;
        }
        let used: std::collections::HashSet<(Dialect, Cow<str>)> =
            regions.iter().map(|r| (r.dialect, r.text(text))).collect();
        self.retain(|dialect, string| used.contains(&(dialect, Cow::Borrowed(string))));
    }
}

/// The bytes of the old text an edit re-analyses.
#[derive(Debug, Clone, Copy)]
struct Bounds {
    from: TextSize,
    to: TextSize,
    /// Whether an empty finding at `to` is inside: a string's findings may point just past its
    /// last letter; a section body ends at the start of a line that is not its own.
    closed: bool,
}

impl Bounds {
    /// Whether an item starting at `range` lies in the part (the items after it come later).
    fn holds(self, range: TextRange) -> bool {
        self.from <= range.start()
            && (range.start() < self.to
                || (self.closed && range.start() == self.to && range.is_empty()))
    }

    /// Whether a finding reaches across the bounds (a malformed line quoting a string): only a
    /// whole analysis can say it again.
    fn crossed_by(self, range: TextRange) -> bool {
        range.start() < self.to
            && self.from < range.end()
            && !(self.holds(range) && range.end() <= self.to)
    }
}

impl Analysis {
    /// Updates the analysis for an edit that replaced the bytes `start..end` of the old text
    /// with `inserted` (`text` is the new text): in a `variants.ini`, the section the edit
    /// stays in is read again and the sections whose result can change with it are checked
    /// again (`host::ini::edit`); elsewhere, an edit inside one Betza string that neither types
    /// nor leaves a separator analyses that string again. Only those parts are read from
    /// `text`, and everything after them moves. Past [`Options::max_findings`], the first
    /// findings are put together again from every finding held ([`super::held::Held`]). Returns `false`
    /// when the edit needs a whole analysis instead (which then replaces this one whole): also
    /// when it takes the file past the limit, or the file is past it with no findings held.
    pub fn apply_edit<S: Source + ?Sized>(
        &mut self,
        text: &S,
        edited: (usize, usize),
        inserted: &str,
        options: &Options,
        strings: &mut Strings,
    ) -> bool {
        self.kept_up(text, edited, inserted, options, strings)
            .is_some()
    }

    /// [`Analysis::apply_edit`], with how many bytes of the text it read again (the parts it
    /// analysed); `None` where it needs a whole analysis.
    pub fn kept_up<S: Source + ?Sized>(
        &mut self,
        text: &S,
        (start, end): (usize, usize),
        inserted: &str,
        options: &Options,
        strings: &mut Strings,
    ) -> Option<usize> {
        if self.is_cut_short() && self.held.is_none() {
            return None;
        }
        let parts = match self.ini.as_deref_mut() {
            Some(model) => host::ini::edit(
                model,
                text,
                (start, end),
                inserted.len(),
                errors_per_code(options),
            )?,
            None => vec![self.string_part(text, (start, end), inserted)?],
        };
        // The first part is the edited one, in the old text's offsets; the others lie where
        // the edit left them.
        let mut read = 0;
        for part in parts {
            read += part.new.1.saturating_sub(part.new.0);
            let bounds = Bounds {
                from: offset(part.old.0),
                to: offset(part.old.1),
                closed: part.closed,
            };
            let crossed = |range| bounds.crossed_by(range);
            let crossing = match &self.held {
                Some(held) => held.any_crossing(&self.regions, crossed),
                None => self.diagnostics.iter().any(|d| crossed(d.range)),
            };
            if crossing {
                return None;
            }
            // Everything after the part moves by the same amount, in one direction.
            let shift = u32::from(offset(part.new.1)).wrapping_sub(u32::from(offset(part.old.1)));
            let host = host::of(self.format);
            let scanned = (host, &part.scan);
            let fresh = match self.held {
                Some(_) => hold_scan(text, scanned, self.ini.as_deref(), options, strings)?,
                None => Fresh::Listed(analyse_scan(
                    text,
                    scanned,
                    self.ini.as_deref(),
                    options,
                    strings,
                )?),
            };
            self.replace(bounds, shift, part.scan, fresh);
        }
        strings.drop_unused(text, &self.regions);
        if let Some(held) = &self.held {
            (self.diagnostics, self.left_out) =
                held.first(text, &self.regions, options.max_findings);
            if !self.is_cut_short() {
                self.held = None;
            }
            return Some(read);
        }
        let within_limit = options
            .max_findings
            .is_none_or(|max| self.diagnostics.len() <= max);
        within_limit.then_some(read)
    }

    /// Puts the regions, host tokens and `fresh` findings of the part's new `scan` in place of
    /// those `bounds` holds, and moves everything after them by `shift`.
    fn replace(&mut self, bounds: Bounds, shift: u32, scan: host::Scan, fresh: Fresh) {
        let moved = |range: TextRange| host::moved(range, shift);
        let inside = |range: TextRange| bounds.holds(range);
        let move_finding = |d: &mut Diagnostic| {
            d.range = moved(d.range);
            if let Some(fix) = &mut d.fix {
                for edit in &mut fix.edits {
                    edit.range = moved(edit.range);
                }
            }
        };
        let regions = part_of(&self.regions, |r| r.range, inside, bounds.from);
        if let (Some(held), Fresh::Held { strings, .. }) = (&mut self.held, &fresh) {
            held.strings
                .splice(regions.clone(), strings.iter().cloned());
        }
        replace_part(
            &mut self.regions,
            regions,
            |r| r.range = moved(r.range),
            scan.regions,
        );
        self.host_tokens
            .replace_part(bounds.from, inside, shift, scan.host_tokens);
        // File order holds: the fresh findings lie inside the part, and those after it start
        // at its end or later; at its end the fresh ones are empty and the later ones are not
        // (an empty one there was inside), so the fresh ones come first, as in a whole analysis.
        let (findings, fresh) = match (&mut self.held, fresh) {
            (Some(held), Fresh::Held { host, .. }) => (&mut held.host, host),
            (_, Fresh::Listed(listed)) => (&mut self.diagnostics, listed),
            (None, Fresh::Held { .. }) => return,
        };
        let part = part_of(findings, |d| d.range, inside, bounds.from);
        replace_part(findings, part, move_finding, fresh);
    }

    /// The Betza string an edit stays inside, when the edit neither types nor leaves a
    /// separator, as a part of the file with its one region grown or shrunk.
    fn string_part<S: Source + ?Sized>(
        &self,
        text: &S,
        (start, end): (usize, usize),
        inserted: &str,
    ) -> Option<Rescan> {
        let host = host::of(self.format);
        let separates = |c: char| host.separates(c);
        if inserted.chars().any(separates) {
            return None;
        }
        let index = self
            .regions
            .partition_point(|r| usize::from(r.range.end()) < end);
        let region = self.regions.get(index)?;
        let (old_start, old_end) = (
            usize::from(region.range.start()),
            usize::from(region.range.end()),
        );
        // MBN macros tie the strings of a file together: their findings need the whole file;
        // decoded strings (XML entities) map to the file byte by byte.
        if old_start > start
            || old_end < end
            || crate::registry::notation(region.dialect).has_macros()
            || region.decoded.is_some()
        {
            return None;
        }
        // A string holding a carriage return has a finding of the host's on it (the engine
        // reads the line on past it): the host scans it again.
        if text
            .text_at(old_start..old_end)
            .is_none_or(|old| old.contains('\r'))
        {
            return None;
        }
        let new_end = (old_end + inserted.len()).checked_sub(end - start)?;
        if new_end == old_start
            || new_end - old_start > host::REGION_LIMIT
            || text.len_bytes() < new_end
        {
            return None;
        }
        // Nor may the edit leave a separator of the string next to it: `W F` losing its `F` ends
        // in a space the host trims, and `a:x b` losing its `x` holds the `: ` that starts a
        // named string in a `.betza` file.
        let edit_end = start + inserted.len();
        let next_to_edit = [
            text.text_at(old_start..start)
                .and_then(|s| s.chars().next_back()),
            text.text_at(edit_end..new_end)
                .and_then(|s| s.chars().next()),
        ];
        if next_to_edit.into_iter().flatten().any(separates) {
            return None;
        }
        let mut region = region.clone();
        region.range = span(old_start, new_end);
        Some(Rescan {
            old: (old_start, old_end),
            new: (old_start, new_end),
            closed: true,
            scan: host::Scan {
                regions: vec![region],
                ..host::Scan::default()
            },
        })
    }
}

/// The items of `items` (in file order) that are `inside` the part starting at `from`.
fn part_of<T>(
    items: &[T],
    range: impl Fn(&T) -> TextRange,
    inside: impl Fn(TextRange) -> bool,
    from: TextSize,
) -> std::ops::Range<usize> {
    let at = items.partition_point(|item| range(item).start() < from);
    let removed = items[at..]
        .iter()
        .take_while(|item| inside(range(item)))
        .count();
    at..at + removed
}

/// Replaces the items `part` of `items` with `fresh`, and moves those after them with `shift`.
fn replace_part<T>(
    items: &mut Vec<T>,
    part: std::ops::Range<usize>,
    shift: impl FnMut(&mut T),
    fresh: impl IntoIterator<Item = T>,
) {
    items[part.end..].iter_mut().for_each(shift);
    items.splice(part, fresh);
}

fn offset(at: usize) -> TextSize {
    TextSize::new(u32::try_from(at).unwrap_or(u32::MAX))
}

/// The findings of a part's new `scan`.
enum Fresh {
    /// All of them, built, in file order.
    Listed(Vec<Diagnostic>),
    /// As a file past the limit holds them ([`super::held::Held`]).
    Held {
        host: Vec<Diagnostic>,
        strings: Vec<Arc<[Diagnostic]>>,
    },
}

/// The findings of a part's new `scan` as [`super::held::Held`] keeps them: `None` when the host left some
/// of its own out.
fn hold_scan<S: Source + ?Sized>(
    text: &S,
    (host, scan): (&dyn host::Host, &host::Scan),
    ini: Option<&host::ini::Model>,
    options: &Options,
    strings: &mut Strings,
) -> Option<Fresh> {
    let mut found_by_host = host_findings(&scan.errors, options)?;
    in_file_order(&mut found_by_host);
    let in_strings = (scan.regions.iter())
        .map(|region| {
            let board = region_board(host, ini, region, options);
            strings.findings((region.dialect, &region.text(text)), board, options)
        })
        .collect();
    Some(Fresh::Held {
        host: found_by_host,
        strings: in_strings,
    })
}

/// The findings of a part's new `scan`: the host's own, then each region's, from `strings` when
/// the same string was analysed before; in file order. `None` when they are more than a file
/// keeps.
fn analyse_scan<S: Source + ?Sized>(
    text: &S,
    (host, scan): (&dyn host::Host, &host::Scan),
    ini: Option<&host::ini::Model>,
    options: &Options,
    strings: &mut Strings,
) -> Option<Vec<Diagnostic>> {
    let mut found = Bounded::new(options.max_findings);
    offer_host_findings(&mut found, &scan.errors, options);
    for region in &scan.regions {
        let string = region.text(text);
        let board = region_board(host, ini, region, options);
        let local = strings.findings((region.dialect, &string), board, options);
        offer_region_findings(&mut found, region, &string, &local);
        if found.omitted_any() {
            return None;
        }
    }
    (!found.omitted_any()).then(|| found.finish().0)
}
