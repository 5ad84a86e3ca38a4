//! The strings of a file that share definitions (MBN's macros), and the findings about them.
//!
//! The file's host says which (`Host::macros_per_string`): a C/CIF file holds one game per
//! `pieces` attribute, so each attribute is its own scope; in every other host all the strings
//! of the file in a notation with macros are one (a `.mbn` file is one set of definitions,
//! split only at whitespace). What the strings share comes from their notation
//! (`Notation::shared_definitions`); a scope places it in the file.

use std::sync::Arc;

use rowan::{TextRange, TextSize};

use super::BetzaString;
use super::definitions::SharedDefinitions;
use crate::diagnostic::Diagnostic;
use crate::region::Region;
use crate::tree::{Parse, SyntaxNode};
use crate::{Dialect, Source};

/// A string of the file read as the file's analysis read it, so that a scope parses nothing
/// again.
pub type Reader<'r> = dyn FnMut(&str, Dialect) -> Arc<BetzaString> + 'r;

#[cfg(test)]
thread_local! {
    /// How many times the scopes of a file were built on this thread, for tests that count
    /// builds.
    pub(crate) static BUILDS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The one dialect whose strings share definitions: MBN's macros (seed 002, section 16).
const SHARING: Dialect = Dialect::Mbn;

/// One scope: its regions (by index into the file's regions), each parsed and placed in one
/// continuous coordinate space so that what they share can be read as one. It holds no tree,
/// so a document keeps its scopes between requests.
#[derive(Debug, Clone)]
pub struct MacroScope {
    /// Region index and where its text starts in the scope's coordinates.
    members: Vec<(usize, TextSize)>,
    strings: Vec<Arc<BetzaString>>,
    shared: Arc<dyn SharedDefinitions>,
}

impl MacroScope {
    /// The parsed texts of the scope: one game's definitions.
    pub fn parses(&self) -> impl Iterator<Item = &Parse> {
        self.strings.iter().map(|string| string.parse())
    }

    /// What the scope's strings share, in the scope's coordinates.
    pub fn shared(&self) -> &dyn SharedDefinitions {
        &*self.shared
    }

    /// Every scope of a file with strings that share definitions in it, their strings as
    /// `read` gives them: one a string when its host says so (`per_string`), else one for all.
    pub fn all<S: Source + ?Sized>(
        per_string: bool,
        text: &S,
        regions: &[Region],
        read: &mut Reader<'_>,
    ) -> Vec<MacroScope> {
        #[cfg(test)]
        BUILDS.with(|builds| builds.set(builds.get() + 1));
        let sharing: Vec<usize> = (0..regions.len())
            .filter(|&i| regions[i].dialect == SHARING)
            .collect();
        if per_string {
            sharing
                .into_iter()
                .filter_map(|i| MacroScope::of(text, regions, vec![i], read))
                .collect()
        } else {
            MacroScope::of(text, regions, sharing, read)
                .into_iter()
                .collect()
        }
    }

    /// Whether one of the scope's strings holds file byte `offset` (its end included).
    pub fn holds(&self, regions: &[Region], offset: usize) -> bool {
        self.member_at(regions, offset).is_some()
    }

    /// The scope of the regions at `indices`, `None` when there are none or their notation
    /// shares nothing.
    fn of<S: Source + ?Sized>(
        text: &S,
        regions: &[Region],
        indices: Vec<usize>,
        read: &mut Reader<'_>,
    ) -> Option<MacroScope> {
        let mut members = Vec::new();
        let mut strings = Vec::new();
        let mut next = TextSize::new(0);
        for index in indices {
            let region_text = regions[index].text(text);
            members.push((index, next));
            strings.push(read(&region_text, regions[index].dialect));
            // One byte apart, so that no two regions' ranges touch.
            next += TextSize::of(&*region_text) + TextSize::new(1);
        }
        let roots: Vec<(TextSize, SyntaxNode)> = (members.iter().map(|m| m.1))
            .zip(strings.iter().map(|s| s.parse().syntax()))
            .collect();
        let shared = strings.first()?.notation().shared_definitions(&roots)?;
        Some(MacroScope {
            members,
            strings,
            shared,
        })
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

    /// The mistakes around what the scope's strings share, in file bytes, one at a time.
    pub fn findings<'s>(&'s self, regions: &'s [Region]) -> impl Iterator<Item = Diagnostic> + 's {
        self.shared.findings().map(|mut finding| {
            finding.range = self.to_file(regions, finding.range);
            finding
        })
    }
}
