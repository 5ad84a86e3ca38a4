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
    /// It dissolves, to this many bytes.
    Fits(usize),
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
            // Each macro being dissolved: which chunk is next, and the length so far.
            let mut stack: Vec<(usize, usize, usize)> = vec![(root, 0, 0)];
            walking[root] = true;
            while let Some(&(node, at, length)) = stack.last() {
                crate::cancel::checkpoint();
                let (mut at, mut length) = (at, length);
                let mut done = None;
                match self.bodies[node].get(at) {
                    None => done = Some(Status::Fits(length)),
                    Some(Chunk::Text(text)) => length += text.len(),
                    Some(Chunk::Use(key)) => match self.index.get(key) {
                        None => length += key.len() + 2,
                        Some(&used) if walking[used] => done = Some(Status::Through(used)),
                        Some(&used) => match status[used] {
                            None => {
                                walking[used] = true;
                                stack.push((used, 0, 0));
                                // This use is read again once `used` is known.
                                continue;
                            }
                            Some(Status::Fits(inner)) => length += inner + 2,
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
                            *top = (node, at, length);
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
            if matches!(self.status[start], Status::Fits(_)) || self.ends[start].is_some() {
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
                    Status::TooLong | Status::Fits(_) => break None,
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
            Status::Fits(_) => self.dissolve(&self.bodies[at]),
            _ => Err(self.failure(at)),
        }
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
                        Status::Fits(_) => self.write_out(used, &mut out),
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

    /// Writes the macro `at`, which dissolves, in brackets, with no recursion.
    fn write_out(&self, at: usize, out: &mut String) {
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
