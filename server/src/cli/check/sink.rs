//! What every output format of `check` is given: each file's outcome, the counts so far, and
//! the texts CI services show.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use betza_syntax::analysis;
use betza_syntax::diagnostic::{Diagnostic, codes};

/// One file's outcome: its findings alone, so that the analysis (a `variants.ini`'s model,
/// the regions) is freed before the reports are drawn, which index the whole text again.
pub(super) struct Checked {
    pub(super) path: PathBuf,
    pub(super) text: String,
    pub(super) diagnostics: Vec<Diagnostic>,
    /// The findings left out past the limit, counted.
    pub(super) left_out: Vec<analysis::LeftOut>,
}

/// Where the findings go, file by file.
pub(super) trait Sink {
    fn file(&mut self, file: &Checked) -> std::io::Result<()>;
    /// A file that could not be checked, said on stderr.
    fn error(&mut self, line: &str) -> std::io::Result<()>;
    fn end(&mut self, totals: &Totals) -> std::io::Result<()>;
}

/// Files checked and findings counted as they come, those left out past the limit included.
#[derive(Default)]
pub(super) struct Totals {
    pub(super) files: usize,
    pub(super) by_severity: [usize; 4],
    pub(super) by_code: HashMap<String, usize>,
}

impl Totals {
    pub(super) fn add(&mut self, file: &Checked) {
        self.files += 1;
        let listed = (file.diagnostics.iter())
            // The finding that stands for those left out is counted as they are.
            .filter(|d| d.code != codes::TOO_MANY_FINDINGS)
            .map(|d| (d.code.name(), d.severity, 1));
        let left_out = (file.left_out.iter()).map(|l| (l.code.name(), l.severity, l.count));
        for (code, severity, count) in listed.chain(left_out) {
            self.by_severity[severity as usize] += count;
            match self.by_code.get_mut(code) {
                Some(n) => *n += count,
                None => {
                    self.by_code.insert(code.to_owned(), count);
                }
            }
        }
    }

    /// The report's last lines: how many findings of each severity (`checked 3 file(s): 2
    /// errors, 1 warning, 0 infos, 4 hints`) and, for a summary, of each code, most frequent
    /// first.
    pub(super) fn said(&self, summary: bool) -> String {
        let counted = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
        let [errors, warnings, infos, hints] = self.by_severity;
        let mut out = format!(
            "checked {}: {}, {}, {}, {}",
            counted(self.files, "file"),
            counted(errors, "error"),
            counted(warnings, "warning"),
            counted(infos, "info"),
            counted(hints, "hint"),
        );
        if summary {
            let mut codes: Vec<(&str, usize)> = (self.by_code.iter())
                .map(|(code, n)| (code.as_str(), *n))
                .collect();
            codes.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
            for (code, n) in codes {
                out.push_str(&format!("\n{n:>6}  {code}"));
            }
        }
        out
    }
}

/// A finding's message and, on a line of its own, its help: the one text CI services show.
pub(super) fn with_help(d: &Diagnostic) -> String {
    match &d.help {
        Some(help) => format!("{}\n{help}", d.message),
        None => d.message.clone(),
    }
}

/// A path with `/` between its parts and no `.` parts, as CI services name a file in the
/// repository (`./corpus/a.betza` is `corpus/a.betza`); an absolute path keeps its root.
pub(super) fn slashed(path: &Path) -> String {
    use std::path::Component;
    let mut slashed = String::new();
    for part in path.components() {
        let name = match part {
            Component::CurDir => continue,
            Component::RootDir => {
                slashed.push('/');
                continue;
            }
            Component::Prefix(prefix) => prefix.as_os_str().to_string_lossy(),
            Component::ParentDir => "..".into(),
            Component::Normal(name) => name.to_string_lossy(),
        };
        if !(slashed.is_empty() || slashed.ends_with('/')) {
            slashed.push('/');
        }
        slashed.push_str(&name);
    }
    slashed
}
