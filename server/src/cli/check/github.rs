//! `--format github`: one GitHub Actions workflow command a finding (`::error file=…::…`), which
//! the runner turns into an annotation on the file's line in the pull request.

use std::io::Write;

use betza_syntax::Severity;
use betza_syntax::analysis::LineIndex;

use super::sink::{Checked, Sink, Totals, slashed, with_help};

pub(super) struct GitHub<W: Write> {
    pub(super) out: W,
}

impl<W: Write> Sink for GitHub<W> {
    fn file(&mut self, file: &Checked) -> std::io::Result<()> {
        if file.diagnostics.is_empty() {
            return Ok(());
        }
        let lines = LineIndex::new(&file.text);
        let path = property(&slashed(&file.path));
        for d in &file.diagnostics {
            // GitHub has no info or hint annotations: both are notices.
            let command = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Info | Severity::Hint => "notice",
            };
            let (line, column) = lines.line_column_one_based(usize::from(d.range.start()));
            let (end_line, end_column) = lines.line_column_one_based(usize::from(d.range.end()));
            writeln!(
                self.out,
                "::{command} file={path},line={line},col={column},endLine={end_line},endColumn={end_column},title={}::{}",
                property(d.code.name()),
                data(&with_help(d)),
            )?;
        }
        Ok(())
    }

    fn error(&mut self, line: &str) -> std::io::Result<()> {
        say!("{line}");
        Ok(())
    }

    fn end(&mut self, _: &Totals) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// A command's message, escaped as the runner unescapes it: a newline would end the command.
fn data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A property's value: also no `:` (which ends the properties) nor `,` (which ends the value).
fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}
