//! A whole file at once: its host format's regions, each parsed and linted, with every finding
//! mapped back to the file's bytes. The command line's `check` and the language server both
//! read files through this.

use rowan::{TextRange, TextSize};

use crate::host::{self, HostFormat, Region};
use crate::lint::{self, Edit, Fix, LintConfig};
use crate::mbn::scope::MacroScope;
use crate::{Dialect, Severity, parse};

/// A finding in a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileDiagnostic {
    /// Bytes of the file.
    pub range: TextRange,
    pub severity: Severity,
    pub code: String,
    pub message: String,
    /// The rule's longer explanation, for help texts.
    pub help: Option<&'static str>,
    /// The letters change nothing (editors grey them out).
    pub unnecessary: bool,
    /// An exact edit, in file bytes.
    pub fix: Option<Fix>,
}

/// How to analyse: the dialect of `.betza` lines that declare none, and the lint settings per
/// dialect (a dialect's default target engines unless `engines` is given).
#[derive(Debug, Clone, Default)]
pub struct Options {
    pub default_dialect: Dialect,
    pub engines: Option<Vec<lint::Engine>>,
    pub levels: Vec<(String, Option<Severity>)>,
}

impl Options {
    fn lint_config(&self, dialect: Dialect) -> LintConfig {
        let mut config = LintConfig::for_dialect(dialect);
        if let Some(engines) = &self.engines {
            config.engines = engines.clone();
        }
        config.levels = self.levels.clone();
        config
    }
}

/// Everything found in one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    pub format: HostFormat,
    pub regions: Vec<Region>,
    /// Host keys, sections and comments, for colouring.
    pub host_tokens: Vec<(TextRange, host::HostToken)>,
    pub diagnostics: Vec<FileDiagnostic>,
}

/// Findings of one region in its own coordinates, kept by region text so an edit re-analyses
/// only the strings it changed.
#[derive(Debug, Default, Clone)]
pub struct RegionCache {
    entries: std::collections::HashMap<(Dialect, String), Vec<FileDiagnostic>>,
}

impl RegionCache {
    /// How many distinct strings are cached.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

impl Analysis {
    /// Updates the analysis for an edit that replaced bytes `start..end` of the old text with
    /// `inserted`, when the edit lies inside one Betza string and cannot change the file's
    /// structure (no line break, space or host punctuation typed or deleted): only that string
    /// is analysed again and everything after it moves. Returns `false` when the edit needs a
    /// full analysis instead. `text` is the new text.
    pub fn apply_edit(
        &mut self,
        text: &str,
        (start, end): (usize, usize),
        inserted: &str,
        options: &Options,
        cache: &mut RegionCache,
    ) -> bool {
        const STRUCTURAL: &[char] = &[
            '\n', '\r', ' ', '\t', ';', ':', '"', '\'', '=', '#', '[', ']', '<', '>', '&', '|',
            '\0',
        ];
        if inserted.contains(STRUCTURAL) {
            return false;
        }
        let Some(index) = self.regions.iter().position(|r| {
            usize::from(r.range.start()) <= start && end <= usize::from(r.range.end())
        }) else {
            return false;
        };
        let region = &self.regions[index];
        // MBN macros tie the strings of a file together: their findings need the whole file.
        if region.dialect == Dialect::Mbn {
            return false;
        }
        // A host finding around the region (a malformed line) quotes its text: only a whole
        // analysis can say it again.
        let around = |d: &FileDiagnostic| {
            d.range.start() < region.range.end()
                && region.range.start() < d.range.end()
                && !region.range.contains_range(d.range)
        };
        if self.diagnostics.iter().any(around) {
            return false;
        }
        let old_len = usize::from(region.range.len());
        let new_len = old_len + inserted.len() - (end - start);
        if region.decoded.is_some() || new_len == 0 || new_len > crate::host::REGION_LIMIT {
            return false;
        }
        let old_range = region.range;
        let Some(new_range) = u32::try_from(new_len)
            .ok()
            .map(|n| TextRange::at(old_range.start(), n.into()))
        else {
            return false;
        };
        let grow = i64::try_from(new_len).unwrap_or(0) - i64::try_from(old_len).unwrap_or(0);
        let shift = |range: TextRange| -> TextRange {
            if range.start() >= old_range.end() {
                let moved = |at: TextSize| {
                    TextSize::new(u32::try_from(i64::from(u32::from(at)) + grow).unwrap_or(0))
                };
                TextRange::new(moved(range.start()), moved(range.end()))
            } else {
                range
            }
        };
        for later in &mut self.regions[index + 1..] {
            later.range = shift(later.range);
        }
        for (range, _) in &mut self.host_tokens {
            *range = shift(*range);
        }
        self.regions[index].range = new_range;
        // The region's own findings go; later ones move; the region is analysed again.
        self.diagnostics
            .retain(|d| !old_range.contains_range(d.range));
        for d in &mut self.diagnostics {
            d.range = shift(d.range);
            if let Some(fix) = &mut d.fix {
                for edit in &mut fix.edits {
                    edit.range = shift(edit.range);
                }
            }
        }
        let region = &self.regions[index];
        let key = (region.dialect, region.text(text).to_owned());
        let local = match cache.entries.get(&key) {
            Some(local) => local.clone(),
            None => {
                let local = analyse_region(region.text(text), region.dialect, options);
                cache.entries.insert(key, local.clone());
                local
            }
        };
        let at = self
            .diagnostics
            .partition_point(|d| d.range.start() < new_range.start());
        let mapped: Vec<FileDiagnostic> = local.iter().map(|d| map_to_file(region, d)).collect();
        self.diagnostics.splice(at..at, mapped);
        // Nearly sorted already, so this is a linear pass that settles ties as a fresh run does.
        sort_diagnostics(&mut self.diagnostics);
        true
    }
}

/// File order, with findings on the same range ordered by code and message so that the order
/// does not depend on how the analysis was reached.
fn sort_diagnostics(diagnostics: &mut [FileDiagnostic]) {
    diagnostics.sort_by(|a, b| {
        (a.range.start(), a.range.end(), &a.code, &a.message).cmp(&(
            b.range.start(),
            b.range.end(),
            &b.code,
            &b.message,
        ))
    });
}

/// A finding of a region's text, in file coordinates.
fn map_to_file(region: &Region, d: &FileDiagnostic) -> FileDiagnostic {
    FileDiagnostic {
        range: region.to_file(d.range),
        fix: d.fix.as_ref().map(|fix| Fix {
            title: fix.title.clone(),
            edits: fix
                .edits
                .iter()
                .map(|edit| Edit {
                    range: region.to_file(edit.range),
                    text: edit.text.clone(),
                })
                .collect(),
        }),
        ..d.clone()
    }
}

/// Analyses `text`, in `format`.
pub fn analyse(format: HostFormat, text: &str, options: &Options) -> Analysis {
    analyse_cached(format, text, options, &mut RegionCache::default())
}

/// [`analyse`], reusing the findings of every region whose text `cache` has seen (the options
/// must be the same as when it was filled) and dropping those no longer in the file.
pub fn analyse_cached(
    format: HostFormat,
    text: &str,
    options: &Options,
    cache: &mut RegionCache,
) -> Analysis {
    let scan = host::scan(format, text, options.default_dialect);
    let mut diagnostics: Vec<FileDiagnostic> = scan
        .errors
        .iter()
        .map(|e| FileDiagnostic {
            range: e.range,
            severity: e.severity,
            code: e.code.to_owned(),
            message: e.message.clone(),
            help: None,
            unnecessary: false,
            fix: None,
        })
        .collect();
    let mut kept = RegionCache::default();
    for region in &scan.regions {
        let key = (region.dialect, region.text(text).to_owned());
        let local = match cache
            .entries
            .remove(&key)
            .or_else(|| kept.entries.get(&key).cloned())
        {
            Some(local) => local,
            None => analyse_region(region.text(text), region.dialect, options),
        };
        diagnostics.extend(local.iter().map(|d| map_to_file(region, d)));
        kept.entries.insert(key, local);
    }
    *cache = kept;
    for scope in MacroScope::all(format, text, &scan.regions) {
        diagnostics.extend(
            scope
                .findings(&scan.regions)
                .into_iter()
                .map(|f| FileDiagnostic {
                    range: f.range,
                    severity: f.severity,
                    code: f.code.to_owned(),
                    message: f.message,
                    help: None,
                    unnecessary: f.code == "unused-macro",
                    fix: None,
                }),
        );
    }
    sort_diagnostics(&mut diagnostics);
    Analysis {
        format,
        regions: scan.regions,
        host_tokens: scan.host_tokens,
        diagnostics,
    }
}

/// The findings of one string, in its own coordinates.
fn analyse_region(text: &str, dialect: Dialect, options: &Options) -> Vec<FileDiagnostic> {
    let parsed = parse(text, dialect);
    let mut out = Vec::new();
    for error in parsed.errors() {
        out.push(FileDiagnostic {
            range: error.range,
            severity: error.severity(),
            code: error.code().to_owned(),
            message: error.message.clone(),
            help: None,
            unnecessary: false,
            fix: None,
        });
    }
    for finding in lint::lint(&parsed, &options.lint_config(dialect)) {
        out.push(FileDiagnostic {
            range: finding.range,
            severity: finding.severity,
            code: finding.rule.code.to_owned(),
            message: finding.message,
            help: Some(finding.rule.explanation),
            unnecessary: finding.rule.unnecessary,
            fix: finding.fix,
        });
    }
    out
}

/// 1-based line and column (in characters) of a byte offset; the column of a line end is one
/// past its last character.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cached_analysis_equals_a_fresh_one_after_edits() {
        let options = Options::default();
        let mut cache = RegionCache::default();
        let before = "[a:chess]\ncustomPiece1 = x:mfW\ncustomPiece2 = y:NN\n";
        let after = "[a:chess]\ncustomPiece1 = x:fmW\ncustomPiece2 = y:NN\ncustomPiece3 = z:NN\n";
        let first = analyse_cached(HostFormat::VariantsIni, before, &options, &mut cache);
        assert_eq!(first, analyse(HostFormat::VariantsIni, before, &options));
        assert_eq!(cache.len(), 2);
        let second = analyse_cached(HostFormat::VariantsIni, after, &options, &mut cache);
        assert_eq!(second, analyse(HostFormat::VariantsIni, after, &options));
        // `mfW` is gone; `fmW` is new; `NN` (twice) was kept.
        assert_eq!(cache.len(), 2);
    }

    #[test]
    fn an_edit_inside_one_string_matches_a_full_analysis() {
        let options = Options::default();
        let mut cache = RegionCache::default();
        let before = "[a:chess]\ncustomPiece1 = x:mfW\ncustomPiece2 = y:NN\n# end\n";
        let mut analysis = analyse_cached(HostFormat::VariantsIni, before, &options, &mut cache);
        // Type `cF` after `mfW`, then delete the `m`: each time only that string is analysed.
        let edits: [((usize, usize), &str); 2] = [((30, 30), "cF"), ((27, 28), "")];
        let mut text = before.to_owned();
        for ((start, end), inserted) in edits {
            text.replace_range(start..end, inserted);
            assert!(analysis.apply_edit(&text, (start, end), inserted, &options, &mut cache));
            assert_eq!(
                analysis,
                analyse(HostFormat::VariantsIni, &text, &options),
                "{text}"
            );
        }
        // A line break changes the structure: the caller must analyse everything.
        assert!(!analysis.apply_edit(&text, (29, 29), "\n", &options, &mut cache));
    }

    /// The real variant files (../shared/corpus, when present): no syntax error anywhere, and
    /// every finding, with its line, kept as a reviewed snapshot.
    #[test]
    fn the_shared_corpus_files_have_no_syntax_errors() {
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus");
        let Ok(entries) = std::fs::read_dir(&folder) else {
            eprintln!("skipped: {} is absent", folder.display());
            return;
        };
        let mut paths: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        let mut report = String::new();
        let mut files = 0;
        for path in paths {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let Some(format) = host::detect(&name, &text) else {
                continue;
            };
            files += 1;
            let analysis = analyse(format, &text, &Options::default());
            for d in &analysis.diagnostics {
                // The one error is right: Fairy-Stockfish builds no moves from `nC` (golden case
                // fg-0243); anything else would be a syntax or host error in files the engine
                // accepts.
                assert!(
                    d.severity != Severity::Error || d.code == "fairy-no-moves",
                    "{name}: {} {}",
                    d.code,
                    d.message
                );
                let (line, column) = line_column(&text, usize::from(d.range.start()));
                report.push_str(&format!(
                    "{name}:{line}:{column}\t{}\t{}\t{}\n",
                    d.severity.as_str(),
                    d.code,
                    d.message
                ));
            }
        }
        assert_eq!(files, 2);
        expect_test::expect_file!["../test_data/check/shared-corpus.tsv"].assert_eq(&report);
    }
}
