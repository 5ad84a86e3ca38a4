//! The registry against what the analysis emits: every example gets its code and its correction
//! does not, every code found in the project's own files is registered, and the code list is
//! generated from it. Every syntax problem's code is checked beside the grammar that reports
//! it (`parser::tests::assert_registered`).

use std::collections::HashSet;

use super::{Code, Example, all_codes, lookup};
use crate::analysis::{Options, analyse};
use crate::host::HostFormat;

/// The codes the analysis reports on an example's text.
fn codes_on(code: Code, example: &Example, text: &str) -> Vec<Code> {
    findings_on(code, example, text)
        .into_iter()
        .map(|d| d.code)
        .collect()
}

/// The findings the analysis reports on an example's text. A lint rule's example is analysed
/// with only the rule's own engine as a target, so no other engine's finding on the same
/// letters stands in for it (findings on one span keep only the most severe).
fn findings_on(code: Code, example: &Example, text: &str) -> Vec<super::Diagnostic> {
    let (format, options) = match *example {
        Example::Betza { dialect, .. } => {
            let format = match dialect {
                crate::Dialect::Mbn => HostFormat::Mbn,
                _ => HostFormat::Betza,
            };
            let options = Options {
                default_dialect: dialect,
                engines: (code.family == super::Family::Lint)
                    .then(|| code.engine.into_iter().collect()),
                ..Options::default()
            };
            (format, options)
        }
        Example::File { file, .. } => {
            let format = crate::host::detect(file, text).expect("a file name of a host format");
            (format, Options::default())
        }
        Example::Described(_) => return Vec::new(),
    };
    analyse(format, text, &options).diagnostics
}

#[test]
fn every_example_gets_its_code_and_its_correction_does_not() {
    let mut wrong = Vec::new();
    for code in all_codes() {
        let example = code.example;
        let (bad, good) = match example {
            Example::Betza { bad, good, .. } | Example::File { bad, good, .. } => (bad, good),
            Example::Described(_) => continue,
        };
        let found = codes_on(code, &example, bad);
        if !found.contains(&code) {
            wrong.push(format!("{code} not on {bad:?}: {found:?}"));
        }
        let corrected = codes_on(code, &example, good);
        if corrected.contains(&code) {
            wrong.push(format!("{code} on the correction {good:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Issue 53: users have never heard of "seeds", the project's name for the notation's published
/// descriptions. No code's words say it, nor any finding on the codes' examples (the command
/// line's test `words` reads the tool's other outputs).
#[test]
fn no_code_and_no_example_finding_says_seed() {
    let says_seed = |text: &str| text.to_ascii_lowercase().contains("seed");
    let mut wrong = Vec::new();
    for code in all_codes() {
        let mut words = vec![code.summary, code.explanation];
        let texts = match code.example {
            Example::Betza { bad, good, .. } | Example::File { bad, good, .. } => vec![bad, good],
            Example::Described(described) => {
                words.push(described);
                Vec::new()
            }
        };
        let found: Vec<String> = texts
            .iter()
            .flat_map(|text| findings_on(code, &code.example, text))
            .flat_map(|d| [Some(d.message), d.help].into_iter().flatten())
            .collect();
        wrong.extend(
            (words.iter().copied())
                .chain(found.iter().map(String::as_str))
                .filter(|text| says_seed(text))
                .map(|text| format!("{code}: {text}")),
        );
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Issue 53: every error and warning found on an example says what to write, in a help of its
/// own or its fix's (tests/cli/check/help.rs asks the same of the project's files).
#[test]
fn every_error_and_warning_on_an_example_says_what_to_write() {
    let mut silent = Vec::new();
    for code in all_codes() {
        let example = code.example;
        let (Example::Betza { bad, .. } | Example::File { bad, .. }) = example else {
            continue;
        };
        for d in findings_on(code, &example, bad) {
            let severe = matches!(
                d.severity,
                super::Severity::Error | super::Severity::Warning
            );
            if severe && d.help.is_none() {
                silent.push(format!("{} on {bad:?}: {}", d.code, d.message));
            }
        }
    }
    assert!(silent.is_empty(), "{}", silent.join("\n"));
}

#[test]
fn codes_are_unique() {
    let mut seen = HashSet::new();
    for code in all_codes() {
        assert!(seen.insert(code.name), "{} twice", code.name);
    }
}

/// Every file the project owns (examples, real `variants.ini` files, test inputs), analysed:
/// each code found is registered.
#[test]
fn every_code_found_in_the_projects_files_is_registered() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut pending = vec![root.join("corpus"), root.join("syntax/test_data")];
    let mut found = HashSet::new();
    while let Some(path) = pending.pop() {
        if path.is_dir() {
            pending.extend(
                std::fs::read_dir(&path)
                    .expect("a folder")
                    .flatten()
                    .map(|e| e.path()),
            );
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let name = path.to_string_lossy();
        if let Some(format) = crate::host::detect(&name, &text) {
            let analysis = analyse(format, &text, &Options::default());
            found.extend(analysis.diagnostics.into_iter().map(|d| d.code));
        }
    }
    assert!(found.len() > 10, "{found:?}");
    for code in &found {
        assert!(
            lookup(code.name).is_some(),
            "`{code}` is emitted but not registered"
        );
    }
}

/// The code list in syntax/DIAGNOSTICS.md is generated from the registry; `UPDATE_EXPECT=1`
/// rewrites it.
#[test]
fn the_code_list_is_generated_from_the_registry() {
    let mut doc = String::from(
        "# Diagnostic codes\n\nGenerated from `syntax/src/diagnostic/codes` by the test \
         `the_code_list_is_generated_from_the_registry` (`UPDATE_EXPECT=1 cargo test -p \
         betza-syntax` rewrites it). Every code can be turned off or given another severity: \
         `betza check --allow CODE` / `--deny CODE`, or the server's `rules` setting \
         (`{\"CODE\": \"off\" | \"error\" | \"warning\" | \"info\" | \"hint\"}`). Lint rules for \
         an engine run when that engine is a target.\n",
    );
    let mut family = None;
    for code in all_codes() {
        if family != Some(code.family) {
            family = Some(code.family);
            doc.push_str(&format!(
                "\n## {}\n\n| code | severity | finds | example |\n|---|---|---|---|\n",
                code.family.name()
            ));
        }
        let example = match code.example {
            Example::Betza { dialect, bad, good } => {
                format!("`{bad}` → `{good}` ({})", dialect.id())
            }
            Example::File { bad, good, .. } => format!(
                "`{}` → `{}`",
                bad.trim_end().replace('\n', "⏎"),
                good.trim_end().replace('\n', "⏎")
            ),
            Example::Described(words) => words.to_owned(),
        };
        doc.push_str(&format!(
            "| `{}` | {} | {} | {example} |\n",
            code.name,
            code.severity.as_str(),
            code.summary,
        ));
    }
    doc.push_str("\n## Why\n\n");
    for code in all_codes() {
        doc.push_str(&format!("- **`{}`**: {}\n", code.name, code.explanation));
    }
    expect_test::expect_file!["../../DIAGNOSTICS.md"].assert_eq(&doc);
}
