//! MBN macros, as plain data: where a macro is defined and used, and the edits that rename it.
//! Every range is in document bytes.

use super::Document;
pub use super::answers::Place;
use crate::TextRange;
use crate::notation::definitions::Occurrence;
use crate::notation::scope::MacroScope;

/// The macro scope at `offset` and the occurrence of a macro name there.
fn occurrence_at(document: &Document, offset: usize) -> Option<(&MacroScope, Occurrence)> {
    let analysis = document.analysis()?;
    let scope = document.macro_scope_at(offset)?;
    let at = scope.to_scope(&analysis.regions, offset)?;
    let occurrence = scope.shared().occurrence_at(at)?.clone();
    Some((scope, occurrence))
}

/// Every place the macro named at `offset` stands, in the order of the file (or, in a
/// `variants.ini`, the variant named there).
pub fn places(document: &Document, offset: usize) -> Vec<Place> {
    let Some((scope, occurrence)) = occurrence_at(document, offset) else {
        // In a variants.ini, a variant's name in a header: its section and its children.
        return (document.ini())
            .map(|model| super::ini::places(model, document.text(), offset))
            .unwrap_or_default();
    };
    scope
        .shared()
        .occurrences_of(&occurrence.key)
        .map(|o| Place {
            range: scope.to_file(document.regions(), o.range),
            definition: o.definition,
        })
        .collect()
}

/// Why a rename is refused.
pub const NOT_A_MACRO: &str = "only MBN macro names can be renamed";

/// The name under `offset` that a rename would change.
pub fn prepare_rename(document: &Document, offset: usize) -> Result<TextRange, String> {
    let (scope, occurrence) = occurrence_at(document, offset).ok_or(NOT_A_MACRO)?;
    Ok(scope.to_file(document.regions(), occurrence.range))
}

/// The edits that rename the macro at `offset` to `new_name`, or why that is refused.
pub fn rename(
    document: &Document,
    offset: usize,
    new_name: &str,
) -> Result<Vec<(TextRange, String)>, String> {
    let analysis = document.analysis().ok_or(NOT_A_MACRO)?;
    let scope = document.macro_scope_at(offset).ok_or(NOT_A_MACRO)?;
    let at = scope
        .to_scope(&analysis.regions, offset)
        .ok_or(NOT_A_MACRO)?;
    let edits = scope.shared().rename(at, new_name)?;
    Ok(edits
        .into_iter()
        .map(|(range, text)| (scope.to_file(&analysis.regions, range), text))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Options;
    use crate::fixture::{Fixture, Host};

    #[test]
    fn a_macro_is_found_where_it_is_defined_and_used_and_renamed_everywhere() {
        let at_use = Fixture::parse(
            Host::File("p.mbn"),
            "@:NR:=N0\nI|Nightrider|=:NR: Z|Amazon-Rider|=Q+:$0NR:\n",
        );
        let text = at_use.text.as_str();
        let document = Document::new("p.mbn", "", text, &Options::default());
        let use_at = at_use.cursor();
        let found = places(&document, use_at);
        let shown: Vec<(&str, bool)> = found
            .iter()
            .map(|p| (&text[p.range], p.definition))
            .collect();
        assert_eq!(shown, [(":NR:", true), (":NR:", false), (":NR:", false)]);
        assert_eq!(
            prepare_rename(&document, use_at).map(|r| &text[r]),
            Ok(":NR:")
        );
        let edits = rename(&document, use_at, ":NX:").expect("renamed");
        assert_eq!(edits.len(), 3);
        // On the letters of a definition, not its name.
        let at_letters = Fixture::parse(
            Host::File("p.mbn"),
            "@:NR:=$0N0\nI|Nightrider|=:NR: Z|Amazon-Rider|=Q+:NR:\n",
        );
        assert_eq!(
            prepare_rename(&document, at_letters.cursor()),
            Err(NOT_A_MACRO.to_owned())
        );
    }
}
