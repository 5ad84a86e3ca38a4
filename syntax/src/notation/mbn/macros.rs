//! MBN macros (seed 002, section 16): where each is defined and used, their textual
//! expansion, the mistakes around them, and renaming.
//!
//! Seed 002's rules, each pinned by a test below:
//! - `@NAME=…` defines a macro; NAME is a single letter (overriding that basic piece) or a
//!   compound letter `:NR:`, never prefixed.
//! - A use is a piece letter standing as a move. Inside its own definition a single letter still
//!   means the basic piece ("inside the macro still the basic piece will be referred by this
//!   letter").
//! - Order does not matter ("the set of rules is invariant considering the order of the
//!   definitions").
//! - "Piece sets and board ranges will not be dissolved": letters there are never uses.
//! - Comments are no part of a macro's text.

use std::collections::{BTreeMap, HashMap, HashSet};

use rowan::{NodeOrToken, TextRange, TextSize};

use crate::SyntaxKind::{self, *};
use crate::diagnostic::codes;
pub use crate::notation::definitions::{Cycle, EXPANSION_LIMIT, ExpandError, Occurrence};
use crate::parser::SyntaxError;
use crate::parser::limits::MAX_DEPTH;
use crate::quote::MOST_QUOTED;
use crate::tree::{SyntaxNode, SyntaxToken};
use expansion::{Chunk, Dissolving, Found};

/// A macro's name as compared: single letters as written (a small letter is a black piece),
/// compound letters in capitals ("`:Be:` and `:BE:` are equal").
pub fn key_of(name: &str) -> String {
    if name.starts_with(':') {
        name.to_ascii_uppercase()
    } else {
        name.to_owned()
    }
}

/// One `@NAME=…` definition. No tree is kept (its text is in `body`), so that a document can
/// keep a scope's macros between requests, across threads.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Definition {
    name_range: TextRange,
    /// The whole definition, in the scope's coordinates.
    range: TextRange,
    body: Vec<Chunk>,
}

/// A definition's tree while its body is split: its key, its place among the definitions of
/// that key, where its text starts and the tree.
type DefinitionTree = (String, usize, TextSize, SyntaxNode);

/// The macros of one scope (a C/CIF `pieces` attribute, or a whole `.mbn` file).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Macros {
    definitions: BTreeMap<String, Vec<Definition>>,
    pub occurrences: Vec<Occurrence>,
    /// Compound letters used as moves with no definition.
    pub undefined: Vec<Occurrence>,
    /// Single letters standing as moves that no macro overrides: basic pieces.
    basic_uses: Vec<(String, TextRange)>,
    /// The key of each use, by range.
    use_keys: HashMap<TextRange, String>,
    /// Every macro dissolved, once.
    found: Found,
}

impl Macros {
    /// Reads the definitions and uses of MBN trees, each with the offset of its text.
    pub fn collect<'a>(trees: impl IntoIterator<Item = (TextSize, &'a SyntaxNode)>) -> Macros {
        let mut macros = Macros::default();
        let mut atoms: Vec<(TextSize, SyntaxNode, Option<String>)> = Vec::new();
        // Each definition (its key and place among the key's) with its tree and where its text
        // starts, until its body is split.
        let mut sources: Vec<DefinitionTree> = Vec::new();
        for (offset, root) in trees {
            for definition in root.children().filter(|n| n.kind() == DEFINITION) {
                let own = macro_name(&definition).map(|(key, _)| key);
                if let Some((key, range)) = macro_name(&definition) {
                    macros.occurrences.push(Occurrence {
                        key: key.clone(),
                        range: range + offset,
                        definition: true,
                    });
                    let same_key = macros.definitions.entry(key.clone()).or_default();
                    sources.push((key, same_key.len(), offset, definition.clone()));
                    same_key.push(Definition {
                        name_range: range + offset,
                        range: definition.text_range() + offset,
                        body: Vec::new(),
                    });
                }
                for atom in body_atoms(&definition) {
                    atoms.push((offset, atom, own.clone()));
                }
            }
        }
        // Uses are known once every definition is: order does not matter.
        for (offset, atom, own) in &atoms {
            let Some((key, range)) = atom_name(atom) else {
                continue;
            };
            let compound = key.starts_with(':');
            let self_letter = !compound && own.as_deref() == Some(key.as_str());
            let occurrence = Occurrence {
                key: key.clone(),
                range: range + *offset,
                definition: false,
            };
            if macros.definitions.contains_key(&key) && !self_letter {
                macros.occurrences.push(occurrence);
            } else if compound {
                macros.undefined.push(occurrence);
            } else {
                macros.basic_uses.push((key, range + *offset));
            }
        }
        macros.occurrences.sort_by_key(|o| o.range.start());
        macros.use_keys = (macros.occurrences.iter())
            .filter(|o| !o.definition)
            .map(|o| (o.range, o.key.clone()))
            .collect();
        macros.fill_bodies(&sources);
        macros
    }

    /// Splits each definition's body into text and uses, from its tree in `sources`.
    fn fill_bodies(&mut self, sources: &[DefinitionTree]) {
        for (key, index, offset, node) in sources {
            if let Some(definition) =
                (self.definitions.get_mut(key)).and_then(|d| d.get_mut(*index))
            {
                definition.body = chunks(node, *offset, &self.use_keys);
            }
        }
    }

    /// The names defined more than once, each with every definition's range.
    pub fn duplicates(&self) -> Vec<(&str, Vec<TextRange>)> {
        self.definitions
            .iter()
            .filter(|(_, d)| d.len() > 1)
            .map(|(key, d)| (key.as_str(), d.iter().map(|d| d.name_range).collect()))
            .collect()
    }

    /// Macros defined but never used, with their name's range.
    pub fn unused(&self) -> Vec<(&str, TextRange)> {
        let used: HashSet<&str> = self.use_keys.values().map(String::as_str).collect();
        self.definitions
            .iter()
            .filter(|(key, _)| !used.contains(key.as_str()))
            .filter_map(|(key, d)| d.first().map(|d| (key.as_str(), d.name_range)))
            .collect()
    }

    /// Every macro's expansion as the parser reads it, or why it fails, with its (first) name
    /// range: one at a time, each read as deep as the parser reads, with a checkpoint each
    /// (`crate::cancel`): a scope may hold tens of thousands.
    pub fn readings(
        &self,
    ) -> impl Iterator<Item = (&str, TextRange, Result<Reading, ExpandError>)> {
        let mut read = ErrorsRead::default();
        self.definitions.iter().filter_map(move |(key, d)| {
            crate::cancel::checkpoint();
            let first = d.first()?;
            Some((key.as_str(), first.name_range, self.reading(key, &mut read)))
        })
    }

    /// What the macro `key` dissolves to, quoted by its ends, and the parser's first finding
    /// on it. The parser skips brackets nested deeper than [`MAX_DEPTH`], so plain macros
    /// deeper than [`SHALLOWEST`] are not written out (a chain of 17,000 macros wrote 17,000
    /// texts of 34 KB, issue 56); the parse is the same when each left out stands inside a part
    /// skipped, and when one does not the whole text is read. Only the errors are wanted, so no
    /// tree is built, and a text read before is not read again (`read`).
    fn reading(&self, key: &str, read: &mut ErrorsRead) -> Result<Reading, ExpandError> {
        let whole = |text: &str, read: &mut ErrorsRead| Reading {
            quoted: crate::quote::shortened(text).into_owned(),
            length: crate::quote::length_if_cut(text),
            first: read.of(text).first().cloned(),
        };
        let shallow = self.dissolved().expand_shallow(key, SHALLOWEST)?;
        if shallow.cuts.is_empty() {
            return Ok(whole(&shallow.text, read));
        }
        let errors = read.of(&shallow.text).to_vec();
        // The parser looks a few tokens past a bracket it skips: a cut further in is unseen.
        let skipped = |cut: usize| {
            errors.iter().any(|e| {
                e.code() == codes::NESTING_TOO_DEEP
                    && usize::from(e.range.start()) + LOOKAHEAD <= cut
                    && cut + 2 <= usize::from(e.range.end())
            })
        };
        if !shallow.cuts.iter().all(|&cut| skipped(cut)) {
            return Ok(whole(&self.expand(key)?, read));
        }
        // Each cut is inside more than `MOST_QUOTED` brackets, so the ends quoted are whole.
        let ends = |text: &str| crate::quote::shortened(text).into_owned();
        let count = shallow.text.chars().count();
        let head: String = shallow.text.chars().take(MOST_QUOTED / 2).collect();
        let tail: String = (shallow.text.chars())
            .skip(count.saturating_sub(MOST_QUOTED / 4))
            .collect();
        Ok(Reading {
            quoted: format!("{}…{}", ends(&head), ends(&tail)),
            length: format!("; it is {} characters long", count + shallow.left_out),
            first: errors.first().cloned(),
        })
    }

    /// A macro's text as written, comments left out.
    pub fn written(&self, key: &str) -> Option<String> {
        let definition = self.definitions.get(key)?.first()?;
        Some(
            definition
                .body
                .iter()
                .map(|chunk| match chunk {
                    Chunk::Text(text) | Chunk::Use(text) => text.as_str(),
                })
                .collect(),
        )
    }

    /// The text a macro stands for, every use inside it dissolved.
    pub fn expand(&self, key: &str) -> Result<String, ExpandError> {
        self.dissolved().expand(key)
    }

    /// Every macro dissolved, on first need.
    fn dissolved(&self) -> &Dissolving {
        self.found
            .get(|| Dissolving::new(self.first_bodies(), None))
    }

    /// Each macro's name and the body of the definition that counts, its first.
    fn first_bodies(&self) -> impl Iterator<Item = (&str, &[Chunk])> {
        (self.definitions.iter())
            .filter_map(|(key, all)| Some((key.as_str(), all.first()?.body.as_slice())))
    }

    /// The moves of a piece definition (or bare move) with every macro use dissolved: what the
    /// seed says is interpreted ("Before any piece definition will be interpreted, all the
    /// macro definitions have to be dissolved"). `offset` places the tree in the file.
    pub fn dissolve_definition(
        &self,
        definition: &SyntaxNode,
        offset: TextSize,
    ) -> Result<String, ExpandError> {
        let body = chunks(definition, offset, &self.use_keys);
        let own = macro_name(definition).map(|(key, _)| key);
        let first = (own.as_ref()).and_then(|key| Some((key, self.definitions.get(key)?.first()?)));
        match first {
            // The definition that counts: what its macro dissolves to.
            Some((key, first)) if first.range == definition.text_range() + offset => {
                self.expand(key)
            }
            // A later one, dissolved as if it counted: the others that lead back to its name
            // lead back to it.
            Some((key, _)) => Dissolving::new(self.first_bodies(), Some((key, &body))).expand(key),
            None => self.dissolved().dissolve(&body),
        }
    }

    /// The occurrence at `offset` (its end included, for a cursor after the name).
    pub fn occurrence_at(&self, offset: TextSize) -> Option<&Occurrence> {
        self.occurrences
            .iter()
            .find(|o| o.range.contains_inclusive(offset))
    }

    /// Every occurrence of `key`.
    pub fn occurrences_of<'m>(&'m self, key: &'m str) -> impl Iterator<Item = &'m Occurrence> {
        self.occurrences.iter().filter(move |o| o.key == key)
    }

    /// The edits that rename the macro at `offset` to `new_name`, or why it cannot be done.
    pub fn rename(
        &self,
        offset: TextSize,
        new_name: &str,
    ) -> Result<Vec<(TextRange, String)>, RenameError> {
        let occurrence = self.occurrence_at(offset).ok_or(RenameError::NotAMacro)?;
        if !is_macro_name(new_name) {
            return Err(RenameError::InvalidName(new_name.to_owned()));
        }
        let new_key = key_of(new_name);
        if new_key != occurrence.key && self.definitions.contains_key(&new_key) {
            return Err(RenameError::Taken(new_name.to_owned()));
        }
        if let Some((_, range)) = self.basic_uses.iter().find(|(key, _)| *key == new_key) {
            return Err(RenameError::CapturesBasicPiece(new_name.to_owned(), *range));
        }
        // Inside its own definition a single letter is the basic piece, so a macro that uses
        // itself would stop doing so under a one-letter name.
        let uses_itself = self
            .definitions
            .get(&occurrence.key)
            .is_some_and(|definitions| {
                definitions.iter().any(|d| {
                    self.occurrences_of(&occurrence.key)
                        .any(|o| !o.definition && d.range.contains_range(o.range))
                })
            });
        if uses_itself && !new_key.starts_with(':') {
            return Err(RenameError::SelfReference(new_name.to_owned()));
        }
        Ok(self
            .occurrences_of(&occurrence.key)
            .map(|o| (o.range, new_name.to_owned()))
            .collect())
    }
}

/// How far past a bracket it skips the parser may look (four tokens, each a byte or more).
const LOOKAHEAD: usize = 8;

/// How deep a macro's expansion is written out to be read: past the parser's depth and its
/// lookahead, so that in a chain every cut stands inside the part skipped, and past what a
/// message quotes, so that the ends quoted (its first half and last quarter) are whole.
const SHALLOWEST: usize = {
    let past_parser = MAX_DEPTH as usize + 2 * LOOKAHEAD;
    if past_parser > MOST_QUOTED {
        past_parser
    } else {
        MOST_QUOTED
    }
};

/// The syntax errors of the texts read so far, by text: in a chain, every macro deeper than
/// [`SHALLOWEST`] is written out to one same text. Forgotten whole past [`ErrorsRead::BUDGET`]
/// bytes of text, so that it stays small whatever the macros.
#[derive(Debug, Default)]
struct ErrorsRead {
    by_text: HashMap<String, Vec<SyntaxError>>,
    bytes: usize,
}

impl ErrorsRead {
    const BUDGET: usize = 1 << 20;

    fn of(&mut self, text: &str) -> &[SyntaxError] {
        if !self.by_text.contains_key(text) {
            if self.bytes + text.len() > Self::BUDGET {
                self.by_text.clear();
                self.bytes = 0;
            }
            self.bytes += text.len();
            let errors = super::parser::errors_of(text);
            self.by_text.insert(text.to_owned(), errors);
        }
        self.by_text.get(text).map_or(&[], Vec::as_slice)
    }
}

/// A macro's expansion as the parser reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    /// The expansion quoted by its ends ([`crate::quote::shortened`]).
    pub quoted: String,
    /// How long it is when the quote was cut ([`crate::quote::length_if_cut`]), or nothing.
    pub length: String,
    /// The parser's first finding on it; its range is in the text read, which may be cut
    /// short.
    pub first: Option<SyntaxError>,
}

/// Why a rename is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RenameError {
    NotAMacro,
    InvalidName(String),
    Taken(String),
    CapturesBasicPiece(String, TextRange),
    /// A macro that uses itself renamed to a single letter, which inside its own definition
    /// means the basic piece.
    SelfReference(String),
}

impl std::fmt::Display for RenameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RenameError::NotAMacro => write!(f, "only MBN macro names can be renamed"),
            // Any text can be typed as a new name: it is quoted by its ends.
            RenameError::InvalidName(name) => write!(
                f,
                "`{}` is not a macro name{}: a letter (`I`) or a compound letter of up to three \
                 characters between colons (`:NR:`)",
                crate::quote::shortened(name),
                crate::quote::length_if_cut(name)
            ),
            RenameError::Taken(name) => write!(f, "a macro named `{name}` already exists"),
            RenameError::SelfReference(name) => write!(
                f,
                "this macro uses itself, and inside its own definition `{name}` would mean the \
                 basic piece {name}: rename it to a compound letter (`:{name}{name}:`)"
            ),
            RenameError::CapturesBasicPiece(name, _) => write!(
                f,
                "`{name}` already stands for the basic piece {name} elsewhere here; a macro of \
                 that name would change those moves"
            ),
        }
    }
}

impl std::error::Error for RenameError {}

/// Whether `name` can name a macro: a letter, or `:` a letter, up to two more letters or
/// digits, `:`.
pub fn is_macro_name(name: &str) -> bool {
    let bytes = name.as_bytes();
    match bytes {
        [c] => c.is_ascii_alphabetic(),
        [b':', first, rest @ .., b':'] => {
            first.is_ascii_alphabetic()
                && rest.len() <= 2
                && rest.iter().all(|c| c.is_ascii_alphanumeric())
        }
        _ => false,
    }
}

/// The key and range of the name a definition gives a macro (`@X…=`).
fn macro_name(definition: &SyntaxNode) -> Option<(String, TextRange)> {
    let identifier = definition.children().find(|n| n.kind() == IDENTIFIER)?;
    let is_macro = identifier.children_with_tokens().any(|e| e.kind() == AT);
    if !is_macro {
        return None;
    }
    name_in(&identifier)
}

/// The letter or compound letter of an identifier or atom.
fn name_in(node: &SyntaxNode) -> Option<(String, TextRange)> {
    node.children_with_tokens()
        .find_map(|element| match element {
            NodeOrToken::Token(token) if token.kind().letter().is_some() => {
                Some((token.text().to_owned(), token.text_range()))
            }
            NodeOrToken::Node(node) if node.kind() == COMPOUND => {
                let text = node.text().to_string();
                text.ends_with(':')
                    .then(|| (key_of(&text), node.text_range()))
            }
            _ => None,
        })
}

fn atom_name(atom: &SyntaxNode) -> Option<(String, TextRange)> {
    let (key, range) = name_in(atom)?;
    let is_piece = key.starts_with(':') || key.chars().all(|c| c.is_ascii_uppercase());
    is_piece.then_some((key, range))
}

/// The atoms standing as moves in a definition's body (never inside piece sets, ranges,
/// conditions or comments, which hold no atoms).
fn body_atoms(definition: &SyntaxNode) -> impl Iterator<Item = SyntaxNode> {
    definition.descendants().filter(|n| n.kind() == ATOM)
}

/// The body of a definition (what follows its first `=`, or all of a bare move) as text and
/// uses, comments left out.
fn chunks(
    definition: &SyntaxNode,
    offset: TextSize,
    uses: &HashMap<TextRange, String>,
) -> Vec<Chunk> {
    let mut out = Vec::new();
    let mut text = String::new();
    let has_head = definition
        .children_with_tokens()
        .any(|e| e.kind() == SyntaxKind::EQUALS);
    let mut in_body = !has_head;
    let mut skip_until: Option<TextSize> = None;
    for element in definition.descendants_with_tokens() {
        let range = element.text_range();
        if skip_until.is_some_and(|end| range.start() < end) {
            continue;
        }
        skip_until = None;
        match element {
            NodeOrToken::Node(node) => {
                if node.kind() == COMMENT {
                    skip_until = Some(range.end());
                } else if in_body
                    && node.kind() == COMPOUND
                    && let Some(key) = uses.get(&(range + offset))
                {
                    flush(&mut out, &mut text);
                    out.push(Chunk::Use(key.clone()));
                    skip_until = Some(range.end());
                }
            }
            NodeOrToken::Token(token) => {
                if !in_body {
                    in_body = token.kind() == EQUALS && token.parent().as_ref() == Some(definition);
                    continue;
                }
                push_token(&token, offset, uses, &mut out, &mut text);
            }
        }
    }
    flush(&mut out, &mut text);
    out
}

fn push_token(
    token: &SyntaxToken,
    offset: TextSize,
    uses: &HashMap<TextRange, String>,
    out: &mut Vec<Chunk>,
    text: &mut String,
) {
    match uses.get(&(token.text_range() + offset)) {
        Some(key) => {
            flush(out, text);
            out.push(Chunk::Use(key.clone()));
        }
        None => text.push_str(token.text()),
    }
}

fn flush(out: &mut Vec<Chunk>, text: &mut String) {
    if !text.is_empty() {
        out.push(Chunk::Text(std::mem::take(text)));
    }
}

mod expansion;
#[cfg(test)]
mod tests;
