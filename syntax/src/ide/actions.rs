//! Code actions, as plain data: every lint fix under the cursor, a string rewritten between
//! chained Betza and XBetza, a string written for another engine or shortest
//! (`ide::conversions`), "explain this piece", and last "rewrite in XBoard order" for the
//! whole document.

use super::Document;
pub use super::answers::{Action, ActionKind};
use crate::diagnostic::codes;
use crate::host::HostFormat;
use crate::lint::{Edit, Fix};
use crate::{TextRange, TextSize};

/// The actions for bytes `start..=end` of `document`.
pub fn actions(document: &Document, start: usize, end: usize) -> Vec<Action> {
    let mut out = Vec::new();
    let mut order_edits: Vec<Edit> = Vec::new();
    for d in document.diagnostics() {
        let Some(fix) = &d.fix else { continue };
        if d.code == codes::XBOARD_MODIFIER_ORDER {
            for e in &fix.edits {
                if !order_edits.contains(e) {
                    order_edits.push(e.clone());
                }
            }
        }
        if usize::from(d.range.end()) < start || usize::from(d.range.start()) > end {
            continue;
        }
        out.push(Action {
            title: format!("{} ({})", fix.title, d.code),
            kind: ActionKind::QuickFix { code: d.code },
            edits: fix.edits.clone(),
        });
    }
    if let Some(rewrite) = rewritten(document, start) {
        out.push(Action {
            title: rewrite.title,
            kind: ActionKind::Rewrite,
            edits: rewrite.edits,
        });
    }
    out.extend(super::conversions::actions(document, start));
    if document.region_at(start).is_some() {
        out.push(Action {
            title: "Explain this piece in a new document".into(),
            kind: ActionKind::Explain { offset: start },
            edits: Vec::new(),
        });
    }
    // Last: an editor that applies the first action on a key must not rewrite other lines
    // (issue 55).
    if order_edits.len() > 1 {
        out.push(Action {
            title: "Rewrite every string in XBoard's modifier order".into(),
            kind: ActionKind::FixAll,
            edits: order_edits,
        });
    }
    out
}

/// A chained string in a `.betza` file rewritten in XBetza, or a multi-leg XBetza string in
/// chained Betza (when the move sets agree): the string replaced, between `# dialect:` lines
/// that switch for its line and back.
fn rewritten(document: &Document, offset: usize) -> Option<Fix> {
    if document.format() != Some(HostFormat::Betza) {
        return None;
    }
    let region = document.region_at(offset)?;
    let text = document.region_text(region);
    let string = document.string(&text, region.dialect);
    let equivalent =
        crate::registry::notation(region.dialect).equivalent(string.parse(), string.model())?;
    let (other, into) = (equivalent.text, equivalent.dialect);
    let (start, end) = (
        usize::from(region.range.start()),
        usize::from(region.range.end()),
    );
    // The `.betza` scanner's lines end at `\n`.
    let rope = document.text();
    let mut before = rope.get_bytes_at(start)?;
    let line_start = start
        - std::iter::from_fn(|| before.prev())
            .take_while(|&b| b != b'\n')
            .count();
    let line_end = end
        + rope
            .get_bytes_at(end)?
            .take_while(|&b| b != b'\r' && b != b'\n')
            .count();
    let at = |offset: usize| TextSize::new(u32::try_from(offset).unwrap_or(u32::MAX));
    let insert = |offset: usize, text: String| Edit {
        range: TextRange::empty(at(offset)),
        text,
    };
    Some(Fix {
        title: format!(
            "Rewrite `{text}` in {}: `{other}` (the same moves)",
            into.title()
        ),
        edits: vec![
            insert(line_start, format!("# dialect: {}\n", into.id())),
            Edit {
                range: TextRange::new(at(start), at(end)),
                text: other,
            },
            insert(line_end, format!("\n# dialect: {}", region.dialect.id())),
        ],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Options;
    use crate::fixture::{Fixture, Host};

    /// Applies `edits` (in document bytes, not overlapping; at one place, in their order) to
    /// `text`, as an editor does.
    fn applied(text: &str, edits: &[Edit]) -> String {
        let mut edits = edits.to_vec();
        edits.sort_by_key(|e| e.range.start());
        let (mut out, mut copied) = (String::new(), 0);
        for e in edits {
            out.push_str(&text[copied..usize::from(e.range.start())]);
            out.push_str(&e.text);
            copied = e.range.end().into();
        }
        out + &text[copied..]
    }

    #[test]
    fn a_chained_string_is_rewritten_in_xbetza_between_dialect_lines() {
        let fixture = Fixture::parse(Host::File("p.betza"), "# dialect: chained\n$0W-fF\n");
        let text = fixture.text.as_str();
        let document = Document::new("p.betza", "", text, &Options::default());
        let offset = fixture.cursor();
        let found = actions(&document, offset, offset);
        let rewrite = found
            .iter()
            .find(|a| a.kind == ActionKind::Rewrite)
            .expect("a rewrite");
        assert_eq!(
            applied(text, &rewrite.edits),
            "# dialect: chained\n# dialect: xbetza\nafrflW\n# dialect: chained\n"
        );
        assert!(found.contains(&Action {
            title: "Explain this piece in a new document".into(),
            kind: ActionKind::Explain { offset },
            edits: Vec::new(),
        }));
    }

    /// Issue 55: on a string with nothing to fix, Neovim's first action rewrote two other
    /// lines; the file-wide rewrite comes last, whatever the cursor is on.
    #[test]
    fn the_file_wide_rewrite_is_never_first() {
        let fixture = Fixture::parse(
            Host::File("p.betza"),
            "mfhNcfW
$0fmWfcF
mfhNcfW
",
        );
        let text = fixture.text.as_str();
        let document = Document::new("p.betza", "", text, &Options::default());
        let offset = fixture.cursor();
        let found = actions(&document, offset, offset);
        let last = found.last().expect("actions");
        assert_eq!(last.kind, ActionKind::FixAll, "{found:?}");
        assert_ne!(found[0].kind, ActionKind::FixAll, "{found:?}");
    }
}
