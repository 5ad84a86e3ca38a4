//! A fix: exact text edits, in the bytes of the text they were found in (a string's own, or a
//! file's once placed there).

use rowan::TextRange;

/// A text edit: replace `range` with `text`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Edit {
    pub range: TextRange,
    pub text: String,
}

/// Characters quoted either side of a fix's edits in its preview.
const PREVIEW_CONTEXT: usize = 16;

/// A fix: a title for the editor's menu and the edits to apply together.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Fix {
    pub title: String,
    pub edits: Vec<Edit>,
}

impl Fix {
    pub(crate) fn replace(
        title: impl Into<String>,
        range: TextRange,
        text: impl Into<String>,
    ) -> Fix {
        Fix {
            title: title.into(),
            edits: vec![Edit {
                range,
                text: text.into(),
            }],
        }
    }

    pub(crate) fn delete(title: impl Into<String>, ranges: &[TextRange]) -> Fix {
        Fix {
            title: title.into(),
            edits: ranges
                .iter()
                .map(|range| Edit {
                    range: *range,
                    text: String::new(),
                })
                .collect(),
        }
    }

    /// The part of `text` the fix changes, before and after: the whole string when it is
    /// short, else the edits with [`PREVIEW_CONTEXT`] characters either side and `…` where it
    /// is cut, so that a help line stays short on a string of thousands of letters.
    pub fn preview(&self, text: &str) -> (String, String) {
        let start = self
            .edits
            .iter()
            .map(|e| usize::from(e.range.start()))
            .min();
        let end = self.edits.iter().map(|e| usize::from(e.range.end())).max();
        let (Some(start), Some(end)) = (start, end) else {
            return (text.to_owned(), text.to_owned());
        };
        let from = text[..start]
            .char_indices()
            .rev()
            .nth(PREVIEW_CONTEXT - 1)
            .map_or(0, |(i, _)| i);
        let to = text[end..]
            .char_indices()
            .nth(PREVIEW_CONTEXT)
            .map_or(text.len(), |(i, _)| end + i);
        let shift = rowan::TextSize::try_from(from).unwrap_or_default();
        let shifted = Fix {
            title: String::new(),
            edits: self
                .edits
                .iter()
                .map(|e| Edit {
                    range: e.range - shift,
                    text: e.text.clone(),
                })
                .collect(),
        };
        let part = &text[from..to];
        let cut = |s: String| {
            let head = if from > 0 { "…" } else { "" };
            let tail = if to < text.len() { "…" } else { "" };
            format!("{head}{s}{tail}")
        };
        (cut(part.to_owned()), cut(shifted.apply(part)))
    }

    pub fn apply(&self, text: &str) -> String {
        let mut edits = self.edits.clone();
        edits.sort_by_key(|e| std::cmp::Reverse(e.range.start()));
        let mut out = text.to_owned();
        for edit in edits {
            out.replace_range(
                usize::from(edit.range.start())..usize::from(edit.range.end()),
                &edit.text,
            );
        }
        out
    }
}
