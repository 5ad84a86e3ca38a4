//! An edit of a `variants.ini` re-reads the one section it falls in, and re-checks only the
//! sections whose result can change with it: the section itself; where its name changes, every
//! section with its old or new name or with either as parent; and, whenever a section's
//! outcome (registered or not, its board, pieces, rules and start position) changes, the
//! sections that read it: its children and the later sections of the same name. Everything
//! else keeps its findings and moves.

use std::collections::BTreeSet;

use super::model::{Header, Model, Outcome};
use super::scanner::check_section;
use crate::Source;
use crate::host::scan::{Rescan, drop_long_regions};

/// Brings `model` up to date with an edit of the old bytes `start..end` into `inserted` bytes
/// (`text` is the text after it), and returns the parts checked again: first the edited
/// section (its new bytes), then the others in file order (in the new text's offsets, which
/// the edit leaves as they were). Only those sections are read from `text`. `None` when the
/// edit changes which lines are headers: the file is read again whole. Each part keeps at most
/// `per_code` errors of each code, as [`crate::host::scan_bounded`] does.
pub fn edit<S: Source + ?Sized>(
    model: &mut Model,
    text: &S,
    (start, end): (usize, usize),
    inserted: usize,
    per_code: Option<usize>,
) -> Option<Vec<Rescan>> {
    let index = model.section_at(start);
    let old = model.sections.get(index)?;
    let (old_start, old_end) = (old.start, old.end());
    if end > old_end || start < old_start {
        return None;
    }
    let new_end = (old_end + inserted).checked_sub(end - start)?;
    let last = index + 1 == model.sections.len();
    if last && new_end != text.len_bytes() {
        return None;
    }
    let own = text.text_at(old_start..new_end)?;
    // The next header must still start a line.
    if !last && !own.ends_with('\n') {
        return None;
    }
    let section = Model::read_section(old_start, &own, index == 0)?;
    let old_header = old
        .header
        .as_ref()
        .map(|h| (h.name().to_owned(), h.parent().map(str::to_owned)));
    // The preamble's finding names the first header and moves it.
    let first_header_changed = index == 1 && old.header != section.header;
    let new_header =
        (section.header.as_ref()).map(|h| (h.name().to_owned(), h.parent().map(str::to_owned)));
    let renamed = renamed(old_header.as_ref(), new_header.as_ref())?;
    // The model now holds the edit: the section read again, those after it moved.
    let shift = new_end.wrapping_sub(old_end);
    for later in &mut model.sections[index + 1..] {
        later.start = later.start.wrapping_add(shift);
    }
    model.sections[index] = section;
    if !renamed.is_empty() {
        model.renamed(index);
    }
    let mut dirty = touched_by_rename(model, index, &renamed);
    dirty.insert(index);
    if first_header_changed {
        dirty.insert(0);
    }
    recheck(model, text, dirty, (index, (old_start, old_end)), per_code)
}

/// The old and new names of a section whose header an edit renamed (none when the name
/// stays); `None` when the section gained or lost its header.
fn renamed(
    old_header: Option<&(String, Option<String>)>,
    new_header: Option<&(String, Option<String>)>,
) -> Option<Vec<String>> {
    match (old_header, new_header) {
        (Some((old_name, _)), Some((new_name, _))) if old_name != new_name => {
            Some(vec![old_name.clone(), new_name.clone()])
        }
        (Some(_), Some(_)) | (None, None) => Some(Vec::new()),
        _ => None,
    }
}

/// The sections a rename of section `index` (`renamed`: its old and new names) reaches: those
/// with either name or either as parent, and the skipped ones after it. Only a rename reaches
/// past the section and its children: a pass over the file then.
fn touched_by_rename(model: &Model, index: usize, renamed: &[String]) -> BTreeSet<usize> {
    let mut dirty = BTreeSet::new();
    if renamed.is_empty() {
        return dirty;
    }
    // A parent written with spaces is said by the name it would be without them.
    let touched = |name: Option<&str>| name.is_some_and(|n| renamed.iter().any(|r| r == n.trim()));
    for (other, section) in model.sections.iter().enumerate() {
        let parent = section.header.as_ref().and_then(Header::parent);
        // A section skipped for an unknown parent names the nearest name above.
        let suggests = other > index && section.outcome == Outcome::Skipped;
        if touched(section.name()) || touched(parent) || suggests {
            dirty.insert(other);
        }
    }
    dirty
}

/// Checks the `dirty` sections again, and the sections that read one whose outcome changed;
/// the edited section (`edited`: its index and its old bytes) first.
fn recheck<S: Source + ?Sized>(
    model: &mut Model,
    text: &S,
    mut dirty: BTreeSet<usize>,
    (edited, old): (usize, (usize, usize)),
    per_code: Option<usize>,
) -> Option<Vec<Rescan>> {
    let mut parts = Vec::new();
    let mut checked_edited = None;
    while let Some(next) = dirty.pop_first() {
        let section = &model.sections[next];
        let (from, to) = (section.start, section.end());
        let own = text.text_at(from..to)?;
        let (mut scan, outcome) = check_section(model, &text, next, &own, per_code);
        drop_long_regions(&mut scan);
        let changed = model.sections[next].outcome != outcome;
        model.sections[next].outcome = outcome;
        let closed = next + 1 == model.sections.len();
        let part = Rescan {
            old: (from, to),
            new: (from, to),
            closed,
            scan,
        };
        if next == edited {
            checked_edited = Some(Rescan { old, ..part });
        } else {
            parts.push(part);
        }
        if changed && let Some(name) = model.sections[next].name().map(str::to_owned) {
            for (later, section) in model.sections.iter().enumerate().skip(next + 1) {
                let parent = section.header.as_ref().and_then(Header::parent);
                if section.name() == Some(&name) || parent.map(str::trim) == Some(&name) {
                    dirty.insert(later);
                }
            }
        }
    }
    let mut all = vec![checked_edited?];
    all.extend(parts);
    Some(all)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::ini::scanner::scan;

    /// Whole-file reading after each edit equals the model kept up to date by edits.
    #[test]
    fn an_edit_keeps_the_model_as_a_fresh_read_makes_it() {
        let mut text =
            "[a:chess]\nmaxRank = 6\n[b:a]\ncustomPiece1 = x:W\n[c:b]\nking = k:K\n".to_owned();
        // The board of `a` changes, a key is misspelt, `b` is renamed and named back.
        let at = |text: &str, what: &str| text.find(what).expect("in the text");
        let edits = [
            ("6", "7"),
            ("maxRank", "mxaRank"),
            ("[b", "[z"),
            ("[z", "[b"),
        ];
        let mut model = *scan(&text, None).ini.expect("a model");
        for (old, inserted) in edits {
            let from = at(&text, old) + usize::from(old.starts_with('['));
            let to = from + old.len() - usize::from(old.starts_with('['));
            let inserted = &inserted[usize::from(old.starts_with('['))..];
            text.replace_range(from..to, inserted);
            assert!(edit(&mut model, text.as_str(), (from, to), inserted.len(), None).is_some());
            assert_eq!(model, *scan(&text, None).ini.expect("a model"), "{text}");
        }
    }
}
