//! Dissolving the macros of a scope, each once. Seed 002 dissolves a macro by writing each use
//! out as its macro's text; done use by use from every macro, with the names on the way kept in
//! a list, a cycle of 1,000 macros was walked 1,000 times 1,000 deep (2.1 s a keystroke, issue
//! 56). Here every macro is looked at once, and what it comes to is one of three:
//!
//! - it dissolves, to so many bytes (each use it makes dissolves too);
//! - it grows past [`EXPANSION_LIMIT`] before any use that fails;
//! - it fails where its first failing use fails.
//!
//! The third makes each failing macro point at one other, so where each ends (too long, or a
//! cycle and where it is entered) is found in one more pass. That is what dissolving one by one
//! finds too: the uses before the first failing one dissolve whatever the names on the way
//! (a use that led back to them would fail), so the first failing use decides.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::notation::definitions::{Cycle, EXPANSION_LIMIT, ExpandError};

/// A piece of a definition's text: literal text or a macro use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Chunk {
    Text(String),
    Use(String),
}

/// What a macro's first definition comes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    /// It dissolves, to `length` bytes, its uses nested `depth` brackets deep; `plain` when
    /// every text it dissolves through is letters, digits and `+-*` (no bracket, colon or
    /// comment bar: a parser skipping it sees nothing that could change what it reads).
    Fits {
        length: usize,
        depth: usize,
        plain: bool,
    },
    /// Its text grows past the limit before any failing use.
    TooLong,
    /// Its first failing use, by index: it fails as that one does.
    Through(usize),
}

/// Where following the failing uses from a macro ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum End {
    TooLong,
    /// In a cycle, entered at this macro.
    Cycle(usize),
}

/// Every macro of a scope, dissolved or not, found once.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Dissolving {
    index: HashMap<String, usize>,
    keys: Vec<String>,
    /// The definition each key takes: its first, or the one being dissolved in its place.
    bodies: Vec<Vec<Chunk>>,
    status: Vec<Status>,
    /// For each macro that fails, where its failure ends.
    ends: Vec<Option<End>>,
    /// For each macro in a cycle, how many the cycle holds.
    cycle_lengths: Vec<usize>,
}

/// How many names of a cycle a message quotes (one more when that is all of them).
const CYCLE_NAMES_SHOWN: usize = 4;

impl Dissolving {
    /// The macros whose names and bodies are `firsts` (each name's definition that counts),
    /// the body of `instead.0` read as `instead.1` when given (a macro's later definition,
    /// dissolved as if it counted).
    pub(super) fn new<'a>(
        firsts: impl Iterator<Item = (&'a str, &'a [Chunk])>,
        instead: Option<(&str, &[Chunk])>,
    ) -> Dissolving {
        let mut keys = Vec::new();
        let mut bodies = Vec::new();
        for (key, first) in firsts {
            keys.push(key.to_owned());
            bodies.push(match instead {
                Some((own, body)) if own == key => body.to_vec(),
                _ => first.to_vec(),
            });
        }
        let index = (keys.iter().enumerate())
            .map(|(at, key)| (key.clone(), at))
            .collect();
        let mut dissolving = Dissolving {
            index,
            keys,
            bodies,
            status: Vec::new(),
            ends: Vec::new(),
            cycle_lengths: Vec::new(),
        };
        dissolving.status = dissolving.statuses();
        dissolving.find_ends();
        dissolving
    }

    /// What each macro comes to: a walk through the uses, each macro entered once, with no
    /// recursion (a chain of macros may be as long as the file).
    fn statuses(&self) -> Vec<Status> {
        let count = self.keys.len();
        let mut status: Vec<Option<Status>> = vec![None; count];
        let mut walking = vec![false; count];
        for root in 0..count {
            if status[root].is_some() {
                continue;
            }
            // Each macro being dissolved: which chunk is next, and the length, depth and
            // plainness so far.
            let mut stack: Vec<(usize, usize, usize, usize, bool)> = vec![(root, 0, 0, 0, true)];
            walking[root] = true;
            while let Some(&(node, at, length, depth, plain)) = stack.last() {
                crate::cancel::checkpoint();
                let (mut at, mut length, mut depth, mut plain) = (at, length, depth, plain);
                let mut done = None;
                match self.bodies[node].get(at) {
                    None => {
                        done = Some(Status::Fits {
                            length,
                            depth,
                            plain,
                        });
                    }
                    Some(Chunk::Text(text)) => {
                        length += text.len();
                        plain &= text.chars().all(is_plain);
                    }
                    Some(Chunk::Use(key)) => match self.index.get(key) {
                        None => {
                            length += key.len() + 2;
                            depth = depth.max(1);
                            plain = false;
                        }
                        Some(&used) if walking[used] => done = Some(Status::Through(used)),
                        Some(&used) => match status[used] {
                            None => {
                                walking[used] = true;
                                stack.push((used, 0, 0, 0, true));
                                // This use is read again once `used` is known.
                                continue;
                            }
                            Some(Status::Fits {
                                length: inner,
                                depth: inner_depth,
                                plain: inner_plain,
                            }) => {
                                length += inner + 2;
                                depth = depth.max(inner_depth + 1);
                                plain &= inner_plain;
                            }
                            Some(_) => done = Some(Status::Through(used)),
                        },
                    },
                }
                if done.is_none() {
                    at += 1;
                    if length > EXPANSION_LIMIT {
                        done = Some(Status::TooLong);
                    }
                }
                match done {
                    Some(found) => {
                        status[node] = Some(found);
                        walking[node] = false;
                        stack.pop();
                    }
                    None => {
                        if let Some(top) = stack.last_mut() {
                            *top = (node, at, length, depth, plain);
                        }
                    }
                }
            }
        }
        status
            .into_iter()
            .map(|s| s.unwrap_or(Status::TooLong))
            .collect()
    }

    /// Follows the failing uses from every failing macro, each macro once: each failure ends
    /// too long, or in a cycle entered at one macro.
    fn find_ends(&mut self) {
        let count = self.keys.len();
        self.ends = vec![None; count];
        self.cycle_lengths = vec![0; count];
        // The walk that met each macro, and where on it.
        let mut met: Vec<Option<(usize, usize)>> = vec![None; count];
        for start in 0..count {
            if matches!(self.status[start], Status::Fits { .. }) || self.ends[start].is_some() {
                continue;
            }
            let mut path = Vec::new();
            let mut at = start;
            // The macro the walk's last one uses, already resolved; `None` when the last one
            // is itself too long.
            let reached = loop {
                crate::cancel::checkpoint();
                if self.ends[at].is_some() {
                    break Some(at);
                }
                if let Some((walk, place)) = met[at]
                    && walk == start
                {
                    let length = path.len() - place;
                    for &member in &path[place..] {
                        self.ends[member] = Some(End::Cycle(member));
                        self.cycle_lengths[member] = length;
                    }
                    path.truncate(place);
                    break Some(at);
                }
                met[at] = Some((start, path.len()));
                path.push(at);
                match self.status[at] {
                    Status::Through(next) => at = next,
                    Status::TooLong | Status::Fits { .. } => break None,
                }
            };
            // Back along the path: each macro ends where the one it uses does, and enters a
            // cycle at that one when it is in it.
            let mut next = reached;
            for &member in path.iter().rev() {
                let end = match next {
                    None => End::TooLong,
                    Some(used) if self.cycle_lengths[used] > 0 => End::Cycle(used),
                    Some(used) => self.ends[used].unwrap_or(End::TooLong),
                };
                self.ends[member] = Some(end);
                next = Some(member);
            }
        }
    }

    /// Why the failing macro `at` cannot be dissolved.
    fn failure(&self, at: usize) -> ExpandError {
        match self.ends.get(at).copied().flatten() {
            Some(End::Cycle(entry)) => {
                let length = self.cycle_lengths[entry];
                // "… 1 more" would be no shorter than the name.
                let shown = if length > CYCLE_NAMES_SHOWN + 1 {
                    CYCLE_NAMES_SHOWN
                } else {
                    length
                };
                let mut names = vec![self.keys[entry].clone()];
                let mut on = entry;
                while names.len() < shown {
                    match self.status[on] {
                        Status::Through(next) if next != entry => {
                            names.push(self.keys[next].clone());
                            on = next;
                        }
                        _ => break,
                    }
                }
                ExpandError::Recursive(Cycle { names, length })
            }
            Some(End::TooLong) | None => ExpandError::TooLong,
        }
    }

    /// The text the macro `key` stands for, every use inside it dissolved.
    pub(super) fn expand(&self, key: &str) -> Result<String, ExpandError> {
        let Some(&at) = self.index.get(key) else {
            return Ok(key.to_owned());
        };
        match self.status[at] {
            Status::Fits { .. } => self.dissolve(&self.bodies[at]),
            _ => Err(self.failure(at)),
        }
    }

    /// The text the macro `key` stands for as [`expand`](Self::expand) writes it, except that a
    /// plain macro (see [`Status::Fits`]) nested deeper than `deepest` is written `()`: a chain
    /// of 17,000 macros would otherwise be written out 17,000 times, each nearly whole, though
    /// the parser reads no deeper than [`MAX_DEPTH`](crate::parser::limits::MAX_DEPTH).
    pub(super) fn expand_shallow(&self, key: &str, deepest: usize) -> Result<Shallow, ExpandError> {
        let Some(&at) = self.index.get(key) else {
            return Ok(Shallow {
                text: key.to_owned(),
                cuts: Vec::new(),
                left_out: 0,
            });
        };
        if !matches!(self.status[at], Status::Fits { .. }) {
            return Err(self.failure(at));
        }
        let mut shallow = Shallow {
            text: String::new(),
            cuts: Vec::new(),
            left_out: 0,
        };
        for chunk in &self.bodies[at] {
            match chunk {
                Chunk::Text(text) => shallow.text.push_str(text),
                Chunk::Use(key) => match self.index.get(key) {
                    None => {
                        shallow.text.push('(');
                        shallow.text.push_str(key);
                        shallow.text.push(')');
                    }
                    Some(&used) => self.write_out(used, &mut shallow, deepest),
                },
            }
        }
        Ok(shallow)
    }

    /// `body` with every use written out: the first use that fails fails it, and so does
    /// growing past the limit.
    pub(super) fn dissolve(&self, body: &[Chunk]) -> Result<String, ExpandError> {
        let mut out = String::new();
        for chunk in body {
            match chunk {
                Chunk::Text(text) => out.push_str(text),
                Chunk::Use(key) => match self.index.get(key) {
                    None => {
                        out.push('(');
                        out.push_str(key);
                        out.push(')');
                    }
                    Some(&used) => match self.status[used] {
                        Status::Fits { .. } => {
                            let mut whole = Shallow {
                                text: out,
                                cuts: Vec::new(),
                                left_out: 0,
                            };
                            self.write_out(used, &mut whole, usize::MAX);
                            out = whole.text;
                        }
                        _ => return Err(self.failure(used)),
                    },
                },
            }
            if out.len() > EXPANSION_LIMIT {
                return Err(ExpandError::TooLong);
            }
        }
        Ok(out)
    }

    /// Writes the macro `at`, which dissolves, in brackets, with no recursion: a plain macro
    /// nested deeper than `deepest` (`at` itself is 1 deep) as `()`.
    fn write_out(&self, at: usize, shallow: &mut Shallow, deepest: usize) {
        let Shallow {
            text: out,
            cuts,
            left_out,
        } = shallow;
        if self.cut(at, 1, deepest) {
            cuts.push(out.len());
            *left_out += self.length(at);
            out.push_str("()");
            return;
        }
        out.push('(');
        let mut stack = vec![(at, 0usize)];
        while let Some((node, next)) = stack.last_mut() {
            let Some(chunk) = self.bodies[*node].get(*next) else {
                stack.pop();
                out.push(')');
                continue;
            };
            *next += 1;
            match chunk {
                Chunk::Text(text) => out.push_str(text),
                Chunk::Use(key) => match self.index.get(key) {
                    Some(&used) if self.cut(used, stack.len() + 1, deepest) => {
                        cuts.push(out.len());
                        *left_out += self.length(used);
                        out.push_str("()");
                    }
                    Some(&used) => {
                        out.push('(');
                        stack.push((used, 0));
                    }
                    None => {
                        out.push('(');
                        out.push_str(key);
                        out.push(')');
                    }
                },
            }
        }
    }

    /// Whether the macro `at`, `level` deep, is plain and deeper than `deepest`.
    fn cut(&self, at: usize, level: usize, deepest: usize) -> bool {
        level > deepest && matches!(self.status[at], Status::Fits { plain: true, .. })
    }

    /// How many bytes the macro `at`, which dissolves, comes to.
    fn length(&self, at: usize) -> usize {
        match self.status[at] {
            Status::Fits { length, .. } => length,
            _ => 0,
        }
    }
}

/// A macro's expansion with its deepest plain macros written `()`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shallow {
    pub text: String,
    /// Where each `()` written in place of a macro stands in `text`.
    pub cuts: Vec<usize>,
    /// How many bytes (each a character: the macros left out are plain) were left out.
    pub left_out: usize,
}

/// Text a parser skipping it cannot misread: no bracket, colon, comment bar or space.
fn is_plain(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '*')
}

/// What dissolving found, on first need. It follows from the definitions alone, so two tables
/// with the same definitions are equal whether or not either has looked yet.
#[derive(Debug, Clone, Default)]
pub(super) struct Found(OnceLock<Dissolving>);

impl PartialEq for Found {
    fn eq(&self, _: &Found) -> bool {
        true
    }
}

impl Eq for Found {}

impl Found {
    pub(super) fn get(&self, dissolve: impl FnOnce() -> Dissolving) -> &Dissolving {
        self.0.get_or_init(dissolve)
    }
}
