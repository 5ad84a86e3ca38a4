//! The MBN strings of a file that share macros, and the findings about those macros.
//!
//! The file's host says which (`Host::macros_per_string`): a C/CIF file holds one game per
//! `pieces` attribute, so each attribute is its own scope; in every other host all MBN strings
//! of the file are one (a `.mbn` file is one set of
//! definitions, split only at whitespace).

use std::sync::Arc;

use rowan::{TextRange, TextSize};

use super::macros::{ExpandError, Macros};
use crate::diagnostic::{Code, Diagnostic, codes};
use crate::region::Region;
use crate::tree::{Parse, SyntaxNode};
use crate::{BetzaString, Dialect, Source};

/// A string of the file read as the file's analysis read it, so that a scope parses nothing
/// again.
pub type Reader<'r> = dyn FnMut(&str, Dialect) -> Arc<BetzaString> + 'r;

#[cfg(test)]
thread_local! {
    /// How many times the scopes of a file were built on this thread, for tests that count
    /// builds.
    pub(crate) static BUILDS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// One scope: its regions (by index into the file's regions), each parsed and placed in one
/// continuous coordinate space so that [`Macros`] can hold them all. It holds no tree, so a
/// document keeps its scopes between requests.
#[derive(Debug, Clone)]
pub struct MacroScope {
    /// Region index and where its text starts in the scope's coordinates.
    members: Vec<(usize, TextSize)>,
    strings: Vec<Arc<BetzaString>>,
    pub macros: Macros,
}

impl MacroScope {
    /// The parsed texts of the scope: one game's definitions.
    pub fn parses(&self) -> impl Iterator<Item = &Parse> {
        self.strings.iter().map(|string| string.parse())
    }

    /// Every scope of a file with MBN strings in it, their strings as `read` gives them: one
    /// a string when its host says so (`per_string`), else one for all.
    pub fn all<S: Source + ?Sized>(
        per_string: bool,
        text: &S,
        regions: &[Region],
        read: &mut Reader<'_>,
    ) -> Vec<MacroScope> {
        #[cfg(test)]
        BUILDS.with(|builds| builds.set(builds.get() + 1));
        let mbn: Vec<usize> = (0..regions.len())
            .filter(|&i| regions[i].dialect == Dialect::Mbn)
            .collect();
        if per_string {
            mbn.into_iter()
                .map(|i| MacroScope::of(text, regions, vec![i], read))
                .collect()
        } else if mbn.is_empty() {
            Vec::new()
        } else {
            vec![MacroScope::of(text, regions, mbn, read)]
        }
    }

    /// Whether one of the scope's strings holds file byte `offset` (its end included).
    pub fn holds(&self, regions: &[Region], offset: usize) -> bool {
        self.member_at(regions, offset).is_some()
    }

    fn of<S: Source + ?Sized>(
        text: &S,
        regions: &[Region],
        indices: Vec<usize>,
        read: &mut Reader<'_>,
    ) -> MacroScope {
        let mut members = Vec::new();
        let mut strings = Vec::new();
        let mut next = TextSize::new(0);
        for index in indices {
            let region_text = regions[index].text(text);
            members.push((index, next));
            strings.push(read(&region_text, Dialect::Mbn));
            // One byte apart, so that no two regions' ranges touch.
            next += TextSize::of(&*region_text) + TextSize::new(1);
        }
        let roots: Vec<SyntaxNode> = strings.iter().map(|s| s.parse().syntax()).collect();
        let macros = Macros::collect(members.iter().map(|m| m.1).zip(roots.iter()));
        MacroScope {
            members,
            strings,
            macros,
        }
    }

    /// The member whose region holds file byte `offset` (its end included).
    fn member_at(&self, regions: &[Region], offset: usize) -> Option<usize> {
        self.members.iter().position(|(index, _)| {
            let range = regions[*index].range;
            usize::from(range.start()) <= offset && offset <= usize::from(range.end())
        })
    }

    /// A file byte offset in the scope's coordinates.
    pub fn to_scope(&self, regions: &[Region], offset: usize) -> Option<TextSize> {
        let member = self.member_at(regions, offset)?;
        let (index, start) = self.members[member];
        let local = offset - usize::from(regions[index].range.start());
        let local = u32::try_from(local).ok()?;
        // Decoded regions (XML entities) are close enough for locating a name: names hold no
        // entities, so the offset only drifts after an entity on the same string.
        Some(start + TextSize::new(local))
    }

    /// A range in the scope's coordinates as file bytes.
    pub fn to_file(&self, regions: &[Region], range: TextRange) -> TextRange {
        let member = self
            .members
            .partition_point(|(_, start)| *start <= range.start())
            .saturating_sub(1);
        match self.members.get(member) {
            Some((index, start)) => regions[*index].to_file(range - *start),
            None => range,
        }
    }

    /// The definition (its tree and where it starts in scope coordinates) holding `at`.
    pub fn definition_at(&self, at: TextSize) -> Option<(SyntaxNode, TextSize)> {
        let member = self
            .members
            .partition_point(|(_, start)| *start <= at)
            .checked_sub(1)?;
        let start = self.members[member].1;
        let local = at.checked_sub(start)?;
        self.strings[member]
            .parse()
            .syntax()
            .children()
            .filter(|n| n.kind() == crate::SyntaxKind::DEFINITION)
            .find(|n| n.text_range().contains_inclusive(local))
            .map(|n| (n, start))
    }

    /// The mistakes around macros (seed 002, section 16), in file bytes.
    pub fn findings(&self, regions: &[Region]) -> Vec<Diagnostic> {
        let macros = &self.macros;
        let mut out = Vec::new();
        let mut add = |range: TextRange, code: Code, message: String| {
            let range = self.to_file(regions, range);
            out.push(Diagnostic::new(range, code, code.severity, message));
        };
        for undefined in &macros.undefined {
            add(
                undefined.range,
                codes::UNDEFINED_MACRO,
                format!(
                    "`{}` is not defined: compound letters have no moves of their own; define \
                     it with `@{}=…`",
                    undefined.key, undefined.key
                ),
            );
        }
        for (key, ranges) in macros.duplicates() {
            for range in ranges.iter().skip(1) {
                add(
                    *range,
                    codes::DUPLICATE_MACRO,
                    format!("macro `{key}` is defined more than once; the first definition counts"),
                );
            }
        }
        for (key, range) in macros.unused() {
            add(
                range,
                codes::UNUSED_MACRO,
                format!("macro `{key}` is never used"),
            );
        }
        for (key, range, expansion) in macros.expansions() {
            match expansion {
                Err(error @ ExpandError::Recursive(_)) => add(
                    range,
                    codes::RECURSIVE_MACRO,
                    format!("macro `{key}` cannot be dissolved: {error}"),
                ),
                Err(error @ ExpandError::TooLong) => add(
                    range,
                    codes::MACRO_TOO_LONG,
                    format!("macro `{key}` cannot be dissolved: {error}"),
                ),
                Ok(text) => {
                    // Only news: a macro whose own text is wrong is reported where it stands.
                    let written = macros.written(key).unwrap_or_default();
                    let expanded = super::parser::read(&text);
                    if let Some(error) = expanded.errors().first()
                        && !super::parser::read(&written).has_errors()
                    {
                        add(
                            range,
                            codes::MACRO_EXPANSION_ERROR,
                            format!(
                                "macro `{key}` dissolves to `{text}`, which does not parse: {}",
                                error.message
                            ),
                        );
                    }
                }
            }
        }
        out
    }
}
