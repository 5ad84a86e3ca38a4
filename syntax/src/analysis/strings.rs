//! The distinct strings of a document, each read once ([`BetzaString`]: its parse, model and
//! the rest built from them) with its findings per board it is seen on. An analysis looks each
//! string up here, so an edit analyses only the strings it changed, and an editor's requests
//! read the parse and model the analysis built.

use std::collections::HashMap;
use std::sync::Arc;

use crate::board::BoardSize;
use crate::diagnostic::Diagnostic;
use crate::{BetzaString, Dialect};

use super::Options;
use super::findings::findings_of;

/// The bytes of strings an analysis keeps read: ten times the distinct strings of the largest
/// real file (Fairy-Stockfish's own, 369 bytes). A string read, its model built, costs 500 to
/// 700 times its text (measured on the corpus's pieces), so this is a few megabytes at most
/// (`betza check` on 20,000 different strings peaks 5.8 MB higher than without any kept).
/// Beyond it only findings are kept, so a file of a million different strings costs megabytes,
/// not gigabytes, and a request reads such a string again.
const KEPT_READ_BYTES: usize = 4 * 1024;

/// A string's key: its dialect and its text.
type Key = (Dialect, String);

/// The strings of a document, for one set of options (findings depend on them).
#[derive(Debug, Default, Clone)]
pub struct Strings {
    entries: HashMap<Key, Entry>,
    /// The bytes of the strings kept read.
    read_bytes: usize,
}

#[derive(Debug, Default, Clone)]
struct Entry {
    read: Option<Arc<BetzaString>>,
    /// The findings in the string's own coordinates, with only the help they were made with
    /// (a fix's is made when a finding is placed in the file), by the board the string is
    /// seen on.
    findings: Vec<(Option<BoardSize>, Arc<[Diagnostic]>)>,
}

impl Entry {
    fn findings_on(&self, board: Option<BoardSize>) -> Option<Arc<[Diagnostic]>> {
        let (_, found) = self.findings.iter().find(|(on, _)| *on == board)?;
        Some(found.clone())
    }
}

impl Strings {
    /// How many distinct strings are kept.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The findings of `text` in `dialect` seen on `board`: kept from before, or found now.
    pub(super) fn findings(
        &mut self,
        (dialect, text): (Dialect, &str),
        board: Option<BoardSize>,
        options: &Options,
    ) -> Arc<[Diagnostic]> {
        let key = (dialect, text.to_owned());
        // Most strings an edit analyses again are kept: found with one look-up.
        if let Some(found) = self
            .entries
            .get(&key)
            .and_then(|entry| entry.findings_on(board))
        {
            return found;
        }
        let mut entry = self.take(&key).unwrap_or_default();
        let found = self.findings_in(&mut entry, &key, board, options);
        self.put(key, entry);
        found
    }

    /// [`Self::findings`] for a string of the file `earlier` was made for, kept from there (or
    /// from this table) and moved here.
    pub(super) fn findings_moved(
        &mut self,
        earlier: &mut Strings,
        (dialect, text): (Dialect, String),
        board: Option<BoardSize>,
        options: &Options,
    ) -> Arc<[Diagnostic]> {
        let key = (dialect, text);
        let mut entry = earlier
            .take(&key)
            .or_else(|| self.take(&key))
            .unwrap_or_default();
        let found = self.findings_in(&mut entry, &key, board, options);
        self.put(key, entry);
        found
    }

    /// The string read, from the table, or read now and kept (a request asks for strings of
    /// the file, or for the one being typed).
    pub(crate) fn read(&mut self, text: &str, dialect: Dialect) -> Arc<BetzaString> {
        self.read_keeping(text, dialect, true)
    }

    /// [`Self::read`] for an analysis: a string read now is kept only within the budget.
    pub(super) fn read_in_budget(&mut self, text: &str, dialect: Dialect) -> Arc<BetzaString> {
        self.read_keeping(text, dialect, false)
    }

    fn read_keeping(&mut self, text: &str, dialect: Dialect, always: bool) -> Arc<BetzaString> {
        let key = (dialect, text.to_owned());
        let mut entry = self.take(&key).unwrap_or_default();
        let string = match &entry.read {
            Some(string) => string.clone(),
            None => Arc::new(BetzaString::new(text, dialect)),
        };
        if entry.read.is_none() && (always || self.has_room_for(text)) {
            entry.read = Some(string.clone());
        }
        self.put(key, entry);
        string
    }

    /// Whether an analysis keeps `text` read, within [`KEPT_READ_BYTES`].
    fn has_room_for(&self, text: &str) -> bool {
        self.read_bytes + text.len() <= KEPT_READ_BYTES
    }

    /// Keeps only the strings `used` says are in the file.
    pub(super) fn retain(&mut self, used: impl Fn(Dialect, &str) -> bool) {
        self.entries
            .retain(|(dialect, text), _| used(*dialect, text));
        self.read_bytes = self
            .entries
            .iter()
            .filter(|(_, entry)| entry.read.is_some())
            .map(|((_, text), _)| text.len())
            .sum();
    }

    fn findings_in(
        &mut self,
        entry: &mut Entry,
        (dialect, text): &Key,
        board: Option<BoardSize>,
        options: &Options,
    ) -> Arc<[Diagnostic]> {
        if let Some(found) = entry.findings_on(board) {
            return found;
        }
        let string = match &entry.read {
            Some(string) => string.clone(),
            None => Arc::new(BetzaString::new(text, *dialect)),
        };
        let found: Arc<[Diagnostic]> = findings_of(&string, board, options).into();
        if entry.read.is_none() && self.has_room_for(text) {
            entry.read = Some(string);
        }
        entry.findings.push((board, found.clone()));
        found
    }

    fn take(&mut self, key: &Key) -> Option<Entry> {
        let entry = self.entries.remove(key)?;
        if entry.read.is_some() {
            self.read_bytes -= key.1.len();
        }
        Some(entry)
    }

    fn put(&mut self, key: Key, entry: Entry) {
        if entry.read.is_some() {
            self.read_bytes += key.1.len();
        }
        self.entries.insert(key, entry);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyse_cached;
    use crate::host::HostFormat;

    /// Bounded by design: a file of many different strings keeps findings for all of them and
    /// keeps read (parsed, with models) only as many as the budget holds.
    #[test]
    fn a_file_of_many_strings_keeps_a_budget_of_them_read() {
        let text: String = (0..8000).map(|n| format!("fW{n}\n")).collect();
        let mut strings = Strings::default();
        analyse_cached(HostFormat::Betza, &text, &Options::default(), &mut strings);
        assert_eq!(strings.len(), 8000);
        let read: usize = (strings.entries.iter())
            .filter(|(_, entry)| entry.read.is_some())
            .map(|((_, text), _)| text.len())
            .sum();
        assert_eq!(read, strings.read_bytes);
        assert!(
            KEPT_READ_BYTES - 8 < read && read <= KEPT_READ_BYTES,
            "{read}"
        );
    }
}
