//! The macros the MBN strings of a scope share, as the generic scope (`notation/scope.rs`)
//! asks for them: where each name stands, what it dissolves to, how it is renamed, and the
//! findings about macros.

use rowan::{TextRange, TextSize};

use super::macros::{ExpandError, Macros};
use super::pieces::definition_meaning;
use crate::diagnostic::{Code, Diagnostic, codes};
use crate::notation::definitions::{Definition, Occurrence, SharedDefinitions};
use crate::parser::SyntaxError;
use crate::tree::SyntaxNode;

impl SharedDefinitions for Macros {
    fn occurrence_at(&self, at: TextSize) -> Option<&Occurrence> {
        Macros::occurrence_at(self, at)
    }

    fn occurrences_of<'s>(&'s self, key: &'s str) -> Box<dyn Iterator<Item = &'s Occurrence> + 's> {
        Box::new(Macros::occurrences_of(self, key))
    }

    fn written(&self, key: &str) -> Option<String> {
        Macros::written(self, key)
    }

    fn expand(&self, key: &str) -> Result<String, ExpandError> {
        Macros::expand(self, key)
    }

    fn rename(&self, at: TextSize, new_name: &str) -> Result<Vec<(TextRange, String)>, String> {
        Macros::rename(self, at, new_name).map_err(|e| e.to_string())
    }

    fn meaning(&self, definition: &SyntaxNode, start: TextSize) -> Definition {
        definition_meaning(self, definition, start)
    }

    /// The mistakes around macros (seed 002, section 16), in the scope's coordinates, one at a
    /// time: a chain of 17,000 macros has as many findings, of which a file keeps thousands.
    fn findings(&self) -> Box<dyn Iterator<Item = Diagnostic> + '_> {
        let macros = self;
        let undefined = macros.undefined.iter().map(|undefined| {
            finding(
                undefined.range,
                codes::UNDEFINED_MACRO,
                format!(
                    "`{}` is not defined: compound letters have no moves of their own; define \
                     it with `@{}=…`",
                    undefined.key, undefined.key
                ),
                format!(
                    "define it with `@{}=` and its moves (as `@{}=N0`), or write a macro that \
                     is defined in its place",
                    undefined.key, undefined.key
                ),
            )
        });
        let duplicates = (macros.duplicates().into_iter()).flat_map(|(key, ranges)| {
            ranges.into_iter().skip(1).map(move |range| {
                finding(
                    range,
                    codes::DUPLICATE_MACRO,
                    format!("macro `{key}` is defined more than once; the first definition counts"),
                    format!("remove this definition of `{key}`, or give it a name of its own"),
                )
            })
        });
        let unused = macros.unused().into_iter().map(|(key, range)| {
            finding(
                range,
                codes::UNUSED_MACRO,
                format!("macro `{key}` is never used"),
                format!("use `{key}` in a piece, or remove its definition"),
            )
        });
        let readings = macros.readings().filter_map(|(key, range, expansion)| {
            match expansion {
                Err(error @ ExpandError::Recursive(_)) => Some(finding(
                    range,
                    codes::RECURSIVE_MACRO,
                    format!("macro `{key}` cannot be dissolved: {error}"),
                    format!("define `{key}` by moves and macros that do not lead back to it"),
                )),
                Err(error @ ExpandError::TooLong) => Some(finding(
                    range,
                    codes::MACRO_TOO_LONG,
                    format!("macro `{key}` cannot be dissolved: {error}"),
                    format!(
                        "define `{key}` through fewer macros used many times over, or write \
                         part of its moves out"
                    ),
                )),
                Ok(reading) => {
                    // Only news: a macro whose own text is wrong is reported where it stands.
                    let error = reading.first?;
                    let written = macros.written(key).unwrap_or_default();
                    if super::parser::errors_of(&written)
                        .iter()
                        .any(SyntaxError::is_error)
                    {
                        return None;
                    }
                    Some(finding(
                        range,
                        codes::MACRO_EXPANSION_ERROR,
                        format!(
                            "macro `{key}` dissolves to `{}`{}, which does not parse: {}",
                            reading.quoted, reading.length, error.message
                        ),
                        format!(
                            "change the definitions `{key}` dissolves through so that together \
                             they parse: {}",
                            error.help.as_deref().unwrap_or("mend the first error")
                        ),
                    ))
                }
            }
        });
        Box::new(undefined.chain(duplicates).chain(unused).chain(readings))
    }
}

/// A finding about macros, at its code's severity.
fn finding(range: TextRange, code: Code, message: String, help: String) -> Diagnostic {
    Diagnostic::new(range, code, code.severity, message).with_help(help)
}
